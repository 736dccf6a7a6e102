"""The root causes in a failed scenario: its requests and the two sides' replies compared.

:func:`stud.spec.replay.diagnose` sends every request the engine was sent (its transcript)
to a fresh reference interpreter, and :class:`SideBySide` compares the two replies with
:func:`stud.spec.blame.blame`.  The first difference is the scenario's root cause.  The
comparison then goes on, so one deviation does not hide the next: as long as both sides
still follow the same path (the same cards, the same player to act, both accepting the
same actions), later differences are compared *net of the ones already found*: a pot that
misses the bring-in keeps missing it, and that is not a new finding, but a bet that is then
not given back is.  A difference that changes the path (the cards, who acts, a round that
does not end, an action one side refuses) ends the comparison, unless the harness steered
the engine back onto the scenario's path (:mod:`stud.spec.steer`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.spec.blame import Finding, Moment, blame, is_over, money, seats_of


@dataclass(frozen=True)
class Observed:
    """A finding in one scenario: the transcript entry where it showed (``index``)."""

    finding: Finding
    index: int
    following: bool = False
    # found on a reading of the engine (the deal's order): kept only when the run shows
    # that reading as a cause of its own (stud.spec.deviations)
    given: str = ""
    # a later finding that what came before cannot explain (a round's end after chips
    # netted out, a hand's value on the same path): a cause of its own, not a consequence
    independent: bool = False


@dataclass
class _Known:
    """The chip differences already found, so later states are compared net of them."""

    pot: Decimal = Decimal(0)
    stacks: dict[int, Decimal] = field(default_factory=dict)
    bets: dict[int, Decimal] = field(default_factory=dict)

    pots: bool = False  # the side pots are cut otherwise (compared as the rules cut them)

    # folded players whose cards differ (dealt to after folding): read as the rules' cards
    dead: frozenset[int] = frozenset()

    def any(self) -> bool:
        return (
            bool(self.pot)
            or any(self.stacks.values())
            or any(self.bets.values())
            or self.pots
            or bool(self.dead)
        )

    def learn(self, r: Mapping[str, Any], e: Mapping[str, Any]) -> None:
        rs, es = seats_of(r), seats_of(e)
        self.pots = self.pots or r.get("pots") != e.get("pots")
        self.dead = self.dead | {
            s for s, v in rs.items() if v.get("folded") and _hand(v) != _hand(es.get(s, {}))
        }
        self.pot = money(e.get("pot")) - money(r.get("pot"))
        self.stacks = {
            s: money(es.get(s, {}).get("stack")) - money(v.get("stack")) for s, v in rs.items()
        }
        self.bets = {
            s: money(es.get(s, {}).get("bet")) - money(v.get("bet")) for s, v in rs.items()
        }

    def net(self, r: Mapping[str, Any], e: Mapping[str, Any]) -> dict[str, Any]:
        """The engine's state with the known differences taken out (the pots as the rules
        cut them when the pot itself is known to differ: they cannot be netted)."""
        out = dict(e)
        out["pot"] = str(money(e.get("pot")) - self.pot)
        if self.pot or self.pots:
            out["pots"] = r.get("pots")
        seats = []
        for s in e.get("seats") or ():
            if isinstance(s, Mapping) and isinstance(s.get("seat"), int):
                seat = int(s["seat"])
                s = dict(
                    s,
                    stack=str(money(s.get("stack")) - self.stacks.get(seat, Decimal(0))),
                    bet=str(money(s.get("bet")) - self.bets.get(seat, Decimal(0))),
                )
                if seat in self.dead:
                    rules = seats_of(r).get(seat, {})
                    s.update(down=rules.get("down", []), up=rules.get("up", []))
            seats.append(s)
        out["seats"] = seats
        return out

    def explains_end(self, r: Mapping[str, Any], e: Mapping[str, Any]) -> bool:
        """At the end of the hand the chips the pot missed are missing from the awards."""
        if not is_over(r) or not is_over(e) or not (self.pot or any(self.stacks.values())):
            return False
        awarded = _award_sum(e) - _award_sum(r)
        held = sum(money(s.get("stack")) for s in seats_of(e).values()) - sum(
            money(s.get("stack")) for s in seats_of(r).values()
        )
        won_r, won_e = {s for _, s in _winners(r)}, {s for _, s in _winners(e)}
        if won_e != won_r and not (won_e < won_r and awarded == self.pot):
            return False  # (a pot of nothing but the missing chips has no winner there)
        if awarded == self.pot and held == self.pot + sum(self.stacks.values(), Decimal(0)):
            return True
        # chips given back at the end (an uncalled bet) may undo part of what was known to
        # differ: no stack may end further from the rules' than all of it together
        bound = abs(self.pot) + sum((abs(v) for v in self.stacks.values()), Decimal(0))
        rs, es = seats_of(r), seats_of(e)
        return all(
            abs(money(es.get(s, {}).get("stack")) - money(v.get("stack"))) <= bound
            for s, v in rs.items()
        )


def _hand(seat: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(seat.get("down") or ()), tuple(seat.get("up") or ())


def _award_sum(state: Mapping[str, Any]) -> Decimal:
    awards = (state.get("result") or {}).get("awards") or ()
    return sum((money(a.get("amount")) for a in awards if isinstance(a, Mapping)), Decimal(0))


def _winners(state: Mapping[str, Any]) -> set[tuple[int, int]]:
    awards = (state.get("result") or {}).get("awards") or ()
    return {
        (int(a.get("pot") or 0), int(a.get("seat") or 0))
        for a in awards
        if isinstance(a, Mapping) and money(a.get("amount"))
    }


def ruleset_of(request: Mapping[str, Any]) -> dict[str, Any]:
    spec = request.get("ruleset")
    if isinstance(spec, Mapping):
        return dict(spec)
    from stud.rules import load_ruleset

    try:
        return dict(load_ruleset(str(spec)).document)
    except Exception:  # noqa: BLE001 - the reference refuses it too; nothing to compare
        return {}


class SideBySide:
    """The comparison of one hand's replies, request by request (see the module text).

    :meth:`step` takes each request with the reference's and the engine's replies and
    returns a new finding, or None; ``stopped`` is set once the two have parted paths.
    """

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.found: list[Finding] = []
        self.stopped = False
        self.begin({}, [])

    def begin(self, doc: Mapping[str, Any], deck: Sequence[str]) -> None:
        """A new hand: its ruleset document and the full order of its pack."""
        self.doc, self.deck = dict(doc), list(deck)
        self.known = _Known()
        self.clean = True  # every finding of this hand so far was chips, netted out
        self.path_kept = True  # no finding so far took the two sides onto other paths
        self.offers_alone = True  # every finding so far was in what was offered alone
        self.independent = False  # the last new finding stands on its own (see Observed)
        self.before: Mapping[str, Any] | None = None
        self.engine_before: Mapping[str, Any] | None = None
        self.street_acts: list[Mapping[str, Any]] = []

    def _follow(self, request: Mapping[str, Any], state: Any) -> None:
        if request.get("op") == "act" and isinstance(state, Mapping):
            before = self.before
            if before is not None and state.get("street") != before.get("street"):
                self.street_acts = []
            self.street_acts = [*self.street_acts, request]

    def agree(
        self, request: Mapping[str, Any], ref: Mapping[str, Any], reply: Mapping[str, Any]
    ) -> None:
        """Both sides answered alike: only keep track of the hand."""
        state = ref.get("state") if ref.get("ok") else None
        self._follow(request, state)
        if isinstance(state, Mapping):
            self.before = state
        if isinstance(reply.get("state"), Mapping):
            self.engine_before = reply["state"]

    def engine_moved(self, reply: Mapping[str, Any]) -> None:
        """The engine alone was sent a request (a steered move): keep its state."""
        if isinstance(reply.get("state"), Mapping):
            self.engine_before = reply["state"]

    def judge(
        self, request: Mapping[str, Any], ref: Mapping[str, Any], reply: Mapping[str, Any]
    ) -> Finding | None:
        """The finding of a request the engine refused and the reference has not played:
        the hand on both sides stays where it was, and the comparison goes on."""
        kept = (self.before, self.engine_before, self.street_acts)
        finding = self.step(request, ref, reply)
        self.before, self.engine_before, self.street_acts = kept
        self.stopped = False
        return finding

    def step(
        self,
        request: Mapping[str, Any],
        ref: Mapping[str, Any],
        reply: Mapping[str, Any],
        absorb: bool = False,
    ) -> Finding | None:
        """The new finding of one request, if any.  With ``absorb`` (the engine's own move
        in place of one it refused, an amount taken from its offer) a difference in chips or
        amounts is learned, not reported: it follows from a difference found before, and
        the rest of the hand is compared net of it.  Another path (who acts, the cards) is
        still a finding."""
        state = ref.get("state") if ref.get("ok") else None
        before, known = self.before, self.known
        self._follow(request, state)
        moment = Moment(self.doc, request, before, self.street_acts, self.deck)
        engine_reply = dict(reply)
        engine_state = reply.get("state")
        if isinstance(state, Mapping) and before and state.get("street") != before.get("street"):
            known.bets = {}  # a new street: the bets start again from nothing on both sides
        if known.any() and isinstance(engine_state, Mapping) and isinstance(state, Mapping):
            if known.explains_end(state, engine_state):
                self.before = state
                return None
            if blame(moment, ref, reply) is None:  # the two sides agree again as they are:
                self.known = known = _Known()  # what was known to differ has been made up
            else:
                engine_reply["state"] = known.net(state, engine_state)
        finding = blame(moment, ref, engine_reply)
        if finding is not None and finding.accepted and _offered(request, self.engine_before):
            self.stopped = True  # it plays what its own legal set offered: found to differ
            return None
        if finding is not None and known.dead and finding.rule.startswith("DEAL-"):
            self.stopped = True  # cards dealt to a folded player leave a shorter pack: what
            return None  # is dealt later (burns, a run-out) follows from that
        if finding is not None and finding.refusal and _offers_differ(before, self.engine_before):
            self.stopped = True  # it refuses what it did not offer: its offer was found to differ
            return None
        if (
            finding is not None
            and finding.breaks_path
            and _chips_known(known, (state, engine_state), (before, self.engine_before))
        ):
            self.stopped = True  # the player it names has chips known to differ (all in or
            return None  # not): who acts follows from that difference
        if (
            finding is not None
            and known.any()
            and _only_amounts(finding, request, self.engine_before)
        ):
            self.stopped = finding.breaks_path  # an amount its chips (known to differ) allow
            finding = None  # legal amounts follow from the chips already found to differ
            absorb = not self.stopped
        if finding is not None and absorb and not finding.breaks_path:
            finding = None  # chips or amounts: the refusal's or an earlier difference's
        absorb = absorb and finding is None
        if absorb and not self.stopped:
            if isinstance(state, Mapping) and isinstance(engine_state, Mapping):
                known.learn(state, engine_state)
        new = None
        self.independent = False
        if absorb or self.stopped:
            self.clean = False  # the engine's own move, or two paths: nothing is clean now
            self.offers_alone = False
        self.path_kept = self.path_kept and not self.stopped
        if finding is not None:
            if finding.key not in self.seen:
                self.seen.add(finding.key)
                self.found.append(finding)
                new = finding
                self.independent = (self.offers_alone and not known.any()) or (
                    known.any()
                    and (
                        (self.clean and finding.rule in ROUND_END)
                        or (self.path_kept and _hand_value(finding, state, engine_state))
                    )
                )
            self.offers_alone = self.offers_alone and _offers_alone(finding, state, engine_state)
            self.clean = self.clean and _chips_only(finding, state, engine_state)
            self.path_kept = self.path_kept and not finding.breaks_path
            self.stopped = finding.breaks_path
            # states on two paths (another street, another player) hold no chip difference
            # to net out when the hands meet again (a steered scenario)
            if isinstance(state, Mapping) and isinstance(engine_state, Mapping):
                if not finding.breaks_path:
                    known.learn(state, engine_state)
        if isinstance(state, Mapping):
            self.before = state
        if isinstance(engine_state, Mapping):
            self.engine_before = engine_state
        return new


# a round that ends at another point: chips netted out (a pot short of the bring-in) do not
# change when bets are level, so found after them alone it is a cause of its own (and so
# is what a shown hand is worth, found on the same path with nobody all in: _hand_value)
ROUND_END = frozenset({"ROUND-02"})


# what the cards alone decide: the cards dealt and their faces, and who opens a later
# street by the boards (with what a shown hand is worth, blame_end.HAND_VALUE)
CARDS_ALONE = frozenset(
    {
        *("DEAL-02", "DEAL-03", "DEAL-04", "DEAL-05", "DEAL-06", "DEAL-07", "DEAL-08", "DEAL-09"),
        *("ROLL-02", "DRAW-02", "BUY-01"),
        *("EXPOSE-01", "EXPOSE-02", "DISCARD-01"),
        *("ROUND-03", "ROUND-06", "ROUND-09", "ROUND-11", "ROUND-12"),
        *("COMM-02", "DEAL-10", "ENGLISH-02"),
    }
)


def _hand_value(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether ``finding`` is something the cards alone decide (what a shown hand is
    worth, the cards dealt, who opens a later street by the boards) with the same wild
    ranks and nobody all in on either side: chips put in differently before it cannot
    change it, so it is a cause of its own."""
    from stud.spec.blame_end import HAND_VALUE

    if finding.what not in HAND_VALUE and finding.rule not in CARDS_ALONE:
        return False
    states = [x for x in (rules, engine) if isinstance(x, Mapping)]
    if len(states) < 2 or states[0].get("wild_ranks") != states[1].get("wild_ranks"):
        return False  # the wild ranks differ: what the cards make follows from them
    return not any(v.get("all_in") for x in states for v in seats_of(x).values())


def _chips_only(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether ``finding`` is a difference in chips alone: the same path, the same kinds
    of action offered to the same player, nothing refused or accepted on one side."""
    if not _same_request(finding, rules, engine):
        return False
    names = [{str(e.get("action")) for e in s.get("legal") or ()} for s in (rules, engine)]
    return rules.get("to_act") == engine.get("to_act") and names[0] == names[1]


def _same_request(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether both sides played the request alike (nothing refused or accepted on one
    side, the same path) and both have a state to compare."""
    if finding.breaks_path or finding.refusal or finding.accepted:
        return False
    return isinstance(rules, Mapping) and isinstance(engine, Mapping)


def cards_by_seat(state: Mapping[str, Any]) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each seat's down and up cards."""
    return {
        s: (tuple(v.get("down") or ()), tuple(v.get("up") or ()))
        for s, v in seats_of(state).items()
    }


def _offers_alone(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether ``finding`` is in what was offered alone: both sides played the same
    request and agree on everything else (the cards, the chips, who acts), so nothing
    found later in the hand can follow from it."""
    if not _same_request(finding, rules, engine):
        return False
    return {k: v for k, v in rules.items() if k != "legal"} == {
        k: v for k, v in engine.items() if k != "legal"
    }


def _chips_known(known: _Known, now: tuple[Any, Any], then: tuple[Any, Any]) -> bool:
    """Whether the engine names another player to act than the rules (``now``: the rules'
    state and the engine's), from the same cards (``then``: the states before, and ``now``:
    chips cannot deal other cards), and the player it names has a stack known to differ
    (all in on one side only)."""
    rules, engine = now
    if not all(isinstance(x, Mapping) for x in (*now, *then)):
        return False
    seat = engine.get("to_act")
    if seat == rules.get("to_act") or not isinstance(seat, int) or not known.stacks.get(seat):
        return False
    cards = [cards_by_seat(x) for x in (*then, *now)]
    return cards[0] == cards[1] and cards[2] == cards[3]


def _offers_differ(rules: Mapping[str, Any] | None, engine: Mapping[str, Any] | None) -> bool:
    """Whether the two states offer the same player other actions or amounts (a difference
    the comparison of that state already found)."""
    if not rules or not engine or rules.get("to_act") != engine.get("to_act"):
        return False
    offers = [
        sorted(
            (str(e.get("action")), *(str(money(e.get(k))) for k in ("amount", "min", "max")))
            for e in s.get("legal") or ()
            if isinstance(e, Mapping)
        )
        for s in (rules, engine)
    ]
    return offers[0] != offers[1]


def _offered(request: Mapping[str, Any], engine_before: Mapping[str, Any] | None) -> bool:
    """Whether the engine's last state offered the action of ``request``."""
    before = engine_before or {}
    offered = {str(e.get("action")) for e in before.get("legal") or ()}
    return (
        request.get("op") == "act"
        and request.get("seat") == before.get("to_act")
        and request.get("action") in offered
    )


def _only_amounts(
    finding: Finding, request: Mapping[str, Any], engine_before: Mapping[str, Any] | None
) -> bool:
    """A difference in legal amounts or all-in status, which a chip difference explains;
    or the refusal of an amount for an action the engine offered (for other amounts)."""
    if finding.refusal:
        return _offered(request, engine_before)
    return finding.what in _AMOUNT_FINDINGS or finding.what.startswith(_AMOUNT_PREFIXES)


_AMOUNT_FINDINGS = frozenset(
    {
        "amounts beyond the player's chips are offered",
        "the amount to call differs from the bet to match",
        "the amount to call the bring-in differs",
        "a player's all-in status differs",
    }
)
_AMOUNT_PREFIXES = (
    "the raise amounts differ from the pot",
    "the bet amounts differ from the pot",
    "the smallest raise differs from the pot",
)

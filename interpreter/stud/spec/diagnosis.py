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

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.spec.blame import (
    FACES,
    Finding,
    Moment,
    blame,
    is_over,
    money,
    opener_refutes,
    seats_of,
)
from stud.spec.blame_end import ODD_CHIP_MOVED, odd_chips_moved
from stud.spec.standalone import (
    ROUND_END,
    alike,
    asks_one_out,
    beside_seen,
    beside_the_pot,
    cards_by_seat,
    chips_only,
    faces_alone,
    fixed_offer,
    hand_value,
    offers_alone,
    offers_differ,
    only_amounts,
    same_turn,
    unsized,
    within_offer,
)


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
    # cards dealt with another face (DEAL-03/04): each seat holding the rules' cards is
    # read with the rules' faces
    faces: bool = False
    # the pot differs by what the deal took from every seat alike (an ante taken otherwise):
    # the players' shares of each pot then compare, and so do the pots' eligible lists
    even: bool = False

    def any(self) -> bool:
        return (
            bool(self.pot)
            or any(self.stacks.values())
            or any(self.bets.values())
            or self.pots
            or bool(self.dead)
            or self.faces
        )

    def chips(self) -> bool:
        """Chips are known to differ: the pot, a stack or a bet."""
        return bool(self.pot) or any(self.stacks.values()) or any(self.bets.values())

    def pot_only(self) -> bool:
        """Only the pot is known to differ: every stack and bet is alike on both sides."""
        alike = not any(self.stacks.values()) and not any(self.bets.values())
        return bool(self.pot) and alike and not self.dead and not self.faces

    def learn(self, r: Mapping[str, Any], e: Mapping[str, Any], deal: bool = False) -> None:
        """Take the differences of two states as known; ``deal``: states just dealt."""
        pot = money(e.get("pot")) - money(r.get("pot"))
        rs, es = seats_of(r), seats_of(e)
        self.pots = self.pots or alike(r.get("pots")) != alike(e.get("pots"))
        self.dead = self.dead | {
            s for s, v in rs.items() if v.get("folded") and _hand(v) != _hand(es.get(s, {}))
        }
        before, self.pot = self.pot, pot
        self.stacks = {
            s: money(es.get(s, {}).get("stack")) - money(v.get("stack")) for s, v in rs.items()
        }
        self.bets = {
            s: money(es.get(s, {}).get("bet")) - money(v.get("bet")) for s, v in rs.items()
        }
        # (only the pot differs, as dealt, or as it was then)
        kept = deal or (self.even and pot == before)
        self.even = kept and self.pot_only()

    def net(self, r: Mapping[str, Any], e: Mapping[str, Any]) -> dict[str, Any]:
        """The engine's state with the known differences taken out (the pots as the rules
        cut them when the pot itself is known to differ: they cannot be netted)."""
        out = dict(e)
        out["pot"] = str(money(e.get("pot")) - self.pot)
        if self.pot or self.pots:
            pots = r.get("pots")
            out["pots"] = _cut_as_the_rules(pots, e.get("pots")) if self.even else pots
        seats = []
        for s in e.get("seats") or ():
            if isinstance(s, Mapping) and isinstance(s.get("seat"), int):
                seat = int(s["seat"])
                s = dict(
                    s,
                    stack=str(money(s.get("stack")) - self.stacks.get(seat, Decimal(0))),
                    bet=str(money(s.get("bet")) - self.bets.get(seat, Decimal(0))),
                )
                rules = seats_of(r).get(seat, {})
                if seat in self.dead or (self.faces and _same_cards(rules, s)):
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
        # fewer pots paid at the engine: a pot of the missing chips it does not have
        missing = len({p for p, _ in _winners(e)}) < len({p for p, _ in _winners(r)})
        if won_e != won_r and not (won_e < won_r and awarded == self.pot and missing):
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


def _cut_as_the_rules(rules: Any, engine: Any) -> Any:
    """The rules' pots with the engine's eligible lists, where both cut as many pots: the
    amounts cannot be netted pot by pot, but who may win each pot can still be compared.

    >>> _cut_as_the_rules([{"amount": "1", "eligible": [1, 2]}, {"amount": "0"}],
    ...                   [{"amount": "2", "eligible": [2]}])
    [{'amount': '1', 'eligible': [2]}]
    """
    cut = [
        [p for p in side or () if isinstance(p, Mapping) and money(p.get("amount"))]
        for side in (rules, engine)
    ]
    if len(cut[0]) != len(cut[1]):
        return rules
    return [dict(r, eligible=e.get("eligible")) for r, e in zip(*cut, strict=True)]


def _same_cards(rules: Mapping[str, Any], engine: Mapping[str, Any]) -> bool:
    """The same cards in a seat, whatever their faces."""
    held = [sorted(map(str, (*down, *up))) for down, up in (_hand(rules), _hand(engine))]
    return held[0] == held[1]


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


def same_cards(rules: Mapping[str, Any] | None, engine: Mapping[str, Any] | None) -> bool:
    """Whether every seat holds the same cards in both states, whatever their faces (a
    face dealt otherwise is read with the rules' faces: see :func:`faces_alone`)."""

    def held(state: Mapping[str, Any] | None) -> dict[int, list[str]]:
        return {s: sorted(down + up) for s, (down, up) in cards_by_seat(state or {}).items()}

    return held(rules) == held(engine)


def ruleset_of(request: Mapping[str, Any]) -> dict[str, Any]:
    spec = request.get("ruleset")
    if isinstance(spec, Mapping):
        return dict(spec)
    from stud.rules import load_ruleset

    try:
        return dict(load_ruleset(str(spec)).document)
    except Exception:  # noqa: BLE001 - the reference refuses it too; nothing to compare
        return {}


DEALS = ("new_hand", "next_hand")


BETTING = frozenset({"bring_in", "fold", "check", "call", "complete", "bet", "raise"})


class SideBySide:
    """The comparison of one hand's replies, request by request (see the module text).

    :meth:`step` takes each request with the reference's and the engine's replies and
    returns a new finding, or None; ``stopped`` is set once the two have parted paths.
    """

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.found: list[Finding] = []
        self.stopped = False
        # ways of picking who opens that the engine's own right picks rule out (see
        # stud.spec.blame.opener_refutes): not taken for its wrong ones in this run
        self.refuted: set[str] = set()
        self.begin({}, [])

    def begin(self, doc: Mapping[str, Any], deck: Sequence[str], by_seat: bool = False) -> None:
        """A new hand: its ruleset document and the full order of its pack; ``by_seat``:
        the seats were handed their own cards (``seat_cards``)."""
        self.doc, self.deck, self.by_seat = dict(doc), list(deck), by_seat
        self.known = _Known()
        self.clean = True  # every finding of this hand so far was chips, netted out
        self.steady = True  # ... or in what was offered, the same player asked on both sides
        self.path_kept = True  # no finding so far took the two sides onto other paths
        self.offers_alone = True  # every finding so far was in what was offered alone
        self.independent = False  # the last new finding stands on its own (see Observed)
        self.also: Finding | None = None  # a second new difference in the same offer
        self.also_alone = False  # ... standing on its own
        self.before: Mapping[str, Any] | None = None
        self.engine_before: Mapping[str, Any] | None = None
        self.street_acts: list[Mapping[str, Any]] = []
        # the seat that bet first in the hand (who brought in; in a blind game the player
        # left of the big blind): an exchange or a decision before it does not count
        self.forced: int | None = None
        self.engine_arrived = False  # the engine's own last move took it to a new street

    def _follow(self, request: Mapping[str, Any], state: Any) -> None:
        if (
            request.get("op") == "act"
            and self.forced is None
            and request.get("action") in BETTING
            and isinstance(state, Mapping)
        ):
            seat = request.get("seat")
            self.forced = seat if isinstance(seat, int) else None
        if request.get("op") == "act" and isinstance(state, Mapping):
            before = self.before
            if before is not None and state.get("street") != before.get("street"):
                self.street_acts = []
            self.street_acts = [*self.street_acts, request]

    def agree(
        self,
        request: Mapping[str, Any],
        ref: Mapping[str, Any],
        reply: Mapping[str, Any],
        same: bool = False,
    ) -> None:
        """Both sides answered alike: only keep track of the hand; ``same``: their states
        were compared and are equal (who opens a new street then rules out some ways of
        picking for the engine, :func:`stud.spec.blame.opener_refutes`)."""
        state = ref.get("state") if ref.get("ok") else None
        before = self.before
        self._follow(request, state)
        engine_state = reply.get("state")
        if same and isinstance(state, Mapping) and isinstance(engine_state, Mapping):
            moment = Moment(
                self.doc, request, before, self.street_acts, self.deck, self.forced, self.by_seat
            )
            self.refuted |= opener_refutes(moment, state, engine_state, self.refuted)
        if isinstance(state, Mapping):
            self.before = state
        if isinstance(reply.get("state"), Mapping):
            self.engine_before = reply["state"]

    def rejoin(self) -> None:
        """The steered engine is back on the rules' path, its state alike (net of the chips
        known to differ): what the cards alone decide from here on stands on its own; with
        no chips known to differ (and the same cards), whatever differs does."""
        self.path_kept = True
        if not self.known.any() and same_cards(self.before, self.engine_before):
            self.clean = self.steady = self.offers_alone = True

    def heals(self, ref: Mapping[str, Any], reply: Mapping[str, Any]) -> bool:
        """Whether parted paths meet again by themselves in the replies to a request: a
        betting round on the same street, every seat the same cards with the same faces,
        the same chips and status (a choice carried out before the others chose, caught up
        once they have).  What differs from there stands on its own."""
        rules = ref.get("state") if ref.get("ok") else None
        engine = reply.get("state") if reply.get("ok") else None
        if not isinstance(rules, Mapping) or not isinstance(engine, Mapping):
            return False
        if self.known.any() or rules.get("result") or engine.get("result"):
            return False
        if any(rules.get(k) != engine.get(k) for k in ("street", "phase", "community")):
            return False
        if rules.get("phase") != "betting":  # the round of choices over on both sides (who
            return False  # has chosen in it is not in a state)

        def chips(state: Mapping[str, Any]) -> tuple[Any, ...]:
            seats = {
                s: (money(v.get("stack")), money(v.get("bet")), bool(v.get("folded")))
                for s, v in seats_of(state).items()
            }
            return money(state.get("pot")), seats

        return cards_by_seat(rules) == cards_by_seat(engine) and chips(rules) == chips(engine)

    def meets(self) -> bool:
        """After the steered engine's own moves: whether it names the player the rules
        name (its standing state can be compared with the rules': :meth:`standing`)."""
        rules, engine = self.before, self.engine_before
        return bool(rules and engine and rules.get("to_act") == engine.get("to_act"))

    def standing(self, request: Mapping[str, Any] | None = None) -> Finding | None:
        """The two standing states compared where the steered engine meets the rules'
        path again (what it offers the player both name), read as after ``request``; the
        comparison goes on."""
        self.stopped = False
        rules, engine = (
            {"ok": True, "state": self.before},
            {"ok": True, "state": self.engine_before},
        )
        finding = self.step(request or {"op": "state"}, rules, engine)
        if finding is None and not self.stopped:
            self.rejoin()
        return finding

    def engine_moved(self, reply: Mapping[str, Any]) -> None:
        """The engine alone was sent a request (a steered move): keep its state."""
        if isinstance(reply.get("state"), Mapping):
            was = (self.engine_before or {}).get("street")
            self.engine_before = reply["state"]
            self.engine_arrived = was != reply["state"].get("street")

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

    def _alone(self, finding: Finding, state: Any, engine_state: Any) -> bool:
        """Whether a new finding stands on its own: what was found before cannot explain it
        (see :class:`Observed`)."""
        known = self.known
        if not same_cards(self.before, self.engine_before):
            return False  # held cards already differ: it may follow from them
        return (self.offers_alone and not known.any()) or (
            known.any()
            and (
                (self.clean and finding.rule in ROUND_END)
                or (self.path_kept and hand_value(finding, state, engine_state, known.chips()))
                or (self.steady and fixed_offer(finding, self.doc, state, engine_state))
                or (finding.what == ODD_CHIP_MOVED and self.path_kept)  # whoever put in
                # what: the same winners of one pot share it by the seats
                or (self.path_kept and asks_one_out(finding, state, engine_state))
                or (
                    self.path_kept
                    and known.pot_only()
                    and beside_the_pot(finding, self.doc, state, engine_state, known.even)
                )
            )
        )

    def step(
        self,
        request: Mapping[str, Any],
        ref: Mapping[str, Any],
        reply: Mapping[str, Any],
        absorb: bool = False,
        beside: bool = False,
    ) -> Finding | None:
        """The new finding of one request, if any.  With ``absorb`` (the engine's own move
        in place of one it refused, an amount taken from its offer) a difference in chips or
        amounts is learned, not reported: it follows from a difference found before, and
        the rest of the hand is compared net of it.  Another path (who acts, the cards) is
        still a finding.  With ``beside``, a second new difference in the same offer (a bet
        of another size beside a check left out) is kept in ``also``."""
        self.also, self.also_alone = None, False
        state = ref.get("state") if ref.get("ok") else None
        before, known = self.before, self.known
        if unsized(request) and offers_differ(before, self.engine_before):
            absorb = True  # each side plays its own offer: what differs follows from it
        self._follow(request, state)
        moment = Moment(
            self.doc, request, before, self.street_acts, self.deck, self.forced, self.by_seat
        )
        engine_reply = dict(reply)
        engine_state = reply.get("state")
        if isinstance(state, Mapping) and before and state.get("street") != before.get("street"):
            known.bets = {}  # a new street: the bets start again from nothing on both sides
        moved = None  # odd chips given to others, read in pots of other sizes
        if known.any() and isinstance(engine_state, Mapping) and isinstance(state, Mapping):
            if known.explains_end(state, engine_state):
                moved = odd_chips_moved(moment, state, engine_state)
                if moved is None:
                    self.before = state
                    return None
            elif blame(moment, ref, reply) is None:  # the two sides agree again as they are:
                self.known = known = _Known()  # what was known to differ has been made up
            else:
                engine_reply["state"] = known.net(state, engine_state)
        finding = moved or blame(moment, ref, engine_reply)
        if finding is not None and finding.key in self.seen and not finding.breaks_path:
            finding = beside_seen(moment, ref, engine_reply, self.seen) or finding
        if finding is not None and finding.what == FACES and faces_alone(self.doc):
            known.faces = True  # the same cards: the hand goes on, read with the rules' faces
            finding = dataclasses.replace(finding, breaks_path=False)
        if (
            finding is not None
            and finding.breaks_path
            and known.faces
            and _other_turn(state, engine_reply.get("state"))
        ):
            self.stopped = True  # who acts on boards read with other faces follows from them
            return None
        if finding is not None and finding.accepted and within_offer(request, self.engine_before):
            self.stopped = True  # it plays what its own legal set offered: found to differ
            return None
        if finding is not None and known.dead and finding.rule.startswith("DEAL-"):
            self.stopped = True  # cards dealt to a folded player leave a shorter pack: what
            return None  # is dealt later (burns, a run-out) follows from that
        if finding is not None and finding.refusal and offers_differ(before, self.engine_before):
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
            and only_amounts(finding, request, self.engine_before)
        ):
            self.stopped = finding.breaks_path  # an amount its chips (known to differ) allow
            finding = None  # legal amounts follow from the chips already found to differ
            absorb = not self.stopped
        if finding is not None and absorb and not finding.breaks_path:
            # chips or amounts: the refusal's or an earlier difference's; but not who wins
            # with the cards alone (the absorbed move ended the hand at its showdown)
            if not (self.path_kept and hand_value(finding, state, engine_state)):
                finding = None
        absorb = absorb and finding is None
        if absorb and not self.stopped:
            if isinstance(state, Mapping) and isinstance(engine_state, Mapping):
                known.learn(state, engine_state)
        new = None
        self.independent = False
        if absorb or self.stopped:
            self.clean = self.steady = False  # the engine's own move, or two paths
            self.offers_alone = False
        self.path_kept = self.path_kept and not self.stopped
        if finding is not None:
            if finding.key not in self.seen:
                self.seen.add(finding.key)
                self.found.append(finding)
                new = finding
                self.independent = self._alone(finding, state, engine_state)
                also = beside_seen(moment, ref, engine_reply, self.seen) if beside else None
                if also is not None and not finding.breaks_path:  # a second difference in
                    self.seen.add(also.key)  # the same offer: it cannot follow from the first
                    self.found.append(also)
                    self.also, self.also_alone = also, self._alone(also, state, engine_state)
            self.offers_alone = self.offers_alone and offers_alone(finding, state, engine_state)
            self.clean = self.clean and chips_only(finding, state, engine_state)
            self.steady = self.steady and same_turn(finding, state, engine_state)
            self.path_kept = self.path_kept and not finding.breaks_path
            self.stopped = finding.breaks_path
            # states on two paths (another street, another player) hold no chip difference
            # to net out when the hands meet again (a steered scenario)
            if isinstance(state, Mapping) and isinstance(engine_state, Mapping):
                if not finding.breaks_path:
                    known.learn(state, engine_state, request.get("op") in DEALS)
        if finding is None and not self.stopped and isinstance(state, Mapping):
            if isinstance(engine_state, Mapping):
                self.refuted |= opener_refutes(moment, state, engine_state, self.refuted)
        if isinstance(state, Mapping):
            self.before = state
        if isinstance(engine_state, Mapping):
            self.engine_before = engine_state
        return new


def _other_turn(rules: Any, engine: Any) -> bool:
    """Another player named to act on the same street, each seat holding the same cards."""
    if not isinstance(rules, Mapping) or not isinstance(engine, Mapping):
        return False
    if rules.get("street") != engine.get("street") or rules.get("to_act") == engine.get("to_act"):
        return False
    return cards_by_seat(rules) == cards_by_seat(engine)


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
    if cards[0] != cards[1] or cards[2] != cards[3]:
        return False
    # who acts follows from the chips only where they put a player all in on one side
    status = [{s: bool(v.get("all_in")) for s, v in seats_of(x).items()} for x in (*then, *now)]
    return status[0] != status[1] or status[2] != status[3]

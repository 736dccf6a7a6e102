"""The root causes in a failed scenario: its requests replayed on the reference, side by side.

:func:`diagnose` sends every request the engine was sent (its transcript) to a fresh
reference interpreter and compares the two replies with :func:`stud.spec.blame.blame`.
The first difference is the scenario's root cause.  The replay then goes on, so one
deviation does not hide the next: as long as both sides still follow the same path (the
same cards, the same player to act, both accepting the same actions), later differences
are compared *net of the ones already found*: a pot that misses the bring-in keeps missing
it, and that is not a new finding, but a bet that is then not given back is.  A difference
that changes the path (the cards, who acts, a round that does not end, an action one side
refuses) ends the comparison: what follows it follows from it.

>>> from stud.protocol.server import ReferenceHandler
>>> request = {"op": "new_hand", "ruleset": "seven-card-stud", "dealer": 2, "deck": [],
...            "seats": [{"seat": 1, "name": "Ann", "stack": "5"},
...                      {"seat": 2, "name": "Bob", "stack": "5"}]}
>>> reply = ReferenceHandler().handle({"id": 1, **request})
>>> diagnose([{"request": request, "reply": reply}])
[]
>>> reply["state"]["pot"] = "0.05"  # one ante missing from the pot
>>> [(o.finding.rule, o.finding.what) for o in diagnose([{"request": request, "reply": reply}])]
[('DEAL-01', 'the antes are not taken as the stakes say')]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.spec.blame import DEALT_AWAY, Finding, Moment, blame, is_over, money, seats_of


@dataclass(frozen=True)
class Observed:
    """A finding in one scenario: the transcript entry where it showed (``index``)."""

    finding: Finding
    index: int
    following: bool = False


@dataclass
class _Known:
    """The chip differences already found, so later states are compared net of them."""

    pot: Decimal = Decimal(0)
    stacks: dict[int, Decimal] = field(default_factory=dict)
    bets: dict[int, Decimal] = field(default_factory=dict)

    def any(self) -> bool:
        return bool(self.pot) or any(self.stacks.values()) or any(self.bets.values())

    def learn(self, r: Mapping[str, Any], e: Mapping[str, Any]) -> None:
        rs, es = seats_of(r), seats_of(e)
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
        if self.pot:
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
            seats.append(s)
        out["seats"] = seats
        return out

    def explains_end(self, r: Mapping[str, Any], e: Mapping[str, Any]) -> bool:
        """At the end of the hand the chips the pot missed are missing from the awards."""
        if not is_over(r) or not is_over(e):
            return False
        awarded = _award_sum(e) - _award_sum(r)
        held = sum(money(s.get("stack")) for s in seats_of(e).values()) - sum(
            money(s.get("stack")) for s in seats_of(r).values()
        )
        return (
            {seat for _, seat in _winners(r)} == {seat for _, seat in _winners(e)}
            and awarded == self.pot
            and held == self.pot + sum(self.stacks.values(), Decimal(0))
        )


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


def _ruleset(request: Mapping[str, Any]) -> dict[str, Any]:
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

    def step(
        self, request: Mapping[str, Any], ref: Mapping[str, Any], reply: Mapping[str, Any]
    ) -> Finding | None:
        state = ref.get("state") if ref.get("ok") else None
        before, known = self.before, self.known
        self._follow(request, state)
        moment = Moment(self.doc, request, before, self.street_acts, self.deck)
        engine_reply = dict(reply)
        engine_state = reply.get("state")
        if known.any() and isinstance(engine_state, Mapping) and isinstance(state, Mapping):
            if known.explains_end(state, engine_state):
                self.before = state
                return None
            engine_reply["state"] = known.net(state, engine_state)
        finding = blame(moment, ref, engine_reply)
        if finding is not None and finding.accepted and _offered(request, self.engine_before):
            self.stopped = True  # it plays what its own legal set offered: found to differ
            return None
        if (
            finding is not None
            and known.any()
            and _only_amounts(finding, request, self.engine_before)
        ):
            self.stopped = finding.breaks_path  # an amount its chips (known to differ) allow
            finding = None  # legal amounts follow from the chips already found to differ
        new = None
        if finding is not None:
            if finding.key not in self.seen:
                self.seen.add(finding.key)
                self.found.append(finding)
                new = finding
            self.stopped = finding.breaks_path
            if isinstance(state, Mapping) and isinstance(engine_state, Mapping):
                known.learn(state, engine_state)
        if isinstance(state, Mapping):
            self.before = state
        if isinstance(engine_state, Mapping):
            self.engine_before = engine_state
        return new


def diagnose(transcript: Sequence[Mapping[str, Any]]) -> list[Observed]:
    """Every finding of one scenario's transcript (``[{"request", "reply"}]``), in order.

    The first is the root cause; the others were found net of it (``following``).  When
    the rules played with the button one seat back (the engine counting every position
    from the dealer's own seat, not from the dealer's left) give every reply the engine
    gave, each finding carries that reading beside its own: the deal's order (DEAL-02),
    to which it is charged when the engine's deal shows it elsewhere in the run.  When
    that reading parts from the engine only later, on something else, the findings before
    that point carry it and the hand is read on by it: what it finds next is another bug,
    which the engine's way of counting from the dealer's seat would otherwise hide.
    """
    found = _replay(transcript)
    back = _replay(_button_back(transcript)) if found else []
    if not back:
        return [_beside(o, DEALT_AWAY) for o in found] if found else found
    if back[0].index > found[0].index:
        early = [_beside(o, DEALT_AWAY) for o in found if o.index < back[0].index]
        return early + [dataclasses.replace(o, following=True) for o in back]
    return found


def dealt_away(transcript: Sequence[Mapping[str, Any]], key: str) -> bool:
    """Whether the engine's last state has the ``key`` the rules give with the button one
    seat back, and not the one they give as dealt: a state field the replay does not
    compare (the wild ranks) that follows from the deal's order (DEAL-02)."""
    from stud.protocol.server import ReferenceHandler

    last: list[Any] = []
    for entries in (transcript, _button_back(transcript)):
        handler, reply = ReferenceHandler(), None
        for index, entry in enumerate(entries):
            request = entry.get("request") or {}
            if request.get("op") not in (None, "hello", "bye"):
                reply = handler.handle({"id": index + 1, **request})
        state = (reply or {}).get("state")
        last.append(state.get(key) if isinstance(state, Mapping) else None)
    engine = next(
        (
            e["reply"]["state"].get(key)
            for e in reversed(transcript)
            if isinstance((e.get("reply") or {}).get("state"), Mapping)
        ),
        None,
    )
    return engine is not None and engine == last[1] != last[0]


def _beside(observed: Observed, reading: tuple[str, str]) -> Observed:
    """The observation with ``reading`` among its alternatives (unless it is that one)."""
    finding = observed.finding
    if finding.what == reading[1] or reading in finding.alternatives:
        return observed
    alternatives = (*finding.alternatives, reading)
    return dataclasses.replace(
        observed, finding=dataclasses.replace(finding, alternatives=alternatives)
    )


def _replay(transcript: Sequence[Mapping[str, Any]]) -> list[Observed]:
    from stud.protocol.server import ReferenceHandler

    handler = ReferenceHandler()
    side = SideBySide()
    found: list[Observed] = []
    for index, entry in enumerate(transcript):
        request = entry.get("request") or {}
        reply = entry.get("reply") or {}
        op = request.get("op")
        if op in (None, "hello", "bye") or not ("ok" in reply or "failure" in reply):
            continue
        ref = handler.handle({"id": index + 1, **request})
        if op == "next_hand" and side.found:
            break  # what the hands carry over (stacks, the button) may differ from here
        if op in ("new_hand", "next_hand"):
            hand = handler.hand
            doc = _ruleset(request) if op == "new_hand" else side.doc
            side.begin(doc, [str(c) for c in hand.deck_order] if hand is not None else [])
        finding = side.step(request, ref, reply)
        if finding is not None:
            found.append(Observed(finding, index, following=bool(found)))
        if side.stopped:
            break
    return found


def _button_back(transcript: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The transcript with each ``new_hand``'s button on the seat before the dealer's."""
    out: list[Mapping[str, Any]] = []
    for entry in transcript:
        request = entry.get("request") or {}
        seats = sorted(
            int(s["seat"])
            for s in request.get("seats") or ()
            if isinstance(s, Mapping) and isinstance(s.get("seat"), int)
        )
        if request.get("op") == "new_hand" and seats:
            dealer = request.get("dealer")
            earlier = [s for s in seats if isinstance(dealer, int) and s < dealer]
            request = dict(request, dealer=(earlier or seats)[-1])
            entry = dict(entry, request=request)
        out.append(entry)
    return out


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

"""Invariants every state an engine returns must keep, whatever the rules and the engine.

:func:`check_state` is called by :class:`stud.spec.seam.CheckedEngine` on each state;
a violation raises :class:`InvariantBroken` naming the invariant (one of
:data:`INVARIANTS`) and quoting the state line that broke it.

>>> seat = {"seat": 1, "name": "Ann", "stack": "9.90", "bet": "0", "folded": False,
...         "all_in": False, "down": ["As"], "up": ["Kd"]}
>>> state = {"to_act": None, "legal": [], "pot": "0.20", "pots": [],
...          "seats": [seat, dict(seat, seat=2, name="Bob", down=["Qs"], up=["Jd"])]}
>>> check_state(state, Decimal("20.00"), "new_hand")
>>> try:
...     check_state(dict(state, pot="0.30"), Decimal("20.00"), "act seat 1 call 0.10")
... except InvariantBroken as broken:
...     print(broken.name, "|", broken.detail)
chips conserved | stacks 19.80 + pot 0.30 = 20.10, but the hand started with 20 at the table
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from stud.money import fmt as _fmt

INVARIANTS = (
    "chips conserved",
    "pot equals commitments",
    "no card twice",
    "player to act has a legal action",
    "legal amounts within the stack",
    "awards total the pot",
)
_TO_AMOUNTS = ("bring_in", "call", "complete", "bet", "raise")


class InvariantBroken(AssertionError):
    """A state broke an invariant: ``name`` is which, ``state`` the state line."""

    def __init__(self, name: str, detail: str, request: str, state: Mapping[str, Any]):
        self.name = name
        self.detail = detail
        self.request = request
        self.state = state_line(state)
        super().__init__(
            f"invariant '{name}' broken after {request}: {detail}; state: {self.state}"
        )


def state_line(state: Mapping[str, Any], limit: int = 600) -> str:
    """The state as a JSON line (shortened)."""
    text = json.dumps(state, separators=(",", ":"), default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _money(value: Any) -> Decimal:
    try:
        return Decimal(str(value)) if value is not None else Decimal(0)
    except InvalidOperation:
        return Decimal(0)  # the schema check has already refused a malformed amount


def check_state(
    state: Mapping[str, Any],
    total: Decimal,
    request: str,
    started: Mapping[int, Decimal] | None = None,
) -> None:
    """Raise :class:`InvariantBroken` on the first invariant ``state`` breaks.

    ``total`` is the chips at the table when the hand started (stacks before antes);
    ``started``, when known, each seat's stack then.
    """

    def broken(name: str, detail: str) -> None:
        raise InvariantBroken(name, detail, request, state)

    seats = [s for s in state.get("seats") or [] if isinstance(s, Mapping)]
    stacks = sum((_money(s.get("stack")) for s in seats), Decimal(0))
    pot = _money(state.get("pot"))
    result = state.get("result")
    over = isinstance(result, Mapping)

    # chips conserved: what is in the stacks and the pot is what the table started with
    held = stacks if over else stacks + pot
    if held != total:
        shown = f"stacks {_fmt(stacks)}" if over else f"stacks {_fmt(stacks)} + pot {_fmt(pot)}"
        when = " after the awards" if over else ""
        broken(
            "chips conserved",
            f"{shown} = {_fmt(held)}{when}, but the hand started with {_fmt(total)} at the table",
        )

    # the pot equals the commitments: the pots add up to it; this street's bets are in it
    pots = [p for p in state.get("pots") or [] if isinstance(p, Mapping)]
    if pots:
        in_pots = sum((_money(p.get("amount")) for p in pots), Decimal(0))
        if in_pots != pot and not over:
            broken(
                "pot equals commitments",
                f"the pots add up to {_fmt(in_pots)}, the pot is {_fmt(pot)}",
            )
    opening = dict(started or {}) if not over else {}
    for seat in seats if opening else ():
        number = seat.get("seat")
        if isinstance(number, int) and number in opening:
            paid = opening[number] - _money(seat.get("stack"))
            if _money(seat.get("bet")) > paid:
                broken(
                    "pot equals commitments",
                    f"seat {number} has a bet of {seat.get('bet')} this street but has put in "
                    f"only {_fmt(paid)} this hand",
                )
    bets = sum((_money(s.get("bet")) for s in seats), Decimal(0))
    if not over and bets > pot:
        broken(
            "pot equals commitments",
            f"this street's bets add up to {_fmt(bets)}, more than the pot {_fmt(pot)}",
        )

    # no card twice
    cards = [str(c) for s in seats for key in ("down", "up") for c in s.get(key) or []]
    cards += [str(c) for c in state.get("community") or []]
    twice = sorted(c for c, n in Counter(cards).items() if n > 1)
    if twice:
        broken("no card twice", f"{' '.join(twice)} dealt more than once")

    # the player to act has a legal action, and can afford every amount offered
    to_act = state.get("to_act")
    if to_act is not None:
        me = next((s for s in seats if s.get("seat") == to_act), None)
        legal = [e for e in state.get("legal") or [] if isinstance(e, Mapping)]
        if me is None or me.get("folded") or not legal:
            why = (
                "is not seated"
                if me is None
                else "has folded"
                if me.get("folded")
                else "has no legal action"
            )
            broken("player to act has a legal action", f"seat {to_act} is to act but {why}")
        assert me is not None
        room = _money(me.get("stack")) + _money(me.get("bet"))
        for entry in legal:
            if entry.get("action") not in _TO_AMOUNTS:
                continue
            top = entry.get("max", entry.get("amount"))
            if top is not None and _money(top) > room:
                broken(
                    "legal amounts within the stack",
                    f"seat {to_act} is offered {entry.get('action')} to {top}, but has only "
                    f"{_fmt(room)} with its bet of {me.get('bet')}",
                )

    # the awards total the pot
    if isinstance(result, Mapping):
        awards = [a for a in result.get("awards") or [] if isinstance(a, Mapping)]
        paid = sum((_money(a.get("amount")) for a in awards), Decimal(0))
        if paid != pot:
            broken(
                "awards total the pot", f"the awards add up to {_fmt(paid)}, the pot is {_fmt(pot)}"
            )

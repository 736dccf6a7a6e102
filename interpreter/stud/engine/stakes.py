"""What a hand reads from its ruleset before the deal: the stakes in chip units (computed
once per ruleset) and whether the seats can play it.

>>> from stud.rules import load_ruleset
>>> fixed = fixed_values(load_ruleset("seven-card-stud"))
>>> fixed.bring_in < fixed.small < fixed.big
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from stud.engine.limits import STRUCTURES, Structure
from stud.engine.units import Units
from stud.engine.views import Seat
from stud.errors import StudError
from stud.rules.model import Ruleset


@dataclass(frozen=True)
class Fixed:
    """The stakes in chip units and the betting structure of one ruleset object."""

    ruleset: Ruleset
    units: Units
    ante: int
    bring_in: int | None
    small: int
    big: int
    structure: Structure
    small_blind: int | None = None
    big_blind: int | None = None


_FIXED: dict[int, Fixed] = {}


def fixed_values(ruleset: Ruleset) -> Fixed:
    cached = _FIXED.get(id(ruleset))
    if cached is not None and cached.ruleset is ruleset:
        return cached
    stakes = ruleset.stakes
    u = Units(stakes.chip)
    try:
        structure = STRUCTURES[ruleset.betting.structure]
    except KeyError:
        raise StudError(f"unknown betting structure {ruleset.betting.structure!r}") from None
    fixed = Fixed(
        ruleset,
        u,
        u.to_units(stakes.ante, "stakes.ante"),
        u.to_units(stakes.bring_in, "stakes.bring_in") if stakes.bring_in is not None else None,
        u.to_units(stakes.small_bet, "stakes.small_bet"),
        u.to_units(stakes.big_bet, "stakes.big_bet"),
        structure,
        _optional(u, stakes.small_blind, "stakes.small_blind"),
        _optional(u, stakes.big_blind, "stakes.big_blind"),
    )
    if len(_FIXED) > 256:
        _FIXED.clear()
    _FIXED[id(ruleset)] = fixed
    return fixed


def _optional(u: Units, amount: Decimal | None, what: str) -> int | None:
    return u.to_units(amount, what) if amount is not None else None


def stack_units(u: Units, seat: Seat) -> int:
    units = u.known(seat.stack)
    return units if units is not None else u.to_units(seat.stack, f"seat {seat.seat} stack")


def check_seats(ruleset: Ruleset, seats: Sequence[Seat], u: Units) -> dict[int, int | None]:
    """Refuse a table the ruleset cannot deal (player count, seats, stacks, bring-in).

    Returns each seat's stack in chip units by seat number (None: not a whole number of
    chips, which :func:`stack_units` reports)."""
    n = len(seats)
    if not ruleset.seats.min <= n <= ruleset.seats.max:
        raise StudError(
            f"{n} players cannot play {ruleset.name or 'this ruleset'}; "
            f"expected {ruleset.seats.min} to {ruleset.seats.max}"
        )
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != n:
        raise StudError(f"seat numbers must be distinct, got {numbers}")
    stacks: dict[int, int | None] = {}
    for s in seats:
        stack = s.stack
        units = u.known(stack)  # a positive count of chips is a positive stack
        if units is None or units <= 0:
            if (stack if type(stack) is Decimal else Decimal(stack)) <= 0:
                raise StudError(f"seat {s.seat} ({s.name}) has no chips; stacks must be > 0")
        stacks[s.seat] = units
    if ruleset.stakes.bring_in is None and any(
        r.opener == "bring-in" and r.bet is not None for r in ruleset.streets
    ):
        raise StudError("a street opens with a bring-in but stakes.bring_in is not set")
    return stacks

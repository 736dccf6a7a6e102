"""Betting structures as a table keyed by ``betting.structure``.

Each structure answers, for the player to act, the ranges of street totals ("to" amounts)
a bet, a completion of the bring-in or a raise may reach, before the player's stack is
taken into account.  A range ``(lo, hi)`` with ``lo == hi`` is a fixed amount.  Amounts are
chip units.
"""

from __future__ import annotations

from typing import Protocol

from stud.engine.state import PlayerState
from stud.engine.units import Units
from stud.rules.model import Street

Ranges = list[tuple[int, int]]
UNLIMITED = 1 << 62


class Round(Protocol):
    """What a structure reads of the betting round (:class:`stud.engine.betting.BettingRound`)."""

    players: list[PlayerState]
    units: Units
    row: Street | None
    level: int  # the highest street total
    last_inc: int  # the last full bet or raise
    unit: int  # the street's fixed unit / minimum bet
    small: int
    big: int
    bring_in: int | None
    paired: int  # boards showing a pair among players still in
    big_locked: bool
    big_bet_locks: bool
    pot_ceiling: str  # betting.pot_ceiling: "pot-after-call" or "pot-plus-bet" (MNP-01)
    double_raise: bool  # betting.min_raise "double": raise to at least twice the bet (MNP-02)


class Structure:
    """The common interface; ``min_bet`` is the street's unit (small or big bet)."""

    def bet(self, r: Round, p: PlayerState) -> Ranges:
        raise NotImplementedError

    def complete(self, r: Round, p: PlayerState) -> Ranges:
        raise NotImplementedError

    def raise_(self, r: Round, p: PlayerState) -> Ranges:
        raise NotImplementedError

    def locks_big(self, r: Round, increment: int) -> bool:
        """Whether a bet or raise of ``increment`` locks the round into big bets."""
        return False

    def fixed_step(self, r: Round) -> int | None:
        """The one amount every bet, completion and raise of the street adds whatever is
        bet before it (so the round may skip the ranges), or None."""
        return None


def completion_floor(r: Round) -> int:
    """What a completion must go past: the bring-in before it is posted (nothing to
    complete past a full one), then what is in, so that a bring-in of a full small bet
    posted all in for less (BRING-06) is completed like any short bring-in."""
    return r.level if r.level else r.bring_in or 0


class FixedLimit(Structure):
    """LIMIT-01..07: one unit per bet or raise; the big unit too on an open pair."""

    def units(self, r: Round) -> tuple[int, ...]:
        row = r.row
        assert row is not None
        if r.unit == r.small and row.big_bet_when == "open-pair":
            if r.big_locked:  # LIMIT-05: once made, even if the open pair has folded since
                return (r.big,)
            if r.paired > 0:
                return (r.small, r.big) if r.small != r.big else (r.small,)
        return (r.unit,)

    def bet(self, r: Round, p: PlayerState) -> Ranges:
        return [(u, u) for u in self.units(r)]

    def complete(self, r: Round, p: PlayerState) -> Ranges:
        floor = completion_floor(r)
        return [(u, u) for u in self.units(r) if u > floor]

    def raise_(self, r: Round, p: PlayerState) -> Ranges:
        level = r.level
        return [(level + u, level + u) for u in self.units(r)]

    def fixed_step(self, r: Round) -> int | None:
        row = r.row
        return None if row is None or row.big_bet_when == "open-pair" else r.unit

    def locks_big(self, r: Round, increment: int) -> bool:
        row = r.row
        return (
            row is not None
            and row.big_bet_when == "open-pair"
            and r.big_bet_locks
            and r.small != r.big
            and increment >= r.big
        )


class SpreadLimit(Structure):
    """SPREAD-01..06: any bet in the street's spread; a raise at least the last increment."""

    def spread(self, r: Round) -> tuple[int, int]:
        row = r.row
        assert row is not None
        if row.spread is None:
            return r.unit, r.unit
        return r.units.to_units(row.spread.min), r.units.to_units(row.spread.max)

    def bet(self, r: Round, p: PlayerState) -> Ranges:
        lo, hi = self.spread(r)
        return [(lo, hi)]

    def complete(self, r: Round, p: PlayerState) -> Ranges:
        lo, hi = self.spread(r)
        floor = completion_floor(r) + 1
        return [(max(lo, floor), hi)] if max(lo, floor) <= hi else []

    def raise_(self, r: Round, p: PlayerState) -> Ranges:
        lo, hi = self.spread(r)
        step = max(r.last_inc, lo)
        if step > hi:
            return [(r.level + step, r.level + step)]
        return [(r.level + step, r.level + hi)]


def min_raise_to(r: Round) -> int:
    """The smallest raise total: the last bet or raise on top (at least the street's unit),
    or with ``betting.min_raise: double`` twice the current bet (MNP-02)."""
    if r.double_raise:
        return max(2 * r.level, r.level + r.unit)
    return r.level + max(r.last_inc, r.unit)


class PotLimit(Structure):
    """POT-01..04: up to the pot, counting the call first; a raise at least the last one.

    With ``betting.pot_ceiling: pot-plus-bet`` (MNP-01) a bet or raise may reach the pot
    (this round's bets included) plus the current bet: the call is not counted.
    """

    def pot_after_call(self, r: Round, p: PlayerState) -> int:
        return sum(q.committed for q in r.players) + (r.level - p.bet)

    def ceiling(self, r: Round, p: PlayerState) -> int:
        """The largest total a bet, completion or raise may reach."""
        if r.pot_ceiling == "pot-plus-bet":
            return sum(q.committed for q in r.players) + r.level
        return r.level + self.pot_after_call(r, p)

    def bet(self, r: Round, p: PlayerState) -> Ranges:
        top = max(r.unit, self.ceiling(r, p))
        return [(r.unit, top)]

    def complete(self, r: Round, p: PlayerState) -> Ranges:
        lo = max(r.unit, completion_floor(r) + 1)
        return [(lo, max(lo, self.ceiling(r, p)))]

    def raise_(self, r: Round, p: PlayerState) -> Ranges:
        lo = min_raise_to(r)
        return [(lo, max(lo, self.ceiling(r, p)))]


class NoLimit(Structure):
    """No limit: anything from the minimum up to the whole stack."""

    def bet(self, r: Round, p: PlayerState) -> Ranges:
        return [(r.unit, UNLIMITED)]

    def complete(self, r: Round, p: PlayerState) -> Ranges:
        return [(max(r.unit, completion_floor(r) + 1), UNLIMITED)]

    def raise_(self, r: Round, p: PlayerState) -> Ranges:
        return [(min_raise_to(r), UNLIMITED)]


STRUCTURES: dict[str, Structure] = {
    "fixed-limit": FixedLimit(),
    "spread-limit": SpreadLimit(),
    "pot-limit": PotLimit(),
    "no-limit": NoLimit(),
}

"""Betting structures as a table keyed by ``betting.structure``.

Each structure answers, for the player to act, the ranges of street totals ("to" amounts)
a bet, a completion of the bring-in or a raise may reach, before the player's stack is
taken into account.  A range ``(lo, hi)`` with ``lo == hi`` is a fixed amount.  Amounts are
chip units.
"""

from __future__ import annotations

from stud.engine.state import HandState, PlayerState

Ranges = list[tuple[int, int]]
UNLIMITED = 1 << 62


class Structure:
    """The common interface; ``min_bet`` is the street's unit (small or big bet)."""

    def bet(self, h: HandState, p: PlayerState) -> Ranges:
        raise NotImplementedError

    def complete(self, h: HandState, p: PlayerState) -> Ranges:
        raise NotImplementedError

    def raise_(self, h: HandState, p: PlayerState) -> Ranges:
        raise NotImplementedError

    def locks_big(self, h: HandState, increment: int) -> bool:
        """Whether a bet or raise of ``increment`` locks the round into big bets."""
        return False


class FixedLimit(Structure):
    """LIMIT-01..07: one unit per bet or raise; the big unit too on an open pair."""

    def units(self, h: HandState) -> tuple[int, ...]:
        row = h.street_row
        assert row is not None
        if h.unit == h.small_u and row.big_bet_when == "open-pair" and h.paired_live > 0:
            if h.big_locked:
                return (h.big_u,)
            return (h.small_u, h.big_u) if h.small_u != h.big_u else (h.small_u,)
        return (h.unit,)

    def bet(self, h: HandState, p: PlayerState) -> Ranges:
        return [(u, u) for u in self.units(h)]

    def complete(self, h: HandState, p: PlayerState) -> Ranges:
        floor = max(h.cur, h.bring_in_u or 0)  # nothing to complete past a full bring-in
        return [(u, u) for u in self.units(h) if u > floor]

    def raise_(self, h: HandState, p: PlayerState) -> Ranges:
        return [(h.cur + u, h.cur + u) for u in self.units(h)]

    def locks_big(self, h: HandState, increment: int) -> bool:
        row = h.street_row
        return (
            row is not None
            and row.big_bet_when == "open-pair"
            and h.ruleset.betting.big_bet_locks
            and h.small_u != h.big_u
            and increment >= h.big_u
        )


class SpreadLimit(Structure):
    """SPREAD-01..06: any bet in the street's spread; a raise at least the last increment."""

    def spread(self, h: HandState) -> tuple[int, int]:
        row = h.street_row
        assert row is not None
        if row.spread is None:
            return h.unit, h.unit
        return h.units.to_units(row.spread.min), h.units.to_units(row.spread.max)

    def bet(self, h: HandState, p: PlayerState) -> Ranges:
        lo, hi = self.spread(h)
        return [(lo, hi)]

    def complete(self, h: HandState, p: PlayerState) -> Ranges:
        lo, hi = self.spread(h)
        floor = max(h.cur, h.bring_in_u or 0) + 1
        return [(max(lo, floor), hi)] if max(lo, floor) <= hi else []

    def raise_(self, h: HandState, p: PlayerState) -> Ranges:
        lo, hi = self.spread(h)
        step = max(h.last_inc, lo)
        if step > hi:
            return [(h.cur + step, h.cur + step)]
        return [(h.cur + step, h.cur + hi)]


class PotLimit(Structure):
    """POT-01..04: up to the pot, counting the call first; a raise at least the last one."""

    def pot_after_call(self, h: HandState, p: PlayerState) -> int:
        return sum(q.committed for q in h.order) + (h.cur - p.bet)

    def bet(self, h: HandState, p: PlayerState) -> Ranges:
        top = max(h.unit, self.pot_after_call(h, p))
        return [(h.unit, top)]

    def complete(self, h: HandState, p: PlayerState) -> Ranges:
        lo = max(h.unit, max(h.cur, h.bring_in_u or 0) + 1)
        return [(lo, max(lo, h.cur + self.pot_after_call(h, p)))]

    def raise_(self, h: HandState, p: PlayerState) -> Ranges:
        lo = h.cur + max(h.last_inc, h.unit)
        return [(lo, max(lo, h.cur + self.pot_after_call(h, p)))]


class NoLimit(Structure):
    """No limit: anything from the minimum up to the whole stack."""

    def bet(self, h: HandState, p: PlayerState) -> Ranges:
        return [(h.unit, UNLIMITED)]

    def complete(self, h: HandState, p: PlayerState) -> Ranges:
        return [(max(h.unit, max(h.cur, h.bring_in_u or 0) + 1), UNLIMITED)]

    def raise_(self, h: HandState, p: PlayerState) -> Ranges:
        return [(h.cur + max(h.last_inc, h.unit), UNLIMITED)]


STRUCTURES: dict[str, Structure] = {
    "fixed-limit": FixedLimit(),
    "spread-limit": SpreadLimit(),
    "pot-limit": PotLimit(),
    "no-limit": NoLimit(),
}

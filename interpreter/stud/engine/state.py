"""One seat during a hand: the record every part of the engine reads and writes.

Amounts are integer chip units (see :mod:`stud.engine.units`); players are kept in
clockwise order starting from the dealer's left, so "the next player" is ``index + 1``.
The parts of a hand share these records (the betting round moves ``stack``/``bet``, the
pots read ``committed``, the dealer fills ``down``/``up``); each part keeps the rest of its
state to itself.
"""

from __future__ import annotations

from typing import Any

from stud.cards import Card


class PlayerState:
    """One seat during a hand (internal; the API hands out :class:`PlayerView`)."""

    __slots__ = (
        "seat",
        "name",
        "stack",
        "bet",
        "committed",
        "folded",
        "all_in",
        "down",
        "up",
        "board",
        "paired",
        "declared",
        "index",
    )

    def __init__(self, seat: int, name: str, stack: int, index: int):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = 0  # chips in front of the player this street
        self.committed = 0  # chips put in this hand (antes, bets, exchange prices)
        self.folded = False
        self.all_in = False
        self.down: list[Card] = []
        self.up: list[Card] = []
        self.board: tuple[Any, ...] | None = None  # cached board key (None: stale)
        self.paired = False  # the up cards show a pair (LIMIT-04)
        self.declared: str | None = None
        self.index = index  # position clockwise from the dealer's left

    @property
    def live(self) -> bool:
        """Still in the hand and able to put in chips."""
        return not self.folded and not self.all_in


def board_changed(p: PlayerState) -> None:
    """The player's up cards changed other than by a deal: re-read the open pair and drop
    the cached board key."""
    ranks = [c.rank for c in p.up if c.rank]
    p.paired = len(set(ranks)) < len(ranks)
    p.board = None


# the hand's log: ``(event class, *fields)`` with amounts in chip units
Log = list[tuple[Any, ...]]

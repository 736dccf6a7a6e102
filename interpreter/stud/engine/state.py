"""The mutable state of one hand, shared by the dealing, betting and showdown parts.

Amounts are integer chip units (see :mod:`stud.engine.units`); players are kept in
clockwise order starting from the dealer's left, so "the next player" is ``index + 1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stud.cards import Card
from stud.engine.deck import Stub
from stud.engine.units import Units
from stud.errors import IllegalAction
from stud.rules.model import Ruleset, Street

# betting-round states: nothing in yet / only the bring-in / a bet (or completion) is in
NO_BET, BRING_IN_ONLY, BET_MADE = 0, 1, 2


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
        "acted",
        "seen_level",
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
        self.acted = False  # has acted in the current betting round
        self.seen_level = 0  # the round's full-raise level when the player last acted
        self.board: tuple[Any, ...] | None = None  # cached board key (None: stale)
        self.paired = False  # the up cards show a pair (LIMIT-04)
        self.declared: str | None = None
        self.index = index  # position clockwise from the dealer's left

    @property
    def live(self) -> bool:
        """Still in the hand and able to put in chips."""
        return not self.folded and not self.all_in


class HandState:
    """The attributes every part of a hand reads and writes."""

    ruleset: Ruleset
    units: Units
    order: list[PlayerState]  # clockwise from the dealer's left
    by_seat: dict[int, PlayerState]
    dealer: int
    stub: Stub
    deck_order: list[Card]
    common: list[Card]  # centre cards, then run-out community cards (public: community)
    runout: list[Card]  # community cards dealt because the pack ran short
    centre: list[Card]
    log: list[tuple[Any, ...]]
    actions: list[tuple[int, str, int, str | None, list[str] | None]]  # amounts in units, -1: none
    street_index: int
    street_row: Street | None
    phase: str
    to_act_index: int
    dealt_in: int
    # stakes in units
    ante_u: int
    bring_in_u: int | None
    small_u: int
    big_u: int
    # the betting round
    cur: int
    bet_state: int
    raises: int
    last_inc: int
    full_level: int
    big_locked: bool
    forced_index: int  # the seat that must bring in (index), -1 once done
    round_start_active: int
    unit: int  # the street's fixed unit / minimum bet
    paired_live: int  # boards showing a pair among players not folded
    last_aggressor: int  # index of the last player to bet or raise this round (-1: none)
    hand_aggressor: int  # the same over the whole hand
    result_value: Any
    # provided by Hand, used by the parts
    illegal: Callable[[str], IllegalAction]
    record: Callable[..., None]
    resume: Callable[[], None]

    def emit(self, kind: type, *args: Any) -> None:
        """Log an event as ``(class, *args)`` with amounts in chip units; the public
        ``Hand.events`` builds the frozen event objects (with Decimal amounts) when read."""
        self.log.append((kind, *args))

    def next_index(self, index: int) -> int:
        return (index + 1) % len(self.order)

    def in_hand(self) -> list[PlayerState]:
        return [p for p in self.order if not p.folded]

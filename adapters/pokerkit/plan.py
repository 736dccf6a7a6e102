"""What the adapter hands PokerKit: a :class:`Plan` (chip units, hand types, the street
table) and the generic ``pokerkit.State`` built from it.

PokerKit's ready-made stud games (``FixedLimitSevenCardStud`` and the rest) are
``pokerkit.State`` objects with one street table fixed in ``SevenCardStud.__init__``; the
adapter builds the ``State`` itself from the ruleset instead, with PokerKit's own
vocabulary: a ``Street`` per ruleset street (burn or not, the cards down and up, the
``Opening`` and the smallest bet of that street, the raise cap), the ``BettingStructure``
and the hand types.  Everything a ``State`` built that way does is PokerKit's.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pokerkit
from pokerkit import Automation, BettingStructure, Deck, Mode, Opening

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


@dataclass(frozen=True)
class StreetPlan:
    """One ruleset street as a PokerKit ``Street``, plus what is checked during the hand."""

    name: str
    burn: bool
    up: tuple[bool, ...]  # PokerKit's hole_dealing_statuses: True for a card dealt up
    opening: Opening
    min_bet: int  # chip units: PokerKit's min_completion_betting_or_raising_amount
    players_at_most: int | None  # dealt only when no more players were dealt in
    ties_by_suit: bool  # best-board opener whose equal boards go by suit (checked in play)
    open_pair: bool  # big_bet_when open-pair (checked in play)


@dataclass(frozen=True)
class Plan:
    """A PokerKit game for a ruleset, in integer chip units, plus the checks left for play."""

    chip: Decimal
    ante: int
    bring_in: int  # 0: no bring-in (the first street's opener may check)
    structure: BettingStructure
    cap: int | None  # PokerKit's max_completion_betting_or_raising_count (bet + raises)
    hand_types: tuple[type[Any], ...]
    shares: tuple[str, ...]  # share names in the order of hand_types
    streets: tuple[StreetPlan, ...]
    board_low: bool  # boards read low (aces low, pairs bad): razz
    max_raises: int | None
    uncapped_heads_up: str
    reopen_fraction: Decimal

    def played(self, players: int) -> tuple[StreetPlan, ...]:
        """The streets dealt to this many players (``deal_if_players_at_most``)."""
        return tuple(
            s for s in self.streets if s.players_at_most is None or players <= s.players_at_most
        )

    def pokerkit_streets(self, players: int) -> tuple[pokerkit.Street, ...]:
        return tuple(
            pokerkit.Street(s.burn, s.up, 0, False, s.opening, s.min_bet, self.cap)
            for s in self.played(players)
        )

    def create_state(self, stacks: tuple[int, ...]) -> pokerkit.State:
        """A PokerKit ``State`` for one hand (dealing left to the adapter)."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return pokerkit.State(
                AUTOMATIONS,
                Deck.STANDARD,
                self.hand_types,
                self.pokerkit_streets(len(stacks)),
                self.structure,
                True,
                self.ante,
                0,
                self.bring_in,
                stacks,
                len(stacks),
                mode=Mode.TOURNAMENT,
            )

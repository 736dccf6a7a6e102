"""Consecutive hands at one table (SETUP-04, SHOW-07).

Stacks carry over from hand to hand, players with no chips left stand up, and when
``dealer.rotates`` the dealer moves one occupied seat clockwise before each new hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stud.cards import Card
from stud.engine.hand import Hand
from stud.engine.views import Seat
from stud.errors import StudError
from stud.rules.model import Ruleset


class Table:
    """``new_hand()`` deals the next hand; play it with ``Hand.act`` until complete."""

    def __init__(
        self, ruleset: Ruleset, seats: Sequence[Seat], dealer: int, seed: int | None = None
    ):
        self.ruleset = ruleset
        self.seats: list[Seat] = sorted(seats, key=lambda s: s.seat)
        self.dealer = dealer
        self._rng = random.Random(seed)
        self.hand: Hand | None = None
        self.hands_played = 0

    def new_hand(self, deck: Sequence[Card | str] | None = None) -> Hand:
        """Settle the previous hand (stacks, busted players, the button) and deal the next."""
        if self.hand is not None:
            if not self.hand.complete:
                raise StudError("the current hand is not over yet")
            self._settle(self.hand)
        if len(self.seats) < self.ruleset.seats.min:
            raise StudError(
                f"only {len(self.seats)} players have chips; "
                f"{self.ruleset.seats.min} are needed for a hand"
            )
        seed = None if deck is not None else self._rng.getrandbits(64)
        self.hand = Hand(self.ruleset, self.seats, self.dealer, deck=deck, seed=seed)
        self.hands_played += 1
        return self.hand

    def _settle(self, hand: Hand) -> None:
        views = {v.seat: v for v in hand.players_view}
        self.seats = [Seat(s.seat, s.name, views[s.seat].stack) for s in self.seats]
        self.seats = [s for s in self.seats if s.stack > 0]
        if self.ruleset.dealer.rotates and self.seats:
            later = [s.seat for s in self.seats if s.seat > self.dealer]
            self.dealer = later[0] if later else self.seats[0].seat

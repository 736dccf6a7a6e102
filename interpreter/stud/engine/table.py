"""Consecutive hands at one table (SETUP-04, SHOW-07).

Stacks carry over from hand to hand, players with no chips left stand up, and when
``dealer.rotates`` the dealer moves one occupied seat clockwise before each new hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from stud.cards import Card
from stud.engine.hand import Hand
from stud.engine.views import Seat
from stud.errors import StudError
from stud.rules.model import Ruleset


class Table:
    """``new_hand()`` deals the next hand; play it with ``Hand.act`` until complete.

    ``seats`` and ``dealer`` always describe the next hand: once the current hand is over
    they already show the carried-over stacks, without the busted players, and the moved
    button.
    """

    def __init__(
        self, ruleset: Ruleset, seats: Sequence[Seat], dealer: int, seed: int | None = None
    ):
        self.ruleset = ruleset
        self._seats: list[Seat] = sorted(seats, key=lambda s: s.seat)
        self._dealer = dealer
        self._seed = seed
        self._rng: random.Random | None = None  # made when first needed (seeding costs)
        self.hand: Hand | None = None
        self._settled = True
        self.hands_played = 0

    @property
    def seats(self) -> list[Seat]:
        self._settle()
        return list(self._seats)

    @property
    def dealer(self) -> int:
        self._settle()
        return self._dealer

    def can_deal(self) -> bool:
        """Whether enough players have chips for another hand (and the last one is over)."""
        if self.hand is not None and not self.hand.complete:
            return False
        return len(self.seats) >= self.ruleset.seats.min

    def new_hand(
        self,
        deck: Sequence[Card | str] | None = None,
        *,
        seed: int | None = None,
        seat_cards: Mapping[int, Sequence[Card]] | None = None,
    ) -> Hand:
        """Settle the previous hand (stacks, busted players, the button) and deal the next.

        Without a ``deck`` the pack is shuffled with ``seed``, or else with the next seed of
        the table's own random sequence.
        """
        if self.hand is not None and not self.hand.complete:
            raise StudError("the current hand is not over yet")
        seats = self.seats
        if len(seats) < self.ruleset.seats.min:
            raise StudError(
                f"only {len(seats)} players have chips; "
                f"{self.ruleset.seats.min} are needed for a hand"
            )
        if deck is not None:
            seed = None
        elif seed is None:
            if self._rng is None:
                self._rng = random.Random(self._seed)
            seed = self._rng.getrandbits(64)
        extra = {"seat_cards": seat_cards} if seat_cards else {}
        self.hand = Hand(self.ruleset, seats, self._dealer, deck=deck, seed=seed, **extra)
        self._settled = False
        self.hands_played += 1
        return self.hand

    def _settle(self) -> None:
        hand = self.hand
        if self._settled or hand is None or not hand.complete:
            return
        stacks = {v.seat: v.stack for v in hand.players}
        self._seats = [
            Seat(s.seat, s.name, stacks[s.seat]) for s in self._seats if stacks[s.seat] > 0
        ]
        if self.ruleset.dealer.rotates and self._seats:
            later = [s.seat for s in self._seats if s.seat > self._dealer]
            self._dealer = later[0] if later else self._seats[0].seat
        self._settled = True

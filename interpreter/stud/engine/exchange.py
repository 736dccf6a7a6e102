"""Exchange rounds (ENGLISH-02..04): before a street's cards, each player still in, in turn
from the dealer's left, may give up one card for a new one of the same face (down for
down, up for up) or stand pat.  The card given up is dead.  ``street.exchange.price`` is
paid into the pot: it is not a bet and nobody has to match it.  With
``street.exchange.face: down`` the new card always comes face down, whatever was given
up (a bought card, BUY-01).
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import Card
from stud.engine import events as ev
from stud.engine.dealing import Dealer
from stud.engine.options import Option, Refused
from stud.engine.pots import Pots
from stud.engine.state import Log, PlayerState, board_changed
from stud.engine.units import Units
from stud.errors import CardError
from stud.rules.model import Street


class ExchangeRound:
    """One street's exchanges: who is still to choose, in turn."""

    def __init__(
        self, players: list[PlayerState], dealer: Dealer, pots: Pots, units: Units, log: Log
    ):
        self.players = players
        self.dealer = dealer
        self.pots = pots
        self.units = units
        self.log = log
        self.queue: list[int] = []  # indexes still to exchange or stand pat
        self.price = 0
        self.face_down = False  # the new card always comes face down (BUY-01)

    def start(self, row: Street) -> int | None:
        """Set up the street's exchanges; the first to choose, or None (no exchange)."""
        queue = [p.index for p in self.players if not p.folded]
        if len(queue) < 2:
            return None
        assert row.exchange is not None
        self.price = self.units.to_units(row.exchange.price, "exchange.price")
        self.face_down = row.exchange.face == "down"
        self.queue = queue
        return queue[0]

    def options(self, p: PlayerState) -> list[Option]:
        price = self.price
        opts: list[Option] = []
        if p.stack >= price and (p.down or p.up) and self.dealer.cards_available():
            opts.append(Option("exchange", price, price))
        opts.append(Option("stand_pat"))
        return opts

    def act(self, p: PlayerState, name: str, cards: Sequence[Card | str] | None) -> Card | None:
        """Play ``exchange`` or ``stand_pat`` (the card given up, or None); raise
        :class:`Refused` with nothing changed."""
        given = None
        if name == "stand_pat":
            self.log.append((ev.StoodPat, p.seat))
        else:
            if not any(o.action == "exchange" for o in self.options(p)):
                raise Refused("exchange is not possible now")
            given = self._given_card(p, cards)
            self._exchange(p, given)
        self.queue.remove(p.index)
        return given

    def next_to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    def _given_card(self, p: PlayerState, cards: Sequence[Card | str] | None) -> Card:
        if not cards or len(cards) != 1:
            raise Refused("exchange gives up exactly one card: cards=[the card]")
        item = cards[0]
        try:
            card = item if isinstance(item, Card) else Card.parse(str(item))
        except CardError as exc:
            raise Refused(str(exc)) from None
        if card not in p.down and card not in p.up:
            raise Refused(f"seat {p.seat} does not hold {card}")
        return card

    def _exchange(self, p: PlayerState, given: Card) -> None:
        price = self.price
        received = self.dealer.replace(given, p.seat)
        was_up = given in p.up
        hand = p.up if was_up else p.down
        if was_up and self.face_down:  # the bought card comes face down
            hand.remove(given)
            p.down.append(received)
        else:
            hand[hand.index(given)] = received
        if price:
            self.pots.pay_in(p, price)
        if was_up:
            self._reread_board(p)
        up = was_up and not self.face_down
        self.log.append((ev.Exchanged, p.seat, given, received, up, price))
        if p.stack == 0 and not p.all_in:
            p.all_in = True
            self.log.append((ev.AllIn, p.seat))

    @staticmethod
    def _reread_board(p: PlayerState) -> None:
        board_changed(p)

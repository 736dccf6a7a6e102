"""Exchange rounds (ENGLISH-02..04): before a street's cards, each player still in, in turn
from the dealer's left, may give up one card for a new one of the same face (down for
down, up for up) or stand pat.  The card given up is dead.  ``street.exchange.price`` is
paid into the pot: it is not a bet and nobody has to match it.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import Card
from stud.engine import events as ev
from stud.engine.state import HandState, PlayerState
from stud.errors import CardError

Option = tuple[str, int, int]


class ExchangeMixin(HandState):
    """Exchange-round behaviour of :class:`stud.engine.hand.Hand`."""

    exchange_queue: list[int]
    dead: list[Card]

    def init_exchange(self) -> None:
        self.exchange_queue = []
        self.dead = []

    def exchange_price(self) -> int:
        row = self.street_row
        if row is None or row.exchange is None:
            return 0
        return self.units.to_units(row.exchange.price, "exchange.price")

    def start_exchange(self) -> bool:
        queue = [p.index for p in self.order if not p.folded]
        if len(queue) < 2:
            return False
        self.exchange_queue = queue
        self.phase = "exchange"
        self.to_act_index = queue[0]
        return True

    def cards_available(self) -> int:
        spare = len(self.stub.burned) if self.ruleset.dealing.reuse_burns else 0
        return len(self.stub) + spare

    def exchange_options(self, p: PlayerState) -> list[Option]:
        price = self.exchange_price()
        opts: list[Option] = []
        if p.stack >= price and (p.down or p.up) and self.cards_available():
            opts.append(("exchange", price, price))
        opts.append(("stand_pat", -1, -1))
        return opts

    def act_exchange(self, p: PlayerState, name: str, cards: Sequence[Card | str] | None) -> None:
        if name == "stand_pat":
            self.record(p.seat, name, -1)
            self.emit(ev.StoodPat, p.seat)
        else:
            if not any(o[0] == "exchange" for o in self.exchange_options(p)):
                raise self.illegal("exchange is not possible now")
            given = self._given_card(p, cards)
            self._exchange(p, given)
        self.exchange_queue.remove(p.index)
        if self.exchange_queue:
            self.to_act_index = self.exchange_queue[0]
            return
        self.phase = "betting"
        self.to_act_index = -1
        self.resume()

    def _given_card(self, p: PlayerState, cards: Sequence[Card | str] | None) -> Card:
        if not cards or len(cards) != 1:
            raise self.illegal("exchange gives up exactly one card: cards=[the card]")
        item = cards[0]
        try:
            card = item if isinstance(item, Card) else Card.parse(str(item))
        except CardError as exc:
            raise self.illegal(str(exc)) from None
        if card not in p.down and card not in p.up:
            raise self.illegal(f"seat {p.seat} does not hold {card}")
        return card

    def _exchange(self, p: PlayerState, given: Card) -> None:
        price = self.exchange_price()
        self.record(p.seat, "exchange", -1, cards=[str(given)])
        if not len(self.stub) and self.ruleset.dealing.reuse_burns:
            self.emit(ev.BurnsReused, tuple(self.stub.reuse_burns()))
        received = self.stub.take()
        up = given in p.up
        hand = p.up if up else p.down
        hand[hand.index(given)] = received
        self.dead.append(given)
        if price:
            p.stack -= price
            p.committed += price
        if up:
            self._reread_board(p)
        self.emit(ev.Exchanged, p.seat, given, received, up, price)
        if p.stack == 0 and not p.all_in:
            p.all_in = True
            self.emit(ev.AllIn, p.seat)

    def _reread_board(self, p: PlayerState) -> None:
        ranks = [c.rank for c in p.up if c.rank]
        paired = len(set(ranks)) < len(ranks)
        if paired != p.paired and not p.folded:
            self.paired_live += 1 if paired else -1
        p.paired = paired
        p.board = None

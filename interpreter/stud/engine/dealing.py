"""Antes, burns and the deal, with the run-out rules (DEAL-01..11).

Cards go one at a time clockwise from the dealer's left to players still in the hand;
every entry of ``street.deal`` goes round the table before the next.  When the stub
cannot give every live player a card, the burns go under the stub (``reuse_burns``); if
that is still short, one community card is dealt face up for everyone
(``community_card``); otherwise the hand cannot go on and :class:`DeckError` is raised.
"""

from __future__ import annotations

from stud.cards import JOKER_ID, Card
from stud.engine import events as ev
from stud.engine.deck import DeckError
from stud.engine.state import HandState, PlayerState


class DealingMixin(HandState):
    """Dealing behaviour of :class:`stud.engine.hand.Hand`."""

    cards_dealt: int
    in_count: int

    def post_antes(self) -> None:
        ante = self.ante_u
        if ante <= 0:
            return
        for p in self.players:
            paid = min(ante, p.stack)
            p.stack -= paid
            p.committed += paid
            all_in = p.stack == 0
            self.emit(ev.Ante, p.seat, paid, all_in)
            if all_in:
                p.all_in = True
                self.emit(ev.AllIn, p.seat)

    def deal_street(self) -> None:
        row = self.street_row
        assert row is not None
        if not row.deal:
            return
        stub = self.stub
        if self.ruleset.dealing.burn and self.cards_dealt and len(stub) > self.in_count:
            # no burn when it would take a card the deal needs (the stub is that short only
            # in a run-out: DEAL-08..11)
            self.emit(ev.Burn, stub.burn())
        for face in row.deal:
            self.deal_round(face == "up")

    def deal_round(self, up: bool) -> None:
        """One card to every player still in, or the run-out when the stub is short."""
        live = [p for p in self.players if not p.folded]
        stub = self.stub
        if len(stub) < len(live):
            dealing = self.ruleset.dealing
            if dealing.reuse_burns and stub.burned:
                self.emit(ev.BurnsReused, tuple(stub.reuse_burns()))
        if len(stub) < len(live):
            if self.ruleset.dealing.community_card and len(stub):
                card = stub.take()
                self.community.append(card)
                self.runout.append(card)
                self.cards_dealt += 1
                for p in self.players:
                    p.board = None
                self.emit(ev.CommunityCard, card)
                return
            raise DeckError(
                f"the pack cannot give {len(live)} players a card on {self.street_row.name}"
                f" ({len(stub)} left) and this ruleset has no run-out for it"
                if self.street_row
                else "the pack is exhausted"
            )
        take = stub.take
        emit = self.log.append
        for p in live:
            card = take()
            if up:
                self.give_up(p, card)
                emit((ev.DealtUp, p.seat, card))
            else:
                p.down.append(card)
                emit((ev.DealtDown, p.seat, card))
        self.cards_dealt += len(live)

    def give_up(self, p: PlayerState, card: Card) -> None:
        """A face-up card: note an open pair (LIMIT-04) and mark the board stale."""
        if not p.paired and card != JOKER_ID:
            rank = card >> 2
            if any(u >> 2 == rank and u != JOKER_ID for u in p.up):
                p.paired = True
                if not p.folded:
                    self.paired_live += 1
        p.up.append(card)
        p.board = None

"""Antes, burns and the deal, with the run-out rules (DEAL-01..11).

Cards go one at a time clockwise from the dealer's left to players still in the hand;
every entry of ``street.deal`` goes round the table before the next.  When the stub
cannot give every live player a card, the burns go under the stub (``reuse_burns``); if
that is still short, one community card is dealt face up for everyone
(``community_card``); otherwise the hand cannot go on and :class:`DeckError` is raised.
"""

from __future__ import annotations

from stud.cards import JOKER_ID
from stud.engine import events as ev
from stud.engine.deck import DeckError
from stud.engine.state import HandState


class DealingMixin(HandState):
    """Dealing behaviour of :class:`stud.engine.hand.Hand`."""

    cards_dealt: int
    in_count: int

    def post_antes(self) -> None:
        ante = self.ante_u
        if ante <= 0:
            return
        log = self.log
        kind = ev.Ante
        for p in self.order:
            stack = p.stack
            if stack > ante:
                p.stack = stack - ante
                p.committed += ante
                log.append((kind, p.seat, ante, False))
            else:
                p.stack = 0
                p.committed += stack
                p.all_in = True
                log.append((kind, p.seat, stack, True))
                log.append((ev.AllIn, p.seat))

    def deal_street(self) -> None:
        row = self.street_row
        assert row is not None
        if not row.deal:
            return
        stub = self.stub
        if self.ruleset.dealing.burn and self.cards_dealt and len(stub):
            self.emit(ev.Burn, stub.burn())
        later = self.rounds_after_street()
        for i, face in enumerate(row.deal):
            self.deal_round(face == "up", later + len(row.deal) - i - 1)

    def rounds_after_street(self) -> int:
        """Deal rounds still to come on later streets (for the run-out reserve)."""
        rounds = 0
        for row in self.ruleset.streets[self.street_index + 1 :]:
            limit = row.deal_if_players_at_most
            if limit is None or self.dealt_in <= limit:
                rounds += len(row.deal)
        return rounds

    def deal_round(self, up: bool, later: int = 0) -> None:
        """One card to every player still in, or the run-out when the stub is short.

        With ``community_card`` the dealer keeps one card for each deal round still to
        come (``later``), so a later street can always fall back on a community card; a
        round that would eat into that reserve is dealt as one community card instead.
        """
        live = [p for p in self.order if not p.folded]
        stub = self.stub
        dealing = self.ruleset.dealing
        reserve = later if dealing.community_card else 0
        need = len(live) + reserve
        if len(stub.cards) - stub.pos < need and dealing.reuse_burns and stub.burned:
            self.emit(ev.BurnsReused, tuple(stub.reuse_burns()))
        if len(stub) < need:
            if dealing.community_card and len(stub) > reserve:
                card = stub.take()
                self.common.append(card)
                self.runout.append(card)
                self.cards_dealt += 1
                for p in self.order:
                    p.board = None
                self.emit(ev.CommunityCard, card)
                return
            raise DeckError(
                f"the pack cannot give {len(live)} players a card on {self.street_row.name}"
                f" ({len(stub)} left) and this ruleset has no run-out for it"
                if self.street_row
                else "the pack is exhausted"
            )
        cards, pos = stub.cards, stub.pos
        emit = self.log.append
        if up:
            dealt_up = ev.DealtUp
            for p in live:
                card = cards[pos]
                pos += 1
                if not p.paired and card != JOKER_ID:
                    rank = card >> 2
                    for u in p.up:
                        if u >> 2 == rank and u != JOKER_ID:
                            p.paired = True
                            self.paired_live += 1
                            break
                p.up.append(card)
                p.board = None
                emit((dealt_up, p.seat, card))
        else:
            dealt_down = ev.DealtDown
            for p in live:
                card = cards[pos]
                pos += 1
                p.down.append(card)
                emit((dealt_down, p.seat, card))
        stub.pos = pos
        self.cards_dealt += len(live)

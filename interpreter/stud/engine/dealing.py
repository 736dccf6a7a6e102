"""The dealer: the stub, burns, the deal and the run-out (DEAL-01..11).

Cards go one at a time clockwise from the dealer's left to players still in the hand;
every entry of ``street.deal`` goes round the table before the next.  When the stub
cannot give every live player a card, the burns go under the stub (``reuse_burns``); if
that is still short, one community card is dealt face up for everyone
(``community_card``); otherwise the hand cannot go on and :class:`DeckError` is raised.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import JOKER_ID, Card
from stud.engine import events as ev
from stud.engine.deck import DeckError, Stub, build_pack
from stud.engine.state import Log, PlayerState
from stud.rules.model import Ruleset, Street


class Dealer:
    """Deals one hand from its pack: ``order`` is the full order the stub started in."""

    def __init__(
        self,
        players: list[PlayerState],
        ruleset: Ruleset,
        deck: Sequence[Card | str] | None,
        seed: int | None,
        log: Log,
    ):
        self.players = players
        self.streets = ruleset.streets
        self.dealing = ruleset.dealing
        self.log = log
        rules = ruleset.deck
        order, centre = build_pack(
            deck, jokers=rules.jokers, centre=rules.centre, seed=seed, stripped=rules.stripped
        )
        self.order = order  # the stub never changes this list in place
        self.stub = Stub(order)
        self.centre = centre
        self.common = list(centre)  # centre cards, then run-out community cards
        self.runout: list[Card] = []  # community cards dealt because the pack ran short
        self.dead: list[Card] = []  # cards given up in exchanges
        self.cards_dealt = 0
        self.dealt_in = len(players)  # players dealt into the hand
        for card in centre:
            log.append((ev.CommunityCard, card))

    def deal_street(self, index: int) -> None:
        """Burn (not before the first deal) and deal street number ``index``."""
        row = self.streets[index]
        if not row.deal:
            return
        stub = self.stub
        if self.dealing.burn and self.cards_dealt and len(stub):
            self.log.append((ev.Burn, stub.burn()))
        later = self.rounds_after(index)
        for i, face in enumerate(row.deal):
            self.deal_round(row, face == "up", later + len(row.deal) - i - 1)

    def rounds_after(self, index: int) -> int:
        """Deal rounds still to come on later streets (for the run-out reserve)."""
        rounds = 0
        for row in self.streets[index + 1 :]:
            limit = row.deal_if_players_at_most
            if limit is None or self.dealt_in <= limit:
                rounds += len(row.deal)
        return rounds

    def deal_round(self, row: Street, up: bool, later: int = 0) -> None:
        """One card to every player still in, or the run-out when the stub is short.

        With ``community_card`` the dealer keeps one card for each deal round still to
        come (``later``), so a later street can always fall back on a community card; a
        round that would eat into that reserve is dealt as one community card instead.
        """
        live = [p for p in self.players if not p.folded]
        stub = self.stub
        dealing = self.dealing
        reserve = later if dealing.community_card else 0
        need = len(live) + reserve
        if len(stub.cards) - stub.pos < need and dealing.reuse_burns and stub.burned:
            self.log.append((ev.BurnsReused, tuple(stub.reuse_burns())))
        if len(stub) < need:
            if dealing.community_card and len(stub) > reserve:
                self.deal_community()
                return
            raise DeckError(
                f"the pack cannot give {len(live)} players a card on {row.name}"
                f" ({len(stub)} left) and this ruleset has no run-out for it"
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

    def deal_community(self) -> None:
        """One card face up in the centre for everyone (DEAL-09): every board changes."""
        card = self.stub.take()
        self.common.append(card)
        self.runout.append(card)
        self.cards_dealt += 1
        for p in self.players:
            p.board = None
        self.log.append((ev.CommunityCard, card))

    # --- exchanges ---------------------------------------------------------------------
    def cards_available(self) -> int:
        spare = len(self.stub.burned) if self.dealing.reuse_burns else 0
        return len(self.stub) + spare

    def replace(self, given: Card) -> Card:
        """A new card for one given up in an exchange (the given card is dead)."""
        stub = self.stub
        if not len(stub) and self.dealing.reuse_burns:
            self.log.append((ev.BurnsReused, tuple(stub.reuse_burns())))
        received = stub.take()
        self.dead.append(given)
        return received

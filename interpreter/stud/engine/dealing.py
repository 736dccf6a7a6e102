"""The dealer: the stub, burns, the deal and the run-out (DEAL-01..11).

Cards go one at a time clockwise from the dealer's left to players still in the hand;
every entry of ``street.deal`` goes round the table before the next.  When the stub
cannot give every live player a card, the burns go under the stub (``reuse_burns``); if
that is still short, one community card is dealt face up for everyone
(``community_card``); otherwise the hand cannot go on and :class:`DeckError` is raised.

With ``seat_cards`` (protocol 1.2) a seat is given the next card of its own list whenever
the deal or an exchange gives it a card, whatever the order of the deal; the listed cards
are moved up the stub to where they are dealt, so ``order`` ends as the order the cards
really came off (a history replays it without the lists).  Burns, the community card and
the cards of seats without a list come from the rest of the stub, in its order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from stud.cards import JOKER_ID, Card
from stud.engine import events as ev
from stud.engine.deck import DeckError, Stub, build_pack
from stud.engine.state import Log, PlayerState, board_changed
from stud.rules.model import Ruleset, Street

FACES: dict[str, bool | None] = {"down": False, "up": True, "down-if-all-up": None}


class Dealer:
    """Deals one hand from its pack: ``order`` is the full order the stub started in."""

    def __init__(
        self,
        players: list[PlayerState],
        ruleset: Ruleset,
        deck: Sequence[Card | str] | None,
        seed: int | None,
        log: Log,
        seat_cards: Mapping[int, Sequence[Card]] | None = None,
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
        # community cards dealt during the hand: a street's centre cards (COMM-01) and the
        # run-out's (DEAL-09); boards read them (COMM-02, DEAL-10)
        self.runout: list[Card] = []
        self.dead: list[Card] = []  # cards given up in exchanges or thrown away on events
        self.cards_dealt = 0
        self.dealt_in = len(players)  # players dealt into the hand
        self._after: list[int] | None = None  # deal rounds after each street
        # called after each card a player is dealt (the event table, EVENT-01); None: no
        # events, and deal rounds take the fast path
        self.after_card: Callable[[PlayerState, Card, bool], None] | None = None
        for card in centre:
            log.append((ev.CommunityCard, card))
        # each seat's own cards still to come (seat_cards), and all of them together
        self.personal: dict[int, list[Card]] = {}
        self.reserved: set[Card] = set()
        if seat_cards:
            self.personal = {s: list(cards) for s, cards in seat_cards.items() if cards}
            self.reserved = {c for cards in self.personal.values() for c in cards}

    def deal_street(self, index: int) -> None:
        """Burn (not before the first deal) and deal street number ``index``."""
        row = self.streets[index]
        if not row.deal:
            return
        stub = self.stub
        if self.dealing.burn and self.cards_dealt and len(stub):
            if self.reserved:
                self._place([])
            self.log.append((ev.Burn, stub.burn()))
        later = self.rounds_after(index)
        for i, face in enumerate(row.deal):
            if face == "centre":
                self.deal_centre(row, later + len(row.deal) - i - 1)
            else:
                self.deal_round(row, FACES[face], later + len(row.deal) - i - 1)

    def rounds_after(self, index: int) -> int:
        """Deal rounds still to come on later streets (for the run-out reserve)."""
        after = self._after
        if after is None:  # the same for every street of the hand: counted once
            after = self._after = [0] * len(self.streets)
            rounds = 0
            for i in range(len(self.streets) - 1, 0, -1):
                row = self.streets[i]
                limit = row.deal_if_players_at_most
                if limit is None or self.dealt_in <= limit:
                    rounds += len(row.deal)
                after[i - 1] = rounds
        return after[index]

    def deal_round(self, row: Street, up: bool | None, later: int = 0) -> None:
        """One card to every player still in, or the run-out when the stub is short.

        ``up`` None deals each player's card face down when all their cards are face up,
        else face up (roll your own, ROLL-02).

        With ``community_card`` the dealer keeps one card for each deal round still to
        come (``later``), so a later street can always fall back on a community card; a
        round that would eat into that reserve is dealt as one community card instead.
        """
        players = self.players
        stub = self.stub
        reserve = later if self.dealing.community_card else 0
        if len(stub.cards) - stub.pos < len(players) + reserve:  # maybe short: count who is in
            live = [p for p in players if not p.folded]
            need = len(live) + reserve
            if len(stub) < need and self._short(row, len(live), need, reserve):
                return  # dealt as one community card
        if self.after_card is not None:
            self._deal_round_with_events([p for p in players if not p.folded], up)
            return
        if self.reserved:
            self._place([self._next_for(p.seat) for p in players if not p.folded])
        cards, pos = stub.cards, stub.pos
        start = pos
        emit = self.log.append
        if up:
            dealt_up = ev.DealtUp
            for p in players:
                if p.folded:
                    continue
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
        elif up is None:
            pos = self._deal_rolled(players, pos)
        else:
            dealt_down = ev.DealtDown
            for p in players:
                if p.folded:
                    continue
                card = cards[pos]
                pos += 1
                p.down.append(card)
                emit((dealt_down, p.seat, card))
        stub.pos = pos
        self.cards_dealt += pos - start

    def _short(self, row: Street, players: int, need: int, reserve: int) -> bool:
        """The stub holds fewer cards than a deal round needs: the burns go under it where
        the ruleset says so; still short, one community card for everyone (True), else the
        hand cannot go on (:class:`DeckError`)."""
        stub, dealing = self.stub, self.dealing
        if dealing.reuse_burns and stub.burned:
            self.log.append((ev.BurnsReused, tuple(stub.reuse_burns())))
        if len(stub) >= need:
            return False
        if dealing.community_card and len(stub) > reserve:
            self.deal_community()
            return True
        raise DeckError(
            f"the pack cannot give {players} players a card on {row.name}"
            f" ({len(stub)} left) and this ruleset has no run-out for it"
        )

    def _deal_rolled(self, players: list[PlayerState], pos: int) -> int:
        """A card to each player still in: down to one with no down card, else up."""
        cards = self.stub.cards
        for p in players:
            if p.folded:
                continue
            card = cards[pos]
            pos += 1
            if p.down:
                p.up.append(card)
                board_changed(p)
                self.log.append((ev.DealtUp, p.seat, card))
            else:
                p.down += [card]
                self.log.append((ev.DealtDown, p.seat, card))
        return pos

    def _next_for(self, seat: int) -> Card | None:
        queue = self.personal.get(seat)
        if not queue:
            return None
        card = queue.pop(0)
        self.reserved.discard(card)
        return card

    def _place(self, chosen: list[Card | None]) -> None:
        """Move the cards to deal next to the top of the stub, in order: a seat's own card
        where one is given (None: the first card of the stub nobody is given)."""
        stub = self.stub
        rest = stub.cards[stub.pos :]
        wanted = [c for c in chosen if c is not None and c in rest]
        free = iter([c for c in rest if c not in self.reserved and c not in wanted])
        top = [c if c is not None and c in rest else next(free, None) for c in chosen]
        if not chosen:
            top = [next(free, None)]
        placed = [c for c in top if c is not None]
        stub.cards[stub.pos :] = placed + [c for c in rest if c not in placed]

    def _deal_round_with_events(self, live: list[PlayerState], up: bool | None) -> None:
        """A deal round card by card, the event table acting after each (EVENT-01): an
        extra card goes to its player at once, and a player an event folds gets no more
        (``up`` None: down to a player with no down card, else up, as ``_deal_rolled``)."""
        after = self.after_card
        assert after is not None
        for p in live:
            if p.folded:
                continue
            if self.reserved:
                self._place([self._next_for(p.seat)])
            face = up if up is not None else bool(p.down)
            card = self.stub.take()
            self.give(p, card, face)
            after(p, card, face)

    def give(self, p: PlayerState, card: Card, up: bool) -> None:
        """Put one card in a player's hand, face up or down."""
        if up:
            if not p.paired and card != JOKER_ID:
                rank = card >> 2
                p.paired = any(u >> 2 == rank and u != JOKER_ID for u in p.up)
            p.up.append(card)
            p.board = None
            self.log.append((ev.DealtUp, p.seat, card))
        else:
            p.down.append(card)
            self.log.append((ev.DealtDown, p.seat, card))
        self.cards_dealt += 1

    def extra(self, p: PlayerState, up: bool) -> Card:
        """One more card for a player, off the stub (an event's extra card, EVENT-05)."""
        stub = self.stub
        if not len(stub) and self.dealing.reuse_burns and stub.burned:
            self.log.append((ev.BurnsReused, tuple(stub.reuse_burns())))
        if self.reserved:
            self._place([self._next_for(p.seat)])
        card = stub.take()
        self.give(p, card, up)
        return card

    def deal_centre(self, row: Street, later: int) -> None:
        """One card face up to the centre, a street's own (COMM-01), keeping the run-out
        reserve for the deal rounds still to come."""
        stub = self.stub
        need = 1 + (later if self.dealing.community_card else 0)
        if len(stub) < need and self.dealing.reuse_burns and stub.burned:
            self.log.append((ev.BurnsReused, tuple(stub.reuse_burns())))
        if len(stub) < need:
            raise DeckError(
                f"the pack cannot give the centre a card on {row.name} ({len(stub)} left)"
            )
        self.deal_community()

    def deal_community(self) -> None:
        """One card face up in the centre for everyone (DEAL-09, COMM-01): every board
        changes."""
        if self.reserved:
            self._place([])
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

    def replace(self, given: Card, seat: int | None = None) -> Card:
        """A new card for one given up in an exchange (the given card is dead)."""
        stub = self.stub
        if not len(stub) and self.dealing.reuse_burns:
            self.log.append((ev.BurnsReused, tuple(stub.reuse_burns())))
        if self.reserved:
            self._place([None if seat is None else self._next_for(seat)])
        received = stub.take()
        self.dead.append(given)
        return received

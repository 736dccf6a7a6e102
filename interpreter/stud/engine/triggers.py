"""The event table (EVENT-01..09): rules that act the moment a card is dealt.

Each row of ``ruleset.events`` names the cards that fire it (``when``: their face, ranks
or exact cards, and ``shown``, the count of cards of the rank dealt face up so far) and one
effect.  The dealer calls :meth:`EventTable.on_card` after every card it gives a player,
before the next one, so the effects happen in dealing order and are deterministic:

- ``wild_follows``: the next card dealt face up names the wild rank (follow the queen);
  ``previous: cleared`` drops the old rank as soon as the trigger shows, ``down_card:
  cancels`` ends the wait when a down card comes next (the old rank then stays);
- ``wild_rank: this``: the trigger card's own rank becomes the wild rank (coupons);
- ``extra_card``: its holder is dealt another card at once (baseball), within ``most``;
- ``refund: ante``: its holder takes the ante back out of the pot (its own contribution,
  at most the ante, never this round's bet);
- ``neighbours_fold: unless-same-rank``: the players seated on either side of the holder
  fold, unless each throws away a card of the trigger's rank (a down one if they have one).

One rank at most is wild by events at a time (:class:`WildState`); the ruleset's fixed
``wild.ranks`` stay wild throughout.  A hand whose ruleset has no events builds no table.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Protocol

from stud.cards import Card
from stud.engine import events as ev
from stud.engine.state import Log, PlayerState
from stud.money import fmt
from stud.rules.model import Event, Ruleset

Give = Callable[[PlayerState, bool], Card]  # deal one more card to a player (face up?)


class WildState:
    """The ranks wild for everyone now: the ruleset's fixed ones and one set by events.

    >>> w = WildState((12,))
    >>> w.set(7), w.ranks, w.set(7), w.set(None), w.ranks
    (True, (12, 7), False, True, (12,))
    """

    __slots__ = ("fixed", "current", "ranks")

    def __init__(self, fixed: tuple[int, ...]):
        self.fixed = fixed
        self.current: int | None = None
        self.ranks = fixed

    def set(self, rank: int | None) -> bool:
        """Make ``rank`` the events' wild rank (None: none); True when it changed."""
        if rank == self.current:
            return False
        self.current = rank
        extra = () if rank is None or rank in self.fixed else (rank,)
        self.ranks = self.fixed + extra
        return True


class Betting(Protocol):
    """What the table needs of the betting round: folding a player outside their turn."""

    def fold_out(self, p: PlayerState) -> None: ...


class Rule:
    """One row, with its trigger read once."""

    __slots__ = ("event", "face", "ranks", "cards", "shown")

    def __init__(self, event: Event):
        self.event = event
        when = event.when
        self.face = when.face
        self.ranks = frozenset(when.ranks)
        self.cards = frozenset(Card.parse(c) for c in when.cards)
        self.shown = when.shown

    def matches(self, card: Card, up: bool, shown: int) -> bool:
        if self.face != "any" and up != (self.face == "up"):
            return False
        if self.cards:
            if card not in self.cards:
                return False
        elif self.ranks and card.rank not in self.ranks:
            return False
        return self.shown is None or shown == self.shown


class EventTable:
    """The event table of one hand (see the module text)."""

    def __init__(
        self,
        rows: tuple[Event, ...],
        players: list[PlayerState],
        wilds: WildState,
        give: Give,
        dead: list[Card],
        betting: Betting,
        ante: int,
        reread_boards: bool,
        log: Log,
    ):
        self.rules = [Rule(e) for e in rows]
        self.players = players
        self.wilds = wilds
        self.give = give
        self.dead = dead
        self.betting = betting
        self.ante = ante
        self.reread_boards = reread_boards  # boards read wild cards as wild
        self.log = log
        self.shown: dict[int, int] = {}  # rank -> cards of it dealt face up
        self.awaiting: Rule | None = None  # a wild_follows waiting for the next up card
        self.extras = 0

    def on_card(self, p: PlayerState, card: Card, up: bool) -> None:
        """A card was just dealt to ``p``: fire every row it matches, in table order."""
        rank = card.rank
        if up and rank:
            self.shown[rank] = self.shown.get(rank, 0) + 1
        count = self.shown.get(rank, 0) if up else 0
        fired = [r for r in self.rules if r.matches(card, up, count)]
        if not any(r.event.wild_follows is not None for r in fired):
            self._follow(card, up)
        for rule in fired:
            if rule.event.extra_card is not None and self._spent(rule.event):
                continue  # no extra card left for this hand: the row does nothing
            self.log.append((ev.EventFired, rule.event.name, p.seat, card))
            self._effect(rule, p, card)

    # --- effects ---------------------------------------------------------------------------
    def _effect(self, rule: Rule, p: PlayerState, card: Card) -> None:
        event = rule.event
        if event.wild_follows is not None:
            self.awaiting = rule
            if event.wild_follows.previous == "cleared":
                self._set_wild(None)
        elif event.wild_rank == "this":
            self._set_wild(card.rank)
        elif event.extra_card is not None:
            self._extra(p, event)
        elif event.refund == "ante":
            self._refund(p)
        elif event.neighbours_fold is not None:
            self._neighbours(p, card.rank)

    def _follow(self, card: Card, up: bool) -> None:
        """The card dealt after a follow trigger: an up card names the wild rank."""
        rule = self.awaiting
        if rule is None or not card.rank:
            return
        follows = rule.event.wild_follows
        assert follows is not None
        if up:
            self.awaiting = None
            self._set_wild(card.rank)
        elif follows.down_card == "cancels":
            self.awaiting = None

    def _set_wild(self, rank: int | None) -> None:
        if self.wilds.set(rank):
            self.log.append((ev.WildRankSet, rank))
            if self.reread_boards:
                for q in self.players:
                    q.board = None

    def _spent(self, event: Event) -> bool:
        """The hand has had all the extra cards the row allows at this table."""
        extra = event.extra_card
        assert extra is not None
        limited = extra.most is not None and len(self.players) >= extra.most_from_players
        return limited and self.extras >= (extra.most or 0)

    def _extra(self, p: PlayerState, event: Event) -> None:
        extra = event.extra_card
        assert extra is not None
        self.extras += 1
        up = extra.face == "up"
        card = self.give(p, up)
        self.on_card(p, card, up)  # an extra card may fire events of its own

    def _refund(self, p: PlayerState) -> None:
        chips = min(self.ante, p.committed - p.bet)
        if chips <= 0:
            return
        p.committed -= chips
        p.stack += chips
        if p.all_in:
            p.all_in = False
        self.log.append((ev.Refunded, p.seat, chips))

    def _neighbours(self, p: PlayerState, rank: int) -> None:
        n = len(self.players)
        sides = {self.players[(p.index + 1) % n], self.players[(p.index - 1) % n]} - {p}
        for q in sorted(sides, key=lambda x: x.index):
            if q.folded:
                continue
            same = [c for c in q.down if c.rank == rank] or [c for c in q.up if c.rank == rank]
            if same:
                self._throw(q, same[0])
            else:
                self.betting.fold_out(q)
                self.log.append((ev.ForcedFold, q.seat))

    def _throw(self, q: PlayerState, card: Card) -> None:
        if card in q.down:
            q.down.remove(card)
        else:
            q.up.remove(card)
            ranks = [c.rank for c in q.up if c.rank]
            q.paired = len(set(ranks)) < len(ranks)
            q.board = None
        self.dead.append(card)
        self.log.append((ev.Thrown, q.seat, card))


class Dealing(Protocol):
    """What the table needs of the dealer (:class:`stud.engine.dealing.Dealer`)."""

    players: list[PlayerState]
    dead: list[Card]
    log: Log

    def extra(self, p: PlayerState, up: bool) -> Card: ...


def event_hook(
    ruleset: Ruleset, dealer: Dealing, betting: Betting, wilds: WildState, ante: int
) -> Callable[[PlayerState, Card, bool], None] | None:
    """What the dealer calls after each card a player is dealt: the ruleset's event table
    (None when it has no events, so the deal takes its fast path)."""
    if not ruleset.events:
        return None
    return EventTable(
        ruleset.events,
        dealer.players,
        wilds,
        dealer.extra,
        dealer.dead,
        betting,
        ante,
        ruleset.board.wild == "wild",
        dealer.log,
    ).on_card


def events_record(
    ruleset: Ruleset, log: Log, money: Callable[[int], Decimal]
) -> list[dict[str, Any]]:
    """What the event table did, in order, as JSON (the protocol state's and the history's
    ``events``): each row that fired (``fired``: the event's name, the seat and the card)
    and its effects (``wild``: the rank events made wild, or null; ``extra``: the card dealt
    at once; ``refund``; ``thrown``; ``fold``)."""
    extra_rows = {e.name for e in ruleset.events if e.extra_card is not None}
    out: list[dict[str, Any]] = []
    extra = False  # an extra-card row fired: the next card dealt is its card
    for entry in log:
        kind = entry[0]
        if kind is ev.EventFired:
            out.append(
                {"type": "fired", "event": entry[1], "seat": entry[2], "card": str(entry[3])}
            )
            extra = entry[1] in extra_rows
        elif kind is ev.WildRankSet:
            out.append({"type": "wild", "rank": entry[1]})
        elif kind is ev.Refunded:
            out.append({"type": "refund", "seat": entry[1], "amount": fmt(money(entry[2]))})
        elif kind is ev.Thrown:
            out.append({"type": "thrown", "seat": entry[1], "card": str(entry[2])})
        elif kind is ev.ForcedFold:
            out.append({"type": "fold", "seat": entry[1]})
        elif extra and kind in (ev.DealtDown, ev.DealtUp):  # dealt at once: the extra card
            face = "up" if kind is ev.DealtUp else "down"
            out.append({"type": "extra", "seat": entry[1], "card": str(entry[2]), "face": face})
            extra = False
    return out

"""Who opens a betting round: a table keyed by ``street.opener`` (ROUND-01..12, BRING-01..13).

Each entry returns the index (clockwise from the dealer's left) of the player who opens
(None only when nobody is left in the hand).
Ties always fall to the first such player clockwise from the dealer; with ``ties: suit`` the
board key itself tells most equal boards apart.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations
from typing import Any, Protocol

from stud import hands
from stud.cards import JOKER_ID, Card
from stud.engine.blinds import Blinds
from stud.engine.state import PlayerState
from stud.hands.board import TABLE_LOW
from stud.hands.boardtable import natural_key, natural_strength
from stud.rules.model import Ruleset, Street


class Ring(Protocol):
    """What the openers read of a hand: the players clockwise, the street, the run-out."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def order(self) -> list[PlayerState]: ...
    @property
    def street_row(self) -> Street | None: ...
    @property
    def runout(self) -> list[Card]: ...
    @property
    def blinds(self) -> Blinds: ...
    @property
    def wild_ranks(self) -> tuple[int, ...]: ...


# each ace rule and suit order's table of bring-in keys (a few, bounded by the rules' values)
_BRING_KEYS: dict[tuple[str, tuple[str, ...]], list[tuple[Any, ...]]] = {}


def _board_key(
    cards: tuple[Card, ...], ranking: str, ties: str, ranks: tuple[int, ...], joker: str
) -> tuple[Any, ...]:
    """A board's key, read from the board tables (no cache: a fresh hand's boards cost the
    same as a replayed one's).  A board of more than five cards (cards turned up by choice,
    EXPOSE-01, or five up cards and a community card) reads as its best five; an empty one
    (every up card bought back face down or thrown away) is below every board."""
    if not cards:
        return (ties,)
    if len(cards) > 5:
        return max(_board_key(five, ranking, ties, ranks, joker) for five in combinations(cards, 5))
    return (ties, *hands.board_key(cards, ranking, ties, wild_ranks=ranks, joker=joker))


def board_of(h: Ring, p: PlayerState) -> tuple[Any, ...]:
    """The player's board key, cached until it changes.

    The board is the up cards plus the community cards dealt during the hand (a street's
    centre cards, COMM-02, and a run-out card, DEAL-10), the best five of them when there
    are more; cards put in the centre before the deal (``deck.centre``) are everyone's
    alike and are not read.  A player with nothing exposed has the lowest board.  With
    ``board.wild: natural`` wild ranks read at face value.  Equal boards follow the street's
    tie rule (its ``ties``, else ``board.ties``): the key starts with that rule's name.
    """
    ties, low = _reading(h)
    key = p.board
    if key is None or key[0] != ties:  # the key leads with its tie rule (per street)
        found = natural_key(p.up, low) if low is not None else None
        key = p.board = _read(h, p, ties) if found is None else _table_key(ties, found)
    return key


def _reading(h: Ring) -> tuple[str, bool | None]:
    """The street's tie rule, and whether every board now reads straight from the board
    tables (low or high; None: some may not, see :func:`_read`)."""
    board = h.ruleset.board
    row = h.street_row
    ties = row.tie_rule(board) if row is not None else board.ties
    low = TABLE_LOW.get(board.ranking)
    if low is not None and (h.runout or (board.wild == "wild" and h.wild_ranks)):
        low = None
    return ties, low


def _table_key(ties: str, found: tuple[int, ...]) -> tuple[Any, ...]:
    """The key of a board the tables read (:func:`natural_key`'s answer)."""
    return (ties, *found) if ties == "suit" else (ties, found[0])


def _read(h: Ring, p: PlayerState, ties: str) -> tuple[Any, ...]:
    """The key of any board (the tables answer None for a joker, a wild card, a sixth card
    or no card at all)."""
    runout = h.runout
    cards = tuple(p.up + runout) if runout else tuple(p.up)
    board = h.ruleset.board
    wild = h.ruleset.wild
    ranks = h.wild_ranks if board.wild == "wild" else ()
    joker = "bug" if wild.joker == "bug-up-wild-down" else wild.joker  # up cards: a bug
    return _board_key(cards, board.ranking, ties, ranks, joker)


def best_board(h: Ring) -> int | None:
    """The player still in with the best board (None: nobody is in).

    Where the tables read every board, each board's strength is read first (no sorting)
    and the whole key only for the boards tied on the highest one."""
    ties, low = _reading(h)
    if low is not None:
        tied = _strongest(h, ties, low)
        if tied is not None:
            if len(tied) == 1:
                return tied[0].index
            return _best_key(h, tied, ties, low)
    return _best_key(h, [p for p in h.order if not p.folded], ties, low)


def _strongest(h: Ring, ties: str, low: bool) -> list[PlayerState] | None:
    """The players still in whose boards have the highest strength, in order (None: a
    board the tables do not read, or nobody is in)."""
    top: int | None = None
    tied: list[PlayerState] = []
    for p in h.order:
        if p.folded:
            continue
        key = p.board
        if key is not None and key[0] == ties:
            strength = key[1]
        else:
            strength = natural_strength(p.up, low)
            if strength is None:
                return None
        if top is None or strength > top:
            top = strength
            tied = [p]
        elif strength == top:
            tied.append(p)
    return tied or None


def _best_key(h: Ring, players: list[PlayerState], ties: str, low: bool | None) -> int | None:
    """The first of ``players`` with the highest board key."""
    best: int | None = None
    best_key: tuple[Any, ...] | None = None
    for p in players:
        key = p.board
        if key is None or key[0] != ties:
            found = natural_key(p.up, low) if low is not None else None  # as board_of
            key = p.board = _read(h, p, ties) if found is None else _table_key(ties, found)
        if best_key is None or key > best_key:
            best, best_key = p.index, key
    return best


def first_left(h: Ring) -> int | None:
    """The first player still in from the dealer's left (None: nobody is in)."""
    for p in h.order:
        if not p.folded:
            return p.index
    return None


def bring_in_seat(h: Ring) -> int | None:
    """The extreme upcard among players who can still bet; when its holder is all in,
    ``bring_in.all_in`` decides: the next extreme upcard (``next-card``) or the first
    player on the holder's left who can bet (``next-seat``)."""
    rule = h.ruleset.bring_in
    next_seat = rule.all_in == "next-seat"
    best = _extreme(h, skip_all_in=not next_seat)
    if best is not None and next_seat and h.order[best].all_in:
        ring = len(h.order)
        for step in range(1, ring):
            p = h.order[(best + step) % ring]
            if not (p.folded or p.all_in):
                return p.index
        return None
    return best if best is not None else first_left(h)


def _extreme(h: Ring, skip_all_in: bool) -> int | None:
    """The player with the extreme upcard; with several upcards each (cards turned up by
    choice, EXPOSE-02) each player's own extreme card counts."""
    rule = h.ruleset.bring_in
    keys = _card_keys(rule.aces, tuple(rule.suit_order))
    highest = rule.card == "highest"
    best: int | None = None
    best_key: tuple[Any, ...] | None = None
    for p in h.order:
        if p.folded or (skip_all_in and p.all_in) or not p.up:
            continue
        key = keys[p.up[-1]]
        if len(p.up) > 1:  # several upcards (a flip game): the player's extreme one counts
            mine = [keys[c] for c in p.up]
            key = max(mine) if highest else min(mine)
        if best_key is None or (key > best_key if highest else key < best_key):
            best, best_key = p.index, key
    return best


def _card_keys(aces: str, order: tuple[str, ...]) -> list[tuple[Any, ...]]:
    """Every card's bring-in key (by card number, the joker last) under an ace rule and a
    suit order: a table of 53 built once for each of the few such pairs."""
    keys = _BRING_KEYS.get((aces, order))
    if keys is None:
        keys = [_card_key(Card(c), aces, order) for c in range(JOKER_ID + 1)]
        _BRING_KEYS[(aces, order)] = keys
    return keys


def _card_key(card: Card, aces: str, order: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(hands.bring_in_key(card, aces, order))


def after_big_blind(h: Ring) -> int | None:
    """The player left of the big blind (BLIND-03); the round skips who cannot act."""
    return h.blinds.first_to_act()


OPENERS: dict[str, Callable[[Ring], int | None]] = {
    "bring-in": bring_in_seat,
    "best-board": best_board,
    "first-left": first_left,
    "after-big-blind": after_big_blind,
}

"""Who opens a betting round: a table keyed by ``street.opener`` (ROUND-01..12, BRING-01..13).

Each entry returns the index (clockwise from the dealer's left) of the player who opens.
Ties always fall to the first such player clockwise from the dealer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from stud import hands
from stud.cards import Card
from stud.engine.state import HandState, PlayerState


def board_of(h: HandState, p: PlayerState) -> tuple[Any, ...]:
    """The player's board key (up cards plus community cards), cached until it changes."""
    key = p.board
    if key is None:
        cards = p.up + h.community if h.community else p.up
        board = h.ruleset.board
        if board.wild == "wild" and (h.ruleset.wild.ranks or h.ruleset.wild.joker != "none"):
            key = hands.board_key(
                cards,
                board.ranking,
                board.ties,
                wild_ranks=tuple(h.ruleset.wild.ranks),
                joker=h.ruleset.wild.joker,
            )
        else:
            key = hands.board_key(cards, board.ranking, board.ties)
        p.board = key
    return key


def best_board(h: HandState) -> int:
    best = -1
    best_key: tuple[Any, ...] | None = None
    for p in h.players:
        if p.folded:
            continue
        key = board_of(h, p)
        if best_key is None or key > best_key:
            best, best_key = p.index, key
    return best


def first_left(h: HandState) -> int:
    for p in h.players:
        if not p.folded:
            return p.index
    return -1


def bring_in_seat(h: HandState) -> int:
    """The extreme upcard among players who can still bet (an all-in player is skipped)."""
    rule = h.ruleset.bring_in
    order = tuple(rule.suit_order)
    highest = rule.card == "highest"
    best = -1
    best_key: tuple[Any, ...] | None = None
    for p in h.players:
        if p.folded or p.all_in or not p.up:
            continue
        key = _card_key(p.up[-1], rule.aces, order)
        if best_key is None or (key > best_key if highest else key < best_key):
            best, best_key = p.index, key
    return best if best >= 0 else first_left(h)


def _card_key(card: Card, aces: str, order: tuple[str, ...]) -> tuple[Any, ...]:
    return tuple(hands.bring_in_key(card, aces, order))


OPENERS: dict[str, Callable[[HandState], int]] = {
    "bring-in": bring_in_seat,
    "best-board": best_board,
    "first-left": first_left,
}

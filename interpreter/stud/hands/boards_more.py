"""Board readers of the rankings whose exposed cards are not read as high or razz boards.

Each reader takes the exposed cards (one to five, no wild card) and returns the board's
strength (higher acts first) and its cards grouped in comparison order, for the suit tie
of :func:`stud.hands.board.board_key`.  As everywhere on boards, straights and flushes do
not count (DEAL-10): a deuce-to-seven board is read by its groups with aces high, the
lowest first; a razz-high board as a razz-high hand of the cards showing; an action-razz
board shows a face card or not, then reads as a razz board; a badugi board as the best
badugi among the cards showing; a football board by its points.

>>> from stud.cards import parse_cards as cards
>>> deuce_board(cards("7c 2d"))[0] > deuce_board(cards("Ac 2d"))[0]
True
>>> razz_high_board(cards("Kc Qd"))[0] > razz_high_board(cards("Ac Ad"))[0]
True
>>> action_razz_board(cards("Jc 9d"))[0] > action_razz_board(cards("2c Ad"))[0]
True
>>> badugi_board(cards("Ac 2d 3h"))[0] > badugi_board(cards("Ac 2c 3h 4h"))[0]
True
>>> football_board(cards("6c 3d"))[0], [str(g[0]) for g in football_board(cards("3d 6c Kh"))[1]]
(9, ['6c', '3d', 'Kh'])
"""

from __future__ import annotations

from collections.abc import Callable

from stud.cards import Card
from stud.hands.badugi import badugi_key
from stud.hands.partial import FOOTBALL_POINTS
from stud.hands.strength import LOW_BASE, pattern_grade
from stud.hands.variants import action_bonus, razz_high_grade

Groups = list[list[Card]]


def _grouped(cards: list[Card], rank_of: Callable[[Card], int]) -> Groups:
    """Cards grouped by rank: the bigger group first, then the higher ``rank_of``."""
    ranks = [rank_of(c) for c in cards]
    order = sorted(set(ranks), key=lambda r: (ranks.count(r), r), reverse=True)
    return [[c for c in cards if rank_of(c) == r] for r in order]


def _ace_low(card: Card) -> int:
    return 1 if card.rank == 14 else card.rank


def _ace_high(card: Card) -> int:
    return card.rank


def deuce_board(cards: list[Card]) -> tuple[int, Groups]:
    """A deuce-to-seven board: groups with aces high, the fewer and lower the better."""
    return LOW_BASE - pattern_grade([c.rank for c in cards]), _grouped(cards, _ace_high)


def razz_high_board(cards: list[Card]) -> tuple[int, Groups]:
    """A razz-high board: unpaired boards first, then the highest cards, aces low."""
    return razz_high_grade([_ace_low(c) for c in cards]), _grouped(cards, _ace_low)


def action_razz_board(cards: list[Card]) -> tuple[int, Groups]:
    """An action-razz board: showing a face card first, then the lowest razz board."""
    low = LOW_BASE - pattern_grade([_ace_low(c) for c in cards])
    return low + action_bonus([c.rank for c in cards]), _grouped(cards, _ace_low)


def _badugi(cards: list[Card], aces_high: bool) -> tuple[int, Groups]:
    strength, _ = badugi_key(cards, aces_high)
    rank_of = _ace_high if aces_high else _ace_low
    return strength, [[c] for c in sorted(cards, key=rank_of, reverse=True)]


def badugi_board(cards: list[Card]) -> tuple[int, Groups]:
    """A badugi board (aces low): the best badugi among the cards showing."""
    return _badugi(cards, aces_high=False)


def badugi_aces_high_board(cards: list[Card]) -> tuple[int, Groups]:
    """A badugi board with aces high."""
    return _badugi(cards, aces_high=True)


def football_board(cards: list[Card]) -> tuple[int, Groups]:
    """A football board: the most points first."""

    def points(c: Card) -> int:
        return FOOTBALL_POINTS.get(c.rank, 0)

    ordered = sorted(cards, key=lambda c: (points(c), c.rank), reverse=True)
    return sum(points(c) for c in cards), [[c] for c in ordered]

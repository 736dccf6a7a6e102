"""Badugi: the lowest hand of up to four cards, no two of a rank or of a suit.

From all the cards a player holds, the best badugi hand is the largest set of cards with
different ranks and different suits (a four-card "badugi" beats any three-card hand,
which beats any two-card hand...), and among sets of the same size the lowest wins,
compared from the highest card down.  Aces are low (``badugi``: four-three-two-ace is the
best hand) or high (``badugi-aces-high``: five-four-three-two is the best).

>>> from stud.cards import parse_cards as cards
>>> hand = evaluate_badugi(cards("Kd 4h 2c 3s Ad 7c 9d"))
>>> hand.name, hand.category, hand.cards
('four-three badugi', 'four-card', (4h, 3s, 2c, Ad))
>>> three = evaluate_badugi(cards("As 2s 3d 4d Kh"))
>>> three.name, three.cards
('three-card king-three', (Kh, 3d, As))
>>> four, three = evaluate_badugi(cards("As 2c 3d 4h")), evaluate_badugi(cards("As 2s 3d 4h Kh"))
>>> four.strength > three.strength
True
>>> evaluate_badugi(cards("Ac 2d 3h 4s"), aces_high=True).name
'ace-four badugi'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from stud.cards import Card
from stud.hands.evaluate import HandValue
from stud.hands.ranking import NAMES, arrange

SIZES = ("one-card", "two-card", "three-card", "four-card")


def badugi_key(cards: Sequence[int], aces_high: bool = False) -> tuple[int, tuple[int, ...]]:
    """Strength and ranks (highest first) of the best badugi in ``cards``.

    >>> from stud.cards import parse_cards as cards
    >>> badugi_key(cards("5c 4d 3h 2s"))[1], badugi_key(cards("5c 5d 3h 3c"))[1]
    ((5, 4, 3, 2), (5, 3))
    """
    points = [Card(int(c)) for c in cards]
    for size in range(min(4, len(points)), 0, -1):
        best: tuple[int, ...] | None = None
        for combo in combinations(points, size):
            if len({c.rank for c in combo}) < size or len({c.suit for c in combo}) < size:
                continue
            ranks = tuple(sorted((_rank(c, aces_high) for c in combo), reverse=True))
            if best is None or ranks < best:
                best = ranks
        if best is not None:
            return _strength(best), best
    return 0, ()


def _rank(card: Card, aces_high: bool) -> int:
    return 1 if card.rank == 14 and not aces_high else card.rank


def _strength(ranks: tuple[int, ...]) -> int:
    value = len(ranks) << 16
    for shift, rank in zip((12, 8, 4, 0), ranks, strict=False):
        value |= (15 - rank) << shift
    return value


def evaluate_badugi(cards: Sequence[int], aces_high: bool = False) -> HandValue | None:
    """The best badugi hand among ``cards`` (at least one card)."""
    strength, ranks = badugi_key(cards, aces_high)
    if not ranks:
        return None
    chosen = _pick(cards, ranks, aces_high)
    ordered = arrange(chosen, ranks, ace_low=not aces_high)
    return HandValue(strength, ordered, _name(ranks), SIZES[len(ranks) - 1])


def _pick(cards: Sequence[int], ranks: tuple[int, ...], aces_high: bool) -> list[int]:
    """Cards of ``ranks`` with different suits (the first such set, highest suits first)."""
    points = sorted((Card(int(c)) for c in cards), key=lambda c: -c.suit)
    for combo in combinations(points, len(ranks)):
        if sorted((_rank(c, aces_high) for c in combo), reverse=True) == list(ranks) and len(
            {c.suit for c in combo}
        ) == len(ranks):
            return list(combo)
    raise AssertionError("the ranks came from these cards")  # pragma: no cover


def _name(ranks: tuple[int, ...]) -> str:
    if len(ranks) == 1:
        return f"one-card {NAMES[ranks[0]]}"
    pair = f"{NAMES[ranks[0]]}-{NAMES[ranks[1]]}"
    return f"{pair} badugi" if len(ranks) == 4 else f"{SIZES[len(ranks) - 1]} {pair}"

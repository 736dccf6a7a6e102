"""Deuce-to-seven low ("Kansas City" lowball): the worst high hand wins.

Aces are always high, straights and flushes count against the hand, and ace-two-three-
four-five is not a straight but an ace-high hand.  The best hand is seven-five-four-
three-two of mixed suits.  The strength is ``LOW_BASE`` minus the hand's high grade (with
the wheel read as ace high), so a higher strength is still the better low.

>>> from stud.cards import parse_cards as cards
>>> best = evaluate_deuce_to_seven(cards("7c 5d 4h 3s 2c Kd Kh"))
>>> best.name, best.category, best.cards
('seven-five low', 'high-card', (7c, 5d, 4h, 3s, 2c))
>>> wheel = evaluate_deuce_to_seven(cards("Ac 5d 4h 3s 2c"))
>>> straight = evaluate_deuce_to_seven(cards("6c 5d 4h 3s 2c"))
>>> wheel.name, straight.name, wheel.strength > straight.strength
('ace-five low', 'six-high straight', True)
>>> evaluate_deuce_to_seven(cards("8h 6h 5h 4h 2h")).name
'flush, eight high'
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from stud.hands.evaluate import HandValue
from stud.hands.fast import evaluate_high5
from stud.hands.ranking import arrange
from stud.hands.strength import (
    CATEGORY_NAMES,
    FLUSH,
    HIGH_CARD,
    LOW_BASE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    category_of,
    five_ranks,
    grade,
    low_name,
    ranks_of,
)

_WHEEL = {  # ace-five-four-three-two is ace high, not a straight
    STRAIGHT: grade(HIGH_CARD, [14, 5, 4, 3, 2]),
    STRAIGHT_FLUSH: grade(FLUSH, [14, 5, 4, 3, 2]),
}


def deuce_to_seven5(a: int, b: int, c: int, d: int, e: int) -> int:
    """Deuce-to-seven strength of exactly five natural cards (higher is the better low).

    >>> from stud.cards import parse_cards as cards
    >>> deuce_to_seven5(*cards("7c 5d 4h 3s 2c")) > deuce_to_seven5(*cards("8c 5d 4h 3s 2c"))
    True
    """
    value = evaluate_high5(a, b, c, d, e)
    category = category_of(value)
    if category in _WHEEL and ranks_of(value)[0] == 5:
        value = _WHEEL[category]
    return LOW_BASE - value


def evaluate_deuce_to_seven(cards: Sequence[int]) -> HandValue | None:
    """The best deuce-to-seven low among every five of ``cards`` (five or more)."""
    best = -1
    best_five: tuple[int, ...] = ()
    five: tuple[int, ...]
    for five in combinations(cards, 5):
        value = deuce_to_seven5(*five)
        if value > best:
            best, best_five = value, five
    if best < 0:
        return None
    badness = LOW_BASE - best
    category = category_of(badness)
    cards_read = arrange(best_five, five_ranks(badness))
    return HandValue(best, cards_read, low_name(best), CATEGORY_NAMES[category])

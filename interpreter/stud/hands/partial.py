"""Hands of fewer or other cards than five: two-card hands, one card, football points.

* ``two-card-high``: the best two cards, a pair above any two unpaired cards, aces high
  (Henway's high hand, the two-card hand of Outhouse and Cowpie).
* ``two-card-low``: the lowest two cards, ace-to-five (aces low, unpaired beats paired).
* ``one-card-high`` / ``one-card-low``: a single card, the highest or the lowest, aces
  high; with a share's ``suit`` and ``cards: down`` this is the spade in the hole.
* ``football``: every card scores (six: 6, three: 3, deuce: 2, ace: 1, others nothing)
  and the highest total wins; all the cards held count.

>>> from stud.cards import parse_cards as cards
>>> evaluate_two_card_high(cards("Kd 7c Kh")).name, evaluate_two_card_high(cards("As 9c")).name
('pair of kings', 'ace-nine high')
>>> evaluate_two_card_low(cards("As 2c Kd")).name, evaluate_two_card_low(cards("7c 7d")).name
('two-ace low', 'pair of sevens')
>>> evaluate_one_card_high(cards("9s 4s")).name, evaluate_one_card_low(cards("9s 4s As")).name
('nine of spades', 'four of spades')
>>> hand = evaluate_football(cards("6c 6d 3h 2s Ac Kd 9c"))
>>> hand.name, hand.strength
('18 points', 18)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from stud.cards import Card
from stud.hands.evaluate import HandValue
from stud.hands.ranking import arrange, card_name, pair_name
from stud.hands.strength import (
    CATEGORY_NAMES,
    HIGH_CARD,
    LOW_BASE,
    category_of,
    five_ranks,
    high_name,
    low_name,
    pattern_grade,
    ranks_of,
)


def _ranks(cards: Sequence[int], ace_low: bool) -> list[int]:
    out = []
    for c in cards:
        rank = Card(int(c)).rank
        out.append(1 if ace_low and rank == 14 else rank)
    return out


def _best_two(cards: Sequence[int], ace_low: bool, low: bool) -> HandValue | None:
    best: tuple[int, tuple[int, ...]] | None = None
    two: tuple[int, ...]
    for two in combinations(cards, 2):
        value = pattern_grade(_ranks(two, ace_low))
        strength = LOW_BASE - value if low else value
        if best is None or strength > best[0]:
            best = (strength, two)
    if best is None:
        return None
    strength, two = best
    value = LOW_BASE - strength if low else strength
    ranks = ranks_of(value)
    if low:
        name = low_name(strength)
    elif category_of(value) == HIGH_CARD:
        name = pair_name(ranks[0], ranks[1], "high")
    else:
        name = high_name(value)
    played = arrange(two, five_ranks(value, low=ace_low)[:2], ace_low=ace_low)
    return HandValue(strength, played, name, CATEGORY_NAMES[category_of(value)])


def evaluate_two_card_high(cards: Sequence[int]) -> HandValue | None:
    """The best two of ``cards`` (two or more), high."""
    return _best_two(cards, ace_low=False, low=False)


def evaluate_two_card_low(cards: Sequence[int]) -> HandValue | None:
    """The lowest two of ``cards`` (two or more), ace-to-five."""
    return _best_two(cards, ace_low=True, low=True)


def _one_card(cards: Sequence[int], highest: bool) -> HandValue | None:
    if not cards:
        return None
    ranked = sorted((Card(int(c)) for c in cards), key=lambda c: (c.rank, c.suit))
    card = ranked[-1] if highest else ranked[0]
    strength = card.rank if highest else 15 - card.rank
    return HandValue(strength, (card,), card_name(card), "one-card")


def evaluate_one_card_high(cards: Sequence[int]) -> HandValue | None:
    """The highest card of ``cards``, aces high (equal ranks tie)."""
    return _one_card(cards, highest=True)


def evaluate_one_card_low(cards: Sequence[int]) -> HandValue | None:
    """The lowest card of ``cards``, aces high, so a deuce is the lowest."""
    return _one_card(cards, highest=False)


FOOTBALL_POINTS = {6: 6, 3: 3, 2: 2, 14: 1}  # touchdown, field goal, safety, extra point


def football_points(cards: Sequence[int]) -> int:
    """The football total of ``cards``."""
    return sum(FOOTBALL_POINTS.get(Card(int(c)).rank, 0) for c in cards)


def evaluate_football(cards: Sequence[int]) -> HandValue | None:
    """Every card of ``cards`` counts: the total, with all the cards as the hand."""
    if not cards:
        return None
    points = football_points(cards)
    played = tuple(sorted((Card(int(c)) for c in cards), reverse=True))
    unit = "point" if points == 1 else "points"
    return HandValue(points, played, f"{points} {unit}", "points")

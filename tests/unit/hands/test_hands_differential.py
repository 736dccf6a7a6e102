"""The high evaluator against independent ones, and against the slow reference."""

from __future__ import annotations

import random

import pytest
from hands_reference import assert_same_order, best_high
from stud.cards import Card
from stud.hands import evaluate, evaluate_high7

SEED = 20261122


def _hands(count: int, size: int = 7, seed: int = SEED) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def test_against_treys_on_100k_seven_card_hands() -> None:
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    to_treys = [treys.Card.new(str(Card(i))) for i in range(52)]
    pairs = []
    for hand in _hands(100_000):
        theirs = evaluator.evaluate(
            [to_treys[c] for c in hand[:2]], [to_treys[c] for c in hand[2:]]
        )
        pairs.append((-theirs, evaluate_high7(*hand)))  # treys: 1 is the best hand
    assert_same_order(pairs)


def test_against_phevaluator() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    pairs = []
    for hand in _hands(20_000, seed=SEED + 1):
        theirs = phevaluator.evaluate_cards(*(str(Card(c)) for c in hand))
        pairs.append((-theirs, evaluate_high7(*hand)))  # phevaluator: smaller is better
    assert_same_order(pairs)


@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_evaluate_against_reference(size: int) -> None:
    pairs = []
    for hand in _hands(1500, size, seed=SEED + size):
        cards = [Card(c) for c in hand]
        value = evaluate(cards)
        assert value is not None
        reference = best_high([(c.rank, c.suit) for c in cards])
        pairs.append((reference, value.strength))
        # the five shown are among the hand and are worth the whole hand
        assert len(value.cards) == 5 and set(value.cards) <= set(cards)
        assert evaluate(value.cards).strength == value.strength  # type: ignore[union-attr]
        if size == 7:
            assert evaluate_high7(*cards) == value.strength
    assert_same_order(pairs)

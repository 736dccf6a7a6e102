"""Ace-to-five, eight-or-better and ace-to-six against the slow reference."""

from __future__ import annotations

import random

import pytest
from hands_reference import assert_same_order, best_low
from hypothesis import given, settings
from hypothesis import strategies as st
from stud.cards import Card, parse_cards
from stud.hands import (
    evaluate,
    evaluate_ace_to_five7,
    evaluate_ace_to_six7,
    evaluate_eight_or_better7,
)

SEED = 5150
FAST = {"ace-to-five": evaluate_ace_to_five7, "ace-to-six": evaluate_ace_to_six7}


def _hands(count: int, size: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [[Card(c) for c in rng.sample(range(52), size)] for _ in range(count)]


def _pairs(cards: list[Card]) -> list[tuple[int, int]]:
    return [(c.rank, c.suit) for c in cards]


@pytest.mark.parametrize("ranking", ["ace-to-five", "ace-to-six"])
@pytest.mark.parametrize("size", [5, 6, 7, 8])
def test_low_against_reference(ranking: str, size: int) -> None:
    pairs = []
    for hand in _hands(1200, size, SEED + size):
        value = evaluate(hand, ranking)
        assert value is not None and value.category == "low"
        pairs.append((best_low(_pairs(hand), ranking), value.strength))
        assert evaluate(value.cards, ranking).strength == value.strength  # type: ignore[union-attr]
        if size == 7:
            assert FAST[ranking](*hand) == value.strength
    assert_same_order(pairs, smaller_is_better=True)


@pytest.mark.parametrize("ranking", ["ace-to-five", "ace-to-six"])
def test_qualifier_against_reference(ranking: str) -> None:
    pairs = []
    for hand in _hands(3000, 7, SEED):
        value = evaluate(hand, ranking, qualifier=8)
        reference = best_low(_pairs(hand), ranking, qualifier=8)
        assert (value is None) == (reference is None), hand
        if ranking == "ace-to-five":
            assert evaluate_eight_or_better7(*hand) == (0 if value is None else value.strength)
        if value is not None:
            pairs.append((reference, value.strength))
            assert all(c.rank <= 8 or c.rank == 14 for c in value.cards)
    assert len(pairs) > 500  # about half of seven-card hands hold an eight-or-better low
    assert_same_order(pairs, smaller_is_better=True)


def test_fast_lows_on_many_hands() -> None:
    for hand in _hands(5000, 7, SEED + 99):
        five = evaluate(hand, "ace-to-five")
        assert five is not None and evaluate_ace_to_five7(*hand) == five.strength
        eight = evaluate(hand, "ace-to-five", qualifier=8)
        assert evaluate_eight_or_better7(*hand) == (eight.strength if eight else 0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), st.randoms())
def test_order_of_cards_does_not_matter(cards: list[int], rnd: random.Random) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    for ranking in ("high", "ace-to-five", "ace-to-six"):
        first, second = evaluate(cards, ranking), evaluate(shuffled, ranking)
        assert first is not None and second is not None
        assert first.strength == second.strength


def test_worked_low_examples() -> None:
    # HILO-03: the wheel is the best ace-to-five low and also a five-high straight
    wheel = parse_cards("5d 4h 3c 2s Ah")
    best = evaluate(wheel, "ace-to-five", qualifier=8)
    assert best is not None and best.name == "five-four low"
    wheel_high = evaluate(wheel)
    assert wheel_high is not None and wheel_high.name == "five-high straight"
    # HILO-02: a pair or a card above eight does not qualify
    assert evaluate(parse_cards("Ah 2s 3c 4h 4d"), "ace-to-five", qualifier=8) is None
    assert evaluate(parse_cards("Ah 2s 3c 4h 9d"), "ace-to-five", qualifier=8) is None
    # RAZZ-01: with no qualifier a paired hand is still a (bad) low
    paired = evaluate(parse_cards("Kh Ks 3c 2d Ah"), "ace-to-five")
    assert paired is not None and paired.name == "pair of kings"
    # LONDON-01: ace-to-six counts straights and flushes against the hand
    a6 = "ace-to-six"
    six_four = evaluate(parse_cards("6d 4h 3c 2s Ah"), a6)
    straight = evaluate(parse_cards("5d 4h 3c 2s Ah"), a6)
    flush = evaluate(parse_cards("7h 4h 3h 2h Ah"), a6)
    seven_four = evaluate(parse_cards("7h 4h 3h 2h Ad"), a6)
    assert six_four and straight and flush and seven_four
    assert six_four.strength > seven_four.strength > flush.strength
    assert seven_four.strength > straight.strength
    assert (straight.name, six_four.name) == ("five-high straight", "six-four low")
    # the ace is only low in ace-to-six: A-K-Q-J-T is no straight, just king high
    royal = evaluate(parse_cards("As Kd Qh Jc Th"), a6)
    assert royal is not None and royal.name == "king-queen low"

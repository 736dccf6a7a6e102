"""Wild cards, the bug joker and Low Hole, against brute-force substitution."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, product

import pytest
from hands_reference import (
    FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    ace_to_five_badness,
    ace_to_six_badness,
    assert_same_order,
    high_value,
    qualifies,
)
from stud.cards import JOKER, Card, parse_cards
from stud.errors import CardError
from stud.hands import evaluate

EVERY_CARD = [(r, s) for r in range(2, 15) for s in range(4)]
ACES = [(14, s) for s in range(4)]


def _is_wild(card: Card, wild_ranks: Sequence[int]) -> bool:
    return card.is_joker or card.rank in wild_ranks


def _reference_high(hand: list[Card], wild_ranks: Sequence[int], bug: bool) -> object:
    """Try every card for every wild card (the bug: an ace, or a straight/flush maker)."""
    best = None
    for five in combinations(hand, 5):
        naturals = [(c.rank, c.suit) for c in five if not _is_wild(c, wild_ranks)]
        wild_cards = [c for c in five if _is_wild(c, wild_ranks)]
        for choice in product(EVERY_CARD, repeat=len(wild_cards)):
            value = high_value(naturals + list(choice))
            if bug:
                for card, stand_in in zip(wild_cards, choice, strict=True):
                    if (
                        card.is_joker
                        and stand_in[0] != 14
                        and value[0]
                        not in (
                            STRAIGHT,
                            FLUSH,
                            STRAIGHT_FLUSH,
                        )
                    ):
                        value = None  # type: ignore[assignment]
                        break
            if value is not None and (best is None or value > best):
                best = value
    return best


def _reference_low(
    hand: list[Card], wild_ranks: Sequence[int], ranking: str, qualifier: int | None
) -> object:
    badness = ace_to_five_badness if ranking == "ace-to-five" else ace_to_six_badness
    best = None
    for five in combinations(hand, 5):
        naturals = [(c.rank, c.suit) for c in five if not _is_wild(c, wild_ranks)]
        wilds = len(five) - len(naturals)
        for choice in product(EVERY_CARD, repeat=wilds):
            cards = naturals + list(choice)
            if qualifier is not None and not qualifies(cards, qualifier):
                continue
            value = badness(cards)
            if best is None or value < best:
                best = value
    return best


def _wild_hands(
    size: int, count: int, wild_rank: int, seed: int, max_wild: int
) -> list[list[Card]]:
    rng = random.Random(seed)
    deck = [Card(i) for i in range(52)] + [JOKER]
    hands: list[list[Card]] = []
    while len(hands) < count:
        hand = rng.sample(deck, size)
        wilds = sum(_is_wild(c, (wild_rank,)) for c in hand)
        if 1 <= wilds <= max_wild:
            hands.append(hand)
    return hands


@pytest.mark.parametrize(("size", "max_wild"), [(5, 2), (6, 2), (7, 1)])
@pytest.mark.parametrize("joker", ["wild", "bug"])
def test_high_with_wilds_against_substitution(size: int, max_wild: int, joker: str) -> None:
    pairs = []
    for hand in _wild_hands(size, 120, wild_rank=2, seed=size * 7, max_wild=max_wild):
        value = evaluate(hand, wild_ranks=(2,), joker=joker)
        assert value is not None
        pairs.append((_reference_high(hand, (2,), joker == "bug"), value.strength))
    assert_same_order(pairs)


@pytest.mark.parametrize("ranking", ["ace-to-five", "ace-to-six"])
@pytest.mark.parametrize("qualifier", [None, 8])
def test_lows_with_wilds_against_substitution(ranking: str, qualifier: int | None) -> None:
    pairs = []
    nones = 0
    for hand in _wild_hands(6, 150, wild_rank=9, seed=31, max_wild=2):
        value = evaluate(hand, ranking, qualifier=qualifier, wild_ranks=(9,), joker="wild")
        reference = _reference_low(hand, (9,), ranking, qualifier)
        assert (value is None) == (reference is None), hand
        if value is None:
            nones += 1
        else:
            pairs.append((reference, value.strength))
    assert nones > 0 if qualifier else nones == 0
    assert_same_order(pairs, smaller_is_better=True)


def test_low_hole_example() -> None:
    # LOWHOLE-01: 9h 4s down and 3c up: fours are wild for this player
    hand = parse_cards("9h 4s 3c 4d Kd Ks 8c")
    value = evaluate(hand, wild_ranks=(4,))
    assert value is not None and value.name == "four of a kind, kings"
    assert set(value.cards) == set(parse_cards("4s 4d Kd Ks 9h"))
    # a seventh card 2 in the hole makes deuces wild instead: the fours are natural again
    hand = parse_cards("9h 4s 3c 4d Kd Ks 2c")
    value = evaluate(hand, wild_ranks=(2,))
    assert value is not None and value.name == "full house, kings over fours"


def test_low_hole_ace_is_wild_for_the_low_only() -> None:
    # LOWHOLE-02: an ace in the hole; the engine passes 14 for the low and nothing for high
    hand = parse_cards("Ah Ad 7s 3c 5d 4h Kc")
    low = evaluate(hand, "ace-to-five", qualifier=8, wild_ranks=(14,))
    natural_low = evaluate(hand, "ace-to-five", qualifier=8)
    high = evaluate(hand)
    assert low is not None and low.name == "five-four low"  # the aces stand for ace and deuce
    assert natural_low is not None and natural_low.name == "seven-five low"
    assert high is not None and high.name == "pair of aces"


def test_bug_examples() -> None:
    # ASF-02: joker with four hearts is a flush; with two aces, trip aces; with two kings,
    # only a pair of kings (the joker is then an ace kicker)
    flush = evaluate(parse_cards("Jk 9h 4h 7h Kh Qs 2c"), joker="bug")
    assert flush is not None and flush.name == "flush, ace high"
    trips = evaluate(parse_cards("Jk As Ad 9c 7h 5s 2c"), joker="bug")
    assert trips is not None and trips.name == "three of a kind, aces"
    kings = evaluate(parse_cards("Jk Ks Kd 9c 7h 5s 2c"), joker="bug")
    assert kings is not None and kings.name == "pair of kings"
    assert kings.cards == (Card.parse("Ks"), Card.parse("Kd"), JOKER, *parse_cards("9c 7h"))
    straight = evaluate(parse_cards("Jk 9s 8d 6c 5h Kc 2d"), joker="bug")
    assert straight is not None and straight.name == "nine-high straight"
    assert straight.cards == (*parse_cards("5h 6c"), JOKER, *parse_cards("8d 9s"))
    aces = evaluate(parse_cards("Jk As Ad Ah Ac 3d 2c"), joker="bug")
    assert aces is not None and aces.name == "five of a kind, aces"
    # a fully wild joker with the same kings is trips
    wild = evaluate(parse_cards("Jk Ks Kd 9c 7h 5s 2c"), joker="wild")
    assert wild is not None and wild.name == "three of a kind, kings"


def test_five_of_a_kind_beats_a_straight_flush() -> None:
    five = evaluate(parse_cards("2c 7s 7d 7h 7c"), wild_ranks=(2,))
    royal = evaluate(parse_cards("As Ks Qs Js Ts"))
    assert five is not None and royal is not None
    assert five.category == "five-of-a-kind" and five.strength > royal.strength
    all_wild = evaluate(parse_cards("2c 2d 2h 2s Jk"), wild_ranks=(2,), joker="wild")
    assert all_wild is not None and all_wild.name == "five of a kind, aces"


def test_wild_low_takes_the_lowest_rank_not_showing() -> None:
    value = evaluate(parse_cards("Jk Ad 3d 4h 6c Ks"), "ace-to-five", joker="wild")
    assert value is not None and value.name == "six-four low"
    assert value.cards == (*parse_cards("6c 4h 3d"), JOKER, Card.parse("Ad"))  # joker = deuce
    bug = evaluate(parse_cards("Jk Ad 3d 4h 6c Ks"), "ace-to-five", joker="bug")
    assert bug is not None and bug.strength == value.strength


def test_a_joker_needs_a_joker_rule() -> None:
    with pytest.raises(CardError, match="joker"):
        evaluate(parse_cards("Jk 3d 4h 6c Kc"))

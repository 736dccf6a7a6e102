"""The public contract of ``stud.hands.evaluate``: arguments, errors, names, card order."""

from __future__ import annotations

import dataclasses

import pytest
from stud.cards import Card, parse_cards
from stud.errors import CardError
from stud.hands import HandValue, evaluate


def _value(text: str, ranking: str = "high", **kw: object) -> HandValue:
    value = evaluate(parse_cards(text), ranking, **kw)  # type: ignore[arg-type]
    assert value is not None
    return value


@pytest.mark.parametrize(
    ("text", "name", "category", "shown"),
    [
        ("Qs Qh Qd 3c 3s 9d 2c", "full house, queens over threes", "full-house", "Qs Qh Qd 3s 3c"),
        ("Kh Kc 5d 5s Ah 2c 3d", "two pair, kings and fives", "two-pair", "Kh Kc 5s 5d Ah"),
        ("2h Jc Qc Ks Ad Ts 9c", "ace-high straight", "straight", "Ts Jc Qc Ks Ad"),
        ("Ad 2c 3h 4s 5d Kc Kh", "five-high straight", "straight", "Ad 2c 3h 4s 5d"),
        ("Ah 9h 7h 4h 2h Ks Kd", "flush, ace high", "flush", "Ah 9h 7h 4h 2h"),
        ("7s 7d Ah Kc 4d 3s 2c", "pair of sevens", "pair", "7s 7d Ah Kc 4d"),
        ("Ac Jh 9s 8d 6h 3c 2d", "high card, ace", "high-card", "Ac Jh 9s 8d 6h"),
        ("9c 9d 9h 9s Ac Kd 2h", "four of a kind, nines", "four-of-a-kind", "9s 9h 9d 9c Ac"),
        ("Tc Jc Qc Kc Ac 2d 3h", "royal flush", "straight-flush", "Tc Jc Qc Kc Ac"),
        ("5c 6c 7c 8c 9c 2d 3h", "nine-high straight flush", "straight-flush", "5c 6c 7c 8c 9c"),
        ("7c 7d 7h Ac Kd 2h 3s", "three of a kind, sevens", "three-of-a-kind", "7h 7d 7c Ac Kd"),
    ],
)
def test_names_categories_and_card_order(text: str, name: str, category: str, shown: str) -> None:
    value = _value(text)
    assert (value.name, value.category) == (name, category)
    assert value.cards == tuple(parse_cards(shown))


def test_three_pair_is_two_pair_with_the_best_kicker() -> None:
    # SHOW-02
    value = _value("Kh Kc 5d 5s 9h 9c 2d")
    assert value.name == "two pair, kings and nines"
    assert value.cards[-1].rank == 5


def test_suits_never_break_ties() -> None:
    # SHOW-05
    assert _value("Ah 9h 7h 4h 2h").strength == _value("As 9s 7s 4s 2s").strength
    assert _value("Ah Kd 7h 4c 2h").strength == _value("As Kc 7d 4h 2s").strength


def test_low_names_and_order() -> None:
    value = _value("7h 6s 5c 3d 2h Kc Kd", "ace-to-five", qualifier=8)
    assert (value.name, value.category) == ("seven-six low", "low")
    assert value.cards == tuple(parse_cards("7h 6s 5c 3d 2h"))
    assert str(value) == "seven-six low (7h 6s 5c 3d 2h)"


def test_eight_cards() -> None:
    # seven cards plus a community card
    value = _value("As Ks Qs Js 2c 3d 4h Ts")
    assert value.name == "royal flush"


def test_hand_value_is_frozen() -> None:
    value = _value("As Ks Qs Js Ts")
    with pytest.raises(dataclasses.FrozenInstanceError):
        value.strength = 0  # type: ignore[misc]


def test_raw_ints_are_accepted() -> None:
    cards = [int(c) for c in parse_cards("As Ks Qs Js Ts")]
    assert _value("As Ks Qs Js Ts") == evaluate(cards)


@pytest.mark.parametrize(
    ("cards", "kwargs", "error", "match"),
    [
        ("As Ks Qs Js", {}, CardError, "5 to 12"),
        ("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", {}, CardError, "5 to 12"),
        ("As Ks Qs Js As", {}, CardError, "twice"),
        ("As Ks Qs Js Ts", {"ranking": "seven-to-deuce"}, ValueError, "ranking"),
        ("As Ks Qs Js Ts", {"joker": "maybe"}, ValueError, "joker"),
        ("As Ks Qs Js Ts", {"qualifier": 8}, ValueError, "qualifier"),
        ("As Ks Qs Js Ts", {"ranking": "ace-to-five", "qualifier": 4}, ValueError, "qualifier"),
        ("As Ks Qs Js Ts", {"wild_ranks": (1,)}, ValueError, "wild"),
    ],
)
def test_bad_arguments(cards: str, kwargs: dict, error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        evaluate(parse_cards(cards), **kwargs)


@pytest.mark.parametrize(
    ("cards", "kwargs", "name"),
    [
        # nine-card stud (CARDS-01): the best five of nine
        ("2c 7d 9h Jc Qs 3d 4h 8s Kc", {}, "high card, king"),
        ("2c 7d 9h Jc Qs 3d 4h 8s Ts", {}, "queen-high straight"),
        ("2c 2d 9h 9c Qs 3d 4h 8s 9s", {}, "full house, nines over twos"),
        # eleven cards: seven and four extra ones (baseball), threes and nines wild
        ("2c 7d 5h Jc Qs 4d 4h 8s Kc 4c 3s", {"wild_ranks": (3, 9)}, "four of a kind, fours"),
        ("Ac 2c 3c 4c 6d 7d 8d 9s Th Jh Qh Kh", {"ranking": "ace-to-five"}, "six-four low"),
    ],
)
def test_more_than_eight_cards(cards: str, kwargs: dict, name: str) -> None:
    value = evaluate(parse_cards(cards), **kwargs)
    assert value is not None and value.name.startswith(name)


def test_card_type() -> None:
    value = _value("As Ks Qs Js Ts")
    assert all(isinstance(c, Card) for c in value.cards)

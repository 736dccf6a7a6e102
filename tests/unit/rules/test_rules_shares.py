"""The validator on pot shares: rankings of the table, qualifiers, hand making, names."""

from __future__ import annotations

from typing import Any

import pytest
from stud.errors import RulesetError
from stud.rules import load_ruleset


def problems(name: str = "seven-card-stud", **overrides: Any) -> str:
    """Every problem of the ruleset with these dotted overrides, as one text."""
    try:
        load_ruleset(name, {k.replace("__", "."): v for k, v in overrides.items()})
    except RulesetError as exc:
        return str(exc)
    return ""


HIGH = {"name": "high"}


@pytest.mark.parametrize(
    ("shares", "extra", "found"),
    [
        ([HIGH, HIGH], {}, "the share 'high' is listed twice"),
        ([{"name": "low", "ranking": "razz-high"}], {}, "the low share is ranked 'razz-high'"),
        ([{"name": "high", "ranking": "badugi"}], {}, "the high share is ranked 'badugi'"),
        ([{"name": "b", "ranking": "badugi", "qualifier": 8}], {}, "takes one (ace-to-five"),
        ([{"name": "h", "minimum": "9s 9h 8s"}], {}, "'9s 9h 8s' is not a high hand"),
        ([{"name": "h", "minimum": "9s 9s 8s 8h 5d"}], {}, "appears twice"),
        ([{"name": "h", "own": 2}], {}, "own and common go together"),
        ([{"name": "h", "own": 2, "common": 2}], {}, "make 4 cards, but a high hand has 5"),
        ([{"name": "h", "own": 2, "common": 3, "cards": "own"}], {}, "expected cards: all"),
        ([HIGH, {"name": "s", "fallback": "nobody"}], {}, "there is no other share named"),
        ([{"name": "h", "cards": "down"}], {}, "3 hole cards, too few for a high hand"),
        (
            [HIGH, {"name": "b", "ranking": "badugi"}],
            {"wild__ranks": [2]},
            "the badugi ranking reads no wild card",
        ),
        (
            [{"name": "high", "ranking": "stripped-high"}],
            {"deck__jokers": 1, "wild__joker": "bug-up-wild-down"},
            "the stripped-high ranking reads no wild card",
        ),
        ([HIGH, {"name": "x"}], {"pot__odd_chip_share": "low"}, "there is no low share"),
        ([HIGH], {"showdown__method": "declare"}, "a declaration needs two shares or more"),
        (
            [HIGH, {"name": "both", "ranking": "ace-to-five"}],
            {"showdown__method": "declare"},
            "'both' and 'all' are what a player declares",
        ),
    ],
)
def test_share_problems_are_reported(shares: list[Any], extra: dict[str, Any], found: str) -> None:
    assert found in problems(pot__shares=shares, **extra)


def test_a_minimum_on_every_share_needs_the_unqualified_rule() -> None:
    shares = [{"name": "high", "minimum": "9s 9h 8s 8h 5d"}, {"name": "s", "suit": "spades"}]
    assert "every share has a qualifier" in problems(pot__shares=shares)
    assert problems(pot__shares=shares, pot__unqualified="split") == ""


def test_a_stripped_pack_is_dealt_without_its_ranks() -> None:
    assert problems(deck__stripped=[8, 9, 10]) == ""  # the dealer strips the pack (DECK-01)


def test_fewer_cards_are_enough_for_rankings_that_read_fewer() -> None:
    two = [{"name": "high", "ranking": "two-card-high"}, {"name": "low", "ranking": "two-card-low"}]
    streets = [{"name": "second", "deal": ["down", "up"], "opener": "bring-in"}]
    assert problems(pot__shares=two, streets=streets) == ""
    assert "too few for a five-card hand" in problems(streets=streets)
    assert "too few for a badugi hand" in problems(
        pot__shares=[{"name": "b", "ranking": "badugi"}], streets=streets
    )


def test_every_ranking_of_the_table_may_name_a_share_and_a_board() -> None:
    from stud.hands import RANKING_NAMES, ranking

    for name in RANKING_NAMES:
        share = {"name": "high" if ranking(name).direction == "high" else "low", "ranking": name}
        assert problems(pot__shares=[share], board__ranking=name) == "", name

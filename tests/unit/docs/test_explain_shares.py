"""`stud explain` says the rankings and pot shares of the house games in English."""

from __future__ import annotations

import pytest
from stud.docs.explain import explain
from stud.hands import RANKING_NAMES, ranking
from stud.rules import load_ruleset


def text(name: str, overrides: dict | None = None) -> str:
    return " ".join(" ".join(explain(load_ruleset(name, overrides))).split())


def test_a_spade_share_and_its_fallback_read_in_english() -> None:
    out = text("chicago")
    assert "the spade share for the highest spade among the hole cards (aces high)" in out
    assert "If nobody wins spade, its part goes to high." in out
    assert "the lowest spade among the hole cards" in text("low-chicago")


def test_three_shares_are_cut_in_equal_parts_with_the_odd_units_in_order() -> None:
    out = text("oakland-raiders")
    assert "the points share for the best football count" in out
    assert "If nobody qualifies for low, the pot is cut among the shares that have a winner." in out
    assert "units left over go one each to high and the shares after it in order" in out


def test_a_minimum_hand_is_named_with_its_cards() -> None:
    out = text("double-qualifier")
    assert "the best high hand, at least two pair, nines and eights (9♠ 9♥ 8♠ 8♥ 5♦)" in out
    assert "If nobody qualifies for one share, the other takes the whole pot." in out
    assert "shared equally among its players" in out


def test_two_lows_are_named_and_declarations_list_the_shares() -> None:
    out = text("razzdugi")
    assert "the razz share for the best ace-to-five low" in out
    assert "the badugi share for the best badugi (the lowest hand of up to four cards" in out
    declare = text(
        "stud-hi-lo-declare",
        {
            "pot.shares": [
                {"name": "high"},
                {"name": "low", "ranking": "ace-to-five"},
                {"name": "points", "ranking": "football"},
            ]
        },
    )
    assert "each player declares high, low, points or all" in declare
    assert "a player who declares all must win every share or is out" in declare


def test_hand_making_and_boards_of_the_new_rankings() -> None:
    own = text("aces-straights-flushes", {"pot.shares": [{"name": "high", "cards": "own"}]})
    assert "the best high hand made of the player's own cards only" in own
    exact = text(
        "aces-straights-flushes", {"pot.shares": [{"name": "high", "own": 4, "common": 1}]}
    )
    assert "made of exactly four of the player's cards and one common card" in exact
    assert "the best board is the lowest, aces high (pairs are bad)" in text("deuce-to-seven-razz")
    assert "a board showing a jack, queen or king is best" in text("action-razz")


@pytest.mark.parametrize("name", RANKING_NAMES)
def test_every_ranking_reads_as_a_share_and_as_a_board(name: str) -> None:
    row = ranking(name)
    shares = [{"name": "high" if row.direction == "high" else "low", "ranking": name}]
    out = text("seven-card-stud", {"pot.shares": shares, "board.ranking": name})
    assert row.board_summary in out or name in ("high", "ace-to-five", "ace-to-six")
    assert "At the showdown the best" in out

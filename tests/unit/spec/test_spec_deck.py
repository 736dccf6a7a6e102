"""The deck builder follows the ruleset's street table, dealing order and burns."""

from __future__ import annotations

import pytest
from stud.spec.deck import DeckError, build_deck, clockwise_from_left

STUD = {
    "dealing": {"burn": True},
    "streets": [
        {"name": "third", "deal": ["down", "down", "up"]},
        {"name": "fourth", "deal": ["up"]},
        {"name": "fifth", "deal": ["up"]},
    ],
}
SEATS = {"Ann": 1, "Bob": 2, "Carol": 3}


def test_dealing_order_starts_left_of_the_dealer() -> None:
    assert clockwise_from_left([1, 2, 3], 3) == [1, 2, 3]
    assert clockwise_from_left([1, 2, 3], 1) == [2, 3, 1]
    assert clockwise_from_left([2, 5, 7], 6) == [7, 2, 5]


def test_third_street_goes_round_once_per_card_then_burn_then_fourth() -> None:
    table = [
        ["player", "third", "fourth"],
        ["Ann", "As Kd 3c", "4c"],
        ["Bob", "2s 2h 9d", "5d"],
        ["Carol", "7s 7h Jc", "Kh"],
    ]
    deck = build_deck(STUD, SEATS, 1, table)  # Bob is dealt first
    assert deck[:9] == ["2s", "7s", "As", "2h", "7h", "Kd", "9d", "Jc", "3c"]
    assert deck[9] == "2c"  # the burn: the first card the table does not name
    assert deck[10:] == ["5d", "Kh", "4c"]


def test_without_burns_streets_follow_straight_on() -> None:
    table = [["player", "third", "fourth"], ["Ann", "As Kd 3c", "4c"], ["Bob", "2s 2h 9d", "5d"]]
    deck = build_deck({**STUD, "dealing": {"burn": False}}, SEATS, 2, table)
    assert deck == ["As", "2s", "Kd", "2h", "3c", "9d", "4c", "5d"]


def test_players_with_empty_cells_are_not_live_on_that_street() -> None:
    table = [
        ["player", "third", "fourth", "fifth"],
        ["Ann", "As Kd 3c", "4c", "6h"],
        ["Bob", "2s 2h 9d", "", ""],
        ["Carol", "7s 7h Jc", "Kh", "8s"],
    ]
    deck = build_deck(STUD, SEATS, 3, table)
    assert deck[9:] == ["2c", "4c", "Kh", "2d", "6h", "8s"]


def test_exchange_cards_come_before_the_burn_and_the_deal() -> None:
    ruleset = {
        "dealing": {"burn": True},
        "streets": [
            {"name": "third", "deal": ["down", "down", "up"]},
            {"name": "sixth", "deal": ["down"], "exchange": {"price": "0"}},
            {"name": "final", "exchange": {"price": "0"}},
        ],
    }
    table = [
        ["player", "third", "sixth exchange", "sixth", "final exchange"],
        ["Ann", "As Kd 3c", "Qh", "Jh", ""],
        ["Bob", "2s 2h 9d", "", "Js", "8d"],
    ]
    deck = build_deck(ruleset, SEATS, 2, table)
    assert deck[6:] == ["Qh", "2c", "Jh", "Js", "8d"]


def test_brackets_must_agree_with_the_deal_pattern() -> None:
    table = [["player", "third"], ["Ann", "[As] Kd 3c"], ["Bob", "[2s 2h] 9d"]]
    with pytest.raises(DeckError, match="card 2 is marked up but the street deals it down"):
        build_deck(STUD, SEATS, 2, table)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ([["player", "third"], ["Ann", "As Kd"]], "2 card\\(s\\) given; the street deals 3"),
        ([["player", "third"], ["Ann", "As Kd 3c"], ["Bob", "As 2h 9d"]], "As appears twice"),
        ([["player", "ninth"], ["Ann", "As"]], "column 'ninth' is not a street"),
        ([["player", "third"], ["Zed", "As Kd 3c"]], "'Zed', who is not seated"),
        ([["who", "third"]], "must start with a 'player' column"),
    ],
)
def test_bad_tables_are_explained(table: list[list[str]], message: str) -> None:
    with pytest.raises(DeckError, match=message):
        build_deck(STUD, SEATS, 3, table)


def test_a_table_that_deals_to_a_folded_player_is_explained() -> None:
    """Cards given to a player who folded before that street would go to the others (the
    dealer skips folded players), so the scenario stops with the reason, not a wrong deal."""
    from stud.spec.features import parse_feature_text
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import execute

    def status(dan_fourth: str) -> tuple[str, str]:
        text = f"""Feature: F
  Rule: R
    @BRING-01
    Scenario: S
      Given a game of "seven-card-stud"
      And Ann, Bob, Carol and Dan sit down with 20 each
      And Carol deals
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [Qd Jd] Kh | 9h     |
        | Bob    | [Qs Jh] Ks | 9c     |
        | Carol  | [Tc Ts] 2c | 4d     |
        | Dan    | [6s 4s] 3c | {dan_fourth} |
      When the players act: Carol brings in, Dan folds, Ann calls and Bob calls
      Then Bob acts first on fourth street
"""
        (scenario,) = parse_feature_text(text, "f.feature").scenarios
        engine = InProcessEngine()
        result = execute(scenario, engine, engine.hello()).result
        engine.close()
        return result.status, result.message

    assert status("  ")[0] == "passed"
    failed, message = status("8c")
    assert failed == "failed"
    assert "gives Dan cards on fourth street" in message and "folded" in message

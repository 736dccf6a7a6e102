"""A scenario's title claims only the hands its steps show (stud.spec.titles)."""

from __future__ import annotations

from stud.paths import FEATURES
from stud.spec.features import load_features, parse_feature_text
from stud.spec.titles import named_hands, shown_hands, title_problems

# the razz example as it once was: the title promises a pair of queens, Ann's cards make
# two pair, and no step looks at Ann's hand
OLD_RAZZ = """@ruleset:razz
Feature: Razz
  @RAZZ-01
  Scenario: Pairs are bad: a pair of queens loses to any unpaired hand
    Given a game of "razz" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1.00
    And Ann and Bob sit down with 20 each
    And the cards are dealt as follows:
      | player | third      | fourth | fifth | sixth | seventh |
      | Ann    | [Qc Qd] 3h | 3s     | Kc    | Kd    | [Qh]    |
      | Bob    | [9c Td] 8c | Jh     | 7s    | 6d    | [Kh]    |
    When everyone checks or calls until the showdown
    Then Bob shows "ten-nine low"
    And Bob wins the pot of 0.45
"""


def test_no_title_of_the_spec_names_a_hand_its_steps_do_not_show() -> None:
    problems = title_problems(load_features(FEATURES))
    assert problems == [], "\n".join(problems)


def test_the_old_razz_example_is_caught() -> None:
    feature = parse_feature_text(OLD_RAZZ, "razz.feature")
    problems = title_problems([feature])
    assert len(problems) == 1
    assert "'pair of queens' but no step shows that hand (shows: ten-nine low)" in problems[0]


def test_a_step_showing_the_hand_satisfies_the_title() -> None:
    text = OLD_RAZZ.replace(
        'Then Bob shows "ten-nine low"', 'Then Ann shows "pair of queens"\n    And Bob shows "x"'
    )
    assert title_problems([parse_feature_text(text, "razz.feature")]) == []


def test_comparison_steps_show_the_hands_their_cards_make() -> None:
    text = """@ruleset:razz
Feature: F
  @RAZZ-01
  Scenario: A seven low beats three kings
    Then under ace-to-five ranking 7c 5d 4h 3s 2c beats Kc Kd Ks 9c 3d
"""
    scenario = parse_feature_text(text, "f.feature").scenarios[0]
    assert shown_hands(scenario) == ["seven-five low", "three of a kind, kings"]
    assert title_problems([parse_feature_text(text, "f.feature")]) == []
    wrong = text.replace("three kings", "three queens")
    assert "'three queens'" in title_problems([parse_feature_text(wrong, "f.feature")])[0]


def test_hands_named_in_titles() -> None:
    def texts(title: str) -> list[str]:
        return [h.text for h in named_hands(title)]

    assert texts("Queens full of threes wins high; five-four low wins low") == [
        "queens full of threes",
        "five-four low",
    ]
    assert texts("An ace-high flush splits with the ace-high straight") == [
        "ace-high flush",
        "ace-high straight",
    ]
    assert texts("A flush beats a straight") == []  # kinds of hand, not a hand
    assert texts("The joker makes three aces, but not three kings") == ["three aces"]
    assert texts("A nine low does not qualify") == []
    assert texts("Bob, who leads with the pair of aces, shows first") == []
    (low,) = named_hands("a seven low")
    assert low.shown_by("seven low") and low.shown_by("seven-five low")
    assert not low.shown_by("seventy low") and not low.shown_by("eight-seven low")

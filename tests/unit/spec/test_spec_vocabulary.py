"""The step vocabulary: closed, unambiguous, documented."""

from __future__ import annotations

from pathlib import Path

import pytest
from stud.spec import stepdocs
from stud.spec.vocabulary import VOCABULARY, UndefinedStep, compile_template, find_step

REPO = Path(__file__).resolve().parents[3]


def test_the_vocabulary_stays_small() -> None:
    # closed and small: 41 templates cover the casino game and the 77 house games (the
    # house games added a blind, a wild-rank and a split-hand step); a new step needs a reason
    assert len(VOCABULARY) <= 42


@pytest.mark.parametrize("definition", VOCABULARY, ids=lambda d: d.template)
def test_each_example_matches_its_own_pattern_and_no_other(definition) -> None:  # type: ignore[no-untyped-def]
    for example in definition.examples:
        found, _ = find_step(definition.kind, example)
        assert found is definition
        others = [
            d.template for d in VOCABULARY if d is not definition and d.regex.fullmatch(example)
        ]
        assert others == [], f"'{example}' also matches {others}"


def test_no_template_is_defined_twice() -> None:
    keys = [(d.kind, d.template) for d in VOCABULARY]
    assert len(keys) == len(set(keys))


def test_arguments_are_converted() -> None:
    definition, args = find_step("when", "Carol raises to 1.00")
    assert definition.template == "{player} {action}"
    assert args["player"] == "Carol" and args["action"].action == "raise"
    assert str(args["action"].amount) == "1.00"
    _, args = find_step("then", "Ann has A♠ 10h down and 3c up")
    assert args["down"] == "As Th"


def test_unknown_and_wrong_kind_steps_are_refused() -> None:
    with pytest.raises(UndefinedStep):
        find_step("when", "Ann dances")
    with pytest.raises(UndefinedStep):
        find_step("given", "Ann calls")  # a When step used as a Given


def test_templates_compile_optional_parts_and_alternatives() -> None:
    regex, conv = compile_template("{player} acts (first|next)[ on {street} street]")
    assert regex.fullmatch("Ann acts first") and regex.fullmatch("Bob acts next on fifth street")
    assert not regex.fullmatch("Ann acts last")
    assert set(conv) == {"player", "street"}


def test_docs_steps_md_is_up_to_date() -> None:
    path = REPO / "docs" / "steps.md"
    assert path.read_text(encoding="utf-8") == stepdocs.render(), (
        "docs/steps.md is stale: run python -m stud.spec.stepdocs > docs/steps.md"
    )


def test_player_names_of_any_script_and_hyphenated() -> None:
    """A host's players are not all Ann and Bob: Zoë, Élodie and Jean-Luc play too."""
    from stud.spec.features import parse_feature_text
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import run

    text = """@ruleset:seven-card-stud
Feature: Names
  Scenario: Names of a home game
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1
    And Zoë, Élodie and Jean-Luc sit down with 10 each
    And the cards are dealt as follows:
      | player   | third      |
      | Zoë      | [As Kd] 2c |
      | Élodie   | [Qs Qd] 9h |
      | Jean-Luc | [7s 7d] Jc |
    When Zoë brings in
    Then it is Élodie's turn
"""
    (result,) = run(parse_feature_text(text, "x/names.feature").scenarios, InProcessEngine())
    assert result.status == "passed", result.message
    with pytest.raises(UndefinedStep):
        find_step("when", "everyone dances")

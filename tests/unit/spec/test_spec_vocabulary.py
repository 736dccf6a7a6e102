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

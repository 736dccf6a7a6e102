"""Guards over the specification itself: names, Then-steps, steps, tags, coverage."""

from __future__ import annotations

from pathlib import Path

import pytest
from stud.paths import FEATURES
from stud.rules import shipped_rulesets
from stud.rules.catalogue import project_ids
from stud.spec.features import load_features, parse_feature_text
from stud.spec.guards import (
    feature_problems,
    load_catalogue_ids,
    load_index,
    uncovered_ids,
    unrun_rulesets,
)

REPO = Path(__file__).resolve().parents[3]
INDEX = FEATURES / "rules-index.yaml"
CATALOGUE = REPO.parent / "shared" / "rules-catalogue.yaml"


@pytest.fixture(scope="module")
def features():  # type: ignore[no-untyped-def]
    return load_features(FEATURES)


@pytest.fixture(scope="module")
def index() -> dict[str, str]:
    return load_index(INDEX)


def test_the_spec_has_no_problems(features, index) -> None:  # type: ignore[no-untyped-def]
    problems = feature_problems(features, index, shipped_rulesets())
    assert problems == [], "\n".join(problems)


def test_every_index_id_is_tagged_on_a_scenario(features, index) -> None:  # type: ignore[no-untyped-def]
    missing = uncovered_ids(features, index)
    assert missing == [], "ids with no scenario: " + ", ".join(missing)


def test_every_shipped_ruleset_is_played_by_a_scenario(features) -> None:  # type: ignore[no-untyped-def]
    assert unrun_rulesets(features, shipped_rulesets()) == []


def test_index_statements_are_one_short_line(index: dict[str, str]) -> None:
    long = [k for k, v in index.items() if "\n" in v or len(v) > 160 or not v.strip()]
    assert long == []


def test_index_matches_the_shared_catalogue(index: dict[str, str]) -> None:
    if not CATALOGUE.exists():
        pytest.skip(f"{CATALOGUE} is not present")
    catalogue = load_catalogue_ids(CATALOGUE)
    # every catalogue id, and beyond them only the project's own ids, whose prefixes the
    # catalogue does not use (RANK-, SHARE-, ...)
    assert sorted(set(catalogue) - set(index)) == []
    prefixes = {c.rsplit("-", 1)[0] for c in catalogue}
    own = [i for i in index if i not in catalogue]
    assert [i for i in own if i.rsplit("-", 1)[0] in prefixes] == []
    assert tuple(own) == project_ids()


# --- the guards themselves catch what they should --------------------------------------------
BAD = """@ruleset:seven-card-stud
Feature: Bad
  Scenario: Twice
    Given a game of "seven-card-stud"
    Then the pot is 1
  @BRING-01
  Scenario: Twice
    Given a game of "seven-card-stud"
    Then the pot is 1
  @BRING-01 @nonsense @ruleset:nowhere
  Scenario: No outcome
    Given a game of "razz"
    When Ann dances
"""


def test_guards_report_each_kind_of_problem(index: dict[str, str]) -> None:
    feature = parse_feature_text(BAD, "bad.feature")
    problems = "\n".join(feature_problems([feature], index, shipped_rulesets()))
    assert "2 scenarios are named 'Twice'" in problems
    assert "has no Then step" in problems
    assert "undefined when step: 'Ann dances'" in problems
    assert "unknown tag @nonsense" in problems
    assert "@ruleset:nowhere names no shipped ruleset" in problems
    assert "needs exactly one @ruleset: tag, has 2" in problems
    assert "carries no catalogue id" in problems


def test_uncovered_ids_lists_the_missing(index: dict[str, str]) -> None:
    feature = parse_feature_text(BAD, "bad.feature")
    missing = uncovered_ids([feature], index)
    assert "BRING-01" not in missing and "ASF-03" in missing


def test_unrun_rulesets_lists_the_rulesets_no_scenario_plays() -> None:
    feature = parse_feature_text(BAD, "bad.feature")
    assert unrun_rulesets([feature], ["seven-card-stud", "razz", "nowhere"]) == ["nowhere", "razz"]


def test_the_last_game_of_a_scenario_is_the_one_its_tag_names(index: dict[str, str]) -> None:
    text = """Feature: Switching
  Background:
    Given a game of "seven-card-stud"
  @BRING-01 @ruleset:razz
  Scenario: Razz after all
    Given a game of "razz"
    Then the pot is 1
  @BRING-01 @ruleset:seven-card-stud
  Scenario: Razz last
    Given a game of "razz"
    Then the pot is 1
"""
    problems = feature_problems([parse_feature_text(text, "s.feature")], index, shipped_rulesets())
    assert problems == [
        "s.feature:9 'Razz last': tagged @ruleset:seven-card-stud but plays razz"
    ], problems

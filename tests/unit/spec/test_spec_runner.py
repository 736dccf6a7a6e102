"""The runner: statuses, error isolation, selection, and the verify command."""

from __future__ import annotations

import argparse
import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from stud.cli import verify
from stud.errors import EngineError
from stud.spec.engine import EngineRefusal, State
from stud.spec.features import collect, parse_feature_text
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import execute, execute_all, run

FEATURE = """@ruleset:seven-card-stud
Feature: Tiny
  Rule: The lowest door card brings in
    @BRING-01
    Scenario: Bob brings in
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1
      And Ann and Bob sit down with 10 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
      Then Bob may bring in 0.10 or complete to 0.50
      And the pot is 0.10

    @BRING-01
    Scenario: A wrong expectation fails
      Given a game of "seven-card-stud"
      And Ann and Bob sit down with 10 each
      Then the pot is 99

    @SHOW-04
    Scenario: Needs the evaluator
      Given a game of "seven-card-stud"
      Then under high ranking Ac 3h 4d 6s 7s beats Ks Qs Jc 9c 8d
"""


def scenarios() -> list[Any]:
    return parse_feature_text(FEATURE, "tiny/tiny.feature").scenarios


class Crashing(InProcessEngine):
    """A third-party engine that dies on every new hand."""

    def new_hand(self, *args: Any, **kwargs: Any) -> State:
        raise EngineError("the engine exited with status 139")


class Limited(InProcessEngine):
    def __init__(self, rulesets: list[str], features: list[str]):
        super().__init__()
        self._rulesets, self._features = rulesets, features

    def hello(self) -> dict[str, Any]:
        return {**super().hello(), "rulesets": self._rulesets, "features": self._features}


class Refusing(InProcessEngine):
    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
    ) -> State:
        raise EngineRefusal("unsupported", "no bring-in in this engine")


def test_statuses_against_the_reference() -> None:
    results = list(run(scenarios(), InProcessEngine()))
    assert [r.status for r in results] == ["passed", "failed", "passed"]
    assert "pot: expected '99', got '0.10'" in results[1].message
    assert results[0].id == "tiny/tiny.feature:Bob brings in"
    assert results[0].rule == "The lowest door card brings in"
    assert results[0].variant == "tiny" and results[0].ruleset == "seven-card-stud"


def test_checks_and_deck_are_recorded() -> None:
    execution = next(iter(execute_all(scenarios()[:1], InProcessEngine())))
    kinds = [c.kind for c in execution.checks]
    assert kinds == ["to_act", "legal", "pot"]
    assert execution.checks[1].expected == ["bring in 0.10", "complete to 0.50"]
    assert execution.deck == ["As", "Qs", "Kd", "Qd", "9c", "2h"]


def test_an_engine_crash_fails_that_scenario_and_the_run_goes_on() -> None:
    results = list(run(scenarios(), Crashing()))
    assert results[0].status == "failed"
    assert "engine error: the engine exited with status 139" in results[0].message
    assert results[2].status == "passed"  # evaluate still answers


def test_missing_ruleset_or_capability_is_not_supported() -> None:
    results = list(run(scenarios(), Limited(["razz"], [])))
    assert results[0].status == "not-supported"
    assert "ruleset 'seven-card-stud'" in results[0].message
    assert results[2].status == "not-supported"
    assert "'evaluate' capability" in results[2].message


def test_an_unsupported_refusal_is_not_supported() -> None:
    result = execute(scenarios()[0], Refusing(), InProcessEngine().hello())
    assert result.result.status == "not-supported"


def test_selection_by_tag_variant_feature_and_words(tmp_path: Path) -> None:
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "tiny.feature").write_text(FEATURE, encoding="utf-8")
    assert len(collect(tmp_path, "BRING-01")) == 2
    assert len(collect(tmp_path, "tiny and not BRING-01")) == 1
    assert len(collect(tmp_path, "evaluator")) == 1
    assert collect(tmp_path, "razz") == []


def _args(tmp_path: Path, **kw: Any) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    args = parser.parse_args(["--features", str(tmp_path)])
    for key, value in kw.items():
        setattr(args, key, value)
    return args


def test_verify_prints_tables_and_fails_on_a_failure(tmp_path: Path) -> None:
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "tiny.feature").write_text(FEATURE, encoding="utf-8")
    out = io.StringIO()
    assert verify.run_verify(_args(tmp_path), out) == 1
    text = out.getvalue()
    assert "tiny/tiny.feature" in text and "BRING-01" in text and "FAILED" in text
    assert "3 scenarios: 2 passed, 1 failed" in text
    out = io.StringIO()
    assert verify.run_verify(_args(tmp_path, select="not 99 and not wrong"), out) == 0


def test_verify_expect_fail_turns_a_known_failure_into_expected(tmp_path: Path) -> None:
    (tmp_path / "tiny").mkdir()
    (tmp_path / "tiny" / "tiny.feature").write_text(FEATURE, encoding="utf-8")
    expect = tmp_path / "expect.txt"
    expect.write_text("tiny/tiny.feature:A wrong expectation fails\n", encoding="utf-8")
    out = io.StringIO()
    assert verify.run_verify(_args(tmp_path, expect_fail=expect), out) == 0
    assert "1 expected fail" in out.getvalue()


def test_verify_writes_reports(tmp_path: Path) -> None:
    features = tmp_path / "f"
    (features / "tiny").mkdir(parents=True)
    (features / "tiny" / "tiny.feature").write_text(FEATURE, encoding="utf-8")
    out = io.StringIO()
    verify.run_verify(_args(features, report=tmp_path / "out", quiet=True), out)
    assert (tmp_path / "out" / "results.jsonl").exists()


def test_verify_selecting_nothing_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "x.feature").write_text(FEATURE, encoding="utf-8")
    assert verify.run_verify(_args(tmp_path, select="NOPE-99"), io.StringIO()) == 1


def test_verify_runs_one_feature_file_and_names_a_missing_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    features = tmp_path / "features" / "tiny"
    features.mkdir(parents=True)
    (features / "tiny.feature").write_text(FEATURE, encoding="utf-8")
    out = io.StringIO()
    assert verify.run_verify(_args(features / "tiny.feature"), out) == 1
    assert "3 scenarios: 2 passed, 1 failed" in out.getvalue()
    assert "tiny/tiny.feature" in out.getvalue()  # named as in a run of the whole folder
    assert verify.run_verify(_args(tmp_path / "nowhere.feature"), io.StringIO()) == 2
    assert "nowhere.feature: no such file or folder" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["verify --help"])
def test_verify_is_a_cli_command(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    from stud.cli import main

    with pytest.raises(SystemExit):
        main(command.split())
    assert "--expect-fail" in capsys.readouterr().out

"""Failures are charged to the rule they break, with the request and the state that show
it; an engine that accepts what the rules refuse is told so."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from stud.cli import verify
from stud.paths import FEATURES
from stud.spec.compliance import compliance_markdown
from stud.spec.engine import EngineRefusal, State
from stud.spec.features import collect, parse_feature_text
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import run


class WrongBringInAmount(InProcessEngine):
    """Picks the right bring-in player but offers a bring-in of 0.25 instead of 0.10."""

    def _fix(self, state: State) -> State:
        for entry in state.get("legal", []):
            if entry.get("action") == "bring_in":
                entry["amount"] = "0.25"
        return state

    def new_hand(self, *args: Any, **kwargs: Any) -> State:
        return self._fix(super().new_hand(*args, **kwargs))

    def state(self) -> State:
        return self._fix(super().state())


def test_wrong_amounts_are_not_charged_to_who_brings_in() -> None:
    scenarios = collect(FEATURES, "BRING-01 or BRING-02 or BRING-03")
    results = list(run(scenarios, WrongBringInAmount()))
    failed = [r for r in results if r.status == "failed"]
    assert failed
    for result in failed:
        # the root cause: the bring-in amount (BRING-05), not who brings in
        assert result.charged_to == ("BRING-05",), result.charged_to
        assert result.causes[0]["what"] == "the bring-in amount differs from the stakes"
        assert "legal: expected" in result.message
        assert re.search(r"\n    state: \w+ street, to act:", result.message)
        assert "after: new_hand" in result.message
    text = compliance_markdown(results, {"engine": {"name": "wrong", "version": "1"}})
    row = next(line for line in text.splitlines() if line.startswith("| BRING-02 |"))
    # Id | Status | Scenarios | Passed | Failed here | Failed on another rule | N/A | N/S
    cells = [c.strip() for c in row.strip("|").split("|")]
    scenarios = cells[2]
    assert cells[1] == "not shown (failed on another rule)"
    assert cells[3:] == ["0", "0", scenarios, "0", "0"] and int(scenarios) >= 2


ACCEPTS = """@ruleset:seven-card-stud
Feature: Refusals
  Rule: Nobody may check a live bring-in
    @BRING-07
    Scenario: A check after the bring-in is refused
      Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1
      And Ann, Bob and Carol sit down with 10 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 9c |
        | Bob    | [Qs Qd] 2h |
        | Carol  | [7s 7d] Jc |
      When Bob brings in
      And Carol tries to check
      Then the action is refused
"""


class AcceptsAnything(InProcessEngine):
    """Answers an illegal action as if it had been played (with the state unchanged)."""

    def act(self, seat: int, action: str, *args: Any, **kwargs: Any) -> State:
        try:
            return super().act(seat, action, *args, **kwargs)
        except EngineRefusal as refusal:
            if refusal.code != "illegal_action":
                raise
            return super().state()


def test_an_accepted_illegal_action_is_worded_as_such() -> None:
    scenarios = parse_feature_text(ACCEPTS, "x/refusals.feature").scenarios
    (result,) = run(scenarios, AcceptsAnything())
    assert result.status == "failed"
    assert "the engine accepted an action the rules refuse: act seat 3 check" in result.message
    assert result.charged_to == ("BRING-07",)
    (good,) = run(scenarios, InProcessEngine())
    assert good.status == "passed"


def test_transcript_saves_requests_and_replies_as_json_lines(tmp_path: Path) -> None:
    import argparse
    import json

    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "refusals.feature").write_text(ACCEPTS, encoding="utf-8")
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    args = parser.parse_args(
        ["--features", str(tmp_path), "--transcript", str(tmp_path / "t"), "-q"]
    )
    assert verify.run_verify(args, io.StringIO()) == 0
    (path,) = sorted((tmp_path / "t").glob("*.jsonl"))
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["scenario"] == "x/refusals.feature:A check after the bring-in is refused"
    ops = [line["request"]["op"] for line in lines[1:]]
    assert ops[:2] == ["hello", "new_hand"] and "act" in ops
    assert lines[1]["reply"]["protocol"] == 1
    refused = [line for line in lines[1:] if line["request"].get("action") == "check"]
    assert refused[0]["reply"]["error"]["code"] == "illegal_action"
    assert lines[2]["reply"]["ok"] is True and lines[2]["reply"]["state"]["to_act"] == 2


def test_a_phrase_selects_the_scenario_it_names() -> None:
    (only,) = collect(FEATURES, "Three pairs make two pair")
    assert only.name.startswith("Three pairs make two pair")
    suits = collect(FEATURES, "BRING-03")
    assert suits and all("BRING-03" in s.tags for s in suits)
    assert len(collect(FEATURES, '"three pairs" or BRING-03')) == len(suits) + 1
    razz, kings = collect(FEATURES, "razz"), collect(FEATURES, "razz and BRING-13")
    assert kings and len(collect(FEATURES, "razz and not BRING-13")) == len(razz) - len(kings)


class NamesItsOwnWay(InProcessEngine):
    """Names every evaluated hand in its own words; ``worse`` also picks a weaker five."""

    def __init__(self, worse: bool = False) -> None:
        super().__init__()
        self.worse = worse

    def evaluate(self, ranking: str, hands: Any, *args: Any) -> list[dict[str, Any]]:
        results = super().evaluate(ranking, hands, *args)
        for result, cards in zip(results, hands, strict=True):
            result["name"] = "Some Hand"
            if self.worse:
                result["best"] = [c for c in cards if c not in result["best"]][:1] + list(
                    result["best"][1:]
                )
        return results


def test_the_best_five_are_judged_by_their_cards_not_the_engines_name() -> None:
    scenarios = [
        s for s in collect(FEATURES, "SHOW-03") if any("best hand" in t.text for t in s.steps)
    ]
    assert scenarios
    assert {r.status for r in run(scenarios, NamesItsOwnWay())} == {"passed"}
    results = list(run(scenarios, NamesItsOwnWay(worse=True)))
    assert {r.status for r in results} == {"failed"}
    assert all(r.charged_to == ("SHOW-03",) for r in results)


UNWRITTEN = """@ruleset:seven-card-stud
Feature: House scenarios
  Background:
    Given a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and big bet 1
    And Ann, Bob and Carol sit down with 10 each

  Scenario: A step nobody defined
    Given the players sit down wearing hats
    Then it is Bob's turn

  Scenario: A cards table of the wrong shape
    Given the cards are dealt as follows:
      | who | third      |
      | Ann | [As Kd] 9c |
    Then it is Bob's turn

  Scenario: Cards for a player who folded
    Given the cards are dealt as follows:
      | player | third      | fourth |
      | Ann    | [As Kd] 9c | 2c     |
      | Bob    | [Qs Qd] 2h | 3c     |
      | Carol  | [7s 7d] Jc | 4c     |
    When Bob brings in
    And Carol calls
    And Ann calls
    Then it is Carol's turn on fourth street
"""


class FoldsOnCall(InProcessEngine):
    """Plays Carol's (seat 3's) call as a fold."""

    def act(self, seat: int, action: str, *args: Any, **kwargs: Any) -> State:
        if seat == 3 and action == "call":
            return super().act(seat, "fold")
        return super().act(seat, action, *args, **kwargs)


def test_a_scenario_that_cannot_run_is_its_own_error_not_the_engines() -> None:
    """An undefined step or a table of the wrong shape is charged to the scenario, with no
    deviation; the same step error reached because the engine played otherwise is the
    engine's deviation."""
    scenarios = parse_feature_text(UNWRITTEN, "house/mine.feature").scenarios
    undefined, shape, folded = run(scenarios, InProcessEngine())
    assert undefined.status == shape.status == "failed"
    assert undefined.charged_to == shape.charged_to == ("scenario",)
    assert undefined.causes == shape.causes == ()
    assert "undefined given step: 'the players sit down wearing hats'" in undefined.message
    assert "nothing was sent to the engine" in undefined.message
    assert "the cards table must start with a 'player' column" in shape.message
    assert "up to this step the engine played as the rules do" in shape.message
    assert not undefined.ran and undefined.unwritten
    assert folded.status == "passed"
    engine_led = list(run(scenarios[2:], FoldsOnCall()))[0]
    assert engine_led.status == "failed" and not engine_led.unwritten
    assert engine_led.causes and engine_led.charged_to[0] != "scenario"
    out = io.StringIO()
    verify.print_report([undefined, shape, engine_led], out, quiet=True, found=())
    text = out.getvalue()
    assert "2 scenarios cannot run as written (an error in the scenario, not in the engine)" in text

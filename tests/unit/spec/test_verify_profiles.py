"""Engine profiles: the reference decides which scenarios an engine's own values leave
intact; those run under the profile, the others are not applicable (declared deviations)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from stud.paths import FEATURES
from stud.spec.engine import EngineRefusal, State
from stud.spec.features import collect
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import execute_all, run


class PlaysTiesByPosition(InProcessEngine):
    """The reference, but equal boards always go by position; ``how`` it says so."""

    def __init__(self, how: str) -> None:
        super().__init__()
        self.how = how

    def hello(self) -> dict[str, Any]:
        info = dict(super().hello())
        if self.how == "hello":
            info["profile"] = {"board.ties": "position"}
        return info

    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
    ) -> State:
        if ruleset.get("board", {}).get("ties") != "position":
            values = [{"path": "board.ties", "wanted": "suit", "plays": "position"}]
            raise EngineRefusal(
                "unsupported",
                "board.ties = 'suit': equal boards go by position here",
                values if self.how == "values" else None,
            )
        return super().new_hand(ruleset, seats, dealer, deck)


@pytest.fixture(scope="module")
def order() -> list[Any]:
    return collect(FEATURES, "betting-order")


@pytest.mark.parametrize("how", ["hello", "values"])
def test_a_profile_runs_what_it_does_not_change_and_declares_the_rest(
    order: list[Any], how: str
) -> None:
    executions = list(execute_all(order, PlaysTiesByPosition(how)))
    by_status: dict[str, list[Any]] = {}
    for execution in executions:
        by_status.setdefault(execution.result.status, []).append(execution.result)
    suit_ties = [r for r in by_status["not-applicable"]]
    assert {r.scenario for r in suit_ties} >= {
        "As Kc beats Ah Ks because the ace of spades outranks the ace of hearts",
        "3s 3c beats 3h 3d because it holds the three of spades",
    }
    for result in suit_ties:
        assert result.deviations == ({"path": "board.ties", "wanted": "suit", "plays": "position"},)
        assert result.reasons == ("board.ties",)
        assert 'the ruleset wants "suit", the engine plays "position"' in result.message
    passed = by_status["passed"]
    assert len(passed) >= 8 and not by_status.get("failed")
    # under the profile, except where the scenario's own ruleset already ties by position
    assert {r.profile for r in passed} == {'board.ties="position"', ""}
    assert sum(r.profile != "" for r in passed) >= 8
    # the engine really was sent the ruleset with its own value
    sent = [
        e.transcript[0]["request"]["ruleset"]["board"]["ties"]
        for e in executions
        if e.transcript and e.transcript[0]["request"]["op"] == "new_hand"
    ]
    assert sent and set(sent) == {"position"}


def test_a_free_text_refusal_is_not_supported_with_the_value_path(order: list[Any]) -> None:
    results = list(run(order[:3], PlaysTiesByPosition("text")))
    assert {r.status for r in results} == {"not-supported"}
    assert all(r.reasons == ("board.ties",) for r in results)


def test_a_missing_capability_is_grouped_by_its_name() -> None:
    class NoEvaluate(InProcessEngine):
        def hello(self) -> dict[str, Any]:
            return {**super().hello(), "features": []}

    results = list(run(collect(FEATURES, "hand-ranking"), NoEvaluate()))
    skipped = [r for r in results if r.status == "not-supported"]
    assert skipped and all(r.reasons == ("capability:evaluate",) for r in skipped)


class Declares(InProcessEngine):
    """The reference with protocol 1.2 declarations added to its ``hello``."""

    def __init__(self, **extra: Any) -> None:
        super().__init__()
        self.extra = extra

    def hello(self) -> dict[str, Any]:
        return {**super().hello(), **self.extra}


def test_a_seat_range_and_a_refused_value_are_not_sent() -> None:
    scenarios = collect(FEATURES, "DEAL-06 or SETUP-01")
    results = list(run(scenarios, Declares(seats={"min": 2, "max": 4})))
    wide = [r for r in results if r.status == "not-supported"]
    assert wide and all(r.reasons == ("seats",) for r in wide)
    assert all("this scenario seats" in r.message for r in wide)
    assert {r.status for r in results} == {"passed", "not-supported"}
    results = list(run(scenarios, Declares(refuses={"dealing.burn": False})))
    refused = [r for r in results if r.status == "not-supported"]
    assert refused and all(r.reasons == ("dealing.burn",) for r in refused)
    assert "the engine refuses dealing.burn other than False" in refused[0].message
    assert any(r.status == "passed" for r in results)  # the games without burns still run

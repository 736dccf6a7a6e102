"""`stud fuzz`: the reference agrees with itself, planted bugs are found and shrunk to a
scenario that passes on the reference and fails on the planted engine."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path

import pytest
from stud.cli import main
from stud.fuzz import campaign
from stud.fuzz.plan import FuzzConfig, RandomDraw, ReplayDraw
from stud.fuzz.play import Reference, play_hand
from stud.spec.inprocess import InProcessEngine

pytest.importorskip("hypothesis")

ROOT = Path(__file__).resolve().parents[3]
PLANTED = ROOT / "tests" / "fake_engines" / "planted.py"
CONFIG = FuzzConfig(players=(2, 8), stacks=(Decimal(1), Decimal(20)))


def planted(bug: str) -> str:
    return f"{sys.executable} {PLANTED} {bug}"


def test_the_reference_agrees_with_itself_in_process() -> None:
    total = campaign.run_hands(None, CONFIG, seed=11, hands=40)
    assert total.hands == 40 and total.requests > 40
    assert total.found == []


def test_stud_serve_agrees_with_the_reference() -> None:
    serve = f"{sys.executable} -m stud.protocol.server"
    total = campaign.run_hands(serve, CONFIG, seed=12, hands=15)
    assert total.hands == 15 and total.found == []


def test_a_hand_replays_from_its_choices() -> None:
    engine = InProcessEngine()
    try:
        draw = RandomDraw.for_hand(5, 9)
        first = play_hand(draw, CONFIG, engine, Reference())
        again = play_hand(ReplayDraw(draw.choices), CONFIG, engine, Reference())
    finally:
        engine.close()
    assert first.setup is not None and again.setup is not None
    assert first.setup.seats == again.setup.seats and first.setup.deck == again.setup.deck
    assert [s.request for s in first.steps] == [s.request for s in again.steps]
    assert any(not s.ok for s in first.steps) or len(first.steps) > 0


def test_the_same_seed_gives_the_same_divergences_whatever_the_jobs() -> None:
    one = campaign.run_hands(planted("no-cap"), CONFIG, seed=2, hands=16, jobs=1)
    two = campaign.run_hands(planted("no-cap"), CONFIG, seed=2, hands=16, jobs=2)
    assert one.found, "no-cap is found within 16 hands of seed 2"
    assert [(f.index, f.key, f.choices) for f in one.found] == [
        (f.index, f.key, f.choices) for f in two.found
    ]
    assert one.requests == two.requests


def _first_divergences(command: str, limit: int = 2000, block: int = 50) -> list[campaign.Found]:
    for start in range(0, limit, block):
        total = campaign.run_hands(command, CONFIG, seed=1, hands=block, first=start)
        if total.found:
            return total.found
    return []


def test_a_hand_that_no_longer_differs_writes_no_scenario() -> None:
    """A class whose hand, played again, no longer differs (here: played again on the
    reference itself) gets no scenario, where it used to stop the run with a traceback."""
    found = _first_divergences(planted("no-burn"), limit=200)
    assert found, "a missing burn shows within 200 hands"
    first = found[0]
    case = campaign.shrink_case(first.key, [first], None, CONFIG, 1, 5.0, budget=0)
    assert case.scenario == "" and case.unshrunk == ""
    assert campaign.feature_text([case], "reference", 1).count("Scenario:") == 0


@pytest.mark.slow
def test_a_decision_bug_is_found_and_written_as_a_scenario_from_the_pack() -> None:
    """Random legal decisions reach a planted decision bug; its scenario names the pack
    (cards thrown or turned up leave the state unlike the deal) and fails on the engine."""
    command = planted("choices-in-turn")
    config = FuzzConfig(rulesets=("7-card-flip",), players=(2, 5), stacks=CONFIG.stacks)
    total = campaign.run_hands(command, config, seed=3, hands=10)
    assert total.found, "a simultaneous flip played in turn differs at once"
    first = total.found[0]
    group = [f for f in total.found if f.key == first.key]
    case = campaign.shrink_case(first.key, group, command, config, 3, 5.0, budget=60)
    assert "the cards come off the deck in this order" in case.scenario
    assert " exposes " in case.scenario
    text = campaign.feature_text([case], "choices-in-turn", 3)
    reference, engine = campaign.check_scenarios(text, command, 5.0)[case.title]
    assert reference == "passed", case.scenario
    assert engine.startswith("failed"), case.scenario


@pytest.mark.slow
@pytest.mark.parametrize(
    "bug", ["no-burn", "no-cap", "bring-in-highest", "odd-chip", "wrong-award"]
)
def test_a_planted_bug_is_found_and_shrunk_to_a_failing_scenario(bug: str) -> None:
    command = planted(bug)
    found = _first_divergences(command)
    assert found, f"{bug} not found in 2000 hands"
    first = found[0]
    group = [f for f in found if f.key == first.key]
    case = campaign.shrink_case(first.key, group, command, CONFIG, 1, 5.0, budget=300)
    assert case.players <= 4, case.scenario
    text = campaign.feature_text([case], bug, 1)
    checked = campaign.check_scenarios(text, command, 5.0)
    reference, engine = checked[case.title]
    assert reference == "passed", case.scenario
    assert engine.startswith("failed"), case.scenario


def test_stud_fuzz_command_reports_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["fuzz", "--engine", planted("bring-in-highest"), "--hands", "3", "--seed", "1"]
    code = main([*args, "--players", "2-4", "--shrink", "50", "--report", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 1
    assert "[BRING-01] another player brings in" in out and "rerun: stud fuzz" in out
    feature = (tmp_path / "fuzz.feature").read_text()
    assert "Scenario: fuzz: another player brings in" in feature and "@BRING-01" in feature
    assert (tmp_path / "divergences.jsonl").read_text().count("\n") >= 1
    assert "| rule | what differs |" in (tmp_path / "fuzz.md").read_text()
    # the scenarios run with stud verify --features: they fail on the planted engine...
    assert (
        main(["verify", "-q", "--features", str(tmp_path), "--engine", planted("bring-in-highest")])
        == 1
    )
    # ...and pass on the reference
    assert main(["verify", "-q", "--features", str(tmp_path)]) == 0


def test_stud_fuzz_exits_0_when_nothing_differs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--hands", "5", "--seed", "4"]) == 0
    assert "0 divergent hand(s): 0 deviation(s)" in capsys.readouterr().out


def test_stud_fuzz_deals_a_stripped_pack(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A house game played without some ranks (DECK-01) is dealt from its own pack: the
    fuzz once dealt the whole pack, and the reference refused the first hand."""
    house = tmp_path / "short.yaml"
    house.write_text("extends: seven-card-stud\ndeck: {stripped: [2, 3, 4]}\n", encoding="utf-8")
    assert main(["fuzz", "--ruleset", str(house), "--hands", "20", "--seed", "3"]) == 0
    assert "20 hands" in capsys.readouterr().out


def test_the_shards_run_on_a_dask_cluster_with_the_same_result() -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        on_dask = campaign.run_hands(
            planted("no-cap"), CONFIG, seed=2, hands=16, jobs=2, cluster=cluster.scheduler_address
        )
    local = campaign.run_hands(planted("no-cap"), CONFIG, seed=2, hands=16, jobs=1)
    assert on_dask.hands == 16 and on_dask.found
    assert [(f.index, f.key) for f in on_dask.found] == [(f.index, f.key) for f in local.found]


@pytest.mark.parametrize("mode", ["declared", "refuses"])
def test_a_declared_profile_is_played_by_the_reference_too(mode: str) -> None:
    # the engine never burns, and says so (hello profile, or a structured refusal)
    total = campaign.run_hands(planted(f"no-burn {mode}"), CONFIG, seed=1, hands=12)
    assert total.found == []
    assert total.profile is not None and "dealing.burn=false" in str(total.profile)
    # the same engine that does not say so is caught
    hidden = campaign.run_hands(planted("no-burn"), CONFIG, seed=1, hands=12)
    assert hidden.found


@pytest.mark.slow
def test_pokerkit_known_deviations_are_found() -> None:
    pytest.importorskip("pokerkit")
    command = f"{sys.executable} {ROOT / 'adapters' / 'pokerkit' / 'server.py'} --lenient"
    config = FuzzConfig(players=(3, 4), stacks=(Decimal(1), Decimal(20)))
    total = campaign.run_hands(command, config, seed=3, hands=250, jobs=2)
    classes = {f.key: f for f in total.found}
    # equal boards: PokerKit lets the first seat act, not the higher suit (ROUND-06)
    assert "another player opens between equal boards" in classes
    # heads-up the raises stay capped (CAP-02), and no big bet on an open pair (LIMIT-04)
    assert "the raising stays capped when the hand is heads-up" in classes
    assert "the choice of a small or big bet differs" in classes
    # short stacks: a bring-in all in may also "complete" to the same amount; side pots
    assert "a completion is offered to a player who can only bring in" in classes
    assert "the side pots are cut differently" in classes
    # three tied winners: PokerKit gives both odd chips to the first of them
    odd = classes["an odd chip goes to another of the tied winners"]
    case = campaign.shrink_case(odd.key, [odd], command, config, 3, 5.0, budget=60)
    assert case.players <= 4
    checked = campaign.check_scenarios(campaign.feature_text([case], "pokerkit", 3), command, 5.0)
    reference, engine = checked[case.title]
    assert reference == "passed" and engine.startswith("failed"), case.scenario

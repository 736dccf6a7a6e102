"""The curated rule mutants stay applicable and the score page lists them all.

Running the mutants takes minutes (`python tests/mutants/run.py --check`, a CI step of its
own); these checks are instant: each mutant's text still occurs exactly once in the code,
its rule is a catalogue id or says which rule it follows, and docs/mutation-score.md names
every mutant.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("stud_mutants_run", HERE / "run.py")
assert _spec is not None and _spec.loader is not None
run = importlib.util.module_from_spec(_spec)
sys.modules["stud_mutants_run"] = run
_spec.loader.exec_module(run)


@pytest.fixture(scope="module")
def mutants() -> list:  # type: ignore[type-arg]
    return run.load()


def test_every_mutant_still_applies(mutants) -> None:  # type: ignore[no-untyped-def]
    assert run.lint(mutants) == []


def test_every_area_has_mutants(mutants) -> None:  # type: ignore[no-untyped-def]
    assert {m.area for m in mutants} == set(run.AREAS)


def test_the_score_page_names_every_mutant(mutants) -> None:  # type: ignore[no-untyped-def]
    page = run.PAGE.read_text(encoding="utf-8")
    missing = [m.name for m in mutants if f"`{m.name}`" not in page]
    assert missing == [], "run: python tests/mutants/run.py --write-docs"


def test_a_moved_text_is_refused(tmp_path: Path) -> None:
    package = run.copy_package(tmp_path)
    moved = run.Mutant(
        name="moved",
        area="deal",
        rule="DEAL-01",
        edits=(run.Edit("engine/dealing.py", "text that is not in the code", "x"),),
        why="-",
    )
    with pytest.raises(run.MutantError, match="occurs 0 times"):
        moved.apply(package)


def test_a_mutant_changes_only_the_copy(tmp_path: Path, mutants) -> None:  # type: ignore[no-untyped-def]
    package = run.copy_package(tmp_path)
    m = mutants[0]
    real = (run.PACKAGE / m.edits[0].file).read_text(encoding="utf-8")
    m.apply(package)
    assert (package / m.edits[0].file).read_text(encoding="utf-8") != real
    assert (run.PACKAGE / m.edits[0].file).read_text(encoding="utf-8") == real


def _session_module():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("stud_mutants_session", HERE / "session.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tool_record_names_the_mutant_and_the_scenario_that_killed_it() -> None:
    session = _session_module()
    diff = (
        "--- mutation diff ---\n--- a/interpreter/stud/engine/pots.py\n"
        "+++ b/interpreter/stud/engine/pots.py\n@@ -1,3 +1,3 @@\n"
        "-        if stack > ante:\n+        if stack is not ante:\n"
    )
    expected = "line 105: `if stack > ante:` → `if stack is not ante:`"
    assert session.mutant_text(105, diff) == expected
    output = (
        "\nNot passing\n  [FAILED] seven-card-stud/bring-in.feature:Eve has less than the ante\n"
        "      charged to: BRING-01\n  [FAILED] razz/razz.feature:Another one\n"
    )
    assert session.first_failure(output) == "bring-in.feature: Eve has less than the ante"
    assert session.first_failure("") == "the spec failed"


def verify_mutated(names: str, tmp_path: Path, *select: str) -> Path:
    """``stud verify`` (``select``: e.g. ``-k`` and a name) against ``stud serve`` run
    from a copy of the package with the mutants ``names`` (comma-separated) applied, as a
    third-party engine; the report folder, once the run has failed as it must."""
    by_name = {m.name: m for m in run.load()}
    package = run.copy_package(tmp_path)
    for name in names.split(","):
        by_name[name].apply(package)
    engine = f"env PYTHONPATH={tmp_path} PYTHONDONTWRITEBYTECODE=1 {sys.executable} -m stud serve"
    report = tmp_path / "report"
    done = subprocess.run(
        [sys.executable, "-m", "stud", "verify", "-q", *select, "--engine", engine]
        + ["--report", str(report)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    return report


def deviation_rules(report: Path) -> list[str]:
    deviations = json.loads((report / "deviations.json").read_text(encoding="utf-8"))
    return sorted(d["rule"] for d in deviations)


@pytest.mark.parametrize(
    ("name", "feature", "rule"),
    [
        ("event-extra-cards-unlimited", "home-events", "EVENT-05"),
        ("split-hole-card-rule-ignored", "cowpie", "SPLIT-04"),
        ("sidepot-all-in-hand-not-played", "all-in", "SHOW-01"),
        ("decide-draw-face-ignored", "draw or discard-and-draw", "DRAW-02"),
        ("rankings-seven-card-flush-missed", "seven-card-stud or stud-hi-lo", "SHOW-02"),
        ("pot-size-forgets-the-call", "pot-limit or blind-games", "POT-02"),
        ("deal-burns-before-third-street", "seven-card-stud or pack", "DEAL-06"),
        ("exchange-order-reversed", "english-stud", "ENGLISH-02"),
        # the rules' choice read another way: the rule the engine read, not the symptom's
        ("bring-in-aces-always-low", "bring-in or betting-order or stud-hi-lo", "BRING-02"),
        ("decide-bring-in-last-upcard", "flip", "EXPOSE-02"),
        ("centre-cards-not-read-by-boards", "community-cards", "COMM-02"),
        ("order-community-card-not-read", "run-out or community-cards", "DEAL-10"),
        ("order-seventh-street-reads-river", "betting-order", "ROUND-09"),
        ("exchange-board-not-reread", "english-stud", "ENGLISH-02"),
        ("order-razz-low-board-suit-ties", "razz", "ROUND-12"),
        ("blinds-heads-up-reversed", "blind-games", "BLIND-04"),
        ("wild-lowhole-ace-low-for-high", "low-hole", "LOWHOLE-02"),
        ("wild-lowhole-river-ignored", "low-hole", "LOWHOLE-01"),
        ("cards-eighth-card-not-played", "big-hands", "CARDS-01"),
        ("deal-button-stays", "consecutive-hands", "SETUP-04"),
        # chips and amounts: one pot size, the fixed limit's options
        ("pot-completion-cap-wrong", "pot-limit", "POT-02"),
        ("mnp-pot-ceiling-counts-the-call", "home-stud-mnp", "MNP-01"),
        ("limits-open-pair-in-every-game", "razz or stud-hi-lo", "LIMIT-06"),
        ("limits-big-bet-does-not-lock", "fixed-limit", "LIMIT-05"),
        # the showdown: who may win a share, a declared scoop, kickers
        ("hilo-no-low-counts-as-low", "stud-hi-lo or split-pots", "HILO-07"),
        ("hilo-wild-low-ignores-qualifier", "wild-cards", "WILD-02"),
        ("declare-both-may-tie", "declare", "DECL-04"),
        # the pack running short, a roll-your-own card, a bought card
        ("runout-burns-not-reused", "run-out", "DEAL-08"),
        ("runout-folded-cards-reshuffled", "run-out", "DEAL-07"),
        ("runout-community-card-too-early", "run-out", "DEAL-09"),
        ("decide-roll-always-up", "roll-your-own", "ROLL-02"),
        ("buy-card-keeps-its-face", "english-stud-buy", "BUY-01"),
        # one bug, one cause: pots cut otherwise, the odd chip of a halved pot, an event
        ("sidepot-folded-chips-to-last-pot", "all-in or english-stud", "SHOW-07"),
        # (the cut itself: a pot of three shares shows it too, SHARE-02; HILO-08 is its
        # high-low case, read beside it)
        ("oddchip-hilo-to-low", "stud-hi-lo or split-pots or flip", "SHARE-02"),
        ("event-neighbour-folds-with-a-four", "home-events", "EVENT-08"),
        ("pot-raise-minimum-one-unit", "pot-limit", "POT-04"),
        # (a four-flush read as a flush shows where soko ranks it below two pair: its rule)
        ("rankings-four-card-flush", "seven-card-stud or wild-cards or five-card-stud", "RANK-07"),
        ("wild-deuces-not-wild-for-low", "wild-cards", "WILD-02"),
        # positions counted from the dealer's own seat: the deal, and every round's order
        ("deal-starts-at-dealer", "DEAL-02 or declare or flip or blinds", "DEAL-02"),
    ],
)
def test_a_rule_bug_played_as_an_engine_is_charged_to_its_rule(
    name: str, feature: str, rule: str, tmp_path: Path
) -> None:
    """The mutant played as a third-party engine (``stud serve`` from the mutated copy):
    its failures come back as one root cause, on the rule it breaks."""
    assert deviation_rules(verify_mutated(name, tmp_path, "-k", feature)) == [rule]


@pytest.mark.parametrize(
    ("names", "scenario", "first", "then"),
    [
        # the engine offers a check facing the bring-in: the play-along step checks where
        # the rules call; the showdown is still compared, net of the chips it missed
        (
            "bring-in-not-a-live-bet,wild-lowhole-ace-low-for-high",
            "For the high hand an ace in the hole counts high",
            "BRING-07",
            "LOWHOLE-02",
        ),
        # the engine brings in for the ante: the scripted bring-in is refused, its own
        # amount is sent, and the later streets still show that a board tie is misread
        (
            "bring-in-for-the-ante,order-board-suit-ties-reversed",
            "As Kc beats Ah Ks because the ace of spades",
            "BRING-05",
            "ROUND-06",
        ),
    ],
)
def test_a_refused_action_is_steered_past_and_the_next_bug_is_found(
    names: str, scenario: str, first: str, then: str, tmp_path: Path
) -> None:
    """Two mutants played as one engine: the first bug makes the engine refuse or replace
    a scripted action; the scenario goes on (stud.spec.steer) and the second bug is found
    after it, on its own rule, not hidden."""
    report = verify_mutated(names, tmp_path, "-k", scenario)
    lines = (report / "results.jsonl").read_text(encoding="utf-8").splitlines()
    failed = [r for r in map(json.loads, lines) if r["status"] == "failed"]
    assert failed, lines
    rules = [[c["rule"] for c in r["causes"]] for r in failed]
    assert any(r[0] == first and then in r[1:] for r in rules), rules


@pytest.mark.parametrize(
    ("names", "rules"),
    [
        # the dealer's-seat count read on past a round that ends early
        ("deal-starts-at-dealer,order-round-ends-when-bets-level", ["DEAL-02", "ROUND-02"]),
        # ties the engine makes where the rules tell hands apart: the kickers, once
        ("rankings-kickers-ignored,deal-ante-exact-stack-not-all-in", ["DEAL-01", "SHOW-04"]),
        # the lowest board's opener is not the best board's
        ("order-low-board-pairs-ignored,exchange-board-not-reread", ["ENGLISH-02", "ROUND-12"]),
        # a choice shown too soon is one cause, not also a split that differs
        ("decide-simultaneous-seen-at-once,pot-raise-minimum-one-unit", ["DECIDE-03", "POT-04"]),
        # the bet size refused is steered past: the draw's face is still found
        ("limits-raise-by-small-bet-late,decide-draw-face-ignored", ["DRAW-02", "LIMIT-01"]),
        # a bring-in that is no live bet is in nearly every scenario; what a hand is worth,
        # found after it on the same path, is a cause of its own
        ("bring-in-not-a-live-bet,wild-lowhole-ace-low-for-high", ["BRING-07", "LOWHOLE-02"]),
        # a bring-in for the ante, then what the cards alone decide: the boards' reading
        ("bring-in-for-the-ante,centre-cards-not-read-by-boards", ["BRING-05", "COMM-02"]),
        ("bring-in-for-the-ante,decide-roll-always-up", ["BRING-05", "ROLL-02"]),
        # a bring-in for the ante changes every amount after it; read with the engine's
        # own bring-in, the rules part from it where the cap or an odd chip does
        ("bring-in-for-the-ante,cap-round-start-counts-all-in", ["BRING-05", "CAP-02"]),
        ("bring-in-for-the-ante,oddchip-by-seat-number", ["BRING-05", "SHOW-05"]),
        # a raise offered on the bring-in that nobody takes changes nothing else: what is
        # found after it on the same hand is a cause of its own
        ("bring-in-may-be-raised,buy-card-keeps-its-face", ["BRING-08", "BUY-01"]),
        ("bring-in-may-be-raised,runout-community-card-too-early", ["BRING-08", "DEAL-09"]),
        # the cards a run-out deals (a shared card, the burns dealt again) follow from the
        # pack and the folds, never from chips put in otherwise before
        ("bring-in-not-a-live-bet,runout-no-card-kept-for-river", ["BRING-07", "DEAL-09"]),
        ("runout-burns-not-reused,limits-raise-by-small-bet-late", ["DEAL-08", "LIMIT-01"]),
        # counted from the dealer's seat, equal boards on the river open elsewhere; the
        # river read in the boards explains that too, and is shown unambiguously elsewhere
        ("deal-starts-at-dealer,order-seventh-street-reads-river", ["DEAL-02", "ROUND-09"]),
        # a first finding read beside the deal's order is charged there, not to who opens
        # as seen only after it
        ("blinds-first-round-from-dealer-left,deal-starts-at-dealer", ["BLIND-03", "DEAL-02"]),
        # deuces wild for low only has a scenario with no door cards tied
        ("bring-in-suits-reversed,wild-deuces-not-wild-for-low", ["BRING-03", "WILD-02"]),
        # the wild ranks, which the replay does not compare, fail too where the only other
        # difference was in what was offered: every seat holds its cards, so they are a
        # cause of their own
        ("event-down-card-ends-the-wait,limits-raise-by-small-bet-late", ["EVENT-03", "LIMIT-01"]),
        # an ante that takes the whole stack but leaves its player in, seen in the status
        # alone where the bring-in falls on the same player either way: one DEAL-01
        ("deal-ante-exact-stack-not-all-in,bring-in-suits-reversed", ["BRING-03", "DEAL-01"]),
        # read with the button back, the first difference left is a cause of its own
        ("runout-burns-not-reused,deal-starts-at-dealer", ["DEAL-02", "DEAL-08"]),
    ],
)
def test_two_rule_bugs_played_as_one_engine_give_two_causes(
    names: str, rules: list[str], tmp_path: Path
) -> None:
    """Two mutants in one engine (``stud serve`` from the mutated copy), the whole spec:
    each is one root cause, on its own rule, and nothing else is reported."""
    assert deviation_rules(verify_mutated(names, tmp_path)) == rules

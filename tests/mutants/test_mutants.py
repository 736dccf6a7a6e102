"""The curated rule mutants stay applicable and the score page lists them all.

Running the mutants takes minutes (`python tests/mutants/run.py --check`, a CI step of its
own); these checks are instant: each mutant's text still occurs exactly once in the code,
its rule is a catalogue id or says which rule it follows, and docs/mutation-score.md names
every mutant.
"""

from __future__ import annotations

import importlib.util
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

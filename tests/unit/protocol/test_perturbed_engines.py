"""Engines with one classic mistake fail the spec in several places, on the right rules.

Each fake in tests/fake_engines wraps the reference and perturbs exactly one behaviour
(dealing from seat 1, ignoring the dealer, breaking ties without suits).  A spec where
those mistakes pass by coincidence would let real engines through; each must fail at
least five scenarios under ``stud verify --engine``.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

FAKES = Path(__file__).resolve().parents[2] / "fake_engines"
DEALING = {"DEAL-02", "DEAL-05", "SETUP-04"}
SUIT_TIES = {"BRING-03", "BRING-13", "ROUND-06", "ROUND-12"}


@cache
def verify(fake: str, report: Path) -> tuple[int, tuple[dict, ...]]:
    """``stud verify --engine FAKE`` as a user runs it: exit status and the results."""
    command = shlex.join([sys.executable, str(FAKES / fake)])
    done = subprocess.run(
        [sys.executable, "-m", "stud", "verify", "-q", "--engine", command, "--report", report],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    lines = (report / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return done.returncode, tuple(json.loads(line) for line in lines)


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("perturbed")


@pytest.mark.parametrize(
    ("fake", "rules"),
    [
        ("deals_from_seat_1.py", DEALING),
        ("ignores_dealer.py", DEALING),
        ("ignores_suits.py", SUIT_TIES),
    ],
)
def test_a_one_mistake_engine_fails_at_least_five_scenarios(
    fake: str, rules: set[str], reports: Path
) -> None:
    code, results = verify(fake, reports / fake)
    failed = [r for r in results if r["status"] == "failed"]
    assert code != 0
    assert len(failed) >= 5, [r["id"] for r in failed]
    tagged = {t for r in failed for t in r["tags"]}
    assert rules & tagged, tagged  # among the failures are scenarios of the rule it breaks
    # one mistake, not a broken engine: the scenarios that do not meet it still pass
    assert any(r["status"] == "passed" for r in results)


def test_ignoring_suits_fails_only_scenarios_about_suit_ties(reports: Path) -> None:
    _, results = verify("ignores_suits.py", reports / "ignores_suits.py")
    failed = [r for r in results if r["status"] == "failed"]
    assert failed and all(SUIT_TIES & set(r["tags"]) for r in failed), [r["id"] for r in failed]

"""The corpus of invalid rulesets: each tests/data/invalid/NAME.yaml has its exact expected
`stud validate` output in NAME.expected.

To rewrite the golden files after an intended change of wording:
``STUD_REGEN_GOLDEN=1 python -m pytest tests/unit/rules/test_rules_golden.py`` (then review
the diff).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from stud.rules import validate_file

INVALID = Path(__file__).resolve().parents[2] / "data" / "invalid"
CASES = sorted(p.stem for p in INVALID.glob("*.yaml"))


def test_corpus_is_large_enough() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", CASES)
def test_invalid_ruleset_output(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(INVALID)
    problems = validate_file(f"{name}.yaml")
    assert problems, f"{name}.yaml was accepted"
    got = "".join(f"{p}\n" for p in problems)
    expected_file = INVALID / f"{name}.expected"
    if os.environ.get("STUD_REGEN_GOLDEN"):
        expected_file.write_text(got, encoding="utf-8")
    assert got == expected_file.read_text(encoding="utf-8")
    for problem in problems:  # compiler style: file:line:col: $.path: what; expected ...
        assert problem.file.endswith(".yaml")
        assert problem.path.startswith("$")
        assert problem.expected


def test_every_expected_file_has_a_case() -> None:
    orphans = sorted(p.name for p in INVALID.glob("*.expected") if p.stem not in CASES)
    assert orphans == []

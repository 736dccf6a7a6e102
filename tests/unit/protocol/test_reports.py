"""Conformance reports and expected-failure semantics."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

from stud.spec.reports import apply_expectations, exit_status, load_expectations, write_reports
from stud.spec.results import ScenarioResult


def result(
    feature: str, scenario: str, status: str, *tags: str, message: str = ""
) -> ScenarioResult:
    return ScenarioResult(
        id=f"{feature}:{scenario}",
        feature=feature,
        feature_name=feature.split("/")[-1],
        rule="",
        scenario=scenario,
        tags=tags,
        status=status,
        message=message,
        variant=feature.split("/")[0],
        duration=0.25,
    )


RESULTS = [
    result("stud/bring-in.feature", "Lowest card", "passed", "BRING-01", "smoke"),
    result("stud/bring-in.feature", "Suits break ties", "failed", "BRING-03", message="got 2"),
    result("stud/ties.feature", "Position ties", "not-supported", "ROUND-06", message="ties"),
    result("razz/razz.feature", "King brings in", "passed", "BRING-13"),
]


def test_write_reports_writes_four_consistent_files(tmp_path: Path) -> None:
    info = {"engine": {"name": "demo", "version": "2.0"}, "command": "demo --serve"}
    paths = write_reports(RESULTS, tmp_path / "out", info)
    names = ["results.jsonl", "junit.xml", "compliance.md", "badge.json", "deviations.json"]
    assert [p.name for p in paths] == names

    lines = (tmp_path / "out" / "results.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["status"] for r in records] == ["passed", "failed", "not-supported", "passed"]
    assert records[0]["catalogue_ids"] == ["BRING-01"]

    root = ET.parse(tmp_path / "out" / "junit.xml").getroot()
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("4", "1", "1")
    failure = root.find(".//testcase[@name='Suits break ties']/failure")
    assert failure is not None and failure.get("message") == "got 2"

    text = (tmp_path / "out" / "compliance.md").read_text()
    assert "# Conformance of demo 2.0" in text
    assert "| razz | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 0 |" in text
    assert "| stud | 3 | 2 | 1 | 1 | 0 | 1 | 0 | 0 |" in text
    assert "| BRING-03 | failed | 1 | 0 | 1 | 0 | 0 | 0 |" in text
    assert "| ROUND-06 | not supported | 1 | 0 | 0 | 0 | 0 | 1 |" in text
    assert "- `stud/bring-in.feature:Suits break ties`: got 2" in text
    assert (
        "- 1 × `(no value path given)`\n"
        "  - [not supported] `stud/ties.feature:Position ties`: ties" in text
    )

    badge = json.loads((tmp_path / "out" / "badge.json").read_text())
    assert badge == {
        "schemaVersion": 1,
        "label": "stud spec",
        "message": "2/4 passed",
        "color": "red",
    }


def test_expected_failures_turn_around(tmp_path: Path) -> None:
    listing = tmp_path / "expect-fail.txt"
    listing.write_text("# known\nBRING-03  # suit order\nrazz/*\n")
    patterns = load_expectations(listing)
    assert patterns == ["BRING-03", "razz/*"]
    marked = apply_expectations(RESULTS, patterns)
    assert [r.status for r in marked] == [
        "passed",
        "expected-fail",
        "not-supported",
        "unexpected-pass",
    ]
    assert exit_status(marked) == 1  # the unexpected pass fails the run
    assert exit_status(apply_expectations(RESULTS[:3], patterns)) == 0
    assert exit_status(RESULTS) == 1
    write_reports(marked, tmp_path, {"engine": {"name": "x", "version": "1"}})
    text = (tmp_path / "compliance.md").read_text()
    assert "## Unexpected passes" in text and "## Expected failures" in text
    root = ET.parse(tmp_path / "junit.xml").getroot()
    assert (root.get("failures"), root.get("skipped")) == ("1", "2")

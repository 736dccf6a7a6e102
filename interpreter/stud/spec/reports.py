"""Conformance reports of a spec run: results.jsonl, junit.xml, compliance.md, badge.json
and deviations.json (the root causes, :mod:`stud.spec.deviations`).

``stud verify --report DIR`` calls :func:`write_reports`.  Known failures can be declared
up front (``--expect-fail FILE``): :func:`apply_expectations` turns a matching ``failed``
into ``expected-fail`` and a matching ``passed`` into ``unexpected-pass`` before the
reports are written, and :func:`exit_status` fails the run on any ``failed`` or
``unexpected-pass``.  The files are written atomically (:mod:`stud.outfiles`); what the
engine sent is escaped for each (:mod:`stud.safetext`: Markdown, and in junit.xml the
control characters XML cannot hold are shown as escapes).
"""

from __future__ import annotations

import dataclasses
import fnmatch
import json
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from stud.outfiles import out_folder, write_text
from stud.safetext import printable
from stud.spec.compliance import compliance_markdown
from stud.spec.deviations import Deviation
from stud.spec.results import ScenarioResult


# --- expected failures ---------------------------------------------------------------------
def load_expectations(path: Path) -> list[str]:
    """Patterns from an expect-fail file: one a line, ``#`` starts a comment.

    A pattern matches a scenario id (``feature-path:scenario name``, shell wildcards
    allowed), a feature path, or a catalogue id tag such as ``ROUND-06``.
    """
    patterns = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        text = raw.split("#", 1)[0].strip()
        if text:
            patterns.append(text)
    return patterns


def expected_to_fail(result: ScenarioResult, patterns: Sequence[str]) -> bool:
    """Whether any pattern names ``result``.

    >>> r = ScenarioResult(id="stud/ties.feature:Suit breaks ties", feature="stud/ties.feature",
    ...     feature_name="Ties", rule="", scenario="Suit breaks ties", tags=("ROUND-06",))
    >>> [expected_to_fail(r, [p]) for p in ("ROUND-06", "stud/*", "*:Suit*", "ROUND-07")]
    [True, True, True, False]
    """
    for pattern in patterns:
        if pattern in result.tags or pattern.lstrip("@") in result.tags:
            return True
        if fnmatch.fnmatchcase(result.id, pattern) or fnmatch.fnmatchcase(result.feature, pattern):
            return True
    return False


def apply_expectations(
    results: Iterable[ScenarioResult], patterns: Sequence[str]
) -> list[ScenarioResult]:
    """Mark expected failures: failed -> expected-fail, passed -> unexpected-pass."""
    marked = []
    for result in results:
        if patterns and expected_to_fail(result, patterns):
            if result.status == "failed":
                result = dataclasses.replace(result, status="expected-fail")
            elif result.status == "passed":
                result = dataclasses.replace(
                    result,
                    status="unexpected-pass",
                    message="passed, but it is listed as expected to fail",
                )
        marked.append(result)
    return marked


def exit_status(results: Iterable[ScenarioResult]) -> int:
    """0 when nothing failed unexpectedly (not-supported does not fail a run), else 1.

    ``stud verify`` adds the conditions on how many ran (:mod:`stud.spec.gate`).
    """
    return 1 if any(r.status in ("failed", "unexpected-pass") for r in results) else 0


# --- the reports ---------------------------------------------------------------------------
def write_reports(
    results: list[ScenarioResult],
    directory: Path,
    engine_info: Mapping[str, Any],
    found: Sequence[Deviation] = (),
) -> list[Path]:
    """Write the reports into ``directory`` (created if needed); return their paths.

    ``engine_info`` is the engine's ``hello`` (``engine`` {name, version}, ``features``...)
    plus, optionally, ``command`` (how it was started); ``found`` the run's deviations
    (:func:`stud.spec.deviations.group`), written to ``deviations.json`` and leading
    ``compliance.md``.
    """
    out_folder(directory, "--report")
    outputs = {
        "results.jsonl": results_jsonl(results),
        "junit.xml": junit_xml(results, engine_info),
        "compliance.md": compliance_markdown(results, engine_info, found),
        "badge.json": json.dumps(badge(results), indent=2) + "\n",
        "deviations.json": json.dumps(
            [d.as_dict() for d in found if d.root], indent=2, ensure_ascii=False
        )
        + "\n",
    }
    return [write_text(directory / name, text) for name, text in outputs.items()]


def result_record(result: ScenarioResult) -> dict[str, Any]:
    record = dataclasses.asdict(result)
    record["tags"] = list(result.tags)
    record["catalogue_ids"] = list(result.catalogue_ids)
    record["duration"] = round(result.duration, 4)
    return record


def results_jsonl(results: Sequence[ScenarioResult]) -> str:
    return "".join(json.dumps(result_record(r), ensure_ascii=False) + "\n" for r in results)


def engine_title(engine_info: Mapping[str, Any]) -> str:
    engine = engine_info.get("engine") or {}
    name = engine.get("name", "engine") if isinstance(engine, Mapping) else str(engine)
    version = engine.get("version", "") if isinstance(engine, Mapping) else ""
    return f"{name} {version}".strip()


def junit_xml(results: Sequence[ScenarioResult], engine_info: Mapping[str, Any]) -> str:
    """JUnit XML: a test suite per feature; not supported and expected fail are skipped.

    Text is XML-escaped by ElementTree; the control characters XML 1.0 cannot hold at
    all (ESC, NUL...) are first shown as escapes (``\\x1b``)."""
    root = ET.Element("testsuites", name=_xml(f"stud spec: {engine_title(engine_info)}"))
    by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        by_feature[result.feature].append(result)
    totals: Counter[str] = Counter()
    for feature, group in by_feature.items():
        counts = Counter(r.status for r in group)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=_xml(feature),
            tests=str(len(group)),
            failures=str(counts["failed"] + counts["unexpected-pass"]),
            errors="0",
            skipped=str(
                counts["not-supported"] + counts["not-applicable"] + counts["expected-fail"]
            ),
            time=f"{sum(r.duration for r in group):.3f}",
        )
        totals.update(counts)
        classname = _xml(feature.removesuffix(".feature").replace("/", "."))
        for result in group:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=classname,
                name=_xml(result.scenario),
                time=f"{result.duration:.3f}",
            )
            if result.status in ("failed", "unexpected-pass"):
                message = _xml(_first_line(result.message))
                failure = ET.SubElement(case, "failure", message=message)
                if result.charged_to:  # the rule (or concern) the failure is charged to
                    failure.set("type", _xml(", ".join(result.charged_to)))
                failure.text = _xml(result.message)
            elif result.status in SKIPPED:
                message = _xml(f"{SKIPPED[result.status]}: {result.message}")
                ET.SubElement(case, "skipped", message=message)
    root.set("tests", str(len(results)))
    root.set("failures", str(totals["failed"] + totals["unexpected-pass"]))
    skipped = totals["not-supported"] + totals["not-applicable"] + totals["expected-fail"]
    root.set("skipped", str(skipped))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


SKIPPED = {
    "not-supported": "not supported",
    "not-applicable": "not applicable",
    "expected-fail": "expected failure",
}


def _xml(text: str) -> str:
    """Text XML 1.0 can hold: every control character but line breaks and tabs escaped."""
    return printable(text)


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def badge(results: Sequence[ScenarioResult]) -> dict[str, Any]:
    """A shields.io endpoint badge: passed/total, green only when nothing is missing."""
    counts = Counter(r.status for r in results)
    good = counts["passed"] + counts["expected-fail"]
    if counts["failed"] or counts["unexpected-pass"]:
        color = "red"
    elif counts["not-supported"] or counts["not-applicable"]:
        color = "yellow"
    else:
        color = "brightgreen" if results else "lightgrey"
    return {
        "schemaVersion": 1,
        "label": "stud spec",
        "message": f"{good}/{len(results)} passed",
        "color": color,
    }

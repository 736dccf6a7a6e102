"""Conformance reports of a spec run: results.jsonl, junit.xml, compliance.md, badge.json.

``stud verify --report DIR`` calls :func:`write_reports`.  Known failures can be declared
up front (``--expect-fail FILE``): :func:`apply_expectations` turns a matching ``failed``
into ``expected-fail`` and a matching ``passed`` into ``unexpected-pass`` before the
reports are written, and :func:`exit_status` fails the run on any ``failed`` or
``unexpected-pass``.
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

from stud.spec.results import STATUSES, ScenarioResult

LABELS = {
    "passed": "passed",
    "failed": "failed",
    "not-supported": "not supported",
    "expected-fail": "expected fail",
    "unexpected-pass": "unexpected pass",
}


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
    """0 when nothing failed unexpectedly (not-supported does not fail a run), else 1."""
    return 1 if any(r.status in ("failed", "unexpected-pass") for r in results) else 0


# --- the reports ---------------------------------------------------------------------------
def write_reports(
    results: list[ScenarioResult], directory: Path, engine_info: Mapping[str, Any]
) -> list[Path]:
    """Write the four reports into ``directory`` (created if needed); return their paths.

    ``engine_info`` is the engine's ``hello`` (``engine`` {name, version}, ``features``...)
    plus, optionally, ``command`` (how it was started).
    """
    directory.mkdir(parents=True, exist_ok=True)
    outputs = {
        "results.jsonl": results_jsonl(results),
        "junit.xml": junit_xml(results, engine_info),
        "compliance.md": compliance_markdown(results, engine_info),
        "badge.json": json.dumps(badge(results), indent=2) + "\n",
    }
    paths = []
    for name, text in outputs.items():
        path = directory / name
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


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
    """JUnit XML: a test suite per feature; not supported and expected fail are skipped."""
    root = ET.Element("testsuites", name=f"stud spec: {engine_title(engine_info)}")
    by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        by_feature[result.feature].append(result)
    totals: Counter[str] = Counter()
    for feature, group in by_feature.items():
        counts = Counter(r.status for r in group)
        suite = ET.SubElement(
            root,
            "testsuite",
            name=feature,
            tests=str(len(group)),
            failures=str(counts["failed"] + counts["unexpected-pass"]),
            errors="0",
            skipped=str(counts["not-supported"] + counts["expected-fail"]),
            time=f"{sum(r.duration for r in group):.3f}",
        )
        totals.update(counts)
        classname = feature.removesuffix(".feature").replace("/", ".")
        for result in group:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=classname,
                name=result.scenario,
                time=f"{result.duration:.3f}",
            )
            if result.status in ("failed", "unexpected-pass"):
                failure = ET.SubElement(case, "failure", message=_first_line(result.message))
                failure.text = result.message
            elif result.status == "not-supported":
                ET.SubElement(case, "skipped", message=f"not supported: {result.message}")
            elif result.status == "expected-fail":
                ET.SubElement(case, "skipped", message=f"expected failure: {result.message}")
    root.set("tests", str(len(results)))
    root.set("failures", str(totals["failed"] + totals["unexpected-pass"]))
    root.set("skipped", str(totals["not-supported"] + totals["expected-fail"]))
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def _first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def id_status(statuses: Iterable[str]) -> str:
    """One verdict for a catalogue id from its scenarios' statuses.

    >>> id_status(["passed", "passed"]), id_status(["passed", "failed"])
    ('passed', 'failed')
    >>> id_status(["not-supported"]), id_status(["passed", "not-supported"])
    ('not supported', 'partly supported')
    >>> id_status(["expected-fail", "passed"])
    'expected fail'
    """
    found = set(statuses)
    for status in ("failed", "unexpected-pass", "expected-fail"):
        if status in found:
            return LABELS[status]
    if found == {"not-supported"}:
        return "not supported"
    if "not-supported" in found:
        return "partly supported"
    return "passed"


def _count_row(group: Sequence[ScenarioResult]) -> list[str]:
    counts = Counter(r.status for r in group)
    return [str(len(group))] + [str(counts[s]) for s in STATUSES]


def limits_text(limits: Mapping[str, Any]) -> str:
    """The run's time limits in words.

    >>> limits_text({"reply_seconds": 5, "scenario_seconds": 30, "max_seconds": None})
    '5 s per reply, 30 s per scenario, no total limit'
    """

    def seconds(key: str, what: str, none: str) -> str:
        value = limits.get(key)
        return none if value is None else f"{value:g} s {what}"

    return ", ".join(
        [
            seconds("reply_seconds", "per reply", "no reply limit"),
            seconds("scenario_seconds", "per scenario", "no scenario limit"),
            seconds("max_seconds", "in all (--max-time)", "no total limit"),
        ]
    )


def compliance_markdown(results: Sequence[ScenarioResult], engine_info: Mapping[str, Any]) -> str:
    """The human-readable table: per variant, per feature, per catalogue id."""
    title = engine_title(engine_info)
    lines = [f"# Conformance of {title} to the stud rules specification", ""]
    command = engine_info.get("command")
    if command:
        lines += [f"Engine command: `{command}`", ""]
    features = engine_info.get("features")
    if features:
        lines += [f"Announced features: {', '.join(map(str, features))}", ""]
    limits = engine_info.get("limits")
    if isinstance(limits, Mapping):
        lines += [f"Limits: {limits_text(limits)}", ""]
    if engine_info.get("cut_short"):
        lines += [f"**The run was cut short:** {engine_info['cut_short']}", ""]
    counts = Counter(r.status for r in results)
    summary = ", ".join(f"{counts[s]} {LABELS[s]}" for s in STATUSES if counts[s])
    lines += [f"{len(results)} scenarios: {summary or 'none run'}.", ""]
    header = ["Scenarios"] + [LABELS[s].capitalize() for s in STATUSES]

    by_variant: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        by_variant[result.variant or result.feature.split("/")[0]].append(result)
    lines += ["## By variant", "", _row(["Variant", *header]), _rule(len(header) + 1)]
    for variant in sorted(by_variant):
        lines.append(_row([variant, *_count_row(by_variant[variant])]))
    lines.append("")

    for variant in sorted(by_variant):
        lines += [f"## {variant}", "", _row(["Feature", "Catalogue ids", *header])]
        lines.append(_rule(len(header) + 2))
        by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
        for result in by_variant[variant]:
            by_feature[result.feature].append(result)
        for feature in sorted(by_feature):
            group = by_feature[feature]
            ids = sorted({i for r in group for i in r.catalogue_ids})
            lines.append(_row([f"`{feature}`", " ".join(ids), *_count_row(group)]))
        lines.append("")

    by_id: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        for catalogue_id in result.catalogue_ids:
            by_id[catalogue_id].append(result)
    lines += ["## By catalogue id", "", _row(["Id", "Status", "Scenarios passed"]), _rule(3)]
    for catalogue_id in sorted(by_id, key=_id_key):
        group = by_id[catalogue_id]
        passed = sum(r.status == "passed" for r in group)
        status = id_status(r.status for r in group)
        lines.append(_row([catalogue_id, status, f"{passed}/{len(group)}"]))
    lines.append("")

    for status, heading in (
        ("failed", "Failures"),
        ("unexpected-pass", "Unexpected passes"),
        ("expected-fail", "Expected failures"),
    ):
        listed = [r for r in results if r.status == status]
        if not listed:
            continue
        lines += [f"## {heading}", ""]
        for result in listed:
            reason = _first_line(result.message, 400)
            lines.append(f"- `{result.id}`" + (f": {_cell(reason)}" if reason else ""))
        lines.append("")
    lines += _not_supported(results)
    return "\n".join(lines)


def not_supported_reason(message: str) -> str:
    """The reason without the step it happened at.

    >>> not_supported_reason("at 'When Ann bets 1': engine: board.ties = 'suit': seats 1, 3")
    "board.ties = 'suit': seats 1, 3"
    """
    text = _first_line(message, 400)
    if text.startswith("at '"):
        text = text.split("': ", 1)[-1]
    return text.removeprefix("engine: ")


def _not_supported(results: Sequence[ScenarioResult]) -> list[str]:
    by_reason: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        if result.status == "not-supported":
            by_reason[not_supported_reason(result.message)].append(result)
    if not by_reason:
        return []
    lines = ["## Not supported, by reason", ""]
    for reason, group in sorted(by_reason.items(), key=lambda item: (-len(item[1]), item[0])):
        lines.append(f"- {len(group)} × {_cell(reason) or '(no reason given)'}")
        lines.extend(f"  - `{r.id}`" for r in group)
    lines.append("")
    return lines


def _id_key(catalogue_id: str) -> tuple[str, int]:
    family, _, number = catalogue_id.rpartition("-")
    return family, int(number) if number.isdigit() else 0


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(_cell(c) for c in cells) + " |"


def _rule(columns: int) -> str:
    return "|" + "---|" * columns


def badge(results: Sequence[ScenarioResult]) -> dict[str, Any]:
    """A shields.io endpoint badge: passed/total, green only when nothing is missing."""
    counts = Counter(r.status for r in results)
    good = counts["passed"] + counts["expected-fail"]
    if counts["failed"] or counts["unexpected-pass"]:
        color = "red"
    elif counts["not-supported"]:
        color = "yellow"
    else:
        color = "brightgreen" if results else "lightgrey"
    return {
        "schemaVersion": 1,
        "label": "stud spec",
        "message": f"{good}/{len(results)} passed",
        "color": color,
    }

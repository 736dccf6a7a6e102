"""compliance.md: the human-readable conformance report of a spec run.

Per variant, per feature and per catalogue id; each failure with the rule it is charged
to, the request and the state; the engine's profile, the scenarios run under it and the
deviations it declares; and the skipped scenarios grouped by the value path they need.
What the engine sent (its name, features, profile, messages) is escaped for Markdown
(:mod:`stud.safetext`): a name such as ``<img onerror=...>`` stays text when rendered.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stud.safetext import markdown, markdown_code
from stud.spec.deviations import Deviation
from stud.spec.results import STATUSES, ScenarioResult

LABELS = {
    "passed": "passed",
    "failed": "failed",
    "not-applicable": "not applicable",
    "not-supported": "not supported",
    "expected-fail": "expected fail",
    "unexpected-pass": "unexpected pass",
}


def engine_title(engine_info: Mapping[str, Any]) -> str:
    engine = engine_info.get("engine") or {}
    name = engine.get("name", "engine") if isinstance(engine, Mapping) else str(engine)
    version = engine.get("version", "") if isinstance(engine, Mapping) else ""
    return f"{name} {version}".strip()


def first_line(text: str, limit: int = 200) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def _cell(text: str) -> str:
    """Text for a line or a table cell, escaped (line breaks become spaces)."""
    return markdown(" ".join(str(text).splitlines()))


def _code(text: Any) -> str:
    return markdown_code(str(text))


def _row(cells: Sequence[str], code: Sequence[int] = ()) -> str:
    """A table row of text cells; the cells at the ``code`` indexes as code."""
    shown = [_code(c) if i in code else _cell(c) for i, c in enumerate(cells)]
    return "| " + " | ".join(shown) + " |"


def _rule(columns: int) -> str:
    return "|" + "---|" * columns


def _id_key(catalogue_id: str) -> tuple[str, int]:
    family, _, number = catalogue_id.rpartition("-")
    return family, int(number) if number.isdigit() else 0


def failed_here(result: ScenarioResult, catalogue_id: str) -> bool:
    """Whether a failed scenario's failure is charged to ``catalogue_id``.

    A result without attribution (an older record) is charged to all its ids.
    """
    if result.status not in ("failed", "unexpected-pass"):
        return False
    return catalogue_id in result.charged_to or not result.charged_to


def id_status(results: Iterable[ScenarioResult], catalogue_id: str = "") -> str:
    """One verdict for a catalogue id from its scenarios.

    >>> def r(status, charged=()):
    ...     return ScenarioResult(id="f:s", feature="f", feature_name="F", rule="",
    ...         scenario="s", tags=("BRING-02",), status=status, charged_to=charged)
    >>> id_status([r("passed"), r("failed", ("BRING-02",))], "BRING-02")
    'failed'
    >>> id_status([r("passed"), r("failed", ("legal actions and amounts",))], "BRING-02")
    'passed'
    >>> id_status([r("failed", ("legal actions and amounts",))], "BRING-02")
    'not shown (failed on another rule)'
    >>> id_status([r("not-applicable")]), id_status([r("passed"), r("not-supported")])
    ('deviation declared', 'partly supported')
    """
    group = list(results)
    found = {r.status for r in group}
    if any(failed_here(r, catalogue_id) for r in group):
        return "failed" if "failed" in found else LABELS["unexpected-pass"]
    if "expected-fail" in found:
        return LABELS["expected-fail"]
    shown = {"passed"} & found
    if not shown:
        if "failed" in found:
            return "not shown (failed on another rule)"
        if found == {"not-applicable"}:
            return "deviation declared"
        if "not-applicable" in found:
            return "deviation declared, partly supported"
        return "not supported"
    if "not-applicable" in found:
        return "passed where applicable"
    if "not-supported" in found:
        return "partly supported"
    return "passed"


def _count_row(group: Sequence[ScenarioResult]) -> list[str]:
    counts = Counter(r.status for r in group)
    ran = sum(r.ran for r in group)
    return [str(len(group)), str(ran)] + [str(counts[s]) for s in STATUSES]


def _value(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


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


def compliance_markdown(
    results: Sequence[ScenarioResult],
    engine_info: Mapping[str, Any],
    found: Sequence[Deviation] = (),
) -> str:
    """The human-readable report: the deviations (root causes) first, then per variant,
    feature and catalogue id, then the details."""
    title = _cell(engine_title(engine_info))
    lines = [f"# Conformance of {title} to the stud rules specification", ""]
    command = engine_info.get("command")
    if command:
        lines += [f"Engine command: {_code(command)}", ""]
    features = engine_info.get("features")
    if features:
        lines += [f"Announced features: {_cell(', '.join(map(str, features)))}", ""]
    limits = engine_info.get("limits")
    if isinstance(limits, Mapping):
        lines += [f"Limits: {_cell(limits_text(limits))}", ""]
    if engine_info.get("cut_short"):
        lines += [f"**The run was cut short:** {_cell(engine_info['cut_short'])}", ""]
    profile = engine_info.get("profile")
    if isinstance(profile, Mapping) and profile:
        declared = ", ".join(f"{_code(k)} = {_code(_value(v))}" for k, v in profile.items())
        lines += [f"Engine profile (declared in `hello`): {declared}", ""]
    counts = Counter(r.status for r in results)
    summary = ", ".join(f"{counts[s]} {LABELS[s]}" for s in STATUSES if counts[s])
    ran = sum(r.ran for r in results)
    under = sum(1 for r in results if r.ran and r.profile)
    lines += [
        f"{len(results)} scenarios: {summary or 'none run'}.",
        f"{ran} of {len(results)} ran on the engine ({under} of them under its profile).",
        "",
    ]
    lines += _root_causes(found)
    header = ["Scenarios", "Ran"] + [LABELS[s].capitalize() for s in STATUSES]

    by_variant: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        by_variant[result.variant or result.feature.split("/")[0]].append(result)
    lines += ["## By variant", "", _row(["Variant", *header]), _rule(len(header) + 1)]
    for variant in sorted(by_variant):
        lines.append(_row([variant, *_count_row(by_variant[variant])]))
    lines.append("")

    for variant in sorted(by_variant):
        lines += [f"## {_cell(variant)}", "", _row(["Feature", "Catalogue ids", *header])]
        lines.append(_rule(len(header) + 2))
        by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
        for result in by_variant[variant]:
            by_feature[result.feature].append(result)
        for feature in sorted(by_feature):
            group = by_feature[feature]
            ids = sorted({i for r in group for i in r.catalogue_ids}, key=_id_key)
            lines.append(_row([feature, " ".join(ids), *_count_row(group)], code=[0]))
        lines.append("")

    lines += _by_id(results)
    lines += _failures(results)
    lines += _under_profile(results)
    lines += _deviations(results)
    lines += _skipped(results)
    return "\n".join(lines)


def _root_causes(found: Sequence[Deviation]) -> list[str]:
    """One entry per deviation: rule, what differs, what it explains, its smallest example."""
    roots = [d for d in found if d.root]
    if not found:
        return []
    open_ = [d for d in roots if not d.declared]
    lines = [
        f"## {len(open_)} deviation{'s' * (len(open_) != 1)} (root causes)",
        "",
        "Each failure is traced to the first reply where the engine and the reference part, "
        "named by what differs and the rule it breaks, wherever it shows; later differences "
        "in a scenario are read net of the earlier ones.",
        "",
    ]
    for n, d in enumerate(roots, 1):
        declared = " *(declared by the engine)*" if d.declared else ""
        lines.append(f"{n}. **{d.rule}**: {markdown(d.what)}{declared}")
        lines += [f"   - {markdown(fact)}" for fact in d.facts()]
    later = [d for d in found if not d.root]
    if later:
        lines += ["", "Seen only after another difference (they may follow from it):", ""]
    for d in later:
        lines.append(f"- **{d.rule}**: {markdown(d.what)} ({len(d.scenarios)} scenario(s))")
    lines.append("")
    return lines


def _by_id(results: Sequence[ScenarioResult]) -> list[str]:
    by_id: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        for catalogue_id in result.catalogue_ids:
            by_id[catalogue_id].append(result)
    columns = [
        "Id",
        "Status",
        "Scenarios",
        "Passed",
        "Failed here",
        "Failed on another rule",
        "Not applicable",
        "Not supported",
    ]
    lines = ["## By catalogue id", ""]
    lines += [
        "*Failed here*: a check of this rule failed. *Failed on another rule*: the scenario "
        "failed on a check charged to another rule or concern, so this rule was not shown.",
        "",
        _row(columns),
        _rule(len(columns)),
    ]
    for catalogue_id in sorted(by_id, key=_id_key):
        group = by_id[catalogue_id]
        here = sum(failed_here(r, catalogue_id) for r in group)
        failed = sum(r.status in ("failed", "unexpected-pass") for r in group)
        lines.append(
            _row(
                [
                    catalogue_id,
                    id_status(group, catalogue_id),
                    str(len(group)),
                    str(sum(r.status in ("passed", "expected-fail") for r in group)),
                    str(here),
                    str(failed - here),
                    str(sum(r.status == "not-applicable" for r in group)),
                    str(sum(r.status == "not-supported" for r in group)),
                ]
            )
        )
    lines.append("")
    return lines


def _failures(results: Sequence[ScenarioResult]) -> list[str]:
    lines: list[str] = []
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
            text = result.message.strip().splitlines()
            reason = first_line(result.message, 400)
            lines.append(f"- {_code(result.id)}" + (f": {_cell(reason)}" if reason else ""))
            if result.charged_to:
                lines.append(f"  - charged to: {_cell(', '.join(result.charged_to))}")
            if result.profile:
                lines.append(f"  - under profile: {_code(result.profile)}")
            for extra in text[1:]:
                lines.append(f"  - {_cell(extra.strip())}")
        lines.append("")
    broken = [r for r in results if r.invariant]
    if broken:
        lines += ["## Invariants broken", ""]
        by_name: dict[str, list[ScenarioResult]] = defaultdict(list)
        for result in broken:
            by_name[result.invariant].append(result)
        for name, group in sorted(by_name.items()):
            lines.append(f"- **{_cell(name)}**: {len(group)} scenario(s)")
            lines.extend(f"  - {_code(r.id)}" for r in group)
        lines.append("")
    return lines


def _under_profile(results: Sequence[ScenarioResult]) -> list[str]:
    listed = [r for r in results if r.ran and r.profile]
    if not listed:
        return []
    lines = [
        "## Run under the engine's profile",
        "",
        f"{len(listed)} scenarios ask for values the engine does not play, but the reference "
        "interpreter gives the same outcome under the engine's values, so they ran with them.",
        "",
    ]
    lines.extend(f"- [{LABELS[r.status]}] {_code(r.id)} under {_code(r.profile)}" for r in listed)
    lines.append("")
    return lines


def _deviations(results: Sequence[ScenarioResult]) -> list[str]:
    listed = [r for r in results if r.status == "not-applicable"]
    if not listed:
        return []
    rows: dict[tuple[str, str, str, str], int] = Counter()
    for result in listed:
        for value in result.deviations:
            for catalogue_id in result.catalogue_ids or ("(no id)",):
                key = (catalogue_id, str(value.get("path")), _value(value.get("wanted")))
                rows[(*key, _value(value.get("plays")))] += 1
    lines = [
        "## Declared deviations (not applicable)",
        "",
        "The outcome of these scenarios depends on rule values the engine plays differently "
        "(the reference interpreter, run with the engine's values, sees another outcome).",
        "",
        _row(["Id", "Value path", "Ruleset wants", "Engine plays", "Scenarios"]),
        _rule(5),
    ]
    for (catalogue_id, path, wanted, plays), count in sorted(
        rows.items(), key=lambda item: (_id_key(item[0][0]), item[0][1])
    ):
        lines.append(_row([catalogue_id, path, wanted, plays, str(count)], code=[1, 2, 3]))
    lines.append("")
    return lines


def _skipped(results: Sequence[ScenarioResult]) -> list[str]:
    by_path: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in results:
        if result.status in ("not-supported", "not-applicable"):
            for path in result.reasons or ("(no value path given)",):
                by_path[path].append(result)
    if not by_path:
        return []
    lines = [
        "## Not applicable or not supported, by value path",
        "",
        "A scenario that needs several values is listed under each.",
        "",
    ]
    for path, group in sorted(by_path.items(), key=lambda item: (-len(item[1]), item[0])):
        lines.append(f"- {len(group)} × {_code(path)}")
        for r in group:
            status, reason = LABELS[r.status], _cell(first_line(r.message, 300))
            lines.append(f"  - [{status}] {_code(r.id)}: {reason}")
    lines.append("")
    return lines

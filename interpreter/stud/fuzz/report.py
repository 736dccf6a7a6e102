"""The campaign's outputs: a summary by root cause, JSON Lines, a .feature file, Markdown
and ``deviations.json``.

What the engine said (divergence classes, messages, scenario outcomes on it) is escaped
for Markdown in fuzz.md (:mod:`stud.safetext`); every file is written atomically.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from stud.fuzz.campaign import Case, ShardResult
from stud.fuzz.classes import FuzzClass
from stud.outfiles import out_folder, write_text
from stud.safetext import markdown, markdown_code, printable


def rerun_command(argv: Sequence[str], index: int) -> str:
    """The command that replays one hand: the campaign's options with ``--hand INDEX``.

    >>> rerun_command(["--engine", "x y", "--hands", "500", "--jobs", "4"], 17)
    "stud fuzz --engine 'x y' --hand 17"
    """
    kept: list[str] = []
    skip = False
    for i, arg in enumerate(argv):
        if skip:
            skip = False
            continue
        name = arg.split("=", 1)[0]
        if name in ("--hands", "--jobs", "--report", "--hand", "--cluster", "--shrink"):
            skip = "=" not in arg and i + 1 < len(argv)
            continue
        kept.append(arg)
    return "stud fuzz " + " ".join(shlex.quote(a) for a in [*kept, "--hand", str(index)])


def _scenario_words(case: Case | None) -> str:
    if case is None:
        return "not shrunk (declared, or only seen after another difference)"
    if case.scenario:
        return "scenario written (passes on the reference, fails on the engine)"
    why = case.checked.get("engine", "")[:120] or "?"
    return (
        "no scenario written: none reproduces it "
        f"(reference: {case.checked.get('reference', '?')}, engine: {why})"
    )


def print_summary(
    total: ShardResult,
    classes: list[FuzzClass],
    cases: dict[str, Case],
    argv: Sequence[str],
    seconds: float,
    out: TextIO,
    notes: Sequence[str] = (),
) -> None:
    rate = total.hands / seconds if seconds > 0 else 0.0
    open_ = [c for c in classes if c.root and not c.declared]
    declared = sum(c.root and c.declared for c in classes)
    print(
        f"{total.hands} hands, {total.requests} requests in {seconds:.1f} s ({rate:.0f} hands/s); "
        f"{len(total.found)} divergent hand(s): {len(open_)} deviation(s) (root causes)"
        + (f", {declared} declared" if declared else "")
        + (f"; {total.unsupported} refused as unsupported" if total.unsupported else ""),
        file=out,
    )
    for note in notes:
        print(f"  note: {printable(note, newlines=False)}", file=out)
    roots = [c for c in classes if c.root]
    for n, c in enumerate(roots, 1):
        case = cases.get(c.what)
        tag = " (declared by the engine)" if c.declared else ""
        print(
            f"\n  {n}. [{c.rule}] {c.what}{tag}: {len(c.hands)} hand(s), the root cause "
            f"in {len(c.first_in)}, the only one in {len(c.alone)}; first hand {c.hands[0]}",
            file=out,
        )
        if c.statement:
            print(f"     rule {c.rule}: {c.statement}", file=out)
        if c.beyond:
            print(f"     beyond the sources: {c.beyond}", file=out)
        print(f"     e.g. {printable(c.example[:300], newlines=False)}", file=out)
        if case is not None:
            print(
                f"     {'shrunk to' if case.shrunk != list(case.first.choices) else 'as found,'}"
                f" {case.players} players, {len(case.outcome.steps)} request(s); "
                + _scenario_words(case),
                file=out,
            )
        print(f"     rerun: {rerun_command(argv, c.hands[0])}", file=out)
    later = [c for c in classes if not c.root]
    if later:
        print("\n  seen only after another difference (they may follow from it):", file=out)
    for c in later:
        print(f"    [{c.rule}] {c.what}: {len(c.hands)} hand(s), e.g. hand {c.hands[0]}", file=out)


def deviation_record(c: FuzzClass, case: Case | None, seed: int) -> dict[str, Any]:
    """One root cause of ``deviations.json`` (hands where verify has scenarios)."""
    return {
        "rule": c.rule,
        "statement": c.statement,
        "summary": c.what,
        "hands": c.hands,
        "root_cause_in": c.first_in,
        "alone_in": c.alone,
        "seed": seed,
        "example": c.example,
        "beyond_sources": c.beyond,
        "declared": c.declared,
        "scenario": case.title if case is not None and case.scenario else None,
        "shrunk": None
        if case is None
        else {"hand": case.first.index, "choices": case.shrunk, "players": case.players},
    }


def write_reports(
    directory: Path,
    total: ShardResult,
    classes: list[FuzzClass],
    cases: dict[str, Case],
    feature: str,
    argv: Sequence[str],
    engine: str,
    seed: int,
) -> list[Path]:
    out_folder(directory, "--report")
    records: list[str] = []
    for found in total.found:
        record = {
            "class": found.key,
            "rule": found.rule,
            "field": found.field,
            "street": found.street,
            "hand": found.index,
            "seed": seed,
            "message": found.message,
            "findings": found.findings,
            "choices": found.choices,
            "rerun": rerun_command(argv, found.index),
        }
        case = cases.get(found.key)
        if case is not None and case.first is found:
            record.update(shrunk=case.shrunk, players=case.players, checked=case.checked)
            record.update(scenario=case.title if case.scenario else None)
        records.append(json.dumps(record, ensure_ascii=False) + "\n")
    paths = [write_text(directory / "divergences.jsonl", "".join(records))]
    if feature:
        paths.append(write_text(directory / "fuzz.feature", feature))
    devs = [deviation_record(c, cases.get(c.what), seed) for c in classes if c.root]
    text = json.dumps(devs, indent=2, ensure_ascii=False) + "\n"
    paths.append(write_text(directory / "deviations.json", text))
    open_ = [c for c in classes if c.root and not c.declared]
    lines = [
        f"# stud fuzz: {markdown(engine)}",
        "",
        f"Seed {seed}: {total.hands} hands, {total.requests} requests, "
        f"{len(total.found)} divergent hand(s), {len(open_)} deviation(s) (root causes).",
        "",
    ]
    if classes:
        lines += [
            "| rule | what differs | hands | root cause / only difference in | scenario | rerun |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for c in classes:
            case = cases.get(c.what)
            what = markdown(c.what) + (" *(declared)*" if c.declared else "")
            what += "" if c.root else " *(only after another difference)*"
            lines.append(
                f"| {markdown(c.rule)} | {what} | {len(c.hands)} | {len(c.first_in)} / "
                f"{len(c.alone)} | {markdown(_scenario_words(case))} | "
                f"{markdown_code(rerun_command(argv, c.hands[0]))} |"
            )
        verify = markdown_code(f"stud verify --features {directory}")
        lines += ["", f"Run the scenarios: {verify}", ""]
    paths.append(write_text(directory / "fuzz.md", "\n".join(lines)))
    return paths

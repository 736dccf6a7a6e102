"""The campaign's outputs: a summary by class, JSON Lines, a .feature file and Markdown.

What the engine said (divergence classes, messages, scenario outcomes on it) is escaped
for Markdown in fuzz.md (:mod:`stud.safetext`); every file is written atomically.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from stud.fuzz.campaign import Case, ShardResult
from stud.outfiles import out_folder, write_text
from stud.safetext import markdown, markdown_code


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


def print_summary(
    total: ShardResult, cases: list[Case], argv: Sequence[str], seconds: float, out: TextIO
) -> None:
    rate = total.hands / seconds if seconds > 0 else 0.0
    print(
        f"{total.hands} hands, {total.requests} requests in {seconds:.1f} s ({rate:.0f} hands/s); "
        f"{len(total.found)} divergent hand(s) in {len(cases)} class(es)"
        + (f"; {total.unsupported} refused as unsupported" if total.unsupported else ""),
        file=out,
    )
    for case in cases:
        rule = f" [{case.rule}]" if case.rule else ""
        print(
            f"\n  {case.key}{rule}: {len(case.hands)} hand(s), first hand {case.first.index}",
            file=out,
        )
        print(f"    {case.first.message[:300]}", file=out)
        print(
            f"    shrunk to {case.players} players, {len(case.outcome.steps)} request(s)"
            + (
                f"; scenario on the reference: {case.checked.get('reference')}, "
                f"on the engine: {case.checked.get('engine', '')[:120]}"
                if case.checked
                else ""
            ),
            file=out,
        )
        print(f"    rerun: {rerun_command(argv, case.first.index)}", file=out)


def write_reports(
    directory: Path,
    total: ShardResult,
    cases: list[Case],
    feature: str,
    argv: Sequence[str],
    engine: str,
    seed: int,
) -> list[Path]:
    out_folder(directory, "--report")
    records: list[str] = []
    for case in cases:
        for found in (x for x in total.found if x.key == case.key):
            record = {
                "class": found.key,
                "field": found.field,
                "street": found.street,
                "hand": found.index,
                "seed": seed,
                "message": found.message,
                "choices": found.choices,
                "rerun": rerun_command(argv, found.index),
            }
            if found is case.first:
                record.update(
                    shrunk=case.shrunk,
                    players=case.players,
                    rule=case.rule,
                    scenario=case.title,
                    checked=case.checked,
                )
            records.append(json.dumps(record, ensure_ascii=False) + "\n")
    paths = [write_text(directory / "divergences.jsonl", "".join(records))]
    if cases:
        paths.append(write_text(directory / "fuzz.feature", feature))
    lines = [
        f"# stud fuzz: {markdown(engine)}",
        "",
        f"Seed {seed}: {total.hands} hands, {total.requests} requests, "
        f"{len(total.found)} divergent hand(s) in {len(cases)} class(es).",
        "",
    ]
    if cases:
        lines += [
            "| class | hands | rule | shrunk to | scenario on reference / engine | rerun |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for c in cases:
            checked = f"{c.checked.get('reference', '?')} / {c.checked.get('engine', '?')[:60]}"
            lines.append(
                f"| {markdown(c.key)} | {len(c.hands)} | {markdown(c.rule or '')} | "
                f"{c.players} players, {len(c.outcome.steps)} requests | {markdown(checked)} | "
                f"{markdown_code(rerun_command(argv, c.first.index))} |"
            )
        verify = markdown_code(f"stud verify --features {directory}")
        lines += ["", f"Run the scenarios: {verify}", ""]
    paths.append(write_text(directory / "fuzz.md", "\n".join(lines)))
    return paths

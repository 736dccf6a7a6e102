"""The campaign's outputs: a summary by class, JSON Lines, a .feature file and Markdown."""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from stud.fuzz.campaign import Case, ShardResult


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
    directory.mkdir(parents=True, exist_ok=True)
    jsonl = directory / "divergences.jsonl"
    with jsonl.open("w", encoding="utf-8") as f:
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
                f.write(json.dumps(record, ensure_ascii=False) + "\n")
    paths = [jsonl]
    if cases:
        feature_path = directory / "fuzz.feature"
        feature_path.write_text(feature, encoding="utf-8")
        paths.append(feature_path)
    md = directory / "fuzz.md"
    lines = [
        f"# stud fuzz: {engine}",
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
                f"| {c.key} | {len(c.hands)} | {c.rule or ''} | {c.players} players, "
                f"{len(c.outcome.steps)} requests | {checked} | "
                f"`{rerun_command(argv, c.first.index)}` |"
            )
        lines += ["", "Run the scenarios: `stud verify --features " + str(directory) + "`", ""]
    md.write_text("\n".join(lines), encoding="utf-8")
    paths.append(md)
    return paths

"""``stud verify``: run the rules specification against an engine and print conformance."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from stud.paths import FEATURES
from stud.spec.engine import Engine
from stud.spec.features import collect
from stud.spec.results import CATALOGUE_ID, ScenarioResult
from stud.spec.runner import TimeLimits, not_run
from stud.spec.runner import run as run_scenarios

HELP = "run the rules specification (features/) against the reference or another engine"
DESCRIPTION = (
    "Run every scenario of the executable specification against the reference interpreter\n"
    "(in-process) or against any engine program speaking protocol v1 (--engine), and print\n"
    "a conformance table per feature and per catalogue id.  Exit 0 only when every selected\n"
    "scenario passes (with --engine, 'not supported' scenarios do not fail the run)."
)
EXAMPLE = """examples:
  stud verify                         the whole spec, reference interpreter
  stud verify -k BRING-03             scenarios tagged with a catalogue id
  stud verify -k "razz or stud-hi-lo" variant folders, feature stems, tags, ids
  stud verify --engine "python my_engine.py" --timeout 2 --report out/
"""

LABEL = {
    "passed": "passed",
    "failed": "FAILED",
    "not-supported": "not supported",
    "expected-fail": "expected fail",
    "unexpected-pass": "UNEXPECTED PASS",
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "-k",
        dest="select",
        metavar="EXPR",
        help="select scenarios by variant folder, feature, tag, catalogue id or "
        "words of the scenario id; and/or/not and parentheses combine them",
    )
    p.add_argument(
        "--features",
        type=Path,
        default=FEATURES,
        metavar="DIR",
        help="the features folder (default: the shipped spec)",
    )
    p.add_argument(
        "--engine",
        metavar="CMD",
        help="an engine program speaking protocol v1 (default: in-process)",
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="per-reply timeout for --engine, hello included (default 5)",
    )
    p.add_argument(
        "--scenario-time",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="time limit of one scenario, restarts included (default 30)",
    )
    p.add_argument(
        "--max-time",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="time limit of the whole run; scenarios left then fail as not run (default 600)",
    )
    p.add_argument(
        "--expect-fail",
        type=Path,
        metavar="FILE",
        help="scenario ids, feature paths or catalogue ids the engine knowingly "
        "deviates on, one a line",
    )
    p.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        help="write results.jsonl, junit.xml, compliance.md and badge.json here",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print only the summary")


def make_engine(command: str | None, timeout: float) -> Engine:
    if command:
        from stud.protocol.client import SubprocessEngine

        return SubprocessEngine(command, timeout=timeout)
    from stud.spec.inprocess import InProcessEngine

    return InProcessEngine()


def _table(rows: Sequence[Sequence[str]], out: TextIO) -> None:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        print("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip(), file=out)
        if n == 0:
            print("  ".join("-" * w for w in widths), file=out)


def _counts(results: Iterable[ScenarioResult]) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for r in results:
        counts[r.status] += 1
    return counts


def id_status(results: Sequence[ScenarioResult]) -> str:
    statuses = {r.status for r in results}
    for status in ("failed", "unexpected-pass", "not-supported", "expected-fail"):
        if status in statuses:
            return LABEL[status]
    return "passed"


def print_report(
    results: Sequence[ScenarioResult],
    out: TextIO,
    quiet: bool = False,
    limits: dict[str, Any] | None = None,
) -> None:
    if not quiet:
        by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
        for r in results:
            by_feature[r.feature].append(r)
        rows = [["feature", "scenarios", "passed", "failed", "not supported"]]
        for feature, group in sorted(by_feature.items()):
            c = _counts(group)
            rows.append(
                [
                    feature,
                    str(len(group)),
                    str(c["passed"] + c["expected-fail"]),
                    str(c["failed"] + c["unexpected-pass"]),
                    str(c["not-supported"]),
                ]
            )
        print("Conformance by feature", file=out)
        _table(rows, out)
        by_id: dict[str, list[ScenarioResult]] = defaultdict(list)
        for r in results:
            for tag in r.tags:
                if CATALOGUE_ID.match(tag):
                    by_id[tag].append(r)
        if by_id:
            print("\nConformance by catalogue id", file=out)
            rows = [["id", "scenarios", "status"]]
            for cid in sorted(by_id, key=lambda t: (t.split("-")[0], int(t.split("-")[1]))):
                rows.append([cid, str(len(by_id[cid])), id_status(by_id[cid])])
            _table(rows, out)
    bad = [r for r in results if r.status in ("failed", "unexpected-pass", "not-supported")]
    if bad:
        print("\nNot passing", file=out)
        for r in bad:
            print(f"  [{LABEL[r.status]}] {r.id}\n      {r.message}", file=out)
    c = _counts(results)
    parts = [f"{c[s]} {LABEL[s].lower()}" for s in LABEL if c[s]]
    print(f"\n{len(results)} scenarios: " + (", ".join(parts) or "none selected"), file=out)
    if limits:
        from stud.spec.reports import limits_text

        print(f"limits: {limits_text(limits)}", file=out)


def run_verify(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    scenarios = collect(args.features, args.select)
    if not scenarios:
        print(f"stud verify: no scenario matches '{args.select}'", file=sys.stderr)
        return 1
    engine = make_engine(args.engine, args.timeout)
    info: dict[str, Any] = {}
    limits = TimeLimits(scenario=args.scenario_time, total=args.max_time)
    results: list[ScenarioResult] = []
    cut_short = ""
    try:
        try:
            info = dict(engine.hello())
        except Exception as exc:  # noqa: BLE001 - the run itself will report it per scenario
            info = {"engine": {"name": str(args.engine), "version": "?"}, "error": str(exc)}
        for result in run_scenarios(scenarios, engine, limits):
            results.append(result)
    except KeyboardInterrupt:
        cut_short = "interrupted"
    except Exception as exc:  # noqa: BLE001 - still write what was found, then say why
        cut_short = f"stud failed: {type(exc).__name__}: {exc}"
    finally:
        engine.close()
    if cut_short:
        results += not_run(scenarios[len(results) :], cut_short)
        info["cut_short"] = cut_short
        print(f"stud verify: the run was cut short ({cut_short})", file=sys.stderr)
    info["limits"] = {"reply_seconds": args.timeout, **limits.describe()}
    if args.engine:
        info["command"] = args.engine
    if args.expect_fail:
        from stud.spec.reports import apply_expectations, load_expectations

        results = apply_expectations(results, load_expectations(args.expect_fail))
    print_report(results, out, args.quiet, info["limits"] if args.engine else None)
    if args.report:
        from stud.spec.reports import write_reports

        paths = write_reports(results, args.report, info)
        print("reports: " + ", ".join(str(p) for p in paths), file=out)
    failing = {"failed", "unexpected-pass"} | (set() if args.engine else {"not-supported"})
    return 1 if any(r.status in failing for r in results) else 0


def run(args: argparse.Namespace) -> int:
    return run_verify(args)

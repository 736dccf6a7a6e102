"""``stud verify``: run the rules specification against an engine and print conformance."""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, TextIO

from stud.errors import EngineError
from stud.paths import FEATURES
from stud.progress import ProgressLine, wanted
from stud.safetext import printable
from stud.spec.compliance import failed_here, id_status, limits_text
from stud.spec.deviations import (
    Deviation,
    apply_to_results,
    deviations_text,
    group,
    known_deviations,
    not_observed,
)
from stud.spec.engine import Engine
from stud.spec.features import collect
from stud.spec.gate import gate, parse_min_run
from stud.spec.results import CATALOGUE_ID, ScenarioResult
from stud.spec.runner import Execution, TimeLimits, execute_all, first_deal, not_run
from stud.spec.seam import CheckedEngine

HELP = "run the rules specification (features/) against the reference or another engine"
DESCRIPTION = (
    "Run every scenario of the executable specification against the reference interpreter\n"
    "(in-process) or against any engine program speaking protocol v1 (--engine), and print\n"
    "a conformance table per feature and per catalogue id.  An engine may declare the rule\n"
    "values it plays (a profile, in hello or in a structured 'unsupported'): scenarios whose\n"
    "outcome does not depend on them run under the profile, the others are 'not applicable'.\n"
    "Exit 1 when any scenario failed or broke an invariant, when nothing ran on the engine,\n"
    "or when fewer than --min-run ran; --allow-unsupported accepts a run where nothing ran.\n"
    "Exit 2, with one message, when the engine cannot start: no answer to hello, or its\n"
    "first new_hand gets no valid reply or an internal error.\n"
    "A run that takes more than a second shows a progress line on stderr when it is a\n"
    "terminal (--progress: also when it is not)."
)
EXAMPLE = """examples:
  stud verify                         the whole spec, reference interpreter
  stud verify -k BRING-03             scenarios tagged with a catalogue id
  stud verify -x -q                   stop at the first failing scenario
  stud verify -k "razz or stud-hi-lo" variant folders, feature stems, tags, ids
  stud verify -k "Three pairs make two pair"   a phrase of a scenario name
  stud verify --engine "python my_engine.py" --timeout 2 --report out/ --min-run 90%
  stud verify --engine "python my_engine.py" --transcript out/transcript
"""

LABEL = {
    "passed": "passed",
    "failed": "FAILED",
    "not-applicable": "not applicable",
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
        "words of the scenario id; and/or/not and parentheses combine them; a phrase "
        "found in a scenario name selects that scenario",
    )
    p.add_argument(
        "--features",
        type=Path,
        default=FEATURES,
        metavar="PATH",
        help="the features folder, or one .feature file (default: the shipped spec)",
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
        help="per-reply timeout for --engine (default 5); its start and hello may "
        "take 10 s, or this when longer",
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
    p.add_argument(
        "--transcript",
        type=Path,
        metavar="DIR",
        help="save each scenario's requests and replies here, one JSON Lines file each",
    )
    p.add_argument(
        "--min-run",
        metavar="N|P%",
        help="fail unless at least N scenarios (or P%% of those selected) ran on the engine",
    )
    p.add_argument(
        "--allow-unsupported",
        action="store_true",
        help="do not fail a run in which nothing ran on the engine (or, for the reference, "
        "in which scenarios were not supported)",
    )
    p.add_argument(
        "-x",
        "--exitfirst",
        action="store_true",
        help="stop at the first scenario that fails; the rest are reported as not run",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="print only the summary")
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the progress line (scenarios done, failed so far, time left) even when "
        "stderr is not a terminal",
    )


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


def print_report(
    results: Sequence[ScenarioResult],
    out: TextIO,
    quiet: bool = False,
    found: Sequence[Deviation] = (),
) -> None:
    engine_failed = [r for r in results if r.status in ("failed", "expected-fail")]
    unwritten = [r for r in engine_failed if r.unwritten]
    lines = deviations_text(found, len(engine_failed) - len(unwritten))
    if unwritten:
        lines.append(
            f"{len(unwritten)} scenario{'s' * (len(unwritten) != 1)} cannot run as written "
            f"(an error in the scenario, not in the engine), e.g. {unwritten[0].id}: "
            "see 'Not passing' below"
        )
    if lines:
        print(printable("\n".join(lines)) + "\n", file=out)
    if not quiet:
        by_feature: dict[str, list[ScenarioResult]] = defaultdict(list)
        for r in results:
            by_feature[r.feature].append(r)
        rows = [["feature", "scenarios", "passed", "failed", "not applicable", "not supported"]]
        for feature, group in sorted(by_feature.items()):
            c = _counts(group)
            rows.append(
                [
                    feature,
                    str(len(group)),
                    str(c["passed"] + c["expected-fail"]),
                    str(c["failed"] + c["unexpected-pass"]),
                    str(c["not-applicable"]),
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
            rows = [["id", "scenarios", "failed here", "failed elsewhere", "status"]]
            for cid in sorted(by_id, key=lambda t: (t.split("-")[0], int(t.split("-")[1]))):
                group = by_id[cid]
                here = sum(failed_here(r, cid) for r in group)
                failed = sum(r.status in ("failed", "unexpected-pass") for r in group)
                rows.append(
                    [cid, str(len(group)), str(here), str(failed - here), id_status(group, cid)]
                )
            _table(rows, out)
    bad = [r for r in results if r.status in ("failed", "unexpected-pass", "not-supported")]
    bad += [r for r in results if r.status == "not-applicable"]
    if bad:
        print("\nNot passing", file=out)
        for r in bad:
            print(f"  [{LABEL[r.status]}] {r.id}", file=out)
            if r.charged_to:
                print(f"      charged to: {', '.join(r.charged_to)}", file=out)
            if r.profile:
                print(f"      under profile: {r.profile}", file=out)
            print("      " + r.message.replace("\n", "\n      "), file=out)
    c = _counts(results)
    parts = [f"{c[s]} {LABEL[s].lower()}" for s in LABEL if c[s]]
    print(f"\n{len(results)} scenarios: " + (", ".join(parts) or "none selected"), file=out)
    under = sum(1 for r in results if r.ran and r.profile)
    ran = sum(r.ran for r in results)
    print(f"{ran} of {len(results)} ran on the engine ({under} under its profile)", file=out)


def run_verify(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = sys.stdout if out is None else out  # the current stdout, not the one at import
    try:
        min_run = parse_min_run(args.min_run) if getattr(args, "min_run", None) else None
    except ValueError as exc:
        print(f"stud verify: {exc}", file=sys.stderr)
        return 2
    from stud.outfiles import out_folder

    for option in ("--report", "--transcript"):
        folder = getattr(args, option[2:], None)
        if folder is not None:  # a bad target is an error before any scenario runs
            out_folder(folder, option)
    if not Path(args.features).exists():
        print(f"stud verify: --features {args.features}: no such file or folder", file=sys.stderr)
        return 2
    scenarios = collect(Path(args.features), args.select)
    if not scenarios and not args.select:
        print(f"stud verify: no scenario in {args.features}", file=sys.stderr)
        return 2
    if not scenarios:
        print(f"stud verify: no scenario matches '{args.select}'", file=sys.stderr)
        return 1
    engine = CheckedEngine(make_engine(args.engine, args.timeout))
    info: dict[str, Any] = {}
    results: list[ScenarioResult] = []
    transcripts = getattr(args, "transcript", None)
    limits = TimeLimits(
        scenario=getattr(args, "scenario_time", None), total=getattr(args, "max_time", None)
    )
    cut_short = startup = ""
    dealt = False
    asked = bool(getattr(args, "progress", False))
    line = ProgressLine("scenarios", len(scenarios)) if wanted(asked) else None
    failed = 0
    try:
        try:
            info = dict(engine.hello())
        except EngineError as exc:
            startup = f"the engine did not answer hello: {exc}"
            raise _Stop from None
        for n, execution in enumerate(execute_all(scenarios, engine, limits=limits), 1):
            results.append(execution.result)
            if line is not None:
                failed += execution.result.status == "failed"
                line.update(n, f"{failed} failed")
            if transcripts is not None:
                save_transcript(transcripts, n, execution, engine.hello_entry)
            why = None if dealt else first_deal(execution.transcript)
            if why:
                startup = f"the engine could not deal its first hand ({execution.result.id}): {why}"
                break
            dealt = dealt or why is not None
            if getattr(args, "exitfirst", False) and execution.result.status == "failed":
                cut_short = f"stopped at the first failure (-x): {execution.result.id}"
                break
    except _Stop:
        pass
    except KeyboardInterrupt:
        cut_short = "interrupted"
    except Exception as exc:  # noqa: BLE001 - still write what was found, then say why
        cut_short = f"stud failed: {type(exc).__name__}: {exc}"
    finally:
        engine.close()
        if line is not None:
            line.close()
    if startup:  # one message, not one failure per scenario
        return _stopped(args, startup, scenarios, results, info, out)
    if cut_short:
        results += not_run(scenarios[len(results) :], cut_short)
        info["cut_short"] = cut_short
        print(f"stud verify: the run was cut short ({cut_short})", file=sys.stderr)
    info["limits"] = {"reply_seconds": args.timeout, **limits.describe()}
    if args.engine:
        info["command"] = args.engine
    declared = known_deviations(info)
    found = group(results, declared)
    results = apply_to_results(results, found)
    if args.expect_fail:
        from stud.spec.reports import apply_expectations, load_expectations

        results = apply_expectations(results, load_expectations(args.expect_fail))
    print_report(results, out, args.quiet, found)
    if args.engine:
        print(f"limits: {limits_text(info['limits'])}", file=out)
    if args.report:
        from stud.spec.reports import write_reports

        paths = write_reports(results, args.report, info, found)
        print("reports: " + ", ".join(str(p) for p in paths), file=out)
    if transcripts is not None:
        print(f"transcripts: {transcripts}/", file=out)
    problems = gate(
        results,
        reference=not args.engine,
        min_run=min_run,
        allow_unsupported=bool(getattr(args, "allow_unsupported", False)),
    )
    problems += [
        f"declared deviation {what} was not observed: take it out of known_deviations"
        for what in not_observed(declared, found, results)
    ]
    for problem in problems:
        print(f"stud verify: {problem}", file=out)
    return 1 if problems else 0


class _Stop(Exception):
    """The engine failed to start: the run stops at once."""


def _stopped(
    args: argparse.Namespace,
    why: str,
    scenarios: Sequence[Any],
    results: list[ScenarioResult],
    info: dict[str, Any],
    out: TextIO,
) -> int:
    """The engine could not start: one message, the reports (the rest not run), exit 2."""
    print(f"stud verify: {printable(why)}; nothing else was run", file=sys.stderr)
    if args.report:
        from stud.spec.reports import write_reports

        info = info or {"engine": {"name": str(args.engine), "version": "?"}}
        info["cut_short"] = why
        results = results + not_run(scenarios[len(results) :], f"the engine could not start: {why}")
        paths = write_reports(results, args.report, info)
        print("reports: " + ", ".join(str(p) for p in paths), file=out)
    return 2


def save_transcript(
    directory: Path,
    number: int,
    execution: Execution,
    hello: dict[str, Any] | None = None,
) -> Path | None:
    """Write one scenario's requests and replies as JSON Lines: ``NNN-<scenario>.jsonl``.

    The first line names the scenario; each further line is ``{"request", "reply"}``,
    starting with the session's ``hello`` when given.
    """
    from stud.outfiles import out_folder, write_text

    if not execution.transcript:
        return None
    out_folder(directory, "--transcript")
    result = execution.result
    slug = re.sub(r"[^A-Za-z0-9]+", "-", result.scenario).strip("-")[:60] or "scenario"
    path = directory / f"{number:03d}-{slug}.jsonl"
    head = {"scenario": result.id, "status": result.status, "profile": result.profile}
    entries = ([hello] if hello else []) + list(execution.transcript)
    lines = [json.dumps(head, ensure_ascii=False)]
    lines += [json.dumps(entry, ensure_ascii=False, default=str) for entry in entries]
    return write_text(path, "\n".join(lines) + "\n")


def run(args: argparse.Namespace) -> int:
    return run_verify(args)

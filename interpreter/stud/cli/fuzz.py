"""``stud fuzz``: differential testing of an engine against the reference interpreter."""

from __future__ import annotations

import argparse
import sys
import time
from decimal import Decimal
from pathlib import Path

from stud.errors import StudError
from stud.money import to_money

HELP = "deal random hands to an engine and the reference side by side; shrink what differs"
DESCRIPTION = (
    "Deal random hands (random seats, seat numbers, dealer and stacks, short stacks\n"
    "included) to an engine speaking the protocol and to the reference interpreter, play\n"
    "random legal actions and now and then an illegal one both must refuse, and compare\n"
    "every reply.  Each difference is named by what differs and the rule it breaks (as\n"
    "stud verify names it): one class per root cause, whatever street it shows on; a hand\n"
    "goes on past a difference while both sides follow the same path, so a second bug in\n"
    "it is found too.  Each class is shrunk by hypothesis to a small hand of the same class\n"
    "and written as a Gherkin scenario, kept only if it passes on the reference and fails\n"
    "on the engine; a --ruleset file is written as a shipped ruleset plus house rules, so\n"
    "the scenarios run anywhere.  The same seed gives the same hands whatever --jobs.\n"
    "What the engine declares in hello is honoured: its profile (the reference plays its\n"
    "values), its seat range and refused values (those hands are not dealt), seat-cards\n"
    "(three hands in four hand each seat its cards), known_deviations (reported once).\n"
    "On a terminal a progress line on stderr shows hands done, the rate, divergences so\n"
    "far and the time left (--progress: also when stderr is not a terminal).\n"
    "Exit 1 when any undeclared difference is found, 0 when none; 2, with one message,\n"
    "when the engine does not answer hello or cannot deal the first hand."
)
EXAMPLE = """worked example:
  stud fuzz --engine "python tests/fake_engines/planted.py no-cap" \\
            --ruleset seven-card-stud --hands 200 --seed 1 --players 3-6 \\
            --stacks 1-20 --jobs 2 --report fuzz-out/
  prints, per root cause, e.g.
    1. [CAP-01] a raise is offered after the last raise the cap allows: 12 hand(s), ...
       e.g. after act seat 3 raise 2.00 on fourth street: Bob may call 2, fold by the rules; ...
       shrunk to 3 players, 5 request(s); scenario written (passes on the reference, ...)
       rerun: stud fuzz --engine '...' --seed 1 --hand 1
  then:  stud verify --features fuzz-out/ --engine "python tests/fake_engines/planted.py no-cap"
"""


def _range(text: str, kind: type = int) -> tuple:
    lo, _, hi = text.partition("-")
    try:
        low = to_money(lo) if kind is Decimal else int(lo)
        high = (to_money(hi) if kind is Decimal else int(hi)) if hi else low
    except (StudError, ValueError):
        raise argparse.ArgumentTypeError(f"{text!r} is not a range such as 2-8") from None
    if high < low:
        raise argparse.ArgumentTypeError(f"{text!r}: the low end is above the high end")
    return low, high


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", metavar="CMD", help="the engine program (default: the reference)")
    p.add_argument(
        "--ruleset",
        action="append",
        metavar="NAME|FILE",
        help="a ruleset to deal (repeatable; default seven-card-stud)",
    )
    p.add_argument("--hands", type=int, default=1000, metavar="N", help="hands to play (1000)")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="campaign seed (0)")
    p.add_argument("--hand", type=int, metavar="INDEX", help="replay only this hand of the seed")
    p.add_argument("--players", type=_range, default="2-8", metavar="LO-HI", help="players (2-8)")
    p.add_argument(
        "--stacks",
        type=lambda t: _range(t, Decimal),
        default="1-20",
        metavar="LO-HI",
        help="stacks of the players who are not short (1-20); a quarter are short",
    )
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="processes (1)")
    p.add_argument(
        "--cluster", metavar="ADDRESS", help="run the shards on a Dask scheduler (tcp://...)"
    )
    p.add_argument(
        "--shrink", type=int, default=300, metavar="N", help="hands to try per shrink (300; 0: off)"
    )
    p.add_argument(
        "--timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="per reply (5); the engine's start and hello may take 10 s, or this when longer",
    )
    p.add_argument(
        "--report",
        type=Path,
        metavar="DIR",
        help="write divergences.jsonl, deviations.json, fuzz.feature and fuzz.md",
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="show the progress line even when stderr is not a terminal",
    )


def run(args: argparse.Namespace) -> int:
    from stud.fuzz.campaign import run_hands, settle_scenarios, shrink_case
    from stud.fuzz.classes import classify
    from stud.fuzz.plan import FuzzConfig
    from stud.fuzz.report import print_summary, write_reports
    from stud.fuzz.startup import StartupError, start
    from stud.outfiles import out_folder
    from stud.progress import ProgressLine, wanted
    from stud.safetext import printable
    from stud.spec.deviations import known_deviations

    if args.report:  # a bad target is an error before any hand is dealt
        out_folder(args.report, "--report")
    argv = sys.argv[2:] if len(sys.argv) > 2 and sys.argv[1] == "fuzz" else []
    config = FuzzConfig(
        rulesets=tuple(args.ruleset or ["seven-card-stud"]),
        players=args.players,
        stacks=args.stacks,
    )
    config.documents()  # a bad ruleset fails here, with its file:line:col
    first, hands = (args.hand, 1) if args.hand is not None else (0, args.hands)
    try:
        hello, config, notes = start(args.engine, config, args.seed, first, args.timeout)
    except StartupError as exc:  # one message, not one divergence per hand
        print(f"stud fuzz: {printable(str(exc))}; no hand was played", file=sys.stderr)
        return 2
    started = time.perf_counter()
    line = ProgressLine("hands", hands) if wanted(args.progress) else None
    tally = [0, 0]  # hands played, divergences found

    def progress(played: int, found: int) -> None:
        tally[0] += played
        tally[1] += found
        assert line is not None
        line.update(tally[0], f"{tally[1]} divergence{'s' if tally[1] != 1 else ''}")

    try:
        total = run_hands(
            args.engine,
            config,
            args.seed,
            hands,
            jobs=args.jobs,
            first=first,
            timeout=args.timeout,
            cluster=args.cluster,
            progress=progress if line is not None else None,
        )
    finally:
        if line is not None:
            line.close()
    seconds = time.perf_counter() - started
    classes = classify(total.found, known_deviations(hello), total.refuted)
    to_shrink = [c for c in classes if c.root and not c.declared]
    if line is not None and to_shrink:
        print(f"shrinking {len(to_shrink)} class(es)...", file=sys.stderr, flush=True)
    cases = {
        c.what: shrink_case(
            c.what,
            c.found,
            args.engine,
            config,
            args.seed,
            args.timeout,
            args.shrink,
            profile=total.profile,
            rule=c.rule,
            members=c.members,
        )
        for c in to_shrink
    }
    engine_name = args.engine or "the reference"
    feature = settle_scenarios(
        list(cases.values()), args.engine, args.timeout, engine_name, args.seed
    )
    print_summary(total, classes, cases, argv, seconds, sys.stdout, notes)
    if args.report:
        paths = write_reports(
            args.report, total, classes, cases, feature, argv, engine_name, args.seed
        )
        print("reports: " + ", ".join(str(p) for p in paths))
    return 1 if any(c.root and not c.declared for c in classes) else 0

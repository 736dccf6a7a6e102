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
    "included) to an engine speaking protocol v1 and to the reference interpreter, play\n"
    "random legal actions and now and then an illegal one both must refuse, and compare\n"
    "every reply: who acts, the legal set, pot and pots, stacks, cards and result.  Each\n"
    "class of divergence (first differing field and street) is shrunk by hypothesis to a\n"
    "small hand and written as a Gherkin scenario that passes on the reference and fails\n"
    "on the engine.  The same seed gives the same hands whatever --jobs.  An engine's\n"
    "declared profile (hello 'profile') is honoured: the reference plays its values.\n"
    "Exit 1 when any divergence is found, 0 when none."
)
EXAMPLE = """worked example:
  stud fuzz --engine "python tests/fake_engines/planted.py no-cap" \\
            --ruleset seven-card-stud --hands 200 --seed 1 --players 3-6 \\
            --stacks 1-20 --jobs 2 --report fuzz-out/
  prints, per class, e.g.
    legal on third [CAP-01]: 12 hand(s), first hand 1
      shrunk to 3 players, 5 request(s); scenario on the reference: passed, ...
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
    p.add_argument("--timeout", type=float, default=5.0, metavar="SECONDS", help="per reply (5)")
    p.add_argument(
        "--report", type=Path, metavar="DIR", help="write divergences.jsonl, fuzz.feature, fuzz.md"
    )


def run(args: argparse.Namespace) -> int:
    from stud.fuzz.campaign import (
        check_scenarios,
        classify,
        feature_text,
        run_hands,
        shrink_case,
    )
    from stud.fuzz.plan import FuzzConfig
    from stud.fuzz.report import print_summary, write_reports
    from stud.outfiles import out_folder

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
    started = time.perf_counter()
    total = run_hands(
        args.engine,
        config,
        args.seed,
        hands,
        jobs=args.jobs,
        first=first,
        timeout=args.timeout,
        cluster=args.cluster,
    )
    seconds = time.perf_counter() - started
    cases = [
        shrink_case(
            key,
            group,
            args.engine,
            config,
            args.seed,
            args.timeout,
            args.shrink,
            profile=total.profile,
        )
        for key, group in classify(total.found).items()
    ]
    engine_name = args.engine or "the reference"
    feature = feature_text(cases, engine_name, args.seed) if cases else ""
    if cases:
        checked = check_scenarios(feature, args.engine, args.timeout)
        for case in cases:
            ref, eng = checked.get(case.title, ("missing", "missing"))
            case.checked = {"reference": ref, "engine": eng}
    print_summary(total, cases, argv, seconds, sys.stdout)
    if args.report:
        paths = write_reports(args.report, total, cases, feature, argv, engine_name, args.seed)
        print("reports: " + ", ".join(str(p) for p in paths))
    return 1 if total.found else 0

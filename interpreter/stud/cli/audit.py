"""``stud audit PATH...``: check hand histories hand by hand against the rules."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from stud.errors import StudError

HELP = "check card-room hand histories (PokerStars, Full Tilt, PHH) hand by hand"
DESCRIPTION = """\
Read every hand in the files, folders (searched recursively) and globs given, pick each
hand's ruleset from its game (seven-card-stud, stud-hi-lo, razz) with the hand's own
stakes, replay it, and report per hand: legal, or the first divergence with the rule it
breaks and, where a known ruleset alternative explains it, that alternative.  Awards are
compared before rake.  Ends with a table per game.  Exit status 0 when every hand is
legal, 1 otherwise.  A file is read up to 64 MiB: the hands past that are reported as
an unreadable verdict ("truncated at 64 MiB ... not read"), so the exit status is 1.

--house FILE maps games to house rules, e.g.
  razz: {extends: razz, board: {ties: position}}
  stud-hi-lo: {extends: stud-hi-lo, betting: {fold_when_check: allowed}}"""
EXAMPLE = """\
Examples:
  stud audit histories/
  stud audit 'histories/**/*.txt' --house house.yaml --report out/
  stud audit hand.phh --set razz.board.ties=position --json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="files, folders or globs")
    parser.add_argument("--house", metavar="FILE", help="house rules per game (YAML mapping)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="GAME.PATH=VALUE",
        help="a ruleset value for one game (or all), e.g. razz.board.ties=position",
    )
    parser.add_argument("--report", metavar="DIR", help="write audit.jsonl and audit.md here")
    parser.add_argument("--json", action="store_true", help="print JSON Lines, one per hand")
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the table")
    parser.add_argument(
        "--verbose", "-v", action="store_true", help="print legal hands too, one line each"
    )


def run(args: argparse.Namespace) -> int:
    from stud.audit.houses import Houses
    from stud.audit.judge import Verdict
    from stud.audit.report import Tally, write_report
    from stud.audit.sources import Skipped, expand, verdicts
    from stud.outfiles import out_folder
    from stud.safetext import printable

    report = out_folder(Path(args.report), "--report") if args.report else None
    sets = Houses.parse_sets(args.set)
    houses = Houses.from_file(Path(args.house), sets) if args.house else Houses(None, sets)
    files, missing = expand(args.paths)
    if missing:
        raise StudError(f"no such file, folder or glob match: {', '.join(missing)}")
    tally = Tally()
    found: list[Verdict] = []
    skipped: list[str] = []
    progress = sys.stderr.isatty() and not args.json and len(files) > 1
    for i, (path, named) in enumerate(files, start=1):
        if progress:
            bar = "#" * (30 * i // len(files))
            print(f"\r[{bar:<30}] {i}/{len(files)} files", end="", file=sys.stderr, flush=True)
        try:
            for v in verdicts(path, named, houses):
                found.append(v)
                tally.add(v)
                if args.json:
                    print(json.dumps(v.as_json(), sort_keys=True))
                elif not args.quiet and (args.verbose or v.verdict != "legal"):
                    print(printable(v.line(), newlines=False))
        except Skipped:
            skipped.append(str(path))
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
    if not found:
        raise StudError(f"no hand histories found in {', '.join(args.paths)}")
    if not args.json:
        print(printable(tally.table()))
        if tally.explained:
            for key, n in sorted(tally.explained.items()):
                print(printable(f"{n} illegal hand(s) would be legal under `{key}`"))
        if skipped:
            print(f"{len(skipped)} file(s) skipped: not a hand history")
    if report is not None:
        words = [*args.paths, *(["--house", args.house] if args.house else [])]
        words += [f"--set {item}" for item in args.set]
        write_report(report, found, tally, "stud audit " + " ".join(words), skipped)
    return 1 if tally.failures else 0

"""``stud audit PATH...``: check hand histories hand by hand against the rules."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from stud.errors import StudError

HELP = "check hand histories of twelve card rooms and PHH hand by hand"
DESCRIPTION = """\
Read every hand in the files, folders (searched recursively) and globs given: PokerStars
(Home Games too), Full Tilt, Winamax, Merge, KingsClub, Bovada, Absolute, Winning,
OnGame, PartyPoker, iPoker, Everleaf and PHH.  Pick each hand's ruleset from its game
(seven-card-stud, stud-hi-lo, razz, five-card-stud...) with the hand's own stakes, replay
it, and report per hand: legal, or the first divergence with the rule it breaks and,
where a known ruleset alternative explains it, that alternative; incomplete when the
history stops before the hand ends.  Awards are compared before rake.  Each file is
named with its room and format; hands of other games (hold'em, Omaha) are skipped and
counted apart.  Ends with a table per game and one per room.  Exit status 0 when no hand
is illegal, incomplete or unreadable, 1 otherwise.

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
    from stud.audit.judge import Verdict, judge
    from stud.audit.report import Tally, write_report
    from stud.audit.sources import Skipped, expand, read_file
    from stud.safetext import printable

    sets = Houses.parse_sets(args.set)
    houses = Houses.from_file(Path(args.house), sets) if args.house else Houses(None, sets)
    files, missing = expand(args.paths)
    if missing:
        raise StudError(f"no such file, folder or glob match: {', '.join(missing)}")
    tally = Tally()
    verdicts: list[Verdict] = []
    skipped: list[str] = []
    read_files: list[tuple[str, str]] = []  # (path, what was read or why it was skipped)
    progress = sys.stderr.isatty() and not args.json and len(files) > 1
    talk = not args.json and not args.quiet
    for i, (path, named) in enumerate(files, start=1):
        if progress:
            bar = "#" * (30 * i // len(files))
            print(f"\r[{bar:<30}] {i}/{len(files)} files", end="", file=sys.stderr, flush=True)
        try:
            read = read_file(path, named, houses)
        except Skipped:
            skipped.append(str(path))
            read_files.append((str(path), "skipped, not a hand history"))
            if talk:
                print(printable(f"{path}: skipped, not a hand history", newlines=False))
            continue
        items = [item if isinstance(item, Verdict) else judge(item) for item in read.items]
        what = f"{read.label}, {len(items)} hand(s)"
        read_files.append((str(path), what))
        tally.add_file(f"{read.room} ({read.format})" if read.room else "unknown")
        if talk:
            print(printable(f"{path}: {what}", newlines=False))
        for v in items:
            verdicts.append(v)
            tally.add(v)
            if args.json:
                print(json.dumps(v.as_json(), sort_keys=True))
            elif talk and (args.verbose or v.verdict not in ("legal", "skipped")):
                print(v.line())
    if progress:
        print("\r" + " " * 60 + "\r", end="", file=sys.stderr, flush=True)
    if not verdicts:
        raise StudError(f"no hand histories found in {', '.join(args.paths)}")
    if not args.json:
        print(tally.table())
        print(tally.room_table())
        if tally.other:
            print(printable(tally.other_line(), newlines=False))
        if tally.explained:
            for key, n in sorted(tally.explained.items()):
                print(f"{n} illegal hand(s) would be legal under `{key}`")
        if skipped:
            names = ", ".join(skipped[:10]) + (
                f" and {len(skipped) - 10} more" if len(skipped) > 10 else ""
            )
            print(
                printable(
                    f"{len(skipped)} file(s) skipped, not a hand history: {names}", newlines=False
                )
            )
    if args.report:
        words = [*args.paths, *(["--house", args.house] if args.house else [])]
        words += [f"--set {item}" for item in args.set]
        command = "stud audit " + " ".join(words)
        write_report(Path(args.report), verdicts, tally, command, read_files)
    return 1 if tally.failures else 0

"""``stud import FILE --to phh|json``: convert a card room's hand history."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from stud.errors import StudError

HELP = "convert a PokerStars or Full Tilt hand history to PHH or JSON"
DESCRIPTION = """\
Read every hand of a PokerStars or Full Tilt Poker history file and print it as PHH
(TOML; several hands become a .phhs collection with tables [1], [2]...) or as JSON Lines
(one object per hand: the room's facts, amounts as decimal strings), in UTF-8.  A file is
read up to 64 MiB: past that, the hands are not converted and the exit status is 1."""
EXAMPLE = """\
Examples:
  stud import stars.txt --to phh > hands.phhs
  stud import tilt.txt --to json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a room's hand history (text)")
    parser.add_argument("--to", choices=("phh", "json"), required=True, help="output format")


def run(args: argparse.Namespace) -> int:
    from stud.histories import read_path
    from stud.histories.export import json_line, to_phh
    from stud.histories.model import HistoryError

    path = Path(args.file)
    if not path.is_file():
        raise StudError(f"no such file: {path}")
    hands = read_path(path)
    errors = [h for h in hands if isinstance(h, HistoryError)]
    good = [h for h in hands if not isinstance(h, HistoryError)]
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:  # TOML and JSON files are UTF-8, whatever the locale
        reconfigure(encoding="utf-8")
    for i, hand in enumerate(good, start=1):
        if args.to == "json":
            print(json_line(hand))
        elif len(good) == 1:
            print(to_phh(hand), end="")
        else:
            print(f"[{i}]\n{to_phh(hand)}")
    if errors:
        raise StudError("; ".join(str(e) for e in errors))
    return 0

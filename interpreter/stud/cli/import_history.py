"""``stud import FILE --to phh|json``: convert a card room's hand history."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from stud.errors import StudError

HELP = "convert a card room's hand history to PHH or JSON"
DESCRIPTION = """\
Read every stud hand of a room's history file (any room stud audit reads) and print it as
PHH (TOML; several hands become a .phhs collection with tables [1], [2]..., each with its
hand number in `hand`) or as JSON Lines (one object per hand: the room's facts, amounts
as decimal strings).  Hands of other games (hold'em, Omaha) and of stud games PHH has no
variant for are skipped and named on standard error; a hand that cannot be read is
named there too, and makes the exit status 1."""
EXAMPLE = """\
Examples:
  stud import stars.txt --to phh > hands.phhs
  stud import tilt.txt --to json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a room's hand history (text)")
    parser.add_argument("--to", choices=("phh", "json"), required=True, help="output format")


def run(args: argparse.Namespace) -> int:
    import sys

    from stud.histories import read_path
    from stud.histories.export import VARIANT, to_json, to_phh
    from stud.histories.model import HistoryError, OtherGame, RoomHand
    from stud.safetext import printable

    path = Path(args.file)
    if not path.is_file():
        raise StudError(f"no such file: {path}")
    items = read_path(path)
    errors = [h for h in items if isinstance(h, HistoryError)]
    hands = [h for h in items if isinstance(h, RoomHand)]
    skipped = [f"{h.hand_id} ({h.game_text})" for h in items if isinstance(h, OtherGame)]
    if args.to == "phh":  # PHH's stud variants are fixed limit
        phh = [h for h in hands if h.game in VARIANT and h.structure == "fixed-limit"]
        skipped += [f"{h.hand_id} ({h.game_text}: no PHH variant)" for h in hands if h not in phh]
        hands = phh
    else:
        skipped += [f"{h.hand_id} ({h.game_text}: game not supported)" for h in hands if not h.game]
        hands = [h for h in hands if h.game]
    for i, hand in enumerate(hands, start=1):
        if args.to == "json":
            print(json.dumps(to_json(hand), sort_keys=True))
        elif len(hands) == 1:
            print(to_phh(hand), end="")
        else:
            print(f"[{i}]\n{to_phh(hand)}")
    if skipped:
        print(
            printable(
                f"{path}: {len(skipped)} hand(s) skipped: {', '.join(skipped)}", newlines=False
            ),
            file=sys.stderr,
        )
    if errors:
        raise StudError("; ".join(str(e) for e in errors))
    if not hands:
        raise StudError(f"{path}: no stud hand to convert")
    return 0

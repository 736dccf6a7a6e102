"""``stud explain``: a ruleset in plain English (for a house file, its changes first)."""

from __future__ import annotations

import argparse
import textwrap
from typing import TYPE_CHECKING

from stud.safetext import printable

if TYPE_CHECKING:
    from stud.rules.model import Ruleset

HELP = "describe a ruleset in plain English (a house file: what it changes first)"
DESCRIPTION = """\
Describe a ruleset in plain English, phrased from its values: stakes, bring-in, every
street's deal and bets, the raise cap, board reading, wild cards and the showdown.
For a file that `extends:` another ruleset, the differences from the parent come first."""
EXAMPLE = """\
Examples:
  stud explain seven-card-stud
  stud explain house.yaml        (a file with `extends: seven-card-stud` and a few changes)"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET|FILE", help="a shipped ruleset or a file")
    parser.add_argument(
        "--width", type=int, default=88, metavar="N", help="wrap lines at N columns (0: no wrap)"
    )
    parser.add_argument(
        "--allow-extends-outside",
        action="store_true",
        help="let extends: read files outside the ruleset's folder and the shipped rulesets",
    )


def render(name_or_path: str, width: int = 88, *, allow_extends_outside: bool = False) -> str:
    from stud.docs.explain import explain
    from stud.docs.gamechange import game_changes
    from stud.docs.rulesets import difference_lines, load_described

    d = load_described(name_or_path, allow_extends_outside=allow_extends_outside)
    rs = d.ruleset

    def wrap(text: str, indent: str = "") -> list[str]:
        if width <= 0:
            return [indent + text]
        hang = " " * len(indent) + ("  " if not indent.strip() else "")
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=hang)

    out = [rs.title if rs.title.endswith(f"({rs.name})") else f"{rs.title} ({rs.name})"]
    if d.parent is not None:
        changes = difference_lines(d)
        for line in game_changes(d.parent, rs):
            out += ["", *wrap(line)]
        out += ["", f"Changes from {d.parent.title} ({d.parent.name}):"]
        for line in changes or ["nothing (same values as the parent)"]:
            out += wrap(line, "  - ")
        kept = kept_lines(name_or_path, d.parent)
        if kept:
            out += ["", "Written over the parent's items of the same name, these keep the rest:"]
            for line in kept:
                out += wrap(line, "  - ")
    out += ["", "In full:" if d.parent is not None else "Rules:"]
    for line in explain(rs):
        out += wrap(line, "  ")
    return printable("\n".join(out))


def kept_lines(name_or_path: str, parent: Ruleset) -> list[str]:
    """What each street or share the file writes over its parent's keeps from it."""
    from stud.docs.changes import kept_line
    from stud.docs.rulesets import ruleset_path
    from stud.errors import RulesetError
    from stud.rules.advice import kept_items
    from stud.rules.loader import read_own

    path = ruleset_path(name_or_path)
    try:
        own = read_own(path, name_or_path) if path is not None else None
    except RulesetError:
        return []
    if not isinstance(own, dict):
        return []
    return [kept_line(item) for item in kept_items(own, parent.document) if item.kept]


def run(args: argparse.Namespace) -> int:
    import sys

    from stud.rules.advice import ruleset_warnings, warning_text

    print(render(args.ruleset, args.width, allow_extends_outside=args.allow_extends_outside))
    for warning in ruleset_warnings(args.ruleset, allow_extends_outside=args.allow_extends_outside):
        print(printable(warning_text(warning), newlines=False), file=sys.stderr)
    return 0

"""``stud validate FILE...``: check ruleset files (or shipped names) and list every problem."""

from __future__ import annotations

import argparse

from stud.rules import validate_file
from stud.rules.advice import ruleset_warnings, warning_text
from stud.safetext import printable

HELP = "check ruleset files and report every problem (file:line:col)"
DESCRIPTION = """\
Check each ruleset file (or shipped ruleset name) against the format: unknown or misspelt
keys, wrong types and choices, and rules that do not fit together (a bring-in above the
small bet, a spread outside a spread-limit game, a deal that needs more cards than the
pack...). Prints 'FILE: ok' for a valid file, otherwise one line per problem:

  FILE:LINE:COL: $.json.path: what is wrong; expected what

A valid file may also get warnings (it still loads and plays): an item that overrides a
parent's street or share and keeps a key tied to one it rewrote (a low share written
without `qualifier` keeps the parent's `qualifier: 8`; write `qualifier: null` to drop
it), stakes out of proportion (a 0.10 bring-in in a 5/10 game), a file named like a
shipped ruleset, a rebuilt street table that claims no rules:

  FILE:LINE:COL: warning: $.json.path: what; expected what

`extends:` reads only shipped rulesets and files in the ruleset's own folder tree
unless --allow-extends-outside is given.

Exit status: 0 when every file is valid, 1 otherwise."""
EXAMPLE = "Example: stud validate house.yaml rulesets/*.yaml"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="ruleset file or shipped name")
    parser.add_argument(
        "--allow-extends-outside",
        action="store_true",
        help="let extends: read files outside the ruleset's folder and the shipped rulesets",
    )


def run(args: argparse.Namespace) -> int:
    status = 0
    for name in args.files:
        problems = validate_file(name, allow_extends_outside=args.allow_extends_outside)
        if not problems:
            print(f"{printable(name, newlines=False)}: ok")
            for warning in ruleset_warnings(name, allow_extends_outside=args.allow_extends_outside):
                print(printable(warning_text(warning), newlines=False))
            continue
        status = 1
        for problem in problems:
            print(printable(str(problem), newlines=False))
    return status

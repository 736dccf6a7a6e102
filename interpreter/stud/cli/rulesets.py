"""``stud rulesets``: the shipped rulesets with their titles."""

from __future__ import annotations

import argparse

from stud.errors import RulesetError
from stud.rules import load_ruleset, shipped_rulesets

HELP = "list the shipped rulesets with their titles"
DESCRIPTION = """\
List the rulesets shipped with stud: the name to give to other commands (or to
'extends:' in a house-rules file) and a one-line title."""
EXAMPLE = "Example: stud rulesets"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paths", action="store_true", help="also print the file of each ruleset")


def run(args: argparse.Namespace) -> int:
    shipped = shipped_rulesets()
    if not shipped:
        print("no rulesets are installed")
        return 1
    width = max(len(name) for name in shipped)
    status = 0
    for name, path in shipped.items():
        try:
            title = load_ruleset(name).title
        except RulesetError as exc:
            title = f"(invalid: {exc.first})"
            status = 1
        line = f"{name:<{width}}  {title}"
        print(f"{line}  [{path}]" if args.paths else line)
    return status

"""``stud show NAME|FILE``: the resolved ruleset (after ``extends``) as YAML."""

from __future__ import annotations

import argparse
import json
import sys

import yaml

from stud.errors import RulesetError
from stud.rules import load_ruleset
from stud.safetext import excerpt, printable

HELP = "print a ruleset resolved (after extends, with every default) as YAML"
DESCRIPTION = """\
Print a ruleset as the interpreter sees it: 'extends' resolved, every default filled in,
amounts as exact decimal strings. House rules can be tried without a file with --set."""
EXAMPLE = """\
Examples:
  stud show razz
  stud show house.yaml
  stud show seven-card-stud --set betting.max_raises=4 --set streets.fourth.bet=big"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="NAME|FILE", help="shipped ruleset name or file")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="PATH=VALUE",
        help="override a value by dotted path (repeatable), e.g. betting.max_raises=4",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of YAML")
    parser.add_argument(
        "--allow-extends-outside",
        action="store_true",
        help="let extends: read files outside the ruleset's folder and the shipped rulesets",
    )


def run(args: argparse.Namespace) -> int:
    overrides: dict[str, str] = {}
    for item in args.set:
        path, sep, value = item.partition("=")
        if not sep or not path.strip():
            print(f"stud show: --set expects PATH=VALUE, not '{excerpt(item)}'", file=sys.stderr)
            return 2
        overrides[path.strip()] = value.strip()
    try:
        ruleset = load_ruleset(
            args.ruleset, overrides or None, allow_extends_outside=args.allow_extends_outside
        )
    except RulesetError as exc:
        for problem in exc.problems:
            print(printable(str(problem), newlines=False), file=sys.stderr)
        return 1
    from stud.rules.advice import inherited_claims, ruleset_warnings, warning_text

    for warning in ruleset_warnings(args.ruleset, allow_extends_outside=args.allow_extends_outside):
        print(printable(warning_text(warning), newlines=False), file=sys.stderr)
    document = dict(ruleset.document)
    if args.json:
        print(printable(json.dumps(document, indent=2, ensure_ascii=False)))
    else:
        text = yaml.safe_dump(
            document, sort_keys=False, allow_unicode=True, default_flow_style=None, width=90
        )
        for line in inherited_claims(args.ruleset):
            print(f"# {printable(line, newlines=False)}")
        print(printable(text), end="")
    return 0

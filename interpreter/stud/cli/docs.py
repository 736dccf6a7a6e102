"""``stud docs``: regenerate docs/ from the sources of truth, or check it is up to date."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "generate docs/ (rulebook, rules index, ruleset pages) from features/ and rulesets/"
DESCRIPTION = """\
Generate the documentation site's derived pages from the sources of truth:
a rulebook page per variant family (features/), the rules index (features/rules-index.yaml),
the ruleset reference (schemas/ruleset.schema.json), a page per shipped ruleset
(rulesets/), the command-line reference, and mkdocs.yml.  Hand-written pages are kept.
The output is deterministic: running it twice changes nothing.

With --check nothing is written: it lists the stale files and exits 1 if there are any
(what the test suite runs)."""
EXAMPLE = """\
Examples:
  stud docs                 regenerate, then: mkdocs build --strict
  stud docs --check         exit 1 listing stale files"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list stale generated files and exit 1 if any",
    )
    parser.add_argument(
        "--root",
        metavar="DIR",
        help="the repository root (default: found from the current directory)",
    )


def run(args: argparse.Namespace) -> int:
    from stud.docs import find_root, stale, write

    root = find_root(Path(args.root).resolve() if args.root else Path.cwd().resolve())
    if args.check:
        problems = stale(root)
        if problems:
            print(f"{len(problems)} stale documentation file(s):", file=sys.stderr)
            for p in problems:
                print(f"  {p}", file=sys.stderr)
            print("hint: run `stud docs` and commit the result", file=sys.stderr)
            return 1
        print("docs are up to date")
        return 0
    changed = write(root)
    for rel in changed:
        print(f"wrote {rel}")
    print(f"{len(changed)} file(s) changed" if changed else "docs are up to date")
    return 0

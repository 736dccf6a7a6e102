"""The ``stud`` command line: one subcommand per module in this package.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``.  Errors of the :class:`~stud.errors.StudError` family are printed as
one line on stderr with no traceback.

Start-up is lazy: ``stud --help`` lists the commands from :data:`HELP` without importing
them, and ``stud COMMAND ...`` imports only that command's module (editors and pre-commit
hooks run ``stud validate`` often; ``benchmarks/startup.py`` measures it).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from stud import __version__

# command name -> module; the order is the order of `stud --help`
COMMANDS: dict[str, str] = {
    "verify": "stud.cli.verify",
    "validate": "stud.cli.validate",
    "rulesets": "stud.cli.rulesets",
    "show": "stud.cli.show",
    "explain": "stud.cli.explain",
    "play": "stud.cli.play",
    "replay": "stud.cli.replay",
    "audit": "stud.cli.audit",
    "import": "stud.cli.import_history",
    "serve": "stud.cli.serve",
    "fuzz": "stud.cli.fuzz",
    "dump-spec": "stud.cli.dump_spec",
    "docs": "stud.cli.docs",
}

# command name -> its one-line help, so that `stud --help` imports no command module;
# a test keeps each line equal to the module's own HELP (a command missing here is
# imported for its help line instead)
HELP: dict[str, str] = {
    "verify": "run the rules specification (features/) against the reference or another engine",
    "validate": "check ruleset files and report every problem (file:line:col)",
    "rulesets": "list the shipped rulesets with their titles",
    "show": "print a ruleset resolved (after extends, with every default) as YAML",
    "explain": "describe a ruleset in plain English (a house file: what it changes first)",
    "play": "simulate hands with bots, or play against them in the terminal (--interactive)",
    "replay": "check a recorded hand (JSON history or PHH) step by step against a ruleset",
    "serve": "speak engine protocol v1 on stdin/stdout (the reference interpreter as an engine)",
    "fuzz": "deal random hands to an engine and the reference side by side; shrink what differs",
    "dump-spec": (
        "export every scenario as JSON (ruleset, seats, deck, actions, expected observations)"
    ),
    "docs": "generate docs/ (rulebook, rules index, ruleset pages) from features/ and rulesets/",
    "audit": "check hand histories of twelve card rooms and PHH hand by hand",
    "import": "convert a card room's hand history to PHH or JSON",
}


def _load(name: str) -> ModuleType:
    return importlib.import_module(COMMANDS[name])


def _chosen(argv: list[str]) -> str | None:
    """The command named on the command line (the first word that is not an option)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``only``, just that command's module is imported."""
    parser = argparse.ArgumentParser(
        prog="stud",
        description="The executable rulebook of Seven Card Stud.",
        epilog="Example: stud verify    (run the rules spec against the reference interpreter)",
    )
    parser.add_argument("--version", action="version", version=f"stud {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        if only is not None and name != only and name in HELP:
            sub.add_parser(name, help=HELP[name])  # listed, not imported
            continue
        try:
            module = _load(name)
        except ModuleNotFoundError as exc:  # a command whose module is not built yet
            if exc.name != COMMANDS[name]:
                raise
            continue
        p = sub.add_parser(
            name,
            help=module.HELP,
            description=getattr(module, "DESCRIPTION", module.HELP),
            epilog=getattr(module, "EXAMPLE", None),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(p)
        p.set_defaults(_module=module)
    return parser


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(only=_chosen(words) or "")
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
        return 2
    from stud.errors import StudError

    try:
        return int(args._module.run(args))
    except StudError as exc:
        print(f"stud {args.command}: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"stud {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

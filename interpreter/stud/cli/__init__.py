"""The ``stud`` command line: one subcommand per module in this package.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``.  Errors of the :class:`~stud.errors.StudError` family are printed as
one line on stderr with no traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from stud import __version__
from stud.errors import StudError

# command name -> module; the order is the order of `stud --help`
COMMANDS: dict[str, str] = {
    "verify": "stud.cli.verify",
    "validate": "stud.cli.validate",
    "rulesets": "stud.cli.rulesets",
    "show": "stud.cli.show",
    "explain": "stud.cli.explain",
    "play": "stud.cli.play",
    "replay": "stud.cli.replay",
    "serve": "stud.cli.serve",
    "fuzz": "stud.cli.fuzz",
    "dump-spec": "stud.cli.dump_spec",
    "docs": "stud.cli.docs",
}


def _load(name: str) -> ModuleType:
    return importlib.import_module(COMMANDS[name])


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stud",
        description="The executable rulebook of Seven Card Stud.",
        epilog="Example: stud verify    (run the rules spec against the reference interpreter)",
    )
    parser.add_argument("--version", action="version", version=f"stud {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
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
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
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

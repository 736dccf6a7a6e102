"""The ``stud`` command line: one subcommand per module in this package.

Each command module defines ``HELP`` (one line), ``add_arguments(parser)`` and
``run(args) -> int``.  Errors of the :class:`~stud.errors.StudError` family are printed as
one line on stderr with no traceback.

Start-up is lazy: ``stud``, ``stud --help`` and ``stud --version`` are answered from
:data:`HELP` without importing argparse or any command, and ``stud COMMAND ...`` imports
only that command's module (editors and pre-commit hooks run ``stud validate`` often;
``benchmarks/startup.py`` measures it).
"""

from __future__ import annotations

import os
import sys

from stud import __version__

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (mypy reads it so)
if TYPE_CHECKING:
    import argparse
    from types import ModuleType

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


DESCRIPTION = "The executable rulebook of Seven Card Stud."
EXAMPLE = "Example: stud verify    (run the rules spec against the reference interpreter)"
USAGE = "usage: stud [-h] [--version] COMMAND ..."


def _load(name: str) -> ModuleType:
    import importlib

    return importlib.import_module(COMMANDS[name])


def _wrap(text: str, width: int) -> list[str]:
    """Words of ``text`` in lines of at most ``width`` characters (a longer word alone).

    >>> _wrap("deal random hands to an engine", 12)
    ['deal random', 'hands to an', 'engine']
    """
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line else lines


def _columns() -> int:
    """The terminal's width as argparse reads it: $COLUMNS, else the terminal, else 80."""
    try:
        return int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        pass
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def top_help(columns: int | None = None) -> str:
    """``stud --help``: the commands and their one-line help, laid out as argparse does.

    Written here so that the commonest start-up (a user asking what stud does) imports
    neither argparse nor a command; a test keeps it equal to argparse's own text. On a
    terminal narrower than 50 columns argparse lays it out itself.
    """
    cols = columns if columns is not None else _columns()
    if cols < 50:
        return build_parser("").format_help()
    width = cols - 2  # argparse leaves two columns
    longest = max(len("-h, --help"), *(len(name) for name in COMMANDS)) + 2
    at = min(longest + 2, min(24, width - 20))  # where the help text starts

    def item(indent: int, label: str, text: str) -> list[str]:
        lines = _wrap(text, max(width - at, 11))
        first = [f"{'':{indent}}{label:<{at - indent - 2}}  {lines[0]}"]
        if len(label) > at - indent - 2:
            first = [f"{'':{indent}}{label}", f"{'':{at}}{lines[0]}"]
        return first + [f"{'':{at}}{line}" for line in lines[1:]]

    out = [USAGE, "", DESCRIPTION, "", "positional arguments:", "  COMMAND"]
    for name in COMMANDS:
        out += item(4, name, HELP[name])
    out += ["", "options:"]
    out += item(2, "-h, --help", "show this help message and exit")
    out += item(2, "--version", "show program's version number and exit")
    return "\n".join([*out, "", *_wrap(EXAMPLE, width)]) + "\n"


def _chosen(argv: list[str]) -> str | None:
    """The command named on the command line (the first word that is not an option)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``only``, just that command's module is imported."""
    import argparse

    parser = argparse.ArgumentParser(prog="stud", description=DESCRIPTION, epilog=EXAMPLE)
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
    if words in ([], ["-h"], ["--help"]):
        sys.stdout.write(top_help())
        return 2 if not words else 0
    if words == ["--version"]:
        print(f"stud {__version__}")
        return 0
    parser = build_parser(only=_chosen(words) or "")
    args = parser.parse_args(words)
    if args.command is None:
        parser.print_help()
        return 2
    from stud.errors import StudError
    from stud.safetext import printable

    try:
        return int(args._module.run(args))
    except StudError as exc:  # its text may quote a file, an engine or a ruleset: escaped
        print(f"stud {args.command}: error: {printable(str(exc))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"stud {args.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

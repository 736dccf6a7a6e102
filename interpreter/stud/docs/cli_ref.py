"""The command-line reference page, generated from the ``stud`` argument parser itself.

It reads each subcommand's arguments (not argparse's formatted help, whose layout changes
between Python versions), so the page is the same on every machine.
"""

from __future__ import annotations

import argparse
import os

from stud.docs.markdown import header, table


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _helps(parser: argparse.ArgumentParser) -> dict[str, str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {a.dest: a.help or "" for a in action._choices_actions}
    return {}


def _usage_part(action: argparse.Action) -> str:
    if not action.option_strings:
        return (
            str(action.metavar or action.dest).upper()
            if action.nargs != "?"
            else (f"[{str(action.metavar or action.dest).upper()}]")
        )
    opt = max(action.option_strings, key=len)
    if action.nargs == 0:
        return f"[{opt}]"
    meta = action.metavar or action.dest.upper()
    return f"[{opt} {meta}]"


def _arg_row(action: argparse.Action) -> list[str] | None:
    if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
        return None
    if action.option_strings:
        names = ", ".join(action.option_strings)
        if action.nargs != 0:
            names += f" {action.metavar or action.dest.upper()}"
    else:
        names = str(action.metavar or action.dest).upper()
    default = ""
    if action.option_strings and action.nargs != 0 and action.default not in (None, False):
        # a path default depends on where stud is installed: not shown, so the page is the
        # same on every machine
        if not os.path.isabs(str(action.default)):
            default = f"`{action.default}`"
    choices = ", ".join(f"`{c}`" for c in action.choices) if action.choices else ""
    return [
        f"`{names}`",
        (action.help or "").replace("%(default)s", str(action.default)).replace("%%", "%"),
        default,
        choices,
    ]


def render_cli(parser: argparse.ArgumentParser) -> str:
    out = [header("the stud argument parser", "Command line")]
    out.append(
        "Every command prints `--help` with an example. Errors are one line on stderr "
        "starting `stud COMMAND: error:` with a hint, and exit non-zero."
    )
    helps = _helps(parser)
    subs = _subparsers(parser)
    out += [
        "",
        table(["Command", "What it does"], [[f"[`{n}`](#{n})", helps.get(n, "")] for n in subs]),
    ]
    for name, sub in subs.items():
        usage = " ".join(_usage_part(a) for a in sub._actions if _arg_row(a) is not None)
        out += ["", f"## `stud {name}` {{ #{name} }}", "", helps.get(name, "")]
        if sub.description and sub.description != helps.get(name):
            out += ["", sub.description.strip()]
        out += ["", "```text", f"stud {name} {usage}".rstrip(), "```"]
        rows = [r for a in sub._actions if (r := _arg_row(a)) is not None]
        if rows:
            out += ["", table(["Argument", "Meaning", "Default", "Choices"], rows)]
        if sub.epilog:
            out += ["", "```text", sub.epilog.strip(), "```"]
    return "\n".join(out).rstrip() + "\n"

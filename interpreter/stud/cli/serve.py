"""``stud serve``: the reference interpreter speaking engine protocol v1 on stdin/stdout."""

from __future__ import annotations

import argparse
import errno
import os
import sys

HELP = "speak engine protocol v1 on stdin/stdout (the reference interpreter as an engine)"
DESCRIPTION = """\
Run the reference interpreter as a protocol v1 engine: one JSON request per line on
stdin, one JSON reply per line on stdout, until `bye` or the end of input.  Every request
is checked against schemas/protocol and the limits of docs/protocol.md (Security); a bad
one is answered with ok:false and code bad_request, never a crash, and changes nothing.

A new_hand ruleset is an inline document or a shipped ruleset name: the server reads no
other file unless started with --allow-files DIR, and then only regular files inside DIR.

This is what `stud verify --engine "stud serve"` runs: the spec over a real subprocess,
which must give exactly the in-process results."""
EXAMPLE = """\
example:
  echo '{"id": 1, "op": "hello"}' | stud serve
  stud serve --allow-files house-rules/
  stud verify --engine "stud serve" --report out/serve"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="append every request and reply line to FILE (for debugging a harness)",
    )
    parser.add_argument(
        "--allow-files",
        metavar="DIR",
        help="also load new_hand rulesets named as files inside DIR (regular files only, "
        "after resolving '..' and links); by default only shipped names and inline documents",
    )


def run(args: argparse.Namespace) -> int:
    from stud.protocol.rulesource import SourceError
    from stud.protocol.server import ReferenceHandler, serve_lines

    try:
        handler = ReferenceHandler(allow_files=args.allow_files)
    except SourceError as exc:
        print(f"stud serve: {exc}", file=sys.stderr)
        return 2
    if not args.log:
        return serve_lines(handler, sys.stdin, sys.stdout)
    try:  # appended to, never through a link planted where the log goes
        fd = os.open(args.log, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o666)
    except OSError as exc:
        why = "is a symbolic link" if exc.errno == errno.ELOOP else exc.strerror
        print(f"stud serve: --log {args.log}: {why}; give a plain file", file=sys.stderr)
        return 2
    with os.fdopen(fd, "a", encoding="utf-8") as log:
        return serve_lines(handler, sys.stdin, sys.stdout, log=log)

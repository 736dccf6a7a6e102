"""The reference interpreter behind the protocol with exactly one behaviour perturbed.

Each ``*.py`` fake beside this module patches one rule of the reference (in its own
process only) and then calls :func:`serve`, so a spec run against it shows which
scenarios notice that one mistake.  They model bugs real engines have: dealing from
seat 1 whoever the dealer is, ignoring the dealer, breaking ties without suits.
"""

from __future__ import annotations

import sys

from stud.protocol.server import ReferenceHandler, serve_lines


def serve() -> None:
    """Answer the protocol on stdin/stdout with the (already patched) reference."""
    sys.exit(serve_lines(ReferenceHandler(), sys.stdin, sys.stdout))

"""The reference with several planted bugs at once (see ``bugs.py`` for the catalogue).

``python several_bugs.py BUG[,BUG...] [HELLO_JSON]``: the bugs, comma-separated, and
optionally a JSON object added to the ``hello`` reply (a profile, known deviations, a seat
range), e.g. ``'{"known_deviations": ["DEAL-06"]}'``.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bugs import Buggy  # noqa: E402
from stud.protocol.server import serve_lines  # noqa: E402


def main(argv: list[str]) -> int:
    bugs = [b for b in (argv[0] if argv else "").split(",") if b]
    extra = json.loads(argv[1]) if len(argv) > 1 else {}
    return serve_lines(Buggy(bugs, extra), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""A fake engine that starts a child holding its output pipe, then dies on new_hand:
the pipe stays open as long as the child lives."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import subprocess

from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        child = (
            "import sys, time; sys.path.insert(0, sys.argv[1]); import toy; "
            "toy.record_pid(); time.sleep(3600)"
        )
        subprocess.Popen([sys.executable, "-c", child, str(Path(__file__).parent)])
        time.sleep(0.5)  # the child has noted its pid
        print("forks_child: leaving my child behind", file=sys.stderr, flush=True)
        sys.exit(5)
    return None


serve(misbehave)

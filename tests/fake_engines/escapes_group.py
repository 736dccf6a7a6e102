"""A fake engine that starts a child in a session of its own (out of the engine's process
group) holding its output pipe, then dies on new_hand."""

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        child = (
            "import sys, time; sys.path.insert(0, sys.argv[1]); import toy; "
            "toy.record_pid(); time.sleep(3600)"
        )
        here = str(Path(__file__).parent)
        subprocess.Popen([sys.executable, "-c", child, here], start_new_session=True)
        time.sleep(0.5)  # the child has noted its pid
        print("escapes_group: my child left the group", file=sys.stderr, flush=True)
        sys.exit(6)
    return None


serve(misbehave)

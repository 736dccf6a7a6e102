"""A fake engine that answers new_hand with a line that never ends: it writes without a
newline until it is stopped (a runaway dump)."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        chunk = b"x" * (1024 * 1024)
        while True:
            sys.stdout.buffer.write(chunk)
            sys.stdout.buffer.flush()
    return None


serve(misbehave)

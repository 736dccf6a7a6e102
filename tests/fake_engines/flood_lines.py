"""A fake engine that answers new_hand with a million short lines."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        line = b"{}\n" * 10_000
        try:
            for _ in range(100):
                sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()
        except BrokenPipeError:
            sys.exit(0)
        return ""
    return None


serve(misbehave)

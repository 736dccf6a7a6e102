"""A fake engine that greets well and then exits at every new_hand: a good hello is no
progress, so stud stops restarting it."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        print("dies_after_hello: out of memory (pretend)", file=sys.stderr, flush=True)
        sys.exit(9)
    return None


serve(misbehave)

"""A fake engine that never answers a raise (an infinite loop in the engine)."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("action") == "raise":
        print("toy engine: thinking about the raise...", file=sys.stderr, flush=True)
        while True:
            time.sleep(60)
    return None


serve(misbehave)

"""A fake engine that writes stderr endlessly, never a newline, and hangs on new_hand."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import threading

from toy import serve  # noqa: E402


def flood() -> None:
    while True:
        sys.stderr.write("noise" * 10_000)
        sys.stderr.flush()


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        time.sleep(3600)
    return None


threading.Thread(target=flood, daemon=True).start()
serve(misbehave)

"""A fake engine that closes its stdout on new_hand and goes on running."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import os

from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        sys.stdout.flush()
        os.close(1)
        time.sleep(3600)
    return None


serve(misbehave)

"""A fake engine that writes its new_hand reply without the newline, then waits."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        sys.stdout.write(f'{{"id": {request["id"]}, "ok": true, "state": ')
        sys.stdout.flush()
        time.sleep(3600)
    return None


serve(misbehave)

"""A fake engine that answers a raise with a stale request id."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("action") == "raise":
        return json.dumps({"id": request["id"] - 1, "ok": True, "state": {}})
    return None


serve(misbehave)

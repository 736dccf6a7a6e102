"""A fake engine whose state after a raise breaks the schema (money as a JSON number)."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import Toy, serve  # noqa: E402


def misbehave(request: dict, toy: Toy) -> str | None:
    if request.get("action") == "raise" and toy.state is not None:
        state = dict(toy.state, pot=1.5)
        return json.dumps({"id": request["id"], "ok": True, "state": state})
    return None


serve(misbehave)

"""A fake engine whose name, refusals and stderr carry terminal escape sequences: none may
reach the terminal raw."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402

ESC = "\x1b]0;pwned\x07\x1b[2J"


def misbehave(request: dict, toy: object) -> str | None:
    op, rid = request.get("op"), request.get("id")
    if op == "hello":
        engine = {"name": f"evil{ESC}", "version": "1"}
        hello = {"protocol": 1, "engine": engine, "rulesets": ["*"], "features": []}
        return json.dumps({"id": rid, "ok": True, **hello})
    if op == "new_hand":
        print(f"stderr {ESC}", file=sys.stderr, flush=True)
        error = {"code": "illegal_action", "message": f"no {ESC}", "legal": []}
        return json.dumps({"id": rid, "ok": False, "error": error})
    return None


serve(misbehave)

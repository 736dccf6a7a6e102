"""A fake engine whose name, version, features, profile and refusals carry HTML and
Markdown links: the reports must show them as text, never as markup."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402

IMG = "<img src=x onerror=alert(1)>"
LINK = "[x](javascript:alert(1))"


def misbehave(request: dict, toy: object) -> str | None:
    op, rid = request.get("op"), request.get("id")
    if op == "hello":
        hello = {
            "protocol": 1,
            "engine": {"name": f"evil {IMG}", "version": LINK},
            "rulesets": ["*"],
            "features": ["<script>alert(1)</script>", "![i](javascript:alert(1))"],
        }
        return json.dumps({"id": rid, "ok": True, **hello})
    if op == "new_hand":
        message = f"no {IMG} {LINK}\n<javascript:alert(1)> `{IMG}`"
        error = {"code": "illegal_action", "message": message, "legal": []}
        return json.dumps({"id": rid, "ok": False, "error": error})
    return None


serve(misbehave)

"""A fake engine whose new_hand reply holds bytes that are not UTF-8."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        sys.stdout.buffer.write(
            b'{"id": %d, "ok": false, "error": {"code": "x\xff"}}' % request["id"]
        )
        return ""
    return None


serve(misbehave)

"""Plays stud with the reference, but never burns a card (``dealing.burn: false``).

``no_burns.py hello``: declares the profile in ``hello``.  ``no_burns.py values``: refuses
a ruleset that burns with a structured ``unsupported`` (``error.values``).  ``no_burns.py
text``: refuses it with a free-text message only.  Given a ruleset without burns it plays
it as the reference does.
"""

import sys
from typing import Any

from reference_with import serve

mode = sys.argv[1] if len(sys.argv) > 1 else "hello"


def hook(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    if request.get("op") == "hello" and mode == "hello":
        reply["profile"] = {"dealing.burn": False}
    ruleset = request.get("ruleset")
    if request.get("op") == "new_hand" and isinstance(ruleset, dict):
        if ruleset.get("dealing", {}).get("burn", True):
            error: dict[str, Any] = {
                "code": "unsupported",
                "message": "dealing.burn = true: this engine never burns",
            }
            if mode == "values":
                error["values"] = [{"path": "dealing.burn", "wanted": True, "plays": False}]
            return {"id": request.get("id"), "ok": False, "error": error}
    return reply


serve(hook)

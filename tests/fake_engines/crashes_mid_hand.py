"""A fake engine that crashes (an uncaught exception) when asked to raise."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("action") == "raise":
        raise RuntimeError("toy engine: raise is not implemented")
    return None


serve(misbehave)

"""A fake engine that prints a debugging line instead of its reply to a raise."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("action") == "raise":
        return "DEBUG raise received, pot is 12"
    return None


serve(misbehave)

"""A fake engine that answers new_hand with JSON nested 100,000 levels deep."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "new_hand":
        return "[" * 100_000 + "]" * 100_000
    return None


serve(misbehave)

"""A fake engine whose name holds a lone surrogate (valid JSON, yet no UTF-8 text can
carry it): the reports must still be written."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from toy import serve  # noqa: E402


def misbehave(request: dict, toy: object) -> str | None:
    if request.get("op") == "hello":
        engine = '{"name": "bad\\udcff", "version": "1"}'
        return (
            f'{{"id": {request["id"]}, "ok": true, "protocol": 1, "engine": {engine}, '
            '"rulesets": ["*"], "features": []}'
        )
    return None


serve(misbehave)

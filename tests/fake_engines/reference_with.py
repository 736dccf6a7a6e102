"""The reference interpreter behind the protocol, with each reply passed through a hook.

The fakes of this folder that play real stud but get one thing wrong (``creates_chips.py``,
``loses_bring_in.py``, ``no_burns.py``...) are this loop with a ``hook(request, reply)``
that changes the reply (or answers instead of the reference, when it returns a new one).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from stud.protocol.server import ReferenceHandler

Hook = Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]]


def serve(hook: Hook) -> None:
    handler = ReferenceHandler()
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if not isinstance(request, dict):
            print(handler.handle_line(line), flush=True)
            continue
        reply = json.loads(handler.handle_line(line))
        print(json.dumps(hook(request, reply)), flush=True)
        if handler.finished:
            break

"""Reading a ruleset document defensively: a value of the wrong type reads as absent.

>>> get({"pot": {"shares": [{"name": "high"}]}}, "pot", "shares", 0, "name")
'high'
>>> get({"pot": 3}, "pot", "shares", default=[])
[]
"""

from __future__ import annotations

from typing import Any


def get(doc: Any, *keys: str | int, default: Any = None) -> Any:
    """The value at ``keys`` (mapping keys and list indexes), or ``default``."""
    node = doc
    for key in keys:
        if isinstance(key, int) and isinstance(node, list) and 0 <= key < len(node):
            node = node[key]
        elif isinstance(key, str) and isinstance(node, dict) and key in node:
            node = node[key]
        else:
            return default
    return node

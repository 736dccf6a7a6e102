"""The protocol v1 JSON Schemas (``schemas/protocol/*.json``) as ready validators.

>>> problems("state.request.json", {"id": 1, "op": "state"})
[]
>>> problems("act.request.json", {"id": 1, "op": "act", "seat": 0, "action": "fold"})
['$.seat: 0 is less than the minimum of 1']
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from stud.paths import SCHEMAS

PROTOCOL_DIR = SCHEMAS / "protocol"
OPS = ("hello", "new_hand", "next_hand", "act", "state", "evaluate", "bye")


@cache
def _registry() -> tuple[Registry, dict[str, dict[str, Any]]]:
    documents: dict[str, dict[str, Any]] = {}
    resources = []
    for path in sorted(PROTOCOL_DIR.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        documents[path.name] = doc
        resources.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources), documents


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator of one schema file, e.g. ``act.reply.json``."""
    registry, documents = _registry()
    if name not in documents:
        raise KeyError(f"no protocol schema {name!r} in {PROTOCOL_DIR}")
    return Draft202012Validator(documents[name], registry=registry)


def problems(name: str, message: Any, limit: int = 3) -> list[str]:
    """Up to ``limit`` readable schema violations of ``message`` (``[]`` when valid)."""
    errors = sorted(validator(name).iter_errors(message), key=lambda e: e.json_path)
    found = dict.fromkeys(f"{e.json_path}: {e.message}" for e in errors)
    return list(found)[:limit]


def request_problems(message: Any) -> list[str]:
    """Violations of a request (``request.json`` dispatches on ``op``)."""
    return problems("request.json", message)


def reply_problems(op: str, message: Any) -> list[str]:
    """Violations of a reply to ``op`` (an ``ok: false`` reply is checked as an error)."""
    if isinstance(message, dict) and message.get("ok") is False:
        return problems("error.json", message)
    return problems(f"{op}.reply.json", message)

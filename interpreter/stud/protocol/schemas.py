"""The protocol v1 JSON Schemas (``schemas/protocol/*.json``) as ready validators.

Every message is first checked by the schema compiled to Python closures
(:mod:`stud.schemacheck`, a yes/no answer about a hundred times faster than
jsonschema); only a message that fails is checked again by jsonschema, whose error
messages are the ones reported.  A request is checked against its own op's
schema (``act.request.json``...), and only one whose op is missing or unknown against the
dispatching ``request.json``.

>>> problems("state.request.json", {"id": 1, "op": "state"})
[]
>>> problems("act.request.json", {"id": 1, "op": "act", "seat": 0, "action": "fold"})
['$.seat: 0 is less than the minimum of 1']
>>> request_problems({"id": 1, "op": "fly"})[0].startswith("$")
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

from stud.paths import SCHEMAS
from stud.schemacheck import Unsupported, compile_schema

if TYPE_CHECKING:  # jsonschema is imported when a message fails (words its problems)
    from jsonschema import Draft202012Validator
    from referencing import Registry

PROTOCOL_DIR = SCHEMAS / "protocol"
OPS = ("hello", "new_hand", "next_hand", "act", "state", "evaluate", "bye")


@cache
def _documents() -> dict[str, dict[str, Any]]:
    """Every protocol schema file, by file name (read once)."""
    return {
        path.name: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(PROTOCOL_DIR.glob("*.json"))
    }


@cache
def _registry() -> tuple[Registry, dict[str, dict[str, Any]]]:
    from referencing import Registry, Resource

    documents = _documents()
    resources = [(doc["$id"], Resource.from_contents(doc)) for doc in documents.values()]
    return Registry().with_resources(resources), documents


@cache
def validator(name: str) -> Draft202012Validator:
    """The validator of one schema file, e.g. ``act.reply.json``."""
    from jsonschema import Draft202012Validator

    registry, documents = _registry()
    if name not in documents:
        raise KeyError(f"no protocol schema {name!r} in {PROTOCOL_DIR}")
    return Draft202012Validator(documents[name], registry=registry)


@cache
def compiled(name: str) -> Callable[[Any], bool]:
    """A fast yes/no check of one schema file: compiled to closures by
    :mod:`stud.schemacheck`, or by fastjsonschema (then jsonschema) for a schema
    that uses a keyword it does not know."""
    documents = _documents()
    if name not in documents:
        raise KeyError(f"no protocol schema {name!r} in {PROTOCOL_DIR}")
    by_id = {doc["$id"]: doc for doc in documents.values()}
    try:
        return compile_schema(documents[name], by_id)
    except Unsupported:
        pass
    try:
        import fastjsonschema
    except ImportError:  # pragma: no cover - fastjsonschema is a dependency
        return validator(name).is_valid
    check = fastjsonschema.compile(documents[name], handlers={"https": by_id.__getitem__})
    error = fastjsonschema.JsonSchemaException

    def is_valid(message: Any) -> bool:
        try:
            check(message)
        except error:
            return False
        return True

    return is_valid


def problems(name: str, message: Any, limit: int = 3) -> list[str]:
    """Up to ``limit`` readable schema violations of ``message`` (``[]`` when valid)."""
    if compiled(name)(message):
        return []
    errors = sorted(validator(name).iter_errors(message), key=lambda e: e.json_path)
    found = dict.fromkeys(f"{e.json_path}: {e.message}" for e in errors)
    return list(found)[:limit]


def request_problems(message: Any) -> list[str]:
    """Violations of a request: against its op's schema, or ``request.json`` (which
    dispatches on ``op``) when the op is missing or unknown."""
    op = message.get("op") if isinstance(message, dict) else None
    if isinstance(op, str) and op in OPS:
        return problems(f"{op}.request.json", message)
    return problems("request.json", message)


def reply_problems(op: str, message: Any) -> list[str]:
    """Violations of a reply to ``op`` (an ``ok: false`` reply is checked as an error)."""
    if isinstance(message, dict) and message.get("ok") is False:
        return problems("error.json", message)
    return problems(f"{op}.reply.json", message)

"""The compiled yes/no schema check agrees with jsonschema on every protocol schema."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stud.protocol import schemas
from stud.protocol.server import ReferenceHandler
from stud.schemacheck import Unsupported, compile_schema, json_equal

NAMES = sorted(schemas._registry()[1])
SCALARS = [None, True, False, 0, 1, -1, 1.0, 2.5, "", "x", "As", "Jk", "1.50", "-1", "1\n", []]


def _documents() -> dict[str, Any]:
    return {doc["$id"]: doc for doc in schemas._registry()[1].values()}


def _messages() -> list[Any]:
    """Real requests and replies of a few hands, valid as sent."""
    handler = ReferenceHandler()
    out: list[Any] = [{"id": 1, "op": "hello", "protocol": 1}]
    out.append(handler.handle(out[0]))
    rng = random.Random(5)
    for hand in range(4):
        request: dict[str, Any] = {
            "id": 2,
            "op": "new_hand",
            "ruleset": ["seven-card-stud", "razz", "stud-hi-lo-declare", "pot-limit-stud"][hand],
            "seats": [{"seat": s, "name": f"P{s}", "stack": "5"} for s in (1, 3, 4)],
            "dealer": 1,
            "deck": [],
        }
        reply = handler.handle(request)
        out += [request, reply]
        while reply.get("ok") and reply["state"]["to_act"] is not None:
            state = reply["state"]
            legal = rng.choice(state["legal"])
            act: dict[str, Any] = {"id": 3, "op": "act", "seat": state["to_act"]}
            act["action"] = legal["action"]
            for key in ("amount", "declare"):
                if legal.get(key) is not None:
                    act[key] = legal[key]
            if legal.get("min") is not None:
                act["amount"] = legal["max"]
            reply = handler.handle(act)
            out += [act, reply]
    out.append(handler.handle({"id": 9, "op": "act", "seat": 1, "action": "fly"}))
    out.append({"id": 4, "op": "evaluate", "ranking": "high", "hands": [["As"] * 5]})
    out.append(handler.handle({"id": 5, "op": "state"}))
    return out


MESSAGES = _messages()


def _mutate(value: Any, rng: random.Random) -> Any:
    """One random change somewhere inside ``value``: a key dropped, a value replaced."""
    value = copy.deepcopy(value)
    containers: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict) and item:
            containers.append(item)
            stack.extend(item.values())
        elif isinstance(item, list) and item:
            containers.append(item)
            stack.extend(item)
    if not containers:
        return rng.choice(SCALARS)
    target = rng.choice(containers)
    key = rng.choice(list(target)) if isinstance(target, dict) else rng.randrange(len(target))
    roll = rng.random()
    if roll < 0.2 and isinstance(target, dict):
        del target[key]
    elif roll < 0.3 and isinstance(target, dict):
        target[rng.choice(["extra", "min", "max", "amount"])] = rng.choice(SCALARS)
    else:
        target[key] = copy.deepcopy(rng.choice(SCALARS + MESSAGES[:3]))
    return value


def _agree(name: str, message: Any) -> None:
    fast = schemas.compiled(name)(message)
    slow = schemas.validator(name).is_valid(message)
    assert fast == slow, (name, message)


@pytest.mark.parametrize("name", NAMES)
def test_every_protocol_schema_compiles(name: str) -> None:
    compile_schema(schemas._registry()[1][name], _documents())


@pytest.mark.parametrize("name", NAMES)
def test_real_messages_and_mutants_of_them_get_jsonschemas_verdict(name: str) -> None:
    rng = random.Random(name)
    for message in MESSAGES:
        _agree(name, message)
        for _ in range(25):
            _agree(name, _mutate(message, rng))


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NAMES), JSON)
def test_any_json_value_gets_jsonschemas_verdict(name: str, value: Any) -> None:
    _agree(name, value)


def test_json_equality_keeps_booleans_apart_from_numbers() -> None:
    check = compile_schema({"enum": [1, "a", None, [True]]})
    assert [check(v) for v in (1, 1.0, True, "a", None, [True], [1], False)] == [
        True,
        True,
        False,
        True,
        True,
        True,
        False,
        False,
    ]
    assert json_equal({"a": [1.0]}, {"a": [1]}) and not json_equal({"a": 1}, {"a": True})
    unique = compile_schema({"uniqueItems": True})
    assert unique([1, True, "1"]) and not unique([1, 1.0])


def test_unknown_keywords_and_references_are_refused_not_ignored() -> None:
    for schema in (
        {"contains": {"type": "string"}},
        {"patternProperties": {"a": {}}, "additionalProperties": False},
        {"$ref": "other.json"},
        {"$ref": "#/nowhere"},
    ):
        with pytest.raises(Unsupported):
            compile_schema(schema)

"""The compiled ruleset-schema check says "valid" exactly when jsonschema does.

``schema_findings`` answers a valid document with the compiled check (stud.schemacheck) and
asks jsonschema only for the others; a compiled check that accepted a document jsonschema
refuses would let a broken ruleset through, so both are compared on every shipped ruleset
and on many documents broken at random places.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stud.rules import load_ruleset, shipped_rulesets
from stud.rules.schema import _valid, _validator

DOCUMENTS = [dict(load_ruleset(name).document) for name in sorted(shipped_rulesets())]
VALUES: list[Any] = [None, True, 0, 1, -1, 2.5, "", "x", "1.5", [], [1], {}, {"x": 1}, 10**9]


def agree(doc: Any) -> tuple[bool, bool]:
    check = _valid()
    assert check is not None, "the ruleset schema no longer compiles"
    return check(doc), not any(True for _ in _validator().iter_errors(doc))


def test_every_shipped_ruleset_is_valid_for_both() -> None:
    assert DOCUMENTS
    for doc in DOCUMENTS:
        assert agree(doc) == (True, True), doc.get("title")


def _places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _places(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _places(v, (*path, i))
    return out


def _set(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    node = doc
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return doc


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(DOCUMENTS) - 1), st.integers(0, 10**6), st.sampled_from(VALUES))
def test_a_document_broken_anywhere_gets_the_same_verdict(
    which: int, seed: int, value: Any
) -> None:
    doc = copy.deepcopy(DOCUMENTS[which])
    places = _places(doc)
    place = places[random.Random(seed).randrange(len(places))]
    broken = _set(doc, place, copy.deepcopy(value))
    fast, slow = agree(broken)
    assert fast == slow, (place, value)


@pytest.mark.parametrize("key", ["not_a_key", "streets", "pot", "stakes"])
def test_an_unknown_key_is_refused_by_both(key: str) -> None:
    doc = copy.deepcopy(DOCUMENTS[0])
    target = doc if key == "not_a_key" else doc[key]
    if isinstance(target, list):
        target = target[0]
    target["nonsense_key"] = 1
    assert agree(doc) == (False, False)

"""Fuzzing the Node.js starter engine (issue 24, row 12) with the protocol checks
`stud serve` is fuzzed with (:mod:`protocol_fuzz`): random and hostile request lines,
inline ruleset documents with a value of the wrong kind, unknown ops (``constructor``
too) and any card, over one real ``node examples/node-engine/engine.js`` process.

Whatever comes in, each line gets one line of ASCII JSON with the request's id (equal in
value: JavaScript reads ids as doubles, so ids past 2^53 are refused with a null id), a
refusal code other than ``internal``, and a refused request leaves the hand as it was.
Its ``evaluate`` ranks hands as the reference does.

Skipped where ``node`` is not installed, unless ``STUD_REQUIRE_NODE`` is set (as in CI).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protocol_fuzz import (
    AMOUNTS,
    CARDS,
    ID_TOKENS,
    NAMES,
    RAW_LINES,
    Served,
    check_reply,
    fill_legal,
    line_of,
    nested,
    seats,
)
from stud.cards import parse_cards, standard_deck
from stud.hands import evaluate
from stud.protocol.schemas import problems
from stud.rules import load_ruleset

ENGINE = Path(__file__).resolve().parents[2] / "examples" / "node-engine" / "engine.js"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None and os.environ.get("STUD_REQUIRE_NODE"):
    pytest.fail("node is not installed but STUD_REQUIRE_NODE is set", pytrace=False)
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
SAFE = 2**53 - 1
DOCUMENT = load_ruleset("seven-card-stud").document
SEATS = [
    {"seat": 2, "name": "Ann", "stack": "10"},
    {"seat": 5, "name": "Bo", "stack": "7"},
    {"seat": 7, "name": "Cy", "stack": "3"},
]


def leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, (*path, i))


PATHS = [p for p in leaves(DOCUMENT) if p and p[0] not in ("description", "implements")]
DELETE = "<no such key>"  # replacing a value with it removes the key
ODD = st.one_of(
    AMOUNTS,
    NAMES,
    st.none(),
    st.booleans(),
    st.integers(-3, 10**20),
    st.floats(allow_nan=False),
    st.lists(st.integers(0, 3), max_size=3),
    st.just({"x": 1}),
    st.sampled_from(["up", "down", "small", "big", "lowest", "position", "0.5", "1.5"]),
    st.just(DELETE),
)


def replaced(document: Any, path: tuple[Any, ...], value: Any) -> Any:
    """A deep copy of ``document`` with the value at ``path`` replaced."""
    copy = json.loads(json.dumps(document))
    node = copy
    for key in path[:-1]:
        node = node[key]
    if value == DELETE and isinstance(node, dict):
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return copy


def rulesets() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.just(DOCUMENT),
        st.builds(replaced, st.just(DOCUMENT), st.sampled_from(PATHS), ODD),
        st.just(load_ruleset("razz").document),  # unsupported: a low board
        st.sampled_from(["seven-card-stud", "", None, [], 5, {}]),
    )


def requests() -> st.SearchStrategy[dict[str, Any]]:
    good = st.fixed_dictionaries(
        {
            "op": st.just("new_hand"),
            "ruleset": st.just(DOCUMENT),
            "seats": st.just(SEATS),
            "dealer": st.sampled_from([5, 7, 9]),
            "deck": st.just([]),
        }
    )
    new_hand = st.fixed_dictionaries(
        {
            "op": st.just("new_hand"),
            "ruleset": rulesets(),
            "seats": st.one_of(st.just(SEATS), seats()),
            "dealer": st.one_of(st.integers(-1, 9), st.sampled_from(["1", None, 1.5])),
        },
        optional={"deck": st.one_of(CARDS, st.just(["As"] * 60), st.just("As"))},
    )
    act = st.fixed_dictionaries(
        {"op": st.just("act"), "seat": st.integers(-1, 9), "action": st.text(max_size=9)},
        optional={"amount": AMOUNTS, "cards": CARDS},
    )
    others = st.one_of(
        st.fixed_dictionaries(
            {
                "op": st.sampled_from(
                    ["hello", "state", "next_hand", "bye!", "constructor", "__proto__"]
                    + ["toString", "hasOwnProperty", "valueOf", "OPS", "fly"]
                )
            }
        ),
        st.fixed_dictionaries(
            {
                "op": st.just("evaluate"),
                "ranking": st.sampled_from(["high", "ace-to-five", "low", None]),
                "hands": st.one_of(st.lists(CARDS, max_size=3), st.just([["As"] * 5])),
            }
        ),
    )
    legal = st.just({"op": "act", "legal": True})
    return st.one_of(good, new_hand, act, *[legal] * 6, others)


STEPS = st.lists(
    st.tuples(
        st.one_of(requests(), RAW_LINES.filter(lambda line: line != nested(5000))),
        ID_TOKENS,
        st.integers(0, 7),
    ),
    min_size=1,
    max_size=16,
)


@pytest.fixture(scope="module")
def engine() -> Iterator[Served]:
    assert NODE is not None
    process = Served([NODE, str(ENGINE)])
    yield process
    process.close()


def lines(steps: list[Any], state_of: Any) -> Iterator[str]:
    for request, token, pick in steps:
        if isinstance(request, str):
            yield request
        else:
            yield line_of(fill_legal(dict(request), state_of(), pick), token)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=STEPS, garbage=st.binary(max_size=30).filter(lambda b: b"\n" not in b and b.strip()))
def test_the_node_engine_survives_any_line(steps: list[Any], garbage: bytes, engine: Served):
    known: dict[str, Any] = {}
    check_reply(engine.ask(garbage), "", exact=False)
    for line in lines(steps, lambda: known.get("state")):
        before = engine.ask('{"id": 0, "op": "state"}')
        reply = check_reply(engine.ask(line), line, wire=True, exact=False, largest=SAFE)
        assert problems(_schema(line, reply), reply) == [], (line[:300], reply)
        after = engine.ask('{"id": 0, "op": "state"}')
        if not reply["ok"]:
            assert after == before, line[:300]
        known["state"] = json.loads(after).get("state")


OPS = ("hello", "new_hand", "act", "state", "evaluate", "bye")


def _schema(line: str, reply: dict[str, Any]) -> str:
    """The protocol schema the reply to ``line`` must meet (a refusal: error.json)."""
    if not reply["ok"]:
        return "error.json"
    op = json.loads(line)["op"]
    assert op in OPS, line[:200]
    return f"{op}.reply.json"


def test_an_unknown_op_is_refused_not_echoed(engine: Served):
    for op in ("constructor", "__proto__", "toString", "hasOwnProperty", "prototype", 5, None):
        line = json.dumps({"id": 3, "op": op, "x": "echo me"})
        reply = check_reply(engine.ask(line), line, exact=False)
        assert reply["ok"] is False and reply["error"]["code"] == "bad_request"
        assert "echo me" not in json.dumps(reply)


def test_deep_nesting_is_refused(engine: Served):
    reply = json.loads(engine.ask(nested(5000)))
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"
    assert "nested deeper than 32" in reply["error"]["message"]


CARD_TEXT = [str(c) for c in standard_deck()]


@settings(max_examples=200, deadline=None, derandomize=True)
@given(
    hands=st.lists(
        st.lists(st.sampled_from(CARD_TEXT), min_size=5, max_size=8, unique=True),
        min_size=1,
        max_size=4,
    )
)
def test_the_node_engine_ranks_hands_as_the_reference(hands: list[list[str]], engine: Served):
    line = json.dumps({"id": 1, "op": "evaluate", "ranking": "high", "hands": hands})
    reply = check_reply(engine.ask(line), line, exact=False)
    assert reply["ok"], reply
    values = [evaluate(parse_cards(" ".join(h)), "high") for h in hands]
    strengths = [v.strength for v in values if v is not None]
    for hand, result, strength in zip(hands, reply["results"], strengths, strict=True):
        assert result["rank"] == 1 + sum(s > strength for s in strengths), (hand, result)
        best = evaluate(parse_cards(" ".join(result["best"])), "high")
        assert best is not None and best.strength == strength, (hand, result)
        assert set(result["best"]) <= set(hand) and len(result["best"]) == 5


@pytest.mark.parametrize(
    "hand",
    [
        ["As"] * 5,
        ["As", "As", "Kd", "Qc", "Jh"],
        ["As", "Kd", "Qc", "Jh"],
        ["As", "Kd", "Qc", "Jh", "1x"],
    ],
)
def test_evaluate_refuses_a_card_twice_or_a_wrong_hand(hand: list[str], engine: Served):
    line = json.dumps({"id": 2, "op": "evaluate", "ranking": "high", "hands": [hand]})
    reply = check_reply(engine.ask(line), line, exact=False)
    assert reply["ok"] is False and reply["error"]["code"] == "bad_request"

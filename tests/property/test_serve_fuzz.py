"""Fuzzing `stud serve` (issue 13): random and hostile request lines, in-process against
the handler and over a real `stud serve` subprocess.  Whatever comes in:

- nothing crashes or hangs: every line gets exactly one reply line;
- each reply is one line of UTF-8 JSON (ASCII, in fact) carrying the request's id, written
  as the request wrote it, or null when the request has no usable id;
- a refused request leaves the hand exactly as it was;
- no file content is echoed: a secret marker in files the server may not read (and in a
  broken file it may) never appears in a reply.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from protocol_fuzz import (
    AMOUNTS,
    CARDS,
    GOOD_SEATS,
    ID_TOKENS,
    RAW_LINES,
    SECRET,
    Served,
    check_reply,
    fill_legal,
    line_of,
    seats,
)
from stud.engine import state_json
from stud.protocol.server import ReferenceHandler
from stud.rules import load_ruleset

# --- the files a client will try to read ---------------------------------------------------


@pytest.fixture(scope="module")
def playground(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("serve-fuzz")
    allowed = root / "allowed"
    allowed.mkdir()
    (root / "secret.yaml").write_text(f"title: {SECRET}\n{SECRET}: 1\n")
    (root / "secret.txt").write_text(SECRET + "\n")
    (allowed / "broken.yaml").write_text(f"{SECRET}: [\n  - {SECRET}\n")
    (allowed / "wrong.yaml").write_text(f"extends: razz\nstakes: {{ante: {SECRET}}}\n")
    (allowed / "house.yaml").write_text("extends: razz\ntitle: House\n")
    (allowed / "escape.yaml").symlink_to(root / "secret.yaml")
    os.mkfifo(allowed / "fifo.yaml")
    return root


def ruleset_names(root: str) -> st.SearchStrategy[str]:
    return st.sampled_from(
        [
            "razz",
            "seven-card-stud",
            "stud-hi-lo",
            "house.yaml",
            "broken.yaml",
            "wrong.yaml",
            "escape.yaml",
            "fifo.yaml",
            "../secret.yaml",
            "../secret.txt",
            f"{root}/secret.yaml",
            f"{root}/allowed/../secret.txt",
            "../../../../../../etc/passwd",
            "/etc/passwd",
            "/dev/zero",
            "/proc/self/environ",
            "",
        ]
    )


# --- requests -------------------------------------------------------------------------------


def inline_ruleset() -> st.SearchStrategy[Any]:
    document = dict(load_ruleset("razz").document)
    return st.builds(
        lambda ante, extra: {**document, "stakes": {**document["stakes"], "ante": ante}, **extra},
        AMOUNTS,
        st.sampled_from([{}, {"extends": "/etc/passwd"}, {"streets": []}, {"x": SECRET}]),
    )


def requests(root: str) -> st.SearchStrategy[dict[str, Any]]:
    act = st.fixed_dictionaries(
        {"op": st.just("act"), "seat": st.integers(-1, 9), "action": st.text(max_size=9)},
        optional={"amount": AMOUNTS, "declare": st.text(max_size=5), "cards": CARDS},
    )
    legal_act = st.just({"op": "act", "legal": True})  # the test fills in a legal action
    new_hand = st.fixed_dictionaries(
        {
            "op": st.just("new_hand"),
            "ruleset": st.one_of(ruleset_names(root), inline_ruleset(), st.text(max_size=10)),
            "seats": st.one_of(
                st.just(
                    [
                        {"seat": 1, "name": "Ann", "stack": "10"},
                        {"seat": 3, "name": "Bo", "stack": "7"},
                    ]
                ),
                seats(),
            ),
            "dealer": st.integers(-1, 9),
            "deck": st.one_of(st.just([]), CARDS),
        }
    )
    others = st.one_of(
        st.fixed_dictionaries({"op": st.sampled_from(["hello", "state", "next_hand", "fly"])}),
        st.fixed_dictionaries(
            {
                "op": st.just("evaluate"),
                "ranking": st.sampled_from(["high", "ace-to-five", "low"]),
                "hands": st.lists(CARDS, max_size=3),
            }
        ),
        st.fixed_dictionaries({"op": st.just("next_hand"), "deck": CARDS}),
    )
    good_new_hand = st.fixed_dictionaries(
        {
            "op": st.just("new_hand"),
            "ruleset": st.sampled_from(["razz", "seven-card-stud", "stud-hi-lo", "house.yaml"]),
            "seats": st.just(GOOD_SEATS),
            "dealer": st.just(1),
            "deck": st.just([]),
        }
    )
    return st.one_of(good_new_hand, new_hand, act, *[legal_act] * 6, others)


def snapshot(handler: ReferenceHandler) -> Any:
    hand, table = handler.hand, handler.table
    seats = None if table is None else [(s.seat, s.name, str(s.stack)) for s in table.seats]
    return (None if hand is None else state_json(hand), seats, table and table.dealer)


STEPS = st.lists(
    st.tuples(st.one_of(requests("{root}"), RAW_LINES), ID_TOKENS, st.integers(0, 7)),
    min_size=1,
    max_size=16,
)


START = (
    '{"id": 1, "op": "new_hand", "ruleset": "stud-hi-lo", "dealer": 1, "deck": [], "seats": '
    + json.dumps(GOOD_SEATS)
    + "}"
)


def lines_of(steps: list[Any], root: Path, state_of: Any, start: bool) -> Iterator[str]:
    if start:
        yield START
    for request, token, pick in steps:
        if isinstance(request, str):
            yield request
            continue
        request = fill_legal(dict(request), state_of(), pick)
        if isinstance(request.get("ruleset"), str):
            request["ruleset"] = request["ruleset"].replace("{root}", str(root))
        yield line_of(request, token)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(steps=STEPS, allow=st.booleans(), start=st.booleans())
def test_the_handler_survives_any_line(
    steps: list[Any], allow: bool, start: bool, playground: Path
) -> None:
    handler = ReferenceHandler(allow_files=playground / "allowed" if allow else None)

    def current() -> Any:
        return None if handler.hand is None else state_json(handler.hand)

    for line in lines_of(steps, playground, current, start):
        before = snapshot(handler)
        reply = check_reply(handler.handle_line(line), line)
        if not reply["ok"]:
            assert snapshot(handler) == before, line[:200]


# --- the same over a real process ----------------------------------------------------------


@pytest.fixture(scope="module")
def served(playground: Path) -> Iterator[Served]:
    allowed = playground / "allowed"
    server = Served([sys.executable, "-m", "stud.cli", "serve", "--allow-files", str(allowed)])
    yield server
    server.close()


@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    steps=STEPS,
    garbage=st.binary(max_size=30).filter(lambda b: b"\n" not in b and b.strip()),
    start=st.booleans(),
)
def test_stud_serve_survives_any_line(
    steps: list[Any], garbage: bytes, start: bool, served: Served, playground: Path
) -> None:
    state: dict[str, Any] = {}

    def current() -> Any:
        return state.get("state")

    check_reply(served.ask(garbage), "")
    for line in lines_of(steps, playground, current, start):
        before = served.ask('{"id": 0, "op": "state"}')
        reply = check_reply(served.ask(line), line, wire=True)
        after = served.ask('{"id": 0, "op": "state"}')
        if not reply["ok"]:
            assert after == before, line[:200]
        known = json.loads(after)
        state["state"] = known.get("state")

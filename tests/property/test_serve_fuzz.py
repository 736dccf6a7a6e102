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
import math
import os
import select
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud.engine import state_json
from stud.protocol.server import ReferenceHandler
from stud.rules import load_ruleset

SECRET = "SECRET-7d1e-MARKER"
CODES = {"bad_request", "illegal_action", "unsupported", "no_hand"}

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

ID_TOKENS = st.one_of(
    st.integers(0, 10**6).map(str),
    st.integers(0, 10**6).map(str),
    st.integers(0, 10**6).map(str),
    st.integers(0, 10**30).map(str),
    st.sampled_from(["1.0", "2.50", "1e2", "1E+2", "0.0", "-0.0", "1.5", "-1", "-7", "1e400"]),
    st.sampled_from(['"1"', "true", "null", "[]", "{}", "NaN", "Infinity"]),
)
AMOUNTS = st.one_of(
    st.sampled_from(["0", "0.10", "1", "10", "0.0000001", "9" * 15, "9" * 16, "1" * 40]),
    st.decimals(min_value=0, max_value=10**20, places=3).map(str),
    st.integers(-5, 10**20),
    st.text(max_size=6),
)
NAMES = st.one_of(st.text(max_size=8), st.sampled_from(["\ud800", "a\udcff", "\x1b[2J", "♠"]))
GOOD_SEATS = [{"seat": 1, "name": "Ann", "stack": "10"}, {"seat": 3, "name": "Bo", "stack": "7"}]
CARDS = st.lists(st.sampled_from(["As", "Kd", "2c", "Th", "Jk", "1x", "As"]), max_size=6)


def seats() -> st.SearchStrategy[list[dict[str, Any]]]:
    seat = st.fixed_dictionaries(
        {
            "seat": st.integers(-1, 12),
            "name": NAMES,
            "stack": st.one_of(st.sampled_from(["5", "10", "100"]), AMOUNTS),
        }
    )
    return st.lists(seat, min_size=0, max_size=10)


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


def nested(depth: int) -> str:
    return '{"id": 5, "op": "state", "x": ' + "[" * depth + "]" * depth + "}"


RAW_LINES = st.one_of(
    st.text(max_size=40).filter(lambda t: t.strip() and "\n" not in t),
    st.sampled_from(
        [
            "[" * 1000,
            "{" * 50_000,
            nested(40),
            nested(5000),
            '{"id": 3, "op": "new_hand", "ruleset": "x\\ud800", "seats": [], "dealer": 1}',
            '{"id": 4, "op": "state", "pad": "\\udcff"}',
            '{"id": 1, "op": "hello"} trailing',
            '{"id": 1, "op": "hello", "op": "fly"}',
            "\x00\x01\x02",
            "x" * (1024 * 1024 + 10),
        ]
    ),
)


def line_of(request: dict[str, Any], id_token: str) -> str:
    body = json.dumps(request, ensure_ascii=False)
    return '{"id": ' + id_token + ("}" if body == "{}" else ", " + body[1:])


def expected_id(line: str) -> Any:
    """The id a reply must carry: the request's non-negative whole-number id, else None."""
    if len(line.encode("utf-8", "surrogatepass")) > 1024 * 1024:
        return None
    try:
        value = json.loads(line, parse_constant=lambda name: float("nan"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, dict):
        return None
    rid = value.get("id")
    if isinstance(rid, bool) or not isinstance(rid, int | float):
        return None
    if not math.isfinite(rid) or rid < 0 or rid != int(rid):
        return None
    return rid


def check_reply(text: str, line: str, *, wire: bool = False) -> dict[str, Any]:
    """``wire``: the line went out as bytes, where a raw lone surrogate is not UTF-8."""
    assert "\n" not in text and "\r" not in text
    assert text.isascii()  # hence valid UTF-8, whatever the request held
    reply = json.loads(text)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    unreadable = wire and any("\ud800" <= c <= "\udfff" for c in line)
    want = None if unreadable else expected_id(line)
    if want is None:
        assert reply["id"] is None
    else:
        assert reply["id"] == want
        token = line[len('{"id": ') :].split(",")[0].split("}")[0].strip()
        if line.startswith('{"id": ') and not token.lstrip("-").isdigit():
            assert text.startswith('{"id":' + token), (text[:40], token)
    if not reply["ok"]:
        assert reply["error"]["code"] in CODES, reply  # never internal
    assert SECRET not in text
    assert "root:" not in text
    return reply


def fill_legal(request: dict[str, Any], state: dict[str, Any] | None, pick: int) -> dict[str, Any]:
    if not request.get("legal"):
        return request
    if state is None or state["to_act"] is None or not state["legal"]:
        return {"op": "state"}
    option = state["legal"][pick % len(state["legal"])]
    act: dict[str, Any] = {"op": "act", "seat": state["to_act"], "action": option["action"]}
    amount = option.get("amount") or option.get("max")
    if amount:
        act["amount"] = amount
    if "declare" in option:
        act["declare"] = option["declare"]
    return act


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


class Served:
    """A `stud serve` process fed one line at a time, each reply awaited with a timeout."""

    def __init__(self, allowed: Path):
        command = [sys.executable, "-m", "stud.cli", "serve", "--allow-files", str(allowed)]
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        self.pending = b""

    def ask(self, line: str | bytes, timeout: float = 60.0) -> str:
        data = line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(data + b"\n")
        self.process.stdin.flush()
        fd = self.process.stdout.fileno()
        while b"\n" not in self.pending:
            ready, _, _ = select.select([fd], [], [], timeout)
            assert ready, f"no reply within {timeout} s to {data[:80]!r}"
            chunk = os.read(fd, 1 << 16)
            assert chunk, "stud serve exited: " + self.stderr()
            self.pending += chunk
        text, _, self.pending = self.pending.partition(b"\n")
        return text.decode("utf-8")

    def stderr(self) -> str:
        self.process.kill()
        assert self.process.stderr is not None
        return self.process.stderr.read().decode("utf-8", "replace")

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=30) == 0
        assert self.process.stderr is not None
        assert self.process.stderr.read() == b""  # no traceback, no warning


@pytest.fixture(scope="module")
def served(playground: Path) -> Iterator[Served]:
    server = Served(playground / "allowed")
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

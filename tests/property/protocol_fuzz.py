"""The protocol checks every engine's fuzz shares (issue 13 for `stud serve`, issue 24 for
the Node.js starter engine): hostile request lines and what each reply must be.

Whatever comes in, an engine under these checks answers each line with exactly one line
of ASCII JSON carrying the request's id (``exact``: written as the request wrote it; else
equal in value) or null when the request has no usable id, refuses with a code from
``CODES`` (never ``internal``) and echoes no file content.
"""

from __future__ import annotations

import json
import math
import os
import select
import subprocess
from typing import Any

from hypothesis import strategies as st

SECRET = "SECRET-7d1e-MARKER"
CODES = {"bad_request", "illegal_action", "unsupported", "no_hand"}


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


def check_reply(
    text: str, line: str, *, wire: bool = False, exact: bool = True, largest: float = math.inf
) -> dict[str, Any]:
    """``wire``: the line went out as bytes, where a raw lone surrogate is not UTF-8;
    ``exact``: the id comes back as written (else equal in value); ``largest``: ids above
    it are refused with a null id (a JavaScript engine reads numbers as doubles)."""
    assert "\n" not in text and "\r" not in text
    assert text.isascii()  # hence valid UTF-8, whatever the request held
    reply = json.loads(text)
    assert isinstance(reply, dict) and isinstance(reply.get("ok"), bool)
    unreadable = wire and any("\ud800" <= c <= "\udfff" for c in line)
    want = None if unreadable else expected_id(line)
    if want is not None and want > largest:
        want = None
    if want is None:
        assert reply["id"] is None
    else:
        assert reply["id"] == want
    if want is not None and exact:
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


class Served:
    """An engine process (`stud serve`...) fed one line at a time, each reply awaited with a
    timeout."""

    def __init__(self, command: list[str]):
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

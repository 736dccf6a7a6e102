"""`stud serve` facing a hostile client (issue 13, S1-S6): every line gets one readable
reply, a refused request changes nothing, and no file outside the allowed folder is read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from stud.protocol.limits import MAX_DEPTH, MAX_REQUEST_BYTES
from stud.protocol.server import ReferenceHandler
from stud.protocol.wire import read_lines

SERVE = [sys.executable, "-m", "stud.cli", "serve"]
SEATS = [{"seat": 1, "name": "Ann", "stack": "10"}, {"seat": 2, "name": "Bob", "stack": "10"}]
SECRET = "SECRET-MARKER-7f3a"


def new_hand(rid: int = 1, ruleset: Any = "razz", seats: Any = None, deck: Any = None) -> dict:
    return {
        "id": rid,
        "op": "new_hand",
        "ruleset": ruleset,
        "seats": SEATS if seats is None else seats,
        "dealer": 1,
        "deck": [] if deck is None else deck,
    }


def reply(handler: ReferenceHandler, line: str | bytes) -> dict:
    text = handler.handle_line(line)
    assert "\n" not in text and text.isascii()
    return json.loads(text)


def serve(lines: bytes, *args: str) -> list[dict]:
    done = subprocess.run(
        [*SERVE, *args], input=lines, capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == b""
    return [json.loads(line) for line in done.stdout.decode("ascii").splitlines()]


@pytest.mark.parametrize(
    "line",
    [
        "[" * 1000,
        "[" * 200_000,
        '{"a":' * 5000,
        json.dumps({"id": 1, "op": "state", "x": [[[[[[[[]]]]]]]] * 1}).replace(
            "[]", "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
        ),
        "NaN",
        '{"id": Infinity, "op": "state"}',
        json.dumps(new_hand(1, deck=["As"] * 100_000)),  # refused before the schema's work
        json.dumps(new_hand(1, seats=[dict(SEATS[0], name="x" * 101), SEATS[1]])),
        b"\xff\xfe{}",
        "",
        "x" * (MAX_REQUEST_BYTES + 1),
    ],
)
def test_s1_any_unreadable_line_is_a_bad_request(line: str | bytes) -> None:
    answer = reply(ReferenceHandler(), line)
    assert answer["ok"] is False and answer["error"]["code"] == "bad_request"
    assert len(answer["error"]["message"]) < 2100


def test_s1_the_server_survives_deep_nesting_and_a_long_line_and_goes_on() -> None:
    lines = b"[" * 1000 + b"\n" + b"x" * (3 * MAX_REQUEST_BYTES) + b"\n"
    lines += b'{"id": 9, "op": "state"}\n'
    replies = serve(lines)
    assert [r["error"]["code"] for r in replies] == ["bad_request", "bad_request", "no_hand"]
    assert "longer than" in replies[1]["error"]["message"]
    assert replies[2]["id"] == 9


def test_a_long_line_is_read_in_bounded_pieces() -> None:
    import io

    stream = io.BytesIO(b"a" * 50 + b"\nb\n" + b"c" * 10)
    assert [len(x) for x in read_lines(stream, limit=20)] == [21, 1, 10]


@pytest.mark.parametrize("where", ["ruleset", "name", "key"])
@pytest.mark.parametrize("surrogate", ["\\ud800", "\\udcff"])
def test_s2_a_lone_surrogate_is_refused_and_the_reply_is_utf8(where: str, surrogate: str) -> None:
    request = json.dumps(new_hand(4))
    if where == "ruleset":
        request = request.replace('"razz"', f'"x{surrogate}"')
    elif where == "name":
        request = request.replace('"Ann"', f'"A{surrogate}"')
    else:
        request = request.replace('"dealer"', f'"d{surrogate}": 1, "dealer"')
    lines = (request + '\n{"id": 5, "op": "state"}\n').encode()
    replies = serve(lines)  # serve() asserts ASCII, so UTF-8, output
    assert replies[0]["id"] == 4 and replies[0]["error"]["code"] == "bad_request"
    assert "lone surrogate" in replies[0]["error"]["message"]
    assert replies[1]["error"]["code"] == "no_hand"


def test_s2_names_outside_ascii_travel_escaped_and_come_back_equal() -> None:
    seats = [{"seat": 1, "name": "Zoë ♠ 🂡", "stack": "10"}, SEATS[1]]
    replies = serve((json.dumps(new_hand(1, seats=seats), ensure_ascii=False) + "\n").encode())
    assert replies[0]["state"]["seats"][0]["name"] == "Zoë ♠ 🂡"


@pytest.mark.parametrize(
    "ruleset",
    [
        "../../../../etc/passwd",
        "/etc/passwd",
        "rulesets/razz.yaml",
        "{tmp}/secret.yaml",
        "{tmp}/fifo",
        "../secret.yaml",
        "nul\u0000byte",
    ],
)
def test_s3_without_allow_files_no_file_is_read(tmp_path: Path, ruleset: str) -> None:
    (tmp_path / "secret.yaml").write_text(f"{SECRET}: 1\n")
    os.mkfifo(tmp_path / "fifo")
    handler = ReferenceHandler()
    answer = handler.handle(new_hand(1, ruleset.format(tmp=tmp_path)))
    assert answer["error"]["code"] == "bad_request"
    assert "reads no files" in answer["error"]["message"]
    assert SECRET not in json.dumps(answer) and "root:" not in json.dumps(answer)


def allowed_folder(tmp_path: Path) -> Path:
    allowed = tmp_path / "allowed"
    (allowed / "sub").mkdir(parents=True)
    (tmp_path / "secret.yaml").write_text(f"title: {SECRET}\n")
    (allowed / "bad.yaml").write_text(f"{SECRET}: [1, 2]\ntitle: {SECRET}\n")
    (allowed / "sub" / "house.yaml").write_text("extends: razz\ntitle: House razz\n")
    (allowed / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    (allowed / "inside-link.yaml").symlink_to(allowed / "sub" / "house.yaml")
    os.mkfifo(allowed / "fifo.yaml")
    (allowed / "folder.yaml").mkdir()
    (allowed / "up.yaml").write_text("extends: ../secret.yaml\ntitle: Up\n")
    (allowed / "abs.yaml").write_text(f"extends: {tmp_path / 'secret.yaml'}\n")
    (allowed / "to-fifo.yaml").write_text("extends: fifo.yaml\n")
    (allowed / "sub" / "child.yaml").write_text("extends: house\ntitle: Child\n")
    (allowed / "huge.yaml").write_text("extends: razz\nstakes: {ante: '1000000000000000000000'}\n")
    return allowed


@pytest.mark.parametrize(
    ("ruleset", "message"),
    [
        ("../secret.yaml", "outside the folder"),
        ("{tmp}/secret.yaml", "outside the folder"),
        ("sub/../../secret.yaml", "outside the folder"),
        ("link.yaml", "outside the folder"),
        ("fifo.yaml", "not a regular file"),
        ("folder.yaml", "not a regular file"),
        ("missing.yaml", "no readable ruleset file"),
        ("bad.yaml", "not a valid ruleset (line"),
        ("up.yaml", "'up.yaml' (through extends) is outside the folder"),
        ("abs.yaml", "(through extends) is outside the folder"),
        ("to-fifo.yaml", "(through extends) is not a regular file"),
        ("huge.yaml", "amount"),  # refused by the loader's bound or by serve's
    ],
)
def test_s3_allowed_files_stay_inside_the_folder(
    tmp_path: Path, ruleset: str, message: str
) -> None:
    handler = ReferenceHandler(allow_files=allowed_folder(tmp_path))
    answer = handler.handle(new_hand(1, ruleset.format(tmp=tmp_path)))
    assert answer["error"]["code"] == "bad_request"
    assert message in answer["error"]["message"]
    assert SECRET not in json.dumps(answer)


@pytest.mark.parametrize(
    "ruleset", ["sub/house.yaml", "inside-link.yaml", "razz", "sub/child.yaml"]
)
def test_s3_allowed_files_and_shipped_names_load(tmp_path: Path, ruleset: str) -> None:
    handler = ReferenceHandler(allow_files=allowed_folder(tmp_path))
    answer = handler.handle(new_hand(1, ruleset))
    assert answer["ok"] is True, answer


def test_s3_a_fifo_does_not_hang_serve_started_with_allow_files(tmp_path: Path) -> None:
    allowed = allowed_folder(tmp_path)
    lines = (json.dumps(new_hand(1, "fifo.yaml")) + "\n").encode()
    replies = serve(lines, "--allow-files", str(allowed))
    assert "not a regular file" in replies[0]["error"]["message"]


def test_s3_an_inline_document_cannot_extend_a_file() -> None:
    document = {"extends": "/etc/passwd", "streets": [], "stakes": {}, "pot": {}}
    answer = ReferenceHandler().handle(new_hand(1, document))
    assert answer["error"]["code"] == "bad_request"
    assert "root:" not in answer["error"]["message"]


@pytest.mark.parametrize(
    "bad",
    [
        new_hand(2, seats=[SEATS[0], dict(SEATS[1], seat=1)]),  # duplicate seats
        new_hand(2, seats=[SEATS[0], dict(SEATS[1], stack="0")]),  # zero stack
        new_hand(2, deck=["As", "As"]),  # a card twice
        new_hand(2, ruleset="no-such-game"),
        new_hand(2, ruleset={"streets": [], "stakes": {}, "pot": {}}),
        new_hand(2, seats=[dict(SEATS[0], stack="1" * 30), SEATS[1]]),
        {"id": 2, "op": "next_hand", "deck": []},  # the hand is not over
        {"id": 2, "op": "act", "seat": 1, "action": "fold"},  # not seat 1's turn
        {"id": 2, "op": "act", "seat": 2, "action": "complete", "amount": "1" * 40},
        {"id": 2, "op": "evaluate", "ranking": "high", "hands": [["As", "As", "Kd", "Qd", "Jd"]]},
    ],
)
def test_s4_a_refused_request_changes_nothing(bad: dict) -> None:
    handler = ReferenceHandler()
    before = handler.handle(new_hand(1))
    assert before["ok"] is True
    answer = handler.handle(bad)
    assert answer["ok"] is False and answer["id"] == 2
    assert handler.handle({"id": 3, "op": "state"})["state"] == before["state"]


def test_s4_an_internal_failure_inside_an_action_restores_the_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from stud.engine.betting import BettingRound

    handler = ReferenceHandler()
    before = handler.handle(new_hand(1))["state"]
    original = BettingRound.play

    def half_then_fail(self: BettingRound, *args: Any) -> None:
        original(self, *args)
        raise RuntimeError("boom")

    monkeypatch.setattr(BettingRound, "play", half_then_fail)
    answer = handler.handle({"id": 2, "op": "act", "seat": 2, "action": "bring_in"})
    assert answer["error"]["code"] == "internal"
    monkeypatch.setattr(BettingRound, "play", original)
    assert handler.handle({"id": 3, "op": "state"})["state"] == before
    assert handler.handle({"id": 4, "op": "act", "seat": 2, "action": "bring_in"})["ok"]


@pytest.mark.parametrize(
    ("stack", "ok"),
    [
        ("1" * 28, False),
        ("9" * 27, False),
        ("1" * 16, False),
        ("0.0000001", False),
        ("9" * 15, True),
        ("000000000000000000000000001", True),  # leading zeros do not count
    ],
)
def test_s5_amounts_are_bounded_never_internal(stack: str, ok: bool) -> None:
    handler = ReferenceHandler()
    answer = handler.handle(new_hand(1, seats=[dict(SEATS[0], stack=stack), SEATS[1]]))
    if ok:
        assert answer["ok"] is True
    else:
        assert answer["error"]["code"] == "bad_request"
        assert "amount out of range" in answer["error"]["message"]


def test_s5_the_largest_stacks_play_an_exact_hand() -> None:
    from decimal import Decimal

    big = "999999999999999.99"
    seats = [dict(s, stack=big) for s in SEATS]
    handler = ReferenceHandler()
    state = handler.handle(new_hand(1, "pot-limit-stud", seats=seats))["state"]
    rid = 2
    while state["to_act"] is not None:
        options = [o for o in state["legal"] if o["action"] != "fold"]
        option = options[-1]  # the biggest bet or raise on offer
        amount = option.get("max") or option.get("amount")
        request = {"id": rid, "op": "act", "seat": state["to_act"], "action": option["action"]}
        answer = handler.handle(request | ({"amount": amount} if amount else {}))
        assert answer["ok"] is True, answer
        state, rid = answer["state"], rid + 1
    assert Decimal(state["pot"]) == 0 or state["result"] is not None
    stacks = sum(Decimal(s["stack"]) for s in state["seats"])
    assert stacks == 2 * Decimal(big)  # exact: no chip rounded away


@pytest.mark.parametrize(
    ("text", "echo"),
    [("1.0", "1.0"), ("1e2", "1e2"), ("7", "7"), ("10.00", "10.00"), ("0", "0")],
)
def test_s6_an_accepted_id_is_echoed_exactly_as_written(text: str, echo: str) -> None:
    line = ReferenceHandler().handle_line(f'{{"id": {text}, "op": "state"}}')
    assert line.startswith(f'{{"id":{echo},')


@pytest.mark.parametrize("text", ["1.5", "-1", "true", '"1"', "1e400", "null"])
def test_s6_other_ids_are_refused_with_a_null_id(text: str) -> None:
    answer = reply(ReferenceHandler(), f'{{"id": {text}, "op": "state"}}')
    assert answer["id"] is None and answer["error"]["code"] == "bad_request"

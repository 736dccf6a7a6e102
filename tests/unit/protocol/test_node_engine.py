"""examples/node-engine: a starter stud engine in Node.js that passes what it declares.

Skipped where ``node`` is not installed, unless ``STUD_REQUIRE_NODE`` is set (as in CI).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from stud.protocol.client import SubprocessEngine
from stud.protocol.schemas import problems
from stud.rules import load_ruleset
from stud.spec.engine import EngineRefusal

ROOT = Path(__file__).resolve().parents[3]
ENGINE = ROOT / "examples" / "node-engine" / "engine.js"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None and os.environ.get("STUD_REQUIRE_NODE"):
    pytest.fail("node is not installed but STUD_REQUIRE_NODE is set", pytrace=False)
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
SEATS = [
    {"seat": 2, "name": "Ann", "stack": "10"},
    {"seat": 5, "name": "Bob", "stack": "10"},
    {"seat": 7, "name": "Carol", "stack": "10"},
]


def command() -> list[str]:
    assert NODE is not None
    return [NODE, str(ENGINE)]


def test_stud_verify_passes_every_scenario_the_engine_plays(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "stud", "verify", "-q", "--engine", shlex.join(command())]
        + ["--report", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    results = [json.loads(line) for line in (tmp_path / "results.jsonl").open(encoding="utf-8")]
    statuses = [r["status"] for r in results]
    assert "failed" not in statuses, [
        r["id"] + ": " + r["message"] for r in results if r["status"] == "failed"
    ]
    assert statuses.count("passed") >= 60, done.stdout[-2000:]
    assert done.returncode == 0, done.stdout[-2000:]
    # what it does not play, it says so: never a silent wrong answer
    played = [r for r in results if r["status"] == "passed"]
    assert {r["variant"] for r in played} >= {"seven-card-stud"}


def test_the_engine_declares_its_profile_and_refuses_other_rules_by_value() -> None:
    with SubprocessEngine(command(), timeout=5.0) as engine:
        hello = engine.hello()
        assert engine.info.raw["profile"] == {
            "dealing.reuse_burns": False,
            "dealing.community_card": False,
            "seats.max": 6,
        }
        assert "evaluate" in hello["features"] and "table" not in hello["features"]
        razz = dict(load_ruleset("razz").document)
        with pytest.raises(EngineRefusal) as refused:
            engine.new_hand(razz, SEATS, 5, [])
        assert refused.value.code == "unsupported"
        assert "board.ranking" in refused.value.message


def test_an_unsupported_refusal_lists_the_values_it_plays_instead() -> None:
    razz = dict(load_ruleset("razz").document)
    request = {"id": 1, "op": "new_hand", "ruleset": razz, "seats": SEATS, "dealer": 5, "deck": []}
    done = subprocess.run(
        command(), input=json.dumps(request) + "\n", capture_output=True, text=True, timeout=30
    )
    reply = json.loads(done.stdout)
    assert problems("error.json", reply) == []
    values = {v["path"]: (v["wanted"], v["plays"]) for v in reply["error"]["values"]}
    assert values["board.ranking"] == ("ace-to-five", "high")


def test_an_illegal_action_is_refused_with_the_options_and_changes_nothing() -> None:
    stud = dict(load_ruleset("seven-card-stud").document)
    deck = ["As", "Kd", "Qs", "Qd", "7s", "7d", "9c", "2h", "Jc"]  # Carol, Ann, Bob from Bob's left
    with SubprocessEngine(command(), timeout=5.0) as engine:
        state = engine.new_hand(stud, SEATS, 5, deck)
        assert [s["up"] for s in state["seats"]] == [["2h"], ["Jc"], ["9c"]]
        assert state["to_act"] == 2 and state["pot"] in ("0.15", "0.150")
        assert {e["action"] for e in state["legal"]} == {"bring_in", "complete"}
        with pytest.raises(EngineRefusal) as refused:
            engine.act(7, "call")
        assert refused.value.code == "illegal_action"
        assert engine.state() == state
        after = engine.act(2, "bring_in")
        assert after["to_act"] == 5
        assert {e["action"] for e in after["legal"]} == {"fold", "call", "complete"}


def _talk(*requests: dict | str) -> list[dict]:
    lines = [r if isinstance(r, str) else json.dumps(r) for r in requests]
    done = subprocess.run(
        command(), input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=30
    )
    assert done.stderr == "" and done.stdout.isascii()
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_bad_fields_are_refused_and_a_refusal_keeps_the_hand() -> None:
    """Issue 24, row 12: a card twice, a seat twice, a bad stack, an unknown action: each is
    bad_request (never ok, never internal), and the hand dealt before stays as it was."""
    stud = dict(load_ruleset("seven-card-stud").document)
    good = {"id": 1, "op": "new_hand", "ruleset": stud, "seats": SEATS, "dealer": 5, "deck": []}
    bad = [
        dict(good, deck=["As", "Kd", "As"]),
        dict(good, seats=[SEATS[0], dict(SEATS[1], seat=2)]),
        dict(good, seats=[SEATS[0], dict(SEATS[1], stack="-1")]),
        dict(good, seats=[SEATS[0], dict(SEATS[1], stack=10)]),
        dict(good, seats=[SEATS[0], dict(SEATS[1], name="x" * 101)]),
        dict(good, dealer="5"),
        dict(good, ruleset=dict(stud, streets="third")),
        dict(good, ruleset=dict(stud, stakes=dict(stud["stakes"], small_bet="0"))),
        {"id": 1, "op": "act", "seat": 2, "action": "constructor"},
        {"id": 1, "op": "act", "seat": "2", "action": "bring_in"},
        {"id": 1, "op": "act", "seat": 2, "action": "bring_in", "amount": 0.1},
    ]
    replies = _talk(good, {"id": 2, "op": "state"}, *bad, {"id": 3, "op": "state"})
    assert replies[0]["ok"] and replies[1] == dict(replies[-1], id=2)
    for request, reply in zip(bad, replies[2:-1], strict=True):
        assert reply["ok"] is False and reply["error"]["code"] == "bad_request", (request, reply)


def test_replies_are_ascii_and_a_long_line_is_refused_and_dropped() -> None:
    seats = [dict(SEATS[0], name="Ann ♠ 🂡"), *SEATS[1:]]
    stud = dict(load_ruleset("seven-card-stud").document)
    request = {"id": 1, "op": "new_hand", "ruleset": stud, "seats": seats, "dealer": 5, "deck": []}
    first, long, last = _talk(request, "x" * (1024 * 1024 + 1), '{"id": 4, "op": "state"}')
    assert first["ok"] and first["state"]["seats"][0]["name"] == "Ann ♠ 🂡"
    assert long == {
        "id": None,
        "ok": False,
        "error": {"code": "bad_request", "message": "a request line longer than 1048576 bytes"},
    }
    assert last["id"] == 4 and last["ok"]


def test_a_value_missing_from_the_document_is_refused_with_a_valid_error() -> None:
    stud = dict(load_ruleset("seven-card-stud").document)
    streets = [{k: v for k, v in row.items() if k != "opener"} for row in stud["streets"]]
    request = {"id": 1, "op": "new_hand", "ruleset": dict(stud, streets=streets)}
    (reply,) = _talk(dict(request, seats=SEATS, dealer=5, deck=[]))
    assert reply["error"]["code"] == "unsupported" and problems("error.json", reply) == []
    assert {"path": "streets.third.opener", "wanted": None, "plays": "best-board"} in (
        reply["error"]["values"]
    )


def test_a_line_of_unicode_spaces_is_answered_not_taken_as_blank() -> None:
    """Only ASCII spaces make a blank line (as for stud serve): a NBSP, alone or in UTF-8,
    is a request to refuse, not one to drop without a reply."""
    lines = b"\xa0\n\xc2\xa0\n\xe2\x80\xa8\n \t\r\n" + b'{"id": 7, "op": "state"}\n'
    done = subprocess.run(command(), input=lines, capture_output=True, timeout=30)
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["error"]["code"] for r in replies] == ["bad_request"] * 3 + ["no_hand"]
    assert replies[-1]["id"] == 7

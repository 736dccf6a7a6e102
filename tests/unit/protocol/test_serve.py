"""`stud serve` over a real subprocess gives exactly what the in-process engine gives."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from stud.paths import FEATURES
from stud.protocol.client import SubprocessEngine
from stud.protocol.server import ReferenceHandler
from stud.rules import load_ruleset
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.features import collect
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import run

SERVE = [sys.executable, "-m", "stud.protocol.server"]
SEATS = [
    {"seat": 1, "name": "Ann", "stack": "3"},
    {"seat": 2, "name": "Bob", "stack": "10"},
    {"seat": 4, "name": "Cat", "stack": "10"},
]
DECK = "Ah Kd 9c Qh Qs Td 2c 7d 5h 3s 8c Jh 4d 9s 6h Kc 5s 2d 7c Tc Ac 8h 6s 4c".split()


def play(engine: Engine, ruleset: str, choose: int) -> list[dict]:
    """A whole hand: at each turn take legal option number ``choose`` (modulo), the
    largest amount of a range; also one deliberately illegal action."""
    document = dict(load_ruleset(ruleset).document)
    states = [engine.new_hand(document, SEATS, 4, DECK)]
    with pytest.raises(EngineRefusal) as refused:
        engine.act(states[-1]["to_act"], "check")
    assert refused.value.code == "illegal_action"
    assert engine.state() == states[-1]
    turn = 0
    while states[-1]["to_act"] is not None:
        state = states[-1]
        option = state["legal"][(turn * choose) % len(state["legal"])]
        amount = option.get("amount") or option.get("max")
        states.append(engine.act(state["to_act"], option["action"], amount))
        turn += 1
    assert states[-1]["result"] is not None
    return states


@pytest.mark.parametrize(
    ("ruleset", "choose"),
    [("seven-card-stud", 1), ("stud-hi-lo", 2), ("razz", 3), ("pot-limit-stud", 1)],
)
def test_serve_round_trips_whole_hands(ruleset: str, choose: int) -> None:
    with SubprocessEngine(SERVE, timeout=10) as served:
        over_the_wire = play(served, ruleset, choose)
        assert served.hello()["engine"]["name"] == "stud"
    in_process = play(InProcessEngine(), ruleset, choose)
    assert over_the_wire == in_process
    assert len(in_process) > 3


def test_serve_evaluates_like_the_in_process_engine() -> None:
    hands = [
        ["As", "Ks", "Qs", "Js", "Ts", "2c", "2d"],
        ["Ah", "Ad", "Kc", "Kh", "2s"],
        ["Ac", "Ad", "Kd", "Ks", "2h"],
    ]
    with SubprocessEngine(SERVE, timeout=10) as served:
        assert served.evaluate("high", hands) == InProcessEngine().evaluate("high", hands)
        assert [r["rank"] for r in served.evaluate("high", hands)] == [1, 2, 2]


def test_verify_through_serve_equals_in_process() -> None:
    scenarios = collect(FEATURES, None)
    with SubprocessEngine(SERVE, timeout=10) as served:
        wire = [(r.id, r.status) for r in run(scenarios, served)]
    local = [(r.id, r.status) for r in run(scenarios, InProcessEngine())]
    assert wire == local


def test_the_handler_never_raises_on_bad_requests() -> None:
    handler = ReferenceHandler()
    for bad in (
        "[]",
        "{}",
        '{"id": 1}',
        '{"id": -1, "op": "state"}',
        '{"id": 1, "op": "act"}',
        '{"id": 2, "op": "new_hand", "ruleset": "no-such-game", "seats": [], '
        '"dealer": 1, "deck": []}',
        "\u00e9",
        '{"id": true, "op": "hello"}',
    ):
        reply = json.loads(handler.handle_line(bad))
        assert reply["ok"] is False
        assert reply["error"]["code"] == "bad_request", reply
    new_hand = {
        "id": 3,
        "op": "new_hand",
        "ruleset": "no-such-game",
        "dealer": 1,
        "deck": [],
        "seats": [{"seat": 1, "name": "A", "stack": "1"}, {"seat": 2, "name": "B", "stack": "1"}],
    }
    reply = handler.handle(new_hand)
    assert reply["error"]["code"] == "bad_request" and "no-such-game" in reply["error"]["message"]
    assert handler.handle({"id": 4, "op": "bye"}) == {"id": 4, "ok": True}
    assert handler.finished


def test_stud_serve_answers_until_bye_and_logs(tmp_path: Path) -> None:
    log = tmp_path / "log.txt"
    script = (
        f"import sys; from stud.cli import main; sys.exit(main(['serve', '--log', {str(log)!r}]))"
    )
    lines = (
        '{"id": 1, "op": "hello"}\nnonsense\n\n{"id": 2, "op": "bye"}\n{"id": 3, "op": "hello"}\n'
    )
    done = subprocess.run(
        [sys.executable, "-c", script], input=lines, capture_output=True, text=True, timeout=30
    )
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == [1, None, 2]
    assert done.returncode == 0 and done.stderr == ""
    logged = log.read_text().splitlines()
    assert logged[0] == '> {"id": 1, "op": "hello"}' and logged[-1] == '< {"id":2,"ok":true}'

"""The session and command layers over a mock transport (no processes)."""

from __future__ import annotations

import json

import pytest
from stud.errors import EngineError, ProtocolError
from stud.protocol import commands
from stud.protocol.client import SubprocessEngine
from stud.protocol.schemas import problems, request_problems
from stud.protocol.session import IllegalActionRefusal, Session, StreamError
from stud.protocol.transport import LoopbackTransport
from stud.spec.engine import EngineRefusal

HELLO = {"protocol": 1, "engine": {"name": "m", "version": "0"}, "rulesets": ["*"], "features": []}


def echo(**fields: object):
    def respond(line: str) -> str:
        request = json.loads(line)
        return json.dumps({"id": request["id"], **fields})

    return respond


def test_requests_carry_increasing_ids_and_leave_out_none_fields() -> None:
    transport = LoopbackTransport(echo(ok=True, **HELLO))
    session = Session(transport)
    info = commands.hello(session)
    assert info.name == "m" and info.plays("anything")
    with pytest.raises(ProtocolError):  # a hello reply is not an act reply
        commands.act(session, 1, "fold")
    sent = [json.loads(line) for line in transport.sent]
    assert sent == [
        {"id": 1, "op": "hello", "protocol": 1},
        {"id": 2, "op": "act", "seat": 1, "action": "fold"},
    ]
    assert all(request_problems(message) == [] for message in sent)


def test_amounts_go_out_as_decimal_strings() -> None:
    transport = LoopbackTransport(lambda line: None)
    session = Session(transport)
    with pytest.raises(EngineError, match="no reply"):
        commands.act(session, 2, "raise", 1)
    assert json.loads(transport.sent[0])["amount"] == "1"


def test_an_illegal_action_refusal_carries_the_legal_alternatives() -> None:
    legal = [{"action": "fold"}, {"action": "call", "amount": "0.10"}]
    error = {"code": "illegal_action", "message": "cannot check a bring-in", "legal": legal}
    session = Session(LoopbackTransport(echo(ok=False, error=error)))
    with pytest.raises(IllegalActionRefusal) as refused:
        commands.act(session, 1, "check")
    assert refused.value.code == "illegal_action"
    assert refused.value.legal == legal
    assert "cannot check a bring-in" in str(refused.value)


def test_an_unknown_error_code_breaks_the_schema() -> None:
    error = {"code": "oops", "message": "?"}
    session = Session(LoopbackTransport(echo(ok=False, error=error)))
    with pytest.raises(ProtocolError, match="error.json"):
        commands.state(session)
    relaxed = Session(LoopbackTransport(echo(ok=False, error=error)), validate=False)
    with pytest.raises(EngineRefusal, match="oops"):
        commands.state(relaxed)


@pytest.mark.parametrize(
    ("reply", "expected"),
    [
        ("[1, 2]", "not a JSON object"),
        ('{"ok": true}', "has id None, expected 1"),
        ("{", "not JSON"),
    ],
)
def test_unmatched_replies_are_stream_errors(reply: str, expected: str) -> None:
    session = Session(LoopbackTransport(lambda line: reply))
    with pytest.raises(StreamError, match=expected):
        commands.state(session)


def test_evaluate_must_rank_every_hand() -> None:
    results = [{"best": ["As", "Ks", "Qs", "Js", "Ts"], "name": "royal flush", "rank": 1}]
    session = Session(LoopbackTransport(echo(ok=True, results=results)))
    hand = ["As", "Ks", "Qs", "Js", "Ts"]
    assert commands.evaluate(session, "high", [hand]) == results
    with pytest.raises(ProtocolError, match="sent 2 hands"):
        commands.evaluate(session, "high", [hand, hand])


def test_a_mock_transport_can_stand_in_for_the_process() -> None:
    def respond(line: str) -> str:
        request = json.loads(line)
        if request["op"] == "hello":
            return json.dumps({"id": request["id"], "ok": True, **HELLO})
        raise EngineError("simulated crash")

    client = SubprocessEngine(
        "unused", restarts=1, transport_factory=lambda: LoopbackTransport(respond)
    )
    assert client.hello()["engine"]["name"] == "m"
    with pytest.raises(EngineError, match="simulated crash"):
        client.new_hand({}, [], 1, [])
    with pytest.raises(EngineError, match="simulated crash"):
        client.new_hand({}, [], 1, [])
    assert client.starts == 2


def test_the_state_schema_accepts_a_complete_state() -> None:
    state = {
        "street": "seventh",
        "phase": "complete",
        "to_act": None,
        "legal": [],
        "pot": "0",
        "pots": [{"amount": "2.40", "eligible": [1, 3]}],
        "dealer": 3,
        "seats": [
            {
                "seat": 1,
                "name": "Ann",
                "stack": "11.20",
                "bet": "0",
                "folded": False,
                "all_in": False,
                "down": ["As", "Ad", "Jk"],
                "up": ["2c", "3c", "4c", "5c"],
            }
        ],
        "community": [],
        "result": {
            "awards": [{"seat": 1, "amount": "2.40", "pot": 0, "share": "high"}],
            "hands": [{"seat": 1, "share": "high", "name": "a pair", "cards": ["As", "Ad"]}],
            "showdown": True,
        },
    }
    assert problems("state.json", state) == []
    state["seats"][0]["down"] = ["1s"]
    assert problems("state.json", state) == [
        "$.seats[0].down[0]: '1s' does not match '^([2-9TJQKA][cdhs]|Jk)$'"
    ]


def test_an_engine_without_a_usable_hello_is_stopped_and_retried_boundedly() -> None:
    transports: list[LoopbackTransport] = []

    def start() -> LoopbackTransport:
        transports.append(
            LoopbackTransport(echo(ok=True, protocol=2, engine={}, rulesets=[], features=[]))
        )
        return transports[-1]

    client = SubprocessEngine("unused", restarts=1, transport_factory=start)
    for _ in range(2):
        with pytest.raises(ProtocolError, match=r"hello.reply.json: .*\$.protocol: 1 was expected"):
            client.hello()
        assert not transports[-1].alive  # the process was stopped
    with pytest.raises(EngineError, match="not restarted again; last failure: bad hello"):
        client.hello()
    assert len(transports) == 2

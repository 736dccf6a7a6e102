"""SubprocessEngine against misbehaving programs: each failure is reported readably, the
engine is restarted for the next hand, and the whole file runs in a few seconds."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from stud.errors import EngineError, ProtocolError
from stud.protocol.client import SubprocessEngine
from stud.protocol.session import StreamError
from stud.protocol.transport import EngineExited, EngineTimeout
from stud.spec.engine import EngineRefusal
from stud.spec.inprocess import InProcessEngine

FAKES = Path(__file__).resolve().parents[2] / "fake_engines"
SEATS = [{"seat": 1, "name": "Ann", "stack": "10"}, {"seat": 2, "name": "Bob", "stack": "10"}]


def engine(script: str, **kwargs: float) -> SubprocessEngine:
    options = {"timeout": 0.5, "startup_timeout": 5.0, **kwargs}
    return SubprocessEngine(
        [sys.executable, str(FAKES / script)],
        timeout=options["timeout"],
        restarts=int(options.get("restarts", 3)),
        startup_timeout=options["startup_timeout"],
    )


def play_good_hand(client: SubprocessEngine) -> dict:
    state = client.new_hand({"streets": [], "stakes": {}, "pot": {}}, SEATS, 1, [])
    assert state["to_act"] == 1
    state = client.act(1, "call")
    return client.act(2, "check")


def test_a_well_behaved_fake_plays_and_refuses_politely() -> None:
    with engine("toy.py") as client:
        assert client.hello()["engine"] == {"name": "toy", "version": "1"}
        state = client.new_hand({"streets": [], "stakes": {}, "pot": {}}, SEATS, 1, [])
        with pytest.raises(EngineRefusal) as refused:
            client.act(2, "call")
        assert refused.value.code == "illegal_action"
        assert client.state() == state  # a refusal leaves the engine and the hand alone
        assert client.act(1, "call")["to_act"] == 2
        assert client.starts == 1


def test_an_engine_that_exits_at_start_fails_readably_then_gives_up() -> None:
    client = engine("exits_at_start.py", restarts=2)
    started = time.monotonic()
    for _ in range(3):
        with pytest.raises(EngineExited) as failed:
            client.hello()
        message = str(failed.value)
        assert "exited with code 3" in message
        assert "cannot load my tables" in message  # the stderr tail is quoted
    with pytest.raises(EngineError, match="failed 3 times in a row"):
        client.new_hand({}, SEATS, 1, [])
    assert client.starts == 3
    assert time.monotonic() - started < 10


def test_a_crash_mid_hand_fails_that_hand_and_the_next_hand_runs() -> None:
    with engine("crashes_mid_hand.py") as client:
        client.new_hand({}, SEATS, 1, [])
        with pytest.raises(EngineExited) as crashed:
            client.act(1, "raise", "1")
        assert "exited with code 1" in str(crashed.value)
        assert "raise is not implemented" in str(crashed.value)
        with pytest.raises(EngineError, match="hand was lost"):
            client.act(1, "call")
        assert play_good_hand(client)["phase"] == "complete"
        assert client.starts == 2


def test_a_hang_times_out_and_the_engine_is_replaced() -> None:
    with engine("hangs.py", timeout=0.5) as client:
        client.new_hand({}, SEATS, 1, [])
        started = time.monotonic()
        with pytest.raises(EngineTimeout) as hung:
            client.act(1, "raise", "1")
        assert time.monotonic() - started < 3
        assert "no reply within 0.5 s" in str(hung.value)
        assert "thinking about the raise" in str(hung.value)
        first = client._session
        assert first is None  # the hung process was stopped
        assert play_good_hand(client)["result"]["awards"][0]["seat"] == 1
        assert client.starts == 2


def test_garbage_output_is_quoted_and_the_engine_restarted() -> None:
    with engine("garbage.py") as client:
        client.new_hand({}, SEATS, 1, [])
        with pytest.raises(StreamError, match="not JSON: 'DEBUG raise received, pot is 12'"):
            client.act(1, "raise", "1")
        assert play_good_hand(client)["phase"] == "complete"
        assert client.starts == 2


def test_a_wrong_id_is_a_protocol_error() -> None:
    with engine("wrong_id.py") as client:
        client.new_hand({}, SEATS, 1, [])
        with pytest.raises(ProtocolError, match=r"has id 2, expected 3"):
            client.act(1, "raise", "1")
        assert play_good_hand(client)["phase"] == "complete"


def test_a_schema_invalid_state_names_the_violation_and_the_line() -> None:
    with engine("bad_state.py") as client:
        client.new_hand({}, SEATS, 1, [])
        with pytest.raises(ProtocolError) as broken:
            client.act(1, "raise", "1")
        message = str(broken.value)
        assert "act.reply.json" in message
        assert "$.state.pot: 1.5 is not of type 'string'" in message
        assert '"pot": 1.5' in message  # the offending line is quoted
        # the stream is still in step: the same process goes on with the hand
        assert client.act(1, "call")["to_act"] == 2
        assert client.starts == 1


def test_a_missing_program_is_an_engine_error() -> None:
    client = SubprocessEngine("/nonexistent/engine --flag", timeout=0.5, restarts=0)
    with pytest.raises(EngineError, match="cannot start engine"):
        client.hello()
    with pytest.raises(EngineError, match="not restarted"):
        client.hello()


@pytest.mark.parametrize("mode", ["crash", "hang", "garbage"])
def test_a_spec_run_survives_an_engine_failing_on_one_action(mode: str) -> None:
    """Scenarios that raise fail with the reason; every other scenario still passes."""
    from stud.paths import FEATURES
    from stud.spec.features import collect
    from stud.spec.runner import run

    scenarios = collect(FEATURES, "CAP-02 or LIMIT-02")
    assert len(scenarios) > 3
    reference = {r.id: r.status for r in run(scenarios, InProcessEngine())}
    command = [sys.executable, str(FAKES / "flaky_reference.py"), mode, "raise"]
    started = time.monotonic()
    with SubprocessEngine(command, timeout=0.5, startup_timeout=10) as client:
        results = list(run(scenarios, client))
        starts = client.starts
    assert time.monotonic() - started < 60  # bounded by the timeouts, even on a busy machine
    broken = [r for r in results if r.status != reference[r.id]]
    assert broken, "some scenarios raise"
    expected = {
        "crash": "exited with code 7",
        "hang": "no reply within 0.5 s",
        "garbage": "not JSON: 'about to raise'",
    }[mode]
    for r in broken:
        assert r.status == "failed" and expected in r.message, r.message
        if mode == "crash":
            assert "cannot raise" in r.message  # the stderr tail
    untouched = [r for r in results if r not in broken]
    assert all(r.status == reference[r.id] for r in untouched)
    assert any(r.status == "passed" for r in untouched)
    restarts = len(broken) - (results[-1] in broken)
    assert starts == 1 + restarts  # one restart after each failure, at the next scenario

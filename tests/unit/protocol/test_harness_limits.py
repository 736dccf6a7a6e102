"""The harness's own bounds (issue 13), over mock transports: restarts, time limits, a
close that never raises, and reports written when a run is cut short."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import pytest
from stud.errors import EngineError, ProtocolError
from stud.protocol.client import SubprocessEngine
from stud.protocol.session import Session
from stud.protocol.transport import EngineExited, LoopbackTransport, printable
from stud.spec.engine import EngineRefusal

SEATS = [{"seat": 1, "name": "Ann", "stack": "10"}, {"seat": 2, "name": "Bob", "stack": "10"}]
HELLO = {"protocol": 1, "engine": {"name": "m", "version": "0"}, "rulesets": ["*"]}


def greets_then_dies(features: list[str] | None = None) -> LoopbackTransport:
    """Answers hello well, then exits at new_hand."""

    def respond(line: str) -> str:
        request = json.loads(line)
        if request["op"] == "new_hand":
            raise EngineExited("the engine closed its output: it exited with code 9")
        return json.dumps({"id": request["id"], "ok": True, "features": features or [], **HELLO})

    return LoopbackTransport(respond)


def test_a_good_hello_does_not_reset_the_failures_in_a_row() -> None:
    starts: list[LoopbackTransport] = []
    client = SubprocessEngine(
        "unused",
        restarts=2,
        transport_factory=lambda: starts.append(greets_then_dies()) or starts[-1],
    )
    for _ in range(3):
        with pytest.raises(EngineExited):
            client.new_hand({}, SEATS, 1, [])
    with pytest.raises(EngineError, match="failed 3 times in a row"):
        client.new_hand({}, SEATS, 1, [])
    assert len(starts) == 3


def test_the_restart_budget_counts_every_restart() -> None:
    """Failures in a row are forgiven after progress; restarts in all are not."""
    starts: list[LoopbackTransport] = []

    def start() -> LoopbackTransport:
        def respond(line: str) -> str | None:
            request = json.loads(line)
            if request["op"] == "act":
                raise EngineExited("crashed on act")
            if request["op"] == "new_hand":
                return json.dumps(
                    {
                        "id": request["id"],
                        "ok": False,
                        "error": {"code": "bad_request", "message": "no"},
                    }
                )
            return json.dumps({"id": request["id"], "ok": True, "features": [], **HELLO})

        starts.append(LoopbackTransport(respond))
        return starts[-1]

    client = SubprocessEngine("unused", restarts=1, restart_budget=3, transport_factory=start)
    for _ in range(4):
        with pytest.raises(EngineRefusal):  # a good reply: progress
            client.new_hand({}, SEATS, 1, [])
        with pytest.raises(EngineExited):  # then a crash, one failure in a row
            client.act(1, "call")
    with pytest.raises(EngineError, match="restarted 3 times, its whole budget"):
        client.new_hand({}, SEATS, 1, [])
    assert len(starts) == 4


def test_announcing_table_then_refusing_next_hand_is_a_failure() -> None:
    def respond(line: str) -> str:
        request = json.loads(line)
        rid = request["id"]
        if request["op"] == "next_hand":
            error = {"code": "unsupported", "message": "not today"}
            return json.dumps({"id": rid, "ok": False, "error": error})
        if request["op"] == "new_hand":
            return json.dumps({"id": rid, "ok": False, "error": {"code": "x", "message": "y"}})
        return json.dumps({"id": rid, "ok": True, "features": ["table"], **HELLO})

    client = SubprocessEngine("unused", transport_factory=lambda: LoopbackTransport(respond))
    client.hello()
    with pytest.raises(ProtocolError, match="announces the 'table' capability but refused"):
        client.next_hand([])


class Silent(LoopbackTransport):
    """Never answers: each receive waits its whole timeout."""

    def __init__(self) -> None:
        super().__init__(lambda line: None)

    def receive(self, timeout: float) -> str:
        time.sleep(timeout)
        return super().receive(timeout)


def test_a_time_limit_cuts_the_wait_and_names_itself() -> None:
    client = SubprocessEngine("unused", timeout=30.0, transport_factory=Silent)
    client.set_time_limit(0.2, "the scenario time limit (0.2 s)")
    started = time.monotonic()
    with pytest.raises(EngineError, match=r"the scenario time limit \(0.2 s\) ran out"):
        client.hello()
    assert time.monotonic() - started < 5  # not the 30 s reply timeout
    with pytest.raises(EngineError, match="ran out before"):
        client.hello()
    client.set_time_limit(None)


class Unclosable(LoopbackTransport):
    def close(self) -> None:
        raise OSError("the pipe is gone")

    @property
    def alive(self) -> bool:
        return True


def test_close_never_raises() -> None:
    def respond(line: str) -> str:
        request = json.loads(line)
        if request["op"] == "bye":
            raise RecursionError("deep")
        return json.dumps({"id": request["id"], "ok": True, "features": [], **HELLO})

    client = SubprocessEngine("unused", transport_factory=lambda: Unclosable(respond))
    client.hello()
    client.close()  # neither bye's failure nor close's reaches the caller
    client.close()


def test_printable_escapes_what_a_terminal_would_obey() -> None:
    assert printable("a\x1b[2J\x07b\tc\n") == "a\\x1b[2J\\x07b\\x09c\\x0a"  # one line
    assert len(printable("x" * 5000)) == 803


def test_a_deeply_nested_reply_is_not_json_not_a_crash() -> None:
    transport = LoopbackTransport(lambda line: "[" * 200_000 + "]" * 200_000)
    session = Session(transport)
    with pytest.raises(ProtocolError, match="not JSON.*nested too deeply"):
        session.request("state")


def test_reports_are_written_when_a_run_is_cut_short(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from stud.cli import verify
    from stud.paths import FEATURES

    real = verify.execute_all

    def interrupted(*args: Any, **kwargs: Any) -> Any:
        for n, execution in enumerate(real(*args, **kwargs)):
            if n == 2:
                raise KeyboardInterrupt
            yield execution

    monkeypatch.setattr(verify, "execute_all", interrupted)
    args = argparse.Namespace(
        features=FEATURES,
        select="BRING-03 or SHOW-07",
        engine=None,
        timeout=5.0,
        scenario_time=30.0,
        max_time=600.0,
        expect_fail=None,
        report=tmp_path,
        quiet=True,
    )
    import io

    out = io.StringIO()
    assert verify.run_verify(args, out) == 1
    lines = (tmp_path / "results.jsonl").read_text().splitlines()
    assert len(lines) == 8
    statuses = [json.loads(line)["status"] for line in lines]
    assert statuses[:2] == ["passed", "passed"] and set(statuses[2:]) == {"failed"}
    assert "cut short (interrupted)" in lines[-1]
    assert "cut short" in (tmp_path / "compliance.md").read_text()


def test_an_engine_that_reads_nothing_cannot_block_a_request() -> None:
    import sys

    from stud.protocol.transport import EngineTimeout, SubprocessTransport

    transport = SubprocessTransport([sys.executable, "-c", "import time; time.sleep(60)"])
    transport.send_timeout = 0.5
    started = time.monotonic()
    with pytest.raises(EngineTimeout, match="read none of its input for 0.5 s"):
        transport.send("x" * (4 * 1024 * 1024))  # far more than a pipe holds
    assert time.monotonic() - started < 10
    transport.close()
    assert transport.process.poll() is not None  # stopped


def test_an_engine_slow_to_start_is_waited_for_beyond_the_reply_timeout(tmp_path: Path) -> None:
    """A program that takes longer to start than ``--timeout`` allows a reply (a virtual
    machine warming up) still gets its hello read: the start may take 10 s."""
    import subprocess
    import sys

    fakes = Path(__file__).resolve().parents[2] / "fake_engines"
    slow = tmp_path / "slow.py"
    slow.write_text(
        "import runpy, sys, time\n"
        "time.sleep(1.5)\n"
        f"sys.argv = [{str(fakes / 'independent.py')!r}]\n"
        "runpy.run_path(sys.argv[0], run_name='__main__')\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "stud", "verify", "-q", "--timeout", "1"]
    command += ["--engine", f"{sys.executable} {slow}", "-k", "BRING-01"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "did not answer hello" not in done.stdout + done.stderr

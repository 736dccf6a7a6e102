"""`stud verify --engine` against hostile engines (issue 13): each one fails its scenarios
with a readable reason, stud prints no traceback of its own, writes its reports, stays in
bounded memory, leaves no process behind, and the run ends within its --max-time.  An
engine that cannot even answer hello or deal its first hand stops the run at once with one
message and exit status 2 (issue 23); the others fail scenario by scenario (exit 1).

Every fake in tests/fake_engines runs in its own `stud verify` subprocess with small
limits; the runs go side by side to keep the whole set short.  Outcomes are asserted, not
wall-clock times: the subprocess timeout below only keeps a broken harness from hanging CI.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

FAKES = Path(__file__).resolve().parents[2] / "fake_engines"
SELECT = "BRING-03 or SHOW-07"  # 8 scenarios: bring-ins, side pots, uncalled bets, next hands
LIMITS = ["--timeout", "3", "--scenario-time", "4", "--max-time", "20"]
MEMORY_CAP = 2 * 1024**3  # address space of stud verify; the old harness needed 4.7 GB


@dataclass(frozen=True)
class Hostile:
    script: str
    reason: str  # must appear in at least one scenario's message
    select: str = SELECT
    limits: tuple[str, ...] = tuple(LIMITS)
    notes_pid: bool = True  # the fake writes its process id to $STUD_FAKE_PIDS
    startup: bool = True  # it fails before its first hand is dealt: the run stops (exit 2)


HOSTILE = [
    Hostile("huge_line.py", "reply line longer than 4194304 bytes"),
    Hostile("deep_json.py", "nested too deeply to parse"),
    Hostile("stderr_flood.py", "noisenoisenoise"),  # the tail, cut anywhere in a word
    Hostile("forks_child.py", "leaving my child behind"),
    Hostile("escapes_group.py", "my child left the group"),
    Hostile("closes_stdout.py", "closed its output but is still running"),
    Hostile("unended_line.py", "no reply within 3 s"),
    Hostile(
        "slow.py",
        "the scenario time limit (4 s) ran out",
        limits=("--timeout", "10", "--scenario-time", "4", "--max-time", "20"),
        startup=False,
    ),
    Hostile("dies_after_hello.py", "exited with code 9"),
    Hostile("flood_lines.py", "has id None, expected"),
    Hostile("not_utf8.py", "reply line that is not UTF-8"),
    Hostile("terminal_escapes.py", "no \\x1b]0;pwned\\x07", startup=False),
    Hostile("lone_surrogate.py", "lone surrogate (U+DCFF)"),
    Hostile("exits_at_start.py", "cannot load my tables", notes_pid=False),
    Hostile(
        "table_refuses.py",
        "announces the 'table' capability but refused next_hand",
        select="SHOW-07",
        limits=("--timeout", "20", "--scenario-time", "40", "--max-time", "60"),
        startup=False,
    ),
]


@dataclass
class Outcome:
    returncode: int
    output: str
    reports: Path
    pids: list[int]


def limit_memory() -> None:  # pragma: no cover - runs in the child
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def verify(hostile: Hostile, tmp: Path) -> Outcome:
    folder = tmp / hostile.script.removesuffix(".py")
    pids = folder / "pids"
    pids.mkdir(parents=True)
    command = [
        sys.executable,
        "-m",
        "stud.cli",
        "verify",
        "-q",
        "--engine",
        f"{sys.executable} {FAKES / hostile.script}",
        "-k",
        hostile.select,
        *hostile.limits,
        "--report",
        str(folder / "report"),
    ]
    env = dict(os.environ, STUD_FAKE_PIDS=str(pids))
    done = subprocess.run(
        command,
        capture_output=True,
        timeout=300,  # far beyond --max-time: only a hung harness reaches it
        env=env,
        preexec_fn=limit_memory if os.name == "posix" else None,  # noqa: PLW1509
        check=False,
    )
    output = done.stdout.decode("utf-8", "replace") + done.stderr.decode("utf-8", "replace")
    found = [int(p.stem) for p in pids.glob("*.pid")]
    return Outcome(done.returncode, output, folder / "report", found)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    tmp = tmp_path_factory.mktemp("hostile")
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {h.script: pool.submit(verify, h, tmp) for h in HOSTILE}
        return {script: future.result() for script, future in futures.items()}


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting for its parent is not)."""
    status = Path(f"/proc/{pid}/status")
    try:
        state = next(line for line in status.read_text().splitlines() if line.startswith("State"))
    except (OSError, StopIteration):
        return False
    return "zombie" not in state


@pytest.mark.parametrize("hostile", HOSTILE, ids=[h.script for h in HOSTILE])
def test_a_hostile_engine_fails_readably_and_cleanly(
    hostile: Hostile, outcomes: dict[str, Outcome]
) -> None:
    outcome = outcomes[hostile.script]
    assert outcome.returncode == (2 if hostile.startup else 1), outcome.output
    if hostile.startup:  # one message, not one failure per scenario
        stops = [line for line in outcome.output.splitlines() if "nothing else was run" in line]
        assert len(stops) == 1 and hostile.reason in stops[0], outcome.output
    assert not any(line.startswith("Traceback") for line in outcome.output.splitlines())
    assert "cut short" not in outcome.output, outcome.output  # no crash, no MemoryError
    assert "\x1b" not in outcome.output
    results = [
        json.loads(line)
        for line in (outcome.reports / "results.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert results and all(r["status"] == "failed" or r["status"] == "passed" for r in results)
    assert any(r["status"] == "failed" for r in results)
    messages = [r["message"] for r in results]
    assert any(hostile.reason in m for m in messages), messages
    assert all(len(m) < 3000 for m in messages)  # quotes and stderr tails stay short
    for name in ("junit.xml", "compliance.md", "badge.json"):
        text = (outcome.reports / name).read_text(encoding="utf-8")
        assert "\x1b" not in text
    if sys.platform == "linux" and hostile.notes_pid:
        assert outcome.pids, "the fake noted its process id"
        assert not [p for p in outcome.pids if running(p)], "a process of the engine was left"


def test_the_run_is_bounded_by_its_limits(outcomes: dict[str, Outcome]) -> None:
    """A slow engine fills --max-time at most: later scenarios say they were not run or
    failed on a limit, and none waits on the engine for long."""
    results = [
        json.loads(line)
        for line in (outcomes["slow.py"].reports / "results.jsonl").read_text().splitlines()
    ]
    assert len(results) == 8
    assert all(r["status"] == "passed" or "time limit" in r["message"] for r in results)
    assert sum("time limit" in r["message"] for r in results) >= 2
    assert all(r["duration"] < 4 + 3 for r in results)  # its limit, plus a restart at most


def test_a_good_hello_does_not_reset_the_restart_budget(tmp_path: Path) -> None:
    """Through the Python API (``stud verify`` stops at the first deal that fails): the
    engine is restarted until 4 failures in a row, a good hello in between or not."""
    from stud.paths import FEATURES
    from stud.protocol.client import SubprocessEngine
    from stud.spec.features import collect
    from stud.spec.runner import run

    os.environ["STUD_FAKE_PIDS"] = str(tmp_path)
    try:
        engine = SubprocessEngine(f"{sys.executable} {FAKES / 'dies_after_hello.py'}", timeout=5)
        results = list(run(collect(FEATURES, SELECT), engine))
    finally:
        del os.environ["STUD_FAKE_PIDS"]
        engine.close()
    starts = len(list(tmp_path.glob("*.pid")))
    assert starts <= 1 + 4  # the first start, then restarts until 4 failures in a row
    messages = " ".join(r.message for r in results)
    assert messages.count("exited with code 9") >= 4
    assert "is not restarted again" in messages

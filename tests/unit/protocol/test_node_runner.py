"""examples/node-runner: the spec replayed from `stud dump-spec` by a Node.js harness.

Skipped where ``node`` is not installed, unless ``STUD_REQUIRE_NODE`` is set (CI installs
Debian's ``nodejs`` and sets it, so there these tests must run).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from stud.cli import main

ROOT = Path(__file__).resolve().parents[3]
RUNNER = ROOT / "examples" / "node-runner" / "run-spec.js"
FAKES = ROOT / "tests" / "fake_engines"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None and os.environ.get("STUD_REQUIRE_NODE"):
    pytest.fail("node is not installed but STUD_REQUIRE_NODE is set", pytrace=False)
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")
SUMMARY = re.compile(r"(\d+) scenarios: (\d+) passed, (\d+) failed, (\d+) not supported")


def test_the_runner_is_small_and_needs_no_packages() -> None:
    source = RUNNER.read_text(encoding="utf-8")
    # small enough to read in one sitting: protocol 1.0 to 1.2 (decisions, seat cards)
    assert len(source.splitlines()) < 220
    assert set(re.findall(r"require\('([^']+)'\)", source)) <= {"fs", "child_process"}


def replay(dump: Path, engine: list[str], *extra: str) -> tuple[int, str, tuple[int, ...]]:
    assert NODE is not None
    done = subprocess.run(
        [NODE, str(RUNNER), str(dump), "--engine", shlex.join(engine), *extra],
        capture_output=True,
        text=True,
        timeout=400,
        check=False,
    )
    found = SUMMARY.search(done.stdout)
    assert found, done.stdout[-2000:] + done.stderr[-2000:]
    return done.returncode, done.stdout, tuple(int(g) for g in found.groups())


def dump(tmp_path: Path, *select: str) -> Path:
    target = tmp_path / "spec.json"
    assert main(["dump-spec", *select, "-o", str(target)]) == 0
    return target


def test_the_whole_spec_passes_against_stud_serve(tmp_path: Path) -> None:
    code, out, (total, passed, failed, unsupported) = replay(
        dump(tmp_path), [sys.executable, "-m", "stud", "serve"]
    )
    assert code == 0, out[-3000:]
    assert total >= 100 and passed == total and failed == unsupported == 0


def test_an_engine_that_ignores_suits_fails_on_suit_ties(tmp_path: Path) -> None:
    spec = dump(tmp_path, "-k", "BRING-03 or ROUND-06 or ROUND-12 or BRING-13")
    code, out, (total, passed, failed, _) = replay(
        spec, [sys.executable, str(FAKES / "ignores_suits.py")]
    )
    assert code == 1 and failed >= 5 and passed >= 1, out
    assert "Clubs is the lowest suit" in out


def test_a_crashing_engine_fails_those_scenarios_and_the_run_goes_on(tmp_path: Path) -> None:
    spec = dump(tmp_path, "-k", "cap or BRING-02")
    code, out, (total, passed, failed, _) = replay(
        spec,
        [sys.executable, str(FAKES / "flaky_reference.py"), "crash", "raise"],
        "--timeout",
        "5",
    )
    assert code == 1 and failed >= 1 and passed >= 1, out
    assert "the engine exited" in out and "cannot raise" in out


def test_what_the_engine_says_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    """Issue 24, row 3: an engine's name, refusals and stderr print no escape sequence."""
    spec = dump(tmp_path, "-k", "BRING-03")
    code, out, (total, passed, failed, _) = replay(
        spec, [sys.executable, str(FAKES / "terminal_escapes.py")], "-v"
    )
    assert code == 1 and failed == total, out
    assert "\x1b" not in out and "\x07" not in out
    assert "\\u001b]0;pwned\\u0007" in out


def test_a_reply_line_that_never_ends_stops_the_engine_at_4_mib(tmp_path: Path) -> None:
    """Issue 24, row 12b: the runner reads at most 4 MiB of a reply line, then stops the
    engine and fails the scenario; the run goes on (a generous --timeout: the bound, not
    the clock, ends each scenario)."""
    spec = dump(tmp_path, "-k", "BRING-03")
    code, out, (total, passed, failed, _) = replay(
        spec, [sys.executable, str(FAKES / "endless_line.py")], "--timeout", "60"
    )
    assert code == 1 and total == failed == 2, out
    assert out.count("a reply line longer than 4194304 characters") == 2, out

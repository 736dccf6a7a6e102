"""Progress lines of long runs: on stderr when asked or on a terminal, never on stdout."""

from __future__ import annotations

import io
import re

import pytest
import stud.progress
from stud.cli import main
from stud.progress import ProgressLine, wanted


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_drawn_on_a_terminal_or_when_asked_only() -> None:
    assert wanted(False, Terminal()) and wanted(True, io.StringIO())
    assert not wanted(False, io.StringIO())


def test_the_line_says_done_rate_note_and_time_left_then_is_wiped() -> None:
    out = Terminal()
    clock = iter([0.0, 5.0, 10.0]).__next__
    line = ProgressLine("scenarios", 40, out, delay=1.0, clock=clock)
    line.update(10, "1 failed")
    line.update(20, "2 failed")
    line.close()
    drawn = out.getvalue().split("\r")
    assert "10/40 scenarios  2.0/s  1 failed  15s left" in drawn[1]
    assert "20/40 scenarios  2.0/s  2 failed  10s left" in drawn[2]
    assert drawn[-1] == "" and not drawn[-2].strip()  # wiped, the cursor back at the start


def test_a_quick_run_draws_nothing() -> None:
    out = Terminal()
    line = ProgressLine("hands", 10, out, delay=1.0, clock=iter([0.0, 0.5]).__next__)
    line.update(10)
    line.close()
    assert out.getvalue() == ""


@pytest.mark.parametrize(
    ("argv", "unit"),
    [
        (["fuzz", "--hands", "6", "--seed", "2"], "hands"),
        (["verify", "-q", "-k", "BRING-03"], "scenarios"),
    ],
)
def test_fuzz_and_verify_show_progress_on_stderr_when_asked(
    argv: list[str], unit: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stud.progress, "DELAY", 0.0)
    assert main(argv) == 0  # stderr is not a terminal here: no line
    quiet = capsys.readouterr()
    assert "\r" not in quiet.err and "\r" not in quiet.out
    assert main([*argv, "--progress"]) == 0
    shown = capsys.readouterr()
    assert f" {unit}  " in shown.err and "\r" not in shown.out
    timing = re.compile(r"in [0-9.]+ s \([0-9,.]+ hands/s\)")
    assert timing.sub("", shown.out) == timing.sub("", quiet.out)  # the same report

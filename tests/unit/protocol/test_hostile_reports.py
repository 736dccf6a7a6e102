"""Issue 24: the reports an attacker can write into (row 2) and the targets they are
written to (rows 9 and 10).

An engine's name, features and messages go into compliance.md and junit.xml: rendered, the
Markdown carries no live markup, and the XML parses.  Every ``--report``, ``--html``,
``--save`` and ``--plot`` refuses a bad target with a clear error before any work, and
replaces a symbolic link planted where a file goes instead of writing through it.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hostile import MARKUP, TERMINAL, active_html, render_markdown
from stud.cli import main
from stud.spec.compliance import compliance_markdown
from stud.spec.reports import junit_xml
from stud.spec.results import ScenarioResult

ROOT = Path(__file__).resolve().parents[3]
FAKES = ROOT / "tests" / "fake_engines"
ROOMS = ROOT / "tests" / "data" / "rooms"
PHH = ROOT / "tests" / "data" / "phh" / "f7s-showdown.phh"


# --- row 2: compliance.md and junit.xml -----------------------------------------------------


def test_row2_an_engine_with_markup_in_its_name_and_messages_writes_inert_reports(tmp_path):
    engine = f"{sys.executable} {FAKES / 'markup.py'}"
    done = subprocess.run(
        [sys.executable, "-m", "stud", "verify", "-q", "--engine", engine, "-k", "BRING-03"]
        + ["--report", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr
    md = (tmp_path / "compliance.md").read_text(encoding="utf-8")
    assert "onerror=alert(1)" in md and "javascript:alert(1)" in md  # shown, as text
    assert active_html(render_markdown(md)) == []
    junit = ET.parse(tmp_path / "junit.xml").getroot()
    assert "<img src=x onerror=alert(1)>" in junit.get("name", "")


def _result(text: str, status: str) -> ScenarioResult:
    return ScenarioResult(
        id=f"{text}/f.feature:{text}",
        feature=f"{text}/f.feature",
        feature_name=text,
        rule=text,
        scenario=text,
        tags=("BRING-03",),
        status=status,
        message=f"{text}\nsecond line {text}",
        charged_to=(text,),
        profile=text,
        variant=text,
        reasons=(text,),
        deviations=({"path": text, "wanted": text, "plays": text},),
        invariant=text,
    )


@pytest.mark.parametrize("text", MARKUP + TERMINAL)
def test_row2_every_field_of_compliance_md_and_junit_is_escaped(text):
    results = [_result(text, s) for s in ("failed", "not-applicable", "not-supported")]
    info = {
        "engine": {"name": text, "version": text},
        "command": text,
        "features": [text],
        "profile": {text: text},
        "cut_short": text,
    }
    md = compliance_markdown(results, info)
    assert active_html(render_markdown(md)) == []
    assert not any(c in md for c in "\x1b\x9b\x00\r\u202e")
    ET.fromstring(junit_xml(results, info).split("\n", 1)[1])  # XML 1.0 can hold it all


# --- rows 9 and 10: bad targets and planted links -------------------------------------------


def _commands(target: Path) -> dict[str, list[str]]:
    return {
        "verify": ["verify", "-q", "-k", "BRING-03", "--report", str(target)],
        "verify-transcript": ["verify", "-q", "-k", "BRING-03", "--transcript", str(target)],
        "audit": ["audit", str(ROOMS / "stars-stud-flush.txt"), "--report", str(target)],
        "fuzz": ["fuzz", "--hands", "2", "--report", str(target)],
        "play": ["play", "razz", "--hands", "2", "--save", str(target)],
    }


@pytest.mark.parametrize("command", sorted(_commands(Path("x"))))
def test_row9_a_file_where_a_folder_goes_is_a_clear_error(tmp_path, capsys, command):
    target = tmp_path / "taken"
    target.write_text("mine")
    assert main(_commands(target)[command]) == 1
    out, err = capsys.readouterr()
    assert f"{target}: exists and is not a folder" in err
    assert target.read_text() == "mine"


@pytest.mark.parametrize("command", sorted(_commands(Path("x"))))
def test_row9_a_missing_folder_for_a_folder_is_created(tmp_path, capsys, command):
    target = tmp_path / "new" / "deeper"
    main(_commands(target)[command])
    capsys.readouterr()
    assert target.is_dir() and any(target.iterdir())


@pytest.mark.parametrize("option", ["--html", "--plot"])
def test_row9_a_file_whose_folder_is_missing_or_a_file_is_a_clear_error(tmp_path, capsys, option):
    taken = tmp_path / "taken"
    taken.write_text("mine")
    base = ["replay", str(PHH)] if option == "--html" else ["play", "razz", "--hands", "2"]
    for target, says in (
        (tmp_path / "missing" / "out.html", "does not exist"),
        (taken / "out.html", "is not a folder"),
        (tmp_path, "is a folder"),
    ):
        assert main([*base, option, str(target)]) == 1
        assert f"{option} {target}: " in (err := capsys.readouterr().err) and says in err
    assert taken.read_text() == "mine"


def _plant(folder: Path, name: str, victim: Path) -> None:
    folder.mkdir(exist_ok=True)
    (folder / name).symlink_to(victim)


@pytest.mark.parametrize(
    ("command", "name"),
    [
        ("verify", "junit.xml"),
        ("verify", "compliance.md"),
        ("verify-transcript", "001-Clubs-is-the-lowest-suit.jsonl"),
        ("audit", "audit.md"),
        ("audit", "audit.jsonl"),
        ("fuzz", "fuzz.md"),
        ("play", "hand-00001.json"),
    ],
)
def test_row10_a_planted_link_is_replaced_not_followed(tmp_path, capsys, command, name):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    target = tmp_path / "out"
    _plant(target, name, victim)
    main(_commands(target)[command])
    capsys.readouterr()
    assert victim.read_text() == "precious"
    assert not (target / name).is_symlink() and (target / name).stat().st_size > 0


@pytest.mark.parametrize("option", ["--html", "--plot"])
def test_row10_a_planted_link_at_a_file_target_is_replaced(tmp_path, capsys, option):
    pytest.importorskip("matplotlib") if option == "--plot" else None
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / ("hands.html" if option == "--html" else "chart.png")
    out.symlink_to(victim)
    base = ["replay", str(PHH)] if option == "--html" else ["play", "razz", "--hands", "2"]
    assert main([*base, option, str(out)]) == 0
    capsys.readouterr()
    assert victim.read_text() == "precious" and not out.is_symlink()


def test_row10_dump_spec_output_replaces_a_planted_link(tmp_path, capsys):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "spec.json"
    out.symlink_to(victim)
    assert main(["dump-spec", "-k", "razz", "-o", str(out)]) == 0
    capsys.readouterr()
    assert victim.read_text() == "precious" and not out.is_symlink()
    assert json.loads(out.read_text())["scenarios"]


def test_row10_serve_log_refuses_a_planted_link(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    log = tmp_path / "serve.log"
    log.symlink_to(victim)
    done = subprocess.run(
        [sys.executable, "-m", "stud", "serve", "--log", str(log)],
        input='{"id": 1, "op": "hello"}\n',
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "symbolic link" in done.stderr
    assert "Traceback" not in done.stderr and victim.read_text() == "precious"


def test_reports_are_written_with_the_usual_file_mode(tmp_path, capsys):
    main(_commands(tmp_path)["audit"])
    capsys.readouterr()
    assert (tmp_path / "audit.md").stat().st_mode & 0o777 == 0o666 & ~_umask()
    assert json.loads((tmp_path / "audit.jsonl").read_text().splitlines()[0])["verdict"]


def _umask() -> int:
    import os

    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_fifo_named_as_the_target_is_written_into_not_replaced(tmp_path, capsys):
    import os
    import threading

    fifo = tmp_path / "page.fifo"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()), daemon=True)
    reader.start()
    assert main(["replay", str(PHH), "--html", str(fifo)]) == 0
    reader.join(timeout=60)
    capsys.readouterr()
    assert got and got[0].startswith(b"<!doctype html>")
    assert fifo.is_fifo()  # still the FIFO, not a file put in its place


def test_a_link_planted_to_a_fifo_is_replaced_without_blocking(tmp_path, capsys):
    import os

    os.mkfifo(tmp_path / "trap")
    out = tmp_path / "out"
    _plant(out, "audit.md", tmp_path / "trap")  # following it would wait for a reader
    assert main(_commands(out)["audit"]) == 0
    capsys.readouterr()
    assert (tmp_path / "trap").is_fifo() and (out / "audit.md").is_file()

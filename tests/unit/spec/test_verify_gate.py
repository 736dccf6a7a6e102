"""Invariants and exit status against engine programs: a fake that creates chips and one
that loses the bring-in fail on the invariant named; one that plays nothing fails the run."""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path
from typing import Any

from stud.cli import verify

FAKES = Path(__file__).resolve().parents[2] / "fake_engines"


def verify_run(*argv: str, engine: str | None = None) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)
    command = [] if engine is None else ["--engine", f"{sys.executable} {FAKES / engine}"]
    args = parser.parse_args([*command, "--timeout", "10", *argv])
    out = io.StringIO()
    return verify.run_verify(args, out), out.getvalue()


def results_of(directory: Path) -> list[dict[str, Any]]:
    import json

    lines = (directory / "results.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def test_a_pot_that_grows_from_nothing_breaks_chips_conserved(tmp_path: Path) -> None:
    code, out = verify_run(
        "-k", "fixed-limit", "--report", str(tmp_path), engine="creates_chips.py"
    )
    assert code == 1
    failed = [r for r in results_of(tmp_path) if r["status"] == "failed"]
    assert len(failed) >= 3
    assert {r["invariant"] for r in failed} == {"chips conserved"}
    # charged to the rule of the step where it first broke: chips into the pot (DEAL-01)
    assert {tuple(r["charged_to"]) for r in failed} == {("DEAL-01",)}
    assert {r["causes"][0]["what"] for r in failed} == {
        "the pot holds chips nobody put in, after a call"
    }
    assert "stacks 588 + pot 12.25 = 600.25, but the hand started with 600" in out
    assert '"pot":"12.25"' in out  # the state line that broke it
    text = (tmp_path / "compliance.md").read_text()
    assert "## Invariants broken" in text and "**chips conserved**" in text


def test_a_bring_in_that_never_reaches_the_pot_is_caught_at_the_bring_in(tmp_path: Path) -> None:
    phrase = "Antes are dead money and later bets come on top of them"
    code, out = verify_run("-k", phrase, "--report", str(tmp_path), engine="loses_bring_in.py")
    assert code == 1
    (record,) = results_of(tmp_path)
    assert record["status"] == "failed" and record["invariant"] == "chips conserved"
    assert "broken after act seat 3 bring_in 0.10" in record["message"]  # Bob sits in seat 3


def test_an_engine_that_plays_nothing_fails_the_run(tmp_path: Path) -> None:
    code, out = verify_run(
        "-k", "bring-in or SHOW-04", "--report", str(tmp_path), engine="refuses_everything.py"
    )
    assert code == 1
    reasons = {tuple(r["reasons"]) for r in results_of(tmp_path)}
    assert {("ruleset:seven-card-stud",), ("capability:evaluate",)} <= reasons
    assert all(len(r) == 1 and r[0].startswith(("ruleset:", "capability:")) for r in reasons)
    text = (tmp_path / "compliance.md").read_text()
    assert "× `ruleset:seven-card-stud`" in text and "× `capability:evaluate`" in text
    code, out = verify_run("-k", "bring-in", engine="refuses_everything.py")
    assert code == 1
    assert re.search(r"nothing ran on the engine: (\d+) scenarios selected, \1 not supported", out)
    code, out = verify_run("-k", "bring-in", "--allow-unsupported", engine="refuses_everything.py")
    assert code == 0


def test_min_run_counts_what_ran() -> None:
    code, out = verify_run("-k", "deal", "--min-run", "50%", engine="no_burns.py text")
    assert code == 1 and "fewer than --min-run 50%" in out
    code, out = verify_run("-k", "deal", "--min-run", "80%", engine="no_burns.py values")
    assert code == 0, out
    ran = re.search(r"(\d+) of (\d+) ran on the engine \((\d+) under its profile\)", out)
    assert ran and int(ran.group(3)) > 0  # learnt from the structured refusal
    code, out = verify_run("-k", "BRING-03", "--min-run", "3")
    assert code == 1 and "2 of 2 scenarios ran on the engine, fewer than --min-run 3 (3)" in out
    code, _ = verify_run("-k", "BRING-03", "--min-run", "lots")
    assert code == 2

"""`stud audit` and `stud import` on hands written for these tests (and, when present,
on the real room histories in ../shared/real-hands/rooms)."""

import json
import os
from pathlib import Path

import pytest
from stud.cli import main

ROOMS = Path(__file__).resolve().parents[2] / "data" / "rooms"
# ../shared beside the checkout (as in CI); STUD_REAL_HANDS points elsewhere (a worktree)
REAL = Path(
    os.environ.get("STUD_REAL_HANDS")
    or Path(__file__).resolve().parents[3].parent / "shared" / "real-hands" / "rooms"
)
HOUSE = (
    "razz: {extends: razz, board: {ties: position}, betting: {fold_when_check: allowed}}\n"
    "stud-hi-lo: {extends: stud-hi-lo, betting: {fold_when_check: allowed}}\n"
)


def _jsonl(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def test_audit_names_the_rule_broken_and_the_alternative_that_explains_it(capsys):
    assert main(["audit", str(ROOMS)]) == 1
    out = capsys.readouterr().out
    assert "(Hana: folds): fold while checking is free" in out
    assert "[betting.fold_when_check]; legal under `betting.fold_when_check: allowed`" in out
    assert "(Jo: bets 20): seat 1 cannot act now: seat 3 is to act" in out
    assert "[ROUND-12]; legal under `board.ties: position`" in out
    table = [row.split() for row in out[out.index("game ") :].splitlines()]
    assert ["razz", "1", "0", "1", "0", "0", "0", "0.0%"] in table
    assert ["stud-hi-lo", "2", "1", "1", "0", "0", "0", "50.0%"] in table
    assert ["all", "4", "2", "2", "0", "0", "0", "50.0%"] in table
    # each file is named with its room and format, and the rooms have a table of their own
    assert f"{ROOMS / 'stars-razz-equal-boards.txt'}: PokerStars text, 1 hand(s)" in out
    assert ["PokerStars", "(text)", "3", "3", "1", "2", "0", "0", "0", "0"] in table


def test_a_house_mapping_makes_every_hand_legal(tmp_path, capsys):
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE)
    assert main(["audit", str(ROOMS), "--house", str(house), "-q"]) == 0
    table = [row.split() for row in capsys.readouterr().out.splitlines()]
    assert ["all", "4", "4", "0", "0", "0", "0", "100.0%"] in table


def test_set_applies_to_one_game_only(capsys):
    razz = str(ROOMS / "stars-razz-equal-boards.txt")
    assert main(["audit", razz, "--set", "razz.board.ties=position", "-q"]) == 0
    assert main(["audit", razz, "--set", "stud.board.ties=position", "-q"]) == 1
    capsys.readouterr()
    assert main(["audit", razz, "--set", "board.ties"]) == 1
    assert "--set expects GAME.PATH=VALUE" in capsys.readouterr().err


def test_json_lines_one_object_per_hand(capsys):
    assert main(["audit", str(ROOMS), "--json"]) == 1
    rows = _jsonl(capsys.readouterr().out)
    assert len(rows) == 4
    assert {r["verdict"] for r in rows} == {"legal", "illegal"}
    for row in rows:
        assert {"file", "hand", "game", "verdict", "divergence"} <= set(row)
    bad = next(r for r in rows if r["hand"] == "1003")
    assert bad["divergence"]["rule"] == "betting.fold_when_check"
    assert bad["divergence"]["explained_by"] == "betting.fold_when_check: allowed"
    assert bad["divergence"]["where"] == "line 20"


def test_report_folder_holds_json_lines_and_markdown(tmp_path, capsys):
    out = tmp_path / "report"
    main(["audit", str(ROOMS), "--report", str(out)])
    capsys.readouterr()
    assert len(_jsonl((out / "audit.jsonl").read_text())) == 4
    md = (out / "audit.md").read_text()
    assert "| razz | 1 | 0 | 1 | 0 | 0 | 0 | 0.0% |" in md
    assert "| Full Tilt Poker (text) | 1 | 1 | 1 | 0 | 0 | 0 | 0 | 0 |" in md
    assert "legal under `board.ties: position`" in md


def test_awards_are_compared_before_rake(tmp_path, capsys):
    text = (ROOMS / "tilt-hilo-split.txt").read_text()
    bad = tmp_path / "bad.txt"
    bad.write_text(text.replace("wins the low pot ($6.12)", "wins the low pot ($6.02)"))
    assert main(["audit", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "the room paid Dara 6.02, Eli 6.13 (rake 0.50)" in out
    assert "before rake the ruleset awards Dara 6.37, Eli 6.38 [SHOW-01]" in out


def test_unrelated_files_in_a_folder_are_skipped_but_named_ones_reported(tmp_path, capsys):
    (tmp_path / "notes.md").write_text("# not a hand\n")
    (tmp_path / "hand.txt").write_text((ROOMS / "stars-stud-flush.txt").read_text())
    assert main(["audit", str(tmp_path)]) == 0
    assert "1 file(s) skipped" in capsys.readouterr().out
    assert main(["audit", str(tmp_path / "notes.md"), "--json"]) == 1
    (row,) = _jsonl(capsys.readouterr().out)
    assert row["verdict"] == "unreadable" and "not a hand history" in row["error"]


def test_an_unreadable_line_is_reported_with_its_line(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text(
        (ROOMS / "stars-stud-flush.txt").read_text().replace("Cove: calls $1\n", "Cove: ponders\n")
    )
    assert main(["audit", str(bad)]) == 1
    assert f"{bad}:22: cannot read 'Cove: ponders'; expected a deal" in capsys.readouterr().out


def test_glob_and_missing_paths(capsys):
    assert main(["audit", str(ROOMS / "stars-*.txt"), "-q"]) == 1
    assert "all " in capsys.readouterr().out
    assert main(["audit", str(ROOMS / "nothing-*.txt")]) == 1
    assert "no such file, folder or glob match" in capsys.readouterr().err


def test_import_writes_phh_and_json(tmp_path, capsys):
    assert main(["import", str(ROOMS / "tilt-hilo-split.txt"), "--to", "phh"]) == 0
    phh = capsys.readouterr().out
    assert 'variant = "F7S/8"' in phh and "rake = 0.50" in phh
    path = tmp_path / "hand.phh"
    path.write_text(phh)
    assert main(["audit", str(path), "-q"]) == 0
    capsys.readouterr()
    assert main(["import", str(ROOMS / "stars-stud-flush.txt"), "--to", "json"]) == 0
    (row,) = _jsonl(capsys.readouterr().out)
    assert row["room"] == "PokerStars" and row["rake"] == "1"


@pytest.mark.skipif(not REAL.is_dir(), reason="../shared/real-hands/rooms is not here")
def test_real_room_histories(tmp_path, capsys):
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE)
    main(["audit", str(REAL), "--house", str(house), "--json"])
    rows = _jsonl(capsys.readouterr().out)
    checked = [r for r in rows if r["verdict"] not in ("unsupported", "skipped")]
    legal = sum(r["verdict"] == "legal" for r in checked)
    assert len(checked) >= 100 and legal / len(checked) >= 0.95
    assert not [r for r in rows if r["verdict"] in ("unreadable", "incomplete")]
    # with the shipped rulesets, every difference is named, and explained where a known
    # ruleset alternative does
    assert main(["audit", str(REAL), "--json"]) == 1
    bad = [r for r in _jsonl(capsys.readouterr().out) if r["verdict"] == "illegal"]
    explained = [r for r in bad if r["divergence"].get("explained_by")]
    assert {r["divergence"]["rule"] for r in explained} <= {"betting.fold_when_check", "ROUND-12"}
    assert all(r["room"] == "KingsClub" for r in bad if r not in explained)


def test_a_house_file_with_a_mistake_is_refused_before_any_hand(tmp_path, capsys):
    house = tmp_path / "house.yaml"
    house.write_text("razz: {extends: razz, board: {ties: sideways}}\n")
    assert main(["audit", str(ROOMS), "--house", str(house)]) == 1
    err = capsys.readouterr().err
    assert "the razz house rules" in err and "expected one of suit, position" in err
    house.write_text("holdem: {extends: razz}\n")
    assert main(["audit", str(ROOMS), "--house", str(house)]) == 1
    assert "'holdem' is not a game" in capsys.readouterr().err

"""Issue 24: hand histories written by an attacker (rows 1, 3-8 of its table).

A name that carries HTML or terminal escapes, a header with no seats, a file of 20 GiB, a
hand hidden after the first 64 MiB, TOML nested 100,000 deep, an emoji: each is read into
a verdict with a reason and written out inert, never a traceback or a silent pass.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hostile import MARKUP, TERMINAL, active_html, render_markdown, terminal_problems
from stud.cli import main
from stud.engine import Seat, Table
from stud.play.bots import CallingStation
from stud.play.simulate import play_bots
from stud.rules import load_ruleset

DATA = Path(__file__).resolve().parents[2] / "data"
ROOMS = DATA / "rooms"
PHH = DATA / "phh"
MIB = 1024 * 1024
ILLEGAL = (ROOMS / "stars-hilo-fold-free-check.txt").read_text()  # Hana folds for free
LEGAL = (ROOMS / "stars-stud-flush.txt").read_text()


def _history(tmp_path: Path, names: str = "ABC") -> Path:
    rs = load_ruleset("seven-card-stud")
    seats = [Seat(i, n, Decimal(20)) for i, n in enumerate(names, 1)]
    hand = Table(rs, seats, 3, seed=5).new_hand()
    play_bots(hand, {s: CallingStation() for s in (1, 2, 3)})
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand.to_history()), encoding="utf-8")
    return path


# --- row 1: audit.md ------------------------------------------------------------------------


@pytest.mark.parametrize("name", MARKUP)
def test_row1_a_player_named_with_markup_stays_text_in_audit_md(tmp_path, capsys, name):
    history = tmp_path / "[x](javascript:alert(1)) <b>.txt"
    history.write_text(ILLEGAL.replace("Hana", name.replace("\n", " ")), encoding="utf-8")
    assert main(["audit", str(history), "--report", str(tmp_path / "out")]) == 1
    capsys.readouterr()
    md = (tmp_path / "out" / "audit.md").read_text(encoding="utf-8")
    assert "fold while checking is free" in md  # the hand is listed, with the name
    assert active_html(render_markdown(md)) == []


# --- row 3: the terminal --------------------------------------------------------------------


@pytest.mark.parametrize("name", TERMINAL)
def test_row3_audit_prints_escape_sequences_visibly(tmp_path, capsys, name):
    history = tmp_path / f"x{name.replace(chr(0), '')}.txt"  # a file name holds no NUL
    history.write_text(ILLEGAL.replace("Hana", name.replace("\n", " ")), encoding="utf-8")
    assert main(["audit", str(history), "-v"]) == 1
    out, err = capsys.readouterr()
    assert terminal_problems(out + err) == []
    # one line per hand: a name cannot forge another line of the table
    assert not any(line.startswith("lines: all") for line in out.splitlines())


@pytest.mark.parametrize("name", TERMINAL)
def test_row3_replay_of_a_json_hand_prints_escape_sequences_visibly(tmp_path, capsys, name):
    path = _history(tmp_path)
    data = json.loads(path.read_text())
    data["seats"][0]["name"] = name
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert terminal_problems(out + err) == [] and "result matches" in out
    assert main(["replay", str(tmp_path)]) == 0  # a folder: one line per hand
    out, err = capsys.readouterr()
    assert terminal_problems(out + err) == []


def test_row3_replay_of_a_phh_hand_prints_escape_sequences_visibly(tmp_path, capsys):
    text = (PHH / "f7s-showdown.phh").read_text()
    path = tmp_path / "x.phh"
    path.write_text(text.replace("'Ann'", '"\\u001b]0;pwned\\u0007\\u001b[2J"'))
    assert main(["replay", str(path)]) == 0
    out, err = capsys.readouterr()
    assert terminal_problems(out + err) == [] and "\\x1b]0;pwned" in out


# --- row 4: a header with no seat lines -----------------------------------------------------


def test_row4_a_header_with_no_seats_is_unreadable_and_the_folder_goes_on(tmp_path, capsys):
    (tmp_path / "a.txt").write_text(
        "PokerStars Hand #1:  7 Card Stud Limit ($1/$2 USD) - 2024/01/05\n*** 3rd STREET ***\n"
    )
    (tmp_path / "b.txt").write_text(LEGAL)
    assert main(["audit", str(tmp_path), "--json"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["verdict"] for r in rows] == ["unreadable", "legal"]
    assert "no player" in rows[0]["error"]


# --- row 5: a 20 GiB file -------------------------------------------------------------------


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2048 * MIB, 2048 * MIB))


@pytest.mark.parametrize(
    ("command", "name", "says"),
    [
        (["audit"], "huge.txt", "truncated at 64 MiB"),
        (["import", "--to", "phh"], "huge.txt", "truncated at 64 MiB"),
        (["replay"], "huge.json", "larger than 64 MiB"),
        (["replay"], "huge.phh", "larger than 64 MiB"),
        (["audit"], "huge.phhs", "larger than 64 MiB"),
    ],
)
def test_row5_a_20_gib_file_is_not_read_whole(tmp_path, command, name, says):
    huge = tmp_path / name
    with huge.open("wb") as f:
        f.write(LEGAL.encode() if name.endswith(".txt") else b"")
        f.truncate(20 * 1024 * MIB)  # sparse: no disk used
    done = subprocess.run(
        [sys.executable, "-m", "stud", *command[:1], str(huge), *command[1:]],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_limited,
        check=False,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    assert "Traceback" not in done.stderr and "MemoryError" not in done.stderr
    assert says in done.stdout + done.stderr


# --- row 6: a hand after the first 64 MiB ---------------------------------------------------


def test_row6_a_hand_past_the_bound_is_a_visible_verdict_not_a_silent_pass(tmp_path, capsys):
    path = tmp_path / "long.txt"
    first, second = LEGAL, LEGAL.replace("#1001", "#1002")
    with path.open("wb") as f:
        f.write(f"{first}\n\n{second}\n".encode())
        f.seek(64 * MIB + 10)  # a hole of NUL bytes, then an illegal hand
        f.write(f"\n\n{ILLEGAL}".encode())
    assert main(["audit", str(path), "--json"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[0]["verdict"] == "legal" and rows[0]["hand"] == "1001"
    assert rows[-1]["verdict"] == "unreadable"
    assert "truncated at 64 MiB" in rows[-1]["error"] and "not audited" in rows[-1]["error"]


# --- row 7: TOML nested 100,000 deep --------------------------------------------------------


@pytest.mark.parametrize("suffix", [".phh", ".phhs", ".json"])
def test_row7_deep_nesting_is_unreadable_not_a_recursion_error(tmp_path, capsys, suffix):
    deep = "[" * 100_000 + "]" * 100_000
    path = tmp_path / f"deep{suffix}"
    if suffix == ".json":
        path.write_text('{"ruleset": ' + deep + "}")
    else:
        path.write_text(f'{"[1]" if suffix == ".phhs" else ""}\nvariant = "F7S"\nx = {deep}\n')
    if suffix != ".json":
        assert main(["audit", str(path), "--json"]) == 1
        (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert row["verdict"] == "unreadable" and "nested too deeply" in row["error"]
    assert main(["replay", str(path)]) == 1
    assert "nested too deeply" in capsys.readouterr().err


# --- row 8: an emoji in a name --------------------------------------------------------------


def test_row8_an_emoji_survives_import_and_the_output_audits_again(tmp_path, capsys):
    name = '🂡 Ace "quoted" \\ back\tslash'
    history = tmp_path / "emoji.txt"
    history.write_text(LEGAL.replace("Alma", name), encoding="utf-8")
    assert main(["import", str(history), "--to", "phh"]) == 0
    phh = capsys.readouterr().out
    assert "\\ud83c" not in phh
    assert tomllib.loads(phh)["players"][0] == name
    out = tmp_path / "emoji.phh"
    out.write_text(phh, encoding="utf-8")
    assert main(["audit", str(out), "-q"]) == 0
    capsys.readouterr()
    assert main(["import", str(history), "--to", "json"]) == 0
    text = capsys.readouterr().out
    assert "\\ud83c" not in text and json.loads(text)["seats"][0]["name"] == name


# --- the readers' fuzz findings, kept as cases (each was a traceback) -----------------------


def _nine_players_to_the_river() -> str:
    """Nine players who check to the river: 63 cards from a pack of 52, no shared card."""
    head = LEGAL.splitlines()[:2]
    seats = [f"Seat {i}: P{i} ($20 in chips)" for i in range(1, 10)]
    lines = head + seats + [f"P{i}: posts the ante $0.10" for i in range(1, 10)]
    lines += ["*** 3rd STREET ***"] + [
        f"Dealt to P{i} [{r}c]" for i, r in enumerate("23456789T", 1)
    ]
    lines += ["P1: brings in for $0.25"] + [f"P{i}: calls $0.25" for i in range(2, 10)]
    for street in ("4th STREET", "5th STREET", "6th STREET", "RIVER"):
        lines += [f"*** {street} ***"] + [f"P{i}: checks" for i in range(1, 10)]
    return "\n".join([*lines, "*** SUMMARY ***", "Total pot $3.15 | Rake $0", ""])


def _phh(name: str, old: str, new: str) -> str:
    text = (PHH / name).read_text()
    assert old in text
    return text.replace(old, new)


@pytest.mark.parametrize(
    ("name", "text", "says"),
    [
        ("seat.txt", LEGAL.replace("Seat 2:", "Seat " + "9" * 5000 + ":"), "a seat number"),
        ("stack.txt", LEGAL.replace("($20 in", "($" + "9" * 40 + " in"), "15 digits"),
        ("bet.txt", LEGAL.replace("bets $1\n", "bets $0.0000001\n"), "6 places"),
        ("nine.txt", _nine_players_to_the_river(), "a pack holds 52"),
        ("int.phh", 'variant = "F7S"\nantes = [' + "9" * 5000 + "]\n", "not a PHH (TOML) file"),
        ("nan.phh", _phh("f7s-showdown.phh", "[1, 1, 1]", "[1, nan, 1]"), "antes is NaN"),
        ("kind.phh", _phh("f7s-showdown.phh", "'F7S'", "['F7S']"), "variant is ['F7S']"),
        ("player.phh", _phh("f7s-showdown.phh", "'p2 f'", "'p" + "2" * 5000 + " f'"), "player"),
        ("paid.phh", _phh("fr-bring-in-folds.phh", "[100, 100, 100]", "[100, 10, 100]"), "result"),
    ],
)
def test_what_the_readers_fuzz_found_is_a_verdict_with_a_reason(tmp_path, capsys, name, text, says):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert main(["audit", str(path), "--json"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    reasons = [r["error"] or (r["divergence"] or {}).get("reason", "") for r in rows]
    assert rows and any(says in reason for reason in reasons), reasons
    assert not any("a bug in stud" in reason for reason in reasons)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(seats="0"), "seats: expected a list of objects"),
        (lambda d: d["seats"][0].pop("seat"), "seats[0].seat: expected a seat number"),
        (lambda d: d["seats"][1].update(stack="9" * 40), "out of range"),
        (lambda d: d["actions"][2].update(cards=[1]), "action 3: cards: expected a list of text"),
        (lambda d: d["actions"][0].update(declare=["x"]), "declare: expected text"),
        (lambda d: d["ruleset"].update(document=[]), "ruleset: expected {'document'"),
        (lambda d: d.update(deck=[None]), "deck: expected a list of text"),
        (lambda d: d.update(result=[]), "result: expected an object"),
    ],
)
def test_a_json_hand_with_a_field_of_another_kind_is_an_error_naming_it(
    tmp_path, capsys, change, says
):
    path = _history(tmp_path)
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    assert says in capsys.readouterr().err
    path.write_text(path.read_text().replace('"dealer": 3', '"dealer": ' + "9" * 5000))
    assert main(["replay", str(path)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_a_skipped_file_is_named_in_the_report_too(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "notes <b>.md").write_text("# not a hand\n")
    (tmp_path / "in" / "hand.txt").write_text(LEGAL)
    assert main(["audit", str(tmp_path / "in"), "--report", str(tmp_path / "out")]) == 0
    assert "1 file(s) skipped" in capsys.readouterr().out
    md = (tmp_path / "out" / "audit.md").read_text()
    assert "## Files" in md and "notes &lt;b&gt;.md: skipped, not a hand history" in md

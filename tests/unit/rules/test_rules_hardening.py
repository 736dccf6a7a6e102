"""The reproductions of issue 13 ("rulesets that validate and then break"), each giving a
clear refusal located in the file or a hand that completes with every chip awarded."""

from __future__ import annotations

import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from stud.cli import main
from stud.engine import Hand, Seat
from stud.rules import load_ruleset, validate_file


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def call_down(hand: Hand, declare: str | None = None) -> None:
    while hand.phase != "complete":
        seat = hand.to_act
        assert seat is not None
        names = [a.action for a in hand.legal_actions()]
        if "declare" in names:
            hand.act(seat, "declare", declare=declare)
            continue
        hand.act(seat, next(a for a in ("check", "call", "bring_in", "stand_pat") if a in names))


# Ann [Kc Kd] 9c Qh Js 4d [3s] and Bob [9h 7s] 5c 3d 2s Jc [Qd]: no eight low (burns: tens)
NO_LOW = "Kc 9h Kd 7s 9c 5c Th Qh 3d Tc Js 2s Td 4d Jc Ts 3s Qd".split()


def test_r1_everyone_declares_low_and_nobody_qualifies(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "h.yaml",
        "extends: stud-hi-lo-declare\npot:\n  shares:\n    - {name: high, ranking: high}\n"
        "    - {name: low, ranking: ace-to-five, qualifier: 8}\n",
    )
    rs = load_ruleset(str(path))
    seats = [Seat(1, "Ann", Decimal(20)), Seat(2, "Bob", Decimal(20))]
    hand = Hand(rs, seats, dealer=2, deck=NO_LOW)
    call_down(hand, declare="low")
    result = hand.result
    assert result is not None
    assert [(a.seat, a.share) for a in result.awards] == [(1, "high")]  # the kings
    assert sum(a.amount for a in result.awards) == hand.pot > 0
    assert sum(p.stack for p in hand.players_view) == 40


def test_r2_a_qualified_low_alone_must_say_what_happens_to_the_pot(tmp_path: Path) -> None:
    low = "{name: low, ranking: ace-to-five, qualifier: 8}"
    kept = write(tmp_path, "kept.yaml", f"extends: stud-hi-lo\npot:\n  shares: [{low}]\n")
    assert [s.name for s in load_ruleset(str(kept)).pot.shares] == ["high", "low"]  # merged
    text = f"extends: stud-hi-lo\npot:\n  shares: [{{name: high, remove: true}}, {low}]\n"
    problems = validate_file(str(write(tmp_path, "low.yaml", text)))
    assert [(p.line, p.path) for p in problems] == [(3, "$.pot.shares")]
    assert "pot.unqualified: best-high" in problems[0].expected
    fixed = write(tmp_path, "fixed.yaml", text + "  unqualified: split\n")
    rs = load_ruleset(str(fixed))
    assert rs.pot.unqualified == "split" and [s.name for s in rs.pot.shares] == ["low"]


@pytest.mark.parametrize(
    "dealing, players, words",
    [
        ("{burn: false, reuse_burns: true, community_card: false}", 8, "seventh needs 8 cards"),
        ("{burn: true, reuse_burns: false, community_card: false}", 7, "seventh needs 7 cards"),
    ],
)
def test_r3_a_deal_that_can_run_out_is_refused_with_the_arithmetic(
    tmp_path: Path, dealing: str, players: int, words: str
) -> None:
    path = write(tmp_path, "d.yaml", f"extends: seven-card-stud\ndealing: {dealing}\n")
    (problem,) = validate_file(str(path))
    assert (problem.line, problem.column, problem.path) == (2, 10, "$.dealing")
    assert f"with {players} players from a pack of 52" in problem.message
    assert words in problem.message
    assert f"seats.max {players - 1}" in problem.expected


def test_r3_exchanges_count_against_the_pack(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "e.yaml",
        "extends: english-stud\nseats: {max: 8}\nstreets:\n"
        '  - {name: fourth, exchange: {price: "0"}}\n  - {name: fifth, exchange: {price: "0"}}\n',
    )
    (problem,) = validate_file(str(path))
    assert "fourth takes 15" in problem.message and "seats.max 6" in problem.expected


def test_r3_what_validates_deals_to_the_end(tmp_path: Path) -> None:
    path = write(tmp_path, "ok.yaml", "extends: english-stud\nseats: {max: 6}\n")
    rs = load_ruleset(str(path))
    for seed in range(20):
        seats = [Seat(i + 1, f"P{i}", Decimal(100)) for i in range(6)]
        hand = Hand(rs, seats, dealer=1, seed=seed)
        while hand.phase != "complete":  # everyone exchanges whenever offered
            seat = hand.to_act
            assert seat is not None
            names = [a.action for a in hand.legal_actions()]
            if "exchange" in names:
                view = hand.player(seat)
                hand.act(seat, "exchange", cards=[str((view.down + view.up)[0])])
            else:
                hand.act(seat, next(a for a in ("check", "call", "bring_in") if a in names))


@pytest.mark.parametrize(
    "stakes, message",
    [
        ("{ante: 1.0e+400}", "is too large"),
        ("{small_bet: 123456789012345678901234567890}", "is too large"),
        ("{chip: 1.0e-30}", "has more than 8 decimal places"),
        ("{chip: 0.000000000000000000000000000001}", "has more than 8 decimal places"),
        ("{ante: 1e400}", "'1e400' is not an amount"),  # YAML reads this one as text
    ],
)
def test_r4_extreme_amounts_are_refused_in_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], stakes: str, message: str
) -> None:
    path = write(tmp_path, "x.yaml", f"extends: seven-card-stud\nstakes: {stakes}\n")
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:2:" in out and message in out and "Traceback" not in out
    assert len(out) < 400  # a huge number is not printed in full


def test_y1_extends_outside_the_folder_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = write(tmp_path, "secret.yaml", "password: hunter2-and-more-secret-text\n")
    house = tmp_path / "house"
    house.mkdir()
    (house / "link.yaml").symlink_to(secret)
    for ref in (str(secret), "../secret.yaml", "link.yaml"):
        path = write(house, "h.yaml", f"extends: {ref}\n")
        (problem,) = validate_file(str(path))
        assert "outside the folder of this ruleset" in problem.message
        assert "--allow-extends-outside" in problem.expected
    assert main(["validate", "--allow-extends-outside", str(path)]) == 1
    out = capsys.readouterr().out
    assert "hunter2" not in out  # an unknown key is named, its value never echoed
    long = write(tmp_path, "long.yaml", "x" * 5000 + "\n")
    path = write(house, "h.yaml", f"extends: {long}\n")
    assert main(["validate", "--allow-extends-outside", str(path)]) == 1
    assert "x" * 41 not in capsys.readouterr().out  # a short excerpt at most


def test_y1_the_folder_tree_and_shipped_rulesets_are_allowed(tmp_path: Path) -> None:
    sub = tmp_path / "club"
    sub.mkdir()
    write(sub, "base.yaml", "extends: razz\nstakes: {ante: 1}\n")
    rs = load_ruleset(str(write(tmp_path, "night.yaml", "extends: club/base.yaml\n")))
    assert rs.stakes.ante == 1 and rs.pot.shares[0].ranking == "ace-to-five"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("command", ["validate", "show", "explain"])
def test_y2_a_fifo_is_refused_at_once(tmp_path: Path, command: str) -> None:
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "stud", command, str(fifo)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode != 0
    assert "not a regular file" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("command", [["explain"], ["show"], ["show", "--json"]])
def test_y3_escape_sequences_never_reach_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    path = write(
        tmp_path,
        "esc.yaml",
        'extends: seven-card-stud\ntitle: "Stud \\e[2J\\e]0;owned\\a \\u202e \\x9b"\n',
    )
    assert main([*command, str(path)]) == 0
    out = capsys.readouterr().out
    assert "Stud" in out
    assert not any(c in out for c in "\x1b\x07\u202e\x9b")


def test_y3_validate_output_is_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, "bad.yaml", 'extends: seven-card-stud\nbetting: {structure: "\\e[2J"}\n')
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[2J" in out


def test_explain_says_when_the_game_changes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(
        tmp_path,
        "low.yaml",
        "extends: stud-hi-lo\npot:\n  shares: [{name: high, remove: true}]\n"
        "  unqualified: split\nbetting: {structure: pot-limit}\n",
    )
    assert main(["explain", "--width", "0", str(path)]) == 0
    out = capsys.readouterr().out
    assert "it was a high-low split game and is now a low-only game" in out
    assert "The betting structure changes from fixed limit to pot limit" in out
    assert "a bet and any number of raises (was a bet and three raises)" in out

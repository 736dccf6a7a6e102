import io
import json
import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from stud.cli import main
from stud.engine import LegalAction
from stud.play.simulate import bot_kinds, simulate
from stud.play.terminal import parse_move, start_game
from stud.rules import load_ruleset

LEGAL = [
    LegalAction("fold", text="fold"),
    LegalAction("call", Decimal("0.50"), chips=Decimal("0.40"), text="call 0.40"),
    LegalAction("raise", Decimal("1.00"), text="raise to 1.00"),
]


def _summary_without_speed(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if "hands/s" not in line)


def test_simulation_is_deterministic_and_conserves_chips(capsys):
    args = ["play", "seven-card-stud", "--hands", "60", "--players", "5", "--seed", "9"]
    assert main(args) == 0
    first = capsys.readouterr()
    assert main(args) == 0
    second = capsys.readouterr()
    assert _summary_without_speed(first.out) == _summary_without_speed(second.out)
    assert "60 hands of seven-card-stud" in first.out
    assert "chips conserved  yes" in first.out
    assert first.err == ""  # no progress bar when stderr is not a terminal


def test_other_seed_other_game():
    rs = load_ruleset("razz")
    kinds = bot_kinds("mixed", 4)
    a = simulate(rs, hands=30, players=4, seed=1, kinds=kinds, stack=Decimal(100))
    b = simulate(rs, hands=30, players=4, seed=2, kinds=kinds, stack=Decimal(100))
    assert a.conserved and b.conserved and a.hands == b.hands == 30
    assert a.net != b.net
    assert sum(a.net.values()) == 0


def test_progress_bar_on_request(capsys):
    assert main(["play", "razz", "--hands", "5", "--progress"]) == 0
    assert "5/5 hands" in capsys.readouterr().err


def test_saved_histories_replay_legal(tmp_path: Path, capsys):
    assert main(["play", "stud-hi-lo", "--hands", "3", "--save", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("hand-*.json"))
    assert [f.name for f in files] == ["hand-00001.json", "hand-00002.json", "hand-00003.json"]
    assert json.loads(files[0].read_text())["ruleset"]["name"] == "stud-hi-lo"
    capsys.readouterr()
    assert main(["replay", str(files[2])]) == 0
    assert "legal: all" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("text", "action", "amount"),
    [
        ("c", "call", Decimal("1.00") - Decimal("0.50")),
        ("f", "fold", None),
        ("raise 1", "raise", Decimal(1)),
        ("r to 1.00", "raise", Decimal("1.00")),
        ("r", "raise", Decimal("1.00")),
    ],
)
def test_parse_move(text, action, amount):
    move = parse_move(text, LEGAL).move
    assert move is not None and move.action == action
    if action == "call":
        assert move.amount == Decimal("0.50")
    elif amount is not None:
        assert move.amount == amount


def test_parse_move_rejects_with_a_reason():
    assert parse_move("xyz", LEGAL).error == "'xyz' is not an action"
    assert parse_move("check", LEGAL).error == "check is not legal now"
    assert "not an amount" in parse_move("r lots", LEGAL).error
    check = [LegalAction("check", text="check"), LegalAction("bet", Decimal(1), text="bet 1.00")]
    move = parse_move("c", check).move
    assert move is not None and move.action == "check"


def _game(lines: list[str], ruleset: str = "seven-card-stud", hands: int = 1, **kw):
    answers = iter(lines)
    out = io.StringIO()

    def ask(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    game = start_game(
        ruleset,
        load_ruleset(ruleset),
        players=kw.get("players", 3),
        seat=1,
        name="Me",
        seed=kw.get("seed", 4),
        kinds=["calling-station"],
        stack=kw.get("stack", Decimal(50)),
        ask=ask,
        out=out,
        echo=True,
        save=kw.get("save"),
    )
    played = game.run(hands)
    return played, out.getvalue()


def test_interactive_rejects_bad_input_and_plays_to_the_showdown():
    played, text = _game(["hello", "raise 99", "?"] + ["c"] * 40)
    assert played == 1
    assert "'hello' is not an action; legal now:" in text
    assert "not allowed: raise to 99" in text or "raise is not legal now" in text
    assert "type an action:" in text and "  f, fold" in text  # the help
    assert "Your move (" in text and "down [" in text
    assert any(suit in text for suit in "♣♦♥♠")
    assert "*** Showdown ***" in text
    assert re.search(r"(You win|\w+ wins) [0-9.]+ of the main pot with the best high hand", text)
    assert re.search(r"\n  (You|\w+): [a-z ,]+ \(", text)  # each hand shown with its name


def test_interactive_fold_quit_and_save(tmp_path: Path):
    played, text = _game(["f", "", "q"], hands=3, save=tmp_path)
    assert "You fold" in text or "You bring in" in text
    assert "You leave the table." in text
    assert played >= 1
    assert (tmp_path / "hand-00001.json").exists()


def test_interactive_cli_with_piped_input(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("c\n" * 60))
    assert main(["play", "razz", "-i", "--hands", "1", "--players", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Razz" in out and "Your move (" in out
    assert "1 hand(s) played" in out or "You leave the table." in out


def test_interactive_shows_house_rule_changes(tmp_path: Path, monkeypatch, capsys):
    house = tmp_path / "house.yaml"
    house.write_text("extends: seven-card-stud\nbetting: {max_raises: 4}\n")
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", str(house), "-i"]) == 0
    out = capsys.readouterr().out
    assert "Rules that differ from seven-card-stud:" in out
    assert "raises allowed after the bet: 4 (was 3)" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "sevn-card-stud"], "did you mean 'seven-card-stud'"),
        (["play", "razz", "--players", "12"], "seats 2 to 8 players, not 12; hint: --players 8"),
        (["play", "razz", "--bots", "shark"], "unknown bot 'shark'"),
        (["play", "razz", "--stack", "lots"], "--stack"),
        (["play", "razz", "-i", "--seat", "7"], "--seat 7 is not at this table"),
    ],
)
def test_misuse_gives_one_line_with_a_hint(argv, message, capsys):
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_parse_exchange_and_declare_moves():
    from stud.cards import Card

    exchange = [
        LegalAction("exchange", Decimal(0), text="exchange"),
        LegalAction("stand_pat", text="stand-pat"),
    ]
    move = parse_move("x 7c", exchange).move
    assert move is not None and move.action == "exchange" and move.cards == (Card.parse("7c"),)
    move = parse_move("c", exchange).move
    assert move is not None and move.action == "stand_pat"
    assert parse_move("x", exchange).error == "exchange which card? e.g. 'x 7c'"
    declare = [LegalAction("declare", text=f"declare {d}") for d in ("high", "low", "both")]
    move = parse_move("l", declare).move
    assert move is not None and move.declare == "low"
    move = parse_move("declare both", declare).move
    assert move is not None and move.declare == "both"


@pytest.mark.parametrize("ruleset", ["stud-hi-lo-declare-simultaneous", "stud-hi-lo-declare"])
def test_interactive_declarations(ruleset):
    played, text = _game(["c"] * 12 + ["nonsense", "both"] + ["c"] * 20, ruleset=ruleset, seed=8)
    assert played == 1
    assert "declare high, declare low, declare both" in text
    assert "You declare both" in text


def test_interactive_game_ends_when_you_are_broke():
    # a stack of one small bet: calling everything, the player is all in on third street
    for seed in range(1, 30):
        played, text = _game(["c"] * 30, hands=5, seed=seed, stack=Decimal("0.55"))
        if "You have no chips left." in text:
            assert played < 5
            return
    raise AssertionError("no seed left the player broke")


def test_red_suits_in_colour_only_when_asked():
    from stud.cards import parse_cards
    from stud.play.terminal import cards_text

    cards = parse_cards("Ah Ks")
    assert cards_text(cards) == "A♥ K♠"
    assert cards_text(cards, color=True) == "\033[31mA♥\033[0m K♠"


def test_plot_draws_winnings_and_win_rates(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    out = tmp_path / "sim.png"
    assert main(["play", "razz", "--hands", "30", "--plot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"chart            {out}" in capsys.readouterr().out


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["play", "razz", "--hands", "3", "--plot", str(tmp_path / "x.png")]) == 1
    assert "pip install 'stud[plot]'" in capsys.readouterr().err


def test_parse_decision_moves():
    from stud.cards import parse_cards

    discard = [
        LegalAction("discard", cards_min=2, cards_max=2, choices=tuple(parse_cards("As Kd 7c 2h")))
    ]
    move = parse_move("dis kd 7c", discard).move
    assert (
        move is not None and move.action == "discard" and move.cards == tuple(parse_cards("Kd 7c"))
    )
    assert parse_move("expose kd", discard).error == "expose is not legal now"
    assert "no valid rank" in parse_move("discard zz", discard).error
    roll = [LegalAction("expose", cards_min=0, cards_max=1, choices=tuple(parse_cards("Kd")))]
    move = parse_move("c", roll).move  # the passive choice: turn nothing up
    assert move is not None and move.action == "expose" and move.cards == ()
    move = parse_move("ex none", roll).move
    assert move is not None and move.cards == ()
    move = parse_move("split as 2c", [LegalAction("split", cards_min=2, cards_max=2)]).move
    assert move is not None and move.action == "split" and move.cards == tuple(parse_cards("As 2c"))


@pytest.mark.parametrize(
    ("ruleset", "verb", "said"),
    [
        ("super-stud", "dis", "You throw away"),
        ("7-card-flip", "ex", "You turn up"),
        ("cowpie", "split", "aside as a second hand"),
    ],
)
def test_interactive_decisions(ruleset: str, verb: str, said: str) -> None:
    """The person names cards from the choice the prompt shows (``discard 2 of As Kd 7c
    2h``); a refused split is answered with the next pair of cards."""
    from itertools import combinations

    out = io.StringIO()
    tries: dict[str, Iterator[tuple[str, ...]]] = {}

    def ask(prompt: str) -> str:
        out.write(prompt)
        m = re.search(r"\((\w+) (\d+) of ([^)]*)\)", prompt)
        if not m:
            return "c"
        pairs = tries.setdefault(m.group(3), combinations(m.group(3).split(), int(m.group(2))))
        return f"{verb} " + " ".join(next(pairs))

    game = start_game(
        ruleset,
        load_ruleset(ruleset),
        players=3,
        seat=1,
        name="Me",
        seed=5,
        kinds=["calling-station"],
        stack=Decimal(50),
        ask=ask,
        out=out,
        echo=True,
        save=None,
    )
    assert game.run(1) == 1
    text = out.getvalue()
    assert said in text and "*** Showdown ***" in text


def test_plot_aggregate_bars_are_not_red():
    """Red reads as losses: the per-kind averages take a neutral colour."""
    from stud.play.plot import bar_colours

    for colour in set(bar_colours(3, 2)):
        r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
        assert not (r > 1.5 * g and r > 1.5 * b), colour

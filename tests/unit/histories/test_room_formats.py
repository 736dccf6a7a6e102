"""Every room format on one hand written for these tests in each room's words.

Ann (seat 1), Bob (seat 4) and Cat (seat 6) play $0.50/$1 stud with a $0.10 ante: Bob's
4d brings in for $0.25, Cat completes, Ann calls, Bob folds; Ann bets fourth street, Cat
bets fifth, Ann bets sixth and Cat folds.  The pot is $4.55, the rake $0.15.
"""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from stud.cli import main
from stud.histories import format_of, read_path, read_text
from stud.histories.model import CutShort, HistoryError, OtherGame, RoomHand
from stud.histories.text import decode

ROOMS = Path(__file__).resolve().parents[2] / "data" / "room-formats"
SAME_HAND = {
    "winamax-stud.txt": ("Winamax", "text"),
    "kingsclub-stud.txt": ("KingsClub", "text"),
    "bovada-stud.txt": ("Bovada", "text"),
    "absolute-stud.txt": ("Absolute", "text"),
    "winning-stud.txt": ("Winning", "text"),
    "winning-old-stud.txt": ("Winning", "text"),
    "ongame-stud.txt": ("OnGame", "text"),
    "partypoker-stud.txt": ("PartyPoker", "text"),
    "everleaf-stud.txt": ("Everleaf", "text"),
    "merge-stud.xml": ("Merge", "XML"),
}
# (seat, kind, street total after the action, street)
PLAY = [
    (4, "bring_in", Decimal("0.25"), 0),
    (6, "bet", Decimal("0.50"), 0),
    (1, "call", Decimal("0.50"), 0),
    (4, "fold", None, 0),
    (1, "bet", Decimal("0.50"), 1),
    (6, "call", Decimal("0.50"), 1),
    (1, "check", None, 2),
    (6, "bet", Decimal("1"), 2),
    (1, "call", Decimal("1"), 2),
    (1, "bet", Decimal("1"), 3),
    (6, "fold", None, 3),
]


def _one(path: Path) -> RoomHand:
    (hand,) = read_path(path)
    assert isinstance(hand, RoomHand), hand
    return hand


def _audit(capsys, *args: str) -> tuple[int, list[dict]]:
    code = main(["audit", *args, "--json"])
    return code, [json.loads(line) for line in capsys.readouterr().out.splitlines()]


@pytest.mark.parametrize("name", sorted(SAME_HAND))
def test_each_room_reads_the_same_hand(name):
    text = decode((ROOMS / name).read_bytes())
    fmt = format_of(text)
    assert fmt is not None and (fmt.room, fmt.kind) == SAME_HAND[name]
    hand = _one(ROOMS / name)
    assert (hand.game, hand.small_bet, hand.big_bet) == ("seven-card-stud", 0.5, 1)
    assert (hand.ante(), hand.bring_in()) == (Decimal("0.10"), Decimal("0.25"))
    assert [(s.seat, s.stack) for s in hand.in_hand()] == [(1, 20), (4, 15), (6, 30)]
    seat = {s.name: s.seat for s in hand.seats}
    assert [(seat[a.name], a.kind, a.to, a.street) for a in hand.actions] == PLAY
    assert hand.finished
    if hand.rake is not None:
        assert hand.rake == Decimal("0.15")


@pytest.mark.parametrize("name", sorted(SAME_HAND))
def test_each_room_hand_is_legal_and_says_what_it_could_not_check(name, capsys):
    code, (row,) = _audit(capsys, str(ROOMS / name))
    assert code == 0 and row["verdict"] == "legal", row
    assert (row["room"], row["format"]) == SAME_HAND[name]
    notes = " ".join(row["notes"])
    hidden_doors = name.startswith(("partypoker", "everleaf"))
    assert ("the bring-in could not be verified" in notes) == hidden_doors
    unstated = name.startswith(("partypoker", "everleaf", "merge"))
    assert ("no rake stated: the room kept 0.15 of a 4.55 pot" in notes) == unstated


def test_final_stacks_written_by_the_room_are_checked(tmp_path, capsys):
    for name, line in (
        ("kingsclub-stud.txt", "Seat 1: Ann (22.30) +2.30"),
        ("ongame-stud.txt", "Seat 1: Ann ($22.30), net: +$2.30"),
    ):
        text = (ROOMS / name).read_text().replace(line, line.replace("22.30", "22.40"))
        path = tmp_path / name
        path.write_text(text)
        code, (row,) = _audit(capsys, str(path))
        assert code == 1 and row["verdict"] == "illegal" and row["divergence"]["rule"] == "SHOW-01"
        assert "Ann 22.40 (the ruleset leaves 22.45)" in row["divergence"]["reason"]


def test_five_card_stud_from_ipoker_xml(capsys):
    hand = _one(ROOMS / "ipoker-5stud.xml")
    assert (hand.room, hand.format, hand.game) == ("iPoker", "XML", "five-card-stud")
    ann = [d.cards for d in hand.deals if d.name == "Ann"]
    assert ann == [["9d", "Kh"], ["7h"], ["2s"], ["Kc"]]  # suit-first cards read as rank-suit
    assert hand.final == {"Ann": Decimal("22.30"), "Bob": Decimal("14.65"), "Cat": Decimal("27.90")}
    # actions come in the order of their numbers, not of the file
    assert [a.name for a in hand.actions[:4]] == ["Bob", "Cat", "Ann", "Bob"]
    code, (row,) = _audit(capsys, str(ROOMS / "ipoker-5stud.xml"))
    assert code == 0 and row["verdict"] == "legal" and row["ruleset"] == "five-card-stud"


def test_xml_with_a_dtd_or_entities_is_refused_unexpanded(tmp_path, capsys):
    text = (ROOMS / "merge-stud.xml").read_text()
    bomb = '<!DOCTYPE game [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>\n'
    path = tmp_path / "bomb.xml"
    path.write_text(text.replace('<game id="1000-1"', bomb + '<game id="1000-1" x="&b;"'))
    (item,) = read_path(path)
    assert isinstance(item, HistoryError) and "XML without a DTD or entities" in str(item)
    code, (row,) = _audit(capsys, str(path))
    assert code == 1 and row["verdict"] == "unreadable"


def test_encodings_cp1252_and_utf16_without_a_bom(tmp_path):
    euro = tmp_path / "winamax-cp1252.txt"
    euro.write_bytes((ROOMS / "winamax-stud.txt").read_text().encode("cp1252"))
    wide = tmp_path / "winning-utf16.txt"
    wide.write_bytes((ROOMS / "winning-old-stud.txt").read_text().encode("utf-16-le"))
    assert not wide.read_bytes().startswith(b"\xff\xfe")
    for path, name in ((euro, "winamax-stud.txt"), (wide, "winning-old-stud.txt")):
        hand, plain = _one(path), _one(ROOMS / name)
        assert [(a.name, a.to) for a in hand.actions] == [(a.name, a.to) for a in plain.actions]
    assert _one(euro).money and _one(euro).collected == {"Ann": Decimal("5.40")}


def test_a_mixed_file_skips_other_games_and_counts_them_apart(tmp_path, capsys):
    mixed = ROOMS / "stars-home-game-mixed.txt"
    items = read_path(mixed)
    assert isinstance(items[0], OtherGame) and items[0].game_text == "Hold'em No Limit"
    assert isinstance(items[1], RoomHand) and not items[1].money
    assert "PokerStars Home Game club Kitchen Table Club" in items[1].notes
    assert main(["audit", str(mixed)]) == 0
    out = capsys.readouterr().out
    assert f"{mixed}: PokerStars text, 2 hand(s)" in out
    assert "1 hand(s) of other games skipped: Hold'em No Limit (1)" in out
    table = [row.split() for row in out.splitlines()]
    assert ["all", "1", "1", "0", "0", "0", "0", "100.0%"] in table
    # stud import converts the stud hand, names the one it skipped, and succeeds
    assert main(["import", str(mixed), "--to", "phh"]) == 0
    captured = capsys.readouterr()
    assert "hand = 12001" in captured.out and "12000" not in captured.out
    assert "1 hand(s) skipped: 12000 (Hold'em No Limit)" in captured.err
    one = tmp_path / "one.phhs"
    one.write_text(captured.out)  # a one-hand collection reads back
    code, (row,) = _audit(capsys, str(one))
    assert code == 0 and row["verdict"] == "legal" and row["hand"] == "12001"


def test_a_stud_game_with_no_ruleset_is_named(tmp_path, capsys):
    text = (ROOMS / "kingsclub-stud.txt").read_text()
    path = tmp_path / "mexican.txt"
    path.write_text(text.replace("Limit Seven Card Stud", "Limit Mexican Stud"))
    code, (row,) = _audit(capsys, str(path))
    assert code == 0 and row["verdict"] == "unsupported"
    assert row["error"] == "game not supported: Limit Mexican Stud"


def test_truncated_hands_are_incomplete(tmp_path, capsys):
    lines = (ROOMS / "winamax-stud.txt").read_text().splitlines()
    cut = lines.index("Ann collected 5.40€ from pot")
    for n, what in (
        (cut, "the history stops before the hand's result"),
        (22, "the history stops before the hand is over: seat 1 is to act"),
        (28, "the history stops in the middle of a hand"),
    ):
        path = tmp_path / f"cut{n}.txt"
        path.write_text("\n".join(lines[:n] + (["Cat: ca"] if n == 28 else [])) + "\n")
        code, (row,) = _audit(capsys, str(path))
        assert code == 1 and row["verdict"] == "incomplete" and row["error"].startswith(what)


def test_stakes_read_from_the_table_catch_one_hand_that_differs(tmp_path, capsys):
    text = (ROOMS / "bovada-stud.txt").read_text()
    odd = text.replace("Bovada Hand #3001", "Bovada Hand #3002").replace("Bets $0.50", "Bets $0.60")
    path = tmp_path / "table.txt"
    path.write_text(text + "\n\n" + text.replace("#3001", "#3003") + "\n\n" + odd)
    code, rows = _audit(capsys, str(path))
    assert code == 1
    assert {r["hand"]: r["verdict"] for r in rows} == {
        "3001": "legal",
        "3003": "legal",
        "3002": "illegal",
    }


def test_pokerstars_all_in_ante_is_explained_by_next_seat(capsys):
    code, (row,) = _audit(capsys, str(ROOMS / "stars-allin-ante.txt"))
    assert code == 1 and row["divergence"]["rule"] == "BRING-01"
    assert row["divergence"]["explained_by"] == "bring_in.all_in: next-seat"
    assert (
        main(
            [
                "audit",
                str(ROOMS / "stars-allin-ante.txt"),
                "--set",
                "all.bring_in.all_in=next-seat",
                "-q",
            ]
        )
        == 0
    )


def test_an_unequal_ante_breaks_deal_01(tmp_path, capsys):
    text = (
        (ROOMS / "winamax-stud.txt")
        .read_text()
        .replace("Bob posts ante 0.10€", "Bob posts ante 0.05€")
    )
    path = tmp_path / "ante.txt"
    path.write_text(text)
    code, (row,) = _audit(capsys, str(path))
    assert code == 1 and row["divergence"]["rule"] == "DEAL-01"


def test_unknown_lines_name_the_room_and_what_could_stand_there():
    text = (ROOMS / "everleaf-stud.txt").read_text().replace("Ann checks", "Ann ponders")
    (item,) = read_text(text, "e.txt")
    assert isinstance(item, HistoryError) and item.room == "Everleaf"
    assert str(item).startswith("e.txt:21: cannot read 'Ann ponders'; expected")
    cut = read_text((ROOMS / "ongame-stud.txt").read_text().split("Summary:")[0] + "Ann bet", "o")
    assert isinstance(cut[0], CutShort)


def test_winning_side_pots_and_a_jackpot_fee(capsys):
    """The newer Winning format names side pots 'Side pot(1) $X | Rake $Y' and may take a
    jackpot fee beside the rake ('| JP Fee $X'): Cat's all-in leaves a side pot for Ann."""
    hand = _one(ROOMS / "winning-stud-side-pot.txt")
    assert hand.rake == Decimal("0.30") and hand.finished
    code, (row,) = _audit(capsys, str(ROOMS / "winning-stud-side-pot.txt"))
    assert code == 0 and row["verdict"] == "legal", row

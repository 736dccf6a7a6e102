"""The PokerStars and Full Tilt readers on small hands written for these tests."""

from decimal import Decimal
from pathlib import Path

import pytest
from stud.histories import read_path, read_text
from stud.histories.export import VARIANT, to_json, to_phh
from stud.histories.model import HistoryError, RoomHand
from stud.histories.recording import dealer_of, stakes, to_recording
from stud.phh import recording_from_phh
from stud.play.replay import check
from stud.rules import load_ruleset

ROOMS = Path(__file__).resolve().parents[2] / "data" / "rooms"


def _one(path: Path) -> RoomHand:
    (hand,) = read_path(path)
    assert isinstance(hand, RoomHand)
    return hand


def test_pokerstars_stud_hand_is_read_line_by_line():
    hand = _one(ROOMS / "stars-stud-flush.txt")
    assert (hand.room, hand.hand_id, hand.game, hand.tournament) == (
        "PokerStars",
        "1001",
        "seven-card-stud",
        False,
    )
    assert [(s.seat, s.name, s.stack) for s in hand.seats] == [
        (2, "Alma", Decimal("20")),
        (4, "Birch", Decimal("15")),
        (7, "Cove", Decimal("30")),
    ]
    assert (hand.ante(), hand.bring_in(), hand.small_bet, hand.big_bet) == (
        Decimal("0.10"),
        Decimal("0.25"),
        Decimal("1"),
        Decimal("2"),
    )
    alma = [d for d in hand.deals if d.name == "Alma"]
    assert (alma[0].down, alma[0].up) == (["9d", "9s"], ["Kh"])
    assert (alma[-1].street, alma[-1].down) == (4, ["5c"])
    raise_ = next(a for a in hand.actions if a.text == "Cove: raises $2 to $4")
    assert (raise_.kind, raise_.to, raise_.street) == ("bet", Decimal("4"), 2)
    call = next(a for a in hand.actions if a.text == "Cove: calls $0.75")
    assert call.to == Decimal("1")  # the street total after the call
    assert hand.collected == {"Cove": Decimal("19.55")} and hand.rake == Decimal("1")
    assert hand.shown["Cove"][:2] == ["Ad", "8d"]


def test_full_tilt_hand_reads_the_same_from_utf16_with_blank_lines(tmp_path):
    text = (ROOMS / "tilt-hilo-split.txt").read_text()
    odd = tmp_path / "tilt.txt"
    odd.write_bytes("\r\n\r\n".join(text.splitlines()).encode("utf-16"))
    plain, wide = _one(ROOMS / "tilt-hilo-split.txt"), _one(odd)
    assert plain.game == wide.game == "stud-hi-lo"
    assert [a.text for a in plain.actions] == [a.text for a in wide.actions]
    assert wide.header_ante == Decimal("0.25") and wide.bring_in() == Decimal("0.50")
    allin = next(a for a in wide.actions if a.name == "Eli" and a.street == 1)
    assert allin.all_in and allin.to == Decimal("2")
    assert wide.collected == {"Eli": Decimal("6.13"), "Dara": Decimal("6.12")}


def test_a_line_the_reader_does_not_know_names_file_line_and_expectation():
    text = (ROOMS / "stars-stud-flush.txt").read_text()
    text = text.replace("Alma: bets $1\n", "Alma: juggles $1\n")
    (item,) = read_text(text, "odd.txt")
    assert isinstance(item, HistoryError)
    assert str(item).startswith("odd.txt:21: cannot read 'Alma: juggles $1'; expected a deal")


def test_a_file_from_no_known_room_is_refused():
    with pytest.raises(
        HistoryError, match="expected a hand history of PokerStars, Full Tilt Poker, Winamax"
    ):
        read_text("Some Casino Hand 12\nSeat 1: x\n", "x.txt")


def test_stakes_dealer_and_replay():
    hand = _one(ROOMS / "stars-stud-flush.txt")
    values = stakes(hand)
    assert values["stakes.bring_in"] == "0.25" and values["stakes.chip"] == "0.01"
    assert values["dealing.burn"] is False
    assert dealer_of(hand) == 7  # dealing starts at the lowest seat
    report = check(to_recording(hand, load_ruleset("seven-card-stud", values)))
    assert report.ok, report.message


def test_tournament_chips_are_whole_units():
    hand = _one(ROOMS / "stars-razz-equal-boards.txt")
    assert hand.tournament and stakes(hand)["stakes.chip"] == "1"
    assert (hand.small_bet, hand.big_bet, hand.ante()) == (20, 40, 5)


FORMATS = ROOMS.parent / "room-formats"


@pytest.mark.parametrize("path", sorted([*ROOMS.iterdir(), *FORMATS.iterdir()]), ids=str)
def test_import_to_phh_replays_the_same_hand(path):
    house = {
        "betting.fold_when_check": "allowed",
        "board.ties": "position",
        "bring_in.all_in": "next-seat",
    }
    name = path.name
    hands = [h for h in read_path(path) if isinstance(h, RoomHand)]
    assert hands
    for hand in hands:
        assert to_json(hand)["hand_id"] == hand.hand_id
        if hand.game not in VARIANT:
            continue  # five-card stud: PHH has no variant for it
        rec = recording_from_phh(to_phh(hand), name, None, house)
        report = check(rec)
        assert report.ok, report.message
        assert [s.seat for s in rec.seats] == [s.seat for s in hand.in_hand()]


def test_a_name_with_brackets_keeps_its_cards():
    text = (ROOMS / "stars-razz-equal-boards.txt").read_text().replace("Kai", "Kai [Pro]")
    (hand,) = read_text(text, "alias.txt")
    assert isinstance(hand, RoomHand) and not hand.notes
    kai = [d for d in hand.deals if d.name == "Kai [Pro]"]
    assert [d.up for d in kai] == [["4c"], ["2h"], ["Ts"]]


def test_a_garbled_card_is_hidden_with_a_note():
    text = (ROOMS / "stars-stud-flush.txt").read_text()
    (hand,) = read_text(text.replace("[9d 9s Kh 4c 2s 7h] [5c]", "[9d 9s Kh 4c 2s 7h] [of]"), "x")
    assert isinstance(hand, RoomHand)
    assert hand.notes == ["line 36: of is not a card; taken as hidden"]
    assert hand.deals[-1].down == [None]

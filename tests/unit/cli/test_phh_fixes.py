"""PHH: run-outs dealt street by street, unknown cards that fit what the file shows,
and the seats, dealer, winnings and rake fields."""

from pathlib import Path

from stud.phh import recording_from_phh
from stud.play.replay import check

PHH = Path(__file__).resolve().parents[2] / "data" / "phh"
HEAD = "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
# Ann is all in on third street; four streets follow with no betting between them
RUN_OUT = HEAD + (
    "starting_stacks = [16, 100]\n"
    "players = ['Ann', 'Bob']\n"
    "actions = ['d dh p1 AhAd5c', 'd dh p2 KcKd3s', 'p2 pb', 'p1 cbr 5', 'p2 cbr 10',\n"
    "  'p1 cbr 15', 'p2 cc',\n"
    "  'd dh p1 7s', 'd dh p2 8h', 'd dh p1 9c', 'd dh p2 Jd',\n"
    "  'd dh p1 2h', 'd dh p2 4d', 'd dh p1 6c', 'd dh p2 Qs',\n"
    "  'p1 sm AhAd5c7s9c2h6c', 'p2 sm KcKd3s8hJd4dQs']\n"
)


def test_a_run_out_is_dealt_street_by_street():
    report = check(recording_from_phh(RUN_OUT + "finishing_stacks = [32, 84]\n", "run.phh"))
    assert report.ok, report.message
    assert "result matches" in report.message


def test_winnings_are_checked_before_rake():
    fine = RUN_OUT + "winnings = [30, 0]\nrake = 2\n"
    assert check(recording_from_phh(fine, "w.phh")).ok
    wrong = RUN_OUT + "winnings = [32, 0]\nrake = 2\n"
    report = check(recording_from_phh(wrong, "w.phh"))
    assert not report.ok
    assert "recorded winnings (seat 1 32, rake 2) are not the ruleset's awards" in report.message


def test_seats_and_dealer_fields_are_honoured():
    text = RUN_OUT + "seats = [3, 7]\ndealer = 7\n"
    rec = recording_from_phh(text, "s.phh")
    assert [s.seat for s in rec.seats] == [3, 7] and rec.dealer == 7
    assert {st.seat for st in rec.steps} == {3, 7}
    assert check(rec).ok
    # without a dealer field the last player listed deals, and the notes say so
    rec = recording_from_phh(RUN_OUT + "seats = [3, 7]\n", "s.phh")
    assert rec.dealer == 7 and any("last player listed" in n for n in rec.notes)


UNKNOWN_DOOR = (
    "variant = 'F7S'\nantes = [1, 1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n"
    "starting_stacks = [50, 50, 50]\n"
    "actions = ['d dh p1 ??????', 'd dh p2 9h9s4c', 'd dh p3 KdQd8s', 'p2 pb', 'p3 cc',\n"
    "  'p1 f', 'd dh p2 Th', 'd dh p3 2c', 'p2 cbr 5', 'p3 f']\n"
)


def test_an_unknown_door_card_does_not_steal_the_bring_in():
    # filled in pack order, the folded player's door card would be a deuce and bring in
    rec = recording_from_phh(UNKNOWN_DOOR, "u.phh")
    report = check(rec)
    assert report.ok, report.message
    door = rec.dealt[1][2]
    assert (door.rank, door.suit) > (4, 0)  # above Bob's 4c (suits break ties), who brought in
    assert "the bring-in could not be verified: the door cards of p1 were hidden" in rec.notes


def test_no_fill_fits_is_said():
    # Cat's 2c door is lower than Bob's 4c whatever Ann holds: Bob cannot bring in
    text = UNKNOWN_DOOR.replace("KdQd8s", "KdQd2c").replace("'d dh p3 2c'", "'d dh p3 8s'")
    rec = recording_from_phh(text, "u.phh")
    report = check(rec)
    assert not report.ok and "seat 2 cannot act now" in report.message
    assert any("no fill of the 1 hidden up card(s)" in n for n in rec.notes)


def test_a_shared_river_card_is_read():
    """Eight players check to the river: the pack runs short and one card is shared."""
    import random
    from decimal import Decimal

    from stud.cards import standard_deck
    from stud.engine import Hand, Seat
    from stud.rules import load_ruleset

    values = {"stakes.ante": "1", "stakes.bring_in": "2", "stakes.small_bet": "5"}
    values |= {"stakes.big_bet": "10", "stakes.chip": "1", "dealing.burn": False}
    rs = load_ruleset("seven-card-stud", values)
    deck = list(standard_deck())
    random.Random(3).shuffle(deck)
    hand = Hand(rs, [Seat(i, f"p{i}", Decimal(50)) for i in range(1, 9)], 8, deck=deck)
    acts: dict[str, list[str]] = {}
    while not hand.complete:
        seat = hand.to_act
        assert seat is not None and hand.street is not None
        names = {a.action for a in hand.legal_actions()}
        verb = "bring_in" if "bring_in" in names else "check" if "check" in names else "call"
        acts.setdefault(hand.street, []).append(
            f"p{seat} " + ("pb" if verb == "bring_in" else "cc")
        )
        hand.act(seat, verb)
    assert len(hand.community) == 1  # the engine shares the river card
    lines = [
        f"d dh p{i} " + "".join(map(str, hand.player(i).down[:2] + hand.player(i).up[:1]))
        for i in range(1, 9)
    ] + acts["third"]
    for k, street in enumerate(("fourth", "fifth", "sixth"), start=1):
        lines += [f"d dh p{i} {hand.player(i).up[k]}" for i in range(1, 9)] + acts[street]
    lines += [f"d db {hand.community[0]}", *acts["seventh"]]
    text = (
        "variant = 'F7S'\nantes = [1, 1, 1, 1, 1, 1, 1, 1]\nbring_in = 2\nsmall_bet = 5\n"
        "big_bet = 10\nstarting_stacks = [50, 50, 50, 50, 50, 50, 50, 50]\n"
        "actions = [" + ", ".join(f"'{line}'" for line in lines) + "]\n"
    )
    report = check(recording_from_phh(text, "eight.phh"))
    assert report.ok, report.message


def test_wrong_finishing_stacks_are_the_mismatch_never_a_crash(tmp_path, capsys):
    import json

    from stud.cli import main

    text = (PHH / "f7s-showdown.phh").read_text()
    hidden = text.replace("'d dh p3 QhJhTh'", "'d dh p3 ????Th'").replace(
        "'p3 sm QhJhTh2h8h5c9s'", "'p3 sm'"
    )
    cases = {
        "wrong.phh": (text.replace("[54, 97, 149]", "[54, 97, 150]"), "illegal"),
        "short.phh": (text.replace("[54, 97, 149]", "[54, 97]"), "unreadable"),
        "hidden-wrong.phh": (hidden.replace("[54, 97, 149]", "[54, 107, 139]"), "illegal"),
        "hidden-nochips.phh": (hidden.replace("[54, 97, 149]", "[54, 97, 150]"), "illegal"),
        "hidden-right.phh": (hidden, "legal"),
    }
    for name, (body, verdict) in cases.items():
        (tmp_path / name).write_text(body)
        main(["audit", str(tmp_path / name), "--json"])
        (row,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert row["verdict"] == verdict, (name, row)
        if verdict == "illegal":
            assert row["divergence"]["rule"] == "SHOW-01"
        if name == "short.phh":
            assert "finishing_stacks" in row["error"] and "each of the 3 players" in row["error"]
        if name == "hidden-right.phh":
            assert any(n.startswith("showdown not checked") for n in row["notes"])

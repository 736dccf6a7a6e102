"""Showdown and splitting the pot (SHOW, HILO, RAZZ, LONDON)."""

from __future__ import annotations

from decimal import Decimal

from enginekit import passive, ruleset, seats, stud_deck
from stud.cards import parse_cards
from stud.engine import Hand, events

D = Decimal


def won(hand: Hand) -> dict[int, Decimal]:
    result = hand.result
    assert result is not None
    out: dict[int, Decimal] = {}
    for a in result.awards:
        out[a.seat] = out.get(a.seat, D(0)) + a.amount
    return out


def shown(hand: Hand, seat: int, share: str) -> str:
    result = hand.result
    assert result is not None
    return next(h.name for h in result.hands if h.seat == seat and h.share == share)


def test_best_five_of_seven_wins_the_pot() -> None:  # SHOW-01..03, SHOW-06
    rows = ("2h Jc Qc Ks Ad Ts 9c", "3d 3c 7d 7h 8s 8h 4c")
    hand = Hand(ruleset(), seats(10, 10), dealer=2, deck=stud_deck(*rows))
    passive(hand)
    assert won(hand) == {1: hand.pot}
    assert shown(hand, 1, "high") == "ace-high straight"
    result = hand.result
    assert result is not None and result.showdown
    best = next(h for h in result.hands if h.seat == 1)
    assert sorted(best.cards) == sorted(parse_cards("Ts Jc Qc Ks Ad"))
    # the river was checked: the best board (seat 2, two pair showing) shows first
    assert [e.seat for e in hand.events if isinstance(e, events.Shown)] == [2, 1]


def test_high_card_and_kickers_decide() -> None:  # SHOW-04
    rows = ("Ac 3h 4d 6s 7s 2c 2d", "Ks Qs Jc 9c 8d 2h 2s")  # both play the deuces
    hand = Hand(ruleset(), seats(10, 10), dealer=2, deck=stud_deck(*rows))
    passive(hand)
    assert won(hand) == {1: hand.pot}


def test_identical_hands_split_suits_never_count() -> None:  # SHOW-05
    rows = ("Ah Kh 9h 7h 3h 2c 4d", "As Ks 9s 7s 3s 2d 4c")
    hand = Hand(ruleset(), seats(10, 10), dealer=2, deck=stud_deck(*rows))
    passive(hand)
    assert hand.pot == D("0.30")
    assert won(hand) == {1: D("0.15"), 2: D("0.15")}


def test_odd_chip_of_a_tie_goes_first_clockwise_from_the_dealer() -> None:
    rows = ("Ah Kh 9h 7h 3h 2c 4d", "As Ks 9s 7s 3s 2d 4c", "Jc Jd Qc")
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*rows))
    hand.act(1, "bring_in")  # 9h is the lowest door card
    hand.act(2, "call")
    hand.act(3, "fold")
    passive(hand)
    assert hand.pot == D("0.35")
    assert won(hand) == {1: D("0.18"), 2: D("0.17")}


def hilo(*rows: str, name: str = "stud-hi-lo", **over: object) -> Hand:
    rs = ruleset(name, **over)
    return Hand(rs, seats(*[100] * len(rows)), dealer=len(rows), deck=stud_deck(*rows))


def test_hi_lo_example_high_and_low_to_different_hands() -> None:  # HILO-01..06
    hand = hilo("Ah 2s Kh Ks 3c 4h 5d", "As 3s Qh Qd Qs 3h 9c")
    passive(hand)
    assert won(hand) == {1: D("0.15"), 2: D("0.15")}
    assert shown(hand, 2, "high") == "full house, queens over threes"
    assert "five" in shown(hand, 1, "low")
    result = hand.result
    assert result is not None
    assert not [h for h in result.hands if h.seat == 2 and h.share == "low"]  # no low


def test_no_qualifying_low_high_scoops() -> None:  # HILO-07
    hand = hilo("Ah 2s Kh Ks 9c Th Jd", "As 3s Qh Qd Qs 3h 9d")
    passive(hand)
    assert won(hand) == {2: hand.pot}


def test_odd_chip_between_the_halves_goes_high() -> None:  # HILO-08
    hand = hilo("Ah 2s Kh Ks 3c 4h 5d", "As 3s Qh Qd Qs 3h 9c", "Jc Jd Ac")
    assert hand.to_act == 2
    hand.act(2, "bring_in")
    hand.act(3, "fold")
    passive(hand)
    assert hand.pot == D("0.35")
    assert won(hand) == {2: D("0.18"), 1: D("0.17")}


def test_quartered_heads_up_the_better_high_gets_three_quarters() -> None:  # HILO-09
    hand = hilo("Ah 7h 5h 3h 2h Kc Qd", "As 7s 5c 3d 2c Ac 7c", stakes__ante="0.10")
    assert hand.to_act == 2
    hand.act(2, "complete")
    hand.act(1, "call")
    passive(hand)
    assert hand.pot == D("1.20")
    assert won(hand) == {1: D("0.90"), 2: D("0.30")}


def test_split_unit_ten_twenty_230_pot() -> None:  # HILO-10
    rows = (
        "Kc Kd Ks Kh Qs Qh Js",
        "Ac 2c 3d 4h 5s 9c Td",
        "Ad 2d 3h 4s 5c 9d Th",
        "6c 6d 2h 7c",
        "8c 8d 2s 7d",
    )
    hand = hilo(*rows, name="stud-hi-lo-split-unit")
    assert hand.to_act == 4
    hand.act(4, "bring_in")
    hand.act(5, "complete", 10)
    for seat in (1, 2, 3, 4):
        hand.act(seat, "call")
    assert hand.street == "fourth" and hand.to_act == 1
    hand.act(1, "bet", 10)
    for seat in (2, 3, 4, 5):
        hand.act(seat, "call")
    hand.act(1, "bet", 20)
    hand.act(2, "call")
    hand.act(3, "call")
    hand.act(4, "fold")
    hand.act(5, "fold")
    hand.act(1, "bet", 20)
    hand.act(2, "call")
    hand.act(3, "call")
    passive(hand)
    assert hand.pot == D(230)
    assert won(hand) == {1: D(120), 2: D(55), 3: D(55)}


def test_any_low_without_a_qualifier() -> None:  # HILO-12
    hand = hilo("Ah 2s Kh Ks 9c Th Jd", "As 3s Qh Qd Qs 3h 9d", name="stud-hi-lo-any-low")
    passive(hand)
    # seat 1's K-J-T-9-A... is a low too; seat 2's pairs make a worse low
    assert won(hand) == {1: D("0.15"), 2: D("0.15")}


def test_razz_lowest_hand_wins() -> None:  # RAZZ-01
    rows = ("Ah 2s Kh Ks 3c 4h 5d", "As 3s Qh Qd Qs 3h 9c")
    hand = Hand(ruleset("razz"), seats(10, 10), dealer=2, deck=stud_deck(*rows))
    passive(hand)
    assert won(hand) == {1: hand.pot}
    assert shown(hand, 1, "low").startswith("five")


def test_london_lowball_straights_count_against() -> None:  # LONDON-01
    rows = ("Ah 2s 3c 4h 5d Kc Kd", "As 2h 3s 4d 6c Qc Qd")
    hand = Hand(ruleset("london-lowball"), seats(100, 100), dealer=2, deck=stud_deck(*rows))
    passive(hand)
    assert won(hand) == {2: hand.pot}  # 6-4-3-2-A beats the wheel, which is a straight


def test_odd_chip_of_a_tie_by_high_card() -> None:  # pot.odd_chip_tie: high-card
    rows = ("Ah Kh 9h 7h 3h 2c 4d", "As Ks 9s 7s 3s 2d 4c", "Jc Jd Qc")
    rs = ruleset(pot__odd_chip_tie="high-card")
    hand = Hand(rs, seats(10, 10, 10), dealer=3, deck=stud_deck(*rows))
    hand.act(1, "bring_in")
    hand.act(2, "call")
    hand.act(3, "fold")
    passive(hand)
    assert won(hand) == {2: D("0.18"), 1: D("0.17")}  # the ace of spades is the high card

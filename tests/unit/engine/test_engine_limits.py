"""Bet sizes: fixed limit, the open pair, the cap, spread limit, pot limit, no limit."""

from __future__ import annotations

from decimal import Decimal

import pytest
from enginekit import legal, ruleset, seats, stud_deck
from stud.engine import Hand
from stud.errors import IllegalAction

# seat 1 holds the lowest door card (2c) and brings in; no board pairs on fourth street
ROWS = ("Ah Kd 2c 9d", "3c 4d 5h Th", "7s 8d 6d Js", "Qs Jd Kh 4s")


def limit_4_8() -> Hand:
    rs = ruleset(
        stakes__ante="0.50", stakes__bring_in="1", stakes__small_bet="4", stakes__big_bet="8"
    )
    return Hand(rs, seats(200, 200, 200, 200), dealer=4, deck=stud_deck(*ROWS))


def test_fixed_limit_four_eight() -> None:  # LIMIT-01, LIMIT-02, LIMIT-03
    hand = limit_4_8()
    hand.act(1, "complete", 4)
    assert legal(hand) == ["fold", "call 4.00", "raise to 8.00"]  # never a big bet on third
    hand.act(2, "raise", 8)
    for seat in (3, 4, 1):
        hand.act(seat, "call")
    assert hand.street == "fourth"
    assert hand.to_act == 4  # Kh Qs... best board: K-4 beats J-6, T-5, 9-2
    assert legal(hand) == ["check", "bet 4.00"]
    hand.act(4, "bet")
    assert legal(hand) == ["fold", "call 4.00", "raise to 8.00"]
    for seat in (1, 2, 3):
        hand.act(seat, "call")
    assert hand.street == "fifth"
    first = hand.to_act
    assert first is not None
    assert legal(hand) == ["check", "bet 8.00"]
    hand.act(first, "bet", 8)
    assert legal(hand) == ["fold", "call 8.00", "raise to 16.00"]


OPEN_PAIR = ("Ah Kd 2c 2d", "3c 4d 5h Th", "7s 8d 6d Js", "Qs Jd Kh 4s")


def open_pair(name: str = "seven-card-stud") -> Hand:
    rs = ruleset(
        name,
        stakes__chip="1",
        stakes__ante="1",
        stakes__bring_in="2",
        stakes__small_bet="10",
        stakes__big_bet="20",
    )
    hand = Hand(rs, seats(500, 500, 500, 500), dealer=4, deck=stud_deck(*OPEN_PAIR))
    hand.act(1, "bring_in")
    for seat in (2, 3, 4):
        hand.act(seat, "call")
    assert hand.street == "fourth"
    return hand


def test_open_pair_allows_small_or_big_bet_for_anyone() -> None:  # LIMIT-04
    hand = open_pair()
    assert hand.to_act == 1  # the pair of deuces
    assert legal(hand) == ["check", "bet 10", "bet 20"]
    with pytest.raises(IllegalAction) as info:
        hand.act(1, "bet")  # two sizes: the amount must be given
    assert "needs an amount" in info.value.reason
    hand.act(1, "check")
    assert legal(hand) == ["check", "bet 10", "bet 20"]  # inherited by the next player


def test_big_bet_locks_the_round_in_big_units() -> None:  # LIMIT-05 (10/20 example)
    hand = open_pair()
    hand.act(1, "bet", 20)
    assert legal(hand) == ["fold", "call 20", "raise to 40"]


def test_small_raise_of_a_big_bet_where_the_lock_is_off() -> None:  # LIMIT-05 note
    hand = open_pair("seven-card-stud-small-raise")
    hand.act(1, "bet", 20)
    assert legal(hand) == ["fold", "call 20", "raise to 30", "raise to 40"]
    hand.act(2, "raise", 30)
    hand.act(3, "raise", 40)
    hand.act(4, "raise", 50)  # three raises: capped
    assert legal(hand) == ["fold", "call 30"]


def test_hi_lo_open_pair_gives_no_big_bet() -> None:  # LIMIT-06
    rs = ruleset(
        "stud-hi-lo",
        stakes__chip="1",
        stakes__ante="1",
        stakes__bring_in="2",
        stakes__small_bet="10",
        stakes__big_bet="20",
    )
    hand = Hand(rs, seats(500, 500, 500, 500), dealer=4, deck=stud_deck(*OPEN_PAIR))
    hand.act(1, "bring_in")
    for seat in (2, 3, 4):
        hand.act(seat, "call")
    assert legal(hand) == ["check", "bet 10"]


def test_cap_three_raises_then_call_or_fold() -> None:  # CAP-01, CAP-03
    hand = limit_4_8()
    hand.act(1, "complete", 4)
    hand.act(2, "raise", 8)
    hand.act(3, "raise", 12)
    hand.act(4, "raise", 16)
    assert legal(hand) == ["fold", "call 12.00"]
    with pytest.raises(IllegalAction):
        hand.act(1, "raise", 20)


def test_four_raises_room() -> None:  # CAP-01 variation
    rs = ruleset("seven-card-stud-four-raises")
    hand = Hand(rs, seats(50, 50, 50, 50), dealer=4, deck=stud_deck(*ROWS))
    hand.act(1, "complete")
    for seat, to in ((2, "1.00"), (3, "1.50"), (4, "2.00"), (1, "2.50")):
        hand.act(seat, "raise", to)
    assert legal(hand) == ["fold", "call 1.50"]


def test_heads_up_is_uncapped_in_hand() -> None:  # CAP-02 (000: two left in the hand)
    hand = limit_4_8()
    hand.act(1, "complete", 4)
    hand.act(2, "fold")
    hand.act(3, "fold")
    for seat, to in ((4, 8), (1, 12), (4, 16), (1, 20), (4, 24)):
        hand.act(seat, "raise", to)
    assert "raise to 28.00" in legal(hand)


def test_round_start_cap_rule_keeps_the_cap_after_folds() -> None:  # CAP-02 (002)
    rs = ruleset("seven-card-stud-round-start-cap")
    hand = Hand(rs, seats(50, 50, 50, 50), dealer=4, deck=stud_deck(*ROWS))
    hand.act(1, "complete")
    hand.act(2, "fold")
    hand.act(3, "fold")
    for seat, to in ((4, "1.00"), (1, "1.50"), (4, "2.00")):
        hand.act(seat, "raise", to)
    assert legal(hand) == ["fold", "call 0.50"]  # four were active when the round began


def spread_fourth() -> Hand:
    hand = Hand(
        ruleset("spread-limit-stud"), seats(100, 100, 100, 100), dealer=4, deck=stud_deck(*ROWS)
    )
    hand.act(1, "bring_in")
    for seat in (2, 3, 4):
        hand.act(seat, "call")
    return hand


def test_spread_limit_bets_and_raises() -> None:  # SPREAD-01, SPREAD-03
    hand = spread_fourth()
    assert hand.to_act == 4
    assert legal(hand) == ["check", "bet 1.00..5.00"]
    hand.act(4, "bet", 2)
    assert legal(hand) == ["fold", "call 2.00", "raise to 4.00..7.00"]
    hand.act(1, "raise", 7)  # a $5 raise
    assert legal(hand) == ["fold", "call 7.00", "raise to 12.00"]
    other = spread_fourth()
    other.act(4, "bet", 5)
    assert legal(other) == ["fold", "call 5.00", "raise to 10.00"]


def test_spread_limit_completion_is_any_amount_in_the_spread() -> None:  # SPREAD-06
    hand = Hand(
        ruleset("spread-limit-stud"), seats(100, 100, 100, 100), dealer=4, deck=stud_deck(*ROWS)
    )
    assert legal(hand) == ["bring-in 0.25", "complete to 1.00..5.00"]
    hand.act(1, "bring_in")
    assert legal(hand) == ["fold", "call 0.25", "complete to 1.00..5.00"]
    hand.act(2, "complete", "3.5")
    assert legal(hand) == ["fold", "call 3.50", "raise to 7.00..8.50"]


def test_pot_limit_bring_in_up_to_the_pot() -> None:  # POT-02, POT-03
    rows = ROWS + ("9s 9c 8c",)
    hand = Hand(
        ruleset("pot-limit-stud"), seats(200, 200, 200, 200, 200), dealer=5, deck=stud_deck(*rows)
    )
    assert hand.pot == Decimal(5)
    assert legal(hand) == ["bring-in 1.00", "complete to 1.01..5.00"]


def test_pot_limit_raise_example() -> None:  # POT-04: pot 15, bet 10 -> raise to 20..45
    rows = ("Ah Kd 2c 9d", "3c 4d 5h Th", "7s 8d 6d Js")
    hand = Hand(ruleset("pot-limit-stud"), seats(200, 200, 200), dealer=3, deck=stud_deck(*rows))
    hand.act(1, "bring_in")
    hand.act(2, "raise", 4)  # a bring-in of the minimum bet is the bet
    hand.act(3, "call")
    hand.act(1, "call")
    assert hand.street == "fourth" and hand.pot == Decimal(15)
    first = hand.to_act
    assert first == 3  # J-6 is the best board
    hand.act(3, "bet", 10)
    assert legal(hand) == ["fold", "call 10.00", "raise to 20.00..45.00"]
    with pytest.raises(IllegalAction):
        hand.act(1, "raise", 46)
    hand.act(1, "raise", 45)
    assert hand.pot == Decimal(70)


def test_no_limit_raise_up_to_the_stack() -> None:
    rows = ("Ah Kd 2c 9d", "3c 4d 5h Th", "7s 8d 6d Js")
    rs = ruleset("pot-limit-stud", betting__structure="no-limit")
    hand = Hand(rs, seats(200, 150, 200), dealer=3, deck=stud_deck(*rows))
    hand.act(1, "bring_in")
    # a bring-in of the minimum bet is the bet: the next player raises it
    assert legal(hand) == ["fold", "call 1.00", "raise to 2.00..149.00"]
    hand.act(2, "raise", 149)  # all in
    assert hand.player(2).all_in
    # a full raise would be to 297; seat 3 can only put all 199 in (a short raise)
    assert legal(hand) == ["fold", "call 149.00", "raise to 199.00"]


def test_spread_limit_keeps_the_cap() -> None:  # SPREAD-04
    hand = spread_fourth()
    hand.act(4, "bet", 1)
    hand.act(1, "raise", 2)
    hand.act(2, "raise", 3)
    hand.act(3, "raise", 4)
    assert legal(hand) == ["fold", "call 3.00"]

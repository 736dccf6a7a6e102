"""Third street: the bring-in and its completion (BRING-01..13)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from enginekit import legal, passive, ruleset, seats, stud_deck
from stud.engine import Hand, events
from stud.errors import IllegalAction

# four players, dealer seat 4: deal order seats 1, 2, 3, 4
DOORS_4 = ("Ah Kd 9c", "2c 3d 5h", "7s 7d 2d", "Qs Jd Kh")  # door cards 9c 5h 2d Kh


def hand4(
    rs_name: str = "seven-card-stud", rows: tuple[str, ...] = DOORS_4, **over: object
) -> Hand:
    return Hand(ruleset(rs_name, **over), seats(10, 10, 10, 10), dealer=4, deck=stud_deck(*rows))


def test_lowest_door_card_brings_in_and_may_complete() -> None:  # BRING-01, BRING-04
    hand = hand4()
    assert hand.street == "third"
    assert hand.to_act == 3  # 2d is the lowest door card
    assert legal(hand) == ["bring-in 0.10", "complete to 0.50"]


def test_suits_break_a_tie_for_the_lowest_card() -> None:  # BRING-02, BRING-03
    rows = ("Ah Kd 4s", "2c 3d 4d", "7s 7d 4h", "Qs Jd Ac")
    assert hand4(rows=rows).to_act == 2  # 4d: diamonds below hearts and spades
    rows = ("Ah Kd 4s", "2c 3d Ac", "7s 7d 4h", "Qs Jd Kc")
    assert hand4(rows=rows).to_act == 3  # the ace is high, so 4h is lowest of 4s 4h Kc Ac


def test_after_the_bring_in_next_player_may_fold_call_or_complete() -> None:  # BRING-06..08
    hand = hand4()
    hand.act(3, "bring_in")
    assert hand.to_act == 4
    assert legal(hand) == ["fold", "call 0.10", "complete to 0.50"]  # no check, no raise
    with pytest.raises(IllegalAction) as info:
        hand.act(4, "check")
    assert info.value.legal == ["fold", "call 0.10", "complete to 0.50"]
    with pytest.raises(IllegalAction):
        hand.act(4, "raise", "1.00")
    assert hand.to_act == 4 and hand.pot == Decimal("0.30")


def test_bring_in_twenty_dollar_game() -> None:  # BRING-09 worked example
    hand = hand4()
    hand.act(3, "bring-in", "0.10")
    assert legal(hand) == ["fold", "call 0.10", "complete to 0.50"]
    hand.act(4, "complete", "0.50")
    assert legal(hand) == ["fold", "call 0.50", "raise to 1.00"]
    # the bring-in player completing at once gives the same choice to the next player
    other = hand4()
    other.act(3, "complete")
    assert legal(other) == ["fold", "call 0.50", "raise to 1.00"]


def test_everyone_calls_the_bring_in_and_the_round_ends_with_no_option() -> None:
    hand = hand4()
    hand.act(3, "bring_in")
    for seat in (4, 1, 2):
        hand.act(seat, "call")
    assert hand.street == "fourth"
    assert hand.pot == Decimal("0.60")


def test_bring_in_below_small_bet_is_not_the_bet_for_the_cap() -> None:  # BRING-10, BRING-11
    rows = ("2h 3h 4c", "Kd Kc 9d", "Qd Qc Td", "Jd Jc Js", "8d 8c 8s")  # A=seat1 has 4c
    rs = ruleset("stud-hi-lo-split-unit")  # 10/20, ante 2, bring-in 2, chip 1
    hand = Hand(rs, seats(500, 500, 500, 500, 500), dealer=5, deck=stud_deck(*rows))
    assert hand.to_act == 1
    hand.act(1, "bring_in")  # A brings in for 2
    hand.act(2, "call")  # B calls 2
    hand.act(3, "complete", 10)  # C completes to 10
    assert legal(hand) == ["fold", "call 10", "raise to 20"]  # D: exactly 20
    with pytest.raises(IllegalAction):
        hand.act(4, "raise", 30)
    hand.act(4, "raise", 20)
    hand.act(5, "raise", 30)
    hand.act(1, "raise", 40)  # the third raise after the completion
    assert legal(hand) == ["fold", "call 38"]  # capped at 40
    assert hand.player(2).bet == 2


def test_home_game_without_bring_in_highest_card_opens_and_may_check() -> None:  # BRING-12
    rows = ("2c 3d Kh", "4c 5d Ks", "6c 7d 9h", "8c 9d Th")  # Kh and Ks tie: suits ignored
    rs = ruleset("seven-card-stud-home")
    hand = Hand(rs, seats(10, 10, 10, 10), dealer=4, deck=stud_deck(*rows))
    assert hand.to_act == 1  # the first of the two kings clockwise from the dealer
    assert legal(hand)[0] == "check"
    assert "bet 0.50" in legal(hand)
    hand.act(1, "check")
    assert hand.to_act == 2


def test_razz_highest_door_card_brings_in() -> None:  # BRING-13
    rows = ("2c 3d Kh", "4c 5d Ks", "6c 7d 9h", "8c 9d Ah")  # aces low: the kings are high
    hand = Hand(ruleset("razz"), seats(10, 10, 10, 10), dealer=4, deck=stud_deck(*rows))
    assert hand.to_act == 2  # Ks: spades above hearts


def test_bring_in_all_in_for_less() -> None:
    hand = Hand(
        ruleset(),
        seats(10, "0.08", 10, 10),
        dealer=4,
        deck=stud_deck(*DOORS_4[:2], "7s 7d 9d", "Qs Jd Kh"),
    )
    # seat 2 (door 5h) brings in with 0.03 left after the 0.05 ante
    assert hand.to_act == 2
    assert legal(hand) == ["bring-in 0.03"]
    hand.act(2, "bring_in")
    assert hand.player(2).all_in
    assert any(isinstance(e, events.AllIn) and e.seat == 2 for e in hand.events)
    assert legal(hand) == ["fold", "call 0.03", "complete to 0.50"]
    passive(hand)
    assert hand.result is not None and hand.result.showdown
    assert sum(a.amount for a in hand.result.awards) == hand.pot

"""All-in for less, short raises, side pots, uncalled bets, the hand ending early."""

from __future__ import annotations

from decimal import Decimal

from enginekit import legal, passive, ruleset, seats, stud_deck
from stud.engine import Hand, events

D = Decimal
# seat 1 brings in (2c); no open pairs on fourth; seat 4 (K-4) opens fourth street
ROWS = ("Ah Kd 2c 9d", "3c 4d 5h Th", "7s 8d 6d Js", "Qs Jd Kh 4s")
TEN_TWENTY = dict(
    stakes__chip="1",
    stakes__ante="1",
    stakes__bring_in="2",
    stakes__small_bet="10",
    stakes__big_bet="20",
    streets__fourth__big_bet_when="never",
)


def fourth(stacks: tuple[int, ...], name: str = "seven-card-stud") -> Hand:
    hand = Hand(ruleset(name, **TEN_TWENTY), seats(*stacks), dealer=4, deck=stud_deck(*ROWS))
    hand.act(1, "bring_in")
    for seat in (2, 3, 4):
        hand.act(seat, "call")
    assert hand.street == "fourth" and hand.to_act == 4
    return hand


def test_ante_all_in_for_less() -> None:
    rs = ruleset(**TEN_TWENTY)
    hand = Hand(rs, seats(100, 1, 100, 100), dealer=4, deck=stud_deck(*ROWS))
    assert hand.player(2).all_in and hand.player(2).stack == 0
    assert len(hand.player(2).up) == 1  # still dealt in
    passive(hand)
    pots = hand.pots()
    assert pots[0].eligible == (1, 2, 3, 4) and pots[0].amount == D(4)
    assert sum(p.amount for p in pots) == hand.pot


def test_short_all_in_raise_does_not_reopen_the_betting() -> None:
    # seat 2 has 17 left on fourth street: a raise to 14 is 4 more, less than half of 10
    hand = fourth((100, 17, 100, 100))
    hand.act(4, "bet", 10)
    hand.act(1, "call")
    assert legal(hand) == ["fold", "call 10", "raise to 14"]
    hand.act(2, "raise", 14)
    assert hand.player(2).all_in
    assert legal(hand) == ["fold", "call 14", "raise to 24"]  # seat 3 has not acted yet
    hand.act(3, "call")
    assert hand.to_act == 4
    assert legal(hand) == ["fold", "call 4"]  # seat 4 and seat 1 already acted: no raise
    hand.act(4, "call")
    assert legal(hand) == ["fold", "call 4"]


def test_all_in_raise_of_half_a_bet_reopens_in_limit() -> None:  # Robert's half-bet rule
    hand = fourth((100, 19, 100, 100))
    hand.act(4, "bet", 10)
    hand.act(1, "call")
    hand.act(2, "raise", 16)  # 6 more: at least half a bet
    hand.act(3, "call")
    assert legal(hand) == ["fold", "call 6", "raise to 26"]


def test_side_pots_are_awarded_separately() -> None:
    # seat 2 (all in) holds the best hand; seat 3 beats seat 1 for the side pot
    rows = ("2c 3d 4c 5d 9s Th 7h", "Ac Ad 5h As Kc Ks 8c", "Qc Qd 6s Qh 8d 8h 2s")
    rs = ruleset(**TEN_TWENTY)
    hand = Hand(rs, seats(200, 21, 200), dealer=3, deck=stud_deck(*rows))
    assert hand.to_act == 1  # 4c
    hand.act(1, "bring_in")
    hand.act(2, "complete", 10)
    hand.act(3, "raise", 20)
    hand.act(1, "call")
    hand.act(2, "call")  # all in for 21 in all
    assert hand.player(2).all_in
    opener = hand.to_act
    assert opener in (1, 3)
    hand.act(opener, "bet", 10)
    hand.act(4 - opener, "call")
    passive(hand)
    pots = hand.pots()
    assert [(p.amount, p.eligible) for p in pots] == [(D(63), (1, 2, 3)), (D(20), (1, 3))]
    result = hand.result
    assert result is not None
    by_pot = {(a.pot, a.seat): a.amount for a in result.awards}
    assert by_pot[(0, 2)] == pots[0].amount
    assert by_pot[(1, 3)] == pots[1].amount
    assert pots[0].eligible == (1, 2, 3) and pots[1].eligible == (1, 3)
    assert sum(a.amount for a in result.awards) == hand.pot


def test_uncalled_bet_is_returned_and_no_hand_is_shown() -> None:
    hand = fourth((100, 100, 100, 100))
    hand.act(4, "bet", 10)
    for seat in (1, 2, 3):
        hand.act(seat, "fold")
    returned = [e for e in hand.events if isinstance(e, events.UncalledReturned)]
    assert returned == [events.UncalledReturned(4, D(10))]
    result = hand.result
    assert result is not None and not result.showdown and result.hands == ()
    assert result.awards[0].seat == 4 and result.awards[0].amount == hand.pot == D(12)
    assert hand.to_act is None and hand.phase == "complete" and hand.legal_actions() == []


def test_when_one_player_can_still_bet_the_rest_is_dealt_out() -> None:
    rs = ruleset(**TEN_TWENTY)
    hand = Hand(rs, seats(200, 11, 200), dealer=3, deck=stud_deck(*ROWS[:3]))
    hand.act(1, "bring_in")
    hand.act(2, "complete", 10)  # all in
    hand.act(3, "call")
    hand.act(1, "fold")
    # seats 2 (all in) and 3 remain: no more betting, straight to the showdown
    assert hand.phase == "complete"
    result = hand.result
    assert result is not None and result.showdown
    assert len(hand.player(3).down + hand.player(3).up) == 7


def test_all_in_call_for_less() -> None:
    hand = fourth((100, 100, 100, 15))
    hand.act(4, "bet", 10)
    hand.act(1, "raise", 20)
    hand.act(2, "call")
    hand.act(3, "call")
    assert legal(hand) == ["fold", "call 2"]  # seat 4 has 12 left in all after 3rd street
    hand.act(4, "call")
    assert hand.player(4).all_in
    assert [p.eligible for p in hand.pots()] == [(1, 2, 3, 4), (1, 2, 3)]


def test_a_short_all_in_completion_counts_only_from_the_reopen_fraction() -> None:
    """Less than half the small bet is no completion (the next player may still complete);
    half or more is the completion (the next raise is a full bet on top); with the
    full-bet rule (reopen_fraction 1) even 9 of 10 is no completion."""
    cases = [("0.5", 4, ["fold", "call 3", "complete to 10"]),
             ("0.5", 6, ["fold", "call 5", "raise to 15"]),
             ("1", 10, ["fold", "call 9", "complete to 10"])]  # fmt: skip
    for fraction, stack, expected in cases:
        rs = ruleset(**TEN_TWENTY, betting__reopen_fraction=fraction)
        hand = Hand(rs, seats(stack, 100, 100, 100), dealer=4, deck=stud_deck(*ROWS))
        assert hand.to_act == 1
        hand.act(1, "complete", D(stack - 1))  # all in after the ante
        assert hand.player(1).all_in
        assert legal(hand) == expected, (fraction, stack)

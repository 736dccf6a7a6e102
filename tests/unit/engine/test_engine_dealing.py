"""Antes, the deal, burns and the run-out; who opens each street (DEAL, ROUND, SETUP)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest
from enginekit import passive, ruleset, seats, stud_deck
from stud.cards import parse_cards
from stud.engine import DeckError, Hand, Seat, events
from stud.errors import StudError

ROWS = ("Ah Kd 2c 9d Qc 3h 4h", "3c 4d 5h Th 6c 7c 8c", "7s 8d 6d Js 2h 2s 3s")


def test_antes_then_one_card_at_a_time_from_the_dealers_left() -> None:  # DEAL-01..03
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=2, deck=parse_cards("2c 3c 4c 5c 6c 7c 8c"))
    evs = hand.events
    antes = [e for e in evs if isinstance(e, events.Ante)]
    assert [a.seat for a in antes] == [3, 1, 2]
    assert all(a.amount == Decimal("0.05") for a in antes)
    dealt = [(type(e).__name__, e.seat, str(e.card)) for e in evs if hasattr(e, "card")]
    assert dealt[:9] == [
        ("DealtDown", 3, "2c"),
        ("DealtDown", 1, "3c"),
        ("DealtDown", 2, "4c"),
        ("DealtDown", 3, "5c"),
        ("DealtDown", 1, "6c"),
        ("DealtDown", 2, "7c"),
        ("DealtUp", 3, "8c"),
        ("DealtUp", 1, "2d"),
        ("DealtUp", 2, "2h"),
    ]
    assert hand.pot == Decimal("0.15")


def test_three_down_four_up_and_burns_before_later_streets() -> None:  # DEAL-04, DEAL-06
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS))
    passive(hand)
    for seat, row in zip((1, 2, 3), ROWS, strict=True):
        view = hand.player(seat)
        cards = parse_cards(row)
        assert view.down == (cards[0], cards[1], cards[6])
        assert view.up == tuple(cards[2:6])
    burns = [e for e in hand.events if isinstance(e, events.Burn)]
    assert len(burns) == 4


def test_no_burns_in_the_home_game() -> None:  # DEAL-06 parameter
    rs = ruleset("seven-card-stud-home-no-burn")
    hand = Hand(rs, seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS, burn=False))
    passive(hand)
    assert not [e for e in hand.events if isinstance(e, events.Burn)]
    assert hand.player(1).down[2] == parse_cards("4h")[0]


def test_folded_players_get_no_more_cards() -> None:  # DEAL-05, DEAL-07
    rows = ("Ah Kd 2c 9d Qc 3h 4h", "3c 4d 5h", "7s 8d 6d Js 2h 2s 3s")
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*rows))
    hand.act(1, "bring_in")
    hand.act(2, "fold")
    passive(hand)
    assert len(hand.player(2).down + hand.player(2).up) == 3
    assert len(hand.player(3).down + hand.player(3).up) == 7


def test_eight_players_to_seventh_street_share_a_community_card() -> None:  # DEAL-08..11
    hand = Hand(ruleset(), seats(*[10] * 8), dealer=8, seed=3)
    passive(hand)
    kinds = [type(e) for e in hand.events]
    assert events.BurnsReused in kinds
    assert len(hand.community) == 1
    result = hand.result
    assert result is not None and result.showdown
    seen = [c for s in range(1, 9) for c in hand.player(s).down + hand.player(s).up]
    seen += list(hand.community)
    assert len(seen) == len(set(seen)) == 8 * 6 + 1


def test_seven_players_with_burns_reuse_the_burns() -> None:  # DEAL-08, DEAL-11
    hand = Hand(ruleset(), seats(*[10] * 7), dealer=7, seed=5)
    passive(hand)
    reused = [e for e in hand.events if isinstance(e, events.BurnsReused)]
    assert len(reused) == 1 and len(reused[0].cards) == 4
    assert not hand.community
    assert all(len(hand.player(s).down) == 3 for s in range(1, 8))


def test_running_out_without_a_policy_is_an_error() -> None:  # DEAL-09 off
    base = ruleset()
    rs = replace(base, dealing=replace(base.dealing, reuse_burns=False, community_card=False))
    hand = Hand(rs, seats(*[10] * 8), dealer=8, seed=3)
    with pytest.raises(DeckError):
        passive(hand)


def test_community_card_counts_in_the_board_for_seventh_street() -> None:  # DEAL-10
    hand = Hand(ruleset(), seats(*[10] * 8), dealer=8, seed=11)
    while hand.street != "seventh":
        passive_step(hand)
    # whoever opens seventh street has the best board of up cards plus the community card
    from stud import hands

    def key(seat: int) -> tuple[int, ...]:
        return hands.board_key(hand.player(seat).up + hand.community, "high", "suit")

    best = max(range(1, 9), key=key)
    assert hand.to_act == best


def passive_step(hand: Hand) -> None:
    names = [a.action for a in hand.legal_actions()]
    for choice in ("bring_in", "check", "call"):
        if choice in names:
            hand.act(hand.to_act or 0, choice)
            return


def test_deck_errors_and_seat_validation() -> None:  # SETUP-01, SETUP-02
    with pytest.raises(DeckError, match="twice"):
        Hand(ruleset(), seats(10, 10), dealer=2, deck=parse_cards("As As"))
    with pytest.raises(DeckError, match="not in this"):
        Hand(ruleset(), seats(10, 10), dealer=2, deck=["Jk"])
    with pytest.raises(StudError, match="expected 2 to 8"):
        Hand(ruleset(), seats(10), dealer=1)
    with pytest.raises(StudError, match="expected 2 to 8"):
        Hand(ruleset(), seats(*[10] * 9), dealer=1)
    with pytest.raises(StudError, match="distinct"):
        Hand(ruleset(), [Seat(1, "A", Decimal(1)), Seat(1, "B", Decimal(1))], dealer=1)
    with pytest.raises(StudError, match="no chips"):
        Hand(ruleset(), seats(10, 0), dealer=1)
    Hand(ruleset("seven-card-stud-9"), seats(*[10] * 9), dealer=1, seed=1)


def test_nine_players_play_to_the_end() -> None:  # SETUP-01 (nine seats)
    hand = Hand(ruleset("seven-card-stud-9"), seats(*[10] * 9), dealer=9, seed=2)
    passive(hand)
    assert hand.result is not None and hand.result.showdown


def test_dealer_may_be_an_empty_seat() -> None:  # SETUP-04
    hand = Hand(ruleset(), seats(10, 10, 10, first=2), dealer=1, deck=stud_deck(*ROWS))
    assert [e.seat for e in hand.events if isinstance(e, events.Ante)] == [2, 3, 4]


# --- who opens later streets -----------------------------------------------------------


def opener_on_fourth(ups: list[str], name: str = "seven-card-stud") -> int | None:
    rows = [f"{d} {u}" for d, u in zip(_DOWNS, ups, strict=False)]
    hand = Hand(ruleset(name), seats(*[50] * len(rows)), dealer=len(rows), deck=stud_deck(*rows))
    passive_step(hand)
    while hand.street == "third":
        passive_step(hand)
    return hand.to_act


_DOWNS = ["2c 3c", "2d 3d", "2h 3h", "2s 3s"]


def test_best_board_acts_first_pairs_beat_high_cards() -> None:  # ROUND-03..05
    assert opener_on_fourth(["Ks As", "4c 4d", "Qh Jh"]) == 2  # 4-4 beats A-K
    assert opener_on_fourth(["Ks Qs", "Ah Kh", "Qd Jd"]) == 2


def test_equal_boards_by_suit_of_the_highest_card() -> None:  # ROUND-06
    assert opener_on_fourth(["Kc As", "Ah Ks", "7h 8h"]) == 1  # As beats Ah
    assert opener_on_fourth(["Th Td", "Ts Tc", "7h 8h"]) == 2  # the ten of spades


def test_equal_boards_by_position_in_roberts_rules() -> None:  # ROUND-06 note, ROUND-11
    assert opener_on_fourth(["Kc Ks", "Kh Kd", "7h 8h"], "roberts-rules-stud") == 1
    assert opener_on_fourth(["7h 8h", "Kh Kd", "Kc Ks"], "roberts-rules-stud") == 2


def test_razz_lowest_board_acts_first() -> None:  # ROUND-12
    assert opener_on_fourth(["Kc Qs", "6h 4d", "7h 8h"], "razz") == 2
    assert opener_on_fourth(["6c 4c", "6s 4s", "9h 9d"], "razz") == 1  # 6c lower than 6s


def test_the_down_river_does_not_change_the_opener() -> None:  # ROUND-09
    rows = ("2c 3c 9c Tc Jc Qs 4h", "2d 3d Ad Kd 5d 6s As")
    hand = Hand(ruleset(), seats(50, 50), dealer=2, deck=stud_deck(*rows))
    openers = {}
    while hand.to_act is not None:
        street = hand.street
        if street not in openers:
            openers[street] = hand.to_act
        passive_step(hand)
    assert openers["seventh"] == openers["sixth"]


def opener_on(street: str, ups: list[str]) -> int | None:
    rows = [f"{d} {u}" for d, u in zip(_DOWNS, ups, strict=False)]
    hand = Hand(ruleset(), seats(*[50] * len(rows)), dealer=len(rows), deck=stud_deck(*rows))
    while hand.street != street:
        passive_step(hand)
    return hand.to_act


def test_three_cards_showing_trips_beat_a_pair_beat_high_cards() -> None:  # ROUND-07/08
    assert opener_on("fifth", ["Ac Kc Qd", "7c 7d 8h", "4c 4d 4h"]) == 3
    assert opener_on("fifth", ["Ac Kc Qd", "7c 7d 8h", "4c 5d 9h"]) == 2


def test_quads_are_the_best_four_card_board() -> None:  # ROUND-08
    assert opener_on("sixth", ["Ac As Ad Kd", "9c 9d 9h 9s", "Kc Ks Qd Qs"]) == 2


def test_each_player_acts_in_turn_and_the_round_ends_when_all_match() -> None:  # ROUND-01/02
    hand = Hand(ruleset(), seats(50, 50, 50), dealer=3, deck=stud_deck(*ROWS))
    order = []
    while hand.street == "third":
        order.append(hand.to_act)
        passive_step(hand)
    assert order == [1, 2, 3]  # bring-in, then clockwise; the bring-in gets no option
    assert hand.to_act is not None and hand.street == "fourth"

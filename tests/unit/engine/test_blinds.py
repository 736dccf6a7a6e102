"""Blinds as forced bets (BLIND-01..05): who posts them, how the first round opens, the big
blind's option, short blinds, blinds with antes and in pot limit, and at a table."""

from __future__ import annotations

from decimal import Decimal

import pytest
from enginekit import legal, ruleset, seats
from stud.engine import Hand, Table, events, state_json
from stud.errors import RulesetError
from stud.rules import load_ruleset

BLINDS = {"stakes.small_blind": "0.25", "stakes.big_blind": "0.50"}


def hand(*stacks: object, dealer: int, name: str = "dr-pepper", **overrides: object) -> Hand:
    rs = ruleset(name, **overrides)
    return Hand(rs, seats(*stacks), dealer=dealer, seed=3)


def posted(h: Hand) -> list[tuple[int, str, Decimal]]:
    return [(e.seat, e.blind, e.amount) for e in h.events if isinstance(e, events.BlindPosted)]


@pytest.mark.parametrize(
    ("dealer", "small", "big", "first"), [(4, 1, 2, 3), (1, 2, 3, 4), (2, 3, 4, 1)]
)
def test_the_two_players_left_of_the_button_post_and_the_next_acts(
    dealer: int, small: int, big: int, first: int
) -> None:
    h = hand(20, 20, 20, 20, dealer=dealer)
    assert posted(h) == [(small, "small", Decimal("0.25")), (big, "big", Decimal("0.50"))]
    assert h.to_act == first
    assert legal(h) == ["fold", "call 0.50", "raise to 1.00"]
    assert h.pot == Decimal("0.75")
    assert state_json(h)["blinds"] == [
        {"seat": small, "blind": "small", "amount": "0.25"},
        {"seat": big, "blind": "big", "amount": "0.50"},
    ]


def test_an_empty_dealer_seat_still_starts_from_the_next_player() -> None:
    h = Hand(ruleset("dr-pepper"), seats(20, 20, 20, first=2), dealer=1, seed=1)
    assert posted(h)[0][0] == 2 and posted(h)[1][0] == 3 and h.to_act == 4


def test_the_big_blind_is_live_and_the_cap_counts_it_as_the_bet() -> None:
    h = hand(20, 20, 20, dealer=3)
    h.act(3, "call")
    h.act(1, "call")
    assert h.to_act == 2 and legal(h) == ["check", "raise to 1.00"]
    h.act(2, "raise", "1.00")
    h.act(3, "raise", "1.50")
    h.act(1, "raise", "2.00")
    assert legal(h) == ["fold", "call 1.00"]  # the big blind was the bet: three raises made


@pytest.mark.parametrize(
    ("convention", "small", "big"), [("dealer-small", 2, 1), ("dealer-big", 1, 2)]
)
def test_heads_up_conventions(convention: str, small: int, big: int) -> None:
    h = hand(20, 20, dealer=2, blinds__heads_up=convention)
    assert [(s, b) for s, b, _ in posted(h)] == [(small, "small"), (big, "big")]
    assert h.to_act == small  # left of the big blind, heads-up: the small blind
    h.act(small, "call")
    h.act(big, "check")
    assert h.street == "fourth" and h.to_act == 1  # first-left of the dealer from then on


def test_a_short_big_blind_is_all_in_and_the_full_blind_is_still_called() -> None:
    h = Hand(ruleset("dr-pepper"), seats(20, "0.30", 20), dealer=3, seed=1)
    assert posted(h)[1] == (2, "big", Decimal("0.30"))
    assert h.player(2).all_in
    assert legal(h) == ["fold", "call 0.50", "raise to 1.00"]


def test_a_big_blind_below_the_bet_is_completed_like_a_bring_in() -> None:
    h = hand(20, 20, 20, dealer=3, stakes__small_blind="0.10", stakes__big_blind="0.25")
    assert legal(h) == ["fold", "call 0.25", "complete to 0.50"]
    h.act(3, "complete", "0.50")
    assert legal(h) == ["fold", "call 0.40", "raise to 1.00"]


def test_folding_round_to_the_big_blind_returns_the_uncalled_part() -> None:
    h = hand(20, 20, 20, dealer=3)
    h.act(3, "fold")
    h.act(1, "fold")
    assert h.complete and h.result is not None
    assert [(a.seat, a.amount) for a in h.result.awards] == [(2, Decimal("0.50"))]
    assert h.player(2).stack == Decimal("20.25") and h.player(1).stack == Decimal("19.75")


def test_blinds_with_antes_and_in_pot_limit() -> None:
    h = hand(100, 100, 100, dealer=3, name="mississippi-stud", stakes__ante="0.50")
    assert h.pot == Decimal("4.50")  # three antes, then the blinds
    assert legal(h) == ["fold", "call 2.00", "raise to 4.00..8.50"]  # 4.50 + 2 to call + 2


def test_blinds_when_nobody_can_bet_go_back_as_uncalled_bets() -> None:
    h = Hand(ruleset("dr-pepper"), seats("0.25", "0.50"), dealer=2, seed=4)
    assert h.complete  # both all in on their blinds: the board is dealt out
    assert sum(v.stack for v in h.players_view) == Decimal("0.75")


def test_the_blinds_move_with_the_button_at_a_table() -> None:
    table = Table(ruleset("dr-pepper"), seats(20, 20, 20), dealer=3, seed=5)
    first = table.new_hand()
    while not first.complete:
        seat = first.to_act
        assert seat is not None
        first.act(seat, "fold" if "fold" in legal(first) else "check")
    second = table.new_hand()
    assert [s for s, _, _ in posted(second)] == [2, 3]


def test_the_validator_refuses_blinds_that_cannot_play() -> None:
    def problems(**overrides: object) -> str:
        with pytest.raises(RulesetError) as info:
            load_ruleset("dr-pepper", {k.replace("__", "."): v for k, v in overrides.items()})
        return str(info.value)

    assert "stakes.big_blind is not" in problems(stakes__big_blind=None)
    assert "more than the big blind" in problems(stakes__small_blind="1")
    assert "no bring-in" in problems(stakes__bring_in="0.10")
    assert "more than the bet of the blinds' street" in problems(stakes__big_blind="0.60")
    assert "opener: after-big-blind" in problems(streets__third__opener="first-left")
    assert "the blinds open only one street" in problems(streets__fourth__opener="after-big-blind")
    with pytest.raises(RulesetError, match="the game has no blinds"):
        load_ruleset("seven-card-stud-home", {"streets.third.opener": "after-big-blind"})

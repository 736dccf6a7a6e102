"""The event table (EVENT-01..09): rows fire as cards are dealt, in dealing order, and the
hand records what they did; hands replay identically; rulesets without events build none."""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from enginekit import ruleset, seats
from stud.cards import parse_cards
from stud.engine import Hand, events, replay, state_json
from stud.engine.triggers import WildState
from stud.play.bots import make_bot

# three players, dealer seat 3: deal order Ann (1), Bob (2), Cat (3); no burns in the MNP games


def deal(
    name: str, cards: str, stacks: tuple[object, ...] = (20, 20, 20), **overrides: object
) -> Hand:
    return Hand(
        ruleset(name, **overrides), seats(*stacks), dealer=len(stacks), deck=parse_cards(cards)
    )


def kinds(h: Hand) -> list[str]:
    wanted = (
        events.EventFired,
        events.WildRankSet,
        events.Refunded,
        events.Thrown,
        events.ForcedFold,
    )
    return [type(e).__name__ for e in h.events if isinstance(e, wanted)]


def test_no_events_no_table() -> None:
    h = Hand(ruleset("seven-card-stud"), seats(20, 20), dealer=2, seed=1)
    assert h.dealing.after_card is None
    assert "events" not in state_json(h) and "wild_ranks" not in state_json(h)


def test_wild_state_keeps_the_fixed_ranks() -> None:
    w = WildState((12,))
    assert w.set(12) and w.ranks == (12,)  # a fixed rank named again adds nothing
    assert w.set(None) and w.ranks == (12,)
    assert not w.set(None)


def test_follow_the_queen_as_one_engine_plays_it() -> None:
    # third street: downs As Qs 7s / Kd Jd 6d, doors Qh (Ann) 7c (Bob) 5d (Cat)
    h = deal("follow-the-queen", "As Qs 7s Kd Jd 6d Qh 7c 5d")
    assert h.wild_ranks == (7,)
    assert kinds(h) == ["EventFired", "WildRankSet"]
    assert state_json(h)["events"] == [
        {"type": "fired", "event": "follow-the-queen", "seat": 1, "card": "Qh"},
        {"type": "wild", "rank": 7},
    ]


def test_a_down_card_is_passed_over_or_ends_the_wait() -> None:
    # Cat's door queen is the last up card of third street; fourth starts with Ann's card
    cards = "As Qs 7s Kd Jd 6d 9h 2c Qd 2d Jc 5h Kc"  # 2d is burned before fourth
    assert deal("follow-the-queen", cards).wild_ranks == ()
    h = deal("follow-the-queen", cards)
    h.act(2, "bring_in")  # Bob's deuce is the lowest door card
    h.act(3, "call")
    h.act(1, "call")
    assert h.wild_ranks == (11,)  # Ann's jack of clubs follows the queen
    mnp = {
        "wild__ranks": ["Q"],
        "events__follow-the-queen__wild_follows__down_card": "cancels",
        "events__follow-the-queen__wild_follows__previous": "kept",
    }
    h = deal("follow-the-queen", "As Qs 7s Kd Jd 6d Qh 7c 5d", **mnp)
    assert h.wild_ranks == (12, 7)


def test_an_extra_card_goes_to_its_holder_before_the_next_player() -> None:
    h = deal("baseball", "As Qs 7s Kd Jd 6d 4h 9c 7c 5d")
    assert h.player(1).down == tuple(parse_cards("As Kd 9c")) and h.player(1).up == tuple(
        parse_cards("4h")
    )
    assert h.player(2).up == tuple(parse_cards("7c"))
    assert state_json(h)["events"][1] == {"type": "extra", "seat": 1, "card": "9c", "face": "down"}


def test_at_most_three_extra_cards_at_a_full_table() -> None:
    downs = "2c 2d 2h 2s 3c 3d 5c " + "5s 6c 6d 6h 6s 7c 7d"
    doors = "4c Ac 4d Ad 4h Ah 4s 8c 8d 8h"  # Ann, Bob, Cat get extras; Dan's four does not
    h = Hand(ruleset("baseball"), seats(*[20] * 7), dealer=7, deck=parse_cards(downs + " " + doors))
    held = [len(h.player(s).down) for s in range(1, 8)]
    assert held == [3, 3, 3, 2, 2, 2, 2]
    assert kinds(h).count("EventFired") == 3


def test_a_second_card_of_a_rank_makes_it_wild_and_a_ten_refunds_the_ante() -> None:
    h = deal("coupons-and-clippings", "As Qs 7s Kd Jd 6d 7c 7d Td")
    assert h.wild_ranks == (7,)
    assert h.player(3).stack == Decimal(20) and h.pot == Decimal("0.50")
    assert [e for e in h.events if isinstance(e, events.Refunded)] == [
        events.Refunded(3, Decimal("0.25"))
    ]


def test_a_refund_never_takes_back_more_than_was_put_in() -> None:
    h = deal("coupons-and-clippings", "As Qs 7s Kd Jd 6d 9c 3d Td", stacks=(20, 20, "0.25"))
    assert h.player(3).stack == Decimal("0.25") and not h.player(3).all_in
    assert h.pot == Decimal("0.50")


def test_the_four_of_clubs_folds_the_neighbours_without_a_four() -> None:
    # four players: Ann's door 4c; Bob holds 4h down (throws it), Dan has no four (folds)
    h = Hand(
        ruleset("chiggs"),
        seats(20, 20, 20, 20),
        dealer=4,
        deck=parse_cards("As 4h 7s 8s Kd Jd 6d 8d 4c 9c 5d"),
    )
    assert h.player(4).folded and not h.player(4).up
    assert h.player(2).down == tuple(parse_cards("Jd")) and h.player(2).up == tuple(
        parse_cards("9c")
    )
    assert kinds(h) == ["EventFired", "Thrown", "ForcedFold"]
    assert state_json(h)["events"][1:] == [
        {"type": "thrown", "seat": 2, "card": "4h"},
        {"type": "fold", "seat": 4},
    ]


def test_a_neighbour_who_throws_the_only_up_card_has_the_lowest_board() -> None:
    # Ann's door 4d is her only four: she throws it when Bob shows the 4c; Cat has none
    h = deal("chiggs", "As Qs 7s Kd Jd 6d 4d 4c 5d")
    assert h.player(1).up == () and h.player(3).folded
    assert h.to_act == 2  # Bob's board opens: Ann shows nothing


def test_heads_up_a_forced_fold_ends_the_hand() -> None:
    h = Hand(ruleset("chiggs"), seats(20, 20), dealer=2, deck=parse_cards("As Kd 7s 8s 4c 9c"))
    assert h.complete and h.result is not None
    assert [a.seat for a in h.result.awards] == [1]


@pytest.mark.parametrize(
    "name", ["follow-the-queen", "baseball", "coupons-and-clippings", "chiggs"]
)
def test_hands_with_events_replay_to_the_same_hand(name: str) -> None:
    rs = ruleset(name)
    for seed in range(20):
        h = Hand(rs, seats(*[10] * rs.seats.max), dealer=1, seed=seed)
        bots = {v.seat: make_bot("calling-station", random.Random(seed)) for v in h.players_view}
        while not h.complete:
            seat = h.to_act
            assert seat is not None
            move = bots[seat].choose(h.legal_actions(), h.player(seat), rs)
            h.act(seat, move.action, move.amount)
        history = h.to_history()
        assert history["events"] == state_json(h)["events"]  # recorded in the history too
        again = replay(json.loads(json.dumps(history)), rs)
        assert again.events == h.events and again.result == h.result
        assert state_json(again) == state_json(h) and again.to_history() == history

"""History and replay, the protocol state object, the Table, units and the pack."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from enginekit import passive, ruleset, seats, stud_deck
from stud.cards import parse_cards
from stud.engine import Hand, Seat, Table, replay, ruleset_digest, state_json
from stud.engine.deck import DeckError, Stub, build_pack
from stud.engine.units import Units
from stud.errors import IllegalAction, MoneyError, StudError

ROWS = ("Ah Kd 2c 9d Qc 3h 4h", "3c 4d 5h Th 6c 7c 8c", "7s 8d 6d Js 2h 2s 3s")


def played() -> Hand:
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS))
    hand.act(1, "bring_in")
    hand.act(2, "complete", "0.50")
    hand.act(3, "raise", Decimal("1.00"))
    hand.act(1, "fold")
    passive(hand)
    return hand


def test_history_is_json_and_replays_to_the_same_hand() -> None:
    hand = played()
    history = hand.to_history()
    text = json.dumps(history)
    loaded = json.loads(text)
    assert loaded["ruleset"]["name"] == "seven-card-stud"
    assert loaded["ruleset"]["sha256"] == ruleset_digest(hand.ruleset)
    assert len(loaded["deck"]) == 52 and loaded["dealer"] == 3
    assert loaded["actions"][1] == {"seat": 2, "action": "complete", "amount": "0.50"}
    again = replay(loaded)  # the pinned document is enough
    assert again.events == hand.events
    assert again.result == hand.result
    assert replay(loaded, hand.ruleset).events == hand.events


def test_replay_refuses_another_version_of_the_ruleset() -> None:
    history = played().to_history()
    with pytest.raises(StudError, match="sha256"):
        replay(history, ruleset(betting__max_raises=4))


def test_state_json_is_protocol_shaped() -> None:
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS))
    state = state_json(hand)
    assert state["street"] == "third" and state["phase"] == "betting" and state["to_act"] == 1
    assert state["legal"] == [
        {"action": "bring_in", "amount": "0.10"},
        {"action": "complete", "amount": "0.50"},
    ]
    assert state["pot"] == "0.15"
    assert state["pots"] == [{"amount": "0.15", "eligible": [1, 2, 3]}]
    assert state["seats"][0] == {
        "seat": 1,
        "name": "Ann",
        "stack": "9.95",
        "bet": "0",
        "folded": False,
        "all_in": False,
        "down": ["Ah", "Kd"],
        "up": ["2c"],
    }
    assert state["result"] is None and state["community"] == [] and state["dealer"] == 3
    hand.act(1, "bring_in")
    assert state_json(hand)["legal"][1] == {"action": "call", "amount": "0.10"}
    final = state_json(played())
    assert final["phase"] == "complete" and final["to_act"] is None and final["legal"] == []
    assert final["result"]["showdown"] is True
    assert {"seat", "share", "name", "cards"} <= set(final["result"]["hands"][0])


def test_spread_ranges_in_state_json() -> None:
    hand = Hand(ruleset("spread-limit-stud"), seats(100, 100, 100), dealer=3, seed=4)
    legal = state_json(hand)["legal"]
    assert {"action": "complete", "min": "1", "max": "5"} in legal


def test_illegal_actions_leave_the_state_unchanged() -> None:
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS))
    before = (state_json(hand), hand.events)
    for seat, action, amount in (
        (2, "call", None),  # not seat 2's turn
        (1, "check", None),
        (1, "bet", "0.50"),
        (1, "complete", "0.40"),
        (1, "complete", "0.505"),
        (1, "complete", "abc"),
        (1, "dance", None),
        (1, "declare", None),
    ):
        with pytest.raises(IllegalAction) as info:
            hand.act(seat, action, amount)
        assert info.value.legal == ["bring-in 0.10", "complete to 0.50"]
        assert (state_json(hand), hand.events) == before
    passive(hand)
    with pytest.raises(IllegalAction, match="over"):
        hand.act(1, "check")


def test_table_carries_stacks_removes_the_busted_and_moves_the_dealer() -> None:  # SHOW-07
    rs = ruleset()
    table = Table(rs, seats(10, "0.20", 10), dealer=3, seed=9)
    hand = table.new_hand(deck=stud_deck(*ROWS))
    with pytest.raises(StudError):
        table.new_hand()
    passive(hand)
    after = {v.seat: v.stack for v in hand.players_view}
    second = table.new_hand()
    assert second.dealer == 1  # one occupied seat clockwise (SETUP-04)
    assert {s.seat: s.stack for s in second.seats} == {k: v for k, v in after.items() if v > 0}
    assert sum(s.stack for s in table.seats) == Decimal("20.20")


def test_fixed_dealer_when_the_button_does_not_rotate() -> None:  # SETUP-04
    rs = ruleset(dealer__rotates=False)
    table = Table(rs, seats(10, 10, 10), dealer=2, seed=1)
    passive(table.new_hand())
    assert table.new_hand().dealer == 2


def test_busted_players_leave_the_table() -> None:
    rows = ("Ah Ad As 9d Qc 3h 4h", "2d 3d 7h 8s 9c Jd Kh", "Tc Td 6s 5s 4s 2s 2h")
    table = Table(ruleset(), seats(10, "0.05", 10), dealer=3, seed=2)
    first = table.new_hand(deck=stud_deck(*rows))
    assert first.player(2).all_in  # all in on the ante
    passive(first)
    assert first.player(2).stack == 0
    second = table.new_hand()
    assert [s.seat for s in second.seats] == [1, 3]
    assert second.dealer == 1


def test_units_and_pack() -> None:
    u = Units(Decimal("0.05"))
    assert u.to_units("1.05") == 21
    with pytest.raises(MoneyError):
        u.to_units("0.07")
    order, centre = build_pack(parse_cards("Kd As"), jokers=0, centre=())
    assert order[:3] == parse_cards("Kd As 2c") and len(order) == 52 and centre == []
    with pytest.raises(DeckError):
        build_pack(["Zz"], jokers=0, centre=())
    stub = Stub(parse_cards("2c 3c 4c"))
    stub.burn()
    assert stub.take() == parse_cards("3c")[0]
    stub.reuse_burns()
    assert [stub.take(), stub.take()] == parse_cards("4c 2c")
    with pytest.raises(DeckError):
        stub.take()
    assert Seat(1, "A", Decimal(1)).stack == 1


def test_amounts_must_be_exact() -> None:
    hand = Hand(ruleset(), seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS))
    for bad in (0.5, True, "0.5.0", Decimal("0.505")):
        with pytest.raises(IllegalAction):
            hand.act(1, "complete", bad)
    hand.act(1, "complete", 0 + Decimal("0.5"))
    assert hand.player(1).bet == Decimal("0.50")

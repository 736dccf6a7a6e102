"""Steering past a refused scripted action (stud.spec.steer): when a move is sure to keep
the engine on the scenario's path, and when none is."""

from __future__ import annotations

from typing import Any

import pytest
from stud.spec.engine import EngineRefusal
from stud.spec.owed import OwedChecks
from stud.spec.steer import acted_this_round, own_move, round_left_open, steer


def _seat(seat: int, bet: str, folded: bool = False, all_in: bool = False) -> dict[str, Any]:
    return {"seat": seat, "bet": bet, "folded": folded, "all_in": all_in}


def _entry(op: str, seat: int | None, street: str) -> dict[str, Any]:
    request: dict[str, Any] = {"op": op}
    if seat is not None:
        request.update(seat=seat, action="call")
    return {"request": request, "reply": {"ok": True, "state": {"street": street}}}


def test_the_seats_that_acted_are_read_from_the_streets_the_engine_reported() -> None:
    transcript = [
        _entry("new_hand", None, "third"),
        _entry("act", 1, "third"),  # the bring-in
        _entry("act", 2, "third"),
        _entry("act", 3, "fourth"),  # ends third street: it counts for third
        _entry("act", 2, "fourth"),
    ]
    assert acted_this_round(transcript, "third") == {1, 2, 3}
    assert acted_this_round(transcript, "fourth") == {2}
    # a new hand starts the count again
    assert acted_this_round([*transcript, _entry("next_hand", None, "third")], "third") == set()


def test_a_round_is_left_open_only_when_its_player_acted_and_the_bets_are_level() -> None:
    state = {
        "to_act": 1,
        "legal": [{"action": "check"}, {"action": "complete", "amount": "0.50"}],
        "seats": [_seat(1, "0.10"), _seat(2, "0.10"), _seat(3, "0", folded=True)],
    }
    assert round_left_open(state, {1, 2})
    assert not round_left_open(state, {2})  # its first turn: the round goes on
    unequal = dict(state, seats=[_seat(1, "0.10"), _seat(2, "0.50")])
    assert not round_left_open(unequal, {1, 2})
    no_check = dict(state, legal=[{"action": "fold"}, {"action": "call", "amount": "0.40"}])
    assert not round_left_open(no_check, {1, 2})


def test_the_engines_own_move_keeps_the_player_and_never_folds() -> None:
    raise_ = [{"action": "fold"}, {"action": "raise", "min": "0.50", "max": "0.50"}]
    assert own_move("complete", "0.50", raise_) == ("raise", "0.50")
    # the one aggressive action it offers instead, at its own amount (the completion read
    # as a raise of the bring-in); none where it offers two others to choose between
    assert own_move("complete", "1.00", raise_) == ("raise", "0.50")
    both = [*raise_, {"action": "bet", "min": "0.25", "max": "0.25"}]
    assert own_move("complete", "1.00", both) is None
    assert own_move("call", "0.10", [{"action": "call", "amount": "0.05"}]) == ("call", "0.05")
    assert own_move("check", None, [{"action": "fold"}, {"action": "call"}]) is None
    assert own_move("fold", None, [{"action": "check"}]) is None


class _Engine:
    """Records what it is sent; each reply is the next of ``states``."""

    def __init__(self, states: list[dict[str, Any]]) -> None:
        self.states = states
        self.sent: list[tuple[int, str, str | None]] = []
        self.transcript: list[dict[str, Any]] = []

    def send(self, seat: int, action: str, amount: str | None) -> dict[str, Any]:
        self.sent.append((seat, action, amount))
        state = self.states.pop(0)
        self.transcript.append(
            {"request": {"op": "act", "seat": seat, "action": action}, "reply": {"ok": True}}
        )
        return state


def test_a_round_left_open_is_closed_by_checks_and_the_scripted_action_sent_again() -> None:
    open_round = {
        "street": "third",
        "to_act": 1,
        "legal": [{"action": "check"}],
        "seats": [_seat(1, "0.10"), _seat(2, "0.10")],
    }
    engine = _Engine([{"street": "fourth", "to_act": 2}, {"street": "fourth", "to_act": 1}])
    engine.transcript = [_entry("new_hand", None, "third"), _entry("act", 1, "third")]
    engine.transcript.append(_entry("act", 2, "third"))
    engine.transcript[-1]["reply"]["state"] = open_round
    refusal = EngineRefusal("illegal_action", "seat 2 cannot act now")
    after = steer(engine, open_round, 2, "bet", "0.50", refusal, engine.send)  # type: ignore[arg-type]
    assert engine.sent == [(1, "check", None), (2, "bet", "0.50")]
    assert after == {"street": "fourth", "to_act": 1}
    assert [e.get("steer") for e in engine.transcript[-2:]] == ["close", None]


def test_no_move_is_tried_for_a_player_named_on_their_first_turn() -> None:
    state = {
        "street": "fourth",
        "to_act": 1,
        "legal": [{"action": "check"}, {"action": "bet", "min": "1"}],
        "seats": [_seat(1, "0"), _seat(2, "0")],
    }
    engine = _Engine([])
    engine.transcript = [_entry("new_hand", None, "fourth")]
    refusal = EngineRefusal("illegal_action", "seat 2 cannot act now")
    assert steer(engine, state, 2, "fold", None, refusal, engine.send) is None  # type: ignore[arg-type]
    assert engine.sent == []
    unsupported = EngineRefusal("unsupported", "no")
    assert steer(engine, state, 1, "complete", "1", unsupported, engine.send) is None  # type: ignore[arg-type]


def _fourth(to_act: int) -> dict[str, Any]:
    seats = [_seat(1, "0"), _seat(2, "0"), _seat(3, "0")]
    return {"street": "fourth", "to_act": to_act, "legal": [{"action": "check"}], "seats": seats}


def test_a_street_opened_otherwise_before_a_scripted_check() -> None:
    """The engine opens fourth street with seat 1, the rules with seat 2, who checks: seat
    1 checks first (early), then seat 2; when seat 3's check ends the engine's street, seat
    1's scripted check is not sent again, and the replay is told to play it (owed)."""
    engine = _Engine([_fourth(2), _fourth(3), {"street": "fifth", "to_act": 1}])
    engine.transcript = [_entry("new_hand", None, "fourth")]
    refusal = EngineRefusal("illegal_action", "seat 2 cannot act now")
    after = steer(engine, _fourth(1), 2, "check", None, refusal, engine.send)  # type: ignore[arg-type]
    assert engine.sent == [(1, "check", None), (2, "check", None)] and after == _fourth(3)
    owed = OwedChecks()
    owed.begin(engine.transcript, "fourth")
    assert not owed.taken(3, "check")  # seat 3 acts in its turn on both sides
    owed.sent(engine.send(3, "check", None), engine.transcript)
    assert engine.transcript[-1]["owed"] == [1]
    assert owed.taken(1, "check")  # taken: not sent to the engine, now on fifth street
    assert not owed.taken(1, "check")  # once only


def test_a_bet_after_the_early_checks_owes_nothing() -> None:
    engine = _Engine([_fourth(2), _fourth(3)])
    engine.transcript = [_entry("new_hand", None, "fourth")]
    engine.send(1, "check", None)
    engine.transcript[-1]["steer"] = "early"
    engine.send(2, "check", None)
    owed = OwedChecks()
    owed.begin(engine.transcript, "fourth")
    assert not owed.taken(3, "bet")  # the round opens again: seat 1 acts in its turn
    owed.sent({"street": "fifth", "to_act": 1}, engine.transcript)
    assert "owed" not in engine.transcript[-1]


def test_another_action_from_a_player_whose_check_was_taken_is_refused() -> None:
    engine = _Engine([])
    engine.transcript = [{"request": {"seat": 1}, "steer": "early"}, {"request": {"seat": 2}}]
    owed = OwedChecks()
    owed.begin(engine.transcript, "fourth")
    owed.sent({"street": "fifth", "to_act": 1}, engine.transcript)
    with pytest.raises(EngineRefusal, match="ended fourth street before seat 1"):
        owed.taken(1, "bet")


def test_a_decision_round_on_the_street_starts_the_betting_round_again() -> None:
    """Players who discarded on fourth street have not acted in its betting round."""
    transcript = [_entry("new_hand", None, "fourth"), _entry("act", 1, "fourth")]
    transcript[-1]["reply"]["state"]["phase"] = "decide"
    transcript += [_entry("act", 2, "fourth")]
    assert acted_this_round(transcript, "fourth") == set()
    transcript += [_entry("act", 3, "fourth")]
    assert acted_this_round(transcript, "fourth") == {3}

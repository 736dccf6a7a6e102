"""The optional ``next_hand`` op (capability ``table``): consecutive hands at one table."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from stud.protocol.client import SubprocessEngine
from stud.protocol.server import Handler, ReferenceHandler
from stud.protocol.transport import LoopbackTransport
from stud.rules import load_ruleset
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.features import parse_feature_text
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import execute

SEATS = [
    {"seat": 1, "name": "Ann", "stack": "10"},
    {"seat": 2, "name": "Bob", "stack": "10"},
    {"seat": 4, "name": "Cat", "stack": "0.05"},
]


def served(handler: Handler) -> SubprocessEngine:
    """A protocol client talking to ``handler`` in memory."""
    return SubprocessEngine(
        "mock", transport_factory=lambda: LoopbackTransport(handler.handle_line)
    )


ENGINES: dict[str, Callable[[], Engine]] = {
    "in-process": InProcessEngine,
    "served": lambda: served(ReferenceHandler()),
}


def fold_out(engine: Engine, rotates: bool = True) -> dict[str, Any]:
    """Cat (seat 4, all in with the ante) deals; everyone else folds to the forced bet."""
    overrides = None if rotates else {"dealer.rotates": False}
    document = dict(load_ruleset("seven-card-stud", overrides=overrides).document)
    engine.hello()
    state = engine.new_hand(document, SEATS, 4, [])
    while state["to_act"] is not None:
        options = {o["action"]: o for o in state["legal"]}
        action = "fold" if "fold" in options else "bring_in"
        state = engine.act(state["to_act"], action, options[action].get("amount"))
    return state


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_stacks_carry_over_the_broke_player_leaves_and_the_button_moves(name: str) -> None:
    engine = ENGINES[name]()
    over = fold_out(engine)
    stacks = {s["seat"]: Decimal(s["stack"]) for s in over["seats"]}
    assert stacks[4] == 0 and stacks[1] + stacks[2] == Decimal("20.05")
    state = engine.next_hand([])
    assert state["dealer"] == 1  # seat 4 dealt; seat 1 is next clockwise
    seats = {s["seat"]: Decimal(s["stack"]) + Decimal(s["bet"]) for s in state["seats"]}
    assert sorted(seats) == [1, 2]  # Cat has no chips left and is not dealt in
    for seat, left in seats.items():
        assert left == stacks[seat] - Decimal("0.05")  # the ante, from the carried stack
    assert state["result"] is None and state["to_act"] in (1, 2)
    engine.close()


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_next_hand_is_refused_while_a_hand_is_running(name: str) -> None:
    engine = ENGINES[name]()
    engine.hello()
    engine.new_hand(dict(load_ruleset("seven-card-stud").document), SEATS[:2], 2, [])
    with pytest.raises(EngineRefusal) as refused:
        engine.next_hand([])
    assert refused.value.code == "bad_request"
    engine.close()


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_a_fixed_dealer_stays(name: str) -> None:
    engine = ENGINES[name]()
    fold_out(engine, rotates=False)
    assert engine.next_hand([])["dealer"] == 4
    engine.close()


def test_served_and_in_process_deal_the_same_next_hand() -> None:
    states = []
    for make in (InProcessEngine, lambda: served(ReferenceHandler())):
        engine = make()
        fold_out(engine)
        states.append(engine.next_hand("As Kd 2c Qs Qd 9h".split()))
    assert states[0] == states[1]


def test_next_hand_before_any_hand_is_refused() -> None:
    reply = ReferenceHandler().handle({"id": 1, "op": "next_hand", "deck": []})
    assert reply["error"]["code"] == "no_hand"
    bad = ReferenceHandler().handle({"id": 2, "op": "next_hand"})
    assert bad["error"]["code"] == "bad_request"  # deck is required


class NoTable(Handler):
    """A protocol engine that plays single hands only (the default ``op_next_hand``)."""

    features = ("evaluate",)


def test_an_engine_without_the_capability_is_refused_as_unsupported() -> None:
    reply = NoTable().handle({"id": 1, "op": "next_hand", "deck": []})
    assert reply["error"]["code"] == "unsupported"


FEATURE = """@ruleset:seven-card-stud
Feature: Tiny
  Rule: The button moves
    @SETUP-04
    Scenario: Next hand
      Given a game of "seven-card-stud"
      And Ann, Bob and Carol sit down with 10 each
      And the cards are dealt as follows:
        | player | third      |
        | Ann    | [As Kd] 2c |
        | Bob    | [Qs Qd] 9h |
        | Carol  | [7s 7d] Jc |
      When the players act: Ann brings in, Bob folds and Carol folds
      And the next hand is dealt
      Then Ann is the dealer
"""


class SingleHands(InProcessEngine):
    """The reference without the 'table' capability."""

    def hello(self) -> dict[str, Any]:
        hello = super().hello()
        return dict(hello, features=[f for f in hello["features"] if f != "table"])


def test_a_scenario_needing_the_table_is_not_supported_without_it() -> None:
    (scenario,) = parse_feature_text(FEATURE, "tiny/tiny.feature").scenarios
    assert execute(scenario, InProcessEngine(), InProcessEngine().hello()).result.status == (
        "passed"
    )
    engine = SingleHands()
    result = execute(scenario, engine, engine.hello()).result
    assert result.status == "not-supported", result.message
    assert "table" in result.message


def test_in_process_and_served_announce_the_same_capabilities() -> None:
    served_hello = ReferenceHandler().handle({"id": 1, "op": "hello"})
    assert InProcessEngine().hello()["features"] == served_hello["features"]

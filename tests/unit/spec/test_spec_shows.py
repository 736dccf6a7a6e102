"""'<player> shows "<hand>"': judged by the five cards the engine shows, else by the name."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from stud.spec.context import ScenarioContext, StepFailed
from stud.spec.engine import Engine, State
from stud.spec.vocabulary import run_step


class Finished(Engine):
    """An engine whose hand is already over, showing ``hands`` for seat 1 (Ann)."""

    def __init__(self, hands: list[dict[str, Any]], down: list[str], up: list[str]):
        self.hands, self.down, self.up = hands, down, up

    def hello(self) -> dict[str, Any]:
        return {"protocol": 1, "engine": {"name": "fake", "version": "0"}, "rulesets": ["*"]}

    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
    ) -> State:
        return self.state()

    def act(self, seat: int, action: str, amount: str | None = None, declare: str | None = None,
            cards: Sequence[str] | None = None) -> State:  # fmt: skip
        raise AssertionError("not used")

    def state(self) -> State:
        seat = {"seat": 1, "name": "Ann", "stack": "10", "bet": "0", "folded": False,
                "all_in": False, "down": self.down, "up": self.up}  # fmt: skip
        other = dict(seat, seat=2, name="Bob", down=[], up=[])
        return {
            "street": "seventh", "phase": "complete", "to_act": None, "legal": [], "pot": "0",
            "pots": [], "dealer": 2, "seats": [seat, other], "community": [],
            "result": {"awards": [], "hands": self.hands, "showdown": True},
        }  # fmt: skip

    def evaluate(self, ranking: str, hands: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
        raise AssertionError("not used")


FULL_HOUSE_DOWN, FULL_HOUSE_UP = ["Qs", "Qd", "3c"], ["Qh", "3d", "7s", "2c"]


def shows(engine: Engine, step: str, game: str = "seven-card-stud") -> ScenarioContext:
    ctx = ScenarioContext(engine=engine, hello=engine.hello())
    run_step(ctx, "given", f'a game of "{game}"')
    run_step(ctx, "given", "Ann and Bob sit down with 10 each")
    run_step(ctx, "then", step)
    return ctx


def hand(name: str, cards: list[str] | None, share: str | None = "high") -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": 1, "share": share, "name": name}
    if cards is not None:
        entry["cards"] = cards
    return entry


def test_other_wording_passes_when_the_five_cards_are_right() -> None:
    five = ["Qs", "Qd", "Qh", "3c", "3d"]
    engine = Finished([hand("Full house", five)], FULL_HOUSE_DOWN, FULL_HOUSE_UP)
    ctx = shows(engine, 'Ann shows "full house, queens over threes"')
    assert ctx.checks[-1].ok
    assert ctx.checks[-1].actual == {"name": "full house, queens over threes", "plays_best": True}


def test_a_right_name_with_the_wrong_five_cards_fails() -> None:
    five = ["Qs", "Qd", "Qh", "7s", "3d"]  # three queens: not the best five
    engine = Finished([hand("full house, queens over threes", five)], FULL_HOUSE_DOWN,
                      FULL_HOUSE_UP)  # fmt: skip
    with pytest.raises(StepFailed, match="plays_best"):
        shows(engine, 'Ann shows "full house, queens over threes"')


def test_cards_the_seat_does_not_hold_fail() -> None:
    five = ["Qs", "Qd", "Qc", "3c", "3d"]  # Qc is not Ann's
    engine = Finished([hand("whatever", five)], FULL_HOUSE_DOWN, FULL_HOUSE_UP)
    with pytest.raises(StepFailed):
        shows(engine, 'Ann shows "full house, queens over threes"')


def test_without_cards_the_name_is_compared_ignoring_case_and_spacing() -> None:
    engine = Finished([hand("Full  House, Queens over Threes ", None)], FULL_HOUSE_DOWN,
                      FULL_HOUSE_UP)  # fmt: skip
    ctx = shows(engine, 'Ann shows "full house, queens over threes"')
    assert ctx.checks[-1].actual == {"name": "full house, queens over threes"}
    engine = Finished([hand("Full house", None)], FULL_HOUSE_DOWN, FULL_HOUSE_UP)
    with pytest.raises(StepFailed):
        shows(engine, 'Ann shows "full house, queens over threes"')


def test_wild_cards_in_the_five_are_read_under_the_rulesets_wild_settings() -> None:
    # deuces wild (house rule): Kc Kd 2c -> three kings, the deuce shown among the five
    down, up = ["Kc", "Kd", "4h"], ["2c", "9s", "7d", "5c"]
    five = ["Kc", "Kd", "2c", "9s", "7d"]
    engine = Finished([hand("trips", five)], down, up)
    ctx = ScenarioContext(engine=engine, hello=engine.hello())
    run_step(ctx, "given", 'a game of "seven-card-stud" with house rules:', [["wild.ranks", "[2]"]])
    run_step(ctx, "given", "Ann and Bob sit down with 10 each")
    run_step(ctx, "then", 'Ann shows "three of a kind, kings"')
    assert ctx.checks[-1].ok
    with pytest.raises(StepFailed):  # the same five without wild cards is only a pair
        shows(Finished([hand("trips", five)], down, up), 'Ann shows "three of a kind, kings"')


def test_the_low_share_uses_the_low_ranking() -> None:
    down, up = ["Ah", "2d", "Kc"], ["3s", "4c", "5h", "Kd"]
    five = ["5h", "4c", "3s", "2d", "Ah"]
    engine = Finished([hand("Wheel", five, "low")], down, up)
    ctx = shows(engine, 'Ann shows "five-four low" for low', game="stud-hi-lo")
    assert ctx.checks[-1].ok

"""The steps of issue 19: each one passes where the rule holds and fails where it does not,
and an engine that does not expose what a step observes makes the scenario not supported."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from stud.spec.deck import DeckError, build_deck
from stud.spec.engine import State
from stud.spec.features import parse_feature_text
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import execute

HILO_CARDS = """
      And Ann and Bob sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] 9c | Qh     | Js    | 5d    | [6s]    |
        | Bob    | [Ah 2d] 3c | 4s     | 9h    | Th    | [Kh]    |
      When everyone checks or calls until the showdown"""

DECLARE = """
      Given a game of "stud-hi-lo-declare-simultaneous" with house rules:
        | stakes.ante | 1 |
      And Ann, Bob and Carol sit down with 100 each
      And the cards are dealt as follows:
        | player | third      | fourth | fifth | sixth | seventh |
        | Ann    | [Kc Kd] Ks | 9h     | 7s    | Jd    | [Qc]    |
        | Bob    | [Ah 2d] 4c | 5s     | 7d    | Qh    | [Jh]    |
        | Carol  | [Qs Qd] 3c | 6h     | 8c    | 9c    | [Tc]    |
      When everyone checks or calls until the declaration
      And Bob declares low"""


def run(body: str, engine: InProcessEngine | None = None) -> tuple[str, str]:
    text = f"""Feature: F
  Rule: R
    @BRING-01
    Scenario: S
{body}
"""
    (scenario,) = parse_feature_text(text, "f.feature").scenarios
    engine = engine or InProcessEngine()
    result = execute(scenario, engine, engine.hello()).result
    engine.close()
    return result.status, result.message


@pytest.mark.parametrize(
    ("ruleset", "step", "status"),
    [
        ("stud-hi-lo", "Bob has no qualifying low", "passed"),
        ("stud-hi-lo-any-low", "Bob has no qualifying low", "failed"),  # no qualifier: refused
        ("stud-hi-lo", "Bob shows no low hand", "passed"),
        ("stud-hi-lo-any-low", "Bob shows no low hand", "failed"),
        ("stud-hi-lo", "Ann shows no high hand", "failed"),
    ],
)
def test_absence_of_a_low(ruleset: str, step: str, status: str) -> None:
    got, message = run(f'      Given a game of "{ruleset}"{HILO_CARDS}\n      Then {step}')
    assert got == status, message


def test_no_card_and_no_community_card() -> None:
    deal = """      Given a game of "seven-card-stud"
      And Ann, Bob and Carol sit down with 20 each
      And the cards are dealt as follows:
        | player | third      | fourth |
        | Ann    | [As Kd] 9c |        |
        | Bob    | [Qs Qd] 2h | 4c     |
        | Carol  | [7s 7h] Jc | Kh     |
      When the players act: Bob brings in, Carol completes to 0.50, Ann folds and Bob calls"""
    assert run(deal + "\n      Then Ann is dealt no card on fourth street")[0] == "passed"
    assert run(deal + "\n      Then no community card is dealt")[0] == "passed"
    status, message = run(deal + "\n      Then Bob is dealt no card on fourth street")
    assert status == "failed" and "no_card" in message
    assert run(deal + "\n      Then no card is dealt on fourth street")[0] == "failed"
    status, message = run(deal + "\n      Then no card is dealt on fifth street")
    assert status == "failed" and "has not come yet" in message


def test_declarations_hidden_then_revealed() -> None:
    assert run(DECLARE + "\n      Then Bob's declaration is hidden")[0] == "passed"
    assert run(DECLARE + "\n      Then Bob's declaration is low")[0] == "failed"
    assert run(DECLARE + "\n      Then Carol's declaration is not made yet")[0] == "passed"
    revealed = DECLARE + "\n      When Ann declares high\n      And Carol declares high"
    assert run(revealed + "\n      Then Bob's declaration is low")[0] == "passed"
    assert run(revealed + "\n      Then Bob's declaration is hidden")[0] == "failed"


class NoDeclarations(InProcessEngine):
    """A third-party engine whose state leaves out the optional 'declarations'."""

    def _strip(self, state: State) -> State:
        return {k: v for k, v in state.items() if k != "declarations"}

    def act(self, *args: Any, **kw: Any) -> State:
        return self._strip(super().act(*args, **kw))

    def state(self) -> State:
        return self._strip(super().state())


def test_an_engine_without_declarations_is_not_supported_not_crashed() -> None:
    status, message = run(DECLARE + "\n      Then Bob's declaration is hidden", NoDeclarations())
    assert status == "not-supported", message
    assert "declarations" in message


class NoOptions(InProcessEngine):
    """An engine that evaluates hands but does not announce evaluate-options."""

    def hello(self) -> dict[str, Any]:
        hello = dict(super().hello())
        hello["features"] = [f for f in hello["features"] if f != "evaluate-options"]
        return hello


@pytest.mark.parametrize(
    ("step", "status"),
    [
        (
            "under ace-to-five ranking eight or better the best hand from "
            '9h 7c 6d 4s 3c 2h Kd is "seven-six low"',
            "passed",
        ),
        (
            "under ace-to-five ranking eight or better 9h 7c 6d 4s 3c has no qualifying low",
            "passed",
        ),
        ("under ace-to-five ranking nine or better 9h 7c 6d 4s 3c has no qualifying low", "failed"),
        (
            "under ace-to-five ranking eight or better Kc Qd Jh 9s 8c ties with 9d 4c 3s 2h Ad",
            "passed",
        ),
        ("under ace-to-five ranking Kc Qd Jh 9s 8c ties with 9d 4c 3s 2h Ad", "failed"),
        ("under high ranking with deuces wild 2c 2h Kd 9s 5h beats Ac Ad Qh Js 4c", "passed"),
        ("under high ranking 2c 2h Kd 9s 5h beats Ac Ad Qh Js 4c", "failed"),
    ],
)
def test_evaluator_options(step: str, status: str) -> None:
    got, message = run(f'      Given a game of "stud-hi-lo"\n      Then {step}')
    assert got == status, message


def test_evaluator_options_need_the_capability() -> None:
    step = "under ace-to-five ranking eight or better 9h 7c 6d 4s 3c has no qualifying low"
    status, message = run(f'      Given a game of "stud-hi-lo"\n      Then {step}', NoOptions())
    assert status == "not-supported" and "evaluate-options" in message


def test_the_deck_order_is_dealt_as_given_burns_and_all() -> None:
    deck = "As Qs 7s Kd Qd 7h 9c 2h Jc 5d 3c 4c Kh"
    body = f"""      Given a game of "seven-card-stud"
      And Ann, Bob and Carol sit down with 20 each
      And the cards come off the deck in this order: {deck}
      When everyone calls until fourth street
      Then Ann has As Kd down and 9c 3c up"""
    assert run(body)[0] == "passed"
    no_burn = body.replace('"seven-card-stud"', '"seven-card-stud-home-no-burn"')
    assert run(no_burn.replace("calls until", "checks until"))[0] == "failed"
    both = body + "\n      And the cards are dealt as follows:\n        | player | third |"
    status, message = run(both.replace("      Then Ann has As Kd down and 9c 3c up\n", ""))
    assert status == "failed"


def test_a_new_game_drops_the_house_rules_and_stakes_given_before() -> None:
    body = """      Given a game of "seven-card-stud" with house rules:
        | stakes.ante | 1 |
      And Ann and Bob sit down with 20 each
      Given a game of "seven-card-stud-big-bring-in"
      Then the pot is 1"""
    assert run(body)[0] == "passed"  # two antes of 0.50, not of 1


RULES: dict[str, Any] = {
    "dealing": {"burn": True},
    "streets": [
        {"name": "third", "deal": ["down", "down", "up"]},
        {"name": "fourth", "deal": ["up"]},
    ],
}


def table(rows: Sequence[Sequence[str]]) -> list[list[str]]:
    return [list(r) for r in rows]


def test_the_community_row_puts_the_card_where_the_street_starts() -> None:
    rows = table(
        [
            ["player", "third", "fourth"],
            ["Ann", "[As Kd] 3c", ""],
            ["Bob", "2s 2h 9d", ""],
            ["community", "", "7h"],
        ]
    )
    deck = build_deck(RULES, {"Ann": 1, "Bob": 2}, dealer=2, table=rows)
    assert deck == ["As", "2s", "Kd", "2h", "3c", "9d", "2c", "7h"]  # 2c is the burn


def test_the_community_row_is_refused_where_it_cannot_be_named() -> None:
    rows = table(
        [["player", "third", "fourth"], ["Ann", "[As Kd] 3c", "4c"], ["community", "", "7h"]]
    )
    with pytest.raises(DeckError, match="no card of their own"):
        build_deck(RULES, {"Ann": 1}, dealer=1, table=rows)
    eight = {
        "dealing": {"burn": True},
        "streets": RULES["streets"][:1]
        + [{"name": n, "deal": ["up"]} for n in ("fourth", "fifth", "sixth", "seventh")],
    }
    names = ["Ann", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus", "Hal"]
    pack = [f"{r}{s}" for r in "3456789TJQKA" for s in "cdhs"]  # the deuces are left over
    rows = [["player", "third", "fourth", "fifth", "sixth", "seventh"]]
    for i, name in enumerate(names):
        mine = pack[i * 6 : i * 6 + 6]
        rows.append([name, " ".join(mine[:3]), *mine[3:], ""])
    rows.append(["community", "", "", "", "", "2s"])
    with pytest.raises(DeckError, match="reused burned cards"):
        build_deck(eight, {n: i + 1 for i, n in enumerate(names)}, dealer=8, table=rows)
    no_burn = {**eight, "dealing": {"burn": False}}
    deck = build_deck(no_burn, {n: i + 1 for i, n in enumerate(names)}, dealer=8, table=rows)
    assert len(deck) == 49 and deck[-1] == "2s"

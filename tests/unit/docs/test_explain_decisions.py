"""`stud explain` says each decision round, a rolled deal and split shares in English."""

from __future__ import annotations

import pytest
from stud.docs.changes import ruleset_differences
from stud.docs.explain import explain
from stud.rules import load_ruleset


def text(name: str, overrides: dict | None = None) -> str:
    return " ".join(" ".join(explain(load_ruleset(name, overrides))).split())


@pytest.mark.parametrize(
    ("name", "phrase"),
    [
        (
            "super-stud",
            "Fourth street: first each player in turn from the dealer's left throws away two "
            "hole cards, face down and for good; one up;",
        ),
        (
            "7-card-flip",
            "Flip street: first all players together, each choosing unseen, turn "
            "two hole cards face up; the bring-in opens",
        ),
        (
            "pineapple-stud",
            "turn one hole card face up, then all players together, each "
            "choosing unseen, throw away one hole card",
        ),
        ("seven-card-reverse", "throw away two cards, face down and for good; no betting"),
        (
            "mexican-stud",
            "may turn up to one hole card face up; one face down to a player "
            "showing every card, else face up;",
        ),
        (
            "cowpie",
            "set two cards aside as a second hand, the rest being the first (each hand "
            "keeps at least one hole card; the bigger hand must outrank the smaller)",
        ),
        (
            "cowpie",
            "the two-card share for the best two-card high hand (a pair beats two unpaired "
            "cards, aces high) of the smaller hand of a split (the cards set aside)",
        ),
    ],
)
def test_decision_rounds_read_in_english(name: str, phrase: str) -> None:
    assert phrase in text(name)


def test_a_draw_round_says_how_the_new_cards_come() -> None:
    draw = [{"kind": "draw", "count": 3, "at_least": 0, "drawn_face": "down", "among": "any"}]
    out = text("five-card-stud", {"streets.fifth.decide": draw, "seats.max": 4})
    assert (
        "each player in turn from the dealer's left may throw up to three cards and get "
        "as many new ones (face down)" in out
    )


def test_a_changed_decision_round_is_listed_in_words() -> None:
    parent = load_ruleset("super-stud")
    child = load_ruleset(
        "super-stud",
        {"streets.fourth.decide": [{"kind": "discard", "count": 2, "order": "simultaneous"}]},
    )
    rows = ruleset_differences(parent, child)
    assert any("all players together, each choosing unseen, throw away two" in r[2] for r in rows)

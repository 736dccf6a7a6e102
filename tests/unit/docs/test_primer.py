"""Rulebook pages open for a player: the game, one hand walked through, the ranking
ladder, then the rules; where the examples come from is a footnote."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from stud.cards import parse_cards
from stud.docs.ladder import LADDERS, ladder_lines
from stud.docs.primer import walk_lines
from stud.hands import evaluate

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads((ROOT / "schemas" / "ruleset.schema.json").read_text("utf-8"))


def test_every_ranking_a_ruleset_can_name_has_a_ladder() -> None:
    """A new ranking gets its ladder by adding data to stud.docs.ladder.LADDERS."""
    rankings = SCHEMA["$defs"]["share"]["properties"]["ranking"]["enum"]
    assert sorted(rankings) == sorted(LADDERS)


@pytest.mark.parametrize("ranking", sorted(LADDERS))
def test_each_ladder_goes_strictly_from_the_best_hand_down(ranking: str) -> None:
    values = [evaluate(parse_cards(cards), ranking) for cards, _ in LADDERS[ranking].steps]
    assert all(v is not None for v in values)
    strengths = [v.strength for v in values if v is not None]
    assert strengths == sorted(strengths, reverse=True)
    assert len(set(strengths)) == len(strengths), "two steps of the ladder tie"
    table = ladder_lines(ranking)
    rows = [r for r in table if r.startswith("| ") and not r.startswith(("| |", "| ---"))]
    assert table[0].startswith("### ") and len(rows) == len(values)
    for row, value in zip(rows, values, strict=True):
        assert value is not None and f" {value.name}" in row  # named by the evaluator


def test_the_razz_page_teaches_the_game_before_it_proves_it() -> None:
    page = (ROOT / "docs" / "rulebook" / "razz.md").read_text("utf-8")
    order = [
        page.index("## The game"),
        page.index("## How a hand goes"),
        page.index("## How hands rank"),
        page.index("### Low hands, ace-to-five"),
        page.index("## The rules"),
    ]
    assert order == sorted(order)
    opening = page[page.index("# Rulebook") : order[-1]]  # after the generated-file mark
    for developer_word in ("stud verify", "features/", "scenario"):
        assert developer_word not in opening, developer_word
    assert (
        "[^spec]: Every example on this page is a scenario of `features/razz/razz.feature`" in page
    )
    walk = page[order[1] : order[2]]
    assert "1. **Third street.**" in walk and "**The end.**" in walk
    assert "<!-- replay: razz/razz.feature:" in walk  # the site links the replayer there
    assert "five-four low (the wheel, the best)" in page[order[2] : order[4]]


def test_every_family_page_opens_with_the_game() -> None:
    for page in sorted((ROOT / "docs" / "rulebook").glob("*.md")):
        if page.name == "index.md":
            continue
        text = page.read_text("utf-8")
        assert text.index("## The game") < text.index("## The rules"), page.name
        assert "[^spec]:" in text, page.name


def test_the_walk_tells_each_street_and_the_end() -> None:
    state = {
        "street": "third",
        "pot": "0.10",
        "seats": [
            {"seat": 1, "name": "Ann", "down": ["As", "Kd"], "up": ["9c"]},
            {"seat": 2, "name": "Bob", "down": ["2c", "2d"], "up": ["3h"]},
        ],
    }
    fourth = {
        "street": "fourth",
        "pot": "0.30",
        "seats": [
            {"seat": 1, "name": "Ann", "down": ["As", "Kd"], "up": ["9c", "9d"]},
            {"seat": 2, "name": "Bob", "down": ["2c", "2d"], "up": ["3h", "Qs"]},
        ],
    }
    end = dict(
        fourth,
        result={"showdown": False, "awards": [{"seat": 1, "amount": "0.80", "share": None}]},
    )
    frames = [
        {"caption": "dealt", "state": state},
        {"act": {"seat": 2, "action": "bring_in", "amount": "0.10"}, "state": state},
        {"act": {"seat": 1, "action": "call", "amount": "0.10"}, "state": fourth},
        {"act": {"seat": 1, "action": "bet", "amount": "0.50"}, "state": fourth},
        {"act": {"seat": 2, "action": "fold"}, "state": end},
    ]
    lines = walk_lines({"frames": frames})
    assert lines[0].endswith("Bob brings in 0.10, Ann calls 0.10.")
    assert lines[1] == (
        "2. **Fourth street.** Each gets one face up: Ann 9♦, Bob Q♠. Ann bets 0.50, Bob folds."
    )
    assert lines[2] == "3. **The end.** Ann wins 0.80."

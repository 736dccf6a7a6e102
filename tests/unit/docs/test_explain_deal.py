"""``stud explain`` says how the house games deal and bet: blinds, the pack, bought and
centre cards, the home pot limit and the event table (stud/docs/explain_deal.py)."""

from __future__ import annotations

import pytest
from stud.docs.explain import explain
from stud.docs.explain_deal import event_line, pack_phrase, ranks_phrase
from stud.rules import load_ruleset


def text(name: str, overrides: dict | None = None) -> str:
    return " ".join(" ".join(explain(load_ruleset(name, overrides))).split())


@pytest.mark.parametrize(
    ("name", "phrases"),
    [
        (
            "dr-pepper",
            [
                "posts a small blind of 0.25 and the next a big blind of 0.50",
                "heads-up the dealer posts the small blind",
                "the big blind may still raise",
                "Third street: two down, one up; the player left of the big blind acts first",
                "Deuces, fours and tens are wild.",
            ],
        ),
        (
            "english-stud-one-bought-card",
            [
                "Buy street: first each player may throw away any one card and buy a new one for "
                "1.00 paid into the pot, dealt face down; the best board acts first; big bets"
            ],
        ),
        ("oxford-stud", ["Flop street: two face up to the centre;", "River street: one face up"]),
        (
            "home-stud-mnp",
            [
                "a raise the pot (this round's bets in) plus the current bet: the call is not",
                "A raise goes to at least twice the current bet.",
                "Every amount is a whole number of antes (0.25).",
                "no burn cards",
            ],
        ),
        (
            "follow-the-queen",
            [
                "Whenever a queen is dealt face up, the next card dealt face up names the wild "
                "rank, for everyone (face-down cards are passed over); the rank wild before "
                "stops being wild at once.",
                "An event happens the moment its card is dealt to a player",
            ],
        ),
        (
            "baseball",
            [
                "Threes and nines are wild.",
                "Whenever a four is dealt face up, its holder is dealt one more card face down at "
                "once; at most three extra cards a hand with 7 players or more.",
            ],
        ),
        (
            "coupons-and-clippings",
            [
                "Whenever a rank is dealt face up for the second time in the hand, every card of "
                "its rank becomes wild for everyone, replacing the rank wild before.",
                "Whenever a ten is dealt face up, its holder takes the ante back out of the pot.",
            ],
        ),
        (
            "chiggs",
            [
                "Whenever the four of clubs is dealt face up, each player seated beside its holder "
                "must throw away a card of the same rank"
            ],
        ),
        ("nine-card-stud", ["Ninth street: one down;"]),
    ],
)
def test_each_house_concept_is_said_in_english(name: str, phrases: list[str]) -> None:
    out = text(name)
    for phrase in phrases:
        assert phrase in out


def test_the_other_values_read_differently() -> None:
    out = text(
        "follow-the-queen",
        {
            "events.follow-the-queen.wild_follows.previous": "kept",
            "events.follow-the-queen.wild_follows.down_card": "cancels",
        },
    )
    assert "a face-down card dealt next names nothing and the old rank stays" in out
    assert "stays wild until then" in out
    out = text("dr-pepper", {"blinds.heads_up": "dealer-big"})
    assert "the player left of the dealer posts the small blind and the dealer the big one" in out


def test_the_pack_and_the_joker() -> None:
    rs = load_ruleset(
        "five-card-stud",
        {"deck.stripped": [8, 9, "T"], "deck.jokers": 1, "wild.joker": "bug-up-wild-down"},
    )
    assert pack_phrase(rs) == "a 40-card pack without eights, nines or tens plus one joker"
    out = " ".join(explain(rs))
    assert "The joker is a bug when dealt face up" in out and "wild when dealt face down" in out
    assert ranks_phrase([2]) == "deuces" and ranks_phrase([14, 13], "or") == "aces or kings"


def test_triggers_by_exact_card_rank_list_and_any_card() -> None:
    rs = load_ruleset(
        "seven-card-stud",
        {
            "events": [
                {"name": "one", "when": {"cards": ["Ah", "2c"]}, "refund": "ante"},
                {"name": "two", "when": {"ranks": ["J", "K"], "face": "down"}, "refund": "ante"},
                {"name": "three", "when": {"face": "any"}, "wild_rank": "this"},
            ]
        },
    )
    lines = [event_line(rs, e) for e in rs.events]
    assert lines[0].startswith("Whenever the ace of hearts or the two of clubs is dealt face up")
    assert lines[1].startswith("Whenever one of the jacks or kings is dealt face down")
    assert lines[2].startswith("Whenever a card is dealt, every card of its rank")

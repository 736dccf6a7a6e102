"""The cards table for the house games: centre cards under a community row, extra cards
an event deals at once, a player an event folds during the deal, a stripped pack."""

from __future__ import annotations

import pytest
from stud.rules import load_ruleset
from stud.spec.deck import DeckError, build_deck, live_by_street


def doc(name: str, **overrides: object) -> dict:
    return dict(
        load_ruleset(name, {k.replace("__", "."): v for k, v in overrides.items()} or None).document
    )


def test_centre_cards_come_at_their_position_after_the_burn() -> None:
    table = [
        ["player", "third", "flop"],
        ["Ann", "[As 3d] 2c", ""],
        ["Bob", "[Ts Jd] 9h", ""],
        ["community", "", "7h 8d"],
    ]
    deck = build_deck(doc("oxford-stud"), {"Ann": 1, "Bob": 2}, dealer=2, table=table)
    assert deck == ["As", "Ts", "3d", "Jd", "2c", "9h", "2d", "7h", "8d"]


def test_the_community_row_must_give_every_centre_card() -> None:
    table = [["player", "third", "flop"], ["Ann", "[As 3d] 2c", ""], ["community", "", "7h"]]
    with pytest.raises(DeckError, match="gives 1 card"):
        build_deck(doc("oxford-stud"), {"Ann": 1, "Bob": 2}, dealer=2, table=table)


def test_an_extra_card_follows_the_card_that_brings_it() -> None:
    table = [["player", "third"], ["Ann", "[As Kd] 4h [9c]"], ["Bob", "[Qs Jd] 7c"]]
    deck = build_deck(doc("baseball"), {"Ann": 1, "Bob": 2}, dealer=2, table=table)
    assert deck == ["As", "Qs", "Kd", "Jd", "4h", "9c", "7c"]
    table[1][1] = "[As Kd] 4h 9c"  # marked up, but the extra card comes face down
    with pytest.raises(DeckError, match="marked up but the street deals it down"):
        build_deck(doc("baseball"), {"Ann": 1, "Bob": 2}, dealer=2, table=table)


def test_a_short_cell_is_a_player_an_event_folded_and_only_there() -> None:
    table = [["player", "third"], ["Ann", "[As Kd] 4c"], ["Bob", "[4h Jd] 9c"], ["Cat", "[8s 8d]"]]
    names = {"Ann": 1, "Bob": 2, "Cat": 3}
    deck = build_deck(doc("chiggs"), names, dealer=3, table=table)
    assert deck == ["As", "4h", "8s", "Kd", "Jd", "8d", "4c", "9c"]
    assert live_by_street(table, doc("chiggs"))["third"] == {"Ann", "Bob"}
    with pytest.raises(DeckError, match="2 card"):
        build_deck(doc("seven-card-stud"), names, dealer=3, table=table)


def test_burns_come_from_the_stripped_pack() -> None:
    table = [["player", "second", "third"], ["Ann", "[As] Kd", "Qd"], ["Bob", "[Qs] Jd", "Jc"]]
    deck = build_deck(
        doc("five-card-stud", deck__stripped=[2, 3, 4, 5, 6]), {"Ann": 1, "Bob": 2}, 2, table
    )
    assert deck[4] == "7c"  # the burn: the first card of the stripped pack not in the table

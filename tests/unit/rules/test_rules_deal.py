"""The validator and the loader for how the house games deal and bet: ranks by letter,
streets inserted by name, free street names, the hand-size and pack-capacity bounds, the
pack, the event table and the home pot limit."""

from __future__ import annotations

from pathlib import Path

import pytest
from stud.rules import load_ruleset, validate_file


def write(tmp_path: Path, text: str, name: str = "house.yaml") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def problems(tmp_path: Path, text: str) -> list[str]:
    return [
        f"{p.path}: {p.message}; expected {p.expected}"
        for p in validate_file(write(tmp_path, text))
    ]


# --- writing comfort ---------------------------------------------------------------------


def test_wild_ranks_by_letter_load_as_numbers(tmp_path: Path) -> None:
    rs = load_ruleset(write(tmp_path, "extends: seven-card-stud\nwild: {ranks: [2, J]}\n"))
    assert rs.wild.ranks == (2, 11)
    assert rs.document["wild"]["ranks"] == [2, 11]


def test_a_rank_written_twice_is_refused(tmp_path: Path) -> None:
    (found,) = problems(tmp_path, "extends: seven-card-stud\nwild: {ranks: [10, T]}\n")
    assert "a rank is listed twice" in found


def test_a_street_is_inserted_after_or_before_a_named_one(tmp_path: Path) -> None:
    text = (
        "extends: seven-card-stud\nstreets:\n"
        "  - {name: eighth, deal: [down], bet: big, after: seventh}\n"
        "  - {name: second, deal: [down], bet: null, before: third}\n"
    )
    rs = load_ruleset(write(tmp_path, text))
    names = [s.name for s in rs.streets]
    assert names == ["second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
    assert "after" not in rs.document["streets"][-1]


def test_an_existing_street_can_be_moved(tmp_path: Path) -> None:
    text = "extends: seven-card-stud\nstreets:\n  - {name: fourth, after: sixth}\n"
    rs = load_ruleset(write(tmp_path, text))
    assert [s.name for s in rs.streets] == ["third", "fifth", "sixth", "fourth", "seventh"]


def test_inserting_after_a_missing_street_says_which_exist(tmp_path: Path) -> None:
    text = "extends: seven-card-stud\nstreets:\n  - {name: eighth, deal: [down], after: ninth}\n"
    (problem,) = validate_file(write(tmp_path, text))
    assert problem.line == 3 and problem.path == "$.streets[5].after"
    assert "there is no street 'ninth' to put 'eighth' after" in problem.message
    assert "seventh" in problem.expected


def test_street_names_are_free_but_a_misspelt_edit_is_still_caught(tmp_path: Path) -> None:
    text = (
        "extends: five-card-stud\nstreets:\n  - {name: first, deal: [down, up], bet: small, "
        "opener: bring-in}\n  - {name: second, deal: [up], bet: small}\n"
        "  - {name: final, deal: [up, up, up], bet: big}\n"
    )
    rs = load_ruleset(write(tmp_path, text))
    assert [s.name for s in rs.streets] == ["first", "second", "final"]
    (found,) = problems(
        tmp_path, "extends: five-card-stud\nstreets:\n  - {name: fith, bet: small}\n"
    )
    assert "no street 'fith' (did you mean 'fifth'?)" in found


# --- more than seven cards and the pack ---------------------------------------------------


def test_eight_cards_play_and_the_bound_is_the_evaluator_s(tmp_path: Path) -> None:
    text = (
        "extends: seven-card-stud\nseats: {max: 6}\nstreets:\n"
        "  - {name: seventh, deal: [down, down]}\n"
    )
    assert load_ruleset(write(tmp_path, text)).streets[-1].deal == ("down", "down")
    text = (
        "extends: seven-card-stud\nseats: {max: 2}\nstreets:\n"
        "  - {name: seventh, deal: [down, down, down, down, down, down]}\n"
    )
    assert not any("can reach" in f for f in problems(tmp_path, text))
    text = text.replace("down, down]", "down, down, down]")
    assert any("can reach 13 cards" in f for f in problems(tmp_path, text))


def test_the_pack_must_cover_the_deal_at_the_most_seats(tmp_path: Path) -> None:
    text = (
        "extends: seven-card-stud\nseats: {max: 8}\n"
        "dealing: {reuse_burns: false, community_card: false}\n"
        "streets:\n  - {name: seventh, deal: [down, down]}\n"
    )
    found = problems(tmp_path, text)
    assert any("cannot always be dealt to the end" in f and "seats.max" in f for f in found)


def test_extra_cards_on_events_must_come_from_the_pack(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        "extends: baseball\nseats: {max: 7}\n"
        "events:\n  - {name: four-ball, extra_card: {most: 4}}\n",
    )
    assert any("keeping 4 card(s) back for extra cards" in f for f in found)
    assert load_ruleset("baseball").seats.max == 7  # 49 cards and three extras: 52


def test_a_stripped_rank_cannot_be_wild_or_in_the_centre(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        "extends: seven-card-stud\nseats: {max: 5}\n"
        "deck: {stripped: [8, 9, 10], jokers: 1, centre: [9c]}\n"
        "wild: {ranks: [9], joker: bug}\n",
    )
    assert any("are taken out of the pack" in f and "wild.ranks" in f for f in found)
    assert any("9c is taken out of the pack" in f for f in found)


def test_a_stripped_pack_shrinks_the_capacity(tmp_path: Path) -> None:
    text = (
        "extends: seven-card-stud\ndeck: {stripped: [2, 3, 4, 5]}\n"
        "dealing: {community_card: false}\n"
    )
    assert any("with 6 players from a pack of 36" in f for f in problems(tmp_path, text))


# --- events ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ("{name: x, when: {ranks: [Q]}}", "the event has no effect"),
        ("{name: x, refund: ante, wild_rank: this}", "the event has 2 effects"),
        ("{name: x, when: {ranks: [4], cards: [4c]}, refund: ante}", "both ranks and cards"),
        ("{name: x, when: {cards: [4x]}, refund: ante}", "is not a card of the pack"),
        ("{name: x, when: {face: down, shown: 2}, wild_rank: this}", "the trigger is not face up"),
    ],
)
def test_each_event_row_must_make_sense(tmp_path: Path, event: str, message: str) -> None:
    found = problems(tmp_path, f"extends: seven-card-stud\nevents:\n  - {event}\n")
    assert any(message in f for f in found), found


def test_event_names_are_unique_and_a_refund_needs_an_ante(tmp_path: Path) -> None:
    text = (
        "extends: seven-card-stud\nstakes: {ante: '0'}\nevents:\n  - {name: x, refund: ante}\n"
        "  - {name: x, wild_rank: this}\n"
    )
    found = problems(tmp_path, text)
    assert any("used twice" in f for f in found)
    assert any("the game has no ante" in f for f in found)


def test_a_house_file_changes_an_event_by_name(tmp_path: Path) -> None:
    text = (
        "extends: follow-the-queen\nevents:\n"
        "  - {name: follow-the-queen, wild_follows: {down_card: cancels}}\n"
    )
    (event,) = load_ruleset(write(tmp_path, text)).events
    assert event.when.ranks == (12,) and event.wild_follows is not None
    assert event.wild_follows.down_card == "cancels" and event.wild_follows.previous == "cleared"


def test_moving_wild_ranks_let_boards_read_wild_cards(tmp_path: Path) -> None:
    assert problems(tmp_path, "extends: follow-the-queen\nboard: {wild: wild}\n") == []


# --- the home pot limit -------------------------------------------------------------------


def test_the_home_pot_limit_values_belong_to_pot_and_no_limit(tmp_path: Path) -> None:
    found = problems(
        tmp_path,
        "extends: seven-card-stud\nbetting: {pot_ceiling: pot-plus-bet, min_raise: double}\n",
    )
    assert any("a pot ceiling applies to pot limit" in f for f in found)
    assert any("a raise to double applies to pot and no limit" in f for f in found)
    text = "extends: seven-card-stud\nbetting: {structure: no-limit, min_raise: double}\n"
    assert problems(tmp_path, text) == []

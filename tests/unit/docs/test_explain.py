from pathlib import Path

import pytest
from stud.docs.changes import change_line, ruleset_differences
from stud.docs.explain import explain, money_text, raises_phrase
from stud.docs.rulesets import describe, difference_lines
from stud.rules import load_ruleset, shipped_rulesets


def text(name: str, overrides: dict | None = None) -> str:
    return "\n".join(explain(load_ruleset(name, overrides)))


def test_reference_ruleset_in_plain_english():
    out = text("seven-card-stud")
    assert "Ante 0.05; small bet 0.50, big bet 1.00." in out
    assert (
        "The lowest upcard brings in for 0.10 (aces high; ties by suit, lowest first: "
        "clubs, diamonds, hearts, spades) or completes to 0.50." in out
    )
    assert "Third street: two down, one up; the bring-in opens; small bets (0.50)." in out
    assert "or big bets (1.00) when any board shows a pair" in out
    assert "Seventh street: one down;" in out
    assert "a bet and three raises, unlimited heads-up" in out
    assert "the best high hand wins the pot" in out


@pytest.mark.parametrize(
    ("overrides", "phrase"),
    [
        ({"betting.max_raises": 4}, "a bet and four raises"),
        ({"betting.max_raises": None}, "a bet and any number of raises"),
        ({"betting.uncapped_heads_up": "never"}, "the cap applies even heads-up"),
        ({"stakes.ante": "0"}, "No ante;"),
        ({"dealing.burn": False}, "no burn cards"),
        ({"board.ties": "position"}, "first of them clockwise from the dealer"),
        ({"wild.ranks": [2]}, "Deuces are wild."),
        ({"wild.ranks": ["2", "J"]}, "Deuces and jacks are wild."),
        ({"betting.big_bet_locks": False}, "a small raise of a big bet"),
    ],
)
def test_phrases_follow_the_values(overrides, phrase):
    assert phrase not in text("seven-card-stud")
    assert phrase in text("seven-card-stud", overrides)


def test_the_home_game_states_its_tie_rule_street_by_street():
    home = text("seven-card-stud-home")
    assert "on third street equal boards go to the first of them clockwise from the dealer" in home
    assert "on fourth, fifth, sixth and seventh street equal boards are broken by the suit" in home
    assert "on third street" not in text("roberts-rules-stud")


def test_a_bring_in_of_a_full_small_bet_is_explained_as_the_bet():
    out = text("seven-card-stud", {"stakes.bring_in": "0.50"})
    assert "a bring-in of a full small bet is the bet" in out
    assert "a bring-in of a full small bet is the bet" not in text("seven-card-stud")


def test_low_and_split_games_are_described_from_their_shares():
    razz = text("razz")
    assert "The highest upcard brings in" in razz and "aces low" in razz
    assert "ace-to-five low" in razz
    hilo = text("stud-hi-lo")
    assert "split between the best high hand and the best ace-to-five low" in hilo
    assert "five different ranks, 8 or lower" in hilo


def test_the_name_never_matters(tmp_path: Path):
    source = shipped_rulesets()["razz"].read_text(encoding="utf-8")
    copy = tmp_path / "something-else.yaml"
    copy.write_text(source, encoding="utf-8")
    assert "extends: seven-card-stud" in source  # a shipped name: the copy resolves it too
    assert explain(load_ruleset(str(copy))) == explain(load_ruleset("razz"))


def test_every_shipped_ruleset_is_explained_and_distinct_values_read_differently():
    texts = {name: text(name) for name in shipped_rulesets()}
    assert all(len(t.splitlines()) >= 6 for t in texts.values())
    assert texts["razz"] != texts["seven-card-stud"]


def test_house_file_shows_its_differences_first(tmp_path: Path):
    house = tmp_path / "friday.yaml"
    house.write_text(
        "extends: seven-card-stud\ntitle: Friday\n"
        'betting: {max_raises: 4}\nstakes: {ante: "0.10"}\n',
        encoding="utf-8",
    )
    d = describe(str(house))
    assert d.parent is not None and d.parent.name == "seven-card-stud"
    assert difference_lines(d) == [
        "ante: 0.10 (was 0.05)",
        "raises allowed after the bet: 4 (was 3)",
    ]


def test_street_tables_are_compared_by_position_in_deal_order():
    from stud.rules import load_ruleset

    rows = ruleset_differences(load_ruleset("seven-card-stud"), load_ruleset("english-stud"))
    lines = [change_line(*r) for r in rows]
    streets = [line for line in lines if "street" in line.lower()]
    assert streets == [
        "Sixth street: cards dealt: one down (was one up)",
        "Sixth street: exchange round: one card, free (was none)",
        "Street 5 in deal order: final (was seventh)",
        "Final street: cards dealt: no card (was one down)",
        "Final street: exchange round: one card, free (was none)",
        "Seventh street is added: one down (only when at most 5 players were dealt in); "
        "the best board acts first; big bets (1.00)",
    ]
    five = [
        change_line(*r)
        for r in ruleset_differences(
            load_ruleset("seven-card-stud"), load_ruleset("five-card-stud")
        )
    ]
    assert five[-1].startswith("Seventh street is dropped (it was: one down")


def test_the_change_list_speaks_english():
    from stud.rules import load_ruleset

    text = "\n".join(
        change_line(*r)
        for a, b in (("seven-card-stud", "seven-card-stud-home"), ("stud-hi-lo", "razz"))
        for r in ruleset_differences(load_ruleset(a), load_ruleset(b))
    )
    assert "Third street: who acts first: the best board (was the bring-in)" in text
    assert "bring-in: none (was 0.10)" in text
    assert "The high share is dropped (it was: the best high hand)" in text
    for raw in ("->", "(present)", "(not set)", "best-board", "bring-in ->", "open-pair"):
        assert raw not in text, raw


def test_money_and_raise_words():
    from decimal import Decimal

    assert money_text(Decimal("0.5"), Decimal("0.01")) == "0.50"
    assert money_text(Decimal("20"), Decimal("1")) == "20"
    assert raises_phrase(1) == "a bet and one raise"


def test_a_setting_switched_on_is_one_row():
    from stud.rules import load_ruleset

    base = load_ruleset("seven-card-stud")
    paid = load_ruleset("seven-card-stud", {"streets.sixth.exchange": {"price": "1.00"}})
    assert ruleset_differences(base, paid) == [
        ("Sixth street: exchange round", "none", "one card for 1.00")
    ]
    assert ruleset_differences(paid, base) == [
        ("Sixth street: exchange round", "one card for 1.00", "none")
    ]

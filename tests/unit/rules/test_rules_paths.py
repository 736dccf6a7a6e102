"""One path grammar for `stud show --set`, house-rule tables and engine profiles."""

from __future__ import annotations

import pytest
from stud.cli import main
from stud.errors import RulesetError
from stud.protocol.schemas import reply_problems
from stud.rules import load_ruleset
from stud.rules.dotted import parse_path, show_path
from stud.spec.profile import Profile

SAME_PLACE = [
    "streets.fifth.bet",
    "streets.2.bet",
    "streets[2].bet",
    "$.streets[2].bet",  # as the validator prints it
]


@pytest.mark.parametrize("path", SAME_PLACE)
def test_every_form_of_a_path_reaches_the_same_value(path: str) -> None:
    ruleset = load_ruleset("seven-card-stud", {path: "small"})
    assert ruleset.streets[2].name == "fifth" and ruleset.streets[2].bet == "small"
    doc = Profile.from_hello({"profile": {path: "small"}}).apply(
        load_ruleset("seven-card-stud").document
    )
    assert doc["streets"][2]["bet"] == "small"


def test_a_path_the_validator_prints_is_taken_back(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    house = tmp_path / "house.yaml"
    house.write_text("extends: seven-card-stud\nstakes: {bring_in: null}\n")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(house)
    printed = caught.value.problems[0].path  # $.streets[0].opener or $.stakes.bring_in
    assert printed.startswith("$.")
    status = main(
        ["show", str(house), "--set", "streets[0].opener=best-board", "--set", "dealing.burn=false"]
    )
    assert status == 0, capsys.readouterr().err
    assert "opener: best-board" in capsys.readouterr().out


def test_malformed_paths_say_where_and_what_is_expected() -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset("seven-card-stud", {"streets[x].bet": "big", "betting[0]": 1})
    text = "\n".join(str(p) for p in caught.value.problems)
    assert "'streets[x].bet' is no path: expected a list index in brackets such as [0] " in text
    assert "streets[1].bet" in text  # the grammar, with an example
    assert "$.betting: is a mapping, so [0] names nothing" in text


def test_an_index_past_the_end_lists_the_names_and_the_range() -> None:
    with pytest.raises(RulesetError) as caught:
        load_ruleset("seven-card-stud", {"streets[7].bet": "big"})
    (problem,) = caught.value.problems
    assert "no item '7'" in problem.message
    assert "third, fourth, fifth, sixth, seventh, or an index from 0 to 4" in problem.expected


def test_paths_round_trip() -> None:
    for text in ("betting.max_raises", "streets[0].opener", "pot.shares[1].qualifier"):
        assert show_path(parse_path(text)) == text


def test_the_protocol_schema_takes_every_form_in_a_profile() -> None:
    hello = {
        "id": 1,
        "ok": True,
        "protocol": 1,
        "engine": {"name": "e", "version": "1"},
        "rulesets": ["*"],
        "features": [],
        "profile": {p: "small" for p in SAME_PLACE},
    }
    assert reply_problems("hello", hello) == []
    hello["profile"] = {"streets[x].bet": "big"}
    assert reply_problems("hello", hello) != []

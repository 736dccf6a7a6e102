"""House files that say what they inherit: warnings, a description of their own, claims."""

from __future__ import annotations

from pathlib import Path

import pytest
from stud.cli import main
from stud.rules import load_ruleset, shipped_rulesets
from stud.rules.advice import kept_items, ruleset_warnings
from stud.rules.loader import read_own


def _house(tmp_path: Path, text: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


ANY_LOW = "extends: stud-hi-lo\npot:\n  shares:\n    - {name: low, ranking: ace-to-five}\n"


def test_a_low_share_written_without_qualifier_warns_that_it_keeps_eight(tmp_path, capsys):  # type: ignore[no-untyped-def]
    house = _house(tmp_path, ANY_LOW)
    assert load_ruleset(house).pot.shares[1].qualifier == 8  # what the merge does
    assert main(["validate", str(house)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("house.yaml: ok")
    assert out[1].startswith(f"{house}:4:7: warning: $.pot.shares[0]: the low share keeps ")
    assert "the parent's qualifier: 8" in out[1] and "qualifier: null" in out[1]
    fixed = _house(tmp_path, ANY_LOW.replace("ace-to-five}", "ace-to-five, qualifier: null}"))
    assert ruleset_warnings(fixed) == []
    assert load_ruleset(fixed).pot.shares[1].qualifier is None


def test_show_and_explain_print_warnings_on_stderr_only(tmp_path, capsys):  # type: ignore[no-untyped-def]
    house = _house(tmp_path, ANY_LOW)
    assert main(["show", str(house)]) == 0
    captured = capsys.readouterr()
    assert "warning: $.pot.shares[0]" in captured.err and "warning" not in captured.out
    assert main(["explain", str(house), "--width", "0"]) == 0
    captured = capsys.readouterr()
    assert "warning: $.pot.shares[0]" in captured.err
    assert "The low share keeps the parent's qualifier: 8" in captured.out


def test_an_item_that_changes_one_value_and_keeps_the_rest_is_no_warning(tmp_path):  # type: ignore[no-untyped-def]
    house = _house(
        tmp_path, "extends: seven-card-stud\nstreets:\n  - {name: fourth, big_bet_when: never}\n"
    )
    assert ruleset_warnings(house) == []
    (item,) = kept_items(read_own(house, "h"), load_ruleset("seven-card-stud").document)
    assert item.name == "fourth" and item.written == ("big_bet_when",)
    assert dict(item.kept) == {"deal": ["up"]}  # opener and bet are the defaults


def test_stakes_out_of_proportion(tmp_path):  # type: ignore[no-untyped-def]
    house = _house(tmp_path, 'extends: razz\nstakes: {ante: "1", small_bet: "5", big_bet: "10"}\n')
    (warning,) = ruleset_warnings(house)
    assert warning.path == "$.stakes.bring_in" and warning.line == 1
    assert "the bring-in 0.10 is 1/50 of the small bet 5" in warning.message
    sane = _house(
        tmp_path,
        'extends: razz\nstakes: {ante: "1", bring_in: "2", small_bet: "5", big_bet: "10"}\n',
    )
    assert ruleset_warnings(sane) == []


@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_no_shipped_ruleset_warns(name: str) -> None:
    assert ruleset_warnings(name) == []


def test_a_file_named_like_a_shipped_ruleset_is_warned(tmp_path):  # type: ignore[no-untyped-def]
    house = _house(tmp_path, "extends: razz\nbetting: {max_raises: 4}\n", "razz.yaml")
    (warning,) = ruleset_warnings(house)
    assert "named like the shipped ruleset 'razz'" in warning.message
    assert "razz-house.yaml" in warning.expected


def test_a_house_file_gets_a_description_of_its_own(tmp_path):  # type: ignore[no-untyped-def]
    house = _house(
        tmp_path,
        "extends: seven-card-stud\nstakes: {bring_in: null}\n"
        "streets:\n  - {name: third, opener: best-board}\n",
        "nobring.yaml",
    )
    rs = load_ruleset(house)
    assert "lowest upcard" not in rs.description  # the parent's words no longer hold
    assert rs.description.startswith("House rules (nobring) on Seven-card stud")
    assert "stakes.bring_in, streets.third.opener" in rs.description
    assert rs.implements == load_ruleset("seven-card-stud").implements  # inherited, and said
    assert main(["show", str(house)]) == 0


def test_show_says_what_is_inherited(tmp_path, capsys):  # type: ignore[no-untyped-def]
    house = _house(tmp_path, "extends: seven-card-stud\nbetting: {max_raises: 4}\n")
    assert main(["show", str(house)]) == 0
    out = capsys.readouterr().out
    assert "# implements: inherited from seven-card-stud" in out


def test_a_file_that_rebuilds_the_street_table_drops_the_parents_claims(tmp_path, capsys):  # type: ignore[no-untyped-def]
    house = _house(
        tmp_path,
        "extends: seven-card-stud\nstreets:\n"
        "  - {name: door, deal: [down, up], opener: bring-in}\n"
        "  - {name: turn, deal: [up]}\n"
        "  - {name: later, deal: [up], bet: big}\n"
        "  - {name: river, deal: [up], bet: big}\n",
    )
    rs = load_ruleset(house)
    assert rs.implements == ()
    (warning,) = ruleset_warnings(house)
    assert warning.path == "$.streets" and "claims none" in warning.message
    assert main(["show", str(house)]) == 0
    assert "# implements: none; this file rebuilds the street table" in capsys.readouterr().out


def test_an_event_written_over_the_parents_event_of_that_name_validates(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A house game that changes the card an event follows (the jack for the queen): its
    other keys are read against the event item's own defaults, not a street's or share's."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: follow-the-queen\n"
        "events:\n"
        "  - name: follow-the-queen\n"
        "    when: {face: up, ranks: [J]}\n",
        encoding="utf-8",
    )
    assert main(["validate", str(house)]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith("house.yaml: ok")
    assert load_ruleset(house).events[0].when.ranks == (11,)

"""Loading rulesets: extends (deep merge, streets by name), overrides, documents."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from stud.errors import RulesetError
from stud.rules import load_ruleset, ruleset_from_document, validate_file
from stud.rules.model import Ruleset


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_load_shipped_by_name() -> None:
    r = load_ruleset("seven-card-stud")
    assert isinstance(r, Ruleset)
    assert r.name == "seven-card-stud"
    assert r.stakes.bring_in == Decimal("0.10")
    assert [s.name for s in r.streets] == ["third", "fourth", "fifth", "sixth", "seventh"]
    assert r.streets[0].deal == ("down", "down", "up")


def test_extends_merges_mappings_key_by_key(tmp_path: Path) -> None:
    path = write(tmp_path, "house.yaml", "extends: seven-card-stud\nbetting:\n  max_raises: 4\n")
    r = load_ruleset(str(path))
    assert r.name == "house"
    assert r.betting.max_raises == 4
    assert r.betting.uncapped_heads_up == "in-hand"  # inherited from the parent
    assert r.title == "Seven-card stud (casino, fixed limit): house rules (house)"  # issue 16
    assert "extends" not in r.document


def test_streets_merge_by_name(tmp_path: Path) -> None:
    text = "extends: seven-card-stud\nstreets:\n  - {name: fourth, big_bet_when: never}\n"
    r = load_ruleset(str(write(tmp_path, "h.yaml", text)))
    assert [s.name for s in r.streets] == ["third", "fourth", "fifth", "sixth", "seventh"]
    assert r.streets[1].big_bet_when == "never"
    assert r.streets[1].deal == ("up",)  # kept from the parent's fourth street


def test_streets_replace_when_a_name_is_new(tmp_path: Path) -> None:
    text = (
        "extends: seven-card-stud\nstreets:\n"
        "  - {name: third, deal: [down, down, up], opener: bring-in}\n"
        "  - {name: last, deal: [up, up, up, down], bet: big}\n"
    )
    r = load_ruleset(str(write(tmp_path, "h.yaml", text)))
    assert [s.name for s in r.streets] == ["third", "last"]
    assert r.streets[1].bet == "big"


def test_other_lists_replace(tmp_path: Path) -> None:
    text = "extends: wild-card-stud\nwild: {ranks: [3]}\n"
    r = load_ruleset(str(write(tmp_path, "h.yaml", text)))
    assert r.wild.ranks == (3,)


def test_pot_shares_merge_by_name_and_drop_only_on_request(tmp_path: Path) -> None:
    text = "extends: stud-hi-lo\npot:\n  shares: [{name: low, qualifier: null}]\n"
    r = load_ruleset(str(write(tmp_path, "any.yaml", text)))
    assert [(s.name, s.ranking, s.qualifier) for s in r.pot.shares] == [
        ("high", "high", None),
        ("low", "ace-to-five", None),
    ]
    text = "extends: stud-hi-lo\npot:\n  shares: [{name: low, remove: true}]\n"
    r = load_ruleset(str(write(tmp_path, "high.yaml", text)))
    assert [s.name for s in r.pot.shares] == ["high"]
    text = "extends: razz\npot:\n  shares: [{name: high, ranking: high}]\n"
    r = load_ruleset(str(write(tmp_path, "both.yaml", text)))
    assert [s.name for s in r.pot.shares] == ["low", "high"]


def test_a_misspelt_street_or_share_is_one_error_with_the_fix(tmp_path: Path) -> None:
    text = "extends: seven-card-stud\nstreets:\n  - {name: 4th, big_bet_when: never}\n"
    (problem,) = validate_file(str(write(tmp_path, "s.yaml", text)))
    assert (problem.line, problem.column) == (3, 12)
    assert "no street '4th' (did you mean 'fourth'?)" in problem.message
    text = "extends: stud-hi-lo\npot:\n  shares: [{name: hihg, remove: true}]\n"
    (problem,) = validate_file(str(write(tmp_path, "p.yaml", text)))
    assert "no share 'hihg' (did you mean 'high'?)" in problem.message


def test_a_misspelt_extends_is_one_error(tmp_path: Path) -> None:
    (problem,) = validate_file(str(write(tmp_path, "e.yaml", "extend: razz\nseats: {max: 6}\n")))
    assert (problem.line, problem.column, problem.path) == (1, 1, "$.extend")
    assert "did you mean 'extends'?" in problem.message


def test_a_misindented_key_is_pointed_at(tmp_path: Path) -> None:
    text = "extends: seven-card-stud\nstakes:\nante: 1\n"
    (problem,) = validate_file(str(write(tmp_path, "i.yaml", text)))
    assert (problem.line, problem.column, problem.path) == (3, 1, "$.ante")
    assert "belongs under 'stakes' (line 2)" in problem.message


def test_a_tab_gets_a_hint(tmp_path: Path) -> None:
    text = "extends: seven-card-stud\nstakes:\n\tante: 1\n"
    (problem,) = validate_file(str(write(tmp_path, "t.yaml", text)))
    assert problem.line == 3 and "not tabs" in problem.expected


def test_extends_relative_path_and_chain(tmp_path: Path) -> None:
    sub = tmp_path / "sub"
    sub.mkdir()
    write(tmp_path, "base.yaml", 'extends: razz\nstakes: {ante: "0.10"}\n')
    child = write(sub, "child.yaml", "extends: ../base.yaml\nbetting: {max_raises: 5}\n")
    with pytest.raises(RulesetError) as info:  # Y1: outside sub/ by default
        load_ruleset(str(child))
    assert "outside the folder of this ruleset" in info.value.first.message
    r = load_ruleset(str(child), allow_extends_outside=True)
    assert r.stakes.ante == Decimal("0.10")
    assert r.betting.max_raises == 5
    assert r.pot.shares[0].ranking == "ace-to-five"  # from razz, two levels up


def test_extends_by_bare_name_of_a_local_file(tmp_path: Path) -> None:
    write(tmp_path, "club.yaml", "extends: seven-card-stud\nseats: {max: 7}\n")
    r = load_ruleset(str(write(tmp_path, "night.yaml", "extends: club\n")))
    assert r.seats.max == 7


def test_missing_parent_is_located(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "title: x\nextends: seven-card-studd\n")
    problems = validate_file(str(path))
    assert len(problems) == 1
    assert (problems[0].line, problems[0].column) == (2, 10)
    assert "did you mean 'seven-card-stud'" in problems[0].message


def test_cycle_is_an_error(tmp_path: Path) -> None:
    write(tmp_path, "a.yaml", "extends: b.yaml\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(tmp_path / "a.yaml"))
    assert any("extends cycle" in p.message for p in info.value.problems)


def test_inherited_value_points_at_the_extends_line(tmp_path: Path) -> None:
    # the parent's bring-in (0.10) is now above the child's small bet
    path = write(
        tmp_path,
        "h.yaml",
        '# house\nextends: seven-card-stud\nstakes: {small_bet: "0.05", big_bet: "0.10"}\n',
    )
    problems = validate_file(str(path))
    by_path = {p.path: p for p in problems}
    assert (by_path["$.stakes.bring_in"].line, by_path["$.stakes.bring_in"].column) == (2, 10)


def test_overrides_apply_after_extends() -> None:
    r = load_ruleset(
        "seven-card-stud",
        {"betting.max_raises": 4, "streets.fourth.big_bet_when": "never", "stakes.ante": "1"},
    )
    assert r.betting.max_raises == 4
    assert r.streets[1].big_bet_when == "never"
    assert r.stakes.ante == Decimal(1)
    assert r.document["stakes"]["ante"] == "1"


def test_override_strings_are_read_as_yaml_scalars() -> None:
    r = load_ruleset(
        "seven-card-stud",
        {
            "betting.max_raises": "null",
            "seats.max": "6",
            "stakes.ante": "0.05",
            "title": "Stud: the club's way",
            "wild.ranks": "[2, 3]",
            "streets.4.bet": "small",
        },
    )
    assert r.betting.max_raises is None
    assert r.seats.max == 6
    assert r.stakes.ante == Decimal("0.05")
    assert r.title == "Stud: the club's way"
    assert r.wild.ranks == (2, 3)
    assert r.streets[4].bet == "small"


def test_bad_overrides_are_reported() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("seven-card-stud", {"streets.eighth.bet": "big", "stakes.ante": 0.05})
    messages = [str(p) for p in info.value.problems]
    assert any("no item 'eighth'" in m for m in messages)
    assert any("0.05 is a float" in m for m in messages)
    with pytest.raises(RulesetError) as info:
        load_ruleset("seven-card-stud", {"betting.max_raise": 4})
    assert "did you mean 'max_raises'" in str(info.value)
    assert "(--set betting.max_raise)" in info.value.first.file


def test_document_round_trip_and_json() -> None:
    r = load_ruleset("english-stud")
    text = json.dumps(r.document)
    again = ruleset_from_document(json.loads(text), source=r.source)
    assert again == r
    assert again.document == r.document
    assert r.document["stakes"]["small_bet"] == "0.50"


def test_document_refuses_floats_and_extends() -> None:
    doc = dict(load_ruleset("seven-card-stud").document)
    doc["stakes"] = dict(doc["stakes"], ante=0.05)
    with pytest.raises(RulesetError, match="is a float"):
        ruleset_from_document(doc)
    with pytest.raises(RulesetError, match="must be resolved"):
        ruleset_from_document({"extends": "seven-card-stud"})


def test_document_problems_are_all_reported() -> None:
    doc = dict(load_ruleset("seven-card-stud").document)
    doc["stakes"] = dict(doc["stakes"], bring_in="0.75")
    doc["betting"] = dict(doc["betting"], structure="fixed-limt")
    with pytest.raises(RulesetError) as info:
        ruleset_from_document(doc, source="new_hand")
    paths = sorted(p.path for p in info.value.problems)
    assert paths == ["$.betting.structure", "$.stakes.bring_in"]
    assert all(p.file == "new_hand" for p in info.value.problems)


def test_unknown_name_suggests() -> None:
    with pytest.raises(RulesetError, match="did you mean 'razz'"):
        load_ruleset("razzz")


def test_yaml_floats_become_exact_decimals(tmp_path: Path) -> None:
    path = write(tmp_path, "h.yaml", "extends: seven-card-stud\nstakes: {ante: 0.05, chip: 0.05}\n")
    r = load_ruleset(str(path))
    assert r.stakes.ante == Decimal("0.05")
    assert r.document["stakes"]["ante"] == "0.05"


def test_parse_cache_neither_leaks_overrides_nor_misses_edits(tmp_path: Path) -> None:
    assert load_ruleset("seven-card-stud", {"betting.max_raises": 7}).betting.max_raises == 7
    assert load_ruleset("seven-card-stud").betting.max_raises == 3
    path = write(tmp_path, "h.yaml", "extends: seven-card-stud\nseats: {max: 6}\n")
    assert load_ruleset(str(path)).seats.max == 6
    write(tmp_path, "h.yaml", "extends: seven-card-stud\nseats: {max: 5, min: 3}\n")
    assert load_ruleset(str(path)).seats.max == 5


def test_a_house_file_without_a_title_does_not_pass_as_its_parent(tmp_path: Path) -> None:
    path = write(tmp_path, "friday.yaml", "extends: seven-card-stud\nbetting: {max_raises: 4}\n")
    r = load_ruleset(str(path))
    assert r.title == "Seven-card stud (casino, fixed limit): house rules (friday)"
    assert r.description.startswith("House rules (friday) on Seven-card stud")
    assert "changing betting.max_raises" in r.description
    assert "raise" not in r.description.split("changing")[0]  # none of the parent's words
    own = write(tmp_path, "own.yaml", "extends: razz\ntitle: Razz, ours\ndescription: Ours.\n")
    assert (load_ruleset(str(own)).title, load_ruleset(str(own)).description) == (
        "Razz, ours",
        "Ours.",
    )


@pytest.mark.parametrize("structure", ["pot-limit", "no-limit"])
def test_switching_to_a_big_bet_structure_brings_its_defaults(
    tmp_path: Path, structure: str
) -> None:
    path = write(
        tmp_path, "h.yaml", f"extends: seven-card-stud\nbetting: {{structure: {structure}}}\n"
    )
    r = load_ruleset(str(path))
    assert r.betting.max_raises is None and r.betting.reopen_fraction == 1
    assert all(s.big_bet_when == "never" for s in r.streets)
    kept = write(
        tmp_path,
        "k.yaml",
        f"extends: seven-card-stud\nbetting: {{structure: {structure}, max_raises: 5}}\n",
    )
    assert load_ruleset(str(kept)).betting.max_raises == 5  # what the file says is kept

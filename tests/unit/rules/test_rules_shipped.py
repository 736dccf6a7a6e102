"""Every shipped ruleset validates, loads, serialises, and says what it implements."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from stud.rules import load_ruleset, ruleset_from_document, shipped_rulesets, validate_file
from stud.rules.catalogue import CATALOGUE_IDS, project_ids

SHIPPED = sorted(shipped_rulesets())
CATALOGUE = Path(__file__).resolve().parents[3].parent / "shared" / "rules-catalogue.yaml"

REQUIRED = {
    "seven-card-stud",
    "seven-card-stud-home",
    "stud-hi-lo",
    "stud-hi-lo-declare",
    "razz",
    "london-lowball",
    "spread-limit-stud",
    "pot-limit-stud",
    "wild-card-stud",
    "low-hole",
    "english-stud",
    "aces-straights-flushes",
    "stud-hi-lo-split-unit",
    "seven-card-stud-9",
    "roberts-rules-stud",
}


def test_the_required_variants_are_shipped() -> None:
    assert REQUIRED <= set(SHIPPED)


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_ruleset(name: str) -> None:
    assert validate_file(name) == []
    r = load_ruleset(name)
    assert r.name == name
    assert r.title and "\n" not in r.title
    assert len(r.description) > 60
    assert r.implements, "every ruleset names the catalogue ids it implements"
    assert set(r.implements) <= set(CATALOGUE_IDS) | set(project_ids())
    text = json.dumps(r.document)  # JSON-serialisable: no Decimal, no tuple
    again = ruleset_from_document(json.loads(text), source=r.source)
    assert again == r


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_file_names_its_parent_first(name: str) -> None:
    lines = [
        line
        for line in shipped_rulesets()[name].read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    assert lines[0].startswith(("extends:", "title:"))
    keys = {line.split(":", 1)[0] for line in lines if not line.startswith(" ")}
    assert {"title", "description", "implements"} <= keys, "each file has its own"


def test_implements_takes_the_project_ids_but_no_made_up_catalogue_id() -> None:
    from stud.rules.checks import check_misc

    good = {"implements": ["BRING-03", "RANK-01"]}
    bad = {"implements": ["BRING-99", "RANK-99"]}
    assert list(check_misc(good, None)) == []
    assert [f.path for f in check_misc(bad, None)] == [("implements", 0), ("implements", 1)]


def test_every_catalogue_id_is_implemented_somewhere() -> None:
    covered = {rule for name in SHIPPED for rule in load_ruleset(name).implements}
    assert sorted(set(CATALOGUE_IDS) - covered) == []


@pytest.mark.skipif(not CATALOGUE.exists(), reason="../shared/rules-catalogue.yaml not present")
def test_catalogue_ids_match_the_shared_catalogue() -> None:
    ids = re.findall(r"id: ([A-Z]+-\d+)", CATALOGUE.read_text(encoding="utf-8"))
    assert tuple(ids) == CATALOGUE_IDS


def test_variant_values() -> None:
    home = load_ruleset("seven-card-stud-home")
    assert home.stakes.bring_in is None
    assert home.streets[0].opener == "best-board"
    # position only on the first round (BRING-12); later streets by suit (ROUND-06)
    ties = [s.tie_rule(home.board) for s in home.streets]
    assert ties == ["position", "suit", "suit", "suit", "suit"]
    assert all(s.bet == "small" and s.big_bet_when == "open-pair" for s in home.streets[1:])
    razz = load_ruleset("razz")
    assert (razz.bring_in.card, razz.bring_in.aces, razz.board.ranking) == (
        "highest",
        "low",
        "ace-to-five",
    )
    assert razz.streets[1].big_bet_when == "never"
    english = load_ruleset("english-stud")
    assert [s.name for s in english.streets] == [
        "third",
        "fourth",
        "fifth",
        "sixth",
        "final",
        "seventh",
    ]
    assert english.streets[4].exchange is not None and english.streets[4].deal == ()
    assert english.streets[5].deal_if_players_at_most == 5
    asf = load_ruleset("aces-straights-flushes")
    assert (asf.deck.jokers, asf.deck.centre, asf.wild.joker) == (1, ("Jk",), "bug")
    assert sum(len(s.deal) for s in asf.streets) == 6
    split = load_ruleset("stud-hi-lo-split-unit")
    assert str(split.pot.split_unit) == "10"
    spread = load_ruleset("spread-limit-stud-ten-end")
    assert [str(s.spread.max) for s in spread.streets if s.spread] == ["5", "5", "10", "10", "10"]
    declare = load_ruleset("stud-hi-lo-declare")
    assert declare.showdown.method == "declare"
    assert load_ruleset("london-lowball").betting.structure == "pot-limit"

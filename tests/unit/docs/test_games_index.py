"""features/games-index.yaml: the 79 census games, each played by a shipped ruleset or
given a reason; compared with ../shared/house-games.md where it exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from stud.docs.games import load_games
from stud.errors import StudError
from stud.paths import FEATURES
from stud.rules import load_ruleset, shipped_rulesets

REPO = Path(__file__).resolve().parents[3]
CENSUS = REPO.parent / "shared" / "house-games.md"
ROW = re.compile(r"^\| (\d+) \| (.+?) \| (.+?) \| .+? \| ([ENP]) \| .* \|\s*$")


@pytest.fixture(scope="module")
def games():  # type: ignore[no-untyped-def]
    return load_games(FEATURES / "games-index.yaml")


def test_the_index_lists_79_games_each_played_or_explained(games) -> None:  # type: ignore[no-untyped-def]
    assert [g.number for g in games] == list(range(1, 80))
    assert all(g.game and g.sources for g in games)
    assert all(bool(g.ruleset) != bool(g.reason) for g in games)
    assert all(len(g.reason) > 20 for g in games if not g.ruleset)


def test_every_named_ruleset_is_shipped_and_plays(games) -> None:  # type: ignore[no-untyped-def]
    shipped = shipped_rulesets()
    named = [g.ruleset for g in games if g.ruleset]
    assert sorted(set(named) - set(shipped)) == []
    assert len(named) == len(set(named)), "one ruleset per game"
    for name in named:
        assert load_ruleset(name).title


@pytest.mark.skipif(not CENSUS.exists(), reason="../shared/house-games.md is not present")
def test_the_index_matches_the_census(games) -> None:  # type: ignore[no-untyped-def]
    rows = [
        m.groups()
        for line in CENSUS.read_text(encoding="utf-8").splitlines()
        if (m := ROW.match(line))
    ]
    assert len(rows) == 79
    census = {int(n): (name.strip(), source) for n, name, source, _ in rows}
    for g in games:
        name, source = census[g.number]
        assert g.game == name, g.number
        tags = [t for t in ("GP", "BARGE", "MNP") if re.search(rf"\b{t}\b", source)]
        assert list(g.sources) == tags, g.number


def test_a_bad_entry_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "games.yaml"
    bad.write_text(
        "games:\n  - {number: 3, game: x, ruleset: razz, reason: both}\n", encoding="utf-8"
    )
    with pytest.raises(StudError, match="game 3 needs a ruleset or a reason"):
        load_games(bad)
    bad.write_text("games: 3\n", encoding="utf-8")
    with pytest.raises(StudError, match="a list 'games'"):
        load_games(bad)

"""Whatever a document holds, loading it gives a Ruleset or a RulesetError, never a crash;
and the values the catalogue notes call for are expressible."""

from __future__ import annotations

import copy
import tempfile
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud import paths
from stud.errors import RulesetError
from stud.rules import load_ruleset, ruleset_from_document, validate_file

BASE = dict(load_ruleset("seven-card-stud").document)
REPO = Path(__file__).resolve().parents[3]


def all_paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(all_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(all_paths(item, (*prefix, i)))
    return out


PATHS = [p for p in all_paths(BASE) if p]
JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 100)
    | st.decimals(allow_nan=False, allow_infinity=False, places=2)
    | st.sampled_from(["", "high", "low", "up", "down", "0.50", "-1", "Jk", "xx", "third"])
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["name", "min", "max", "deal", "x"]), children, max_size=3
        )
    ),
    max_leaves=8,
)


def put(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    node: Any = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    changes=st.lists(st.tuples(st.sampled_from(PATHS), JUNK), min_size=1, max_size=3),
)
def test_any_document_loads_or_reports(changes: list[tuple[tuple[Any, ...], Any]]) -> None:
    doc = BASE
    for path, value in changes:
        try:
            doc = put(doc, path, value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed the container
    try:
        ruleset_from_document(doc)
    except RulesetError as exc:
        assert exc.problems
        assert all(p.path.startswith("$") and p.message for p in exc.problems)


@pytest.mark.parametrize(
    "big,small,ante",
    [("4", "2", "0.50"), ("1", "0.50", "0.10"), ("0.50", "0.25", "0.05")],
)
def test_setup_03_example_stakes(big: str, small: str, ante: str) -> None:
    r = load_ruleset(
        "seven-card-stud",
        {
            "stakes.big_bet": big,
            "stakes.small_bet": small,
            "stakes.ante": ante,
            "stakes.bring_in": ante,
        },
    )
    assert (r.stakes.big_bet, r.stakes.small_bet, r.stakes.ante) == tuple(
        Decimal(x) for x in (big, small, ante)
    )


@pytest.mark.parametrize(
    "overrides",
    [
        {"dealing.burn": "false"},  # DEAL-06
        {
            "stakes.bring_in": "2",
            "stakes.ante": "0.50",
            "stakes.small_bet": "5",
            "stakes.big_bet": "10",
        },  # BRING-05 (002)
        {"board.ties": "position"},  # ROUND-06
        {"betting.big_bet_locks": "false"},  # LIMIT-05
        {"betting.max_raises": 4},  # CAP-01
        {"betting.max_raises": "null"},
        {"betting.uncapped_heads_up": "round-start"},  # CAP-02
        {"betting.uncapped_heads_up": "never"},
        {"pot.split_unit": "0.50"},  # HILO-10
        {"seats.max": 9},  # SETUP-01
        {"streets.fifth.bet": "small", "streets.fifth.big_bet_when": "open-pair"},  # LIMIT-07
    ],
)
def test_catalogue_note_alternatives_are_expressible(overrides: dict[str, Any]) -> None:
    load_ruleset("seven-card-stud", overrides)


def test_hi_lo_low_rankings_and_qualifiers() -> None:  # HILO-12
    for ranking in ("ace-to-five", "ace-to-six"):
        for qualifier in ("8", "null"):
            r = load_ruleset(
                "stud-hi-lo",
                {"pot.shares.1.ranking": ranking, "pot.shares.1.qualifier": qualifier},
            )
            assert r.pot.shares[1].ranking == ranking


@pytest.mark.skipif(not (REPO / "rulesets").is_dir(), reason="not a source checkout")
@pytest.mark.parametrize("folder", ["rulesets", "schemas", "features"])
def test_installed_data_matches_the_checkout(folder: str) -> None:
    """In CI the package is installed from a wheel: its data must be real copies of all files."""
    installed = paths.DATA / folder
    source = REPO / folder
    files = sorted(
        p.relative_to(source)
        for p in source.rglob("*")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(source).parts)
    )
    assert files, f"{folder}/ is empty"
    for rel in files:
        assert (installed / rel).is_file(), f"{folder}/{rel} is not shipped"
        assert (installed / rel).read_bytes() == (source / rel).read_bytes()


YAMLISH = st.text(
    alphabet=st.sampled_from(list("ab:-[]{}&*!?#|>'\" \n\t,.0123456789%@`~<=")), max_size=80
)


@settings(max_examples=300, deadline=None)
@given(text=YAMLISH | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_any_text_validates_without_crashing(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
        problems = validate_file(str(path))
    assert all(str(p) for p in problems)

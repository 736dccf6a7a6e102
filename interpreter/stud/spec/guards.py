"""Checks that keep the specification honest (run by ``tests/unit/spec/test_guards.py``).

* every feature parses, and no two scenarios of a feature share a name (pytest-bdd would
  silently drop one);
* every scenario has a Then-step, and every step matches exactly one vocabulary pattern;
* every tag is a catalogue id of ``features/rules-index.yaml``, ``ruleset:<shipped
  ruleset>`` or one of :data:`KNOWN_TAGS`; each scenario names exactly one ruleset, the
  one its last ``a game of "..."`` step plays;
* every id of the index is tagged on at least one scenario;
* every shipped ruleset is played by at least one scenario;
* a scenario's title names no hand its steps do not show (:mod:`stud.spec.titles`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from pathlib import Path

import yaml

from stud.spec.features import RULESET_TAG, FeatureFile, load_features
from stud.spec.titles import title_problems
from stud.spec.vocabulary import UndefinedStep, find_step

KNOWN_TAGS: dict[str, str] = {
    "example": "a worked example of the sources, with its exact figures",
    "alternative": "an alternative the sources document, selected by a ruleset value",
    "all-in": "all-in players, side pots and short all-in raises",
    "beyond-sources": "a rule the sources do not state; its Rule: block names the rule "
    "followed (Robert's Rules of Poker, TDA)",
}
# tags that let a scenario carry no catalogue id (the sources are silent there)
UNCATALOGUED_TAGS = frozenset({"all-in", "beyond-sources"})
CATALOGUE_ID = re.compile(r"^[A-Z]+-\d+$")
_GAME = re.compile(r'^a game of "([^"]+)"')


def load_index(path: Path) -> dict[str, str]:
    """The rules index: catalogue id -> one line in our words."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a mapping of id: statement")
    return {str(k): str(v) for k, v in data.items()}


def load_catalogue_ids(path: Path) -> list[str]:
    """The ids of the shared catalogue (a YAML list of mappings with ``id``)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return [str(entry["id"]) for entry in data]


def feature_problems(
    features: Iterable[FeatureFile], index: Mapping[str, str], rulesets: Iterable[str]
) -> list[str]:
    """Everything wrong with the features, one readable line each."""
    known_rulesets = set(rulesets)
    problems: list[str] = []
    for feature in features:
        where = feature.path
        for name, count in Counter(s.name for s in feature.scenarios).items():
            if count > 1:
                problems.append(f"{where}: {count} scenarios are named '{name}'")
        for name, count in Counter(n for n, _ in feature.written_names).items():
            if count > 1:
                problems.append(f"{where}: scenario name '{name}' is written {count} times")
        for scenario in feature.scenarios:
            at = f"{where}:{scenario.line} '{scenario.name}'"
            if not any(step.kind == "then" for step in scenario.steps):
                problems.append(f"{at}: has no Then step")
            for step in scenario.steps:
                try:
                    find_step(step.kind, step.text)
                except UndefinedStep as exc:
                    problems.append(f"{at}: {exc}")
            ruleset_tags = [t for t in scenario.tags if t.startswith(RULESET_TAG)]
            for tag in scenario.tags:
                if CATALOGUE_ID.match(tag):
                    if tag not in index:
                        problems.append(f"{at}: @{tag} is not in the rules index")
                elif tag.startswith(RULESET_TAG):
                    if tag[len(RULESET_TAG) :] not in known_rulesets:
                        problems.append(f"{at}: @{tag} names no shipped ruleset")
                elif tag not in KNOWN_TAGS:
                    problems.append(f"{at}: unknown tag @{tag}")
            if len(ruleset_tags) != 1:
                problems.append(f"{at}: needs exactly one @ruleset: tag, has {len(ruleset_tags)}")
            # a new 'a game of' replaces the one before it (a Background's), so the last counts
            games = [m.group(1) for s in scenario.steps for m in [_GAME.match(s.text)] if m]
            if ruleset_tags and games and games[-1] != scenario.ruleset:
                problems.append(f"{at}: tagged @{ruleset_tags[0]} but plays {games[-1]}")
            if not scenario.catalogue_ids and not UNCATALOGUED_TAGS & set(scenario.tags):
                problems.append(f"{at}: carries no catalogue id")
    return problems


def unrun_rulesets(features: Iterable[FeatureFile], rulesets: Iterable[str]) -> list[str]:
    """Shipped rulesets that no scenario plays (a wrong value in them would go unnoticed)."""
    played = {s.ruleset for f in features for s in f.scenarios}
    return sorted(name for name in rulesets if name not in played)


def uncovered_ids(features: Iterable[FeatureFile], index: Mapping[str, str]) -> list[str]:
    """Index ids that no scenario is tagged with."""
    tagged = {t for f in features for s in f.scenarios for t in s.tags}
    return [cid for cid in index if cid not in tagged]


def spec_problems(root: Path, index_path: Path, rulesets: Iterable[str]) -> list[str]:
    """All guard problems of the features under ``root`` (empty when the spec is sound)."""
    features = load_features(root)
    index = load_index(index_path)
    problems = feature_problems(features, index, rulesets)
    problems += title_problems(features)
    problems += [
        f"rules index id {cid} is tagged on no scenario" for cid in uncovered_ids(features, index)
    ]
    problems += [
        f"shipped ruleset {name} is played by no scenario"
        for name in unrun_rulesets(features, rulesets)
    ]
    return problems

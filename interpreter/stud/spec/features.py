"""Reading the specification: ``features/**/*.feature`` parsed with gherkin-official.

Scenario Outlines are expanded (one :class:`Scenario` per Examples row) and Background
steps are prepended, exactly as Gherkin's pickle compiler does.  A scenario's ``id`` is
``<feature path relative to features/>:<scenario name>``, stable across runs.

>>> s = parse_feature_text('''@ruleset:razz
... Feature: F
...   Rule: one line
...     @RAZZ-01
...     Scenario Outline: a <n>
...       Given a game of "razz"
...       Then the pot is <n>
...       Examples:
...         | n |
...         | 1 |
... ''', "razz/f.feature").scenarios[0]
>>> s.id, s.rule, s.tags, s.ruleset, s.steps[1].kind, s.steps[1].text
('razz/f.feature:a 1', 'one line', ('ruleset:razz', 'RAZZ-01'), 'razz', 'then', 'the pot is 1')
>>> matches(s, "razz and RAZZ-01"), matches(s, "not razz"), matches(s, "f")
(True, False, True)
>>> matches(s, '"a 1" and razz'), matches(s, '"a 2" or not RAZZ-01')
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gherkin.errors import CompositeParserException, ParserError
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

from stud.errors import StudError

RULESET_TAG = "ruleset:"
_KINDS = {"Context": "given", "Action": "when", "Outcome": "then"}


class FeatureError(StudError):
    """A feature file that Gherkin cannot parse."""


@dataclass(frozen=True)
class Step:
    """One step as written (placeholders of an outline already filled in)."""

    keyword: str  # "Given ", "And "...
    kind: str  # given | when | then (And/But take the kind of the step before)
    text: str
    table: tuple[tuple[str, ...], ...] | None = None
    line: int = 0

    def __str__(self) -> str:
        return f"{self.keyword.strip()} {self.text}"


@dataclass(frozen=True)
class Scenario:
    """One runnable scenario (an outline gives one per Examples row)."""

    id: str
    feature: str  # path relative to features/, with "/" separators
    feature_name: str
    rule: str
    name: str
    tags: tuple[str, ...]
    steps: tuple[Step, ...]
    line: int = 0
    outline: bool = False

    @property
    def variant(self) -> str:
        """The sub-folder of features/ (the variant family), "" at the top level."""
        return self.feature.split("/")[0] if "/" in self.feature else ""

    @property
    def ruleset(self) -> str:
        for tag in self.tags:
            if tag.startswith(RULESET_TAG):
                return tag[len(RULESET_TAG) :]
        return ""

    @property
    def catalogue_ids(self) -> tuple[str, ...]:
        return tuple(t for t in self.tags if re.fullmatch(r"[A-Z]+-\d+", t))


@dataclass
class FeatureFile:
    path: str  # relative to features/
    name: str
    tags: tuple[str, ...]
    rules: list[str] = field(default_factory=list)
    scenarios: list[Scenario] = field(default_factory=list)
    # scenario names as written (before outline expansion), with their line numbers
    written_names: list[tuple[str, int]] = field(default_factory=list)


def _tags(node: dict[str, Any]) -> tuple[str, ...]:
    return tuple(t["name"].lstrip("@") for t in node.get("tags", []))


def parse_feature_text(text: str, path: str) -> FeatureFile:
    """Parse one feature's text; ``path`` is relative to features/."""
    try:
        document: Any = Parser().parse(text)
    except (CompositeParserException, ParserError) as exc:
        raise FeatureError(f"{path}: {exc}") from None
    document["uri"] = path
    feature: Any = document.get("feature")
    if feature is None:
        return FeatureFile(path=path, name="", tags=())
    out = FeatureFile(path=path, name=feature["name"], tags=_tags(feature))
    rule_of: dict[str, str] = {}  # scenario ast id -> rule name
    outlines: set[str] = set()

    def visit(children: Iterable[dict[str, Any]], rule: str) -> None:
        for child in children:
            if "rule" in child:
                out.rules.append(child["rule"]["name"])
                visit(child["rule"].get("children", []), child["rule"]["name"])
            elif "scenario" in child:
                sc = child["scenario"]
                rule_of[sc["id"]] = rule
                out.written_names.append((sc["name"], sc["location"]["line"]))
                if sc.get("examples"):
                    outlines.add(sc["id"])

    visit(feature.get("children", []), "")
    pickles: Any = Compiler().compile(document)
    for pickle in pickles:
        steps = []
        for ps in pickle["steps"]:
            table = None
            arg: Any = ps.get("argument", {})
            if "dataTable" in arg:
                table = tuple(
                    tuple(cell["value"] for cell in row["cells"])
                    for row in arg["dataTable"]["rows"]
                )
            steps.append(
                Step(
                    keyword=_KINDS.get(ps.get("type", ""), "given").capitalize() + " ",
                    kind=_KINDS.get(ps.get("type", ""), "given"),
                    text=ps["text"],
                    table=table,
                )
            )
        scenario_id = pickle["astNodeIds"][0]
        out.scenarios.append(
            Scenario(
                id=f"{path}:{pickle['name']}",
                feature=path,
                feature_name=out.name,
                rule=rule_of.get(scenario_id, ""),
                name=pickle["name"],
                tags=tuple(dict.fromkeys(t["name"].lstrip("@") for t in pickle["tags"])),
                steps=tuple(steps),
                line=pickle["location"]["line"],
                outline=scenario_id in outlines,
            )
        )
    return out


def load_features(root: Path) -> list[FeatureFile]:
    """Every ``*.feature`` under ``root``, sorted by path; or ``root`` itself when it is
    one feature file (named from the folder ``features`` above it, where there is one, so
    its scenarios keep the ids a whole run gives them)."""
    if root.is_file():
        above = next((a for a in root.resolve().parents if a.name == "features"), None)
        name = root.resolve().relative_to(above).as_posix() if above else root.name
        return [parse_feature_text(root.read_text(encoding="utf-8"), name)]
    files = sorted(root.rglob("*.feature"))
    return [
        parse_feature_text(p.read_text(encoding="utf-8"), p.relative_to(root).as_posix())
        for p in files
    ]


def collect(root: Path, select: str | None = None) -> list[Scenario]:
    """All scenarios under ``root``, optionally filtered by a ``-k`` expression.

    A selection of several words that is part of some scenario's name (``-k "Three pairs
    make two pair"``) selects those scenarios; otherwise it is an expression (see
    :func:`matches`).
    """
    scenarios = [s for f in load_features(root) for s in f.scenarios]
    if select:
        phrase = " ".join(select.strip().strip("\"'").split()).lower()
        named = [s for s in scenarios if " " in phrase and phrase in s.name.lower()]
        scenarios = named or [s for s in scenarios if matches(s, select)]
    return scenarios


# --- selection: a tiny boolean language like pytest's -k ---------------------------------
_TOKEN = re.compile(r"""\s*("[^"]*"|'[^']*'|\(|\)|[^\s()]+)""")


def _word_matches(scenario: Scenario, word: str) -> bool:
    if len(word) >= 2 and word[0] == word[-1] and word[0] in "\"'":  # a quoted phrase
        phrase = " ".join(word[1:-1].split()).lower()
        return phrase in scenario.name.lower() or phrase in scenario.id.lower()
    w = word.lower().lstrip("@")
    stem = scenario.feature.rsplit("/", 1)[-1].removesuffix(".feature").lower()
    names = {t.lower() for t in scenario.tags} | {scenario.variant.lower(), stem}
    names.add(scenario.ruleset.lower())
    return w in names or w in scenario.id.lower()


def matches(scenario: Scenario, expression: str) -> bool:
    """Does ``scenario`` match ``expression``?

    Words match a tag (``BRING-03``, ``ruleset:razz``), the variant folder (``razz``), the
    feature file's stem (``bring-in``), the ruleset name, or any part of the scenario id;
    a quoted phrase (``"three pairs"``) matches part of the scenario's name or id; they
    combine with ``and``, ``or``, ``not`` and parentheses; plain juxtaposition or commas
    mean ``or``.
    """
    tokens = [t for t in _TOKEN.findall(expression.replace(",", " ")) if t]
    pos = 0

    def peek() -> str | None:
        return tokens[pos] if pos < len(tokens) else None

    def take() -> str:
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def disjunction() -> bool:
        value = conjunction()
        while peek() is not None and peek() != ")":
            if peek() == "or":
                take()
            value = conjunction() or value
        return value

    def conjunction() -> bool:
        value = negation()
        while peek() == "and":
            take()
            value = negation() and value
        return value

    def negation() -> bool:
        if peek() == "not":
            take()
            return not negation()
        return atom()

    def atom() -> bool:
        token = peek()
        if token is None:
            raise StudError(f"selection '{expression}' ends too early; expected a word")
        take()
        if token == "(":
            value = disjunction()
            if peek() != ")":
                raise StudError(f"selection '{expression}' lacks a closing parenthesis")
            take()
            return value
        return _word_matches(scenario, token)

    result = disjunction()
    if pos != len(tokens):
        raise StudError(f"selection '{expression}' has an unexpected '{tokens[pos]}'")
    return result

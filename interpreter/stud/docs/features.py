"""Read ``features/`` into a small, ordered model the rulebook pages are rendered from.

Parsing uses the official Gherkin parser (the one ``stud verify`` uses), so the docs show
exactly what the runner executes.  Files are read in name order, per folder (one folder per
variant family), and each file keeps its ``Rule:`` blocks and scenarios in file order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gherkin.parser import Parser

from stud.errors import StudError


@dataclass(frozen=True)
class Step:
    keyword: str  # "Given", "When", "Then", "And", "But", "*"
    text: str
    table: tuple[tuple[str, ...], ...] = ()
    doc: str | None = None


@dataclass(frozen=True)
class Examples:
    name: str
    tags: tuple[str, ...]
    table: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Scenario:
    name: str
    keyword: str  # "Scenario", "Scenario Outline", "Example"
    description: str
    tags: tuple[str, ...]  # without "@", inherited feature/rule tags included
    own_tags: tuple[str, ...]
    steps: tuple[Step, ...]
    examples: tuple[Examples, ...] = ()
    line: int = 0


@dataclass(frozen=True)
class Rule:
    name: str  # "" for scenarios outside any Rule:
    description: str
    tags: tuple[str, ...]
    background: tuple[Step, ...]
    scenarios: tuple[Scenario, ...]


@dataclass(frozen=True)
class Feature:
    path: str  # relative to features/, with "/"
    family: str  # the first folder ("" for files directly in features/)
    name: str
    description: str
    tags: tuple[str, ...]
    background: tuple[Step, ...]
    rules: tuple[Rule, ...] = field(default=())

    @property
    def scenarios(self) -> list[Scenario]:
        return [s for r in self.rules for s in r.scenarios]


def _tags(node: dict[str, Any]) -> tuple[str, ...]:
    return tuple(t["name"].lstrip("@") for t in node.get("tags", ()))


def _table(rows: list[dict[str, Any]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(c["value"] for c in r["cells"]) for r in rows)


def _steps(node: dict[str, Any]) -> tuple[Step, ...]:
    steps = []
    for s in node.get("steps", ()):
        steps.append(
            Step(
                keyword=s["keyword"].strip(),
                text=s["text"],
                table=_table(s["dataTable"]["rows"]) if "dataTable" in s else (),
                doc=s["docString"]["content"] if "docString" in s else None,
            )
        )
    return tuple(steps)


def _scenario(node: dict[str, Any], inherited: tuple[str, ...]) -> Scenario:
    own = _tags(node)
    examples = tuple(
        Examples(
            name=e.get("name", ""),
            tags=_tags(e),
            table=_table(([e["tableHeader"]] if "tableHeader" in e else []) + e["tableBody"]),
        )
        for e in node.get("examples", ())
    )
    return Scenario(
        name=node["name"],
        keyword=node["keyword"],
        description=node.get("description", ""),
        tags=tuple(dict.fromkeys(inherited + own)),
        own_tags=own,
        steps=_steps(node),
        examples=examples,
        line=node["location"]["line"],
    )


def parse_feature(text: str, path: str) -> Feature:
    """Parse one ``.feature`` text; ``path`` is relative to ``features/``."""
    try:
        doc: Any = Parser().parse(text)
    except Exception as exc:  # the parser's own error types carry line numbers
        raise StudError(f"features/{path}: cannot parse: {exc}") from None
    node: Any = doc.get("feature")
    if not node:
        raise StudError(f"features/{path}: no Feature: found")
    ftags = _tags(node)
    background: tuple[Step, ...] = ()
    loose: list[Scenario] = []
    rules: list[Rule] = []
    for child in node["children"]:
        if "background" in child:
            background = _steps(child["background"])
        elif "scenario" in child:
            loose.append(_scenario(child["scenario"], ftags))
        elif "rule" in child:
            r = child["rule"]
            rtags = _tags(r)
            rule_bg: tuple[Step, ...] = ()
            scenarios = []
            for rc in r["children"]:
                if "background" in rc:
                    rule_bg = _steps(rc["background"])
                elif "scenario" in rc:
                    scenarios.append(_scenario(rc["scenario"], ftags + rtags))
            rules.append(
                Rule(
                    name=r["name"],
                    description=r.get("description", ""),
                    tags=rtags,
                    background=rule_bg,
                    scenarios=tuple(scenarios),
                )
            )
    if loose:
        rules.insert(
            0, Rule(name="", description="", tags=(), background=(), scenarios=tuple(loose))
        )
    parts = path.split("/")
    return Feature(
        path=path,
        family=parts[0] if len(parts) > 1 else "",
        name=node["name"],
        description=node.get("description", ""),
        tags=ftags,
        background=background,
        rules=tuple(rules),
    )


def load_features(root: Path) -> list[Feature]:
    """Every ``*.feature`` under ``root``, in path order."""
    if not root.is_dir():
        return []
    files = sorted(root.rglob("*.feature"), key=lambda p: p.relative_to(root).as_posix())
    return [
        parse_feature(p.read_text(encoding="utf-8"), p.relative_to(root).as_posix()) for p in files
    ]

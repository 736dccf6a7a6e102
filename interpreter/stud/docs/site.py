"""Generate every derived page of ``docs/`` (and ``mkdocs.yml``) from the sources of truth.

:func:`generate` returns ``{path relative to the repository: text}``; it is pure and
deterministic (sorted inputs, no dates), so ``stud docs --check`` can compare it with the
files on disk.  Generated pages start with :data:`~stud.docs.markdown.GENERATED_MARK`; a
page with the mark that is no longer generated (a removed ruleset, say) is stale too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from stud.docs.catalogue import load_index, render_catalogue
from stud.docs.cli_ref import render_cli
from stud.docs.features import Feature, load_features
from stud.docs.games import load_games, render_games
from stud.docs.glossary import render_glossary
from stud.docs.markdown import GENERATED_MARK, cards_to_symbols
from stud.docs.rulebook import (
    Anchor,
    Primer,
    families,
    family_page,
    family_title,
    render_family,
    render_index,
)
from stud.docs.rulesets import Described, describe, render_ruleset, render_ruleset_index
from stud.docs.schema_ref import load_schema, render_schema
from stud.errors import StudError
from stud.rules.model import Ruleset

# pages other helpers write by hand or with their own tools: linked, never generated here
FOREIGN_PAGES = {
    "steps.md": "Step vocabulary",
    "protocol.md": "Engine protocol",
    "conformance/README.md": "Conformance reports",
    "conformance/pokerkit.md": "Conformance: PokerKit",
    "conformance/ci.md": "Conformance in CI",
    "conformance/diagnosing.md": "Diagnosing an engine far from the rules",
    "api.md": "Python API",
    "mutation-score.md": "Mutation score",
}
HAND_WRITTEN = {
    "index.md": "Home",
    "guide/house-rules.md": "House rules",
    "guide/replay.md": "Checking recorded hands",
    "guide/mutation-testing.md": "Mutation testing",
    "guide/fuzz.md": "Fuzzing an engine",
    "guide/engine.md": "Inside the engine",
    "guide/performance.md": "Performance",
}


@dataclass(frozen=True)
class Sources:
    root: Path

    @property
    def features(self) -> Path:
        return self.root / "features"

    @property
    def rulesets(self) -> Path:
        return self.root / "rulesets"

    @property
    def schema(self) -> Path:
        return self.root / "schemas" / "ruleset.schema.json"

    @property
    def docs(self) -> Path:
        return self.root / "docs"


def find_root(start: Path) -> Path:
    """The repository root at or above ``start`` (it holds features/ and rulesets/)."""
    for candidate in (start, *start.parents):
        if (candidate / "features").is_dir() and (candidate / "rulesets").is_dir():
            return candidate
    raise StudError(
        f"no features/ and rulesets/ at or above {start}: `stud docs` works in a source "
        "checkout; run it from the repository or pass --root DIR"
    )


def _load_rulesets(src: Sources) -> list[Described]:
    files = sorted(src.rulesets.glob("*.yaml"))
    cache: dict[str, Ruleset] = {}
    described = [describe(str(p), cache) for p in files]
    return sorted(described, key=lambda d: (d.parent is not None, d.ruleset.name))


def generate(root: Path) -> dict[str, str]:
    """Every generated file: ``{"docs/rulebook/seven-card-stud.md": text, ...}``."""
    src = Sources(root)
    described = _load_rulesets(src)
    ruleset_pages = {d.ruleset.name: f"rulesets/{d.ruleset.name}.md" for d in described}
    titles = {d.ruleset.name: d.ruleset.title for d in described}
    out: dict[str, str] = {}

    index = load_index(src.features / "rules-index.yaml")
    id_order = list(index) + [c for d in described for c in d.ruleset.implements]
    groups = families(load_features(src.features), list(dict.fromkeys(id_order)))
    anchors: list[Anchor] = []
    out["docs/rulebook/index.md"] = render_index(groups, titles)
    primers = family_primers(src, groups, {d.ruleset.name: d.ruleset for d in described})
    for fam, feats in groups.items():
        text, found = render_family(fam, feats, titles, ruleset_pages, primers.get(fam))
        out[f"docs/{family_page(fam)}"] = text
        anchors += found
    played_by: dict[str, list[str]] = {}
    for d in described:
        for cid in d.ruleset.implements:
            played_by.setdefault(cid, []).append(d.ruleset.name)
    out["docs/rules-index.md"] = render_catalogue(index, anchors, titles, played_by)
    out["docs/glossary.md"] = render_glossary()

    if src.schema.exists():
        out["docs/reference/ruleset.md"] = render_schema(load_schema(src.schema))
    out["docs/rulesets/index.md"] = render_ruleset_index(described, ruleset_pages)
    for d in described:
        name = d.ruleset.name
        mine = [a for a in anchors if name in a.tags or f"ruleset:{name}" in a.tags]
        out[f"docs/{ruleset_pages[name]}"] = render_ruleset(d, ruleset_pages, mine, index)

    games = src.features / "games-index.yaml"
    if games.exists():
        out["docs/games.md"] = render_games(load_games(games), ruleset_pages)

    from stud.cli import build_parser

    out["docs/cli.md"] = render_cli(build_parser())
    out["mkdocs.yml"] = render_mkdocs(src, groups, titles, described)
    return out


def family_primers(
    src: Sources, groups: Mapping[str, Sequence[Feature]], rulesets: Mapping[str, Ruleset]
) -> dict[str, Primer]:
    """Per family: the game its examples mostly play (title and description), that
    game's ranking ladders, and an example hand played on the reference to walk through."""
    from stud.docs.ladder import ladder_lines
    from stud.docs.primer import main_ruleset, pick_hand
    from stud.docs.replayer import example_hands

    hands = example_hands(src.features)
    out: dict[str, Primer] = {}
    for fam, feats in groups.items():
        tags = [t for f in feats for sc in f.scenarios for t in sc.tags]
        rs = rulesets.get(main_ruleset(tags))
        if rs is None:
            continue
        link = f"[{rs.title}](../rulesets/{rs.name}.md)"
        game = (f"{cards_to_symbols(rs.description)}", "", f"Its ruleset is {link}.")
        rankings = dict.fromkeys(share.ranking for share in rs.pot.shares)
        ladders = tuple(line for r in rankings for line in ladder_lines(r))
        mine = [h for h in hands if str(h["key"]).split("/")[0] == fam]
        # walk through a hand of the family's own game when it has one
        tag = f"ruleset:{rs.name}"
        own = {f"{f.path}:{sc.name}" for f in feats for sc in f.scenarios if tag in sc.tags}
        of_game = [h for h in mine if str(h["key"]).split(" [")[0] in own]
        out[fam] = Primer(game, ladders, pick_hand(of_game or mine))
    return out


def _existing(src: Sources, page: str, generated: bool = False) -> bool:
    return generated or (src.docs / page).exists()


def render_mkdocs(
    src: Sources,
    groups: Mapping[str, Sequence[Feature]],
    titles: dict[str, str],
    described: list[Described],
) -> str:
    rulebook: list[object] = [{"Overview": "rulebook/index.md"}]
    rulebook += [{family_title(f, titles): family_page(f)} for f in groups]
    # written by the site's build (interpreter/stud/docs/mkdocs_hooks.py) from features/
    rulebook.append({"Hands, step by step": "replayer.md"})
    rulesets: list[object] = [{"All rulesets": "rulesets/index.md"}]
    rulesets += ruleset_tree(described)
    if src.schema.exists():
        rulesets.append({"Ruleset reference": "reference/ruleset.md"})
    nav: list[object] = []
    if _existing(src, "index.md"):
        nav.append({"Home": "index.md"})
    guides = [{t: p} for p, t in HAND_WRITTEN.items() if p != "index.md" and _existing(src, p)]
    guides.append({"Command line": "cli.md"})
    nav.append({"Guides": guides})
    nav.append({"Rulebook": rulebook})
    nav.append({"Rules index": "rules-index.md"})
    nav.append({"Glossary": "glossary.md"})
    nav.append({"Rulesets": rulesets})
    if (src.features / "games-index.yaml").exists():
        nav.append({"Games": "games.md"})
    implementers = [{t: p} for p, t in FOREIGN_PAGES.items() if _existing(src, p)]
    if implementers:
        nav.append({"For implementers": implementers})
    config = {
        "site_name": "stud: the executable rulebook of seven-card stud",
        "site_description": "Rules of seven-card stud and its variants, as runnable examples",
        "docs_dir": "docs",
        "strict": True,
        "theme": {
            "name": "material",
            "features": ["navigation.sections", "navigation.top", "toc.follow", "search.highlight"],
            "palette": {"primary": "green", "accent": "red"},
        },
        "extra_css": ["stylesheets/cards.css"],
        "markdown_extensions": [
            "attr_list",
            "tables",
            "admonition",
            "md_in_html",
            "footnotes",
            {"toc": {"permalink": True}},
            "pymdownx.superfences",
        ],
        "validation": {"links": {"anchors": "warn"}},
        # links from pages to source files outside docs/ (see the hook's docstring)
        "hooks": ["interpreter/stud/docs/mkdocs_hooks.py"],
        "nav": nav,
    }
    body = yaml.safe_dump(config, sort_keys=False, allow_unicode=True, width=100)
    return (
        "# generated by `stud docs` (from features/, rulesets/ and docs/); do not edit.\n"
        "# Regenerate: stud docs    Check: stud docs --check    Build: mkdocs build --strict\n"
        + body
    )


def game_family(rs: Ruleset) -> str:
    """The family a reader looks for a ruleset under, read from its values (not its name
    nor its ``extends:``): wild cards and exchanges make a home game, two pot shares a
    high-low game, a single low share a lowball game."""
    exchanges = any(st.exchange is not None for st in rs.streets)
    wild = rs.wild.ranks or rs.wild.low_hole or rs.wild.joker != "none" or rs.deck.jokers
    if exchanges or wild:
        return "Home games"
    if len(rs.pot.shares) > 1:
        return "Stud hi-lo"
    if all(share.ranking != "high" for share in rs.pot.shares):
        return "Razz and lowball"
    return "Seven-card stud"


FAMILY_ORDER = ("Seven-card stud", "Stud hi-lo", "Razz and lowball", "Home games")


def ruleset_tree(described: Sequence[Described]) -> list[object]:
    """Nav entries: the rulesets grouped by game family; in each, the rulesets that extend
    nothing in the family come first, then the rest by title."""
    groups: dict[str, list[Described]] = {}
    for d in described:
        groups.setdefault(game_family(d.ruleset), []).append(d)

    def key(d: Described) -> tuple[bool, str]:
        parent = d.parent
        inside = parent is not None and game_family(parent) == game_family(d.ruleset)
        return (inside, d.ruleset.title.lower())

    ordered = sorted(groups, key=lambda f: (FAMILY_ORDER + (f,)).index(f))
    return [
        {
            fam: [
                {d.ruleset.title: f"rulesets/{d.ruleset.name}.md"}
                for d in sorted(groups[fam], key=key)
            ]
        }
        for fam in ordered
    ]


def _is_generated(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as fh:
            return fh.read(len(GENERATED_MARK)) == GENERATED_MARK
    except (OSError, UnicodeDecodeError):
        return False


def stale(root: Path, expected: dict[str, str] | None = None) -> list[str]:
    """Paths whose content differs from what would be generated, missing ones, and
    generated pages that nothing generates any more (sorted)."""
    expected = generate(root) if expected is None else expected
    problems = []
    for rel, text in expected.items():
        path = root / rel
        if not path.exists():
            problems.append(f"{rel} (missing)")
        elif path.read_text(encoding="utf-8") != text:
            problems.append(f"{rel} (out of date)")
    docs = root / "docs"
    if docs.is_dir():
        for path in sorted(docs.rglob("*.md")):
            rel = path.relative_to(root).as_posix()
            if rel not in expected and _is_generated(path):
                problems.append(f"{rel} (no longer generated)")
    return sorted(problems)


def write(root: Path) -> list[str]:
    """Write every generated file that changed and delete orphaned generated pages."""
    expected = generate(root)
    changed = []
    for rel, text in sorted(expected.items()):
        path = root / rel
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        changed.append(rel)
    docs = root / "docs"
    if docs.is_dir():
        for path in sorted(docs.rglob("*.md")):
            rel = path.relative_to(root).as_posix()
            if rel not in expected and _is_generated(path):
                path.unlink()
                changed.append(f"{rel} (removed)")
    return changed

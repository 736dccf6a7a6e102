"""The rulebook pages: one per variant family, rendered from ``features/``.

Each rule keeps its order; each scenario becomes a readable worked example with suit
symbols and tables, an anchor of its own and one per catalogue id it illustrates.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud.docs.features import Feature, Rule, Scenario, Step
from stud.docs.glossary import link_terms
from stud.docs.markdown import (
    cards_to_symbols,
    dedent_block,
    header,
    outline_title,
    slug,
    tidy,
    unique_slug,
)
from stud.docs.replayer import replay_marker
from stud.spec.results import CATALOGUE_ID


@dataclass(frozen=True)
class Anchor:
    """Where a scenario landed: page (relative to docs/) and anchor id."""

    page: str
    anchor: str
    title: str
    family: str
    catalogue_ids: tuple[str, ...]
    tags: tuple[str, ...] = ()


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def family_page(family: str) -> str:
    return f"rulebook/{family or 'general'}.md"


def family_title(family: str, titles: Mapping[str, str]) -> str:
    if family in titles:
        return titles[family]
    return (family or "general").replace("-", " ").capitalize()


def _text(text: str) -> str:
    """Escape step text for Markdown (placeholders like <n> stay visible), cards as symbols."""
    escaped = html.escape(text, quote=False).replace("*", "\\*").replace("`", "\\`")
    return cards_to_symbols(escaped, html=True)


# steps whose table has no header row: every row is data (a dotted path and its value)
_HEADERLESS = {"house rules:": ("house rule", "value")}


def _headerless(text: str) -> tuple[str, ...] | None:
    for ending, names in _HEADERLESS.items():
        if text.endswith(ending):
            return names
    return None


def _grid(
    rows: Sequence[Sequence[str]], indent: str, names: Sequence[str] | None = None
) -> list[str]:
    if not rows:
        return []
    head, body = (tuple(names), rows) if names else (rows[0], rows[1:])

    def row(cells: Sequence[str]) -> str:
        return "| " + " | ".join(_text(c).replace("|", "\\|") or " " for c in cells) + " |"

    lines = [row(head), "| " + " | ".join("---" for _ in head) + " |"]
    lines += [row(r) for r in body]
    return ["", *(indent + line for line in lines), ""]


def render_steps(steps: Sequence[Step]) -> list[str]:
    out: list[str] = []
    for step in steps:
        out.append(f"- **{step.keyword}** {_text(step.text)}")
        out += _grid(step.table, "    ", _headerless(step.text))
        if step.doc is not None:
            out += ["", "    ```text", *("    " + x for x in step.doc.splitlines()), "    ```", ""]
    return out


def _tag_links(tags: Sequence[str]) -> str:
    """The catalogue ids of a scenario as small links to the rules index.

    Other tags (``ruleset:...``, ``alternative``, ``example``) drive the runner and the
    indexes; readers do not see them.
    """
    ids = [t for t in tags if CATALOGUE_ID.match(t)]
    return " ".join(f"[{cid}](../rules-index.md#{cid}){{ .rule-id }}" for cid in ids)


def scenario_title(sc: Scenario) -> str:
    """The name readers see: an outline's ``<placeholders>`` are left out."""
    return outline_title(sc.name) if sc.examples else sc.name


def _scenario(
    sc: Scenario,
    page: str,
    taken: set[str],
    seen_ids: set[str],
    ruleset_pages: Mapping[str, str],
    family: str,
    source: str = "",
) -> tuple[list[str], Anchor]:
    title = scenario_title(sc)
    anchor = unique_slug(title, taken)
    ids = tuple(t for t in sc.tags if CATALOGUE_ID.match(t))
    out = [""]
    for cid in ids:  # one anchor per catalogue id, at its first example on the page
        if cid not in seen_ids:
            seen_ids.add(cid)
            out.append(f'<a id="{cid}"></a>')
    if len(out) > 1:
        out.append("")
    kind = "Example" if sc.keyword in ("Scenario", "Example") else "Examples"
    out.append(f"#### {kind}: {_text(title)} {{ #{anchor} }}")
    out.append("")
    if ids:
        out += [_tag_links(sc.tags), ""]
    if source:
        out += [replay_marker(f"{source}:{sc.name}", anchor), ""]
    if sc.description.strip():
        out += [_text(dedent_block(sc.description)), ""]
    out += render_steps(sc.steps)
    for ex in sc.examples:
        out += ["", f"*Examples{': ' + _text(ex.name) if ex.name else ''}*"]
        out += _grid(ex.table, "")
    return out, Anchor(page, anchor, title, family, ids, sc.tags)


def _rule(
    rule: Rule,
    page: str,
    taken: set[str],
    seen_ids: set[str],
    ruleset_pages: Mapping[str, str],
    family: str,
    anchors: list[Anchor],
    terms: set[str],
    source: str = "",
) -> list[str]:
    out: list[str] = []
    if rule.name:
        out += ["", f"### {_text(rule.name)} {{ #{unique_slug(rule.name, taken, 'rule-')} }}", ""]
        if rule.description.strip():
            out += [_prose(rule.description, terms), ""]
        if rule.background:
            out += [
                "Each example under this rule first sets up:",
                "",
                *render_steps(rule.background),
            ]
    for sc in rule.scenarios:
        lines, anchor = _scenario(sc, page, taken, seen_ids, ruleset_pages, family, source)
        out += lines
        anchors.append(anchor)
    return out


def _prose(text: str, terms: set[str]) -> str:
    """A description: escaped, cards as symbols, first uses of glossary terms linked."""
    return link_terms(_text(dedent_block(text)), terms, "../glossary.md")


@dataclass(frozen=True)
class Primer:
    """What a family page tells a player before its rules: the game in a few sentences,
    the ranking ladders, and the example hand to walk through (replayer frames)."""

    game: tuple[str, ...]
    ladders: tuple[str, ...] = ()
    hand: Mapping[str, Any] | None = None


def render_family(
    family: str,
    features: Sequence[Feature],
    titles: Mapping[str, str],
    ruleset_pages: Mapping[str, str],
    primer: Primer | None = None,
) -> tuple[str, list[Anchor]]:
    """The Markdown page of one family and the anchors of its scenarios: for a player
    first (``primer``: the game, one hand, the ranking), then the rules with their
    examples; where the examples come from is a footnote."""
    page = family_page(family)
    taken: set[str] = {"the-game", "how-a-hand-goes", "how-hands-rank", "the-rules"}
    seen_ids: set[str] = set()
    anchors: list[Anchor] = []
    terms: set[str] = set()
    title = family_title(family, titles)
    source = f"features/{family}/" if family else "features/"
    out = [header(source, f"Rulebook: {title}")]
    n = sum(len(f.scenarios) for f in features)
    files = ", ".join(f"`features/{f.path}`" for f in features)
    footnote = (
        f"[^spec]: Every example on this page is a scenario of {files} "
        f"({_count(n, 'example')}), in the step vocabulary of the [step reference](../steps.md). "
        "`stud verify` runs them against the reference interpreter, and against any poker "
        "engine that speaks the [engine protocol](../protocol.md), so each example is checked, "
        "not just written down."
    )
    out.append(
        f"The rules of {title.lower() if family in titles else title}, each with worked "
        "examples you can replay hand by hand.[^spec]"
    )
    used = sorted(
        {
            t.split(":", 1)[-1]
            for f in features
            for sc in f.scenarios
            for t in sc.tags
            if t.split(":", 1)[-1] in ruleset_pages and not CATALOGUE_ID.match(t)
        }
    )
    if used:
        links = ", ".join(f"[`{name}`](../{ruleset_pages[name]})" for name in used)
        out += ["", f"Rulesets these examples run under: {links}."]
    opening_at = len(out)
    out += ["", "## The rules { #the-rules }", "", "The rules, each with its examples:", ""]
    feature_anchors = [unique_slug(f.name, taken) for f in features]
    for f, a in zip(features, feature_anchors, strict=True):
        out.append(f"- [{_text(f.name)}](#{a})")
    for f, a in zip(features, feature_anchors, strict=True):
        out += ["", f"## {_text(f.name)} {{ #{a} }}", ""]
        if f.description.strip():
            out += [_prose(f.description, terms), ""]
        if f.background:
            out += ["Every example in this section first sets up:", "", *render_steps(f.background)]
        for rule in f.rules:
            out += _rule(rule, page, taken, seen_ids, ruleset_pages, family, anchors, terms, f.path)
    if primer is not None:
        out[opening_at:opening_at] = ["", *_opening(primer, anchors)]
    out += ["", footnote]
    return tidy("\n".join(out)), anchors


def _opening(primer: Primer, anchors: Sequence[Anchor]) -> list[str]:
    from stud.docs.primer import opening_lines

    hand = primer.hand
    anchor = ""
    if hand is not None:
        name = str(hand["key"]).split(":", 1)[-1].split(" [")[0]
        anchor = next((a.anchor for a in anchors if a.title == name), "")
        hand = hand if anchor else None
    mark = replay_marker(str(hand["key"])) if hand is not None else ""
    return opening_lines(hand, anchor, primer.game, primer.ladders, mark)


def families(features: Sequence[Feature], id_order: Sequence[str] = ()) -> dict[str, list[Feature]]:
    """Features grouped by family (seven-card-stud first, then by name).

    Within a family, files follow the rules they illustrate: by the position in
    ``id_order`` (the rules index order) of the first catalogue id they carry, then by path.
    """
    rank = {cid: i for i, cid in enumerate(id_order)}

    def key(f: Feature) -> tuple[int, str]:
        ids = [t for s in f.scenarios for t in s.tags if CATALOGUE_ID.match(t)]
        return (rank.get(ids[0], len(rank)) if ids else len(rank), f.path)

    groups: dict[str, list[Feature]] = {}
    for f in features:
        groups.setdefault(f.family, []).append(f)
    order = sorted(groups, key=lambda k: (k != "seven-card-stud", k))
    return {k: sorted(groups[k], key=key) for k in order}


def render_index(groups: Mapping[str, Sequence[Feature]], titles: Mapping[str, str]) -> str:
    out = [header("features/", "Rulebook")]
    out.append(
        "The rules of seven-card stud and its variants, one page per variant family, "
        "written as examples you can run (`stud verify`). Suits are shown as symbols "
        "(A♠ K♦); in the feature files they are written `As Kd`. Cards in brackets, as in "
        "[A♠ K♦] 9♣, are face down ([how hands are written](../glossary.md#a-k-9)); the "
        "[glossary](../glossary.md) explains the terms."
    )
    out.append("")
    for fam, feats in groups.items():
        n = sum(len(f.scenarios) for f in feats)
        link = family_page(fam).removeprefix("rulebook/")
        out.append(f"- [{family_title(fam, titles)}]({link}): {_count(n, 'example')}")
    return "\n".join(out) + "\n"


__all__ = ["Anchor", "families", "family_page", "render_family", "render_index", "slug"]

"""Loading a ruleset with its parent, and the generated page of each shipped ruleset."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

from stud.docs.changes import change_line, ruleset_differences
from stud.docs.explain import explain
from stud.docs.gamechange import game_changes
from stud.docs.markdown import cards_to_symbols, header, table, topic_of
from stud.docs.rulebook import Anchor
from stud.errors import StudError
from stud.rules.model import Ruleset


@dataclass(frozen=True)
class Described:
    """A ruleset, the parent it extends (if any) and how to name that parent."""

    ruleset: Ruleset
    parent: Ruleset | None
    parent_ref: str  # as written after `extends:` ("" when none)


def ruleset_path(name_or_path: str) -> Path | None:
    """The file a name or path refers to (a shipped ruleset by name), or None."""
    from stud.rules import shipped_rulesets

    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or candidate.exists():
        return candidate if candidate.exists() else None
    return shipped_rulesets().get(name_or_path)


def describe(
    name_or_path: str,
    cache: dict[str, Ruleset] | None = None,
    *,
    allow_extends_outside: bool = False,
) -> Described:
    """Load a ruleset by shipped name or path, and the ruleset it ``extends:``.

    ``cache`` (name or path -> ruleset) saves loading a parent many times over.
    """
    from stud.rules import load_ruleset, shipped_rulesets
    from stud.rules.loader import parent_of

    cache = {} if cache is None else cache

    def load(ref: str) -> Ruleset:
        if ref not in cache:
            cache[ref] = load_ruleset(ref, allow_extends_outside=allow_extends_outside)
        return cache[ref]

    rs = load(name_or_path)
    path = ruleset_path(name_or_path)
    ref, parent_file = parent_of(path) if path else ("", None)
    parent = None
    if ref and parent_file is not None:
        shipped = shipped_rulesets().get(ref)
        parent = load(ref if shipped == parent_file else str(parent_file))
    return Described(rs, parent, ref)


def suggest(name: str, known: Sequence[str]) -> str:
    """`` (did you mean 'razz'?)`` for a near miss, else a list of what exists."""
    import difflib

    close = difflib.get_close_matches(name, known, n=3, cutoff=0.5)
    if close:
        return "did you mean " + " or ".join(f"'{c}'" for c in close) + "?"
    return "shipped rulesets: " + ", ".join(sorted(known)) if known else "no rulesets shipped"


def load_described(name_or_path: str, *, allow_extends_outside: bool = False) -> Described:
    """:func:`describe` with a helpful error for an unknown name or a missing file."""
    from stud.rules import shipped_rulesets

    known = sorted(shipped_rulesets())
    looks_like_file = "/" in name_or_path or name_or_path.endswith((".yaml", ".yml"))
    if looks_like_file and not Path(name_or_path).exists():
        raise StudError(
            f"no such file: {name_or_path}; give a ruleset file or a shipped name "
            f"({', '.join(known)}); `stud rulesets` lists them"
        )
    if not looks_like_file and name_or_path not in known and not Path(name_or_path).exists():
        raise StudError(
            f"unknown ruleset '{name_or_path}': {suggest(name_or_path, known)} "
            "(`stud rulesets` lists them; a file path works too)"
        )
    return describe(name_or_path, allow_extends_outside=allow_extends_outside)


def difference_lines(d: Described) -> list[str]:
    if d.parent is None:
        return []
    return [change_line(*row) for row in ruleset_differences(d.parent, d.ruleset)]


def rules_by_topic(ids: Sequence[str], index: Mapping[str, str]) -> list[str]:
    """The rules a ruleset plays as Markdown: one folded list per topic, each rule in words
    with its id as a small link to the rules index."""
    topics: dict[str, list[str]] = {}
    for cid in ids:
        topics.setdefault(topic_of(cid), []).append(cid)
    out: list[str] = []
    for topic, members in topics.items():
        out += [f"<details markdown><summary>{topic} ({len(members)})</summary>", ""]
        for cid in members:
            line = cards_to_symbols(index.get(cid, ""), html=True) or cid
            out.append(f"- {line} [{cid}](../rules-index.md#{cid}){{ .rule-id }}")
        out += ["", "</details>", ""]
    return out


def render_ruleset(
    d: Described,
    pages: Mapping[str, str],
    examples: Sequence[Anchor] = (),
    index: Mapping[str, str] | None = None,
) -> str:
    """The page of one shipped ruleset; ``pages`` maps ruleset names to their pages,
    ``examples`` are the rulebook scenarios that run under it (tagged with its name) and
    ``index`` the rules index (id -> one line)."""
    rs = d.ruleset
    out = [header(f"rulesets/{rs.name}.yaml", f"{rs.title}")]
    out += [f"Ruleset `{rs.name}`. {cards_to_symbols(rs.description)}", ""]
    if d.parent is not None:
        parent = d.parent
        link = f"`{d.parent_ref}`"
        if parent.name in pages:
            link = f"[{parent.title}]({pages[parent.name].removeprefix('rulesets/')})"
        out += [f"## What it changes from {parent.title}", ""]
        plain = game_changes(parent, rs)
        if plain:
            out += [" ".join(plain), ""]
        out += [f"It extends {link} (`extends: {d.parent_ref}`) and changes:", ""]
        rows = ruleset_differences(parent, rs)
        out.append(table(["Setting", parent.name, rs.name], rows) if rows else "nothing.")
        out.append("")
    out += ["## In plain English", ""]
    out += [f"- {cards_to_symbols(line)}" for line in explain(rs)]
    out += ["", "## Try it", "", "```sh"]
    out += [f"stud explain {rs.name}", f"stud play {rs.name} --interactive", "```", ""]
    if rs.implements:
        out += ["## Rules it plays", ""]
        out += rules_by_topic(rs.implements, index or {})
    if examples:
        out += ["## Examples under this ruleset", ""]
        for a in examples:
            title = html.escape(a.title, quote=False).replace("[", "\\[").replace("]", "\\]")
            out.append(f"- [{cards_to_symbols(title, html=True)}](../{a.page}#{a.anchor})")
        out.append("")
    out += ["## Resolved values", ""]
    out.append(
        "Every setting after `extends:` is resolved (see the "
        "[ruleset reference](../reference/ruleset.md) for what each key means):"
    )
    doc = {k: v for k, v in rs.document.items() if k not in ("description", "implements")}
    dumped = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=88)
    out += ["", "```yaml", dumped.rstrip(), "```"]
    return "\n".join(out).rstrip() + "\n"


def render_ruleset_index(described: Sequence[Described], pages: Mapping[str, str]) -> str:
    out = [header("rulesets/", "Rulesets")]
    out.append(
        "Each variant is a YAML ruleset; the interpreter plays whatever the values say. "
        "House rules are a small file that `extends:` one of these and changes a few values "
        "(see [House rules](../guide/house-rules.md))."
    )
    out.append("")
    rows = []
    for d in described:
        rs = d.ruleset
        parent = f"`{d.parent.name}`" if d.parent is not None else ""
        link = f"[`{rs.name}`]({pages[rs.name].removeprefix('rulesets/')})"
        rows.append([link, rs.title, parent])
    out.append(table(["Ruleset", "Title", "Extends"], rows))
    out += ["", "The keys of a ruleset file are described in the "]
    out[-1] += "[ruleset reference](../reference/ruleset.md)."
    return "\n".join(out).rstrip() + "\n"

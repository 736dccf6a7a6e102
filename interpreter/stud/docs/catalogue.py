"""The index of catalogue ids (``features/rules-index.yaml``) linked to their examples."""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import yaml

from stud.docs.markdown import cards_to_symbols, header
from stud.docs.rulebook import Anchor, family_title
from stud.errors import StudError

_TEXT_KEYS = ("rule", "line", "summary", "text", "title", "description")


def load_index(path: Path) -> dict[str, str]:
    """``id -> one line`` from the project's rules index (a list or a mapping)."""
    if not path.exists():
        return {}
    try:
        data: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise StudError(f"{path}: not valid YAML: {exc}") from None
    if isinstance(data, Mapping) and "rules" in data and len(data) <= 3:
        data = data["rules"]
    out: dict[str, str] = {}
    if isinstance(data, Mapping):
        for key, value in data.items():
            if isinstance(value, Mapping):
                value = next((value[k] for k in _TEXT_KEYS if k in value), "")
            out[str(key)] = str(value or "")
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, Mapping) and "id" in item:
                text = next((item[k] for k in _TEXT_KEYS if k in item), "")
                out[str(item["id"])] = str(text or "")
    else:
        raise StudError(f"{path}: expected a list of {{id, rule}} or a mapping id: line")
    return out


def _played_by(names: Sequence[str], everyone: Sequence[str]) -> str:
    """``Played by `razz`.`` or, when most rulesets play it, the few that do not."""

    def links(items: Sequence[str]) -> str:
        return ", ".join(f"[`{n}`](rulesets/{n}.md)" for n in items)

    missing = [n for n in everyone if n not in names]
    if not missing:
        return "Played by every shipped ruleset."
    if len(missing) < len(names):
        return f"Played by every shipped ruleset except {links(missing)}."
    return f"Played by {links(names)}."


def _title(text: str) -> str:
    escaped = html.escape(text, quote=False).replace("[", "\\[").replace("]", "\\]")
    return cards_to_symbols(escaped, html=True)


def _id_key(cid: str) -> tuple[str, int]:
    m = re.match(r"^([A-Z]+)-(\d+)$", cid)
    return (m.group(1), int(m.group(2))) if m else (cid, 0)


def render_catalogue(
    index: Mapping[str, str],
    anchors: Sequence[Anchor],
    titles: Mapping[str, str],
    played_by: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The page: one entry per id, in the index's order, then ids found only elsewhere.

    ``played_by`` maps an id to the rulesets that list it in ``implements``.
    """
    played_by = played_by or {}
    all_rulesets = sorted({n for names in played_by.values() for n in names})
    by_id: dict[str, list[Anchor]] = {}
    for a in anchors:
        for cid in a.catalogue_ids:
            by_id.setdefault(cid, []).append(a)
    extra = {c for c in [*by_id, *played_by] if c not in index}
    ids = list(index) + sorted(extra, key=_id_key)
    covered = sum(1 for c in index if c in by_id)
    out = [header("features/rules-index.yaml and features/", "Rules index")]
    out.append(
        "Every rule the sources document has a stable id; each links to the examples that "
        f"illustrate it. {covered} of {len(index)} ids have at least one example."
    )
    groups: dict[str, list[str]] = {}
    for cid in ids:
        groups.setdefault(_id_key(cid)[0], []).append(cid)
    for group, members in groups.items():
        out += ["", f"## {group}", ""]
        for cid in members:
            line = cards_to_symbols(index.get(cid, "(not in the rules index)"))
            links = [
                f"[{_title(a.title)}]({a.page}#{a.anchor}) "
                f"<small>({family_title(a.family, titles)})</small>"
                for a in by_id.get(cid, [])
            ]
            out.append(f'<a id="{cid}"></a>')
            out.append(f"**{cid}**: {line}")
            out.append("")
            if played_by.get(cid):
                out += [_played_by(played_by[cid], all_rulesets), ""]
            if links:
                out += [f"- {x}" for x in links]
            else:
                out.append("- *no example yet*")
            out.append("")
    return "\n".join(out).rstrip() + "\n"

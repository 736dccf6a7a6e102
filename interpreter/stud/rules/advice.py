"""Warnings for a ruleset that is valid but probably not what its author meant.

A house file that ``extends:`` another merges street and share items by ``name``: an
item it writes keeps every key of the parent's item it does not write.  That is how
``- {name: fourth, big_bet_when: never}`` changes one value, but a ``low`` share written
as ``{name: low, ranking: ace-to-five}`` still has the parent's ``qualifier: 8``.
:func:`kept_items` lists what each overriding item keeps; :func:`ruleset_warnings` warns
where a kept key depends on one the item rewrote (:data:`TIED`), where the stakes are out
of proportion (a 0.10 bring-in in a 5/10 game), where a file takes the name of a shipped
ruleset, and where a file that rebuilds the street table claims no rules.

Warnings never stop a ruleset from loading: ``stud validate`` prints them after ``ok``,
``stud show`` and ``stud explain`` on stderr.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from stud.errors import Problem
from stud.rules.merge import NAMED_LISTS, item_names, streets_rebuilt
from stud.rules.schema import ruleset_schema, show
from stud.rules.yamlsafe import LocDict, LocList, Mark, json_path

# (list, key the item writes) -> keys of the parent's item whose meaning depends on it
TIED: dict[tuple[str, str], tuple[str, ...]] = {
    ("pot.shares", "ranking"): ("qualifier",),
    ("streets", "deal"): ("deal_if_players_at_most",),
    ("streets", "bet"): ("big_bet_when", "spread"),
    ("streets", "opener"): ("ties",),
}

# stakes that are legal but out of proportion: (amount, compared with, smallest ratio,
# largest ratio, what is usual)
PROPORTIONS: tuple[tuple[str, str, Decimal | None, Decimal | None, str], ...] = (
    ("bring_in", "small_bet", Decimal("0.1"), None, "a quarter to a half of the small bet"),
    ("ante", "small_bet", None, Decimal(1), "a tenth to a fifth of the small bet"),
    ("big_bet", "small_bet", None, Decimal(4), "twice the small bet"),
)


@dataclass(frozen=True)
class Kept:
    """An item a file writes over the parent's item of the same name, and what it keeps."""

    where: str  # "streets" or "pot.shares"
    index: int  # the item's position in the file's list
    name: str
    written: tuple[str, ...]  # the keys the file writes (name aside)
    kept: tuple[tuple[str, Any], ...]  # the parent's other keys and their values
    mark: Mark

    @property
    def what(self) -> str:
        kind = "street" if self.where == "streets" else "share"
        return f"the {self.name} {kind}" if kind == "share" else f"{self.name} street"


def _default(where: str, key: str) -> Any:
    """The schema's default of ``key`` in an item of the named list at ``where`` (the
    item definition its ``items`` refers to; None when it gives none)."""
    schema = ruleset_schema()
    node: Any = schema
    for part in where.split("."):
        node = (node.get("properties") or {}).get(part) or {}
    ref = str((node.get("items") or {}).get("$ref", ""))
    item = schema.get("$defs", {}).get(ref.rsplit("/", 1)[-1], {}) if ref else {}
    return (item.get("properties") or {}).get(key, {}).get("default")


def kept_items(own: Mapping[str, Any], parent: Mapping[str, Any]) -> list[Kept]:
    """Every item of ``own``'s named lists that overrides the ``parent``'s item of that
    name, with the parent's keys it keeps whose value is not the default.

    ``own`` is the file as written (marks kept), ``parent`` the parent's resolved document.
    """
    out: list[Kept] = []
    for path in NAMED_LISTS:
        where = ".".join(str(p) for p in path)
        mine: Any = own
        theirs: Any = parent
        for part in path:
            mine = mine.get(part) if isinstance(mine, Mapping) else None
            theirs = theirs.get(part) if isinstance(theirs, Mapping) else None
        if not isinstance(mine, LocList) or not isinstance(theirs, list):
            continue
        if where == "streets" and streets_rebuilt(mine, theirs):
            continue
        names = item_names(theirs)
        for index, item in enumerate(mine):
            name = item.get("name") if isinstance(item, LocDict) else None
            if not isinstance(name, str) or name not in names or item.get("remove") is True:
                continue
            base = theirs[names.index(name)]
            kept = tuple(
                (k, v)
                for k, v in base.items()
                if k != "name" and k not in item and v != _default(where, k)
            )
            written = tuple(k for k in item if k != "name")
            out.append(Kept(where, index, name, written, kept, mine.item_marks[index]))
    return out


def _tied_warnings(items: list[Kept]) -> list[Problem]:
    out = []
    for k in items:
        kept = dict(k.kept)
        tied = [t for w in k.written for t in TIED.get((k.where, w), ()) if t in kept]
        if not k.written and k.kept:
            tied = list(kept)
        for key in dict.fromkeys(tied):
            because = ", ".join(k.written) or "nothing but its name"
            out.append(
                Problem(
                    k.mark.file,
                    k.mark.line,
                    k.mark.column,
                    json_path((*k.where.split("."), k.index)),
                    f"{k.what} keeps the parent's {key}: {show(kept[key])}, because an item "
                    f"that writes {because} keeps every key it does not write",
                    f"{key}: null (or the value you want) in this item to change it, or "
                    f"{key} written here to keep it on purpose",
                )
            )
    return out


def _stakes_warnings(doc: LocDict) -> list[Problem]:
    stakes = doc.get("stakes")
    if not isinstance(stakes, LocDict):
        return []
    out = []
    for key, other, low, high, usual in PROPORTIONS:
        value, base = _amount(stakes.get(key)), _amount(stakes.get(other))
        if value is None or not base:
            continue
        ratio = value / base
        if (low is not None and ratio < low) or (high is not None and ratio > high):
            mark = stakes.value_marks[key]
            word = key.replace("_", "-") if key == "bring_in" else key.replace("_", " ")
            out.append(
                Problem(
                    mark.file,
                    mark.line,
                    mark.column,
                    json_path(("stakes", key)),
                    f"the {word} {show(value)} is {_ratio(ratio)} the {other.replace('_', ' ')} "
                    f"{show(base)}: out of proportion",
                    f"an amount in proportion (usually {usual}), or this one on purpose",
                )
            )
    return out


def _amount(value: Any) -> Decimal | None:
    if isinstance(value, bool) or not isinstance(value, str | int | Decimal):
        return None
    try:
        return Decimal(str(value))
    except ArithmeticError:
        return None


def _ratio(ratio: Decimal) -> str:
    """``1/50 of`` or ``6 times``."""
    if ratio >= 1:
        return f"{ratio.normalize():f} times"
    return f"1/{(1 / ratio).quantize(Decimal(1)):f} of"


def _shadow_warning(path: Path, display: str) -> list[Problem]:
    from stud.rules.loader import shipped_rulesets

    shipped = shipped_rulesets().get(path.stem)
    if shipped is None or shipped.resolve() == path.resolve():
        return []
    return [
        Problem(
            display,
            1,
            1,
            "$",
            f"this file is named like the shipped ruleset '{path.stem}': `extends: "
            f"{path.stem}` and `stud show {path.stem}` mean the shipped one, and reports "
            "name both the same",
            f"a name of its own, e.g. {path.stem}-house{path.suffix}",
        )
    ]


def _rebuilds(own: Mapping[str, Any], parent: Mapping[str, Any]) -> bool:
    """Whether a file's ``streets`` replace the parent's street table."""
    streets, theirs = own.get("streets"), parent.get("streets")
    return (
        isinstance(streets, list) and isinstance(theirs, list) and streets_rebuilt(streets, theirs)
    )


def _claims_warning(own: LocDict, parent: Mapping[str, Any]) -> list[Problem]:
    if "implements" in own or not _rebuilds(own, parent):
        return []
    mark = own.key_marks["streets"]
    return [
        Problem(
            mark.file,
            mark.line,
            mark.column,
            "$.streets",
            "this file rebuilds the street table, so it does not inherit the parent's "
            "implements (the rules it claims to play): it claims none",
            "implements: the ids of the rules this game plays (see `stud docs` rules index)",
        )
    ]


def ruleset_warnings(
    name_or_path: str | Path, *, allow_extends_outside: bool = False
) -> list[Problem]:
    """The warnings of a ruleset that loads (an invalid one gives none: its errors say it)."""
    from stud.errors import RulesetError
    from stud.rules.loader import find_ruleset, load_ruleset, parent_of, read_own, resolved_doc

    path = find_ruleset(str(name_or_path))
    if path is None:
        return []
    try:
        load_ruleset(name_or_path, allow_extends_outside=allow_extends_outside)
        doc = resolved_doc(path, str(name_or_path), allow_extends_outside)
        own = read_own(path, str(name_or_path))
    except RulesetError:
        return []
    out = _shadow_warning(path, str(name_or_path))
    ref, parent_file = parent_of(path)
    if parent_file is not None and isinstance(own, LocDict):
        parent = load_ruleset(parent_file, allow_extends_outside=True).document
        out += _tied_warnings(kept_items(own, parent))
        out += _claims_warning(own, parent)
    return out + _stakes_warnings(doc)


def warning_text(problem: Problem) -> str:
    """A warning as printed: ``file:line:col: warning: $.path: what; expected ...``."""
    where = f"{problem.file}:{problem.line}:{problem.column}" if problem.line else problem.file
    text = f"{where}: warning: {problem.path}: {problem.message}"
    return f"{text}; expected {problem.expected}" if problem.expected else text


def inherited_claims(name_or_path: str | Path) -> list[str]:
    """What a house file's resolved ``implements`` is, said for ``stud show``: inherited
    from the parent (the file lists none), or dropped (it rebuilds the street table)."""
    from stud.errors import RulesetError
    from stud.rules.loader import find_ruleset, parent_of, read_own

    path = find_ruleset(str(name_or_path))
    if path is None:
        return []
    ref, parent_file = parent_of(path)
    try:
        own = read_own(path, str(name_or_path))
    except RulesetError:
        return []
    if parent_file is None or not isinstance(own, LocDict) or "implements" in own:
        return []
    lines = []
    if "description" not in own:
        lines.append("description: written from what this file changes (it writes none)")
    from stud.rules.loader import load_ruleset

    parent = load_ruleset(parent_file, allow_extends_outside=True).document
    if _rebuilds(own, parent):
        lines.append(
            f"implements: none; this file rebuilds the street table, so the rules {ref} "
            "claims are not inherited (list the ones this game plays)"
        )
    else:
        lines.append(
            f"implements: inherited from {ref} (this file lists none of its own; "
            "write implements: to say which rules it plays)"
        )
    return lines

"""How a house file is laid over the ruleset it ``extends``.

Mappings merge key by key; ``streets`` and ``pot.shares`` merge item by item by ``name``
(``remove: true`` drops the parent's item; a street list naming a street the parent lacks
replaces the parent's); any other value replaces the parent's.  Every value keeps the file
position it was written at, and an inherited one points at the ``extends`` line.  A
misspelt street or share name is one error with the fix; switching the betting structure
brings the new structure's usual values; a file that does not title itself is named
after its parent.
"""

from __future__ import annotations

import difflib
from decimal import Decimal
from typing import Any

from stud.errors import Problem, RulesetError
from stud.rules.yamlsafe import LocDict, LocList, Mark, json_path
from stud.safetext import excerpt


def rebrand(value: Any, mark: Mark) -> Any:
    """A deep copy of ``value`` whose every position is ``mark``."""
    if isinstance(value, LocDict):
        out = LocDict(mark)
        for key, item in value.items():
            out.put(key, rebrand(item, mark), mark, mark)
        return out
    if isinstance(value, LocList):
        seq = LocList(mark)
        for item in value:
            seq.add(rebrand(item, mark), mark)
        return seq
    return value


def item_names(items: list[Any]) -> list[Any]:
    return [item.get("name") if isinstance(item, dict) else None for item in items]


ORDINALS = {"3rd": "third", "4th": "fourth", "5th": "fifth", "6th": "sixth", "7th": "seventh"}
NAMED_LISTS: dict[tuple[str | int, ...], str] = {
    ("streets",): "street",
    ("pot", "shares"): "share",
    ("events",): "event",
}
EFFECTS = ("wild_follows", "wild_rank", "extra_card", "refund", "neighbours_fold")


def problem_at(mark: Mark, path: str, message: str, expected: str) -> RulesetError:
    return RulesetError([Problem(mark.file, mark.line, mark.column, path, message, expected)])


def _removes(item: Any) -> bool:
    return isinstance(item, LocDict) and item.get("remove") is True


PLACES = ("after", "before")  # a street inserted (or moved) next to a named street


def _placed(item: Any) -> bool:
    return isinstance(item, LocDict) and any(k in item for k in PLACES)


def _new_street(item: Any) -> bool:
    """An item that defines a street of its own (its deal, exchange or place), so a name
    close to a parent's street is a new name, not a typo (street names are free)."""
    return isinstance(item, LocDict) and any(k in item for k in ("deal", "exchange", *PLACES))


def _misnamed(base: LocList, over: LocList, path: tuple[str | int, ...]) -> None:
    """One error for a street or share named like a parent's one but misspelt (``4th``)."""
    names = [n for n in item_names(base) if isinstance(n, str)]
    wanted = item_names(over)
    free = [n for n in names if n not in wanted]
    for k, (item, name) in enumerate(zip(over, wanted, strict=True)):
        if not isinstance(name, str) or name in names or not isinstance(item, LocDict):
            continue
        if path == ("streets",) and _new_street(item) and not _removes(item):
            continue
        if path == ("events",) and any(k in item for k in EFFECTS):
            continue  # a new event of its own
        close = [ORDINALS[name]] if ORDINALS.get(name) in free else []
        close = close or difflib.get_close_matches(name, free, n=1, cutoff=0.6)
        if close or _removes(item):
            kind = NAMED_LISTS[path]
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            whole = ", or a full list of streets to replace them" if kind == "street" else ""
            raise problem_at(
                item.value_marks.get("name", item.mark),
                json_path((*path, k, "name")),
                f"the parent has no {kind} '{excerpt(name)}'{hint}",
                f"the name of one of the parent's {kind}s ({', '.join(names)}) to change or "
                f"remove it{whole}",
            )


def _merge_named(base: LocList, over: LocList, path: tuple[str | int, ...]) -> LocList:
    """Merge list items by ``name``; ``remove: true`` drops the parent's item of that name."""
    names = item_names(base)
    merged: list[tuple[Any, Mark]] = list(zip(base, base.item_marks, strict=True))
    seen: set[Any] = set()
    for i, (item, mark, name) in enumerate(
        zip(over, over.item_marks, item_names(over), strict=True)
    ):
        if name in seen:  # one item would silently swallow the other
            kind = NAMED_LISTS.get(path, "item")
            raise problem_at(
                item.value_marks.get("name", mark) if isinstance(item, LocDict) else mark,
                json_path((*path, i, "name")),
                f"the {kind} '{excerpt(str(name))}' is listed twice",
                f"each {kind} once",
            )
        seen.add(name)
        if name in names:
            k = names.index(name)
            earlier = merged[k][0]  # the parent's item, or one this list already named
            if _removes(item):
                merged[k] = (None, mark)
            elif earlier is None:
                merged[k] = (item, mark)
            else:
                merged[k] = (merge(earlier, item, (*path, k)), mark)
        else:
            merged.append((item, mark))
            names.append(name)
    for item, name in zip(over, item_names(over), strict=True):
        if _placed(item) and not _removes(item):
            merged, names = _place(merged, names, item, name, path)
    out = LocList(over.mark)
    for item, mark in merged:
        if item is not None:
            if isinstance(item, LocDict):
                for key in PLACES:
                    item.drop(key)
            out.add(item, mark)
    return out


def _place(
    merged: list[tuple[Any, Mark]],
    names: list[Any],
    item: LocDict,
    name: Any,
    path: tuple[str | int, ...],
) -> tuple[list[tuple[Any, Mark]], list[Any]]:
    """Move the item named ``name`` next to the street its ``after``/``before`` names."""
    key = "after" if "after" in item else "before"
    anchor = item[key]
    if not isinstance(anchor, str) or anchor not in names or anchor == name:
        known = [n for n in names if isinstance(n, str) and n != name]
        raise problem_at(
            item.value_marks.get(key, item.mark),
            json_path((*path, names.index(name), key)),
            f"there is no street {show_name(anchor)} to put '{excerpt(str(name))}' {key}",
            f"the name of one of the streets ({', '.join(known)})",
        )
    k = names.index(name)
    rest, rest_names = merged[:k] + merged[k + 1 :], names[:k] + names[k + 1 :]
    at = rest_names.index(anchor) + (1 if key == "after" else 0)
    return (
        [*rest[:at], merged[k], *rest[at:]],
        [*rest_names[:at], name, *rest_names[at:]],
    )


def show_name(value: Any) -> str:
    return f"'{excerpt(value)}'" if isinstance(value, str) else "named"


def streets_rebuilt(over: list[Any], base: list[Any]) -> bool:
    """Whether a file's ``streets`` list replaces the parent's street table rather than
    changing its streets by name (it names a street the parent lacks, or one without a
    name)."""
    names = item_names(base)
    return bool(over) and not all(
        isinstance(n, str) and (n in names or _placed(item))
        for item, n in zip(over, item_names(over), strict=True)
    )


def merge(base: Any, over: Any, path: tuple[str | int, ...]) -> Any:
    """Deep merge ``over`` onto ``base`` (both already carrying their marks)."""
    if isinstance(base, LocDict) and isinstance(over, LocDict):
        out = LocDict(over.mark)
        for key, value in base.items():
            out.put(key, value, base.key_marks[key], base.value_marks[key])
        for key, value in over.items():
            merged = merge(base[key], value, (*path, key)) if key in base else value
            out.put(key, merged, over.key_marks[key], over.value_marks[key])
        return out
    if path in NAMED_LISTS and isinstance(base, LocList) and isinstance(over, LocList) and over:
        names = item_names(base)
        wanted = item_names(over)
        if not all(isinstance(n, str) for n in wanted):
            return over  # an item with no name: the schema says so
        placed = [_placed(item) for item in over] if path == ("streets",) else []
        if path in (("pot", "shares"), ("events",)) or all(
            n in names or (placed and placed[k]) for k, n in enumerate(wanted)
        ):
            _misnamed(base, over, path)
            return _merge_named(base, over, path)
        _misnamed(base, over, path)
    return over


# what a betting structure brings along when a house file switches to it; values the
# house file sets itself are kept
STRUCTURE_DEFAULTS: dict[str, dict[str, Any]] = {
    "fixed-limit": {"max_raises": 3, "reopen_fraction": Decimal("0.5")},
    "spread-limit": {"max_raises": 3, "reopen_fraction": Decimal("0.5")},
    "pot-limit": {"max_raises": None, "reopen_fraction": Decimal(1)},
    "no-limit": {"max_raises": None, "reopen_fraction": Decimal(1)},
}


def structure_defaults(merged: LocDict, own: LocDict, base: LocDict) -> None:
    """Switching ``betting.structure`` resets the inherited values tied to the old one.

    The raise cap and the reopening fraction take the new structure's usual values, and
    open-pair big bets (fixed limit only) go, unless the house file sets them itself.
    """
    mine, theirs = own.get("betting"), base.get("betting")
    if not isinstance(mine, LocDict) or not isinstance(theirs, LocDict):
        return
    new, old = mine.get("structure"), theirs.get("structure", "fixed-limit")
    betting = merged.get("betting")
    if new == old or new not in STRUCTURE_DEFAULTS or not isinstance(betting, LocDict):
        return
    mark = mine.value_marks["structure"]
    for key, value in STRUCTURE_DEFAULTS[new].items():
        if key not in mine:
            betting.put(key, value, mark, mark)
    streets, own_streets = merged.get("streets"), own.get("streets")
    if new == "fixed-limit" or not isinstance(streets, LocList):
        return
    set_here = {
        item.get("name")
        for item in (own_streets if isinstance(own_streets, LocList) else [])
        if isinstance(item, LocDict) and "big_bet_when" in item
    }
    for street in streets:
        if (
            isinstance(street, LocDict)
            and street.get("big_bet_when") == "open-pair"
            and street.get("name") not in set_here
        ):
            street.put("big_bet_when", "never", mark, mark)


# keys that describe a ruleset rather than set a rule
OWN_WORDS = ("title", "description", "implements", "extends", "name")


def written_paths(own: LocDict, prefix: str = "") -> list[str]:
    """The dotted paths of the values a house file writes (its own words aside).

    >>> from stud.rules.yamlsafe import parse_text
    >>> written_paths(parse_text("stakes: {ante: '1'}\\nstreets: [{name: third, bet: big}]", "f"))
    ['stakes.ante', 'streets.third.bet']
    """
    out: list[str] = []
    for key, value in own.items():
        if not prefix and key in OWN_WORDS:
            continue
        path = f"{prefix}{key}"
        if isinstance(value, LocDict) and value:
            out += written_paths(value, path + ".")
        elif isinstance(value, LocList) and value and all(isinstance(v, LocDict) for v in value):
            for item in value:
                name = item.get("name")
                rest = LocDict(item.mark)
                for k, v in item.items():
                    if k != "name":
                        rest.put(k, v, item.key_marks[k], item.value_marks[k])
                here = f"{path}.{name}" if isinstance(name, str) else path
                out += written_paths(rest, here + ".") if rest else [here]
        else:
            out.append(path)
    return out


def own_words(merged: LocDict, own: LocDict, base: LocDict, stem: str, mark: Mark) -> None:
    """A house file that does not title or describe itself does not pass as its parent.

    The title names the file and the parent; the description is written anew from what
    the file changes (the parent's may no longer be true); a file that rebuilds the street
    table does not inherit the parent's ``implements`` (the rules it claims to play).
    """
    parent_title = base.get("title")
    if not isinstance(parent_title, str):
        return
    if "title" not in own:
        merged.put("title", f"{parent_title}: house rules ({stem})", mark, mark)
    if "description" not in own:
        changed = written_paths(own)
        listed = ", ".join(changed[:8]) + (
            f" and {len(changed) - 8} more" if len(changed) > 8 else ""
        )
        text = (
            f"House rules ({stem}) on {parent_title}"
            + (f", changing {listed}." if changed else ", changing nothing.")
            + " `stud explain` describes the game they make in full."
        )
        merged.put("description", text, mark, mark)
    streets, theirs = own.get("streets"), base.get("streets")
    if (
        "implements" not in own
        and isinstance(streets, LocList)
        and isinstance(theirs, LocList)
        and streets_rebuilt(streets, theirs)
    ):
        merged.put("implements", LocList(mark), mark, mark)

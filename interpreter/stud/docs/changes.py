"""What a house ruleset changes from its parent, in English (``stud explain``, ruleset pages).

Each change is a row ``(what, before, after)`` in words, never raw values: "Third street:
who acts first", "the bring-in", "the best board".  Streets are compared by position
(the first street of one table with the first of the other, whatever their names) and
listed in the order they are dealt; a share (high, low) by name.

>>> from stud.rules import load_ruleset
>>> for row in ruleset_differences(load_ruleset("stud-hi-lo"), load_ruleset("razz")):
...     print(change_line(*row))
the bring-in card: the highest upcard (was the lowest upcard)
aces for the bring-in: low (was high)
board ranking: ace-to-five low (was high hand)
The low share: qualifier: none (was 8)
The high share is dropped (it was: the best high hand)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from stud.cards import RANK_PLURALS
from stud.docs.decisions import decision_text
from stud.docs.explain import (
    DECLARE_ORDER,
    HEADS_UP,
    LABELS,
    ODD_CHIP_TIES,
    STREET_FIELDS,
    STRUCTURES,
    _deal_phrase,
    _share,
    _street_name,
    street_line,
)
from stud.rules.advice import Kept
from stud.rules.model import Ruleset

NOT_PLAYED = "not played"  # the before or after of a street or share only one side has
IGNORED = ("title", "description", "implements", "extends", "name")

_WORDS: dict[str, Mapping[Any, str]] = {
    "opener": {
        "bring-in": "the bring-in",
        "best-board": "the best board",
        "first-left": "the first player left of the dealer",
        "after-big-blind": "the player left of the big blind",
    },
    "bet": {"small": "small bets", "big": "big bets", None: "no betting"},
    "big_bet_when": {"never": "never", "open-pair": "when a board shows a pair"},
    "ranking": {
        "high": "high hand",
        "ace-to-five": "ace-to-five low",
        "ace-to-six": "ace-to-six low",
    },
    "structure": {k: v.lower() for k, v in STRUCTURES.items()},
    "method": {"cards-speak": "cards speak", "declare": "each player declares"},
    "declare_order": DECLARE_ORDER,
    "declare_starts": {
        "first-left": "left of the dealer",
        "last-aggressor": "the last bettor or raiser",
        "best-board": "the best board",
    },
    "card": {"lowest": "the lowest upcard", "highest": "the highest upcard"},
    "ties": {"suit": "by suit", "position": "by position from the dealer", None: "as board ties"},
    "uncapped_heads_up": HEADS_UP,
    "odd_chip_tie": ODD_CHIP_TIES,
    "unqualified": {
        None: "the best high hand takes it",
        "best-high": "the best high hand takes it",
        "split": "its players share it",
    },
    "joker": {"none": "no joker", "bug": "a bug", "wild": "wild"},
    "wild": {"natural": "at face value", "wild": "as wild"},
    "fold_when_check": {"refused": "refused", "allowed": "allowed"},
    "failed_both": {"disqualified": "the player wins nothing"},
}

_SPECIAL: dict[str, Callable[[Any], str]] = {
    "deal": lambda v: _deal_phrase(v) if v else "no card",
    "ranks": lambda v: ", ".join(RANK_PLURALS.get(r, str(r)) for r in v) if v else "none",
    "max_raises": lambda v: "no limit" if v is None else str(v),
    "exchange": lambda v: (
        "none"
        if v is None
        else (
            "one card, free" if not _nonzero(v.get("price")) else f"one card for {v.get('price')}"
        )
    ),
    "spread": lambda v: "none" if v is None else f"{v.get('min')} to {v.get('max')}",
    "decide": lambda v: ", then ".join(decision_text(d) for d in v) if v else "none",
    "deal_if_players_at_most": lambda v: "always" if v is None else f"at most {v} players",
}


def _nonzero(amount: Any) -> bool:
    try:
        return float(str(amount)) != 0
    except ValueError:
        return True


def words(key: str, value: Any) -> str:
    """A value of ``key`` in words.

    >>> words("opener", "best-board"), words("bring_in", None), words("burn", False)
    ('the best board', 'none', 'no')
    >>> words("deal", ["down", "down", "up"]), words("ranks", [2, 11])
    ('two down, one up', 'twos, jacks')
    """
    if key in _SPECIAL:
        return _SPECIAL[key](value)
    table = _WORDS.get(key, {})
    try:
        if value in table:
            return table[value]
    except TypeError:  # an unhashable value
        pass
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(words(key, v) for v in value) or "none"
    if isinstance(value, Mapping):
        return ", ".join(f"{k.replace('_', ' ')} {words(k, v)}" for k, v in value.items())
    return str(value)


def _leaves(doc: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Dotted paths to values; a mapping switched on or off (``None``) stays whole."""
    out: dict[str, Any] = {}
    for key, value in doc.items():
        if isinstance(value, Mapping) and value:
            out.update(_leaves(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def _label(path: str) -> str:
    return LABELS.get(path, path.replace("_", " ").replace(".", ": "))


def _setting_rows(a: Mapping[str, Any], b: Mapping[str, Any], prefix: str) -> list[Row]:
    """Rows for the settings under one key (not streets nor shares)."""
    la, lb = _leaves(a, prefix), _leaves(b, prefix)
    rows: list[Row] = []
    seen: set[str] = set()
    for path in dict.fromkeys([*lb, *la]):
        # a mapping on one side and none on the other (an exchange round switched on)
        # is one row for the whole mapping
        key = next((p for p in [*la, *lb] if path.startswith(p + ".")), path)
        if key in seen:
            continue
        seen.add(key)
        before, after = _lookup(a, key, prefix), _lookup(b, key, prefix)
        if before != after:
            leaf = key.rsplit(".", 1)[-1]
            rows.append((_label(key), words(leaf, before), words(leaf, after), key))
    return rows


def _lookup(doc: Mapping[str, Any], path: str, prefix: str) -> Any:
    node: Any = doc
    for part in path.removeprefix(prefix).split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node


Row = tuple[str, str, str, str]


def _street_rows(parent: Ruleset, child: Ruleset) -> list[Row]:
    """The street tables compared position by position, in deal order."""
    a = list(parent.document.get("streets", ()))
    b = list(child.document.get("streets", ()))
    rows: list[Row] = []
    for i in range(max(len(a), len(b))):
        if i >= len(a):
            st = child.streets[i]
            text = street_line(child, st).split(": ", 1)[-1].rstrip(".")
            rows.append((_street_name(st.name), NOT_PLAYED, text, f"streets[{i}]"))
            continue
        if i >= len(b):
            st = parent.streets[i]
            text = street_line(parent, st).split(": ", 1)[-1].rstrip(".")
            rows.append((_street_name(st.name), text, NOT_PLAYED, f"streets[{i}]"))
            continue
        old, new = dict(a[i]), dict(b[i])
        label = _street_name(str(new.get("name")))
        if old.get("name") != new.get("name"):
            rows.append((f"Street {i + 1} in deal order", old["name"], new["name"], ""))
        for key in dict.fromkeys([*new, *old]):
            if key == "name" or old.get(key) == new.get(key):
                continue
            field = {**STREET_FIELDS, "ties": "equal boards settled"}.get(
                key, key.replace("_", " ")
            )
            rows.append(
                (f"{label}: {field}", words(key, old.get(key)), words(key, new.get(key)), "")
            )
    return rows


def _share_rows(parent: Ruleset, child: Ruleset) -> list[Row]:
    a = {s["name"]: s for s in parent.document["pot"]["shares"]}
    b = {s["name"]: s for s in child.document["pot"]["shares"]}
    rows: list[Row] = []
    for name in dict.fromkeys([*b, *a]):
        label = f"The {name} share"
        if name not in a:
            i = list(b).index(name)
            rows.append((label, NOT_PLAYED, _share(child, i), ""))
        elif name not in b:
            i = list(a).index(name)
            rows.append((label, _share(parent, i), NOT_PLAYED, ""))
        else:
            for key in dict.fromkeys([*b[name], *a[name]]):
                if key != "name" and a[name].get(key) != b[name].get(key):
                    before, after = words(key, a[name].get(key)), words(key, b[name].get(key))
                    rows.append((f"{label}: {key}", before, after, ""))
    return rows


def ruleset_differences(parent: Ruleset, child: Ruleset) -> list[tuple[str, str, str]]:
    """``(what, before, after)`` in words for every setting ``child`` changes."""
    a, b = parent.document, child.document
    rows: list[Row] = []
    for key in dict.fromkeys([*b, *a]):
        if key in IGNORED:
            continue
        if key == "streets":
            rows += _street_rows(parent, child)
        elif key == "pot":
            rows += _share_rows(parent, child)
            rest_a = {k: v for k, v in a.get("pot", {}).items() if k != "shares"}
            rest_b = {k: v for k, v in b.get("pot", {}).items() if k != "shares"}
            rows += _setting_rows(rest_a, rest_b, "pot.")
        else:
            rows += _setting_rows({key: a.get(key)}, {key: b.get(key)}, "")
    return [(what, before, after) for what, before, after, _ in rows]


def change_line(what: str, before: str, after: str) -> str:
    """One change as a sentence fragment: ``what: after (was before)``."""
    if before == NOT_PLAYED:
        return f"{what} is added: {after}"
    if after == NOT_PLAYED:
        return f"{what} is dropped (it was: {before})"
    return f"{what}: {after} (was {before})"


def kept_line(item: Kept) -> str:
    """What an item written over the parent's item of the same name keeps from it.

    >>> from stud.rules.yamlsafe import Mark
    >>> low = Kept("pot.shares", 0, "low", ("ranking",), (("qualifier", 8),), Mark("f", 1, 1))
    >>> print(kept_line(low).replace("; ", ";\\n"))
    The low share keeps the parent's qualifier: 8 (write it in the item to change it;
    qualifier: null drops it)
    """
    what = f"The {item.name} share" if item.where == "pot.shares" else _street_name(item.name)
    fields = STREET_FIELDS if item.where == "streets" else {}
    kept = "; ".join(f"{fields.get(k, k.replace('_', ' '))}: {words(k, v)}" for k, v in item.kept)
    nullable = [k for k, _ in item.kept if k in _NULLABLE.get(item.where, ())]
    drop = f"; {nullable[0]}: null drops it" if nullable else ""
    return f"{what} keeps the parent's {kept} (write it in the item to change it{drop})"


_NULLABLE = {
    "pot.shares": ("qualifier",),
    "streets": ("exchange", "spread", "deal_if_players_at_most", "ties", "bet"),
}

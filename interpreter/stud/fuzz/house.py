"""A ruleset file as a shipped ruleset plus house rules, so a scenario stands on its own.

``stud fuzz --ruleset house.yaml`` deals hands under a user's file; the scenarios it writes
must run anywhere, with nothing but the project: no path, no file.  :func:`house_rules`
finds the shipped ruleset closest to the file's resolved document and the dotted
``path | value`` rows (the scenario's house rules) that turn one into the other, and
checks the round trip.

>>> from stud.rules import load_ruleset
>>> doc = dict(load_ruleset("razz", {"betting.max_raises": 5, "stakes.ante": "1"}).document)
>>> house_rules(doc)
('razz', [('betting.max_raises', '5'), ('stakes.ante', '1')])
>>> nine = dict(load_ruleset("seven-card-stud", {"seats.max": 9}).document)
>>> house_rules(nine)[0], house_rules(nine, plays=["razz", "seven-card-stud"])
('seven-card-stud-9', ('seven-card-stud', [('seats.max', '9')]))
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

META = frozenset({"name", "title", "description"})  # words about a ruleset, not its rules
_AMBIGUOUS = frozenset({"", "null", "none", "~", "no", "off", "yes", "on", "true", "false"})


RANK_CELL = re.compile(r"[2-9TJQKA]")


def lettered(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a resolved document with its ranks as letters, as a host writes them."""
    from stud.rules.ranks import letter_ranks

    out = copy.deepcopy(dict(doc))
    letter_ranks(out)
    return out


def cell(value: Any) -> str:
    """A value as a house-rules table cell that reads back as the same value.

    >>> [cell(v) for v in (None, True, 4, "0.05", "suit", "on", ["high"], ["Q", "7"])]
    ['null', 'true', '4', '0.05', 'suit', '"on"', '["high"]', '[Q, 7]']
    """
    if (
        isinstance(value, list)
        and value
        and all(isinstance(v, str) and RANK_CELL.fullmatch(v) for v in value)
    ):
        return "[" + ", ".join(value) + "]"  # ranks, as the features write them
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        plain = value.strip().lower() not in _AMBIGUOUS  # "1" reads back as 1: an amount
        safe = plain and value == value.strip() and not value.startswith(("[", "{", '"', "'"))
        return value if safe and "|" not in value else json.dumps(value)
    return json.dumps(value)


def _named(items: Any) -> list[str] | None:
    if not isinstance(items, list) or not all(
        isinstance(i, Mapping) and "name" in i for i in items
    ):
        return None
    return [str(i["name"]) for i in items]


def differences(base: Any, doc: Any, path: str = "") -> list[tuple[str, Any]]:
    """The dotted paths where ``doc`` differs from ``base`` and its values there."""
    if base == doc:
        return []
    if isinstance(base, Mapping) and isinstance(doc, Mapping):
        rows: list[tuple[str, Any]] = []
        for key in sorted(set(base) | set(doc)):
            if not path and key in META:
                continue
            if key not in doc:
                return [(path, doc)] if path else []  # a key taken away: the whole section
            rows += differences(base.get(key), doc[key], f"{path}.{key}" if path else key)
        return rows
    names = _named(doc)
    if names is not None and names == _named(base):
        rows = []
        for old, new, name in zip(base, doc, names, strict=True):
            rows += differences(old, new, f"{path}.{name}")
        return rows
    return [(path, doc)]


def _rules(doc: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k not in META}


@cache
def _shipped() -> dict[str, dict[str, Any]]:
    from stud.rules import load_ruleset, shipped_rulesets

    return {name: lettered(load_ruleset(name).document) for name in sorted(shipped_rulesets())}


def _reads_back(base: str, rows: list[tuple[str, str]], doc: Mapping[str, Any]) -> bool:
    from stud.rules import load_ruleset
    from stud.spec.stepfuncs import _parse_value

    try:
        again = load_ruleset(base, {path: _parse_value(text) for path, text in rows})
    except Exception:  # noqa: BLE001 - a row that does not read back is not taken
        return False
    return _rules(lettered(again.document)) == _rules(doc)


def house_rules(
    doc: Mapping[str, Any], plays: Sequence[str] = ()
) -> tuple[str, list[tuple[str, str]]]:
    """The nearest shipped ruleset and the rows that make ``doc`` of it (value cells as
    :func:`cell` writes them); a ruleset whose rows do not read back is given by whole
    sections instead.  ``plays``: the shipped rulesets an engine names in ``hello``; the
    nearest of those is taken first (a scenario naming another one is not run on that
    engine), then the nearest of all."""
    shipped, doc = _shipped(), lettered(doc)

    def size(name: str) -> tuple[int, int]:  # the fewest rows, then the shortest
        rows = differences(shipped[name], doc)
        return len(rows), sum(len(cell(v)) for _, v in rows)

    ranked = sorted(shipped, key=size)
    ranked = [n for n in ranked if n in plays] + [n for n in ranked if n not in plays][:3]
    for name in ranked:
        fine = [(p, cell(v)) for p, v in differences(shipped[name], doc)]
        if _reads_back(name, fine, doc):
            return name, fine
        coarse = [
            (key, cell(doc[key]))
            for key in sorted(set(_rules(doc)))
            if shipped[name].get(key) != doc[key]
        ]
        if _reads_back(name, coarse, doc):
            return name, coarse
    name = ranked[0]
    return name, [(p, cell(v)) for p, v in differences(shipped[name], doc)]

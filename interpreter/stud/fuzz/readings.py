"""Other readings of who acts: rule values an engine may play in place of the ruleset's.

An engine that picks another player to bring in (the highest door card, an ace counted
low) or to open a later street (equal boards by position) leaves the reference's path at
once: every fuzzed hand would stop there, and nothing else the engine gets wrong would
ever be compared.  When a hand parts so, :func:`stud.fuzz.play.play_hand` deals it again
with one of these values in place on both sides.  Where a value makes the reference pick
the player the engine picked, and the hand then goes further before any difference, that
value explains the first difference, and whatever is found after it cannot follow from
it: the reference made the same pick.  Those later differences are causes of their own.

The values are the ruleset's own (its JSON Schema lists them): nothing here knows a
variant.  A value the engine refuses, or one after which the hand parts at the same point
again, explains nothing and is not taken.

>>> doc = {"bring_in": {"card": "lowest", "aces": "high"}, "board": {"ties": "suit"}}
>>> for path, value in list(candidates(doc))[:3]:
...     print(path, value)
bring_in.card highest
bring_in.aces low
bring_in.suit_order ['spades', 'hearts', 'diamonds', 'clubs']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

# the values that decide who brings in or opens a street, by dotted ruleset path
WHO_ACTS = (
    *("bring_in.card", "bring_in.aces", "bring_in.suit_order", "bring_in.all_in"),
    "board.ties",
)


@cache
def _schema_property(path: str) -> dict[str, Any]:
    from stud.rules.schema import ruleset_schema

    node: Mapping[str, Any] = {"properties": ruleset_schema()["properties"]}
    for part in path.split("."):
        node = (node.get("properties") or {}).get(part) or {}
    return dict(node)


def candidates(doc: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """Each other value of :data:`WHO_ACTS` than ``doc`` plays: the schema's other enum
    values, and a list of suits the other way round."""
    for path in WHO_ACTS:
        prop = _schema_property(path)
        node: Any = doc
        for part in path.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        current = prop.get("default") if node is None else node
        if isinstance(prop.get("enum"), list):
            yield from ((path, v) for v in prop["enum"] if v != current)
        elif isinstance(current, list) and len(current) > 1:
            yield path, list(reversed(current))

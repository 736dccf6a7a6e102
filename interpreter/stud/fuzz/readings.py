"""Other readings of who acts: rule values an engine may play in place of the ruleset's.

An engine that picks another player to bring in (the highest door card, an ace counted
low) or to open a later street (equal boards by position, boards read as low, the first
player on the dealer's left whatever the boards) leaves the reference's path at once:
every fuzzed hand would stop there, and nothing else the engine gets wrong would ever be
compared.  When a hand parts so, :func:`stud.fuzz.play.play_hand` deals it again with one
of these readings in place on both sides.  Where a reading makes the reference pick the
player the engine picked, and the hand then goes further before any difference, that
reading explains the first difference, and what is found after it cannot follow from it:
the reference made the same pick.  That later difference is a cause of its own.

The values are the ruleset's own (its JSON Schema lists them): nothing here knows a
variant.  A reading the engine refuses, or one after which the hand parts at the same
point again, explains nothing and is not taken.

>>> doc = {"bring_in": {"card": "lowest", "aces": "high"}, "board": {"ties": "suit"},
...        "streets": [{"name": "third", "opener": "bring-in"},
...                    {"name": "fourth", "opener": "best-board"}]}
>>> for reading in list(candidates(doc, first_street=True))[:3]:
...     print(reading)
(('bring_in.card', 'highest'),)
(('bring_in.aces', 'low'),)
(('bring_in.suit_order', ['spades', 'hearts', 'diamonds', 'clubs']),)
>>> list(candidates(doc, first_street=False))[:2]
[(('board.ties', 'position'),), (('streets.fourth.opener', 'first-left'),)]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

Reading = tuple[tuple[str, Any], ...]  # ruleset values by dotted path, played together

# the values that decide who brings in (on the first betting street), and who opens a
# later street, by dotted ruleset path
BRINGS_IN = ("bring_in.card", "bring_in.aces", "bring_in.suit_order", "bring_in.all_in")
OPENS = ("board.ties", "board.ranking")
# a street opened by the boards read instead as opened by position (every such street)
BY_POSITION = ("best-board", "first-left")


@cache
def _schema_property(path: str) -> dict[str, Any]:
    from stud.rules.schema import ruleset_schema

    node: Mapping[str, Any] = {"properties": ruleset_schema()["properties"]}
    for part in path.split("."):
        node = (node.get("properties") or {}).get(part) or {}
    return dict(node)


def candidates(doc: Mapping[str, Any], first_street: bool) -> Iterator[Reading]:
    """Each other reading of who acts than ``doc`` plays, for a difference on the first
    betting street (who brings in) or on a later one (who opens): the schema's other
    enum values of :data:`BRINGS_IN` or :data:`OPENS`, a list of suits the other way
    round, and, on later streets, every street opened by the boards opened by position."""
    if first_street:
        for path in BRINGS_IN:
            yield from _others(doc, path)
        return
    yield from _others(doc, OPENS[0])
    board, position = BY_POSITION
    streets = [s for s in doc.get("streets") or () if isinstance(s, Mapping)]
    named = [str(s.get("name")) for s in streets[1:] if s.get("opener") == board]
    if named:
        yield tuple((f"streets.{name}.opener", position) for name in named)
    for path in OPENS[1:]:
        yield from _others(doc, path)


def burning(doc: Mapping[str, Any]) -> Iterator[Reading]:
    """The reading of an engine that burns the other way: a card before each later street
    where ``doc`` burns none, or none where it burns.

    >>> list(burning({"dealing": {"burn": True}}))
    [(('dealing.burn', False),)]
    """
    dealing = doc.get("dealing")
    burns = dealing.get("burn", True) if isinstance(dealing, Mapping) else True
    yield (("dealing.burn", not burns),)


def _others(doc: Mapping[str, Any], path: str) -> Iterator[Reading]:
    """The schema's other enum values of ``path`` than ``doc`` plays (a list: the other
    way round), each as a reading of its own."""
    prop = _schema_property(path)
    node: Any = doc
    for part in path.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    current = prop.get("default") if node is None else node
    if isinstance(prop.get("enum"), list):
        yield from (((path, v),) for v in prop["enum"] if v != current)
    elif isinstance(current, list) and len(current) > 1:
        yield ((path, list(reversed(current))),)

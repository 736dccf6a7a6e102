"""Paths into a ruleset document: one grammar for ``stud show --set``, test house rules and
engine profiles.

::

    path    := ["$."] step ("." step | "[" index "]")*
    step    := a key of a mapping, or in a list (``streets``, ``pot.shares``) the
               ``name`` of an item or its 0-based index
    index   := digits: a 0-based list index

So ``streets.fourth.bet``, ``streets.1.bet``, ``streets[1].bet`` and the form the
validator prints, ``$.streets[1].bet``, all name the bet of the second street (fourth
street in seven-card stud).  In a list, a ``.step`` is looked up as an item's ``name``
first and then, if it is all digits, as an index; ``[N]`` is always an index.

>>> parse_path("betting.max_raises")
('betting', 'max_raises')
>>> parse_path("$.streets[0].opener"), parse_path("streets.third.opener")
(('streets', 0, 'opener'), ('streets', 'third', 'opener'))
>>> parse_path("pot.shares[1]")
('pot', 'shares', 1)
>>> parse_path("streets[x].bet")
Traceback (most recent call last):
...
ValueError: expected a list index in brackets such as [0] at character 8
>>> lookup({"streets": [{"name": "third"}, {"name": "fourth", "bet": "small"}]},
...        parse_path("streets.1.bet"))
'small'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

Step = str | int

_STEP = re.compile(r"[^.\[\]\s]+")
_INDEX = re.compile(r"\[(\d+)\]")
GRAMMAR = (
    "KEY(.KEY|[N])*, e.g. betting.max_raises, streets.fourth.bet, streets.1.bet or "
    "streets[1].bet (an item of streets or pot.shares by name or 0-based index)"
)


def parse_path(text: str) -> tuple[Step, ...]:
    """The steps of a path; raise :class:`ValueError` saying where it is malformed."""
    body = text[2:] if text.startswith("$.") else text
    offset = len(text) - len(body)
    steps: list[Step] = []
    i = 0
    expect_step = True
    while i < len(body):
        if expect_step:
            match = _STEP.match(body, i)
            if match is None:
                raise ValueError(f"expected a key at character {offset + i + 1}")
            steps.append(match[0])
            i, expect_step = match.end(), False
        elif body[i] == ".":
            i, expect_step = i + 1, True
        elif body[i] == "[":
            match = _INDEX.match(body, i)
            if match is None:
                raise ValueError(
                    f"expected a list index in brackets such as [0] at character {offset + i + 1}"
                )
            steps.append(int(match[1]))
            i = match.end()
        else:
            raise ValueError(f"expected '.' or '[' at character {offset + i + 1}")
    if expect_step:
        raise ValueError("expected a key at the end" if body else "the path is empty")
    return tuple(steps)


def show_path(steps: tuple[Step, ...]) -> str:
    """Steps written back as a dotted path, indexes in brackets.

    >>> show_path(("streets", 0, "opener"))
    'streets[0].opener'
    """
    out = ""
    for step in steps:
        out += f"[{step}]" if isinstance(step, int) else ("." if out else "") + step
    return out


def list_index(items: list[Any], step: Step) -> int | None:
    """The index in ``items`` a step names: an int index, an item's ``name``, or digits."""
    if isinstance(step, int):
        return step if 0 <= step < len(items) else None
    for i, item in enumerate(items):
        if isinstance(item, Mapping) and item.get("name") == step:
            return i
    if step.isdigit() and int(step) < len(items):
        return int(step)
    return None


def lookup(doc: Any, steps: tuple[Step, ...], default: Any = None) -> Any:
    """The value at ``steps`` in a plain document, or ``default`` when there is none."""
    node = doc
    for step in steps:
        if isinstance(node, Mapping) and isinstance(step, str) and step in node:
            node = node[step]
        elif isinstance(node, list) and (k := list_index(node, step)) is not None:
            node = node[k]
        else:
            return default
    return node

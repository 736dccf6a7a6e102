"""The kinds of a PHH hand's fields, checked before it is read (:mod:`stud.phh`).

A PHH file is TOML written by anyone: each field the reader uses must hold the kind it
reads (a list of numbers, of text...), or the hand is a :class:`~stud.errors.StudError`
naming the field and what was expected, never another exception further on.

>>> check_fields({"variant": ["F7S"], "antes": [1]}, "h.phh")
Traceback (most recent call last):
...
stud.errors.StudError: h.phh: variant is ['F7S']; expected text (F7S, F7S/8 or FR)
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from stud.errors import StudError
from stud.safetext import excerpt

MAX_PLAYERS = 10  # the most seats of any stud ruleset


def _number(value: Any) -> bool:
    return isinstance(value, int | Decimal) and not isinstance(value, bool)


def _numbers(value: Any) -> bool:
    return isinstance(value, list) and all(_number(v) for v in value)


def _texts(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _refuse(source: str, field: str, value: Any, expected: str) -> StudError:
    return StudError(f"{source}: {field} is {excerpt(repr(value))}; expected {expected}")


def check_fields(data: Mapping[str, Any], source: str) -> None:
    """Raise a :class:`StudError` for the first field of the wrong kind."""
    variant = data.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise _refuse(source, "variant", variant, "text (F7S, F7S/8 or FR)")
    stacks = data.get("starting_stacks")
    if stacks is not None and not (_numbers(stacks) and 2 <= len(stacks) <= MAX_PLAYERS):
        raise _refuse(source, "starting_stacks", stacks, f"2 to {MAX_PLAYERS} amounts")
    n = len(stacks) if isinstance(stacks, list) else 0
    kinds: dict[str, tuple[Any, str]] = {
        "antes": (_numbers, "a list of amounts"),
        "actions": (_texts, "a list of actions as text ('p1 cbr 5')"),
        "players": (lambda v: _texts(v) and len(v) == n, f"{n} names"),
        "finishing_stacks": (lambda v: _numbers(v) and len(v) == n, f"{n} amounts"),
    }
    for field, (right, expected) in kinds.items():
        if field in data and not right(data[field]):
            raise _refuse(source, field, data[field], expected)

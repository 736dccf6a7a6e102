"""Between a validated ruleset document and the :class:`~stud.rules.model.Ruleset` dataclasses.

The conversion is generic: it walks the dataclass fields of ``model.py`` and their type
hints, so a field added there (with a default) is read and written with no change here.

>>> from stud.rules.model import Seats
>>> build(Seats, {"max": 9})
Seats(min=2, max=9)
>>> to_document(Seats(min=2, max=9))
{'min': 2, 'max': 9}
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from typing import Any, TypeVar, get_args, get_origin

from stud.money import to_money
from stud.rules import model

T = TypeVar("T")

# fields of Ruleset that are not keys of the document
NOT_IN_DOCUMENT = ("document", "source")


@cache
def _hints(cls: Any) -> dict[str, Any]:
    return typing.get_type_hints(cls, vars(model))


def _convert(value: Any, hint: Any) -> Any:
    origin = get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None:
            return None
        (inner,) = [a for a in get_args(hint) if a is not type(None)]
        return _convert(value, inner)
    if origin is tuple:
        item = get_args(hint)[0]
        return tuple(_convert(v, item) for v in value)
    if hint is Decimal:
        return to_money(value)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return build(hint, value)
    if hint in (int, str, bool):
        return hint(value)
    if origin is Mapping or hint is Mapping:
        return dict(value)
    raise TypeError(f"no conversion for {hint!r}")  # pragma: no cover - model/builder drift


def build(cls: type[T], data: Mapping[str, Any], **extra: Any) -> T:
    """Build dataclass ``cls`` from a schema-valid mapping; absent keys keep their defaults."""
    hints = _hints(typing.cast(Any, cls))
    kwargs: dict[str, Any] = dict(extra)
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if f.name in data and f.name not in kwargs and f.name not in NOT_IN_DOCUMENT:
            kwargs[f.name] = _convert(data[f.name], hints[f.name])
    return cls(**kwargs)


def _plain(value: Any) -> Any:
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return to_document(value)
    return value


def to_document(obj: Any) -> dict[str, Any]:
    """A dataclass as plain JSON-able data: amounts as decimal strings, tuples as lists."""
    return {
        f.name: _plain(getattr(obj, f.name))
        for f in dataclasses.fields(obj)
        if f.name not in NOT_IN_DOCUMENT
    }

"""What ``stud serve`` accepts from a client: the bounds every request is checked against.

A request line is read as bytes, at most :data:`MAX_REQUEST_BYTES`, decoded as strict UTF-8
and parsed as strict JSON (no ``NaN``/``Infinity``); then it may nest at most
:data:`MAX_DEPTH` levels, no array or object in it may hold more than :data:`MAX_ITEMS`
items, it may hold no lone surrogate (``"\\ud800"``), and every amount in it has
at most :data:`MAX_WHOLE_DIGITS` digits before the point and :data:`MAX_DECIMALS` after.
Each check returns a readable problem (``None`` when fine) that never quotes more than a
few characters of the request.  docs/protocol.md, section Security, lists these limits.

>>> scan({"a": [1, {"b": []}]})  # most items, deepest nesting, a lone surrogate
(2, 4, False)
>>> amount_problem("123456789012345678")
'18 digits before the point; at most 15'
>>> amount_problem("0.1234567"), amount_problem("000010.50")
('7 decimal places; at most 6', None)
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping
from typing import Any

MAX_REQUEST_BYTES = 1024 * 1024  # one request line, newline excluded
MAX_DEPTH = 32  # arrays and objects inside one another; a request needs about 8
MAX_WHOLE_DIGITS = 15  # digits before the point of an amount (leading zeros not counted)
MAX_DECIMALS = 6  # digits after the point of an amount
MAX_EVALUATE_HANDS = 100  # hands in one evaluate request
MAX_ITEMS = 256  # items of one array or object (a deck has 53 cards at most)
MAX_NAME = 100  # characters of a seat name

_DECIMAL = re.compile(r"^[0-9]+(\.[0-9]+)?$")
_SURROGATE = re.compile("[\ud800-\udfff]")


class RawFloat(float):
    """A JSON number written with a point or an exponent, remembering how it was written.

    The parser makes every such number a ``RawFloat`` so that a request id like ``1.0`` is
    echoed exactly as the client wrote it.

    >>> RawFloat("1.00").text, RawFloat("1.00") == 1
    ('1.00', True)
    """

    text: str

    def __new__(cls, text: str) -> RawFloat:
        number = super().__new__(cls, text)
        number.text = text
        return number


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


_DECODER = json.JSONDecoder(parse_float=RawFloat, parse_constant=_no_constant)


def parse_json(text: str) -> Any:
    """Strict JSON: ``NaN``/``Infinity`` refused, decimals kept as :class:`RawFloat`.

    Any failure, including one from nesting too deep for the parser, is a ``ValueError``.

    >>> parse_json('{"id": 1.0}')["id"].text
    '1.0'
    >>> parse_json("[" * 100000)
    Traceback (most recent call last):
    ...
    ValueError: nested too deeply to parse
    """
    try:
        return _DECODER.decode(text)
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None
    except ValueError:
        raise
    except Exception as exc:  # noqa: BLE001 - whatever the parser raises, it is not JSON
        raise ValueError(f"{type(exc).__name__}") from None


def scan(
    value: Any, max_items: int | None = MAX_ITEMS, *, strings: bool = True
) -> tuple[int, int, bool]:
    """One walk of parsed JSON (dicts, lists): the most items any array or object holds,
    how deeply they nest, and whether any string or key holds a lone surrogate.

    Every message is checked this way, so it is one pass, and a string is searched only
    when it is not plain ASCII (with ``strings=False``, not at all: the caller knows from
    the text that there is none).  The walk stops once an array or object holds more than
    ``max_items`` (None: never).

    >>> scan({"a": [1, {"b": "x\\udcff"}]})
    (2, 3, True)
    """
    widest = deepest = 0
    lone = strings and isinstance(value, str) and bool(_lone(value))
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
            if strings and not _plain(item) and any(map(_lone, item)):
                lone = True
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        level += 1
        if len(item) > widest:
            widest = len(item)
            if max_items is not None and widest > max_items:
                break  # wide enough to refuse: stop walking
        if level > deepest:
            deepest = level
        for child in children:
            kind = type(child)
            if kind is str:
                if strings and not child.isascii() and _SURROGATE.search(child):
                    lone = True
            elif kind is dict or kind is list:
                stack.append((child, level))
            elif kind is not int and kind is not bool and child is not None:
                if isinstance(child, dict | list | tuple):
                    stack.append((child, level))
                elif strings and isinstance(child, str) and _lone(child):
                    lone = True
    return widest, deepest, lone


def _plain(keys: Any) -> bool:
    """Whether every key is an ASCII string (one join instead of a test per key)."""
    try:
        return "".join(keys).isascii()
    except TypeError:
        return False


def _lone(text: Any) -> bool:
    """Whether a key or string holds a lone surrogate."""
    return isinstance(text, str) and not text.isascii() and bool(_SURROGATE.search(text))


def _leaves(value: Any, path: str = "$", *, keys: bool = False) -> Iterator[tuple[str, Any]]:
    """(json path, scalar) of every scalar (and key), for values already depth-checked."""
    stack: list[tuple[str, Any]] = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, Mapping):
            for key, child in item.items():
                if keys:
                    yield f"{where} (a key)", key
                stack.append((f"{where}.{key}", child))
        elif isinstance(item, list | tuple):
            stack.extend((f"{where}[{i}]", child) for i, child in enumerate(item))
        else:
            yield where, item


def surrogate_problem(value: Any) -> str | None:
    """Where a string holds a lone surrogate, which no UTF-8 text can carry.

    >>> surrogate_problem({"seats": [{"name": "x\\udcff"}]})
    '$.seats[0].name holds a lone surrogate (U+DCFF); text must be valid Unicode'
    """
    for where, leaf in _leaves(value, keys=True):
        if isinstance(leaf, str):
            found = _SURROGATE.search(leaf)
            if found:
                where = _printable(where)
                code = ord(found.group())
                return f"{where} holds a lone surrogate (U+{code:04X}); text must be valid Unicode"
    return None


def _printable(text: str, limit: int = 60) -> str:
    text = _SURROGATE.sub("?", text)
    return text if len(text) <= limit else text[:limit] + "..."


def amount_problem(text: str) -> str | None:
    """Why a decimal amount is out of bounds, or None."""
    whole, _, decimals = text.partition(".")
    digits = len(whole.lstrip("0"))
    if digits > MAX_WHOLE_DIGITS:
        return f"{digits} digits before the point; at most {MAX_WHOLE_DIGITS}"
    if len(decimals) > MAX_DECIMALS:
        return f"{len(decimals)} decimal places; at most {MAX_DECIMALS}"
    return None


def _number_problem(value: Any) -> str | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return amount_problem(str(abs(value)))
    if isinstance(value, float):
        if not math.isfinite(value):
            return "not a finite number"
        text = value.text if isinstance(value, RawFloat) else repr(value)
        if "e" in text.lower():
            return None  # floats are refused as amounts anyway (write amounts as strings)
        return amount_problem(text.lstrip("-"))
    if isinstance(value, str) and _DECIMAL.match(value):
        return amount_problem(value)
    return None


def amounts_problem(request: Mapping[str, Any]) -> str | None:
    """The first amount of a request out of bounds: stacks, ``amount``, and every number
    or decimal string inside an inline ruleset document."""
    places: list[tuple[str, Any]] = []
    seats = request.get("seats")
    if isinstance(seats, list):
        places += [
            (f"$.seats[{i}].stack", s.get("stack") if isinstance(s, Mapping) else None)
            for i, s in enumerate(seats)
        ]
    places.append(("$.amount", request.get("amount")))
    ruleset = request.get("ruleset")
    if isinstance(ruleset, Mapping) and not _all_amounts_fine(ruleset):
        places += list(_leaves(ruleset, "$.ruleset"))
    for where, value in places:
        problem = _number_problem(value)
        if problem:
            return f"{_printable(where)}: amount out of range: {problem}"
    return None


def _all_amounts_fine(document: Any) -> bool:
    """Whether no number or decimal string in ``document`` is out of bounds (one walk with
    no paths: the paths are built only to report a problem)."""
    stack = [document]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
        elif isinstance(item, str):
            # an amount out of bounds needs 16 digits before the point or 7 after it
            if len(item) > 8 and _number_problem(item):
                return False
        elif item is not None and _number_problem(item):
            return False
    return True


def document_problem(document: Mapping[str, Any], where: str = "the ruleset") -> str | None:
    """The first amount of a ruleset document out of bounds (a file's values included)."""
    for path, value in _leaves(document, "$"):
        problem = _number_problem(value)
        if problem:
            return f"{where} {_printable(path)}: amount out of range: {problem}"
    return None


def size_problem(request: Mapping[str, Any]) -> str | None:
    """Counts a request may not exceed beyond the line size (hands to evaluate, names)."""
    hands = request.get("hands")
    if isinstance(hands, list) and len(hands) > MAX_EVALUATE_HANDS:
        return f"$.hands: {len(hands)} hands; at most {MAX_EVALUATE_HANDS} in one request"
    seats = request.get("seats")
    for n, seat in enumerate(seats if isinstance(seats, list) else ()):
        name = seat.get("name") if isinstance(seat, Mapping) else None
        if isinstance(name, str) and len(name) > MAX_NAME:
            return f"$.seats[{n}].name: {len(name)} characters; at most {MAX_NAME}"
    return None


def shape_problem(request: Any) -> str | None:
    """Nesting and lone surrogates: checked before anything else looks at a request."""
    most, deepest, lone = scan(request)
    if most > MAX_ITEMS:
        return f"an array or object of the request holds more than {MAX_ITEMS} items"
    if deepest > MAX_DEPTH:
        return f"the request nests deeper than {MAX_DEPTH} levels"
    return surrogate_problem(request) if lone else None


def bounds_problem(request: Any) -> str | None:
    """Amounts and counts: checked once the request matches its schema."""
    if not isinstance(request, Mapping):
        return None
    return amounts_problem(request) or size_problem(request)


def has_lone_surrogate(text: str) -> bool:
    return _SURROGATE.search(text) is not None


def scrub(text: str) -> str:
    """Lone surrogates replaced by U+FFFD, so the text encodes as UTF-8."""
    return _SURROGATE.sub("\ufffd", text)

"""Checking a ruleset document against ``schemas/ruleset.schema.json``.

jsonschema finds the problems; this module words them for people: what is wrong, where,
what was expected, and a "did you mean" for a misspelt key or choice.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import TYPE_CHECKING, Any

from stud.paths import SCHEMAS
from stud.safetext import excerpt
from stud.schemacheck import Check, Unsupported, compile_schema

if TYPE_CHECKING:  # jsonschema is imported when a ruleset is invalid (words its problems)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

SCHEMA_FILE = SCHEMAS / "ruleset.schema.json"
AMOUNT_PATTERN = "^[0-9]+(\\.[0-9]+)?$"

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Finding:
    """A problem found in a document, before it is given a file position."""

    path: Path
    message: str
    expected: str = ""
    at_key: bool = False  # point at the key rather than the value


@cache
def ruleset_schema() -> dict[str, Any]:
    """The ruleset JSON Schema (read once)."""
    with SCHEMA_FILE.open(encoding="utf-8") as handle:
        schema: dict[str, Any] = json.load(handle)
    return schema


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(ruleset_schema())


def suggest(word: str, choices: list[str] | tuple[str, ...]) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or ``""``.

    >>> suggest("brng_in", ["bring_in", "board"])
    " (did you mean 'bring_in'?)"
    """
    close = difflib.get_close_matches(word, [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def show(value: Any) -> str:
    """A value as written in YAML, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"'{excerpt(value)}'"
    if isinstance(value, Decimal):
        text = format(value, "f")
        return text if len(text) <= 24 else f"{value:.4g}"
    if isinstance(value, int) and not -(10**24) < value < 10**24:
        return f"a {len(str(abs(value)))}-digit number"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return str(value)


_KIND = {
    "string": "a string",
    "number": "a number",
    "integer": "an integer",
    "boolean": "true or false",
    "null": "null",
    "object": "a mapping",
    "array": "a list",
}


def _kind_of(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float | Decimal):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__  # pragma: no cover


def _is_amount(schema: dict[str, Any]) -> bool:
    return schema.get("pattern") == AMOUNT_PATTERN


def _expected_type(schema: dict[str, Any]) -> str:
    if _is_amount(schema):
        text = 'an amount such as "0.50" (a decimal string or a number)'
        return text + (" or null" if "null" in schema.get("type", []) else "")
    types = schema.get("type", [])
    types = [types] if isinstance(types, str) else types
    return " or ".join(_KIND.get(t, t) for t in types)


_RANK_WORDS = {
    "deuce": 2, "two": 2, "trey": 3, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "jack": 11, "j": 11, "queen": 12, "q": 12, "king": 13,
    "k": 13, "ace": 14, "a": 14, "t": 10,
}  # fmt: skip


def _rank(word: str) -> int | None:
    """A rank from a word of a wild-card phrase: ``deuces``, ``2s``, ``jacks``, ``J``."""
    word = word.strip().lower()
    for end in ("es", "s", ""):
        stem = word.removesuffix(end) if end else word
        if stem.isdigit() and 2 <= int(stem) <= 14:
            return int(stem)
        if stem in _RANK_WORDS:
            return _RANK_WORDS[stem]
    return None


def _ranks(value: Any) -> list[int] | None:
    """The ranks a scalar or list names (``"deuces and jacks"`` -> [2, 11]), or None."""
    items = value if isinstance(value, list) else [value]
    words: list[str] = []
    for item in items:
        if isinstance(item, bool) or not isinstance(item, str | int):
            return None
        words += [w for w in re.split(r"[\s,/&+]+|\band\b", str(item)) if w.strip()]
    ranks = [_rank(w) for w in words if w.strip().lower() not in ("wild", "are", "is")]
    if not ranks or any(r is None for r in ranks):
        return None
    return list(dict.fromkeys(r for r in ranks if r is not None))


def mapping_hint(path: Path, schema: dict[str, Any], value: Any) -> str:
    """`` (did you mean `wild: {ranks: [2]}`?)`` where a mapping was expected and the value
    reads as one of its keys' values; ``""`` when it does not.

    >>> schema = ruleset_schema()["properties"]
    >>> mapping_hint(("wild",), schema["wild"], "deuces")
    ' (did you mean `wild: {ranks: [2]}`?)'
    >>> mapping_hint(("betting",), schema["betting"], "pot-limit")
    ' (did you mean `betting: {structure: pot-limit}`?)'
    >>> mapping_hint(("wild",), schema["wild"], "sometimes")
    ''
    """
    if schema.get("type") != "object" or isinstance(value, dict):
        return ""
    key = str(path[-1]) if path else "$"
    props = schema.get("properties", {})
    fits = [p for p, sub in props.items() if value in sub.get("enum", ()) and value is not None]
    if len(fits) == 1:
        return f" (did you mean `{key}: {{{fits[0]}: {value}}}`?)"
    ranks_schema = props.get("ranks", {})
    if ranks_schema.get("type") == "array":
        ranks = _ranks(value)
        if ranks:
            return f" (did you mean `{key}: {{ranks: [{', '.join(map(str, ranks))}]}}`?)"
    return ""


def _findings(error: ValidationError) -> Iterator[Finding]:
    path: Path = tuple(error.absolute_path)
    kind = error.validator
    value = error.instance
    schema = error.schema if isinstance(error.schema, dict) else {}
    if kind == "additionalProperties":
        allowed = list(schema.get("properties", {}))
        for key in value:
            if key not in allowed:
                yield Finding(
                    (*path, key),
                    f"unknown key '{excerpt(key)}'{suggest(key, allowed)}",
                    "one of " + ", ".join(allowed),
                    at_key=True,
                )
    elif kind == "required":
        for key in error.validator_value:
            if key not in value:
                yield Finding(path, f"missing required key '{key}'", f"a value for '{key}'")
    elif kind == "type":
        hint = mapping_hint(path, schema, value)
        shown = show(value)
        subject = "" if shown in ("a list", "a mapping") else f"{shown} "
        yield Finding(path, f"{subject}is {_kind_of(value)}{hint}", _expected_type(schema))
    elif kind == "enum":
        choices = [c for c in error.validator_value if c is not None]
        names = ", ".join(str(c) for c in choices)
        if None in error.validator_value:
            names += " or null"
        hint = suggest(value, choices) if isinstance(value, str) else ""
        yield Finding(path, f"{show(value)} is not a valid choice{hint}", f"one of {names}")
    elif kind == "pattern" and _is_amount(schema):
        yield Finding(path, f"{show(value)} is not an amount", _expected_type(schema))
    elif kind == "pattern":
        yield Finding(path, f"{show(value)} is not well formed", schema.get("description", ""))
    elif kind in ("minimum", "maximum"):
        word = "at least" if kind == "minimum" else "at most"
        if _is_amount(schema):
            yield Finding(path, f"{show(value)} is negative", "a non-negative amount")
        else:
            yield Finding(path, f"{show(value)} is out of range", f"{word} {error.validator_value}")
    elif kind == "anyOf":  # a value with several accepted forms (a rank: 11 or J)
        what = str(schema.get("description", "")).rstrip(".")
        yield Finding(
            path, f"{show(value)} is none of the accepted forms", what[:1].lower() + what[1:]
        )
    elif kind in ("minItems", "maxItems"):
        word = "at least" if kind == "minItems" else "at most"
        n = error.validator_value
        yield Finding(path, f"has {len(value)} items", f"{word} {n} item{'s' if n != 1 else ''}")
    elif kind == "uniqueItems":
        seen: list[Any] = []
        repeated = None
        for item in value:
            if item in seen:
                repeated = item
                break
            seen.append(item)
        yield Finding(path, f"{show(repeated)} is listed more than once", "each item once")
    elif kind in ("minLength", "maxLength"):
        word = "at least" if kind == "minLength" else "at most"
        n = error.validator_value
        yield Finding(path, f"{show(value)} has the wrong length", f"{word} {n} characters")
    else:  # pragma: no cover - keywords the schema does not use
        yield Finding(path, error.message)


@cache
def _valid() -> Check | None:
    """A fast yes/no check of the ruleset schema (None: the schema uses a keyword the
    compiled check does not know, and jsonschema alone decides)."""
    try:
        return compile_schema(ruleset_schema())
    except Unsupported:
        return None


def schema_findings(document: Any) -> list[Finding]:
    """Every schema problem of ``document`` (a resolved ruleset), worded for people.

    A valid document (nearly every one a run loads) is answered by the compiled check;
    jsonschema then words the problems of the others."""
    valid = _valid()
    if valid is not None and valid(document):
        return []
    out: list[Finding] = []
    seen: set[tuple[Path, str]] = set()
    for error in _validator().iter_errors(document):
        for finding in _findings(error):
            key = (finding.path, finding.message)
            if key not in seen:
                seen.add(key)
                out.append(finding)
    return out

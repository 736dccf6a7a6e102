"""A fast yes/no check of JSON Schema 2020-12: a schema compiled once into Python closures.

The protocol checks every request ``stud serve`` reads and every reply the client reads,
so the check runs for each message.  A generic validator spends most of its time on
bookkeeping a valid message never needs (paths of every item, error objects); this one
only answers "valid or not", with the meaning of :mod:`jsonschema`'s
``Draft202012Validator`` (the same type rules, ``1`` is not ``true``, ``pattern`` is
``re.search``), and the caller asks jsonschema for the readable errors when the answer is
no.  It knows the keywords the protocol schemas use; a schema with any other keyword is
refused with :class:`Unsupported` (the caller then uses another validator), so a keyword
is never silently ignored.

>>> check = compile_schema({"type": "object", "required": ["id"],
...                         "properties": {"id": {"type": "integer", "minimum": 0}}})
>>> check({"id": 3}), check({"id": -1}), check({"id": True}), check({"id": 2.0}), check([])
(True, False, False, True, False)
>>> compile_schema({"type": "string", "format": "email", "contains": {}})
Traceback (most recent call last):
...
stud.protocol.schemacheck.Unsupported: keyword 'contains' at #
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from numbers import Number
from typing import Any
from urllib.parse import urldefrag, urljoin

Check = Callable[[Any], bool]
ANNOTATIONS = frozenset(
    {
        "$schema",
        "$id",
        "$comment",
        "$defs",
        "$anchor",
        "title",
        "description",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "format",  # an annotation in 2020-12 unless a format checker is asked for
        "then",
        "else",  # read with "if"
    }
)
_ALWAYS: Check = lambda value: True  # noqa: E731
_NEVER: Check = lambda value: False  # noqa: E731


class Unsupported(Exception):
    """The schema uses a keyword (or a reference) this compiler does not handle."""


def _is_integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, int)


def _is_number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


TYPES: dict[str, Check] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
    "integer": _is_integer,
    "number": _is_number,
}


def json_equal(one: Any, two: Any) -> bool:
    """Equality as JSON Schema means it: ``true`` is not ``1``, ``1`` is ``1.0``.

    >>> json_equal(True, 1), json_equal(1, 1.0), json_equal([1, {"a": None}], [1.0, {"a": None}])
    (False, True, True)
    """
    if isinstance(one, str) or isinstance(two, str):
        return bool(one == two)
    if isinstance(one, list | tuple) and isinstance(two, list | tuple):
        return len(one) == len(two) and all(map(json_equal, one, two))
    if isinstance(one, Mapping) and isinstance(two, Mapping):
        return one.keys() == two.keys() and all(json_equal(one[k], two[k]) for k in one)
    if isinstance(one, bool) or isinstance(two, bool):
        return one is two
    return bool(one == two)


def _every(checks: list[Check]) -> Check:
    """One check that passes when all of ``checks`` pass (tried in order)."""
    if not checks:
        return _ALWAYS
    if len(checks) == 1:
        return checks[0]
    if len(checks) == 2:
        a, b = checks
        return lambda value: a(value) and b(value)
    if len(checks) == 3:
        a, b, c = checks
        return lambda value: a(value) and b(value) and c(value)
    every = tuple(checks)

    def check(value: Any) -> bool:
        for test in every:
            if not test(value):
                return False
        return True

    return check


def _equal_to(constant: Any) -> Check:
    """A check for ``const`` (and one ``enum`` member)."""
    if constant is None or isinstance(constant, bool):
        return lambda value: value is constant
    if isinstance(constant, str):
        return lambda value: isinstance(value, str) and value == constant
    return lambda value: json_equal(value, constant)


class _Compiler:
    """Compiles schemas that may refer to each other through ``$ref`` (absolute or relative
    to the ``$id`` of the schema they appear in)."""

    def __init__(self, documents: Mapping[str, Any]):
        self.documents = documents  # base URI -> schema document
        self.done: dict[tuple[str, str], Check] = {}

    def reference(self, base: str, ref: str) -> Check:
        uri, fragment = urldefrag(urljoin(base, ref))
        key = (uri, fragment)
        found = self.done.get(key)
        if found is not None:
            return found
        if uri not in self.documents:
            raise Unsupported(f"reference {ref!r}: no schema {uri!r}")
        target = self.documents[uri]
        if fragment:
            if not fragment.startswith("/"):
                raise Unsupported(f"reference {ref!r}: only JSON pointers are supported")
            for part in fragment[1:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                try:
                    target = target[int(part) if isinstance(target, list) else part]
                except (KeyError, IndexError, ValueError, TypeError):
                    raise Unsupported(f"reference {ref!r} points at nothing") from None
        cell: list[Check] = []
        self.done[key] = lambda value: cell[0](value)  # stands in while compiling (recursion)
        check = self.compile(target, uri, f"{uri}#{fragment}")
        cell.append(check)
        self.done[key] = check
        return check

    def compile(self, schema: Any, base: str, where: str) -> Check:
        if schema is True:
            return _ALWAYS
        if schema is False:
            return _NEVER
        if not isinstance(schema, Mapping):
            raise Unsupported(f"a schema that is neither an object nor a boolean at {where}")
        if isinstance(schema.get("$id"), str):
            base = urljoin(base, schema["$id"])
        checks: list[Check] = []
        fused = self.fused(schema, base, where)
        skip: frozenset[str] = frozenset()
        if fused is not None:
            check, skip = fused
            checks.append(check)
        for keyword, value in sorted(schema.items(), key=lambda kv: kv[0] != "type"):
            if keyword in ANNOTATIONS or keyword in skip:
                continue
            make = getattr(self, "k_" + keyword.lstrip("$"), None)
            if make is None:
                raise Unsupported(f"keyword {keyword!r} at {where}")
            checks.append(make(value, schema, base, f"{where}/{keyword}"))
        return _every(checks)

    def fused(
        self, schema: Mapping[str, Any], base: str, where: str
    ) -> tuple[Check, frozenset[str]] | None:
        """One check for the common shapes (a typed string with a pattern, a bounded
        integer, an object with required and properties, an array of items), and the
        keywords it covers; None for any other schema."""
        kind = schema.get("type")
        if kind == "string" and "pattern" in schema:
            search = re.compile(schema["pattern"]).search
            return (
                lambda v: isinstance(v, str) and search(v) is not None,
                frozenset({"type", "pattern"}),
            )
        if kind == "integer" and "minimum" in schema and "maximum" not in schema:
            low = schema["minimum"]
            return lambda v: _is_integer(v) and v >= low, frozenset({"type", "minimum"})
        if kind == "array" and "items" in schema and "prefixItems" not in schema:
            test = self.compile(schema["items"], base, f"{where}/items")

            def array(value: Any) -> bool:
                if not isinstance(value, list):
                    return False
                for item in value:
                    if not test(item):
                        return False
                return True

            return array, frozenset({"type", "items"})
        if kind == "object" and "properties" in schema:
            needed = frozenset(schema.get("required") or ())
            pairs = tuple(
                (name, self.compile(sub, base, f"{where}/properties/{name}"))
                for name, sub in schema["properties"].items()
            )

            def mapping(value: Any) -> bool:
                if not isinstance(value, dict) or not needed <= value.keys():
                    return False
                for name, test in pairs:
                    if name in value and not test(value[name]):
                        return False
                return True

            return mapping, frozenset({"type", "required", "properties"})
        return None

    def many(self, schemas: Any, base: str, where: str) -> tuple[Check, ...]:
        return tuple(self.compile(s, base, f"{where}/{i}") for i, s in enumerate(schemas))

    # --- keywords: each returns a check of the whole value ----------------------------
    def k_ref(self, ref: str, schema: Any, base: str, where: str) -> Check:
        return self.reference(base, ref)

    def k_type(self, kind: str | list[str], schema: Any, base: str, where: str) -> Check:
        kinds = [kind] if isinstance(kind, str) else list(kind)
        try:
            tests = [TYPES[k] for k in kinds]
        except KeyError:
            raise Unsupported(f"type {kind!r} at {where}") from None
        if len(tests) == 1:
            return tests[0]
        return lambda value: any(test(value) for test in tests)

    def k_enum(self, members: list[Any], schema: Any, base: str, where: str) -> Check:
        if all(isinstance(m, str) for m in members):
            strings = frozenset(members)
            return lambda value: isinstance(value, str) and value in strings
        tests = [_equal_to(m) for m in members]
        return lambda value: any(test(value) for test in tests)

    def k_const(self, constant: Any, schema: Any, base: str, where: str) -> Check:
        return _equal_to(constant)

    def k_required(self, names: list[str], schema: Any, base: str, where: str) -> Check:
        needed = frozenset(names)
        return lambda value: not isinstance(value, dict) or needed <= value.keys()

    def k_properties(
        self, properties: Mapping[str, Any], schema: Any, base: str, where: str
    ) -> Check:
        pairs = tuple(
            (name, self.compile(sub, base, f"{where}/{name}")) for name, sub in properties.items()
        )

        def check(value: Any) -> bool:
            if not isinstance(value, dict):
                return True
            for name, test in pairs:
                if name in value and not test(value[name]):
                    return False
            return True

        return check

    def k_additionalProperties(self, sub: Any, schema: Any, base: str, where: str) -> Check:
        if "patternProperties" in schema:
            raise Unsupported(f"patternProperties at {where}")
        known = frozenset(schema.get("properties") or ())
        test = self.compile(sub, base, where)
        return lambda value: (
            not isinstance(value, dict) or all(test(v) for k, v in value.items() if k not in known)
        )

    def k_propertyNames(self, sub: Any, schema: Any, base: str, where: str) -> Check:
        test = self.compile(sub, base, where)
        return lambda value: not isinstance(value, dict) or all(map(test, value))

    def k_dependentRequired(
        self, needs: Mapping[str, list[str]], schema: Any, base: str, where: str
    ) -> Check:
        pairs = tuple((name, tuple(others)) for name, others in needs.items())
        return lambda value: (
            not isinstance(value, dict)
            or all(all(o in value for o in others) for name, others in pairs if name in value)
        )

    def k_items(self, sub: Any, schema: Any, base: str, where: str) -> Check:
        if "prefixItems" in schema:
            raise Unsupported(f"prefixItems at {where}")
        test = self.compile(sub, base, where)

        def check(value: Any) -> bool:
            if isinstance(value, list):
                for item in value:
                    if not test(item):
                        return False
            return True

        return check

    def k_minItems(self, n: int, schema: Any, base: str, where: str) -> Check:
        return lambda value: not isinstance(value, list) or len(value) >= n

    def k_maxItems(self, n: int, schema: Any, base: str, where: str) -> Check:
        return lambda value: not isinstance(value, list) or len(value) <= n

    def k_uniqueItems(self, unique: bool, schema: Any, base: str, where: str) -> Check:
        if not unique:
            return _ALWAYS
        return lambda value: (
            not isinstance(value, list)
            or not any(json_equal(a, b) for i, a in enumerate(value) for b in value[i + 1 :])
        )

    def k_minLength(self, n: int, schema: Any, base: str, where: str) -> Check:
        return lambda value: not isinstance(value, str) or len(value) >= n

    def k_maxLength(self, n: int, schema: Any, base: str, where: str) -> Check:
        return lambda value: not isinstance(value, str) or len(value) <= n

    def k_pattern(self, pattern: str, schema: Any, base: str, where: str) -> Check:
        search = re.compile(pattern).search  # what jsonschema does: re.search, as written
        return lambda value: not isinstance(value, str) or search(value) is not None

    def k_minimum(self, n: float, schema: Any, base: str, where: str) -> Check:
        return lambda value: not _is_number(value) or value >= n

    def k_maximum(self, n: float, schema: Any, base: str, where: str) -> Check:
        return lambda value: not _is_number(value) or value <= n

    def k_exclusiveMinimum(self, n: float, schema: Any, base: str, where: str) -> Check:
        return lambda value: not _is_number(value) or value > n

    def k_exclusiveMaximum(self, n: float, schema: Any, base: str, where: str) -> Check:
        return lambda value: not _is_number(value) or value < n

    def k_allOf(self, schemas: list[Any], schema: Any, base: str, where: str) -> Check:
        return _every(list(self.many(schemas, base, where)))

    def k_anyOf(self, schemas: list[Any], schema: Any, base: str, where: str) -> Check:
        tests = self.many(schemas, base, where)
        if len(tests) == 2:
            a, b = tests
            return lambda value: a(value) or b(value)
        return lambda value: any(test(value) for test in tests)

    def k_oneOf(self, schemas: list[Any], schema: Any, base: str, where: str) -> Check:
        tests = self.many(schemas, base, where)
        return lambda value: sum(1 for test in tests if test(value)) == 1

    def k_not(self, sub: Any, schema: Any, base: str, where: str) -> Check:
        test = self.compile(sub, base, where)
        return lambda value: not test(value)

    def k_if(self, sub: Any, schema: Any, base: str, where: str) -> Check:
        condition = self.compile(sub, base, where)
        then = self.compile(schema.get("then", True), base, f"{where}/then")
        otherwise = self.compile(schema.get("else", True), base, f"{where}/else")
        return lambda value: then(value) if condition(value) else otherwise(value)


def compile_schema(
    schema: Any, documents: Mapping[str, Any] | None = None, base: str = ""
) -> Check:
    """A yes/no check of ``schema``; ``documents`` maps ``$id`` URIs to the schemas its
    ``$ref`` may name.  Raises :class:`Unsupported` for anything it cannot check exactly."""
    if isinstance(schema, Mapping) and isinstance(schema.get("$id"), str):
        base = urljoin(base, schema["$id"])
    known = dict(documents or {})
    if base:
        known.setdefault(base, schema)
    return _Compiler(known).compile(schema, base, "#")

"""A fast yes/no check of JSON Schema 2020-12: a schema compiled once into Python code.

The protocol checks every request ``stud serve`` reads and every reply the client reads,
so the check runs for each message.  A generic validator spends most of its time on
bookkeeping a valid message never needs (the path of every item, error objects); this one
only answers "valid or not", with the meaning of :mod:`jsonschema`'s
``Draft202012Validator`` (the same type rules, ``1`` is not ``true``, ``pattern`` is
``re.search``), and the caller asks jsonschema for the readable errors when the answer is
no.  Each schema becomes straight-line Python (one function per ``$ref`` target, nested
loops for arrays), compiled once.  It knows the keywords the protocol schemas use; a
schema with any other keyword is refused with :class:`Unsupported` (the caller then uses
another validator), so a keyword is never silently ignored.

>>> check = compile_schema({"type": "object", "required": ["id"],
...                         "properties": {"id": {"type": "integer", "minimum": 0}}})
>>> check({"id": 3}), check({"id": -1}), check({"id": True}), check({"id": 2.0}), check([])
(True, False, False, True, False)
>>> compile_schema({"type": "string", "format": "email", "contains": {}})
Traceback (most recent call last):
...
stud.schemacheck.Unsupported: keyword 'contains' at #
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
# the Python test of each JSON type, on the variable {v}
TYPES = {
    "object": "isinstance({v}, dict)",
    "array": "isinstance({v}, list)",
    "string": "isinstance({v}, str)",
    "boolean": "isinstance({v}, bool)",
    "null": "{v} is None",
    # integers: an int that is no bool (type(v) is int first, the common case), or a
    # whole float; numbers: any Number that is no bool
    "integer": "(type({v}) is int or _integer({v}))",
    "number": "(type({v}) is int or _number({v}))",
}
_GUARD = {  # the type a keyword applies to (other values pass it)
    "required": "object",
    "properties": "object",
    "additionalProperties": "object",
    "propertyNames": "object",
    "dependentRequired": "object",
    "items": "array",
    "minItems": "array",
    "maxItems": "array",
    "uniqueItems": "array",
    "minLength": "string",
    "maxLength": "string",
    "pattern": "string",
    "minimum": "number",
    "maximum": "number",
    "exclusiveMinimum": "number",
    "exclusiveMaximum": "number",
}
_COMPARE = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}


class Unsupported(Exception):
    """The schema uses a keyword (or a reference) this compiler does not handle."""


def _integer(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return value.is_integer()
    return isinstance(value, int)


def _number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


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


class _Matches(dict[str, bool]):
    """Whether strings match one pattern (``re.search``, as jsonschema does), remembered for
    the first 4,096 strings seen: cards and amounts recur in every message."""

    def __init__(self, search: Callable[[str], Any]):
        super().__init__()
        self.search = search

    def __missing__(self, text: str) -> bool:
        found = self.search(text) is not None
        if len(self) < 4096:
            self[text] = found
        return found


def _unique(items: list[Any]) -> bool:
    return not any(json_equal(a, b) for i, a in enumerate(items) for b in items[i + 1 :])


class _Compiler:
    """Writes the code of schemas that may refer to each other through ``$ref`` (absolute
    or relative to the ``$id`` of the schema they appear in)."""

    def __init__(self, documents: Mapping[str, Any]):
        self.documents = documents  # base URI -> schema document
        self.functions: dict[tuple[str, str], str] = {}  # $ref target -> function name
        self.inlining: list[tuple[str, str]] = []  # $ref targets being written in place
        self.code: list[str] = []
        self.names: dict[str, Any] = {
            "_integer": _integer,
            "_number": _number,
            "_equal": json_equal,
            "_unique": _unique,
        }

    def constant(self, value: Any) -> str:
        name = f"_c{len(self.names)}"
        self.names[name] = value
        return name

    def function(self, schema: Any, base: str, where: str) -> str:
        """A new function ``name(v) -> bool`` checking ``schema``; returns its name."""
        name = f"_f{len(self.code)}"
        self.code.append("")  # reserve the slot (the body may add functions of its own)
        index = len(self.code) - 1
        body = self.statements(schema, "v0", base, where, 1, None)
        self.code[index] = "\n".join([f"def {name}(v0):", *body, "    return True"])
        return name

    def target(self, base: str, ref: str) -> tuple[tuple[str, str], Any]:
        """The key and the schema a ``$ref`` names."""
        uri, fragment = urldefrag(urljoin(base, ref))
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
        return (uri, fragment), target

    def reference(self, base: str, ref: str) -> str:
        """The function checking what ``$ref`` names (written once, then shared)."""
        key, target = self.target(base, ref)
        if key in self.functions:
            return self.functions[key]
        name = f"_f{len(self.code)}"
        self.functions[key] = name  # before compiling, so a recursive reference finds it
        self.code.append("")
        index = len(self.code) - 1
        uri, fragment = key
        body = self.statements(target, "v0", uri, f"{uri}#{fragment}", 1, None)
        self.code[index] = "\n".join([f"def {name}(v0):", *body, "    return True"])
        return name

    def statements(
        self, schema: Any, v: str, base: str, where: str, depth: int, known: str | None
    ) -> list[str]:
        """Lines that ``return False`` when the value in variable ``v`` breaks ``schema``.

        ``known`` is the JSON type ``v`` is already known to have (its checks are skipped).
        """
        pad = "    " * depth
        if schema is True:
            return []
        if schema is False:
            return [f"{pad}return False"]
        if not isinstance(schema, Mapping):
            raise Unsupported(f"a schema that is neither an object nor a boolean at {where}")
        if isinstance(schema.get("$id"), str):
            base = urljoin(base, schema["$id"])
        for keyword in schema:
            known_keyword = keyword == "type" or hasattr(self, "k_" + keyword.lstrip("$"))
            if keyword not in ANNOTATIONS and not known_keyword:
                raise Unsupported(f"keyword {keyword!r} at {where}")
        out: list[str] = []
        kind = schema.get("type")
        if kind is not None:
            kinds = [kind] if isinstance(kind, str) else list(kind)
            if any(k not in TYPES for k in kinds):
                raise Unsupported(f"type {kind!r} at {where}")
            test = " or ".join(TYPES[k].format(v=v) for k in kinds)
            out.append(f"{pad}if not ({test}): return False")
            if len(kinds) == 1:
                known = kinds[0]
        # keywords of one type, grouped under one test of that type
        by_type: dict[str, list[str]] = {}
        for keyword, value in schema.items():
            if keyword in ANNOTATIONS or keyword == "type":
                continue
            guard = _GUARD.get(keyword)
            direct = guard in (None, known) or (guard == "number" and known == "integer")
            make = getattr(self, "k_" + keyword.lstrip("$"))
            lines = make(value, schema, v, base, f"{where}/{keyword}", depth + (not direct))
            if direct or guard is None:
                out += lines
            else:
                by_type.setdefault(guard, []).extend(lines)
        for guard, lines in by_type.items():
            out.append(f"{pad}if {TYPES[guard].format(v=v)}:")
            out += lines
        return out

    # --- keywords: each returns lines at ``depth`` ---------------------------------------
    def k_ref(self, ref: str, schema: Any, v: str, base: str, where: str, depth: int) -> list[str]:
        key, target = self.target(base, ref)
        if key in self.inlining or len(self.inlining) > 8:  # a recursive schema: call it
            return ["    " * depth + f"if not {self.reference(base, ref)}({v}): return False"]
        self.inlining.append(key)  # written in place: no call for a money string or a seat
        try:
            return self.statements(target, v, key[0], f"{key[0]}#{key[1]}", depth, None)
        finally:
            self.inlining.pop()

    def k_enum(
        self, members: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        if all(isinstance(m, str) for m in members):
            name = self.constant(frozenset(members))
            return [f"{pad}if not (isinstance({v}, str) and {v} in {name}): return False"]
        name = self.constant(list(members))
        return [f"{pad}if not any(_equal({v}, m) for m in {name}): return False"]

    def k_const(
        self, constant: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        if constant is None or isinstance(constant, bool):
            return [f"{pad}if {v} is not {constant!r}: return False"]
        name = self.constant(constant)
        if isinstance(constant, str):
            return [f"{pad}if not (isinstance({v}, str) and {v} == {name}): return False"]
        return [f"{pad}if not _equal({v}, {name}): return False"]

    def k_required(
        self, names: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        name = self.constant(frozenset(names))
        return ["    " * depth + f"if not {name} <= {v}.keys(): return False"]

    def k_properties(
        self, props: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        out = []
        child = f"v{depth}"
        for key, sub in props.items():
            body = self.statements(sub, child, base, f"{where}/{key}", depth + 1, None)
            if body:
                out.append(f"{pad}if {key!r} in {v}:")
                out.append(f"{pad}    {child} = {v}[{key!r}]")
                out += body
        return out

    def k_additionalProperties(
        self, sub: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        if "patternProperties" in schema:
            raise Unsupported(f"patternProperties at {where}")
        pad = "    " * depth
        known = self.constant(frozenset(schema.get("properties") or ()))
        child = f"v{depth}"
        body = self.statements(sub, child, base, where, depth + 2, None)
        if not body:
            return []
        return [
            f"{pad}for k{depth}, {child} in {v}.items():",
            f"{pad}    if k{depth} not in {known}:",
            *body,
        ]

    def k_propertyNames(
        self, sub: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        child = f"v{depth}"
        body = self.statements(sub, child, base, where, depth + 1, None)
        return [f"{pad}for {child} in {v}:", *body] if body else []

    def k_dependentRequired(
        self, needs: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        out = []
        for key, others in needs.items():
            name = self.constant(frozenset(others))
            out.append(f"{pad}if {key!r} in {v} and not {name} <= {v}.keys(): return False")
        return out

    def k_items(
        self, sub: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        if "prefixItems" in schema:
            raise Unsupported(f"prefixItems at {where}")
        pad = "    " * depth
        child = f"v{depth}"
        body = self.statements(sub, child, base, where, depth + 1, None)
        return [f"{pad}for {child} in {v}:", *body] if body else []

    def _length(self, op: str, n: int, v: str, depth: int) -> list[str]:
        return ["    " * depth + f"if not len({v}) {op} {int(n)}: return False"]

    def k_minItems(
        self, n: int, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._length(">=", n, v, depth)

    def k_maxItems(
        self, n: int, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._length("<=", n, v, depth)

    def k_minLength(
        self, n: int, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._length(">=", n, v, depth)

    def k_maxLength(
        self, n: int, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._length("<=", n, v, depth)

    def k_uniqueItems(
        self, unique: bool, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return ["    " * depth + f"if not _unique({v}): return False"] if unique else []

    def k_pattern(
        self, pattern: str, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        name = self.constant(_Matches(re.compile(pattern).search))
        return ["    " * depth + f"if not {name}[{v}]: return False"]

    def _bound(self, keyword: str, n: Any, schema: Any, v: str, depth: int) -> list[str]:
        test = f"{v} {_COMPARE[keyword]} {self.constant(n)}"
        if schema.get("type") in ("integer", "number"):  # the type test came first
            return ["    " * depth + f"if not {test}: return False"]
        return ["    " * depth + f"if _number({v}) and not {test}: return False"]

    def k_minimum(
        self, n: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._bound("minimum", n, schema, v, depth)

    def k_maximum(
        self, n: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._bound("maximum", n, schema, v, depth)

    def k_exclusiveMinimum(
        self, n: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._bound("exclusiveMinimum", n, schema, v, depth)

    def k_exclusiveMaximum(
        self, n: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        return self._bound("exclusiveMaximum", n, schema, v, depth)

    def _alternatives(self, schemas: Any, base: str, where: str) -> list[str]:
        return [self.function(s, base, f"{where}/{i}") for i, s in enumerate(schemas)]

    def k_allOf(
        self, schemas: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        pad = "    " * depth
        tests = self._alternatives(schemas, base, where)
        return [f"{pad}if not {f}({v}): return False" for f in tests]

    def k_anyOf(
        self, schemas: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        test = " or ".join(f"{f}({v})" for f in self._alternatives(schemas, base, where))
        return ["    " * depth + f"if not ({test}): return False"]

    def k_oneOf(
        self, schemas: Any, schema: Any, v: str, base: str, where: str, depth: int
    ) -> list[str]:
        count = " + ".join(f"bool({f}({v}))" for f in self._alternatives(schemas, base, where))
        return ["    " * depth + f"if ({count}) != 1: return False"]

    def k_not(self, sub: Any, schema: Any, v: str, base: str, where: str, depth: int) -> list[str]:
        return ["    " * depth + f"if {self.function(sub, base, where)}({v}): return False"]

    def k_if(self, sub: Any, schema: Any, v: str, base: str, where: str, depth: int) -> list[str]:
        condition = self.function(sub, base, where)
        then = self.function(schema.get("then", True), base, f"{where}/then")
        otherwise = self.function(schema.get("else", True), base, f"{where}/else")
        test = f"({then}({v}) if {condition}({v}) else {otherwise}({v}))"
        return ["    " * depth + f"if not {test}: return False"]


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
    compiler = _Compiler(known)
    entry = compiler.function(schema, base, "#")
    namespace = dict(compiler.names)
    exec(compile("\n\n".join(compiler.code), "<schemacheck>", "exec"), namespace)  # noqa: S102
    check: Check = namespace[entry]
    return check

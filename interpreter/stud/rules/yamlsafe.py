"""Safe YAML reading that remembers where every key and value was written.

Only plain YAML is accepted: mappings, lists, strings, integers, numbers, booleans and null.
Any other tag (``!!python/object``, ``!!binary``, ``!custom``...), duplicate keys, merge keys
(``<<``), files over 1 MiB, more than :data:`MAX_ALIASES` aliases and documents that expand
beyond :data:`MAX_NODES` values are refused with a located message.  YAML floats never
become ``float``: the scalar's source text becomes a :class:`~decimal.Decimal`, so ``0.05``
stays exactly five hundredths.

Mappings come back as :class:`LocDict` and lists as :class:`LocList`: ordinary ``dict`` and
``list`` objects that also carry the :class:`Mark` of each key and value.

>>> data = parse_text("stakes:\\n  ante: 0.05\\n  small_bet: 1\\n", "house.yaml")
>>> data["stakes"]["ante"], data["stakes"].value_marks["ante"]
(Decimal('0.05'), Mark(file='house.yaml', line=2, column=9))
>>> parse_text("a: !!python/object:os.system x\\n", "bad.yaml")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stud.rules.yamlsafe.YamlError: bad.yaml:1:4: $.a: the tag '!!python/object:os.system' is ...
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from stud.errors import Problem
from stud.safetext import excerpt

MAX_BYTES = 1 << 20  # 1 MiB
MAX_ALIASES = 64
MAX_NODES = 20_000
MAX_DEPTH = 32

_STD = "tag:yaml.org,2002:"
_PLAIN = "mappings, lists, strings, numbers, true/false and null"


@dataclass(frozen=True)
class Mark:
    """A 1-based position in a file (``line`` 0 when unknown)."""

    file: str
    line: int
    column: int


class LocDict(dict[str, Any]):
    """A mapping read from YAML, with the marks of its keys and values."""

    def __init__(self, mark: Mark) -> None:
        super().__init__()
        self.mark = mark
        self.key_marks: dict[str, Mark] = {}
        self.value_marks: dict[str, Mark] = {}

    def put(self, key: str, value: Any, key_mark: Mark, value_mark: Mark) -> None:
        self[key] = value
        self.key_marks[key] = key_mark
        self.value_marks[key] = value_mark

    def drop(self, key: str) -> None:
        self.pop(key, None)
        self.key_marks.pop(key, None)
        self.value_marks.pop(key, None)


class LocList(list[Any]):
    """A list read from YAML, with the mark of each item."""

    def __init__(self, mark: Mark) -> None:
        super().__init__()
        self.mark = mark
        self.item_marks: list[Mark] = []

    def add(self, value: Any, mark: Mark) -> None:
        self.append(value)
        self.item_marks.append(mark)


class YamlError(Exception):
    """The text is not acceptable YAML; carries every :class:`Problem` found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


def json_path(parts: tuple[str | int, ...]) -> str:
    """``('streets', 1, 'deal')`` -> ``$.streets[1].deal``."""
    out = "$"
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{excerpt(part)}"
    return out


def _problem(mark: Mark, path: tuple[str | int, ...], message: str, expected: str = "") -> Problem:
    return Problem(mark.file, mark.line, mark.column, json_path(path), message, expected)


class _Loader(yaml.SafeLoader):
    """The safe composer, counting aliases as they are met."""

    def __init__(self, stream: str, file: str) -> None:
        super().__init__(stream)
        self.file = file
        self.aliases = 0

    def compose_node(self, parent: Node | None, index: object) -> Node | None:
        if self.check_event(yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                event = self.peek_event()
                mark = Mark(self.file, event.start_mark.line + 1, event.start_mark.column + 1)
                raise YamlError(
                    [
                        _problem(
                            mark,
                            (),
                            f"more than {MAX_ALIASES} aliases; refused as a possible alias bomb",
                            "a plain ruleset without heavy use of anchors",
                        )
                    ]
                )
        return super().compose_node(parent, index)  # type: ignore[arg-type]


class _Converter:
    def __init__(self, file: str) -> None:
        self.file = file
        self.nodes = 0
        self.active: set[int] = set()
        self.problems: list[Problem] = []

    def mark(self, node: Node) -> Mark:
        return Mark(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def refuse(self, node: Node, path: tuple[str | int, ...], message: str, expected: str) -> None:
        self.problems.append(_problem(self.mark(node), path, message, expected))

    def convert(self, node: Node, path: tuple[str | int, ...]) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise YamlError(
                [
                    _problem(
                        self.mark(node),
                        path,
                        f"the document expands to more than {MAX_NODES} values "
                        "(aliases included); refused as a possible alias bomb",
                        "a small ruleset",
                    )
                ]
            )
        if len(path) > MAX_DEPTH:
            raise YamlError(
                [
                    _problem(
                        self.mark(node), path, "nested too deeply", f"at most {MAX_DEPTH} levels"
                    )
                ]
            )
        if id(node) in self.active:
            raise YamlError(
                [
                    _problem(
                        self.mark(node), path, "an alias refers to itself", "no recursive aliases"
                    )
                ]
            )
        if isinstance(node, ScalarNode):
            return self.scalar(node, path)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return self.sequence(node, path)
            if isinstance(node, MappingNode):
                return self.mapping(node, path)
        finally:
            self.active.discard(id(node))
        self.refuse(node, path, "unsupported YAML node", _PLAIN)  # pragma: no cover
        return None  # pragma: no cover

    def check_tag(self, node: Node, path: tuple[str | int, ...], allowed: tuple[str, ...]) -> bool:
        if node.tag in tuple(_STD + a for a in allowed):
            return True
        tag = node.tag.replace(_STD, "!!")
        self.refuse(
            node, path, f"the tag '{excerpt(tag)}' is not allowed", f"plain YAML ({_PLAIN})"
        )
        return False

    def scalar(self, node: ScalarNode, path: tuple[str | int, ...]) -> Any:
        allowed = ("str", "int", "float", "bool", "null", "timestamp")
        if not self.check_tag(node, path, allowed):
            return None
        kind = node.tag[len(_STD) :]
        text = node.value
        if kind in ("str", "timestamp"):
            return text
        if kind == "null":
            return None
        if kind == "bool":
            return text.lower() in ("true", "yes", "on", "y")
        if kind == "int":
            try:
                return int(yaml.SafeLoader.construct_yaml_int(_DUMMY, node))
            except (ValueError, TypeError):
                self.refuse(node, path, f"'{excerpt(text)}' is not an integer", "digits such as 3")
                return None
        try:  # float: keep the source text exactly
            value = Decimal(text.replace("_", ""))
        except InvalidOperation:
            value = None
        if value is None or not value.is_finite():
            self.refuse(
                node, path, f"'{excerpt(text)}' is not a finite number", "a decimal such as 0.50"
            )
            return None
        return value

    def sequence(self, node: SequenceNode, path: tuple[str | int, ...]) -> Any:
        if not self.check_tag(node, path, ("seq",)):
            return None
        out = LocList(self.mark(node))
        for index, child in enumerate(node.value):
            out.add(self.convert(child, (*path, index)), self.mark(child))
        return out

    def mapping(self, node: MappingNode, path: tuple[str | int, ...]) -> Any:
        if not self.check_tag(node, path, ("map",)):
            return None
        out = LocDict(self.mark(node))
        for key_node, value_node in node.value:
            if key_node.tag == _STD + "merge":
                self.refuse(key_node, path, "merge keys (<<) are not supported", "'extends:'")
                continue
            if not isinstance(key_node, ScalarNode):
                self.refuse(key_node, path, "a key must be a plain word", "a name such as 'ante'")
                continue
            key = str(key_node.value)
            if key in out:
                first = out.key_marks[key]
                self.refuse(
                    key_node,
                    (*path, key),
                    f"duplicate key '{excerpt(key)}' (first written at line {first.line})",
                    "each key once per mapping",
                )
                continue
            value = self.convert(value_node, (*path, key))
            out.put(key, value, self.mark(key_node), self.mark(value_node))
        return out


_DUMMY = yaml.SafeLoader("")


def _yaml_error_problem(exc: yaml.YAMLError, file: str, text: str) -> Problem:
    if isinstance(exc, yaml.MarkedYAMLError) and exc.problem_mark is not None:
        m = exc.problem_mark
        what = exc.problem or "invalid YAML"
        if exc.context:
            what = f"{exc.context}, {what}"
        what = excerpt(what, 160)
        expected = "valid YAML"
        lines = text.splitlines()
        source = lines[m.line] if m.line < len(lines) else ""
        if "\\t" in what or "\t" in source[: m.column + 1]:
            expected = "spaces, not tabs, to indent (YAML does not allow tabs)"
        return Problem(file, m.line + 1, m.column + 1, "$", f"invalid YAML: {what}", expected)
    if isinstance(exc, yaml.reader.ReaderError):
        before = text[: exc.position]
        line = before.count("\n") + 1
        column = exc.position - (before.rfind("\n") + 1) + 1
        char = exc.character if isinstance(exc.character, str) else chr(int(exc.character))
        return Problem(
            file,
            line,
            column,
            "$",
            f"the control character U+{ord(char):04X} is not allowed",
            "printable text",
        )
    return Problem(file, 1, 1, "$", f"invalid YAML: {exc}", "valid YAML")  # pragma: no cover


# libyaml's parser, when PyYAML was built with it: the same nodes and marks, several times
# faster; anything it does not take as it is (a YAML error, too many aliases) is composed
# again by PyYAML's own parser, which words the problem and counts aliases as it meets them
_FAST: Any = getattr(yaml, "CSafeLoader", None)
# where the two parsers are known to part (a tab, '?' or a tag in a flow list, directives,
# anchors and aliases, escapes, a comment against a block scalar's header, anything beyond
# printable ASCII; and, found in the tree, an empty value), PyYAML alone reads the text
_FAST_BYTES = 64 * 1024  # a ruleset is a few kB: nothing larger is nested deep enough to matter
_UNSURE = re.compile(r"[^\n\x20-\x7e]|[?!%&*\\@`]|[|>][-+0-9]*#")


def _fast_compose(text: str) -> tuple[bool, Node | None]:
    """(True, the document's node tree by libyaml; None when empty), or (False, None)
    when libyaml is missing or the text must be composed again (see :data:`_FAST`)."""
    if _FAST is None or len(text) > _FAST_BYTES or _UNSURE.search(text):
        return False, None
    if text.count("[") + text.count("{") > _FAST_BYTES // 64:  # deep nesting is PyYAML's
        return False, None
    try:
        loader = _FAST(text)
        try:
            root: Node | None = loader.get_single_node()
        finally:
            loader.dispose()
    except (yaml.YAMLError, RecursionError, ValueError):
        return False, None
    return (root is None or _plain_tree(root)), root


def _plain_tree(root: Node) -> bool:
    """Whether the tree holds no alias (the text has no ``*``, so any shared node is
    unexpected) and no empty plain value (whose mark the parsers place differently)."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            return False
        seen.add(id(node))
        if isinstance(node, ScalarNode):
            if not node.value and not node.style:
                return False
        elif isinstance(node, SequenceNode):
            stack.extend(node.value)
        elif isinstance(node, MappingNode):
            for key, value in node.value:
                stack.extend((key, value))
    return True


def parse_text(text: str, file: str) -> Any:
    """Parse one YAML document into plain values with marks; raise :class:`YamlError`."""
    try:
        done, root = _fast_compose(text)
        if not done:
            loader = _Loader(text, file)
            try:
                root = loader.get_single_node()
            finally:
                loader.dispose()
    except yaml.YAMLError as exc:
        raise YamlError([_yaml_error_problem(exc, file, text)]) from None
    except RecursionError:
        raise YamlError(
            [Problem(file, 1, 1, "$", "nested too deeply", f"at most {MAX_DEPTH} levels")]
        ) from None
    if root is None:
        return None
    converter = _Converter(file)
    value = converter.convert(root, ())
    if converter.problems:
        raise YamlError(converter.problems)
    return value


def read_file(path: Path, file: str) -> Any:
    """Read and parse a ruleset file; raise :class:`YamlError` with what is wrong.

    ``file`` is how the path is shown in messages.
    """

    def refuse(message: str, expected: str) -> YamlError:
        return YamlError([Problem(file, 0, 0, "$", message, expected)])

    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise refuse("is a directory", "a ruleset file (.yaml)")
        if not stat.S_ISREG(info.st_mode):
            raise refuse("is not a regular file (a pipe or a device)", "a ruleset file (.yaml)")
        # O_NONBLOCK: should the path be swapped for a FIFO after the check, opening it
        # still returns at once, and fstat below refuses it
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                raise refuse("is not a regular file", "a ruleset file (.yaml)")
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise refuse("no such file", "an existing ruleset file or a shipped ruleset name") from None
    except OSError as exc:
        raise refuse(f"cannot be read ({exc.strerror or exc})", "a readable file") from None
    if len(data) > MAX_BYTES:
        raise refuse("is larger than 1 MiB", "a ruleset file of at most 1 MiB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line = before.count(b"\n") + 1
        column = exc.start - (before.rfind(b"\n") + 1) + 1
        raise YamlError(
            [Problem(file, line, column, "$", "is not UTF-8 text", "a YAML text file")]
        ) from None
    return parse_text(text, file)

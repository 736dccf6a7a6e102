"""Loading rulesets: files and names, ``extends``, overrides, validation, the dataclasses.

A ruleset file is read safely (:mod:`stud.rules.yamlsafe`), its ``extends`` chain resolved
by deep merge, dotted-path overrides applied, then the result is checked against the JSON
Schema and the semantic checks; every problem is reported with the file position of the
value at fault (an inherited value points at the ``extends`` line of the file being read).
"""

from __future__ import annotations

import difflib
import stat
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from stud.errors import Problem, RulesetError
from stud.paths import RULESETS
from stud.rules.build import build, to_document
from stud.rules.checks import semantic_findings
from stud.rules.dotted import GRAMMAR, Step, list_index, parse_path
from stud.rules.merge import item_names, merge, own_words, problem_at, rebrand, structure_defaults
from stud.rules.model import Ruleset
from stud.rules.ranks import normalize_ranks
from stud.rules.schema import Finding, ruleset_schema, schema_findings, show
from stud.rules.yamlsafe import LocDict, LocList, Mark, YamlError, json_path, parse_text, read_file
from stud.safetext import excerpt

YAML_SUFFIXES = (".yaml", ".yml")


_LISTING: tuple[int, dict[str, Path]] | None = None  # the folder's mtime, and its listing


def shipped_rulesets() -> dict[str, Path]:
    """The rulesets shipped with ``stud``: name (file stem) -> file, sorted by name.

    The listing is read again whenever the folder changes (its modification time), so a
    run that looks rulesets up by name for every scenario lists the folder once.
    """
    global _LISTING
    try:
        stamp = RULESETS.stat().st_mtime_ns
    except OSError:
        return {}
    if _LISTING is None or _LISTING[0] != stamp:
        found = {p.stem: p for p in sorted(RULESETS.glob("*.yaml")) if p.is_file()}
        _LISTING = (stamp, found)
    return dict(_LISTING[1])


def _display(path: Path) -> str:
    """How a file is named in messages: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _looks_like_path(ref: str) -> bool:
    return ref.endswith(YAML_SUFFIXES) or "/" in ref or "\\" in ref


def find_ruleset(ref: str) -> Path | None:
    """A file path, or the file of a shipped ruleset name; None when neither exists."""
    if _looks_like_path(ref) or Path(ref).is_file():
        return Path(ref)
    return shipped_rulesets().get(ref)


# --- extends -----------------------------------------------------------------------------


def _copy(value: Any) -> Any:
    """A deep copy of parsed YAML, keeping every mark."""
    if isinstance(value, LocDict):
        out = LocDict(value.mark)
        for key, item in value.items():
            out.put(key, _copy(item), value.key_marks[key], value.value_marks[key])
        return out
    if isinstance(value, LocList):
        seq = LocList(value.mark)
        for item, mark in zip(value, value.item_marks, strict=True):
            seq.add(_copy(item), mark)
        return seq
    return value


_PARSED: dict[tuple[str, int, int, str], Any] = {}


def _read(path: Path, display: str) -> Any:
    """``read_file`` with a cache of unchanged regular files (same size and mtime)."""
    try:
        info = path.stat()
    except OSError:
        return read_file(path, display)  # reports what is wrong
    if not stat.S_ISREG(info.st_mode):
        return read_file(path, display)
    key = (str(path.resolve()), info.st_mtime_ns, info.st_size, display)
    if key not in _PARSED:
        if len(_PARSED) >= 256:
            _PARSED.clear()
        _PARSED[key] = read_file(path, display)
    return _copy(_PARSED[key])


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder)
    except (OSError, RuntimeError):  # pragma: no cover - a symlink loop
        return False


def _confined(parent: Path, root: Path | None) -> bool:
    """Whether ``extends`` may read ``parent`` (Y1): inside the house file's folder tree or
    the shipped rulesets, symlinks followed; ``root`` None allows any file."""
    if root is None:
        return True
    return _inside(parent, root) or _inside(parent, RULESETS.resolve())


def _resolve(
    path: Path, display: str, chain: tuple[Path, ...], root: Path | None = None
) -> LocDict:
    """Read ``path`` and resolve its ``extends`` chain; raise :class:`RulesetError`.

    A parent outside ``root`` (the top file's folder) and the shipped rulesets is refused
    before it is read, unless ``root`` is None.
    """
    try:
        data = _read(path, display)
    except YamlError as exc:
        raise RulesetError(exc.problems) from None
    if data is None:
        raise RulesetError(
            [Problem(display, 1, 1, "$", "the file is empty", "a mapping of ruleset keys")]
        )
    if not isinstance(data, LocDict):
        kind = "a list" if isinstance(data, list) else f"the value {show(data)}"
        raise RulesetError(
            [
                Problem(
                    display,
                    1,
                    1,
                    "$",
                    f"the top level is {kind}",
                    "a mapping of ruleset keys (title, stakes, streets, ...)",
                )
            ]
        )
    if "extends" not in data:
        _extends_typo(data)
        return data
    ref = data["extends"]
    mark = data.value_marks["extends"]

    def fail(message: str, expected: str) -> RulesetError:
        return RulesetError(
            [Problem(display, mark.line, mark.column, "$.extends", message, expected)]
        )

    if not isinstance(ref, str) or not ref.strip():
        raise fail(f"{show(ref)} is not a ruleset reference", "a shipped name or a relative path")
    parent = _parent_path(ref, path.parent)
    if parent is None:
        names = list(shipped_rulesets())
        close = difflib.get_close_matches(ref, names, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise fail(
            f"no ruleset '{excerpt(ref)}'{hint}",
            "a shipped ruleset name (see `stud rulesets`) or a path relative to this file",
        )
    if not _confined(parent, root):
        raise fail(
            f"'{excerpt(ref)}' is outside the folder of this ruleset and the shipped "
            "rulesets; it was not read",
            "a file in this folder or below, a shipped ruleset name, or the option "
            "--allow-extends-outside",
        )
    key = parent.resolve()
    if key in chain or key == path.resolve():
        cycle = " -> ".join(p.name for p in (*chain, path.resolve(), key))
        raise fail(f"extends cycle: {cycle}", "a chain of parents that ends")
    try:
        base = _resolve(parent, _display(parent), (*chain, path.resolve()), root)
    except RulesetError as exc:
        note = Problem(
            display,
            mark.line,
            mark.column,
            "$.extends",
            f"the parent '{excerpt(ref)}' has problems",
            "a valid parent (its problems are listed with it)",
        )
        raise RulesetError([note, *exc.problems]) from None
    base = rebrand(base, mark)
    base.drop("name")
    own = LocDict(data.mark)
    for k, v in data.items():
        if k != "extends":
            own.put(k, v, data.key_marks[k], data.value_marks[k])
    merged = merge(base, own, ())
    if not isinstance(merged, LocDict):  # pragma: no cover - both are mappings
        raise TypeError("merge of two mappings gave a non-mapping")
    structure_defaults(merged, own, base)
    own_words(merged, own, base, path.stem, mark)
    return merged


def resolved_doc(path: Path, display: str, allow_outside: bool = False) -> LocDict:
    """A ruleset file with its ``extends`` chain merged in, every value with its position
    (an inherited one at the ``extends`` line); raise :class:`RulesetError`."""
    return _resolve(path, display, (), None if allow_outside else path.parent.resolve())


def read_own(path: Path, display: str) -> Any:
    """A ruleset file as written, without its parent (positions kept)."""
    try:
        return _read(path, display)
    except YamlError as exc:
        raise RulesetError(exc.problems) from None


def parent_of(path: Path) -> tuple[str, Path | None]:
    """The ``extends:`` value of a ruleset file as written and the file it names.

    ``("", None)`` when the file has no ``extends`` (or cannot be read: loading it says why).
    """
    try:
        data = _read(path, str(path))
    except YamlError:
        return "", None
    ref = data.get("extends") if isinstance(data, LocDict) else None
    if not isinstance(ref, str) or not ref.strip():
        return "", None
    return ref, _parent_path(ref, path.parent)


def _extends_typo(data: LocDict) -> None:
    """One error for a misspelt ``extends`` (else every required key would be missing)."""
    known = ruleset_schema()["properties"]
    for key in data:
        if key not in known and difflib.get_close_matches(key.lower(), ["extends"], cutoff=0.7):
            raise problem_at(
                data.key_marks[key],
                json_path((key,)),
                f"unknown key '{excerpt(key)}' (did you mean 'extends'?)",
                "extends: a shipped ruleset name or a file to start from",
            )


def _parent_path(ref: str, folder: Path) -> Path | None:
    if _looks_like_path(ref):
        candidate = Path(ref)
        candidate = candidate if candidate.is_absolute() else folder / candidate
        return candidate if candidate.is_file() else None
    shipped = shipped_rulesets().get(ref)
    if shipped is not None:
        return shipped
    local = folder / f"{ref}.yaml"
    return local if local.is_file() else None


# --- overrides ---------------------------------------------------------------------------


def _override_value(value: Any, mark: Mark) -> Any:
    if isinstance(value, float):
        raise RulesetError(
            [Problem(mark.file, 0, 0, "$", f"{value!r} is a float", 'a string such as "0.05"')]
        )
    if isinstance(value, str):
        try:
            parsed = parse_text(value, mark.file)
        except YamlError:
            return value
        if isinstance(parsed, LocDict) and not value.lstrip().startswith("{"):
            return value  # "Stud: home" is a title, not a mapping
        return value if parsed is None and value.strip() not in ("null", "~") else parsed
    if isinstance(value, Mapping):
        out = LocDict(mark)
        for k, v in value.items():
            out.put(str(k), _override_value(v, mark), mark, mark)
        return out
    if isinstance(value, list | tuple):
        seq = LocList(mark)
        for v in value:
            seq.add(_override_value(v, mark), mark)
        return seq
    return value


def apply_overrides(doc: LocDict, overrides: Mapping[str, Any], display: str) -> None:
    """Set paths (``betting.max_raises``, ``streets.fourth.bet``, ``streets[1].bet``) in
    ``doc``; the grammar is :mod:`stud.rules.dotted`'s."""
    problems: list[Problem] = []
    for dotted, raw in overrides.items():
        mark = Mark(f"{display} (--set {excerpt(str(dotted))})", 0, 0)
        try:
            parts = parse_path(str(dotted))
        except ValueError as exc:
            message = f"'{excerpt(str(dotted))}' is no path: {exc}"
            problems.append(Problem(mark.file, 0, 0, "$", message, GRAMMAR))
            continue
        try:
            value = rebrand(_override_value(raw, mark), mark)
        except RulesetError as exc:
            problems.extend(exc.problems)
            continue
        problem = _set_path(doc, parts, value, mark)
        if problem is not None:
            problems.append(problem)
    if problems:
        raise RulesetError(problems)


def _set_path(doc: LocDict, parts: tuple[Step, ...], value: Any, mark: Mark) -> Problem | None:
    """Put ``value`` at ``parts`` (mapping keys created on the way); a problem if it can't."""
    node: Any = doc
    walked: tuple[str | int, ...] = ()
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        if isinstance(node, LocDict) and isinstance(part, str):
            if last:
                node.put(part, value, mark, mark)
            elif part not in node or not isinstance(node[part], LocDict | LocList):
                node.put(part, LocDict(mark), mark, mark)
            node, walked = node[part], (*walked, part)
        elif isinstance(node, LocList):
            index = list_index(node, part)
            if index is None:
                choices = [n for n in item_names(node) if isinstance(n, str)]
                close = difflib.get_close_matches(str(part), choices, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                return Problem(
                    mark.file,
                    0,
                    0,
                    json_path(walked),
                    f"no item '{excerpt(str(part))}'{hint}",
                    f"one of {', '.join(choices)}, or an index from 0 to {len(node) - 1}"
                    if choices
                    else "an index",
                )
            if last:
                node[index] = value
                node.item_marks[index] = mark
            node, walked = node[index], (*walked, index)
        else:
            what = "a mapping" if isinstance(node, LocDict) else "not a mapping or a list"
            return Problem(
                mark.file,
                0,
                0,
                json_path(walked),
                f"is {what}" + (f", so [{part}] names nothing" if isinstance(part, int) else ""),
                f"a path into the ruleset, not through {json_path(walked)}"
                if not isinstance(node, LocDict)
                else "a key after '.', not a list index",
            )
    return None


# --- checking and building ---------------------------------------------------------------


def _mark_of(doc: LocDict, finding: Finding) -> Mark:
    node: Any = doc
    mark = doc.mark
    for i, part in enumerate(finding.path):
        last = i == len(finding.path) - 1
        if isinstance(node, LocDict) and isinstance(part, str) and part in node:
            mark = node.key_marks[part] if finding.at_key and last else node.value_marks[part]
            node = node[part]
        elif isinstance(node, LocList) and isinstance(part, int) and 0 <= part < len(node):
            mark = node.item_marks[part]
            node = node[part]
        else:
            break
    return mark


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, Decimal):
        return format(value, "f")
    return value


def _misindented(doc: LocDict) -> list[Problem]:
    """``stakes:`` left empty and its keys written at the top level: one error per key."""
    properties = ruleset_schema()["properties"]
    out = []
    for key, value in doc.items():
        if value is not None or properties.get(key, {}).get("type") != "object":
            continue
        own = properties[key].get("properties", {})
        stray = [k for k in doc if k not in properties and k in own]
        for k in stray:
            m, parent = doc.key_marks[k], doc.key_marks[key]
            out.append(
                Problem(
                    m.file,
                    m.line,
                    m.column,
                    json_path((k,)),
                    f"'{k}' belongs under '{key}' (line {parent.line}), which is left empty",
                    f"'{k}' indented below '{key}:' by two spaces",
                )
            )
    return out


def _check(doc: LocDict, stem: str | None) -> list[Problem]:
    misplaced = _misindented(doc)
    if misplaced:
        return misplaced
    findings = schema_findings(doc) + semantic_findings(doc, stem)
    problems: list[Problem] = []
    for f in findings:
        m = _mark_of(doc, f)
        problem = Problem(m.file, m.line, m.column, json_path(f.path), f.message, f.expected)
        if problem not in problems:
            problems.append(problem)
    problems.sort(key=lambda p: (p.line == 0, p.line, p.column, p.path))
    return problems


def _finish(doc: LocDict, name: str, source: str, stem: str | None) -> Ruleset:
    problems = _check(doc, stem)
    if problems:
        raise RulesetError(problems)
    plain = _plain(doc)
    plain.pop("name", None)
    plain.pop("extends", None)
    normalize_ranks(plain)
    ruleset = build(Ruleset, plain, name=name, source=source)
    document = to_document(ruleset)
    return build(Ruleset, document, name=name, source=source, document=document)


def _load_path(
    path: Path, display: str, overrides: Mapping[str, Any] | None, allow_outside: bool
) -> Ruleset:
    root = None if allow_outside else path.parent.resolve()
    doc = _resolve(path, display, (), root)
    if overrides:
        apply_overrides(doc, overrides, display)
    return _finish(doc, path.stem, str(path), path.stem)


def load_ruleset(
    name_or_path: str | Path,
    overrides: Mapping[str, Any] | None = None,
    *,
    allow_extends_outside: bool = False,
) -> Ruleset:
    """Load a shipped ruleset by name (``razz``) or a ruleset file; raise :class:`RulesetError`.

    ``extends:`` may name shipped rulesets and files in the file's own folder tree (symlinks
    followed); anything else is refused unread unless ``allow_extends_outside``.

    ``overrides`` maps dotted paths to values applied after ``extends``, e.g.
    ``{"betting.max_raises": 4, "streets.fourth.big_bet_when": "never", "stakes.ante": "1"}``;
    string values are read as YAML scalars (``"4"`` is the integer 4, ``"null"`` is null).
    """
    ref = str(name_or_path)
    path = find_ruleset(ref)
    if path is None:
        names = list(shipped_rulesets())
        close = difflib.get_close_matches(ref, names, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise RulesetError(
            [
                Problem(
                    ref,
                    0,
                    0,
                    "$",
                    f"no shipped ruleset or file named '{excerpt(ref)}'{hint}",
                    "a ruleset file or one of: " + ", ".join(names),
                )
            ]
        )
    given = isinstance(name_or_path, str) and (_looks_like_path(ref) or Path(ref).is_file())
    display = ref if given else ref if ref in shipped_rulesets() else _display(path)
    return _load_path(path, display, overrides, allow_extends_outside)


def validate_file(
    name_or_path: str | Path, *, allow_extends_outside: bool = False
) -> list[Problem]:
    """Every problem of a ruleset file (or shipped name); an empty list when it is valid."""
    try:
        load_ruleset(name_or_path, allow_extends_outside=allow_extends_outside)
    except RulesetError as exc:
        return exc.problems
    return []


def _wrap(value: Any, mark: Mark, path: tuple[str | int, ...], bad: list[Problem]) -> Any:
    if isinstance(value, Mapping):
        out = LocDict(mark)
        for k, v in value.items():
            out.put(str(k), _wrap(v, mark, (*path, str(k)), bad), mark, mark)
        return out
    if isinstance(value, list | tuple):
        seq = LocList(mark)
        for i, v in enumerate(value):
            seq.add(_wrap(v, mark, (*path, i), bad), mark)
        return seq
    if isinstance(value, float):
        bad.append(
            Problem(
                mark.file,
                0,
                0,
                json_path(path),
                f"{value!r} is a float",
                'an exact amount as a string such as "0.05"',
            )
        )
        return None
    return value


def ruleset_from_document(doc: Mapping[str, Any], source: str = "<memory>") -> Ruleset:
    """A :class:`Ruleset` from a resolved JSON-able mapping (such as ``Ruleset.document``)."""
    if not isinstance(doc, Mapping):
        raise RulesetError([Problem(source, 0, 0, "$", "is not a mapping", "a ruleset document")])
    bad: list[Problem] = []
    wrapped = _wrap(doc, Mark(source, 0, 0), (), bad)
    if "extends" in wrapped:
        bad.append(
            Problem(
                source,
                0,
                0,
                "$.extends",
                "a document must be resolved",
                "no extends (load the file with load_ruleset)",
            )
        )
    if bad:
        raise RulesetError(bad)
    name = doc.get("name")
    return _finish(wrapped, name if isinstance(name, str) else "document", source, None)

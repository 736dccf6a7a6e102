"""Where a ``new_hand`` ruleset comes from when ``stud serve`` faces an untrusted client.

A ruleset *object* is the resolved document itself (an ``extends`` in it is refused).  A
ruleset *string* names a shipped ruleset, and nothing else, unless the operator started the
server with ``--allow-files DIR``: then it may also name a regular file inside DIR (after
resolving ``..`` and symbolic links).  Refusals never quote a file's content, only where in
the file the problem is and what was expected there.

>>> source = RulesetSource()
>>> source.load("razz").name
'razz'
>>> source.load("../../etc/passwd")
Traceback (most recent call last):
...
stud.protocol.rulesource.SourceError: no shipped ruleset named '../../etc/passwd'; this \
server reads no files (its operator may allow a folder with --allow-files DIR)
"""

from __future__ import annotations

import difflib
import json
import os
import stat
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from stud.errors import RulesetError, StudError
from stud.protocol.limits import document_problem
from stud.rules import load_ruleset, ruleset_from_document, shipped_rulesets
from stud.rules.model import Ruleset
from stud.rules.yamlsafe import YamlError, read_file

MAX_RULESET_FILE = 1024 * 1024  # bytes
MAX_EXTENDS = 16  # files in one extends chain


class SourceError(StudError):
    """A ruleset the server will not load; the message quotes no file content."""


class RulesetSource:
    """Loads ``new_hand`` rulesets: shipped names, inline documents, allowed files."""

    def __init__(self, allow_files: str | Path | None = None):
        self.root: Path | None = None
        if allow_files is not None:
            root = Path(allow_files).resolve()
            if not root.is_dir():
                raise SourceError(f"--allow-files: {allow_files} is not a folder")
            self.root = root

    def load(self, spec: str | Mapping[str, Any]) -> Ruleset:
        """The ruleset ``spec`` names or holds; raise :class:`SourceError`/``RulesetError``."""
        if not isinstance(spec, str):  # a client sends the same document hand after hand
            return _document_ruleset(json.dumps(spec, sort_keys=True, ensure_ascii=False))
        shipped = shipped_rulesets()
        if spec in shipped:
            return load_ruleset(shipped[spec])
        if self.root is None:
            close = difflib.get_close_matches(spec, list(shipped), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise SourceError(
                f"no shipped ruleset named {_short(spec)}{hint}; this server reads no files "
                "(its operator may allow a folder with --allow-files DIR)"
            )
        return self._load_file(spec, self.root)

    def _load_file(self, spec: str, root: Path) -> Ruleset:
        name = _short(spec)
        target = _confined(root / spec, root, name)
        _check_parents(target, root, name)
        try:
            ruleset = load_ruleset(target)
        except RulesetError as exc:
            raise SourceError(_located(name, exc)) from None
        except (OSError, ArithmeticError):
            raise SourceError(f"cannot read ruleset file {name} as a ruleset") from None
        problem = document_problem(ruleset.document, f"ruleset file {name}")
        if problem:
            raise SourceError(problem)
        return ruleset


@lru_cache(maxsize=32)
def _document_ruleset(document: str) -> Ruleset:
    """The ruleset of a JSON document (rulesets are immutable, so one serves every hand)."""
    return ruleset_from_document(json.loads(document), source="<new_hand>")


def _confined(path: Path, root: Path, name: str) -> Path:
    """``path`` resolved, if it is a regular file of bounded size inside ``root``."""
    try:
        target = Path(os.path.realpath(path))
    except (OSError, ValueError):
        raise SourceError(f"{name} is not a file name") from None
    if not target.is_relative_to(root):
        raise SourceError(f"{name} is outside the folder this server may read")
    try:
        info = os.stat(target)
    except (OSError, ValueError):
        raise SourceError(f"no readable ruleset file {name} in the allowed folder") from None
    if not stat.S_ISREG(info.st_mode):
        raise SourceError(f"{name} is not a regular file")
    if info.st_size > MAX_RULESET_FILE:
        raise SourceError(f"{name} is larger than {MAX_RULESET_FILE} bytes")
    return target


def _check_parents(target: Path, root: Path, name: str) -> None:
    """Follow the file's ``extends`` chain as the loader will, before the loader reads it:
    every parent file must be a regular file inside ``root`` too (a shipped name ends it)."""
    shipped = shipped_rulesets()
    for _ in range(MAX_EXTENDS):
        try:
            data = read_file(target, name)
        except (YamlError, OSError, ValueError):
            return  # the loader reports it, by line and column only
        ref = data.get("extends") if isinstance(data, Mapping) else None
        if not isinstance(ref, str) or not ref.strip():
            return
        if ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref:
            parent = target.parent / ref
        elif ref in shipped:
            return
        else:
            parent = target.parent / f"{ref}.yaml"
            if not parent.exists():
                return  # the loader says there is no such ruleset
        target = _confined(parent, root, f"{name} (through extends)")
    raise SourceError(f"{name}: more than {MAX_EXTENDS} files in its extends chain")


def _short(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message, shortened.

    >>> _short("x" * 100, limit=5)
    "'xxxxx...'"
    """
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _located(name: str, exc: RulesetError) -> str:
    """Where the file is wrong and what was expected, without a word of its content."""
    places = []
    for problem in exc.problems[:5]:
        where = f"line {problem.line} column {problem.column}" if problem.line else "the file"
        expected = f": expected {problem.expected[:120]}" if problem.expected else ""
        places.append(f"{where}{expected}")
    return f"ruleset file {name} is not a valid ruleset ({'; '.join(places)})"

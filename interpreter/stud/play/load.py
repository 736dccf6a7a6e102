"""Reading one recorded hand from a file: our JSON history or a PHH file.

Kept apart from :mod:`stud.play.replay` (the checker) so that the PHH reader, which
builds on the checker's :class:`~stud.play.replay.Recording`, is not imported by it.
A hand is read whole or not at all: a file over the bound of :mod:`stud.infiles`
(64 MiB), not UTF-8, nested too deeply or holding a lone surrogate is a
:class:`~stud.errors.StudError` saying so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from stud.errors import StudError
from stud.infiles import read_bounded
from stud.phh import recording_from_phh
from stud.play.replay import Recording, from_history
from stud.safetext import excerpt


def read_hand_text(path: Path) -> str:
    """The text of one hand's file (or a ``.phhs`` collection), read whole with the bound."""
    try:
        return read_bounded(path).whole().decode("utf-8")
    except UnicodeDecodeError:
        raise StudError(f"{path} is not a text file; expected a JSON history or a .phh") from None


def json_document(text: str, source: str) -> Any:
    """Parsed JSON, or a :class:`StudError` naming what is wrong with it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise StudError(f"{source}:{exc.lineno}:{exc.colno}: not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise StudError(f"{source}: not read: JSON nested too deeply") from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise StudError(f"{source}: not valid JSON: {excerpt(str(exc), 120)}") from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise StudError(f"{source}: holds a lone surrogate (\\ud800..\\udfff): not text") from None
    return data


def load_recording(path: Path, ruleset: str | None = None) -> Recording:
    """Read a JSON history or a ``.phh`` file; ``ruleset`` (a name or file) replaces the
    recorded one (for PHH: the variant's, the file's stakes still apply)."""
    if not path.exists():
        raise StudError(f"no such file: {path}; give a hand history (.json) or a PHH file (.phh)")
    if path.is_dir():
        raise StudError(f"{path} is a directory; give one hand history file")
    if path.suffix.lower() in (".yaml", ".yml"):
        raise StudError(
            f"{path} looks like a ruleset; replay reads a hand: a JSON history "
            "(`stud play --save DIR`) or a PHH file (.phh); pass the ruleset with --ruleset"
        )
    text = read_hand_text(path)
    if path.suffix.lower() == ".phh" or not text.lstrip().startswith("{"):
        return recording_from_phh(text, str(path), ruleset)
    data = json_document(text, str(path))
    if not isinstance(data, dict):
        raise StudError(f"{path}: expected a JSON object (a hand history)")
    if ruleset is None:
        return from_history(data, str(path))
    from stud.rules import load_ruleset

    return from_history(data, str(path), load_ruleset(ruleset))

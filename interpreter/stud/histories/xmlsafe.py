"""Reading the rooms that write XML (Merge, iPoker) without trusting the file.

A hand is one ``<game …>…</game>`` element; it is parsed on its own by the standard
library's parser after refusing any document type declaration or entity (so no entity is
expanded and nothing outside the file is fetched) and anything over :data:`MAX_GAME`
characters.  :func:`games` finds the hands and the line each starts on;
:func:`element_lines` gives the line of each element, in document order.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator

from stud.histories.builder import READ_ERRORS
from stud.histories.model import HistoryError

MAX_GAME = 1024 * 1024  # characters in one hand
_GAME = re.compile(r"<game\b.*?</game\s*>", re.DOTALL)
_UNSAFE = re.compile(r"<!DOCTYPE|<!ENTITY", re.IGNORECASE)
_TAG = re.compile(r"<([A-Za-z_][\w.-]*)\b")


def games(text: str) -> Iterator[tuple[int, int, str]]:
    """(start offset, line number, text) of each ``<game>`` element in the file."""
    for m in _GAME.finditer(text):
        yield m.start(), text.count("\n", 0, m.start()) + 1, m.group(0)


def parse(chunk: str, source: str, line: int, room: str) -> ET.Element:
    """One ``<game>`` element, refused when it declares a DTD or entities or is too big."""
    if _UNSAFE.search(chunk):
        raise HistoryError(source, line, "<!DOCTYPE", "XML without a DTD or entities", room)
    if len(chunk) > MAX_GAME:
        raise HistoryError(
            source, line, chunk[:60], f"a hand of at most {MAX_GAME} characters", room
        )
    try:
        return ET.fromstring(chunk)
    except ET.ParseError as exc:
        row = line + max(exc.position[0] - 1, 0)
        raise HistoryError(
            source, row, chunk.splitlines()[0][:80], f"well-formed XML ({exc})", room
        ) from None


def element_lines(chunk: str, first_line: int) -> list[int]:
    """The line of each element of ``chunk`` in document order (the order of ``iter()``)."""
    return [first_line + chunk.count("\n", 0, m.start()) for m in _TAG.finditer(chunk)]


def unsafe(text: str) -> bool:
    """Whether a file declares a DTD or entities (refused before any parsing)."""
    return _UNSAFE.search(text) is not None


def first_unsafe(text: str) -> int:
    """The line of the first DTD or entity declaration."""
    m = _UNSAFE.search(text)
    return text.count("\n", 0, m.start()) + 1 if m else 1


def read_games(
    text: str, source: str, room: str, parse: Callable[[int, int, str], object]
) -> list[object]:
    """``parse(offset, line, game text)`` for every ``<game>`` of the file, each hand on
    its own: one that cannot be read is its HistoryError, the others are still read."""
    if unsafe(text):  # refused before any parsing: nothing is expanded or fetched
        declared = "<!DOCTYPE or <!ENTITY"
        return [
            HistoryError(
                source, first_unsafe(text), declared, "XML without a DTD or entities", room
            )
        ]
    out: list[object] = []
    for start, line, chunk in games(text):
        try:
            out.append(parse(start, line, chunk))
        except HistoryError as exc:
            out.append(exc)
        except READ_ERRORS as exc:  # an odd value the reader cannot use: this hand only
            row = chunk.split("\n", 1)[0][:80]
            out.append(
                HistoryError(source, line, row, f"a hand this reader can read ({exc})", room)
            )
    if not out:
        out.append(HistoryError(source, 1, text.strip()[:60], "<game> elements", room))
    return out

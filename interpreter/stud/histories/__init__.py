"""Hand histories as card rooms write them: one reader per room format, one shared model.

:func:`read_text` picks the reader from the file's first lines and returns every hand in
it: a :class:`~stud.histories.model.RoomHand`, an :class:`~stud.histories.model.OtherGame`
(a hand of hold'em, Omaha, draw... read past), or the
:class:`~stud.histories.model.HistoryError` that names the line it could not read.
:data:`READERS` lists the formats, each with its room and kind (text or XML).
:func:`read_path` reads a file with the bound of :mod:`stud.infiles` (64 MiB); past it,
the hand the bound may have cut is dropped and a
:class:`~stud.histories.model.TruncatedError` says from which line nothing was read.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from stud.histories import (
    absolute,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    pokerstars,
    winamax,
    winning,
)
from stud.histories.model import HistoryError, OtherGame, RoomHand, TruncatedError
from stud.histories.text import decode, file_start
from stud.infiles import Bounded, read_bounded


class Format(NamedTuple):
    room: str
    kind: str  # "text" or "XML"
    reader: ModuleType


READERS: tuple[Format, ...] = (
    Format("PokerStars", "text", pokerstars),
    Format("Full Tilt Poker", "text", fulltilt),
    Format("Winamax", "text", winamax),
    Format("Merge", "XML", merge),
    Format("KingsClub", "text", kingsclub),
    Format("Bovada", "text", bovada),
    Format("Absolute", "text", absolute),
    Format("Winning", "text", winning),
    Format("OnGame", "text", ongame),
    Format("PartyPoker", "text", partypoker),
    Format("iPoker", "XML", ipoker),
    Format("Everleaf", "text", everleaf),
)
Item = RoomHand | OtherGame | HistoryError


def format_of(text: str) -> Format | None:
    """The room format the text is written in, or None."""
    for fmt in READERS:
        if fmt.reader.sniff(text):
            return fmt
    return None


def room_of(text: str) -> str | None:
    """The room whose format the text is in, or None."""
    fmt = format_of(text)
    return fmt.room if fmt else None


def read_text(text: str, source: str) -> list[Item]:
    fmt = format_of(text)
    if fmt is None:
        first = file_start(text).splitlines()[:1] or [""]
        rooms = ", ".join(dict.fromkeys(f.room for f in READERS))
        raise HistoryError(source, 1, first[0][:80], f"a hand history of {rooms}")
    items: list[Item] = fmt.reader.read(text, source)
    return items


def room_hands(read: Bounded, text: str) -> list[Item]:
    """The hands of ``text`` (``read.data`` decoded); when the file was cut at the bound,
    the last hand (perhaps cut) makes way for a :class:`TruncatedError`."""
    hands = read_text(text, read.source)
    if not read.truncated:
        return hands
    line = hands.pop().line if hands else text.count("\n") + 1
    return [*hands, TruncatedError(read.source, line, read.note())]


def read_path(path: Path) -> list[Item]:
    read = read_bounded(path)
    return room_hands(read, decode(read.data))


__all__ = [
    "READERS",
    "Format",
    "HistoryError",
    "Item",
    "OtherGame",
    "RoomHand",
    "TruncatedError",
    "format_of",
    "read_path",
    "read_text",
    "room_hands",
    "room_of",
]

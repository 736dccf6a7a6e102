"""Hand histories as card rooms write them: one reader per room, one shared model.

:func:`read_text` picks the reader from the file's first line and returns every hand in
it (a :class:`~stud.histories.model.RoomHand`, or the
:class:`~stud.histories.model.HistoryError` that names the line it could not read).
:func:`read_path` reads a file with the bound of :mod:`stud.infiles` (64 MiB); past it,
the hand the bound may have cut is dropped and a
:class:`~stud.histories.model.TruncatedError` says from which line nothing was read.
"""

from __future__ import annotations

from pathlib import Path

from stud.histories import fulltilt, pokerstars
from stud.histories.model import HistoryError, RoomHand, TruncatedError
from stud.histories.text import decode
from stud.infiles import Bounded, read_bounded

READERS = {"PokerStars": pokerstars, "Full Tilt Poker": fulltilt}


def room_of(text: str) -> str | None:
    """The room whose format the text is in, or None."""
    for room, reader in READERS.items():
        if reader.sniff(text):
            return room
    return None


def read_text(text: str, source: str) -> list[RoomHand | HistoryError]:
    room = room_of(text)
    if room is None:
        first = text.lstrip("\ufeff \r\n").splitlines()[:1] or [""]
        raise HistoryError(source, 1, first[0][:80], "a PokerStars or Full Tilt Poker hand history")
    return READERS[room].read(text, source)


def room_hands(read: Bounded, text: str) -> list[RoomHand | HistoryError]:
    """The hands of ``text`` (``read.data`` decoded); when the file was cut at the bound,
    the last hand (perhaps cut) makes way for a :class:`TruncatedError`."""
    hands = read_text(text, read.source)
    if not read.truncated:
        return hands
    line = hands.pop().line if hands else text.count("\n") + 1
    return [*hands, TruncatedError(read.source, line, read.note())]


def read_path(path: Path) -> list[RoomHand | HistoryError]:
    read = read_bounded(path)
    return room_hands(read, decode(read.data))


__all__ = [
    "HistoryError",
    "RoomHand",
    "TruncatedError",
    "read_path",
    "read_text",
    "room_hands",
    "room_of",
]

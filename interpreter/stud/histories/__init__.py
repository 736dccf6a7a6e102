"""Hand histories as card rooms write them: one reader per room, one shared model.

:func:`read_text` picks the reader from the file's first line and returns every hand in
it (a :class:`~stud.histories.model.RoomHand`, or the
:class:`~stud.histories.model.HistoryError` that names the line it could not read).
"""

from __future__ import annotations

from pathlib import Path

from stud.histories import fulltilt, pokerstars
from stud.histories.model import HistoryError, RoomHand
from stud.histories.text import decode

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


def read_path(path: Path) -> list[RoomHand | HistoryError]:
    return read_text(decode(path.read_bytes()), str(path))


__all__ = ["HistoryError", "RoomHand", "read_path", "read_text", "room_of"]

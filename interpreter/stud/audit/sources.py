"""Finding the hands to audit: files, folders (searched recursively) and globs, any format.

Room hand histories (every format of :data:`stud.histories.READERS`), PHH (``.phh``) and
PHH collections (``.phhs``) are read; each file is named with its room and format.  A
file in a folder that is none of these is skipped (and named), while a file named on the
command line that cannot be read is reported as unreadable.  Hands of other games in a
room's file (hold'em, Omaha, draw) are skipped and counted apart; a stud-family game with
no ruleset is reported as not supported, by name.
"""

from __future__ import annotations

import glob
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from stud.audit.awards import room_result
from stud.audit.houses import Houses
from stud.audit.judge import Case, Verdict
from stud.errors import StudError
from stud.histories import format_of, read_text
from stud.histories.model import CutShort, HistoryError, RoomHand
from stud.histories.recording import stakes, to_recording
from stud.histories.text import read_history
from stud.play.replay import Recording

PHH_GAMES = {"F7S": "seven-card-stud", "F7S/8": "stud-hi-lo", "FR": "razz"}


def expand(paths: list[str]) -> tuple[list[tuple[Path, bool]], list[str]]:
    """(file, named on the command line) pairs in a stable order, and paths not found."""
    files: list[tuple[Path, bool]] = []
    missing: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            files += [(p, False) for p in sorted(path.rglob("*")) if p.is_file()]
        elif path.is_file():
            files.append((path, True))
        else:
            found = sorted(glob.glob(raw, recursive=True))
            if not found:
                missing.append(raw)
            files += [(Path(p), False) for p in found if Path(p).is_file()]
    seen: set[Path] = set()
    unique = []
    for path, named in files:
        if path not in seen:
            seen.add(path)
            unique.append((path, named))
    return unique, missing


class Skipped(Exception):
    """A file in a folder that holds no hand history."""


@dataclass
class FileRead:
    """One file: its room and format ("" when none) and its hands."""

    path: Path
    room: str
    format: str
    items: list[Case | Verdict] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.room} {self.format}".strip() or "no known format"


def _room_case(hand: RoomHand, houses: Houses, fmt: str) -> Case | Verdict:
    where = f"{hand.source}:{hand.line}"
    if not houses.available(hand.game):
        return Verdict(
            where,
            hand.hand_id,
            hand.game or hand.game_text,
            "unsupported",
            error=houses.unsupported(hand.game, hand.game_text),
            room=hand.room,
            format=fmt,
        )

    def build(extra: Mapping[str, Any]) -> Recording:
        return to_recording(hand, houses.ruleset(hand.game, stakes(hand), extra))

    return Case(
        where,
        hand.hand_id,
        hand.game,
        build,
        partial(room_result, hand),
        finished=hand.finished,
        room=hand.room,
        format=fmt,
    )


def _phh_case(
    data: Mapping[str, Any], text: str, source: str, label: str, houses: Houses, fmt: str
) -> Case:
    from stud.phh import recording_from_data

    game = PHH_GAMES.get(str(data.get("variant")), str(data.get("variant")))

    def build(extra: Mapping[str, Any]) -> Recording:
        if game not in PHH_GAMES.values():
            return recording_from_data(data, text, source)  # raises: not a stud variant
        base, _ = houses.base_of(game)
        return recording_from_data(data, text, source, base, houses.values(game, {}, extra))

    return Case(source, label, game, build, room="PHH", format=fmt)


def _phh(path: Path, text: str, houses: Houses) -> FileRead:
    from stud.phh import _toml, hands_of_phhs

    read = FileRead(path, "PHH", path.suffix.lower().lstrip("."))
    try:
        table = _toml(text, str(path))
        if path.suffix.lower() == ".phhs" or not ("variant" in table or "actions" in table):
            for key, hand in hands_of_phhs(text, str(path)):
                label = str(hand.get("hand", key))
                where = f"{path}[{key}]"
                read.items.append(_phh_case(hand, text, where, label, houses, read.format))
        else:
            label = str(table.get("hand", 1))
            read.items.append(_phh_case(table, text, str(path), label, houses, read.format))
    except StudError as exc:
        read.items.append(
            Verdict(
                str(path), "-", "?", "unreadable", error=str(exc), room="PHH", format=read.format
            )
        )
    return read


def read_file(path: Path, named: bool, houses: Houses) -> FileRead:
    """The hands of one file (a Verdict where a hand cannot be read or is not checked);
    raises :class:`Skipped` for a file in a folder that is no hand history."""
    text = read_history(path)
    if path.suffix.lower() in (".phh", ".phhs"):
        return _phh(path, text, houses)
    fmt = format_of(text)
    if fmt is None:
        if not named:
            raise Skipped(str(path))
        read = FileRead(path, "", "")
        read.items.append(
            Verdict(
                str(path),
                "-",
                "?",
                "unreadable",
                error=f"{path}: not a hand history of a room audit reads, nor PHH",
            )
        )
        return read
    read = FileRead(path, fmt.room, fmt.kind)
    for item in read_text(text, str(path)):
        if isinstance(item, RoomHand):
            read.items.append(_room_case(item, houses, fmt.kind))
            continue
        if isinstance(item, CutShort):
            hand, game, verdict = item.hand_id, item.game, "incomplete"
            error = f"the history stops in the middle of a hand: {item}"
        elif isinstance(item, HistoryError):
            hand, game, verdict, error = "-", "?", "unreadable", str(item)
        else:  # a hand of another game
            hand, game, verdict = item.hand_id, item.game_text, "skipped"
            error = f"not a stud game: {item.game_text}"
        where = f"{item.source}:{item.line}"
        read.items.append(
            Verdict(where, hand, game, verdict, error=error, room=fmt.room, format=fmt.kind)
        )
    return read

"""Finding the hands to audit: files, folders (searched recursively) and globs, any format.

Room text (PokerStars, Full Tilt Poker), PHH (``.phh``) and PHH collections (``.phhs``)
are read; a file in a folder that is none of these is skipped (and counted), while a file
named on the command line that cannot be read is reported as unreadable.  Files are read
with the bound of :mod:`stud.infiles` (64 MiB): the hands past it are an unreadable
verdict ("truncated at 64 MiB ... not read"), never dropped silently; a PHH file past it
is unreadable as a whole.  :func:`verdicts` judges each case and turns whatever a reader
or the replay fails with into an unreadable verdict, so one file never stops an audit.
"""

from __future__ import annotations

import glob
from collections.abc import Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from stud.audit.houses import Houses
from stud.audit.judge import Case, Verdict, judge, room_result
from stud.errors import StudError
from stud.histories import room_hands, room_of
from stud.histories.model import HistoryError, RoomHand
from stud.histories.recording import stakes, to_recording
from stud.histories.text import decode
from stud.infiles import read_bounded
from stud.play.replay import Recording
from stud.safetext import excerpt

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


def _room_case(hand: RoomHand, houses: Houses) -> Case:
    def build(extra: Mapping[str, Any]) -> Recording:
        return to_recording(hand, houses.ruleset(hand.game, stakes(hand), extra))

    return Case(
        f"{hand.source}:{hand.line}", hand.hand_id, hand.game, build, partial(room_result, hand)
    )


def _phh_case(data: Mapping[str, Any], text: str, source: str, label: str, houses: Houses) -> Case:
    from stud.phh import recording_from_data

    variant = data.get("variant")
    game = PHH_GAMES.get(variant, excerpt(variant)) if isinstance(variant, str) else "?"

    def build(extra: Mapping[str, Any]) -> Recording:
        if game not in PHH_GAMES.values():
            return recording_from_data(data, text, source)  # raises: not a stud variant
        base, _ = houses.base_of(game)
        return recording_from_data(data, text, source, base, houses.values(game, {}, extra))

    return Case(source, label, game, build)


def cases(path: Path, named: bool, houses: Houses) -> Iterator[Case | Verdict]:
    """The hands of one file (a Verdict where a hand cannot be read)."""
    try:
        read = read_bounded(path)
    except StudError as exc:
        yield Verdict(str(path), "-", "?", "unreadable", error=str(exc))
        return
    text = decode(read.data)
    suffix = path.suffix.lower()
    if suffix in (".phh", ".phhs"):
        from stud.phh import _toml, hands_of_phhs

        try:
            read.whole()
            if suffix == ".phhs":
                for key, hand in hands_of_phhs(text, str(path)):
                    yield _phh_case(hand, text, f"{path}[{key}]", key, houses)
            else:
                table = _toml(text, str(path))
                yield _phh_case(table, text, str(path), str(table.get("hand", 1)), houses)
        except StudError as exc:
            yield Verdict(str(path), "-", "?", "unreadable", error=str(exc))
        return
    if room_of(text) is None:
        if not named:
            raise Skipped(str(path))
        yield Verdict(
            str(path),
            "-",
            "?",
            "unreadable",
            error=f"{path}: not a hand history (PokerStars, Full Tilt Poker text or PHH)",
        )
        return
    for item in room_hands(read, text):
        if isinstance(item, HistoryError):
            yield Verdict(f"{item.source}:{item.line}", "-", "?", "unreadable", error=str(item))
        else:
            yield _room_case(item, houses)


def verdicts(path: Path, named: bool, houses: Houses) -> Iterator[Verdict]:
    """Every hand of one file judged; a failure of stud itself on this file (a bug: it
    should never happen, and the readers' fuzz looks for it) is an unreadable verdict
    naming it, and the audit goes on with the next file."""
    try:
        for item in cases(path, named, houses):
            try:
                yield item if isinstance(item, Verdict) else judge(item)
            except Exception as exc:  # noqa: BLE001 - one hand never stops the audit
                yield _failed(item.file, item.hand, exc)
    except Skipped:
        raise
    except Exception as exc:  # noqa: BLE001 - nor does one file
        yield _failed(str(path), "-", exc)


def _failed(file: str, hand: str, exc: Exception) -> Verdict:
    what = f"{type(exc).__name__}: {exc}"[:300]
    error = f"stud failed on this hand (a bug in stud; please report it): {what}"
    return Verdict(file, hand, "?", "unreadable", error=error)

"""Writing reports and saved files: a clear error for a bad target, and atomic writes.

Every ``--report DIR``, ``--html FILE``, ``--save DIR`` (and the like) checks its target
before the command does any work (:func:`out_folder`, :func:`out_file`): a folder
expected where a file exists, or a file whose folder is missing, is a
:class:`~stud.errors.StudError` naming the option and the path, never a traceback.

:func:`write_text` then writes each file atomically: into a temporary file beside it, then
renamed over the target.  A reader never sees half a report, and a symbolic link planted
where the report goes is replaced by the report, not followed (its target is untouched).
What is not a file is written into, never replaced: a FIFO or a device named as the target
(``--html /dev/null``, ``--html /dev/stdout``: any path under ``/dev`` or ``/proc``).
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from stud.errors import StudError


def _why(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def out_folder(path: Path, option: str) -> Path:
    """``path`` as a folder to write into, created (with its parents) when missing."""
    if path.exists() and not path.is_dir():
        raise StudError(f"{option} {path}: exists and is not a folder; give a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StudError(f"{option} {path}: cannot create this folder: {_why(exc)}") from None
    return path


def out_file(path: Path, option: str) -> Path:
    """``path`` as a file to write: its folder must exist, and it must not be a folder."""
    if path.is_dir():
        raise StudError(f"{option} {path}: is a folder; give a file name")
    folder = path.parent
    if not folder.is_dir():
        what = "is not a folder" if folder.exists() else "does not exist"
        raise StudError(f"{option} {path}: the folder {folder} {what}; create it first")
    return path


def _mode() -> int:
    """The mode a new file gets (0666 less the umask), as ``open`` would give it."""
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def written_through(path: Path) -> bool:
    """Whether ``path`` names something to write into rather than a file to replace: a path
    under /dev or /proc, or (not through a link) a FIFO, a device or a socket.

    >>> written_through(Path("/dev/stdout")), written_through(Path("report/audit.md"))
    (True, False)
    """
    if path.absolute().parts[1:2] in (("dev",), ("proc",)):
        return True
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISLNK(mode) or stat.S_ISDIR(mode))


def write_bytes(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (a temporary file renamed over it), or into
    it when it is a FIFO or a device (:func:`written_through`)."""
    if written_through(path):
        try:
            with open(path, "wb") as handle:
                handle.write(data)
        except OSError as exc:
            raise StudError(f"cannot write {path}: {_why(exc)}") from None
        return path
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name[:60]}.", dir=path.parent)
    except OSError as exc:
        raise StudError(f"cannot write {path}: {_why(exc)}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(temporary, _mode())
        os.replace(temporary, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise StudError(f"cannot write {path}: {_why(exc)}") from None
    return path


def write_text(path: Path, text: str) -> Path:
    """Write ``text`` as UTF-8 to ``path`` atomically (a lone surrogate, which UTF-8 cannot
    hold, is written as its visible ``\\udxxx`` escape)."""
    return write_bytes(path, text.encode("utf-8", "backslashreplace"))

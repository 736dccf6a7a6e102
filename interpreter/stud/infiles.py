"""Reading files from outside (hand histories, recorded hands) with a bound.

Every reader of a history or a recorded hand gets its bytes from :func:`read_bounded`:
the file is opened without following it into a FIFO or a device (only a regular file is
read), and at most :data:`MAX_BYTES` (64 MiB) are read, whatever its size, so a file of
20 GiB costs 64 MiB of memory, not 20 GiB.  What is beyond the bound is never dropped
silently: :attr:`Bounded.truncated` says so, and the commands turn it into a verdict
(``stud audit``: "truncated at 64 MiB ... not audited", a non-zero exit) or an error
(:meth:`Bounded.whole`: a file that must be read whole, such as one JSON or PHH hand).

A cut is made at the last line break before the bound, so no line (and no character of
UTF-8 or UTF-16 text) is read in half.

>>> b = Bounded("h.txt", b"...", 20 * 1024 * MIB, MAX_BYTES)
>>> b.truncated, b.note()
(True, 'truncated at 64 MiB (the file holds 20480 MiB)')
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from stud.errors import StudError

MIB = 1024 * 1024
MAX_BYTES = 64 * MIB
_CHUNK = MIB


def _mib(n: int) -> str:
    return f"{n // MIB}" if n % MIB == 0 else f"{n / MIB:.1f}"


@dataclass(frozen=True)
class Bounded:
    """What was read of a file: ``data`` (whole lines), the file's ``size`` in bytes and
    the ``limit`` it was read under."""

    source: str
    data: bytes
    size: int
    limit: int

    @property
    def truncated(self) -> bool:
        return self.size > self.limit

    def note(self) -> str:
        """``truncated at 64 MiB (the file holds 20480 MiB)``."""
        return f"truncated at {_mib(self.limit)} MiB (the file holds {_mib(self.size)} MiB)"

    def whole(self) -> bytes:
        """The data, or a :class:`StudError` when the file is larger than the bound."""
        if self.truncated:
            raise StudError(
                f"{self.source}: larger than {_mib(self.limit)} MiB ({_mib(self.size)} MiB): "
                "not read; one hand never needs that much"
            )
        return self.data


def _utf16(data: bytes) -> bool:
    """Whether ``data`` looks like UTF-16: a byte order mark, or every other byte NUL."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = data[:512]
    return len(head) >= 64 and max(head[0::2].count(0), head[1::2].count(0)) > len(head) // 3


def _whole_lines(data: bytes) -> bytes:
    r"""``data`` up to its last line break (UTF-16 text: the break's second byte too).

    >>> _whole_lines(b"one\ntwo\nthr"), _whole_lines("ab\ncd\ne".encode("utf-16-le") * 20)[-4:]
    (b'one\ntwo\n', b'd\x00\n\x00')
    """
    end = data.rfind(b"\n") + 1
    if end % 2 and _utf16(data):
        end += 1  # "\n" is 0A 00 (little-endian, 0A at an even offset) or 00 0A
    return data[:end]


def read_bounded(path: Path, limit: int = MAX_BYTES) -> Bounded:
    """At most ``limit`` bytes of the regular file ``path`` (cut at a line break)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise StudError(f"{path}: cannot open: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StudError(f"{path}: not a regular file (a folder, FIFO or device); not read")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(_CHUNK, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as exc:
        raise StudError(f"{path}: cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    size = max(info.st_size, got)
    if size > limit:
        data = _whole_lines(data[:limit])
    return Bounded(str(path), data, size, limit)

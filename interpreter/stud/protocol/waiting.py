"""Waiting for the other end of a pipe: a short spin, then a blocking wait.

When a client and ``stud serve`` take turns (each request sent once the last reply is
read), each process sleeps while the other works.  On a virtual machine a sleeping CPU is
halted, and a process woken on it runs with cold caches: measured on a 2-core machine,
``stud serve``'s handler took about 80 µs a request when it never slept and about 150 µs
when it slept between requests.  So both ends first poll the pipe (``select`` with no
timeout) for up to :data:`SPIN` seconds and block only after that, the way a lock spins
before it sleeps.

The spin adapts: it is used only while the other end answers within it (the last wait was
shorter), so a slow engine, a person typing at ``stud serve`` or an idle server costs no
CPU beyond one spin after each fast exchange.  ``STUD_SPIN_US=0`` in the environment
turns it off (or sets another length, in microseconds).

:func:`fd_lines` reads bounded lines straight from a descriptor through a :class:`Waiter`,
as :func:`stud.protocol.wire.read_lines` does from a stream.

>>> import os
>>> r, w = os.pipe()
>>> _ = os.write(w, b"one\\r\\n" + b"x" * 30 + b"\\ntwo")
>>> os.close(w)
>>> [len(line) if line.startswith(b"x") else line for line in fd_lines(r, limit=20)]
[b'one', 21, b'two']
>>> os.close(r)
"""

from __future__ import annotations

import os
import select
import time
from collections.abc import Iterator

from stud.protocol.limits import MAX_REQUEST_BYTES


def _spin_from_environment(default: float = 0.0005) -> float:
    """:data:`SPIN` as ``STUD_SPIN_US`` sets it (microseconds), else ``default`` seconds.

    >>> os.environ["STUD_SPIN_US"] = "0"; _spin_from_environment()
    0.0
    >>> os.environ["STUD_SPIN_US"] = "a lot"; _spin_from_environment()
    0.0005
    >>> del os.environ["STUD_SPIN_US"]
    """
    text = os.environ.get("STUD_SPIN_US", "").strip()
    try:
        micros = int(text)
    except ValueError:
        return default
    return min(max(micros, 0), 100_000) / 1e6


_yield = getattr(os, "sched_yield", lambda: None)
SPIN = _spin_from_environment()  # seconds a waiting end polls before it blocks
READ_SIZE = 64 * 1024  # bytes read at a time


class Waiter:
    """Waits for a descriptor to become readable: spinning first while the other end has
    been answering within :attr:`spin` seconds, else at once in a blocking ``select``."""

    def __init__(self, spin: float | None = None):
        self.spin = SPIN if spin is None else spin
        self._spinning = self.spin > 0

    def wait(self, fd: int, timeout: float | None = None) -> bool:
        """Whether ``fd`` is readable within ``timeout`` seconds (None: however long it
        takes).  Raises what ``select`` raises (a closed descriptor)."""
        start = time.perf_counter()
        if self._spinning:
            until = start + (self.spin if timeout is None else min(self.spin, timeout))
            while True:
                if select.select([fd], [], [], 0)[0]:
                    return True  # answered within the spin: keep spinning
                if time.perf_counter() >= until:
                    break
                _yield()  # a process waiting for this CPU gets it
        left = None if timeout is None else max(timeout - (time.perf_counter() - start), 0.0)
        ready = bool(select.select([fd], [], [], left)[0])
        self._spinning = self.spin > 0 and time.perf_counter() - start < self.spin
        return ready


def fd_lines(
    fd: int, limit: int = MAX_REQUEST_BYTES, waiter: Waiter | None = None
) -> Iterator[bytes]:
    """The lines read from ``fd`` until its end, each without its line ending and at most
    ``limit`` bytes: of a longer line, its first ``limit + 1`` bytes stand for it (too
    long) and the rest is read and dropped.  A last line without a newline counts."""
    waiter = waiter or Waiter()
    pending = bytearray()
    dropping = False  # inside a line that was too long: drop up to its end
    while True:
        end = pending.find(b"\n")
        if end >= 0:
            line = bytes(pending[:end])
            del pending[: end + 1]
            if dropping:
                dropping = False
            else:
                yield line[: limit + 1] if len(line) > limit else line.rstrip(b"\r")
            continue
        if len(pending) > limit:
            if not dropping:
                yield bytes(pending[: limit + 1])
                dropping = True
            pending.clear()
        try:
            waiter.wait(fd)
            chunk = os.read(fd, READ_SIZE)
        except BlockingIOError:  # a descriptor left non-blocking: wait again
            continue
        except OSError:  # the input is gone: as its end
            chunk = b""
        if not chunk:
            if pending and not dropping:
                yield bytes(pending).rstrip(b"\r")
            return
        pending += chunk

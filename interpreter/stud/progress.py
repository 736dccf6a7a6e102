"""A progress line on a terminal for long runs (``stud fuzz``, ``stud verify``).

It is drawn on stderr and only when stderr is a terminal, or when asked (``--progress``):
piped or redirected output never receives it, and stdout never does.  It waits a moment
before it first appears (a run that ends at once shows nothing), is redrawn at most ten
times a second, and is wiped when the run ends, so the report that follows starts on a
clean line.  It says what is done out of what is planned, the rate, what went wrong so far
and the time left at that rate.

>>> import io
>>> out = io.StringIO()
>>> line = ProgressLine("hands", 200, out, delay=0, clock=iter([0, 2, 4]).__next__)
>>> line.update(50, "1 divergence")
>>> line.update(100, "2 divergences")
>>> line.close()
>>> for drawn in out.getvalue().split("\\r"):
...     print(drawn.rstrip() or "(wiped)")
(wiped)
[#######.....................]  50/200 hands  25/s  1 divergence  6s left
[##############..............] 100/200 hands  25/s  2 divergences  4s left
(wiped)
(wiped)
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

WIDTH = 28  # characters of the bar
DELAY = 1.0  # seconds before the line first appears (a quick run shows none)


def wanted(asked: bool, stream: TextIO | None = None) -> bool:
    """Whether to draw progress: asked for, or stderr (``stream``) is a terminal."""
    stream = sys.stderr if stream is None else stream
    if asked:
        return True
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):  # a closed or odd stream: no terminal
        return False


def duration(seconds: float) -> str:
    """``42s``, ``3m05s``, ``2h07m``.

    >>> duration(42.4), duration(185), duration(7620)
    ('42s', '3m05s', '2h07m')
    """
    whole = int(seconds + 0.5)
    if whole < 60:
        return f"{whole}s"
    minutes, secs = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes}m{secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


class ProgressLine:
    """``update(done, note)`` redraws the line; ``close()`` wipes it."""

    def __init__(
        self,
        unit: str,
        total: int,
        stream: TextIO | None = None,
        *,
        delay: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.unit = unit
        self.total = max(total, 0)
        self.stream = sys.stderr if stream is None else stream
        self.delay = DELAY if delay is None else delay
        self.clock = clock
        self.started = clock()
        self.drawn_at: float | None = None
        self.width = 0  # characters of the longest line drawn, to wipe it

    def update(self, done: int, note: str = "") -> None:
        now = self.clock()
        elapsed = now - self.started
        if elapsed < self.delay:
            return
        if self.drawn_at is not None and now - self.drawn_at < 0.1 and done < self.total:
            return
        self.drawn_at = now
        total = self.total
        filled = WIDTH * min(done, total) // total if total else WIDTH
        rate = done / elapsed if elapsed > 0 else 0.0
        digits = len(str(total))
        text = f"[{'#' * filled}{'.' * (WIDTH - filled)}] {done:>{digits}}/{total} {self.unit}"
        text += f"  {rate:,.0f}/s" if rate >= 10 else f"  {rate:.1f}/s"
        if note:
            text += f"  {note}"
        if rate > 0 and done < total:
            text += f"  {duration((total - done) / rate)} left"
        self.width = max(self.width, len(text))
        self._write("\r" + text.ljust(self.width))

    def close(self) -> None:
        """Wipe the line (if it was ever drawn)."""
        if self.drawn_at is not None:
            self._write("\r" + " " * self.width + "\r")
            self.drawn_at = None

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a terminal gone away: the run goes on without it
            pass

"""Transports: how protocol lines reach an engine and come back.

The lowest layer of the client (``transport`` -> ``session`` -> ``commands`` -> ``client``).
A transport moves whole lines and knows nothing of JSON.  :class:`SubprocessTransport`
talks to a program over its stdin/stdout: a reply is read from the program's stdout when
it is awaited (``select`` with the time left, then whatever the pipe holds, at most 64 KiB
at a time), so no thread stands between the program and the caller, and a thread keeps a
bounded tail of the program's stderr for error messages.  Memory stays bounded whatever the
program writes: a reply line over :data:`MAX_LINE` bytes is a stream error (the rest of it
is dropped), lines are read ahead only as far as one read brings them, and stderr keeps
only its last lines, even when they never end.  The program runs in a process
group of its own, so :meth:`SubprocessTransport.close` stops it and every child it started
(on Linux also a child that left the group but still holds a pipe), and never blocks or
raises.  :class:`LoopbackTransport` answers from a Python function, for
unit tests and for running the in-memory server without a process.
"""

from __future__ import annotations

import codecs
import os
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from typing import IO, Any

from stud.errors import EngineError
from stud.protocol.waiting import Waiter
from stud.safetext import printable as safe_text

MAX_LINE = 4 * 1024 * 1024  # bytes: a longer reply line is a stream error
READ_SIZE = 64 * 1024  # bytes of stdout read at a time (lines beyond wait in the pipe)
STDERR_CHARS = 300  # the longest stderr line kept (its end)
SEND_TIMEOUT = 5.0  # seconds a request may wait for the engine to read its input
CLOSE_GRACE = 0.5  # seconds an engine has to exit by itself once its input is closed
SENT_KEPT = 100  # lines a loopback keeps of what it was sent (a long run keeps no more)


class EngineTimeout(EngineError):
    """The engine did not answer in time (it hangs, or is far too slow)."""


class EngineExited(EngineError):
    """The engine's output ended: it exited or crashed."""


class BrokenStream(EngineError):
    """A reply line that cannot be a reply at all (too long, not UTF-8): the stream is out of
    step and the engine must be stopped."""


def printable(text: str, limit: int = 800) -> str:
    """Engine text made safe for a terminal, on one line: control characters escaped
    (:func:`stud.safetext.printable`), only the end kept.

    >>> printable("ok\\x1b[31m red")
    'ok\\\\x1b[31m red'
    >>> printable("abcdef", limit=3)
    '...def'
    """
    text = safe_text(text, newlines=False)
    return text if len(text) <= limit else "..." + text[-limit:]


class Transport(ABC):
    """Sends request lines, receives reply lines."""

    send_timeout: float = SEND_TIMEOUT  # how long :meth:`send` may wait for the engine

    @abstractmethod
    def send(self, line: str) -> None:
        """Write one line (without its newline); raise :class:`EngineError` if impossible."""

    @abstractmethod
    def receive(self, timeout: float) -> str:
        """The next line (without its newline); raise EngineTimeout or EngineExited."""

    @abstractmethod
    def close(self) -> None:
        """Release the engine; safe to call twice."""

    @property
    def alive(self) -> bool:
        return True

    @property
    def stderr_tail(self) -> str:
        """The last lines the engine wrote to stderr, joined with `` | `` ('' if none)."""
        return ""

    def describe(self, reason: str) -> str:
        """``reason`` plus the stderr tail, on one line."""
        tail = self.stderr_tail
        return f"{reason}; engine stderr: {tail}" if tail else reason


def split_command(command: str | Sequence[str]) -> list[str]:
    """``"stud serve --x"`` -> ``["stud", "serve", "--x"]`` (POSIX shell words)."""
    if isinstance(command, str):
        words = shlex.split(command, posix=os.name != "nt")
    else:
        words = list(command)
    if not words:
        raise EngineError("the engine command is empty")
    return words


class _Problem:
    """A reader's note in the line queue: something that is not a line."""

    def __init__(self, reason: str):
        self.reason = reason


class SubprocessTransport(Transport):
    """A child process speaking UTF-8 lines on stdin/stdout, in a process group of its own."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        stderr_lines: int = 20,
        max_line: int = MAX_LINE,
    ):
        self.command = split_command(command)
        self.max_line = max_line
        options: dict[str, Any] = {}
        if os.name == "posix":
            options["start_new_session"] = True  # its own process group: killed as a whole
        else:  # pragma: no cover - Windows
            options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=env,
                bufsize=0,
                **options,
            )
        except (OSError, ValueError) as exc:
            raise EngineExited(f"cannot start engine {shlex.join(self.command)!r}: {exc}") from exc
        # what stdout brought so far: whole lines (a _Problem for a bad one, None at the
        # end of the output) and the start of the next line
        self._ready: deque[str | _Problem | None] = deque()
        self._pending = bytearray()
        self._dropping = False  # inside a line that was too long: drop up to its end
        self._stderr: deque[str] = deque(maxlen=stderr_lines)
        self._partial = ""  # the stderr line being written (its last STDERR_CHARS)
        self._eof = False
        self._closed = False
        assert self.process.stdin is not None
        assert self.process.stdout is not None and self.process.stderr is not None
        self._pipes = {os.fstat(stream.fileno()).st_ino for stream in self._streams()}
        if os.name == "posix":
            os.set_blocking(self.process.stdin.fileno(), False)
        self._stdout = self.process.stdout.fileno()
        self._waiter = Waiter()  # a short spin before each blocking wait for a reply
        self._err_thread = self._start(self._read_stderr, self.process.stderr)

    def _streams(self) -> list[IO[bytes]]:
        process = self.process
        return [s for s in (process.stdin, process.stdout, process.stderr) if s is not None]

    @staticmethod
    def _start(target: Callable[[IO[bytes]], None], stream: IO[bytes]) -> threading.Thread:
        thread = threading.Thread(target=target, args=(stream,), daemon=True)
        thread.start()
        return thread

    # --- reading stdout (when a reply is awaited) and stderr (a thread) -------------------
    def _line(self, data: bytes) -> str | _Problem:
        try:
            return data.decode("utf-8").rstrip("\r")
        except UnicodeDecodeError as exc:
            return _Problem(f"the engine wrote a reply line that is not UTF-8 (byte {exc.start})")

    def _read_stdout(self, timeout: float) -> bool:
        """Wait at most ``timeout`` for stdout and split what comes into lines; False when
        nothing came in time."""
        try:
            ready = self._waiter.wait(self._stdout, max(timeout, 0.0))
            chunk = os.read(self._stdout, READ_SIZE) if ready else None
        except (OSError, ValueError):
            chunk = b""  # the pipe is gone: as the end of the output
        if chunk is None:
            return False
        pending = self._pending
        if not chunk:
            if pending and not self._dropping:  # a last line without its newline
                self._ready.append(self._line(bytes(pending)))
            pending.clear()
            self._ready.append(None)
            return True
        pending += chunk
        while True:
            end = pending.find(b"\n")
            if end < 0:
                break
            line = bytes(pending[:end])
            del pending[: end + 1]
            if self._dropping:
                self._dropping = False
            else:
                self._ready.append(self._line(line))
        if len(pending) > self.max_line:
            pending.clear()
            if not self._dropping:
                self._dropping = True
                self._ready.append(
                    _Problem(
                        f"the engine wrote a reply line longer than {self.max_line} bytes; "
                        "the rest of it was dropped"
                    )
                )
        return True

    def _read_stderr(self, stream: IO[bytes]) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        try:
            while True:
                chunk = stream.read(4096)
                if not chunk:
                    break
                *lines, partial = (self._partial + decoder.decode(chunk)).split("\n")
                for line in lines:
                    text = line.rstrip()
                    if text:
                        self._stderr.append(text[-STDERR_CHARS:])
                self._partial = partial[-STDERR_CHARS:]
        except (OSError, ValueError):
            pass
        finally:
            _quietly(stream.close)

    # --- the transport -------------------------------------------------------------------
    @property
    def alive(self) -> bool:
        return not self._eof and not self._closed and self.process.poll() is None

    @property
    def stderr_tail(self) -> str:
        lines = list(self._stderr)
        if self._partial.strip():
            lines.append(self._partial.strip())
        return printable(" | ".join(lines))

    def send(self, line: str) -> None:
        stdin = self.process.stdin
        if stdin is None or self._eof or self._closed:
            raise EngineExited(self.describe("the engine has exited"))
        data = (line + "\n").encode("utf-8", "backslashreplace")
        try:
            self._write(stdin.fileno(), data)
        except (OSError, ValueError):
            raise EngineExited(self._exit_reason("stopped reading its input")) from None

    def _write(self, fd: int, data: bytes) -> None:
        deadline = time.monotonic() + self.send_timeout
        view = memoryview(data)
        while view:
            try:
                written = os.write(fd, view)
            except BlockingIOError:
                written = 0
            view = view[written:]
            if not view:
                return
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise EngineTimeout(
                    self.describe(f"the engine read none of its input for {self.send_timeout:g} s")
                )
            select.select([], [fd], [], remaining)

    def receive(self, timeout: float) -> str:
        if self._eof:
            raise EngineExited(self._exit_reason("has exited"))
        deadline = time.monotonic() + timeout
        while not self._ready:
            if not self._read_stdout(deadline - time.monotonic()):
                raise EngineTimeout(self.describe(f"no reply within {timeout:.3g} s"))
        line = self._ready.popleft()
        if line is None:
            self._eof = True
            raise EngineExited(self._exit_reason("closed its output"))
        if isinstance(line, _Problem):
            raise BrokenStream(self.describe(line.reason))
        return line

    def _exit_reason(self, what: str) -> str:
        try:
            code = self.process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        self._err_thread.join(timeout=0.5)  # let the last stderr lines in
        if code is None:
            return self.describe(f"the engine {what} but is still running")
        how = f"was killed by signal {-code}" if code < 0 else f"exited with code {code}"
        return self.describe(f"the engine {what}: it {how}")

    def close(self) -> None:
        """Let the engine exit on its own for a moment, then stop its whole process group.

        Never raises and never waits more than about two seconds, whatever the engine does.
        """
        if self._closed:
            return
        self._closed = True
        process = self.process
        _quietly(lambda: process.stdin.close() if process.stdin is not None else None)
        if process.poll() is None:
            _quietly(lambda: process.wait(timeout=CLOSE_GRACE))
        self._stop()

    def kill(self) -> None:
        """Stop the engine and its children at once (after a hang or a broken stream)."""
        self._closed = True
        _quietly(lambda: self.process.stdin.close() if self.process.stdin is not None else None)
        self._stop()

    def _stop(self) -> None:
        process = self.process
        if os.name == "posix":
            _quietly(lambda: os.killpg(process.pid, signal.SIGKILL))
        if process.poll() is None:
            _quietly(process.kill)
        _quietly(lambda: process.wait(timeout=1.0))
        self._eof = True
        if sys.platform == "linux":
            held = self._stdout_held(0.3)
            self._err_thread.join(timeout=0.1)
            if held or self._err_thread.is_alive():
                _quietly(lambda: kill_holders(self._pipes))
        _quietly(lambda: process.stdout.close() if process.stdout is not None else None)

    def _stdout_held(self, wait: float) -> bool:
        """Whether a process still holds the engine's stdout open: no end of output within
        ``wait`` seconds (what is left in the pipe is read and dropped)."""
        deadline = time.monotonic() + wait
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return True
            try:
                ready, _, _ = select.select([self._stdout], [], [], remaining)
                if not ready:
                    return True
                if not os.read(self._stdout, READ_SIZE):
                    return False
            except (OSError, ValueError):
                return False


def kill_holders(pipes: set[int]) -> list[int]:
    """Kill every other process that still holds one of the engine's pipes (by inode): a
    child that left the engine's process group, say.  Linux only; returns their ids."""
    names = {f"pipe:[{inode}]" for inode in pipes}
    killed = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            held = any(os.readlink(fd.path) in names for fd in os.scandir(f"{entry.path}/fd"))
            if held:
                os.kill(int(entry.name), signal.SIGKILL)
                killed.append(int(entry.name))
        except OSError:  # gone meanwhile, or not ours to look at
            continue
    return killed


def _quietly(action: Callable[[], object]) -> None:
    """Run a clean-up step; whatever it raises, clean-up goes on."""
    try:
        action()
    except Exception:  # noqa: BLE001 - closing must never raise
        pass


class LoopbackTransport(Transport):
    """Answers each sent line with ``respond(line)`` in this process: a line, lines, or None.

    The in-process reference engine is this transport over the server's ``handle_line``;
    tests use it as the mock transport of misbehaving engines.

    ``None`` simulates silence (the next :meth:`receive` times out at once); raising
    :class:`EngineError` from ``respond`` simulates a crash.
    """

    def __init__(self, respond: Callable[[str], str | Sequence[str] | None]):
        self.respond = respond
        self.sent: deque[str] = deque(maxlen=SENT_KEPT)  # the last lines sent
        self._pending: deque[str] = deque()
        self._closed = False

    @property
    def alive(self) -> bool:
        return not self._closed

    def send(self, line: str) -> None:
        if self._closed:
            raise EngineExited("the engine has exited")
        self.sent.append(line)
        try:
            answer = self.respond(line)
        except EngineError:
            self._closed = True
            raise
        if isinstance(answer, str):
            self._pending.append(answer)
        elif answer is not None:
            self._pending.extend(answer)

    def receive(self, timeout: float) -> str:
        if self._pending:
            return self._pending.popleft()
        if self._closed:
            raise EngineExited("the engine has exited")
        raise EngineTimeout(f"no reply within {timeout:.3g} s")

    def close(self) -> None:
        self._closed = True


class ExchangeTransport(LoopbackTransport):
    """A loopback transport whose handler also takes a request as an object and answers
    with one (``exchange``): a session that does not validate replies sends objects and
    skips encoding and parsing them; lines still work as through :class:`LoopbackTransport`.
    The handler must answer with plain JSON data (dicts, lists, strings, numbers, booleans,
    None), new for each reply, as it would encode it."""

    def __init__(
        self,
        respond: Callable[[str], str | Sequence[str] | None],
        exchange: Callable[[Any], dict[str, Any]],
    ):
        super().__init__(respond)
        self._exchange = exchange

    def exchange(self, message: dict[str, Any]) -> dict[str, Any]:
        if self._closed:
            raise EngineExited("the engine has exited")
        return self._exchange(message)

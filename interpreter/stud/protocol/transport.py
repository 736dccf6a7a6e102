"""Transports: how protocol lines reach an engine and come back.

The lowest layer of the client (``transport`` -> ``session`` -> ``commands`` -> ``client``).
A transport moves whole lines and knows nothing of JSON.  :class:`SubprocessTransport`
talks to a program over its stdin/stdout; a reader thread feeds a queue, so a reply can be
awaited with a timeout, and a second thread keeps a bounded tail of the program's stderr
for error messages.  :class:`LoopbackTransport` answers from a Python function, for unit tests
and for running the in-memory server without a process.
"""

from __future__ import annotations

import os
import queue
import shlex
import subprocess
import threading
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Sequence
from typing import IO

from stud.errors import EngineError

MAX_LINE = 16 * 1024 * 1024  # a reply longer than this is cut (and then fails to parse)


class EngineTimeout(EngineError):
    """The engine did not answer in time (it hangs, or is far too slow)."""


class EngineExited(EngineError):
    """The engine's output ended: it exited or crashed."""


class Transport(ABC):
    """Sends request lines, receives reply lines."""

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


class SubprocessTransport(Transport):
    """A child process speaking lines on stdin/stdout (UTF-8)."""

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
        stderr_lines: int = 20,
    ):
        self.command = split_command(command)
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                cwd=cwd,
                env=env,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise EngineExited(f"cannot start engine {shlex.join(self.command)!r}: {exc}") from exc
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=stderr_lines)
        assert self.process.stdout is not None and self.process.stderr is not None
        self._out_thread = self._start(self._read_stdout, self.process.stdout)
        self._err_thread = self._start(self._read_stderr, self.process.stderr)
        self._eof = False

    @staticmethod
    def _start(target: Callable[[IO[str]], None], stream: IO[str]) -> threading.Thread:
        thread = threading.Thread(target=target, args=(stream,), daemon=True)
        thread.start()
        return thread

    def _read_stdout(self, stream: IO[str]) -> None:
        try:
            while True:
                line = stream.readline(MAX_LINE)
                if not line:
                    break
                self._lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError):
            pass
        finally:
            self._lines.put(None)

    def _read_stderr(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                text = line.rstrip()
                if text:
                    self._stderr.append(text[:300])
        except (OSError, ValueError):
            pass

    @property
    def alive(self) -> bool:
        return not self._eof and self.process.poll() is None

    @property
    def stderr_tail(self) -> str:
        text = " | ".join(self._stderr)
        return text if len(text) <= 800 else "..." + text[-800:]

    def send(self, line: str) -> None:
        stdin = self.process.stdin
        if stdin is None or self._eof:
            raise EngineExited(self.describe("the engine has exited"))
        try:
            stdin.write(line + "\n")
            stdin.flush()
        except (OSError, ValueError):
            raise EngineExited(self._exit_reason("stopped reading its input")) from None

    def receive(self, timeout: float) -> str:
        if self._eof:
            raise EngineExited(self._exit_reason("has exited"))
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise EngineTimeout(self.describe(f"no reply within {timeout:g} s")) from None
        if line is None:
            self._eof = True
            raise EngineExited(self._exit_reason("closed its output"))
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
        process = self.process
        if process.poll() is None:
            try:
                if process.stdin is not None:
                    process.stdin.close()
                process.wait(timeout=1.0)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                process.kill()
                try:
                    process.wait(timeout=2.0)
                except subprocess.TimeoutExpired:  # pragma: no cover - unkillable child
                    pass
        for stream in (process.stdin, process.stdout, process.stderr):
            try:
                if stream is not None:
                    stream.close()
            except (OSError, ValueError):
                pass
        self._eof = True

    def kill(self) -> None:
        """Stop the engine at once (after a hang or a broken stream)."""
        if self.process.poll() is None:
            self.process.kill()
            try:
                self.process.wait(timeout=2.0)
            except subprocess.TimeoutExpired:  # pragma: no cover
                pass
        self.close()


class LoopbackTransport(Transport):
    """Answers each sent line with ``respond(line)`` in this process: a line, lines, or None.

    The in-process reference engine is this transport over the server's ``handle_line``;
    tests use it as the mock transport of misbehaving engines.

    ``None`` simulates silence (the next :meth:`receive` times out at once); raising
    :class:`EngineError` from ``respond`` simulates a crash.
    """

    def __init__(self, respond: Callable[[str], str | Sequence[str] | None]):
        self.respond = respond
        self.sent: list[str] = []
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
        raise EngineTimeout(f"no reply within {timeout:g} s")

    def close(self) -> None:
        self._closed = True

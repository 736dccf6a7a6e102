"""The protocol v1 client: any program that speaks the protocol, as a spec ``Engine``.

:class:`SubprocessEngine` starts the program on first use and says ``hello``.  When the
engine crashes, hangs or garbles its output, the call raises
:class:`~stud.errors.EngineError` (a :class:`~stud.errors.ProtocolError` for bad replies)
with a readable reason and the engine's last stderr lines, and the process is stopped; the
next ``new_hand`` (the next scenario) starts it again, at most ``restarts`` times in a row
without a good reply to a request other than ``hello`` in between (a good ``hello`` alone
is no progress), and at most ``restart_budget`` times in all.  ``ok: false`` replies raise
:class:`~stud.spec.engine.EngineRefusal` and leave the engine running.

:meth:`SubprocessEngine.set_time_limit` bounds everything until the next call (a
scenario): each wait for a reply is cut to what is left, and past the limit the engine is
stopped and the scenario fails with the limit named.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stud.errors import EngineError, ProtocolError
from stud.protocol import commands
from stud.protocol.commands import EngineInfo, State
from stud.protocol.session import Session, StreamError
from stud.protocol.transport import EngineTimeout, SubprocessTransport, Transport
from stud.spec.engine import Engine, EngineRefusal

TransportFactory = Callable[[], Transport]
# requests a client keeps in flight to an engine that announces ``pipelining``: their
# lines and replies stay far below what a pipe holds, so neither side waits on a write
AHEAD = 8
STARTUP = 10.0  # seconds an engine may take to start and answer hello, at least


class SubprocessEngine(Engine):
    """An engine program (``command``, shell words) driven over protocol v1.

    ``timeout`` bounds every reply (seconds); the start and its ``hello`` may take
    ``startup_timeout``, by default :data:`STARTUP` or ``timeout`` when longer (a virtual
    machine or a compiled program's first start is slower than its replies).
    ``restarts``: failures in a row before stud stops restarting the engine;
    ``restart_budget``: restarts in all.  ``transport_factory`` replaces the subprocess
    (tests use a mock transport).
    """

    def __init__(
        self,
        command: str | Sequence[str],
        timeout: float = 5.0,
        restarts: int = 3,
        *,
        startup_timeout: float | None = None,
        restart_budget: int = 50,
        validate: bool = True,
        transport_factory: TransportFactory | None = None,
    ):
        self.command = command
        self.timeout = timeout
        self.restarts = restarts
        self.restart_budget = restart_budget
        self.startup_timeout = max(timeout, STARTUP) if startup_timeout is None else startup_timeout
        self.validate = validate
        self._factory: TransportFactory = transport_factory or (
            lambda: SubprocessTransport(command)
        )
        self._session: Session | None = None
        self._info: EngineInfo | None = None
        self._failures = 0  # failures since the last good reply
        self._last_failure = ""
        self._lost_hand = ""  # why the current hand is gone (the engine died mid-hand)
        self._owed: set[int] = set()  # ids of acts sent whose replies are not read yet
        self._deadline: float | None = None  # time.monotonic() by which calls must end
        self._limit = ""  # the limit that deadline stands for, for messages
        self.starts = 0

    # --- lifecycle -----------------------------------------------------------------------
    @property
    def info(self) -> EngineInfo:
        """The engine's ``hello`` (starting it if needed)."""
        self._ensure()
        assert self._info is not None
        return self._info

    def _ensure(self) -> Session:
        if self._session is not None and self._session.transport.alive:
            return self._session
        self._discard()
        if self._failures > self.restarts:
            raise EngineError(
                f"the engine failed {self._failures} times in a row and is not restarted "
                f"again; last failure: {self._last_failure}"
            )
        if self.starts > self.restart_budget:
            raise EngineError(
                f"the engine was restarted {self.starts - 1} times, its whole budget, and is "
                f"not restarted again; last failure: {self._last_failure}"
            )
        self._check_time("starting the engine")
        self.starts += 1
        try:
            transport = self._factory()
        except EngineError as exc:
            self._fail(str(exc))
            raise
        session = Session(transport, timeout=self.timeout, validate=self.validate)
        self._session = session
        try:
            self._info = self._call(
                lambda s: commands.hello(s, timeout=self._wait(self.startup_timeout)),
                progress=False,
            )
        except (ProtocolError, EngineRefusal) as exc:  # no usable hello: not a usable engine
            if self._session is not None:
                self._broken(f"bad hello: {exc}")
            raise
        return session

    def _fail(self, reason: str) -> None:
        self._failures += 1
        self._last_failure = reason

    def _discard(self) -> None:
        session, self._session = self._session, None
        self._owed = set()
        if session is None:
            return
        transport = session.transport
        kill = getattr(transport, "kill", None)
        if callable(kill):
            kill()
        else:
            transport.close()

    # --- time limits -------------------------------------------------------------------
    def set_time_limit(self, seconds: float | None, what: str = "the time limit") -> None:
        """Bound every call from now on to ``seconds`` in all (None: no limit)."""
        if seconds is None:
            self._deadline, self._limit = None, ""
        else:
            self._deadline = time.monotonic() + seconds
            self._limit = what

    def _left(self) -> float | None:
        return None if self._deadline is None else self._deadline - time.monotonic()

    def _check_time(self, doing: str) -> None:
        left = self._left()
        if left is not None and left <= 0:
            raise EngineTimeout(f"{self._limit} ran out before {doing}")

    def _wait(self, timeout: float) -> float:
        """How long to wait for one reply: ``timeout``, or less when the limit is nearer."""
        left = self._left()
        return timeout if left is None else max(0.0, min(timeout, left))

    def _call(self, command: Callable[[Session], Any], *, progress: bool = True) -> Any:
        session = self._session
        assert session is not None
        self._check_time("the next request")
        session.timeout = self._wait(self.timeout)
        session.transport.send_timeout = self._wait(self.timeout)
        try:
            result = command(session)
        except EngineRefusal:
            if progress:
                self._failures = 0
            raise
        except StreamError as exc:  # out of step: restart for the next hand
            self._broken(str(exc))
            raise
        except ProtocolError:  # a well-framed but invalid reply: the stream is still in step
            raise
        except EngineTimeout as exc:  # hung, or the time limit ran out: stop it
            left = self._left()
            if left is not None and left <= 0.05:
                exc = EngineTimeout(f"{self._limit} ran out waiting for a reply; {exc}")
            self._broken(str(exc))
            raise exc from None
        except EngineError as exc:  # crashed, exited or hung
            self._broken(str(exc))
            raise
        if progress:
            self._failures = 0
        return result

    def _broken(self, reason: str) -> None:
        self._fail(reason)
        self._lost_hand = reason
        self._discard()

    def close(self) -> None:
        """Say ``bye`` (waiting at most 2 s) and stop the engine; never raises."""
        session, self._session = self._session, None
        if session is None:
            return
        try:
            if session.transport.alive:
                session.timeout = session.transport.send_timeout = min(self.timeout, 2.0)
                commands.bye(session, timeout=min(self.timeout, 2.0))
        except Exception:  # noqa: BLE001 - a dying engine must not break the run's ending
            pass
        try:
            session.transport.close()
        except Exception:  # noqa: BLE001
            pass

    def __enter__(self) -> SubprocessEngine:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- the Engine seam -----------------------------------------------------------------
    def hello(self) -> dict[str, Any]:
        return self.info.as_dict()

    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
        seat_cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> State:
        self._lost_hand = ""
        self._ensure()
        result: State = self._call(
            lambda s: commands.new_hand(s, ruleset, seats, dealer, deck, seat_cards)
        )
        return result

    def begin_new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
        seat_cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> Callable[[], State]:
        """Send a ``new_hand`` now to an engine that takes requests in flight
        (:attr:`ahead`), so that it deals while the caller does; else as the base class."""
        if self.ahead <= 1 or type(self).new_hand is not SubprocessEngine.new_hand:
            return super().begin_new_hand(ruleset, seats, dealer, deck, seat_cards)
        self._lost_hand = ""
        self._ensure()
        request_id: int = self._call(
            lambda s: commands.send_new_hand(s, ruleset, seats, dealer, deck, seat_cards),
            progress=False,
        )

        def finish() -> State:
            self._in_hand()  # not once the engine failed
            result: State = self._call(lambda s: commands.new_hand_state(s, request_id))
            return result

        return finish

    def next_hand(
        self, deck: Sequence[str], seat_cards: Sequence[Mapping[str, Any]] | None = None
    ) -> State:
        self._in_hand()
        if self._info is not None and "table" not in self._info.features:
            raise EngineRefusal("unsupported", "the engine does not offer the 'table' capability")
        try:
            result: State = self._call(lambda s: commands.next_hand(s, deck, seat_cards))
        except EngineRefusal as exc:
            if exc.code != "unsupported":
                raise
            raise ProtocolError(
                "the engine announces the 'table' capability but refused next_hand as "
                f"unsupported: {exc.message}"
            ) from None
        return result

    def _in_hand(self) -> Session:
        if self._lost_hand:
            raise EngineError(f"the hand was lost when the engine failed: {self._lost_hand}")
        if self._session is None:
            raise EngineError("no hand in progress: call new_hand first")
        return self._session

    def act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> State:
        self._in_hand()
        result: State = self._call(
            lambda s: commands.act(s, seat, action, amount, declare=declare, cards=cards)
        )
        return result

    @property
    def ahead(self) -> int:
        """:data:`AHEAD` for an engine that announces ``pipelining`` (protocol 1.2: it
        reads each request as it comes and answers in order), else 1."""
        info = self._info
        if info is None or "pipelining" not in info.features:
            return 1
        return AHEAD if type(self).act is SubprocessEngine.act else 1

    def begin_act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> Callable[[], State]:
        """Send an ``act`` now and return what reads its reply: :meth:`act` in two halves,
        so that the caller works while the engine does (the fuzzer plays the reference).
        A subclass that changes :meth:`act` gets it played as it says, when finished."""
        if type(self).act is not SubprocessEngine.act:
            return super().begin_act(seat, action, amount, declare, cards)
        session = self._in_hand()

        def send(s: Session) -> int:
            return commands.send_act(s, seat, action, amount, declare=declare, cards=cards)

        if self._owed:  # replies to earlier requests come first, a failed send after them
            try:
                request_id = send(session)
            except EngineError as exc:
                return self._failed_in_turn(exc)
        else:  # sent is not answered: only a good reply counts as progress
            request_id = self._call(send, progress=False)
        self._owed.add(request_id)

        def finish() -> State:
            self._in_hand()  # not from a session started since, nor once the hand is lost
            try:
                result: State = self._call(lambda s: commands.act_state(s, request_id))
            finally:
                self._owed.discard(request_id)
            return result

        return finish

    def _failed_in_turn(self, failure: EngineError) -> Callable[[], State]:
        """What reads a request that could not be sent while earlier replies were owed:
        those are read first (the engine may have answered them before it failed), then
        this one fails as it would have had each reply been read before the next request."""

        def fail() -> State:
            self._in_hand()  # an earlier reply already found the engine gone
            self._broken(str(failure))
            raise failure

        return fail

    def state(self) -> State:
        self._in_hand()
        result: State = self._call(commands.state)
        return result

    def evaluate(
        self,
        ranking: str,
        hands: Sequence[Sequence[str]],
        qualifier: int | None = None,
        wild: Sequence[int] = (),
    ) -> list[dict[str, Any]]:
        self._ensure()
        result: list[dict[str, Any]] = self._call(
            lambda s: commands.evaluate(s, ranking, hands, qualifier=qualifier, wild=wild)
        )
        return result

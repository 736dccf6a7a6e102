"""Sessions: request ids, request/reply matching and reply validation.

The middle layer of the client.  :meth:`Session.request` writes one request line, reads one
reply line and checks it: JSON, the same ``id``, and (unless ``validate`` is off, for the
reference's own replies) its nesting, its text and the op's reply schema from
``schemas/protocol``.  An ``ok: false`` reply becomes
:class:`~stud.spec.engine.EngineRefusal`.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from stud.errors import ProtocolError
from stud.protocol.limits import MAX_DEPTH, scan, surrogate_problem
from stud.protocol.schemas import reply_problems
from stud.protocol.transport import Transport, printable
from stud.spec.engine import EngineRefusal

_ENCODE = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


class StreamError(ProtocolError):
    """A reply that cannot be matched to its request (not JSON, or the wrong id).

    After it the request/reply stream is out of step, so the engine must be restarted.
    """


class IllegalActionRefusal(EngineRefusal):
    """``illegal_action``: also carries the legal alternatives the engine listed, and the
    state (unchanged) when the engine sends it (protocol 1.2, feature ``refusal-state``)."""

    def __init__(
        self,
        code: str,
        message: str,
        legal: list[dict[str, Any]],
        state: dict[str, Any] | None = None,
    ):
        super().__init__(code, message)
        self.legal = legal
        self.state = state


def quote(line: str, limit: int = 240) -> str:
    """A reply line shortened for an error message.

    >>> quote("x" * 300, limit=10)
    "'xxxxxxxxxx'... (300 chars)"
    """
    if len(line) <= limit:
        return repr(line)
    return f"{line[:limit]!r}... ({len(line)} chars)"


def parse_reply(line: str) -> Any:
    """The JSON value of a reply line; any failure to parse (even nesting too deep for the
    parser) is a ``ValueError``."""
    try:
        return json.loads(line)
    except ValueError:
        raise
    except RecursionError:
        raise ValueError("nested too deeply to parse") from None
    except Exception as exc:  # noqa: BLE001 - whatever the parser raises: not JSON either
        raise ValueError(type(exc).__name__) from None


class Session:
    """One conversation with an engine over a transport."""

    def __init__(self, transport: Transport, *, timeout: float = 5.0, validate: bool = True):
        self.transport = transport
        self.timeout = timeout
        self.validate = validate
        self.last_id = 0
        # a transport in this process may take the request as an object and answer with
        # one (``exchange``): nothing is encoded or parsed when replies are not validated
        exchange = getattr(transport, "exchange", None)
        self._exchange = exchange if callable(exchange) and not validate else None
        self._answers: deque[dict[str, Any]] = deque()

    def request(self, op: str, *, timeout: float | None = None, **fields: Any) -> dict[str, Any]:
        """Send ``{"id", "op", **fields}`` (None fields left out) and return the ok reply."""
        return self.reply(op, self.send(op, **fields), timeout=timeout)

    def send(self, op: str, **fields: Any) -> int:
        """Only send the request (its reply is read by :meth:`reply`); return its id."""
        self.last_id += 1
        message = {"id": self.last_id, "op": op}
        message.update({k: v for k, v in fields.items() if v is not None})
        if self._exchange is not None:
            self._answers.append(self._exchange(message))
            return self.last_id
        self.transport.send(_ENCODE(message))
        return self.last_id

    def reply(self, op: str, request_id: int, *, timeout: float | None = None) -> dict[str, Any]:
        """Read and check the reply to request ``request_id`` (the next line)."""
        if self._exchange is not None:
            return self.check_reply(op, request_id, self._answers.popleft(), None)
        line = self.transport.receive(self.timeout if timeout is None else timeout)
        return self.check(op, request_id, line)

    def check(self, op: str, request_id: int, line: str) -> dict[str, Any]:
        """Parse and check a reply ``line`` to request ``request_id`` of ``op``."""
        try:
            reply = parse_reply(line)
        except ValueError as exc:
            why = f" ({exc})" if "nested" in str(exc) else ""
            raise StreamError(
                f"the reply to {op} (id {request_id}) is not JSON: {quote(line, 120)}{why}"
            ) from None
        return self.check_reply(op, request_id, reply, line)

    def check_reply(self, op: str, request_id: int, reply: Any, line: str | None) -> dict[str, Any]:
        """Check a parsed reply to request ``request_id`` of ``op`` (``line``: its text,
        None for an object answered in this process, encoded only to be quoted)."""
        if not isinstance(reply, dict):
            raise StreamError(
                f"the reply to {op} (id {request_id}) is not a JSON object: "
                f"{quote(_text(reply, line))}"
            )
        if reply.get("id") != request_id:
            raise StreamError(
                f"the reply to {op} has id {reply.get('id')!r}, expected {request_id}: "
                f"{quote(_text(reply, line))}"
            )
        if self.validate:
            # a text of plain ASCII without a \u escape cannot hold a lone surrogate
            line = _text(reply, line)
            maybe = not line.isascii() or "\\u" in line
            _, deepest, lone = scan(reply, max_items=None, strings=maybe)
            if deepest > MAX_DEPTH:
                raise ProtocolError(
                    f"the reply to {op} nests deeper than {MAX_DEPTH} levels: "
                    f"{quote(_text(reply, line), 80)}"
                )
            text_problem = surrogate_problem(reply) if lone else None
            if text_problem:
                raise ProtocolError(f"the reply to {op} is not valid text: {text_problem}")
            found = reply_problems(op, reply)
            if found:
                schema = "error.json" if reply.get("ok") is False else f"{op}.reply.json"
                raise ProtocolError(
                    f"the reply to {op} breaks schemas/protocol/{schema}: "
                    f"{'; '.join(found)}; reply: {quote(_text(reply, line))}"
                )
        if reply.get("ok") is not True:
            error = reply.get("error")
            if not isinstance(error, dict):
                raise ProtocolError(
                    f"the reply to {op} is neither ok nor an error: {quote(_text(reply, line))}"
                )
            code = printable(str(error.get("code", "")), 60)
            text = printable(str(error.get("message", "")), 800)
            if code == "illegal_action":
                legal = error.get("legal")
                state = error.get("state")
                raise IllegalActionRefusal(
                    code,
                    text,
                    legal if isinstance(legal, list) else [],
                    state if isinstance(state, dict) else None,
                )
            values = error.get("values") if code == "unsupported" else None
            raise EngineRefusal(code, text, values if isinstance(values, list) else None)
        return reply


def _text(reply: Any, line: str | None) -> str:
    """A reply's text to quote: its line, or the object answered in this process encoded."""
    if line is not None:
        return line
    try:
        return _ENCODE(reply)
    except (TypeError, ValueError):
        return repr(reply)

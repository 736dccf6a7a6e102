"""The reference interpreter behind the :class:`~stud.spec.engine.Engine` seam, in-process.

It is the protocol client talking to the protocol server's
:class:`~stud.protocol.server.ReferenceHandler` (what ``stud serve`` runs) through a
loopback transport, with no subprocess: every request and reply is what ``stud serve``
would read and write over protocol v1, passed as the objects the JSON lines hold (nothing
is encoded and parsed again in one process; ``tests/unit/protocol`` checks that each
reply is plain JSON data, equal to its line).  The replies are the server's own, which
the tests check against ``schemas/protocol``, so the session does not check each of them
again: it still matches every reply to its request.
"""

from __future__ import annotations

from stud.protocol.client import SubprocessEngine
from stud.protocol.server import ReferenceHandler
from stud.protocol.transport import ExchangeTransport


class InProcessEngine(SubprocessEngine):
    """The reference interpreter, in this process (a fresh handler on each start)."""

    def __init__(self, timeout: float = 5.0) -> None:
        super().__init__(
            "stud (in-process)",
            timeout=timeout,
            validate=False,
            transport_factory=_transport,
        )

    @property
    def ahead(self) -> int:
        """1: in one process, nothing is gained by sending requests ahead."""
        return 1


def _transport() -> ExchangeTransport:
    handler = ReferenceHandler()
    return ExchangeTransport(handler.handle_line, handler.handle)

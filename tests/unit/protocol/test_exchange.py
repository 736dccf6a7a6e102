"""The in-process reference answers with objects (``ExchangeTransport``), not lines: each
reply must be exactly what its JSON line holds, plain data, never shared with the next."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import pytest
from stud.fuzz import campaign
from stud.fuzz.plan import FuzzConfig
from stud.protocol.server import ReferenceHandler
from stud.protocol.transport import ExchangeTransport
from stud.spec import inprocess


class _Twin(ExchangeTransport):
    """Answers with objects, and checks each against a twin handler's line."""

    def __init__(self) -> None:
        handler, self.twin = ReferenceHandler(), ReferenceHandler()
        super().__init__(handler.handle_line, handler.handle)
        self.seen: list[dict[str, Any]] = []
        self.count = 0

    def exchange(self, message: dict[str, Any]) -> dict[str, Any]:
        reply = super().exchange(message)
        line = self.twin.handle_line(json.dumps(message))
        assert reply == json.loads(line)  # the same data, lists as lists, strings as strings
        assert json.loads(json.dumps(reply)) == reply  # plain JSON data only
        assert all(reply is not old for old in self.seen[-3:])
        self.seen.append(reply)
        self.count += 1
        return reply


def test_objects_answered_in_process_are_the_lines_stud_serve_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: list[_Twin] = []

    def transport() -> _Twin:
        made.append(_Twin())
        return made[-1]

    monkeypatch.setattr(inprocess, "_transport", transport)
    config = FuzzConfig(players=(2, 8), stacks=(Decimal(1), Decimal(20)))
    total = campaign.run_hands(None, config, 5, 60)
    assert not total.found
    assert made and sum(t.count for t in made) > 500  # hands were played through it

"""The fuzzer's own requests meet the protocol: its in-process reference answers them
without checking them (``Handler.dispatch``), as ``stud serve`` would after its checks."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from stud.fuzz.plan import FuzzConfig, RandomDraw
from stud.fuzz.play import Reference, play_hand
from stud.protocol.limits import bounds_problem, shape_problem
from stud.protocol.schemas import request_problems
from stud.rules import shipped_rulesets
from stud.spec.inprocess import InProcessEngine


class CheckingReference(Reference):
    """The reference, asserting that every request would pass ``stud serve``'s checks."""

    def __init__(self) -> None:
        super().__init__()
        self.ops: list[str] = []

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        message = {"id": self.next_id + 1, "op": op, **fields}
        assert shape_problem(message) is None
        assert request_problems(message) == [], message
        assert bounds_problem(message) is None
        self.ops.append(op)
        return super().request(op, **fields)


def test_every_request_the_fuzzer_builds_passes_the_servers_checks() -> None:
    config = FuzzConfig(
        rulesets=tuple(sorted(shipped_rulesets())),
        players=(2, 8),
        stacks=(Decimal(1), Decimal(20)),
        illegal_one_in=4,  # many illegal requests: they must be well-formed all the same
    )
    reference = CheckingReference()
    engine = InProcessEngine()
    try:
        for index in range(60):
            outcome = play_hand(RandomDraw.for_hand(5, index), config, engine, reference)
            assert outcome.divergence is None, outcome.divergence
    finally:
        engine.close()
    assert reference.ops.count("new_hand") == 60 and reference.ops.count("act") > 300

"""`stud fuzz` with requests in flight (protocol 1.2 ``pipelining``): an engine that
announces it is sent several ``act`` requests before their replies are read, and what the
fuzzer finds is exactly what it finds reading each reply before the next request, on an
engine that agrees and on one whose bugs make the hand go on from the engine's offer."""

from __future__ import annotations

import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from stud.fuzz import play
from stud.fuzz.plan import FuzzConfig, RandomDraw
from stud.fuzz.play import Outcome, Reference, play_hand
from stud.protocol.client import AHEAD, SubprocessEngine

pytest.importorskip("hypothesis")

ROOT = Path(__file__).resolve().parents[3]
CONFIG = FuzzConfig(players=(2, 8), stacks=(Decimal(1), Decimal(20)), illegal_one_in=6)
FAKES = ROOT / "tests" / "fake_engines"
THREE_BUGS = f"{sys.executable} {FAKES / 'three_bugs.py'}"
NO_CAP = f"{sys.executable} {FAKES / 'planted.py'} no-cap"  # found mid-hand, which goes on
CRASH = f"{sys.executable} {FAKES / 'flaky_reference.py'} crash raise"  # requests in flight
SERVE = f"{sys.executable} -m stud.protocol.server"


class OneAtATime(SubprocessEngine):
    """The same engine, each reply read before the next request."""

    @property
    def ahead(self) -> int:
        return 1


def played(engine: SubprocessEngine, hands: int, seed: int) -> list[Outcome]:
    try:
        return [
            play_hand(RandomDraw.for_hand(seed, i), CONFIG, engine, Reference())
            for i in range(hands)
        ]
    finally:
        engine.close()


def summary(outcome: Outcome) -> tuple[Any, ...]:
    divergence = outcome.divergence
    return (
        [(s.request, s.ok, s.street) for s in outcome.steps],
        [(f.key, f.detail, index) for f, index in outcome.findings],
        None if divergence is None else (divergence.key, divergence.step, divergence.rule),
        outcome.unsupported,
    )


@pytest.mark.parametrize(
    "command",
    [SERVE, THREE_BUGS, NO_CAP, CRASH],
    ids=["agrees", "three-bugs", "no-cap", "crashes-on-raise"],
)
def test_requests_in_flight_find_what_one_at_a_time_finds(
    command: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ahead = SubprocessEngine(command)
    assert "pipelining" in ahead.info.features and ahead.ahead == AHEAD > 1
    passes: list[tuple[int, bool]] = []  # (requests in flight, whether the pass stood)
    original = play._play

    def spy(*args: Any, **kwargs: Any) -> Outcome | None:
        outcome = original(*args, **kwargs)
        passes.append((args[-1], outcome is not None))
        return outcome

    monkeypatch.setattr(play, "_play", spy)
    fast = played(ahead, 30, seed=4)
    monkeypatch.undo()
    slow = played(OneAtATime(command), 30, seed=4)
    assert [summary(o) for o in fast] == [summary(o) for o in slow]
    stood = [ok for depth, ok in passes if depth == AHEAD]
    # every hand tried ahead, most stood (a hand dealt again under another reading of who
    # acts is tried ahead once more)
    assert len(stood) >= 30 and any(stood)
    assert any(not o.steps[i].ok for o in fast for i in range(len(o.steps)))  # refusals too
    if command == NO_CAP:
        assert not all(stood)  # a difference the hand went on from: played again
    if command != SERVE:
        assert any(o.findings for o in fast)
    else:
        assert all(stood) and not any(o.findings for o in fast)


def test_an_engine_that_does_not_announce_it_gets_one_request_at_a_time() -> None:
    engine = SubprocessEngine(f"{sys.executable} {FAKES / 'toy.py'}")
    try:
        assert "pipelining" not in engine.info.features and engine.ahead == 1
    finally:
        engine.close()

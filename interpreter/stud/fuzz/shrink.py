"""Shrinking a divergent hand with hypothesis's shrinker (no home-made one).

A fuzzed hand is a sequence of integer choices (:mod:`stud.fuzz.plan`).  Hypothesis's
conjecture engine is handed that sequence as a failing example and shrinks it: fewer
choices (fewer players, fewer actions, so fewer streets) and smaller ones (smaller stacks,
lower seats, the simplest legal action), keeping only candidates that still diverge in the
same class (the same first differing field on the same street).  The budget counts hands
played; once it is spent the shrinker is stopped and the smallest failing hand found so
far is kept.  (The conjecture engine is hypothesis's internal API: the ``fuzz`` extra pins
a range it is tested with.)

Hypothesis is the ``fuzz`` extra; without it, hands are reported unshrunk.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from stud.fuzz.plan import Draw


class DataDraw:
    """Choices drawn from a hypothesis ``ConjectureData`` (integers shrink towards ``lo``)."""

    def __init__(self, data: Any) -> None:
        self.data = data

    def integer(self, lo: int, hi: int) -> int:
        if hi <= lo:
            return lo
        return int(self.data.draw_integer(lo, hi, shrink_towards=lo))


class _BudgetSpent(Exception):
    """Raised through hypothesis to stop shrinking."""


def available() -> bool:
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        return False
    return True


def shrink_choices(
    choices: Sequence[int], still_fails: Callable[[Draw], bool], budget: int = 400
) -> list[int]:
    """The smallest choice sequence hypothesis finds for which ``still_fails`` holds.

    >>> def fails(draw):  # "fails" whenever the first number is at least 3
    ...     return draw.integer(0, 100) >= 3
    >>> shrink_choices([90, 5, 7], fails)
    [3]
    """
    from hypothesis import HealthCheck, Phase, settings
    from hypothesis.errors import FlakyStrategyDefinition, StopTest
    from hypothesis.internal.conjecture.data import Status
    from hypothesis.internal.conjecture.engine import ConjectureRunner, RunIsComplete
    from hypothesis.internal.escalation import InterestingOrigin

    origin = InterestingOrigin(AssertionError, "stud-fuzz", 0, (), ())
    played = [0]

    def test_function(data: Any) -> None:
        if played[0] >= budget:
            raise _BudgetSpent
        played[0] += 1
        try:
            failing = still_fails(DataDraw(data))
        except StopTest:
            raise
        except Exception:  # noqa: BLE001 - a candidate that breaks is just not kept
            failing = False
        if failing:
            data.mark_interesting(origin)

    runner = ConjectureRunner(
        test_function,
        settings=settings(
            database=None,
            deadline=None,
            max_examples=budget,
            phases=(Phase.shrink,),
            suppress_health_check=list(HealthCheck),
        ),
        random=random.Random(0),
    )
    try:
        first = runner.cached_test_function(list(choices))
    except (TypeError, AttributeError):  # a hypothesis whose internals changed: no shrinking
        return list(choices)
    if getattr(first, "status", None) != Status.INTERESTING:
        return list(choices)
    try:
        runner.shrink_interesting_test_cases()
    except (RunIsComplete, _BudgetSpent, FlakyStrategyDefinition):
        pass  # keep the smallest failing hand found so far
    found = runner.interesting_test_cases.get(origin)
    return [int(c) for c in found.choices] if found is not None else list(choices)

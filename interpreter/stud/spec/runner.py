"""Running scenarios against an :class:`~stud.spec.engine.Engine`.

API (also what ``stud dump-spec`` builds on)::

    scenarios = collect(FEATURES, select="razz")          # stud.spec.features
    for execution in execute_all(scenarios, engine):      # one fresh context each
        execution.result      # ScenarioResult (passed/failed/not-applicable/not-supported)
        execution.checks      # [Check(kind, expected, actual, ok, step)] in step order
        execution.actions     # [ActionRecord(seat, action, amount, ...)] sent to the engine
        execution.deck        # the deck the scenario dealt (top first)
        execution.ruleset     # the resolved ruleset document it ran under
        execution.transcript  # [{"request", "reply"}] as the engine saw them

    run(scenarios, engine) -> Iterator[ScenarioResult]    # just the results

Every engine is driven through :class:`~stud.spec.seam.CheckedEngine`, so the invariants
are checked on every state it returns.  An engine that declares a profile (``hello``) or
refuses with structured ``values`` is handled by :mod:`stud.spec.profiled`.  A scenario
is *not-supported* when the engine's ``hello()`` lacks its ruleset or a capability a step
needs, or the engine refuses with code ``unsupported``; any
:class:`~stud.errors.EngineError` (crash, timeout, garbage) fails that scenario only.
A failure is charged to a rule (:mod:`stud.spec.attribution`) and its message shows the
request, the boards and stacks at that point, and what was expected against what came.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from stud.errors import EngineError
from stud.spec.engine import Engine
from stud.spec.execution import Execution, Verdict, execute, result_of
from stud.spec.features import Scenario
from stud.spec.profiled import ProfiledRun
from stud.spec.results import ScenarioResult
from stud.spec.seam import CheckedEngine

__all__ = [
    "Execution",
    "TimeLimits",
    "Verdict",
    "execute",
    "execute_all",
    "first_deal",
    "not_run",
    "run",
]


@dataclass(frozen=True)
class TimeLimits:
    """``scenario``: seconds one scenario may take; ``total``: the whole run (--max-time).

    A scenario past its limit fails naming it; once the run is past ``total`` the scenarios
    left are not run and fail saying so.
    """

    scenario: float | None = None
    total: float | None = None

    def describe(self) -> dict[str, float | None]:
        return {"scenario_seconds": self.scenario, "max_seconds": self.total}


def execute_all(
    scenarios: Iterable[Scenario],
    engine: Engine,
    reference: Engine | None = None,
    limits: TimeLimits | None = None,
) -> Iterator[Execution]:
    """Run scenarios in order against one engine session (``hello`` asked once).

    When the engine declares a profile, or refuses with structured values, ``reference``
    (default: the in-process interpreter) decides which scenarios it applies to.
    """
    checked = engine if isinstance(engine, CheckedEngine) else CheckedEngine(engine)
    limits = limits or TimeLimits()
    started = time.monotonic()
    run_limit = f"the run time limit (--max-time {limits.total or 0:g} s)"
    scenario_limit = f"the scenario time limit ({limits.scenario or 0:g} s)"
    if limits.total is not None:
        checked.set_time_limit(limits.total, run_limit)
    try:
        hello = checked.hello()
    except EngineError as exc:
        for scenario in scenarios:
            yield Execution(result=result_of(scenario, "failed", f"engine error at hello: {exc}"))
        return
    session = ProfiledRun(checked, hello, reference)
    try:
        for scenario in scenarios:
            left = None if limits.total is None else limits.total - (time.monotonic() - started)
            if left is not None and left <= 0:
                message = f"not run: {run_limit} was reached"
                yield Execution(result=result_of(scenario, "failed", message))
                continue
            if left is not None and (limits.scenario is None or left < limits.scenario):
                checked.set_time_limit(left, run_limit)
            elif limits.scenario is not None:
                checked.set_time_limit(limits.scenario, scenario_limit)
            try:
                yield session.execute(scenario)
            finally:
                checked.set_time_limit(None)
    finally:
        session.close()


def not_run(scenarios: Iterable[Scenario], why: str) -> list[ScenarioResult]:
    """Failed results for scenarios a run never reached (it was cut short)."""
    return [result_of(s, "failed", f"not run: the run was cut short ({why})") for s in scenarios]


def run(
    scenarios: Iterable[Scenario], engine: Engine, limits: TimeLimits | None = None
) -> Iterator[ScenarioResult]:
    """Just the results of :func:`execute_all`."""
    for execution in execute_all(scenarios, engine, limits=limits):
        yield execution.result


def first_deal(transcript: Iterable[Mapping[str, Any]]) -> str | None:
    """How the first ``new_hand`` of a transcript went: None when there is none, "" when
    the engine dealt (or refused as a scenario-level ``unsupported`` or ``bad_request``),
    else why it could not deal at all (no valid reply, or an ``internal`` error).

    >>> first_deal([{"request": {"op": "new_hand"}, "reply": {"ok": True, "state": {}}}])
    ''
    >>> first_deal([{"request": {"op": "new_hand"},
    ...              "reply": {"ok": False, "error": {"code": "internal", "message": "boom"}}}])
    'internal error: boom'
    """
    for entry in transcript:
        if (entry.get("request") or {}).get("op") != "new_hand":
            continue
        reply = entry.get("reply") or {}
        if "failure" in reply:
            return str(reply["failure"])
        error = reply.get("error") or {}
        if not reply.get("ok") and error.get("code") == "internal":
            return f"internal error: {error.get('message', '')}"
        return ""
    return None

"""Running scenarios against an :class:`~stud.spec.engine.Engine`.

API (also what ``stud dump-spec`` builds on)::

    scenarios = collect(FEATURES, select="razz")          # stud.spec.features
    for execution in execute_all(scenarios, engine):      # one fresh context each
        execution.result      # ScenarioResult (status passed/failed/not-supported)
        execution.checks      # [Check(kind, expected, actual, ok, step)] in step order
        execution.actions     # [ActionRecord(seat, action, amount, ...)] sent to the engine
        execution.deck        # the deck the scenario dealt (top first)
        execution.ruleset     # the resolved ruleset document it ran under

    run(scenarios, engine) -> Iterator[ScenarioResult]    # just the results

A scenario is *not-supported* when the engine's ``hello()`` lacks its ruleset or a
capability a step needs, or the engine refuses with code ``unsupported``; any
:class:`~stud.errors.EngineError` (crash, timeout, garbage) fails that scenario only.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from stud.errors import EngineError, StudError
from stud.spec.context import ActionRecord, Check, NotSupported, ScenarioContext
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.features import Scenario
from stud.spec.results import ScenarioResult
from stud.spec.vocabulary import run_step


@dataclass
class Execution:
    """Everything one scenario run produced."""

    result: ScenarioResult
    checks: list[Check] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    ruleset: dict[str, Any] | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    dealer: int | None = None


def _status(exc: BaseException, step: str) -> tuple[str, str]:
    where = f"at '{step}': " if step else ""
    if isinstance(exc, NotSupported):
        return "not-supported", f"{where}{exc}"
    if isinstance(exc, EngineRefusal):
        if exc.code == "unsupported":
            return "not-supported", f"{where}engine: {exc.message}"
        return "failed", f"{where}engine refused: {exc}"
    if isinstance(exc, EngineError):
        return "failed", f"{where}engine error: {exc}"
    if isinstance(exc, AssertionError | StudError):
        return "failed", f"{where}{exc}"
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" ({frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})" if frame else ""
    return "failed", f"{where}crash: {type(exc).__name__}: {exc}{place}"


def execute(
    scenario: Scenario, engine: Engine, hello: Mapping[str, Any] | None = None
) -> Execution:
    """Run one scenario with a fresh context; never raises for a scenario-level problem."""
    ctx = ScenarioContext(engine=engine, hello=dict(hello or {}))
    status, message = "passed", ""
    started = time.perf_counter()
    step_text = ""
    try:
        for step in scenario.steps:
            step_text = str(step)
            run_step(ctx, step.kind, step.text, step.table)
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - every failure becomes this scenario's result
        status, message = _status(exc, step_text)
    result = _result(scenario, status, message, time.perf_counter() - started)
    return Execution(
        result=result,
        checks=list(ctx.checks),
        actions=list(ctx.actions),
        deck=list(ctx.deck or []),
        ruleset=ctx.ruleset_document,
        seats=[dict(s, stack=str(s["stack"])) for s in ctx.seats],
        dealer=ctx.dealer,
    )


def _result(scenario: Scenario, status: str, message: str, duration: float = 0.0) -> ScenarioResult:
    return ScenarioResult(
        id=scenario.id,
        feature=scenario.feature,
        feature_name=scenario.feature_name,
        rule=scenario.rule,
        scenario=scenario.name,
        tags=scenario.tags,
        ruleset=scenario.ruleset,
        status=status,
        message=message,
        duration=duration,
        variant=scenario.variant,
    )


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
    scenarios: Iterable[Scenario], engine: Engine, limits: TimeLimits | None = None
) -> Iterator[Execution]:
    """Run scenarios in order against one engine session (``hello`` asked once)."""
    limits = limits or TimeLimits()
    started = time.monotonic()
    run_limit = f"the run time limit (--max-time {limits.total or 0:g} s)"
    scenario_limit = f"the scenario time limit ({limits.scenario or 0:g} s)"
    if limits.total is not None:
        engine.set_time_limit(limits.total, run_limit)
    try:
        hello = engine.hello()
    except EngineError as exc:
        for scenario in scenarios:
            yield Execution(result=_result(scenario, "failed", f"engine error at hello: {exc}"))
        return
    for scenario in scenarios:
        left = None if limits.total is None else limits.total - (time.monotonic() - started)
        if left is not None and left <= 0:
            message = f"not run: {run_limit} was reached"
            yield Execution(result=_result(scenario, "failed", message))
            continue
        if left is not None and (limits.scenario is None or left < limits.scenario):
            engine.set_time_limit(left, run_limit)
        elif limits.scenario is not None:
            engine.set_time_limit(limits.scenario, scenario_limit)
        try:
            yield execute(scenario, engine, hello)
        finally:
            engine.set_time_limit(None)


def not_run(scenarios: Iterable[Scenario], why: str) -> list[ScenarioResult]:
    """Failed results for scenarios a run never reached (it was cut short)."""
    return [_result(s, "failed", f"not run: the run was cut short ({why})") for s in scenarios]


def run(
    scenarios: Iterable[Scenario], engine: Engine, limits: TimeLimits | None = None
) -> Iterator[ScenarioResult]:
    """Just the results of :func:`execute_all`."""
    for execution in execute_all(scenarios, engine, limits):
        yield execution.result

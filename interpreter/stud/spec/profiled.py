"""Engine profiles in a run: which scenarios an engine's own rule values leave intact.

An engine declares the rule values it plays (``hello`` ``profile``), or names them when it
refuses a ruleset (``unsupported`` with ``values``).  For each scenario whose ruleset asks
for something else, :class:`ProfiledRun` plays the scenario twice on the reference
interpreter, once as written and once with the engine's values in the ruleset
(:meth:`~stud.spec.profile.Profile.apply`), and compares everything an observer sees
(every check and its outcome, every action sent).  No list says which scenarios depend on
which values: the reference decides.

- Same outcome: the values do not matter here, so the engine plays the scenario with its
  own values, and it passes or fails *under profile* (``ScenarioResult.profile``).
- Another outcome: the scenario is *not applicable*; its catalogue ids are the engine's
  declared deviations, with the values it plays (``ScenarioResult.deviations``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

from stud.spec.engine import Engine
from stud.spec.execution import Execution, execute
from stud.spec.features import Scenario
from stud.spec.profile import Profile, ProfileValue
from stud.spec.seam import CheckedEngine

MAX_REFUSALS = 4  # structured refusals learnt from per scenario before giving up


def _deviation(value: ProfileValue) -> dict[str, Any]:
    return {"path": value.path, "wanted": value.wanted, "plays": value.plays}


def profile_text(values: list[ProfileValue]) -> str:
    """The values a scenario ran under, as ``path=value`` pairs.

    >>> profile_text([ProfileValue("dealing.burn", True, False)])
    'dealing.burn=false'
    """
    return ", ".join(f"{v.path}={json.dumps(v.plays)}" for v in values)


def _first_difference(base: Execution, alt: Execution) -> str:
    """What the reference saw differently under the engine's values, in a phrase."""
    for mine, theirs in zip(base.checks, alt.checks, strict=False):
        if (mine.kind, mine.actual) != (theirs.kind, theirs.actual):
            return (
                f"at '{mine.step}' {mine.kind} would be {theirs.actual!r} instead of "
                f"{mine.actual!r}"
            )
    if alt.result.status != base.result.status:
        reason = alt.result.message.splitlines()[0] if alt.result.message else ""
        return f"the scenario would end {alt.result.status}" + (f" ({reason})" if reason else "")
    if len(alt.checks) != len(base.checks):
        return f"{len(alt.checks)} checks would be made instead of {len(base.checks)}"
    return "the actions sent would differ"


class ProfiledRun:
    """One engine session that honours the engine's profile, scenario by scenario."""

    def __init__(
        self, engine: CheckedEngine, hello: Mapping[str, Any], reference: Engine | None = None
    ) -> None:
        self.engine = engine
        self.hello = dict(hello)
        self.profile = Profile.from_hello(self.hello)
        self._reference = reference
        self._owned: Engine | None = None
        self._reference_hello: dict[str, Any] | None = None
        self._base: dict[str, Execution] = {}

    # --- the reference interpreter, started only when a profile needs it ----------------
    def reference(self) -> Engine:
        if self._reference is None:
            from stud.spec.inprocess import InProcessEngine

            self._owned = self._reference = InProcessEngine()
        return self._reference

    def _reference_run(self, scenario: Scenario, profile: Profile | None) -> Execution:
        engine = self.reference()
        if self._reference_hello is None:
            self._reference_hello = dict(engine.hello())
        transform = None if profile is None else profile.apply
        return execute(scenario, engine, self._reference_hello, transform)

    def base(self, scenario: Scenario) -> Execution:
        if scenario.id not in self._base:
            self._base[scenario.id] = self._reference_run(scenario, None)
        return self._base[scenario.id]

    def close(self) -> None:
        if self._owned is not None:
            self._owned.close()

    # --- one scenario ---------------------------------------------------------------------
    def execute(self, scenario: Scenario) -> Execution:
        learnt: Profile | None = None
        execution: Execution | None = None
        for _ in range(MAX_REFUSALS + 1):
            profile = self.profile.merged(learnt) if self.profile else learnt
            execution = self._under(scenario, profile)
            refusal = execution.refusal
            if refusal is None or not refusal.values:
                return execution
            more = Profile.from_refusal(refusal.values)
            merged = (learnt or Profile()).merged(more)
            if merged == learnt:  # refused again for the same values: nothing new to learn
                return execution
            learnt = merged
        assert execution is not None
        return execution

    def _under(self, scenario: Scenario, profile: Profile | None) -> Execution:
        if profile is None:
            return execute(scenario, self.engine, self.hello)
        base = self.base(scenario)
        differs = profile.differs(base.ruleset) if base.ruleset is not None else []
        if not differs:
            return execute(scenario, self.engine, self.hello)
        alt = self._reference_run(scenario, profile)
        paths = tuple(v.path for v in differs)
        if alt.outcome() != base.outcome():
            message = (
                f"depends on {', '.join(paths)}, which the engine plays as "
                f"{profile_text(differs)}: {_first_difference(base, alt)}"
            )
            result = dataclasses.replace(
                base.result,
                status="not-applicable",
                message=message,
                duration=0.0,
                deviations=tuple(_deviation(v) for v in differs),
                reasons=paths,
                charged_to=(),
            )
            return Execution(result=result, ruleset=base.ruleset)
        execution = execute(scenario, self.engine, self.hello, profile.apply)
        execution.result = dataclasses.replace(execution.result, profile=profile_text(differs))
        return execution

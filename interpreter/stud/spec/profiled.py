"""Engine profiles in a run: which scenarios an engine's own rule values leave intact.

An engine declares the rule values it plays (``hello`` ``profile``), or names them when it
refuses a ruleset (``unsupported`` with ``values``).  For each scenario whose ruleset asks
for something else, :class:`ProfiledRun` plays the scenario twice on the reference
interpreter, once as written and once with the engine's values in the ruleset
(:meth:`~stud.spec.profile.Profile.apply`), and compares every check the scenario makes
and its outcome (the status, and each check's expected and observed values).  No list
says which scenarios depend on which values: the reference decides.

- Same outcome: the values do not matter here, so the engine plays the scenario with its
  own values, and it passes or fails *under profile* (``ScenarioResult.profile``).
- Another outcome: the scenario is *not applicable*; its catalogue ids are the engine's
  declared deviations, with the values it plays (``ScenarioResult.deviations``): those
  values that change the outcome on their own, or all of them when only together.

An ``unsupported`` refusal with ``values`` (at ``new_hand`` or later in the hand) adds
those values to the profile for that scenario, which is then decided again.
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


def _short(value: Any, limit: int = 60) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def wanted_text(values: list[ProfileValue]) -> str:
    """What the ruleset wants and the engine plays, value by value.

    >>> wanted_text([ProfileValue("board.ties", "suit", "position")])
    'board.ties (the ruleset wants "suit", the engine plays "position")'
    """
    return "; ".join(
        f"{v.path} (the ruleset wants {_short(v.wanted)}, the engine plays {_short(v.plays)})"
        for v in values
    )


def _first_difference(base: Execution, alt: Execution) -> str:
    """What the reference saw differently under the engine's values, in a phrase."""
    for mine, theirs in zip(base.checks, alt.checks, strict=False):
        if (mine.kind, mine.actual) != (theirs.kind, theirs.actual):
            step = mine.step[:1].upper() + mine.step[1:]
            return (
                f"under the engine's values, at '{step}' {mine.kind} would be "
                f"{theirs.actual!r} instead of {mine.actual!r}"
            )
    if alt.result.status != base.result.status:
        reason = alt.result.message.splitlines()[0] if alt.result.message else ""
        return f"the scenario would end {alt.result.status}" + (f" ({reason})" if reason else "")
    if len(alt.checks) != len(base.checks):
        return f"{len(alt.checks)} checks would be made instead of {len(base.checks)}"
    return "the outcome would differ"


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

    def _culprits(
        self, scenario: Scenario, base: Execution, differs: list[ProfileValue]
    ) -> list[ProfileValue]:
        """The values that change the outcome on their own (empty: only together)."""
        if len(differs) < 2:
            return differs
        alone = []
        for value in differs:
            one = Profile(((value.path, value.plays),))
            if self._reference_run(scenario, one).outcome() != base.outcome():
                alone.append(value)
        return alone

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
        if alt.outcome() != base.outcome():
            differs = self._culprits(scenario, base, differs) or differs
            paths = tuple(v.path for v in differs)
            message = f"depends on {wanted_text(differs)}: {_first_difference(base, alt)}"
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

"""What one scenario run produced: the record the reports are written from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

STATUSES = (
    "passed",
    "failed",
    "not-applicable",
    "not-supported",
    "expected-fail",
    "unexpected-pass",
)
# a scenario that ran on the engine (not skipped for a missing value or capability)
RAN = ("passed", "failed", "expected-fail", "unexpected-pass")
CATALOGUE_ID = re.compile(r"^[A-Z]+-\d+$")
# what a failure is charged to when the scenario itself cannot run as written (a step no
# binding matches, a table of the wrong shape...): the scenario's author, not the engine
SCENARIO = ("scenario",)


@dataclass(frozen=True, kw_only=True)
class ScenarioResult:
    """One scenario against one engine.

    ``id`` is stable across runs: ``<feature path relative to features/>:<scenario name>``.
    """

    id: str
    feature: str  # path relative to features/, e.g. "seven-card-stud/bring-in.feature"
    feature_name: str
    rule: str  # the Rule: line ("" when none)
    scenario: str
    tags: tuple[str, ...] = ()  # without "@"
    ruleset: str = ""
    status: str = "passed"
    message: str = ""  # why it failed / is not supported
    duration: float = 0.0  # seconds (reported, never asserted)
    variant: str = field(default="")  # the features/ sub-folder (variant family)
    # engine profiles: the values this scenario ran under ("" when the ruleset's own), or
    # (not-applicable / not-supported) the values it depends on: {path, wanted, plays}
    profile: str = ""
    deviations: tuple[dict[str, Any], ...] = ()
    reasons: tuple[str, ...] = ()  # value paths (or capabilities) a skip is grouped by
    # attribution: the rule (catalogue id) or concern a failure is charged to
    charged_to: tuple[str, ...] = ()
    invariant: str = ""  # the invariant the engine broke, when that failed the scenario
    # root causes (stud.spec.causes): the first is the root, the others were found net of it
    causes: tuple[dict[str, Any], ...] = ()
    following: tuple[str, ...] = ()  # later failures of the scenario, which follow the first

    @property
    def catalogue_ids(self) -> tuple[str, ...]:
        return tuple(t for t in self.tags if CATALOGUE_ID.match(t))

    @property
    def ran(self) -> bool:
        """Whether the engine actually played the scenario through its checks."""
        return self.status in RAN and not self.unwritten

    @property
    def unwritten(self) -> bool:
        """Whether the scenario failed on its own error, not on the engine's."""
        return self.charged_to == SCENARIO

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "expected-fail")

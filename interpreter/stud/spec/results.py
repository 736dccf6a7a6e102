"""What one scenario run produced: the record the reports are written from."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

STATUSES = ("passed", "failed", "not-supported", "expected-fail", "unexpected-pass")
CATALOGUE_ID = re.compile(r"^[A-Z]+-\d+$")


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

    @property
    def catalogue_ids(self) -> tuple[str, ...]:
        return tuple(t for t in self.tags if CATALOGUE_ID.match(t))

    @property
    def ok(self) -> bool:
        return self.status in ("passed", "expected-fail")

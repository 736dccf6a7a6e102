"""The exit status of ``stud verify``, for CI: did the engine play enough, and all of it right?

A run fails (exit 1) when any scenario failed (a broken invariant is a failure) or passed
against an expected failure; when nothing ran on the engine; when fewer scenarios ran than
``--min-run`` asks (a count ``N`` or a share ``P%`` of the selected scenarios); and, against
the reference interpreter, when any scenario was not supported.  ``--allow-unsupported``
is the explicit opt-out for an engine that may run nothing yet (``--min-run`` still holds).

>>> parse_min_run("110"), parse_min_run("85%")
(MinRun(count=110, percent=None), MinRun(count=None, percent=Decimal('85')))
>>> parse_min_run("85%").needed(128), parse_min_run("110").needed(128)
(109, 110)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from stud.spec.results import ScenarioResult


@dataclass(frozen=True)
class MinRun:
    """At least ``count`` scenarios, or ``percent`` of those selected, must run."""

    count: int | None = None
    percent: Decimal | None = None

    def needed(self, selected: int) -> int:
        if self.count is not None:
            return self.count
        assert self.percent is not None
        return math.ceil(Decimal(selected) * self.percent / 100)

    def __str__(self) -> str:
        return f"{self.count}" if self.count is not None else f"{self.percent}%"


def parse_min_run(text: str) -> MinRun:
    """``N`` (a count) or ``P%`` (a share of the selected scenarios); ValueError otherwise."""
    raw = text.strip()
    try:
        if raw.endswith("%"):
            percent = Decimal(raw[:-1])
            if not 0 <= percent <= 100:
                raise ValueError
            return MinRun(percent=percent)
        count = int(raw)
        if count < 0:
            raise ValueError
        return MinRun(count=count)
    except (ValueError, InvalidOperation):
        raise ValueError(
            f"--min-run takes a count or a percentage (110, 85%), not '{text}'"
        ) from None


def gate(
    results: Sequence[ScenarioResult],
    *,
    reference: bool,
    min_run: MinRun | None = None,
    allow_unsupported: bool = False,
) -> list[str]:
    """The reasons the run fails; empty when it passes.

    >>> from stud.spec.results import ScenarioResult as R
    >>> def r(status):
    ...     return R(id="f:s", feature="f", feature_name="F", rule="", scenario="s", status=status)
    >>> gate([r("not-supported")] * 3, reference=False)
    ['nothing ran on the engine: 3 scenarios selected, 3 not supported']
    >>> gate([r("not-supported")] * 3, reference=False, allow_unsupported=True)
    []
    >>> gate([r("passed"), r("not-supported")], reference=False, min_run=parse_min_run("60%"))
    ['1 of 2 scenarios ran on the engine, fewer than --min-run 60% (2)']
    >>> gate([r("passed"), r("failed")], reference=False)
    ['1 scenario failed']
    """
    problems = []
    failed = sum(r.status == "failed" for r in results)
    if failed:
        problems.append(f"{failed} scenario{'s' * (failed != 1)} failed")
    surprising = sum(r.status == "unexpected-pass" for r in results)
    if surprising:
        problems.append(f"{surprising} listed as expected to fail passed")
    ran = sum(r.ran for r in results)
    unwritten = sum(r.unwritten for r in results)  # already counted as failed
    skipped = len(results) - ran - unwritten
    if not ran and results and not allow_unsupported:
        kinds = ", ".join(
            f"{n} {label}"
            for label, n in (
                ("not supported", sum(r.status == "not-supported" for r in results)),
                ("not applicable", sum(r.status == "not-applicable" for r in results)),
                ("cannot run as written", unwritten),
            )
            if n
        )
        problems.append(f"nothing ran on the engine: {len(results)} scenarios selected, {kinds}")
    if min_run is not None and ran < min_run.needed(len(results)):
        problems.append(
            f"{ran} of {len(results)} scenarios ran on the engine, fewer than --min-run "
            f"{min_run} ({min_run.needed(len(results))})"
        )
    if reference and skipped and not allow_unsupported:
        problems.append(f"{skipped} scenarios did not run on the reference interpreter")
    return problems

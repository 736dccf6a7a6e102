"""Shared pytest configuration: the step library of the Gherkin specification."""

from __future__ import annotations

from typing import Any

pytest_plugins = ["steps.stud_steps"]


def pytest_bdd_apply_tag(tag: str, function: Any) -> bool:
    """Gherkin tags (catalogue ids, ``ruleset:...``) are not pytest markers; select
    scenarios with ``-k`` or ``stud verify -k`` instead."""
    return True

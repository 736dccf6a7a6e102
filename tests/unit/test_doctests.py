"""Run the doctests of every ``stud`` module (the pure functions document themselves)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
import stud

MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(stud.__path__, "stud.")
    # stud.hands runs its own doctests (tests/unit/hands); __main__ modules exit on import
    if not m.name.startswith("stud.hands") and not m.name.endswith("__main__")
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} doctest(s) failed in {name}"

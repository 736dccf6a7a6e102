"""Run the worked examples written as doctests in every ``stud.hands`` module."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "stud.hands",
    "stud.hands.strength",
    "stud.hands.tables",
    "stud.hands.tablegen",
    "stud.hands.fast",
    "stud.hands.wild",
    "stud.hands.evaluate",
    "stud.hands.board",
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no doctests"
    assert result.failed == 0

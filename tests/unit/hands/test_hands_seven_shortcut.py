"""evaluate() on seven natural cards stops at the first five with the seven-card table's
strength: the very five (and name) the search of all twenty-one gives."""

from __future__ import annotations

import importlib
import random

import pytest
from stud.hands import evaluate

# the module, not the function stud.hands exports under the same name
evaluate_module = importlib.import_module("stud.hands.evaluate")


@pytest.mark.parametrize(
    ("ranking", "qualifier"),
    [("high", None), ("ace-to-five", None), ("ace-to-five", 8), ("ace-to-six", None)],
)
def test_the_shortcut_picks_what_the_full_search_picks(
    ranking: str, qualifier: int | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(f"{ranking}{qualifier}")
    hands = [rng.sample(range(52), 7) for _ in range(3000)]
    hands += [[c for c in range(52) if c & 3 == 2][:7]]  # seven hearts: flushes
    fast = [evaluate(h, ranking, qualifier=qualifier) for h in hands]
    monkeypatch.setattr(evaluate_module, "_SEVEN", {})
    full = [evaluate(h, ranking, qualifier=qualifier) for h in hands]
    assert fast == full
    assert any(v is None for v in full) == (qualifier is not None)

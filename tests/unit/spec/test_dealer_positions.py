"""No passes by coincidence: the scenarios seat the dealer in different places.

When almost every scenario seats the dealer last, dealing "from the dealer's left" is
the same as dealing in seat order, and an engine that ignores the dealer passes nearly
everything.  These tests count where the dealer sits among the seated players, how the
seats are numbered and how many players there are, and require a spread.
"""

from __future__ import annotations

from collections import Counter

import pytest
from stud.paths import FEATURES
from stud.spec.features import collect
from stud.spec.inprocess import InProcessEngine
from stud.spec.runner import Execution, execute_all


def dealer_position(seats: list[int], dealer: int) -> str:
    """Where the dealer sits among the seated players, in seat order.

    >>> dealer_position([2, 5, 7], 7), dealer_position([2, 5, 7], 2)
    ('last', 'first')
    >>> dealer_position([2, 5, 7], 5), dealer_position([2, 5, 7], 4)
    ('middle', 'empty seat')
    """
    if dealer not in seats:
        return "empty seat"
    if dealer == max(seats):
        return "last"
    return "first" if dealer == min(seats) else "middle"


@pytest.fixture(scope="module")
def dealt() -> list[Execution]:
    """Every shipped scenario that deals a hand, run on the reference."""
    runs = list(execute_all(collect(FEATURES, None), InProcessEngine()))
    return [r for r in runs if r.seats]


def _seats(run: Execution) -> list[int]:
    return sorted(int(s["seat"]) for s in run.seats)


def _dealer(run: Execution) -> int:
    return run.dealer if run.dealer is not None else max(_seats(run))


def test_the_dealer_sits_first_middle_and_last_in_many_scenarios(dealt: list[Execution]) -> None:
    positions = Counter(dealer_position(_seats(r), _dealer(r)) for r in dealt)
    total = sum(positions.values())
    assert total >= 100, positions
    for where in ("first", "middle", "last"):
        assert positions[where] >= total * 0.1, (where, positions)
    # seat order and dealing order coincide only when the dealer is last
    assert positions["last"] <= total * 0.5, positions


def test_every_variant_folder_deals_from_somewhere_other_than_seat_order(
    dealt: list[Execution],
) -> None:
    folders: dict[str, Counter[str]] = {}
    for r in dealt:
        folder = r.result.feature.split("/")[0]
        where = dealer_position(_seats(r), _dealer(r))
        folders.setdefault(folder, Counter())[where] += 1
    coincidental = [f for f, c in folders.items() if set(c) == {"last"}]
    assert not coincidental, folders


def test_seat_numbers_and_player_counts_vary(dealt: list[Execution]) -> None:
    gaps = sum(1 for r in dealt if _seats(r) != list(range(1, len(r.seats) + 1)))
    assert gaps >= len(dealt) * 0.15, f"only {gaps} scenarios skip seat numbers"
    counts = Counter(len(r.seats) for r in dealt)
    assert len(counts) >= 5 and max(counts.values()) <= len(dealt) * 0.6, counts

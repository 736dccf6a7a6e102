"""Slow, obviously-correct hand comparison used as the oracle in the hands tests.

A hand is five ``(rank, suit)`` pairs, ranks 2..14.  Every reference value is a tuple
compared with plain tuple order (bigger is better for high, smaller is better for low):
``(category, ranks in comparison order)`` where the category comes straight from sorted
group sizes and two plain tests for straight and flush.  Nothing here is shared with
``stud.hands``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

Five = Sequence[tuple[int, int]]

# group sizes, largest first -> category (high order); five of a kind only with wild cards
_SHAPES = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 6,
    (4, 1): 7,
    (5,): 9,
}
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8


def _groups(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return tuple(counts[r] for r in order), tuple(order)


def _run_top(ranks: Sequence[int], ace_high: bool) -> int:
    """Top of a five-card run (0 when the five ranks are not consecutive)."""
    if len(set(ranks)) != 5:
        return 0
    ordered = sorted(ranks)
    if ordered[4] - ordered[0] == 4:
        return ordered[4]
    if ace_high and ordered == [2, 3, 4, 5, 14]:
        return 5
    return 0


def high_value(five: Five) -> tuple[int, tuple[int, ...]]:
    """Reference high value of five cards (a flush needs distinct ranks)."""
    ranks = [r for r, _ in five]
    shape, order = _groups(ranks)
    flush = len({s for _, s in five}) == 1 and len(set(ranks)) == 5
    top = _run_top(ranks, ace_high=True)
    if shape == (5,):
        return (9, order)
    if top and flush:
        return (STRAIGHT_FLUSH, (top,))
    category = _SHAPES[shape]
    if category >= 6:
        return (category, order)
    if flush:
        return (FLUSH, tuple(sorted(ranks, reverse=True)))
    if top:
        return (STRAIGHT, (top,))
    return (category, order)


def ace_to_five_badness(five: Five) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Reference ace-to-five badness (smaller is better): group sizes, then ranks, ace 1."""
    return _groups([1 if r == 14 else r for r, _ in five])


def ace_to_six_badness(five: Five) -> tuple[int, tuple[int, ...]]:
    """Reference ace-to-six badness: the high value with the ace only low."""
    ranks = [1 if r == 14 else r for r, _ in five]
    shape, order = _groups(ranks)
    flush = len({s for _, s in five}) == 1
    top = _run_top(ranks, ace_high=False)
    category = _SHAPES[shape]
    if top and flush:
        return (STRAIGHT_FLUSH, (top,))
    if category >= 6:
        return (category, order)
    if flush:
        return (FLUSH, tuple(sorted(ranks, reverse=True)))
    if top:
        return (STRAIGHT, (top,))
    return (category, order)


def qualifies(five: Five, qualifier: int) -> bool:
    """Five distinct ranks, all at most the qualifier, aces low."""
    ranks = {1 if r == 14 else r for r, _ in five}
    return len(ranks) == 5 and max(ranks) <= qualifier


def best_high(cards: Sequence[tuple[int, int]]) -> tuple[int, tuple[int, ...]]:
    return max(high_value(f) for f in combinations(cards, 5))


def best_low(
    cards: Sequence[tuple[int, int]], ranking: str, qualifier: int | None = None
) -> tuple[object, ...] | None:
    """Least badness over every five (``None`` when a qualifier leaves none)."""
    badness = ace_to_five_badness if ranking == "ace-to-five" else ace_to_six_badness
    fives = [f for f in combinations(cards, 5) if qualifier is None or qualifies(f, qualifier)]
    if not fives:
        return None
    return min(badness(f) for f in fives)


def assert_same_order(pairs: Sequence[tuple[Any, int]], smaller_is_better: bool = False) -> None:
    """Check that our strengths order hands exactly as the reference values do.

    ``pairs`` holds ``(reference value, our strength)``; equal reference values must have
    equal strengths and a better reference value a strictly higher strength.
    """
    by_reference: dict[Any, set[int]] = {}
    for reference, strength in pairs:
        by_reference.setdefault(reference, set()).add(strength)
    ordered = sorted(by_reference, reverse=smaller_is_better)  # worst first
    previous = None
    for reference in ordered:
        strengths = by_reference[reference]
        assert len(strengths) == 1, f"{reference} got several strengths {strengths}"
        (strength,) = strengths
        if previous is not None:
            assert strength > previous[1], f"{reference} not above {previous[0]}"
        previous = (reference, strength)

"""Five cards some of which are wild: the best thing the wild cards can stand for.

A *full* wild card (a wild rank, or a joker played as ``wild``) may be any card, even
one already in the hand.  The *bug* (ASF-02) may be an ace, or any card that completes a
straight or a flush; as an ace it may join other aces (up to five aces) but never pairs
another rank.  For low rankings every wild card, the bug included, becomes the best card
for the low: one that neither pairs the hand nor (ace-to-six) completes a straight.

Inputs are the natural cards as ``(rank, suit)`` pairs with ranks 2..14 and the number of
wild cards; outputs are grades (high) or badness (low) on the scale of
:mod:`stud.hands.strength`.

>>> from stud.hands.strength import FOUR_OF_A_KIND, PAIR, THREE_OF_A_KIND
>>> high_with_wilds([(13, 0), (13, 1)], wild=0, bug=1) == grade(PAIR, [13, 14])
True
>>> high_with_wilds([(14, 0), (14, 2)], wild=0, bug=1) == grade(THREE_OF_A_KIND, [14])
True
>>> four_hearts = [(9, 2), (4, 2), (7, 2), (13, 2)]
>>> high_with_wilds(four_hearts, wild=0, bug=1) == grade(FLUSH, [14, 13, 9, 7, 4])
True
>>> high_with_wilds([(13, 0), (7, 1)], wild=3, bug=0) == grade(FOUR_OF_A_KIND, [13, 7])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from stud.hands.strength import (
    FLUSH,
    STRAIGHT,
    STRAIGHT_FLUSH,
    grade,
    pattern_grade,
)
from stud.hands.tables import ace_to_six_badness


def wild_group_rank(ranks: Sequence[int]) -> int:
    """The rank full wild cards join to make the best groups: the biggest group, highest.

    With no natural card at all the wild cards are aces.

    >>> wild_group_rank([7, 7, 13]), wild_group_rank([13, 7]), wild_group_rank([])
    (7, 13, 14)
    """
    if not ranks:
        return 14
    return max(ranks, key=lambda r: (ranks.count(r), r))


def high_with_wilds(naturals: Sequence[tuple[int, int]], wild: int, bug: int) -> int:
    """Best high grade of five cards: ``naturals`` plus ``wild`` full wilds and ``bug`` bugs.

    Pair-type hands put the bug among the aces and every full wild in the best group;
    straights and flushes let every wild card (the bug too) fill the gaps.
    """
    ranks = [r for r, _ in naturals]
    pattern_ranks = ranks + [14] * bug
    best = pattern_grade(pattern_ranks + [wild_group_rank(pattern_ranks)] * wild)
    fillers = wild + bug
    if not fillers:
        return best
    suited = len({s for _, s in naturals}) <= 1
    if len(set(ranks)) == len(ranks):
        top = _straight_top_with_gaps(ranks)
        if top:
            best = max(best, grade(STRAIGHT_FLUSH if suited else STRAIGHT, [top]))
        if suited:
            fill = [r for r in range(14, 1, -1) if r not in ranks][:fillers]
            best = max(best, grade(FLUSH, sorted(ranks + fill, reverse=True)))
    return best


def _straight_top_with_gaps(ranks: Sequence[int]) -> int:
    """Top of the highest five-rank run holding all ``ranks`` (distinct), gaps being wild.

    >>> _straight_top_with_gaps([14, 3]), _straight_top_with_gaps([9, 12])
    (5, 13)
    """
    for top in range(14, 4, -1):
        low_end = top - 4
        if all(low_end <= r <= top or (top == 5 and r == 14) for r in ranks):
            return top
    return 0


def low_with_wilds(
    naturals: Sequence[tuple[int, int]],
    wilds: int,
    ace_to_six: bool,
    qualifier: int | None = None,
) -> int | None:
    """Least badness of five cards for a low, the wild cards chosen for the low.

    Ranks count the ace as 1.  Returns ``None`` when ``qualifier`` is set and no choice of
    the wild cards gives five distinct ranks all at most the qualifier.

    >>> from stud.hands.strength import HIGH_CARD
    >>> a234 = [(14, 0), (2, 1), (3, 2), (4, 3)]
    >>> low_with_wilds(a234, 1, ace_to_six=False) == grade(HIGH_CARD, [5, 4, 3, 2, 1])
    True
    >>> low_with_wilds(a234, 1, ace_to_six=True) == grade(HIGH_CARD, [6, 4, 3, 2, 1])
    True
    >>> low_with_wilds([(9, 0), (9, 1), (3, 2), (4, 3)], 1, False, qualifier=8) is None
    True
    """
    ranks = [1 if r == 14 else r for r, _ in naturals]
    absent = [r for r in range(1, 14) if r not in ranks]
    if qualifier is not None and len(set(ranks)) < len(ranks):
        return None  # a natural pair: no choice of wild cards makes five distinct ranks
    options: Iterable[Sequence[int]] = _colex(absent, wilds) if ace_to_six else [absent[:wilds]]
    best: int | None = None
    for option in options:
        five = ranks + list(option)
        if qualifier is not None and max(five) > qualifier:
            break  # options come lowest first: every later one is higher still
        # a wild card takes a suit unlike the naturals, so wild lows are never flushes
        badness = ace_to_six_badness(five) if ace_to_six else pattern_grade(five)
        if best is None or badness < best:
            best = badness
        if badness >> 20 not in (STRAIGHT, STRAIGHT_FLUSH):
            break  # the lowest choice that is not a straight: nothing later beats it
    return best


def _colex(items: Sequence[int], k: int) -> Iterator[tuple[int, ...]]:
    """The ``k``-subsets of ascending ``items``, lowest first when read from the top card.

    That is the order of the lows they make, so the search for the best wild low stops at
    the first subset that is not a straight: a handful of steps instead of every subset
    (1,287 for five wild cards), which made a hand with every rank wild take seconds.

    >>> list(_colex([1, 2, 3, 4], 2))
    [(1, 2), (1, 3), (2, 3), (1, 4), (2, 4), (3, 4)]
    """
    if k == 0:
        yield ()
        return
    for i in range(k - 1, len(items)):
        for rest in _colex(items[:i], k - 1):
            yield (*rest, items[i])

"""The strength scale shared by every ranking, and the readable names of hands.

A *grade* packs a category and up to five ranks into one ``int``::

    category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

Ranks are listed in the order they are compared: groups first (the bigger group, then
the higher rank), one entry per group, then the leftover single cards from high to low;
a straight lists only its top card.  So ``full house, queens over threes`` is
``(6, [12, 3])`` and ``two pair, kings and fives, ace kicker`` is ``(2, [13, 5, 14])``.
Comparing grades as integers compares hands exactly; equal grades tie.

High hands use the grade as their strength.  Low hands are graded "as a high hand" with
the ace counted as 1 (how bad the hand is) and the strength is ``LOW_BASE - badness``,
so a higher strength is still better.

>>> grade(FULL_HOUSE, [12, 3]) > grade(STRAIGHT, [14])
True
>>> high_name(grade(TWO_PAIR, [13, 5, 14]))
'two pair, kings and fives'
>>> low_name(LOW_BASE - grade(HIGH_CARD, [7, 5, 4, 3, 1]))
'seven-five low'
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import RANK_NAMES, RANK_PLURALS

HIGH_CARD = 0
PAIR = 1
TWO_PAIR = 2
THREE_OF_A_KIND = 3
STRAIGHT = 4
FLUSH = 5
FULL_HOUSE = 6
FOUR_OF_A_KIND = 7
STRAIGHT_FLUSH = 8
FIVE_OF_A_KIND = 9

CATEGORY_NAMES = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "straight",
    "flush",
    "full-house",
    "four-of-a-kind",
    "straight-flush",
    "five-of-a-kind",
)
LOW_CATEGORY = "low"
LOW_BASE = 1 << 24  # above every grade (the largest is five aces, 9 << 20 | 14 << 16)
_SHIFTS = (16, 12, 8, 4, 0)
_NAMES = dict(RANK_NAMES) | {1: "ace"}
_PLURALS = dict(RANK_PLURALS) | {1: "aces"}


def grade(category: int, ranks: Sequence[int]) -> int:
    """Pack a category and its compared ranks (at most five) into one integer.

    >>> grade(PAIR, [7, 14, 9, 3]) == (1 << 20) | (7 << 16) | (14 << 12) | (9 << 8) | (3 << 4)
    True
    """
    value = category << 20
    for shift, rank in zip(_SHIFTS, ranks, strict=False):
        value |= rank << shift
    return value


def category_of(value: int) -> int:
    """The category number of a grade.

    >>> category_of(grade(FLUSH, [14, 9, 7, 4, 2]))
    5
    """
    return value >> 20


def ranks_of(value: int) -> list[int]:
    """The compared ranks packed in a grade (trailing zeros dropped).

    >>> ranks_of(grade(THREE_OF_A_KIND, [7, 13, 2]))
    [7, 13, 2]
    """
    ranks = [(value >> shift) & 15 for shift in _SHIFTS]
    while ranks and ranks[-1] == 0:
        ranks.pop()
    return ranks


def pattern_grade(ranks: Sequence[int]) -> int:
    """Grade a set of at most five ranks by its groups alone (no straights or flushes).

    This reads boards and low hands, and the pair-based part of high hands.  With five of
    a rank (wild cards) it is five of a kind; three of a rank with a pair is a full house.

    >>> pattern_grade([3, 12, 12, 3, 12]) == grade(FULL_HOUSE, [12, 3])
    True
    >>> pattern_grade([5, 14]) == grade(HIGH_CARD, [14, 5])
    True
    >>> pattern_grade([7, 7, 8]) == grade(PAIR, [7, 8])
    True
    """
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(((c, r) for r, c in counts.items()), reverse=True)
    first = groups[0][0]
    second = groups[1][0] if len(groups) > 1 else 0
    if first >= 5:
        category = FIVE_OF_A_KIND
    elif first == 4:
        category = FOUR_OF_A_KIND
    elif first == 3:
        category = FULL_HOUSE if second >= 2 else THREE_OF_A_KIND
    elif first == 2:
        category = TWO_PAIR if second == 2 else PAIR
    else:
        category = HIGH_CARD
    return grade(category, [r for _, r in groups])


def five_ranks(value: int, low: bool = False) -> list[int]:
    """All five ranks a grade stands for, in compared order (straights from the top).

    >>> five_ranks(grade(FULL_HOUSE, [12, 3]))
    [12, 12, 12, 3, 3]
    >>> five_ranks(grade(STRAIGHT, [5]))
    [5, 4, 3, 2, 14]
    >>> five_ranks(grade(STRAIGHT, [5]), low=True)
    [5, 4, 3, 2, 1]
    """
    category = category_of(value)
    ranks = ranks_of(value)
    if category in (STRAIGHT, STRAIGHT_FLUSH):
        top = ranks[0]
        run = list(range(top, top - 5, -1))
        if run[-1] == 1 and not low:
            run[-1] = 14
        return run
    sizes = {
        FIVE_OF_A_KIND: (5,),
        FOUR_OF_A_KIND: (4, 1),
        FULL_HOUSE: (3, 2),
        THREE_OF_A_KIND: (3, 1, 1),
        TWO_PAIR: (2, 2, 1),
        PAIR: (2, 1, 1, 1),
    }.get(category, (1, 1, 1, 1, 1))
    out: list[int] = []
    for size, rank in zip(sizes, ranks, strict=False):
        out.extend([rank] * size)
    return out


def high_name(value: int) -> str:
    """Name a high hand (or a board) from its grade.

    >>> high_name(grade(FULL_HOUSE, [12, 3]))
    'full house, queens over threes'
    >>> high_name(grade(STRAIGHT, [14])), high_name(grade(FLUSH, [14, 9, 7, 4, 2]))
    ('ace-high straight', 'flush, ace high')
    >>> high_name(grade(PAIR, [7, 14, 3, 2])), high_name(grade(HIGH_CARD, [14, 7, 6, 4, 3]))
    ('pair of sevens', 'high card, ace')
    """
    category = category_of(value)
    ranks = ranks_of(value) or [0]
    top = _NAMES.get(ranks[0], "?")
    tops = _PLURALS.get(ranks[0], "?")
    if category == FIVE_OF_A_KIND:
        return f"five of a kind, {tops}"
    if category == STRAIGHT_FLUSH:
        return "royal flush" if ranks[0] == 14 else f"{top}-high straight flush"
    if category == FOUR_OF_A_KIND:
        return f"four of a kind, {tops}"
    if category == FULL_HOUSE:
        return f"full house, {tops} over {_PLURALS[ranks[1]]}"
    if category == FLUSH:
        return f"flush, {top} high"
    if category == STRAIGHT:
        return f"{top}-high straight"
    if category == THREE_OF_A_KIND:
        return f"three of a kind, {tops}"
    if category == TWO_PAIR:
        return f"two pair, {tops} and {_PLURALS[ranks[1]]}"
    if category == PAIR:
        return f"pair of {tops}"
    return f"high card, {top}"


def low_name(strength: int) -> str:
    """Name a low hand from its strength: by its two highest cards when unpaired.

    >>> low_name(LOW_BASE - grade(HIGH_CARD, [5, 4, 3, 2, 1]))
    'five-four low'
    >>> low_name(LOW_BASE - grade(PAIR, [13, 5, 3, 2]))
    'pair of kings'
    """
    badness = LOW_BASE - strength
    ranks = ranks_of(badness)
    if category_of(badness) == HIGH_CARD and len(ranks) >= 2:
        return f"{_NAMES[ranks[0]]}-{_NAMES[ranks[1]]} low"
    return high_name(badness)

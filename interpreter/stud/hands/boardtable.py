"""Natural boards read from tables: the key of 1 to 5 exposed cards in a few lookups.

A board without a joker and without a card the ruleset reads as wild is read exactly as
:mod:`stud.hands.board` describes, but from a table instead of by grouping its cards: the
additive rank key of :mod:`stud.hands.tables` (unique for each multiset of ranks of a given
size) picks the board's strength and where, in its cards sorted by card number, the card
that represents each group stands.  For a high board the cards are sorted from the top, so
the first card of each rank is its highest suit; for a low board from the bottom, so it is
its lowest suit.  The key is then the strength and one suit number per group, in
comparison order: the same tuple :func:`stud.hands.board.board_key` gives.

The tables hold one row per multiset of ranks (2,379 for boards of one to four cards,
6,175 more for five) and are computed from the ranks alone the first time a board of that
size is read (about 10 ms for four cards): they never depend on the hands played.
Boards of two cards, the ones read most (every fourth street), are looked up whole: the
key of each of the 2,652 of them, by its two card numbers, read from the rank table the
first time one is needed.

>>> from stud.cards import parse_cards as cards
>>> natural_key(cards("3h 3d"), low=False) > natural_key(cards("3s 3c"), low=False)
False
>>> natural_key(cards("6d 2c"), low=True) < natural_key(cards("6c 2s"), low=True)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from stud.hands.strength import LOW_BASE, pattern_grade
from stud.hands.tables import CARD_RANK_KEY

MAX_CARDS = 5
Row = tuple[int, tuple[int, ...]]  # strength, positions of the group representatives

# the suit number of a group's representative card: for high boards the higher suit acts
# first; for low boards (mirrored) the lower suit acts first
HIGH_SUIT = [c & 3 for c in range(52)]
LOW_SUIT = [3 - (c & 3) for c in range(52)]

# the tables by board size, for high boards and for low boards, built on first use
_TABLES: tuple[list[dict[int, Row] | None], ...] = ([None] * 6, [None] * 6)
# every two-card board (high, low) by 52 * first card + second, built on first use
_PAIRS: list[list[tuple[int, ...] | None] | None] = [None, None]


def natural_key(cards: Sequence[int], low: bool) -> tuple[int, ...] | None:
    """``(strength, suit of each group...)`` of 1 to 5 distinct natural cards (0..51), or
    None for anything else (no card, more than five, one twice, a joker)."""
    if len(cards) == 2:  # fourth street's boards, the most read: one lookup, no sorting
        first, second = cards
        if 0 <= first <= 51 and 0 <= second <= 51:
            return (_PAIRS[low] or _pair_table(low))[first * 52 + second]
    return _sorted_key(cards, low)


# each card's rank key, and the joker's: more than any board of natural cards adds up to,
# so a board holding it is found in no table
_STRENGTH_KEY = (*CARD_RANK_KEY, 1 << 40)


def natural_strength(cards: Sequence[int], low: bool) -> int | None:
    """The first item of :func:`natural_key` (the board's strength, suits aside) of 1 to 5
    natural cards as dealt (card numbers 0..51, each once), read without sorting them; None
    for a joker, no card or more than five.  Two boards of one strength hold the same ranks.

    >>> from stud.cards import parse_cards as cards
    >>> natural_strength(cards("Kd 9h 9s"), low=False) == natural_key(cards("9c Ks 9d"), False)[0]
    True
    >>> natural_strength(cards("Kd Jk"), low=False) is None
    True
    """
    n = len(cards)
    if not 0 < n <= MAX_CARDS:
        return None
    key = 0
    for card in cards:
        key += _STRENGTH_KEY[card]
    row = _table(n, low).get(key)
    return None if row is None else row[0]


def _sorted_key(cards: Sequence[int], low: bool) -> tuple[int, ...] | None:
    """:func:`natural_key` by sorting the cards and reading the rank table."""
    n = len(cards)
    if not 0 < n <= MAX_CARDS or len(set(cards)) != n:
        return None
    if low:
        ordered = sorted(cards)
        suits = LOW_SUIT
        lowest, highest = ordered[0], ordered[-1]
    else:
        ordered = sorted(cards, reverse=True)
        suits = HIGH_SUIT
        lowest, highest = ordered[-1], ordered[0]
    if lowest < 0 or highest > 51:
        return None
    key = 0
    for card in ordered:
        key += CARD_RANK_KEY[card]
    strength, positions = _table(n, low)[key]
    return (strength, *[suits[ordered[p]] for p in positions])


def _table(size: int, low: bool) -> dict[int, Row]:
    """The rank table of boards of ``size`` cards, built the first time it is read."""
    table = _TABLES[low][size]
    if table is None:
        table = _TABLES[low][size] = build_table(size, low)
    return table


def _pair_table(low: bool) -> list[tuple[int, ...] | None]:
    """The key of every two-card board by its card numbers in dealing order (None for a
    card twice), read once from the rank table (a few milliseconds)."""
    table = [_sorted_key((first, second), low) for first in range(52) for second in range(52)]
    _PAIRS[low] = table
    return table


def build_table(size: int, low: bool) -> dict[int, Row]:
    """Every multiset of ``size`` ranks (at most four of a rank) -> its row.

    >>> table = build_table(2, low=False)
    >>> from stud.hands.tables import RANK_KEY
    >>> strength, positions = table[RANK_KEY[14] + RANK_KEY[9]]
    >>> positions  # the ace, then the nine
    (0, 1)
    """
    table: dict[int, Row] = {}
    for combo in combinations_with_replacement(range(2, 15), size):
        if any(combo[i] == combo[i + 4] for i in range(size - 4)):
            continue  # five of a rank
        ranks = list(combo)
        key = sum(CARD_RANK_KEY[(r - 2) * 4] for r in ranks)
        table[key] = _low_row(ranks) if low else _high_row(ranks)
    return table


def _high_row(ranks: list[int]) -> Row:
    """Cards sorted from the top: groups by size, then rank, aces high."""
    ordered = sorted(ranks, reverse=True)
    groups = sorted(set(ordered), key=lambda r: (ordered.count(r), r), reverse=True)
    return pattern_grade(ordered), tuple(ordered.index(r) for r in groups)


def _low_row(ranks: list[int]) -> Row:
    """Cards sorted from the bottom (aces last, as in card numbers): groups by size, then
    rank with aces low, the worse first."""
    ordered = sorted(ranks)
    low = [1 if r == 14 else r for r in ordered]
    groups = sorted(set(low), key=lambda r: (low.count(r), r), reverse=True)
    return LOW_BASE - pattern_grade(low), tuple(low.index(r) for r in groups)

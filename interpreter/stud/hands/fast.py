"""Seven raw card ints in, one strength out: the evaluators for bulk work and benchmarks.

Each takes seven distinct card ints (0..51, no joker, no wild cards) and returns the same
strength :func:`stud.hands.evaluate` gives for those cards and ranking.  The card keys of
two cards are pre-added in 52 x 52 tables, so a hand costs seven list lookups, three
additions, a flush test and the row-displacement lookup of :mod:`stud.hands.tables`
(two list lookups and three bit operations, cheaper than a dict lookup).

>>> from stud.cards import parse_cards
>>> from stud.hands.strength import high_name, low_name
>>> high_name(evaluate_high7(*parse_cards("2h Jc Qc Ks Ad Ts 9c")))
'ace-high straight'
>>> high_name(evaluate_high7(*parse_cards("Ah Kh 2h 7h 9h Ac Ad")))
'flush, ace high'
>>> low_name(evaluate_ace_to_five7(*parse_cards("Ah 2s Kh Ks 3c 4h 5d")))
'five-four low'
>>> evaluate_eight_or_better7(*parse_cards("As 3s Qh Qd Qs 3h 9c"))
0
>>> low_name(evaluate_ace_to_six7(*parse_cards("Ah 2s 3c 4h 5d 6c Kd")))
'six-four low'
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from stud.hands.tables import (
    ACE5_5,
    ACE5_7_LIST,
    ACE6_5,
    ACE6_7_LIST,
    ACE6_FLUSH,
    CARD_BIT,
    CARD_KEY,
    CARD_RANK_KEY,
    CARD_SUIT,
    EIGHT7_LIST,
    FLUSH,
    FLUSH_BITS,
    HIGH5,
    HIGH7_LIST,
    MAYBE_FLUSH,
    OFFSETS,
    SUIT_OFFSET,
)

# pair tables: key of card a plus key of card b (the first also carries the suit offsets)
_PAIR2 = [[x + y for y in CARD_KEY] for x in CARD_KEY]
_RANK2 = [[x + y for y in CARD_RANK_KEY] for x in CARD_RANK_KEY]
_SUITS_FIRST2 = [[SUIT_OFFSET + x + y for y in CARD_SUIT] for x in CARD_SUIT]
_SUITS2 = [[x + y for y in CARD_SUIT] for x in CARD_SUIT]
# per suit: card -> its rank bit when it is of that suit, else 0
_SUIT_BITS = [[CARD_BIT[c] if c & 3 == s else 0 for c in range(52)] for s in range(4)]
# the flush bits of the suit counters -> the table of the flush suit
_FLUSH_SUIT = {0x0008 << (4 * s): _SUIT_BITS[s] for s in range(4)}

# The tables are bound as default arguments: local lookups are faster than global ones.
# (Typed Any so that calls like ``evaluate_high7(*cards)`` type-check.)


def _flush_suit(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> list[int] | None:
    """The rank-bit table of the suit holding five or more of the cards, if any."""
    counters = _SUITS_FIRST2[a][b] + _SUITS2[c][d] + _SUITS2[e][f] + CARD_SUIT[g]
    return _FLUSH_SUIT.get(counters & FLUSH_BITS)


def evaluate_high7(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    f: int,
    g: int,
    _pair: Any = _PAIR2,
    _card: Any = CARD_KEY,
    _maybe_flush: Any = MAYBE_FLUSH,
    _rows: Any = OFFSETS,
    _table: Any = HIGH7_LIST,
    _flush: Any = FLUSH,
) -> int:
    """High strength of seven cards (equal to ``evaluate(cards).strength``)."""
    key = _pair[a][b] + _pair[c][d] + _pair[e][f] + _card[g]
    if _maybe_flush[key >> 23]:
        bits = _flush_suit(a, b, c, d, e, f, g)
        if bits is not None:
            # five or more of one suit rule out quads and full houses with seven cards
            return _flush[bits[a] | bits[b] | bits[c] | bits[d] | bits[e] | bits[f] | bits[g]]
    return _table[_rows[key >> 10 & 8191] + (key & 1023)]


def evaluate_high5(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _bits: Any = CARD_BIT,
    _ranks: Any = CARD_RANK_KEY,
    _table: Any = HIGH5,
    _flush: Any = FLUSH,
) -> int:
    """High strength of exactly five natural cards.

    >>> from stud.cards import parse_cards
    >>> seven_high, king_high = parse_cards("Ac 3h 4d 6s 7s"), parse_cards("Ks Qs Jc 9c 8d")
    >>> evaluate_high5(*seven_high) > evaluate_high5(*king_high)
    True
    """
    if (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3):
        return _flush[_bits[a] | _bits[b] | _bits[c] | _bits[d] | _bits[e]]
    return _table[_ranks[a] + _ranks[b] + _ranks[c] + _ranks[d] + _ranks[e]]


def evaluate_ace_to_five5(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _ranks: Any = CARD_RANK_KEY,
    _table: Any = ACE5_5,
) -> int:
    """Ace-to-five low strength of exactly five natural cards."""
    return _table[_ranks[a] + _ranks[b] + _ranks[c] + _ranks[d] + _ranks[e]]


def evaluate_ace_to_six5(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    _bits: Any = CARD_BIT,
    _ranks: Any = CARD_RANK_KEY,
    _table: Any = ACE6_5,
    _flush: Any = ACE6_FLUSH,
) -> int:
    """Ace-to-six low strength of exactly five natural cards (a flush counts against)."""
    if (a & 3) == (b & 3) == (c & 3) == (d & 3) == (e & 3):
        return _flush[_bits[a] | _bits[b] | _bits[c] | _bits[d] | _bits[e]]
    return _table[_ranks[a] + _ranks[b] + _ranks[c] + _ranks[d] + _ranks[e]]


def evaluate_ace_to_five7(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    f: int,
    g: int,
    _pair: Any = _RANK2,
    _card: Any = CARD_RANK_KEY,
    _rows: Any = OFFSETS,
    _table: Any = ACE5_7_LIST,
) -> int:
    """Ace-to-five low strength of seven cards (suits never matter)."""
    key = _pair[a][b] + _pair[c][d] + _pair[e][f] + _card[g]
    return _table[_rows[key >> 10] + (key & 1023)]


def evaluate_eight_or_better7(
    a: int,
    b: int,
    c: int,
    d: int,
    e: int,
    f: int,
    g: int,
    _pair: Any = _RANK2,
    _card: Any = CARD_RANK_KEY,
    _rows: Any = OFFSETS,
    _table: Any = EIGHT7_LIST,
) -> int:
    """Ace-to-five strength of the best qualifying eight-or-better low, or 0 for none."""
    key = _pair[a][b] + _pair[c][d] + _pair[e][f] + _card[g]
    return _table[_rows[key >> 10] + (key & 1023)]


def evaluate_ace_to_six7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """Ace-to-six low strength of seven cards (straights and flushes count against)."""
    key = _PAIR2[a][b] + _PAIR2[c][d] + _PAIR2[e][f] + CARD_KEY[g]
    if not MAYBE_FLUSH[key >> 23] or _flush_suit(a, b, c, d, e, f, g) is None:
        return ACE6_7_LIST[OFFSETS[key >> 10 & 8191] + (key & 1023)]
    # five or more suited: some fives are flushes, so weigh each five on its own
    return max(evaluate_ace_to_six5(*five) for five in combinations((a, b, c, d, e, f, g), 5))

"""Lookup tables: the rank-multiset ones shipped packed in ``_tables_data``, the rest built.

The multiset tables take seconds to compute and their row offsets about a minute, so they
are generated once by :mod:`stud.hands.tablegen` (``python -m stud.hands.tablegen``) into
``_tables_data.py`` and only unpacked at import (tens of milliseconds); a test rebuilds
them and compares.  The generator is not part of the interpreter at run time.

Every rank gets an additive *rank key* (``RANK_WEIGHTS``): small integers chosen so that
no two multisets of five, six or seven ranks (at most four of a rank) have the same sum;
these are the key values published with SKPokerEval, and ``tests/unit/hands`` checks the
uniqueness.  So a dict keyed by that sum gives the value of any rank multiset in one
lookup.

The high evaluator also adds a *suit weight* (``SUIT_WEIGHTS``) above bit 23, so a whole
seven-card key stays below 2**30 (a one-digit Python int, the fastest kind).  That sum
cannot tell every flush apart, but ``MAYBE_FLUSH`` marks each suit sum some flush can
give; only those hands (about 6.5% of random ones, half of them real flushes) count their
suits exactly, with four 4-bit counters (``CARD_SUIT``, started at 3, so a counter's top
bit is set exactly when its suit holds five cards).

The seven-card sums stay below 2**23, which lets the fast evaluators swap the dict for a
plain list through a *row-displacement* index: a sum's high bits pick a row, whose stored
offset plus the sum's low ``ROW_BITS`` bits is the list position (``OFFSETS``, computed
once by :func:`stud.hands.tablegen.row_offsets` and shipped with the tables, so no two
sums share a slot).

Tables (values are strengths on the scale of :mod:`stud.hands.strength`):

* ``HIGH5`` / ``HIGH7``: rank key -> best high grade of 5 / 7 ranks, flushes ignored
  (a seven-card hand with five of one suit cannot also hold quads or a full house).
* ``FLUSH``: 13-bit rank mask of one suit -> best flush or straight flush among them.
* ``ACE5_5`` / ``ACE5_7``: rank key -> ace-to-five low strength of 5 / 7 ranks.
* ``EIGHT7``: rank key -> ace-to-five strength when five distinct ranks ace..8 exist, else 0.
* ``ACE6_5`` / ``ACE6_7``: rank key -> ace-to-six low strength, flushes ignored;
  ``ACE6_FLUSH``: five-bit rank mask -> ace-to-six strength of those five suited cards.
* ``*_LIST``: the seven-card tables laid out by the row-displacement index (what play
  reads; the seven-card dicts are only built when asked for).

>>> from stud.hands.strength import TWO_PAIR
>>> from stud.hands.tables import ACE5_7, HIGH7  # dicts, built when first asked for
>>> HIGH7[rank_key([14, 14, 13, 13, 12, 12, 2])] == grade(TWO_PAIR, [14, 13, 12])
True
>>> ACE5_7[rank_key([14, 2, 3, 4, 5, 13, 13])] == LOW_BASE - grade(HIGH_CARD, [5, 4, 3, 2, 1])
True
"""

from __future__ import annotations

import base64
import lzma
import sys
from array import array
from collections.abc import Iterable, Sequence
from itertools import accumulate, combinations, product

from stud.errors import StudError
from stud.hands.strength import (
    FLUSH as FLUSH_CATEGORY,
)
from stud.hands.strength import (
    HIGH_CARD,
    LOW_BASE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    grade,
    pattern_grade,
)

RANK_WEIGHTS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_KEY = (0, 0, *RANK_WEIGHTS)  # by rank, 0..14
CARD_RANK_KEY = [RANK_WEIGHTS[c >> 2] for c in range(52)]  # by card int
ROW_BITS = 10
SUIT_WEIGHTS = (0, 1, 13, 18)  # clubs..spades: fewest suit sums shared with a flush
SUIT_OFFSET = 0x3333  # each suit counter starts at 3
FLUSH_BITS = 0x8888  # a counter's top bit: five or more cards of that suit
CARD_KEY = [(SUIT_WEIGHTS[c & 3] << 23) + RANK_WEIGHTS[c >> 2] for c in range(52)]
CARD_SUIT = [1 << 4 * (c & 3) for c in range(52)]  # one 4-bit counter per suit
CARD_BIT = [1 << (c >> 2) for c in range(52)]  # rank bit, bit 0 = deuce
_STRAIGHT_MASKS = [(top, 0b11111 << (top - 6)) for top in range(14, 5, -1)] + [(5, 0b1000000001111)]


def _maybe_flush() -> list[bool]:
    """Suit-weight sums of seven cards that some flush (five or more of a suit) can give.

    >>> flags = _maybe_flush()
    >>> flags[7 * SUIT_WEIGHTS[3]], flags[3 * SUIT_WEIGHTS[1] + 4 * SUIT_WEIGHTS[2]]
    (True, False)
    """
    flags = [False] * (7 * max(SUIT_WEIGHTS) + 1)
    for counts in product(range(8), repeat=4):
        if sum(counts) == 7 and max(counts) >= 5:
            flags[sum(n * w for n, w in zip(counts, SUIT_WEIGHTS, strict=True))] = True
    return flags


MAYBE_FLUSH = _maybe_flush()


def rank_key(ranks: Iterable[int]) -> int:
    """The additive key of some ranks (2..14).

    >>> rank_key([2, 2, 3, 14])
    1479182
    """
    return sum(RANK_KEY[r] for r in ranks)


def mask_straight_top(mask: int) -> int:
    """Top rank of the best straight in a 13-bit rank mask (bit 0 = deuce), or 0.

    >>> mask_straight_top(0b1000000001111), mask_straight_top(0b1111100000000)
    (5, 14)
    """
    for top, bits in _STRAIGHT_MASKS:
        if mask & bits == bits:
            return top
    return 0


def ace_to_six_badness(ranks: Sequence[int], suited: bool = False) -> int:
    """How bad five ranks (ace = 1) are in ace-to-six: their high grade, ace low only.

    >>> ace_to_six_badness([1, 2, 3, 4, 5]) == grade(STRAIGHT, [5])
    True
    >>> ace_to_six_badness([1, 10, 11, 12, 13]) == grade(HIGH_CARD, [13, 12, 11, 10, 1])
    True
    """
    pattern = pattern_grade(ranks)
    if pattern >> 20 != HIGH_CARD:
        return pattern
    ordered = sorted(ranks, reverse=True)
    top = ordered[0] if ordered[0] - ordered[4] == 4 else 0
    if suited:
        return grade(STRAIGHT_FLUSH, [top]) if top else grade(FLUSH_CATEGORY, ordered)
    return grade(STRAIGHT, [top]) if top else pattern


MULTISET_TABLES = ("HIGH5", "ACE5_5", "ACE6_5", "HIGH7", "ACE5_7", "ACE6_7")


def spread(table: dict[int, int], offsets: Sequence[int]) -> list[int]:
    """The values of a seven-card table laid out in a list by the row-displacement index."""
    return _lay_out(table, slots_of(table, offsets))


def slots_of(keys: Iterable[int], offsets: Sequence[int]) -> list[int]:
    """Where each key goes in the row-displacement layout (the seven-card tables share
    their keys, so their slots are computed once)."""
    mask = (1 << ROW_BITS) - 1
    return [offsets[k >> ROW_BITS] + (k & mask) for k in keys]


def _lay_out(table: dict[int, int] | list[int], slots: list[int]) -> list[int]:
    out = [0] * (max(slots) + 1)
    values = table.values() if isinstance(table, dict) else table
    for slot, value in zip(slots, values, strict=True):
        out[slot] = value
    return out


Columns = tuple[list[int], list[int]]  # a table's keys (ascending) and values


def decode_columns(text: str) -> dict[str, Columns]:
    """Unpack what :func:`encode_tables` wrote, as keys and values (no dict is built)."""
    raw = memoryview(lzma.decompress(base64.b64decode(text)))  # b64: decoded in C
    tables: dict[str, Columns] = {}
    pos = 0
    while pos < len(raw):
        name = bytes(raw[pos : pos + 8]).decode().strip()
        n_keys, n_values = _read(raw, pos + 8, 2, "I")
        pos += 16
        deltas = _read(raw, pos, n_keys, "I")
        pos += 4 * n_keys
        values = list(_read(raw, pos, n_values, "I"))  # one int object per distinct value
        pos += 4 * n_values
        index = _read(raw, pos, n_keys, "H")
        pos += 2 * n_keys
        tables[name] = (list(accumulate(deltas)), list(map(values.__getitem__, index)))
    return tables


def decode_tables(text: str) -> dict[str, dict[int, int]]:
    """Unpack what :func:`encode_tables` wrote."""
    return {
        name: dict(zip(keys, values, strict=True))
        for name, (keys, values) in decode_columns(text).items()
    }


def _read(raw: memoryview, pos: int, count: int, code: str) -> array[int]:
    data = array(code)
    data.frombytes(raw[pos : pos + count * data.itemsize])
    if sys.byteorder == "big":
        data.byteswap()
    return data


BROKEN = (
    "the packed hand tables (stud/hands/_tables_data.py) cannot be read; reinstall stud "
    "or regenerate them with `python -m stud.hands.tablegen`"
)


def _load_multiset_tables() -> dict[str, Columns]:
    """The shipped tables (``_tables_data``) as columns; a broken install says so."""
    try:
        from stud.hands._tables_data import DATA

        tables = decode_columns(DATA)
    except (ImportError, lzma.LZMAError, ValueError) as exc:  # pragma: no cover - broken install
        raise StudError(f"{BROKEN}: {exc}") from None
    if set(tables) != {*MULTISET_TABLES, "OFFSETS"}:  # pragma: no cover - stale data file
        raise StudError(f"{BROKEN}: it holds {sorted(tables)}")
    return tables


def build_flush_tables() -> tuple[list[int], list[int]]:
    """``FLUSH`` for every mask of five or more ranks; ``ACE6_FLUSH`` for exactly five.

    A flush plays its five highest ranks unless the mask holds a straight flush, so each
    mask is cut down to its five highest bits and read from the grades of five-bit masks.
    """
    high = [0] * 8192
    ace6 = [0] * 8192
    fives: dict[int, int] = {}  # a mask of exactly five ranks -> its flush grade
    for combo in combinations(range(13), 5):
        mask = sum(1 << b for b in combo)
        ranks = [b + 2 for b in reversed(combo)]
        fives[mask] = grade(FLUSH_CATEGORY, ranks)
        low = [1 if r == 14 else r for r in ranks]
        ace6[mask] = LOW_BASE - ace_to_six_badness(low, suited=True)
    for mask in range(8192):
        if mask.bit_count() < 5:
            continue
        top = mask_straight_top(mask)
        if top:
            high[mask] = grade(STRAIGHT_FLUSH, [top])
            continue
        five = mask
        while five.bit_count() > 5:
            five &= five - 1  # drop the lowest rank
        high[mask] = fives[five]
    return high, ace6


_TABLES = _load_multiset_tables()
HIGH5 = dict(zip(*_TABLES["HIGH5"], strict=True))
ACE5_5 = dict(zip(*_TABLES["ACE5_5"], strict=True))
ACE6_5 = dict(zip(*_TABLES["ACE6_5"], strict=True))
_EIGHT_WORST = LOW_BASE - grade(HIGH_CARD, [8, 7, 6, 5, 4])
_ROWS = dict(zip(*_TABLES["OFFSETS"], strict=True))
OFFSETS = [_ROWS.get(r, 0) for r in range(max(_ROWS) + 1)]
# the seven-card tables share their keys: laid out in lists once, without a dict
_SLOTS = slots_of(_TABLES["HIGH7"][0], OFFSETS)
HIGH7_LIST = _lay_out(_TABLES["HIGH7"][1], _SLOTS)
ACE5_7_LIST = _lay_out(_TABLES["ACE5_7"][1], _SLOTS)
ACE6_7_LIST = _lay_out(_TABLES["ACE6_7"][1], _SLOTS)
# an eight-or-better low is an ace-to-five low no worse than eight-seven-six-five-four
EIGHT7_LIST = [v if v >= _EIGHT_WORST else 0 for v in ACE5_7_LIST]
FLUSH, ACE6_FLUSH = build_flush_tables()


_SEVEN = ("HIGH7", "ACE5_7", "ACE6_7")


def __getattr__(name: str) -> dict[int, int]:
    """The seven-card tables as dicts (``HIGH7``, ``ACE5_7``, ``ACE6_7``, ``EIGHT7``), built
    when first read: play reads the lists (``HIGH7_LIST``...), tests and docs the dicts."""
    if name in _SEVEN:
        table = dict(zip(*_TABLES[name], strict=True))
    elif name == "EIGHT7":
        table = {k: (v if v >= _EIGHT_WORST else 0) for k, v in __getattr__("ACE5_7").items()}
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = table
    return table

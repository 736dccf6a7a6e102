"""Lookup tables: the rank-multiset ones shipped packed in ``_tables_data``, the rest built.

The multiset tables take seconds to compute and their row offsets about a minute, so they
are generated once (``python -m stud.hands.tables``) into ``_tables_data.py`` and only
unpacked at import (tens of milliseconds); a test rebuilds them and compares.  If the
packed data cannot be read they are rebuilt at import, slowly but correctly.

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
once by :func:`row_offsets` and shipped with the tables, so no two sums share a slot).

Tables (values are strengths on the scale of :mod:`stud.hands.strength`):

* ``HIGH5`` / ``HIGH7``: rank key -> best high grade of 5 / 7 ranks, flushes ignored
  (a seven-card hand with five of one suit cannot also hold quads or a full house).
* ``FLUSH``: 13-bit rank mask of one suit -> best flush or straight flush among them.
* ``ACE5_5`` / ``ACE5_7``: rank key -> ace-to-five low strength of 5 / 7 ranks.
* ``EIGHT7``: rank key -> ace-to-five strength when five distinct ranks ace..8 exist, else 0.
* ``ACE6_5`` / ``ACE6_7``: rank key -> ace-to-six low strength, flushes ignored;
  ``ACE6_FLUSH``: five-bit rank mask -> ace-to-six strength of those five suited cards.
* ``*_LIST``: the seven-card tables laid out by the row-displacement index.

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
from itertools import accumulate, combinations, combinations_with_replacement, product
from pathlib import Path

from stud.hands.strength import (
    FLUSH as FLUSH_CATEGORY,
)
from stud.hands.strength import (
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    LOW_BASE,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
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


def best_high(ranks_desc: Sequence[int]) -> int:
    """Best high grade from 5 or more ranks sorted high to low, flushes ignored.

    >>> best_high([13, 13, 13, 9, 9, 9, 2]) == grade(FULL_HOUSE, [13, 9])
    True
    >>> best_high([14, 13, 13, 13, 13, 12, 12]) == grade(FOUR_OF_A_KIND, [13, 14])
    True
    """
    counts = dict.fromkeys(ranks_desc, 0)
    for r in ranks_desc:
        counts[r] += 1
    distinct = list(counts)  # descending, since ranks_desc is
    groups = sorted(((c, r) for r, c in counts.items()), reverse=True)
    top_count, top_rank = groups[0]
    others = [r for r in distinct if r != top_rank]
    if top_count >= 4:
        return grade(FOUR_OF_A_KIND, [top_rank, others[0]])
    if top_count == 3:
        paired = [r for r in others if counts[r] >= 2]
        if paired:
            return grade(FULL_HOUSE, [top_rank, paired[0]])
    mask = 0
    for r in distinct:
        mask |= 1 << (r - 2)
    top = mask_straight_top(mask)
    if top:
        return grade(STRAIGHT, [top])
    if top_count == 3:
        return grade(THREE_OF_A_KIND, [top_rank, *others[:2]])
    if top_count == 2:
        pairs = [r for r in distinct if counts[r] == 2]
        if len(pairs) >= 2:
            kicker = next(r for r in distinct if r not in pairs[:2])
            return grade(TWO_PAIR, [pairs[0], pairs[1], kicker])
        return grade(PAIR, [top_rank, *others[:3]])
    return grade(HIGH_CARD, distinct[:5])


def best_ace_to_five(ranks: Sequence[int]) -> int:
    """Ace-to-five low strength of the best five among 5 or more ranks (ace = 14 or 1).

    Every distinct rank is used before any repeat (a repeat always pairs), then the
    repeats that pair the hand least badly.

    >>> best_ace_to_five([14, 2, 2, 3, 3, 13, 13]) == LOW_BASE - grade(PAIR, [2, 13, 3, 1])
    True
    >>> best_ace_to_five([2, 2, 2, 3, 3, 3, 4]) == LOW_BASE - grade(TWO_PAIR, [3, 2, 4])
    True
    """
    low = sorted(1 if r == 14 else r for r in ranks)
    distinct = sorted(set(low))
    if len(distinct) >= 5:
        return LOW_BASE - grade(HIGH_CARD, distinct[4::-1])
    extras = list(low)
    for r in distinct:
        extras.remove(r)
    need = 5 - len(distinct)
    return LOW_BASE - min(pattern_grade(distinct + list(c)) for c in combinations(extras, need))


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


def best_ace_to_six(ranks: Sequence[int]) -> int:
    """Ace-to-six low strength of the best five among 5 or more ranks, flushes ignored.

    Every five is weighed, since a pair can beat the straight the distinct ranks make.

    >>> best_ace_to_six([14, 2, 3, 4, 5, 6, 13]) == LOW_BASE - grade(HIGH_CARD, [6, 4, 3, 2, 1])
    True
    >>> best_ace_to_six([4, 5, 5, 6, 6, 7, 8]) == LOW_BASE - grade(PAIR, [5, 7, 6, 4])
    True
    """
    low = sorted(1 if r == 14 else r for r in ranks)
    if len(set(low)) < 5:  # a pair is forced, so no straight is possible: as ace-to-five
        return best_ace_to_five(ranks)
    return LOW_BASE - min(ace_to_six_badness(c) for c in set(combinations(low, 5)))


def _multisets(size: int) -> Iterable[tuple[int, ...]]:
    """Every multiset of ``size`` ranks (2..14, at most four of each), ascending."""
    for combo in combinations_with_replacement(range(2, 15), size):
        if all(combo[i] != combo[i + 4] for i in range(size - 4)):
            yield combo


MULTISET_TABLES = ("HIGH5", "ACE5_5", "ACE6_5", "HIGH7", "ACE5_7", "ACE6_7")


def build_multiset_tables(offsets: bool = True) -> dict[str, dict[int, int]]:
    """Compute every rank-multiset table from scratch (the reference).

    The tables take a few seconds; the row-displacement ``OFFSETS`` of the seven-card
    keys about a minute more (skipped when ``offsets`` is false).
    """
    tables: dict[str, dict[int, int]] = {name: {} for name in MULTISET_TABLES}
    for size in (5, 7):
        high, ace5, ace6 = (tables[f"{prefix}{size}"] for prefix in ("HIGH", "ACE5_", "ACE6_"))
        for combo in _multisets(size):
            key = rank_key(combo)
            high[key] = best_high(combo[::-1])
            ace5[key] = best_ace_to_five(combo)
            ace6[key] = best_ace_to_six(combo)
    if offsets:
        tables["OFFSETS"] = row_offsets(tables["HIGH7"])
    return tables


def row_offsets(keys: Iterable[int]) -> dict[int, int]:
    """Row -> offset such that ``offset[key >> ROW_BITS] + (key & mask)`` never repeats.

    First fit, densest rows first (slow: about a minute; run when the tables change).

    >>> offsets = row_offsets([0, 1, 1024, 1025, 2049])
    >>> sorted({offsets[k >> ROW_BITS] + (k & 1023) for k in [0, 1, 1024, 1025, 2049]})
    [0, 1, 2, 3, 4]
    """
    mask = (1 << ROW_BITS) - 1
    rows: dict[int, list[int]] = {}
    for key in keys:
        rows.setdefault(key >> ROW_BITS, []).append(key & mask)
    used = bytearray()
    offsets: dict[int, int] = {}
    for row in sorted(rows, key=lambda r: (-len(rows[r]), r)):
        columns = sorted(rows[row])
        first = columns[0]
        pos = first
        while True:
            found = used.find(0, pos)
            pos = max(pos, len(used)) if found < 0 else found
            offset = pos - first  # pos >= first, so offsets are never negative
            if all(offset + c >= len(used) or not used[offset + c] for c in columns):
                break
            pos += 1
        need = offset + columns[-1] + 1
        if need > len(used):
            used.extend(bytes(need - len(used)))
        for c in columns:
            used[offset + c] = 1
        offsets[row] = offset
    return offsets


def spread(table: dict[int, int], offsets: Sequence[int]) -> list[int]:
    """The values of a seven-card table laid out in a list by the row-displacement index."""
    mask = (1 << ROW_BITS) - 1
    slots = {offsets[k >> ROW_BITS] + (k & mask): v for k, v in table.items()}
    out = [0] * (max(slots) + 1)
    for slot, value in slots.items():
        out[slot] = value
    return out


def encode_tables(tables: dict[str, dict[int, int]]) -> str:
    """Pack the multiset tables into base85 text (lzma-compressed, little-endian arrays).

    Per table: the sorted keys as deltas, the sorted distinct values, and one 16-bit index
    per key into those values.

    >>> small = {"HIGH5": {1: 7, 6: 9}, "ACE5_5": {1: 3, 6: 3}}
    >>> decode_tables(encode_tables(small)) == small
    True
    """
    out = bytearray()
    for name, table in tables.items():
        keys = sorted(table)
        values = sorted(set(table.values()))
        index = {v: i for i, v in enumerate(values)}
        deltas = [keys[0]] + [b - a for a, b in zip(keys, keys[1:], strict=False)]
        header = name.encode().ljust(8)
        out += header + _u32([len(keys), len(values)])
        out += _u32(deltas) + _u32(values) + _u16([index[table[k]] for k in keys])
    return base64.b85encode(lzma.compress(bytes(out), preset=9)).decode("ascii")


def decode_tables(text: str) -> dict[str, dict[int, int]]:
    """Unpack what :func:`encode_tables` wrote."""
    raw = memoryview(lzma.decompress(base64.b85decode(text)))
    tables: dict[str, dict[int, int]] = {}
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
        tables[name] = dict(zip(accumulate(deltas), [values[i] for i in index], strict=True))
    return tables


def _u32(numbers: list[int]) -> bytes:
    data = array("I", numbers)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def _u16(numbers: list[int]) -> bytes:
    data = array("H", numbers)
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def _read(raw: memoryview, pos: int, count: int, code: str) -> array[int]:
    data = array(code)
    data.frombytes(raw[pos : pos + count * data.itemsize])
    if sys.byteorder == "big":
        data.byteswap()
    return data


def _load_multiset_tables() -> dict[str, dict[int, int]]:
    """The shipped tables (``_tables_data``), or a fresh (slow) build if they cannot be read."""
    try:
        from stud.hands._tables_data import DATA

        tables = decode_tables(DATA)
    except (ImportError, lzma.LZMAError, ValueError):  # pragma: no cover - fallback
        return build_multiset_tables()
    if set(tables) != {*MULTISET_TABLES, "OFFSETS"}:  # pragma: no cover - stale data file
        return build_multiset_tables()
    return tables


def build_flush_tables() -> tuple[list[int], list[int]]:
    """``FLUSH`` for every mask of five or more ranks; ``ACE6_FLUSH`` for exactly five."""
    high = [0] * 8192
    ace6 = [0] * 8192
    for mask in range(8192):
        count = mask.bit_count()
        if count < 5:
            continue
        ranks = [r for r in range(14, 1, -1) if mask >> (r - 2) & 1]
        top = mask_straight_top(mask)
        high[mask] = grade(STRAIGHT_FLUSH, [top]) if top else grade(FLUSH_CATEGORY, ranks[:5])
        if count == 5:
            low = [1 if r == 14 else r for r in ranks]
            ace6[mask] = LOW_BASE - ace_to_six_badness(low, suited=True)
    return high, ace6


def write_data_module(path: Path) -> None:
    """Regenerate ``_tables_data.py`` (run ``python -m stud.hands.tables``)."""
    text = encode_tables(build_multiset_tables())
    lines = [text[i : i + 96] for i in range(0, len(text), 96)]
    body = "\n".join(f'    "{line}"' for line in lines)
    path.write_text(
        '"""Generated by ``python -m stud.hands.tables``: the rank-multiset tables, packed.\n\n'
        "Do not edit; ``tests/unit/hands/test_tables.py`` checks it against a fresh build.\n"
        '"""\n\n'
        f"DATA = (\n{body}\n)\n",
        encoding="ascii",
    )


_TABLES = _load_multiset_tables()
HIGH5 = _TABLES["HIGH5"]
HIGH7 = _TABLES["HIGH7"]
ACE5_5 = _TABLES["ACE5_5"]
ACE5_7 = _TABLES["ACE5_7"]
ACE6_5 = _TABLES["ACE6_5"]
ACE6_7 = _TABLES["ACE6_7"]
_EIGHT_WORST = LOW_BASE - grade(HIGH_CARD, [8, 7, 6, 5, 4])
EIGHT7 = {k: (v if v >= _EIGHT_WORST else 0) for k, v in ACE5_7.items()}
_ROWS = _TABLES["OFFSETS"]
OFFSETS = [_ROWS.get(r, 0) for r in range(max(_ROWS) + 1)]
HIGH7_LIST = spread(HIGH7, OFFSETS)
ACE5_7_LIST = spread(ACE5_7, OFFSETS)
EIGHT7_LIST = spread(EIGHT7, OFFSETS)
ACE6_7_LIST = spread(ACE6_7, OFFSETS)
FLUSH, ACE6_FLUSH = build_flush_tables()

if __name__ == "__main__":  # pragma: no cover
    write_data_module(Path(__file__).with_name("_tables_data.py"))

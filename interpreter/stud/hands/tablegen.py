"""The generator of the packed rank-multiset tables (``_tables_data.py``).

Not used when hands are played: :mod:`stud.hands.tables` only unpacks the shipped data.
``python -m stud.hands.tablegen`` writes the data module again (about a minute, for the
row offsets); ``tests/unit/hands`` rebuilds the tables with it and compares them with the
shipped ones, so a wrong generator, or stale data, fails the tests.
"""

from __future__ import annotations

import base64
import lzma
import sys
from array import array
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from pathlib import Path

from stud.hands.strength import (
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    LOW_BASE,
    PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
    TWO_PAIR,
    grade,
    pattern_grade,
)
from stud.hands.tables import (
    MULTISET_TABLES,
    ROW_BITS,
    ace_to_six_badness,
    mask_straight_top,
    rank_key,
)


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


def encode_tables(tables: dict[str, dict[int, int]]) -> str:
    """Pack the multiset tables into base64 text (lzma-compressed, little-endian arrays).

    Per table: the sorted keys as deltas, the sorted distinct values, and one 16-bit index
    per key into those values.

    >>> from stud.hands.tables import decode_tables
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
    return base64.b64encode(lzma.compress(bytes(out), preset=9)).decode("ascii")


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


def write_data_module(path: Path) -> None:
    """Regenerate ``_tables_data.py`` (run ``python -m stud.hands.tables``)."""
    text = encode_tables(build_multiset_tables())
    lines = [text[i : i + 96] for i in range(0, len(text), 96)]
    body = "\n".join(f'    "{line}"' for line in lines)
    path.write_text(
        '"""Generated by ``python -m stud.hands.tablegen``: the rank-multiset tables, packed.\n\n'
        "Do not edit; ``tests/unit/hands/test_hands_exhaustive.py`` checks it against a fresh\n"
        "build.\n"
        '"""\n\n'
        f"DATA = (\n{body}\n)\n",
        encoding="ascii",
    )


if __name__ == "__main__":  # pragma: no cover
    write_data_module(Path(__file__).with_name("_tables_data.py"))

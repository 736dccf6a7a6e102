"""Every five-card hand, and the rank-multiset tables against a fresh build."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from stud.hands import CATEGORY_NAMES, evaluate_high5
from stud.hands import tablegen as gen
from stud.hands import tables as t
from stud.hands._tables_data import DATA


@pytest.mark.slow
def test_every_five_card_hand() -> None:
    categories: Counter[int] = Counter()
    strengths: set[int] = set()
    for a, b, c, d, e in combinations(range(52), 5):
        value = evaluate_high5(a, b, c, d, e)
        categories[value >> 20] += 1
        strengths.add(value)
    named = {CATEGORY_NAMES[k]: n for k, n in categories.items()}
    assert named == {
        "straight-flush": 40,
        "four-of-a-kind": 624,
        "full-house": 3744,
        "flush": 5108,
        "straight": 10200,
        "three-of-a-kind": 54912,
        "two-pair": 123552,
        "pair": 1098240,
        "high-card": 1302540,
    }
    assert sum(categories.values()) == 2598960
    assert len(strengths) == 7462


def test_multiset_counts() -> None:
    assert len(t.HIGH5) == len(t.ACE5_5) == len(t.ACE6_5) == 6175
    assert len(t.HIGH7) == len(t.ACE5_7) == len(t.ACE6_7) == len(t.EIGHT7) == 49205


@pytest.mark.slow
def test_shipped_tables_match_a_fresh_build() -> None:
    fresh = gen.build_multiset_tables(offsets=False)  # the offsets take a minute: see below
    shipped = t.decode_tables(DATA)
    assert set(shipped) == {*fresh, "OFFSETS"}
    for name in fresh:
        assert fresh[name] == shipped[name], name


def test_rank_weights_give_every_multiset_its_own_sum() -> None:
    for size, count in ((5, 6175), (6, 18395), (7, 49205)):
        sums = {t.rank_key(combo) for combo in gen._multisets(size)}
        assert len(sums) == count


def test_row_displacement_slots_are_distinct() -> None:
    mask = (1 << t.ROW_BITS) - 1
    slots = {t.OFFSETS[k >> t.ROW_BITS] + (k & mask) for k in t.HIGH7}
    assert len(slots) == len(t.HIGH7) == 49205
    assert len(t.HIGH7_LIST) < 3 * len(t.HIGH7)  # the layout stays compact
    for table, spread in ((t.HIGH7, t.HIGH7_LIST), (t.ACE5_7, t.ACE5_7_LIST)):
        assert all(spread[t.OFFSETS[k >> t.ROW_BITS] + (k & mask)] == v for k, v in table.items())


def test_every_flush_suit_sum_is_marked() -> None:
    from itertools import product

    for counts in product(range(8), repeat=4):
        if sum(counts) == 7:
            total = sum(n * w for n, w in zip(counts, t.SUIT_WEIGHTS, strict=True))
            assert total < 128 and (max(counts) < 5 or t.MAYBE_FLUSH[total])
    # the whole seven-card key stays a one-digit int
    assert 7 * max(t.CARD_KEY) < 2**30

"""Engine test helpers: rulesets built in memory, seats, and a stand-in evaluator used only
while ``stud.hands`` does not yet provide ``evaluate``/``board_key``/``bring_in_key``."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

import stud.hands as hands


@dataclass(frozen=True)
class _HV:
    strength: int
    cards: tuple[Any, ...]
    name: str
    category: str


def _high_key(five: tuple[Any, ...]) -> tuple[int, ...]:
    ranks = sorted((c.rank for c in five), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len({c.suit for c in five}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight = 0
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight = uniq[0]
        elif uniq == [14, 5, 4, 3, 2]:
            straight = 5
    shape = [n for _, n in groups]
    if straight and flush:
        cat = 8
    elif shape[0] == 4:
        cat = 7
    elif shape[:2] == [3, 2]:
        cat = 6
    elif flush:
        cat = 5
    elif straight:
        cat = 4
    elif shape[0] == 3:
        cat = 3
    elif shape[:2] == [2, 2]:
        cat = 2
    elif shape[0] == 2:
        cat = 1
    else:
        cat = 0
    tail = [straight] if straight else [r for r, _ in groups]
    return (cat, *tail)


def _low_key(five: tuple[Any, ...], qualifier: int | None) -> tuple[int, ...] | None:
    ranks = sorted(((1 if c.rank == 14 else c.rank) for c in five), reverse=True)
    if len(set(ranks)) < 5:
        return None
    if qualifier is not None and ranks[0] > qualifier:
        return None
    return tuple(-r for r in ranks)


def _encode(key: tuple[int, ...]) -> int:
    value = 0
    for part in key:
        value = value * 32 + (part + 16)
    return value * (32 ** (6 - len(key)))


def _evaluate(cards, ranking="high", *, qualifier=None, wild_ranks=(), joker="none"):
    best = None
    for five in itertools.combinations([c for c in cards if c.rank], 5):
        if ranking == "high":
            key = _high_key(five)
        else:
            k = _low_key(five, qualifier)
            if k is None:
                continue
            key = k
        if best is None or key > best[0]:
            best = (key, five)
    if best is None:
        return None
    return _HV(_encode(best[0]), tuple(best[1]), f"{ranking} {best[0]}", ranking)


def _board_key(up, ranking="high", ties="suit"):
    cards = [c for c in up if c.rank]
    counts = Counter(c.rank for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    if ranking == "high":
        key: tuple[Any, ...] = (tuple(n for _, n in groups), tuple(r for r, _ in groups))
        top = max(cards, key=lambda c: (c.rank, c.suit)) if cards else None
    else:
        low = lambda r: 1 if r == 14 else r  # noqa: E731
        groups = sorted(counts.items(), key=lambda kv: (kv[1], low(kv[0])), reverse=True)
        key = (tuple(-n for _, n in groups), tuple(-low(r) for r, _ in groups))
        top = max(cards, key=lambda c: (low(c.rank), c.suit)) if cards else None
    if ties == "suit" and top is not None:
        suit = top.suit if ranking == "high" else -top.suit
        key = key + (suit,)
    return key


def _bring_in_key(card, aces="high", suit_order=("clubs", "diamonds", "hearts", "spades")):
    rank = 1 if (aces == "low" and card.rank == 14) else card.rank
    names = ("clubs", "diamonds", "hearts", "spades")
    return (rank, list(suit_order).index(names[card.suit]))


if not hasattr(hands, "evaluate"):
    hands.evaluate = _evaluate  # type: ignore[attr-defined]
if not hasattr(hands, "board_key"):
    hands.board_key = _board_key  # type: ignore[attr-defined]
if not hasattr(hands, "bring_in_key"):
    hands.bring_in_key = _bring_in_key  # type: ignore[attr-defined]

"""Main and side pots from what each player committed.

A pot closes at every all-in level of a player still in the hand; each pot is contested
by the players in the hand who put in at least its level, or who are not all in (while a
round is open they may still match it).  Chips of folded players count
in every level they reached (dead money), and anything above the highest level of the
players still in goes to the last pot.

>>> class P:
...     def __init__(self, c, folded=False, all_in=False):
...         self.committed, self.folded, self.all_in = c, folded, all_in
>>> ps = [P(20, all_in=True), P(50), P(50), P(30, folded=True)]
>>> [(amount, [ps.index(p) for p in elig]) for amount, elig in build_pots(ps)]
[(80, [0, 1, 2]), (70, [1, 2])]

While a round is open, a live player who has not yet called is still in the pot:

>>> ps = [P(10), P(35), P(5)]
>>> [(amount, [ps.index(p) for p in elig]) for amount, elig in build_pots(ps)]
[(50, [0, 1, 2])]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar


class Contributor(Protocol):
    committed: int
    folded: bool
    all_in: bool


P = TypeVar("P", bound=Contributor)


def build_pots(players: Sequence[P]) -> list[tuple[int, list[P]]]:
    """``[(amount, eligible players), ...]``, main pot first."""
    contenders = [p for p in players if not p.folded]
    total = sum(p.committed for p in players)
    if not contenders:
        return [(total, [])] if total else []
    top = max(p.committed for p in contenders)
    levels = sorted({p.committed for p in contenders if p.all_in and p.committed < top})
    levels.append(top)
    pots: list[tuple[int, list[P]]] = []
    previous = 0
    counted = 0
    for level in levels:
        amount = 0
        for p in players:
            c = p.committed
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = [p for p in contenders if p.committed >= level or not p.all_in]
        if amount > 0 or not pots:
            pots.append((amount, eligible))
        previous = level
        counted += amount
    if counted < total:
        amount, eligible = pots[-1]
        pots[-1] = (amount + total - counted, eligible)
    return pots

"""Which ranks are wild for a player (WILD-01, LOWHOLE-01..02).

``wild.ranks`` are wild for everyone; with ``wild.low_hole`` the rank of the player's
lowest down card is wild for that player too, the ace counting low for low rankings and
high for the high ranking (LOWHOLE-02).  Re-read whenever asked, so a later down card
(the river) can change it.

>>> from stud.cards import parse_cards
>>> from stud.rules.model import Wild
>>> wild_ranks_for(Wild(low_hole=True), parse_cards("9h 4s"), "high")
(4,)
>>> wild_ranks_for(Wild(low_hole=True), parse_cards("9h As"), "high"), wild_ranks_for(
...     Wild(low_hole=True), parse_cards("9h As"), "ace-to-five")
((9,), (14,))
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import Card
from stud.rules.model import Wild

ACE_LOW_RANKINGS = frozenset({"ace-to-five", "ace-to-six"})


def wild_ranks_for(
    wild: Wild, down: Sequence[Card], ranking: str, ranks: Sequence[int] | None = None
) -> tuple[int, ...]:
    """The ranks wild for a player holding ``down``: ``ranks`` (the ranks wild for everyone
    now, ``wild.ranks`` when not given) and the low hole card's."""
    ranks = tuple(wild.ranks) if ranks is None else tuple(ranks)
    if not wild.low_hole:
        return ranks
    naturals = [c for c in down if c.rank]
    if not naturals:
        return ranks
    if ranking in ACE_LOW_RANKINGS:
        low = min(naturals, key=lambda c: 1 if c.rank == 14 else c.rank).rank
    else:
        low = min(c.rank for c in naturals)
    return ranks if low in ranks else ranks + (low,)


def joker_for(mode: str, down: Sequence[Card]) -> str:
    """What the joker is in a hand: ``bug-up-wild-down`` (DECK-02) makes it wild for the
    player who holds it face down and a bug otherwise (face up, or in the centre).

    >>> from stud.cards import JOKER, parse_cards
    >>> joker_for("bug-up-wild-down", [JOKER]), joker_for("bug-up-wild-down", parse_cards("As"))
    ('wild', 'bug')
    >>> joker_for("bug", [JOKER])
    'bug'
    """
    if mode != "bug-up-wild-down":
        return mode
    return "wild" if any(c.is_joker for c in down) else "bug"

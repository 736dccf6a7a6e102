"""Making a share's hand from a player's cards and the common cards.

A pot share says which cards make its hand (``cards``): ``all`` (the player's own cards
and the common cards, any of them), ``own`` (the player's own cards only, the stud hand
of games with a board) or ``down`` (the hole cards only: the spade in the hole); with
``own`` and ``common`` counts the hand takes exactly that many of each (Omaha style:
two of the player's cards and three of the board).  A ``suit`` keeps only the cards of
that suit.  A ``minimum`` hand (cards) is the weakest hand that qualifies, under the
share's ranking: the high qualifier of a double-qualifier game.

>>> from stud.cards import parse_cards as cards
>>> down, up, board = cards("As Ks"), cards("Qs Js 2h"), cards("Ts 3c 3d")
>>> make_hand(down, up, board, "high", cards="all").name
'royal flush'
>>> str(make_hand(down, up, board, "high", own=2, common_count=3))
'pair of threes (3d 3c As Ks Ts)'
>>> str(make_hand(down, up, [], "one-card-high", cards="down", suit="spades"))
'ace of spades (As)'
>>> make_hand(cards("Kd Qh"), up, [], "one-card-high", cards="down", suit="spades") is None
True
>>> make_hand(down, cards("9s 9c 2h 7d 4s"), [], "high", minimum="Jc Jd 4h 5s 6c") is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from typing import Any

from stud.cards import SUIT_NAMES, Card, parse_cards
from stud.hands.evaluate import HandValue
from stud.hands.rankings import evaluate, ranking

SOURCES = ("all", "own", "down")


@lru_cache(maxsize=256)
def minimum_strength(minimum: str, ranking_name: str, stripped: tuple[int, ...] = ()) -> int:
    """The strength of the ``minimum`` hand (cards as text) under the ranking.

    >>> minimum_strength("9s 9h 8s 8h 5d", "high") > minimum_strength("9s 9h 8s 8h 4d", "high")
    True
    """
    value = evaluate(parse_cards(minimum), ranking_name, stripped=stripped)
    if value is None:
        raise ValueError(f"'{minimum}' makes no {ranking_name} hand")
    return value.strength


def make_hand(
    down: Sequence[int],
    up: Sequence[int],
    common: Sequence[int],
    ranking_name: str,
    *,
    cards: str = "all",
    own: int | None = None,
    common_count: int | None = None,
    suit: str | None = None,
    qualifier: int | None = None,
    minimum: str | None = None,
    wild_ranks: Iterable[int] = (),
    joker: str = "none",
    stripped: Sequence[int] = (),
) -> HandValue | None:
    """The best hand a player makes for a share (``None``: none, or none that qualifies).

    ``common`` is the common cards themselves; ``own`` and ``common_count`` the exact
    numbers of the player's and of the common cards a hand takes (both, or neither).
    """
    count = common_count
    if cards not in SOURCES:
        raise ValueError(f"unknown cards source '{cards}'; expected one of {', '.join(SOURCES)}")
    mine = list(down) if cards == "down" else list(down) + list(up)
    shared = list(common) if cards == "all" else []
    if suit is not None:
        wanted = SUIT_NAMES.index(suit)
        mine = [c for c in mine if not Card(int(c)).is_joker and Card(int(c)).suit == wanted]
        shared = [c for c in shared if not Card(int(c)).is_joker and Card(int(c)).suit == wanted]
    options: dict[str, Any] = {"qualifier": qualifier, "wild_ranks": tuple(wild_ranks)}
    options["joker"] = joker
    if ranking(ranking_name).stripped:
        options["stripped"] = tuple(stripped)
    if own is not None and count is not None:
        value = _exact(mine, shared, own, count, ranking_name, options)
    elif len(mine) + len(shared) < ranking(ranking_name).fewest:
        value = None
    else:
        value = evaluate(mine + shared, ranking_name, **options)
    if value is not None and minimum is not None:
        floor = minimum_strength(minimum, ranking_name, tuple(stripped))
        if value.strength < floor:
            return None
    return value


def _exact(
    mine: list[int],
    shared: list[int],
    own: int,
    count: int,
    ranking_name: str,
    options: dict[str, Any],
) -> HandValue | None:
    """The best hand of exactly ``own`` of ``mine`` and ``count`` of ``shared``."""
    best: HandValue | None = None
    for mine_part in combinations(mine, own):
        for shared_part in combinations(shared, count):
            value = evaluate(mine_part + shared_part, ranking_name, **options)
            if value is not None and (best is None or value.strength > best.strength):
                best = value
    return best

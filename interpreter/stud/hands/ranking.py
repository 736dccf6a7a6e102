"""One ranking as a record: what wins, in words and as the functions that read hands.

:class:`Ranking` is a row of the rankings table (:mod:`stud.hands.rankings`): its name,
whether the higher or the lower hand wins, its hand categories from best to worst (for
ladders), how many cards make a hand, how aces count, the evaluator and how boards are
read under it.  The helpers here put the cards that play in reading order and name cards.

>>> from stud.cards import parse_cards
>>> card_name(Card.parse("Qs")), card_name(Card.parse("2h"))
('queen of spades', 'two of hearts')
>>> arrange(parse_cards("2c Kd Ks 7h"), [13, 13, 7, 2])
(Ks, Kd, 7h, 2c)
>>> arrange(parse_cards("Ah 2c 3d"), [3, 2, 1], ace_low=True)
(3d, 2c, Ah)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from stud.cards import RANK_NAMES, SUIT_NAMES, Card
from stud.hands.evaluate import HandValue

# (natural cards, qualifier, wild ranks, joker, stripped ranks) -> the best hand or None
Evaluator = Callable[
    [list[int], "int | None", frozenset[int], str, tuple[int, ...]], "HandValue | None"
]
# exposed cards -> (strength, groups of cards in comparison order); higher acts first
BoardReader = Callable[[list[Card]], tuple[int, list[list[Card]]]]

DIRECTIONS = ("high", "low")
NAMES = dict(RANK_NAMES) | {1: "ace"}


@dataclass(frozen=True)
class Ranking:
    """A ranking of hands, as the engine, the validator and the docs read it.

    ``size`` is the number of cards in a made hand (0: every card held counts) and
    ``fewest`` the fewest cards the evaluator takes.  ``board`` is either the name of a
    ranking whose board reading this one shares, or a reader of its own;
    ``board_suits_low`` mirrors suit ties (the lowest suit acts first) as for low boards.
    ``qualifier`` says whether an integer low qualifier applies, ``wild`` whether wild
    cards and a joker may play.  Strengths are higher-is-better whatever ``direction``.
    """

    name: str
    direction: str
    summary: str
    categories: tuple[str, ...]
    size: int
    fewest: int
    aces: str
    evaluate: Evaluator
    board: str | BoardReader
    board_summary: str
    board_suits_low: bool = False
    qualifier: bool = False
    wild: bool = False
    stripped: bool = False  # reads the ranks stripped from the pack (straights skip them)


def card_name(card: int) -> str:
    """The card in words: ``queen of spades``."""
    c = Card(int(card))
    return f"{RANK_NAMES[c.rank]} of {SUIT_NAMES[c.suit]}"


def arrange(cards: Sequence[int], ranks: Sequence[int], ace_low: bool = False) -> tuple[Card, ...]:
    """``cards`` in the order of ``ranks`` (one card per entry, the highest suit first
    among cards of a rank); ``ace_low`` reads the ace as rank 1."""
    pool = sorted((Card(int(c)) for c in cards), key=lambda c: c.suit, reverse=True)
    out: list[Card] = []
    for rank in ranks:
        for card in pool:
            natural = 1 if ace_low and card.rank == 14 else card.rank
            if natural == rank:
                out.append(card)
                pool.remove(card)
                break
    return tuple(out) + tuple(pool)


def pair_name(first: int, second: int, suffix: str) -> str:
    """Two ranks in words: ``seven-five low``, ``king-queen high``."""
    return f"{NAMES[first]}-{NAMES[second]} {suffix}"

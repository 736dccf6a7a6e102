"""The table of rankings: every way of ranking hands a ruleset can name.

:data:`RANKINGS` maps a ranking name (a ``pot.shares[].ranking`` or ``board.ranking``
value) to its :class:`~stud.hands.ranking.Ranking` row; :func:`evaluate` dispatches on
it, :mod:`stud.hands.board` reads boards through it, the validator checks values against
it and the docs read its words.  Adding a ranking is adding a row.

>>> from stud.cards import parse_cards as cards
>>> [r.name for r in RANKINGS.values() if r.direction == "low"][:3]
['ace-to-five', 'ace-to-six', 'deuce-to-seven']
>>> str(evaluate(cards("7c 5d 4h 3s 2c Ac"), "deuce-to-seven"))
'seven-five low (7c 5d 4h 3s 2c)'
>>> evaluate(cards("Kd 4h 2c 3s Ad 7c 9d"), "badugi").name
'four-three badugi'
>>> evaluate(cards("8s 3s"), "one-card-high").cards
(8s,)
>>> evaluate(cards("7c 5d 4h 3s 2c"), "badugi", qualifier=8)
Traceback (most recent call last):
...
ValueError: the badugi ranking takes no qualifier
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from stud.cards import JOKER_ID, Card, format_cards
from stud.errors import CardError
from stud.hands import boards_more as boards
from stud.hands.badugi import SIZES, evaluate_badugi
from stud.hands.deuce import evaluate_deuce_to_seven
from stud.hands.evaluate import JOKER_MODES, HandValue
from stud.hands.evaluate import evaluate as evaluate_core
from stud.hands.partial import (
    evaluate_football,
    evaluate_one_card_high,
    evaluate_one_card_low,
    evaluate_two_card_high,
    evaluate_two_card_low,
)
from stud.hands.ranking import Ranking
from stud.hands.strength import CATEGORY_NAMES
from stud.hands.variants import (
    RAZZ_HIGH_CLASSES,
    SOKO_CLASSES,
    STRIPPED_CLASSES,
    evaluate_action_razz,
    evaluate_razz_high,
    evaluate_soko,
    evaluate_stripped_high,
)

MAX_CARDS = 10  # the most cards any ranking is asked to read
_HIGH_CLASSES = tuple(reversed(CATEGORY_NAMES))
_A5_CLASSES = RAZZ_HIGH_CLASSES  # no pair, pair, two pair, trips, full house, quads
_LOW_CLASSES = CATEGORY_NAMES[:-1]  # lows where straights and flushes count, best first


def _core(name: str) -> Any:
    def run(cards: list[int], qualifier: Any, wild: Any, joker: str, _stripped: Any) -> Any:
        return evaluate_core(cards, name, qualifier=qualifier, wild_ranks=wild, joker=joker)

    return run


def _plain(function: Any) -> Any:
    return lambda cards, _q, _w, _j, _s: function(cards)


_ROWS = (
    Ranking(
        "high",
        "high",
        "high hand (the usual poker order, five cards)",
        _HIGH_CLASSES,
        5,
        5,
        "high",
        _core("high"),
        "high",
        "the best board counts pairs, trips and quads only (no straights or flushes)",
        qualifier=False,
        wild=True,
    ),
    Ranking(
        "ace-to-five",
        "low",
        "ace-to-five low (aces low, straights and flushes ignored)",
        _A5_CLASSES,
        5,
        5,
        "low",
        _core("ace-to-five"),
        "ace-to-five",
        "the best board is the lowest, ace-to-five (pairs are bad)",
        board_suits_low=True,
        qualifier=True,
        wild=True,
    ),
    Ranking(
        "ace-to-six",
        "low",
        "ace-to-six low (aces low, straights and flushes count against you)",
        _LOW_CLASSES,
        5,
        5,
        "low",
        _core("ace-to-six"),
        "ace-to-six",
        "the best board is the lowest, ace-to-six",
        board_suits_low=True,
        qualifier=True,
        wild=True,
    ),
    Ranking(
        "deuce-to-seven",
        "low",
        "deuce-to-seven low (aces high, straights and flushes count against you; seven-five-"
        "four-three-two is the best)",
        _LOW_CLASSES,
        5,
        5,
        "high",
        _plain(evaluate_deuce_to_seven),
        boards.deuce_board,
        "the best board is the lowest, aces high (pairs are bad)",
        board_suits_low=True,
    ),
    Ranking(
        "badugi",
        "low",
        "badugi (the lowest hand of up to four cards of different ranks and suits, aces "
        "low; more cards beat fewer)",
        tuple(reversed(SIZES)),
        4,
        1,
        "low",
        _plain(evaluate_badugi),
        boards.badugi_board,
        "the best board is the best badugi showing",
        board_suits_low=True,
    ),
    Ranking(
        "badugi-aces-high",
        "low",
        "badugi with aces high (five-four-three-two of four suits is the best)",
        tuple(reversed(SIZES)),
        4,
        1,
        "high",
        _plain(lambda cards: evaluate_badugi(cards, aces_high=True)),
        boards.badugi_aces_high_board,
        "the best board is the best badugi showing, aces high",
        board_suits_low=True,
    ),
    Ranking(
        "razz-high",
        "high",
        "razz high (no pair beats a pair as in ace-to-five, but the higher cards win; aces low)",
        RAZZ_HIGH_CLASSES,
        5,
        5,
        "low",
        _plain(evaluate_razz_high),
        boards.razz_high_board,
        "the best board is the highest unpaired one, aces low",
    ),
    Ranking(
        "action-razz",
        "low",
        "action-razz hand (ace-to-five low, but any hand holding a jack, queen or king beats any "
        "hand without one)",
        ("face card", "no face card"),
        5,
        5,
        "low",
        _plain(evaluate_action_razz),
        boards.action_razz_board,
        "a board showing a jack, queen or king is best, then the lowest ace-to-five board",
        board_suits_low=True,
    ),
    Ranking(
        "soko",
        "high",
        "soko high hand (a four-card flush, then a four-card straight, rank between two pair "
        "and one pair)",
        SOKO_CLASSES,
        5,
        5,
        "high",
        _plain(evaluate_soko),
        "high",
        "the best board counts pairs, trips and quads only (no straights or flushes)",
    ),
    Ranking(
        "stripped-high",
        "high",
        "high hand for a stripped pack (a flush beats a full house; straights run over the "
        "ranks left in the pack)",
        STRIPPED_CLASSES,
        5,
        5,
        "high",
        lambda cards, _q, _w, _j, stripped: evaluate_stripped_high(cards, stripped),
        "high",
        "the best board counts pairs, trips and quads only (no straights or flushes)",
        stripped=True,
    ),
    Ranking(
        "two-card-high",
        "high",
        "two-card high hand (a pair beats two unpaired cards, aces high)",
        ("pair", "high-card"),
        2,
        2,
        "high",
        _plain(evaluate_two_card_high),
        "high",
        "the best board counts pairs only",
    ),
    Ranking(
        "two-card-low",
        "low",
        "two-card low (ace-to-five: aces low, pairs are bad)",
        ("high-card", "pair"),
        2,
        2,
        "low",
        _plain(evaluate_two_card_low),
        "ace-to-five",
        "the best board is the lowest, ace-to-five (pairs are bad)",
        board_suits_low=True,
    ),
    Ranking(
        "one-card-high",
        "high",
        "single card, the highest winning (aces high)",
        ("one-card",),
        1,
        1,
        "high",
        _plain(evaluate_one_card_high),
        "high",
        "the highest card showing is best",
    ),
    Ranking(
        "one-card-low",
        "low",
        "single card, the lowest winning (aces high: a deuce is lowest)",
        ("one-card",),
        1,
        1,
        "high",
        _plain(evaluate_one_card_low),
        boards.deuce_board,
        "the lowest card showing is best, aces high",
        board_suits_low=True,
    ),
    Ranking(
        "football",
        "high",
        "football count (each six scores 6, each three 3, each deuce 2, each ace 1, other "
        "cards nothing; every card held counts and the highest total wins)",
        ("points",),
        0,
        1,
        "high",
        _plain(evaluate_football),
        boards.football_board,
        "the board with the most points is best",
    ),
)

RANKINGS: dict[str, Ranking] = {r.name: r for r in _ROWS}
CORE = ("high", "ace-to-five", "ace-to-six")  # the rankings of protocol 1.1
NAMES = tuple(RANKINGS)


def ranking(name: str) -> Ranking:
    """The row of ``name``; a ``ValueError`` naming the choices when there is none."""
    row = RANKINGS.get(name) if isinstance(name, str) else None
    if row is None:
        raise ValueError(f"unknown ranking '{name}'; expected one of {', '.join(NAMES)}")
    return row


_lookup = ranking  # evaluate's ``ranking`` argument shadows the function


def evaluate(
    cards: Iterable[int],
    ranking: str = "high",
    *,
    qualifier: int | None = None,
    wild_ranks: Iterable[int] = (),
    joker: str = "none",
    stripped: Iterable[int] = (),
) -> HandValue | None:
    """The best hand of ``cards`` under the ranking named ``ranking``.

    ``qualifier`` (rankings that take one) and wild cards (``wild_ranks``, a ``joker``
    mode) are as in :func:`stud.hands.evaluate.evaluate`; ``stripped`` lists the ranks
    taken out of the pack, for rankings whose straights skip them.  ``None`` when no
    hand qualifies (or, for a one-card ranking, no card is given).
    """
    if ranking in CORE:  # straight to the tables' evaluator: no cost for the usual games
        return evaluate_core(
            cards, ranking, qualifier=qualifier, wild_ranks=wild_ranks, joker=joker
        )
    row = _lookup(ranking)
    hand = [int(c) for c in cards]
    wild = frozenset(wild_ranks)
    if qualifier is not None and not row.qualifier:
        raise ValueError(f"the {row.name} ranking takes no qualifier")
    if (wild or joker != "none") and not row.wild:
        raise ValueError(f"the {row.name} ranking plays no wild card")
    if joker not in JOKER_MODES:
        raise ValueError(f"unknown joker mode '{joker}'; expected one of {', '.join(JOKER_MODES)}")
    if not row.fewest <= len(hand) <= MAX_CARDS:
        raise CardError(
            f"a {row.name} hand is read from {row.fewest} to {MAX_CARDS} cards, not {len(hand)}"
        )
    for c in hand:
        if not 0 <= c < JOKER_ID:
            Card(c)  # out of range: the usual error
            raise CardError(f"a joker is in the hand but the {row.name} ranking plays none")
    if len(set(hand)) != len(hand):
        raise CardError(f"a card appears twice in {format_cards(hand)}")
    return row.evaluate(hand, qualifier, wild, joker, tuple(stripped))

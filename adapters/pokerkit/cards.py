"""Cards between stud and PokerKit, and the protocol's deck order."""

from __future__ import annotations

import random

import pokerkit
from stud.cards import Card, standard_deck


def pk_card(text: str) -> pokerkit.Card:
    return next(iter(pokerkit.Card.parse(text)))


def card_text(card: pokerkit.Card) -> str:
    return f"{card.rank}{card.suit}"


def highest_card(cards: list[str], aces_low: bool) -> tuple[int, int]:
    """(rank, suit) of a board's highest card, aces low for a low board: equal boards are
    broken by the suit of this card (ROUND-06; ROUND-12, where the lower suit is lower).

    >>> highest_card(["6c", "2d"], True) < highest_card(["6d", "2s"], True)
    True
    >>> highest_card(["Ah", "Ks"], False) < highest_card(["As", "Kc"], False)
    True
    """
    parsed = [Card.parse(c) for c in cards]
    return max((1 if aces_low and c.rank == 14 else c.rank, c.suit) for c in parsed)


NEW_DECK = {str(c): i for i, c in enumerate(standard_deck())}


def first_in_new_deck_order(cards: list[str]) -> str:
    """The card of ``cards`` that comes first in a new deck: a fixed choice among the cards
    PokerKit offers (it shuffles them), so that a hand always plays the same.

    >>> first_in_new_deck_order(["Kd", "As", "2s", "Ks"])
    '2s'
    """
    return min(cards, key=NEW_DECK.__getitem__)


def pack_order(deck: list[str]) -> list[str]:
    """The protocol's deck rule: listed cards first, then new-deck order (empty: seed 0)."""
    pack = [str(c) for c in standard_deck()]
    if not deck:
        shuffled = list(standard_deck())
        random.Random(0).shuffle(shuffled)
        return [str(c) for c in shuffled]
    listed = [str(Card.parse(c)) for c in deck]
    return listed + [c for c in pack if c not in set(listed)]

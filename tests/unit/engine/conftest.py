"""Shared helpers for the engine tests: shipped rulesets with overrides, seats, decks."""

from __future__ import annotations

from decimal import Decimal

from stud.cards import Card, parse_cards
from stud.engine import Hand, Seat
from stud.rules import load_ruleset
from stud.rules.model import Ruleset

NAMES = "Ann Bob Cat Dan Eve Fay Gus Hal Ivy".split()


def ruleset(name: str = "seven-card-stud", **overrides: object) -> Ruleset:
    """A shipped ruleset; keyword overrides use ``__`` for dots (``betting__max_raises``)."""
    dotted = {k.replace("__", "."): v for k, v in overrides.items()}
    return load_ruleset(name, dotted or None)


def seats(*stacks: object, first: int = 1) -> list[Seat]:
    return [
        Seat(first + i, NAMES[i % len(NAMES)], Decimal(str(s))) for i, s in enumerate(stacks)
    ]


def third_street_deck(downs: str, doors: str) -> list[Card]:
    """Deck for third street: two rounds of down cards then the door cards, in deal order.

    ``downs`` lists the first and second down cards for every player (2n cards in deal
    order), ``doors`` the n door cards.
    """
    return parse_cards(downs) + parse_cards(doors)


def deal(rs: Ruleset, stacks: list[object], dealer: int, deck: str | list[Card]) -> Hand:
    cards = parse_cards(deck) if isinstance(deck, str) else deck
    return Hand(rs, seats(*stacks), dealer=dealer, deck=cards)


def legal(hand: Hand) -> list[str]:
    return [str(a) for a in hand.legal_actions()]

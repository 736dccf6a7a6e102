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
    return [Seat(first + i, NAMES[i % len(NAMES)], Decimal(str(s))) for i, s in enumerate(stacks)]


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


def stud_deck(
    *rows: str, streets: tuple[int, ...] = (3, 1, 1, 1, 1), burn: bool = True
) -> list[Card]:
    """The deck that deals each row's cards to one player (rows in deal order from the
    dealer's left; the k-th card of a row goes out in deal round k).

    A shorter row is a player who is no longer dealt to.  A burn goes before every street
    after the first, using the lowest cards no row mentions.
    """
    hands = [parse_cards(r) for r in rows]
    used = {c for h in hands for c in h}
    spare = iter(c for c in (Card(i) for i in range(52)) if c not in used)
    deck: list[Card] = []
    k = 0
    for s, rounds in enumerate(streets):
        if k >= max(len(h) for h in hands):
            break
        if burn and s > 0:
            deck.append(next(spare))
        for _ in range(rounds):
            deck.extend(h[k] for h in hands if len(h) > k)
            k += 1
    return deck


def passive(hand: Hand) -> None:
    """Play the hand out with no raising: bring in, call, or check."""
    while hand.to_act is not None:
        names = [a.action for a in hand.legal_actions()]
        for choice in ("bring_in", "check", "call", "stand_pat"):
            if choice in names:
                hand.act(hand.to_act, choice)
                break
        else:
            raise AssertionError(f"no passive action in {legal(hand)}")

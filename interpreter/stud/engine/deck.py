"""The pack for one hand: the order the cards come off the top, burns and the run-out.

``build_pack`` turns a partial deck (as scenarios give it) or a seed into the full order;
:class:`Stub` deals from it and keeps the burned cards for DEAL-08.

>>> from stud.cards import parse_cards
>>> order, centre = build_pack(parse_cards("As Kd"), jokers=0, centre=())
>>> order[:4], len(order), centre
([As, Kd, 2c, 2d], 52, [])
>>> order, centre = build_pack(None, jokers=1, centre=("Jk",), seed=7)
>>> len(order), centre
(52, [Jk])

A stripped pack (DECK-01) has no card of the ranks taken out:

>>> order, _ = build_pack(None, jokers=1, centre=(), seed=7, stripped=(8, 9, 10))
>>> len(order), any(c.rank in (8, 9, 10) for c in order)
(41, False)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from operator import itemgetter

from stud.cards import JOKER_ID, Card, standard_deck
from stud.errors import CardError, StudError


class DeckError(StudError, ValueError):
    """A deck that cannot be dealt: a card twice, a card not in the pack, or exhausted."""


def build_pack(
    deck: Sequence[Card | str] | None,
    *,
    jokers: int,
    centre: Iterable[str],
    seed: int | None = None,
    stripped: Iterable[int] = (),
) -> tuple[list[Card], list[Card]]:
    """The full order of the stub (top first) and the centre cards taken out of the pack.

    With ``deck``, its cards come first and the rest of the pack follows in new-deck order;
    without, the pack is shuffled with ``random.Random(seed)``.  ``stripped`` ranks are not
    in the pack at all.
    """
    gone = tuple(stripped)
    centre = tuple(centre)
    if deck is not None and not centre:
        order = _full_order(deck, jokers, gone)
        if order is not None:
            return order, []
    pack = list(pack_cards(jokers, gone))
    centre_cards: list[Card] = []
    for text in centre:
        card = Card.parse(text)
        if card in pack:
            pack.remove(card)
        centre_cards.append(card)
    if deck is None:
        random.Random(seed).shuffle(pack)
        return pack, centre_cards
    members = _members(jokers, gone) if not centre_cards else frozenset(pack)
    listed: list[Card] = []
    seen: set[int] = set()
    for item in deck:
        try:
            card = item if isinstance(item, Card) else Card.parse(str(item))
        except CardError as exc:
            raise DeckError(f"deck: {exc}") from None
        if card in seen:
            raise DeckError(f"deck: {card} is listed twice")
        if card in centre_cards:
            raise DeckError(f"deck: {card} is in the centre and cannot be dealt")
        if card not in members:
            raise DeckError(f"deck: {card} is not in this ruleset's pack")
        seen.add(card)
        listed.append(card)
    return listed + [c for c in pack if c not in seen], centre_cards


_CARD_OF = tuple(Card(i) for i in range(53))
# the card of each number, and None for a negative one (-1 .. -53 land past the cards)
_BY_NUMBER: tuple[Card | None, ...] = _CARD_OF + (None,) * (JOKER_ID + 1)


def _full_order(
    deck: Sequence[Card | str], jokers: int, gone: tuple[int, ...]
) -> list[Card] | None:
    """``deck`` as the pack's cards when it is the whole pack given as card numbers (what
    a recorded hand gives), else None: it is read card by card."""
    members = _members(jokers, gone)
    if len(deck) != len(members):
        return None
    try:
        order = list(itemgetter(*deck)(_BY_NUMBER))
    except (TypeError, IndexError):  # text, or not a card number
        return None
    # as many cards as the pack has, and none of its cards missing: each of them once
    return None if members.difference(order) else order


_PACKS: dict[tuple[int, tuple[int, ...]], tuple[Card, ...]] = {}
_MEMBERS: dict[tuple[int, tuple[int, ...]], frozenset[Card]] = {}


def _members(jokers: int, stripped: tuple[int, ...] = ()) -> frozenset[Card]:
    """The cards of the new pack as a set, built once per joker count and stripped ranks."""
    key = (jokers, stripped)
    members = _MEMBERS.get(key)
    if members is None:
        if len(_MEMBERS) > 64:
            _MEMBERS.clear()
        members = _MEMBERS[key] = frozenset(pack_cards(jokers, stripped))
    return members


def pack_cards(jokers: int, stripped: tuple[int, ...] = ()) -> tuple[Card, ...]:
    """The new-deck order of a pack, built once per joker count and stripped ranks."""
    key = (jokers, stripped)
    pack = _PACKS.get(key)
    if pack is None:
        gone = set(stripped)
        cards = tuple(_CARD_OF[c] for c in standard_deck(jokers) if c.rank not in gone)
        if len(_PACKS) > 64:
            _PACKS.clear()
        pack = _PACKS[key] = cards
    return pack


class Stub:
    """The undealt cards (top first) and the burned cards, in burn order."""

    __slots__ = ("cards", "pos", "burned")

    def __init__(self, cards: list[Card]):
        self.cards = cards
        self.pos = 0
        self.burned: list[Card] = []

    def __len__(self) -> int:
        return len(self.cards) - self.pos

    def take(self) -> Card:
        if self.pos >= len(self.cards):
            raise DeckError("the pack is exhausted")
        card = self.cards[self.pos]
        self.pos += 1
        return card

    def burn(self) -> Card:
        card = self.take()
        self.burned.append(card)
        return card

    def reuse_burns(self) -> list[Card]:
        """Put the burned cards under the stub (a dealer would shuffle them in; the players
        cannot tell the two apart, and burn order keeps the hand deterministic)."""
        reused = self.burned
        self.cards = self.cards[self.pos :] + reused
        self.pos = 0
        self.burned = []
        return reused

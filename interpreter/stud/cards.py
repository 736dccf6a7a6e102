"""Playing cards: parsing, rendering and the deck.

A card is a small ``int`` (so it can index lookup tables directly) with a readable face:
``(rank - 2) * 4 + suit`` where rank runs 2..14 (ace high) and suit 0..3 in the
bring-in order clubs < diamonds < hearts < spades.  The joker is 52.

>>> parse_cards("As Kd Th 9c")
[As, Kd, Th, 9c]
>>> parse_cards("10h A♠ Joker")
[Th, As, Jk]
>>> Card.parse("Qd").rank, Card.parse("Qd").suit
(12, 1)
>>> str(Card.parse("Ts")), Card.parse("Ts").symbol
('Ts', 'T♠')
>>> len(standard_deck()), len(standard_deck(jokers=1))
(52, 53)
"""

from __future__ import annotations

from collections.abc import Iterable

from stud.errors import CardError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
RANK_PLURALS = {r: (n + "es" if n == "six" else n + "s") for r, n in RANK_NAMES.items()}
JOKER_ID = 52
_SYMBOL_TO_SUIT = {s: i for i, s in enumerate(SUIT_SYMBOLS)} | {
    "♤": 3,
    "♡": 2,
    "♢": 1,
    "♧": 0,
}
_JOKER_TEXTS = {"jk", "joker", "jo", "🃏", "*"}


class Card(int):
    """One card; an ``int`` in 0..52 with ``rank`` (2..14, 0 for the joker) and ``suit``."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if not 0 <= value <= JOKER_ID:
            raise CardError(f"card index {value} is out of range 0..52")
        return int.__new__(cls, value)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (2..14) and ``suit`` (0=clubs .. 3=spades)."""
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise CardError(f"no card of rank {rank} and suit {suit}")
        return cls((rank - 2) * 4 + suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``As``, ``10h``, ``A♠`` or ``Joker``; raise :class:`CardError` otherwise."""
        card = _CANONICAL.get(text) if type(text) is str else None
        if card is not None:  # as this module writes it: no need to read it
            return card
        t = text.strip()
        if t.lower() in _JOKER_TEXTS:
            return JOKER
        if len(t) < 2:
            raise CardError(f"'{text}' is not a card; expected rank then suit, e.g. 'As' or '10h'")
        rank_text, suit_text = t[:-1], t[-1]
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text.upper() not in RANK_CHARS:
            raise CardError(
                f"'{text}' has no valid rank; expected one of 2-9, T (or 10), J, Q, K, A"
            )
        if suit_text.lower() in SUIT_CHARS:
            suit = SUIT_CHARS.index(suit_text.lower())
        elif suit_text in _SYMBOL_TO_SUIT:
            suit = _SYMBOL_TO_SUIT[suit_text]
        else:
            raise CardError(f"'{text}' has no valid suit; expected one of c d h s or ♣ ♦ ♥ ♠")
        return cls.of(RANK_CHARS.index(rank_text.upper()) + 2, suit)

    @property
    def is_joker(self) -> bool:
        return int(self) == JOKER_ID

    @property
    def rank(self) -> int:
        """2..14 (ace is 14); 0 for the joker."""
        return 0 if self.is_joker else int(self) // 4 + 2

    @property
    def suit(self) -> int:
        """0=clubs, 1=diamonds, 2=hearts, 3=spades; -1 for the joker."""
        return -1 if self.is_joker else int(self) % 4

    @property
    def symbol(self) -> str:
        """Rendered with a suit symbol, e.g. ``A♠``."""
        if self.is_joker:
            return "🃏"
        return RANK_CHARS[self.rank - 2] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        if self.is_joker:
            return "Jk"
        return RANK_CHARS[self.rank - 2] + SUIT_CHARS[self.suit]

    __repr__ = __str__

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))


JOKER = int.__new__(Card, JOKER_ID)
_CANONICAL = {str(c): c for c in map(Card, range(JOKER_ID + 1))}
CARD_TEXT = tuple(_CANONICAL)  # str(card) by card number, for writing many cards fast


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse space- or comma-separated cards (or an iterable of card strings)."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [Card.parse(t) for t in items]


def format_cards(cards: Iterable[int], symbols: bool = False) -> str:
    """``As Kd`` (or ``A♠ K♦`` with ``symbols``)."""
    return " ".join(Card(c).symbol if symbols else str(Card(c)) for c in cards)


def standard_deck(jokers: int = 0) -> list[Card]:
    """A new-deck order: 2c 2d 2h 2s 3c ... As, then the jokers."""
    if jokers not in (0, 1):
        raise CardError(f"a deck may hold 0 or 1 joker, not {jokers}")
    return [Card(i) for i in range(52)] + [JOKER] * jokers


def rank_from_text(text: str) -> int:
    """Rank number of ``'A'``, ``'10'``, ``'T'``, ``'2'``...

    >>> rank_from_text("10"), rank_from_text("a"), rank_from_text("2")
    (10, 14, 2)
    """
    t = "T" if text.strip() == "10" else text.strip().upper()
    if len(t) != 1 or t not in RANK_CHARS:
        raise CardError(f"'{text}' is not a rank; expected 2-9, T (or 10), J, Q, K or A")
    return RANK_CHARS.index(t) + 2

"""What a card room's hand history says, read into plain values (one reader per room).

A :class:`RoomHand` keeps the room's own facts: the seats and stacks, the stakes as
written (header and posted amounts), the cards each player was seen to get street by
street (``None`` where the room hides a card), every action with the player's street
total after it, uncalled bets returned, the cards shown, what each player collected, the
rake (``None`` when the room does not state it) and, where the room writes them, the
stacks after the hand.  :mod:`stud.histories.recording` turns it into a replayable
recording.  A hand of another game family (hold'em, Omaha...) is an :class:`OtherGame`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from stud.errors import StudError
from stud.histories.games import GAMES

__all__ = [
    "GAMES",
    "Action",
    "CutShort",
    "Deal",
    "HistoryError",
    "OtherGame",
    "RoomHand",
    "RoomSeat",
]

STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
# what an action line says; "bet" covers bet, completion and raise (the ruleset decides
# which of them is the legal aggressive action at that moment)
KINDS = ("bring_in", "bet", "call", "check", "fold")
# how a room accounts for an uncalled bet: "stated" (a line returns it, or what a player
# collects includes it), "implied" (the room neither returns it in a line nor counts it
# in what the player collects), "either" (the format does not tell which)
RETURNS = ("stated", "implied", "either")


class HistoryError(StudError):
    """A line a reader does not understand: the file, the line and what was expected."""

    def __init__(self, source: str, line: int, text: str, expected: str, room: str = ""):
        self.source, self.line, self.text, self.expected = source, line, text, expected
        self.room = room
        super().__init__(f"{source}:{line}: cannot read {text.strip()!r}; expected {expected}")


class CutShort(HistoryError):
    """A hand whose last line cannot be read and whose end is not written: the file was
    cut (a history still being written, a copy that stopped) rather than misread."""

    hand_id = "-"
    game = "?"


@dataclass
class OtherGame:
    """A hand of a game outside the stud family: read past, counted apart."""

    source: str
    line: int
    room: str
    hand_id: str
    game_text: str  # the room's own words for the game


@dataclass
class RoomSeat:
    seat: int
    name: str
    stack: Decimal


@dataclass
class Deal:
    """New cards for one player on one street, in deal order (None: hidden)."""

    street: int  # index into the game's streets
    name: str
    cards: list[str | None]
    faces: tuple[str, ...]  # "down"/"up" for each card, from the game's deal pattern
    line: int

    @property
    def down(self) -> list[str | None]:
        return [c for c, f in zip(self.cards, self.faces, strict=True) if f == "down"]

    @property
    def up(self) -> list[str | None]:
        return [c for c, f in zip(self.cards, self.faces, strict=True) if f == "up"]


@dataclass
class Action:
    street: int
    name: str
    kind: str  # one of KINDS
    to: Decimal | None  # the player's street total after the action (None: check/fold)
    all_in: bool
    line: int
    text: str


@dataclass
class RoomHand:
    """One hand as the room wrote it."""

    source: str
    line: int  # where the hand starts
    room: str  # "PokerStars", "Full Tilt Poker", "Winamax"...
    hand_id: str
    game: str  # the ruleset it is checked against ("" when no ruleset fits the game)
    tournament: bool
    small_bet: Decimal
    big_bet: Decimal
    header_ante: Decimal | None = None
    header_bring_in: Decimal | None = None
    money: bool = False  # amounts in a currency (cents are the smallest chip)
    game_text: str = ""  # the room's own words for the game
    table: str = ""  # the table's name or number, where the header gives it
    structure: str = "fixed-limit"  # betting structure named by the header
    format: str = "text"  # "text" or "XML"
    returns: str = "stated"  # one of RETURNS
    finished: bool = False  # the room wrote the end of the hand (a result or a summary)
    seats: list[RoomSeat] = field(default_factory=list)
    antes: dict[str, tuple[Decimal, bool]] = field(default_factory=dict)  # name -> (amount, all-in)
    deals: list[Deal] = field(default_factory=list)
    community: list[str] = field(default_factory=list)  # a shared river card (short pack)
    actions: list[Action] = field(default_factory=list)
    returned: dict[str, Decimal] = field(default_factory=dict)  # uncalled bets given back
    shown: dict[str, list[str | None]] = field(default_factory=dict)  # all cards, deal order
    collected: dict[str, Decimal] = field(default_factory=dict)
    final: dict[str, Decimal] = field(default_factory=dict)  # stacks after the hand, if written
    total_pot: Decimal | None = None
    rake: Decimal | None = Decimal(0)  # None: the room does not say
    notes: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.room} #{self.hand_id}"

    def seat_of(self, name: str) -> int:
        for s in self.seats:
            if s.name == name:
                return s.seat
        raise StudError(f"{self.source}:{self.line}: {name!r} has no seat in hand {self.hand_id}")

    def in_hand(self) -> list[RoomSeat]:
        """The seats dealt in: those who anted, were dealt a card or acted, by seat number."""
        names = set(self.antes) | {d.name for d in self.deals if d.street == 0}
        names |= {a.name for a in self.actions}
        return [s for s in sorted(self.seats, key=lambda s: s.seat) if s.name in names]

    def bring_in(self) -> Decimal | None:
        """The bring-in as posted (when not all-in), else as the header says."""
        for a in self.actions:
            if a.kind == "bring_in" and not a.all_in and a.to is not None:
                return a.to
        return self.header_bring_in

    def ante(self) -> Decimal:
        posted = [amount for amount, all_in in self.antes.values() if not all_in]
        if posted:
            return max(posted)
        if self.header_ante is not None:
            return self.header_ante
        return max((a for a, _ in self.antes.values()), default=Decimal(0))

"""What a card room's hand history says, read into plain values (one reader per room).

A :class:`RoomHand` keeps the room's own facts: the seats and stacks, the stakes as
written (header and posted amounts), the cards each player was seen to get street by
street (``None`` where the room hides a card), every action with the player's street
total after it, uncalled bets returned, the cards shown, what each player collected and
the rake.  :mod:`stud.histories.recording` turns it into a replayable recording.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from stud.errors import StudError

GAMES = ("seven-card-stud", "stud-hi-lo", "razz")  # the shipped ruleset each game starts from
STREETS = ("third", "fourth", "fifth", "sixth", "seventh")
# what an action line says; "bet" covers bet, completion and raise (the ruleset decides
# which of them is the legal aggressive action at that moment)
KINDS = ("bring_in", "bet", "call", "check", "fold")


class HistoryError(StudError):
    """A line a reader does not understand: the file, the line and what was expected."""

    def __init__(self, source: str, line: int, text: str, expected: str):
        self.source, self.line, self.text, self.expected = source, line, text, expected
        super().__init__(f"{source}:{line}: cannot read {text.strip()!r}; expected {expected}")


class TruncatedError(HistoryError):
    """The part of a file past the read bound (:mod:`stud.infiles`), from ``line`` on."""

    def __init__(self, source: str, line: int, note: str):
        StudError.__init__(
            self,
            f"{source}:{line}: {note}: the hands from this line on are not read "
            "(not audited, not converted); split the file",
        )
        self.source, self.line, self.text, self.expected = source, line, "", note


@dataclass
class RoomSeat:
    seat: int
    name: str
    stack: Decimal


@dataclass
class Deal:
    """New cards for one player on one street, in deal order (None: hidden)."""

    street: int  # index into STREETS
    name: str
    down: list[str | None]
    up: list[str | None]
    line: int


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
    room: str  # "PokerStars", "Full Tilt Poker"
    hand_id: str
    game: str  # one of GAMES
    tournament: bool
    small_bet: Decimal
    big_bet: Decimal
    header_ante: Decimal | None = None
    header_bring_in: Decimal | None = None
    money: bool = False  # amounts in a currency (cents are the smallest chip)
    seats: list[RoomSeat] = field(default_factory=list)
    antes: dict[str, tuple[Decimal, bool]] = field(default_factory=dict)  # name -> (amount, all-in)
    deals: list[Deal] = field(default_factory=list)
    community: list[str] = field(default_factory=list)  # a shared river card (short pack)
    actions: list[Action] = field(default_factory=list)
    returned: dict[str, Decimal] = field(default_factory=dict)  # uncalled bets given back
    shown: dict[str, list[str | None]] = field(default_factory=dict)  # all cards, deal order
    collected: dict[str, Decimal] = field(default_factory=dict)
    total_pot: Decimal | None = None
    rake: Decimal = Decimal(0)
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
        """The seats dealt in: those who anted or were dealt a card, by seat number."""
        names = set(self.antes) | {d.name for d in self.deals if d.street == 0}
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

"""Everything that happens in a hand, one frozen event per step, in order.

Amounts are exact ``Decimal``; ``to`` is the seat's total for the street after the action,
``added`` the chips it put in with that action.  Cards are :class:`stud.cards.Card`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stud.cards import Card


@dataclass(frozen=True, slots=True)
class StreetStarted:
    street: str


@dataclass(frozen=True, slots=True)
class Ante:
    seat: int
    amount: Decimal
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class BlindPosted:
    """A blind posted before the deal (BLIND-01): ``blind`` is ``small`` or ``big``."""

    seat: int
    blind: str
    amount: Decimal
    all_in: bool = False


@dataclass(frozen=True, slots=True)
class Burn:
    card: Card


@dataclass(frozen=True, slots=True)
class BurnsReused:
    """The burned cards went under the stub, in burn order (DEAL-08)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DealtDown:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class DealtUp:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CommunityCard:
    """A card face up in the centre that plays for everyone (DEAL-09, ASF-01)."""

    card: Card


@dataclass(frozen=True, slots=True)
class BringIn:
    seat: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Complete:
    seat: int
    to: Decimal
    added: Decimal


@dataclass(frozen=True, slots=True)
class Bet:
    seat: int
    to: Decimal
    added: Decimal


@dataclass(frozen=True, slots=True)
class Raise:
    seat: int
    to: Decimal
    added: Decimal


@dataclass(frozen=True, slots=True)
class Call:
    seat: int
    to: Decimal
    added: Decimal


@dataclass(frozen=True, slots=True)
class Check:
    seat: int


@dataclass(frozen=True, slots=True)
class Fold:
    seat: int


@dataclass(frozen=True, slots=True)
class AllIn:
    """The seat has no chips left behind; it stays in for the pots it is eligible for."""

    seat: int


@dataclass(frozen=True, slots=True)
class UncalledReturned:
    seat: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Exchanged:
    """English stud: ``given`` is dead, ``received`` replaces it face down or up."""

    seat: int
    given: Card
    received: Card
    up: bool
    price: Decimal


@dataclass(frozen=True, slots=True)
class EventFired:
    """A row of the ruleset's event table fired on a card just dealt (EVENT-01); what it
    does follows as events of its own."""

    event: str
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class WildRankSet:
    """The rank events made wild is now ``rank`` (None: none), for everyone (EVENT-02..06)."""

    rank: int | None


@dataclass(frozen=True, slots=True)
class Refunded:
    """The seat took ``amount`` back out of the pot (its ante, EVENT-07)."""

    seat: int
    amount: Decimal


@dataclass(frozen=True, slots=True)
class Thrown:
    """The seat threw ``card`` away because of an event (EVENT-08); the card is dead."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class ForcedFold:
    """The seat is out of the hand because of an event (EVENT-08), not by its own choice."""

    seat: int


@dataclass(frozen=True, slots=True)
class StoodPat:
    seat: int


@dataclass(frozen=True, slots=True)
class Chose:
    """A hidden choice in a simultaneous decision round (``kind``: discard, expose...):
    carried out, and seen, only once everyone has chosen (DECIDE-03)."""

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Discarded:
    """Cards thrown away with nothing in their place (DISCARD-01): dead from now on."""

    seat: int
    down: tuple[Card, ...]
    up: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Exposed:
    """Down cards turned face up by their holder's choice (EXPOSE-01)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Drew:
    """A draw (DRAW-01): ``given`` are dead, the new cards come ``down`` or ``up``."""

    seat: int
    given: tuple[Card, ...]
    down: tuple[Card, ...]
    up: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class SetAside:
    """A split (SPLIT-01): ``cards`` are the smaller hand, every other card the bigger."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Declared:
    """``declare`` is ``high``, ``low`` or ``both`` (revealed at once when simultaneous)."""

    seat: int
    declare: str


@dataclass(frozen=True, slots=True)
class Shown:
    seat: int
    down: tuple[Card, ...]
    up: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Awarded:
    """``amount`` of pot ``pot`` (0 = main) for ``share`` (None: uncontested)."""

    seat: int
    amount: Decimal
    pot: int
    share: str | None


@dataclass(frozen=True, slots=True)
class HandEnded:
    showdown: bool


Event = (
    StreetStarted
    | Ante
    | BlindPosted
    | Burn
    | BurnsReused
    | DealtDown
    | DealtUp
    | CommunityCard
    | BringIn
    | Complete
    | Bet
    | Raise
    | Call
    | Check
    | Fold
    | AllIn
    | UncalledReturned
    | Exchanged
    | EventFired
    | WildRankSet
    | Refunded
    | Thrown
    | ForcedFold
    | StoodPat
    | Chose
    | Discarded
    | Exposed
    | Drew
    | SetAside
    | Declared
    | Shown
    | Awarded
    | HandEnded
)


# the positions of the amounts in each event's fields (logged in chip units)
MONEY_FIELDS: dict[type, tuple[int, ...]] = {
    Ante: (1,),
    BlindPosted: (2,),
    BringIn: (1,),
    Complete: (1, 2),
    Bet: (1, 2),
    Raise: (1, 2),
    Call: (1, 2),
    UncalledReturned: (1,),
    Exchanged: (4,),
    Refunded: (1,),
    Awarded: (1,),
}


def materialise(
    log: list[tuple[Any, ...]], built: list[Event], money: Callable[[int], Decimal]
) -> tuple[Event, ...]:
    """The events of ``log`` (``(class, *fields)`` in chip units), appending to ``built``
    the ones not built yet (amounts as ``Decimal``)."""
    if len(built) < len(log):
        for entry in log[len(built) :]:
            kind = entry[0]
            args = list(entry[1:])
            for i in MONEY_FIELDS.get(kind, ()):
                args[i] = money(args[i])
            built.append(kind(*args))
    return tuple(built)

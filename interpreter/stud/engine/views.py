"""The engine's public value types: seats in, legal actions, player views and results out."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from stud.cards import Card
from stud.engine.options import Option
from stud.engine.units import Units

ACTIONS = (
    "fold",
    "check",
    "call",
    "bring_in",
    "complete",
    "bet",
    "raise",
    "declare",
    "exchange",
    "stand_pat",
    "discard",
    "expose",
    "draw",
    "split",
)
DECLARATIONS = ("high", "low", "both")


@dataclass(frozen=True)
class Seat:
    """A player sitting down: seat number, name and stack (a Decimal amount)."""

    seat: int
    name: str
    stack: Decimal


@dataclass(frozen=True)
class LegalAction:
    """One thing the player to act may do.

    ``amount`` is the seat's street total after the action (a *to* amount, also for
    ``call``); ``min``/``max`` bound a range of totals instead.  ``chips`` is what a call
    adds, and ``text`` is the display form (``call 0.40``, ``raise to 4.00..7.00``).
    A decision (discard, expose, draw, split) chooses ``cards_min``..``cards_max`` of the
    ``choices``.
    """

    action: str
    amount: Decimal | None = None
    min: Decimal | None = None
    max: Decimal | None = None
    chips: Decimal | None = None
    text: str = ""
    cards_min: int | None = None
    cards_max: int | None = None
    choices: tuple[Card, ...] = ()

    def __str__(self) -> str:
        return self.text or self.action.replace("_", "-")


def legal_action(option: Option, bet: int, units: Units) -> LegalAction:
    """An option (chip units) as the API shows it; ``bet`` is the player's street total."""
    action, lo, hi, choice = option
    m, t = units.money, units.text
    if lo is None or hi is None:
        if action == "declare":
            return LegalAction(action, text=f"declare {choice}")
        return LegalAction(action, text=action.replace("_", "-"))
    if action == "call":
        return LegalAction(action, m(lo), chips=m(lo - bet), text=f"call {t(lo - bet)}")
    if action == "exchange":
        return LegalAction(action, m(lo), text=f"exchange ({t(lo)})" if lo else "exchange")
    verb = {"bring_in": "bring-in", "bet": "bet"}.get(action, f"{action} to")
    if lo == hi:
        return LegalAction(action, m(lo), text=f"{verb} {t(lo)}")
    return LegalAction(action, min=m(lo), max=m(hi), text=f"{verb} {t(lo)}..{t(hi)}")


@dataclass(frozen=True)
class PlayerView:
    """A snapshot of one seat: ``bet`` this street, ``committed`` this hand."""

    seat: int
    name: str
    stack: Decimal
    bet: Decimal
    committed: Decimal
    folded: bool
    all_in: bool
    down: tuple[Card, ...]
    up: tuple[Card, ...]
    declared: str | None = None


@dataclass(frozen=True)
class PotView:
    """A main or side pot: its amount and the seats that can win it."""

    amount: Decimal
    eligible: tuple[int, ...]


@dataclass(frozen=True)
class Award:
    """``amount`` of pot ``pot`` (0 = main pot) won for ``share`` (None: uncontested)."""

    seat: int
    amount: Decimal
    pot: int
    share: str | None


@dataclass(frozen=True)
class ShownHand:
    """The best hand a seat showed for one share (``name`` e.g. ``queens full of threes``)."""

    seat: int
    share: str
    name: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class Result:
    """How the hand ended: the awards, the hands shown and whether there was a showdown."""

    awards: tuple[Award, ...]
    hands: tuple[ShownHand, ...]
    showdown: bool

    def won(self, seat: int) -> Decimal:
        """Total awarded to ``seat``."""
        return sum((a.amount for a in self.awards if a.seat == seat), Decimal(0))

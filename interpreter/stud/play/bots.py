"""Simple deterministic bots: each picks one of the hand's legal actions.

A bot never invents an action: it chooses among ``hand.legal_actions()``, so every bot
move is legal by construction and a simulation exercises the engine's own rules.  All
randomness comes from the ``random.Random`` a bot is given (seeded by the caller).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol

from stud.cards import Card
from stud.engine.views import LegalAction, PlayerView
from stud.play.choices import random_cards, sensible_cards
from stud.rules.model import Ruleset


@dataclass(frozen=True)
class Move:
    """An action to play: ``hand.act(seat, action, amount, declare=..., cards=...)``."""

    action: str
    amount: Decimal | None = None
    declare: str | None = None
    cards: tuple[Card, ...] | None = None


class Bot(Protocol):
    name: str

    def choose(self, legal: Sequence[LegalAction], me: PlayerView, ruleset: Ruleset) -> Move: ...


def _find(legal: Sequence[LegalAction], *names: str) -> LegalAction | None:
    for name in names:
        for la in legal:
            if la.action == name:
                return la
    return None


def _declaration(la: LegalAction) -> str:
    return la.text.split()[-1] if la.text else "high"


def _amount(la: LegalAction, rng: random.Random | None = None, big: bool = False) -> Decimal | None:
    if la.amount is not None:
        return la.amount
    if la.min is None or la.max is None:
        return None
    if rng is None:
        return la.max if big else la.min
    return la.max if rng.random() < 0.3 else la.min


def passive(legal: Sequence[LegalAction]) -> Move:
    """Check, else call (bring in rather than complete), else the first option."""
    for name in ("check", "stand_pat", "bring_in", "call"):
        la = _find(legal, name)
        if la is not None:
            return Move(la.action, _amount(la))
    declares = [la for la in legal if la.action == "declare"]
    if declares:
        choice = _declaration(declares[0])
        return Move("declare", declare=choice)
    la = legal[0]
    return Move(la.action, _amount(la))


def choose_cards(
    legal: Sequence[LegalAction], me: PlayerView, ruleset: Ruleset, rng: random.Random | None = None
) -> Move | None:
    """A move for a decision round or an exchange (None: neither is offered).

    Sensible choices without ``rng`` (throw what does not help, show what tells least,
    split for the best hands), any legal one with it; an exchange may be stood pat on.
    """
    la = next((la for la in legal if la.cards_max is not None), None)
    if la is not None:
        pick = random_cards(la, me, rng, ruleset) if rng else sensible_cards(la, me, ruleset)
        return Move(la.action, cards=pick)
    swap = _find(legal, "exchange")
    if swap is None:
        return None
    if rng is not None:
        held = [*me.down, *me.up]
        return Move("exchange", cards=(rng.choice(held),)) if rng.random() < 0.5 else None
    cards = sensible_cards(swap, me, ruleset)
    return Move("exchange", cards=cards) if cards else None


def aggressive(legal: Sequence[LegalAction], rng: random.Random | None = None) -> Move | None:
    la = _find(legal, "raise", "bet", "complete")
    if la is None:
        return None
    return Move(la.action, _amount(la, rng))


@dataclass
class CallingStation:
    """Never folds, never raises: checks or calls to the end."""

    name: str = "calling-station"

    def choose(self, legal: Sequence[LegalAction], me: PlayerView, ruleset: Ruleset) -> Move:
        return choose_cards(legal, me, ruleset) or passive(legal)


@dataclass
class RandomBot:
    """Any legal action at random (never folds when it may check)."""

    rng: random.Random
    name: str = "random"

    def choose(self, legal: Sequence[LegalAction], me: PlayerView, ruleset: Ruleset) -> Move:
        cards = choose_cards(legal, me, ruleset, self.rng)
        if cards is not None or _find(legal, "exchange"):
            return cards or passive(legal)
        options = [la for la in legal if not (la.action == "fold" and _find(legal, "check"))]
        la = self.rng.choice(options)
        if la.action == "declare":
            return Move("declare", declare=_declaration(la))
        return Move(la.action, _amount(la, self.rng))


def strength(cards: Sequence[Card], ruleset: Ruleset) -> int:
    """A rough 0..4 grade of a player's own cards for the tight bot.

    High games count pairs, trips and high cards; low games count distinct low ranks.
    """
    ranks = [c.rank for c in cards if not c.is_joker]
    low = ruleset.pot.shares[0].ranking != "high" and len(ruleset.pot.shares) == 1
    if low:
        distinct_low = {r for r in ranks if r <= 8 or r == 14}  # aces play low
        need = min(5, len(cards))
        return max(0, min(4, len(distinct_low) - need + 3))
    counts = sorted(Counter(ranks).values(), reverse=True) or [0]
    if counts[0] >= 3 or (counts[0] == 2 and len(counts) > 1 and counts[1] == 2):
        return 4
    if counts[0] == 2:
        pair = max(r for r, n in Counter(ranks).items() if n == 2)
        return 3 if pair >= 11 else 2
    return 1 if sum(1 for r in ranks if r >= 12) >= 2 else 0


@dataclass
class TightBot:
    """Plays only good cards: folds weak hands to a bet, bets and raises strong ones."""

    rng: random.Random
    name: str = "tight"

    def choose(self, legal: Sequence[LegalAction], me: PlayerView, ruleset: Ruleset) -> Move:
        cards = choose_cards(legal, me, ruleset)
        if cards is not None:
            return cards
        grade = strength(me.down + me.up, ruleset)
        declares = [la for la in legal if la.action == "declare"]
        if declares:
            names = [_declaration(la) for la in declares]
            pick = "low" if "low" in names and ruleset.pot.shares[0].ranking != "high" else names[0]
            return Move("declare", declare=pick)
        if grade >= 3:
            move = aggressive(legal, self.rng)
            if move is not None:
                return move
        facing_bet = _find(legal, "check") is None
        if facing_bet and grade == 0 and _find(legal, "fold") and not _find(legal, "bring_in"):
            return Move("fold")
        return passive(legal)


BOT_KINDS = ("random", "tight", "calling-station")


def make_bot(kind: str, rng: random.Random) -> Bot:
    if kind == "random":
        return RandomBot(rng)
    if kind == "tight":
        return TightBot(rng)
    if kind == "calling-station":
        return CallingStation()
    raise ValueError(f"unknown bot {kind!r}; expected one of {', '.join(BOT_KINDS)}")

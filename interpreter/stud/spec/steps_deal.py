"""Steps for how a hand is dealt and bet in the house games: the blinds posted and the
wild ranks set as cards fall (part of the closed vocabulary, :mod:`.vocabulary`).

The observations read the protocol state's optional 1.2 fields: ``blinds`` (the blinds
posted this hand) and ``wild_ranks`` (the ranks wild for everyone now).  An engine whose
state lacks the field does not expose it, and the scenario is *not supported* on it.
"""

from __future__ import annotations

from typing import Any

from stud.money import fmt, to_money
from stud.spec.context import NotSupported, ScenarioContext

PLURALS = {
    "deuces": 2,
    "treys": 3,
    "threes": 3,
    "fours": 4,
    "fives": 5,
    "sixes": 6,
    "sevens": 7,
    "eights": 8,
    "nines": 9,
    "tens": 10,
    "jacks": 11,
    "queens": 12,
    "kings": 13,
    "aces": 14,
}
_PLURAL = "|".join(PLURALS)
WILDS_REGEX = rf"(?:{_PLURAL})(?:(?:, | and )(?:{_PLURAL}))*"


def rank_numbers(text: str) -> list[int]:
    """``queens and sevens`` as the protocol's rank numbers, sorted: ``[7, 12]``.

    >>> rank_numbers("queens and sevens"), rank_numbers("tens, jacks and aces")
    ([7, 12], [10, 11, 14])
    """
    words = text.replace(",", " ").replace(" and ", " ").split()
    return sorted({PLURALS[w] for w in words})


def t_blind(ctx: ScenarioContext, player: str, blind: str, amount: Any) -> None:
    """The state's ``blinds`` show the player posting that blind, for that amount."""
    state = ctx.state
    if "blinds" not in state:
        raise NotSupported("the engine's state has no 'blinds': it does not expose them")
    seat = ctx.seat_of(player)
    posted = [b for b in state.get("blinds") or [] if int(b["seat"]) == seat]
    actual = (
        {"blind": posted[0].get("blind"), "amount": fmt(to_money(posted[0]["amount"]))}
        if posted
        else None
    )
    ctx.check("blind", {"blind": blind, "amount": fmt(amount)}, actual, f"{player}'s blind")


def _wild_now(ctx: ScenarioContext) -> list[int]:
    state = ctx.state
    if "wild_ranks" not in state:
        raise NotSupported("the engine's state has no 'wild_ranks': it does not expose them")
    return sorted({int(r) for r in state.get("wild_ranks") or []})


def t_wild(ctx: ScenarioContext, wilds: str | None = None) -> None:
    """Exactly these ranks (``None``: none) are wild for everyone now."""
    ctx.check("wild", rank_numbers(wilds) if wilds else [], _wild_now(ctx))

"""Two-card high hands: the smaller hand of a split (SPLIT-02).

A minimal ranking of its own, kept apart from the five-card evaluators: a pair beats any
two unpaired cards, pairs rank by their rank, and unpaired cards by the higher card, then
the lower.  Suits never count; aces are high; no card is wild.  Strengths are packed like
the five-card high grades (:func:`stud.hands.strength.grade`), so a two-card strength and
a five-card high strength compare directly: a five-card hand outranks a two-card hand
when it is of a higher category, or of the same one with the same leading ranks and more
cards behind them (``A♥ A♦ K♣ Q♦ J♥`` outranks ``A♠ A♣``).

>>> from stud.cards import parse_cards
>>> two_card_strength(parse_cards("7c 7d")) > two_card_strength(parse_cards("As Kd"))
True
>>> two_card_name(parse_cards("Kd As")), two_card_name(parse_cards("7c 7d"))
('ace-king', 'pair of sevens')
>>> two_card_strength(parse_cards("As Kd")) == two_card_strength(parse_cards("Ac Kh"))
True
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import RANK_NAMES, RANK_PLURALS, Card
from stud.hands.strength import pattern_grade


def _ranks(cards: Sequence[Card]) -> list[int]:
    if len(cards) != 2 or any(c.is_joker for c in cards):
        raise ValueError(f"a two-card hand is two natural cards, not {len(cards)} card(s)")
    return sorted((c.rank for c in cards), reverse=True)


def two_card_strength(cards: Sequence[Card]) -> int:
    """The hand's strength; higher is better, equal strengths tie."""
    return pattern_grade(_ranks(cards))


def two_card_name(cards: Sequence[Card]) -> str:
    """``pair of sevens`` or ``ace-king``."""
    high, low = _ranks(cards)
    if high == low:
        return f"pair of {RANK_PLURALS[high]}"
    return f"{RANK_NAMES[high]}-{RANK_NAMES[low]}"

"""Split hands (SPLIT-01..04): a ``split`` decision sets cards aside as a smaller hand.

Each player still in chooses ``count`` of their cards (two, in the games the sources
describe); they form the smaller hand, every other card the bigger one, and centre cards
(a run-out community card) play with the bigger hand.  ``down_in_each`` makes each hand
keep some face-down cards; ``big_beats_small`` refuses a split whose bigger hand does not
outrank the smaller one.  At the showdown the ``big`` share ranks the bigger hands (best
five cards, by the share's ranking) and the ``small`` share the smaller ones, as two-card
high hands (:mod:`stud.hands.twocard`).
"""

from __future__ import annotations

from collections.abc import Sequence

from stud import hands
from stud.cards import Card
from stud.engine.state import PlayerState
from stud.hands.strength import PAIR, category_of
from stud.hands.twocard import two_card_name, two_card_strength
from stud.rules.model import Decision, Share

SPLIT_SHARES = ("big", "small")


class SplitRule:
    """The smaller hand each player set aside, kept for the showdown."""

    def __init__(self) -> None:
        self.small: dict[int, tuple[Card, ...]] = {}  # player index -> the smaller hand

    def refusal(
        self, p: PlayerState, chosen: Sequence[Card], rule: Decision, common: Sequence[Card]
    ) -> str | None:
        """Why this split is not allowed (None: it is); ``common``: the centre cards."""
        return split_refusal(p.down, p.up, chosen, rule, common)

    def set_aside(self, p: PlayerState, chosen: tuple[Card, ...]) -> None:
        self.small[p.index] = chosen

    def evaluate(self, p: PlayerState, share: Share, common: Sequence[Card]) -> hands.HandValue:
        """The player's hand for a split share: the bigger (with the centre cards) or the
        smaller one."""
        small = self.small[p.index]
        if share.name == "small":
            strength = two_card_strength(small)
            category = "pair" if category_of(strength) == PAIR else "high-card"
            return hands.HandValue(strength, small, two_card_name(small), category)
        big = [c for c in (*p.down, *p.up) if c not in small] + list(common)
        value = hands.evaluate(big, share.ranking)
        assert value is not None  # no qualifier on a split share
        return value


def split_refusal(
    down: Sequence[Card],
    up: Sequence[Card],
    chosen: Sequence[Card],
    rule: Decision,
    common: Sequence[Card],
) -> str | None:
    """Why setting ``chosen`` aside breaks the split's rule (None: it does not).

    >>> from stud.cards import parse_cards as cards
    >>> rule = Decision(kind="split", count=2, down_in_each=1, big_beats_small=True)
    >>> down, up = cards("As Ah 4h"), cards("2c 7d 9s Jc")
    >>> split_refusal(down, up, cards("As Ah"), rule, [])
    'the bigger hand (high card, jack) must outrank the smaller one (pair of aces)'
    >>> split_refusal(down, up, cards("Jc 9s"), rule, [])
    'each hand must keep at least 1 face-down card(s): the smaller hand has 0, the bigger 3'
    >>> split_refusal(down, up, cards("As 2c"), rule, []) is None
    True
    """
    rest = [c for c in (*down, *up) if c not in chosen]
    least = rule.down_in_each
    if least:
        small = sum(1 for c in chosen if c in down)
        big = sum(1 for c in rest if c in down)
        if small < least or big < least:
            return (
                f"each hand must keep at least {least} face-down card(s): the smaller "
                f"hand has {small}, the bigger {big}"
            )
    if rule.big_beats_small and len(chosen) == 2 and len(rest) + len(common) >= 5:
        big_hand = hands.evaluate([*rest, *common])
        assert big_hand is not None  # no qualifier
        if big_hand.strength <= two_card_strength(chosen):
            return (
                f"the bigger hand ({big_hand.name}) must outrank the smaller one "
                f"({two_card_name(chosen)})"
            )
    return None

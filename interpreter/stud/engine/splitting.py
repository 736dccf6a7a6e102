"""Split hands (SPLIT-01..04): a ``split`` decision sets cards aside as a smaller hand.

Each player still in chooses ``count`` of their cards (two, in the games the sources
describe); they form the smaller hand, every other card the bigger one, and centre cards
(a run-out community card) play with the bigger hand.  ``down_in_each`` makes each hand
keep some face-down cards; ``big_beats_small`` refuses a split whose bigger hand (a high
hand) does not outrank the smaller one (a two-card high hand).  At the showdown a share
with ``cards: big`` ranks the bigger hands, one with ``cards: small`` the smaller ones,
each by the share's own ranking (``two-card-high`` for Cowpie's).
"""

from __future__ import annotations

from collections.abc import Sequence

from stud import hands
from stud.cards import Card
from stud.engine.state import PlayerState
from stud.hands.partial import evaluate_two_card_high
from stud.rules.model import Decision

SPLIT_PARTS = ("big", "small")  # the values of ``share.cards`` that read a split hand


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

    def part(
        self, p: PlayerState, which: str, common: Sequence[Card]
    ) -> tuple[list[Card], list[Card], list[Card]]:
        """The down, up and centre cards of the player's ``big`` or ``small`` hand."""
        small = self.small.get(p.index, ())
        if which == "small":
            return [c for c in p.down if c in small], [c for c in p.up if c in small], []
        rest = ([c for c in p.down if c not in small], [c for c in p.up if c not in small])
        return rest[0], rest[1], list(common)


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
        # a five-card high grade and a two-card high grade pack ranks alike, so they compare
        big_hand = hands.evaluate([*rest, *common])
        small_hand = evaluate_two_card_high(chosen)
        assert big_hand is not None and small_hand is not None  # no qualifier
        if big_hand.strength <= small_hand.strength:
            return (
                f"the bigger hand ({big_hand.name}) must outrank the smaller one "
                f"({small_hand.name})"
            )
    return None

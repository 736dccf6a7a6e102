"""Evaluate a stud hand of five to twelve cards under one ranking.

The best five cards are chosen among every five-card subset: natural fives are read from
the precomputed tables, fives holding wild cards through :mod:`stud.hands.wild`.

SHOW-03, the best five of seven is the straight:

>>> from stud.cards import parse_cards as cards
>>> hand = evaluate(cards("2h Jc Qc Ks Ad Ts 9c"))
>>> hand.name, hand.category, hand.cards
('ace-high straight', 'straight', (Ts, Jc, Qc, Ks, Ad))

SHOW-04, with no pair the highest card decides, then the next:

>>> evaluate(cards("Ac 3h 4d 6s 7s")).strength > evaluate(cards("Ks Qs Jc 9c 8d")).strength
True
>>> evaluate(cards("Ac Jh 9s 8d 6h")).strength > evaluate(cards("Ah Jc 9d 8c 2s")).strength
True

HILO-04, lows compare from the top card down:

>>> seven_six = evaluate(cards("7h 6s 5c 3d 2h"), "ace-to-five", qualifier=8)
>>> eight_four = evaluate(cards("8c 4h 3s 2c Ad"), "ace-to-five", qualifier=8)
>>> seven_six.strength > eight_four.strength, seven_six.name, eight_four.name
(True, 'seven-six low', 'eight-four low')

HILO-06, high and low are read separately from the same seven cards:

>>> first, second = cards("Ah 2s Kh Ks 3c 4h 5d"), cards("As 3s Qh Qd Qs 3h 9c")
>>> evaluate(first, "ace-to-five", qualifier=8).cards
(5d, 4h, 3c, 2s, Ah)
>>> evaluate(second).name, evaluate(second, "ace-to-five", qualifier=8)
('full house, queens over threes', None)
>>> evaluate(second).strength > evaluate(first).strength
True

Wild cards (LOWHOLE-01: 9h 4s down and 3c up make fours wild for that player):

>>> evaluate(cards("9h 4s 3c 4d Kd Ks 8c"), wild_ranks=(4,)).name
'four of a kind, kings'
>>> evaluate(cards("Jk Ah Ad 9c 5s"), joker="bug").name
'three of a kind, aces'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from stud.cards import JOKER_ID, Card, format_cards
from stud.errors import CardError
from stud.hands.fast import (
    evaluate_ace_to_five5,
    evaluate_ace_to_five7,
    evaluate_ace_to_six5,
    evaluate_ace_to_six7,
    evaluate_eight_or_better7,
    evaluate_high5,
    evaluate_high7,
)
from stud.hands.strength import (
    CATEGORY_NAMES,
    FLUSH,
    HIGH_CARD,
    LOW_BASE,
    LOW_CATEGORY,
    STRAIGHT,
    STRAIGHT_FLUSH,
    category_of,
    five_ranks,
    high_name,
    low_name,
    ranks_of,
)
from stud.hands.wild import high_with_wilds, low_with_wilds

RANKINGS = ("high", "ace-to-five", "ace-to-six")
MAX_CARDS = 12  # nine-card stud, or seven cards and four extra ones (baseball), and centre cards
JOKER_MODES = ("none", "bug", "wild")
_QUALIFYING = (HIGH_CARD, STRAIGHT, FLUSH, STRAIGHT_FLUSH)  # five distinct ranks
_NATURAL_FIVE: dict[str, Callable[..., int]] = {
    "high": evaluate_high5,
    "ace-to-five": evaluate_ace_to_five5,
    "ace-to-six": evaluate_ace_to_six5,
}
_SEVEN: dict[tuple[str, int | None], Callable[..., int]] = {  # (ranking, qualifier)
    ("high", None): evaluate_high7,
    ("ace-to-five", None): evaluate_ace_to_five7,
    ("ace-to-five", 8): evaluate_eight_or_better7,
    ("ace-to-six", None): evaluate_ace_to_six7,
}


@dataclass(frozen=True)
class HandValue:
    """The value of a hand under one ranking.

    ``strength`` is higher for the better hand under every ranking; equal strengths tie.
    ``cards`` are the five that play, in reading order (groups first, straights from the
    bottom, lows from the top card down); ``category`` is one of ``CATEGORY_NAMES`` for
    high hands and ``"low"`` for low ones.
    """

    strength: int
    cards: tuple[Card, ...]
    name: str
    category: str

    def __str__(self) -> str:
        return f"{self.name} ({' '.join(str(c) for c in self.cards)})"


def evaluate(
    cards: Iterable[int],
    ranking: str = "high",
    *,
    qualifier: int | None = None,
    wild_ranks: Iterable[int] = (),
    joker: str = "none",
) -> HandValue | None:
    """The best five of ``cards`` (5 to :data:`MAX_CARDS` of them) under ``ranking``.

    ``qualifier`` (low rankings only, e.g. 8) demands five distinct ranks all at most that
    rank, aces low; when no five qualifies the result is ``None``.  Every card of a rank
    in ``wild_ranks`` (2..14) is wild; ``joker`` says what a joker is: ``"none"`` (not
    allowed), ``"bug"`` (ASF-02) or ``"wild"``.
    """
    hand = [int(c) for c in cards]
    wild_set = _check(hand, ranking, qualifier, wild_ranks, joker)
    if ranking == "high":
        order = sorted(hand, reverse=True)  # by rank then suit, the joker first
    else:
        order = sorted(hand, key=_LOW_ORDER.__getitem__)
    if not any(c == JOKER_ID or _RANK[c] in wild_set for c in hand):
        return _best_natural(order, ranking, qualifier)
    best: tuple[int, tuple[int, ...]] | None = None
    five: tuple[int, ...]
    for five in combinations(order, 5):
        value = _strength(five, ranking, qualifier, wild_set, joker)
        if value is not None and (best is None or value > best[0]):
            best = (value, five)
    if best is None:
        return None
    strength, five = best
    return _describe(strength, five, ranking, wild_set)


def _best_natural(order: list[int], ranking: str, qualifier: int | None) -> HandValue | None:
    """The common case, no wild card: every five read from the tables on plain ints.

    With seven cards the seven-card table gives the best strength at once, so the fives are
    read only up to the first that has it (the one the full search keeps)."""
    five_value = _NATURAL_FIVE[ranking]
    seven = _SEVEN.get((ranking, qualifier)) if len(order) == 7 else None
    if seven is not None:
        target = seven(*order)
        if target == 0 and qualifier is not None:
            return None  # no qualifying low
        for five in combinations(order, 5):
            if five_value(*five) == target:
                return _describe(target, five, ranking, frozenset())
    best_value = -1
    best_five: tuple[int, ...] = ()
    for five in combinations(order, 5):
        value = five_value(*five)
        if value > best_value and (qualifier is None or _qualifies(value, qualifier)):
            best_value, best_five = value, five
    if best_value < 0:
        return None
    return _describe(best_value, best_five, ranking, frozenset())


def _qualifies(low_strength: int, qualifier: int) -> bool:
    """Five distinct ranks all at most ``qualifier`` (straights and flushes are distinct).

    >>> from stud.hands.strength import grade
    >>> _qualifies(LOW_BASE - grade(HIGH_CARD, [8, 6, 4, 3, 1]), 8)
    True
    >>> _qualifies(LOW_BASE - grade(HIGH_CARD, [9, 6, 4, 3, 1]), 8)
    False
    """
    badness = LOW_BASE - low_strength
    return category_of(badness) in _QUALIFYING and ranks_of(badness)[0] <= qualifier


def _check(
    hand: list[int],
    ranking: str,
    qualifier: int | None,
    wild_ranks: Iterable[int],
    joker: str,
) -> frozenset[int]:
    if ranking not in RANKINGS:
        raise ValueError(f"unknown ranking '{ranking}'; expected one of {', '.join(RANKINGS)}")
    if joker not in JOKER_MODES:
        raise ValueError(f"unknown joker mode '{joker}'; expected one of {', '.join(JOKER_MODES)}")
    if qualifier is not None and (ranking == "high" or not 5 <= qualifier <= 13):
        raise ValueError(f"qualifier {qualifier} needs a low ranking and a rank from 5 to 13")
    wild_set = frozenset(wild_ranks)
    if not wild_set <= set(range(2, 15)):
        raise ValueError(f"wild ranks {sorted(wild_set)} must be ranks 2..14")
    if not 5 <= len(hand) <= MAX_CARDS:
        raise CardError(f"a hand has 5 to {MAX_CARDS} cards, not {len(hand)}")
    for c in hand:
        if not 0 <= c <= JOKER_ID:
            Card(c)  # raises the usual out-of-range error
    if len(set(hand)) != len(hand):
        raise CardError(f"a card appears twice in {format_cards(hand)}")
    if joker == "none" and JOKER_ID in hand:
        raise CardError("a joker is in the hand but this ruleset plays no joker")
    return wild_set


# per card int (the joker last): rank 2..14 (joker 0), suit 0..3 (joker -1), rank with
# the ace as 1, and the order lows are tried in (lowest rank first, then highest suit)
_RANK = [(c >> 2) + 2 for c in range(52)] + [0]
_SUIT = [c & 3 for c in range(52)] + [-1]
_LOW_RANK = [1 if r == 14 else r for r in _RANK]
_LOW_ORDER = [_LOW_RANK[c] * 4 + 3 - _SUIT[c] for c in range(52)] + [0]


def _is_wild(card: int, wild_set: frozenset[int]) -> bool:
    return card == JOKER_ID or _RANK[card] in wild_set


def _strength(
    five: Sequence[int],
    ranking: str,
    qualifier: int | None,
    wild_set: frozenset[int],
    joker: str,
) -> int | None:
    """Strength of exactly five cards, or ``None`` when they do not qualify."""
    naturals = [(_RANK[c], _SUIT[c]) for c in five if not _is_wild(c, wild_set)]
    wilds = len(five) - len(naturals)
    if ranking == "high":
        if not wilds:
            a, b, c, d, e = five
            return evaluate_high5(a, b, c, d, e)
        bug = 1 if joker == "bug" and JOKER_ID in five else 0
        return high_with_wilds(naturals, wilds - bug, bug)
    ace_to_six = ranking == "ace-to-six"
    if wilds:
        badness = low_with_wilds(naturals, wilds, ace_to_six, qualifier)
        return None if badness is None else LOW_BASE - badness
    a, b, c, d, e = five
    value = (evaluate_ace_to_six5 if ace_to_six else evaluate_ace_to_five5)(a, b, c, d, e)
    return None if qualifier is not None and not _qualifies(value, qualifier) else value


def _describe(
    strength: int,
    five: tuple[int, ...],
    ranking: str,
    wild_set: frozenset[int],
) -> HandValue:
    """Name the hand and put its five cards in reading order."""
    low = ranking != "high"
    value = LOW_BASE - strength if low else strength
    wanted = five_ranks(value, low=low)
    if not low and category_of(value) in (STRAIGHT, STRAIGHT_FLUSH):
        wanted.reverse()  # straights read upwards, the wheel from its ace
    spare = [c for c in five if _is_wild(c, wild_set)]
    naturals = sorted((c for c in five if not _is_wild(c, wild_set)), key=_SUIT.__getitem__)
    naturals.reverse()  # spades first among cards of a rank
    rank_of = _LOW_RANK if low else _RANK
    ordered: list[Card] = []
    for rank in wanted:
        match = next((c for c in naturals if rank_of[c] == rank), None)
        if match is not None:
            naturals.remove(match)
        else:  # a wild card (or the bug) stands for this rank
            match = spare.pop(0)
        ordered.append(Card(match))
    if low:
        return HandValue(strength, tuple(ordered), low_name(strength), LOW_CATEGORY)
    return HandValue(strength, tuple(ordered), high_name(strength), CATEGORY_NAMES[value >> 20])

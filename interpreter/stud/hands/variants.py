"""Rankings that reorder the poker hands: razz high, action razz, soko and the stripped pack.

**Razz high** (``razz-high``): hands are classed as in ace-to-five low (no pair is best,
then one pair, two pair, trips, a full house, quads; straights and flushes do not count,
aces are low) but within a class the higher cards win: king-queen-jack-ten-nine is the
best hand and a pair of kings beats a pair of aces.

**Action razz** (``action-razz``): ace-to-five low, except that any hand holding a jack,
queen or king among all its cards beats any hand holding none.  The face card need not be
one of the five low cards; it is listed after them among the cards that play.

**Soko** (``soko``, Canadian stud): high poker hands with two more classes between two
pair and one pair: a four-card flush, then a four-card straight.

**Stripped pack** (``stripped-high``): high poker hands for a pack without some ranks: a
flush beats a full house, and straights run over the ranks left in the pack (with eights,
nines and tens stripped, five-six-seven-jack-queen is a straight).

>>> from stud.cards import parse_cards as cards
>>> evaluate_razz_high(cards("Kc Qd Jh 9s 2c 2d Ad")).name
'king-queen high'
>>> evaluate_razz_high(cards("Kc Kd")) is None
True
>>> face, butt = cards("9h 8c 7d 5s 3c Kd Kh"), cards("7h 6c 4d 3s 2c 8h 9d")
>>> evaluate_action_razz(face).name, evaluate_action_razz(butt).name
('nine-eight low with a face card', 'seven-six low without a face card')
>>> evaluate_action_razz(face).strength > evaluate_action_razz(butt).strength
True
>>> evaluate_soko(cards("Kh 9h 6h 2h Qc")).name, evaluate_soko(cards("9c 8d 7h 6s 2c")).name
('four-card flush, king high', 'four-card straight, nine high')
>>> stripped = (8, 9, 10)
>>> evaluate_stripped_high(cards("5c 6d 7h Js Qc"), stripped).name
'queen-high straight'
>>> flush = evaluate_stripped_high(cards("Kh 9h 6h 2h 3h"), stripped)
>>> full = evaluate_stripped_high(cards("Ac Ad Ah Kc Kd"), stripped)
>>> flush.strength > full.strength
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from stud.cards import Card
from stud.hands.evaluate import HandValue, evaluate
from stud.hands.fast import evaluate_high5
from stud.hands.ranking import arrange, pair_name
from stud.hands.strength import (
    CATEGORY_NAMES,
    FLUSH,
    FOUR_OF_A_KIND,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    THREE_OF_A_KIND,
    TWO_PAIR,
    category_of,
    five_ranks,
    grade,
    high_name,
    pattern_grade,
    ranks_of,
)

_LOW_FIELD = (1 << 20) - 1  # the ranks packed in a grade

# --- razz high --------------------------------------------------------------------------
# ace-to-five classes, best first: no pair, pair, two pair, trips, full house, quads
RAZZ_HIGH_CLASSES = (
    "high-card",
    "pair",
    "two-pair",
    "three-of-a-kind",
    "full-house",
    "four-of-a-kind",
)
_RAZZ_HIGH_ORDER = {
    HIGH_CARD: 5,
    PAIR: 4,
    TWO_PAIR: 3,
    THREE_OF_A_KIND: 2,
    FULL_HOUSE: 1,
    FOUR_OF_A_KIND: 0,
}


def razz_high_grade(ranks: Sequence[int]) -> int:
    """Razz-high strength of up to five ranks with aces as 1 (boards read partial hands).

    >>> razz_high_grade([13, 12, 11, 10, 9]) > razz_high_grade([13, 13, 12, 11, 10])
    True
    """
    value = pattern_grade(ranks)
    return _RAZZ_HIGH_ORDER[category_of(value)] << 20 | (value & _LOW_FIELD)


def evaluate_razz_high(cards: Sequence[int]) -> HandValue | None:
    """The best razz-high five of ``cards`` (five or more)."""
    low = [1 if Card(int(c)).rank == 14 else Card(int(c)).rank for c in cards]
    best = -1
    best_five: tuple[int, ...] = ()
    index: tuple[int, ...]
    for index in combinations(range(len(low)), 5):
        value = razz_high_grade([low[i] for i in index])
        if value > best:
            best, best_five = value, index
    if best < 0:
        return None
    value = pattern_grade([low[i] for i in best_five])
    ranks = ranks_of(value)
    unpaired = category_of(value) == HIGH_CARD
    name = pair_name(ranks[0], ranks[1], "high") if unpaired else high_name(value)
    played = arrange([cards[i] for i in best_five], five_ranks(value, low=True), ace_low=True)
    return HandValue(best, played, name, CATEGORY_NAMES[category_of(value)])


# --- action razz ------------------------------------------------------------------------
FACE_RANKS = frozenset({11, 12, 13})
_FACE_BONUS = 1 << 25  # above every ace-to-five strength


def evaluate_action_razz(cards: Sequence[int]) -> HandValue | None:
    """Ace-to-five low of ``cards`` (five or more), a hand with a face card above all others."""
    low = evaluate(cards, "ace-to-five") if len(cards) >= 5 else None
    if low is None:
        return None
    faces = sorted((Card(int(c)) for c in cards if Card(int(c)).rank in FACE_RANKS), reverse=True)
    if not faces:
        name = f"{low.name} without a face card"
        return HandValue(low.strength, low.cards, name, "no face card")
    played = low.cards if any(c in faces for c in low.cards) else low.cards + (faces[0],)
    name = f"{low.name} with a face card"
    return HandValue(low.strength + _FACE_BONUS, played, name, "face card")


def action_bonus(ranks: Sequence[int]) -> int:
    """What a face card among ``ranks`` adds to a strength (boards read partial hands)."""
    return _FACE_BONUS if FACE_RANKS.intersection(ranks) else 0


# --- soko -------------------------------------------------------------------------------
FOUR_STRAIGHT, FOUR_FLUSH = 2, 3  # soko classes between pair (1) and two pair (4)
SOKO_CLASSES = (
    "straight-flush",
    "four-of-a-kind",
    "full-house",
    "flush",
    "straight",
    "three-of-a-kind",
    "two-pair",
    "four-card-flush",
    "four-card-straight",
    "pair",
    "high-card",
)


def soko5(five: Sequence[int]) -> tuple[int, list[int]]:
    """Soko strength of exactly five natural cards, and the ranks in reading order."""
    value = evaluate_high5(*five)
    category = category_of(value)
    if category >= TWO_PAIR:
        return (category + 2) << 20 | (value & _LOW_FIELD), five_ranks(value)
    cards = [Card(int(c)) for c in five]
    suits = Counter(c.suit for c in cards)
    suit, count = suits.most_common(1)[0]
    if count == 4:
        flush = sorted((c.rank for c in cards if c.suit == suit), reverse=True)
        kicker = [c.rank for c in cards if c.suit != suit]
        return grade(FOUR_FLUSH, flush + kicker), flush + kicker
    run = _four_run({c.rank for c in cards})
    if run:
        rest = [c.rank for c in cards]
        for rank in run:
            rest.remove(14 if rank == 1 else rank)
        return grade(FOUR_STRAIGHT, [run[0], rest[0]]), [14 if r == 1 else r for r in run] + rest
    return value, five_ranks(value)


def _four_run(ranks: set[int]) -> list[int]:
    """The highest four consecutive ranks present (aces also low), top first; or []."""
    present = ranks | ({1} if 14 in ranks else set())
    for top in range(14, 3, -1):
        run = list(range(top, top - 4, -1))
        if present.issuperset(run):
            return run
    return []


def evaluate_soko(cards: Sequence[int]) -> HandValue | None:
    """The best soko five of ``cards`` (five or more)."""
    best: tuple[int, list[int], tuple[int, ...]] | None = None
    five: tuple[int, ...]
    for five in combinations(cards, 5):
        value, ranks = soko5(five)
        if best is None or value > best[0]:
            best = (value, ranks, five)
    if best is None:
        return None
    value, ranks, five = best
    category = SOKO_CLASSES[10 - category_of(value)]
    if category == "four-card-flush":
        name = f"four-card flush, {_rank_word(ranks[0])} high"
    elif category == "four-card-straight":
        name = f"four-card straight, {_rank_word(ranks_of(value)[0])} high"
    else:
        standard = value if category_of(value) < FOUR_STRAIGHT else value - (2 << 20)
        name = high_name(standard)
    return HandValue(value, arrange(five, ranks), name, category)


def _rank_word(rank: int) -> str:
    return high_name(grade(HIGH_CARD, [rank])).removeprefix("high card, ")


# --- stripped pack ----------------------------------------------------------------------
# high classes with the flush above the full house
_STRIPPED_ORDER = {
    HIGH_CARD: 0,
    PAIR: 1,
    TWO_PAIR: 2,
    THREE_OF_A_KIND: 3,
    STRAIGHT: 4,
    FULL_HOUSE: 5,
    FLUSH: 6,
    FOUR_OF_A_KIND: 7,
    STRAIGHT_FLUSH: 8,
}
STRIPPED_CLASSES = (
    "straight-flush",
    "four-of-a-kind",
    "flush",
    "full-house",
    "straight",
    "three-of-a-kind",
    "two-pair",
    "pair",
    "high-card",
)


def stripped5(five: Sequence[int], stripped: Sequence[int]) -> int:
    """The standard high grade of five cards when ``stripped`` ranks are out of the pack
    (straights run over the ranks left), with its class moved to the stripped order."""
    cards = [Card(int(c)) for c in five]
    ranks = [c.rank for c in cards]
    value = pattern_grade(ranks)
    run = _run(ranks, stripped)
    top = run[-1] if run else 0
    flush = len({c.suit for c in cards}) == 1
    if top and flush:
        value = grade(STRAIGHT_FLUSH, [top])
    elif category_of(value) < FULL_HOUSE and flush:
        value = grade(FLUSH, sorted(ranks, reverse=True))
    elif category_of(value) < STRAIGHT and top:
        value = grade(STRAIGHT, [top])
    return _STRIPPED_ORDER[category_of(value)] << 20 | (value & _LOW_FIELD)


def _run(ranks: Sequence[int], stripped: Sequence[int]) -> list[int]:
    """The five ranks from the bottom up when they are consecutive among the ranks left in
    the pack (the ace also plays low), else []."""
    if len(set(ranks)) != 5:
        return []
    order = [14] + [r for r in range(2, 15) if r not in stripped or r in ranks]
    for start in range(len(order) - 4):
        window = order[start : start + 5]
        if set(window) == set(ranks):
            return window
    return []


def evaluate_stripped_high(cards: Sequence[int], stripped: Sequence[int] = ()) -> HandValue | None:
    """The best high five of ``cards`` for a pack without the ``stripped`` ranks."""
    best = -1
    best_five: tuple[int, ...] = ()
    five: tuple[int, ...]
    for five in combinations(cards, 5):
        value = stripped5(five, stripped)
        if value > best:
            best, best_five = value, five
    if best < 0:
        return None
    position = category_of(best)
    category = next(c for c, p in _STRIPPED_ORDER.items() if p == position)
    standard = category << 20 | (best & _LOW_FIELD)
    ranks = _run([Card(int(c)).rank for c in best_five], stripped) or five_ranks(standard)
    played = arrange(best_five, ranks)
    return HandValue(best, played, high_name(standard), STRIPPED_CLASSES[8 - position])

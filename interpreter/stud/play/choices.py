"""How the bots choose cards: exchanges and decision rounds (discard, expose, draw, split).

Each function takes the legal action (its ``choices`` and how many may be chosen), the
player's cards and the ruleset, and returns the cards to name; it never chooses outside the
legal action, so a bot's move is legal by construction (a split is checked against the
round's own rule with :func:`stud.engine.splitting.split_refusal`).  The sensible choices
keep what makes a hand: pairs and high cards in high games, small different ranks in low
games; :func:`random_cards` is any legal choice, for the random bot and soak runs.

>>> from stud.cards import parse_cards
>>> from stud.rules import load_ruleset
>>> rs = load_ruleset("super-stud")
>>> mine = parse_cards("As Kd 7c 7h 9s")
>>> [str(c) for c in worst(mine, parse_cards("As Kd 7c 7h"), 2, rs)]  # keep the sevens
['As', 'Kd']
>>> [str(c) for c in worst(mine, parse_cards("As Kd 7c 7h"), 2, load_ruleset("super-razz"))]
['Kd', '7c']
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from stud import hands
from stud.cards import Card
from stud.engine.splitting import split_refusal
from stud.engine.views import LegalAction, PlayerView
from stud.hands.partial import evaluate_two_card_high
from stud.hands.strength import category_of, pattern_grade
from stud.rules.model import Decision, Ruleset

Score = tuple[int, ...]


def plays_low(cards: Sequence[Card], ruleset: Ruleset) -> bool:
    """Whether the player should play for low: a low-only game, or a hi-lo game with three
    small different ranks already."""
    rankings = [s.ranking for s in ruleset.pot.shares if s.name in ("high", "low")]
    if rankings and all(r != "high" for r in rankings):
        return True
    small = {1 if c.rank == 14 else c.rank for c in cards if not c.is_joker}
    return "low" in {s.name for s in ruleset.pot.shares} and len({r for r in small if r <= 8}) >= 3


def score(cards: Sequence[Card], low: bool) -> Score:
    """A rough, comparable value of some cards (higher is better)."""
    ranks = [c.rank for c in cards if not c.is_joker]
    if low:
        small = sorted({1 if r == 14 else r for r in ranks})
        return (len([r for r in small if r <= 8]), -sum(small[:5]))
    if len(cards) >= 5:
        value = hands.evaluate(list(cards))
        return (value.strength,) if value is not None else (0,)
    return (pattern_grade(sorted(ranks, reverse=True)[:5]),) if ranks else (0,)


def worst(held: Sequence[Card], among: Sequence[Card], n: int, ruleset: Ruleset) -> list[Card]:
    """The ``n`` cards of ``among`` whose loss hurts ``held`` least."""
    if n <= 0:
        return []
    low = plays_low(held, ruleset)
    best: tuple[Score, tuple[Card, ...]] | None = None
    for gone in combinations(among, n):
        kept = [c for c in held if c not in gone]
        value = score(kept, low)
        if best is None or value > best[0]:
            best = (value, gone)
    assert best is not None
    return sorted(best[1], key=lambda c: (c.rank, c.suit), reverse=True)


def _pairs(cards: Sequence[Card]) -> set[int]:
    counts = Counter(c.rank for c in cards if not c.is_joker)
    return {r for r, k in counts.items() if k > 1}


def sensible_cards(la: LegalAction, me: PlayerView, ruleset: Ruleset) -> tuple[Card, ...]:
    """A sensible choice for a decision (or an exchange) of the player ``me``."""
    held = [*me.down, *me.up]
    among = list(la.choices) or held
    fewest = la.cards_min or 0
    most = la.cards_max if la.cards_max is not None else 1
    if la.action == "split":
        return best_split(me, la, ruleset)
    if la.action == "expose":
        # show what tells least: cards that pair nothing, the least useful of them first;
        # rolling your own (choosing none is allowed), show a card only if one pairs nothing
        loose = [c for c in among if c.rank not in _pairs(held)]
        n = fewest if fewest else (min(most, 1) if loose else 0)
        return tuple(worst(held, loose if len(loose) >= n else among, n, ruleset))
    if la.action in ("draw", "exchange"):
        low = plays_low(held, ruleset)
        useless = [c for c in among if _useless(c, held, low)]
        n = max(fewest, min(most, len(useless)))
        return tuple(worst(held, useless if len(useless) >= n else among, n, ruleset))
    return tuple(worst(held, among, max(fewest, 0) or most, ruleset))  # discard


def _useless(card: Card, held: Sequence[Card], low: bool) -> bool:
    """A card worth throwing for a new one."""
    if card.is_joker:
        return False
    if low:
        rank = 1 if card.rank == 14 else card.rank
        same = sum(1 for c in held if c.rank == card.rank)
        return rank > 8 or same > 1
    return card.rank not in _pairs(held) and card.rank < 11


def best_split(me: PlayerView, la: LegalAction, ruleset: Ruleset) -> tuple[Card, ...]:
    """The split keeping the best bigger hand, then the best smaller one, that the round's
    rule allows."""
    rule = split_rule(ruleset)
    count = la.cards_max or 2
    best: tuple[Score, tuple[Card, ...]] | None = None
    for small in combinations(la.choices, count):
        if split_refusal(me.down, me.up, small, rule, ()) is not None:
            continue
        big = [c for c in (*me.down, *me.up) if c not in small]
        value = hands.evaluate(big) if len(big) >= 5 else None
        big_score = value.strength if value is not None else 0
        two = evaluate_two_card_high(small)
        key = (category_of(big_score), two.strength if two is not None else 0, big_score)
        if best is None or key > best[0]:
            best = (key, small)
    return best[1] if best is not None else tuple(la.choices[:count])


def split_rule(ruleset: Ruleset) -> Decision:
    """The ruleset's split round (a split game has one)."""
    for street in ruleset.streets:
        for decision in street.decide:
            if decision.kind == "split":
                return decision
    return Decision(kind="split", count=2)


def random_cards(
    la: LegalAction, me: PlayerView, rng: random.Random, ruleset: Ruleset
) -> tuple[Card, ...]:
    """Any legal choice: a random number of random cards (a split that the round's rule
    allows)."""
    among = list(la.choices) or [*me.down, *me.up]
    fewest = la.cards_min or 0
    most = la.cards_max if la.cards_max is not None else 1
    if la.action == "split":
        rule = split_rule(ruleset)
        options = [
            s
            for s in combinations(among, most)
            if split_refusal(me.down, me.up, s, rule, ()) is None
        ]
        return rng.choice(options) if options else best_split(me, la, ruleset)
    return tuple(rng.sample(among, rng.randint(fewest, min(most, len(among)))))

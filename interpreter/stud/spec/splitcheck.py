"""Judging a hand shown for a split share (SPLIT-03) from the state alone.

The state lists each seat's smaller hand (``seats[].split``, protocol 1.2): a hand shown for
the ``small`` share must be exactly those cards, named as a two-card hand; one shown for the
``big`` share must be five of the other cards (and the centre cards) and as strong as the
best five of them.

>>> doc = {"pot": {"shares": [{"name": "big"}, {"name": "small"}]}}
>>> seat = {"down": ["As", "Ah", "4h"], "up": ["2c", "7d", "9s", "Jc"], "split": ["As", "2c"]}
>>> judge_split(doc, seat, [], "small", ["2c", "As"])
('ace-two', True)
>>> judge_split(doc, seat, [], "big", ["Ah", "Jc", "9s", "7d", "4h"])
('high card, ace', True)
>>> judge_split(doc, seat, [], "big", ["As", "Jc", "9s", "7d", "4h"])
('high card, ace', False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud.cards import parse_cards
from stud.errors import StudError
from stud.hands import evaluate
from stud.hands.twocard import two_card_name

SPLIT_SHARES = ("big", "small")


def judge_split(
    ruleset: Mapping[str, Any],
    seat: Mapping[str, Any],
    community: Sequence[str],
    share: str,
    shown: Sequence[str],
) -> tuple[str | None, bool]:
    """The reference name of the cards shown for a split share, and whether they are the
    seat's hand for it."""
    try:
        cards = parse_cards(list(shown))
        small = parse_cards(list(seat.get("split") or []))
        held = parse_cards(list(seat.get("down", []))) + parse_cards(list(seat.get("up", [])))
    except StudError:
        return None, False
    if share == "small":
        if len(cards) != 2:
            return None, False
        return two_card_name(cards), sorted(cards) == sorted(small)
    shares = list(ruleset.get("pot", {}).get("shares", []))
    rule: Mapping[str, Any] = next((s for s in shares if s.get("name") == share), {})
    ranking = str(rule.get("ranking", "high"))
    big = [c for c in held if c not in small] + parse_cards(list(community))
    try:
        value, top = evaluate(cards, ranking), evaluate(big, ranking)
    except StudError:
        return None, False
    if value is None or top is None:
        return None, False
    from_big = all(c in big for c in cards) and len(set(cards)) == len(cards)
    return value.name, bool(small) and from_big and value.strength == top.strength

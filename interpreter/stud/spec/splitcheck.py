"""The cards of one hand of a split (SPLIT-03), read from the state alone.

The state lists each seat's smaller hand (``seats[].split``, protocol 1.2).  A share with
``cards: small`` is made from those cards; one with ``cards: big`` from every other card of
the seat and the centre cards.  The hand shown for such a share is then judged as any
other: named by the reference evaluator and as strong as the best of those cards.

>>> from stud.cards import parse_cards as cards
>>> seat = {"split": ["As", "2c"]}
>>> down, up = cards("As Ah 4h"), cards("2c 7d 9s Jc")
>>> split_part(seat, "small", down, up, cards("Kd"))
([As], [2c], [])
>>> split_part(seat, "big", down, up, cards("Kd"))
([Ah, 4h], [7d, 9s, Jc], [Kd])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stud.cards import Card, parse_cards

SPLIT_PARTS = ("big", "small")  # the values of a share's ``cards`` that read a split hand


def split_part(
    seat: Mapping[str, Any], which: str, down: list[Card], up: list[Card], common: list[Card]
) -> tuple[list[Card], list[Card], list[Card]]:
    """The down, up and centre cards of the seat's ``big`` or ``small`` hand."""
    small = parse_cards(list(seat.get("split") or []))
    if which == "small":
        return [c for c in down if c in small], [c for c in up if c in small], []
    return [c for c in down if c not in small], [c for c in up if c not in small], common

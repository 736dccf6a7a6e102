"""Proof that every reachable deal can be completed (DEAL-08..11), or the arithmetic why not.

The engine deals from a stub: each later street burns a card first (``dealing.burn``),
each deal round gives every live player one card, an exchange takes one card per player
who swaps.  When the stub is short, the burns go back under it (``reuse_burns``); when it
is still short, one community card replaces the round (``community_card``), the dealer
keeping one card back for every deal round still to come.  This module replays that
bookkeeping with counts only, for every number of players the ruleset seats, nobody
folding and everybody exchanging or drawing all they may: the worst case, since a fold or
a stand-pat only leaves more cards in the stub.

>>> streets = [{"name": "third", "deal": ["down", "down", "up"]}] + [
...     {"name": n, "deal": ["up"]} for n in ("fourth", "fifth", "sixth")
... ] + [{"name": "seventh", "deal": ["down"]}]
>>> shortfall(streets, players=7, pack=52, burn=True, reuse_burns=True, community=True)
>>> why = shortfall(streets, players=8, pack=52, burn=False, reuse_burns=True,
...     community=False)
>>> for part in why.split(", "):
...     print(part)
with 8 players from a pack of 52: third takes 24 (28 left)
fourth takes 8 (20 left)
fifth takes 8 (12 left)
sixth takes 8 (4 left); seventh needs 8 cards but 4 are left
no burned card is left to reuse and there is no community card
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud.rules.model import DEAL_CHOICES


def _deal(street: Mapping[str, Any]) -> list[str]:
    deal = street.get("deal", [])
    return [d for d in deal if d in DEAL_CHOICES] if isinstance(deal, list) else []


def _swaps(street: Mapping[str, Any]) -> int:
    """New cards a player may take before the deal: one in an exchange, the cards drawn."""
    if street.get("exchange") is not None:
        return 1
    decide = street.get("decide")
    drawn = 0
    for d in decide if isinstance(decide, list) else []:
        if isinstance(d, dict) and d.get("kind") == "draw":
            count = d.get("count", 1)
            drawn += count if isinstance(count, int) and not isinstance(count, bool) else 0
    return drawn


def centre_positions(street: Mapping[str, Any]) -> int:
    """How many cards a street deals face up to the centre (COMM-01)."""
    return sum(1 for d in _deal(street) if d == "centre")


def _played(street: Mapping[str, Any], players: int) -> bool:
    at_most = street.get("deal_if_players_at_most")
    return not isinstance(at_most, int) or players <= at_most


def shortfall(
    streets: Sequence[Mapping[str, Any]],
    *,
    players: int,
    pack: int,
    burn: bool,
    reuse_burns: bool,
    community: bool,
) -> str | None:
    """The arithmetic of the first deal round that cannot be dealt, or None when all can."""
    stub, burned, dealt = pack, 0, 0
    steps: list[str] = []
    rows = [s for s in streets if _played(s, players)]
    rounds_left = sum(len(_deal(s)) for s in rows)
    for k, street in enumerate(rows):
        name = str(street.get("name", f"streets[{k}]"))
        taken = 0
        swaps = _swaps(street)
        if swaps and players >= 2:
            for _ in range(players * swaps):
                if stub == 0 and reuse_burns and burned:
                    stub, burned = burned, 0
                if stub:
                    stub, taken = stub - 1, taken + 1
        deal = _deal(street)
        if deal and burn and dealt and stub:
            stub, burned, taken = stub - 1, burned + 1, taken + 1
        for face in deal:
            rounds_left -= 1
            reserve = rounds_left if community else 0
            width = 1 if face == "centre" else players  # a centre card is one card
            need = width + reserve
            if stub < need and reuse_burns and burned:
                stub, burned = stub + burned, 0
            if stub >= need:
                stub, dealt, taken = stub - width, dealt + width, taken + width
            elif community and stub > reserve and width > 1:
                stub, dealt, taken = stub - 1, dealt + 1, taken + 1
            else:
                spare = (
                    "burned cards are not reused"
                    if not reuse_burns
                    else ("no burned card is left to reuse")
                )
                last = (
                    "no card is left for a community card"
                    if community
                    else "there is no community card"
                )
                if taken:
                    steps.append(f"{name} takes {taken} before its deal ({stub} left)")
                done = ", ".join(steps)
                return (
                    f"with {players} players from a pack of {pack}: "
                    f"{done + '; ' if done else ''}{name} needs {width} cards but "
                    f"{stub} are left, {spare} and {last}"
                )
        if taken:
            steps.append(f"{name} takes {taken} ({stub} left)")
    return None

"""The engine's own cards, where a scenario leaves the order of the pack to it.

A scenario without a cards table sends an empty ``deck``: the engine deals in any order it
likes and the scenario never depends on the cards (docs/protocol.md).  Its transcript is
replayed on the reference with each seat handed the cards the engine dealt it
(``seat_cards``, protocol 1.2), so that the reference's own shuffle is never read as a deal
that differs (a burn, another order) and what the engine did with those cards is compared.

Each seat's list is in the order the seat received its cards, as the engine's states show
them: the cards new in a state, ordered by the faces of the rounds of the streets dealt
since the state before (``down``, ``down``, ``up`` on third street), any left over (an
event's extra card) after them.

>>> seats = lambda a, b: [{"seat": 1, "down": a, "up": b}]
>>> doc = {"streets": [{"name": "third", "deal": ["down", "down", "up"]},
...                    {"name": "fourth", "deal": ["up"]}]}
>>> new = {"op": "new_hand", "ruleset": doc, "deck": [], "seats": [{"seat": 1}]}
>>> transcript = [
...     {"request": new, "reply": {"ok": True, "state": {"street": "third",
...                                  "seats": seats(["2c", "3c"], ["4c"])}}},
...     {"request": {"op": "act"}, "reply": {"ok": True, "state": {"street": "fourth",
...                                  "seats": seats(["2c", "3c"], ["4c", "5c"])}}},
... ]
>>> with_own_cards(transcript)[0]["request"]["seat_cards"]
[{'seat': 1, 'cards': ['2c', '3c', '4c', '5c']}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

DEALS = ("new_hand", "next_hand")
Held = tuple[list[str], list[str]]  # down, up


def with_own_cards(transcript: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The transcript with every deal sent with an empty deck and no ``seat_cards`` given
    the cards the engine dealt each seat in that hand (unchanged where it showed none)."""
    out = list(transcript)
    doc: Mapping[str, Any] = {}
    for start, entry in enumerate(transcript):
        request = entry.get("request") or {}
        if request.get("op") not in DEALS:
            continue
        if isinstance(request.get("ruleset"), Mapping):
            doc = request["ruleset"]
        elif request.get("op") == "new_hand":
            from stud.spec.diagnosis import ruleset_of

            doc = ruleset_of(request)
        if request.get("deck") or request.get("seat_cards") or entry.get("rules_deck"):
            continue
        end = next(
            (
                i
                for i in range(start + 1, len(transcript))
                if (transcript[i].get("request") or {}).get("op") in DEALS
            ),
            len(transcript),
        )
        dealt = _dealt(transcript[start:end], doc)
        if request.get("op") == "next_hand":  # a seat left with no chips is not dealt in
            dealt = {s: c for s, c in dealt.items() if s in _staying(transcript[:start])}
        if any(dealt.values()):
            cards = [{"seat": s, "cards": c} for s, c in sorted(dealt.items()) if c]
            out[start] = {**entry, "request": {**request, "seat_cards": cards}}
    return out


def _staying(before: Sequence[Mapping[str, Any]]) -> set[int]:
    """The seats with chips in the last state before the next hand (all, where none shows)."""
    for entry in reversed(before):
        reply = entry.get("reply") or {}
        state = reply.get("state") if reply.get("ok") else None
        if isinstance(state, Mapping) and isinstance(state.get("seats"), list):
            return {
                int(s["seat"])
                for s in state["seats"]
                if isinstance(s, Mapping) and isinstance(s.get("seat"), int) and _chips(s)
            }
    return set()


def _chips(seat: Mapping[str, Any]) -> bool:
    try:
        return Decimal(str(seat.get("stack", "0"))) > 0
    except InvalidOperation:
        return True  # a stack that does not read: not taken out of the hand here


def _dealt(entries: Sequence[Mapping[str, Any]], doc: Mapping[str, Any]) -> dict[int, list[str]]:
    """Each seat's cards in the order it received them, from the engine's states."""
    names = [str(r.get("name")) for r in doc.get("streets") or () if isinstance(r, Mapping)]
    rows = {str(r.get("name")): r for r in doc.get("streets") or () if isinstance(r, Mapping)}
    held: dict[int, Held] = {}
    dealt: dict[int, list[str]] = {}
    street: Any = None
    for entry in entries:
        reply = entry.get("reply") or {}
        state = reply.get("state") if reply.get("ok") else None
        if not isinstance(state, Mapping):
            continue
        now = state.get("street")
        faces = _faces_between(names, rows, street, now)
        street = now
        for seat in state.get("seats") or ():
            if not isinstance(seat, Mapping) or not isinstance(seat.get("seat"), int):
                continue
            down = [str(c) for c in seat.get("down") or ()]
            up = [str(c) for c in seat.get("up") or ()]
            old_down, old_up = held.get(seat["seat"], ([], []))
            if down[: len(old_down)] != old_down or up[: len(old_up)] != old_up:
                return {}  # cards held before moved or changed: no order to read
            held[seat["seat"]] = (down, up)
            new = _in_order(down[len(old_down) :], up[len(old_up) :], faces)
            dealt.setdefault(seat["seat"], []).extend(new)
    return dealt


def _faces_between(
    names: list[str], rows: Mapping[str, Mapping[str, Any]], before: Any, now: Any
) -> list[str]:
    """The faces of the deal rounds of the streets after ``before`` up to ``now``."""
    if now not in names:
        return []
    first = names.index(before) + 1 if before in names else 0
    last = names.index(now)
    return [str(face) for name in names[first : last + 1] for face in rows[name].get("deal") or ()]


def _in_order(down: list[str], up: list[str], faces: list[str]) -> list[str]:
    """New cards ordered by the rounds' faces; any the rounds do not take after them."""
    down, up = list(down), list(up)
    out = []
    for face in faces:
        if face == "down" and down:
            out.append(down.pop(0))
        elif face == "up" and up:
            out.append(up.pop(0))
        elif face == "down-if-all-up" and (down or up):
            out.append((down or up).pop(0))
    return out + down + up

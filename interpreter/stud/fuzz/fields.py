"""The fields of a protocol state the fuzzer compares, each read in one canonical form.

:func:`compare` names the fields in which two states differ (:data:`FIELDS`, cards first:
a wrong card changes who acts and what they may do, so it is the cause); :func:`view`
reads one field so that spellings of the same thing (``1`` and ``1.00``, ``10h`` and
``Th``) compare equal.

>>> compare({"pot": "1.00", "to_act": 2}, {"pot": "1", "to_act": 3})
['to_act']
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from stud.cards import Card
from stud.errors import StudError
from stud.money import to_money

FIELDS = (
    "cards",
    "to_act",
    "legal",
    "pot",
    "pots",
    "stacks",
    "status",
    "declarations",
    "street",
    "result",
)


def _money(value: Any) -> str | None:
    """An amount in one canonical spelling (``1``, ``1.0`` and ``1.00`` are the same)."""
    try:
        amount = None if value is None else to_money(value)
    except (StudError, ValueError, TypeError):
        return None if value is None else f"?{value!r}"
    return None if amount is None else format(amount.normalize(), "f")


def _cards(values: Any) -> tuple[str, ...]:
    out = []
    for v in values or ():
        try:
            out.append(str(Card.parse(str(v))))
        except (StudError, ValueError):
            out.append(str(v))
    return tuple(out)


def _legal(state: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    rows = []
    for e in state.get("legal") or ():
        if not isinstance(e, Mapping):
            continue
        amount, low, high = (_money(e.get(k)) or "" for k in ("amount", "min", "max"))
        if not amount and low and low == high:  # a range of one amount is that amount
            amount, low, high = low, "", ""
        rows.append((str(e.get("action")), str(e.get("declare") or ""), amount, low, high))
    return sorted(rows)


def _seats(state: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [s for s in state.get("seats") or () if isinstance(s, Mapping)]


def view(state: Mapping[str, Any], name: str) -> Any:
    """One comparable field of a protocol state."""
    if name == "to_act":
        return state.get("to_act")
    if name == "legal":
        return _legal(state)
    if name == "pot":
        return _money(state.get("pot"))
    if name == "pots":
        pots = []
        for p in state.get("pots") or ():
            amount = _money(p.get("amount")) if isinstance(p, Mapping) else None
            if amount and amount != "0":
                pots.append((amount, tuple(sorted(p.get("eligible") or ()))))
        return pots
    if name == "stacks":
        return {s.get("seat"): _money(s.get("stack")) for s in _seats(state)}
    if name == "status":
        return {
            s.get("seat"): ("folded" if s.get("folded") else "all in" if s.get("all_in") else "in")
            for s in _seats(state)
        }
    if name == "cards":
        cards = {s.get("seat"): (_cards(s.get("down")), _cards(s.get("up"))) for s in _seats(state)}
        return {"seats": cards, "community": _cards(state.get("community"))}
    if name == "declarations":  # who has declared what (null: hidden until all have)
        from stud.spec.blame_events import shown_declarations

        return shown_declarations(state)
    if name == "street":
        return state.get("street") if state.get("to_act") is not None else None
    if name == "result":
        result = state.get("result")
        if not isinstance(result, Mapping):
            return None
        won: dict[Any, Decimal] = {}
        for a in result.get("awards") or ():
            amount = _money(a.get("amount")) if isinstance(a, Mapping) else None
            if amount is None or amount.startswith("?"):
                won["unreadable award"] = Decimal(0)
                continue
            won[a.get("seat")] = won.get(a.get("seat"), Decimal(0)) + Decimal(amount)
        return {  # (an award of nothing is no award: docs/protocol.md)
            seat: _money(amount)
            for seat, amount in sorted(won.items(), key=str)
            if amount or seat == "unreadable award"
        }
    raise KeyError(name)


def compare(wanted: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    """The fields of two states that differ, in comparison order.

    Two equal states differ in no field (each field is read from the state alone), so
    they are compared as they are first, and field by field only when they differ."""
    if wanted == got:
        return []
    return [
        f for f in FIELDS if view(wanted, f) != view(got, f) and (f != "declarations" or f in got)
    ]  # (an engine that leaves the declarations out does not expose them)

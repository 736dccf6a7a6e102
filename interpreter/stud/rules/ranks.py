"""Ranks in a ruleset file may be written as numbers or letters (``[2, J]``).

The schema accepts both; the loaded document holds numbers (2..14), so engines and the
protocol see one form.  ``stud explain`` names them in words ("deuces and jacks").

>>> doc = {"wild": {"ranks": [2, "J"]}, "deck": {"stripped": ["8", 9, "10"]},
...        "events": [{"name": "queen", "when": {"ranks": ["Q"]}}]}
>>> normalize_ranks(doc)
>>> doc["wild"]["ranks"], doc["deck"]["stripped"], doc["events"][0]["when"]["ranks"]
([2, 11], [8, 9, 10], [12])
>>> rank_number("A"), rank_number(14), rank_number("x") is None
(14, 14, True)
"""

from __future__ import annotations

from typing import Any

from stud.cards import RANK_CHARS, rank_from_text
from stud.errors import CardError


def rank_number(value: Any) -> int | None:
    """2..14 for a rank written as a number or a letter; None when it is not a rank."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 2 <= value <= 14 else None
    if isinstance(value, str):
        try:
            return rank_from_text(value)
        except CardError:
            return None
    return None


def _numbers(items: Any) -> Any:
    if not isinstance(items, list):
        return items
    return [n if (n := rank_number(v)) is not None else v for v in items]


def rank_lists(doc: Any) -> list[tuple[tuple[str | int, ...], Any]]:
    """Every list of ranks in a document, with its path."""
    out: list[tuple[tuple[str | int, ...], Any]] = []
    if not isinstance(doc, dict):
        return out
    wild, deck = doc.get("wild"), doc.get("deck")
    if isinstance(wild, dict) and "ranks" in wild:
        out.append((("wild", "ranks"), wild["ranks"]))
    if isinstance(deck, dict) and "stripped" in deck:
        out.append((("deck", "stripped"), deck["stripped"]))
    events = doc.get("events")
    for i, event in enumerate(events if isinstance(events, list) else []):
        when = event.get("when") if isinstance(event, dict) else None
        if isinstance(when, dict) and "ranks" in when:
            out.append((("events", i, "when", "ranks"), when["ranks"]))
    return out


def normalize_ranks(doc: Any) -> None:
    """Write every rank of ``doc`` (a plain, schema-valid document) as a number, in place."""
    if not isinstance(doc, dict):
        return
    wild, deck = doc.get("wild"), doc.get("deck")
    if isinstance(wild, dict) and "ranks" in wild:
        wild["ranks"] = _numbers(wild["ranks"])
    if isinstance(deck, dict) and "stripped" in deck:
        deck["stripped"] = _numbers(deck["stripped"])
    events = doc.get("events")
    for event in events if isinstance(events, list) else []:
        when = event.get("when") if isinstance(event, dict) else None
        if isinstance(when, dict) and "ranks" in when:
            when["ranks"] = _numbers(when["ranks"])


def letter_ranks(doc: Any) -> None:
    """Write every rank of ``doc`` as its letter (``12``: ``Q``), as a host writes them, in
    place: the reverse of :func:`normalize_ranks`.

    >>> doc = {"wild": {"ranks": [12, 7]}, "events": [{"when": {"ranks": [13]}}]}
    >>> letter_ranks(doc)
    >>> doc
    {'wild': {'ranks': ['Q', '7']}, 'events': [{'when': {'ranks': ['K']}}]}
    """
    for _, items in rank_lists(doc):
        if isinstance(items, list):
            items[:] = [
                RANK_CHARS[n - 2] if (n := rank_number(v)) is not None else v for v in items
            ]

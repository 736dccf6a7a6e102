"""Replaying a history (:func:`stud.engine.history.to_history`) to the identical hand."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stud.cards import Card
from stud.engine.hand import Hand
from stud.engine.history import ruleset_digest
from stud.engine.views import Seat
from stud.errors import StudError
from stud.money import to_money
from stud.rules.model import Ruleset


def replay(history: Mapping[str, Any], ruleset: Ruleset | None = None) -> Hand:
    """Play a history again; the returned hand has the same events and result."""
    pinned = history["ruleset"]
    if ruleset is None:
        from stud.rules import ruleset_from_document

        ruleset = ruleset_from_document(pinned["document"], source="<history>")
    elif ruleset.document and ruleset_digest(ruleset) != pinned.get("sha256"):
        raise StudError(
            f"the history was played under another version of {pinned.get('name')!r} "
            "(its sha256 differs); replay without a ruleset to use the pinned one"
        )
    seats = [Seat(s["seat"], s["name"], to_money(s["stack"])) for s in history["seats"]]
    deck = [Card.parse(c) for c in history["deck"]]
    own = {
        int(e["seat"]): [Card.parse(c) for c in e["cards"]] for e in history.get("seat_cards") or ()
    }
    hand = Hand(ruleset, seats, history["dealer"], deck=deck, seat_cards=own or None)
    for entry in history["actions"]:
        hand.act(
            entry["seat"],
            entry["action"],
            entry.get("amount"),
            declare=entry.get("declare"),
            cards=entry.get("cards"),
        )
    return hand

"""A hand as JSON-able data, and replaying it to the identical state.

The history names the ruleset and pins it: ``sha256`` of the canonical JSON of
``ruleset.document`` (sorted keys, no spaces, UTF-8) plus the document itself, so a
replay needs nothing else.  ``deck`` is the full order the stub started in.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stud.cards import Card
from stud.engine.views import Result, Seat
from stud.errors import StudError
from stud.money import fmt, to_money
from stud.rules.model import Ruleset

if TYPE_CHECKING:
    from stud.engine.hand import Hand


def canonical_json(document: Mapping[str, Any]) -> str:
    return json.dumps(
        document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str
    )


def ruleset_digest(ruleset: Ruleset) -> str:
    """sha256 (hex) of the canonical JSON of the ruleset document."""
    return hashlib.sha256(canonical_json(ruleset.document).encode("utf-8")).hexdigest()


def result_json(result: Result | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "awards": [
            {"seat": a.seat, "amount": fmt(a.amount), "pot": a.pot, "share": a.share}
            for a in result.awards
        ],
        "hands": [
            {"seat": h.seat, "share": h.share, "name": h.name, "cards": [str(c) for c in h.cards]}
            for h in result.hands
        ],
        "showdown": result.showdown,
    }


def to_history(hand: Hand) -> dict[str, Any]:
    """The hand as plain JSON-able data (money as decimal strings, cards as ``As``)."""
    ruleset = hand.ruleset
    actions = []
    for seat, action, amount, declare, cards in hand.actions:
        item: dict[str, Any] = {"seat": seat, "action": action}
        if amount is not None and amount >= 0:
            item["amount"] = fmt(hand.units.money(amount))
        if declare is not None:
            item["declare"] = declare
        if cards is not None:
            item["cards"] = list(cards)
        actions.append(item)
    return {
        "ruleset": {
            "name": ruleset.name,
            "sha256": ruleset_digest(ruleset),
            "document": json.loads(canonical_json(ruleset.document)),
        },
        "seats": [{"seat": s.seat, "name": s.name, "stack": fmt(s.stack)} for s in hand.seats],
        "dealer": hand.dealer,
        "deck": [str(c) for c in hand.deck_order],
        "actions": actions,
        "result": result_json(hand.result),
    }


def replay(history: Mapping[str, Any], ruleset: Ruleset | None = None) -> Hand:
    """Play a history again; the returned hand has the same events and result."""
    from stud.engine.hand import Hand

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
    hand = Hand(ruleset, seats, history["dealer"], deck=deck)
    for entry in history["actions"]:
        hand.act(
            entry["seat"],
            entry["action"],
            entry.get("amount"),
            declare=entry.get("declare"),
            cards=entry.get("cards"),
        )
    return hand

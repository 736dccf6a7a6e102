"""A hand as JSON-able data (:func:`stud.engine.replaying.replay` plays it again).

The history names the ruleset and pins it: ``sha256`` of the canonical JSON of
``ruleset.document`` (sorted keys, no spaces, UTF-8) plus the document itself, so a
replay needs nothing else.  ``deck`` is the full order the stub started in.  This module
reads a hand through the small :class:`Played` protocol and never imports the hand.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from stud.cards import CARD_TEXT, Card
from stud.engine.options import Action
from stud.engine.triggers import events_record
from stud.engine.units import Units
from stud.engine.views import Result, Seat
from stud.money import fmt
from stud.rules.model import Ruleset


class Played(Protocol):
    """What a history reads of a hand (:class:`stud.engine.hand.Hand` is one)."""

    @property
    def ruleset(self) -> Ruleset: ...
    @property
    def units(self) -> Units: ...
    @property
    def seats(self) -> tuple[Seat, ...]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def deck_order(self) -> Sequence[Card]: ...
    @property
    def actions(self) -> Sequence[Action]: ...
    @property
    def result(self) -> Result | None: ...
    @property
    def log(self) -> list[tuple[Any, ...]]: ...


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
            {
                "seat": h.seat,
                "share": h.share,
                "name": h.name,
                "cards": [CARD_TEXT[c] for c in h.cards],
            }
            for h in result.hands
        ],
        "showdown": result.showdown,
    }


def to_history(hand: Played) -> dict[str, Any]:
    """The hand as plain JSON-able data (money as decimal strings, cards as ``As``)."""
    ruleset = hand.ruleset
    actions = []
    for seat, action, amount, declare, cards in hand.actions:
        item: dict[str, Any] = {"seat": seat, "action": action}
        if amount is not None:
            item["amount"] = fmt(hand.units.money(amount))
        if declare is not None:
            item["declare"] = declare
        if cards is not None:
            item["cards"] = list(cards)
        actions.append(item)
    out = {
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
    } | _seat_cards(hand)
    if ruleset.events:  # what the event table did (EVENT-01): a replay does it again
        out["events"] = events_record(ruleset, hand.log, hand.units.money)
    return out


def _seat_cards(hand: Played) -> dict[str, Any]:
    """Each seat's own cards, when the hand was dealt with them (protocol 1.2)."""
    given = getattr(hand, "seat_cards", None)
    if not given:
        return {}
    return {"seat_cards": [{"seat": s, "cards": [str(c) for c in given[s]]} for s in sorted(given)]}

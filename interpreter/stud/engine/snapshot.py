"""The protocol v1 ``state`` object of a hand (see docs/protocol.md).

Money is a decimal string (:func:`stud.money.fmt`), cards are ``As``; ``legal`` lists the
acting player's options with *to* amounts (a call too): ``{"action", "amount"}`` or
``{"action", "min", "max"}``; declarations carry ``declare`` and exchanges ``amount`` (the
price).  ``declarations`` lists who has declared what (hidden while a simultaneous
declaration is under way).

``stud serve`` builds one after every request, so it is read straight from the hand's
parts in chip units (each amount written once through :meth:`Units.wire`), not through
the Decimal views of the public API; a test checks both say the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stud.cards import CARD_TEXT
from stud.engine.history import result_json
from stud.engine.options import Option
from stud.engine.units import Units

if TYPE_CHECKING:
    from stud.engine.hand import Hand


def state_json(hand: Hand) -> dict[str, Any]:
    units = hand.units
    wire = units.wire
    cards = CARD_TEXT
    return {
        "street": hand.street,
        "phase": hand.phase,
        "to_act": hand.to_act,
        "legal": [legal_json(o, units) for o in hand.options()],
        "pot": wire(hand.chips.total()),
        "pots": [
            {"amount": wire(amount), "eligible": sorted(p.seat for p in eligible)}
            for amount, eligible in hand.chips.side_pots()
        ],
        "dealer": hand.dealer,
        "seats": [
            {
                "seat": p.seat,
                "name": p.name,
                "stack": wire(p.stack),
                "bet": wire(p.bet),
                "folded": p.folded,
                "all_in": p.all_in,
                "down": [cards[c] for c in p.down],
                "up": [cards[c] for c in p.up],
            }
            for p in hand.by_number
        ],
        "community": [cards[c] for c in hand.dealing.common],
        "declarations": declarations_json(hand),
        "result": result_json(hand.result),
    }


def legal_json(option: Option, units: Units) -> dict[str, Any]:
    """One legal option as the protocol lists it (what :func:`legal_action` shows as text)."""
    action, lo, hi, choice = option
    item: dict[str, Any] = {"action": action}
    if action == "declare":
        item["declare"] = choice
    if lo is not None and hi is not None:
        if lo == hi or action in ("call", "exchange"):
            item["amount"] = units.wire(lo)
        else:
            item["min"] = units.wire(lo)
            item["max"] = units.wire(hi)
    return item


def declarations_json(hand: Hand) -> list[dict[str, Any]]:
    """The declarations made so far (DECL-01), clockwise from the dealer's left.

    A simultaneous declaration stays hidden (``declare`` null) until everyone has declared;
    then all are revealed together.  Seats that have not declared are not listed.
    """
    return [{"seat": seat, "declare": declare} for seat, declare in hand.declaration.public()]

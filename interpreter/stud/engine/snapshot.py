"""The protocol v1 ``state`` object of a hand (see docs/protocol.md).

Money is a decimal string (:func:`stud.money.fmt`), cards are ``As``; ``legal`` lists the
acting player's options with *to* amounts (a call too): ``{"action", "amount"}`` or
``{"action", "min", "max"}``; declarations carry ``declare`` and exchanges ``amount`` (the
price); a decision (protocol 1.2: discard, expose, draw, split) carries ``cards_min``,
``cards_max`` and the ``choices`` it picks from.  ``declarations`` lists who has declared
what (hidden while a simultaneous declaration is under way).

``stud serve`` builds one after every request, so it is read straight from the hand's
parts in chip units (each amount written once through :meth:`Units.wire`), not through
the Decimal views of the public API; a test checks both say the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stud.cards import CARD_TEXT
from stud.engine.history import result_json
from stud.engine.options import Option
from stud.engine.triggers import events_record
from stud.engine.units import Units
from stud.engine.views import LegalAction
from stud.money import fmt
from stud.rules.model import DECISION_CHOICES

if TYPE_CHECKING:
    from stud.engine.hand import Hand


def state_json(hand: Hand) -> dict[str, Any]:
    units = hand.units
    wire = units.wire
    cards = CARD_TEXT
    if hand.phase in DECISION_CHOICES:  # a decision (protocol 1.2): how many of which cards
        legal = [decision_json(a) for a in hand.legal_actions()]
    else:
        legal = [legal_json(o, units) for o in hand.options()]
    splits = dict(hand.decisions.set_aside())
    state = {
        "street": hand.street,
        "phase": hand.phase,
        "to_act": hand.to_act,
        "legal": legal,
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
            | ({"split": [cards[c] for c in splits[p.seat]]} if p.seat in splits else {})
            for p in hand.by_number
        ],
        "community": [cards[c] for c in hand.dealing.common],
        "declarations": declarations_json(hand),
        "result": result_json(hand.result),
    }
    state.update(deal_json(hand))
    return state


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


def decision_json(a: LegalAction) -> dict[str, Any]:
    """A decision's legal entry: its action, how many cards, and the cards to choose from."""
    return {
        "action": a.action,
        "cards_min": a.cards_min,
        "cards_max": a.cards_max,
        "choices": [str(c) for c in a.choices],
    }


def declarations_json(hand: Hand) -> list[dict[str, Any]]:
    """The declarations made so far (DECL-01), clockwise from the dealer's left.

    A simultaneous declaration stays hidden (``declare`` null) until everyone has declared;
    then all are revealed together.  Seats that have not declared are not listed.
    """
    return [{"seat": seat, "declare": declare} for seat, declare in hand.declaration.public()]


def deal_json(hand: Hand) -> dict[str, Any]:
    """The protocol 1.2 fields of the house games, present only where the ruleset has them:
    ``blinds`` posted this hand, ``wild_ranks`` wild for everyone now (fixed and set by
    events), and ``events``, what the ruleset's event table did so far."""
    out: dict[str, Any] = {}
    money = hand.units.money
    if hand.blinds.posted:
        out["blinds"] = [
            {"seat": seat, "blind": kind, "amount": fmt(money(amount))}
            for seat, kind, amount in hand.blinds.posted
        ]
    rules = hand.ruleset
    if rules.events or rules.wild.ranks:
        out["wild_ranks"] = list(hand.wild_ranks)
    if rules.events:
        out["events"] = events_record(rules, hand.log, money)
    return out

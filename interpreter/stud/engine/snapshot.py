"""The protocol v1 ``state`` object of a hand (see docs/protocol.md).

Money is a decimal string (:func:`stud.money.fmt`), cards are ``As``; ``legal`` lists the
acting player's options with *to* amounts (a call too): ``{"action", "amount"}`` or
``{"action", "min", "max"}``; declarations carry ``declare`` and exchanges ``amount`` (the
price); a decision (protocol 1.2: discard, expose, draw, split) carries ``cards_min``,
``cards_max`` and the ``choices`` it picks from.  ``declarations`` lists who has declared
what (hidden while a simultaneous declaration is under way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stud.engine.history import result_json
from stud.engine.triggers import events_record
from stud.money import fmt

if TYPE_CHECKING:
    from stud.engine.hand import Hand


def state_json(hand: Hand) -> dict[str, Any]:
    legal: list[dict[str, Any]] = []
    for a in hand.legal_actions():
        item: dict[str, Any] = {"action": a.action}
        if a.action == "declare":
            item["declare"] = a.text.split()[-1]
        if a.cards_max is not None:  # a decision (protocol 1.2): how many of which cards
            item["cards_min"], item["cards_max"] = a.cards_min, a.cards_max
            item["choices"] = [str(c) for c in a.choices]
        if a.amount is not None:
            item["amount"] = fmt(a.amount)
        elif a.min is not None and a.max is not None:
            item["min"] = fmt(a.min)
            item["max"] = fmt(a.max)
        legal.append(item)
    splits = dict(hand.decisions.set_aside())
    state = {
        "street": hand.street,
        "phase": hand.phase,
        "to_act": hand.to_act,
        "legal": legal,
        "pot": fmt(hand.pot),
        "pots": [{"amount": fmt(p.amount), "eligible": list(p.eligible)} for p in hand.pots()],
        "dealer": hand.dealer,
        "seats": [
            {
                "seat": v.seat,
                "name": v.name,
                "stack": fmt(v.stack),
                "bet": fmt(v.bet),
                "folded": v.folded,
                "all_in": v.all_in,
                "down": [str(c) for c in v.down],
                "up": [str(c) for c in v.up],
            }
            | ({"split": [str(c) for c in splits[v.seat]]} if v.seat in splits else {})
            for v in hand.players_view
        ],
        "community": [str(c) for c in hand.community],
        "declarations": declarations_json(hand),
        "result": result_json(hand.result),
    }
    state.update(deal_json(hand))
    return state


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

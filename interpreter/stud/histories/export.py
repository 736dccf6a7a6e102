"""Writing a room's hand out again: PHH (TOML, as PokerKit reads it) or plain JSON.

PHH players ``p1..pN`` are the seats dealt in from the lowest seat (the first dealt, left
of the dealer); ``seats`` keeps the room's seat numbers, hidden cards are ``??``, ``hand``
is the room's hand number, and what the pot paid each player and the rake go to
``winnings`` and ``rake`` (an uncalled bet the room counted in a payment is taken out, as
PHH winnings come from the pot).  When the room states no rake, neither is written (a
comment says so); when it took none, the stacks after the hand go to ``finishing_stacks``.
"""

from __future__ import annotations

import dataclasses
import json
from decimal import Decimal
from typing import Any

from stud.histories.model import RoomHand
from stud.histories.recording import deal_plan, put_in, shown_down_cards, stakes, uncalled

VARIANT = {"seven-card-stud": "F7S", "stud-hi-lo": "F7S/8", "razz": "FR"}


def _cards(cards: list[str | None]) -> str:
    return "".join(c or "??" for c in cards)


def _toml(value: Any) -> str:
    if isinstance(value, Decimal):
        return format(value, "f")
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value))


def to_phh(hand: RoomHand) -> str:
    seats = hand.in_hand()
    player = {s.name: f"p{i}" for i, s in enumerate(seats, start=1)}
    values = stakes(hand)
    ante = Decimal(values["stakes.ante"])
    fields: dict[str, Any] = {
        "variant": VARIANT[hand.game],
        "ante_trimming_status": True,
        "antes": [ante] * len(seats),
        "bring_in": Decimal(values["stakes.bring_in"]),
        "small_bet": hand.small_bet,
        "big_bet": hand.big_bet,
        "starting_stacks": [s.stack for s in seats],
    }
    actions: list[str] = []
    plan = deal_plan(hand)
    known: dict[str, list[str | None]] = {}
    for _, name, cards in plan:
        if name:
            known.setdefault(name, []).extend(cards)
    filled = {n: iter(shown_down_cards(hand, n, cards)) for n, cards in known.items()}
    for street in range(5):
        for _, name, cards in (e for e in plan if e[0] == street):
            if not name:
                actions.append(f"d db {_cards(cards)}")
            elif name in player:
                mine = [next(filled[name]) for _ in cards]
                actions.append(f"d dh {player[name]} {_cards(mine)}")
        for a in (a for a in hand.actions if a.street == street and a.name in player):
            p = player[a.name]
            verb = {"bring_in": "pb", "call": "cc", "check": "cc", "fold": "f"}.get(a.kind)
            actions.append(f"{p} {verb}" if verb else f"{p} cbr {_toml(a.to)}")
    for name, cards in hand.shown.items():
        if name in player:
            actions.append(f"{player[name]} sm {_cards(cards)}")
    fields["actions"] = actions
    fields["players"] = [s.name for s in seats]
    fields["seats"] = [s.seat for s in seats]
    fields["hand"] = int(hand.hand_id) if hand.hand_id.isdigit() else hand.hand_id
    comment = ""
    if hand.rake is None:
        comment = "# the room states no rake: winnings are not written\n"
    else:
        paid = from_pot(hand)
        fields["winnings"] = [paid.get(s.name, Decimal(0)) for s in seats]
        fields["rake"] = hand.rake
        if hand.rake == 0:
            given = put_in(hand)
            fields["finishing_stacks"] = [
                s.stack
                - given.get(s.name, Decimal(0))
                + paid.get(s.name, Decimal(0))
                + _back(hand).get(s.name, Decimal(0))
                for s in seats
            ]
    fields["casino"] = hand.room
    return comment + "".join(f"{k} = {_toml(v)}\n" for k, v in fields.items())


def _back(hand: RoomHand) -> dict[str, Decimal]:
    """Uncalled bets given back: as the room returned them, else as the actions show."""
    return dict(hand.returned) if hand.returned else uncalled(hand)


def from_pot(hand: RoomHand) -> dict[str, Decimal]:
    """What the pot paid each player: the room's payments less an uncalled bet the room
    counted in them (when payments and rake add up to everything put in)."""
    paid = dict(hand.collected)
    if hand.returned or hand.rake is None:
        return paid
    given = sum(put_in(hand).values(), Decimal(0))
    if sum(paid.values(), Decimal(0)) + hand.rake == given:
        for name, amount in uncalled(hand).items():
            paid[name] = paid.get(name, Decimal(0)) - amount
    return paid


def to_json(hand: RoomHand) -> dict[str, Any]:
    """The hand as the room wrote it, amounts as decimal strings."""

    def plain(value: Any) -> Any:
        if isinstance(value, Decimal):
            return format(value, "f")
        if isinstance(value, dict):
            return {k: plain(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [plain(v) for v in value]
        return value

    return {"format": "stud-room-hand", **plain(dataclasses.asdict(hand))}

"""A room's hand as a replayable :class:`~stud.play.replay.Recording`.

Stakes: the small and big bet from the header, the ante and bring-in as posted (an all-in
post does not count; the header's ante is used when nobody posted a full one, and a
bring-in nobody posted in full is taken as half the small bet).  The smallest chip is a
cent for money games and 1 for tournament chips, or finer where an amount needs it.

The dealer: rooms print no button in stud, but they deal and list the players from the
lowest seat up, so the dealer is taken to be the highest seat dealt in; dealing then
starts at the lowest seat, as the room's ``Dealt to`` lines show.  Rooms record no
burns, so the hand is replayed with ``dealing.burn: false``; a shared river card (a
short pack) is placed where the ruleset deals it.  Hidden cards (opponents' down cards
that were never shown) are filled from the unseen cards: they change no bring-in or
opener, which only read exposed cards.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from stud.cards import Card, standard_deck
from stud.engine import Seat
from stud.errors import StudError
from stud.histories.model import RoomHand
from stud.play.replay import AGGRESSIVE, Recording, Step
from stud.rules.model import Ruleset

_VERB = {
    "bring_in": "bring_in",
    "bet": AGGRESSIVE,
    "call": "call",
    "check": "check",
    "fold": "fold",
}


def _places(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def stakes(hand: RoomHand) -> dict[str, Any]:
    """The hand's stakes as ruleset overrides (dotted paths -> decimal strings)."""
    ante = hand.ante()
    bring_in = hand.bring_in()
    if bring_in is None:
        bring_in = hand.small_bet / 2
    amounts = [ante, bring_in, hand.small_bet, hand.big_bet]
    amounts += [s.stack for s in hand.seats]
    amounts += [a.to for a in hand.actions if a.to is not None]
    amounts += list(hand.collected.values())
    places = max([2 if hand.money else 0] + [_places(a) for a in amounts])
    return {
        "stakes.ante": str(ante),
        "stakes.bring_in": str(bring_in),
        "stakes.small_bet": str(hand.small_bet),
        "stakes.big_bet": str(hand.big_bet),
        "stakes.chip": str(Decimal(1).scaleb(-places)),
        "dealing.burn": False,
    }


def dealer_of(hand: RoomHand) -> int:
    """The highest seat dealt in (dealing starts at the lowest seat)."""
    return max(s.seat for s in hand.in_hand())


def shown_down_cards(hand: RoomHand, name: str, known: list[str | None]) -> list[str | None]:
    """Fill a player's hidden cards from what they showed (in deal order)."""
    shown = hand.shown.get(name)
    if not shown or None not in known:
        return known
    extra = [c for c in shown if c is not None and c not in known]
    hidden = [i for i, c in enumerate(known) if c is None]
    if len(shown) == len(known) and all(
        s == k or k is None for s, k in zip(shown, known, strict=True)
    ):
        return list(shown)
    if len(extra) == len(hidden):
        out = list(known)
        for i, c in zip(hidden, extra, strict=True):
            out[i] = c
        return out
    return known


_FACES = (("down", "down", "up"), ("up",), ("up",), ("up",), ("down",))  # room streets


def deal_plan(hand: RoomHand) -> list[tuple[int, str, list[str | None]]]:
    """(street, player, new cards) for every player still in on each street reached,
    hidden cards as None (rooms list no river card for opponents)."""
    order = [s.name for s in hand.in_hand()]
    dealt = {(d.street, d.name): d.down + d.up for d in hand.deals}
    folded: dict[int, set[str]] = {}
    for a in hand.actions:
        if a.kind == "fold":
            folded.setdefault(a.street, set()).add(a.name)
    reached = max([a.street for a in hand.actions] + [d.street for d in hand.deals] + [0])
    plan: list[tuple[int, str, list[str | None]]] = []
    live = list(order)
    for street in range(reached + 1):
        if len(live) < 2:
            break
        if street == len(_FACES) - 1 and hand.community:
            plan.append((street, "", list(hand.community)))  # a shared river card
            break
        for name in live:
            cards: list[str | None] = [None] * len(_FACES[street])
            plan.append((street, name, list(dealt.get((street, name), cards))))
        live = [n for n in live if n not in folded.get(street, set())]
    return plan


def to_recording(hand: RoomHand, ruleset: Ruleset) -> Recording:
    seats = [Seat(s.seat, s.name, s.stack) for s in hand.in_hand()]
    seat_no = {s.name: s.seat for s in seats}
    plan = deal_plan(hand)
    # each player's cards in deal order, hidden ones taken from what they showed
    known: dict[str, list[str | None]] = {}
    for _, name, new in plan:
        if name:
            known.setdefault(name, []).extend(new)
    filled = {n: iter(shown_down_cards(hand, n, cards)) for n, cards in known.items()}
    # the deck: each deal round of a street goes round the table (lowest seat first)
    slots: list[tuple[str | None, str]] = []
    for street in range(len(_FACES)):
        entries = [(name, new) for st, name, new in plan if st == street]
        if not entries:
            break
        rounds = max(len(new) for _, new in entries)
        mine = {name: [next(filled[name]) for _ in new] if name else new for name, new in entries}
        for r in range(rounds):
            slots += [(mine[n][r], n) for n, _ in entries if r < len(mine[n])]
    seen = {c for c, _ in slots if c is not None}
    if len(slots) > 52:
        raise StudError(
            f"{hand.source}:{hand.line}: {len(slots)} cards are dealt but a pack holds 52 "
            "(a room deals a shared card when it runs short)"
        )
    spare = iter(c for c in standard_deck() if str(c) not in seen)
    deck: list[Card] = []
    dealt_to: dict[int, list[Card]] = {}
    hidden = False
    for text, owner in slots:
        if text is None:
            hidden = True
            card = next(spare)
        else:
            card = Card.parse(text)
        deck.append(card)
        if owner:
            dealt_to.setdefault(seat_no[owner], []).append(card)
    steps = [
        Step(
            seat_no.get(a.name, 0),
            _VERB[a.kind],
            f"line {a.line}",
            a.text,
            amount=a.to if a.kind in ("bring_in", "bet", "call") else None,
        )
        for a in hand.actions
    ]
    notes = [f"{hand.room} hand {hand.hand_id}; dealer taken as seat {dealer_of(hand)}"]
    notes += hand.notes
    return Recording(
        source=f"{hand.source}:{hand.line}",
        ruleset=ruleset,
        seats=seats,
        dealer=dealer_of(hand),
        deck=deck,
        steps=steps,
        dealt=dealt_to,
        hidden_cards=hidden,
        notes=notes,
    )

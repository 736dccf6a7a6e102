"""A room's hand as a replayable :class:`~stud.play.replay.Recording`.

Stakes: the small and big bet from the header, the ante and bring-in as posted (an all-in
post does not count; the header's ante is used when nobody posted a full one, and a
bring-in nobody posted in full is taken as half the small bet).  The smallest chip is a
cent for money games and 1 for tournament chips, or finer where an amount needs it.  The
header's betting structure (pot limit, no limit) is kept.

The dealer: rooms print no button in stud, but they deal and list the players from the
lowest seat up, so the dealer is taken to be the highest seat dealt in; dealing then
starts at the lowest seat, as the room's deal lines show.  Rooms record no burns, so the
hand is replayed with ``dealing.burn: false``; a shared river card (a short pack) is
placed where the ruleset deals it.  Hidden cards are filled from the unseen cards
(:mod:`stud.histories.fill`): a hidden up card is chosen to fit the recorded bring-in and
openers, and the verdict says that what it decides could not be verified.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from stud.cards import Card
from stud.engine import Seat
from stud.histories.games import layout
from stud.histories.model import RoomHand
from stud.play.fill import fill_hidden
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
    """The hand's stakes (and betting structure) as ruleset overrides."""
    ante = hand.ante()
    bring_in = hand.bring_in()
    if bring_in is None:
        bring_in = hand.small_bet / 2
    amounts = [ante, bring_in, hand.small_bet, hand.big_bet]
    amounts += [s.stack for s in hand.seats]
    amounts += [a.to for a in hand.actions if a.to is not None]
    amounts += list(hand.collected.values())
    places = max([2 if hand.money else 0] + [_places(a) for a in amounts])
    values: dict[str, Any] = {
        "stakes.ante": str(ante),
        "stakes.bring_in": str(min(bring_in, hand.small_bet)),
        "stakes.small_bet": str(hand.small_bet),
        "stakes.big_bet": str(hand.big_bet),
        "stakes.chip": str(Decimal(1).scaleb(-places)),
        "dealing.burn": False,
    }
    if hand.structure != "fixed-limit":
        values["betting.structure"] = hand.structure
        values["betting.max_raises"] = None
        values["betting.reopen_fraction"] = "1"
    return values


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


def deal_plan(hand: RoomHand) -> list[tuple[int, str, list[str | None]]]:
    """(street, player, new cards) for every player still in on each street reached,
    hidden cards as None (rooms do not deal opponents' cards in the file)."""
    faces = layout(hand.game)
    order = [s.name for s in hand.in_hand()]
    dealt: dict[tuple[int, str], list[str | None]] = {}
    for d in hand.deals:
        dealt.setdefault((d.street, d.name), []).extend(d.cards)
    folded: dict[int, set[str]] = {}
    for a in hand.actions:
        if a.kind == "fold":
            folded.setdefault(a.street, set()).add(a.name)
    reached = max([a.street for a in hand.actions] + [d.street for d in hand.deals] + [0])
    plan: list[tuple[int, str, list[str | None]]] = []
    live = list(order)
    for street in range(min(reached + 1, len(faces))):
        if len(live) < 2:
            break
        if street == len(faces) - 1 and hand.community:
            plan.append((street, "", list(hand.community)))  # a shared river card
            break
        size = len(faces[street])
        for name in live:
            known = dealt.get((street, name), [])[:size]
            cards: list[str | None] = [None] * (size - len(known))
            cards += known  # the known ones are the last (rooms show the up cards)
            plan.append((street, name, cards))
        live = [n for n in live if n not in folded.get(street, set())]
    return plan


def player_cards(hand: RoomHand) -> dict[str, list[str | None]]:
    """Each player's cards in deal order, hidden ones taken from what they showed."""
    known: dict[str, list[str | None]] = {}
    for _, name, new in deal_plan(hand):
        if name:
            known.setdefault(name, []).extend(new)
    return {n: shown_down_cards(hand, n, cards) for n, cards in known.items()}


def room_openers(hand: RoomHand) -> tuple[dict[int, str], set[int]]:
    """The first player to act on each street, and the streets whose first bet was big
    (only an open pair allows that on a small-bet street), as the room recorded them."""
    openers: dict[int, str] = {}
    big: set[int] = set()
    for a in hand.actions:
        openers.setdefault(a.street, a.name)
    for street in openers:
        first = next(
            (a for a in hand.actions if a.street == street and a.kind == "bet" and a.to), None
        )
        if first is not None and first.to is not None and first.to > hand.small_bet:
            big.add(street)
    return openers, big


def to_recording(hand: RoomHand, ruleset: Ruleset) -> Recording:
    seats = [Seat(s.seat, s.name, s.stack) for s in hand.in_hand()]
    seat_no = {s.name: s.seat for s in seats}
    plan = deal_plan(hand)
    cards = {n: iter(c) for n, c in player_cards(hand).items()}
    faces = layout(hand.game)
    # (card or None, owner, street, index in the street's deal, face up), in deal order:
    # each deal round of a street goes round the table (lowest seat first)
    slots: list[tuple[str | None, str, int, int, bool]] = []
    for street in range(len(faces)):
        entries = [(name, new) for st, name, new in plan if st == street]
        if not entries:
            break
        mine = {name: [next(cards[name]) for _ in new] if name else new for name, new in entries}
        for r in range(max(len(new) for _, new in entries)):
            for name, new in entries:
                if r < len(new):
                    up = not name or faces[street][r] == "up"
                    slots.append((mine[name][r], name, street, r, up))
    notes = [f"{hand.room} hand {hand.hand_id}; dealer taken as seat {dealer_of(hand)}"]
    notes += hand.notes
    filled, fill_notes = fill_hidden(ruleset, slots, *room_openers(hand))
    deck: list[Card] = []
    dealt_to: dict[int, list[Card]] = {}
    for (_, owner, _, _, _), card in zip(slots, filled, strict=True):
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
    return Recording(
        source=f"{hand.source}:{hand.line}",
        ruleset=ruleset,
        seats=seats,
        dealer=dealer_of(hand),
        deck=deck,
        steps=steps,
        dealt=dealt_to,
        hidden_cards=any(c is None for c, *_ in slots),
        notes=notes + fill_notes,
        problem=_antes_problem(hand, ruleset),
        unknown_seats={seat_no[o] for c, o, *_ in slots if c is None and o in seat_no},
    )


def _antes_problem(hand: RoomHand, ruleset: Ruleset) -> str:
    """A player who posted an ante other than everyone's (an all-in short ante aside)."""
    ante = ruleset.stakes.ante
    for name, (posted, all_in) in sorted(hand.antes.items()):
        if posted != ante and not (all_in and posted < ante):
            return (
                f"{name} posted an ante of {posted}, the others {ante}; everyone antes the "
                "same (DEAL-01)"
            )
    return ""


def put_in(hand: RoomHand) -> dict[str, Decimal]:
    """What each player put in over the hand as recorded: antes and street totals."""
    out = {name: amount for name, (amount, _) in hand.antes.items()}
    last: dict[tuple[int, str], Decimal] = {}
    for a in hand.actions:
        if a.to is not None:
            last[(a.street, a.name)] = a.to
    for (_, name), to in last.items():
        out[name] = out.get(name, Decimal(0)) + to
    return out


def uncalled(hand: RoomHand) -> dict[str, Decimal]:
    """The bet nobody matched: what the biggest contributor put in beyond the next one."""
    totals = sorted(put_in(hand).items(), key=lambda kv: kv[1], reverse=True)
    if len(totals) < 2 or totals[0][1] <= totals[1][1]:
        return {}
    return {totals[0][0]: totals[0][1] - totals[1][1]}

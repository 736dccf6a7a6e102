"""The room's awards against the ruleset's, before rake.

Every player must get back from the ruleset's awards (plus an uncalled bet returned)
what the room paid them plus a share of the rake, and the shares must add up to the rake
the room states.  Where the room states no rake, the shares must add up to no more than
:data:`RAKE_LIMIT` of the pot (no room takes more) and the verdict says what was kept.
Where the room writes the stacks after the hand, they are compared the same way.

When a player went to the showdown without their cards being shown, who won cannot be
checked; what still can is: players out of the showdown get back exactly their uncalled
bets, nobody is paid more than the pots they could win, and chips are conserved.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from stud.engine import Hand
from stud.engine import events as ev
from stud.histories.model import RoomHand
from stud.money import fmt

RAKE_LIMIT = Decimal("0.10")  # the most of a pot a room keeps when it does not say
NOTE = "note: "


def _by_name(hand: Hand) -> dict[int, str]:
    return {p.seat: p.name for p in hand.players}


def _engine_back(hand: Hand) -> tuple[dict[str, Decimal], dict[str, Decimal]]:
    """What the ruleset pays each player (awards plus uncalled bets) and the uncalled part."""
    names = _by_name(hand)
    back: dict[str, Decimal] = {}
    returned: dict[str, Decimal] = {}
    assert hand.result is not None
    for award in hand.result.awards:
        back[names[award.seat]] = back.get(names[award.seat], Decimal(0)) + award.amount
    for e in hand.events:
        if isinstance(e, ev.UncalledReturned):
            name = names[e.seat]
            back[name] = back.get(name, Decimal(0)) + e.amount
            returned[name] = returned.get(name, Decimal(0)) + e.amount
    return back, returned


def _room_back(
    room: RoomHand, returned: Mapping[str, Decimal], add_engine: bool
) -> dict[str, Decimal]:
    out: dict[str, Decimal] = {}
    for mapping in (room.collected, room.returned):
        for name, amount in mapping.items():
            out[name] = out.get(name, Decimal(0)) + amount
    if add_engine:  # the room counts an uncalled bet nowhere: it went back all the same
        for name, amount in returned.items():
            if name not in room.returned:
                out[name] = out.get(name, Decimal(0)) + amount
    return out


def _kept(room: RoomHand, kept: Decimal, pot: Decimal) -> str | None:
    """None when ``kept`` fits the rake, else what the rake should have been."""
    if room.rake is not None:
        return None if kept == room.rake else f"rake {fmt(room.rake)}"
    if 0 <= kept <= RAKE_LIMIT * pot:
        return None
    return f"no rake stated, and {fmt(kept)} kept is more than {RAKE_LIMIT:%} of the pot"


def _hidden_showdown(room: RoomHand, hand: Hand) -> list[str]:
    """The players at the showdown with a card the room never showed."""
    from stud.histories.recording import player_cards

    assert hand.result is not None
    names = _by_name(hand)
    cards = player_cards(room)
    return sorted(
        {names[h.seat] for h in hand.result.hands if None in cards.get(names[h.seat], [None])}
    )


def room_result(room: RoomHand, hand: Hand) -> str:
    """ "" when the room's payments fit the ruleset's awards; ``NOTE`` + text when they fit
    as far as they can be checked; otherwise what differs."""
    if hand.result is None:
        return "the hand has no result"
    back, returned = _engine_back(hand)
    pot = sum(back.values(), Decimal(0)) - sum(returned.values(), Decimal(0))
    hidden = _hidden_showdown(room, hand)
    policies = {"stated": [False], "implied": [True], "either": [False, True]}[room.returns]
    problem = ""
    for add in policies:
        recorded = _room_back(room, returned, add)
        problem = _compare(room, hand, back, recorded, pot, hidden)
        if not problem or problem.startswith(NOTE):
            break
    if (not problem or problem.startswith(NOTE)) and room.final:
        final_problem = _finals(room, hand, pot, hidden)
        if final_problem and not final_problem.startswith(NOTE):
            return final_problem
    if not problem and room.rake is None:
        kept = sum(back.values(), Decimal(0)) - sum(
            _room_back(room, returned, add).values(), Decimal(0)
        )
        if kept:
            return f"{NOTE}no rake stated: the room kept {fmt(kept)} of a {fmt(pot)} pot"
    return problem


def _compare(
    room: RoomHand,
    hand: Hand,
    back: Mapping[str, Decimal],
    recorded: Mapping[str, Decimal],
    pot: Decimal,
    hidden: list[str],
) -> str:
    names = sorted(set(back) | set(recorded))
    diffs = {n: back.get(n, Decimal(0)) - recorded.get(n, Decimal(0)) for n in names}
    if hidden:
        return _partial(room, hand, diffs, recorded, pot, hidden)
    wrong = _kept(room, sum(diffs.values(), Decimal(0)), pot)
    if all(d >= 0 for d in diffs.values()) and wrong is None:
        return ""
    ruleset = ", ".join(f"{n} {fmt(back[n])}" for n in names if back.get(n))
    room_text = ", ".join(f"{n} {fmt(recorded[n])}" for n in names if recorded.get(n))
    rake = f"rake {fmt(room.rake)}" if room.rake is not None else "no rake stated"
    return (
        f"the room paid {room_text or 'nobody'} ({rake}); before rake the ruleset "
        f"awards {ruleset or 'nothing'}"
    )


def _partial(
    room: RoomHand,
    hand: Hand,
    diffs: Mapping[str, Decimal],
    paid: Mapping[str, Decimal] | None,
    pot: Decimal,
    hidden: list[str],
) -> str:
    """The checks left when some showdown cards are unknown (``paid``: what the room paid
    each player, when comparing payments rather than stacks)."""
    assert hand.result is not None
    names = _by_name(hand)
    seat_of = {n: s for s, n in names.items()}
    showdown = {names[h.seat] for h in hand.result.hands}
    for name, diff in sorted(diffs.items()):
        if name not in showdown and diff != 0:
            return (
                f"{name} did not go to the showdown, yet the room's account of them differs "
                f"from the ruleset's by {fmt(-diff)}"
            )
    for name in sorted(showdown & set(paid or {})):
        assert paid is not None
        can_win = sum((p.amount for p in hand.pots() if seat_of[name] in p.eligible), Decimal(0))
        if paid[name] > can_win + _returned(hand, seat_of[name]):
            return f"the room paid {name} {fmt(paid[name])}, more than the pots they could win"
    wrong = _kept(room, sum(diffs.values(), Decimal(0)), pot)
    if wrong is not None:
        kept = sum(diffs.values(), Decimal(0))
        return f"chips are not conserved: the room kept {fmt(kept)} of a {fmt(pot)} pot ({wrong})"
    return (
        f"{NOTE}showdown not checked: the room did not show the cards of "
        f"{', '.join(hidden)}; chips are conserved and nobody was paid more than they could win"
    )


def _returned(hand: Hand, seat: int) -> Decimal:
    return sum(
        (e.amount for e in hand.events if isinstance(e, ev.UncalledReturned) and e.seat == seat),
        Decimal(0),
    )


def _finals(room: RoomHand, hand: Hand, pot: Decimal, hidden: list[str]) -> str:
    """The room's stacks after the hand against the ruleset's."""
    finals = {p.name: p.stack for p in hand.players}
    names = sorted(n for n in room.final if n in finals)
    diffs = {n: finals[n] - room.final[n] for n in names}
    if hidden:
        return _partial(room, hand, diffs, None, pot, hidden)
    wrong = _kept(room, sum(diffs.values(), Decimal(0)), pot)
    if all(d >= 0 for d in diffs.values()) and wrong is None:
        return ""
    bad = ", ".join(
        f"{n} {fmt(room.final[n])} (the ruleset leaves {fmt(finals[n])})" for n in names if diffs[n]
    )
    return f"the room's stacks after the hand differ beyond the rake: {bad}"

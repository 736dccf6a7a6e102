"""Events and results told in words, for the terminal game."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

from stud.cards import RANK_PLURALS
from stud.engine import Hand
from stud.engine import events as ev
from stud.money import money_text


def _who(seat: int, names: Mapping[int, str], me: int) -> str:
    return "You" if seat == me else names.get(seat, f"seat {seat}")


def _does(seat: int, verb: str, names: Mapping[int, str], me: int) -> str:
    """``You call`` / ``Ann calls``."""
    if seat == me:
        return f"You {verb}"
    third = verb + ("es" if verb.endswith(("sh", "ch", "s")) else "s")
    return f"{names.get(seat, f'seat {seat}')} {third}"


def describe_event(
    event: object, names: Mapping[int, str], me: int, chip: Decimal = Decimal("0.01")
) -> str:
    """One line for an event worth telling a player ("" for the rest)."""

    def fmt(amount: Decimal) -> str:
        return money_text(amount, chip)

    if isinstance(event, ev.StreetStarted):
        return f"-- {event.street} street --"
    if isinstance(event, ev.DealtUp):
        return f"{_does(event.seat, 'receive', names, me)} {event.card.symbol} face up"
    if isinstance(event, ev.DealtDown) and event.seat == me:
        return f"You receive {event.card.symbol} face down"
    if isinstance(event, ev.CommunityCard):
        return f"Community card: {event.card.symbol}"
    if isinstance(event, ev.BringIn):
        return f"{_does(event.seat, 'bring', names, me)} in for {fmt(event.amount)}"
    if isinstance(event, ev.Bet):
        return f"{_does(event.seat, 'bet', names, me)} {fmt(event.to)}"
    if isinstance(event, ev.Complete | ev.Raise):
        verb = "complete" if isinstance(event, ev.Complete) else "raise"
        return f"{_does(event.seat, verb, names, me)} to {fmt(event.to)}"
    if isinstance(event, ev.Call):
        return f"{_does(event.seat, 'call', names, me)} {fmt(event.added)}"
    if isinstance(event, ev.Check | ev.Fold | ev.StoodPat):
        verb = {ev.Check: "check", ev.Fold: "fold", ev.StoodPat: "stand"}[type(event)]
        return _does(event.seat, verb, names, me) + (" pat" if verb == "stand" else "")
    if isinstance(event, ev.AllIn):
        return f"{_who(event.seat, names, me)} {'are' if event.seat == me else 'is'} all in"
    if isinstance(event, ev.UncalledReturned):
        return f"{fmt(event.amount)} uncalled goes back to {_who(event.seat, names, me)}"
    if isinstance(event, ev.Exchanged):
        visible = event.up or event.seat == me
        what = f"{event.given.symbol} for {event.received.symbol}" if visible else "a card"
        face = "up" if event.up else "down"
        return f"{_does(event.seat, 'exchange', names, me)} {what} ({face})"
    if isinstance(event, ev.BlindPosted):
        blind = f"the {event.blind} blind of {fmt(event.amount)}"
        return f"{_does(event.seat, 'post', names, me)} {blind}"
    if isinstance(event, ev.EventFired):
        return f"{event.event}: {event.card.symbol} to {_who(event.seat, names, me)}"
    if isinstance(event, ev.WildRankSet):
        if event.rank is None:
            return "No rank is wild by the cards now"
        plural = "deuces" if event.rank == 2 else RANK_PLURALS[event.rank]
        return f"{plural.capitalize()} are wild now"
    if isinstance(event, ev.Refunded):
        verb = "take" if event.seat == me else "takes"
        return f"{_who(event.seat, names, me)} {verb} back {fmt(event.amount)}"
    if isinstance(event, ev.Thrown):
        return f"{_does(event.seat, 'throw', names, me)} away {event.card.symbol}"
    if isinstance(event, ev.ForcedFold):
        return (
            f"{_who(event.seat, names, me)} {'are' if event.seat == me else 'is'} out of the hand"
        )
    if isinstance(event, ev.Declared):
        return f"{_does(event.seat, 'declare', names, me)} {event.declare}"
    decided = _decision(event, names, me)
    if decided:
        return decided
    if isinstance(event, ev.Shown):
        cards = " ".join(c.symbol for c in event.down + event.up)
        return f"{_does(event.seat, 'show', names, me)} {cards}"
    return ""


def _cards(cards: tuple[object, ...]) -> str:
    return " ".join(getattr(c, "symbol", str(c)) for c in cards)


def _decision(event: object, names: Mapping[int, str], me: int) -> str:
    """A decision round's event: hole cards stay hidden from the others."""
    mine = getattr(event, "seat", None) == me
    if isinstance(event, ev.Chose):
        return f"{_does(event.seat, 'choose', names, me)} what to {event.kind} (shown later)"
    if isinstance(event, ev.Discarded):
        hidden = _cards(event.down) if mine else f"{len(event.down)} hole card(s)"
        thrown = [t for t in (hidden if event.down else "", _cards(event.up)) if t]
        return f"{_does(event.seat, 'throw', names, me)} away {' and '.join(thrown) or 'nothing'}"
    if isinstance(event, ev.Exposed):
        shown = _cards(event.cards) or "nothing"
        return f"{_does(event.seat, 'turn', names, me)} up {shown}"
    if isinstance(event, ev.Drew):
        new = []
        if event.up:
            new.append(f"{_cards(event.up)} up")
        if event.down:
            new.append(f"{_cards(event.down) if mine else len(event.down)} down")
        got = " and ".join(new) or "nothing"
        return f"{_does(event.seat, 'draw', names, me)} {len(event.given)} card(s): {got}"
    if isinstance(event, ev.SetAside):
        what = _cards(event.cards) if mine else f"{len(event.cards)} cards"
        return f"{_does(event.seat, 'set', names, me)} {what} aside as a second hand"
    return ""


def explain_result(hand: Hand, me: int) -> list[str]:
    """The end of the hand: each hand shown with its name, then who won what and why."""

    def fmt(amount: Decimal) -> str:
        return money_text(amount, hand.ruleset.stakes.chip)

    result = hand.result
    if result is None:
        return []
    names = {s.seat: s.name for s in hand.seats}
    lines = ["", "*** Showdown ***" if result.showdown else "*** Hand over ***"]
    for shown in result.hands:
        cards = " ".join(c.symbol for c in shown.cards)
        lines.append(f"  {_who(shown.seat, names, me)}: {shown.name} ({cards}) for {shown.share}")
    for award in result.awards:
        pot = "the main pot" if award.pot == 0 else f"side pot {award.pot}"
        why = f" with the best {award.share} hand" if award.share else " (everyone else folded)"
        who = _who(award.seat, names, me)
        lines.append(
            f"  {who} win{'' if award.seat == me else 's'} {fmt(award.amount)} of {pot}{why}"
        )
    return lines

"""Checking a recorded hand step by step against a ruleset.

A :class:`Recording` is what any hand-history format is read into (our JSON history, or
a PHH file via :mod:`stud.phh`): seats, dealer, the deck order, and the actions.  The
checker plays it on a fresh :class:`~stud.engine.Hand` and stops at the first step the
ruleset does not allow, or the first thing that does not match (cards dealt, the result).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.cards import Card
from stud.engine import Hand, Seat
from stud.engine.history import result_json, ruleset_digest
from stud.errors import CardError, IllegalAction, MoneyError, StudError
from stud.money import money_text, to_money
from stud.rules.model import Ruleset

# how a recorded action may be resolved against the legal ones at that moment
CHECK_OR_CALL = "check_or_call"  # PHH "cc"
AGGRESSIVE = "complete_bet_or_raise"  # PHH "cbr"


@dataclass(frozen=True)
class Step:
    """One recorded action; ``where`` says where it is written (``action 3``, ``line 12``)."""

    seat: int
    action: str
    where: str
    text: str
    amount: Decimal | None = None
    declare: str | None = None
    cards: tuple[Card, ...] | None = None


@dataclass
class Recording:
    source: str
    ruleset: Ruleset
    seats: list[Seat]
    dealer: int
    deck: list[Card]
    steps: list[Step]
    dealt: dict[int, list[Card]] = field(default_factory=dict)  # seat -> cards, as recorded
    final_stacks: dict[int, Decimal] | None = None
    result: dict[str, Any] | None = None  # our history's "result" object
    hidden_cards: bool = False  # some cards were unknown: the showdown cannot be checked
    problem: str = ""  # the recording contradicts itself (a card dealt twice...)
    notes: list[str] = field(default_factory=list)
    winnings: dict[int, Decimal] | None = None  # seat -> paid from the pot, after rake
    rake: Decimal = Decimal(0)
    unknown_seats: set[int] = field(default_factory=set)  # seats with a card never seen


@dataclass
class Report:
    ok: bool
    steps: int  # how many steps were played legally
    total: int
    message: str
    where: str = ""
    hand: Hand | None = None
    caveats: list[str] = field(default_factory=list)  # what a legal replay could not check


def _resolve(hand: Hand, step: Step) -> tuple[str, Decimal | None]:
    names = {la.action for la in hand.legal_actions()}
    if step.action == CHECK_OR_CALL:
        return ("check" if "check" in names else "call"), None
    if step.action == AGGRESSIVE:
        for name in ("complete", "bet", "raise"):
            if name in names:
                return name, step.amount
        return "raise", step.amount  # nothing aggressive is legal: let the hand say why
    return step.action, step.amount


def _cards_mismatch(hand: Hand, rec: Recording) -> str:
    """A seat whose recorded cards are not the cards the ruleset dealt it, or ""."""
    if not rec.dealt:
        return ""
    for seat, cards in sorted(rec.dealt.items()):
        view = hand.player(seat)
        got = list(view.down + view.up)
        want = cards[: len(got)]
        if len(cards) < len(got) or sorted(got) != sorted(want):
            name = view.name
            return (
                f"inconsistent deal: {name} (seat {seat}) is recorded with "
                f"{' '.join(str(c) for c in cards) or 'no cards'} but the ruleset deals "
                f"{' '.join(str(c) for c in got)} by now"
            )
    return ""


def check(rec: Recording) -> Report:
    """Play the recording; the report names the first illegal or inconsistent step."""
    total = len(rec.steps)
    if rec.problem:
        return Report(False, 0, total, f"inconsistent: {rec.problem}", "deal")
    try:
        hand = Hand(rec.ruleset, rec.seats, rec.dealer, deck=rec.deck)
    except StudError as exc:
        return Report(False, 0, total, f"the hand cannot start: {exc}")
    for i, step in enumerate(rec.steps):
        if hand.complete:
            return Report(
                False,
                i,
                total,
                f"{step.where} ({step.text}): the hand is already over; the ruleset "
                "ended it after the previous step",
                step.where,
                hand,
            )
        action, amount = _resolve(hand, step)
        try:
            hand.act(step.seat, action, amount, declare=step.declare, cards=step.cards)
        except IllegalAction as exc:
            return Report(
                False, i, total, f"{step.where} ({step.text}): illegal: {exc}", step.where, hand
            )
        except (MoneyError, CardError) as exc:
            return Report(False, i, total, f"{step.where} ({step.text}): {exc}", step.where, hand)
    if not hand.complete:
        who = hand.to_act
        legal = ", ".join(str(a) for a in hand.legal_actions())
        return Report(
            False,
            total,
            total,
            f"the recording ends but the hand is not over: seat {who} is to act ({legal})",
            "end",
            hand,
        )
    mismatch = "" if rec.hidden_cards else _cards_mismatch(hand, rec)
    if mismatch:
        return Report(False, total, total, mismatch, "deal", hand)
    recorded = bool(rec.result or rec.final_stacks or rec.winnings is not None)
    unseen = _unseen_showdown(hand, rec) if recorded else set()
    problem = _partial_problem(hand, rec, unseen) if unseen else _result_problem(hand, rec)
    if problem:
        return Report(False, total, total, problem, "result", hand)
    pot = money_text(hand.pot, hand.ruleset.stakes.chip)
    checked = "result matches" if recorded else "no result recorded"
    if unseen:
        checked = (
            f"showdown not checked: the cards of seat(s) {', '.join(map(str, sorted(unseen)))} "
            "were hidden; chips are conserved and every stack fits the actions"
        )
    return Report(
        True,
        total,
        total,
        f"legal: all {total} actions are allowed by {rec.ruleset.name}; pot {pot}; {checked}",
        "",
        hand,
        [checked] if unseen else [],
    )


def _unseen_showdown(hand: Hand, rec: Recording) -> set[int]:
    """Seats that went to the showdown holding a card the recording never showed."""
    if hand.result is None or not rec.hidden_cards:
        return set()
    showdown = {h.seat for h in hand.result.hands}
    return showdown & (rec.unknown_seats if rec.unknown_seats else showdown)


def _partial_problem(hand: Hand, rec: Recording, unseen: set[int]) -> str:
    """What can still be checked when showdown cards are hidden, in the finishing stacks
    and in the winnings alike: a seat that did not go to the showdown ends exactly as the
    ruleset says; a seat that did ends between losing the pot and winning every pot it
    could; the chips (less the rake) add up."""
    assert hand.result is not None
    result = hand.result
    accounts: list[dict[int, Decimal]] = []
    if rec.final_stacks is not None:
        accounts.append(dict(rec.final_stacks))
    if rec.winnings is not None:  # what the pot paid: the stack is start - in + won
        accounts.append(
            {s: hand.player(s).stack - result.won(s) + w for s, w in rec.winnings.items()}
        )
    for recorded in accounts:
        problem = _partial_account(hand, rec, recorded)
        if problem:
            return problem
    return ""


def _partial_account(hand: Hand, rec: Recording, recorded: dict[int, Decimal]) -> str:
    assert hand.result is not None
    chip = hand.ruleset.stakes.chip
    showdown = {h.seat for h in hand.result.hands}
    pots = hand.pots()
    start = {s.seat: s.stack for s in rec.seats}
    for seat, want in sorted(recorded.items()):
        got = hand.player(seat).stack
        low = got - hand.result.won(seat)
        high = low + sum((p.amount for p in pots if seat in p.eligible), Decimal(0))
        name = hand.player(seat).name
        if seat not in showdown and want != got:
            return (
                f"the result does not match: {name} (seat {seat}) did not go to the showdown "
                f"and finishes with {money_text(got, chip)}, the file says {money_text(want, chip)}"
            )
        if not low <= want <= high:
            return (
                f"the result does not match: {name} (seat {seat}) can finish with "
                f"{money_text(low, chip)} to {money_text(high, chip)}, the file says "
                f"{money_text(want, chip)}"
            )
    if recorded and set(recorded) == set(start):
        kept = sum(start.values(), Decimal(0)) - sum(recorded.values(), Decimal(0))
        if kept != rec.rake:
            return (
                f"chips are not conserved: the stacks add up to {money_text(kept, chip)} less "
                f"than at the start, the rake is {money_text(rec.rake, chip)}"
            )
    return ""


def _result_problem(hand: Hand, rec: Recording) -> str:
    if rec.result is not None and not rec.hidden_cards:
        got = result_json(hand.result)
        if got != rec.result:
            want_text = json.dumps(rec.result, sort_keys=True)
            got_text = json.dumps(got, sort_keys=True)
            return (
                "the recorded result differs from the ruleset's: "
                f"recorded {want_text}, replayed {got_text}"
            )
    if rec.winnings is not None and hand.result is not None:
        problem = _winnings_problem(hand, rec.winnings, rec.rake)
        if problem:
            return problem
    if rec.final_stacks is not None:  # hidden showdown cards go to _partial_problem
        for seat, want in sorted(rec.final_stacks.items()):
            got_stack = hand.player(seat).stack
            if got_stack != want:
                name = hand.player(seat).name
                chip = hand.ruleset.stakes.chip
                return (
                    f"the result does not match: {name} (seat {seat}) finishes with "
                    f"{money_text(got_stack, chip)} under the ruleset, the file says "
                    f"{money_text(want, chip)}"
                )
    return ""


def _winnings_problem(hand: Hand, winnings: Mapping[int, Decimal], rake: Decimal) -> str:
    """ "" when the recorded winnings plus the rake are the ruleset's awards (before rake)."""
    assert hand.result is not None
    pots = hand.pots()
    awarded = {seat: Decimal(0) for seat in winnings}
    for award in hand.result.awards:
        # a side pot only one player could win is their own chips coming back
        refund = 0 < award.pot < len(pots) and len(pots[award.pot].eligible) == 1
        if award.seat in awarded and not refund:
            awarded[award.seat] += award.amount
    diffs = {s: awarded[s] - winnings[s] for s in winnings}
    if all(d >= 0 for d in diffs.values()) and sum(diffs.values()) == rake:
        return ""
    chip = hand.ruleset.stakes.chip
    got = ", ".join(f"seat {s} {money_text(a, chip)}" for s, a in sorted(awarded.items()) if a)
    want = ", ".join(f"seat {s} {money_text(a, chip)}" for s, a in sorted(winnings.items()) if a)
    return (
        f"the recorded winnings ({want or 'nothing'}, rake {money_text(rake, chip)}) are not the "
        f"ruleset's awards before rake ({got or 'nothing'})"
    )


# --- our JSON history ---------------------------------------------------------------------


def _money(value: object, where: str) -> Decimal:
    try:
        return to_money(value)
    except MoneyError as exc:
        raise StudError(f"{where}: {exc}") from None


def from_history(data: Mapping[str, Any], source: str, ruleset: Ruleset | None = None) -> Recording:
    """A recording from ``hand.to_history()`` JSON; ``ruleset`` replaces the pinned one."""
    from stud.rules import ruleset_from_document

    for key in ("ruleset", "seats", "dealer", "deck", "actions"):
        if key not in data:
            raise StudError(f"{source}: not a stud hand history: no '{key}'")
    pinned = data["ruleset"]
    note = []
    if ruleset is None:
        ruleset = ruleset_from_document(pinned["document"], source=f"{source} (pinned ruleset)")
        if pinned.get("sha256") and ruleset_digest(ruleset) != pinned["sha256"]:
            note.append("the pinned ruleset's sha256 does not match its document")
    seats = [
        Seat(int(s["seat"]), str(s["name"]), _money(s["stack"], f"{source}: seat {s.get('seat')}"))
        for s in data["seats"]
    ]
    try:
        deck = [Card.parse(str(c)) for c in data["deck"]]
    except CardError as exc:
        raise StudError(f"{source}: deck: {exc}") from None
    steps = []
    for i, entry in enumerate(data["actions"], start=1):
        amount = entry.get("amount")
        text = f"seat {entry.get('seat')} {entry.get('action')}" + (f" {amount}" if amount else "")
        cards = entry.get("cards")
        steps.append(
            Step(
                seat=int(entry["seat"]),
                action=str(entry["action"]),
                where=f"action {i}",
                text=text,
                amount=_money(amount, f"{source}: action {i}") if amount is not None else None,
                declare=entry.get("declare"),
                cards=tuple(Card.parse(c) for c in cards) if cards else None,
            )
        )
    return Recording(
        source=source,
        ruleset=ruleset,
        seats=seats,
        dealer=int(data["dealer"]),
        deck=deck,
        steps=steps,
        result=data.get("result"),
        notes=note,
    )


def summary_lines(rec: Recording, report: Report) -> list[str]:
    chip = rec.ruleset.stakes.chip
    names = ", ".join(f"{s.name} ({money_text(s.stack, chip)})" for s in rec.seats)
    out = [f"{rec.source}: {len(rec.seats)} players under {rec.ruleset.name}: {names}"]
    out += [f"note: {n}" for n in rec.notes]
    out.append(report.message)
    if report.ok and report.hand is not None and report.hand.result is not None:
        for shown in report.hand.result.hands:
            who = report.hand.player(shown.seat).name
            cards = " ".join(c.symbol for c in shown.cards)
            out.append(f"  {who} shows {shown.name} ({cards}) for {shown.share}")
        for award in report.hand.result.awards:
            who = report.hand.player(award.seat).name
            share = f" ({award.share})" if award.share else ""
            out.append(f"  {who} wins {money_text(award.amount, chip)}{share}")
    return out

"""Invariants of the reference interpreter under random legal play, for every shipped
ruleset: chips are conserved to the last unit, no card is dealt twice, every hand ends,
the player to act always has a legal action, the awards add up to the pot, the state is
JSON-able (and what the public views say), and replaying the history gives the same
events and result."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud.engine import Hand, Seat, events, replay, state_json
from stud.engine.views import LegalAction
from stud.errors import IllegalAction
from stud.money import fmt
from stud.play.choices import random_cards
from stud.rules import load_ruleset, shipped_rulesets
from stud.rules.model import Ruleset

RULESETS = sorted(shipped_rulesets())
STACKS = ("0.01", "0.05", "0.07", "0.3", "1", "2.5", "10", "40", "250")
MAX_STEPS = 400

_CACHE: dict[str, Ruleset] = {}


def get(name: str) -> Ruleset:
    if name not in _CACHE:
        _CACHE[name] = load_ruleset(name)
    return _CACHE[name]


def amount_for(a: LegalAction, rng: random.Random, chip: Decimal) -> Decimal | None:
    if a.amount is not None:
        return a.amount
    if a.min is None or a.max is None:
        return None
    pick = rng.choice(("min", "max", "mid", "any"))
    if pick == "min":
        return a.min
    if pick == "max":
        return a.max
    steps = int((a.max - a.min) / chip)
    k = steps // 2 if pick == "mid" else rng.randint(0, steps)
    return a.min + chip * k


def allowed(legal: list[LegalAction], action: str, amount: Decimal | None) -> bool:
    """Whether the engine must accept ``action`` with ``amount`` (betting actions)."""
    options = [a for a in legal if a.action == action]
    if not options:
        return False
    if action in ("fold", "check"):
        return True
    if amount is None:
        return len(options) == 1 and options[0].amount is not None
    for a in options:
        if a.amount is not None and a.amount == amount:
            return True
        if a.min is not None and a.max is not None and a.min <= amount <= a.max:
            return True
    return False


def probe(hand: Hand, rng: random.Random, legal: list[LegalAction]) -> None:
    """Try an action that may be illegal: if it is, nothing may change."""
    chip = hand.ruleset.stakes.chip
    seat = hand.to_act
    assert seat is not None
    other = rng.choice([v.seat for v in hand.players])
    action = rng.choice(("fold", "check", "call", "bring_in", "complete", "bet", "raise"))
    amounts: list[Decimal | None] = [None]
    for a in legal:
        for x in (a.amount, a.min, a.max):
            if x is not None:
                amounts += [x, x + chip, max(x - chip, Decimal(0))]
    amount = rng.choice(amounts)
    if other == seat and hand.phase == "betting" and allowed(legal, action, amount):
        return
    before = (json.dumps(state_json(hand)), len(hand.events))
    with pytest.raises(IllegalAction):
        hand.act(other, action, amount)
    assert (json.dumps(state_json(hand)), len(hand.events)) == before
    for a in legal:  # a decision naming a card too many, or a card not offered
        if a.cards_max is None:
            continue
        offered = list(a.choices)
        outside = [c for c in hand.deck_order if c not in offered][:1]
        for cards in (
            offered[: a.cards_max + 1],
            outside + offered[: max(a.cards_min or 0, 1) - 1],
        ):
            if (
                a.cards_min is not None
                and a.cards_min <= len(cards) <= a.cards_max
                and set(cards) <= set(offered)
            ):
                continue
            with pytest.raises(IllegalAction):
                hand.act(seat, a.action, cards=cards)
            assert (json.dumps(state_json(hand)), len(hand.events)) == before


def public_state(hand: Hand) -> dict[str, Any]:
    """The protocol state built from the public Decimal views (what ``state_json`` reads
    from the hand's parts directly, for speed): both must say the same."""
    legal = []
    splits = dict(hand.decisions.set_aside())
    for a in hand.legal_actions():
        item: dict[str, Any] = {"action": a.action}
        if a.action == "declare":
            item["declare"] = a.text.split()[-1]
        if a.cards_max is not None:  # a decision (protocol 1.2)
            item["cards_min"], item["cards_max"] = a.cards_min, a.cards_max
            item["choices"] = [str(c) for c in a.choices]
        if a.amount is not None:
            item["amount"] = fmt(a.amount)
        elif a.min is not None and a.max is not None:
            item["min"], item["max"] = fmt(a.min), fmt(a.max)
        legal.append(item)
    seats = [
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
    ]
    state = state_json(hand)
    return dict(
        state,
        legal=legal,
        pot=fmt(hand.pot),
        pots=[{"amount": fmt(p.amount), "eligible": list(p.eligible)} for p in hand.pots()],
        seats=seats,
        community=[str(c) for c in hand.community],
    )


def play(hand: Hand, rng: random.Random, fold_weight: float) -> None:
    chip = hand.ruleset.stakes.chip
    for step in range(MAX_STEPS):
        seat = hand.to_act
        if seat is None:
            assert state_json(hand) == public_state(hand)
            return
        if step % 3 == 0:
            assert state_json(hand) == public_state(hand)
        legal = hand.legal_actions()
        assert legal, f"seat {seat} is to act with nothing legal ({hand.phase})"
        if rng.random() < 0.3:
            probe(hand, rng, legal)
        choices = [a for a in legal if a.action != "fold" or rng.random() < fold_weight]
        a = rng.choice(choices or legal)
        if a.action == "declare":
            hand.act(seat, "declare", declare=a.text.split()[-1])
        elif a.action == "exchange":
            view = hand.player(seat)
            hand.act(seat, "exchange", cards=[str(rng.choice(view.down + view.up))])
        elif a.cards_max is not None:  # a decision round: any legal choice of cards
            hand.act(seat, a.action, cards=random_cards(a, hand.player(seat), rng, hand.ruleset))
        else:
            hand.act(seat, a.action, amount_for(a, rng, chip))
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("name", RULESETS)
@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(data=st.data())
def test_random_legal_play_keeps_the_invariants(name: str, data: st.DataObject) -> None:
    rs = get(name)
    n = data.draw(st.integers(rs.seats.min, rs.seats.max), label="players")
    stacks = data.draw(st.lists(st.sampled_from(STACKS), min_size=n, max_size=n), label="stacks")
    gaps = data.draw(st.lists(st.integers(1, 2), min_size=n, max_size=n), label="seat gaps")
    numbers = [sum(gaps[: i + 1]) for i in range(n)]
    dealer = data.draw(st.integers(1, numbers[-1] + 1), label="dealer")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    fold_weight = data.draw(st.sampled_from((0.0, 0.1, 0.5, 1.0)), label="fold weight")
    chip = rs.stakes.chip
    seats = [
        # whole chips (a chip may be 0.25, as in a game counted in antes)
        Seat(numbers[i], f"P{i}", max(Decimal(stacks[i]) // chip * chip, chip))
        for i in range(n)
    ]
    hand = Hand(rs, seats, dealer=dealer, seed=seed)
    json.dumps(state_json(hand))
    play(hand, random.Random(seed), fold_weight)

    result = hand.result
    assert result is not None and hand.phase == "complete"
    # chips conserved, awards equal the pot
    assert sum(a.amount for a in result.awards) == hand.pot
    assert sum(v.stack for v in hand.players_view) == sum(s.stack for s in seats)
    assert all(v.stack >= 0 for v in hand.players_view)
    # no card dealt twice (hands, centre and run-out cards, burns, exchanged cards)
    cards = [c for v in hand.players_view for c in v.down + v.up] + list(hand.community)
    log = hand.events
    burned = [e.card for e in log if isinstance(e, events.Burn)]
    reused = {c for e in log if isinstance(e, events.BurnsReused) for c in e.cards}
    cards += [c for c in burned if c not in reused]  # reused burns may be dealt again
    cards += [e.given for e in log if isinstance(e, events.Exchanged)]
    cards += [c for e in log if isinstance(e, events.Discarded) for c in e.down + e.up]
    cards += [c for e in log if isinstance(e, events.Drew) for c in e.given]
    assert len(cards) == len(set(cards))
    json.dumps(state_json(hand))
    # replaying the history gives the identical hand
    history = hand.to_history()
    again = replay(json.loads(json.dumps(history)), rs)
    assert again.events == hand.events
    assert again.result == result


@settings(max_examples=30, deadline=None, derandomize=True)
@given(
    name=st.sampled_from(RULESETS),
    seed=st.integers(0, 2**32 - 1),
    n=st.integers(2, 6),
)
def test_a_table_keeps_every_chip_over_many_hands(name: str, seed: int, n: int) -> None:
    from stud.engine import Table

    rs = get(name)
    n = max(rs.seats.min, min(n, rs.seats.max))
    rng = random.Random(seed)
    chip = rs.stakes.chip
    start = [Seat(i + 1, f"P{i}", chip * rng.choice((1, 7, 30, 200, 1000))) for i in range(n)]
    total = sum(s.stack for s in start)
    table = Table(rs, start, dealer=1, seed=seed)
    for _ in range(6):
        if not table.can_deal():
            break
        hand = table.new_hand()
        play(hand, rng, 0.3)
        assert sum(s.stack for s in table.seats) == total
        assert all(s.stack > 0 for s in table.seats)

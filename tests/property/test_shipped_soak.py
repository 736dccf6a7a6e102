"""Every shipped ruleset plays 100 seeded hands at two players and at its most seats with
the bots, every invariant holding (issue 27's "done when"): chips conserved, no card dealt
twice, every hand ends, the awards equal the pot, and the history replays to the same hand.

The state checks are :func:`stud.spec.invariants.check_state`, the ones ``stud verify``
applies to any engine, run on every state of the first hands and on the first and last
state of each of the others.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest
from stud.engine import Hand, LegalAction, Seat, events, replay, state_json
from stud.play.bots import BOT_KINDS, make_bot
from stud.rules import load_ruleset, shipped_rulesets
from stud.spec.invariants import check_state

HANDS = 100
CHECK_EVERY_STATE = 5  # hands whose every state is checked
MAX_STEPS = 600
STACKS = (1, 3, 10, 40, 200)  # in big bets: short stacks go all in, deep ones play on


def _cards(hand: Hand) -> list[object]:
    """Every card the hand has used: held, in the centre, burned, given up or thrown."""
    log = hand.events
    cards: list[object] = [c for v in hand.players_view for c in v.down + v.up]
    cards += list(hand.community)
    burned = [e.card for e in log if isinstance(e, events.Burn)]
    reused = {c for e in log if isinstance(e, events.BurnsReused) for c in e.cards}
    cards += [c for c in burned if c not in reused]
    cards += [e.given for e in log if isinstance(e, events.Exchanged)]
    cards += [e.card for e in log if isinstance(e, events.Thrown)]
    return cards


def _play(hand: Hand, bots: dict, total: Decimal, started: dict, every: bool) -> None:
    for step in range(MAX_STEPS):
        if hand.complete:
            return
        if every:
            check_state(state_json(hand), total, f"step {step}", started)
        seat = hand.to_act
        if seat is None:  # a simultaneous declaration: everyone still to declare does
            choices = [LegalAction("declare", text=f"declare {d}") for d in hand.declare_choices]
            for v in hand.players_view:
                if not v.folded and v.declared is None:
                    move = bots[v.seat].choose(choices, v, hand.ruleset)
                    hand.act(v.seat, "declare", declare=move.declare)
            continue
        move = bots[seat].choose(hand.legal_actions(), hand.player(seat), hand.ruleset)
        hand.act(seat, move.action, move.amount, declare=move.declare, cards=move.cards)
    raise AssertionError(f"the hand did not end in {MAX_STEPS} actions")


@pytest.mark.parametrize("at", ["two players", "most seats"])
@pytest.mark.parametrize("name", sorted(shipped_rulesets()))
def test_a_hundred_seeded_hands_keep_every_invariant(name: str, at: str) -> None:
    rs = load_ruleset(name)
    n = max(2, rs.seats.min) if at == "two players" else rs.seats.max
    rng = random.Random(f"{name}/{n}")
    big = rs.stakes.big_bet
    for number in range(HANDS):
        seats = [
            Seat(i + 1, f"P{i}", big * rng.choice(STACKS)) for i in range(n)
        ]  # fresh stacks, so every hand starts with every player able to play
        bots = {
            s.seat: make_bot(BOT_KINDS[(i + number) % 3], random.Random(rng.random()))
            for i, s in enumerate(seats)
        }
        dealer = seats[number % n].seat
        hand = Hand(rs, seats, dealer=dealer, seed=rng.getrandbits(32))
        total = sum((s.stack for s in seats), Decimal(0))
        started = {s.seat: s.stack for s in seats}
        check_state(state_json(hand), total, "new_hand", started)
        _play(hand, bots, total, started, number < CHECK_EVERY_STATE)
        final = state_json(hand)
        check_state(final, total, "the last action", started)
        result = hand.result
        assert result is not None and sum(a.amount for a in result.awards) == hand.pot
        assert sum(v.stack for v in hand.players_view) == total
        cards = _cards(hand)
        assert len(cards) == len(set(cards)), f"hand {number}: a card was dealt twice"
        again = replay(json.loads(json.dumps(hand.to_history())), rs)
        assert again.events == hand.events and again.result == result

"""Hands per second: the stud reference interpreter beside PokerKit, on identical hands.

Records N six-player fixed-limit seven-card stud hands once (a seeded shuffle, seeded
random legal actions chosen by the stud engine), then replays exactly those hands through
``stud.engine`` and through ``pokerkit.FixedLimitSevenCardStud`` (the ``bench`` extra) in
the same run and prints hands/s for each and the ratio.  Two mixes: ``random`` (any legal
action, so most hands end early and some reach the showdown) and ``never-fold`` (every
hand reaches the showdown).

The ruleset is ``seven-card-stud`` with the rules PokerKit does not model switched off
(no big bet on an open pair, the cap also heads-up), and stacks deep enough that nobody
is all in, so both engines play the same game.  Each PokerKit replay deals the very same
cards (burns included) and plays the same action sequence; the run also reports in how
many hands both engines end with the same stacks.  The few that differ are hands where
two boards tie on rank: stud breaks the tie by the suit of the highest card (ROUND-06)
and PokerKit otherwise, so the same actions fall to different players.

    python benchmarks/hands.py [--hands 2000] [--seed 1] [--repeat 3]

Each replay is timed ``--repeat`` times and the best time counts (the machine's other load
only ever slows a run down).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stud.cards import Card
from stud.engine import Hand, Seat
from stud.rules import load_ruleset
from stud.rules.model import Ruleset

PLAYERS = 6
STACK_BIG_BETS = 1000
OVERRIDES = {"streets.fourth.big_bet_when": "never", "betting.uncapped_heads_up": "never"}


@dataclass(frozen=True)
class Recorded:
    deck: list[Card]
    actions: list[tuple[int, str, Decimal | None]]
    showdown: bool


def ruleset() -> Ruleset:
    return load_ruleset("seven-card-stud", OVERRIDES)


def seats(rs: Ruleset) -> list[Seat]:
    stack = rs.stakes.big_bet * STACK_BIG_BETS
    return [Seat(i + 1, f"P{i + 1}", stack) for i in range(PLAYERS)]


def record(rs: Ruleset, count: int, seed: int, never_fold: bool) -> list[Recorded]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        hand = Hand(rs, seats(rs), dealer=PLAYERS, seed=rng.getrandbits(32))
        actions: list[tuple[int, str, Decimal | None]] = []
        while hand.to_act is not None:
            legal = hand.legal_actions()
            if never_fold and len(legal) > 1:
                legal = [a for a in legal if a.action != "fold"]
            choice = rng.choice(legal)
            amount = choice.amount if choice.action not in ("fold", "check") else None
            seat = hand.to_act
            hand.act(seat, choice.action, amount)
            actions.append((seat, choice.action, amount))
        assert hand.result is not None
        out.append(Recorded(hand.deck_order, actions, hand.result.showdown))
    return out


def replay_stud(rs: Ruleset, hands: list[Recorded]) -> float:
    table = seats(rs)
    start = time.perf_counter()
    for rec in hands:
        hand = Hand(rs, table, dealer=PLAYERS, deck=rec.deck)
        act = hand.act
        for seat, action, amount in rec.actions:
            act(seat, action, amount)
    return time.perf_counter() - start


def pokerkit_game(rs: Ruleset) -> Any:
    from pokerkit import Automation, FixedLimitSevenCardStud, Mode

    assert rs.stakes.bring_in is not None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    return FixedLimitSevenCardStud(
        automations,
        True,
        _units(rs, rs.stakes.ante),
        _units(rs, rs.stakes.bring_in),
        _units(rs, rs.stakes.small_bet),
        _units(rs, rs.stakes.big_bet),
        mode=Mode.CASH_GAME,
    )


def _units(rs: Ruleset, amount: Decimal) -> int:
    return int(amount / rs.stakes.chip)


def pokerkit_plans(rs: Ruleset, hands: list[Recorded]) -> list[list[tuple[int, Any]]]:
    return [_pokerkit_plan(rs, rec) for rec in hands]


def replay_pokerkit(rs: Ruleset, plans: list[list[tuple[int, Any]]]) -> tuple[float, list[Any]]:
    """Time PokerKit on the planned hands; also return its final stacks per hand."""
    import warnings

    game = pokerkit_game(rs)
    stack = _units(rs, rs.stakes.big_bet * STACK_BIG_BETS)
    warnings.simplefilter("ignore")
    finals = []
    start = time.perf_counter()
    for steps in plans:
        state = game(stack, PLAYERS)
        for kind, arg in steps:
            if kind == 0:
                state.deal_hole(arg)
            elif kind == 1:
                state.burn_card(arg)
            elif kind == 2:
                state.fold()
            elif kind == 3:
                state.check_or_call()
            elif kind == 4:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to(arg)
        finals.append(state.stacks)
    return time.perf_counter() - start, finals


def stud_finals(rs: Ruleset, hands: list[Recorded]) -> list[list[int]]:
    out = []
    for rec in hands:
        hand = Hand(rs, seats(rs), dealer=PLAYERS, deck=rec.deck)
        for seat, action, amount in rec.actions:
            hand.act(seat, action, amount)
        out.append([_units(rs, v.stack) for v in hand.players])
    return out


def _pokerkit_plan(rs: Ruleset, rec: Recorded) -> list[tuple[int, Any]]:
    """The recorded hand as PokerKit calls: deal, burn, then the actions street by street."""
    hand = Hand(rs, seats(rs), dealer=PLAYERS, deck=rec.deck)
    steps: list[tuple[int, Any]] = []
    seen = 0

    def catch_up() -> None:
        nonlocal seen
        from stud.engine import events as ev

        log = hand.events
        for event in log[seen:]:
            if isinstance(event, ev.DealtDown | ev.DealtUp):
                steps.append((0, str(event.card)))
            elif isinstance(event, ev.Burn):
                steps.append((1, str(event.card)))
        seen = len(log)

    catch_up()
    for seat, action, amount in rec.actions:
        if action == "fold":
            steps.append((2, None))
        elif action in ("check", "call"):
            steps.append((3, None))
        elif action == "bring_in":
            steps.append((4, None))
        else:
            assert amount is not None
            steps.append((5, _units(rs, amount)))
        hand.act(seat, action, amount)
        catch_up()
    return steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="best of this many timings")
    args = parser.parse_args(argv)
    rs = ruleset()
    try:
        import pokerkit  # noqa: F401

        have_pokerkit = True
    except ImportError:
        have_pokerkit = False
    print(f"{args.hands} six-player fixed-limit stud hands per mix (seed {args.seed})")
    for mix, never_fold in (("random", False), ("never-fold", True)):
        hands = record(rs, args.hands, args.seed, never_fold)
        showdowns = sum(h.showdown for h in hands)
        ours = args.hands / min(replay_stud(rs, hands) for _ in range(args.repeat))
        line = f"{mix:>10}: {showdowns:5d} showdowns | stud {ours:9.0f} hands/s"
        if have_pokerkit:
            plans = pokerkit_plans(rs, hands)
            runs = [replay_pokerkit(rs, plans) for _ in range(args.repeat)]
            theirs = args.hands / min(t for t, _ in runs)
            same = sum(
                list(a) == b for a, b in zip(runs[0][1], stud_finals(rs, hands), strict=True)
            )
            line += f" | pokerkit {theirs:7.0f} hands/s | ratio {ours / theirs:5.1f}x"
            line += f" | same final stacks {same}/{args.hands}"
        else:
            line += " | pokerkit not installed (pip install 'stud[bench]')"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Hands per second on fresh hands: the stud reference interpreter beside PokerKit.

Every round deals new hands: a separate process records ``--hands`` six-player
fixed-limit seven-card stud hands from a seed used by no other round (a seeded shuffle,
seeded random legal actions chosen by the stud engine), so this process has never seen
them and nothing it may have remembered from earlier hands can serve them.  It then times
playing exactly those hands through ``stud.engine`` (a ``Hand`` from the recorded deck and
its actions) and through ``pokerkit.FixedLimitSevenCardStud`` (the ``bench`` extra), one
after the other in the same run, and prints hands/s for each and the ratio: the figure a
user simulating or fuzzing new hands gets.  Two mixes: ``random`` (any legal action, so
most hands end early and some reach the showdown) and ``never-fold`` (every hand reaches
the showdown).

The ruleset is ``seven-card-stud`` with the rules PokerKit does not model switched off
(no big bet on an open pair, the cap also heads-up), and stacks deep enough that nobody
is all in, so both engines play the same game.  Each PokerKit replay deals the very same
cards (burns included) and plays the same action sequence; the run also reports in how
many hands both engines end with the same stacks.  The few that differ are hands where
two boards tie on rank: stud breaks the tie by the suit of the highest card (ROUND-06)
and PokerKit otherwise, so the same actions fall to different players.

    python benchmarks/hands.py [--hands 2000] [--seed 1] [--repeat 3]

Each round (``--repeat`` of them) prints its own figures; with more than one, the median
ratio closes the run.  Times are this process's CPU time (``time.process_time``), so other
programs competing for the cores are not counted; ``--wall`` uses the wall clock instead.
The load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
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
MIXES = (("random", False), ("never-fold", True))
WARM_UP = 200  # hands each engine plays before the first round (seed -1, never timed)
Step = tuple[int, Any]  # a PokerKit call: 0 deal, 1 burn, 2 fold, 3 check/call, 4 bring-in, 5 to


@dataclass(frozen=True)
class Recorded:
    deck: list[Card]
    actions: list[tuple[int, str, Decimal | None]]
    showdown: bool
    plan: list[Step]  # the same hand as PokerKit calls
    finals: list[int]  # stud's final stacks in chip units, one per player

    @property
    def players(self) -> int:
        return len(self.finals)


def ruleset() -> Ruleset:
    return load_ruleset("seven-card-stud", OVERRIDES)


def seats(rs: Ruleset, players: int = PLAYERS) -> list[Seat]:
    stack = rs.stakes.big_bet * STACK_BIG_BETS
    return [Seat(i + 1, f"P{i + 1}", stack) for i in range(players)]


# --- recording (in a child process) ---------------------------------------------------------
def record(
    rs: Ruleset, count: int, seed: int, never_fold: bool, players: int = PLAYERS
) -> list[dict[str, Any]]:
    """Play ``count`` hands with seeded random legal actions; each as JSON-able data."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        hand = Hand(rs, seats(rs, players), dealer=players, seed=rng.getrandbits(32))
        actions: list[tuple[int, str, str | None]] = []
        while hand.to_act is not None:
            legal = hand.legal_actions()
            if never_fold and len(legal) > 1:
                legal = [a for a in legal if a.action != "fold"]
            choice = rng.choice(legal)
            amount = choice.amount if choice.action not in ("fold", "check") else None
            seat = hand.to_act
            hand.act(seat, choice.action, amount)
            actions.append((seat, choice.action, None if amount is None else str(amount)))
        assert hand.result is not None
        deck = [int(c) for c in hand.deck_order]
        out.append(
            {
                "deck": deck,
                "actions": actions,
                "showdown": hand.result.showdown,
                "plan": _pokerkit_plan(rs, deck, actions, players),
                "finals": [_units(rs, v.stack) for v in hand.players],
            }
        )
    return out


def _pokerkit_plan(rs: Ruleset, deck: list[int], actions: list[Any], players: int) -> list[Step]:
    """The recorded hand as PokerKit calls: deal, burn, then the actions street by street."""
    from stud.engine import events as ev

    hand = Hand(rs, seats(rs, players), dealer=players, deck=[Card(c) for c in deck])
    steps: list[Step] = []
    seen = 0

    def catch_up() -> None:
        nonlocal seen
        log = hand.events
        for event in log[seen:]:
            if isinstance(event, ev.DealtDown | ev.DealtUp):
                steps.append((0, str(event.card)))
            elif isinstance(event, ev.Burn):
                steps.append((1, str(event.card)))
        seen = len(log)

    catch_up()
    for seat, action, amount in actions:
        if action == "fold":
            steps.append((2, None))
        elif action in ("check", "call"):
            steps.append((3, None))
        elif action == "bring_in":
            steps.append((4, None))
        else:
            steps.append((5, _units(rs, Decimal(amount))))
        hand.act(seat, action, None if amount is None else Decimal(amount))
        catch_up()
    return steps


def fresh_hands(count: int, seed: int, never_fold: bool, players: int = PLAYERS) -> list[Recorded]:
    """``count`` hands recorded by another Python process (this one never played them)."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]); import hands; "
        "print(json.dumps(hands.record(hands.ruleset(), *map(int, sys.argv[2:6]))))"
    )
    here = os.path.dirname(os.path.abspath(__file__))
    numbers = [count, seed, int(never_fold), players]
    argv = [sys.executable, "-c", code, here, *map(str, numbers)]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"hands.py: recording failed:\n{done.stderr[-3000:]}")
    return [
        Recorded(
            [Card(c) for c in h["deck"]],
            [(s, a, None if m is None else Decimal(m)) for s, a, m in h["actions"]],
            h["showdown"],
            [tuple(step) for step in h["plan"]],  # type: ignore[misc]
            h["finals"],
        )
        for h in json.loads(done.stdout)
    ]


# --- timing ---------------------------------------------------------------------------------
CLOCK = time.process_time


def replay_stud(rs: Ruleset, hands: list[Recorded]) -> float:
    """Seconds to play the hands through ``stud.engine``."""
    tables = {n: seats(rs, n) for n in {rec.players for rec in hands}}
    start = CLOCK()
    for rec in hands:
        hand = Hand(rs, tables[rec.players], dealer=rec.players, deck=rec.deck)
        act = hand.act
        for seat, action, amount in rec.actions:
            act(seat, action, amount)
    return CLOCK() - start


def stud_finals(rs: Ruleset, hands: list[Recorded]) -> list[list[int]]:
    """The final stacks of the hands played again through ``stud.engine`` (not timed)."""
    out = []
    for rec in hands:
        hand = Hand(rs, seats(rs, rec.players), dealer=rec.players, deck=rec.deck)
        for seat, action, amount in rec.actions:
            hand.act(seat, action, amount)
        out.append([_units(rs, v.stack) for v in hand.players])
    return out


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


def replay_pokerkit(rs: Ruleset, hands: list[Recorded]) -> tuple[float, list[list[int]]]:
    """Seconds to play the hands through PokerKit; also its final stacks per hand."""
    import warnings

    game = pokerkit_game(rs)
    stack = _units(rs, rs.stakes.big_bet * STACK_BIG_BETS)
    warnings.simplefilter("ignore")
    finals = []
    start = CLOCK()
    for rec in hands:
        state = game(stack, rec.players)
        for kind, arg in rec.plan:
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
        finals.append(list(state.stacks))
    return CLOCK() - start, finals


def have_pokerkit() -> bool:
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1, help="the first round's seed")
    parser.add_argument("--repeat", type=int, default=3, help="rounds, each on fresh hands")
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.perf_counter if args.wall else time.process_time
    rs = ruleset()
    peer = have_pokerkit()
    print(
        f"{args.hands} fresh six-player fixed-limit stud hands per mix and round, "
        f"{args.repeat} round(s) from seed {args.seed}; rates from "
        + ("wall-clock time" if args.wall else "CPU time")
        + f", after {WARM_UP} warm-up hands of seed -1"
    )
    # both engines first play a few hands of a seed no round uses (imports, tables built on
    # first use, the allocator): the rounds then time only hands, never these ones
    warm = fresh_hands(WARM_UP, -1, False)
    replay_stud(rs, warm)
    if peer:
        replay_pokerkit(rs, warm)
    ratios: dict[str, list[float]] = {mix: [] for mix, _ in MIXES}
    for round_no in range(args.repeat):
        seed = args.seed + round_no
        for mix, never_fold in MIXES:
            hands = fresh_hands(args.hands, seed, never_fold)
            seconds = replay_stud(rs, hands)
            ours = stud_finals(rs, hands)
            if any(mine != rec.finals for mine, rec in zip(ours, hands, strict=True)):
                raise SystemExit("hands.py: stud replayed a hand differently from its recording")
            showdowns = sum(h.showdown for h in hands)
            rate = args.hands / seconds
            line = f"seed {seed} {mix:>10}: {showdowns:5d} showdowns | stud {rate:7.0f} hands/s"
            if peer:
                theirs, finals = replay_pokerkit(rs, hands)
                kit = args.hands / theirs
                same = sum(a == b for a, b in zip(finals, ours, strict=True))
                ratios[mix].append(rate / kit)
                line += f" | pokerkit {kit:5.0f} hands/s | ratio {rate / kit:5.1f}x"
                line += f" | same final stacks {same}/{args.hands}"
            else:
                line += " | pokerkit not installed (pip install 'stud[bench]')"
            print(line, flush=True)
    if peer and args.repeat > 1:
        for mix, values in ratios.items():
            print(f"median ratio {mix:>10}: {statistics.median(values):5.1f}x")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"(load average {load:.2f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

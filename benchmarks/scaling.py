"""How the cost of a hand grows with players and streets, on fresh hands, beside PokerKit.

For each player count (``--players``, default 2 to 8) another process records
``--hands`` fixed-limit seven-card stud hands in which nobody folds (the ``never-fold``
mix of ``benchmarks/hands.py``: every hand deals every street and reaches the showdown)
from a seed of its own, so this process has never seen them; they are then played
through ``stud.engine`` and through PokerKit, and the hands/s of each and their ratio are
printed (with eight players the pack runs out before seventh street and stud deals the
community card of DEAL-09, which PokerKit does not: no ratio there).  A second table
splits the stud time of six-player hands by street: a street's betting, then the dealing
and the board reading of the next street (which its last action sets off), and for
seventh street the showdown, in microseconds per hand.  Times are this process's CPU
time.

    python benchmarks/scaling.py [--hands 1000] [--players 2-8] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import hands as bench
from stud.engine import Hand


def by_players(low: int, high: int, count: int, seed: int, peer: bool) -> None:
    rs = bench.ruleset()
    print(f"{'players':>7} {'stud hands/s':>13} {'pokerkit':>9} {'ratio':>6}  µs/hand")
    for players in range(low, high + 1):
        recorded = bench.fresh_hands(count, seed + players, True, players)
        seconds = bench.replay_stud(rs, recorded)
        line = f"{players:>7} {count / seconds:>13,.0f}"
        if peer and players * 7 + 3 <= 52:  # eight players run out of cards (DEAL-09)
            theirs, _ = bench.replay_pokerkit(rs, recorded)
            line += f" {count / theirs:>9,.0f} {theirs / seconds:>5.1f}x"
        else:
            line += f" {'-':>9} {'-':>6}"
        print(f"{line}  {seconds / count * 1e6:7.0f}", flush=True)


def by_street(count: int, seed: int) -> None:
    """Stud's CPU time per street of six-player hands that reach the showdown."""
    rs = bench.ruleset()
    recorded = bench.fresh_hands(count, seed, True, 6)
    names = [row.name for row in rs.streets] + ["(hand set-up)"]
    spent = dict.fromkeys(names, 0.0)
    table = bench.seats(rs, 6)
    clock = time.process_time
    for rec in recorded:
        started = clock()
        hand = Hand(rs, table, dealer=6, deck=rec.deck)  # antes and the first street's deal
        spent["(hand set-up)"] += clock() - started
        for seat, action, amount in rec.actions:
            street = hand.street
            started = clock()
            hand.act(seat, action, amount)  # the last act of a street deals the next
            spent[str(street)] += clock() - started
    print(f"\n{'street':<14} {'µs per hand':>11}  (betting, then dealing and reading the next)")
    for name in names:
        print(f"{name:<14} {spent[name] / count * 1e6:>11.1f}")
    total = sum(spent.values()) / count * 1e6
    print(f"{'in all':<14} {total:>11.1f}  (the last street's includes the showdown)")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--players", default="2-8", help="a range of player counts, e.g. 2-8")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    low, _, high = args.players.partition("-")
    peer = bench.have_pokerkit()
    print(f"{args.hands} fresh never-fold hands per player count; rates from CPU time")
    bench.replay_stud(bench.ruleset(), bench.fresh_hands(100, -1, True))  # warm-up
    by_players(int(low), int(high or low), args.hands, args.seed, peer)
    by_street(args.hands, args.seed + 100)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"(load average {load:.2f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    sys.exit(main())

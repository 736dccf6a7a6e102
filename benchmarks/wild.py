"""Hands per second with many wild ranks (issue 13, R5): the wild low search.

Plays ``--hands`` hands of eight players, everyone calling down, with every rank wild and
an ace-to-six low (the worst case the validator accepts: every card is wild, so each
five-card low is chosen among all the ranks), beside the same ruleset with no wild card.
Before the search stopped at the first non-straight low this took about 1.5 s a hand.
Each ruleset plays hands of seeds of its own (the wild one the next ``--hands`` seeds), so
neither timing plays a hand the process has played before (a warm-up hand of seed -1
goes first); times are CPU time.

    python benchmarks/wild.py [--hands 40]
"""

from __future__ import annotations

import argparse
import time
from decimal import Decimal

from stud.engine import Hand, Seat
from stud.rules import load_ruleset

ALL_RANKS = "[" + ", ".join(str(r) for r in range(2, 15)) + "]"


def call_down(ruleset_overrides: dict[str, str], hands: int, first_seed: int = 0) -> float:
    """Seconds per hand, everyone checking or calling to the showdown."""
    rs = load_ruleset("london-lowball", ruleset_overrides or None)
    seats = [Seat(seat=i + 1, name=f"P{i + 1}", stack=Decimal(1000)) for i in range(8)]
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        hand = Hand(rs, seats=seats, dealer=1, seed=seed)
        while hand.phase != "complete":
            seat = hand.to_act
            assert seat is not None
            names = [a.action for a in hand.legal_actions()]
            action = next(a for a in ("check", "call", "bring_in", "stand_pat") if a in names)
            hand.act(seat, action)
        assert hand.result is not None
    return (time.process_time() - start) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    args = parser.parse_args()
    call_down({}, 1, first_seed=-1)  # warm-up: imports and tables built on first use
    plain = call_down({}, args.hands)
    wild = call_down({"wild.ranks": ALL_RANKS}, args.hands, first_seed=args.hands)
    print(f"london-lowball, 8 players, no wild card:  {plain * 1000:8.1f} ms a hand")
    print(f"london-lowball, 8 players, every rank wild: {wild * 1000:6.1f} ms a hand")


if __name__ == "__main__":
    main()

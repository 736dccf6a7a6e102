"""Seven-card evaluations per second: ``stud.hands`` beside treys, phevaluator and PokerKit.

Every round deals new random seven-card hands (``--seed`` plus the round number, so no
round sees another's hands, and no evaluator keeps anything from hand to hand), converts
them to each library's own card type outside the timed loops, then times a plain loop of
one evaluator call per hand.  The evaluators take turns on the round's hands (round-robin,
``--repeat`` rounds) and each figure is its best round, so a busy moment on a shared
machine does not favour one library.  Time
is this process's CPU time (``time.process_time``), so other programs competing for the
cores are not counted; ``--wall`` uses the wall clock instead.
PokerKit builds a hand object per evaluation and is far slower, so it is timed on the
first ``--pokerkit-hands`` hands only; its rate is still per second and comparable.  A
library that is not installed (the ``bench`` extra) is reported as skipped.

    python benchmarks/evaluate.py [--hands 200000] [--repeat 3] [--pokerkit-hands 5000]
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from stud.cards import Card

Hand7 = tuple[int, int, int, int, int, int, int]
Runner = tuple[str, Callable[[], int]]  # a name, and one timed pass returning its count


def deal(count: int, seed: int) -> list[Hand7]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        a, b, c, d, e, f, g = rng.sample(range(52), 7)
        hands.append((a, b, c, d, e, f, g))
    return hands


def seven(name: str, evaluate: Callable[..., Any], hands: Sequence[Hand7]) -> Runner:
    def run() -> int:
        for a, b, c, d, e, f, g in hands:
            evaluate(a, b, c, d, e, f, g)
        return len(hands)

    return (name, run)


def stud_runners(hands: Sequence[Hand7]) -> list[Runner]:
    import stud.hands as h

    sample = [list(hand) for hand in hands[: max(1, len(hands) // 20)]]

    def api() -> int:
        for hand in sample:
            h.evaluate(hand)
        return len(sample)

    return [
        seven("stud high", h.evaluate_high7, hands),
        seven("stud ace-to-five", h.evaluate_ace_to_five7, hands),
        seven("stud 8-or-better", h.evaluate_eight_or_better7, hands),
        seven("stud ace-to-six", h.evaluate_ace_to_six7, hands),
        ("stud evaluate() API, high", api),
    ]


def peer_runners(hands: Sequence[Hand7], pokerkit_hands: int, quiet: bool = False) -> list[Runner]:
    runners: list[Runner] = []
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        if not quiet:
            print("treys is not installed: skipped (pip install 'stud[bench]')")
    else:
        evaluator = Evaluator()
        ints = [TreysCard.new(str(Card(i))) for i in range(52)]
        split = [
            ([ints[a], ints[b]], [ints[c], ints[d], ints[e], ints[f], ints[g]])
            for a, b, c, d, e, f, g in hands
        ]

        def treys() -> int:
            evaluate = evaluator.evaluate
            for hole, board in split:
                evaluate(hole, board)
            return len(split)

        runners.append(("treys", treys))
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        if not quiet:
            print("phevaluator is not installed: skipped (pip install 'stud[bench]')")
    else:
        # phevaluator numbers cards as stud does: (rank - 2) * 4 + suit, clubs first
        runners.append(seven("phevaluator (pure Python)", evaluate_cards, hands))
    try:
        from pokerkit import Card as KitCard
        from pokerkit import StandardHighHand
    except ImportError:
        if not quiet:
            print("pokerkit is not installed: skipped (pip install 'stud[bench]')")
    else:
        deck = [next(iter(KitCard.parse(str(Card(i))))) for i in range(52)]
        kit = [
            ([deck[a], deck[b]], [deck[c], deck[d], deck[e], deck[f], deck[g]])
            for a, b, c, d, e, f, g in hands[:pokerkit_hands]
        ]

        def pokerkit() -> int:
            for hole, board in kit:
                StandardHighHand.from_game(hole, board)
            return len(kit)

        runners.append(("pokerkit StandardHighHand", pokerkit))
    return runners


def measure(
    rounds: Sequence[Sequence[Runner]], clock: Callable[[], float]
) -> dict[str, tuple[int, float]]:
    """Round-robin timing, each round on its own hands: name -> (evaluations per pass, best
    evaluations per second)."""
    best: dict[str, tuple[int, float]] = {}
    for runners in rounds:
        for name, run in runners:
            start = clock()
            count = run()
            rate = count / (clock() - start)
            if rate > best.get(name, (0, 0.0))[1]:
                best[name] = (count, rate)
    return best


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pokerkit-hands", type=int, default=5_000)
    parser.add_argument("--wall", action="store_true", help="time by the wall clock")
    args = parser.parse_args(argv)
    clock = time.perf_counter if args.wall else time.process_time
    what = "wall-clock" if args.wall else "CPU"
    print(
        f"{args.hands:,} fresh random seven-card hands per round, seeds {args.seed}.."
        f"{args.seed + args.repeat - 1}, best of {args.repeat} rounds"
    )
    print(f"rates from {what} time")
    start = time.perf_counter()
    import stud.hands  # noqa: F401

    print(f"import stud.hands: {time.perf_counter() - start:.3f} s (tables included)")
    rounds = []
    for round_no in range(args.repeat):
        hands = deal(args.hands, args.seed + round_no)
        mine = stud_runners(hands)
        peers = peer_runners(hands, args.pokerkit_hands, quiet=round_no > 0)
        rounds.append(mine + peers)
    results = measure(rounds, clock)
    stud_high = results["stud high"][1]
    print()
    print(f"{'evaluator':<28}{'hands':>9}{'evals/s':>12}   stud high is")
    for name, _ in mine:
        count, rate = results[name]
        print(f"{name:<28}{count:>9,}{rate:>12,.0f}")
    for name, _ in peers:
        count, rate = results[name]
        print(f"{name:<28}{count:>9,}{rate:>12,.0f}   {stud_high / rate:>7.1f}x faster")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"\n(load average {load:.2f} on {os.cpu_count()} cores while measuring)")


if __name__ == "__main__":
    main()

"""Seven-card evaluations per second: ``stud.hands`` beside treys, phevaluator and PokerKit.

Deals the same random seven-card hands (fixed seed) once, converts them to each library's
own card type outside the timed loops, then times a plain loop of one evaluator call per
hand.  Each figure is the best of ``--repeat`` runs (the machine is shared, so the best
run is the least disturbed one).  PokerKit builds a hand object per evaluation and is far
slower, so it is timed on the first ``--pokerkit-hands`` hands only; its rate is still
per second and comparable.  A library that is not installed (the ``bench`` extra) is
reported as skipped.

    python benchmarks/evaluate.py [--hands 200000] [--repeat 3] [--pokerkit-hands 5000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from stud.cards import Card

Hand7 = tuple[int, int, int, int, int, int, int]
Row = tuple[str, int, float]  # name, hands, evaluations per second


def deal(count: int, seed: int) -> list[Hand7]:
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        a, b, c, d, e, f, g = rng.sample(range(52), 7)
        hands.append((a, b, c, d, e, f, g))
    return hands


def best_rate(run: Callable[[], int], repeat: int) -> float:
    """Evaluations per second of the fastest of ``repeat`` runs."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        done = run()
        elapsed = time.perf_counter() - start
        best = max(best, done / elapsed)
    return best


def time_seven(evaluate: Callable[..., Any], hands: Sequence[Hand7], repeat: int) -> float:
    def run() -> int:
        for a, b, c, d, e, f, g in hands:
            evaluate(a, b, c, d, e, f, g)
        return len(hands)

    return best_rate(run, repeat)


def stud_rows(hands: Sequence[Hand7], repeat: int) -> list[Row]:
    start = time.perf_counter()
    import stud.hands as h

    print(f"import stud.hands: {time.perf_counter() - start:.3f} s (tables included)")
    rows = []
    for name, fn in (
        ("stud high", h.evaluate_high7),
        ("stud ace-to-five", h.evaluate_ace_to_five7),
        ("stud 8-or-better", h.evaluate_eight_or_better7),
        ("stud ace-to-six", h.evaluate_ace_to_six7),
    ):
        rows.append((name, len(hands), time_seven(fn, hands, repeat)))
    sample = hands[: max(1, len(hands) // 20)]

    def run_api() -> int:
        for hand in sample:
            h.evaluate(hand)
        return len(sample)

    rows.append(("stud evaluate() API, high", len(sample), best_rate(run_api, repeat)))
    return rows


def treys_row(hands: Sequence[Hand7], repeat: int) -> Row | None:
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        print("treys is not installed: skipped (pip install 'stud[bench]')")
        return None
    evaluator = Evaluator()
    ints = [TreysCard.new(str(Card(i))) for i in range(52)]
    converted = [([ints[a], ints[b]], [ints[c], ints[d], ints[e], ints[f], ints[g]])
                 for a, b, c, d, e, f, g in hands]

    def run() -> int:
        evaluate = evaluator.evaluate
        for hole, board in converted:
            evaluate(hole, board)
        return len(converted)

    return ("treys", len(hands), best_rate(run, repeat))


def phevaluator_row(hands: Sequence[Hand7], repeat: int) -> Row | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        print("phevaluator is not installed: skipped (pip install 'stud[bench]')")
        return None
    # phevaluator numbers cards exactly as stud does: (rank - 2) * 4 + suit, clubs first
    return ("phevaluator (pure Python)", len(hands), time_seven(evaluate_cards, hands, repeat))


def pokerkit_row(hands: Sequence[Hand7], repeat: int) -> Row | None:
    try:
        from pokerkit import Card as KitCard
        from pokerkit import StandardHighHand
    except ImportError:
        print("pokerkit is not installed: skipped (pip install 'stud[bench]')")
        return None
    deck = [next(iter(KitCard.parse(str(Card(i))))) for i in range(52)]
    converted = [([deck[a], deck[b]], [deck[c], deck[d], deck[e], deck[f], deck[g]])
                 for a, b, c, d, e, f, g in hands]

    def run() -> int:
        for hole, board in converted:
            StandardHighHand.from_game(hole, board)
        return len(converted)

    return ("pokerkit StandardHighHand", len(hands), best_rate(run, repeat))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pokerkit-hands", type=int, default=5_000)
    args = parser.parse_args(argv)
    hands = deal(args.hands, args.seed)
    print(f"{args.hands:,} random seven-card hands, seed {args.seed}, best of {args.repeat}")
    rows = stud_rows(hands, args.repeat)
    stud_high = rows[0][2]
    peers = [
        treys_row(hands, args.repeat),
        phevaluator_row(hands, args.repeat),
        pokerkit_row(hands[: args.pokerkit_hands], args.repeat),
    ]
    print()
    print(f"{'evaluator':<28}{'hands':>9}{'evals/s':>12}   stud high / this")
    for name, count, rate in rows + [p for p in peers if p is not None]:
        ratio = stud_high / rate
        print(f"{name:<28}{count:>9,}{rate:>12,.0f}   {ratio:>8.2f}x")


if __name__ == "__main__":
    main()

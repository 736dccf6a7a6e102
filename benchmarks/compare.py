"""Hands per second of the working tree beside a git revision, measured in one run.

The revision (``--rev``, default ``main``) is checked out with ``git worktree add`` into a
temporary folder; each measurement is a fresh Python process that imports ``stud`` from
one tree (``PYTHONPATH=<tree>/interpreter``, checked) and runs the stud part of
``benchmarks/hands.py`` (record the seeded hands, replay them, best of ``--repeat``).
The two trees take turns ``--rounds`` times, so the machine's load falls on both alike;
the best figure of each tree counts.

    python benchmarks/compare.py [--rev main] [--hands 2000] [--rounds 3] [--repeat 3]

Prints hands/s per mix for both trees and the ratio (working tree / revision).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent

# runs in the child: argv = tree, hands, seed, repeat
CHILD = """
import sys
tree, count, seed, repeat = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
import stud
if not stud.__file__.startswith(tree):
    sys.exit("compare: imported " + stud.__file__ + ", not the tree " + tree)
sys.path.insert(0, {bench!r})
import hands as bench
rs = bench.ruleset()
for mix, never_fold in (("random", False), ("never-fold", True)):
    recorded = bench.record(rs, count, seed, never_fold)
    best = min(bench.replay_stud(rs, recorded) for _ in range(repeat))
    print(mix, count / best)
"""


def measure(tree: Path, args: argparse.Namespace) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "interpreter"))
    code = CHILD.format(bench=str(BENCH))
    argv = [str(tree), str(args.hands), str(args.seed), str(args.repeat)]
    done = subprocess.run(
        [sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True, check=False
    )
    if done.returncode:
        raise SystemExit(f"compare: the run in {tree} failed:\n{done.stderr[-2000:]}")
    out = {}
    for line in done.stdout.splitlines():
        mix, rate = line.split()
        out[mix] = float(rate)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="main", help="git revision to compare with")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="turns each tree takes")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many timings")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="stud-compare-") as tmp:
        base = Path(tmp) / "base"
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(base), args.rev],
            check=True,
        )
        try:
            best: dict[str, dict[str, float]] = {"rev": {}, "tree": {}}
            for _ in range(args.rounds):
                for name, tree in (("rev", base), ("tree", ROOT)):
                    for mix, rate in measure(tree, args).items():
                        best[name][mix] = max(best[name].get(mix, 0.0), rate)
        finally:
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)], check=False
            )
    print(f"{args.hands} hands per mix, best of {args.rounds} rounds x {args.repeat} timings")
    for mix in best["tree"]:
        old, new = best["rev"][mix], best["tree"][mix]
        print(
            f"{mix:>10}: {args.rev} {old:8.0f} hands/s | working tree {new:8.0f} hands/s"
            f" | ratio {new / old:.3f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

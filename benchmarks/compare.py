"""Hands per second of the working tree beside a git revision, on the same fresh hands.

The revision (``--rev``, default ``main``) is exported with ``git archive`` into a
temporary folder (the repository and its worktrees are left alone).  Every round deals
new hands: a separate process records ``--hands`` hands per mix from a seed no other
round uses (``benchmarks/hands.py``'s recorder, with the working tree's ``stud``), and
writes them to a file.  Each tree then replays that file in a fresh Python process that
imports ``stud`` from that tree only (``PYTHONPATH=<tree>/interpreter``, checked), after
a warm-up on hands of seed -1: both trees play exactly the same hands, and neither
process has seen them before.  The trees take turns within a round, and the order flips
from one round to the next, so the machine's load falls on both alike.  Times are each
process's CPU time.

    python benchmarks/compare.py [--rev main] [--hands 2000] [--rounds 5]

Prints hands/s per round and mix for both trees, then the median ratio (working tree /
revision) of each mix: above 1 the working tree is faster.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))

import hands as bench  # noqa: E402

TREE_PARTS = ("interpreter", "features", "rulesets", "schemas")  # stud/data links to the last 3

# runs in the child: argv = tree, hands file; prints "mix rate" lines
CHILD = """
import json, sys, time
from decimal import Decimal
tree, path = sys.argv[1], sys.argv[2]
import stud
if not stud.__file__.startswith(tree):
    sys.exit("compare: imported " + stud.__file__ + ", not the tree " + tree)
from stud.cards import Card
from stud.engine import Hand, Seat
from stud.rules import load_ruleset
data = json.load(open(path))
rs = load_ruleset("seven-card-stud", data["overrides"])
seats = [Seat(i + 1, f"P{i + 1}", rs.stakes.big_bet * data["stack_big_bets"])
         for i in range(data["players"])]
def hands(raw):
    return [([Card(c) for c in h["deck"]],
             [(s, a, None if m is None else Decimal(m)) for s, a, m in h["actions"]])
            for h in raw]
def play(recorded):
    start = time.process_time()
    for deck, actions in recorded:
        hand = Hand(rs, seats, dealer=data["players"], deck=deck)
        act = hand.act
        for seat, action, amount in actions:
            act(seat, action, amount)
    return time.process_time() - start
play(hands(data["warm"]))
for mix, raw in data["mixes"].items():
    recorded = hands(raw)
    print(mix, len(recorded) / play(recorded))
"""


def export(rev: str, target: Path) -> None:
    """The interpreter of ``rev`` and the data it links to under ``target`` (``git archive``)."""
    done = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev, *TREE_PARTS],
        capture_output=True,
        check=False,
    )
    if done.returncode:
        raise SystemExit(f"compare: cannot export {rev}: {done.stderr.decode()[-500:]}")
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(target, filter="data")


def record_round(path: Path, hands: int, seed: int) -> None:
    """Record one round's hands (every mix, plus the warm-up) into ``path``."""
    mixes = {}
    for mix, never_fold in bench.MIXES:
        mixes[mix] = [_raw(h) for h in bench.fresh_hands(hands, seed, never_fold)]
    warm = [_raw(h) for h in bench.fresh_hands(bench.WARM_UP, -1, False)]
    document = {
        "overrides": bench.OVERRIDES,
        "players": bench.PLAYERS,
        "stack_big_bets": bench.STACK_BIG_BETS,
        "mixes": mixes,
        "warm": warm,
    }
    path.write_text(json.dumps(document), encoding="utf-8")


def _raw(h: bench.Recorded) -> dict[str, object]:
    actions = [(s, a, None if m is None else str(m)) for s, a, m in h.actions]
    return {"deck": [int(c) for c in h.deck], "actions": actions}


def measure(tree: Path, path: Path) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree / "interpreter"))
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(tree), str(path)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
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
    parser.add_argument("--seed", type=int, default=1, help="the first round's seed")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, each on fresh hands")
    args = parser.parse_args(argv)
    ratios: dict[str, list[float]] = {mix: [] for mix, _ in bench.MIXES}
    print(f"{args.hands} fresh hands per mix and round; rates from CPU time")
    with tempfile.TemporaryDirectory(prefix="stud-compare-") as tmp:
        base = Path(tmp) / "base"
        export(args.rev, base)
        path = Path(tmp) / "hands.json"
        for round_no in range(args.rounds):
            seed = args.seed + round_no
            record_round(path, args.hands, seed)
            trees = [("rev", base), ("tree", ROOT)]
            if round_no % 2:
                trees.reverse()
            rates = {name: measure(tree, path) for name, tree in trees}
            for mix in ratios:
                old, new = rates["rev"][mix], rates["tree"][mix]
                ratios[mix].append(new / old)
                print(
                    f"seed {seed} {mix:>10}: {args.rev} {old:7.0f} hands/s"
                    f" | working tree {new:7.0f} hands/s | ratio {new / old:.3f}",
                    flush=True,
                )
    for mix, values in ratios.items():
        print(f"median ratio {mix:>10}: {statistics.median(values):.3f}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"(load average {load:.2f} on {os.cpu_count()} cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

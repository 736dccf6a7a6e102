"""Command-line start-up time: `stud --help` and `stud validate FILE`, beside a bare Python.

Editors and pre-commit hooks run `stud validate` on every save, so start-up matters. Each
command is run ``--repeat`` times, each time as a fresh process (nothing is kept from one
run to the next but Python's bytecode caches, as for a user), and the best wall time
counts (other load on the machine only ever slows a run). The commands are run as a user
types them, through the ``stud`` script installed beside this Python (``python -m
stud.cli`` where there is none). Each is run once untimed first, with
PYTHONDONTWRITEBYTECODE removed from its environment, so that the bytecode caches an
installed package has exist (without them every run compiles the modules it imports). The
bare interpreter (`python -c pass`) and importing PokerKit (the reference peer, if
installed) are printed beside them for scale.

    python benchmarks/startup.py [--repeat 15]

Goals: `stud --help` <= 21 ms (issue 28) and `stud validate FILE` <= 150 ms (issue 16) on
the project's 2-core machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


ENV = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def best_ms(argv: list[str], repeat: int) -> float:
    best = float("inf")
    for run in range(repeat + 1):  # the first run, untimed, writes the bytecode caches
        start = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        if run == 0:
            continue
        best = min(best, time.perf_counter() - start)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    py = sys.executable
    ruleset = str(HERE.parent / "rulesets" / "seven-card-stud-home.yaml")
    script = Path(py).parent / "stud"
    stud = [str(script)] if script.exists() else [py, "-m", "stud.cli"]
    rows = [
        ("python -c pass", [py, "-c", "pass"]),
        ("stud --help", [*stud, "--help"]),
        ("stud validate FILE", [*stud, "validate", ruleset]),
        ("stud show NAME", [*stud, "show", "razz"]),
    ]
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        pass
    else:
        rows.append(("python -c 'import pokerkit'", [py, "-c", "import pokerkit"]))
    base = best_ms(rows[0][1], args.repeat)
    print(f"{'command':<30} {'best ms':>8} {'x bare python':>14}")
    for label, argv in rows:
        ms = best_ms(argv, args.repeat)
        print(f"{label:<30} {ms:8.1f} {ms / base:14.1f}")


if __name__ == "__main__":
    main()

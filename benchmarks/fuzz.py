"""``stud fuzz`` throughput on fresh hands: in-process, through ``stud serve``, and its pipe.

Every figure is measured on hands no earlier figure of the run played (each has a seed of
its own, from ``--seed`` on), after a short warm-up on another seed, and is the figure a
user gets:

- hands/s against the in-process reference (``stud fuzz`` with no ``--engine``);
- hands/s through ``stud serve`` in a subprocess with ``--jobs 1`` and ``--jobs 2`` (the
  scaling efficiency: rate with 2 jobs / twice the rate with 1);
- requests/s of ``stud serve`` alone: the requests of fresh fuzzed hands sent over its
  pipe one after the other (replies read, not checked), each reply read before the next
  request and then with up to eight in flight (its ``pipelining``, as ``stud fuzz`` uses
  it), and its handler alone (lines in and out, no pipe);
- ``stud verify`` (the whole spec, in-process) in seconds;
- for scale, the reference interpreter playing the same kind of hands with no protocol at
  all (random legal actions through the ``Hand`` API), and the fuzzer's rate as a share
  of it.

Wall-clock rates are what a user sees on a quiet machine; on a shared one the CPU time of
every process involved (this one and the ``stud serve`` children) is printed beside them:
``CPU/hand`` (or ``/request``) is that time divided by the work done, so ``1/CPU`` is the
rate the CPUs allow whatever else the machine runs.  ``--jsonschema`` checks messages
with jsonschema only (no compiled schemas), to measure what compiling them saves.

    python benchmarks/fuzz.py [--hands 200] [--seed 1] [--jsonschema]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from stud.fuzz import campaign
from stud.fuzz.plan import FuzzConfig, RandomDraw
from stud.fuzz.play import play_hand
from stud.protocol import schemas
from stud.protocol.client import AHEAD

SERVE = f"{sys.executable} -m stud.protocol.server"
CONFIG = FuzzConfig(players=(2, 8), stacks=(Decimal(1), Decimal(20)))


def cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + kids.ru_utime + kids.ru_stime


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds, result) of ``work``."""
    wall, used = time.perf_counter(), cpu()
    result = work()
    return time.perf_counter() - wall, cpu() - used, result


def fuzz_rate(command: str | None, hands: int, seed: int, jobs: int = 1) -> tuple[float, float]:
    """(hands/s wall, CPU seconds per hand) of a campaign of ``hands`` fresh hands."""
    wall, used, total = timed(lambda: campaign.run_hands(command, CONFIG, seed, hands, jobs=jobs))
    assert not total.found, "the reference disagrees with itself"
    return hands / wall, used / hands


def request_stream(hands: int, seed: int) -> list[tuple[str, dict[str, Any]]]:
    """The requests (new_hand, then every act) of ``hands`` fuzzed hands."""
    from stud.spec.inprocess import InProcessEngine

    engine = InProcessEngine()
    stream: list[tuple[str, dict[str, Any]]] = []
    try:
        for index in range(hands):
            outcome = play_hand(RandomDraw.for_hand(seed, index), CONFIG, engine)
            setup = outcome.setup
            assert setup is not None
            fields = {
                "ruleset": setup.document,
                "seats": setup.seats,
                "dealer": setup.dealer,
                "deck": setup.deck,
            }
            stream.append(("new_hand", fields))
            stream.extend(("act", dict(step.request)) for step in outcome.steps)
    finally:
        engine.close()
    return stream


def serve_rate(stream: list[tuple[str, dict[str, Any]]], ahead: int = 1) -> tuple[float, float]:
    """(requests/s wall, CPU seconds per request of both processes) of ``stud serve``
    answering ``stream`` over its pipe, with up to ``ahead`` requests in flight (its
    ``pipelining``; 1: each reply read before the next request); its start-up is left out
    of both."""
    from collections import deque

    from stud.protocol.session import Session
    from stud.protocol.transport import SubprocessTransport

    def run(items: list[tuple[str, dict[str, Any]]]) -> tuple[float, float]:
        session = Session(SubprocessTransport(SERVE), validate=False)
        session.request("hello", protocol=1)
        wall, used = time.perf_counter(), cpu()
        owed: deque[tuple[str, int]] = deque()
        for index, (op, fields) in enumerate(items):
            owed.append((op, session.send(op, **fields)))
            while owed and (len(owed) >= ahead or index == len(items) - 1):
                try:
                    session.reply(*owed.popleft())
                except Exception:  # noqa: BLE001 - refused (illegal) actions are in the stream
                    pass
        wall = time.perf_counter() - wall
        session.transport.close()  # the child's CPU counts once it has exited
        return wall, cpu() - used

    _, start_up = run([])  # a server that only says hello: its start-up and its end
    wall, used = run(stream)
    return len(stream) / wall, max(used - start_up, 0.0) / len(stream)


def handler_rate(stream: list[tuple[str, dict[str, Any]]]) -> float:
    """Requests/s of the ``stud serve`` handler alone, lines in and out, no pipe (CPU)."""
    import json

    from stud.protocol.server import ReferenceHandler

    handler = ReferenceHandler()
    lines = [json.dumps({"id": i, "op": op, **fields}) for i, (op, fields) in enumerate(stream, 1)]
    started = time.process_time()
    for line in lines:
        handler.handle_line(line)
    return len(lines) / (time.process_time() - started)


def bare_rate(hands: int, seed: int) -> float:
    """Hands/s of the reference interpreter with no protocol: fuzz-like tables (2 to 8
    players, a quarter short-stacked), random legal actions, through the ``Hand`` API."""
    from stud.engine import Hand, Seat
    from stud.rules import load_ruleset

    rs = load_ruleset("seven-card-stud")
    rng = random.Random(seed)
    tables = []
    for _ in range(hands):
        n = rng.randint(2, 8)
        stacks = [Decimal(rng.randint(1, 40)) / 2 if rng.random() < 0.75 else Decimal("0.3")]
        stacks += [Decimal(rng.randint(2, 40)) / 2 for _ in range(n - 1)]
        seats = [Seat(i + 1, f"P{i + 1}", stacks[i]) for i in range(n)]
        tables.append((seats, rng.getrandbits(32), random.Random(rng.getrandbits(32))))
    started = time.process_time()
    for seats, deal, choices in tables:
        hand = Hand(rs, seats, dealer=1, seed=deal)
        while hand.to_act is not None:
            legal = hand.legal_actions()
            choice = legal[choices.randrange(len(legal))]
            amount = choice.amount if choice.amount is not None else choice.min
            hand.act(hand.to_act, choice.action, amount)
    return hands / (time.process_time() - started)


def verify_seconds() -> tuple[float, float]:
    from stud.paths import FEATURES
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import run

    scenarios = collect(FEATURES)
    engine = InProcessEngine()
    wall, used, results = timed(lambda: list(run(scenarios, engine)))
    engine.close()
    assert results
    return wall, used


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first measurement's seed")
    parser.add_argument("--jsonschema", action="store_true", help="no compiled schemas")
    args = parser.parse_args()
    global SERVE
    if args.jsonschema:
        schemas.compiled.cache_clear()
        schemas.compiled = lambda name: schemas.validator(name).is_valid  # type: ignore[assignment]
        SERVE = f"{sys.executable} -c " + (
            '"import sys; from stud.protocol import schemas; '
            "schemas.compiled = lambda n: schemas.validator(n).is_valid; "
            'from stud.protocol.server import main; sys.exit(main())"'
        )
    mode = "jsonschema only" if args.jsonschema else "compiled schemas"
    seeds = iter(range(args.seed, args.seed + 100))
    n = args.hands
    print(f"stud fuzz benchmark ({mode}), {n} fresh hands per figure from seed {args.seed}")
    campaign.run_hands(None, CONFIG, -1, 10)  # warm-up (seed -1: no figure plays it)
    rate, per = fuzz_rate(None, n, next(seeds))
    bare = bare_rate(n, next(seeds))
    print(f"  in-process reference:    {rate:7.1f} hands/s   CPU {per * 1e3:5.2f} ms/hand")
    one, per_one = fuzz_rate(SERVE, n, next(seeds), jobs=1)
    print(
        f"  through stud serve:      {one:7.1f} hands/s   CPU {per_one * 1e3:5.2f} ms/hand"
        "  (--jobs 1, both processes)"
    )
    two, per_two = fuzz_rate(SERVE, n, next(seeds), jobs=2)
    print(
        f"  through stud serve:      {two:7.1f} hands/s   CPU {per_two * 1e3:5.2f} ms/hand"
        "  (--jobs 2)"
    )
    print(f"  scaling efficiency:      {two / (2 * one):7.0%}")
    stream = request_stream(n // 2, next(seeds))
    pipe, per_request = serve_rate(stream)
    print(
        f"  stud serve alone:        {pipe:7.0f} requests/s  CPU {per_request * 1e6:4.0f}"
        " us/request (its pipe, both processes; each reply read before the next request)"
    )
    ahead, per_ahead = serve_rate(stream, AHEAD)
    print(
        f"  stud serve, pipelined:   {ahead:7.0f} requests/s  CPU {per_ahead * 1e6:4.0f}"
        f" us/request (up to {AHEAD} requests in flight, as stud fuzz sends them)"
    )
    print(
        f"  its handler alone:       {handler_rate(request_stream(n // 2, next(seeds))):7.0f}"
        " requests/s (CPU time, no pipe)"
    )
    wall, used = verify_seconds()
    print(f"  stud verify (in-process): {wall:6.2f} s       CPU {used:5.2f} s")
    print(
        f"  the interpreter alone:   {bare:7.0f} hands/s (CPU, no protocol, random actions):"
        f" fuzzing in-process is {1 / per / bare:.1%} of it"
    )
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"(load average {load:.2f} on {os.cpu_count()} cores)")


if __name__ == "__main__":
    main()

"""``stud fuzz`` throughput: hands/s in-process and through ``stud serve``, 1 vs 2 jobs.

Prints, for one fixed seed:

- hands/s against the in-process reference (the engine seam over a loopback, every reply
  checked against the schemas) and against ``stud serve`` in a subprocess;
- hands/s through ``stud serve`` with ``--jobs 1`` and ``--jobs 2`` and the scaling
  efficiency (rate with 2 jobs / twice the rate with 1);
- the reference oracle's share of a run against ``stud serve``;
- requests/s of ``stud serve`` alone: the requests of those hands replayed over its pipe;
- ``stud verify`` (the whole spec, in-process) in seconds.

``--jsonschema`` checks messages with jsonschema only, as before the schemas were
compiled, to measure the difference.  Times are wall clock; on a shared machine run it
twice.

    python benchmarks/fuzz.py [--hands 200] [--seed 1] [--jsonschema]
"""

from __future__ import annotations

import argparse
import sys
import time
from decimal import Decimal

from stud.fuzz import campaign
from stud.fuzz.plan import FuzzConfig, RandomDraw
from stud.fuzz.play import Reference, play_hand
from stud.protocol import schemas

SERVE = f"{sys.executable} -m stud.protocol.server"
CONFIG = FuzzConfig(players=(2, 8), stacks=(Decimal(1), Decimal(20)))


def rate(command: str | None, hands: int, seed: int, jobs: int = 1) -> tuple[float, int]:
    started = time.perf_counter()
    total = campaign.run_hands(command, CONFIG, seed, hands, jobs=jobs)
    seconds = time.perf_counter() - started
    assert not total.found, "the reference disagrees with itself"
    return hands / seconds, total.requests


def oracle_share(hands: int, seed: int) -> float:
    """The fraction of a run against ``stud serve`` spent in the reference oracle."""
    spent = [0.0]
    plain = Reference.request

    def timed(self: Reference, op: str, **fields: object) -> dict:
        t = time.perf_counter()
        try:
            return plain(self, op, **fields)
        finally:
            spent[0] += time.perf_counter() - t

    Reference.request = timed  # type: ignore[method-assign]
    try:
        started = time.perf_counter()
        campaign.run_shard(SERVE, CONFIG, seed, range(hands), 5.0)
        return spent[0] / (time.perf_counter() - started)
    finally:
        Reference.request = plain  # type: ignore[method-assign]


def request_stream(hands: int, seed: int) -> list[tuple[str, dict]]:
    """The requests (new_hand, then every act) of ``hands`` fuzzed hands."""
    from stud.spec.inprocess import InProcessEngine

    engine = InProcessEngine()
    stream: list[tuple[str, dict]] = []
    try:
        for index in range(hands):
            outcome = play_hand(RandomDraw.for_hand(seed, index), CONFIG, engine)
            setup = outcome.setup
            assert setup is not None
            stream.append(
                (
                    "new_hand",
                    {
                        "ruleset": setup.document,
                        "seats": setup.seats,
                        "dealer": setup.dealer,
                        "deck": setup.deck,
                    },
                )
            )
            stream.extend(("act", dict(step.request)) for step in outcome.steps)
    finally:
        engine.close()
    return stream


def handler_requests_per_second(stream: list[tuple[str, dict]]) -> float:
    """The ``stud serve`` handler alone, lines in and out, no pipe (CPU time)."""
    import json

    from stud.protocol.server import ReferenceHandler

    handler = ReferenceHandler()
    lines = [json.dumps({"id": i, "op": op, **fields}) for i, (op, fields) in enumerate(stream, 1)]
    started = time.process_time()
    for line in lines:
        handler.handle_line(line)
    return len(lines) / (time.process_time() - started)


def serve_requests_per_second(stream: list[tuple[str, dict]]) -> float:
    """Replay a request stream to ``stud serve`` over its pipe (replies read, not checked)."""
    from stud.protocol.session import Session
    from stud.protocol.transport import SubprocessTransport

    session = Session(SubprocessTransport(SERVE), validate=False)
    session.request("hello", protocol=1)
    started = time.perf_counter()
    for op, fields in stream:
        try:
            session.request(op, **fields)
        except Exception:  # noqa: BLE001 - refused (illegal) actions are part of the stream
            pass
    seconds = time.perf_counter() - started
    session.transport.close()
    return len(stream) / seconds


def verify_seconds() -> float:
    from stud.paths import FEATURES
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import run

    scenarios = collect(FEATURES)
    engine = InProcessEngine()
    started = time.perf_counter()
    results = list(run(scenarios, engine))
    seconds = time.perf_counter() - started
    engine.close()
    assert results
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jsonschema", action="store_true", help="no compiled schemas")
    args = parser.parse_args()
    if args.jsonschema:
        schemas.compiled.cache_clear()
        schemas.compiled = lambda name: schemas.validator(name).is_valid  # type: ignore[assignment]
        global SERVE
        SERVE = f"{sys.executable} -c " + (
            '"import sys; from stud.protocol import schemas; '
            "schemas.compiled = lambda n: schemas.validator(n).is_valid; "
            'from stud.protocol.server import main; sys.exit(main())"'
        )
    mode = "jsonschema only" if args.jsonschema else "compiled schemas"
    print(f"stud fuzz benchmark ({mode}), {args.hands} hands, seed {args.seed}")
    in_process, requests = rate(None, args.hands, args.seed)
    print(f"  in-process reference:     {in_process:8.1f} hands/s ({requests} requests)")
    one, _ = rate(SERVE, args.hands, args.seed, jobs=1)
    print(f"  through stud serve:       {one:8.1f} hands/s  (--jobs 1)")
    two, _ = rate(SERVE, args.hands, args.seed, jobs=2)
    print(f"  through stud serve:       {two:8.1f} hands/s  (--jobs 2)")
    print(f"  scaling efficiency:       {two / (2 * one):8.0%}")
    print(f"  reference oracle's share: {oracle_share(args.hands // 2, args.seed):8.0%} of a run")
    stream = request_stream(args.hands // 2, args.seed)
    print(f"  stud serve alone:         {serve_requests_per_second(stream):8.0f} requests/s (pipe)")
    print(
        f"  its handler alone:        {handler_requests_per_second(stream):8.0f} requests/s"
        " (CPU time, no pipe)"
    )
    print(f"  stud verify (in-process): {verify_seconds():8.1f} s")


if __name__ == "__main__":
    main()

"""How far a campaign has got: each shard reports the hands it plays, in this process or
from the processes of ``--jobs``, so that a progress line can follow a long run.

>>> seen = []
>>> LocalTally(lambda hands, found: seen.append((hands, found))).put((1, 0))
>>> seen
[(1, 0)]
"""

from __future__ import annotations

import queue
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, wait
from multiprocessing import Manager
from typing import Any, Protocol, TypeVar

Progress = Callable[[int, int], None]  # (hands played, divergences found) since last time
R = TypeVar("R")


class Tally(Protocol):
    """Where a shard reports each hand played: ``put((1, divergences found in it))``."""

    def put(self, item: tuple[int, int]) -> None: ...


class LocalTally:
    """Progress of the shards played in this process, passed on to a callback."""

    def __init__(self, progress: Progress):
        self.progress = progress

    def put(self, item: tuple[int, int]) -> None:
        self.progress(*item)


def in_processes(
    shard: Callable[..., R],
    blocks: Sequence[range],
    timeout: float,
    jobs: int,
    progress: Progress | None,
) -> list[R]:
    """``shard(block, timeout[, tally])`` for every block on ``jobs`` processes, in block
    order; with ``progress``, the hands are tallied through a queue as they are played."""
    if progress is None:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(shard, block, timeout) for block in blocks]
            return [f.result() for f in futures]
    with Manager() as manager, ProcessPoolExecutor(max_workers=jobs) as pool:
        tally: Any = manager.Queue()
        futures = [pool.submit(shard, block, timeout, tally) for block in blocks]
        while True:
            done, _ = wait(futures, timeout=0.2)
            drain(tally, progress)
            if len(done) == len(futures):
                break
        return [f.result() for f in futures]


def drain(tally: Any, progress: Progress) -> None:
    """Pass on everything the queue holds, summed."""
    hands = found = 0
    while True:
        try:
            one, more = tally.get_nowait()
        except queue.Empty:
            break
        hands += one
        found += more
    if hands:
        progress(hands, found)

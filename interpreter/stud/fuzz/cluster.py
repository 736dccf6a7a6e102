"""Running a campaign's shards on a Dask distributed cluster (the ``cluster`` extra).

Each shard is one call of :func:`stud.fuzz.campaign.run_shard` on a worker, which starts
its own engine there (the engine command must work on the workers); results come back in
shard order, so the campaign is the same as with ``--jobs`` on one machine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from stud.errors import StudError


def map_on_cluster(
    address: str | Any,
    function: Callable[..., Any],
    command: str | None,
    config: Any,
    seed: int,
    blocks: Sequence[range],
    timeout: float,
) -> list[Any]:
    """``function(command, config, seed, block, timeout)`` for every block, on Dask.

    ``address`` is a scheduler address (``tcp://host:8786``) or a ``distributed.Client``.
    """
    try:
        from distributed import Client
    except ImportError:
        raise StudError(
            "--cluster needs Dask: pip install 'stud[cluster]' (dask and distributed)"
        ) from None
    own = not isinstance(address, Client)
    client: Any = Client(address) if own else address
    try:
        futures = [
            client.submit(function, command, config, seed, block, timeout, pure=False)
            for block in blocks
        ]
        return list(client.gather(futures))
    finally:
        if own:
            client.close()

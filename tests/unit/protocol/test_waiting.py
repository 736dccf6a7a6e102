"""Waiting for a pipe (stud.protocol.waiting): lines read from a descriptor are the lines
read from a stream, and the spin before a blocking wait adapts to the other end."""

from __future__ import annotations

import io
import os
import random
import threading
import time

import pytest
from stud.protocol.waiting import Waiter, fd_lines
from stud.protocol.wire import read_lines

pytestmark = pytest.mark.skipif(os.name != "posix", reason="select on pipes is POSIX")


def through_pipe(data: bytes, limit: int, pieces: list[int]) -> list[bytes]:
    """What fd_lines reads of ``data`` written into a pipe in pieces of the given sizes."""
    r, w = os.pipe()

    def writer() -> None:
        view = memoryview(data)
        for size in pieces:
            if not view:
                break
            os.write(w, view[:size])
            view = view[size:]
            time.sleep(0.0005)
        if view:
            os.write(w, view)
        os.close(w)

    thread = threading.Thread(target=writer)
    thread.start()
    try:
        return list(fd_lines(r, limit=limit, waiter=Waiter(0.0002)))
    finally:
        thread.join()
        os.close(r)


@pytest.mark.parametrize("seed", range(40))
def test_lines_from_a_descriptor_are_the_lines_from_a_stream(seed: int) -> None:
    rng = random.Random(seed)
    words = [b"a", b"\n", b"\r", b"\r\n"]
    parts = [rng.choice([*words, b"x" * rng.randint(1, 70)]) for _ in range(30)]
    data = b"".join(parts)
    limit = rng.randint(5, 40)
    pieces = [rng.randint(1, 50) for _ in range(20)]
    assert through_pipe(data, limit, pieces) == list(read_lines(io.BytesIO(data), limit=limit))


def test_a_long_line_is_cut_to_its_first_bytes_and_the_rest_dropped() -> None:
    data = b"y" * 100 + b"\nnext\n"
    lines = through_pipe(data, 20, [7] * 20)
    assert lines == [b"y" * 21, b"next"]


def test_the_spin_stops_after_a_slow_answer_and_comes_back_after_a_fast_one() -> None:
    waiter = Waiter(0.001)
    r, w = os.pipe()
    try:
        assert waiter.wait(r, 0.01) is False  # nothing comes: the wait outlasts the spin
        assert waiter._spinning is False
        os.write(w, b"x")
        assert waiter.wait(r, 0.01) is True  # at once, without spinning: spin again
        assert waiter._spinning is True
        assert os.read(r, 10) == b"x"
    finally:
        os.close(r)
        os.close(w)


def test_no_spin_when_turned_off() -> None:
    waiter = Waiter(0.0)
    r, w = os.pipe()
    try:
        os.write(w, b"x")
        assert waiter.wait(r, 0.01) is True
        assert waiter._spinning is False
    finally:
        os.close(r)
        os.close(w)

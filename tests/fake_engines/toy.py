"""A toy protocol v1 engine for the client's tests: it plays a trivial 'hand'.

Each fake engine in this folder runs :func:`serve` with a ``misbehave(request)`` hook that
may break the protocol on purpose (crash, hang, garbage...) for some requests; everything
else gets a correct reply.  The toy's rules: after ``new_hand`` the lowest seat is to act;
``call``/``check``/``fold`` pass the turn on; when every seat has acted the hand is over and
the first seat still in takes the pot.  Only the standard library is used, so the fakes
start fast and do not depend on ``stud``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

Request = dict[str, Any]


class Toy:
    def __init__(self) -> None:
        self.state: dict[str, Any] | None = None
        self.order: list[int] = []

    def new_hand(self, request: Request) -> dict[str, Any]:
        seats = [
            {
                "seat": s["seat"],
                "name": s["name"],
                "stack": s["stack"],
                "bet": "0",
                "folded": False,
                "all_in": False,
                "down": [],
                "up": [],
            }
            for s in request["seats"]
        ]
        self.order = [s["seat"] for s in seats]
        self.state = {
            "street": "third",
            "phase": "betting",
            "to_act": self.order[0],
            "legal": [{"action": "fold"}, {"action": "check"}],
            "pot": "0",
            "pots": [{"amount": "0", "eligible": list(self.order)}],
            "dealer": request["dealer"],
            "seats": seats,
            "community": [],
            "result": None,
        }
        return self.state

    def act(self, request: Request) -> dict[str, Any] | None:
        state = self.state
        if state is None or state["to_act"] != request["seat"]:
            return None
        if request["action"] == "fold":
            for seat in state["seats"]:
                if seat["seat"] == request["seat"]:
                    seat["folded"] = True
        position = self.order.index(request["seat"])
        if position + 1 < len(self.order):
            state["to_act"] = self.order[position + 1]
        else:
            winner = next(s["seat"] for s in state["seats"] if not s["folded"])
            state.update(to_act=None, legal=[], phase="complete")
            state["result"] = {"awards": [{"seat": winner, "amount": "0"}], "hands": []}
        return state


def reply(request_id: Any, **fields: Any) -> str:
    return json.dumps({"id": request_id, "ok": True, **fields})


def refuse(request_id: Any, code: str, message: str) -> str:
    return json.dumps({"id": request_id, "ok": False, "error": {"code": code, "message": message}})


def answer(toy: Toy, request: Request) -> str:
    rid, op = request.get("id"), request.get("op")
    if op == "hello":
        hello = {"name": "toy", "version": "1"}
        return reply(rid, protocol=1, engine=hello, rulesets=["*"], features=[])
    if op == "new_hand":
        return reply(rid, state=toy.new_hand(request))
    if op == "act":
        state = toy.act(request)
        if state is None:
            return refuse(rid, "illegal_action", "not your turn")
        return reply(rid, state=state)
    if op == "state":
        if toy.state is None:
            return refuse(rid, "no_hand", "no hand yet")
        return reply(rid, state=toy.state)
    if op == "bye":
        return reply(rid)
    return refuse(rid, "unsupported", f"op {op}")


def record_pid() -> None:
    """Note this process's id in ``$STUD_FAKE_PIDS`` (a folder), so that a test can check
    afterwards that stud left no process of the engine running."""
    folder = os.environ.get("STUD_FAKE_PIDS")
    if folder:
        with open(os.path.join(folder, f"{os.getpid()}.pid"), "w") as note:
            note.write(" ".join(sys.argv))


def serve(misbehave: Callable[[Request, Toy], str | None] = lambda request, toy: None) -> None:
    """Answer requests from stdin; ``misbehave`` may return a line to send instead."""
    record_pid()
    toy = Toy()
    for line in sys.stdin:
        request = json.loads(line)
        out = misbehave(request, toy)
        if out is None:
            out = answer(toy, request)
        sys.stdout.write(out + "\n")
        sys.stdout.flush()
        if request.get("op") == "bye":
            return


if __name__ == "__main__":
    serve()

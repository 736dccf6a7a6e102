"""Checks an engine took early, which the scenario's script plays later.

When the engine opens a street with another player than the rules and the scenario's
opener checks, the harness has the players the engine names first check (``early``,
:mod:`stud.spec.steer`), then sends the scripted check.  If nobody bets after it, the
engine ends the street once the players after the rules' opener have checked, while the
rules still ask the early players: their scripted checks come after the engine has left
the street.  They are not sent again (the engine would take them as actions on the next
street); the request that took the engine off the street is marked ``owed`` with their
seats, so the replay on the reference (:mod:`stud.spec.replay`) plays those checks on the
rules' side before comparing the two.  Any bet after the early checks reopens the round:
the early players then act in their turn on both sides and nothing is owed.

A scripted action other than a check from a player the engine has already taken past
the street cannot be played on it: it is refused here, as the engine would refuse it.

>>> owed = OwedChecks()
>>> owed.begin([{"steer": "early", "request": {"seat": 3}}, {"request": {"seat": 1}}], "fourth")
>>> owed.sent({"street": "fifth"}, [{}])
>>> owed.taken(3, "check")
True
>>> owed.taken(1, "check")
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud.spec.engine import EngineRefusal

AGGRESSIVE = ("bet", "complete", "raise", "bring_in")


class OwedChecks:
    """The early checks of one street (see the module text)."""

    def __init__(self) -> None:
        self.street: Any = None
        self.pending: list[int] = []  # checked early, the engine still on the street
        self.done: list[int] = []  # the engine left the street: their checks are taken

    def begin(self, transcript: Sequence[Mapping[str, Any]], street: Any) -> None:
        """After steering a scripted check (its request last in ``transcript``): the
        players the engine had check before it, on ``street``."""
        seats: list[int] = []
        for entry in reversed(transcript[:-1]):
            if entry.get("steer") != "early":
                break
            seat = (entry.get("request") or {}).get("seat")
            if isinstance(seat, int):
                seats.insert(0, seat)
        self.street, self.pending, self.done = street, seats, []

    def taken(self, seat: int, action: str) -> bool:
        """Whether the scripted action is a check the engine has already taken (not to be
        sent); raises the engine's refusal for another action from such a player."""
        if seat in self.done:
            if action != "check":
                self.done = []
                raise EngineRefusal(
                    "illegal_action",
                    f"the engine ended {self.street} street before seat {seat} acted in "
                    "the rules' order (it had that player check first, as its opener)",
                )
            self.done.remove(seat)
            return True
        if action in AGGRESSIVE:
            self.pending = []  # the round is open again: everyone acts in turn
        self.done = []  # the script went on past the early players
        return False

    def sent(self, state: Mapping[str, Any], transcript: list[dict[str, Any]]) -> None:
        """After a request the engine accepted (last in ``transcript``): when it has left
        the street with early checks pending, mark that request ``owed``."""
        if not self.pending or not transcript:
            return
        over = state.get("result") is not None or state.get("to_act") is None
        if state.get("street") != self.street or over:
            transcript[-1]["owed"] = list(self.pending)
            self.done, self.pending = self.pending, []

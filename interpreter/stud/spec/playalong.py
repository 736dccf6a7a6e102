"""A street played along on both sides when the engine opens it with another player.

A step such as "everyone checks or calls until fifth street" chooses each action from
what the engine offers the player it names.  When the engine opens a street with another
player than the rules (ROUND-03 read otherwise), the replay on the reference
(:mod:`stud.spec.replay`) cannot play the engine's requests: the rules ask someone else.
Instead of ending the comparison there, the rules play the same step their own way (each
player they name checks, brings in, calls or stands pat, as the step would have chosen),
and the two sides are compared again where both have left the street.  When they agree
there, the rest of the hand is compared as usual, so a bug on a later street is still
found in that scenario.

>>> seats = [{"seat": 1, "bet": "0", "up": ["Kc"]}, {"seat": 2, "bet": "0", "up": ["2d"]}]
>>> rules = {"street": "fourth", "phase": "betting", "to_act": 1, "seats": seats}
>>> other_opener(rules, dict(rules, to_act=2)), other_opener(rules, rules)
(True, False)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from stud.spec.blame import money
from stud.spec.standalone import cards_by_seat

State = Mapping[str, Any]


def other_opener(rules: State | None, engine: State | None) -> bool:
    """Both sides start the same betting street on the same cards (the seats' and the
    centre's) with nothing bet, and name different players to open it."""
    if not rules or not engine:
        return False
    if rules.get("phase") != "betting" or engine.get("phase") != "betting":
        return False
    if rules.get("street") != engine.get("street"):
        return False
    ours, theirs = rules.get("to_act"), engine.get("to_act")
    if ours is None or theirs is None or ours == theirs:
        return False
    if any(money(s.get("bet")) for side in (rules, engine) for s in side.get("seats") or ()):
        return False
    same_centre = list(rules.get("community") or ()) == list(engine.get("community") or ())
    return same_centre and cards_by_seat(rules) == cards_by_seat(engine)


def street_end(transcript: Sequence[Mapping[str, Any]], start: int, street: Any) -> int | None:
    """The entry whose reply takes the engine off ``street`` when every request from
    ``start`` up to it is a play-along action it accepted (None otherwise)."""
    for index in range(start, len(transcript)):
        entry = transcript[index]
        request, reply = entry.get("request") or {}, entry.get("reply") or {}
        if not entry.get("auto") or entry.get("steer") or request.get("op") != "act":
            return None
        state = reply.get("state") if reply.get("ok") else None
        if not isinstance(state, Mapping):
            return None
        if state.get("street") != street or state.get("phase") != "betting":
            return index
        if state.get("result") is not None or state.get("to_act") is None:
            return index
    return None


def rules_street(handler: Any, rules: State, first_id: int) -> list[tuple[dict[str, Any], Any]]:
    """The rules' own play-along actions from ``rules`` (a state of ``handler``, which
    plays them) until they leave its street: ``[(request, reply)]``, or [] when the step
    could not choose or the reference refused."""
    from stud.spec.steer import auto_move

    street, state = rules.get("street"), rules
    played: list[tuple[dict[str, Any], Any]] = []
    for n in range(4 * len(rules.get("seats") or ()) + 4):
        if state.get("street") != street or state.get("phase") != "betting":
            return played
        if state.get("to_act") is None or state.get("result") is not None:
            return played
        offered = (str(e.get("action")) for e in state.get("legal") or () if isinstance(e, Mapping))
        choice = auto_move(offered)
        if choice is None:
            return []
        request = {"op": "act", "seat": state["to_act"], "action": choice}
        reply = handler.handle({"id": first_id + n, **request})
        if not reply.get("ok") or not isinstance(reply.get("state"), Mapping):
            return []
        played.append((request, reply))
        state = reply["state"]
    return []


def catch_up(
    transcript: Sequence[Mapping[str, Any]], start: int, side: Any, handler: Any
) -> tuple[Any, int, Any] | None:
    """Play the street along on both sides from entry ``start`` (the engine's requests as
    sent, the rules' own choices on a copy of ``handler``) and compare where both left it.
    Returns the reference that played it, the last entry read and the new finding there
    (None: none); None when the street cannot be played along."""
    street = (side.engine_before or {}).get("street")
    end = street_end(transcript, start, street)
    if end is None or side.before is None:
        return None
    trial = copy.deepcopy(handler)
    played = rules_street(trial, side.before, 10_000 + start)
    if not played:
        return None
    for request, reply in played[:-1]:
        side.agree(request, reply, {})
    for entry in transcript[start:end]:
        side.engine_moved(entry.get("reply") or {})
    side.stopped = False
    request, reply = played[-1]
    finding = side.step(request, reply, transcript[end].get("reply") or {})
    if not side.stopped or other_opener(side.before, side.engine_before):
        if side.stopped:  # who opens the next street differs, and hides the chips: those
            side.known.learn(side.before, side.engine_before)  # of two paths, netted out
        side.rejoin()  # alike where both left the street (but for who opens the next one)
    return trial, end, finding

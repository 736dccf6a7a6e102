"""How an engine takes the antes, read from its replies: the stacks sent shifted to match.

An engine that takes another ante than the rules (none at all, the bring-in's amount)
leaves every player another stack.  A scenario in which someone goes all in then plays out
otherwise on the engine, and stops there: the bugs beside the ante (a short all-in that
reopens the betting, a side pot cut or paid otherwise) are never reached.

:func:`ante_shift` reads, from a failed scenario's deal, the one amount the engine took
from every seat where the rules take another.  The harness then runs the scenario again
with every stack sent shifted by the difference (:func:`stud.spec.execution.execute`), so
that after the engine's ante each player holds what the rules leave them, and keeps the
stacks the scenario means in the transcript (``rules_seats``): the replay deals the
reference those (:func:`stud.spec.replay.as_the_rules_deal`).  The pot still differs by
the antes, which is the ante's own cause (DEAL-01); everything after is compared net of it.
The scenarios about the ante itself are not shifted.

>>> from stud.protocol.server import ReferenceHandler
>>> request = {"op": "new_hand", "ruleset": "seven-card-stud", "dealer": 2, "deck": [],
...            "seats": [{"seat": 1, "name": "Ann", "stack": "5"},
...                      {"seat": 2, "name": "Bob", "stack": "5"}]}
>>> reply = ReferenceHandler().handle({"id": 1, **request})
>>> ante_shift([{"request": request, "reply": reply}]) is None  # as the rules take it
True
>>> for seat in reply["state"]["seats"]:
...     seat["stack"] = "4.90"  # the engine took 0.10 (the bring-in) from each, not 0.05
>>> ante_shift([{"request": request, "reply": reply}])
Decimal('0.05')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.spec.blame import money, seats_of

# the rules whose scenarios test the ante itself: played with the stacks they mean
ANTE_RULES = frozenset({"DEAL-01"})


def ante_shift(transcript: Sequence[Mapping[str, Any]]) -> Decimal | None:
    """What to add to every stack sent so that the engine's ante leaves each player the
    stack the rules' ante leaves (None when it takes the rules' ante, or when its deal
    does not read as one other ante taken from every seat: a hand of one deal only, no
    blind or bet posted, nobody all in on either side, every stack still above nothing)."""
    from stud.protocol.server import ReferenceHandler

    ops = [(e.get("request") or {}).get("op") for e in transcript]
    deals = [e for e, op in zip(transcript, ops, strict=True) if op in ("new_hand", "next_hand")]
    if len(deals) != 1 or "next_hand" in ops:
        return None
    request, reply = dict(deals[0].get("request") or {}), deals[0].get("reply") or {}
    engine = reply.get("state")
    if not reply.get("ok") or not isinstance(engine, Mapping):
        return None
    answer = ReferenceHandler().handle({"id": 1, **request})
    rules = answer.get("state")
    if not answer.get("ok") or not isinstance(rules, Mapping):
        return None
    try:
        sent = {
            int(s["seat"]): money(s.get("stack"))
            for s in request.get("seats") or ()
            if isinstance(s, Mapping)
        }
    except (KeyError, TypeError, ValueError):
        return None
    sides = seats_of(rules), seats_of(engine)
    if any(set(side) != set(sent) for side in sides):
        return None
    for side in sides:
        for seat in side.values():
            if money(seat.get("bet")) or seat.get("all_in") or seat.get("folded"):
                return None
    taken = [{s: sent[s] - money(side[s].get("stack")) for s in sent} for side in sides]
    if any(len(set(t.values())) != 1 for t in taken):
        return None
    by_rules, by_engine = (next(iter(t.values())) for t in taken)
    shift = by_engine - by_rules
    if not shift or by_engine < 0 or any(stack + shift <= 0 for stack in sent.values()):
        return None
    return shift


def shifted_seats(seats: Sequence[Mapping[str, Any]], shift: Decimal) -> list[dict[str, Any]]:
    """The seats with every stack ``shift`` higher.

    >>> shifted_seats([{"seat": 1, "name": "Ann", "stack": "5"}], Decimal("-0.05"))
    [{'seat': 1, 'name': 'Ann', 'stack': '4.95'}]
    """
    return [dict(s, stack=str(money(s.get("stack")) + shift)) for s in seats]

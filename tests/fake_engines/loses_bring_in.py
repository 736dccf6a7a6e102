"""Plays stud with the reference, but the bring-in never reaches the pot: the bring-in
player's stack pays it, and the pot (and the main pot) stay as they were.  ``stud verify``
must fail it on the invariant "chips conserved" at the bring-in.
"""

from decimal import Decimal
from typing import Any

from reference_with import serve

lost = Decimal(0)


def hook(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    global lost
    if request.get("op") in ("new_hand", "next_hand"):
        lost = Decimal(0)
    if request.get("op") == "act" and request.get("action") == "bring_in" and reply.get("ok"):
        lost = Decimal(str(request.get("amount") or "0"))
    state = reply.get("state")
    if isinstance(state, dict) and lost:
        state["pot"] = str(Decimal(state["pot"]) - lost)
        if state.get("pots"):
            state["pots"][0]["amount"] = str(Decimal(state["pots"][0]["amount"]) - lost)
    return reply


serve(hook)

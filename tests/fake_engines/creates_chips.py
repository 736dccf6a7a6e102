"""Plays stud with the reference, but from fourth street on the pot grows by 0.25 that
nobody put in (the stacks are right).  ``stud verify`` must fail it on the invariant
"chips conserved", whatever the scenario checks.
"""

from decimal import Decimal
from typing import Any

from reference_with import serve


def hook(request: dict[str, Any], reply: dict[str, Any]) -> dict[str, Any]:
    state = reply.get("state")
    if isinstance(state, dict) and state.get("street") not in (None, "third"):
        extra = Decimal("0.25")
        state["pot"] = str(Decimal(state["pot"]) + extra)
        if state.get("pots"):
            state["pots"][0]["amount"] = str(Decimal(state["pots"][0]["amount"]) + extra)
    return reply


serve(hook)

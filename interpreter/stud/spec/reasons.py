"""Structured reasons: the value paths a not-supported or not-applicable scenario needs.

Reports group skipped scenarios by these paths ("60 scenarios need ``dealing.burn``")
rather than by free-text messages.  A structured ``unsupported`` refusal names its paths
(``error.values``); from a free-text one the paths are read out of the message when it
names ruleset values (``dealing.burn = false``); an ``unsupported`` answer to an
operation names the capability it belongs to.

>>> reason_paths_from_text("cannot honour: dealing.burn = False; wild.ranks = [2]")
('dealing.burn', 'wild.ranks')
>>> reason_paths_from_text("streets.fourth.big_bet_when = 'open-pair': a board shows a pair")
('streets.fourth.big_bet_when',)
>>> reason_paths_from_text("this engine does not deal consecutive hands")
()
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from stud.spec.engine import EngineRefusal

# the top-level keys of a ruleset (schemas/ruleset.schema.json)
RULESET_KEYS = (
    "seats",
    "deck",
    "dealer",
    "dealing",
    "stakes",
    "bring_in",
    "board",
    "betting",
    "streets",
    "wild",
    "pot",
    "showdown",
)
_PATH = re.compile(r"\b(" + "|".join(RULESET_KEYS) + r")((?:\.[A-Za-z_0-9*]+|\[\*\])+)")


def reason_paths_from_text(message: str) -> tuple[str, ...]:
    """Ruleset value paths named in a free-text message, in order, once each."""
    found = [m.group(1) + m.group(2) for m in _PATH.finditer(message)]
    return tuple(dict.fromkeys(found))


def reason_paths(refusal: EngineRefusal) -> tuple[str, ...]:
    """The paths an ``unsupported`` refusal is about (``capability:...`` for an op)."""
    paths = [str(v["path"]) for v in refusal.values if "path" in v]
    if paths:
        return tuple(dict.fromkeys(paths))
    found = reason_paths_from_text(refusal.message)
    if found:
        return found
    if "consecutive hands" in refusal.message or "'table'" in refusal.message:
        return ("capability:table",)
    return ()


_OP_CAPABILITY = {"evaluate": "capability:evaluate", "next_hand": "capability:table"}
_ACTION_CAPABILITY = {
    "declare": "capability:declare",
    "exchange": "capability:exchange",
    "stand_pat": "capability:exchange",
}


def refused_op(request: Mapping[str, Any] | None, ruleset: str | None) -> tuple[str, ...]:
    """What a free-text ``unsupported`` refusal was about, from the request it answered:
    the capability of the operation, or the ruleset a ``new_hand`` asked for.

    >>> refused_op({"op": "evaluate"}, "razz"), refused_op({"op": "new_hand"}, "razz")
    (('capability:evaluate',), ('ruleset:razz',))
    >>> refused_op({"op": "act", "action": "declare"}, None), refused_op(None, None)
    (('capability:declare',), ())
    """
    if not request:
        return ()
    op = str(request.get("op"))
    if op in _OP_CAPABILITY:
        return (_OP_CAPABILITY[op],)
    if op == "act" and request.get("action") in _ACTION_CAPABILITY:
        return (_ACTION_CAPABILITY[str(request["action"])],)
    if op == "new_hand" and ruleset:
        return (f"ruleset:{ruleset}",)
    return ()

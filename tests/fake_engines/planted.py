"""The reference engine (``stud serve``'s handler) with one planted bug, for ``stud fuzz``.

Run as ``python tests/fake_engines/planted.py BUG`` where BUG is one of:

- ``no-burn``: never burns a card before a street;
- ``no-cap``: never caps the raising;
- ``bring-in-highest``: the highest upcard brings in instead of the lowest;
- ``odd-chip``: an odd chip of a split goes to the high card instead of by position;
- ``wrong-award``: a side pot is paid to the main pot's winner;
- ``choices-in-turn``: every decision round is played in turn, so a simultaneous choice
  (discard, expose, split) is carried out, and seen, at once.

Each is a one-line change to the ruleset the engine plays, or to the result it reports,
so everything else stays exactly right.  A second word declares a ruleset bug instead of
hiding it: ``declared`` puts the value in the ``hello`` profile, ``refuses`` answers a
``new_hand`` that asks for another value with a structured ``unsupported`` refusal.
The module is also importable: :func:`handler` gives the perturbed handler.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from stud.money import fmt, to_money
from stud.protocol.server import ReferenceHandler, Refusal, serve_lines
from stud.rules import load_ruleset

RULE_CHANGES: dict[str, tuple[str, str, Any]] = {
    "no-burn": ("dealing", "burn", False),
    "no-cap": ("betting", "max_raises", None),
    "bring-in-highest": ("bring_in", "card", "highest"),
    "odd-chip": ("pot", "odd_chip_tie", "high-card"),
}
BUGS = (*RULE_CHANGES, "wrong-award", "choices-in-turn")


class Planted(ReferenceHandler):
    """The reference with one bug."""

    def __init__(self, bug: str, mode: str = "") -> None:
        super().__init__()
        if bug not in BUGS:
            raise SystemExit(f"unknown bug {bug!r}; one of {', '.join(BUGS)}")
        self.bug = bug
        self.mode = mode

    refused_values: list[dict[str, Any]] | None = None

    def handle(self, request: Any) -> dict[str, Any]:
        self.refused_values = None
        reply = super().handle(request)
        if self.refused_values and not reply.get("ok"):
            reply["error"]["values"] = self.refused_values  # a structured refusal
        return reply

    def op_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        reply = super().op_hello(request)
        change = RULE_CHANGES.get(self.bug)
        if self.mode == "declared" and change is not None:
            reply["profile"] = {f"{change[0]}.{change[1]}": change[2]}
        return reply

    def op_new_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        change = RULE_CHANGES.get(self.bug)
        spec = request["ruleset"]
        doc = copy.deepcopy(load_ruleset(spec).document if isinstance(spec, str) else spec)
        if self.bug == "choices-in-turn":
            for street in doc.get("streets", []):
                for decision in street.get("decide", []):
                    decision["order"] = "in-turn"
            return super().op_new_hand({**request, "ruleset": doc})
        if change is None:
            return super().op_new_hand(request)
        section, key, value = change
        wanted = doc.get(section, {}).get(key)
        if self.mode == "refuses" and wanted != value:
            path = f"{section}.{key}"
            self.refused_values = [{"path": path, "wanted": wanted, "plays": value}]
            raise Refusal("unsupported", f"this engine plays {path}={value!r}")
        doc.setdefault(section, {})[key] = value
        return super().op_new_hand({**request, "ruleset": doc})

    def op_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        fields = super().op_act(request)
        if self.bug == "wrong-award":
            misaward(fields["state"])
        return fields


def misaward(state: dict[str, Any]) -> None:
    """Pay every side pot to the winner of the main pot (stacks follow the awards)."""
    result = state.get("result")
    if not result:
        return
    awards = result["awards"]
    main = [a for a in awards if a["pot"] == 0]
    if not main:
        return
    winner = main[0]["seat"]
    stacks = {s["seat"]: s for s in state["seats"]}
    for a in awards:
        if a["pot"] > 0 and a["seat"] != winner:
            amount = to_money(a["amount"])
            loser = stacks[a["seat"]]
            loser["stack"] = fmt(to_money(loser["stack"]) - amount)
            gainer = stacks[winner]
            gainer["stack"] = fmt(to_money(gainer["stack"]) + amount)
            a["seat"] = winner
    assert all(to_money(s["stack"]) >= Decimal(0) for s in state["seats"])


def handler(bug: str) -> Planted:
    return Planted(bug)


if __name__ == "__main__":
    words = [*sys.argv[1:], "", ""]
    sys.exit(serve_lines(Planted(words[0], words[1]), sys.stdin, sys.stdout))

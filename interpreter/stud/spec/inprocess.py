"""The reference interpreter behind the :class:`~stud.spec.engine.Engine` seam, in-process.

States are exactly what the protocol server would send (``stud.engine``'s ``state_json``),
so a scenario sees no difference between this and a program over protocol v1.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud import __version__
from stud.errors import IllegalAction, StudError, UnsupportedError
from stud.spec.engine import Engine, EngineRefusal, State

# the same capabilities as ``stud serve`` (stud.protocol.server.ReferenceHandler)
FEATURES = (
    "evaluate",
    "declare",
    "exchange",
    "wild",
    "low-hole",
    "joker",
    "community-card",
    "spread-limit",
    "pot-limit",
    "no-limit",
    "hi-lo",
    "table",
)


def _engine_attr(name: str) -> Any:
    """``stud.engine.<name>``, wherever the engine package keeps it."""
    for module in ("stud.engine", "stud.engine.hand", "stud.engine.views", "stud.engine.json"):
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        if hasattr(mod, name):
            return getattr(mod, name)
    raise UnsupportedError(f"the reference engine has no '{name}' yet")


class InProcessEngine(Engine):
    """Plays hands with :class:`stud.engine.Hand`; ``evaluate`` with :mod:`stud.hands`."""

    def __init__(self) -> None:
        self._hand: Any = None
        self._table: Any = None
        self._state_json: Callable[[Any], State] | None = None

    def hello(self) -> dict[str, Any]:
        from stud.rules import shipped_rulesets

        return {
            "protocol": 1,
            "engine": {"name": "stud", "version": __version__},
            "rulesets": sorted(shipped_rulesets()),
            "features": list(FEATURES),
        }

    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
    ) -> State:
        from stud.rules import ruleset_from_document

        table_cls = _engine_attr("Table")
        seat_cls = _engine_attr("Seat")
        self._state_json = _engine_attr("state_json")
        model = ruleset_from_document(dict(ruleset))
        players = [
            seat_cls(seat=int(s["seat"]), name=str(s["name"]), stack=Decimal(str(s["stack"])))
            for s in seats
        ]
        self._hand = self._table = None
        try:
            table = table_cls(model, players, dealer)
            self._hand = table.new_hand(list(deck) or None, seed=0)
            self._table = table
        except UnsupportedError as exc:
            raise EngineRefusal("unsupported", str(exc)) from None
        except StudError as exc:
            raise EngineRefusal("bad_request", str(exc)) from None
        return self.state()

    def next_hand(self, deck: Sequence[str]) -> State:
        if self._table is None:
            raise EngineRefusal("no_hand", "no hand has been played")
        if not self._hand.complete:
            raise EngineRefusal("bad_request", "the current hand is not over yet")
        try:
            self._hand = self._table.new_hand(list(deck) or None, seed=0)
        except UnsupportedError as exc:
            raise EngineRefusal("unsupported", str(exc)) from None
        except StudError as exc:
            raise EngineRefusal("bad_request", str(exc)) from None
        return self.state()

    def act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> State:
        if self._hand is None:
            raise EngineRefusal("no_hand", "no hand is in progress")
        try:
            self._hand.act(
                seat,
                action,
                None if amount is None else Decimal(amount),
                declare=declare,
                cards=list(cards) if cards else None,
            )
        except IllegalAction as exc:
            raise EngineRefusal("illegal_action", str(exc)) from None
        except UnsupportedError as exc:
            raise EngineRefusal("unsupported", str(exc)) from None
        return self.state()

    def state(self) -> State:
        if self._hand is None or self._state_json is None:
            raise EngineRefusal("no_hand", "no hand is in progress")
        return dict(self._state_json(self._hand))

    def evaluate(self, ranking: str, hands: Sequence[Sequence[str]]) -> list[dict[str, Any]]:
        from stud.cards import parse_cards
        from stud.hands import evaluate

        values = []
        for cards in hands:
            value = evaluate(parse_cards(list(cards)), ranking)
            if value is None:
                raise EngineRefusal("bad_request", f"no {ranking} hand in {' '.join(cards)}")
            values.append(value)
        out = []
        for value in values:
            rank = 1 + sum(1 for other in values if other.strength > value.strength)
            out.append({"best": [str(c) for c in value.cards], "name": value.name, "rank": rank})
        return out

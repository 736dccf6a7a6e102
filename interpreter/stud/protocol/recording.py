"""An :class:`Engine` wrapper that records every call and its reply, as protocol data.

``stud dump-spec`` runs each scenario in-process through it, so the export holds exactly
the requests a harness must send (``new_hand``, ``next_hand``, ``act``, ``state``,
``evaluate``) and the reference's replies, in order.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from stud.spec.engine import Engine, EngineRefusal, State

T = TypeVar("T")


class RecordingEngine(Engine):
    """Passes every call to ``inner`` and appends ``{"op", "request", "reply"|"refused"}``."""

    def __init__(self, inner: Engine, *, ruleset_by_name: bool = False):
        self.inner = inner
        self.calls: list[dict[str, Any]] = []
        self.ruleset_by_name = ruleset_by_name

    def take(self) -> list[dict[str, Any]]:
        """The calls recorded since the last ``take`` (and forget them)."""
        calls, self.calls = self.calls, []
        return calls

    def _record(self, op: str, request: dict[str, Any], call: Callable[[], T]) -> T:
        entry: dict[str, Any] = {"op": op, "request": request}
        self.calls.append(entry)
        try:
            reply = call()
        except EngineRefusal as refusal:
            entry["refused"] = {"code": refusal.code, "message": refusal.message}
            raise
        entry["reply"] = copy.deepcopy(reply)
        return reply

    def hello(self) -> dict[str, Any]:
        return self.inner.hello()

    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
        seat_cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> State:
        extra = {"seat_cards": [dict(e) for e in seat_cards]} if seat_cards else {}
        request = {
            "ruleset": copy.deepcopy(dict(ruleset)),
            "seats": [dict(s) for s in seats],
            "dealer": dealer,
            "deck": list(deck),
            **extra,
        }
        return self._record(
            "new_hand", request, lambda: self.inner.new_hand(ruleset, seats, dealer, deck, **extra)
        )

    def next_hand(
        self, deck: Sequence[str], seat_cards: Sequence[Mapping[str, Any]] | None = None
    ) -> State:
        extra = {"seat_cards": [dict(e) for e in seat_cards]} if seat_cards else {}
        request = {"deck": list(deck), **extra}
        return self._record("next_hand", request, lambda: self.inner.next_hand(deck, **extra))

    def act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> State:
        request: dict[str, Any] = {"seat": seat, "action": action}
        if amount is not None:
            request["amount"] = amount
        if declare is not None:
            request["declare"] = declare
        if cards is not None:
            request["cards"] = list(cards)
        return self._record(
            "act", request, lambda: self.inner.act(seat, action, amount, declare, cards)
        )

    def state(self) -> State:
        return self._record("state", {}, self.inner.state)

    def evaluate(
        self,
        ranking: str,
        hands: Sequence[Sequence[str]],
        qualifier: int | None = None,
        wild: Sequence[int] = (),
    ) -> list[dict[str, Any]]:
        request: dict[str, Any] = {"ranking": ranking, "hands": [list(h) for h in hands]}
        if qualifier is not None:
            request["qualifier"] = qualifier
        if wild:
            request["wild"] = list(wild)
        return self._record(
            "evaluate", request, lambda: self.inner.evaluate(ranking, hands, qualifier, wild)
        )

    def close(self) -> None:
        self.inner.close()

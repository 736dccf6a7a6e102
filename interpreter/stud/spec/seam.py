"""The checked seam: every engine the spec drives goes through :class:`CheckedEngine`.

It records each request and reply (``stud verify --transcript DIR`` saves them as JSON
Lines) and checks the invariants of :mod:`stud.spec.invariants` on every state the engine
returns, whatever the engine: a broken invariant raises :class:`InvariantBroken`, a
failure of its own that names the invariant and quotes the state that broke it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.money import to_money
from stud.spec.engine import Engine, EngineRefusal, State, takes_seat_cards
from stud.spec.invariants import InvariantBroken, check_state, state_line

__all__ = ["CheckedEngine", "InvariantBroken", "describe_state", "state_line"]


class CheckedEngine(Engine):
    """An engine with its requests recorded and its states checked."""

    def __init__(self, inner: Engine) -> None:
        self.inner = inner
        self.transcript: list[dict[str, Any]] = []
        self.total: Decimal | None = None  # the chips at the table when the hand started
        self.started: dict[int, Decimal] = {}  # each seat's stack then
        self.last_state: State | None = None
        self.last_request: dict[str, Any] | None = None
        self.hello_entry: dict[str, Any] | None = None  # the session's hello, for transcripts
        # with ``keep_going`` a broken invariant is recorded in ``broken`` and the state
        # returned, so a scenario can go on past it (see stud.spec.execution)
        self.keep_going = False
        self.broken: list[InvariantBroken] = []

    def set_time_limit(self, seconds: float | None, what: str = "the time limit") -> None:
        self.inner.set_time_limit(seconds, what)

    # --- recording ------------------------------------------------------------------------
    def take_transcript(self) -> list[dict[str, Any]]:
        """The entries since the last call (one scenario's worth), then forget them."""
        entries, self.transcript = self.transcript, []
        return entries

    def _call(self, request: dict[str, Any], call: Any) -> Any:
        self.last_request = request
        entry: dict[str, Any] = {"request": request}
        self.transcript.append(entry)
        try:
            reply = call()
        except EngineRefusal as refusal:
            error: dict[str, Any] = {"code": refusal.code, "message": refusal.message}
            if refusal.values:
                error["values"] = refusal.values
            entry["reply"] = {"ok": False, "error": error}
            raise
        except Exception as exc:
            entry["reply"] = {"ok": False, "failure": f"{type(exc).__name__}: {exc}"}
            raise
        op = request.get("op")
        if op == "hello" and isinstance(reply, Mapping):
            entry["reply"] = {"ok": True, **reply}
        else:  # the protocol's reply fields: a state, or an evaluation's results
            entry["reply"] = {"ok": True, "results" if op == "evaluate" else "state": reply}
        return reply

    def _checked(self, request: dict[str, Any], call: Any) -> State:
        if request.get("op") == "next_hand" and self.last_state is not None:
            self.started = {
                int(s["seat"]): to_money(s["stack"])
                for s in self.last_state.get("seats") or []
                if isinstance(s, Mapping) and isinstance(s.get("seat"), int)
            }
        state: State = self._call(request, call)
        if self.total is not None and isinstance(state, Mapping):
            self.last_state = state
            try:
                check_state(state, self.total, request_text(request), self.started)
            except InvariantBroken as broken:
                if not self.keep_going:
                    raise
                self.broken.append(broken)
        return state

    # --- the seam -------------------------------------------------------------------------
    def hello(self) -> dict[str, Any]:
        reply: dict[str, Any] = self._call({"op": "hello"}, self.inner.hello)
        self.hello_entry = self.transcript[-1]
        return reply

    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
        seat_cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> State:
        self.total = sum((to_money(s["stack"]) for s in seats), Decimal(0))
        self.started = {int(s["seat"]): to_money(s["stack"]) for s in seats}
        request = {
            "op": "new_hand",
            "ruleset": dict(ruleset),
            "seats": [dict(s) for s in seats],
            "dealer": dealer,
            "deck": list(deck),
        }
        extra = _own(seat_cards) if takes_seat_cards(self.inner.new_hand) else {}
        request.update(extra)
        return self._checked(
            request, lambda: self.inner.new_hand(ruleset, seats, dealer, deck, **extra)
        )

    def next_hand(
        self, deck: Sequence[str], seat_cards: Sequence[Mapping[str, Any]] | None = None
    ) -> State:
        extra = _own(seat_cards) if takes_seat_cards(self.inner.next_hand) else {}
        request = {"op": "next_hand", "deck": list(deck), **extra}
        return self._checked(request, lambda: self.inner.next_hand(deck, **extra))

    def act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> State:
        request: dict[str, Any] = {"op": "act", "seat": seat, "action": action}
        if amount is not None:
            request["amount"] = amount
        if declare is not None:
            request["declare"] = declare
        if cards:
            request["cards"] = list(cards)
        return self._checked(request, lambda: self.inner.act(seat, action, amount, declare, cards))

    def state(self) -> State:
        return self._checked({"op": "state"}, self.inner.state)

    def evaluate(
        self,
        ranking: str,
        hands: Sequence[Sequence[str]],
        qualifier: int | None = None,
        wild: Sequence[int] = (),
    ) -> list[dict[str, Any]]:
        request: dict[str, Any] = {
            "op": "evaluate",
            "ranking": ranking,
            "hands": [list(h) for h in hands],
        }
        if qualifier is not None:
            request["qualifier"] = qualifier
        if wild:
            request["wild"] = list(wild)

        def call() -> list[dict[str, Any]]:
            if qualifier is None and not wild:  # engines without evaluate-options too
                return self.inner.evaluate(ranking, hands)
            return self.inner.evaluate(ranking, hands, qualifier, wild)

        result: list[dict[str, Any]] = self._call(request, call)
        return result

    def close(self) -> None:
        self.inner.close()


def _own(seat_cards: Sequence[Mapping[str, Any]] | None) -> dict[str, Any]:
    """``seat_cards`` as a keyword (left out when there are none, for engines before 1.2)."""
    if not seat_cards:
        return {}
    return {"seat_cards": [{"seat": e["seat"], "cards": list(e["cards"])} for e in seat_cards]}


def request_text(request: Mapping[str, Any] | None) -> str:
    """A request in a line, without the bulky ruleset and deck.

    >>> request_text({"op": "act", "seat": 3, "action": "raise", "amount": "1.00"})
    'act seat 3 raise 1.00'
    >>> request_text({"op": "new_hand", "ruleset": {}, "seats": [1, 2], "dealer": 4})
    'new_hand (2 seats, dealer 4)'
    """
    if not request:
        return "(no request)"
    op = str(request.get("op"))
    if op == "act":
        words = [f"act seat {request.get('seat')} {request.get('action')}"]
        for key in ("amount", "declare"):
            if request.get(key) is not None:
                words.append(str(request[key]))
        if request.get("cards"):
            words.append(" ".join(request["cards"]))
        return " ".join(words)
    if op == "new_hand":
        return f"new_hand ({len(request.get('seats', []))} seats, dealer {request.get('dealer')})"
    return op


def describe_state(state: Mapping[str, Any] | None) -> str:
    """The boards, stacks and pot of a protocol state, in a line a reader can follow.

    >>> describe_state({"street": "fourth", "to_act": 1, "pot": "1.00", "seats": [
    ...     {"seat": 1, "name": "Ann", "stack": "9.50", "bet": "0", "folded": False,
    ...      "down": ["As", "Kd"], "up": ["9c", "9h"]},
    ...     {"seat": 2, "name": "Bob", "stack": "9.50", "bet": "0", "folded": True,
    ...      "down": [], "up": []}]})
    'fourth street, to act: Ann (seat 1); pot 1.00; Ann [As Kd] 9c 9h stack 9.50; Bob folded...'
    """
    if not state:
        return "(no state)"
    seats = list(state.get("seats") or [])
    names = {s.get("seat"): s.get("name") for s in seats}
    to_act = state.get("to_act")
    who = f"{names.get(to_act, 'seat')} (seat {to_act})" if to_act is not None else "no one"
    parts = [f"{state.get('street')} street, to act: {who}", f"pot {state.get('pot')}"]
    for s in seats:
        board = f"[{' '.join(s.get('down') or [])}] {' '.join(s.get('up') or [])}".strip()
        if s.get("folded"):
            board = "folded"
        bet = s.get("bet")
        text = f"{s.get('name')} {board} stack {s.get('stack')}"
        if bet not in (None, "0", "0.00") and not s.get("folded"):
            text += f" bet {bet}"
        parts.append(text)
    if state.get("community"):
        parts.append("community " + " ".join(state["community"]))
    return "; ".join(parts)

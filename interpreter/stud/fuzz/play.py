"""One fuzzed hand, played on the reference and on the engine side by side.

Every request goes to both; after each one the replies are compared field by field in a
fixed order (who acts, the legal set, the pot, the pots, the stacks, the players'
status, the cards, the street, the result).  The first field that differs, with the
street it happened on, is the hand's *class* of divergence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.cards import Card
from stud.errors import StudError
from stud.fuzz.plan import Draw, Exhausted, FuzzConfig, Setup, choose_action, deal
from stud.money import to_money
from stud.protocol.server import ReferenceHandler
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.profile import Profile

MAX_REQUESTS = 400
# cards first: a wrong card changes who acts and what they may do, so it is the cause
FIELDS = ("cards", "to_act", "legal", "pot", "pots", "stacks", "status", "street", "result")


@dataclass
class Step:
    """One request of the hand and how the reference answered it."""

    request: dict[str, Any]
    ok: bool
    street: str
    state: dict[str, Any]


@dataclass
class Divergence:
    """Where the engine first answered differently from the reference."""

    field: str
    street: str
    step: int  # index into Outcome.steps; -1: the deal (new_hand)
    wanted: Any
    got: Any
    others: tuple[str, ...] = ()  # further fields that differ at the same point

    @property
    def key(self) -> str:
        """The divergence class: first differing field and street."""
        return f"{self.field} on {self.street}"

    def describe(self) -> str:
        return f"{self.key}: reference {self.wanted!r}, engine {self.got!r}"


@dataclass
class Outcome:
    """A played hand: its table, the requests, and the first divergence (if any)."""

    setup: Setup | None
    steps: list[Step] = field(default_factory=list)
    divergence: Divergence | None = None
    unsupported: str = ""
    unsupported_values: list[Any] = field(default_factory=list)  # error.values of a refusal
    start: dict[str, Any] = field(default_factory=dict)


class Reference:
    """The trusted reference: the protocol handler called with dicts (no JSON, no reply
    check, and no check of the requests, which the fuzzer builds itself: a test checks
    they meet the request schemas)."""

    def __init__(self) -> None:
        self.handler = ReferenceHandler()
        self.next_id = 0

    def request(self, op: str, **fields: Any) -> dict[str, Any]:
        self.next_id += 1
        return self.handler.dispatch({"id": self.next_id, "op": op, **fields}, self.next_id)


# --- normalising states ---------------------------------------------------------------------
def _money(value: Any) -> str | None:
    """An amount in one canonical spelling (``1``, ``1.0`` and ``1.00`` are the same)."""
    try:
        amount = None if value is None else to_money(value)
    except (StudError, ValueError, TypeError):
        return None if value is None else f"?{value!r}"
    return None if amount is None else format(amount.normalize(), "f")


def _cards(values: Any) -> tuple[str, ...]:
    out = []
    for v in values or ():
        try:
            out.append(str(Card.parse(str(v))))
        except (StudError, ValueError):
            out.append(str(v))
    return tuple(out)


def _legal(state: Mapping[str, Any]) -> list[tuple[Any, ...]]:
    rows = []
    for e in state.get("legal") or ():
        if not isinstance(e, Mapping):
            continue
        rows.append(
            (
                str(e.get("action")),
                str(e.get("declare") or ""),
                _money(e.get("amount")) or "",
                _money(e.get("min")) or "",
                _money(e.get("max")) or "",
            )
        )
    return sorted(rows)


def _seats(state: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [s for s in state.get("seats") or () if isinstance(s, Mapping)]


def view(state: Mapping[str, Any], name: str) -> Any:
    """One comparable field of a protocol state."""
    if name == "to_act":
        return state.get("to_act")
    if name == "legal":
        return _legal(state)
    if name == "pot":
        return _money(state.get("pot"))
    if name == "pots":
        pots = []
        for p in state.get("pots") or ():
            amount = _money(p.get("amount")) if isinstance(p, Mapping) else None
            if amount and amount != "0":
                pots.append((amount, tuple(sorted(p.get("eligible") or ()))))
        return pots
    if name == "stacks":
        return {s.get("seat"): _money(s.get("stack")) for s in _seats(state)}
    if name == "status":
        return {
            s.get("seat"): ("folded" if s.get("folded") else "all in" if s.get("all_in") else "in")
            for s in _seats(state)
        }
    if name == "cards":
        cards = {s.get("seat"): (_cards(s.get("down")), _cards(s.get("up"))) for s in _seats(state)}
        return {"seats": cards, "community": _cards(state.get("community"))}
    if name == "street":
        return state.get("street") if state.get("to_act") is not None else None
    if name == "result":
        result = state.get("result")
        if not isinstance(result, Mapping):
            return None
        won: dict[Any, Decimal] = {}
        for a in result.get("awards") or ():
            amount = _money(a.get("amount")) if isinstance(a, Mapping) else None
            if amount is None or amount.startswith("?"):
                won["unreadable award"] = Decimal(0)
                continue
            won[a.get("seat")] = won.get(a.get("seat"), Decimal(0)) + Decimal(amount)
        return {seat: _money(amount) for seat, amount in sorted(won.items(), key=str)}
    raise KeyError(name)


def compare(wanted: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    """The fields of two states that differ, in comparison order.

    Two equal states differ in no field (each field is read from the state alone), so
    they are compared as they are first, and field by field only when they differ."""
    if wanted == got:
        return []
    return [f for f in FIELDS if view(wanted, f) != view(got, f)]


# --- playing ------------------------------------------------------------------------------------
def _diverged(
    fields: list[str], street: str, step: int, wanted: Mapping[str, Any], got: Mapping[str, Any]
) -> Divergence:
    first = fields[0]
    return Divergence(first, street, step, view(wanted, first), view(got, first), tuple(fields[1:]))


def _start_act(engine: Engine, request: Mapping[str, Any]) -> Callable[[], dict[str, Any]]:
    """Send the engine its ``act`` at once; the returned call reads the reply (or raises
    what sending raised)."""
    try:
        return engine.begin_act(
            request["seat"],
            request["action"],
            request.get("amount"),
            request.get("declare"),
            request.get("cards"),
        )
    except StudError as exc:
        failed = exc

        def fail() -> dict[str, Any]:
            raise failed

        return fail


def play_hand(
    draw: Draw,
    config: FuzzConfig,
    engine: Engine,
    reference: Reference | None = None,
    profile: Profile | None = None,
) -> Outcome:
    """Deal one hand from ``draw`` and play it on both sides until they differ or it ends.

    With a ``profile`` (the values the engine declared it plays), both sides get the
    ruleset with those values in place, so only what the engine did not declare differs.
    """
    reference = reference or Reference()
    setup = deal(draw, config)
    doc = profile.apply(setup.document) if profile is not None else setup.document
    reply = reference.request(
        "new_hand", ruleset=doc, seats=setup.seats, dealer=setup.dealer, deck=setup.deck
    )
    if not reply.get("ok"):
        raise StudError(f"the reference refused the deal: {reply['error']['message']}")
    ref_state: dict[str, Any] = reply["state"]
    outcome = Outcome(setup, start=ref_state)
    first_street = str(ref_state.get("street"))
    try:
        got = engine.new_hand(doc, setup.seats, setup.dealer, setup.deck)
    except EngineRefusal as refusal:
        if refusal.code == "unsupported":
            outcome.unsupported = refusal.message
            outcome.unsupported_values = list(getattr(refusal, "values", []))
            return outcome
        outcome.divergence = Divergence("refused", first_street, -1, "ok", refusal.message)
        return outcome
    except StudError as exc:
        outcome.divergence = Divergence("error", first_street, -1, "ok", str(exc))
        return outcome
    fields = compare(ref_state, got)
    if fields:
        outcome.divergence = _diverged(fields, first_street, -1, ref_state, got)
        return outcome
    chip = to_money((setup.document.get("stakes") or {}).get("chip") or "0.01")
    while ref_state.get("to_act") is not None and len(outcome.steps) < MAX_REQUESTS:
        try:
            request = choose_action(draw, ref_state, chip, config.illegal_one_in)
        except Exhausted:
            break
        street = str(ref_state.get("street"))
        finish = _start_act(engine, request)  # the engine works while the reference plays
        reply = reference.request("act", **request)
        ok = bool(reply.get("ok"))
        if ok:
            ref_state = reply["state"]
        outcome.steps.append(Step(request, ok, street, ref_state))
        index = len(outcome.steps) - 1
        try:
            got = finish()
            engine_ok = True
        except EngineRefusal as refusal:
            if refusal.code == "unsupported":  # the engine stops where a value matters
                outcome.unsupported = refusal.message
                return outcome
            engine_ok = False
            message = refusal.message
            carried = getattr(refusal, "state", None)  # protocol 1.2 refusal-state
        except StudError as exc:
            outcome.divergence = Divergence("error", street, index, "a reply", str(exc))
            return outcome
        if ok and not engine_ok:
            outcome.divergence = Divergence("refused", street, index, "accepted", message)
            return outcome
        if engine_ok and not ok:
            outcome.divergence = Divergence(
                "accepted", street, index, reply["error"]["message"], "accepted"
            )
            return outcome
        if not engine_ok:
            try:  # the refusal's own state saves asking for it (refusal-state)
                got = carried if isinstance(carried, dict) else engine.state()
            except StudError as exc:
                outcome.divergence = Divergence("error", street, index, "a state", str(exc))
                return outcome
        fields = compare(ref_state, got)
        if fields:
            outcome.divergence = _diverged(
                fields, str(ref_state.get("street") or street), index, ref_state, got
            )
            return outcome
    return outcome

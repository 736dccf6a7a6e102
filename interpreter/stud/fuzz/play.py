"""One fuzzed hand, played on the reference and on the engine side by side.

Every request goes to both; after each one the replies are compared field by field
(:func:`compare`: the cards, who acts, the legal set, the pot and pots, the stacks, the
players' status, the street, the result).  Where they differ, the difference is named by
:func:`stud.spec.blame.blame` (what differs and the rule it breaks, the same as
``stud verify`` names it): the first such finding is the hand's *class* of divergence.
The hand then goes on while both sides are on the same path (the same cards, the same
player to act): later states are compared net of the chips already found to differ
(:class:`stud.spec.diagnosis.SideBySide`), and the actions are drawn from what both sides
offer, so a second bug in the same hand is found too (``Outcome.findings``).
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
from stud.spec.blame import Finding
from stud.spec.diagnosis import SideBySide
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
    """Where the engine first answered differently from the reference, and what it is."""

    field: str
    street: str
    step: int  # index into Outcome.steps; -1: the deal (new_hand)
    wanted: Any
    got: Any
    others: tuple[str, ...] = ()  # further fields that differ at the same point
    rule: str = ""  # the catalogue id it breaks (stud.spec.blame)
    what: str = ""  # what differs, normalised: the divergence class
    detail: str = ""  # this instance, in protocol words

    @property
    def key(self) -> str:
        """The divergence class: what differs (the same wherever it shows)."""
        return self.what or f"{self.field} on {self.street}"

    def describe(self) -> str:
        return f"[{self.rule}] {self.what}: {self.detail}" if self.what else self.key


@dataclass
class Outcome:
    """A played hand: its table, the requests, and the first divergence (if any)."""

    setup: Setup | None
    steps: list[Step] = field(default_factory=list)
    divergence: Divergence | None = None
    unsupported: str = ""
    unsupported_values: list[Any] = field(default_factory=list)  # error.values of a refusal
    start: dict[str, Any] = field(default_factory=dict)
    findings: list[tuple[Finding, int]] = field(default_factory=list)  # each with its step

    @property
    def keys(self) -> list[str]:
        """Every class the hand shows, the first (its own) first."""
        return [f.what for f, _ in self.findings]


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
def _reply(call: Any) -> tuple[dict[str, Any], Any]:
    """The engine's answer as a protocol reply (and the refusal, if it refused)."""
    try:
        return {"ok": True, "state": call()}, None
    except EngineRefusal as refusal:
        error = {"code": refusal.code, "message": refusal.message}
        return {"ok": False, "error": error}, refusal
    except StudError as exc:
        return {"failure": str(exc)}, None


class _Hand:
    """The comparison of one hand: findings and the divergence they make."""

    def __init__(self, outcome: Outcome, doc: Mapping[str, Any], deck: list[str]) -> None:
        self.outcome = outcome
        self.side = SideBySide()
        self.side.begin(doc, deck)

    def see(
        self,
        index: int,
        request: dict[str, Any],
        ref: Mapping[str, Any],
        eng: Mapping[str, Any],
        street: str,
    ) -> None:
        ref_state, eng_state = ref.get("state"), eng.get("state")
        same = ref.get("ok") == eng.get("ok") and "failure" not in eng
        fields: list[str] = []
        if same and isinstance(ref_state, Mapping) and isinstance(eng_state, Mapping):
            fields = compare(ref_state, eng_state)
        if same and not fields and not self.side.found:
            self.side.agree(request, ref, eng)  # no difference: only the bookkeeping
            return
        finding = self.side.step(request, ref, eng)
        if finding is None:
            return
        self.outcome.findings.append((finding, index))
        if self.outcome.divergence is None:
            kind = fields[0] if fields else _kind(ref, eng)
            wanted = view(ref.get("state") or {}, kind) if fields else ref.get("ok")
            got = (
                view(eng.get("state") or {}, kind) if fields else eng.get("ok", eng.get("failure"))
            )
            self.outcome.divergence = Divergence(
                kind,
                street,
                index,
                wanted,
                got,
                tuple(fields[1:]),
                finding.rule,
                finding.what,
                finding.detail,
            )

    @property
    def stopped(self) -> bool:
        return self.side.stopped


def _kind(ref: Mapping[str, Any], eng: Mapping[str, Any]) -> str:
    if "failure" in eng:
        return "error"
    return "refused" if ref.get("ok") else "accepted"


def _steer(ref_state: dict[str, Any], eng_state: Any) -> dict[str, Any]:
    """After a difference, the reference's options the engine offers too (by action), so
    the hand stays on a path both sides can follow."""
    if not isinstance(eng_state, Mapping):
        return ref_state
    offered = {str(e.get("action")) for e in eng_state.get("legal") or () if isinstance(e, Mapping)}
    both = [e for e in ref_state.get("legal") or () if e.get("action") in offered]
    return dict(ref_state, legal=both) if both else ref_state


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
    """Deal one hand from ``draw`` and play it on both sides until they part or it ends.

    With a ``profile`` (the values the engine declared it plays), both sides get the
    ruleset with those values in place, so only what the engine did not declare differs.
    """
    reference = reference or Reference()
    setup = deal(draw, config)
    doc = profile.apply(setup.document) if profile is not None else setup.document
    own = {"seat_cards": setup.seat_cards} if setup.seat_cards else {}
    deal_request = {
        "op": "new_hand",
        "ruleset": doc,
        "seats": setup.seats,
        "dealer": setup.dealer,
        "deck": setup.deck,
        **own,
    }
    reply = reference.request("new_hand", **{k: v for k, v in deal_request.items() if k != "op"})
    if not reply.get("ok"):
        raise StudError(f"the reference refused the deal: {reply['error']['message']}")
    ref_state: dict[str, Any] = reply["state"]
    outcome = Outcome(setup, start=ref_state)
    hand = reference.handler.hand
    judge = _Hand(outcome, doc, [str(c) for c in hand.deck_order] if hand is not None else [])
    got, refusal = _reply(
        lambda: engine.new_hand(doc, setup.seats, setup.dealer, setup.deck, **own)
    )
    if refusal is not None and refusal.code == "unsupported":
        outcome.unsupported = refusal.message
        outcome.unsupported_values = list(getattr(refusal, "values", []))
        return outcome
    judge.see(-1, deal_request, reply, got, str(ref_state.get("street")))
    eng_state = got.get("state")
    chip = to_money((setup.document.get("stakes") or {}).get("chip") or "0.01")
    while (
        ref_state.get("to_act") is not None
        and len(outcome.steps) < MAX_REQUESTS
        and not judge.stopped
    ):
        offered = _steer(ref_state, eng_state) if outcome.findings else ref_state
        try:
            request = choose_action(draw, offered, chip, config.illegal_one_in)
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
        got, refusal = _reply(finish)
        if refusal is not None and refusal.code == "unsupported":
            outcome.unsupported = refusal.message  # the engine stops where a value matters
            return outcome
        act = {"op": "act", **request}
        judge.see(index, act, reply, got, str(ref_state.get("street") or street))
        if judge.stopped:
            break
        eng_state = got.get("state", eng_state)
        if not ok or refusal is not None:  # a refusal must leave the state as it was
            carried = getattr(refusal, "state", None)  # protocol 1.2 refusal-state
            if isinstance(carried, dict):  # the refusal says it: no round trip for it
                now: dict[str, Any] = {"ok": True, "state": carried}
            else:
                now, _ = _reply(engine.state)
            judge.see(index, {"op": "state"}, {"ok": True, "state": ref_state}, now, street)
            eng_state = now.get("state", eng_state)
    return outcome

"""The state one scenario builds up while its steps run, over an :class:`Engine`.

Given-steps collect the game (ruleset name, house-rule overrides, seats, dealer, cards
table); the hand starts lazily, at the first step that needs it.  Then-steps call
:meth:`ScenarioContext.check`, which records every observation as a :class:`Check`
(``kind``, ``expected``, ``actual`` as JSON-able data) before failing on a mismatch, so a
run leaves a structured list of what the spec expects - ``stud dump-spec`` exports it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from stud.errors import StudError
from stud.money import to_money
from stud.spec.ahead import Script, take_ahead
from stud.spec.antes import shifted_seats
from stud.spec.dealorder import Reading
from stud.spec.deck import build_deck, live_by_street, seat_cards
from stud.spec.engine import Engine, EngineRefusal, State, takes_seat_cards
from stud.spec.owed import OwedChecks
from stud.spec.phrases import Phrase

if TYPE_CHECKING:
    from stud.rules.model import Ruleset


class StepFailed(AssertionError):
    """A Then-step whose expectation did not hold (the scenario fails)."""


class NotSupported(StudError):
    """The engine lacks a ruleset or capability the scenario needs.

    ``reason`` names it as a path the reports group by: ``ruleset:razz``,
    ``capability:evaluate``.
    """

    def __init__(self, message: str, reason: str = ""):
        super().__init__(message)
        self.reason = reason


class ScenarioError(StudError):
    """The scenario itself is wrong (a name not seated, a step out of place...)."""


@dataclass(frozen=True)
class Check:
    """One observation a Then-step made: JSON-able ``expected`` and ``actual``."""

    kind: str  # e.g. "to_act", "legal", "pot", "awards", "hand", "refused", "stack"
    expected: Any
    actual: Any
    ok: bool
    step: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "expected": self.expected,
            "actual": self.actual,
            "ok": self.ok,
            "step": self.step,
        }


@dataclass(frozen=True)
class ActionRecord:
    """One action sent to the engine (``refused`` when the engine said no)."""

    seat: int
    action: str
    amount: str | None = None
    declare: str | None = None
    cards: tuple[str, ...] = ()
    refused: str | None = None


@dataclass
class ScenarioContext:
    """Everything one scenario knows; a fresh one per scenario."""

    engine: Engine
    hello: Mapping[str, Any] = field(default_factory=dict)
    ruleset_name: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    seats: list[dict[str, Any]] = field(default_factory=list)  # seat, name, stack
    dealer: int | None = None
    cards: list[list[str]] | None = None
    stacked: list[str] | None = None  # a deck given card by card, top first (burns included)
    deck: list[str] | None = None
    ruleset_document: dict[str, Any] | None = None
    _state: State | None = None
    checks: list[Check] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    refusal: EngineRefusal | None = None
    state_before_refusal: State | None = None
    current_step: str = ""
    # street -> players the cards table deals to on it, and the streets checked against it
    live_table: dict[str, set[str]] = field(default_factory=dict)
    streets_checked: set[str] = field(default_factory=set)
    # the engine's profile applied to the resolved ruleset (stud.spec.profile.Profile.apply)
    ruleset_transform: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None
    # hand each seat its cards of the cards table directly (protocol 1.2 seat_cards), when
    # the engine offers it: only the dealing scenarios then depend on its dealing order
    deal_by_seat: bool = False
    # an engine without seat_cards that deals otherwise (from another seat's left, without
    # a burn, or seat by seat: stud.spec.dealorder): the deck is built for its way of dealing,
    # so each seat gets the cards table's cards; the dealer and ruleset sent are the
    # scenario's, and the deck the rules deal is kept in the transcript (``rules_deck``)
    deal_reading: Reading | None = None
    # an engine that takes another ante from every seat (stud.spec.antes): each stack is
    # sent this much higher, so that its ante leaves the stacks the rules' does; the
    # stacks the scenario means are kept in the transcript (``rules_seats``)
    stake_shift: Decimal | None = None
    # steer the engine past a refused scripted action where that changes no chips
    # (stud.spec.steer); each such refusal is kept here until the step's failures are read
    steering: bool = False
    steered: list[tuple[str, EngineRefusal]] = field(default_factory=list)
    # a step that plays everyone along (checks or calls until...) where the engine offered
    # neither: what it offered, the step going on with the smallest bet (see play_until)
    unoffered: list[str] = field(default_factory=list)
    owed: OwedChecks = field(default_factory=OwedChecks)  # checks the engine took early
    # the scenario's actions read ahead, for choices the engine takes in another order
    script: Script = field(default_factory=Script)
    own_cards_sent: bool = False  # each seat was handed its own cards (seat_cards)

    # --- setting up -----------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self._state is not None

    def require_setup(self, what: str) -> None:
        if self.started:
            raise ScenarioError(f"'{what}' must come before the hand starts")

    def seat_of(self, name: str) -> int:
        for s in self.seats:
            if s["name"] == name:
                return int(s["seat"])
        raise ScenarioError(
            f"'{name}' is not seated; players: {', '.join(s['name'] for s in self.seats)}"
        )

    def name_of(self, seat: int) -> str:
        for s in self.seats:
            if int(s["seat"]) == seat:
                return str(s["name"])
        return f"seat {seat}"

    def resolved_ruleset(self) -> dict[str, Any]:
        """The ruleset document with the house rules applied."""
        if self.ruleset_document is None:
            if self.ruleset_name is None:
                raise ScenarioError("no game is set up; start with 'Given a game of \"...\"'")
            ruleset = _load(self.ruleset_name, dict(self.overrides))
            self.ruleset_document = dict(ruleset.document)
            if self.ruleset_transform is not None:
                self.ruleset_document = self.ruleset_transform(self.ruleset_document)
        return self.ruleset_document

    def start(self) -> State:
        """Deal the hand (idempotent)."""
        if self._state is not None:
            return self._state
        if len(self.seats) < 2:
            raise ScenarioError("a hand needs at least two players")
        names = self.hello.get("rulesets")
        if (
            isinstance(names, list)
            and self.ruleset_name
            and "*" not in names
            and self.ruleset_name not in names
        ):
            raise NotSupported(
                f"the engine does not offer the ruleset '{self.ruleset_name}'",
                f"ruleset:{self.ruleset_name}",
            )
        document = self.resolved_ruleset()
        self._declared_limits(document)
        dealer = self.dealer if self.dealer is not None else max(s["seat"] for s in self.seats)
        by_name = {str(s["name"]): int(s["seat"]) for s in self.seats}
        if self.stacked is not None:
            self.deck = list(self.stacked)
        else:
            self.deck = build_deck(document, by_name, dealer, self.cards) if self.cards else []
            self.live_table = live_by_street(self.cards, document) if self.cards else {}
        seats = [
            {"seat": s["seat"], "name": s["name"], "stack": str(s["stack"])} for s in self.seats
        ]
        own = self._own_cards(document, by_name, self.cards if self.stacked is None else None)
        extra = {"seat_cards": own} if own and takes_seat_cards(self.engine.new_hand) else {}
        self.own_cards_sent = bool(extra)
        reading = self.deal_reading if self.cards and self.stacked is None else None
        sent = self.deck
        if reading is not None and self.cards:
            sent = reading.deck(document, by_name, self.cards)
        transcript = getattr(self.engine, "transcript", None)
        shift = self.stake_shift
        try:
            sent_seats = shifted_seats(seats, shift) if shift else seats
            self._state = self.engine.new_hand(document, sent_seats, dealer, sent, **extra)
            self.streets_checked.add(str(self._state.get("street")))  # dealt before any fold
        finally:
            if isinstance(transcript, list) and transcript:
                if reading is not None:
                    transcript[-1]["rules_deck"] = list(self.deck)
                if shift:
                    transcript[-1]["rules_seats"] = seats
        return self._state

    def _own_cards(
        self,
        document: Mapping[str, Any],
        seats: Mapping[str, int],
        cards: list[list[str]] | None,
    ) -> list[dict[str, Any]] | None:
        """The seat_cards to send: only from a cards table, to an engine that offers them."""
        features = self.hello.get("features")
        if not cards or not self.deal_by_seat or not isinstance(features, list):
            return None
        if "seat-cards" not in features:
            return None
        return seat_cards(document, seats, cards) or None

    def _declared_limits(self, document: Mapping[str, Any]) -> None:
        """What the engine declares it never plays (hello 1.2): more or fewer players than
        its ``seats``, a value its ``refuses`` names.  Such a scenario is not sent."""
        seats = self.hello.get("seats")
        if isinstance(seats, Mapping):
            low, high = seats.get("min"), seats.get("max")
            n = len(self.seats)
            if (isinstance(low, int) and n < low) or (isinstance(high, int) and n > high):
                raise NotSupported(
                    f"the engine seats {low or 1} to {high or 'any number of'} players; "
                    f"this scenario seats {n}",
                    "seats",
                )
        from stud.spec.profile import Profile

        refused = Profile.from_hello({"profile": self.hello.get("refuses")})
        for value in refused.differs(document) if refused is not None else ():
            raise NotSupported(
                f"the engine refuses {value.path} other than {value.plays!r}; "
                f"the ruleset asks {value.wanted!r}",
                value.path,
            )

    @property
    def state(self) -> State:
        return self.start()

    def next_hand(self, cards: list[list[str]] | None) -> State:
        """Deal the next hand at the same table (protocol ``next_hand``, capability table).

        The deck is built from ``cards`` for the seats the engine reports with chips left,
        dealt from the left of the next dealer: the engine's dealer of the finished hand,
        moved one occupied seat clockwise when the ruleset's ``dealer.rotates``.
        """
        state = self.state
        if state.get("result") is None:
            raise ScenarioError("the next hand can be dealt only once this hand is over")
        features = self.hello.get("features")
        if isinstance(features, list) and "table" not in features:
            raise NotSupported(
                "the engine does not offer the 'table' capability", "capability:table"
            )
        document = self.resolved_ruleset()
        staying = sorted(int(s["seat"]) for s in state["seats"] if to_money(s["stack"]) > 0)
        dealer = int(state["dealer"])
        if document.get("dealer", {}).get("rotates", True) and staying:
            dealer = next((s for s in staying if s > dealer), staying[0])
        names = {self.name_of(s): s for s in staying}
        deck = build_deck(document, names, dealer, cards) if cards else []
        live = live_by_street(cards, document) if cards else {}
        self.live_table, self.streets_checked = live, set()
        self.refusal = self.state_before_refusal = None
        own = self._own_cards(document, names, cards)
        extra = {"seat_cards": own} if own and takes_seat_cards(self.engine.next_hand) else {}
        self.own_cards_sent = bool(extra)
        self._state = self.engine.next_hand(deck, **extra)
        self.streets_checked.add(str(self._state.get("street")))  # dealt before any fold
        return self._state

    # --- acting ---------------------------------------------------------------------------
    def seat_state(self, seat: int) -> dict[str, Any]:
        for s in self.state["seats"]:
            if int(s["seat"]) == seat:
                return dict(s)
        raise ScenarioError(f"the engine's state has no seat {seat}")

    def act(
        self,
        seat: int,
        action: str,
        amount: Decimal | None = None,
        *,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> State:
        """Send one action; a refusal propagates as :class:`EngineRefusal`."""
        state = self.state
        # a fixed amount the engine offers (call, bring-in) is sent along; a bet, completion
        # or raise written without an amount is sent without one (docs/protocol.md: it may
        # be left out when the action has one fixed amount)
        filled = False
        if amount is None and action not in ("bet", "complete", "raise"):
            for entry in state.get("legal", []):
                if entry.get("action") == action and entry.get("amount") is not None:
                    amount, filled = to_money(entry["amount"]), True
                    break
        text = None if amount is None else _amount_text(amount)
        record = ActionRecord(seat, action, text, declare, tuple(cards or ()))
        if self.owed.taken(seat, action) or self.script.taken_ahead():  # checked early, or
            self.actions.append(record)  # a choice sent ahead of its step (stud.spec.ahead)
            return state
        try:
            self._state = self.engine.act(
                seat, action, text, declare, list(cards) if cards else None
            )
        except EngineRefusal as refusal:
            self._mark_filled(filled)
            self.actions.append(
                ActionRecord(seat, action, text, declare, tuple(cards or ()), refusal.code)
            )
            steered = self._steer(state, seat, action, text, refusal) if not cards else None
            steered = steered if steered is not None else self._ahead(state, seat, refusal)
            if steered is None:
                raise
            self._state = steered
        else:
            self._mark_filled(filled)
            self.actions.append(record)
        transcript = getattr(self.engine, "transcript", None)
        if isinstance(transcript, list):
            self.owed.sent(self._state, transcript)
        self.check_live_table(self._state)
        return self._state

    def _mark_filled(self, filled: bool) -> None:
        """Mark the last request's amount as the engine's own offer (the scenario named
        none), so a replay on the reference plays its own amount there."""
        if filled:
            self.mark_last("filled")

    def mark_last(self, key: str) -> None:
        """Mark the last request sent (``filled``: its amount is the engine's offer;
        ``auto``: the step chose the action from what the engine offered), for the replay
        on the reference (stud.spec.diagnosis)."""
        transcript = getattr(self.engine, "transcript", None)
        if transcript and not transcript[-1].get("steer"):
            transcript[-1][key] = True

    def _steer(
        self, state: State, seat: int, action: str, text: str | None, refusal: EngineRefusal
    ) -> State | None:
        """Past a refused scripted action, the engine steered back onto the scenario's path
        (:mod:`stud.spec.steer`), the refusal kept as a failure in ``steered``; or None."""
        if not self.steering:
            return None
        from stud.spec.steer import steer

        def send(s: int, a: str, amount: str | None) -> State:
            return self.engine.act(s, a, amount, None, None)

        try:
            after = steer(self.engine, state, seat, action, text, refusal, send)
        except EngineRefusal:
            return None
        if after is not None:
            self.steered.append((f"act seat {seat} {action} {text or ''}".strip(), refusal))
            transcript = getattr(self.engine, "transcript", None)
            if action == "check" and isinstance(transcript, list):
                self.owed.begin(transcript, state.get("street"))
        return after

    def _ahead(self, state: State, seat: int, refusal: EngineRefusal) -> State | None:
        """Past a refused choice in a round the engine takes in another order, each player
        it names first sent their own next choice (:mod:`stud.spec.ahead`); or None."""
        if not self.steering or refusal.code != "illegal_action":
            return None
        transcript = getattr(self.engine, "transcript", None)

        def send(s: int, phrase: Phrase) -> State:
            text = None if phrase.amount is None else _amount_text(phrase.amount)
            cards = list(phrase.cards) or None
            return self.engine.act(s, phrase.action, text, phrase.declare, cards)

        def mark(kind: str) -> None:
            if transcript:
                transcript[-1]["steer"] = kind

        try:
            after = take_ahead(
                self.script, state, seat, self.own_cards_sent, self.name_of, send, mark
            )
        except EngineRefusal:
            return None
        if after is not None:
            scripted = self.script.actions[self.script.at or 0][1]
            self.steered.append((f"act seat {seat} {scripted.action}", refusal))
        return after

    def check_live_table(self, state: State) -> None:
        """A street's first state: nobody the cards table deals to on it may have folded
        (the dealer skips them, so their cards would go to others and shift the deck)."""
        street = state.get("street")
        if street not in self.live_table or street in self.streets_checked:
            return
        self.streets_checked.add(str(street))
        folded = {self.name_of(int(s["seat"])) for s in state.get("seats", []) if s.get("folded")}
        wrong = sorted(self.live_table[str(street)] & folded)
        if wrong:
            raise ScenarioError(
                f"the cards table gives {' and '.join(wrong)} cards on {street} street, but "
                f"{'they have' if len(wrong) > 1 else 'that player has'} folded before it: "
                "leave those cells empty (the dealer skips players who folded)"
            )

    def attempt(self, seat: int, action: str, amount: Decimal | None = None, **kw: Any) -> None:
        """Try an action expected to be refused; remember the refusal and the state before."""
        self.start()  # the hand starts here when this is the scenario's first action
        before = self.engine.state()
        self.refusal = None
        steering, self.steering = self.steering, False  # a refusal is what it expects
        try:
            self.act(seat, action, amount, **kw)
        except EngineRefusal as refusal:
            if refusal.code == "unsupported":
                raise
            self.refusal = refusal
            self.state_before_refusal = before
            self._state = self.engine.state()
        finally:
            self.steering = steering

    # --- checking -------------------------------------------------------------------------
    def check(self, kind: str, expected: Any, actual: Any, message: str = "") -> None:
        """Record an observation and fail the step if ``actual != expected``."""
        ok = expected == actual
        self.checks.append(Check(kind, expected, actual, ok, self.current_step))
        if not ok:
            detail = f": {message}" if message else ""
            raise StepFailed(f"{kind}: expected {expected!r}, got {actual!r}{detail}")


def _amount_text(amount: Decimal) -> str:
    text = format(amount, "f")
    return text


# a shipped ruleset with a scenario's house rules, loaded once per run: many scenarios ask
# the same (the rulesets folder does not change while the spec runs; a file path is always
# read again)
_LOADED: dict[tuple[str, str], Ruleset] = {}


def _load(name: str, overrides: dict[str, Any]) -> Ruleset:
    from stud.rules import load_ruleset, shipped_rulesets  # the rules package may be building

    shipped = shipped_rulesets().get(name)
    if shipped is None:
        return load_ruleset(name, overrides=overrides or None)
    key = (
        f"{name}@{shipped.stat().st_mtime_ns}",
        json.dumps(overrides, sort_keys=True, default=str),
    )
    ruleset = _LOADED.get(key)
    if ruleset is None:
        if len(_LOADED) > 512:
            _LOADED.clear()
        ruleset = _LOADED[key] = load_ruleset(name, overrides=overrides or None)
    return ruleset

"""A catalogue of bugs real stud engines have, each planted in the reference on its own.

``several_bugs.py`` serves the reference with any set of them at once (``two_bugs.py``,
``three_bugs.py`` and ``five_bugs.py`` are fixed sets), so the tests can check that
``stud verify`` and ``stud fuzz`` report one root cause per bug, on its rule, however many
there are.  Every bug changes the engine's own logic (a patched method or a rule value it
plays in silence), never the harness's view of it, so its consequences run on through the
hand as they would in a real engine:

- ``deals-from-seat-1``: every round of cards starts at the lowest seat number;
- ``later-streets-from-dealer``: the first street is dealt from the dealer's left, the
  later ones from the dealer's own seat (or the last player still in before it);
- ``bring-in-out-of-pot``: the bring-in leaves the stack but never reaches the pot;
- ``no-burn``: no card is burned before a street;
- ``uncalled-bet-kept``: the part of a bet nobody called stays in the pot;
- ``cap-lifted-wrongly``: the raising is uncapped as soon as only two players can still
  bet (the others all in), though three are in the hand;
- ``cap-kept-heads-up``: the cap holds heads-up too;
- ``round-goes-on-after-bring-in``: when everyone just calls the bring-in, its player is
  asked again (as if it were a big blind with an option);
- ``short-completion-refused``: a completion all in for less than the full bet is refused;
- ``bring-in-highest``: the highest door card brings in;
- ``no-cap``: the raising is never capped;
- ``odd-chip-by-card``: an odd chip goes to the highest card instead of by position;
- ``bring-in-ties-by-seat``: equal door cards bring in by seat, not by suit;
- ``board-ties-by-seat``: equal boards open by seat, not by the suit of their top card;
- ``opens-left-of-dealer``: a later street is opened by the first player on the dealer's
  left still in, whatever the boards;
- ``side-pot-to-main-winner``: every side pot is paid to the main pot's winner.
"""

from __future__ import annotations

import copy
import dataclasses
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import stud.engine.openers as openers
import stud.engine.pots as pots
from stud import hands
from stud.engine.betting import BRING_IN_ONLY, BettingRound
from stud.engine.dealing import Dealer
from stud.protocol.server import ReferenceHandler, Refusal
from stud.rules import load_ruleset

sys.path.insert(0, str(Path(__file__).parent))
from planted import misaward  # noqa: E402

# a rule value the engine plays whatever the ruleset asks (and does not say so)
RULE_VALUES: dict[str, tuple[str, str, Any]] = {
    "bring-in-highest": ("bring_in", "card", "highest"),
    "no-cap": ("betting", "max_raises", None),
    "odd-chip-by-card": ("pot", "odd_chip_tie", "high-card"),
}


def _deals_from_seat_1() -> None:
    original = Dealer.deal_round

    def deal_round(self: Dealer, row: Any, up: bool, later: int = 0) -> None:
        clockwise = self.players
        self.players = sorted(clockwise, key=lambda p: p.seat)
        try:
            original(self, row, up, later)
        finally:
            self.players = clockwise

    Dealer.deal_round = deal_round  # type: ignore[method-assign]


def _later_streets_from_dealer() -> None:
    original = Dealer.deal_round

    def deal_round(self: Dealer, row: Any, up: bool, later: int = 0) -> None:
        if row is self.streets[0]:
            original(self, row, up, later)
            return
        clockwise = self.players
        self.players = clockwise[-1:] + clockwise[:-1]
        try:
            original(self, row, up, later)
        finally:
            self.players = clockwise

    Dealer.deal_round = deal_round  # type: ignore[method-assign]


def _bring_in_out_of_pot() -> None:
    original = BettingRound.play

    def play(self: BettingRound, p: Any, action: str, amount: object) -> int | None:
        before = p.bet
        to = original(self, p, action, amount)
        if action == "bring_in" and to is not None:
            p.committed -= to - before  # paid from the stack, never counted in the pot
        return to

    BettingRound.play = play  # type: ignore[method-assign]


def _no_burn() -> None:
    original = Dealer.__init__

    def init(self: Dealer, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.dealing = dataclasses.replace(self.dealing, burn=False)

    Dealer.__init__ = init  # type: ignore[method-assign]


def _uncalled_bet_kept() -> None:
    def end_street(self: pots.Pots) -> None:  # the bets go in, nothing comes back
        for p in self.players:
            p.bet = 0

    pots.Pots.end_street = end_street  # type: ignore[method-assign]


def _cap_lifted_wrongly() -> None:
    def capped(self: BettingRound) -> bool:
        if self.cap is None or self.raises < self.cap:
            return False
        able = sum(1 for p in self.players if not p.folded and not p.all_in)
        return able > 2

    BettingRound.capped = capped  # type: ignore[method-assign]


def _cap_kept_heads_up() -> None:
    def capped(self: BettingRound) -> bool:
        return self.cap is not None and self.raises >= self.cap

    BettingRound.capped = capped  # type: ignore[method-assign]


def _round_goes_on_after_bring_in() -> None:
    original_next = BettingRound.next_to_act
    original_start = BettingRound.start
    original_play = BettingRound.play

    option_for: dict[int, int | None] = {}  # by round (the round keeps no attribute of ours)

    def start(self: BettingRound, row: Any) -> bool:
        option_for[id(self)] = None
        return original_start(self, row)

    def play(self: BettingRound, p: Any, action: str, amount: object) -> int | None:
        to = original_play(self, p, action, amount)
        if action == "bring_in":
            option_for[id(self)] = p.index
        return to

    def next_to_act(self: BettingRound, index: int) -> int | None:
        found = original_next(self, index)
        option = option_for.get(id(self))
        if found is None and option is not None and self.state == BRING_IN_ONLY:
            option_for[id(self)] = None
            player = self.players[option]
            if index != option and not player.folded and not player.all_in:
                self.acted.pop(option, None)
                return int(option)
        return found

    BettingRound.start = start  # type: ignore[method-assign]
    BettingRound.play = play  # type: ignore[method-assign]
    BettingRound.next_to_act = next_to_act  # type: ignore[method-assign]


def _short_completion_refused() -> None:
    original_options = BettingRound.options
    original_amount = BettingRound._aggressive_to

    def full_completion(self: BettingRound, p: Any) -> int:
        return min(lo for lo, _ in self.full_ranges(p, "complete"))

    def options(self: BettingRound, p: Any) -> list[Any]:
        found = original_options(self, p)
        return [
            o for o in found if o.action != "complete" or (o.hi or 0) >= full_completion(self, p)
        ]

    def aggressive_to(
        self: BettingRound, name: str, amount: object, full: Any, allin_to: int
    ) -> int:  # (read before anything moves)
        to = original_amount(self, name, amount, full, allin_to)
        if name == "complete" and to < min(lo for lo, _ in full):
            from stud.engine.betting import Refused

            raise Refused("a completion must be a full bet")
        return to

    BettingRound.options = options  # type: ignore[method-assign]
    BettingRound._aggressive_to = aggressive_to  # type: ignore[method-assign]


def _bring_in_ties_by_seat() -> None:
    def card_key(card: Any, aces: Any, order: Any) -> tuple[Any, ...]:
        rank, _suit = hands.bring_in_key(card, aces, order)
        return (rank,)

    openers._card_key = card_key  # type: ignore[attr-defined]


def _board_ties_by_seat() -> None:
    def by_position(cards: Any, ranking: str = "high", ties: str = "suit", **kw: Any) -> Any:
        return hands.board_key(cards, ranking, "position", **kw)

    class _Hands:
        board_key = staticmethod(by_position)
        bring_in_key = staticmethod(hands.bring_in_key)

    openers.hands = _Hands  # type: ignore[assignment]
    # boards the tables read directly (most of them): their key without the suits
    openers._table_key = lambda ties, found: (ties, found[0])  # type: ignore[attr-defined]


def _opens_left_of_dealer() -> None:
    openers.OPENERS["best-board"] = openers.OPENERS["first-left"]


PATCHES: dict[str, Callable[[], None]] = {
    "deals-from-seat-1": _deals_from_seat_1,
    "later-streets-from-dealer": _later_streets_from_dealer,
    "bring-in-out-of-pot": _bring_in_out_of_pot,
    "no-burn": _no_burn,
    "uncalled-bet-kept": _uncalled_bet_kept,
    "cap-lifted-wrongly": _cap_lifted_wrongly,
    "cap-kept-heads-up": _cap_kept_heads_up,
    "round-goes-on-after-bring-in": _round_goes_on_after_bring_in,
    "short-completion-refused": _short_completion_refused,
    "bring-in-ties-by-seat": _bring_in_ties_by_seat,
    "board-ties-by-seat": _board_ties_by_seat,
    "opens-left-of-dealer": _opens_left_of_dealer,
}
BUGS = (*PATCHES, *RULE_VALUES, "side-pot-to-main-winner")


class Buggy(ReferenceHandler):
    """The reference with the given bugs planted; ``hello`` extras (a profile, known
    deviations, a seat range) are added to its answer as given."""

    def __init__(self, bugs: list[str], hello: Mapping[str, Any] | None = None) -> None:
        unknown = [b for b in bugs if b not in BUGS]
        if unknown:
            raise SystemExit(f"unknown bug(s) {', '.join(unknown)}; known: {', '.join(BUGS)}")
        super().__init__()
        self.bugs = list(bugs)
        self.extra = dict(hello or {})
        for bug in self.bugs:
            if bug in PATCHES:
                PATCHES[bug]()

    def op_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {**super().op_hello(request), **self.extra}

    def _played(self, spec: Any) -> Any:
        changes = [RULE_VALUES[b] for b in self.bugs if b in RULE_VALUES]
        if not changes:
            return spec
        doc = copy.deepcopy(dict(load_ruleset(spec).document) if isinstance(spec, str) else spec)
        for section, key, value in changes:
            doc.setdefault(section, {})[key] = value
        return doc

    def op_new_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        try:
            played = self._played(request["ruleset"])
        except Exception as exc:  # noqa: BLE001 - an unknown name: let the reference say so
            raise Refusal("bad_request", str(exc)) from None
        return super().op_new_hand({**request, "ruleset": played})

    def op_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        fields = super().op_act(request)
        if "side-pot-to-main-winner" in self.bugs:
            misaward(fields["state"])
        return fields

"""One hand of stud under any ruleset: the public :class:`Hand`.

The hand is a short interpreter of the ruleset's street table.  It runs itself until a
player must act: antes, then street after street (exchange, burn and deal, betting), then
the declaration and the showdown.  The work is done by parts that keep their own state:

- :class:`~stud.engine.dealing.Dealer`: the stub, burns, the deal, the run-out;
- :class:`~stud.engine.betting.BettingRound`: levels, raises and the cap, who acted, options;
- :class:`~stud.engine.pots.Pots`: antes, uncalled bets, side pots, awards and odd chips;
- :class:`~stud.engine.exchange.ExchangeRound`, :class:`~stud.engine.decide.Decisions`
  (discard, expose, draw, split) and :class:`~stud.engine.declare.Declaration`;
- :class:`~stud.engine.showdown.Showdown`: who shows, who wins each share.

``act`` has the part validate the whole action before changing anything, so an
:class:`IllegalAction` leaves the hand as it was.  Everything the hand does is read from
the ruleset's values; see ``docs/api.md`` and ``docs/guide/engine.md``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import cached_property
from operator import attrgetter
from typing import Any, TypeVar

from stud.cards import Card
from stud.engine import events as ev
from stud.engine.betting import BettingRound
from stud.engine.blinds import Blinds
from stud.engine.dealing import Dealer
from stud.engine.decide import Decisions, decision_legal
from stud.engine.declare import Declaration
from stud.engine.exchange import ExchangeRound
from stud.engine.history import to_history
from stud.engine.openers import OPENERS
from stud.engine.options import Action, Option, Refused
from stud.engine.pots import Pots
from stud.engine.showdown import Showdown
from stud.engine.splitting import SplitRule
from stud.engine.stakes import check_seats, fixed_values, stack_units
from stud.engine.state import PlayerState
from stud.engine.triggers import WildState, event_hook
from stud.engine.views import (
    ACTIONS,
    Award,
    LegalAction,
    PlayerView,
    PotView,
    Result,
    Seat,
    legal_action,
)
from stud.errors import IllegalAction, StudError
from stud.rules.model import DECISION_CHOICES, Ruleset, Street

DECISION_PHASES = frozenset(DECISION_CHOICES)  # a decision round's phase is its kind
PHASE_ACTIONS = {
    "betting": ("fold", "check", "call", "bring_in", "complete", "bet", "raise"),
    "exchange": ("exchange", "stand_pat"),
    "declare": ("declare",),
} | {kind: (kind,) for kind in DECISION_CHOICES}
T = TypeVar("T")
_BETTING = frozenset(PHASE_ACTIONS["betting"])
_CANONICAL = {a: a for a in ACTIONS} | {"bring-in": "bring_in", "stand-pat": "stand_pat"}

_SEAT = attrgetter("seat")
_new_action = tuple.__new__  # an Action from all five fields, without NamedTuple's __new__


class Hand:
    """A hand of stud.

    ``seats`` are :class:`Seat` (seat number, name, stack); ``dealer`` is a seat number
    (it may be an empty seat).  ``deck`` gives the cards as they come off the top, burns
    included; the rest of the pack follows in new-deck order.  Without ``deck`` the pack
    is shuffled with ``random.Random(seed)``.  ``seat_cards`` (seat -> cards) gives a seat
    the next card of its own list whenever it is dealt one (see :mod:`stud.engine.dealing`).
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        dealer: int,
        deck: Sequence[Card | str] | None = None,
        seed: int | None = None,
        seat_cards: Mapping[int, Sequence[Card]] | None = None,
    ):
        self.ruleset = ruleset
        self.seat_cards = {s: tuple(c) for s, c in seat_cards.items()} if seat_cards else {}
        fixed = fixed_values(ruleset)
        self.units = u = fixed.units
        stacks = check_seats(ruleset, seats, u)
        self.dealer = dealer
        by_number = sorted(seats, key=_SEAT)
        start = bisect_right(by_number, dealer, key=_SEAT)  # the first seat after the dealer
        ordered = by_number[start:] + by_number[:start]
        self.order = order = [
            PlayerState(s.seat, s.name, stacks[s.seat] or stack_units(u, s), i)
            for i, s in enumerate(ordered)
        ]
        self._by_number: list[PlayerState] | None = None
        self._initial = tuple(by_number)
        self.log: list[tuple[Any, ...]] = []
        self._events: list[ev.Event] = []
        self.actions: list[Action] = []
        self.dealing = Dealer(order, ruleset, deck, seed, self.log, self.seat_cards)
        self.chips = Pots(order, ruleset.pot, u, self.log)
        stakes = (fixed.bring_in, fixed.small, fixed.big)
        self.betting = BettingRound(order, ruleset.betting, fixed.structure, u, stakes, self.log)
        self.blinds = Blinds(
            order, fixed.small_blind, fixed.big_blind, ruleset.blinds.heads_up, self.log
        )
        self.wilds = WildState(tuple(ruleset.wild.ranks))
        self.dealing.after_card = event_hook(
            ruleset, self.dealing, self.betting, self.wilds, fixed.ante
        )
        self.street_index: int | None = None  # the street being played (None: before)
        self.street_row: Street | None = None
        self.phase = "betting"
        self.turn: int | None = None  # index of the player to act
        self.result_value: Result | None = None
        self.result_parts: tuple[tuple[Award, ...], list[PlayerState], bool] | None = None
        self.chips.post_antes(fixed.ante)
        self.blinds.post()
        self._advance()

    # --- the parts most hands never use, made when first used ----------------------------
    @cached_property
    def by_seat(self) -> dict[int, PlayerState]:
        return {p.seat: p for p in self.order}

    @cached_property
    def split(self) -> SplitRule:
        """What a split decision set aside (decisions, showdown)."""
        return SplitRule()

    @cached_property
    def showdown(self) -> Showdown:
        return Showdown(
            self.order,
            self.ruleset,
            self.dealing.common,
            self.chips,
            self.log,
            self.split,
            self.wilds,
        )

    @cached_property
    def exchange(self) -> ExchangeRound:
        return ExchangeRound(self.order, self.dealing, self.chips, self.units, self.log)

    @cached_property
    def declaration(self) -> Declaration:
        return Declaration(self.order, self.ruleset, self.log)

    @cached_property
    def decisions(self) -> Decisions:
        return Decisions(self.order, self.dealing, self.split, self.log)

    # --- the street table ----------------------------------------------------------------
    def _advance(self) -> None:
        """Run streets until someone must act or the hand is over."""
        streets = self.ruleset.streets
        while True:
            if self.betting.in_hand <= 1:
                self._award_uncontested()
                return
            index = 0 if self.street_index is None else self.street_index + 1
            self.street_index = index
            if index >= len(streets):
                first = self.declaration.start(self, self.betting.hand_aggressor)
                if first is not None:
                    self.phase, self.turn = "declare", first
                    return
                self._showdown()
                return
            row = streets[index]
            limit = row.deal_if_players_at_most
            if limit is not None and self.dealing.dealt_in > limit:
                continue
            self.street_row = row
            self.log.append((ev.StreetStarted, row.name))
            if row.exchange is not None:
                first = self.exchange.start(row)
                if first is not None:
                    self.phase, self.turn = "exchange", first
                    return
            if row.decide:
                first = self.decisions.start(row)
                if first is not None:
                    self.phase, self.turn = self.decisions.kind, first
                    return
            if self._street_body(index, row):
                return

    def _street_body(self, index: int, row: Street) -> bool:
        """Deal the street and open its betting; True when a player must act."""
        self.dealing.deal_street(index)
        if row.bet is not None and self.betting.start(row):
            opener = OPENERS[row.opener](self)
            assert opener is not None
            if self.blinds.pending:
                self.blinds.open_round(self.betting)
            self.turn = self.betting.open(opener, row.opener == "bring-in")
            self.phase = "betting"
            return True
        if self.blinds.pending and row.bet is not None:  # nobody can bet on the blinds
            self.blinds.pending = False
            self.chips.end_street()
        return False

    def _resume_street(self) -> None:
        """The street's exchanges or decisions are over: its deal and betting, then on."""
        self.phase = "betting"
        row, index = self.street_row, self.street_index
        assert row is not None and index is not None
        if self.betting.in_hand > 1 and self._street_body(index, row):
            return
        self._advance()

    def _end_round(self) -> None:
        self.chips.end_street()
        self.betting.end()
        self.turn = None

    def _award_uncontested(self) -> None:
        winner = next(p for p in self.order if not p.folded)
        self._finish(tuple(self.chips.award_uncontested(winner)), [], showdown=False)

    def _showdown(self) -> None:
        contenders = self.showdown.show_order(self, self.betting.last_aggressor)
        self._finish(tuple(self.showdown.run(contenders)), contenders, showdown=True)

    def _finish(
        self, awards: tuple[Award, ...], contenders: list[PlayerState], showdown: bool
    ) -> None:
        for p in self.order:
            p.bet = 0
        self.result_parts = (awards, contenders, showdown)
        self.phase = "complete"
        self.turn = None
        self.log.append((ev.HandEnded, showdown))

    # --- acting --------------------------------------------------------------------------
    def act(
        self,
        seat: int,
        action: str,
        amount: object = None,
        *,
        declare: str | None = None,
        cards: Sequence[Card | str] | None = None,
    ) -> None:
        """Play one action for ``seat``; raise :class:`IllegalAction` (state unchanged).

        A betting action is checked and played by the round in one call, and the next
        player found here: it is what every hand does most."""
        name = _CANONICAL.get(action) if type(action) is str else None
        if name is None:
            name = str(action).strip().lower().replace("-", "_")
        if self.phase != "betting":
            self._act_other(seat, action, name, declare, cards)
            return
        index = self.turn
        if index is None:
            raise IllegalAction("nobody is to act", [])
        p = self.order[index]
        if seat != p.seat:
            raise self.illegal(f"seat {seat} cannot act now: seat {p.seat} is to act")
        if name not in _BETTING:
            raise self.illegal(f"{action} is not an action in the betting phase")
        betting = self.betting
        try:
            to = betting.play(p, name, amount)
        except Refused as exc:
            raise self.illegal(str(exc)) from None
        self.actions.append(_new_action(Action, (seat, name, to, None, None)))
        if betting.in_hand > 1:
            nxt = betting.next_to_act(index)
            if nxt is not None:
                self.turn = nxt
                return
        self._end_round()
        self._advance()

    def _act_other(
        self,
        seat: int,
        action: str,
        name: str,
        declare: str | None,
        cards: Sequence[Card | str] | None,
    ) -> None:
        """An exchange, a decision or a declaration, then the next to choose or the rest of
        the hand."""
        phase = self.phase
        if phase == "complete":
            raise IllegalAction("the hand is over", [])
        p = self._actor(seat)
        if name not in PHASE_ACTIONS[phase]:
            raise self.illegal(f"{action} is not an action in the {phase} phase")
        if phase == "declare":
            value = self._try(lambda: self.declaration.act(p, declare))
            self.actions.append(Action(seat, "declare", declare=value))
            self.turn = self.declaration.next_to_act()
            if self.turn is None:
                self._showdown()
            return
        if phase == "exchange":
            given = self._try(lambda: self.exchange.act(p, name, cards))
            self.actions.append(Action(seat, name, cards=None if given is None else (str(given),)))
            self.turn = self.exchange.next_to_act()
        else:  # a decision round; the next one may be of another kind
            chosen = self._try(lambda: self.decisions.act(p, cards))
            self.actions.append(Action(seat, name, cards=tuple(str(c) for c in chosen)))
            self.turn = self.decisions.next_to_act()
            if self.turn is not None:
                self.phase = self.decisions.kind
        if self.turn is None:
            self._resume_street()

    def _try(self, play: Callable[[], T]) -> T:
        """A part's move, its refusal raised as :class:`IllegalAction` (state unchanged)."""
        try:
            return play()
        except Refused as exc:
            raise self.illegal(str(exc)) from None

    def _actor(self, seat: int) -> PlayerState:
        """The player who may act as ``seat`` now (anyone still to declare or choose when
        everyone does it at once)."""
        waiting: Callable[[PlayerState], bool] | None = None
        if self.phase == "declare" and self.declaration.simultaneous:
            waiting, what = self.declaration.may_declare, "declare"
        elif self.phase in DECISION_PHASES and self.decisions.simultaneous:
            waiting, what = self.decisions.may_choose, "choose now"
        if waiting is not None:
            p = self.by_seat.get(seat)
            if p is None or not waiting(p):
                raise self.illegal(f"seat {seat} has nothing to {what}")
            return p
        assert self.turn is not None
        p = self.order[self.turn]
        if seat != p.seat:
            raise self.illegal(f"seat {seat} cannot act now: seat {p.seat} is to act")
        return p

    def illegal(self, reason: str) -> IllegalAction:
        return IllegalAction(reason, [str(a) for a in self.legal_actions()])

    # --- legal actions -------------------------------------------------------------------
    def options(self) -> list[Option]:
        """The acting player's options (amounts in chip units)."""
        if self.phase == "complete" or self.turn is None:
            return []
        p = self.order[self.turn]
        if self.phase == "betting":
            return self.betting.options(p)
        if self.phase == "exchange":
            return self.exchange.options(p)
        if self.phase == "declare":
            return self.declaration.options(p)
        return []  # a decision: see legal_actions

    def legal_actions(self) -> list[LegalAction]:
        if self.phase == "complete" or self.turn is None:
            return []
        p = self.order[self.turn]
        if self.phase in DECISION_PHASES:
            return [decision_legal(self.decisions.choice(p))]
        return [legal_action(o, p.bet, self.units) for o in self.options()]

    # --- queries -----------------------------------------------------------------------
    @property
    def street(self) -> str | None:
        return self.street_row.name if self.street_row is not None else None

    @property
    def to_act(self) -> int | None:
        if self.phase == "complete" or self.turn is None:
            return None
        return self.order[self.turn].seat

    @property
    def pot(self) -> Decimal:
        return self.units.money(self.chips.total())

    def pots(self) -> list[PotView]:
        m = self.units.money
        return [
            PotView(m(amount), tuple(sorted(p.seat for p in elig)))
            for amount, elig in self.chips.side_pots()
        ]

    def player(self, seat: int) -> PlayerView:
        try:
            p = self.by_seat[seat]
        except KeyError:
            raise StudError(f"nobody sits in seat {seat}") from None
        return self._view(p)

    def _view(self, p: PlayerState) -> PlayerView:
        m = self.units.money
        return PlayerView(
            p.seat,
            p.name,
            m(p.stack),
            m(p.bet),
            m(p.committed),
            p.folded,
            p.all_in,
            tuple(p.down),
            tuple(p.up),
            p.declared,
        )

    @property
    def players(self) -> list[PlayerView]:
        """Every seat, by seat number."""
        return self.players_view

    @property
    def players_view(self) -> list[PlayerView]:
        return [self._view(p) for p in self.by_number]

    @property
    def by_number(self) -> list[PlayerState]:
        """The players by seat number (sorted when first asked for)."""
        if self._by_number is None:
            self._by_number = sorted(self.order, key=lambda p: p.seat)
        return self._by_number

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats as the hand started (stacks before the antes), by seat number."""
        return self._initial

    @property
    def declare_choices(self) -> tuple[str, ...]:
        """What a player may declare in this game: each share's name, and both/all."""
        return tuple(self.declaration.choices)

    @property
    def community(self) -> tuple[Card, ...]:
        """Cards face up in the centre for everyone: ``deck.centre``, then run-out cards."""
        return tuple(self.dealing.common)

    @property
    def runout(self) -> list[Card]:
        """Community cards dealt during the hand, by a street or because the pack ran short
        (boards read them)."""
        return self.dealing.runout

    @property
    def wild_ranks(self) -> tuple[int, ...]:
        """The ranks wild for everyone now: ``wild.ranks`` and the one events set."""
        return self.wilds.ranks

    @property
    def deck_order(self) -> list[Card]:
        """The full order the stub started in (burns included)."""
        return self.dealing.order

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Every step so far, in order (built from the internal log when read)."""
        return ev.materialise(self.log, self._events, self.units.money)

    @property
    def result(self) -> Result | None:
        if self.result_value is None and self.result_parts is not None:
            awards, contenders, showdown = self.result_parts
            self.result_value = Result(awards, self.showdown.shown_hands(contenders), showdown)
        return self.result_value

    @property
    def complete(self) -> bool:
        return self.phase == "complete"

    def to_history(self) -> dict[str, Any]:
        """The hand as JSON-able data; :func:`stud.engine.replay` plays it again."""
        return to_history(self)

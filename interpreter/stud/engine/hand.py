"""One hand of stud under any ruleset: the public :class:`Hand`.

The hand runs itself until a player must act: antes, then street after street (exchange,
burn and deal, betting), then the declaration and the showdown.  ``act`` validates the
whole action before changing anything, so an :class:`IllegalAction` leaves the hand as it
was.  Everything the hand does is read from the ruleset's values; see ``docs/api.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stud.cards import Card
from stud.engine import events as ev
from stud.engine.betting import BettingMixin, Option
from stud.engine.dealing import DealingMixin
from stud.engine.deck import Stub, build_pack
from stud.engine.declare import DeclareMixin
from stud.engine.exchange import ExchangeMixin
from stud.engine.limits import STRUCTURES, Structure
from stud.engine.pots import build_pots
from stud.engine.showdown import ShowdownMixin
from stud.engine.state import PlayerState
from stud.engine.units import Units
from stud.engine.views import ACTIONS, LegalAction, PlayerView, PotView, Result, Seat
from stud.errors import IllegalAction, MoneyError, StudError
from stud.rules.model import Ruleset

PHASE_ACTIONS = {
    "betting": ("fold", "check", "call", "bring_in", "complete", "bet", "raise"),
    "exchange": ("exchange", "stand_pat"),
    "declare": ("declare",),
}
_BETTING = frozenset(PHASE_ACTIONS["betting"])
_AGGRESSIVE = frozenset({"bet", "complete", "raise"})
_PASSIVE = frozenset({"fold", "check", "call"})
_CANONICAL = {a: a for a in ACTIONS} | {"bring-in": "bring_in", "stand-pat": "stand_pat"}


@dataclass(frozen=True)
class _Fixed:
    """What a hand reads from its ruleset's stakes, computed once per ruleset object."""

    ruleset: Ruleset
    units: Units
    ante: int
    bring_in: int | None
    small: int
    big: int
    structure: Structure


_FIXED: dict[int, _Fixed] = {}


def _fixed_values(ruleset: Ruleset) -> _Fixed:
    cached = _FIXED.get(id(ruleset))
    if cached is not None and cached.ruleset is ruleset:
        return cached
    stakes = ruleset.stakes
    u = Units(stakes.chip)
    try:
        structure = STRUCTURES[ruleset.betting.structure]
    except KeyError:
        raise StudError(f"unknown betting structure {ruleset.betting.structure!r}") from None
    fixed = _Fixed(
        ruleset,
        u,
        u.to_units(stakes.ante, "stakes.ante"),
        u.to_units(stakes.bring_in, "stakes.bring_in") if stakes.bring_in is not None else None,
        u.to_units(stakes.small_bet, "stakes.small_bet"),
        u.to_units(stakes.big_bet, "stakes.big_bet"),
        structure,
    )
    if len(_FIXED) > 256:
        _FIXED.clear()
    _FIXED[id(ruleset)] = fixed
    return fixed


def _stack_units(u: Units, seat: Seat) -> int:
    units = u.known(seat.stack)
    return units if units >= 0 else u.to_units(seat.stack, f"seat {seat.seat} stack")


class Hand(BettingMixin, DealingMixin, ExchangeMixin, DeclareMixin, ShowdownMixin):
    """A hand of stud.

    ``seats`` are :class:`Seat` (seat number, name, stack); ``dealer`` is a seat number
    (it may be an empty seat).  ``deck`` gives the cards as they come off the top, burns
    included; the rest of the pack follows in new-deck order.  Without ``deck`` the pack
    is shuffled with ``random.Random(seed)``.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        seats: Sequence[Seat],
        dealer: int,
        deck: Sequence[Card | str] | None = None,
        seed: int | None = None,
    ):
        self.ruleset = ruleset
        self._validate(ruleset, seats)
        fixed = _fixed_values(ruleset)
        self.units = u = fixed.units
        self.ante_u, self.bring_in_u = fixed.ante, fixed.bring_in
        self.small_u, self.big_u = fixed.small, fixed.big
        self.structure = fixed.structure
        self.dealer = dealer
        ordered = sorted(seats, key=lambda s: s.seat)
        start = next((i for i, s in enumerate(ordered) if s.seat > dealer), 0)
        ordered = ordered[start:] + ordered[:start]
        self.order = [
            PlayerState(s.seat, s.name, _stack_units(u, s), i) for i, s in enumerate(ordered)
        ]
        self.by_seat = {p.seat: p for p in self.order}
        self._initial = tuple(sorted(seats, key=lambda s: s.seat))
        order, centre = build_pack(
            deck, jokers=ruleset.deck.jokers, centre=ruleset.deck.centre, seed=seed
        )
        self.deck_order = order  # the stub never changes this list in place
        self.stub = Stub(order)
        self.centre = centre
        self.common = list(centre)
        self.runout = []
        self.log = []
        self._events: list[ev.Event] = []
        self.actions = []
        self.street_index = -1
        self.street_row = None
        self.phase = "betting"
        self.to_act_index = -1
        self.dealt_in = len(self.order)
        self.in_count = len(self.order)
        self.cards_dealt = 0
        self.paired_live = 0
        self.cur = self.bet_state = self.raises = self.last_inc = self.full_level = 0
        self.big_locked = False
        self.forced_index = -1
        self.round_start_active = 0
        self.unit = self.small_u
        self.last_aggressor = -1
        self.hand_aggressor = -1
        self.result_value = None
        self.result_parts = None
        self.full_to = 0
        self.init_exchange()
        self.init_declare()
        for card in centre:
            self.emit(ev.CommunityCard, card)
        self.post_antes()
        self._advance()

    @staticmethod
    def _validate(ruleset: Ruleset, seats: Sequence[Seat]) -> None:
        n = len(seats)
        if not ruleset.seats.min <= n <= ruleset.seats.max:
            raise StudError(
                f"{n} players cannot play {ruleset.name or 'this ruleset'}; "
                f"expected {ruleset.seats.min} to {ruleset.seats.max}"
            )
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != n:
            raise StudError(f"seat numbers must be distinct, got {numbers}")
        for s in seats:
            if Decimal(s.stack) <= 0:
                raise StudError(f"seat {s.seat} ({s.name}) has no chips; stacks must be > 0")
        if ruleset.stakes.bring_in is None and any(r.opener == "bring-in" for r in ruleset.streets):
            raise StudError("a street opens with a bring-in but stakes.bring_in is not set")

    # --- the flow ----------------------------------------------------------------------
    def _advance(self) -> None:
        """Run streets until someone must act or the hand is over."""
        streets = self.ruleset.streets
        while True:
            if self.in_count <= 1:
                self.award_uncontested()
                return
            self.street_index += 1
            if self.street_index >= len(streets):
                if self.start_declare():
                    return
                self.showdown()
                return
            row = streets[self.street_index]
            limit = row.deal_if_players_at_most
            if limit is not None and self.dealt_in > limit:
                continue
            self.street_row = row
            self.emit(ev.StreetStarted, row.name)
            if row.exchange is not None and self.start_exchange():
                return
            if self.street_body():
                return

    def street_body(self) -> bool:
        """Deal the street and open its betting; True when a player must act."""
        self.deal_street()
        row = self.street_row
        assert row is not None
        if row.bet is not None and self.start_round():
            self.phase = "betting"
            return True
        return False

    def resume(self) -> None:
        """Go on after an exchange round (deal and bet the same street, then the next)."""
        if self.in_count > 1 and self.street_body():
            return
        self._advance()

    # --- queries -----------------------------------------------------------------------
    @property
    def street(self) -> str | None:
        return self.street_row.name if self.street_row is not None else None

    @property
    def to_act(self) -> int | None:
        if self.phase == "complete" or self.to_act_index < 0:
            return None
        return self.order[self.to_act_index].seat

    @property
    def pot(self) -> Decimal:
        return self.units.money(sum(p.committed for p in self.order))

    def pots(self) -> list[PotView]:
        m = self.units.money
        return [
            PotView(m(amount), tuple(sorted(p.seat for p in elig)))
            for amount, elig in build_pots(self.order)
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
        return [self._view(p) for p in sorted(self.order, key=lambda q: q.seat)]

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats as the hand started (stacks before the antes), by seat number."""
        return self._initial

    @property
    def community(self) -> tuple[Card, ...]:
        """Cards face up in the centre for everyone: ``deck.centre``, then run-out cards."""
        return tuple(self.common)

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """Every step so far, in order (built from the internal log when read)."""
        built = self._events
        log = self.log
        if len(built) < len(log):
            money = self.units.money
            fields = ev.MONEY_FIELDS
            for entry in log[len(built) :]:
                kind = entry[0]
                args = list(entry[1:])
                for i in fields.get(kind, ()):
                    args[i] = money(args[i])
                built.append(kind(*args))
        return tuple(built)

    @property
    def result(self) -> Result | None:
        return self.build_result()

    @property
    def complete(self) -> bool:
        return self.phase == "complete"

    def to_history(self) -> dict[str, Any]:
        """The hand as JSON-able data; :func:`stud.engine.replay` plays it again."""
        from stud.engine.history import to_history

        return to_history(self)

    # --- legal actions -------------------------------------------------------------------
    def options(self) -> list[Option]:
        """The acting player's options as ``(action, lo, hi)`` in chip units."""
        if self.phase == "complete" or self.to_act_index < 0:
            return []
        p = self.order[self.to_act_index]
        if self.phase == "betting":
            return self.betting_options(p)
        if self.phase == "exchange":
            return self.exchange_options(p)
        return self.declare_options(p)

    def legal_actions(self) -> list[LegalAction]:
        if self.phase == "complete" or self.to_act_index < 0:
            return []
        p = self.order[self.to_act_index]
        return [self._legal(p, o) for o in self.options()]

    def _legal(self, p: PlayerState, option: Option) -> LegalAction:
        action, lo, hi = option
        m, t = self.units.money, self.units.text
        if lo < 0:
            if action == "declare":
                return LegalAction(action, text=f"declare {self.declarations()[hi]}")
            return LegalAction(action, text=action.replace("_", "-"))
        if action == "call":
            return LegalAction(action, m(lo), chips=m(lo - p.bet), text=f"call {t(lo - p.bet)}")
        if action == "exchange":
            return LegalAction(action, m(lo), text=f"exchange ({t(lo)})" if lo else "exchange")
        verb = {"bring_in": "bring-in", "bet": "bet"}.get(action, f"{action} to")
        if lo == hi:
            return LegalAction(action, m(lo), text=f"{verb} {t(lo)}")
        return LegalAction(action, min=m(lo), max=m(hi), text=f"{verb} {t(lo)}..{t(hi)}")

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
        """Play one action for ``seat``; raise :class:`IllegalAction` (state unchanged)."""
        name = _CANONICAL.get(action) if type(action) is str else None
        if name is None:
            name = str(action).strip().lower().replace("-", "_")
        phase = self.phase
        if phase == "betting":
            p = self.order[self.to_act_index]
            if seat != p.seat:
                raise self.illegal(f"seat {seat} cannot act now: seat {p.seat} is to act")
            if name not in _BETTING:
                raise self.illegal(f"{action} is not an action in the betting phase")
            to = self._betting_amount(p, name, amount)
            self.actions.append((seat, name, to, None, None))
            self.apply_betting(p, name, to)
            if self.in_count > 1:
                nxt = self.next_to_act(p.index)
                if nxt >= 0:
                    self.to_act_index = nxt
                    return
            self._after_betting(p)
            return
        if phase == "complete":
            raise IllegalAction("the hand is over", [])
        p = self.actor(seat)
        if name not in PHASE_ACTIONS[phase]:
            raise self.illegal(f"{action} is not an action in the {phase} phase")
        if phase == "exchange":
            self.act_exchange(p, name, cards)
        else:
            self.act_declare(p, declare)

    def actor(self, seat: int) -> PlayerState:
        """The player who may act as ``seat`` now (any undeclared seat when simultaneous)."""
        if self.phase == "declare" and self.simultaneous():
            p = self.by_seat.get(seat)
            if p is None or p.folded or p.index in self.pending_declares:
                raise self.illegal(f"seat {seat} has nothing to declare")
            return p
        p = self.order[self.to_act_index]
        if seat != p.seat:
            raise self.illegal(f"seat {seat} cannot act now: seat {p.seat} is to act")
        return p

    def illegal(self, reason: str) -> IllegalAction:
        return IllegalAction(reason, [str(a) for a in self.legal_actions()])

    def record(
        self,
        seat: int,
        action: str,
        amount: int,
        declare: str | None = None,
        cards: list[str] | None = None,
    ) -> None:
        self.actions.append((seat, action, amount, declare, cards))

    def _betting_amount(self, p: PlayerState, name: str, amount: object) -> int:
        if name in _PASSIVE and self.forced_index != p.index:
            facing = self.cur > p.bet
            if name == "check":
                if not facing:
                    return -1
            elif facing:
                if name == "fold":
                    return -1
                to = min(self.cur, p.bet + p.stack)
                if amount is None or self.units.known(amount) == to:
                    return to
        elif name in _AGGRESSIVE:
            to = self.aggressive_amount(p, name, amount)
            if to >= 0:
                return to
        matching = [o for o in self.betting_options(p) if o[0] == name]
        if not matching:
            raise self.illegal(f"{name.replace('_', '-')} is not legal now")
        if matching[0][1] < 0:
            return -1
        if amount is None:
            if len(matching) == 1 and matching[0][1] == matching[0][2]:
                if name in _AGGRESSIVE:
                    ranges = self.full_ranges(p, name)
                    self.full_to = min(lo for lo, _ in ranges) if ranges else matching[0][1]
                return matching[0][1]
            raise self.illegal(f"{name.replace('_', '-')} needs an amount (the street total)")
        to = self.units.known(amount)
        if to < 0:
            try:
                to = self.units.to_units(amount)
            except (MoneyError, TypeError) as exc:
                raise self.illegal(str(exc)) from None
        if not any(lo <= to <= hi for _, lo, hi in matching):
            raise self.illegal(
                f"{name.replace('_', '-')} to {self.units.text(to)} is not a legal amount"
            )
        if name in _AGGRESSIVE:
            ranges = self.full_ranges(p, name)
            self.full_to = min(lo for lo, _ in ranges) if ranges else to
        return to

    def _after_betting(self, p: PlayerState) -> None:
        if self.in_count <= 1:
            self.end_round()
            self.award_uncontested()
            return
        nxt = self.next_to_act(p.index)
        if nxt >= 0:
            self.to_act_index = nxt
            return
        self.end_round()
        self._advance()

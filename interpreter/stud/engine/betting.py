"""A betting round: who acts, what they may do, and what an action does.

The round keeps ``level`` (the highest street total), ``state`` (:class:`RoundState`:
nothing in / only the bring-in / a bet or completion), ``raises`` (raises after the bet,
for the cap), ``last_inc`` (the last full bet or raise, the minimum next raise in spread,
pot and no limit), ``full_level`` (the total of the last bet or raise that reopened the
betting) and ``acted`` (each player who acted this round, with the ``full_level`` then: a
player who acted since the last full raise may only call or fold, which is how a short
all-in raise below ``betting.reopen_fraction`` of a full raise does not reopen the action).
A short all-in completion of at least that fraction of the completion counts as the
completion (the next raise goes a full bet above it); a shorter one leaves the bring-in
still to be completed.

One round object lives as long as the hand: :meth:`BettingRound.start` sets it up for a
street.  It also counts the players still in the hand (only a fold changes that) and the
open pairs among them (``paired``, LIMIT-04).  Amounts are chip units.
"""

from __future__ import annotations

from decimal import Decimal
from enum import IntEnum

from stud.engine import events as ev
from stud.engine.limits import Ranges, Structure
from stud.engine.options import Option, Refused
from stud.engine.state import Log, PlayerState
from stud.engine.units import Units
from stud.errors import MoneyError
from stud.rules.model import Betting, Street


class RoundState(IntEnum):
    """What is in so far this round."""

    NO_BET = 0
    BRING_IN_ONLY = 1
    BET_MADE = 2


NO_BET, BRING_IN_ONLY, BET_MADE = RoundState
KIND = ("bet", "complete", "raise")  # the aggressive action, by RoundState
PASSIVE = frozenset({"fold", "check", "call"})


_RINGS: dict[int, tuple[tuple[int, ...], ...]] = {}


def ring(n: int) -> tuple[tuple[int, ...], ...]:
    """For each index of a table of ``n`` players, the others' indexes clockwise after it
    (built once per table size).

    >>> ring(3)
    ((1, 2), (2, 0), (0, 1))
    """
    after = _RINGS.get(n)
    if after is None:
        after = _RINGS[n] = tuple(tuple((i + step) % n for step in range(1, n)) for i in range(n))
    return after


class BettingRound:
    """The betting of one street, reused street after street (see the module text)."""

    __slots__ = (
        "players",
        "after",
        "units",
        "log",
        "structure",
        "cap",
        "uncapped_heads_up",
        "reopen_fraction",
        "fold_when_check",
        "big_bet_locks",
        "pot_ceiling",
        "double_raise",
        "bring_in",
        "small",
        "big",
        "row",
        "unit",
        "step",
        "level",
        "state",
        "raises",
        "last_inc",
        "full_level",
        "big_locked",
        "forced",
        "acted",
        "live_at_start",
        "paired",
        "in_hand",
        "last_aggressor",
        "hand_aggressor",
    )

    def __init__(
        self,
        players: list[PlayerState],
        betting: Betting,
        structure: Structure,
        units: Units,
        stakes: tuple[int | None, int, int],
        log: Log,
    ):
        self.players = players
        self.after = ring(len(players))
        self.units = units
        self.log = log
        self.structure = structure
        self.cap = betting.max_raises
        self.uncapped_heads_up = betting.uncapped_heads_up
        self.reopen_fraction = betting.reopen_fraction
        self.fold_when_check = betting.fold_when_check == "allowed"
        self.big_bet_locks = betting.big_bet_locks
        self.pot_ceiling = betting.pot_ceiling
        self.double_raise = betting.min_raise == "double"
        self.bring_in, self.small, self.big = stakes
        self.row: Street | None = None
        self.unit = self.small  # the street's fixed unit / minimum bet
        self.step: int | None = None  # the street's one fixed increment (fixed_step)
        self.level = 0
        self.state = NO_BET
        self.raises = 0
        self.last_inc = 0
        self.full_level = 0
        self.big_locked = False
        self.forced: int | None = None  # who must bring in (index), None once done
        self.acted: dict[int, int] = {}  # index -> full_level when the player last acted
        self.live_at_start = 0
        self.paired = 0  # open pairs among players still in
        self.in_hand = len(players)  # players not folded
        self.last_aggressor: int | None = None  # this round
        self.hand_aggressor: int | None = None  # the whole hand

    # --- the round -------------------------------------------------------------------
    def start(self, row: Street) -> bool:
        """Set up the street's betting round; False when nobody can bet."""
        self.row = row
        self.acted = {}
        self.level = 0
        self.state = NO_BET
        self.raises = 0
        self.last_inc = 0
        self.full_level = 0
        self.big_locked = False
        self.forced = None
        self.last_aggressor = None
        self.unit = self.big if row.bet == "big" else self.small
        self.step = self.structure.fixed_step(self)
        paired = live = 0
        for p in self.players:
            if not p.folded:
                paired += p.paired
                live += not p.all_in
        self.paired = paired
        self.live_at_start = live
        return live >= 2

    def open(self, opener: int, forced: bool) -> int:
        """The first to act: the forced player (the bring-in), else the opener or the
        first live player after."""
        if forced:
            self.forced = opener
            return opener
        players = self.players
        index = opener
        for _ in range(len(players)):
            p = players[index]
            if not p.folded and not p.all_in:
                return index
            index = (index + 1) % len(players)
        return opener  # pragma: no cover - start() saw two live players

    def next_to_act(self, index: int) -> int | None:
        """The next player clockwise who still has to act, or None: the round is over."""
        players = self.players
        level = self.level
        acted = self.acted
        for i in self.after[index]:
            q = players[i]
            if q.folded or q.all_in:
                continue
            if i not in acted or q.bet < level:
                return i
        return None

    def force(self, level: int, full: bool) -> None:
        """Forced bets already in front of the players (the blinds, BLIND-02): ``level`` to
        call; ``full``: it is the street's bet (raises follow), else it may be completed."""
        self.level = level
        if full:
            self._opened(level)
        else:
            self.state = BRING_IN_ONLY

    def fold_out(self, p: PlayerState) -> None:
        """Fold a player outside their turn: an event put them out (EVENT-08)."""
        p.folded = True
        self.in_hand -= 1
        if p.paired:
            self.paired -= 1

    def end(self) -> None:
        self.level = 0
        self.forced = None

    def capped(self) -> bool:
        cap = self.cap
        if cap is None or self.raises < cap:
            return False
        mode = self.uncapped_heads_up
        if mode == "in-hand":
            return self.in_hand > 2
        if mode == "round-start":
            return self.live_at_start > 2
        return True

    def may_aggress(self, p: PlayerState) -> bool:
        if self.state == BET_MADE:
            seen = self.acted.get(p.index)
            if seen is not None and seen >= self.full_level:
                return False  # no full raise since this player acted
            if self.cap is not None and self.raises >= self.cap and self.capped():
                return False
        level = self.level
        for q in self.players:
            if q is not p and not q.folded and not q.all_in and q.bet + q.stack > level:
                return True  # this opponent could put in more than the bet now: answer it
        return False  # every opponent folded, is all in or cannot even match the bet

    def full_ranges(self, p: PlayerState, kind: str) -> Ranges:
        s = self.structure
        if kind == "bet":
            return s.bet(self, p)
        if kind == "complete":
            return s.complete(self, p)
        return s.raise_(self, p)

    def bring_in_to(self, allin_to: int) -> int:
        bring = self.bring_in or 0
        return bring if bring < allin_to else allin_to

    def call_to(self, allin_to: int) -> int:
        return self.level if self.level < allin_to else allin_to

    @staticmethod
    def clip(ranges: Ranges, allin_to: int) -> Ranges:
        """The ranges as the player's stack allows (all in when it cannot reach one)."""
        out: Ranges = []
        for lo, hi in ranges:
            item = (allin_to, allin_to) if allin_to <= lo else (lo, min(hi, allin_to))
            if item not in out:
                out.append(item)
        return out

    # --- legal options ---------------------------------------------------------------
    def options(self, p: PlayerState) -> list[Option]:
        allin_to = p.bet + p.stack
        opts: list[Option] = []
        if self.forced == p.index:
            bring = self.bring_in_to(allin_to)
            opts.append(Option("bring_in", bring, bring))
            if allin_to > bring:
                ranges = self.clip(self.full_ranges(p, "complete"), allin_to)
                opts += [Option("complete", lo, hi) for lo, hi in ranges]
            return opts
        if self.level > p.bet:
            call_to = self.call_to(allin_to)
            opts.append(Option("fold"))
            opts.append(Option("call", call_to, call_to))
        else:
            opts.append(Option("check"))
            if self.fold_when_check:
                opts.append(Option("fold"))
        if allin_to > self.level and self.may_aggress(p):
            kind = KIND[self.state]
            ranges = self.clip(self.full_ranges(p, kind), allin_to)
            opts += [Option(kind, lo, hi) for lo, hi in ranges]
        return opts

    def play(self, p: PlayerState, name: str, amount: object) -> int | None:
        """Play an action for ``p`` and return its street total (None for fold and check);
        raise :class:`Refused`, with nothing changed, when it is not legal."""
        allin_to = p.bet + p.stack
        log = self.log
        if self.forced == p.index:
            if name == "bring_in":
                to = self._exactly(name, self.bring_in_to(allin_to), amount)
                self._put(p, to - p.bet)
                self.level = to
                self.forced = None
                if to >= self.unit:  # a bring-in of a full small bet is the bet (BRING-08, -10)
                    self._opened(to)
                else:
                    self.state = BRING_IN_ONLY
                log.append((ev.BringIn, p.seat, to))
            elif name != "complete" or allin_to <= self.bring_in_to(allin_to):
                raise Refused(f"{name.replace('_', '-')} is not legal now")
            else:
                to = self._aggress(p, name, amount, allin_to)
        elif name in PASSIVE:
            level = self.level
            if level > p.bet and name == "call":
                to = level if level < allin_to else allin_to  # call_to
                if amount is not None and not (
                    type(amount) is Decimal and amount == self.units.money(to)
                ):
                    self._exactly(name, to, amount)
                added = to - p.bet
                p.stack -= added
                p.bet = to
                p.committed += added
                log.append((ev.Call, p.seat, to, added))
            elif name == "fold" and (level > p.bet or self.fold_when_check):
                to = None
                p.folded = True
                self.in_hand -= 1
                if p.paired:
                    self.paired -= 1
                log.append((ev.Fold, p.seat))
            elif name == "check" and level <= p.bet:
                to = None
                log.append((ev.Check, p.seat))
            else:
                raise Refused(f"{name} is not legal now")
        elif name != KIND[self.state] or allin_to <= self.level or not self.may_aggress(p):
            raise Refused(f"{name.replace('_', '-')} is not legal now")
        else:
            to = self._aggress(p, name, amount, allin_to)
        self.acted[p.index] = self.full_level
        if p.stack == 0 and not p.all_in and not p.folded:
            p.all_in = True
            log.append((ev.AllIn, p.seat))
        return to

    def _aggressive_to(self, name: str, amount: object, full: Ranges, allin_to: int) -> int:
        """The street total of a bet, completion or raise of ``amount`` within the full
        ranges ``full`` as the stack allows; :class:`Refused` when it is not legal."""
        if not full:
            raise Refused(f"{name} is not legal now")
        if amount is None:
            ranges = self.clip(full, allin_to)
            if len(ranges) != 1 or ranges[0][0] != ranges[0][1]:
                raise Refused(f"{name} needs an amount (the street total)")
            return ranges[0][0]
        if type(amount) is Decimal and len(full) == 1 and amount == self.units.money(full[0][0]):
            to = full[0][0]  # a fixed-limit amount, as exact as in the ranges below
            if to > allin_to:
                raise Refused(f"{name} to {self.units.text(to)} is not a legal amount")
            return to
        to = self._units(amount)
        for lo, hi in full:  # each range as the stack allows (see clip)
            if lo <= to <= hi and to <= allin_to if allin_to > lo else to == allin_to:
                return to
        raise Refused(f"{name} to {self.units.text(to)} is not a legal amount")

    def _exactly(self, name: str, to: int, amount: object) -> int:
        if amount is not None and not (type(amount) is Decimal and amount == self.units.money(to)):
            asked = self._units(amount)
            if asked != to:
                verb = name.replace("_", "-")
                raise Refused(f"{verb} to {self.units.text(asked)} is not a legal amount")
        return to

    def _units(self, amount: object) -> int:
        to = self.units.known(amount)
        if to is None:  # not a plain amount: say why
            try:
                to = self.units.to_units(amount)
            except (MoneyError, TypeError) as exc:
                raise Refused(str(exc)) from None
        return to

    # --- acting ----------------------------------------------------------------------
    def _aggress(self, p: PlayerState, action: str, amount: object, allin_to: int) -> int:
        """A bet, completion or raise: checked against the full ranges (read before
        anything moves), then played; its street total."""
        step = self.step
        to = full_to = 0
        if step is not None:  # a fixed amount the stack covers, as the ranges would find it
            to = full_to = step if action != "raise" else self.level + step
            if (
                to > allin_to
                or not (
                    amount is None or (type(amount) is Decimal and amount == self.units.money(to))
                )
                or (action == "complete" and to <= (self.level or self.bring_in or 0))
            ):
                step = None
        if step is None:
            full = self.full_ranges(p, action)
            to = self._aggressive_to(action, amount, full, allin_to)
            full_to = full[0][0] if len(full) == 1 else min(lo for lo, _ in full)
        size = to if action != "raise" else to - self.level
        added = to - p.bet
        if action == "complete":
            self.forced = None
            if to >= full_to:
                self._opened(to)
            elif Decimal(to) >= self.reopen_fraction * full_to:
                self._opened(to)  # a short all-in completion of at least the fraction
                self.last_inc = full_to  # counts as the completion (raise on top of it)
            else:  # too short to count: the bring-in is still to be completed
                self.state = BRING_IN_ONLY
            self.log.append((ev.Complete, p.seat, to, added))
        elif action == "bet":
            self._opened(to)
            self.last_inc = max(to, full_to)
            self.log.append((ev.Bet, p.seat, to, added))
        else:
            full_inc = full_to - self.level
            if size >= full_inc:
                self.raises += 1
                self.last_inc = max(self.last_inc, size)
                self.full_level = to
            elif Decimal(size) >= self.reopen_fraction * full_inc:
                self.raises += 1
                self.full_level = to
            self.log.append((ev.Raise, p.seat, to, added))
        if step is None and self.structure.locks_big(self, size):
            self.big_locked = True
        p.stack -= added
        p.bet = to
        p.committed += added
        self.level = to
        self.last_aggressor = self.hand_aggressor = p.index
        return to

    def _opened(self, to: int) -> None:
        self.state = BET_MADE
        self.raises = 0
        self.last_inc = to
        self.full_level = to

    @staticmethod
    def _put(p: PlayerState, chips: int) -> None:
        p.stack -= chips
        p.bet += chips
        p.committed += chips

"""Betting rounds: who acts, what they may do, and what an action does.

The round keeps ``cur`` (the highest street total), ``bet_state`` (nothing / only the
bring-in / a bet or completion), ``raises`` (raises after the bet, for the cap),
``last_inc`` (the last full bet or raise, the minimum next raise in spread, pot and no
limit) and ``full_level`` (the total of the last bet or raise that reopened the betting:
a player who acted since may only call or fold, which is how a short all-in raise below
``betting.reopen_fraction`` of a full raise does not reopen the action).  A short all-in
completion of at least that fraction of the completion counts as the completion (the next
raise goes a full bet above it); a shorter one leaves the bring-in still to be completed.
"""

from __future__ import annotations

from decimal import Decimal

from stud.engine import events as ev
from stud.engine.limits import Ranges, Structure
from stud.engine.openers import OPENERS
from stud.engine.state import BET_MADE, BRING_IN_ONLY, NO_BET, HandState, PlayerState

# an option: (action, lowest total, highest total); -1 where no amount applies
Option = tuple[str, int, int]
AGGRESSIVE = ("bring_in", "complete", "bet", "raise")


class BettingMixin(HandState):
    """Betting-round behaviour of :class:`stud.engine.hand.Hand`."""

    in_count: int  # players not folded
    full_to: int  # the smallest full bet/raise total of the action being played
    structure: Structure

    # --- the round -------------------------------------------------------------------
    def start_round(self) -> bool:
        """Set up the street's betting round; False when nobody can bet."""
        row = self.street_row
        assert row is not None
        for p in self.order:
            p.acted = False
            p.seen_level = 0
        self.cur = 0
        self.bet_state = NO_BET
        self.raises = 0
        self.last_inc = 0
        self.full_level = 0
        self.big_locked = False
        self.forced_index = -1
        self.last_aggressor = -1
        self.unit = self.big_u if row.bet == "big" else self.small_u
        live = [p for p in self.order if not p.folded and not p.all_in]
        self.round_start_active = len(live)
        if len(live) < 2:
            return False
        opener = OPENERS[row.opener](self)
        if row.opener == "bring-in":
            self.forced_index = opener
            self.to_act_index = opener
        else:
            self.to_act_index = self.first_live_from(opener)
        return True

    def first_live_from(self, index: int) -> int:
        players = self.order
        for _ in range(len(players)):
            p = players[index]
            if not p.folded and not p.all_in:
                return index
            index = (index + 1) % len(players)
        return -1

    def next_to_act(self, index: int) -> int:
        """The next player clockwise who still has to act, or -1: the round is over."""
        players = self.order
        n = len(players)
        cur = self.cur
        for _ in range(n - 1):
            index = index + 1 if index + 1 < n else 0
            q = players[index]
            if q.folded or q.all_in:
                continue
            if not q.acted or q.bet < cur:
                return index
        return -1

    def capped(self) -> bool:
        cap = self.ruleset.betting.max_raises
        if cap is None or self.raises < cap:
            return False
        mode = self.ruleset.betting.uncapped_heads_up
        if mode == "in-hand":
            return self.in_count > 2
        if mode == "round-start":
            return self.round_start_active > 2
        return True

    def may_aggress(self, p: PlayerState) -> bool:
        if self.bet_state == BET_MADE:
            if p.acted and p.seen_level >= self.full_level:
                return False  # no full raise since this player acted
            if self.capped():
                return False
        cur = self.cur
        for q in self.order:
            if q is not p and not q.folded and not q.all_in and q.bet + q.stack > cur:
                return True  # this opponent could put in more than the bet now: answer it
        return False  # every opponent folded, is all in or cannot even match the bet

    def aggressive_kind(self) -> str:
        return ("bet", "complete", "raise")[self.bet_state]

    def full_ranges(self, p: PlayerState, kind: str) -> Ranges:
        s = self.structure
        if kind == "bet":
            return s.bet(self, p)
        if kind == "complete":
            return s.complete(self, p)
        return s.raise_(self, p)

    # --- legal options ---------------------------------------------------------------
    def betting_options(self, p: PlayerState) -> list[Option]:
        allin_to = p.bet + p.stack
        opts: list[Option] = []
        if self.forced_index == p.index:
            assert self.bring_in_u is not None
            bring = self.bring_in_u if self.bring_in_u < allin_to else allin_to
            opts.append(("bring_in", bring, bring))
            if allin_to > bring:
                self._add_ranges(opts, "complete", self.full_ranges(p, "complete"), allin_to)
            return opts
        if self.cur > p.bet:
            call_to = self.cur if self.cur < allin_to else allin_to
            opts.append(("fold", -1, -1))
            opts.append(("call", call_to, call_to))
        else:
            opts.append(("check", -1, -1))
            if self.ruleset.betting.fold_when_check == "allowed":
                opts.append(("fold", -1, -1))
        if allin_to > self.cur and self.may_aggress(p):
            kind = self.aggressive_kind()
            self._add_ranges(opts, kind, self.full_ranges(p, kind), allin_to)
        return opts

    @staticmethod
    def _add_ranges(opts: list[Option], kind: str, ranges: Ranges, allin_to: int) -> None:
        for lo, hi in ranges:
            option = (kind, allin_to, allin_to) if allin_to <= lo else (kind, lo, min(hi, allin_to))
            if option not in opts:
                opts.append(option)

    # --- acting ----------------------------------------------------------------------
    def apply_betting(self, p: PlayerState, action: str, to: int) -> None:
        """Play a validated action (``to`` is the street total; ignored for fold/check)."""
        seat = p.seat
        log = self.log
        if action == "call":
            added = to - p.bet
            p.stack -= added
            p.bet = to
            p.committed += added
            log.append((ev.Call, seat, to, added))
        elif action == "fold":
            p.folded = True
            self.in_count -= 1
            if p.paired:
                self.paired_live -= 1
            log.append((ev.Fold, seat))
        elif action == "check":
            log.append((ev.Check, seat))
        elif action == "bring_in":
            self._put(p, to - p.bet)
            self.cur = to
            self.forced_index = -1
            if to >= self.unit:  # a bring-in of a full small bet is the bet (BRING-08, -10)
                self._opened(to)
            else:
                self.bet_state = BRING_IN_ONLY
            log.append((ev.BringIn, seat, to))
        else:
            self._aggress(p, action, to)
        p.acted = True
        p.seen_level = self.full_level
        if p.stack == 0 and not p.all_in and not p.folded:
            p.all_in = True
            log.append((ev.AllIn, seat))

    def aggressive_amount(self, p: PlayerState, name: str, amount: object) -> int:
        """Validate a bet, completion or raise; -2 when it is not legal as asked (the
        caller then explains why with the full list of options)."""
        forced = self.forced_index == p.index
        if forced:
            if name != "complete" or p.bet + p.stack <= (self.bring_in_u or 0):
                return -2
        elif name != ("bet", "complete", "raise")[self.bet_state]:
            return -2
        allin_to = p.bet + p.stack
        if allin_to <= self.cur or not (forced or self.may_aggress(p)):
            return -2
        ranges = self.full_ranges(p, name)
        if not ranges:
            return -2
        if amount is None:
            if len(ranges) != 1 or ranges[0][0] != ranges[0][1] and ranges[0][0] < allin_to:
                return -2
            to = ranges[0][0] if ranges[0][0] < allin_to else allin_to
        else:
            to = self.units.known(amount)
            if to < 0:
                return -2
        for lo, hi in ranges:
            if allin_to <= lo:
                ok = to == allin_to
            else:
                ok = lo <= to <= (hi if hi < allin_to else allin_to)
            if ok:
                self.full_to = min(lo for lo, _ in ranges)
                return to
        return -2

    def _aggress(self, p: PlayerState, action: str, to: int) -> None:
        full_to = self.full_to
        size = to if action != "raise" else to - self.cur
        added = to - p.bet
        if action == "complete":
            self.forced_index = -1
            if to >= full_to:
                self._opened(to)
            elif Decimal(to) >= self.ruleset.betting.reopen_fraction * full_to:
                self._opened(to)  # a short all-in completion of at least the fraction
                self.last_inc = full_to  # counts as the completion (raise on top of it)
            else:  # too short to count: the bring-in is still to be completed
                self.bet_state = BRING_IN_ONLY
            self.emit(ev.Complete, p.seat, to, added)
        elif action == "bet":
            self._opened(to)
            self.last_inc = max(to, full_to)
            self.emit(ev.Bet, p.seat, to, added)
        else:
            full_inc = full_to - self.cur
            if size >= full_inc:
                self.raises += 1
                self.last_inc = max(self.last_inc, size)
                self.full_level = to
            elif Decimal(size) >= self.ruleset.betting.reopen_fraction * full_inc:
                self.raises += 1
                self.full_level = to
            self.emit(ev.Raise, p.seat, to, added)
        if self.structure.locks_big(self, size):
            self.big_locked = True
        self._put(p, added)
        self.cur = to
        self.last_aggressor = self.hand_aggressor = p.index

    def _opened(self, to: int) -> None:
        self.bet_state = BET_MADE
        self.raises = 0
        self.last_inc = to
        self.full_level = to

    def _put(self, p: PlayerState, chips: int) -> None:
        p.stack -= chips
        p.bet += chips
        p.committed += chips

    def return_uncalled(self) -> None:
        """Give back the part of the highest street total nobody matched."""
        top: PlayerState | None = None
        second = 0
        for p in self.order:
            if top is None or p.bet > top.bet:
                if top is not None:
                    second = max(second, top.bet)
                top = p
            else:
                second = max(second, p.bet)
        if top is None or top.bet <= second:
            return
        back = top.bet - second
        top.bet -= back
        top.committed -= back
        top.stack += back
        if top.all_in and top.stack > 0:
            top.all_in = False
        self.emit(ev.UncalledReturned, top.seat, back)

    def end_round(self) -> None:
        self.return_uncalled()
        for p in self.order:
            p.bet = 0
        self.cur = 0
        self.to_act_index = -1
        self.forced_index = -1

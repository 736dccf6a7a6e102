"""The pots: what each player committed, main and side pots, awards and odd chips.

:class:`Pots` takes the antes, gives back an uncalled bet, cuts a pot between the shares
(``pot.split_unit``, the odd unit to ``pot.odd_chip_share``) and among tied winners (odd
chips one each in ``pot.odd_chip_tie`` order), and pays the awards.  :func:`build_pots`
reads the pots off the players' commitments:

A pot closes at every all-in level of a player still in the hand; each pot is contested
by the players in the hand who put in at least its level, or who are not all in (while a
round is open they may still match it).  Chips of folded players count
in every level they reached (dead money), and anything above the highest level of the
players still in goes to the last pot.

>>> class P:
...     def __init__(self, c, folded=False, all_in=False):
...         self.committed, self.folded, self.all_in = c, folded, all_in
>>> ps = [P(20, all_in=True), P(50), P(50), P(30, folded=True)]
>>> [(amount, [ps.index(p) for p in elig]) for amount, elig in build_pots(ps)]
[(80, [0, 1, 2]), (70, [1, 2])]

While a round is open, a live player who has not yet called is still in the pot:

>>> ps = [P(10), P(35), P(5)]
>>> [(amount, [ps.index(p) for p in elig]) for amount, elig in build_pots(ps)]
[(50, [0, 1, 2])]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from stud.engine import events as ev
from stud.engine.state import Log, PlayerState
from stud.engine.units import Units
from stud.engine.views import Award
from stud.rules.model import Pot

# winners of a pot: per share (None: no share, e.g. a split of an unqualified pot)
Winners = list[tuple[str | None, list[PlayerState]]]


class Contributor(Protocol):
    committed: int
    folded: bool
    all_in: bool


P = TypeVar("P", bound=Contributor)


def build_pots(players: Sequence[P]) -> list[tuple[int, list[P]]]:
    """``[(amount, eligible players), ...]``, main pot first."""
    contenders = [p for p in players if not p.folded]
    total = sum(p.committed for p in players)
    if not contenders:
        return [(total, [])] if total else []
    if not any(p.all_in for p in contenders):  # no all-in level: one pot, all contend
        return [(total, contenders)]
    top = max(p.committed for p in contenders)
    levels = sorted({p.committed for p in contenders if p.all_in and p.committed < top})
    levels.append(top)
    pots: list[tuple[int, list[P]]] = []
    previous = 0
    counted = 0
    for level in levels:
        amount = 0
        for p in players:
            c = p.committed
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = [p for p in contenders if p.committed >= level or not p.all_in]
        if amount > 0 or not pots:
            pots.append((amount, eligible))
        previous = level
        counted += amount
    if counted < total:
        amount, eligible = pots[-1]
        pots[-1] = (amount + total - counted, eligible)
    return pots


class Pots:
    """The chips of one hand: commitments in, awards out (chip units)."""

    def __init__(self, players: list[PlayerState], rules: Pot, units: Units, log: Log):
        self.players = players
        self.rules = rules
        self.units = units
        self.log = log

    def total(self) -> int:
        return sum(p.committed for p in self.players)

    def side_pots(self) -> list[tuple[int, list[PlayerState]]]:
        """``[(amount, eligible players), ...]``, main pot first."""
        return build_pots(self.players)

    # --- in ----------------------------------------------------------------------------
    def post_antes(self, ante: int) -> None:
        if ante <= 0:
            return
        log = self.log
        kind = ev.Ante
        for p in self.players:
            stack = p.stack
            if stack > ante:
                p.stack = stack - ante
                p.committed += ante
                log.append((kind, p.seat, ante, False))
            else:
                p.stack = 0
                p.committed += stack
                p.all_in = True
                log.append((kind, p.seat, stack, True))
                log.append((ev.AllIn, p.seat))

    def pay_in(self, p: PlayerState, chips: int) -> None:
        """Chips into the pot that are not a bet (an exchange price)."""
        p.stack -= chips
        p.committed += chips

    def end_street(self) -> None:
        """The street's betting is over: the part of the highest street total nobody
        matched goes back, the bets go in."""
        top: PlayerState | None = None
        highest = second = 0
        for p in self.players:
            bet = p.bet
            if bet:
                p.bet = 0
                if bet > highest:
                    top, highest, second = p, bet, highest
                elif bet > second:
                    second = bet
        if top is None or highest <= second:
            return
        back = highest - second
        top.committed -= back
        top.stack += back
        if top.all_in and top.stack > 0:
            top.all_in = False
        self.log.append((ev.UncalledReturned, top.seat, back))

    # --- out ---------------------------------------------------------------------------
    def split(
        self, amount: int, winners: Winners
    ) -> list[tuple[str | None, list[PlayerState], int]]:
        """Cut a pot between the shares that have winners (HILO-07, HILO-08, HILO-10).

        Each share gets an equal number of whole units; the units left over go one each
        to the shares from ``pot.odd_chip_share`` on, in share order, and a part unit to
        ``odd_chip_share`` (with two shares: everything left over goes to it).
        """
        if not winners:
            return []
        if len(winners) == 1:
            name, players = winners[0]
            return [(name, players, amount)]
        pot = self.rules
        unit = self.units.to_units(pot.split_unit) if pot.split_unit is not None else 1
        unit = max(unit, 1)
        k = len(winners)
        base = (amount // (k * unit)) * unit
        parts = [base] * k
        names = [name for name, _ in winners]
        odd = names.index(pot.odd_chip_share) if pot.odd_chip_share in names else 0
        left = amount - base * k
        for step in range(k):
            if left < unit:
                break
            parts[(odd + step) % k] += unit
            left -= unit
        parts[odd] += left
        return [(name, players, part) for (name, players), part in zip(winners, parts, strict=True)]

    def divide(self, amount: int, players: list[PlayerState]) -> list[tuple[PlayerState, int]]:
        """Tied winners share in chips; odd chips go one each in ``pot.odd_chip_tie`` order."""
        n = len(players)
        if n == 1:
            return [(players[0], amount)]
        each, odd = divmod(amount, n)
        ordered = sorted(players, key=self.odd_chip_order)
        return [(p, each + (1 if i < odd else 0)) for i, p in enumerate(ordered)]

    def odd_chip_order(self, p: PlayerState) -> tuple[int, ...]:
        if self.rules.odd_chip_tie == "high-card":
            best = max(((c.rank, c.suit) for c in p.down + p.up if c.rank), default=(0, 0))
            return (-best[0], -best[1], p.index)
        return (p.index,)

    def award(self, pot: int, amount: int, winners: Winners) -> list[Award]:
        """Pay pot number ``pot`` to its winners, share by share."""
        awards = []
        for share, players, part in self.split(amount, winners):
            for p, chips in self.divide(part, players):
                if chips:
                    awards.append(self.pay(p, chips, pot, share))
        return awards

    def pay(self, p: PlayerState, chips: int, pot: int, share: str | None) -> Award:
        p.stack += chips
        self.log.append((ev.Awarded, p.seat, chips, pot, share))
        return Award(p.seat, self.units.money(chips), pot, share)

    def award_uncontested(self, winner: PlayerState) -> list[Award]:
        """Everyone else folded: the last player takes every pot, no hand is shown."""
        return [
            self.pay(winner, amount, index, None)
            for index, (amount, _) in enumerate(self.side_pots())
            if amount
        ]

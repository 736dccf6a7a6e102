"""Blinds (BLIND-01..04): forced bets posted before the deal, live on the first betting round.

The first player left of the dealer posts ``stakes.small_blind`` and the next one
``stakes.big_blind``; with two players ``blinds.heads_up`` decides (``dealer-small``: the
dealer posts the small blind, as in hold'em).  A blind a stack cannot cover is posted all
in.  The blinds are bets of the first betting street: the round starts with the full big
blind to call (even when the big blind is all in for less), the player left of the big
blind acts first (opener ``after-big-blind``), and the big blind is *live*: when everyone
only calls, its poster may still check or raise.  A big blind of the street's full bet is
the bet (raises follow); a smaller one is like a bring-in, to be called or completed.

>>> from stud.engine.state import PlayerState
>>> seated = [(2, "Bob"), (3, "Cat"), (1, "Ann")]  # clockwise from the dealer's left
>>> players = [PlayerState(s, n, 100, i) for i, (s, n) in enumerate(seated)]
>>> log = []
>>> blinds = Blinds(players, small=5, big=10, heads_up="dealer-small", log=log)
>>> blinds.post()
>>> [(p.name, p.bet, p.stack) for p in players]
[('Bob', 5, 95), ('Cat', 10, 90), ('Ann', 0, 100)]
>>> blinds.first_to_act()
2
"""

from __future__ import annotations

from typing import Protocol

from stud.engine import events as ev
from stud.engine.state import Log, PlayerState


class Round(Protocol):
    """What the blinds set on the betting round (:class:`stud.engine.betting.BettingRound`)."""

    unit: int

    def force(self, level: int, full: bool) -> None: ...


class Blinds:
    """The blinds of one hand (amounts in chip units); ``big`` None: a game without blinds."""

    __slots__ = ("players", "small", "big", "heads_up", "log", "posted", "pending", "big_index")

    def __init__(
        self,
        players: list[PlayerState],
        small: int | None,
        big: int | None,
        heads_up: str,
        log: Log,
    ):
        self.players = players
        self.small = small
        self.big = big
        self.heads_up = heads_up
        self.log = log
        self.posted: list[tuple[int, str, int]] = []  # (seat, "small"/"big", amount)
        self.pending = False  # posted, and their betting round has not started yet
        self.big_index: int | None = None

    def seats(self) -> tuple[int, int]:
        """The indexes (clockwise from the dealer's left) of the small and the big blind."""
        n = len(self.players)
        if n == 2 and self.heads_up == "dealer-small":
            return 1, 0  # the dealer (last from the dealer's left) posts the small blind
        return 0, 1

    def post(self) -> None:
        """Post both blinds from the stacks (after the antes)."""
        if self.big is None or self.small is None:
            return
        small, big = self.seats()
        self.big_index = big
        for index, kind, amount in ((small, "small", self.small), (big, "big", self.big)):
            p = self.players[index]
            chips = min(amount, p.stack)
            p.stack -= chips
            p.bet += chips
            p.committed += chips
            all_in = p.stack == 0 and not p.all_in
            self.posted.append((p.seat, kind, chips))
            self.log.append((ev.BlindPosted, p.seat, kind, chips, all_in))
            if all_in:
                p.all_in = True
                self.log.append((ev.AllIn, p.seat))
        self.pending = True

    def open_round(self, betting: Round) -> None:
        """The blinds' betting round: the full big blind to call, the big blind live."""
        assert self.big is not None
        self.pending = False
        betting.force(self.big, self.big >= betting.unit)

    def first_to_act(self) -> int:
        """The index of the player left of the big blind (the round skips who cannot act)."""
        big = self.big_index if self.big_index is not None else self.seats()[1]
        return (big + 1) % len(self.players)

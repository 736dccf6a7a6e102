"""The declaration (DECL-01..04): after the last betting round each player still in
declares one share (``high``/``low``, or whatever the shares are named) or every share:
``both`` with two shares, ``all`` with three or more (:func:`scoop_word`).

``showdown.declare_order`` is ``in-turn`` (from ``showdown.declare_starts``) or
``simultaneous`` (declarations stay hidden until everyone has declared, then are revealed
together).  What a declaration does at the showdown is :mod:`stud.engine.showdown`'s.
"""

from __future__ import annotations

from stud.engine import events as ev
from stud.engine.openers import Ring, best_board, first_left
from stud.engine.options import Option, Refused
from stud.engine.state import Log, PlayerState
from stud.rules.model import Ruleset


def scoop_word(shares: int) -> str:
    """What a player declares to play for every share of a pot with ``shares`` shares.

    >>> scoop_word(2), scoop_word(3)
    ('both', 'all')
    """
    return "both" if shares <= 2 else "all"


class Declaration:
    """The declaring round: who is still to declare, and the hidden choices so far."""

    def __init__(self, players: list[PlayerState], ruleset: Ruleset, log: Log):
        self.players = players
        self.log = log
        self.wanted = ruleset.showdown.method == "declare"
        self.simultaneous = ruleset.showdown.declare_order == "simultaneous"
        self.starts = ruleset.showdown.declare_starts
        names = tuple(s.name for s in ruleset.pot.shares)
        self.choices = names + (scoop_word(len(names)),) if len(names) > 1 else names
        self.pending: dict[int, str] = {}  # index -> hidden choice (simultaneous)
        self.queue: list[int] = []
        self.done = False

    def start(self, ring: Ring, hand_aggressor: int | None) -> int | None:
        """Set up the declaration; the first to declare, or None (no declaration)."""
        if not self.wanted or self.done:
            return None
        players = self.players
        if sum(1 for p in players if not p.folded) < 2:
            return None
        start = self.starts
        if start == "best-board":
            first = best_board(ring)
        elif start == "last-aggressor" and hand_aggressor is not None:
            first = hand_aggressor
            if players[first].folded:
                first = first_left(ring)
        else:
            first = first_left(ring)
        assert first is not None
        n = len(players)
        self.queue = [(first + k) % n for k in range(n) if not players[(first + k) % n].folded]
        return self.queue[0]

    def options(self, p: PlayerState) -> list[Option]:
        return [Option("declare", choice=c) for c in self.choices]

    def may_declare(self, p: PlayerState) -> bool:
        """Whether ``p`` may declare now when everyone declares at once."""
        return not p.folded and p.index in self.queue

    def act(self, p: PlayerState, declare: str | None) -> str:
        """Record ``p``'s declaration (the value); raise :class:`Refused` if it is not one
        of the choices."""
        value = (declare or "").strip().lower()
        if value not in self.choices:
            raise Refused(f"declare one of {', '.join(self.choices)}, not {declare!r}")
        self.queue.remove(p.index)
        if self.simultaneous:
            self.pending[p.index] = value
        else:
            p.declared = value
            self.log.append((ev.Declared, p.seat, value))
        if not self.queue:
            self._reveal()
        return value

    def next_to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    def _reveal(self) -> None:
        if self.simultaneous:
            for index, choice in self.pending.items():
                self.players[index].declared = choice
            for index in sorted(self.pending):
                self.log.append((ev.Declared, self.players[index].seat, self.pending[index]))
        self.done = True

    def public(self) -> list[tuple[int, str | None]]:
        """``(seat, declaration)`` so far, clockwise from the dealer's left; a hidden
        simultaneous declaration is None until everyone has declared."""
        out: list[tuple[int, str | None]] = []
        for p in self.players:
            if p.declared is not None:
                out.append((p.seat, p.declared))
            elif p.index in self.pending:
                out.append((p.seat, None))
        return out

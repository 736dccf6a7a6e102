"""The declaration (DECL-01..04): after the last betting round each player still in
declares one share (``high``/``low``) or ``both``.

``showdown.declare_order`` is ``in-turn`` (from ``showdown.declare_starts``) or
``simultaneous`` (declarations stay hidden until everyone has declared, then are revealed
together).  At the showdown a player competes only for the share(s) declared.  A ``both``
declarer must win every share outright; one who loses or ties either way wins nothing and
is disqualified (``showdown.failed_both: disqualified``): that pot is then awarded among
the others as if they alone had declared.  If every contender of a pot is disqualified,
that pot is played as cards speak among them.  When the players left hold no qualifying
hand for any share they declared, ``pot.unqualified`` decides (the best high hand among
them, or a split).  Each pot is judged on its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.engine import events as ev
from stud.engine.openers import best_board, first_left
from stud.engine.showdown import ShowdownMixin, Strength, Winners
from stud.engine.state import PlayerState

Option = tuple[str, int, int]


class DeclareMixin(ShowdownMixin):
    """Declaration behaviour of :class:`stud.engine.hand.Hand`."""

    pending_declares: dict[int, str]
    declare_queue: list[int]
    declared_done: bool
    ignore_declarations: bool

    def init_declare(self) -> None:
        self.pending_declares = {}
        self.declare_queue = []
        self.declared_done = False
        self.ignore_declarations = False

    def simultaneous(self) -> bool:
        return self.ruleset.showdown.declare_order == "simultaneous"

    def declarations(self) -> tuple[str, ...]:
        names = tuple(s.name for s in self.ruleset.pot.shares)
        return names + ("both",) if len(names) > 1 else names

    def start_declare(self) -> bool:
        if self.ruleset.showdown.method != "declare" or self.declared_done:
            return False
        contenders = [p for p in self.order if not p.folded]
        if len(contenders) < 2:
            return False
        start = self.ruleset.showdown.declare_starts
        if start == "best-board":
            first = best_board(self)
        elif start == "last-aggressor" and self.hand_aggressor >= 0:
            first = self.hand_aggressor
            if self.order[first].folded:
                first = first_left(self)
        else:
            first = first_left(self)
        n = len(self.order)
        self.declare_queue = [
            (first + k) % n for k in range(n) if not self.order[(first + k) % n].folded
        ]
        self.phase = "declare"
        self.to_act_index = self.declare_queue[0]
        return True

    def declare_options(self, p: PlayerState) -> list[Option]:
        return [("declare", -1, i) for i in range(len(self.declarations()))]

    def act_declare(self, p: PlayerState, declare: str | None) -> None:
        choices = self.declarations()
        value = (declare or "").strip().lower()
        if value not in choices:
            raise self.illegal(f"declare one of {', '.join(choices)}, not {declare!r}")
        self.record(p.seat, "declare", -1, declare=value)
        self.declare_queue.remove(p.index)
        if self.simultaneous():
            self.pending_declares[p.index] = value
        else:
            p.declared = value
            self.emit(ev.Declared, p.seat, value)
        if self.declare_queue:
            self.to_act_index = self.declare_queue[0]
            return
        if self.simultaneous():
            for index, choice in self.pending_declares.items():
                self.order[index].declared = choice
            for index in sorted(self.pending_declares, key=lambda i: i):
                self.emit(ev.Declared, self.order[index].seat, self.pending_declares[index])
        self.declared_done = True
        self.to_act_index = -1
        self.showdown()

    def may_win_share(self, p: PlayerState, share: str) -> bool:
        if self.ruleset.showdown.method != "declare" or self.ignore_declarations:
            return True
        return p.declared in (share, "both")

    def share_winners(self, eligible: Sequence[PlayerState], value: Strength) -> Winners:
        if self.ruleset.showdown.method != "declare":
            return super().share_winners(eligible, value)
        names = [s.name for s in self.ruleset.pot.shares]
        players = list(eligible)
        while players:
            winners = super().share_winners(players, value)
            by_share = dict(winners)
            failed = [
                p
                for p in players
                if p.declared == "both" and any(by_share.get(n) != [p] for n in names)
            ]
            if not failed:
                return winners or self.unqualified_winners(players)
            players = [p for p in players if p not in failed]
        self.ignore_declarations = True
        try:
            return super().share_winners(eligible, value)
        finally:
            self.ignore_declarations = False

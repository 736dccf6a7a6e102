"""Showdown and awards (SHOW-01..07, HILO-01..12, RAZZ, DECL-02..04).

For every pot, for every share of ``pot.shares``, the eligible players' cards are
evaluated with the share's ranking, qualifier and the wild settings; a share nobody
qualifies for goes to the other share(s), and a pot no share can award goes by
``pot.unqualified`` (the best high hand among its players, or split among them).  The
pot is cut in ``pot.split_unit`` units, the odd unit to ``pot.odd_chip_share``; tied
winners divide a share in chips, odd chips by ``pot.odd_chip_tie``.  Hands are evaluated
here only, once per player and share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stud import hands
from stud.cards import JOKER
from stud.engine import events as ev
from stud.engine.openers import OPENERS
from stud.engine.pots import build_pots
from stud.engine.state import HandState, PlayerState
from stud.engine.views import Award, Result, ShownHand
from stud.engine.wild import wild_ranks_for
from stud.rules.model import Share

Winners = list[tuple[str | None, list[PlayerState]]]
Strength = Callable[[PlayerState, int], "int | None"]
FAST_SEVEN: dict[tuple[str, int | None], Callable[..., int]] = {
    ("high", None): hands.evaluate_high7,
    ("ace-to-five", None): hands.evaluate_ace_to_five7,
    ("ace-to-five", 8): hands.evaluate_eight_or_better7,
    ("ace-to-six", None): hands.evaluate_ace_to_six7,
}


class ShowdownMixin(HandState):
    """Showdown behaviour of :class:`stud.engine.hand.Hand`."""

    result_parts: tuple[tuple[Award, ...], list[PlayerState], bool] | None

    def award_uncontested(self) -> None:
        """Everyone else folded: the last player takes every pot, no hand is shown."""
        awards: list[Award] = []
        winner = next(p for p in self.order if not p.folded)
        for index, (amount, _) in enumerate(build_pots(self.order)):
            if amount:
                awards.append(self._pay(winner, amount, index, None))
        self.finish(tuple(awards), [], showdown=False)

    def show_order(self) -> list[PlayerState]:
        """Who shows first: the last player to bet or raise on the final round, else the
        player the final round's opener rule picks (who would have acted first); then
        clockwise. Card rooms follow this order (Robert's Rules of Poker, TDA)."""
        live = [p for p in self.order if not p.folded]
        first = self.last_aggressor
        row = self.street_row
        if first < 0 and row is not None and row.opener != "bring-in":
            first = OPENERS[row.opener](self)
        if first < 0:
            return live
        n = len(self.order)
        ring = [self.order[(first + k) % n] for k in range(n)]
        return [p for p in ring if not p.folded]

    def showdown(self) -> None:
        contenders = self.show_order()
        for p in contenders:
            self.emit(ev.Shown, p.seat, tuple(p.down), tuple(p.up))
        shares = self.ruleset.pot.shares
        values: dict[tuple[int, int], int | None] = {}

        def value(p: PlayerState, i: int) -> int | None:
            key = (p.index, i)
            if key not in values:
                values[key] = self.strength_for(p, shares[i])
            return values[key]

        awards: list[Award] = []
        for pot_index, (amount, eligible) in enumerate(build_pots(self.order)):
            if amount <= 0:
                continue
            winners = self.share_winners(eligible, value) or self.unqualified_winners(eligible)
            for share_name, players, part in self.split(amount, winners):
                for p, chips in self.divide(part, players):
                    if chips:
                        awards.append(self._pay(p, chips, pot_index, share_name))
        self.finish(tuple(awards), contenders, showdown=True)

    def strength_for(self, p: PlayerState, share: Share) -> int | None:
        """The player's strength for a share (None: no qualifying hand).

        Seven natural cards go through the table-driven seven-card evaluators; anything
        else (wild cards, a joker, fewer or more cards) through :func:`stud.hands.evaluate`.
        Both give the same strengths.
        """
        cards = p.down + p.up + self.common
        wild = self.ruleset.wild
        if len(cards) == 7 and not wild.ranks and not wild.low_hole and JOKER not in cards:
            fast = FAST_SEVEN.get((share.ranking, share.qualifier))
            if fast is not None:
                strength: int = fast(*cards)
                return None if share.qualifier is not None and strength == 0 else strength
        hv = self.evaluate_for(p, share)
        return None if hv is None else hv.strength

    def evaluate_for(self, p: PlayerState, share: Share) -> hands.HandValue | None:
        cards = p.down + p.up + self.common
        wild = self.ruleset.wild
        ranks = wild_ranks_for(wild, p.down, share.ranking)
        if ranks or wild.joker != "none":
            return hands.evaluate(
                cards, share.ranking, qualifier=share.qualifier, wild_ranks=ranks, joker=wild.joker
            )
        return hands.evaluate(cards, share.ranking, qualifier=share.qualifier)

    def shown_hands(self, contenders: list[PlayerState]) -> tuple[ShownHand, ...]:
        """Every contender's best hand per share (evaluated when the result is first read)."""
        out = []
        for p in contenders:
            for share in self.ruleset.pot.shares:
                hv = self.evaluate_for(p, share)
                if hv is not None:
                    out.append(ShownHand(p.seat, share.name, hv.name, tuple(hv.cards)))
        return tuple(out)

    def share_winners(self, eligible: Sequence[PlayerState], value: Strength) -> Winners:
        """Per share, the best eligible players (declarations limit who may win a share)."""
        shares = self.ruleset.pot.shares
        out: Winners = []
        for i, share in enumerate(shares):
            best: list[PlayerState] = []
            best_strength: int | None = None
            for p in eligible:
                if not self.may_win_share(p, share.name):
                    continue
                strength = value(p, i)
                if strength is None:
                    continue
                if best_strength is None or strength > best_strength:
                    best, best_strength = [p], strength
                elif strength == best_strength:
                    best.append(p)
            if best:
                out.append((share.name, best))
        return out

    def may_win_share(self, p: PlayerState, share: str) -> bool:
        return True

    def unqualified_winners(self, players: Sequence[PlayerState]) -> Winners:
        """Who takes a pot that no share can award (``pot.unqualified``).

        ``best-high``: the best high hand among ``players``, read with no qualifier and
        whatever they declared; ``split``: all of them equally.  Chips never vanish.
        """
        if not players:
            return []
        if self.ruleset.pot.unqualified == "split":
            return [(None, list(players))]
        high = Share(name="high", ranking="high")
        best: list[PlayerState] = []
        best_strength: int | None = None
        for p in players:
            strength = self.strength_for(p, high)
            if strength is None:  # pragma: no cover - a high hand always has a value
                continue
            if best_strength is None or strength > best_strength:
                best, best_strength = [p], strength
            elif strength == best_strength:
                best.append(p)
        return [("high", best)] if best else [(None, list(players))]

    def split(
        self, amount: int, winners: Winners
    ) -> list[tuple[str | None, list[PlayerState], int]]:
        """Cut a pot between the shares that have winners (HILO-07, HILO-08, HILO-10)."""
        if not winners:
            return []
        if len(winners) == 1:
            name, players = winners[0]
            return [(name, players, amount)]
        pot = self.ruleset.pot
        unit = self.units.to_units(pot.split_unit) if pot.split_unit is not None else 1
        unit = max(unit, 1)
        k = len(winners)
        base = (amount // (k * unit)) * unit
        names = [name for name, _ in winners]
        odd = names.index(pot.odd_chip_share) if pot.odd_chip_share in names else 0
        out = []
        for i, (name, players) in enumerate(winners):
            part = amount - base * (k - 1) if i == odd else base
            out.append((name, players, part))
        return out

    def divide(self, amount: int, players: list[PlayerState]) -> list[tuple[PlayerState, int]]:
        """Tied winners share in chips; odd chips go one each in ``pot.odd_chip_tie`` order."""
        n = len(players)
        if n == 1:
            return [(players[0], amount)]
        each, odd = divmod(amount, n)
        ordered = sorted(players, key=self.odd_chip_order)
        return [(p, each + (1 if i < odd else 0)) for i, p in enumerate(ordered)]

    def odd_chip_order(self, p: PlayerState) -> tuple[int, ...]:
        if self.ruleset.pot.odd_chip_tie == "high-card":
            best = max(((c.rank, c.suit) for c in p.down + p.up if c.rank), default=(0, 0))
            return (-best[0], -best[1], p.index)
        return (p.index,)

    def _pay(self, p: PlayerState, chips: int, pot: int, share: str | None) -> Award:
        p.stack += chips
        self.emit(ev.Awarded, p.seat, chips, pot, share)
        return Award(p.seat, self.units.money(chips), pot, share)

    def finish(
        self, awards: tuple[Award, ...], contenders: list[PlayerState], showdown: bool
    ) -> None:
        for p in self.order:
            p.bet = 0
        self.result_parts = (awards, contenders, showdown)
        self.phase = "complete"
        self.to_act_index = -1
        self.emit(ev.HandEnded, showdown)

    def build_result(self) -> Result | None:
        if self.result_value is None and self.result_parts is not None:
            awards, contenders, showdown = self.result_parts
            self.result_value = Result(awards, self.shown_hands(contenders), showdown)
        value = self.result_value
        return value if isinstance(value, Result) else None

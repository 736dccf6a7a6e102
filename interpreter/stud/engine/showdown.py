"""Showdown and awards (SHOW-01..07, HILO-01..12, RAZZ, DECL-02..04).

For every pot, for every share of ``pot.shares``, each eligible player's hand for that
share is made (:func:`stud.hands.making.make_hand`: the share's cards, ranking, qualifier
or minimum hand, suit, and the wild settings when the ranking reads wild cards); a share
nobody qualifies for goes to its ``fallback`` share, else the pot is cut among the
shares that have a winner, and a pot no share can award goes by ``pot.unqualified`` (the
best high hand among its players, or split among them).  The pots
(:class:`stud.engine.pots.Pots`) cut and pay each pot.  Hands are evaluated here only,
once per player and share.

Under ``showdown.method: declare`` a player competes only for the share declared, or for
every share (``both``, or ``all`` with three shares or more).  Such a scoop declarer
must win every share outright; one who loses or ties any of them wins nothing and is
disqualified (``showdown.failed_both: disqualified``): that pot is then
awarded among the others as if they alone had declared.  If every contender of a pot is
disqualified, that pot is played as cards speak among them.  When the players left hold
no qualifying hand for any share they declared, ``pot.unqualified`` decides (the best
high hand among them, or a split).  Each pot is judged on its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from stud import hands
from stud.cards import JOKER, Card
from stud.engine import events as ev
from stud.engine.declare import scoop_word
from stud.engine.openers import OPENERS, Ring
from stud.engine.pots import Pots, Winners
from stud.engine.splitting import SPLIT_PARTS, SplitRule
from stud.engine.state import Log, PlayerState
from stud.engine.triggers import WildState
from stud.engine.views import Award, ShownHand
from stud.engine.wild import joker_for, wild_ranks_for
from stud.hands.making import make_hand
from stud.rules.model import Ruleset, Share, stripped_ranks

Strength = Callable[[PlayerState, int], "int | None"]
FAST_SEVEN: dict[tuple[str, int | None], Callable[..., int]] = {
    ("high", None): hands.evaluate_high7,
    ("ace-to-five", None): hands.evaluate_ace_to_five7,
    ("ace-to-five", 8): hands.evaluate_eight_or_better7,
    ("ace-to-six", None): hands.evaluate_ace_to_six7,
}


_UNKNOWN = object()


def _fast_evaluator(share: Share) -> Callable[..., int] | None:
    """The seven-card evaluator of a share made of all the cards, if there is one."""
    if share.cards != "all" or share.own is not None or share.suit or share.minimum:
        return None
    return FAST_SEVEN.get((share.ranking, share.qualifier))


class Showdown:
    """Shows the hands and awards every pot, share by share."""

    def __init__(
        self,
        players: list[PlayerState],
        ruleset: Ruleset,
        common: list[Card],
        pots: Pots,
        log: Log,
        split: SplitRule | None = None,
        wilds: WildState | None = None,
    ):
        self.players = players
        self.ruleset = ruleset
        self.wilds = wilds or WildState(tuple(ruleset.wild.ranks))  # events may add a rank
        self.common = common  # centre and run-out cards, shared by every hand
        self.pots = pots
        self.log = log
        self.declared = ruleset.showdown.method == "declare"
        self.scoop = scoop_word(len(ruleset.pot.shares))
        self.ignore_declarations = False
        self.fast: dict[int, Any] = {}
        self.split = split  # the smaller hands set aside (SPLIT-01)

    def show_order(self, ring: Ring, last_aggressor: int | None) -> list[PlayerState]:
        """Who shows first: the last player to bet or raise on the final round, else the
        player the final round's opener rule picks (who would have acted first); then
        clockwise. Card rooms follow this order (Robert's Rules of Poker, TDA)."""
        live = [p for p in self.players if not p.folded]
        first = last_aggressor
        row = ring.street_row
        if first is None and row is not None and row.opener != "bring-in":
            first = OPENERS[row.opener](ring)
        if first is None:
            return live
        n = len(self.players)
        ring_order = [self.players[(first + k) % n] for k in range(n)]
        return [p for p in ring_order if not p.folded]

    def run(self, contenders: list[PlayerState]) -> list[Award]:
        """Show ``contenders``' hands (in that order) and award every pot."""
        for p in contenders:
            self.log.append((ev.Shown, p.seat, tuple(p.down), tuple(p.up)))
        shares = self.ruleset.pot.shares
        values: dict[tuple[int, int], int | None] = {}

        def value(p: PlayerState, i: int) -> int | None:
            key = (p.index, i)
            if key not in values:
                values[key] = self.strength_for(p, shares[i])
            return values[key]

        awards: list[Award] = []
        for pot_index, (amount, eligible) in enumerate(self.pots.side_pots()):
            if amount <= 0:
                continue
            winners = self.share_winners(eligible, value) or self.unqualified_winners(eligible)
            awards += self.pots.award(pot_index, amount, winners)
        return awards

    def strength_for(self, p: PlayerState, share: Share) -> int | None:
        """The player's strength for a share (None: no qualifying hand).

        Seven natural cards of a share made of all the cards go through the table-driven
        seven-card evaluators; anything else (wild cards, a joker, fewer or more cards,
        other rankings, hand making) through :func:`stud.hands.making.make_hand`.  Both
        give the same strengths.
        """
        key = id(share)  # shares live as long as the ruleset (and plain_high is cached)
        fast = self.fast.get(key, _UNKNOWN)
        if fast is _UNKNOWN:
            fast = self.fast[key] = _fast_evaluator(share)
        if fast is not None:
            cards = p.down + p.up + self.common
            wild = self.ruleset.wild
            if (
                len(cards) == 7
                and not self.wilds.ranks
                and not wild.low_hole
                and JOKER not in cards
            ):
                strength: int = fast(*cards)
                return None if share.qualifier is not None and strength == 0 else strength
        hv = self.evaluate_for(p, share)
        return None if hv is None else hv.strength

    def evaluate_for(self, p: PlayerState, share: Share) -> hands.HandValue | None:
        wild = self.ruleset.wild
        reads_wild = hands.ranking(share.ranking).wild
        ranks = wild_ranks_for(wild, p.down, share.ranking, self.wilds.ranks) if reads_wild else ()
        down, up, common, cards = p.down, p.up, self.common, share.cards
        if cards in SPLIT_PARTS and self.split is not None:  # one hand of a split (SPLIT-03)
            down, up, common = self.split.part(p, cards, common)
            cards = "all"
        return make_hand(
            down,
            up,
            common,
            share.ranking,
            cards=cards,
            own=share.own,
            common_count=share.common,
            suit=share.suit,
            qualifier=share.qualifier,
            minimum=share.minimum,
            wild_ranks=ranks,
            joker=joker_for(wild.joker, p.down) if reads_wild else "none",
            stripped=stripped_ranks(self.ruleset),
        )

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
        """Per share, the best eligible players; under ``declare`` a failed ``both``
        declarer is disqualified and the pot judged again without them."""
        if not self.declared:
            return self.best_per_share(eligible, value)
        names = [s.name for s in self.ruleset.pot.shares]
        players = list(eligible)
        while players:
            winners = self.best_per_share(players, value)
            by_share = dict(winners)
            failed = [
                p
                for p in players
                if p.declared == self.scoop and any(by_share.get(n) != [p] for n in names)
            ]
            if not failed:
                return winners or self.unqualified_winners(players)
            players = [p for p in players if p not in failed]
        self.ignore_declarations = True
        try:
            return self.best_per_share(eligible, value)
        finally:
            self.ignore_declarations = False

    def best_per_share(self, eligible: Sequence[PlayerState], value: Strength) -> Winners:
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
        won = dict(out)
        for share in shares:  # a share nobody won goes to its fallback share's winners
            if share.name not in won and share.fallback in won:
                out.append((share.fallback, won[share.fallback]))
        return out

    def may_win_share(self, p: PlayerState, share: str) -> bool:
        if not self.declared or self.ignore_declarations:
            return True
        return p.declared in (share, self.scoop)

    def unqualified_winners(self, players: Sequence[PlayerState]) -> Winners:
        """Who takes a pot that no share can award (``pot.unqualified``).

        ``best-high``: the best high hand among ``players``, read with no qualifier and
        whatever they declared (the first share ranked high-is-best, as a plain hand of all
        the cards, else the high ranking); ``split``: all of them equally.  Chips never
        vanish.
        """
        if not players:
            return []
        if self.ruleset.pot.unqualified == "split":
            return [(None, list(players))]
        high = self.plain_high
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
        return [(high.name, best)] if best else [(None, list(players))]

    @cached_property
    def plain_high(self) -> Share:
        """The hand ``best-high`` reads: the first share whose ranking has the higher hand
        win, with no qualifier, minimum or suit and made of all the cards."""
        for share in self.ruleset.pot.shares:
            if hands.ranking(share.ranking).direction == "high":
                return Share(name=share.name, ranking=share.ranking)
        return Share(name="high", ranking="high")

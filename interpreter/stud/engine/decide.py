"""Decision rounds (DECIDE-01..03): before a street's deal, every player still in chooses
cards of their own, one round per entry of ``street.decide``, in the table's order.

A round is one :class:`~stud.rules.model.Decision`: ``discard`` throws the chosen cards
away (dead, face down, nothing replaces them); ``expose`` turns chosen down cards face up;
``draw`` throws them and deals as many new ones; ``split`` sets them aside as a second,
smaller hand for the showdown.  ``in-turn`` rounds go clockwise from the dealer's left and
carry each choice out at once, so later players see it; ``simultaneous`` rounds keep every
choice hidden (the player still holds the cards as they were) until the last player has
chosen, then carry them all out, clockwise from the dealer's left.

A player whose cards leave nothing to choose (an expose round with no down card left,
when choosing none is allowed) is not asked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from stud.cards import Card
from stud.engine import events as ev
from stud.engine.dealing import Dealer
from stud.engine.options import Refused
from stud.engine.splitting import SplitRule
from stud.engine.state import Log, PlayerState, board_changed
from stud.engine.views import LegalAction
from stud.errors import CardError
from stud.rules.model import Decision, Street


class Choice(NamedTuple):
    """What the player to choose may do: ``fewest``..``most`` cards among ``among``."""

    action: str
    fewest: int
    most: int
    among: tuple[Card, ...]


class Decisions:
    """The decision rounds of one street, one after another."""

    def __init__(self, players: list[PlayerState], dealer: Dealer, split: SplitRule, log: Log):
        self.players = players
        self.dealer = dealer
        self.split = split
        self.log = log
        self.steps: tuple[Decision, ...] = ()
        self.step = 0
        self.queue: list[int] = []  # indexes still to choose in the current round
        self.pending: dict[int, tuple[Card, ...]] = {}  # hidden choices (simultaneous)

    # --- the rounds ----------------------------------------------------------------------
    @property
    def rule(self) -> Decision:
        return self.steps[self.step]

    @property
    def kind(self) -> str:
        """The current round's kind, which is also the hand's phase and its one action."""
        return self.rule.kind

    @property
    def simultaneous(self) -> bool:
        return self.rule.order == "simultaneous"

    def start(self, row: Street) -> int | None:
        """Set up the street's rounds; the first player to choose, or None (nothing to do)."""
        self.steps = row.decide
        self.step = 0
        return self._open()

    def _open(self) -> int | None:
        """Open the current round or, when nobody has a choice in it, the next one."""
        while self.step < len(self.steps):
            live = [p for p in self.players if not p.folded]
            self.pending = {}
            self.queue = [p.index for p in live if self.choice(p).most > 0]
            if len(live) >= 2 and self.queue:
                return self.queue[0]
            self.step += 1
        self.queue = []
        return None

    def next_to_act(self) -> int | None:
        return self.queue[0] if self.queue else None

    def set_aside(self) -> list[tuple[int, tuple[Card, ...]]]:
        """``(seat, smaller hand)`` of every split carried out so far (SPLIT-01)."""
        return [(self.players[i].seat, cards) for i, cards in sorted(self.split.small.items())]

    def may_choose(self, p: PlayerState) -> bool:
        """Whether ``p`` may choose now in a simultaneous round."""
        return p.index in self.queue

    # --- what a player may choose ----------------------------------------------------------
    def _among(self, p: PlayerState) -> tuple[Card, ...]:
        rule = self.rule
        if rule.kind == "split" or (rule.among == "any" and rule.kind != "expose"):
            return (*p.down, *p.up)
        if rule.kind == "expose" or rule.among == "down":
            return tuple(p.down)
        return tuple(p.up)

    def choice(self, p: PlayerState) -> Choice:
        """The player's choice in the current round: how many cards, and which."""
        rule = self.rule
        among = self._among(p)
        most = min(rule.count, len(among))
        if rule.kind == "draw":
            reserved = sum(len(c) for c in self.pending.values())
            most = min(most, max(0, self.dealer.cards_available() - reserved))
        return Choice(rule.kind, min(rule.fewest, most), most, among)

    # --- choosing --------------------------------------------------------------------------
    def act(self, p: PlayerState, cards: Sequence[Card | str] | None) -> tuple[Card, ...]:
        """Play ``p``'s choice (the cards chosen); raise :class:`Refused` with nothing
        changed.  When the round is over the next one opens (see :meth:`next_to_act`)."""
        chosen = self._validate(p, cards)
        self.queue.remove(p.index)
        if self.simultaneous:
            self.pending[p.index] = chosen
            self.log.append((ev.Chose, p.seat, self.kind))
        else:
            self._carry_out(p, chosen)
        if not self.queue:
            for index in sorted(self.pending):
                self._carry_out(self.players[index], self.pending[index])
            self.step += 1
            self._open()
        return chosen

    def _validate(self, p: PlayerState, cards: Sequence[Card | str] | None) -> tuple[Card, ...]:
        choice = self.choice(p)
        chosen: list[Card] = []
        for item in cards or ():
            try:
                card = item if isinstance(item, Card) else Card.parse(str(item))
            except CardError as exc:
                raise Refused(str(exc)) from None
            if card in chosen:
                raise Refused(f"{card} is named twice")
            if card not in choice.among:
                raise Refused(f"{card} is not one of the cards to choose from: {_list(choice)}")
            chosen.append(card)
        if not choice.fewest <= len(chosen) <= choice.most:
            raise Refused(
                f"{self.kind} {_count(choice.fewest, choice.most)} card(s) among "
                f"{_list(choice)}; {len(chosen)} given"
            )
        if self.kind == "split":
            why = self.split.refusal(p, chosen, self.rule, self.dealer.common)
            if why:
                raise Refused(why)
        return tuple(chosen)

    def _carry_out(self, p: PlayerState, chosen: tuple[Card, ...]) -> None:
        kind = self.kind
        if kind == "discard":
            down = tuple(c for c in chosen if c in p.down)
            up = tuple(c for c in chosen if c in p.up)
            p.down[:] = [c for c in p.down if c not in chosen]
            p.up[:] = [c for c in p.up if c not in chosen]
            self.dealer.dead.extend(chosen)
            if up:
                board_changed(p)
            self.log.append((ev.Discarded, p.seat, down, up))
        elif kind == "expose":
            p.down[:] = [c for c in p.down if c not in chosen]
            p.up.extend(chosen)
            if chosen:
                board_changed(p)
            self.log.append((ev.Exposed, p.seat, chosen))
        elif kind == "draw":
            self._draw(p, chosen)
        else:
            self.split.set_aside(p, chosen)
            self.log.append((ev.SetAside, p.seat, chosen))

    def _draw(self, p: PlayerState, chosen: tuple[Card, ...]) -> None:
        """New cards for the ones thrown: in their place, or face down (``drawn_face``)."""
        down_face = self.rule.drawn_face == "down"
        board = any(c in p.up for c in chosen)
        down: list[Card] = []
        up: list[Card] = []
        for given in chosen:
            card = self.dealer.replace(given, p.seat)
            if given in p.up and not down_face:
                p.up[p.up.index(given)] = card
                up.append(card)
            elif given in p.up:
                p.up.remove(given)
                p.down.append(card)
                down.append(card)
            else:
                p.down[p.down.index(given)] = card
                down.append(card)
        if board:
            board_changed(p)
        self.log.append((ev.Drew, p.seat, chosen, tuple(down), tuple(up)))


def _count(fewest: int, most: int) -> str:
    if fewest == most:
        return f"exactly {most}"
    return f"{fewest} to {most}"


def _list(choice: Choice) -> str:
    return " ".join(str(c) for c in choice.among) or "none"


def decision_legal(choice: Choice) -> LegalAction:
    """A choice as a legal action: ``discard 2 of As Kd 7c 2h``, ``expose 0..1 of Kd``."""
    action, fewest, most, among = choice
    count = str(most) if fewest == most else f"{fewest}..{most}"
    return LegalAction(
        action,
        text=f"{action} {count} of {' '.join(str(c) for c in among)}",
        cards_min=fewest,
        cards_max=most,
        choices=among,
    )

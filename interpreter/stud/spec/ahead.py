"""Rounds of choices the engine takes in another order: each player's own scripted choice.

In an exchange round, a declaration in turn or a decision round in turn, what each player
chooses does not depend on who chose before (each seat is handed its own cards,
``seat_cards``, so an exchange or a draw gives it the same cards in any order).  An
engine that goes round in another order (from the dealer instead of the dealer's left)
refuses the scenario's first choice: it names another player.  Before this module that
ended the scenario, and every later check in it (the price paid into the pot, the face of
a bought card, the streets after) went untested.

:func:`take_ahead` sends, for each player the engine names first, that player's own next
choice in the scenario (read ahead from its steps: :func:`scripted`), as long as only
choices of this round come before it; then the refused choice is sent again.  Where the
seats are not handed their own cards, only choices that take no card (standing pat) go
ahead: a card exchanged out of turn would come off the stub in another order.  Each choice
sent ahead is marked ``ahead`` in the transcript and is not sent again when its step
comes.  The refusal stays a failure of the scenario (the order is the deviation); the
replay on the reference (:mod:`stud.spec.replay`) plays the choices sent ahead where the
rules ask them and compares the two hands once both have played the same choices.

>>> from stud.spec.features import Step
>>> steps = [Step("When ", "when", "Ann exchanges Kd"),
...          Step("Then ", "then", "Bob may exchange or stand pat"),
...          Step("When ", "when", "the players act: Bob stands pat and Carol exchanges 3d")]
>>> [(name, p.action, p.cards) for name, p in scripted(steps)]
[('Ann', 'exchange', ('Kd',)), ('Bob', 'stand_pat', ()), ('Carol', 'exchange', ('3d',))]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from stud.rules.model import DECISION_CHOICES
from stud.spec.phrases import Phrase

# the rounds whose choices do not depend on their order, and the actions made in them
CHOICE_PHASES = frozenset({"exchange", "declare", *DECISION_CHOICES})
CHOICES = frozenset({"exchange", "stand_pat", "declare", *DECISION_CHOICES})
# rounds whose choices deal cards: in any order only when each seat has its own cards
DEALS = frozenset({"exchange", "draw"})

Scripted = tuple[str, Phrase]


def scripted(steps: Iterable[Any]) -> list[Scripted]:
    """Every action a scenario's When-steps play, in order: (player, phrase)."""
    from stud.spec.vocabulary import find_step

    out: list[Scripted] = []
    for step in steps:
        if step.kind != "when":
            continue
        try:
            definition, arguments = find_step(step.kind, step.text)
        except Exception:  # noqa: BLE001 - an undefined step fails when it runs, not here
            continue
        if "actions" in arguments:
            out += [(str(name), phrase) for name, phrase in arguments["actions"]]
        elif "player" in arguments and isinstance(arguments.get("action"), Phrase):
            if definition.func.__name__ == "w_act":
                out.append((str(arguments["player"]), arguments["action"]))
    return out


class Script:
    """The scenario's actions, the one being played, and those already sent ahead."""

    def __init__(self, actions: Sequence[Scripted] = ()) -> None:
        self.actions = list(actions)
        self.next = 0  # the first action not yet played
        self.at: int | None = None  # the action being played now
        self.taken: set[int] = set()  # actions sent ahead of their step

    def play(self, player: str, phrase: Phrase) -> None:
        """The step plays this action now (the next of the script that is it)."""
        self.at = None
        for i in range(self.next, len(self.actions)):
            if self.actions[i] == (player, phrase):
                self.at, self.next = i, i + 1
                return

    def taken_ahead(self) -> bool:
        """Whether the action being played was already sent ahead of its step."""
        return self.at is not None and self.at in self.taken

    def choice_of(self, name: str) -> tuple[int, Phrase] | None:
        """The player's next scripted choice in this round: only choices come before it."""
        if self.at is None:
            return None
        for i in range(self.at + 1, len(self.actions)):
            player, phrase = self.actions[i]
            if phrase.action not in CHOICES:
                return None  # a bet or the like first: another round
            if player == name and i not in self.taken:
                return i, phrase
            if player == self.actions[self.at][0]:
                return None  # the refused player chooses again first: another round
        return None


def take_ahead(
    script: Script,
    state: dict[str, Any],
    seat: int,
    by_seat: bool,
    name_of: Callable[[int], str],
    send: Callable[[int, Phrase], dict[str, Any]],
    mark: Callable[[str], None],
) -> dict[str, Any] | None:
    """After the engine refused ``seat``'s scripted choice naming another player: the
    choices of the players it names first, each that player's own next one, then the
    refused choice again (its state); None where that cannot keep the scenario's path."""
    phase = str(state.get("phase"))
    if phase not in CHOICE_PHASES or script.at is None:
        return None
    from_stub = phase in DEALS and not by_seat  # the cards come off the stub in turn: only
    # a choice that takes none may go ahead
    refused = script.actions[script.at][1]
    for _ in range(len(state.get("seats") or ()) + 1):
        to_act = state.get("to_act")
        if to_act == seat:
            return send(seat, refused)
        if not isinstance(to_act, int) or state.get("phase") != phase:
            return None
        found = script.choice_of(name_of(to_act))
        if found is None:
            return None
        index, phrase = found
        if from_stub and (phrase.action in DEALS and (phrase.cards or phrase.action != "draw")):
            return None
        state = send(to_act, phrase)
        mark("ahead")
        script.taken.add(index)
    return None

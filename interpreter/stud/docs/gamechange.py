"""What a house ruleset changes about the *kind* of game, in plain words (issue 16).

A list of setting differences reads ``pot.shares.high: (present) -> (not set)``; a host
needs to hear "this is no longer a high-low game: only the low hand wins".  These
sentences come first in ``stud explain`` for a file that extends another.

>>> from stud.rules import load_ruleset
>>> first = game_changes(load_ruleset("stud-hi-lo"), load_ruleset("razz"))[0]
>>> first.startswith("This changes what the game is"), "now a low-only game" in first
(True, True)
"""

from __future__ import annotations

from decimal import Decimal

from stud.docs.explain import STRUCTURES, raises_phrase, wild_sentence
from stud.money import fmt
from stud.rules.model import Ruleset

KINDS = {
    ("high",): "a high-only game (the best high hand wins)",
    ("low",): "a low-only game (the lowest hand wins)",
    ("high", "low"): "a high-low split game",
}


def _kind(rs: Ruleset) -> str:
    names = tuple(sorted(s.name for s in rs.pot.shares))
    kind = KINDS.get(names, " and ".join(names) + " shares")
    if rs.showdown.method == "declare":
        kind += " with a declaration"
    return kind


def _qualifier(rs: Ruleset) -> int | None:
    return next((s.qualifier for s in rs.pot.shares if s.name == "low"), None)


def _part(fraction: Decimal) -> str:
    """A reopening fraction in words.

    >>> _part(Decimal(1)), _part(Decimal("0.5")), _part(Decimal("0.25"))
    ('a full raise', 'half a raise', '0.25 of a raise')
    """
    return {Decimal(1): "a full raise", Decimal("0.5"): "half a raise"}.get(
        fraction, f"{fmt(fraction)} of a raise"
    )


def _structure(parent: Ruleset, child: Ruleset) -> list[str]:
    a, b = parent.betting, child.betting
    if a.structure == b.structure:
        return []
    words = STRUCTURES.get(b.structure, b.structure).lower()
    line = (
        f"The betting structure changes from {STRUCTURES.get(a.structure, a.structure).lower()}"
        f" to {words}."
    )
    follow = []
    if a.max_raises != b.max_raises:
        follow.append(f"{raises_phrase(b.max_raises)} (was {raises_phrase(a.max_raises)})")
    if a.reopen_fraction != b.reopen_fraction:
        follow.append(
            f"a short all-in raise must reach {_part(b.reopen_fraction)} to reopen "
            f"the betting (was {_part(a.reopen_fraction)})"
        )
    before = {s.name for s in parent.streets if s.big_bet_when == "open-pair"}
    after = {s.name for s in child.streets if s.big_bet_when == "open-pair"}
    if before - after:
        follow.append("no big bet for an open pair on " + ", ".join(sorted(before - after)))
    if follow:
        line += f" With {words}: " + "; ".join(follow) + "."
    return [line]


def game_changes(parent: Ruleset, child: Ruleset) -> list[str]:
    """Sentences for the changes that make ``child`` a different game from ``parent``."""
    out = []
    if _kind(parent) != _kind(child):
        out.append(
            f"This changes what the game is: it was {_kind(parent)} and is now {_kind(child)}."
        )
    elif _qualifier(parent) != _qualifier(child):
        q = _qualifier(child)
        out.append(
            f"The low hand now needs five different ranks, {q} or lower, to win its share."
            if q is not None
            else "Any low hand now wins the low share: it needs no qualifier."
        )
    out += _structure(parent, child)
    if parent.wild.ranks != child.wild.ranks or parent.wild.joker != child.wild.joker:
        wild = wild_sentence(child)
        out.append(f"Wild cards change. {wild}" if wild else "No card is wild any more.")
    return out

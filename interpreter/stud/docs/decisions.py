"""Decision rounds and split hands in plain English, for ``stud explain`` and the docs.

Phrased from the values of ``street.decide`` (and the split shares of ``pot.shares``), never
from a game's name.

>>> from stud.rules.model import Decision
>>> decision_phrase(Decision(kind="discard", count=2))
"each player in turn from the dealer's left throws away two hole cards, face down and for good"
>>> decision_phrase(Decision(kind="expose", count=1, at_least=0))
"each player in turn from the dealer's left may turn up to one hole card face up"
>>> decision_phrase(Decision(kind="expose", count=2, order="simultaneous"))
'all players together, each choosing unseen, turn two hole cards face up'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stud.rules.build import build
from stud.rules.model import DECISION_CHOICES, Decision, Street

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")
ORDER = {
    "in-turn": "each player in turn from the dealer's left",
    "simultaneous": "all players together, each choosing unseen,",
}
AMONG = {"down": "hole card", "up": "up card", "any": "card"}
DEAL_FACE = "face down to a player showing every card, else face up"  # down-if-all-up


def _n(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _how_many(d: Decision) -> tuple[str, bool]:
    """The count in words, and whether it reads as a plural."""
    fewest, most = d.fewest, d.count
    if fewest == most:
        return _n(most), most != 1
    if fewest == 0:
        return f"up to {_n(most)}", most != 1
    return f"{_n(fewest)} to {_n(most)}", True


def decision_phrase(d: Decision) -> str:
    """One decision round as a clause."""
    count, plural = _how_many(d)
    may = "may " if d.fewest == 0 or d.kind == "draw" else ""
    simultaneous = d.order == "simultaneous"

    def verb(word: str) -> str:  # "each player throws", "all players throw", "may throw"
        return word if may or simultaneous else word + "s"

    noun = AMONG.get("down" if d.kind == "expose" else d.among, "card") + ("s" if plural else "")
    who = f"{ORDER.get(d.order, d.order)} {may}"
    if d.kind == "discard":
        text = f"{who}{verb('throw')} away {count} {noun}, face down and for good"
    elif d.kind == "expose":
        text = f"{who}{verb('turn')} {count} {noun} face up"
    elif d.kind == "draw":
        face = "face down" if d.drawn_face == "down" else "face up or down as the card replaced"
        text = f"{who}{verb('throw')} {count} {noun} and get as many new ones ({face})"
    else:
        text = f"{who}{verb('set')} {count} cards aside as a second hand, the rest being the first"
        rules = []
        if d.down_in_each:
            rules.append(f"each hand keeps at least {_n(d.down_in_each)} hole card")
        if d.big_beats_small:
            rules.append("the bigger hand must outrank the smaller")
        if rules:
            text += " (" + "; ".join(rules) + ")"
    return text


def decisions_phrase(st: Street) -> str:
    """The street's decision rounds, in order ("" when it has none)."""
    if not st.decide:
        return ""
    return "first " + ", then ".join(decision_phrase(d) for d in st.decide)


def decision_text(value: Mapping[str, Any]) -> str:
    """A decision round of a ruleset document in words (its raw form if it is not one)."""
    if value.get("kind") not in DECISION_CHOICES:
        return str(dict(value))
    try:
        return decision_phrase(build(Decision, value))
    except (TypeError, ValueError):  # a document that failed validation
        return str(dict(value))

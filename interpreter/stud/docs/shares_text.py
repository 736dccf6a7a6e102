"""The pot shares and rankings of a ruleset in English, for ``stud explain``.

Words come from the rankings table (:mod:`stud.hands.rankings`: each ranking's summary
and board reading) and from the share's values; the classic hi-lo game reads as it always
did ("split between the best high hand and the best ace-to-five low ... 8 or lower").

>>> from stud.rules.model import Share
>>> share_phrase(Share(name="spade", ranking="one-card-high", suit="spades", cards="down"))
'the highest spade among the hole cards (aces high)'
>>> share_phrase(Share(name="high", ranking="high", own=2, common=3))
"the best high hand made of exactly two of the player's cards and three common cards"
>>> scoop_phrase(["high", "low"])
'a player who declares both must win both or is out'
>>> scoop_phrase(["high", "low", "points"])
'a player who declares all must win every share or is out'
"""

from __future__ import annotations

from collections.abc import Sequence

from stud.cards import format_cards, parse_cards
from stud.engine.declare import scoop_word
from stud.hands import evaluate, ranking
from stud.rules.model import Ruleset, Share

_CLASSIC = {  # the wording the core rankings always had
    "high": "high hand",
    "ace-to-five": "ace-to-five low (aces low, straights and flushes ignored)",
    "ace-to-six": "ace-to-six low (aces low, straights and flushes count against you)",
}
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")
_SOURCES = {
    "own": " made of the player's own cards only",
    "down": "",
    "big": " of the bigger hand of a split (the cards not set aside, with the centre cards)",
    "small": " of the smaller hand of a split (the cards set aside)",
}


def ranking_phrase(name: str) -> str:
    """A ranking as words that follow "the best"."""
    return _CLASSIC.get(name) or ranking(name).summary


def board_phrase(name: str) -> str:
    """How boards are read under a ranking, after "To pick who acts first, "."""
    return ranking(name).board_summary


def share_phrase(share: Share) -> str:
    """One share: its ranking, the cards that make it and what qualifies."""
    row = ranking(share.ranking)
    where = " among the hole cards" if share.cards == "down" else _SOURCES.get(share.cards, "")
    if share.suit is not None and row.size == 1:
        which = "highest" if row.direction == "high" else "lowest"
        text = f"the {which} {share.suit[:-1]}{where} (aces {row.aces})"
    else:
        text = f"the best {ranking_phrase(share.ranking)}{where}"
        if share.suit is not None:
            text += f", {share.suit} only"
    if share.own is not None and share.common is not None:
        text += (
            f" made of exactly {_count(share.own)} of the player's cards and "
            f"{_count(share.common)} common card{'' if share.common == 1 else 's'}"
        )
    if share.qualifier is not None:
        text += f" with five different ranks, {share.qualifier} or lower"
    if share.minimum is not None:
        text += f", at least {_minimum(share)}"
    return text


def _count(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _minimum(share: Share) -> str:
    cards = parse_cards(share.minimum or "")
    value = evaluate(cards, share.ranking)
    name = value.name if value is not None else share.minimum
    return f"{name} ({format_cards(cards, symbols=True)})"


def named_shares(rs: Ruleset) -> list[str]:
    """Each share as words, its name first unless the game is the classic high and low."""
    shares = rs.pot.shares
    classic = [s.name for s in shares] in (["high"], ["low"], ["high", "low"])
    return [
        share_phrase(s) if classic else f"the {s.name} share for {share_phrase(s)}" for s in shares
    ]


def unwon_sentences(rs: Ruleset) -> list[str]:
    """What becomes of a share nobody wins (a qualifier, a minimum, a suit)."""
    shares = rs.pot.shares
    names = [s.name for s in shares]
    unwon = [s for s in shares if s.qualifier is not None or s.minimum or s.suit]
    if names == ["high", "low"] and [s.name for s in unwon] == ["low"] and not unwon[0].fallback:
        return ["With no qualifying low the high hand takes the whole pot."]
    out = [f"If nobody wins {s.name}, its part goes to {s.fallback}." for s in unwon if s.fallback]
    left = [s.name for s in unwon if not s.fallback]
    if len(shares) == 2 and len(left) == 1:
        other = next(n for n in names if n != left[0])
        out.append(f"If nobody qualifies for {left[0]}, {other} takes the whole pot.")
    elif len(shares) == 2 and left:
        out.append("If nobody qualifies for one share, the other takes the whole pot.")
    elif left:
        out.append(
            f"If nobody qualifies for {' or '.join(left)}, the pot is cut among the shares "
            "that have a winner."
        )
    return out


def cut_sentence(rs: Ruleset, unit: str) -> str:
    """How a pot is cut between the shares and where the odd units go."""
    pot = rs.pot
    if len(pot.shares) <= 2:
        return f"Pots are halved in units of {unit}; the odd unit goes to {pot.odd_chip_share}."
    return (
        f"Pots are cut in equal parts in units of {unit}; units left over go one each to "
        f"{pot.odd_chip_share} and the shares after it in order."
    )


def declare_choices(names: Sequence[str]) -> str:
    """What a player may declare: ``high, low or both``."""
    words = [*names, scoop_word(len(names))]
    return ", ".join(words[:-1]) + " or " + words[-1]


def scoop_phrase(names: Sequence[str]) -> str:
    """The rule for the player who declares every share."""
    word = scoop_word(len(names))
    every = "both" if word == "both" else "every share"
    return f"a player who declares {word} must win {every} or is out"

"""Which ruleset a room's game is: one table for every room's words.

Rooms name their games in their own words (``7 Card Stud Hi/Lo``, ``7-Stud H/L8``,
``Seven Card Hi/Lo``, ``7CARD HiLo``, ``SEVEN_CARD_STUD``, ``Limit Razz``, ``2-7 Razz``,
``5 Card Stud``).  :data:`GAME_TABLE` maps them to the ruleset a hand is checked against;
the first row whose pattern is found in the words wins.  Games of other families
(hold'em, Omaha, draw) are :data:`OTHER`: read past and counted apart.  A stud-family
game with no row (or whose ruleset is not shipped) is reported as not supported, by name.

>>> game_of("7 Card Stud Hi/Lo"), game_of("Seven Card Hi/Lo"), game_of("7CARD")
('stud-hi-lo', 'stud-hi-lo', 'seven-card-stud')
>>> game_of("Limit 2-7 Razz"), game_of("5 Card Stud L"), game_of("Hold'em No Limit")
('deuce-to-seven-razz', 'five-card-stud', 'other')
>>> game_of("Follow the Queen Stud")
''
>>> structure_of("No Limit"), structure_of("Fixed Limit"), structure_of("PL")
('no-limit', 'fixed-limit', 'pot-limit')
"""

from __future__ import annotations

import re
from functools import lru_cache

OTHER = "other"  # not a stud-family game: skipped and counted apart
_S = r"[-_ ]?"
GAME_TABLE: tuple[tuple[str, str], ...] = (
    (rf"2{_S}7{_S}razz|deuce{_S}to{_S}seven{_S}razz|razz{_S}2{_S}7", "deuce-to-seven-razz"),
    (r"razz", "razz"),
    (rf"(5|five){_S}card{_S}stud|5{_S}stud\b", "five-card-stud"),
    (
        rf"((7|seven){_S}card{_S}(stud{_S})?|7{_S}stud{_S}|stud{_S})"
        rf"(hi{_S}/?{_S}lo|h/l|hilo|hi{_S}low|8|eight)",
        "stud-hi-lo",
    ),
    (rf"(7|seven){_S}card{_S}stud|7{_S}?stud|stud{_S}hi\b|7card|seven{_S}card", "seven-card-stud"),
    (
        r"hold'?\s?em|holdem|omaha|draw|badugi|badacey|badeucey|lowball|courchevel|"
        r"drawmaha|captain|big\s?o\b|short\s?deck|pineapple",
        OTHER,
    ),
)
_ROWS = tuple((re.compile(p, re.IGNORECASE), name) for p, name in GAME_TABLE)
STRUCTURE_TABLE: tuple[tuple[str, str], ...] = (
    (r"\bno\s?limit\b|\bNL\b", "no-limit"),
    (r"\bpot\s?limit\b|\bPL\b", "pot-limit"),
    (r"\bspread\s?limit\b", "spread-limit"),
)
_STRUCTURES = tuple((re.compile(p, re.IGNORECASE), name) for p, name in STRUCTURE_TABLE)
# the rulesets the table can name (house mappings and --set may name them too)
GAMES = tuple(dict.fromkeys(name for _, name in GAME_TABLE if name != OTHER))


def game_of(words: str) -> str:
    """The ruleset a room's game words name, :data:`OTHER`, or "" (a stud game we lack)."""
    for pattern, name in _ROWS:
        if pattern.search(words):
            return name
    return ""


def structure_of(words: str) -> str:
    """The betting structure the header's words name (fixed limit unless they say)."""
    for pattern, name in _STRUCTURES:
        if pattern.search(words):
            return name
    return "fixed-limit"


SEVEN_CARDS: tuple[tuple[str, ...], ...] = (
    ("down", "down", "up"),
    ("up",),
    ("up",),
    ("up",),
    ("down",),
)


@lru_cache(maxsize=32)
def layout(game: str) -> tuple[tuple[str, ...], ...]:
    """Faces of the cards dealt on each street (``down``/``up``), from the game's shipped
    ruleset; seven-card stud's when the ruleset is not shipped."""
    from stud.errors import StudError
    from stud.rules import load_ruleset, shipped_rulesets

    if game not in shipped_rulesets():
        return SEVEN_CARDS
    try:
        streets = load_ruleset(game).streets
    except StudError:
        return SEVEN_CARDS
    return tuple(tuple(s.deal) for s in streets)

"""PokerStars hand histories of the stud games (cash, tournaments, Home Games).

A hand starts ``PokerStars Game #…:`` (older), ``PokerStars Hand #…:`` or, at a Home
Game club, ``PokerStars Home Game Hand #…: {Club name}``; the header names the game
(``7 Card Stud``, ``7 Card Stud Hi/Lo``, ``Razz``, or a mix with the game in brackets:
``Triple Stud (7 Card Stud Limit)``), the structure, and the small and big bet in
brackets (``($0.04/$0.08 USD)``, or ``Level IV (50/100)`` in a tournament).  Player lines
read ``NAME: verb ...``; the ante and bring-in come from the posted amounts.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.games import OTHER, game_of, structure_of
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start

ROOM = "PokerStars"
HEADER = re.compile(
    r"PokerStars(?: Home Game)?(?: Hand| Game| Zoom Hand| Rush Hand)? #(?P<id>\d+):\s*"
    r"(?:\{(?P<club>[^}]*)\}\s*)?(?P<rest>.*)"
)
_STAKES = re.compile(rf"\((?:[^()]*, )?(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})(?: [A-Z]{{3}})?\)")
_ALLIN = r"(?P<allin> and is all-in)?"
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

MARKERS = [
    ("street", r"\*\*\* (?:3rd|4th|5th|6th|7th) STREET \*\*\*.*|\*\*\* RIVER \*\*\*(?P<cards>.*)"),
    ("showdown", r"\*\*\* SHOW ?DOWN \*\*\*"),
    ("summary", r"\*\*\* SUMMARY \*\*\*"),
]
_COMMON = [
    *MARKERS,
    (
        "ignore",
        r".+ (?:is disconnected|is connected|has timed out.*|leaves the table|"
        r"joins the table at seat #\d+|sits down|stands up|is sitting out|"
        r"was removed from the table.*|has returned|finished the tournament.*|"
        r"wins the tournament.*|re-buys.*|adds .*|will be allowed to play.*|"
        r"cashed out the hand.*|wins the \$?[\d.,]+ bounty.*|wins an entry.*)",
    ),
    ("ignore", r".+ said, .*"),
    (
        "ignore",
        r"Betting is capped|Pair on board - a double bet is allowed|"
        r"No low hand qualified|.+: sits out|.+: is sitting out|Hand cancelled",
    ),
]
SEATS = Table(
    [
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT}) in chips(?:, .*)?\)(?: .*)?"),
        ("ignore", r"Table '.*' \d+-max.*"),
        ("ante", rf"{_N}: posts the ante {_A}{_ALLIN}"),
        *_COMMON,
    ]
)
PLAY = Table(
    [
        ("deal", rf"Dealt to {_N} (?P<cards>(?:\[[^\]]*\] ?)+)"),
        ("ante", rf"{_N}: posts the ante {_A}{_ALLIN}"),
        ("bring_in", rf"{_N}: brings in for {_A}{_ALLIN}"),
        ("call", rf"{_N}: calls {_A}{_ALLIN}"),
        ("bet", rf"{_N}: bets {_A}{_ALLIN}"),
        ("bet", rf"{_N}: raises {AMOUNT} to (?P<to>{AMOUNT}){_ALLIN}"),
        ("bet", rf"{_N}: completes it to (?P<to>{AMOUNT}){_ALLIN}"),
        ("check", rf"{_N}: checks"),
        ("fold", rf"{_N}: folds(?: \[.*\])?"),
        ("returned", rf"Uncalled bet \({_A}\) returned to {_N}"),
        ("collected", rf"{_N} collected {_A} from (?:main |side )?pot(?:-\d+)?"),
        ("shows", rf"{_N}: shows (?P<cards>\[[^\]]*\])(?: .*)?"),
        ("ignore", rf"{_N}: (?:mucks hand|doesn't show hand|shows .*)"),
        *_COMMON,
    ]
)
SUMMARY = Table(
    [
        ("total", rf"Total pot (?P<pot>{AMOUNT})(?: .*)? \| Rake (?P<rake>{AMOUNT}).*"),
        ("ignore", r"Board \[.*\]"),
        ("shows", rf"Seat \d+: {_N}(?: \([^)]*\))? (?:showed|mucked) (?P<cards>\[[^\]]*\]).*"),
        ("ignore", r"Seat \d+: .*"),
    ]
)
EXPECTED = {
    "seats": "'Seat N: NAME (STACK in chips)', 'NAME: posts the ante X' or a street marker",
    "play": "a deal ('Dealt to NAME [..]'), an action ('NAME: calls X', 'bets', 'raises X to "
    "Y', 'completes it to', 'brings in for', 'checks', 'folds'), 'Uncalled bet (X) returned "
    "to NAME', 'NAME collected X from pot' or 'NAME: shows [..]'",
    "summary": "'Total pot X | Rake Y', 'Board [..]' or 'Seat N: ...'",
}
TABLES = {"seats": SEATS, "play": PLAY, "summary": SUMMARY}


def sniff(text: str) -> bool:
    return file_start(text).startswith("PokerStars ")


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    """Every hand in the file, or the error that stopped reading it."""
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    if m is None:
        raise HistoryError(source, first.number, first.text, "'PokerStars Hand #N: ...'", ROOM)
    rest = m.group("rest")
    words = rest.split(" - ")[0]
    game = game_of(words)
    # a mix names its game in brackets: "8-Game (Razz Limit, $0.04/$0.08 USD)"
    inner = re.search(r"\(([^(),]*[A-Za-z][^(),$€£/]*)(?:,[^()]*)?\)", words)
    if inner and game_of(inner.group(1)) == game:
        name = inner.group(1).strip()
    else:
        name = re.sub(r"\s*\([^()]*\d[^()]*\)$", "", words.split(", ")[-1])  # stakes aside
    other = other_game(source, first, ROOM, m.group("id"), name) if game == OTHER else None
    if other is not None:
        return other
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise HistoryError(
            source, first.number, first.text, "a header with the stakes (SB/BB)", ROOM
        )
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        name if game_of(name) == game else words,
        amount(stakes.group("sb")),
        amount(stakes.group("bb")),
        structure=structure_of(words),
        tournament="TOURNAMENT #" in rest.upper(),
        money=stakes.group("sb")[0] in "$€£",
    )
    if m.group("club") is not None:
        hand.notes.append(f"PokerStars Home Game club {m.group('club')}")
    return build(hand, block, TABLES, EXPECTED)

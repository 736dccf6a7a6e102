"""Full Tilt Poker hand histories of seven-card stud, stud hi-lo and razz.

A hand starts ``Full Tilt Poker Game #…:``; the header names the table or tournament, the
stakes with the ante (``$3/$6 Ante $0.50`` or ``80/160 Ante 15``) and the game
(``Limit Stud Hi``, ``Limit Stud H/L``, ``Limit Razz``).  Player lines read ``NAME verb``;
older files are UTF-16 with a blank line between lines.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start

ROOM = "Full Tilt Poker"
HEADER = re.compile(r"Full Tilt Poker Game #(?P<id>\d+): (?P<rest>.*)")
_STAKES = re.compile(rf" (?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})(?: Ante (?P<ante>{AMOUNT}))? - ")
_ALLIN = r"(?P<allin>,? and is all in)?"
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

_COMMON = [
    ("street", r"\*\*\* (?:3RD|4TH|5TH|6TH|7TH) STREET \*\*\*(?P<cards>.*)"),
    ("street", r"\*\*\* RIVER \*\*\*(?P<cards>.*)"),
    ("showdown", r"\*\*\* SHOW ?DOWN \*\*\*.*"),
    ("summary", r"\*\*\* SUMMARY \*\*\*"),
    (
        "ignore",
        r".+ (?:is sitting out|has \d+ seconds left to act|has timed out|"
        r"is disconnected|has reconnected|sits down|stands up|adds .*|leaves the table|"
        r"joins the table.*|has been disconnected|is feeling .*|has requested TIME|"
        r"finished .*|wins the tournament.*)",
    ),
    ("ignore", r"\d+ seconds left to act|.+: .*"),  # chat
]
SEATS = Table(
    [
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT})\)(?:, .*)?"),
        ("ante", rf"{_N} antes {_A}{_ALLIN}"),
        ("returned", rf"Uncalled bet of {_A} returned to {_N}"),
        *_COMMON,
    ]
)
PLAY = Table(
    [
        ("deal", rf"Dealt to {_N} (?P<cards>(?:\[[^\]]*\] ?)+)"),
        ("ante", rf"{_N} antes {_A}{_ALLIN}"),
        ("ignore", rf"{_N} is (?:low|high) with \[.*\]"),
        ("bring_in", rf"{_N} brings in for {_A}{_ALLIN}"),
        ("call", rf"{_N} calls {_A}{_ALLIN}"),
        ("bet", rf"{_N} bets {_A}{_ALLIN}"),
        ("bet", rf"{_N} raises to (?P<to>{AMOUNT}){_ALLIN}"),
        ("bet", rf"{_N} completes it to (?P<to>{AMOUNT}){_ALLIN}"),
        ("check", rf"{_N} checks"),
        ("fold", rf"{_N} folds"),
        ("returned", rf"Uncalled bet of {_A} returned to {_N}"),
        ("collected", rf"{_N} (?:wins|ties for) the (?:[a-z]+ )*pot(?: #?\d+)? \({_A}\).*"),
        ("shows", rf"{_N} shows (?P<cards>\[[^\]]*\]).*"),
        ("ignore", rf"{_N} (?:mucks|shows .*)"),
        *_COMMON,
    ]
)
SUMMARY = Table(
    [
        ("total", rf"Total pot (?P<pot>{AMOUNT})(?: .*)? \| Rake (?P<rake>{AMOUNT}).*"),
        ("ignore", r"Board: .*|Board \[.*\]"),
        ("shows", rf"Seat \d+: {_N} (?:showed|mucked) (?P<cards>\[[^\]]*\]).*"),
        ("ignore", r"Seat \d+: .*"),
    ]
)
EXPECTED = {
    "seats": "'Seat N: NAME (STACK)', 'NAME antes X' or a street marker",
    "play": "a deal ('Dealt to NAME [..]'), an action ('NAME calls X', 'bets X', 'raises to "
    "X', 'completes it to X', 'brings in for X', 'checks', 'folds'), 'Uncalled bet of X "
    "returned to NAME', 'NAME wins the pot (X)' or 'NAME shows [..]'",
    "summary": "'Total pot X | Rake Y' or 'Seat N: ...'",
}
TABLES = {"seats": SEATS, "play": PLAY, "summary": SUMMARY}


def sniff(text: str) -> bool:
    return file_start(text).startswith("Full Tilt Poker ")


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    """Every hand in the file, or the error that stopped reading it."""
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    rest = m.group("rest") if m else ""
    stakes = _STAKES.search(rest)
    words = rest[stakes.end() :].split(" - ")[0] if stakes else rest
    other = other_game(source, first, ROOM, m.group("id"), words) if m else None
    if other is not None:
        return other
    if m is None or stakes is None:
        raise HistoryError(
            source,
            first.number,
            first.text,
            "a 'SB/BB Ante X - Limit Stud Hi|Stud H/L|Razz' Full Tilt header",
            ROOM,
        )
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words,
        amount(stakes.group("sb")),
        amount(stakes.group("bb")),
        tournament="Sit & Go" in rest or "Tournament" in rest,
        header_ante=amount(stakes.group("ante")) if stakes.group("ante") else None,
        money=stakes.group("sb")[0] in "$€£",
    )
    return build(hand, block, TABLES, EXPECTED)

"""Winamax hand histories of the stud games (cash, play money, tournaments).

A hand starts ``Winamax Poker - CashGame - HandId: #…`` (or ``Tournament "NAME" buyIn:
…``); the header names the game (``7-Card Stud``, ``7stud``, ``7-Card Stud Hi/Lo``,
``7stud8``, ``Razz``), the structure and the stakes as ``(ante/small bet/big bet)`` with
the currency after the amount (``5€``).  Player lines read ``NAME verb``; a bring-in is
``brings in`` or ``bring-in``, a raise ``raises X to Y``.  What a player collects includes
an uncalled bet given back.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start

ROOM = "Winamax"
HEADER = re.compile(r"Winamax Poker - (?P<kind>.*?) ?- HandId: #(?P<id>[\d-]+) - (?P<rest>.*)")
_STAKES = re.compile(rf"\((?:(?P<ante>{AMOUNT})/)?(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})\)")
_ALLIN = r"(?P<allin> and is all-in)?"
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

_COMMON = [
    ("street", r"\*\*\* (?:3rd|4th|5th|6th|7th) STREET \*\*\*.*"),
    ("street", r"\*\*\* (?:THIRD|FOURTH|FIFTH|SIXTH|SEVENTH) \*\*\*.*"),
    ("showdown", r"\*\*\* SHOW ?DOWN \*\*\*"),
    ("summary", r"\*\*\* SUMMARY \*\*\*"),
    ("ignore", r"\*\*\* (?:ANTE/BLINDS|PRE-FLOP) \*\*\*"),
    (
        "ignore",
        r".+ (?:sits out|is sitting out|is disconnected|is connected|has returned|"
        r"leaves the table|joins the table.*|will be allowed to play.*|"
        r"finished the tournament.*|wins the tournament.*|adds .*|said, .*)",
    ),
]
SEATS = Table(
    [
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT})(?:, .*)?\)"),
        ("ignore", r"Table: '.*' \d+-max.*"),
        ("ante", rf"{_N} posts ante {_A}{_ALLIN}"),
        *_COMMON,
    ]
)
PLAY = Table(
    [
        ("deal", rf"Dealt to {_N} (?P<cards>(?:\[[^\]]*\] ?)+)"),
        ("ante", rf"{_N} posts ante {_A}{_ALLIN}"),
        ("bring_in", rf"{_N} (?:brings in|bring-in) {_A}{_ALLIN}"),
        ("call", rf"{_N} calls {_A}{_ALLIN}"),
        ("bet", rf"{_N} bets {_A}{_ALLIN}"),
        ("bet", rf"{_N} raises {AMOUNT} to (?P<to>{AMOUNT}){_ALLIN}"),
        ("bet", rf"{_N} completes(?: it)? to (?P<to>{AMOUNT}){_ALLIN}"),
        ("check", rf"{_N} checks"),
        ("fold", rf"{_N} folds"),
        ("returned", rf"Uncalled bet \({_A}\) returned to {_N}"),
        ("collected", rf"{_N} collected {_A} from (?:main |side )?pot(?: \d+)?"),
        ("shows", rf"{_N} shows (?P<cards>\[[^\]]*\])(?: .*)?"),
        ("ignore", rf"{_N} (?:mucks|doesn't show).*"),
        *_COMMON,
    ]
)
SUMMARY = Table(
    [
        ("total", rf"Total pot (?P<pot>{AMOUNT})(?: .*)? \| Rake (?P<rake>{AMOUNT}).*"),
        ("total", rf"Total pot (?P<pot>{AMOUNT})(?: .*)? \| No rake.*"),
        ("shows", rf"Seat \d+: {_N}(?: \([^)]*\))? showed (?P<cards>\[[^\]]*\]).*"),
        ("ignore", r"Board: .*|Seat \d+: .*"),
    ]
)
EXPECTED = {
    "seats": "'Seat N: NAME (STACK)', 'NAME posts ante X' or a street marker",
    "play": "a deal ('Dealt to NAME [..]'), an action ('NAME calls X', 'bets X', 'raises X to "
    "Y', 'brings in X', 'checks', 'folds'), 'NAME collected X from pot' or 'NAME shows [..]'",
    "summary": "'Total pot X | Rake Y' or 'Seat N: ...'",
}
TABLES = {"seats": SEATS, "play": PLAY, "summary": SUMMARY}


def sniff(text: str) -> bool:
    return file_start(text).startswith("Winamax Poker - ")


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    if m is None:
        raise HistoryError(source, first.number, first.text, "'Winamax Poker - ... HandId'", ROOM)
    rest = m.group("rest")
    words = rest.split(" (")[0]
    hand_id = m.group("id")
    other = other_game(source, first, ROOM, hand_id, words)
    if other is not None:
        return other
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise HistoryError(
            source, first.number, first.text, "stakes as (ante/small bet/big bet)", ROOM
        )
    tournament = m.group("kind").startswith("Tournament")
    table = block[1].text if len(block) > 1 else ""
    hand = new_hand(
        source,
        first,
        ROOM,
        hand_id,
        words,
        amount(stakes.group("sb")),
        amount(stakes.group("bb")),
        tournament=tournament,
        header_ante=amount(stakes.group("ante")) if stakes.group("ante") else None,
        money=not tournament and ("(real money)" in table or "€" in stakes.group(0)),
    )
    return build(hand, block, TABLES, EXPECTED)

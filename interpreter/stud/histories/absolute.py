"""Absolute Poker hand histories of the stud games.

A hand starts ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 …``
(``Normal`` is fixed limit; the amounts are the small and big bet).  Player lines read
``NAME - Verb $X``; ``Pocket [H H Js 10d]`` repeats every card dealt so far, ``H`` for a
hidden one.  ``Bets``, ``Calls``, ``Raises`` and ``All-In`` give the chips added.  The
format does not say whether what a player collects includes an uncalled bet.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start, one_table

ROOM = "Absolute"
HEADER = re.compile(r"Stage #C?(?P<id>\d+):\s*(?P<rest>.*)")
_STAKES = re.compile(rf"(?P<sb>{AMOUNT})(?:/(?P<bb>{AMOUNT}))?(?:, (?P<ante>{AMOUNT}) ante)?\s+-")
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

TABLE = Table(
    [
        ("street", r"\*\*\* (?:3RD|4TH|5TH|6TH|7TH|3rd|4th|5th|6th|7th) STREET \*\*\*"),
        ("street", r"\*\*\* RIVER \*\*\*"),
        ("showdown", r"\*\*\* SHOW ?DOWN \*\*\*"),
        ("summary", r"\*\*\* SUMMARY \*\*\*"),
        ("seat", rf"Seat (?P<seat>\d+) - {_N} \((?P<stack>{AMOUNT}) in chips\)"),
        ("ignore", r"Table: .*|Game Type: .*"),
        ("ante", rf"{_N} - Ante {_A}"),
        ("deal_all", rf"{_N} - Pocket \[(?P<cards>[^\]]*)\]"),
        ("bring_in", rf"{_N} - Bring-In {_A}\.?"),
        ("call", rf"{_N} - Calls {_A}"),
        ("bet", rf"{_N} - Bets {_A}"),
        ("bet", rf"{_N} - Raises {_A}"),
        ("allin", rf"{_N} - All-In(?:\(Raise\))? {_A}"),
        ("check", rf"{_N} - Checks"),
        ("fold", rf"{_N} - Folds"),
        ("returned", rf"{_N} - returned \({_A}\).*"),
        ("shows", rf"{_N} - Shows (?P<cards>\[[^\]]*\]).*"),
        ("ignore", rf"{_N} - (?:Mucks|Sitout|Sits? out|Timeout|Chat|Disconnect|Reconnect).*"),
        ("collected", rf"{_N} Collects {_A} from (?:main |side )?pot.*"),
        ("total", rf"Total Pot\((?P<pot>{AMOUNT})\)(?: \| Rake \((?P<rake>{AMOUNT})\))?.*"),
        ("ignore", r"Seat \d+: .*|Board \[.*\]"),
    ]
)
EXPECTED = {
    "seats": "'Seat N - NAME ($X in chips)', 'NAME - Ante $X' or a street marker",
    "play": "'NAME - Pocket [..]', an action ('NAME - Calls $X', 'Bets $X', 'Raises $X', "
    "'Bring-In $X', 'Checks', 'Folds', 'All-In $X'), 'NAME - Shows [..]' or "
    "'NAME Collects $X from main pot'",
    "summary": "'Total Pot($X) | Rake ($Y)' or 'Seat N: ...'",
}
TABLES = one_table(TABLE)


def sniff(text: str) -> bool:
    return HEADER.match(file_start(text)) is not None


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    if m is None:
        raise HistoryError(source, first.number, first.text, "'Stage #N: GAME ...'", ROOM)
    rest = re.sub(r"\s+", " ", m.group("rest"))
    stakes = _STAKES.search(rest)
    words = rest[: stakes.start()] if stakes else rest
    other = other_game(source, first, ROOM, m.group("id"), words.strip())
    if other is not None:
        return other
    if stakes is None or stakes.group("bb") is None:
        raise HistoryError(source, first.number, first.text, "stakes as 'SB/BB -'", ROOM)
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words.strip(),
        amount(stakes.group("sb")),
        amount(stakes.group("bb")),
        tournament="Tourney" in rest or "Tournament" in rest,
        header_ante=amount(stakes.group("ante")) if stakes.group("ante") else None,
        money=stakes.group("sb")[0] in "$€£",
        returns="either",
    )
    return build(hand, block, TABLES, EXPECTED)

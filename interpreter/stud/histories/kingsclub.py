"""KingsClub hand histories of the stud games.

A hand starts ``#40091899: Limit Seven Card Stud - 44/88`` (the game, the structure and
the small and big bet), then the date and ``Table 'NAME'``.  Player lines read
``NAME verb``: calls and raises give the player's new street total (``calls 38.58``,
``raises to 38.58``).  The first street has no marker and the later ones are numbered one
short (``*** 3RD STREET ***`` is fourth street), so markers are counted, not read.  The
summary gives every player's stack after the hand, the rake and ``NAME wins pot (X)``;
an uncalled bet is neither returned in a line nor counted in what the winner collects.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start, one_table

ROOM = "KingsClub"
HEADER = re.compile(r"#(?P<id>\d+):\s+(?P<rest>(?:No Limit|Pot Limit|Limit) .*)")
_STAKES = re.compile(rf" - (?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})")
_ALLIN = r"(?P<allin>,? and is all.in)?(?: and has reached the \[.*\] cap)?"
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

_COMMON = [
    (
        "street",
        r"\*\*\* (?:\d(?:ST|ND|RD|TH)|FIRST|SECOND|THIRD|FOURTH|FIFTH|SIXTH|SEVENTH)"
        r" STREET \*\*\*|\*\*\* RIVER \*\*\*",
    ),
    ("showdown", r"\*\*\* SHOW ?DOWN \*\*\*"),
    ("summary", r"\*\*\* SUMMARY \*\*\*"),
    ("ignore", r"\d{4}-\d\d-\d\d \d+:\d+:\d+.*|Table (?:ID )?'.*'.*"),
    (
        "ignore",
        r".+ (?:sits out|is sitting out|is disconnected|is connected|has returned|"
        r"leaves the table|joins the table.*|cashed out the hand.*|"
        r"finished the tournament.*|wins the tournament.*|said, .*)|Hand cancelled",
    ),
]
TABLE = Table(
    [
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT})\)"),
        ("ante", rf"{_N}: posts ante {_A}{_ALLIN}"),
        ("deal_new", rf"Dealt to {_N}: \[(?P<cards>[^\]]*)\]"),
        ("bring_in", rf"{_N} brings?[- ]in(?: low)? for {_A}{_ALLIN}"),
        ("call_to", rf"{_N} calls {_A}{_ALLIN}"),
        ("raise_to", rf"{_N} bets {_A}{_ALLIN}"),
        ("raise_to", rf"{_N} raises (?:{AMOUNT} )?to {_A}{_ALLIN}"),
        ("raise_to", rf"{_N} completes(?: it)? to {_A}{_ALLIN}"),
        ("check", rf"{_N} checks"),
        ("fold", rf"{_N} folds"),
        ("returned", rf"Uncalled bet \({_A}\) returned to {_N}"),
        ("shows", rf"{_N}:? shows (?P<cards>\[[^\]]*\]).*"),
        ("ignore", rf"{_N}:? (?:mucks|doesn't show).*"),
        ("final", rf"Seat \d+: {_N} \((?P<stack>{AMOUNT})\) [-+]?{AMOUNT}"),
        ("rake", rf"Rake (?P<rake>{AMOUNT})"),
        ("collected", rf"{_N} wins (?:the )?(?:side )?pot(?: \d+)? \({_A}\)(?: from pot)?"),
        *_COMMON,
    ]
)
EXPECTED = {
    "seats": "'Seat N: NAME (STACK)', 'NAME: posts ante X' or 'Dealt to NAME: [..]'",
    "play": "a deal ('Dealt to NAME: [..]'), an action ('NAME calls X', 'bets X', 'raises to "
    "X', 'brings in for X', 'checks', 'folds') or 'NAME shows [..]'",
    "summary": "'Seat N: NAME (STACK) +X', 'Rake X' or 'NAME wins pot (X)'",
}
TABLES = one_table(TABLE)


def sniff(text: str) -> bool:
    first = file_start(text).split("\n", 1)[0].strip()
    return HEADER.fullmatch(first) is not None


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    if m is None:
        raise HistoryError(source, first.number, first.text, "'#N: Limit GAME - SB/BB'", ROOM)
    rest = m.group("rest")
    stakes = _STAKES.search(rest)
    words = rest[: stakes.start()] if stakes else rest
    other = other_game(source, first, ROOM, m.group("id"), words)
    if other is not None:
        return other
    if stakes is None:
        raise HistoryError(source, first.number, first.text, "stakes as ' - SB/BB'", ROOM)
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words,
        amount(stakes.group("sb")),
        amount(stakes.group("bb")),
        tournament=any(re.match(r"Table 'T\d+", line.text) for line in block[1:4]),
        money=True,
        returns="implied",
    )
    hand.money = not hand.tournament
    return build(hand, block, TABLES, EXPECTED)

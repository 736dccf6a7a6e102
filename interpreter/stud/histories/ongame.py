"""OnGame hand histories of the stud games.

A hand runs from ``***** History for hand R5-82086688-607 *****`` to ``***** End of hand
… *****``; ``Table: Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02,
Real money)`` names the game, the small and big bet and the ante.  Streets start
``Dealing pocket cards``, ``Dealing 4th street`` … ``Dealing river``; ``Dealing to NAME:
[-, -, Kh]`` gives the new cards (``-`` hidden).  ``small bring in`` is the bring-in,
``big bring in`` a completion.  The summary names each pot's winners with what they were
paid (``Main pot: $2.35 won by Hero ($2.24)``), the rake, and every player's stack after
the hand.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start, first_match, one_table

ROOM = "OnGame"
HEADER = re.compile(r"\*{5} History for hand (?P<id>\S+) \*{5}")
_TABLE = re.compile(
    rf"Table: (?P<table>.*?) \((?P<words>.*?) (?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})"
    rf"(?:, ante: (?P<ante>{AMOUNT}))?(?:, (?P<money>[^)]*))?\)"
)
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"
_ALLIN = r"(?P<allin>,? and is all.in)?"

TABLE = Table(
    [
        ("end", r"\*{5} End of hand .*"),
        ("ignore", r"Start hand: .*|Table: .*|User: .*|Button: .*|Players in round: .*|-+"),
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT})\)"),
        ("street", r"Dealing (?:pocket cards|\dth street|river|\w+ street)"),
        ("summary", r"Summary:"),
        ("ante", rf"{_N} posts ante {_A}{_ALLIN}"),
        ("deal_new", rf"Dealing to {_N}: \[(?P<cards>[^\]]*)\]"),
        ("bring_in", rf"{_N} small bring in {_A}{_ALLIN}"),
        ("bet", rf"{_N} big bring in {_A}{_ALLIN}"),
        ("call", rf"{_N} calls {_A}{_ALLIN}"),
        ("bet", rf"{_N} bets {_A}{_ALLIN}"),
        ("bet", rf"{_N} (?:raises|completes) (?:{AMOUNT} )?to (?P<to>{AMOUNT}){_ALLIN}"),
        ("check", rf"{_N} checks"),
        ("fold", rf"{_N} folds"),
        ("returned", rf"{_N} (?:takes back|returned|gets back) {_A}.*"),
        (
            "ignore",
            rf"{_N} (?:shows|mucks|doesn't show|is sitting out|sits out|"
            r"has timed out|is disconnected|is connected|has joined|has left).*",
        ),
        ("pot_winners", r"(?:Main|Side) pot(?: \d+)?: \S+ won by (?P<winners>.*)"),
        ("rake", rf"Rake taken: (?P<rake>{AMOUNT})"),
        (
            "final",
            rf"Seat \d+: {_N} \((?P<stack>{AMOUNT})\), net: [-+]?{AMOUNT}"
            r"(?:, (?P<cards>\[[^\]]*\]).*)?",
        ),
    ]
)
EXPECTED = dict.fromkeys(
    ("seats", "play", "summary"),
    "'Seat N: NAME ($X)', 'NAME posts ante $X', 'Dealing to NAME: [..]', an action ('NAME "
    "calls $X', 'bets $X', 'raises $X to $Y', 'small bring in $X', 'checks', 'folds') or a "
    "summary line ('Main pot: $X won by NAME ($Y)', 'Rake taken: $X', 'Seat N: NAME ($X), "
    "net: ...')",
)
TABLES = one_table(TABLE)


def sniff(text: str) -> bool:
    return HEADER.match(file_start(text)) is not None


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    info = first_match(_TABLE, block[1:6])
    if m is None or info is None:
        line = block[1] if len(block) > 1 else first
        raise HistoryError(
            source, line.number, line.text, "'Table: NAME (LIMIT GAME $SB/$BB, ante: $X)'", ROOM
        )
    words = info.group("words")
    other = other_game(source, first, ROOM, m.group("id"), words)
    if other is not None:
        return other
    money = info.group("money") or ""
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words,
        amount(info.group("sb")),
        amount(info.group("bb")),
        tournament="tournament" in money.lower(),
        header_ante=amount(info.group("ante")) if info.group("ante") else None,
        money="real money" in money.lower(),
        table=info.group("table"),
        returns="either",
        rake=None,
    )
    return build(hand, block, TABLES, EXPECTED)

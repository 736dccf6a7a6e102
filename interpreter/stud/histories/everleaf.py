"""Everleaf Gaming hand histories of the stud games.

A hand starts ``Everleaf Gaming Game #285997460``; its third line gives the small and big
bet and the game (``$0.05/$0.10 7 Card Stud - 2011/07/08 - 00:08:53``).  No card is dealt
in the file, only shown at the showdown: who brings in and who opens cannot be verified.
``calls``, ``bets`` and ``raises`` give the chips added (``[$ 0.10 USD]``), ``completes to``
the new total.  The room states no rake and neither returns an uncalled bet in a line nor
counts it in what the winner collects.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import ISO, Line, Table, amount, file_start, first_match, one_table

ROOM = "Everleaf"
HEADER = re.compile(r"Everleaf Gaming Game #(?P<id>\d+)")
_GAME = re.compile(
    r"(?:Blinds )?\s?(?P<sb>[$€£]?\s?[\d,.]+) ?/ ?(?P<bb>[$€£]?\s?[\d,.]+) (?P<words>.*?)"
    r"(?: - \d+ Max)? - \d{4}/\d\d/\d\d - [\d:]+"
)
_N = r"(?P<name>.+?)"
_AMT = r"(?:[$€£]\s?)?\d[\d,]*(?:\.\d+)?"
_A = rf"\[\s*(?P<amount>{_AMT})\s*(?:{ISO}|Chips)?\s*\]"

TABLE = Table(
    [
        ("ignore", r"\*{5} Hand history for game #\d+ \*{5}|Table .*|Total number of players.*"),
        ("ignore", r"Seat \d+ is the button|.*\d{4}/\d\d/\d\d - [\d:]+"),
        (
            "seat",
            rf"Seat (?P<seat>\d+): {_N} \(\s*(?P<stack>{_AMT})\s*(?:{ISO}|Chips)?"
            r"(?:new player|All-in)?\s*\)",
        ),
        ("street", r"\*\* Dealing down cards \*\*|\*{4} dealing (?:\dth street|river) \*{4}"),
        ("ante", rf"{_N}: posts ante {_A}"),
        ("deal", rf"Dealt to {_N} (?P<cards>\[[^\]]*\])"),
        ("bring_in", rf"{_N} posts bring-in (?P<amount>{_AMT})\."),
        ("bet", rf"{_N} completes to (?P<to>{_AMT})\."),
        ("call", rf"{_N} calls {_A}"),
        ("bet", rf"{_N}: bets {_A}"),
        ("bet", rf"{_N} raises {_A}"),
        ("check", rf"{_N} checks"),
        ("fold", rf"{_N} folds"),
        ("shows", rf"{_N} (?:shows|mucks) (?P<cards>\[[^\]]*\]).*"),
        (
            "ignore",
            rf"{_N} (?:does not show cards|is sitting out|sits out|has left|"
            r"has joined|is disconnected|is connected).*",
        ),
        ("collected", rf"{_N} wins (?:(?:high|low) )?\(?\s?(?P<amount>{_AMT})\s?(?:{ISO})?\)?.*"),
    ]
)
EXPECTED = dict.fromkeys(
    ("seats", "play", "summary"),
    "'Seat N: NAME ( $ X USD )', 'NAME: posts ante [$ X USD]', an action ('NAME calls [$ X "
    "USD]', 'NAME: bets [..]', 'raises [..]', 'completes to $X.', 'posts bring-in $X.', "
    "'checks', 'folds'), 'NAME shows [..]' or 'NAME wins $ X USD'",
)
TABLES = one_table(TABLE)


def sniff(text: str) -> bool:
    return HEADER.match(file_start(text)) is not None


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    return read_hands(text, source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    info = first_match(_GAME, block[1:4])
    if m is None or info is None:
        line = block[min(2, len(block) - 1)]
        raise HistoryError(source, line.number, line.text, "'$SB/$BB GAME - DATE - TIME'", ROOM)
    words = info.group("words")
    other = other_game(source, first, ROOM, m.group("id"), words)
    if other is not None:
        return other
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words,
        amount(info.group("sb")),
        amount(info.group("bb")),
        tournament=info.group("sb")[0] not in "$€£",
        money=info.group("sb")[0] in "$€£",
        returns="implied",
        rake=None,
    )
    return build(hand, block, TABLES, EXPECTED)

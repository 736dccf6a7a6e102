"""PartyPoker hand histories of the stud games.

A hand starts ``***** Hand History for Game 10399817763 *****`` (after ``Game #… starts.``
and ``#Game No : …``); the next line gives the small and big bet and the game (``$0.50/$1
USD 7 Card Stud - Monday, …``).  Only the saving player's cards are dealt in the file
(``Dealt to Hero [ 3h 8c 7c ]``): the others' up cards are unknown, so who brings in and
who opens cannot be verified.  Every amount (``[$0.50 USD]``) is the chips added, a raise
too.  The room states no rake, and what a winner is paid includes an uncalled bet.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, ISO, Line, Table, amount, file_start, one_table

ROOM = "PartyPoker"
HEADER = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\w+) \*{5}.*")
_GAME = re.compile(
    rf"(?:(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})\s*(?:{ISO})?\s+)?(?P<words>.*?)\s*"
    rf"(?:Trny:.*?\((?P<tsb>[\d,.]+)\s*/\s*(?P<tbb>[\d,.]+)(?:\s*-\s*(?P<ante>[\d,.]+))?\).*)?"
    r"\s+-\s+\w+day,? .*|(?P<other>.*)"
)
_N = r"(?P<name>.+?)"
_A = rf"[\[(]\s*(?P<amount>{AMOUNT})\s*(?:{ISO})?\s*[\])]"

TABLE = Table(
    [
        ("ignore", r"Game #\d+ starts\.|#Game No : \d+|Table .*|Seat \d+ is the button.*"),
        ("ignore", r"Total number of players\s*:.*|There was no qualifying low hand.*"),
        ("ignore", r".* - \w+day, .*"),
        ("seat", rf"Seat (?P<seat>\d+): {_N} \(\s*(?P<stack>{AMOUNT})\s*(?:{ISO})?\s*\)"),
        ("street", r"\*\* Dealing(?: \w+ street| River)? \*\*"),
        ("ante", rf"{_N} posts ante(?: of)? {_A}"),
        ("deal", rf"Dealt to {_N} (?P<cards>(?:\[[^\]]*\] ?)+)"),
        ("ignore", rf"{_N} opens"),
        ("bring_in", rf"{_N} bring-ins {_A}"),
        ("bet", rf"{_N} (?:completes|bets|double bets|raises) {_A}\.?"),
        ("call", rf"{_N} calls {_A}\.?"),
        ("allin", rf"{_N} is all-In\s*{_A}\.?"),
        ("check", rf"{_N} checks\.?"),
        ("fold", rf"{_N} folds\.?"),
        ("shows", rf"{_N} (?:shows|doesn't show) (?P<cards>\[[^\]]*\]).*"),
        (
            "ignore",
            rf"{_N} (?:does not show cards|mucks|is sitting out|has left the table|"
            r"has joined the table|will be using|is disconnected|has been reconnected).*",
        ),
        ("collected", rf"{_N} wins (?:Lo \()?(?P<amount>{AMOUNT})\s*(?:{ISO})?\)?.*"),
    ]
)
EXPECTED = dict.fromkeys(
    ("seats", "play", "summary"),
    "'Seat N: NAME ( $X USD )', 'NAME posts ante [$X USD]', 'Dealt to NAME [..]', an action "
    "('NAME calls [$X]', 'bets [$X]', 'raises [$X]', 'completes [$X]', 'bring-ins [$X]', "
    "'checks', 'folds'), 'NAME shows [..]' or 'NAME wins $X'",
)
TABLES = one_table(TABLE)


def sniff(text: str) -> bool:
    start = file_start(text)
    return bool(re.match(r"Game #\d+ starts\.|#Game No :|\*{5} Hand History [Ff]or Game", start))


_PREAMBLE = re.compile(r"^[ \t\x00]*(?:Game #\d+ starts\.|#Game No : \d+)[ \t]*$", re.MULTILINE)


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    # the lines before each header belong to the hand after it: blank them (keeping the
    # line numbers) so that each hand starts at its header
    return read_hands(_PREAMBLE.sub("", text), source, HEADER, _hand)


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    line = block[1] if len(block) > 1 else first
    info = _GAME.fullmatch(line.text)
    if m is None or info is None or info.group("other") is not None:
        raise HistoryError(
            source, line.number, line.text, "'$SB/$BB USD GAME - DAY, DATE' after the header", ROOM
        )
    words = info.group("words")
    other = other_game(source, first, ROOM, m.group("id"), words)
    if other is not None:
        return other
    sb, bb = info.group("sb") or info.group("tsb"), info.group("bb") or info.group("tbb")
    if sb is None or bb is None:
        raise HistoryError(source, line.number, line.text, "the small and big bet", ROOM)
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words,
        amount(sb),
        amount(bb),
        tournament=info.group("tsb") is not None,
        header_ante=amount(info.group("ante")) if info.group("ante") else None,
        money=sb[0] in "$€£",
        rake=None,
    )
    return build(hand, block, TABLES, EXPECTED)

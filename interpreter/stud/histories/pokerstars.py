"""PokerStars hand histories of seven-card stud, stud hi-lo and razz (cash and tournament).

A hand starts ``PokerStars Game #…:`` (older) or ``PokerStars Hand #…:``; the header names
the game (``7 Card Stud``, ``7 Card Stud Hi/Lo``, ``Razz``), ``Limit``, and the small and
big bet in brackets (``($0.04/$0.08 USD)``, or ``Level IV (50/100)`` in a tournament).
Player lines read ``NAME: verb ...``; the ante and bring-in come from the posted amounts.
"""

from __future__ import annotations

import re

from stud.histories.builder import Builder, read_hands
from stud.histories.model import HistoryError, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount

ROOM = "PokerStars"
HEADER = re.compile(r"PokerStars (?:Game|Hand) #(?P<id>\d+):\s*(?P<rest>.*)")
_STAKES = re.compile(rf"\((?:[^()]*, )?(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})(?: [A-Z]{{3}})?\)")
_ALLIN = r"(?P<allin> and is all-in)?"
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

_COMMON = [
    (
        "ignore",
        r".+ (?:is disconnected|is connected|has timed out.*|leaves the table|"
        r"joins the table at seat #\d+|sits down|stands up|is sitting out|"
        r"was removed from the table.*|has returned|finished the tournament.*|"
        r"wins the tournament.*|re-buys.*|adds .*|will be allowed to play.*)",
    ),
    ("ignore", r".+ said, .*"),
    (
        "ignore",
        r"Betting is capped|Pair on board - a double bet is allowed|"
        r"No low hand qualified|.+: sits out|.+: is sitting out",
    ),
]
SEATS = Table(
    [
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT}) in chips\)(?: .*)?"),
        ("ignore", r"Table '.*' \d+-max.*"),
        ("ante", rf"{_N}: posts the ante {_A}{_ALLIN}"),
        *_COMMON,
    ]
)
PLAY = Table(
    [
        ("dealt", rf"Dealt to {_N} (?P<cards>(?:\[[^\]]*\] ?)+)"),
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


def sniff(text: str) -> bool:
    return text.lstrip("\ufeff \r\n").startswith("PokerStars ")


def read(text: str, source: str) -> list[RoomHand | HistoryError]:
    """Every hand in the file, or the error that stopped reading it."""
    return read_hands(text, source, HEADER, _hand)


def _game(rest: str) -> str | None:
    upper = rest.upper()  # some exports write the header in capitals
    if "RAZZ" in upper:
        return "razz"
    if "STUD HI/LO" in upper:
        return "stud-hi-lo"
    if "7 CARD STUD" in upper:
        return "seven-card-stud"
    return None


def _hand(block: list[Line], source: str) -> RoomHand:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    if m is None:
        raise HistoryError(source, first.number, first.text, "'PokerStars Game #N: ...'")
    rest = m.group("rest")
    game = _game(rest)
    stakes = _STAKES.search(rest)
    if game is None or stakes is None or re.search("POT LIMIT|NO LIMIT", rest.upper()):
        raise HistoryError(
            source,
            first.number,
            first.text,
            "a fixed-limit 7 Card Stud, 7 Card Stud Hi/Lo or Razz header with stakes (SB/BB)",
        )
    hand = RoomHand(
        source=source,
        line=first.number,
        room=ROOM,
        hand_id=m.group("id"),
        game=game,
        tournament="TOURNAMENT #" in rest.upper(),
        small_bet=amount(stakes.group("sb")),
        big_bet=amount(stakes.group("bb")),
        money=stakes.group("sb")[0] in "$€£",
    )
    builder = Builder(hand, {"seats": SEATS, "play": PLAY, "summary": SUMMARY}, EXPECTED)
    for line in block[1:]:
        builder.feed(line)
    return hand

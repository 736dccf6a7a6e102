"""Winning Poker (WPN) hand histories of the stud games, in both of its formats.

The older format (UTF-16) starts each hand ``Game started at: 2016/8/2 11:17:19`` then
``Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)``; lines read ``Player NAME
verb (X)``, every card dealt comes on a line of its own (``received card: [5d]``, or
``received a card.`` when hidden) and streets are numbered one short (``*** Third street
***`` is fourth street).  ``calls (X)`` and ``bets (X)`` add chips, ``raises (X)`` gives
the new total.  The summary gives the rake (and a jackpot fee, which comes out of the pot
too) and what each player collects.  The newer format starts ``Hand #85198832 - 7Stud(Fixed
Limit) - $0.04/$0.08 - …`` and reads like PokerStars', the winners in the summary.
"""

from __future__ import annotations

import re

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start, first_match

ROOM = "Winning"
OLD = re.compile(r"Game started at: .*")
NEW = re.compile(r"Hand #(?P<id>\d+) - (?P<rest>.*)")
_ID = re.compile(rf"Game ID: (?P<id>\d+) (?P<sb>{AMOUNT})/(?P<bb>{AMOUNT}) (?P<rest>.*)")
_P = r"Player (?P<name>.+?)"
_X = rf"\((?P<amount>{AMOUNT})\)"
_N = r"(?P<name>.+?)"
_A = rf"(?P<amount>{AMOUNT})"

OLD_TABLE = Table(
    [
        ("ignore", r"Game ID: .*|Game started at: .*"),
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT})\)\.?"),
        ("street", r"\*\*\* \w+ street \*\*\*"),
        ("summary", r"-+ Summary -+"),
        ("end", r"Game ended at: .*"),
        ("ante", rf"{_P} ante {_X}"),
        ("deal_new", rf"{_P} received card: \[(?P<cards>[^\]]*)\]"),
        ("deal_hidden", rf"{_P} received a card\."),
        ("bring_in", rf"{_P} bring in {_X}"),
        ("call", rf"{_P} calls {_X}"),
        ("bet", rf"{_P} bets {_X}"),
        ("raise_to", rf"{_P} raises {_X}"),
        ("allin", rf"{_P} allin {_X}"),
        ("check", rf"{_P} checks"),
        ("fold", rf"{_P} folds"),
        ("returned", rf"Uncalled bet {_X} returned to {_N}"),
        (
            "ignore",
            rf"{_P} (?:mucks cards|shows cards|is timed out|sitting out|wait BB|"
            r"has left the table|is disconnected|is connected).*",
        ),
        (
            "total",
            rf"Pot: (?P<pot>{AMOUNT})\. Rake (?P<rake>{AMOUNT})(?:\. JP fee (?P<fee>{AMOUNT}))?.*",
        ),
        (
            "won",
            rf"\*?\s?{_P} shows: .*(?P<cards>\[[^\]]*\])\. Bets: {AMOUNT}\. Collects: {_A}\..*",
        ),
        ("won", rf"\*?\s?{_P} (?:mucks|does not show).*Bets: {AMOUNT}\. Collects: {_A}\..*"),
    ]
)
_ALLIN = r"(?P<allin> and is all-in)?"
NEW_TABLE = Table(
    [
        ("seat", rf"Seat (?P<seat>\d+): {_N} \((?P<stack>{AMOUNT})\)"),
        ("ignore", r".+ \d+-max.*|Main pot .*|Side pot.*"),  # "Side pot(1) $X | Rake $Y"
        ("street", r"\*\*\* (?:3rd|4th|5th|6th|7th) STREET \*\*\*|\*\*\* RIVER \*\*\*"),
        ("showdown", r"\*\*\* SHOW ?DOWN \*\*\*"),
        ("summary", r"\*\*\* SUMMARY \*\*\*"),
        ("ante", rf"{_N} posts ante {_A}{_ALLIN}"),
        ("deal", rf"Dealt to {_N} (?P<cards>(?:\[[^\]]*\] ?)+)"),
        ("bring_in", rf"{_N} brings in {_A}{_ALLIN}"),
        ("call", rf"{_N} calls {_A}{_ALLIN}"),
        ("bet", rf"{_N} bets {_A}{_ALLIN}"),
        ("bet", rf"{_N} (?:raises|completes) {AMOUNT} to (?P<to>{AMOUNT}){_ALLIN}"),
        ("check", rf"{_N} checks"),
        ("fold", rf"{_N} folds"),
        ("returned", rf"Uncalled bet \({_A}\) returned to {_N}"),
        ("collected", rf"{_N} collected {_A} from (?:main |side )?pot.*"),
        ("shows", rf"{_N} shows (?P<cards>\[[^\]]*\]).*"),
        ("ignore", rf"{_N} (?:does not show|mucks|sits out|is sitting out).*"),
        (
            "total",
            rf"Total pot (?P<pot>{AMOUNT}) \| Rake (?P<rake>{AMOUNT})"
            rf"(?: \| JP Fee (?P<fee>{AMOUNT}))?.*",
        ),
        (
            "won",
            rf"Seat \d+: {_N} (?:\(.*\) )?(?:showed (?P<cards>\[[^\]]*\]) and )?"
            rf"(?:did not show and )?won {_A}.*",
        ),
        ("ignore", r"Seat \d+: .*|Board \[.*\]"),
    ]
)
EXPECTED = {
    "old": "'Player NAME ante (X)', 'received card: [..]', an action ('Player NAME calls "
    "(X)', 'bets (X)', 'raises (X)', 'bring in (X)', 'checks', 'folds') or a summary line",
    "new": "'Seat N: NAME ($X)', 'NAME posts ante $X', 'Dealt to NAME [..]', an action "
    "('NAME calls $X', 'bets $X', 'raises $X to $Y', 'brings in $X', 'checks', 'folds') or "
    "a summary line",
}


def sniff(text: str) -> bool:
    start = file_start(text)
    return OLD.match(start) is not None or NEW.match(start) is not None


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    start = file_start(text)
    if OLD.match(start):
        return read_hands(text, source, OLD, _old)
    return read_hands(text, source, NEW, _new)


def _make(source: str, first: Line, hand_id: str, words: str, sb: str, bb: str) -> RoomHand:
    tournament = "Tournament" in words or "Tourney" in words
    return new_hand(
        source,
        first,
        ROOM,
        hand_id,
        words,
        amount(sb),
        amount(bb),
        tournament=tournament,
        money=True,
    )


def _old(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    ident = first_match(_ID, block[1:3])
    if ident is None:
        raise HistoryError(source, first.number, first.text, "'Game ID: N SB/BB ... (GAME)'", ROOM)
    inner = re.findall(r"\(([^()]*)\)", ident.group("rest"))
    words = inner[-1] if inner else ident.group("rest")
    other = other_game(source, first, ROOM, ident.group("id"), words)
    if other is not None:
        return other
    hand = _make(source, first, ident.group("id"), words, ident.group("sb"), ident.group("bb"))
    tables = {"seats": OLD_TABLE, "play": OLD_TABLE, "summary": OLD_TABLE}
    expected = dict.fromkeys(tables, EXPECTED["old"])
    return build(hand, block, tables, expected, single_cards=True)


def _new(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = NEW.fullmatch(first.text)
    parts = m.group("rest").split(" - ") if m else []
    stakes = [p for p in parts if re.fullmatch(rf"{AMOUNT}/{AMOUNT}", p)]
    if m is None or not parts:
        raise HistoryError(source, first.number, first.text, "'Hand #N - GAME - SB/BB'", ROOM)
    words = parts[0]
    other = other_game(source, first, ROOM, m.group("id"), words)
    if other is not None:
        return other
    if not stakes:
        raise HistoryError(source, first.number, first.text, "stakes as 'SB/BB'", ROOM)
    sb, bb = stakes[0].split("/")
    hand = _make(source, first, m.group("id"), words, sb, bb)
    hand.money = sb[0] in "$€£"
    tables = {"seats": NEW_TABLE, "play": NEW_TABLE, "summary": NEW_TABLE}
    expected = dict.fromkeys(tables, EXPECTED["new"])
    return build(hand, block, tables, expected)

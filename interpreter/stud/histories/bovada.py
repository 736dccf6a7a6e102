"""Bovada (formerly Bodog, also Ignition) hand histories of the stud games.

A hand starts ``Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 …``
(``7CARD``, ``7CARD HiLo``); players are named by seat (``Seat+3``, ``[ME]`` marks the
player who saved the file) and every card is shown, even the folded players'.  Streets
may have no marker: a deal after betting starts the next one.  ``Bets``, ``Calls`` and
``All-in`` give the chips added, ``Raises $X`` (or ``Raises $X to $Y``) the new total;
``D bets`` is a double bet.  The header gives no stakes: the small and big bet are read
from the bets of every hand at the same table in the file (the most common reading),
so one hand's wrong amount is checked against the others'.
"""

from __future__ import annotations

import re
from collections import Counter
from decimal import Decimal

from stud.histories.builder import build, new_hand, other_game, read_hands
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, file_start, one_table

ROOM = "Bovada"
HEADER = re.compile(
    r"(?:Bodog|Bovada|Ignition)(?:\.\w+| UK| Canada|88)? Hand #C?(?P<id>\d+):?"
    r"(?: (?:TBL|Zone Poker ID)#(?P<table>\S+))? (?P<rest>.*)"
)
_STAKES = re.compile(rf"\((?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})\)")
_N = r"(?P<name>.+?)(?:  ?\[ME\])? ?"
_A = rf"(?P<amount>{AMOUNT})"
_TO = rf"(?P<amount>{AMOUNT})(?: to (?P<to>{AMOUNT}))?"

_COMMON = [
    ("street", r"\*\*\* (?:3RD|4TH|5TH|6TH|7TH) STREET \*\*\*|\*\*\* RIVER \*\*\*"),
    ("ignore", r"\*\*\* HOLE CARDS \*\*\*|\*\*\* SHOW ?DOWN \*\*\*"),
    ("summary", r"\*\*\* SUMMARY \*\*\*"),
    ("ignore", r"Dealer : .*|Table (?:enter|leave|deposit) .*"),
    (
        "ignore",
        rf"{_N}: (?:Seat (?:sit out|stand|sit down|re-join)|Table (?:leave|enter|deposit) .*|"
        r"Set dealer.*|Does not show.*|Showdown.*|Mucks.*|Chat.*|.*[Tt]imeout.*|"
        r"Sitout.*|Leave.*|Enter.*|Re-join.*)",
    ),
]
TABLE = Table(
    [
        ("seat", rf"(?P<name>Seat\+(?P<seat>\d+))(?: \[ME\])?: (?P<stack>{AMOUNT}) in chips"),
        ("seat", rf"Seat (?P<seat>\d+): {_N}\((?P<stack>{AMOUNT}) in chips\)"),
        ("ante", rf"{_N}: Ante chip {_A}"),
        ("deal_new", rf"{_N}: Card dealt to a spot \[(?P<cards>[^\]]*)\]"),
        ("bring_in", rf"{_N}: (?:Bring_in chip|Bring in|Big blind/Bring in) {_A}"),
        ("call", rf"{_N}: Calls? {_A}"),
        ("bet", rf"{_N}: (?:D )?(?:[Bb]ets|Double bets) {_A}"),
        ("raise_to", rf"{_N}: [Rr]aises (?:{AMOUNT} to )?{_A}"),
        ("raise_to", rf"{_N}: All-in\((?:raise|raise-timeout)\) (?:{AMOUNT} to )?{_A}"),
        ("allin", rf"{_N}: All-in {_A}"),
        ("check", rf"{_N}: Checks?"),
        ("fold", rf"{_N}: Folds?(?: \(timeout\))?"),
        ("returned", rf"{_N}: Return uncalled portion of bet {_A}"),
        ("collected", rf"{_N}: Hand [Rr]esult(?:-Side [Pp]ot)? {_A}"),
        ("total", rf"Total Pot\((?P<pot>{AMOUNT})\)(?: \| Rake \((?P<rake>{AMOUNT})\))?.*"),
        ("ignore", r"Seat[+ ]\d+: .*"),
        *_COMMON,
    ]
)
EXPECTED = {
    "seats": "'Seat+N: $X in chips', 'Seat+N : Ante chip $X' or a card dealt",
    "play": "'NAME : Card dealt to a spot [..]', an action ('NAME : Calls $X', 'Bets $X', "
    "'Raises $X', 'Bring_in chip $X', 'Checks', 'Folds', 'All-in $X'), 'Return uncalled "
    "portion of bet $X' or 'Hand result $X'",
    "summary": "'Total Pot($X) | Rake ($Y)' or 'Seat N: ...'",
}
TABLES = one_table(TABLE)


def sniff(text: str) -> bool:
    return HEADER.match(file_start(text)) is not None


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    items = read_hands(text, source, HEADER, _hand)
    hands = [h for h in items if isinstance(h, RoomHand)]
    by_table: dict[tuple[str, Decimal, Decimal], Counter[tuple[Decimal, Decimal]]] = {}

    # hands at one table and level (header stakes, where a tournament gives them) share
    # their stakes: the most common reading of the bets wins over one hand's own
    def key(h: RoomHand) -> tuple[str, Decimal, Decimal]:
        return (h.table, h.small_bet, h.big_bet)

    for h in hands:
        seen = _bets_of(h)
        if seen is not None:
            by_table.setdefault(key(h), Counter())[seen] += 1
    for h in hands:
        readings = by_table.get(key(h))
        if readings:
            (h.small_bet, h.big_bet), _ = readings.most_common(1)[0]
            h.notes.append(
                f"stakes not in the header: small bet {h.small_bet}, big bet {h.big_bet} "
                f"read from the bets at table {h.table}"
            )
        elif h.small_bet == 0:  # no bet to read: any stakes replay the same
            h.small_bet = max(h.bring_in() or Decimal(0), h.ante()) or Decimal(1)
            h.big_bet = 2 * h.small_bet
    return items


def _bets_of(hand: RoomHand) -> tuple[Decimal, Decimal] | None:
    """(small bet, big bet) as this hand's first full bet shows them, if it has one."""
    big_from = 2  # big bets from the third street dealt on (fifth street)
    for i, a in enumerate(hand.actions):
        if a.kind != "bet" or a.all_in or a.to is None:
            continue
        level = max(
            (b.to for b in hand.actions[:i] if b.street == a.street and b.to is not None),
            default=Decimal(0),
        )
        if (
            level
            and a.street == 0
            and any(b.kind == "bet" for b in hand.actions[:i] if b.street == 0)
        ):
            continue  # a raise on the first street: its size follows the completion
        size = a.to - (level if a.street > 0 else 0)
        double = "D " in a.text or "Double" in a.text
        if a.street >= big_from or double:
            return size / 2, size
        return size, size * 2
    return None


def _hand(block: list[Line], source: str) -> RoomHand | OtherGame:
    first = block[0]
    m = HEADER.fullmatch(first.text)
    if m is None:
        raise HistoryError(source, first.number, first.text, "'Bovada Hand #N ...'", ROOM)
    rest = m.group("rest")
    words = rest.split(" - ")[0]
    other = other_game(source, first, ROOM, m.group("id"), words)
    if other is not None:
        return other
    stakes = _STAKES.search(rest)
    hand = new_hand(
        source,
        first,
        ROOM,
        m.group("id"),
        words,
        Decimal(stakes.group("sb").strip("$")) if stakes else Decimal(0),
        Decimal(stakes.group("bb").strip("$")) if stakes else Decimal(0),
        tournament="Tournament" in rest,
        money="$" in "".join(line.text for line in block[1:3]),
    )
    hand.table = m.group("table") or ""
    return build(hand, block, TABLES, EXPECTED)

"""iPoker hand histories (XML, in ``.xml`` or ``.txt`` files).

A file is a ``<session>``: its ``<general>`` names the game (``<gametype>7 Card Stud L
$0.05/$0.10</gametype>``: ``L`` fixed limit, the small and big bet) and each hand is a
``<game gamecode="…">`` with its players (``chips`` before the hand, ``bet`` put in, ``win``
paid) and numbered rounds: 0 antes, 1 blinds, then one per street.  Cards are written
suit first (``H8``, ``S10``, ``X`` hidden), the new ones of the street for each player.
Actions carry a type: 15 ante, 16 bring-in, 3 call, 5 bet and 7 all-in (chips added), 23
raise to, 6 raise by, 4 check, 0 fold, 9 sitting out.  The rake is not stated: a player's
stack after the hand is ``chips - bet + win``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from decimal import Decimal

from stud.histories import xmlsafe
from stud.histories.builder import Builder, new_hand
from stud.histories.games import OTHER, game_of, structure_of
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start

ROOM = "iPoker"
_GAMETYPE = re.compile(
    rf"(?P<words>.*?)\s+(?P<sb>{AMOUNT})/(?P<bb>{AMOUNT})(?:\s+Ante\s+(?P<ante>{AMOUNT}))?\s*"
)
_LIMITS = {"L": "Limit", "NL": "No Limit", "PL": "Pot Limit", "SL": "No Limit", "LP": "Pot Limit"}
_ACTIONS = {
    "0": "fold",
    "9": "fold",
    "3": "call",
    "4": "check",
    "5": "bet",
    "7": "allin",
    "16": "bring_in",
    "23": "raise_to",
    "6": "raise_by",
    "15": "ante",
}
_PASSED = {"1", "2", "8"}  # blinds and a no-action mark: not stud play
_NO_TABLE = Table([])
_SESSION_GENERAL = re.compile(r"<general>.*?</general>", re.DOTALL)


def sniff(text: str) -> bool:
    start = file_start(text)[:400]
    return "<session" in start and ("<?xml" in start or start.startswith("<session"))


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    head = _SESSION_GENERAL.search(text)
    session = head.group(0) if head else ""

    def parse(start: int, line: int, chunk: str) -> object:
        return _hand(chunk, session, source, line)

    return xmlsafe.read_games(text, source, ROOM, parse)  # type: ignore[return-value]


def card(text: str) -> str:
    """iPoker's suit-first card (``H8``, ``S10``, ``DJ``) as rank then suit; ``X`` stays.

    >>> card("H8"), card("S10"), card("X")
    ('8h', '10s', 'X')
    """
    if len(text) >= 2 and text[0] in "SHDCshdc":
        return text[1:] + text[0].lower()
    return text


def _tag(xml: str, name: str) -> str:
    m = re.search(rf"<{name}>([^<]*)</{name}>", xml)
    return m.group(1).strip() if m else ""


def _hand(chunk: str, session: str, source: str, line: int) -> RoomHand | OtherGame:
    game_el = xmlsafe.parse(chunk, source, line, ROOM)
    lines = xmlsafe.element_lines(chunk, line)
    where = {id(el): lines[i] for i, el in enumerate(game_el.iter()) if i < len(lines)}
    hand_id = game_el.get("gamecode", "?")
    gametype = _tag(chunk, "gametype") or _tag(session, "gametype")
    m = _GAMETYPE.fullmatch(gametype)
    words = m.group("words") if m else gametype
    game = game_of(words)
    if game == OTHER:
        return OtherGame(source, line, ROOM, hand_id, words)
    if m is None:
        raise HistoryError(source, line, gametype, "<gametype>GAME L $SB/$BB</gametype>", ROOM)
    limit = words.split()[-1] if words.split() else ""
    tournament = bool(_tag(session, "tournamentcode") or _tag(chunk, "tournamentcode"))
    hand = new_hand(
        source,
        Line(line, chunk.split("\n", 1)[0]),
        ROOM,
        hand_id,
        words,
        amount(m.group("sb")),
        amount(m.group("bb")),
        structure=structure_of(_LIMITS.get(limit, limit)),
        tournament=tournament,
        header_ante=amount(m.group("ante")) if m.group("ante") else None,
        money=not tournament and m.group("sb")[0] in "$€£",
        format="XML",
        rake=None,
        table=_tag(session, "tablename"),
    )
    if game:
        _play(hand, game_el, where)
    return hand


def _row(hand: RoomHand, el: ET.Element, where: dict[int, int]) -> Line:
    return Line(where.get(id(el), hand.line), ET.tostring(el, encoding="unicode").strip())


def _play(hand: RoomHand, game_el: ET.Element, where: dict[int, int]) -> None:
    b = Builder(hand, {"seats": _NO_TABLE, "play": _NO_TABLE, "summary": _NO_TABLE}, {})
    results: dict[str, tuple[Decimal, Decimal, Decimal]] = {}
    for p in game_el.iter("player"):
        name, seat = p.get("name", ""), p.get("seat", "")
        if not name or not seat.isdigit():
            continue
        row = _row(hand, p, where)
        chips, bet, win = (b._num(row, p.get(k) or "0") for k in ("chips", "bet", "win"))
        b.on_seat(row, {"seat": seat, "name": name, "stack": str(chips)})
        results[name] = (chips, bet, win)
    for rnd in game_el.iter("round"):
        play = [a for a in rnd.iter("action") if a.get("type") not in ("15", *_PASSED)]
        if play or any((c.text or "").strip() for c in rnd.iter("cards")):
            # every round with cards or betting is the next street (round 0: antes)
            b._next_street(Line(where.get(id(rnd), hand.line), f"round {rnd.get('no')}"))
        for cards in rnd.iter("cards"):
            name = cards.get("player", "")
            if name in results and (cards.text or "").strip():
                texts = [card(c) for c in (cards.text or "").split()]
                b.on_deal_new(_row(hand, cards, where), {"name": name, "cards": " ".join(texts)})
        actions = sorted(rnd.iter("action"), key=lambda a: int(a.get("no") or 0))
        for act in actions:
            name = act.get("player", "")
            kind = _ACTIONS.get(act.get("type", ""))
            if act.get("type") in _PASSED:
                continue
            if kind is None:
                row = _row(hand, act, where)
                raise HistoryError(
                    hand.source, row.number, row.text, f"an action type of {sorted(_ACTIONS)}", ROOM
                )
            if name not in results:
                continue
            if kind == "fold" and act.get("type") == "9" and name not in b.cards:
                continue  # sitting out before the deal
            g = {"name": name, "amount": act.get("sum") or "0"}
            getattr(b, f"on_{kind}")(_row(hand, act, where), g)
    for name, (chips, bet, win) in results.items():
        if name in b.cards or name in hand.antes:
            hand.final[name] = chips - bet + win
            if win:
                hand.collected[name] = win
    hand.finished = bool(results) and hand.actions != []

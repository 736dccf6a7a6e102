"""Merge Network hand histories (XML, in ``.txt`` or ``.xml`` files).

Each hand is a ``<game id="31423297-107" starttime="20110204202244" …>`` element after a
``<description type="7-Stud" stakes="Limit $0.50/$1"/>`` naming the game and the small
and big bet (``No Limit ($0.01/$0.02/$0.10)``: ante, bring-in and smallest bet).  Seats
are numbered from 0 and players act by seat.  Rounds (``BRING_IN``, ``THIRD_STREET`` …
``SEVENTH_STREET``) hold events (``ANTE``, ``BRING_IN``, ``CALL`` and ``BET`` with the
chips added, ``COMPLETE`` and, from 8 September 2010, ``RAISE`` with the new total) and
each player's cards so far (``null`` hidden).  ``<winner>`` gives what a player is paid,
an uncalled bet included (or on its own, ``uncalled="true"``); the rake is not stated.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from stud.histories import xmlsafe
from stud.histories.builder import Builder, new_hand
from stud.histories.games import OTHER, game_of, structure_of
from stud.histories.model import HistoryError, OtherGame, RoomHand
from stud.histories.text import AMOUNT, Line, Table, amount, file_start

ROOM = "Merge"
_DESCRIPTION = re.compile(r"<description\s[^>]*>")
_STAKES = re.compile(rf"(?P<a>{AMOUNT})/(?P<b>{AMOUNT})(?:/(?P<c>{AMOUNT}))?")
# Merge's codes for the game of a hand in a mixed game (multigametype)
MIXED = {
    "38": "7-Stud",
    "39": "7-Stud",
    "41": "7-Stud",
    "42": "7-Stud",
    "43": "7-Stud H/L8",
    "45": "7-Stud H/L8",
    "46": "Razz",
    "47": "Razz",
    "49": "Razz",
}
RAISE_TO_FROM = "20100908"  # RAISE amounts are the new total from this date on
_EVENTS = {
    "CALL": "call",
    "BET": "bet",
    "ALL_IN": "allin",
    "CHECK": "check",
    "FOLD": "fold",
    "SIT_OUT": "fold",
    "BRING_IN": "bring_in",
    "COMPLETE": "raise_to",
}
_NO_TABLE = Table([])
# events that say nothing about the play
_PASSED = {
    "SHOW",
    "MUCK",
    "DISCONNECTED",
    "RECONNECTED",
    "LEAVE",
    "PLAYER_OUT",
    "SIT_IN",
    "CHAT",
    "TIMEOUT",
    "GAME_CANCELLED",
    "RETURN_UNCALLED",
}


def sniff(text: str) -> bool:
    start = file_start(text)
    return start.startswith("<description ") or bool(
        re.match(r'<game id="[\d-]+" starttime', start)
    )


def read(text: str, source: str) -> list[RoomHand | HistoryError | OtherGame]:
    def parse(start: int, line: int, chunk: str) -> object:
        descriptions = list(_DESCRIPTION.finditer(text, 0, start))
        description = descriptions[-1].group(0) if descriptions else ""
        return _hand(chunk, description, source, line)

    return xmlsafe.read_games(text, source, ROOM, parse)  # type: ignore[return-value]


def _attr(tag: str, name: str) -> str:
    m = re.search(rf'\b{name}="([^"]*)"', tag)
    return m.group(1) if m else ""


def _hand(chunk: str, description: str, source: str, line: int) -> RoomHand | OtherGame:
    game_el = xmlsafe.parse(chunk, source, line, ROOM)
    lines = xmlsafe.element_lines(chunk, line)
    where = {id(el): lines[i] for i, el in enumerate(game_el.iter()) if i < len(lines)}
    hand_id = game_el.get("id", "?")
    words = _attr(description, "type")
    mixed = game_el.get("multigametype")
    if mixed:
        words = MIXED.get(mixed, f"mixed game {mixed}")
    stakes_text = _attr(description, "stakes")
    game = game_of(words) if words in MIXED.values() or not mixed else OTHER
    if game == OTHER:
        return OtherGame(source, line, ROOM, hand_id, words)
    stakes = _STAKES.search(stakes_text)
    if stakes is None:
        raise HistoryError(source, line, description or chunk[:60], "stakes='Limit $SB/$BB'", ROOM)
    small, big = amount(stakes.group("a")), amount(stakes.group("b"))
    ante = bring_in = None
    if stakes.group("c"):  # ante / bring-in / smallest bet
        ante, bring_in = small, big
        small = big = amount(stakes.group("c"))
    hand = new_hand(
        source,
        Line(line, chunk.split("\n", 1)[0]),
        ROOM,
        hand_id,
        words,
        small,
        big,
        structure=structure_of(stakes_text),
        tournament="Tournament" in words,
        header_ante=ante,
        header_bring_in=bring_in,
        money=game_el.get("realmoney") == "true",
        format="XML",
        rake=None,
        table=(game_el.get("data") or "|").split("|")[1],
    )
    if game:
        _play(hand, game_el, where)
    return hand


def _play(hand: RoomHand, game_el: ET.Element, where: dict[int, int]) -> None:
    b = Builder(hand, {"seats": _NO_TABLE, "play": _NO_TABLE, "summary": _NO_TABLE}, {})
    names: dict[str, str] = {}
    for p in game_el.iter("player"):
        seat = p.get("seat", "")
        if p.get("nickname") and seat.isdigit():
            names[seat] = p.get("nickname", "")
            row = Line(where.get(id(p), hand.line), ET.tostring(p, encoding="unicode").strip())
            b.on_seat(
                row,
                {"seat": str(int(seat) + 1), "name": names[seat], "stack": p.get("balance", "0")},
            )
    raise_kind = "raise_to" if game_el.get("starttime", "") >= RAISE_TO_FROM else "bet"
    previous = ""
    for rnd in game_el.iter("round"):
        rid = rnd.get("id", "")
        # the bring-in has a round of its own; the first street's betting goes on after it
        if (rid == "BRING_IN" or rid.endswith("_STREET")) and previous != "BRING_IN":
            b._next_street(Line(where.get(id(rnd), hand.line), rid))
        previous = rid
        for cards in rnd.iter("cards"):
            _cards(b, hand, cards, names, where)
        for ev in rnd:
            _element(b, hand, ev, names, where, raise_kind)
        if rid.startswith("END_OF"):
            hand.finished = True


def _row(hand: RoomHand, el: ET.Element, where: dict[int, int]) -> Line:
    return Line(where.get(id(el), hand.line), ET.tostring(el, encoding="unicode").strip())


def _cards(
    b: Builder, hand: RoomHand, el: ET.Element, names: dict[str, str], where: dict[int, int]
) -> None:
    name = names.get(el.get("player", ""))
    kind = el.get("type", "")
    if name is None:
        return
    cards = (el.get("cards") or "").replace(",", " ")
    row = _row(hand, el, where)
    if kind in ("DRAW_DRAWN_CARDS", "HOLE"):
        b.on_deal_all(row, {"name": name, "cards": cards})
    elif kind in ("SHOWN", "MUCKED"):
        b.on_shows(row, {"name": name, "cards": cards})


def _element(
    b: Builder,
    hand: RoomHand,
    el: ET.Element,
    names: dict[str, str],
    where: dict[int, int],
    raise_kind: str,
) -> None:
    row = _row(hand, el, where)
    name = names.get(el.get("player", ""))
    if el.tag == "winner" and name is not None:
        g = {"name": name, "amount": el.get("amount", "0")}
        (b.on_returned if el.get("uncalled") == "true" else b.on_collected)(row, g)
        return
    if el.tag != "event" or name is None:
        return
    kind = el.get("type", "")
    g = {"name": name, "amount": el.get("amount", "0")}
    if kind in _PASSED:
        return
    if kind not in _EVENTS and kind not in ("ANTE", "RAISE", "SIT_OUT"):
        raise HistoryError(
            hand.source,
            row.number,
            row.text,
            f"an event of {sorted(_EVENTS) + ['ANTE', 'RAISE']}",
            ROOM,
        )
    if kind == "ANTE":
        b.on_ante(row, g)
    elif kind == "SIT_OUT" and name not in b.cards and name not in hand.antes:
        return  # sat out before the deal
    elif kind == "RAISE":
        getattr(b, f"on_{raise_kind}")(row, g)
    elif kind in _EVENTS:
        getattr(b, f"on_{_EVENTS[kind]}")(row, g)

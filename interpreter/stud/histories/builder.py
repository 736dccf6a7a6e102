"""Building a :class:`RoomHand` from the lines a room reader recognised.

Both rooms write the same facts in different words, so each reader only names what a
line says (its ``kind`` and named groups: ``name``, ``amount``, ``to``, ``cards``...) and
this builder keeps the running state: the street, each player's street total (rooms write
calls as the chips added, raises as the new total) and who is still in.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from stud.histories.model import Action, Deal, HistoryError, RoomHand, RoomSeat
from stud.histories.text import Line, Table, amount, bracket_cards, card_or_none, hand_blocks
from stud.money import size_problem

IGNORED = "ignore"


class Builder:
    def __init__(self, hand: RoomHand, tables: dict[str, Table], expected: dict[str, str]):
        self.hand = hand
        self.tables = tables  # section name -> table ("seats", "play", "summary")
        self.expected = expected  # section name -> what a line there may say
        self.section = "seats"
        self.street = -1
        self.totals: dict[str, Decimal] = {}

    def feed(self, line: Line) -> None:
        text = line.text
        if text.startswith("*** "):
            self._marker(line)
            return
        found = self.tables[self.section].match(text)
        if found is None:
            raise HistoryError(self.hand.source, line.number, text, self.expected[self.section])
        kind, g = found
        if kind == IGNORED:
            return
        getattr(self, f"on_{kind}")(line, g)

    # --- section markers ---------------------------------------------------------------
    def _marker(self, line: Line) -> None:
        t = line.text.upper()
        for i, words in enumerate(("3RD", "4TH", "5TH", "6TH", ("7TH", "RIVER"))):
            if any(f"*** {w}" in t for w in ((words,) if isinstance(words, str) else words)):
                self.section, self.street = "play", i
                self.totals = {}
                groups = bracket_cards(line.text)
                if groups:
                    self.hand.community += [c for c in map(card_or_none, groups[0]) if c]
                return
        if "SHOW DOWN" in t:
            self.section = "play"
            return
        if "SUMMARY" in t:
            self.section = "summary"
            return
        raise HistoryError(
            self.hand.source, line.number, line.text, "a street, SHOW DOWN or SUMMARY marker"
        )

    def _num(self, line: Line, text: str) -> Decimal:
        """An amount of the line, within the bounds of any stake or stack (as the protocol's:
        15 digits before the point, 6 after)."""
        try:
            value = amount(text)
        except ValueError:
            raise HistoryError(self.hand.source, line.number, line.text, "an amount") from None
        problem = size_problem(value)
        if problem:
            expected = f"an amount of 15 digits and 6 places at most ({problem})"
            raise HistoryError(self.hand.source, line.number, line.text, expected)
        return value

    # --- what lines say -----------------------------------------------------------------
    def on_seat(self, line: Line, g: dict[str, str]) -> None:
        stack = self._num(line, g["stack"])
        number = int(g["seat"]) if len(g["seat"]) <= 3 else 0
        if not 0 < number < 1000:
            raise HistoryError(self.hand.source, line.number, line.text, "a seat number 1 to 999")
        self.hand.seats.append(RoomSeat(number, g["name"], stack))

    def on_ante(self, line: Line, g: dict[str, str]) -> None:
        self.hand.antes[g["name"]] = (self._num(line, g["amount"]), "allin" in g)

    def _seated(self, name: str, rest: str) -> tuple[str, str]:
        """A name that holds brackets (``PC [Mittel]``) swallowed by what follows it."""
        if any(s.name == name for s in self.hand.seats):
            return name, rest
        full = f"{name} {rest}"
        for seat in sorted(self.hand.seats, key=lambda s: -len(s.name)):
            if full.startswith(seat.name + " "):
                return seat.name, full[len(seat.name) + 1 :]
        return name, rest

    def on_dealt(self, line: Line, g: dict[str, str]) -> None:
        g = dict(g)
        g["name"], g["cards"] = self._seated(g["name"], g["cards"])
        groups = bracket_cards(g["cards"])
        street = max(self.street, 0)
        if street == 0:
            if len(groups) == 1 and len(groups[0]) == 3:  # one bracket: two down, one up
                down, up = groups[0][:2], groups[0][2:]
            elif len(groups) == 2:
                down, up = groups[0], groups[1]
            else:
                down, up = ["??", "??"], groups[-1] if groups else []
        else:
            new = groups[-1] if groups else []
            down, up = (new, []) if street == 4 else ([], new)
        if street == 0 and len(down) < 2:
            down = ["??"] * (2 - len(down)) + down
        known_down = [card_or_none(c) for c in down]
        known_up = [card_or_none(c) for c in up]
        if street == 0 and (len(known_up) != 1 or known_up[0] is None):
            raise HistoryError(
                self.hand.source, line.number, line.text, "one readable door card on 3rd street"
            )
        garbled = [c for c in down + up if card_or_none(c) is None and c != "??"]
        if garbled:
            self.hand.notes.append(
                f"line {line.number}: {' '.join(garbled)} is not a card; taken as hidden"
            )
        self.hand.deals.append(Deal(street, g["name"], known_down, known_up, line.number))

    def _act(self, line: Line, g: dict[str, str], kind: str, to: Decimal | None) -> None:
        name = g["name"]
        if to is not None:
            self.totals[name] = to
        self.hand.actions.append(
            Action(max(self.street, 0), name, kind, to, "allin" in g, line.number, line.text)
        )

    def on_bring_in(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g, "bring_in", self._num(line, g["amount"]))

    def on_call(self, line: Line, g: dict[str, str]) -> None:
        added = self._num(line, g["amount"])
        self._act(line, g, "call", self.totals.get(g["name"], Decimal(0)) + added)

    def on_bet(self, line: Line, g: dict[str, str]) -> None:
        """A bet (``amount`` added) or a completion/raise (``to``: the new total)."""
        if "to" in g:
            to = self._num(line, g["to"])
        else:
            to = self.totals.get(g["name"], Decimal(0)) + self._num(line, g["amount"])
        self._act(line, g, "bet", to)

    def on_check(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g, "check", None)

    def on_fold(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g, "fold", None)

    def on_returned(self, line: Line, g: dict[str, str]) -> None:
        name = g["name"]
        back = self._num(line, g["amount"])
        self.hand.returned[name] = self.hand.returned.get(name, Decimal(0)) + back

    def on_collected(self, line: Line, g: dict[str, str]) -> None:
        name = g["name"]
        won = self._num(line, g["amount"])
        self.hand.collected[name] = self.hand.collected.get(name, Decimal(0)) + won

    def on_shows(self, line: Line, g: dict[str, str]) -> None:
        groups = bracket_cards(g["cards"])
        cards = [card_or_none(c) for group in groups for c in group]
        if len(cards) >= len(self.hand.shown.get(g["name"], [])):
            self.hand.shown[g["name"]] = cards

    def on_total(self, line: Line, g: dict[str, str]) -> None:
        self.hand.total_pot = self._num(line, g["pot"])
        self.hand.rake = self._num(line, g.get("rake", "0"))


def read_hands(
    text: str,
    source: str,
    header: re.Pattern[str],
    parse: Callable[[list[Line], str], RoomHand],
) -> list[RoomHand | HistoryError]:
    """Every hand of a room's file (split at its ``header`` lines) read by ``parse``, or
    the error that stopped reading that hand (the others are still read)."""
    out: list[RoomHand | HistoryError] = []
    for block in hand_blocks(text, header):
        try:
            hand = parse(block, source)
            if not hand.in_hand():
                raise HistoryError(
                    source,
                    block[0].number,
                    block[0].text,
                    "seat lines and players dealt in; this hand has no player dealt in",
                )
            out.append(hand)
        except HistoryError as exc:
            out.append(exc)
    return out

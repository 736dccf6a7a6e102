"""Building a :class:`RoomHand` from the lines a room reader recognised.

Rooms write the same facts in different words, so each reader only names what a line
says (its ``kind`` and named groups: ``name``, ``amount``, ``to``, ``cards``...) and this
builder keeps the running state: the street, each player's street total and the cards
dealt so far.  What an amount means is in the kind: ``call`` and ``bet`` add chips,
``call_to``, ``raise_to`` and a ``to`` group give the new street total, ``raise_by`` the
increment over the current level, ``allin`` adds chips and is a call or a raise by its size.

Streets: a ``street`` line starts the next street (rooms disagree on their names; some
call fourth street "3RD STREET"), the first deal or action starts the first street, and
a deal after betting (or a second deal to the same player) starts the next one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from stud.histories.games import OTHER, game_of, layout, structure_of
from stud.histories.model import (
    Action,
    CutShort,
    Deal,
    HistoryError,
    OtherGame,
    RoomHand,
    RoomSeat,
)
from stud.histories.text import (
    Line,
    Table,
    amount,
    bracket_cards,
    card_list,
    card_or_none,
    hand_blocks,
    is_hidden,
)

IGNORED = "ignore"
_WINNERS = re.compile(r"(.+?) \(([^()]+)\)(?:, |$)")


class Builder:
    def __init__(self, hand: RoomHand, tables: dict[str, Table], expected: dict[str, str]):
        self.hand = hand
        self.tables = tables  # section name -> table ("seats", "play", "summary")
        self.expected = expected  # section name -> what a line there may say
        self.section = "seats"
        self.street = -1
        self.acted = False  # someone acted on the current street
        self.dealt: set[str] = set()  # who got cards on the current street
        self.totals: dict[str, Decimal] = {}
        self.cards: dict[str, list[str | None]] = {}  # every card dealt so far, per player
        self.layout = layout(hand.game)
        self.single_cards = False  # a room that writes each card dealt on its own line
        self.paid: set[str] = set()  # players a line of play said collected

    def feed(self, line: Line) -> None:
        found = self.tables[self.section].match(line.text)
        if found is None:
            raise HistoryError(
                self.hand.source,
                line.number,
                line.text,
                self.expected[self.section],
                self.hand.room,
            )
        kind, g = found
        if kind != IGNORED:
            getattr(self, f"on_{kind}")(line, g)

    def fail(self, line: Line, expected: str) -> HistoryError:
        return HistoryError(self.hand.source, line.number, line.text, expected, self.hand.room)

    def _num(self, line: Line, text: str) -> Decimal:
        try:
            return amount(text)
        except ValueError:
            raise self.fail(line, "an amount") from None

    # --- streets and sections ------------------------------------------------------------
    def _next_street(self, line: Line) -> None:
        self.street += 1
        if self.street >= len(self.layout):
            raise self.fail(line, f"at most {len(self.layout)} streets")
        self.section, self.acted, self.dealt, self.totals = "play", False, set(), {}

    def on_street(self, line: Line, g: dict[str, str]) -> None:
        self._next_street(line)
        groups = bracket_cards(g.get("cards", ""))
        if groups:  # a shared river card (too few cards for everyone)
            self.hand.community += [c for c in map(card_or_none, groups[0]) if c]

    def on_showdown(self, line: Line, g: dict[str, str]) -> None:
        self.section = "play"

    def on_summary(self, line: Line, g: dict[str, str]) -> None:
        self.section = "summary"
        self.hand.finished = True

    def on_end(self, line: Line, g: dict[str, str]) -> None:
        self.hand.finished = True

    def _for_action(self, line: Line) -> int:
        if self.street < 0:
            self._next_street(line)
        self.section = "play"
        return self.street

    # --- what lines say -----------------------------------------------------------------
    def on_seat(self, line: Line, g: dict[str, str]) -> None:
        stack = self._num(line, g["stack"])
        name = g["name"].strip()
        if not any(s.name == name for s in self.hand.seats):
            self.hand.seats.append(RoomSeat(int(g["seat"]), name, stack))

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

    def on_deal(self, line: Line, g: dict[str, str]) -> None:
        """``Dealt to NAME [old] [new]``: on the first street every group is new, later
        only the last one."""
        name, text = self._seated(g["name"], g["cards"])
        groups = bracket_cards(text)
        first = self.street < 0 or (self.street == 0 and name not in self.dealt and not self.acted)
        cards = [c for grp in groups for c in grp] if first else (groups[-1] if groups else [])
        self._deal(line, name, cards, new=True)

    def on_deal_new(self, line: Line, g: dict[str, str]) -> None:
        self._deal(line, g["name"], card_list(g.get("cards", "")), new=True)

    def on_deal_all(self, line: Line, g: dict[str, str]) -> None:
        self._deal(line, g["name"], card_list(g.get("cards", "")), new=False)

    def on_deal_hidden(self, line: Line, g: dict[str, str]) -> None:
        self._deal(line, g["name"], ["X"], new=True)

    def _deal(self, line: Line, name: str, texts: list[str], new: bool) -> None:
        have = self.cards.setdefault(name, [])
        if not new:
            if len(texts) <= len(have):
                return  # nothing new (a folded player's cards written again)
            texts = texts[len(have) :]
        short = self._short_deal(name) if self.single_cards and len(texts) == 1 else None
        if short is None and (self.street < 0 or self.acted or name in self.dealt):
            self._next_street(line)
        self.section = "play"
        faces = self.layout[self.street]
        if short is not None:  # cards dealt one per line: the player's deal goes on
            short.cards.append(self._card(line, texts[0]))
            short.faces = faces[: len(short.cards)]
            have.append(short.cards[-1])
            return
        if len(texts) > len(faces):
            raise self.fail(line, f"at most {len(faces)} new card(s) on this street")
        if self.street == 0 and len(texts) < len(faces) and not self.single_cards:
            texts = ["X"] * (len(faces) - len(texts)) + texts  # only the up cards are shown
        cards = [self._card(line, t) for t in texts]
        have.extend(cards)
        self.dealt.add(name)
        self.hand.deals.append(Deal(self.street, name, cards, faces[: len(cards)], line.number))

    def _short_deal(self, name: str) -> Deal | None:
        """The player's deal on this street while it is short of cards and nobody acted."""
        if self.street < 0 or self.acted:
            return None
        faces = self.layout[self.street]
        for d in reversed(self.hand.deals):
            if d.street == self.street and d.name == name and len(d.cards) < len(faces):
                return d
        return None

    def _card(self, line: Line, text: str) -> str | None:
        card = card_or_none(text)
        if card is None and not is_hidden(text):
            self.hand.notes.append(f"line {line.number}: {text} is not a card; taken as hidden")
        return card

    def _act(self, line: Line, name: str, kind: str, to: Decimal | None, all_in: bool) -> None:
        street = self._for_action(line)
        if to is not None:
            self.totals[name] = to
        self.acted = True
        self.hand.actions.append(Action(street, name, kind, to, all_in, line.number, line.text))

    def _level(self) -> Decimal:
        return max(self.totals.values(), default=Decimal(0))

    def _total(self, name: str) -> Decimal:
        return self.totals.get(name, Decimal(0)) if self.street >= 0 else Decimal(0)

    def on_bring_in(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g["name"], "bring_in", self._num(line, g["amount"]), "allin" in g)

    def on_call(self, line: Line, g: dict[str, str]) -> None:
        added = self._num(line, g["amount"])
        self._act(line, g["name"], "call", self._total(g["name"]) + added, "allin" in g)

    def on_call_to(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g["name"], "call", self._num(line, g["amount"]), "allin" in g)

    def on_bet(self, line: Line, g: dict[str, str]) -> None:
        """A bet (``amount`` added) or a completion/raise (``to``: the new total)."""
        if "to" in g:
            to = self._num(line, g["to"])
        else:
            to = self._total(g["name"]) + self._num(line, g["amount"])
        self._act(line, g["name"], "bet", to, "allin" in g)

    def on_raise_to(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g["name"], "bet", self._num(line, g["amount"]), "allin" in g)

    def on_raise_by(self, line: Line, g: dict[str, str]) -> None:
        to = self._level() + self._num(line, g["amount"])
        self._act(line, g["name"], "bet", to, "allin" in g)

    def on_allin(self, line: Line, g: dict[str, str]) -> None:
        """All in for ``amount`` more: a call when it reaches no higher than the level."""
        to = self._total(g["name"]) + self._num(line, g["amount"])
        kind = "bet" if to > self._level() else "call"
        self._act(line, g["name"], kind, to, True)

    def on_check(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g["name"], "check", None, False)

    def on_fold(self, line: Line, g: dict[str, str]) -> None:
        self._act(line, g["name"], "fold", None, False)

    def on_returned(self, line: Line, g: dict[str, str]) -> None:
        name = g["name"]
        back = self._num(line, g["amount"])
        self.hand.returned[name] = self.hand.returned.get(name, Decimal(0)) + back

    def on_collected(self, line: Line, g: dict[str, str]) -> None:
        name = g["name"].strip()
        won = self._num(line, g["amount"])
        if won:
            self.hand.collected[name] = self.hand.collected.get(name, Decimal(0)) + won
        self.paid.add(name)
        self.hand.finished = True

    def on_shows(self, line: Line, g: dict[str, str]) -> None:
        g = {**g, "name": g["name"].strip()}
        groups = bracket_cards(g["cards"]) if "[" in g["cards"] else [card_list(g["cards"])]
        cards = [card_or_none(c) for group in groups for c in group]
        if len(cards) >= len(self.hand.shown.get(g["name"], [])):
            self.hand.shown[g["name"]] = cards

    def on_won(self, line: Line, g: dict[str, str]) -> None:
        """What a summary line says a player won: counted unless a line of play said it."""
        if "cards" in g:
            self.on_shows(line, g)
        if g["name"] not in self.paid and "amount" in g:
            self.on_collected(line, g)
            self.paid.discard(g["name"])
        self.hand.finished = True

    def on_pot_winners(self, line: Line, g: dict[str, str]) -> None:
        """``won by NAME ($X), NAME ($Y)``: each winner's share of one pot."""
        for name, won in _WINNERS.findall(g["winners"]):
            self.on_collected(line, {"name": name, "amount": won})

    def on_total(self, line: Line, g: dict[str, str]) -> None:
        if "pot" in g:
            self.hand.total_pot = self._num(line, g["pot"])
        self.hand.rake = self._num(line, g.get("rake", "0"))
        if "fee" in g:  # a jackpot fee comes out of the pot like the rake
            self.hand.rake += self._num(line, g["fee"])
        self.hand.finished = True

    def on_rake(self, line: Line, g: dict[str, str]) -> None:
        self.hand.rake = (self.hand.rake or Decimal(0)) + self._num(line, g["rake"])
        self.hand.finished = True

    def on_final(self, line: Line, g: dict[str, str]) -> None:
        """A player's stack after the hand (and the cards they showed, where written)."""
        self.hand.final[g["name"].strip()] = self._num(line, g["stack"])
        if "cards" in g:
            self.on_shows(line, g)
        self.hand.finished = True


def read_hands(
    text: str,
    source: str,
    header: re.Pattern[str],
    parse: Callable[[list[Line], str], object],
) -> list:
    """Every hand of a room's file (split at its ``header`` lines) read by ``parse``, or
    the error that stopped reading that hand (the others are still read)."""
    out: list = []
    for block in hand_blocks(text, header):
        out.append(guarded(parse, block, source))
    return out


READ_ERRORS = (ValueError, ArithmeticError, LookupError, TypeError, AttributeError)


def guarded(parse: Callable[..., object], block: list[Line], source: str, *args: object) -> object:
    """``parse(block, source, ...)``, or the HistoryError that stopped it: a line the
    reader could not make sense of never stops the other hands (nor the audit)."""
    try:
        return parse(block, source, *args)
    except HistoryError as exc:
        return exc
    except READ_ERRORS as exc:
        first = block[0] if block else Line(1, "")
        return HistoryError(
            source, first.number, first.text, f"a hand this reader can read ({exc})"
        )


def other_game(source: str, first: Line, room: str, hand_id: str, words: str) -> OtherGame | None:
    """The hand as a game outside the stud family, when its words name one."""
    if game_of(words) == OTHER:
        return OtherGame(source, first.number, room, hand_id, words.strip())
    return None


def new_hand(
    source: str,
    first: Line,
    room: str,
    hand_id: str,
    words: str,
    small_bet: Decimal,
    big_bet: Decimal,
    structure: str | None = None,
    **fields: Any,
) -> RoomHand:
    """A hand whose header line is ``first`` and whose game the room calls ``words`` (the
    betting structure too, unless given)."""
    return RoomHand(
        source=source,
        line=first.number,
        room=room,
        hand_id=hand_id,
        game=game_of(words),
        game_text=words.strip(),
        structure=structure or structure_of(words.replace("_", " ")),
        small_bet=small_bet,
        big_bet=big_bet,
        **fields,
    )


def build(
    hand: RoomHand,
    block: list[Line],
    tables: dict[str, Table],
    expected: dict[str, str],
    single_cards: bool = False,
) -> RoomHand:
    """Feed a hand's lines after its header to a :class:`Builder` (a stud game with no
    ruleset is left at its header: it is reported as not supported, not read)."""
    if not hand.game:
        return hand
    builder = Builder(hand, tables, expected)
    builder.single_cards = single_cards
    for i, line in enumerate(block[1:], start=2):
        try:
            builder.feed(line)
        except HistoryError as exc:
            if i == len(block) and not hand.finished:
                cut = CutShort(exc.source, exc.line, exc.text, exc.expected, exc.room)
                cut.hand_id, cut.game = hand.hand_id, hand.game
                raise cut from None
            raise
    return hand

"""Building the exact deck a scenario needs from a table of the cards each player receives.

The table has a ``player`` column and one column per street (``third``, ``fourth``...); a
cell lists that player's cards for the street in the order they are dealt, hole cards
optionally in brackets (``[As Kd] 3c``; brackets, when present, must agree with the
ruleset's deal pattern).  An empty cell means the player is no longer live on that street.
A column ``<street> exchange`` lists the replacement cards a player draws in the exchange
round of that street (English stud), in order; a column ``<street> draw`` the new cards of
a draw round (DRAW-01), in the order of the cards the player throws.  A card a street deals
``down-if-all-up`` (roll your own) may be bracketed or not: its face is the deal's.  A row
named ``community`` names the single community card (DEAL-09) under the street where the
pack runs short; the players get no card of their own on that street, so their cells there
stay empty.  It is the next card off the stub (after that street's burn), so it can be
named only while the stub still holds a card: when the burned cards must be reused, which
one comes up is the shuffle's choice, and a scenario names the candidates with 'the ...
street cards come from' instead.

The deck follows the ruleset's own table: for each street, exchange replacements (players
clockwise from the dealer's left), then a burn when ``dealing.burn`` is on (not before the
first street), then the street's deal pattern position by position, round the table
clockwise from the dealer's left among the players live on that street.  Burns are cards
the table does not mention, taken in new-deck order.  The deck ends after the last street
the table lists; the engine fills the rest in new-deck order.

>>> doc = {"dealing": {"burn": True},
...        "streets": [{"name": "third", "deal": ["down", "down", "up"]},
...                    {"name": "fourth", "deal": ["up"]}]}
>>> table = [["player", "third", "fourth"], ["Ann", "[As Kd] 3c", "4c"],
...          ["Bob", "2s 2h 9d", ""]]
>>> build_deck(doc, {"Ann": 1, "Bob": 2}, dealer=2, table=table)
['As', '2s', 'Kd', '2h', '3c', '9d', '2c', '4c']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud.cards import Card, parse_cards
from stud.engine.deck import pack_cards
from stud.engine.triggers import Rule  # the engine's own reading of a trigger
from stud.errors import StudError
from stud.rules.build import build
from stud.rules.model import Event

COMMUNITY = "community"  # the cards table's row for the community card
REPLACEMENTS = (" exchange", " draw")  # columns of the cards drawn before a street's deal


class DeckError(StudError):
    """A cards table that does not fit the ruleset."""


def live_by_street(
    table: Sequence[Sequence[str]], ruleset: Mapping[str, Any] | None = None
) -> dict[str, set[str]]:
    """For each street column, the players the table gives cards on that street (with the
    ruleset, only those given every card of the street's own deal: a shorter cell is a
    player an event folded while the street was dealt).

    >>> live = live_by_street([["player", "third", "fourth"], ["Ann", "[As Kd] 3c", "4c"],
    ...                        ["Bob", "2s 2h 9d", ""]])
    >>> {street: sorted(names) for street, names in live.items()}
    {'third': ['Ann', 'Bob'], 'fourth': ['Ann']}
    """
    if not table or not table[0]:
        return {}
    header = [h.strip().lower() for h in table[0]]
    own = {
        str(s.get("name")): sum(1 for d in s.get("deal", []) if d != "centre")
        for s in (ruleset or {}).get("streets", [])
    }
    out: dict[str, set[str]] = {}
    for i, column in enumerate(header[1:], 1):
        if column.endswith(REPLACEMENTS):
            continue
        names = {
            str(row[0]).strip()
            for row in table[1:]
            if i < len(row) and row[i].strip() and _count(row[i]) >= own.get(column, 0)
        }
        out[column] = names - {COMMUNITY}
    return out


def _count(text: str) -> int:
    return len(text.replace("[", " ").replace("]", " ").split())


def clockwise_from_left(seats: Sequence[int], dealer: int) -> list[int]:
    """Seats in dealing order: the first seat after the dealer's, clockwise.

    >>> clockwise_from_left([1, 2, 3, 4], 2)
    [3, 4, 1, 2]
    """
    return sorted(seats, key=lambda s: (s <= dealer, s))


def _tokens(text: str) -> list[tuple[Card, str]]:
    """The cards of one cell with their marked face (``[..]``: down), or ``""`` unmarked."""
    out: list[tuple[Card, str]] = []
    marked = "[" in text
    inside = False
    for raw in text.replace("[", " [ ").replace("]", " ] ").split():
        if raw in ("[", "]"):
            inside = raw == "["
            continue
        for card in parse_cards(raw):
            out.append((card, ("down" if inside else "up") if marked else ""))
    return out


def build_deck(
    ruleset: Mapping[str, Any],
    seats: Mapping[str, int],
    dealer: int,
    table: Sequence[Sequence[str]],
) -> list[str]:
    """The deck (top card first) that deals ``table`` under ``ruleset`` (a document)."""
    if not table or not table[0] or table[0][0].strip().lower() != "player":
        raise DeckError("the cards table must start with a 'player' column")
    header = [h.strip().lower() for h in table[0]]
    streets = list(ruleset.get("streets", []))
    street_names = [str(s["name"]) for s in streets]
    exchange_cols = {n + kind for n in street_names for kind in REPLACEMENTS}
    for col in header[1:]:
        if col not in street_names and col not in exchange_cols:
            raise DeckError(
                f"cards table column '{col}' is not a street of this ruleset; expected one of "
                + ", ".join(street_names)
            )
    rows: dict[int, dict[str, str]] = {}
    community: dict[str, str] = {}
    for row in table[1:]:
        name = row[0].strip()
        cells = {header[i]: row[i].strip() for i in range(1, len(header))}
        if name == COMMUNITY:
            community = {k: v for k, v in cells.items() if v}
            continue
        if name not in seats:
            raise DeckError(f"cards table names '{name}', who is not seated")
        rows[seats[name]] = cells
    order = clockwise_from_left(list(rows), dealer)

    mentioned: list[Card] = []
    for cells in [*rows.values(), community]:
        for text in cells.values():
            mentioned.extend(parse_cards(text.replace("[", " ").replace("]", " ")))
    for centre in ruleset.get("deck", {}).get("centre", []) or []:
        mentioned.extend(parse_cards(str(centre)))
    seen: set[int] = set()
    for card in mentioned:
        if card in seen and not card.is_joker:
            raise DeckError(f"card {card} appears twice in the cards table")
        seen.add(card)
    stripped = tuple(ruleset.get("deck", {}).get("stripped", []) or ())
    spare = iter(c for c in pack_cards(0, stripped) if c not in seen)
    burn = bool(ruleset.get("dealing", {}).get("burn", True))

    deck: list[Card] = []
    last = max((street_names.index(_street_of(c)) for c in header[1:]), default=-1)
    extras = ExtraCards(ruleset, len(seats))
    folds = any(e.get("neighbours_fold") for e in ruleset.get("events", []) or [])
    for index, street in enumerate(streets[: last + 1]):
        name = street_names[index]
        pattern = [str(p) for p in street.get("deal", [])]
        live = [s for s in order if rows[s].get(name, "")]
        for kind in REPLACEMENTS:
            for seat in order if name + kind in header else ():
                deck.extend(parse_cards(rows[seat].get(name + kind, "")))
        if name in community and "centre" not in pattern:
            deck.extend(_community(community[name], live, burn and index > 0, spare))
            continue
        centre = parse_cards(community.get(name, "")) if "centre" in pattern else []
        if not live and not centre:
            continue
        if burn and index > 0:
            try:
                deck.append(next(spare))
            except StopIteration:
                raise DeckError("no card is left to burn") from None
        deck.extend(_street(pattern, centre, live, rows, name, seats, extras, folds))
    return [str(c) for c in deck]


def seat_cards(
    ruleset: Mapping[str, Any], seats: Mapping[str, int], table: Sequence[Sequence[str]]
) -> list[dict[str, Any]]:
    """Each seat's cards in the order it receives them (protocol 1.2 ``seat_cards``): per
    street, its exchange replacements, then the street's cards.

    >>> doc = {"streets": [{"name": "third", "deal": ["down", "down", "up"]},
    ...                    {"name": "fourth", "deal": ["up"]}]}
    >>> seat_cards(doc, {"Ann": 1, "Bob": 2},
    ...            [["player", "third", "fourth"], ["Ann", "[As Kd] 3c", "4c"], ["Bob", "", ""]])
    [{'seat': 1, 'cards': ['As', 'Kd', '3c', '4c']}]
    """
    header = [h.strip().lower() for h in table[0]]
    names = [str(s["name"]) for s in ruleset.get("streets", [])]
    columns = [c for n in names for c in (*(n + k for k in REPLACEMENTS), n) if c in header]
    out = []
    for row in table[1:]:
        name = row[0].strip()
        if name == COMMUNITY or name not in seats:
            continue
        cells = {header[i]: row[i] for i in range(1, min(len(header), len(row)))}
        text = " ".join(cells.get(c, "") for c in columns).replace("[", " ").replace("]", " ")
        cards = [str(c) for c in parse_cards(text)] if text.strip() else []
        if cards:
            out.append({"seat": seats[name], "cards": cards})
    return sorted(out, key=lambda e: int(e["seat"]))


class ExtraCards:
    """The ruleset's extra-card events, as the dealer fires them (EVENT-05): which card a
    player gets at once, within the rows' limits."""

    def __init__(self, ruleset: Mapping[str, Any], players: int):
        rows = [e for e in ruleset.get("events", []) or [] if e.get("extra_card")]
        self.rules = [Rule(build(Event, e)) for e in rows]
        self.players = players
        self.given = 0
        self.shown: dict[int, int] = {}

    def wanted(self, card: Card, up: bool) -> str | None:
        """The face of the extra card this card brings its holder (None: none)."""
        if up and card.rank:
            self.shown[card.rank] = self.shown.get(card.rank, 0) + 1
        count = self.shown.get(card.rank, 0) if up else 0
        for rule in self.rules:
            extra = rule.event.extra_card
            if extra is None or not rule.matches(card, up, count):
                continue
            limited = extra.most is not None and self.players >= extra.most_from_players
            if limited and self.given >= (extra.most or 0):
                continue
            self.given += 1
            return extra.face
        return None


def _street(
    pattern: Sequence[str],
    centre: Sequence[Card],
    live: Sequence[int],
    rows: Mapping[int, Mapping[str, str]],
    name: str,
    seats: Mapping[str, int],
    extras: ExtraCards,
    folds: bool,
) -> list[Card]:
    """One street's cards off the top: position by position round the table, a centre card
    where the pattern says, an extra card right after the card that brings it; a cell that
    ends early is a player an event folded during the deal."""
    own = [f for f in pattern if f != "centre"]
    if len(centre) != len(pattern) - len(own):
        raise DeckError(
            f"the community row gives {len(centre)} card(s) on {name}; the street deals "
            f"{len(pattern) - len(own)} to the centre"
        )
    cells = {s: _tokens(rows[s][name]) for s in live}

    def wrong(seat: int) -> DeckError:
        added = " (and events may add an extra card)" if extras.rules else ""
        return DeckError(
            f"{_name(seats, seat)}, {name}: {len(cells[seat])} card(s) given; the street deals "
            f"{len(own)} ({' '.join(own)}){added}"
        )

    for seat in live:
        if len(cells[seat]) < len(own) and not folds:  # only an event folds mid-deal
            raise wrong(seat)
    out: list[Card] = []
    taken = {s: 0 for s in live}
    centre_cards = iter(centre)
    for face in pattern:
        if face == "centre":
            out.append(next(centre_cards))
            continue
        for seat in live:
            cell, k = cells[seat], taken[seat]
            if k >= len(cell):
                continue  # folded during this deal (an event)
            out.append(_check_face(cell[k], face, f"{_name(seats, seat)}, {name}", k))
            taken[seat] = k = k + 1
            extra = extras.wanted(cell[k - 1][0], face == "up")
            while extra is not None and k < len(cell):
                out.append(_check_face(cell[k], extra, f"{_name(seats, seat)}, {name}", k))
                taken[seat] = k = k + 1
                extra = extras.wanted(cell[k - 1][0], extra == "up")
    for seat in live:
        if taken[seat] != len(cells[seat]):
            raise wrong(seat)
    return out


def _check_face(token: tuple[Card, str], face: str, where: str, k: int) -> Card:
    card, marked = token
    if marked and marked != face and face in ("down", "up"):  # down-if-all-up: either
        raise DeckError(f"{where}: card {k + 1} is marked {marked} but the street deals it {face}")
    return card


def _community(text: str, live: Sequence[int], burn: bool, spare: Any) -> list[Card]:
    """The burn (if any) and the community card of a street the pack cannot deal round."""
    if live:
        raise DeckError(
            "a street dealt as a community card gives the players no card of their own: "
            "leave their cells empty there"
        )
    cards = parse_cards(text)
    if len(cards) != 1:
        raise DeckError(f"the community row names {len(cards)} cards on one street; expected 1")
    out: list[Card] = []
    if burn:
        try:
            out.append(next(spare))
        except StopIteration:  # the burn takes the last card; the community card is
            raise DeckError(  # then dealt from the reused (shuffled) burns
                "the community card would come from the reused burned cards, which are "
                "shuffled: name the candidates with 'the <street> street cards come from'"
            ) from None
    return [*out, cards[0]]


def _street_of(column: str) -> str:
    for kind in REPLACEMENTS:
        column = column.removesuffix(kind)
    return column


def _name(seats: Mapping[str, int], seat: int) -> str:
    return next((n for n, s in seats.items() if s == seat), f"seat {seat}")

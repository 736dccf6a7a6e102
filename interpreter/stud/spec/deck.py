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

from stud.cards import Card, parse_cards, standard_deck
from stud.errors import StudError

COMMUNITY = "community"  # the cards table's row for the community card
REPLACEMENTS = (" exchange", " draw")  # columns of the cards drawn before a street's deal


class DeckError(StudError):
    """A cards table that does not fit the ruleset."""


def live_by_street(table: Sequence[Sequence[str]]) -> dict[str, set[str]]:
    """For each street column, the players the table gives cards on that street.

    >>> live = live_by_street([["player", "third", "fourth"], ["Ann", "[As Kd] 3c", "4c"],
    ...                        ["Bob", "2s 2h 9d", ""]])
    >>> {street: sorted(names) for street, names in live.items()}
    {'third': ['Ann', 'Bob'], 'fourth': ['Ann']}
    """
    if not table or not table[0]:
        return {}
    header = [h.strip().lower() for h in table[0]]
    out: dict[str, set[str]] = {}
    for i, column in enumerate(header[1:], 1):
        if column.endswith(REPLACEMENTS):
            continue
        names = {str(row[0]).strip() for row in table[1:] if i < len(row) and row[i].strip()}
        out[column] = names - {COMMUNITY}
    return out


def clockwise_from_left(seats: Sequence[int], dealer: int) -> list[int]:
    """Seats in dealing order: the first seat after the dealer's, clockwise.

    >>> clockwise_from_left([1, 2, 3, 4], 2)
    [3, 4, 1, 2]
    """
    return sorted(seats, key=lambda s: (s <= dealer, s))


def _cell(text: str, pattern: Sequence[str], where: str) -> list[Card]:
    """The cards of one cell; brackets mark hole cards and are checked against ``pattern``."""
    cards: list[Card] = []
    marks: list[str] = []
    inside = False
    for raw in text.replace("[", " [ ").replace("]", " ] ").split():
        if raw == "[":
            inside = True
        elif raw == "]":
            inside = False
        else:
            cards.extend(parse_cards(raw))
            marks.append("down" if inside else "up")
    if len(cards) != len(pattern):
        raise DeckError(
            f"{where}: {len(cards)} card(s) given; the street deals {len(pattern)} "
            f"({' '.join(pattern)})"
        )
    if "[" in text:
        for i, (mark, wanted) in enumerate(zip(marks, pattern, strict=True)):
            if mark != wanted and wanted in ("down", "up"):
                raise DeckError(
                    f"{where}: card {i + 1} is marked {mark} but the street deals it {wanted}"
                )
    return cards


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
    spare = iter(c for c in standard_deck() if c not in seen)
    burn = bool(ruleset.get("dealing", {}).get("burn", True))

    deck: list[Card] = []
    last = max((street_names.index(_street_of(c)) for c in header[1:]), default=-1)
    for index, street in enumerate(streets[: last + 1]):
        name = street_names[index]
        pattern = [str(p) for p in street.get("deal", [])]
        live = [s for s in order if rows[s].get(name, "")]
        for kind in REPLACEMENTS:
            for seat in order if name + kind in header else ():
                deck.extend(parse_cards(rows[seat].get(name + kind, "")))
        if name in community:
            deck.extend(_community(community[name], live, burn and index > 0, spare))
            continue
        if not live:
            continue
        if burn and index > 0:
            try:
                deck.append(next(spare))
            except StopIteration:
                raise DeckError("no card is left to burn") from None
        per_seat = {s: _cell(rows[s][name], pattern, f"{_name(seats, s)}, {name}") for s in live}
        for position in range(len(pattern)):
            for seat in live:
                deck.append(per_seat[seat][position])
    return [str(c) for c in deck]


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

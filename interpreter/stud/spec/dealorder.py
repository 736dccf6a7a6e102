"""How an engine deals, read from its replies: for engines without seat_cards.

An engine that offers ``seat-cards`` (protocol 1.2) is handed each seat's cards, so only
the dealing scenarios depend on how it deals.  One that does not deals every scenario from
the deck, and a wrong order (from seat 1 whatever the button, from the dealer's own seat)
or a burn left out gives seats other cards: every scenario would fail on the deal and
nothing else would be tested.  :func:`engine_deal` reads, from a scenario's transcript,
the button from whose left the rules deal what the engine's first deal gave each seat, and
whether the engine burned a card before its second street.  The harness then arranges the
deck for that way of dealing (:func:`stud.spec.execution.execute`): each seat gets the
cards the scenario means, and the scenario tests what it is about.

Where no button and burning fit (an engine that deals a later street from the bring-in,
or from the best board), :func:`observed_deal` reads the deal position by position: an
engine deals from the top of the deck, so the deck positions a seat was dealt, in order,
are its first card, its second...  The deck is then built with the card the scenario means
for each seat at each position the engine dealt it (:class:`ObservedDeal`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stud.cards import CARD_TEXT
from stud.spec.deck import build_deck
from stud.spec.diagnosis import ruleset_of
from stud.spec.standalone import cards_by_seat


@dataclass(frozen=True)
class DealReading:
    """The engine deals as the rules do with the button on ``button`` and burns as
    ``burn`` says before its later streets; before its first deal it burns where the rules
    do not (``first_burn`` "extra") or does not where they do ("skipped"), or as they do
    (None)."""

    button: int
    burn: bool
    first_burn: str | None = None

    def document(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """``doc`` with the engine's burning, to build the deck it deals right."""
        return {**doc, "dealing": {**(doc.get("dealing") or {}), "burn": self.burn}}

    def deck(
        self, doc: Mapping[str, Any], seats: Mapping[str, int], table: Sequence[Sequence[str]]
    ) -> list[str]:
        """The deck to send for the cards ``table`` (its players at ``seats``)."""
        return self.arrange(build_deck(self.document(doc), seats, self.button, table))

    def arrange(self, deck: list[str]) -> list[str]:
        """The deck built for the engine's button and burns, with its first burn apart: the
        card the rules burn first moved to the bottom when the engine does not burn it, a
        spare card (or the bottom one) put on top for an engine that burns where the rules
        do not.

        >>> DealReading(1, True, "skipped").arrange(["Xx", "As", "Kd"])
        ['As', 'Kd', 'Xx']
        >>> DealReading(1, True, "extra").arrange(["As", "Kd"])[:3]
        ['2c', 'As', 'Kd']
        """
        if not deck or self.first_burn is None:
            return deck
        if self.first_burn == "skipped":
            return deck[1:] + deck[:1]
        spare = next((c for c in CARD_TEXT[:52] if c not in deck), None)
        return [spare, *deck] if spare is not None else deck[-1:] + deck[:-1]

    def words(self) -> str:
        """How the engine deals, for a failure's message."""
        burns = "with burns" if self.burn else "without burns"
        if self.first_burn == "skipped":
            burns += ", but none before the first deal"
        elif self.first_burn == "extra":
            burns += ", and one before the first deal"
        return f"its deal went from the left of seat {self.button}, {burns}"


def engine_deal(transcript: Sequence[Mapping[str, Any]]) -> DealReading | None:
    """How the engine dealt the transcript's first hand, where that is not how the rules
    deal it (None when it is, or when it fits no button and burning).

    >>> from stud.protocol.server import ReferenceHandler
    >>> request = {"op": "new_hand", "ruleset": "seven-card-stud", "dealer": 2, "deck": [],
    ...            "seats": [{"seat": s, "name": n, "stack": "5"}
    ...                      for s, n in ((1, "Ann"), (2, "Bob"), (3, "Cat"))]}
    >>> from_seat_1 = ReferenceHandler().handle({"id": 1, **request, "dealer": 3})
    >>> engine_deal([{"request": request, "reply": from_seat_1}])
    DealReading(button=3, burn=True, first_burn=None)
    >>> as_dealt = ReferenceHandler().handle({"id": 1, **request})
    >>> engine_deal([{"request": request, "reply": as_dealt}]) is None
    True
    """
    from stud.protocol.server import ReferenceHandler

    index = next(
        (i for i, e in enumerate(transcript) if (e.get("request") or {}).get("op") == "new_hand"),
        None,
    )
    if index is None:
        return None
    request, reply = dict(transcript[index].get("request") or {}), transcript[index].get("reply")
    state = (reply or {}).get("state")
    if not (reply or {}).get("ok") or not isinstance(state, Mapping):
        return None
    engine = cards_by_seat(state)
    dealer = request.get("dealer")
    seats = [s.get("seat") for s in request.get("seats") or () if isinstance(s, Mapping)]
    handler = ReferenceHandler()
    rules = handler.handle({"id": 1, **request})
    if not rules.get("ok") or handler.hand is None:
        return None
    order = {str(c): n for n, c in enumerate(handler.hand.deck_order)}

    def dealt(button: Any, deck: Any = None) -> Any:
        sent = {**request, "dealer": button} | ({"deck": deck} if deck is not None else {})
        again = ReferenceHandler().handle({"id": 1, **sent})
        return cards_by_seat(again["state"]) if again.get("ok") else None

    burns = bool((ruleset_of(request).get("dealing") or {}).get("burn", True))
    others = [s for s in seats if isinstance(s, int) and s != dealer]
    button = dealer if cards_by_seat(rules["state"]) == engine else None
    if button is None:
        button = next((s for s in others if dealt(s) == engine), None)
    first_burn = None
    pack = [str(c) for c in request.get("deck") or ()]
    # a first deal burned otherwise: as the rules deal the pack with a card put on top to
    # burn (the engine burned none), or without its top card (the engine burned it)
    shifts = {"skipped": pack[-1:] + pack[:-1], "extra": pack[1:] + pack[:1]}
    for name, shifted in shifts.items() if button is None and pack else ():
        button = next((s for s in [dealer, *others] if dealt(s, shifted) == engine), None)
        if button is not None:
            first_burn = name
            break
    burned = _burned(order, state, transcript[index + 1 :])
    if not isinstance(button, int):
        return None
    if button == dealer and first_burn is None and burned in (None, burns):
        return None
    return DealReading(button, burns if burned is None else burned, first_burn)


def _burned(
    order: Mapping[str, int], first: Mapping[str, Any], later: Sequence[Mapping[str, Any]]
) -> bool | None:
    """Whether a card of the pack was passed over between the engine's first deal and its
    second street's (None when the engine dealt no second street in this hand, or dealt
    cards that do not read as such a gap)."""
    held = {c for down, up in cards_by_seat(first).values() for c in (*down, *up)}
    if not held or any(c not in order for c in held):
        return None
    for entry in later:
        if (entry.get("request") or {}).get("op") != "act":
            if (entry.get("request") or {}).get("op") in ("new_hand", "next_hand"):
                return None  # another hand
            continue
        state = (entry.get("reply") or {}).get("state")
        if not isinstance(state, Mapping) or state.get("street") == first.get("street"):
            continue
        now = {c for down, up in cards_by_seat(state).values() for c in (*down, *up)}
        new = now - held
        if not new:
            continue
        if any(c not in order for c in new):
            return None
        gap = min(order[c] for c in new) - max(order[c] for c in held) - 1
        return {0: False, 1: True}.get(gap)
    return None


@dataclass(frozen=True)
class ObservedDeal:
    """The deck to send, arranged for the deck positions the engine was seen dealing to
    each seat (see the module notes)."""

    sent: tuple[str, ...]

    def deck(
        self, doc: Mapping[str, Any], seats: Mapping[str, int], table: Sequence[Sequence[str]]
    ) -> list[str]:
        return list(self.sent)

    def words(self) -> str:
        return "it dealt the seats other places in the deck than the rules do"


def full_order(request: Mapping[str, Any]) -> list[str] | None:
    """The whole stub a ``new_hand`` request deals from, as the rules complete its deck (the
    rest of the pack in new-deck order), or None when the rules refuse the request."""
    from stud.protocol.server import ReferenceHandler

    handler = ReferenceHandler()
    if not handler.handle({**request, "id": 1}).get("ok") or handler.hand is None:
        return None
    return [str(c) for c in handler.hand.deck_order]


def _first_hand(transcript: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The engine's states of the transcript's first hand, in order."""
    states: list[Mapping[str, Any]] = []
    started = False
    for entry in transcript:
        op = (entry.get("request") or {}).get("op")
        if op in ("new_hand", "next_hand"):
            if started:
                break
            started = True
        state = (entry.get("reply") or {}).get("state")
        if started and isinstance(state, Mapping):
            states.append(state)
    return states


def seats_dealt(transcript: Sequence[Mapping[str, Any]]) -> dict[int, list[str]]:
    """Every card each seat was seen holding in the transcript's first hand."""
    held: dict[int, list[str]] = {}
    for state in _first_hand(transcript):
        for seat, (down, up) in cards_by_seat(state).items():
            seen = held.setdefault(seat, [])
            seen += [c for c in (*down, *up) if c not in seen]
    return held


def observed_deal(
    transcript: Sequence[Mapping[str, Any]], meant: Mapping[int, Sequence[str]]
) -> ObservedDeal | None:
    """The deck that gives each seat the cards ``meant`` for it (seat -> cards in the order
    it receives them) where the transcript's engine dealt: None when nothing can be read
    (no hand, a card outside the pack) or the engine already dealt every seat its cards."""
    request = _first_request(transcript)
    if request is None or _community(transcript):
        return None  # community cards are no seat's: the positions cannot place them
    return _arranged(full_order(request), seats_dealt(transcript), meant)


def _community(transcript: Sequence[Mapping[str, Any]]) -> bool:
    """Whether a community card shows in the transcript."""
    for entry in transcript:
        state = (entry.get("reply") or {}).get("state")
        if isinstance(state, Mapping) and state.get("community"):
            return True
    return False


def dealt_as_meant(
    transcript: Sequence[Mapping[str, Any]], meant: Mapping[int, Sequence[str]]
) -> bool:
    """Whether every seat got the cards ``meant`` for it, in that order, as far as the
    engine dealt (False when that cannot be read)."""
    request = _first_request(transcript)
    order = full_order(request) if request is not None else None
    if order is None:
        return False
    where = {c: i for i, c in enumerate(order)}
    for seat, cards in seats_dealt(transcript).items():
        if any(c not in where for c in cards):
            return False
        dealt = sorted(cards, key=where.__getitem__)
        wanted = list(meant.get(seat, ()))
        if dealt[: len(wanted)] != wanted[: len(dealt)]:  # cards past the table: any
            return False
    return True


def ups_in_order(transcript: Sequence[Mapping[str, Any]], cards: Sequence[str]) -> list[str] | None:
    """``cards`` in the order the transcript's first hand dealt them: their places in the
    stub its ``new_hand`` dealt from (None when that cannot be read)."""
    request = _first_request(transcript)
    order = full_order(request) if request is not None else None
    if order is None:
        return None
    where = {c: i for i, c in enumerate(order)}
    if any(c not in where for c in cards):
        return None
    return sorted(cards, key=where.__getitem__)


def up_cards(transcript: Sequence[Mapping[str, Any]]) -> set[str]:
    """Every card a seat was seen holding face up in the transcript's first hand."""
    return {
        c
        for state in _first_hand(transcript)
        for _, up in cards_by_seat(state).values()
        for c in up
    }


def _first_request(transcript: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The transcript's first ``new_hand`` request."""
    for entry in transcript:
        request = entry.get("request")
        if isinstance(request, Mapping) and request.get("op") == "new_hand":
            return request
    return None


def _arranged(
    order: list[str] | None, held: Mapping[int, Sequence[str]], meant: Mapping[int, Sequence[str]]
) -> ObservedDeal | None:
    """The arranged deck, from the stub the engine dealt (``order``) and what it dealt."""
    if order is None:
        return None
    where = {c: i for i, c in enumerate(order)}
    if any(c not in where for cards in held.values() for c in cards):
        return None
    placed: dict[int, str] = {}
    for seat, cards in held.items():
        spots = sorted(where[c] for c in cards)
        for spot, card in zip(spots, meant.get(seat, ()), strict=False):
            placed[spot] = card
    if all(order[spot] == card for spot, card in placed.items()):
        return None  # dealt as meant: nothing to arrange
    taken = set(placed.values())
    rest = iter([c for c in order if c not in taken])
    return ObservedDeal(tuple(placed.get(i) or next(rest) for i in range(len(order))))


@dataclass(frozen=True)
class CentreDeal(ObservedDeal):
    """The deck to send an engine handed its seats' cards (``seat_cards``) that took the
    centre cards from other places in the stub than the rules (a burn missed or added
    before a centre street): each card the rules put in the centre moved to where the
    engine took its own (:func:`centre_deal`)."""

    def words(self) -> str:
        return "it took the centre cards from other places in the deck than the rules do"


def centre_deal(transcript: Sequence[Mapping[str, Any]]) -> CentreDeal | None:
    """The deck that gives the centre the cards the rules put there, where the
    transcript's engine, handed each seat's cards, put other cards of the stub in the
    centre (None: the same centre cards, no ``seat_cards``, or what cannot be read).

    >>> request = {"op": "new_hand", "ruleset": "q", "dealer": 2,
    ...            "seats": [{"seat": s, "name": n, "stack": "5"} for s, n in ((1, "A"), (2, "B"))],
    ...            "deck": [], "seat_cards": [{"seat": 1, "cards": ["As", "Kd", "Qh"]},
    ...                                       {"seat": 2, "cards": ["2s", "3d", "4h"]}]}
    >>> from stud.protocol.server import ReferenceHandler
    >>> reply = ReferenceHandler().handle({"id": 1, **request})
    >>> reply["state"]["community"] = ["5c"]  # as if the engine took a card the rules burn
    >>> centre_deal([{"request": request, "reply": reply}]) is None  # the rules show none yet
    True
    """
    request = _first_request(transcript)
    if request is None or not isinstance(request.get("seat_cards"), list):
        return None
    rules, engine = centres(transcript)
    order = full_order(request)
    if not rules or not engine or rules[: len(engine)] == engine[: len(rules)] or not order:
        return None
    reserved = {
        str(c)
        for entry in request["seat_cards"]
        if isinstance(entry, Mapping)
        for c in entry.get("cards") or ()
    }
    free = [i for i, c in enumerate(order) if c not in reserved]  # the stub's own places
    rest = [order[i] for i in free]
    count = min(len(rules), len(engine))
    if any(c not in rest for c in (*rules[:count], *engine[:count])):
        return None
    # each card the rules put in the centre where the engine took its own; the others keep
    # their order in the places left
    arranged: list[str | None] = [None] * len(rest)
    for wanted, took in zip(rules[:count], engine[:count], strict=True):
        arranged[rest.index(took)] = wanted
    others = iter(c for c in rest if c not in rules[:count])
    sent = list(order)
    for i, card in zip(free, arranged, strict=True):
        sent[i] = card if card is not None else next(others)
    return CentreDeal(tuple(sent))


def centres(transcript: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """The centre cards at the end of the transcript by the rules (dealt the deck the
    scenario means) and at the engine."""
    from stud.spec.replay import as_the_rules_deal, engine_last, rules_last

    rules = rules_last(as_the_rules_deal(transcript)).get("community") or ()
    return [str(c) for c in rules], [str(c) for c in engine_last(transcript).get("community") or ()]


# how the deck is built for an engine's way of dealing
Reading = DealReading | ObservedDeal  # (CentreDeal is an ObservedDeal)

"""Choosing the cards a PHH file hides (``??``) so that they fit what the file shows.

First, cards a player shows later replace their ``??`` (:func:`reveal`).  Then the
hidden up cards are chosen street by street to fit the recorded bring-in and openers
(:func:`stud.play.fill.fill_hidden`, as for room histories); only when that fill does not
replay, the older search below is tried and the fill that replays furthest is kept.

Hidden down cards change nothing a replay checks before the showdown, but a hidden up
card can: an unknown door card filled as a deuce would steal the bring-in, an unknown
fourth-street card could pair a board and change who opens.  So fills are tried in a
few orders (up cards far from the bring-in card first, then the reverse, then seeded
shuffles) and the first whose replay is legal is kept; when none is, the fill that
replays furthest is kept and a note says that no fill tried fits.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from stud.cards import Card, standard_deck
from stud.hands import bring_in_key
from stud.play.fill import fill_hidden
from stud.play.replay import Recording, check

TRIES = 8
UNKNOWN = "??"


def _faces(rec: Recording, order: Sequence[tuple[int, int, int]]) -> list[bool]:
    """Whether each dealt card (in deal order) is face up."""
    streets = rec.ruleset.streets
    out = []
    for street, player, r in order:
        if not player or street >= len(streets):
            out.append(True)
            continue
        deal = streets[street].deal
        out.append(deal[r] == "up" if r < len(deal) else False)
    return out


def fit_unknown(rec: Recording, unknown: list[int], order: list[tuple[int, int, int]]) -> None:
    """Refill ``rec.deck`` (and ``rec.dealt``) at the ``unknown`` deal positions, in place.

    ``order`` gives (street, seat, card index) per dealt card (seat 0: a shared card).
    """
    faces = _faces(rec, order)
    up = [i for i in unknown if faces[i]]
    if not up:
        return  # hidden down cards: any fill replays the same way up to the showdown
    known = {c for i, c in enumerate(rec.deck) if i not in set(unknown)}
    pool = [c for c in standard_deck() if c not in known]
    b = rec.ruleset.bring_in
    key = lambda c: bring_in_key(c, b.aces, b.suit_order)  # noqa: E731
    far = sorted(pool, key=key, reverse=b.card == "lowest")
    orders = [far, far[::-1]]
    rng = random.Random(0)
    for _ in range(TRIES - 2):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        orders.append(shuffled)
    best: tuple[int, list[Card]] | None = None
    for candidate in orders:
        deck = _assign(rec.deck, up, [i for i in unknown if not faces[i]], candidate)
        trial = dataclasses.replace(rec, deck=deck, dealt=_dealt(deck, order))
        report = check(trial)
        if report.ok:
            rec.deck, rec.dealt = trial.deck, trial.dealt
            if candidate is not far:
                rec.notes.append("hidden up cards filled to fit the recorded bring-in and openers")
            return
        if best is None or report.steps > best[0]:
            best = (report.steps, deck)
    assert best is not None
    rec.deck, rec.dealt = best[1], _dealt(best[1], order)
    rec.notes.append(
        f"no fill of the {len(up)} hidden up card(s) tried ({len(orders)} fills) fits the "
        "recorded bring-in, boards and openers"
    )


def _assign(deck: list[Card], up: list[int], down: list[int], candidate: list[Card]) -> list[Card]:
    out = list(deck)
    it = iter(candidate)
    for i in up + down:
        out[i] = next(it)
    return out


def _dealt(deck: list[Card], order: list[tuple[int, int, int]]) -> dict[int, list[Card]]:
    dealt: dict[int, list[Card]] = {}
    for card, (_, player, _) in zip(deck, order, strict=True):
        if player:
            dealt.setdefault(player, []).append(card)
    return dealt


def reveal(blocks: Sequence[Sequence[Any]], shown: dict[int, list[str]]) -> None:
    """Put the cards a player showed where the deal wrote ``??`` (rooms do not always
    show down cards in the order dealt, so the cards not seen in the deal fill the
    unknown places in order)."""
    for player, cards in shown.items():
        mine = [
            (d, i) for b in blocks for d in b if d.player == player for i in range(len(d.cards))
        ]
        known = {str(Card.parse(d.cards[i])) for d, i in mine if d.cards[i] != UNKNOWN}
        extra = [c for c in cards if c != UNKNOWN and c not in known]
        slots = [(d, i) for d, i in mine if d.cards[i] == UNKNOWN]
        if extra and len(extra) == len(slots):
            for (deal, i), card in zip(slots, extra, strict=True):
                deal.cards[i] = card


def order_of_blocks(blocks: Sequence[Sequence[Any]]) -> list[tuple[int, int, int]]:
    """(street, player, card index) for each card in deal order: each position round the
    table (p1 first) before the next; a shared card has player 0."""
    out = []
    street = 0
    for block in blocks:
        deals = sorted(block, key=lambda d: d.player)
        for r in range(max(len(d.cards) for d in deals)):
            out += [(street, d.player, r) for d in deals if r < len(d.cards)]
        street += 1
    return out


def fill_phh(
    rec: Recording,
    blocks: Sequence[Sequence[Any]],
    seat_of: dict[int, int],
    names: dict[int, str],
    first_actor: dict[int, int],
    big: set[int],
) -> None:
    """Fill ``rec``'s hidden cards (PHH player numbers in ``blocks``, ``first_actor``)."""
    order = order_of_blocks(blocks)
    by_deal = {(s, d.player): d.cards for s, b in enumerate(blocks) for d in b}
    where = [(s, seat_of.get(p, 0), r) for s, p, r in order]
    faces = _faces(rec, where)
    slots = []
    for i, (street, player, r) in enumerate(order):
        card = by_deal[(street, player)][r]
        slots.append(
            (None if card == UNKNOWN else card, names.get(player, ""), street, r, faces[i])
        )
    unknown = [i for i, slot in enumerate(slots) if slot[0] is None]
    deck, notes = fill_hidden(
        rec.ruleset, slots, {s: names[p] for s, p in first_actor.items()}, big
    )
    rec.deck, rec.dealt = deck, _dealt(deck, where)
    rec.unknown_seats = {where[i][1] for i in unknown if where[i][1]}
    rec.notes += notes
    first = check(rec)
    if not first.ok and first.where not in ("end", "result"):
        greedy = rec.deck
        fit_unknown(rec, unknown, where)
        if check(rec).steps < first.steps:
            rec.deck, rec.dealt = greedy, _dealt(greedy, where)

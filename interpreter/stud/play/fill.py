"""Choosing the cards a history hid so that they fit what it recorded (rooms and PHH).

Hidden down cards change nothing a replay checks before the showdown, so they are taken
from the unseen cards in pack order.  A hidden up card decides who brings in or opens, so
it is chosen street by street to fit the recorded order: on the bring-in street the
recorded bring-in gets the most extreme unseen card (the lowest for ``card: lowest``) and
the others the nearest cards beyond it; on a later street every other player gets the
card that leaves their board weakest, and the recorded opener the weakest card that still
makes their board the best.  What those cards decide cannot be verified, and the notes
say so, naming the players whose cards were hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from stud.cards import Card, standard_deck
from stud.hands import board_key, bring_in_key
from stud.rules.model import Ruleset

Slot = tuple[str | None, str, int, int, bool]  # card, owner, street, index, face up


def fill_hidden(
    ruleset: Ruleset, slots: Sequence[Slot], openers: dict[int, str], big: set[int]
) -> tuple[list[Card], list[str]]:
    """A card for every slot (the known ones as they are) and notes on what could not be
    verified because a card was hidden.  ``openers``: the first player to act on each
    street; ``big``: the streets whose first bet was big."""
    known = {c for c, *_ in slots if c is not None}
    pool = [c for c in standard_deck() if str(c) not in known]
    chosen: dict[int, Card] = {}
    boards: dict[str, list[Card]] = {}
    doors: set[str] = set()  # players whose hidden card decided the bring-in
    later: dict[str, set[str]] = {}  # street name -> players with a hidden up card
    streets = sorted({s for _, _, s, _, _ in slots})
    for street in streets:
        here = [i for i, (_, _, s, _, _) in enumerate(slots) if s == street]
        hidden_up = [i for i in here if slots[i][0] is None and slots[i][4] and slots[i][1]]
        if hidden_up:
            row = ruleset.streets[street] if street < len(ruleset.streets) else None
            rule = row.opener if row is not None else ""
            if rule == "bring-in":
                _bring_in_pick(ruleset, slots, hidden_up, openers.get(street), pool, chosen)
            else:
                pair = row is not None and row.big_bet_when == "open-pair" and street in big
                _board_pick(
                    ruleset, slots, hidden_up, openers.get(street), boards, pool, chosen, pair
                )
            who = {slots[i][1] for i in hidden_up}
            if rule == "bring-in":
                doors |= who
            else:
                name = row.name if row is not None else str(street + 1)
                later.setdefault(name, set()).update(who)
        for i in here:
            card, owner, _, _, up = slots[i]
            if up and owner:
                got = Card.parse(card) if card is not None else chosen.get(i)
                if got is not None:
                    boards.setdefault(owner, []).append(got)
    notes = []
    if doors:
        notes.append(
            f"the bring-in could not be verified: the door cards of {', '.join(sorted(doors))} "
            "were hidden"
        )
    if later:
        names = sorted({name for group in later.values() for name in group})
        notes.append(
            f"who opened {_and(list(later))} street could not be verified: up cards of "
            f"{', '.join(names)} were hidden"
        )
    rest = iter(pool)
    out = []
    for i, (card, *_rest) in enumerate(slots):
        if card is not None:
            out.append(Card.parse(card))
        elif i in chosen:
            out.append(chosen[i])
        else:
            out.append(next(rest))
    return out, notes


def _and(words: list[str]) -> str:
    """``fourth, fifth and sixth``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _paired(cards: list[Card]) -> bool:
    ranks = [c.rank for c in cards]
    return len(set(ranks)) < len(ranks)


def _take(pool: list[Card], card: Card) -> Card:
    pool.remove(card)
    return card


def _bring_in_pick(
    rs: Ruleset,
    slots: Sequence[Slot],
    hidden: list[int],
    opener: str | None,
    pool: list[Card],
    chosen: dict[int, Card],
) -> None:
    b = rs.bring_in
    lowest = b.card == "lowest"

    def key(c: Card) -> Any:
        k = bring_in_key(c, b.aces, b.suit_order)
        return k if lowest else tuple(-x for x in k)  # smaller key: more likely to bring in

    mine = [i for i in hidden if slots[i][1] == opener]
    for i in mine:
        chosen[i] = _take(pool, min(pool, key=key))
    street = slots[hidden[0]][2]
    door = [
        Card.parse(c)
        for c, owner, s, _, up in slots
        if owner == opener and s == street and up and c
    ]
    door += [chosen[i] for i in mine]
    floor = key(door[-1]) if door else None
    for i in hidden:
        if i in chosen:
            continue
        beyond = [c for c in pool if floor is None or key(c) > floor]
        chosen[i] = _take(pool, min(beyond or pool, key=key))


def _board_pick(
    rs: Ruleset,
    slots: Sequence[Slot],
    hidden: list[int],
    opener: str | None,
    boards: dict[str, list[Card]],
    pool: list[Card],
    chosen: dict[int, Card],
    pair: bool,
) -> None:
    """``pair``: the street's first bet was big, so the opener's board shows a pair."""
    board = rs.board
    wild = tuple(rs.wild.ranks) if board.wild == "wild" else ()

    def strength(cards: list[Card]) -> tuple[int, ...]:
        return board_key(cards, board.ranking, board.ties, wild_ranks=wild, joker=rs.wild.joker)

    street = slots[hidden[0]][2]
    new_known: dict[str, list[Card]] = {}
    for c, owner, s, _, up in slots:
        if s == street and up and c and owner:
            new_known.setdefault(owner, []).append(Card.parse(c))
    players = {owner for _, owner, s, _, _ in slots if s == street and owner}

    def now(name: str, extra: list[Card]) -> list[Card]:
        return boards.get(name, []) + new_known.get(name, []) + extra

    weakest: Callable[[str], Card] = lambda name: min(pool, key=lambda c: strength(now(name, [c])))  # noqa: E731
    for i in hidden:
        if slots[i][1] != opener:
            chosen[i] = _take(pool, weakest(slots[i][1]))
    mine = [i for i in hidden if slots[i][1] == opener]
    if not mine:
        return
    done = {slots[i][1]: [chosen[i]] for i in hidden if i in chosen}
    best_other = max(
        (strength(now(p, done.get(p, []))) for p in players if p != opener), default=None
    )
    for n, i in enumerate(mine):
        last = n == len(mine) - 1
        ranked = sorted(pool, key=lambda c: strength(now(slots[i][1], [c])))
        fits = [
            c for c in ranked if best_other is None or strength(now(slots[i][1], [c])) > best_other
        ]
        if pair:
            fits = [c for c in fits if _paired(now(slots[i][1], [c]))] or fits
        card = (fits[0] if fits else ranked[-1]) if last else ranked[0]
        chosen[i] = _take(pool, card)
        new_known.setdefault(slots[i][1], []).append(card)

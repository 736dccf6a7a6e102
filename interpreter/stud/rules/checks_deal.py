"""Checks of how a hand is dealt and bet that the schema cannot see: blinds, the pack, the
cards a player may hold, the event table and the home pot-limit values.

Like :mod:`stud.rules.checks`, every check reads the document defensively: a value of the
wrong type was already reported by the schema and is skipped here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from typing import Any

from stud.cards import CardError, parse_cards
from stud.errors import MoneyError
from stud.money import to_money
from stud.rules.ranks import rank_lists, rank_number
from stud.rules.schema import Finding, show
from stud.safetext import excerpt

HAND_MAX = 12  # the most cards the evaluator reads for one player (centre cards included)
EFFECTS = ("wild_follows", "wild_rank", "extra_card", "refund", "neighbours_fold")


def _get(doc: Any, *keys: str) -> Any:
    node = doc
    for key in keys:
        if not isinstance(node, dict) or key not in node:
            return None
        node = node[key]
    return node


def _amount(value: Any) -> Decimal | None:
    if value is None or isinstance(value, bool | float):
        return None
    try:
        return to_money(value)
    except MoneyError:
        return None


def _streets(doc: Any) -> list[tuple[int, dict[str, Any]]]:
    streets = _get(doc, "streets")
    if not isinstance(streets, list):
        return []
    return [(i, s) for i, s in enumerate(streets) if isinstance(s, dict)]


def _events(doc: Any) -> list[tuple[int, dict[str, Any]]]:
    events = _get(doc, "events")
    if not isinstance(events, list):
        return []
    return [(i, e) for i, e in enumerate(events) if isinstance(e, dict)]


def _bets(street: dict[str, Any]) -> bool:
    return street.get("bet", "small") is not None


def _positions(street: dict[str, Any], faces: tuple[str, ...]) -> int:
    deal = street.get("deal", [])
    return sum(1 for d in deal if d in faces) if isinstance(deal, list) else 0


def _stripped(doc: Any) -> set[int]:
    stripped = _get(doc, "deck", "stripped")
    if not isinstance(stripped, list):
        return set()
    return {n for v in stripped if (n := rank_number(v)) is not None}


def pack_size(doc: Any) -> int:
    """Cards in the stub before the deal: 52 less the stripped ranks, plus jokers, less the
    cards put in the centre before the deal."""
    jokers = _get(doc, "deck", "jokers")
    centre = _get(doc, "deck", "centre")
    size = 52 - 4 * len(_stripped(doc))
    size += jokers if isinstance(jokers, int) and not isinstance(jokers, bool) else 0
    return size - (len(centre) if isinstance(centre, list) else 0)


# --- blinds ------------------------------------------------------------------------------


def check_blinds(doc: Any) -> Iterator[Finding]:
    """BLIND-01..04: both blinds or none, small <= big <= the street's bet, no bring-in,
    and the blinds' street opened left of the big blind."""
    small, big = _get(doc, "stakes", "small_blind"), _get(doc, "stakes", "big_blind")
    streets = _streets(doc)
    betting = [(i, s) for i, s in streets if _bets(s)]
    first = betting[0][0] if betting else None
    for i, street in betting:
        if street.get("opener") == "after-big-blind" and (i != first or big is None):
            why = "the game has no blinds" if big is None else "the blinds open only one street"
            yield Finding(
                ("streets", i, "opener"),
                f"after-big-blind opens the first betting street of a game with blinds; {why}",
                "bring-in, best-board or first-left",
            )
    if small is None and big is None:
        return
    if (small is None) != (big is None):
        missing = "big_blind" if big is None else "small_blind"
        given = "small_blind" if big is None else "big_blind"
        yield Finding(
            ("stakes", given),
            f"stakes.{given} is set but stakes.{missing} is not",
            "both blinds (small_blind <= big_blind), or neither",
        )
        return
    low, high = _amount(small), _amount(big)
    if low is not None and low == 0 or high is not None and high == 0:
        which = "small_blind" if low == 0 else "big_blind"
        yield Finding(("stakes", which), "a blind is zero", "a positive amount, or no blinds")
    if low is not None and high is not None and low > high:
        yield Finding(
            ("stakes", "small_blind"),
            f"the small blind {show(low)} is more than the big blind {show(high)}",
            "small_blind <= big_blind",
        )
    if _get(doc, "stakes", "bring_in") is not None:
        yield Finding(
            ("stakes", "bring_in"),
            "a game with blinds has no bring-in",
            "bring_in: null (the blinds are the forced bets)",
        )
    if first is None:
        yield Finding(
            ("stakes", "big_blind"), "there is no betting round for the blinds", "a betting street"
        )
        return
    street = streets[[i for i, _ in streets].index(first)][1]
    if street.get("opener") != "after-big-blind":
        yield Finding(
            ("streets", first, "opener"),
            "with blinds, the first betting round is opened by the player left of the big blind",
            "opener: after-big-blind",
        )
    unit = _amount(_get(doc, "stakes", "big_bet" if street.get("bet") == "big" else "small_bet"))
    if high is not None and unit is not None and high > unit:
        yield Finding(
            ("stakes", "big_blind"),
            f"the big blind {show(high)} is more than the bet of the blinds' street {show(unit)}",
            "a big blind no larger than that street's bet (it counts as the bet when equal)",
        )


# --- betting values ----------------------------------------------------------------------


def check_home_pot_limit(doc: Any) -> Iterator[Finding]:
    """MNP-01..02: the pot ceiling belongs to pot limit; a raise to double to pot or no limit."""
    structure = _get(doc, "betting", "structure") or "fixed-limit"
    ceiling = _get(doc, "betting", "pot_ceiling")
    if ceiling not in (None, "pot-after-call") and structure != "pot-limit":
        yield Finding(
            ("betting", "pot_ceiling"),
            f"a pot ceiling applies to pot limit, and the structure is {show(structure)}",
            "pot-after-call, or structure pot-limit",
        )
    if _get(doc, "betting", "min_raise") == "double" and structure not in ("pot-limit", "no-limit"):
        yield Finding(
            ("betting", "min_raise"),
            "a raise to double applies to pot and no limit, and the structure is "
            + show(structure),
            "last-increment, or structure pot-limit or no-limit",
        )


# --- the pack and the cards a player holds -----------------------------------------------


def check_pack(doc: Any) -> Iterator[Finding]:
    """DECK-01: no rank written twice, and no wild or trigger rank or centre card taken out."""
    stripped = _stripped(doc)
    for path, items in rank_lists(doc):
        if not isinstance(items, list):
            continue
        numbers = [rank_number(v) for v in items]
        seen = [n for n in numbers if n is not None]
        if len(set(seen)) != len(seen):
            yield Finding(
                path, "a rank is listed twice (a number and its letter)", "each rank once"
            )
        if path != ("deck", "stripped") and stripped & set(seen):
            gone = sorted(stripped & set(seen))
            yield Finding(
                path,
                f"rank(s) {', '.join(map(str, gone))} are taken out of the pack (deck.stripped)",
                "ranks the pack holds",
            )
    centre = _get(doc, "deck", "centre")
    for i, text in enumerate(centre if isinstance(centre, list) else []):
        card = _card(text)
        if card is not None and card.rank in stripped:
            yield Finding(
                ("deck", "centre", i), f"{card} is taken out of the pack", "a card the pack holds"
            )


def _card(text: Any) -> Any:
    if not isinstance(text, str):
        return None
    try:
        (card,) = parse_cards([text])
    except (CardError, ValueError):
        return None
    return card


def extra_cards(doc: Any, players: int) -> int:
    """The most extra cards events can deal in one hand with ``players`` dealt in."""
    stripped = _stripped(doc)
    total = 0
    for _, event in _events(doc):
        extra = event.get("extra_card")
        if not isinstance(extra, dict):
            continue
        found = event.get("when")
        when: dict[str, Any] = found if isinstance(found, dict) else {}
        cards = when.get("cards") if isinstance(when.get("cards"), list) else []
        ranks = when.get("ranks") if isinstance(when.get("ranks"), list) else []
        if cards:
            triggers = len(cards)
        elif ranks:
            triggers = 4 * len({n for v in ranks if (n := rank_number(v)) and n not in stripped})
        else:
            triggers = pack_size(doc)
        most, start = extra.get("most"), extra.get("most_from_players", 2)
        if isinstance(most, int) and isinstance(start, int) and players >= start:
            triggers = min(triggers, most)
        total += triggers
    return total


def check_hand_size(doc: Any) -> Iterator[Finding]:
    """CARDS-01: every card a player can hold, centre cards included, fits the evaluator."""
    streets = _streets(doc)
    if not streets:
        return
    own = sum(_positions(s, ("down", "up")) for _, s in streets)
    centre = _get(doc, "deck", "centre")
    shared = sum(_positions(s, ("centre",)) for _, s in streets)
    shared += len(centre) if isinstance(centre, list) else 0
    seats = _get(doc, "seats", "max")
    extra = extra_cards(doc, seats if isinstance(seats, int) else 8)
    if own + shared + extra > HAND_MAX:
        parts = [f"{own} dealt to the player"]
        if shared:
            parts.append(f"{shared} in the centre")
        if extra:
            parts.append(f"up to {extra} extra card(s) on events")
        yield Finding(
            ("streets",),
            f"a player's hand can reach {own + shared + extra} cards ({', '.join(parts)})",
            f"at most {HAND_MAX} cards a hand",
        )


# --- the event table ---------------------------------------------------------------------


def check_events(doc: Any) -> Iterator[Finding]:
    """EVENT-01: each row names a trigger that can fire and exactly one effect."""
    names: dict[str, int] = {}
    ante = _amount(_get(doc, "stakes", "ante"))
    for i, event in _events(doc):
        name = event.get("name")
        if isinstance(name, str):
            if name in names:
                yield Finding(
                    ("events", i, "name"),
                    f"the event name '{excerpt(name)}' is used twice "
                    f"(first at events[{names[name]}])",
                    "a different name for each event",
                )
            names.setdefault(name, i)
        effects = [k for k in EFFECTS if event.get(k) is not None]
        if len(effects) != 1:
            what = "no effect" if not effects else f"{len(effects)} effects ({', '.join(effects)})"
            yield Finding(
                ("events", i), f"the event has {what}", "exactly one of " + ", ".join(EFFECTS)
            )
        when = event.get("when")
        if isinstance(when, dict):
            yield from _trigger(i, when)
        if event.get("refund") == "ante" and ante is not None and ante == 0:
            yield Finding(
                ("events", i, "refund"),
                "the event refunds the ante but the game has no ante",
                "stakes.ante above 0, or another effect",
            )


def _trigger(i: int, when: dict[str, Any]) -> Iterator[Finding]:
    cards, ranks = when.get("cards"), when.get("ranks")
    if isinstance(cards, list) and cards and isinstance(ranks, list) and ranks:
        yield Finding(
            ("events", i, "when"),
            "the trigger names both ranks and cards",
            "ranks (every card of them) or cards (exactly those)",
        )
    for k, text in enumerate(cards if isinstance(cards, list) else []):
        card = _card(text)
        if card is None or card.is_joker:
            yield Finding(
                ("events", i, "when", "cards", k),
                f"{show(text)} is not a card of the pack",
                "a card such as 4c",
            )
    if when.get("shown") is not None and when.get("face", "up") != "up":
        yield Finding(
            ("events", i, "when", "shown"),
            "shown counts the cards of a rank dealt face up, but the trigger is not face up",
            "face: up, or shown: null",
        )


DEAL_CHECKS: tuple[Callable[[Any], Iterator[Finding]], ...] = (
    check_blinds,
    check_home_pot_limit,
    check_pack,
    check_hand_size,
    check_events,
)

"""Checks of the pot shares beyond the schema: rankings, qualifiers, hand making, names.

Each share's ranking is a row of :mod:`stud.hands.rankings`, which says whether the higher
or the lower hand wins, whether an integer qualifier or wild cards apply and how many
cards make a hand; the checks read it rather than lists of names.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from stud.cards import CardError, parse_cards
from stud.hands.making import minimum_strength
from stud.hands.ranking import Ranking
from stud.hands.rankings import RANKINGS
from stud.rules.docpath import get
from stud.rules.schema import Finding, show
from stud.safetext import excerpt

LOW_RANKINGS = tuple(name for name, row in RANKINGS.items() if row.direction == "low")
QUALIFIED_RANKINGS = tuple(name for name, row in RANKINGS.items() if row.qualifier)
WILD_RANKINGS = tuple(name for name, row in RANKINGS.items() if row.wild)


def _row(ranking: Any) -> Ranking | None:
    """The ranking's row, or None (an unknown or mistyped value is the schema's to report)."""
    return RANKINGS.get(ranking) if isinstance(ranking, str) else None


def _shares(doc: Any) -> list[tuple[int, dict[str, Any]]]:
    shares = get(doc, "pot", "shares")
    if not isinstance(shares, list):
        return []
    return [(i, s) for i, s in enumerate(shares) if isinstance(s, dict)]


def may_go_unwon(share: dict[str, Any]) -> bool:
    """Whether a share can end a hand with no winner (something must qualify)."""
    ranking = share.get("ranking", "high")
    qualified = share.get("qualifier") is not None and ranking in QUALIFIED_RANKINGS
    return qualified or share.get("minimum") is not None or share.get("suit") is not None


def check_pot(doc: Any) -> Iterator[Finding]:
    """Names, rankings, qualifiers and hand making of every share; declarations."""
    shares = _shares(doc)
    names: list[str] = []
    for i, share in shares:
        name = share.get("name")
        if isinstance(name, str):
            if name in names:
                yield Finding(
                    ("pot", "shares", i, "name"),
                    f"the share '{excerpt(name)}' is listed twice",
                    "a different name for each share",
                )
            names.append(name)
        yield from _ranking(i, share)
        yield from _qualifiers(i, share)
        yield from _hand_making(i, share)
    for i, share in shares:
        fallback = share.get("fallback")
        if isinstance(fallback, str) and (fallback not in names or fallback == share.get("name")):
            others = [n for n in names if n != share.get("name")]
            yield Finding(
                ("pot", "shares", i, "fallback"),
                f"there is no other share named {show(fallback)}",
                "one of " + ", ".join(others) if others else "null",
            )
    yield from _unqualified(doc, [s for _, s in shares])
    odd = get(doc, "pot", "odd_chip_share", default="high")
    if len(names) > 1 and isinstance(odd, str) and odd not in names:
        yield Finding(
            ("pot", "odd_chip_share"), f"there is no {odd} share", "one of " + ", ".join(names)
        )
    method = get(doc, "showdown", "method", default="cards-speak")
    if method == "declare" and len(names) < 2:
        yield Finding(
            ("showdown", "method"),
            "a declaration needs two shares or more",
            "pot.shares such as [high, low], or method cards-speak",
        )
    if method == "declare" and any(n in ("both", "all") for n in names):
        yield Finding(
            ("pot", "shares"),
            "'both' and 'all' are what a player declares for every share",
            "other share names",
        )


def _ranking(i: int, share: dict[str, Any]) -> Iterator[Finding]:
    name, ranking = share.get("name"), share.get("ranking")
    row = _row(ranking)
    if name == "low" and "ranking" not in share:
        yield Finding(
            ("pot", "shares", i), "the low share has no ranking", "ranking: " + _or(LOW_RANKINGS)
        )
    elif name == "low" and row is not None and row.direction == "high":
        yield Finding(
            ("pot", "shares", i, "ranking"),
            f"the low share is ranked {show(ranking)}, a ranking the higher hand wins",
            _or(LOW_RANKINGS),
        )
    elif name == "high" and row is not None and row.direction == "low":
        yield Finding(
            ("pot", "shares", i, "ranking"),
            f"the high share is ranked {show(ranking)}, a low ranking",
            "high, or another name for this share",
        )


def _qualifiers(i: int, share: dict[str, Any]) -> Iterator[Finding]:
    ranking = share.get("ranking", "high")
    qualifier = share.get("qualifier")
    if qualifier is not None and ranking not in QUALIFIED_RANKINGS:
        yield Finding(
            ("pot", "shares", i, "qualifier"),
            f"a qualifier applies only to a low ranking that takes one ({_or(QUALIFIED_RANKINGS)})",
            "null, or minimum: the weakest hand that qualifies",
        )
    if isinstance(qualifier, int) and ranking == "ace-to-six" and qualifier < 6:
        yield Finding(
            ("pot", "shares", i, "qualifier"),
            f"no ace-to-six low has five ranks all at most {qualifier}",
            "at least 6",
        )
    minimum = share.get("minimum")
    if isinstance(minimum, str) and _row(ranking) is not None:
        try:
            parse_cards(minimum)
            minimum_strength(minimum, ranking)
        except (CardError, ValueError) as exc:
            yield Finding(
                ("pot", "shares", i, "minimum"),
                f"'{excerpt(minimum)}' is not a {ranking} hand: {excerpt(str(exc))}",
                "the cards of the weakest hand that qualifies, such as '9s 9h 8s 8h 5d'",
            )


def _hand_making(i: int, share: dict[str, Any]) -> Iterator[Finding]:
    own, common = share.get("own"), share.get("common")
    if (own is None) != (common is None):
        key = "own" if common is None else "common"
        yield Finding(
            ("pot", "shares", i, key),
            "own and common go together (exactly so many of each)",
            "both own and common, or neither",
        )
    if (own is not None or common is not None) and share.get("cards", "all") != "all":
        yield Finding(
            ("pot", "shares", i, "cards"),
            f"own and common counts take common cards, but cards is {show(share.get('cards'))}",
            "cards: all",
        )
    row = _row(share.get("ranking", "high"))
    if isinstance(own, int) and isinstance(common, int) and row is not None and row.size:
        if own + common != row.size:
            yield Finding(
                ("pot", "shares", i, "own"),
                f"{own} own and {common} common cards make {own + common} cards, but a "
                f"{row.name} hand has {row.size}",
                f"own + common = {row.size}",
            )


def _unqualified(doc: Any, shares: list[dict[str, Any]]) -> Iterator[Finding]:
    unwon = [s for s in shares if may_go_unwon(s)]
    pot = get(doc, "pot")
    if unwon and len(unwon) == len(shares) and isinstance(pot, dict):
        if pot.get("unqualified") is None:
            yield Finding(
                ("pot", "shares"),
                "every share has a qualifier, so a pot can end with no qualifying hand and no "
                "other share to take it",
                "pot.unqualified: best-high (the best high hand takes that pot) or split "
                "(its players share it), or a share with no qualifier such as {name: high}",
            )


def check_wild_rankings(doc: Any) -> Iterator[Finding]:
    """Wild cards and a joker play only under rankings that read them."""
    wild = get(doc, "wild", default={})
    if not isinstance(wild, dict):
        return
    joker = wild.get("joker", "none")
    if not (wild.get("ranks") or wild.get("low_hole") or joker != "none"):
        return
    for i, share in _shares(doc):
        ranking = share.get("ranking", "high")
        if _row(ranking) is not None and ranking not in WILD_RANKINGS:
            yield Finding(
                ("pot", "shares", i, "ranking"),
                f"wild cards are in play but the {ranking} ranking reads no wild card",
                f"one of {', '.join(WILD_RANKINGS)}, or no wild cards",
            )
    board = get(doc, "board", "ranking", default="high")
    if get(doc, "board", "wild") == "wild" and _row(board) and board not in WILD_RANKINGS:
        yield Finding(
            ("board", "wild"),
            f"exposed wild cards are read as wild but a {board} board reads no wild card",
            "natural",
        )


def check_down_shares(doc: Any) -> Iterator[Finding]:
    """A share read from the hole cards alone needs enough of them for its hand."""
    streets = get(doc, "streets", default=[])
    if not isinstance(streets, list):
        return
    down = 0
    for street in streets:
        if isinstance(street, dict) and street.get("deal_if_players_at_most") is None:
            deal = street.get("deal")
            down += deal.count("down") if isinstance(deal, list) else 0
    for i, share in _shares(doc):
        row = _row(share.get("ranking", "high"))
        if share.get("cards") != "down" or share.get("suit") is not None or row is None:
            continue
        need = row.size or row.fewest
        if down < need:
            yield Finding(
                ("pot", "shares", i, "cards"),
                f"a player always gets {down} hole cards, too few for a {row.name} hand of {need}",
                f"cards: all or own, or a ranking of at most {down} cards",
            )


def hand_requirement(doc: Any) -> tuple[int, str]:
    """The fewest cards a player must hold for every share to make a hand, and the kind
    of hand that needs them (``five-card`` for the poker hands)."""
    need, kind = 0, "five-card"
    for _, share in _shares(doc) or [(0, {"ranking": "high"})]:
        row = _row(share.get("ranking", "high"))
        if row is None or share.get("suit") is not None:
            continue
        fewest = row.size or row.fewest
        if fewest > need:
            need = fewest
            kind = "five-card" if fewest == 5 else f"{row.name}"
    return (need or 5), kind


def _or(names: tuple[str, ...]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]

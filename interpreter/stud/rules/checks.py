"""Checks beyond the schema: values that are each valid but do not make a playable game.

Every check reads the document defensively (a value of the wrong type was already reported
by the schema and is skipped here), so one pass reports every problem at once.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from stud.cards import CardError, parse_cards
from stud.errors import MoneyError
from stud.money import to_money
from stud.rules.catalogue import CATALOGUE_IDS, project_ids
from stud.rules.checks_deal import DEAL_CHECKS, extra_cards, pack_size
from stud.rules.dealcheck import centre_positions, shortfall
from stud.rules.decidecheck import check_decisions, exposes, held_total
from stud.rules.docpath import get as _get
from stud.rules.model import DEAL_CHOICES, STRUCTURE_CHOICES
from stud.rules.schema import AMOUNT_PATTERN, Finding, show
from stud.rules.sharecheck import (
    check_down_shares,
    check_pot,
    check_wild_rankings,
    hand_requirement,
)
from stud.safetext import excerpt

MAX_AMOUNT = Decimal(10) ** 12  # a trillion: far above any table, far below rounding
MAX_PLACES = 8  # the finest chip is 0.00000001


def amount_problem(value: Decimal) -> str | None:
    """Why an amount is outside what the interpreter computes exactly, or None.

    >>> amount_problem(Decimal("0.05")) is None
    True
    >>> amount_problem(Decimal("1E+400"))
    '1e+400 is too large'
    >>> amount_problem(Decimal("1E-30"))
    '1e-30 has more than 8 decimal places'
    """
    if value > MAX_AMOUNT:
        return f"{show(value)} is too large"
    exponent = value.as_tuple().exponent
    if (
        isinstance(exponent, int)
        and exponent < -MAX_PLACES
        and value != value.quantize(Decimal(1).scaleb(-MAX_PLACES))
    ):
        return f"{show(value)} has more than {MAX_PLACES} decimal places"
    return None


def _amount(value: Any) -> Decimal | None:
    """An amount the checks can compute with, or None (a bad one is reported elsewhere)."""
    if isinstance(value, float):
        return None
    try:
        amount = to_money(value)
    except MoneyError:
        return None
    return None if amount_problem(amount) else amount


def _int(value: Any, default: int) -> int | None:
    if value is None:
        return default
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _streets(doc: Any) -> list[tuple[int, dict[str, Any]]]:
    streets = _get(doc, "streets")
    if not isinstance(streets, list):
        return []
    return [(i, s) for i, s in enumerate(streets) if isinstance(s, dict)]


def _deal(street: dict[str, Any]) -> list[str]:
    deal = street.get("deal", [])
    return (
        [d for d in deal if d in DEAL_CHOICES and d != "centre"] if isinstance(deal, list) else []
    )


def _bets(street: dict[str, Any]) -> bool:
    return street.get("bet", "small") is not None


def _amount_paths(doc: Any) -> list[tuple[tuple[str | int, ...], Any]]:
    amounts: list[tuple[tuple[str | int, ...], Any]] = [
        (("stakes", key), _get(doc, "stakes", key))
        for key in ("chip", "ante", "bring_in", "small_bet", "big_bet", "small_blind", "big_blind")
    ]
    amounts.append((("pot", "split_unit"), _get(doc, "pot", "split_unit")))
    amounts.append((("betting", "reopen_fraction"), _get(doc, "betting", "reopen_fraction")))
    for i, street in _streets(doc):
        for key in ("min", "max"):
            amounts.append((("streets", i, "spread", key), _get(street, "spread", key)))
        amounts.append((("streets", i, "exchange", "price"), _get(street, "exchange", "price")))
    return amounts


def check_bounds(doc: Any) -> Iterator[Finding]:
    """R4: every amount is at most a trillion with at most eight decimal places."""
    for path, raw in _amount_paths(doc):
        if raw is None or isinstance(raw, bool | float):
            continue
        if isinstance(raw, str) and not re.fullmatch(AMOUNT_PATTERN, raw):
            continue  # the schema reports it
        try:
            value = to_money(raw)
        except MoneyError:
            continue  # the schema reports it
        why = amount_problem(value)
        if why:
            yield Finding(
                path,
                why,
                f"an amount of at most {MAX_AMOUNT:,} with at most {MAX_PLACES} decimal places",
            )


def check_stakes(doc: Any) -> Iterator[Finding]:
    stakes = _get(doc, "stakes")
    if not isinstance(stakes, dict):
        return
    chip = _amount(stakes.get("chip", "0.01"))
    if chip is not None and chip == 0:
        yield Finding(
            ("stakes", "chip"), "the chip is zero", "a positive smallest unit such as 0.01"
        )
    bring_in = _amount(stakes.get("bring_in")) if stakes.get("bring_in") is not None else None
    small = _amount(stakes.get("small_bet"))
    big = _amount(stakes.get("big_bet"))
    if bring_in is not None and small is not None and bring_in > small:
        yield Finding(
            ("stakes", "bring_in"),
            f"the bring-in {show(bring_in)} is more than the small bet {show(small)}",
            "a bring-in no larger than the small bet",
        )
    if bring_in is not None and bring_in == 0:
        yield Finding(("stakes", "bring_in"), "the bring-in is zero", "a positive amount or null")
    if small is not None and big is not None and small > big:
        yield Finding(
            ("stakes", "small_bet"),
            f"the small bet {show(small)} is more than the big bet {show(big)}",
            "small_bet <= big_bet",
        )
    if small is not None and small == 0:
        yield Finding(("stakes", "small_bet"), "the small bet is zero", "a positive amount")
    if chip:
        yield from _chip_multiples(doc, chip)


def _chip_multiples(doc: Any, chip: Decimal) -> Iterator[Finding]:
    for path, raw in _amount_paths(doc)[1:]:
        if path == ("betting", "reopen_fraction"):
            continue
        value = _amount(raw) if raw is not None else None
        if value is not None and value % chip != 0:
            yield Finding(
                path,
                f"{show(value)} is not a whole number of chips of {show(chip)}",
                "a multiple of stakes.chip",
            )


def check_bring_in(doc: Any) -> Iterator[Finding]:
    """``bring_in.all_in: next-seat`` names who brings in: a game with a bring-in."""
    if _get(doc, "bring_in", "all_in") == "next-seat" and _get(doc, "stakes", "bring_in") is None:
        yield Finding(
            ("bring_in", "all_in"),
            "next-seat says who brings in, but stakes.bring_in is null (nobody brings in)",
            "next-card (the default), or a bring-in amount in stakes.bring_in",
        )


def check_streets(doc: Any) -> Iterator[Finding]:
    streets = _streets(doc)
    structure = _get(doc, "betting", "structure", default="fixed-limit")
    names: dict[str, int] = {}
    betting = [i for i, s in streets if _bets(s)]
    first_bet = betting[0] if betting else None
    has_bring_in = _get(doc, "stakes", "bring_in") is not None
    up_seen = False
    opens_with_bring_in = False
    for i, street in streets:
        name = street.get("name")
        if isinstance(name, str):
            if name in names:
                yield Finding(
                    ("streets", i, "name"),
                    f"the street name '{excerpt(name)}' is used twice "
                    f"(first at streets[{names[name]}])",
                    "a different name for each street",
                )
            names.setdefault(name, i)
        deal = _deal(street)
        up_seen = up_seen or "up" in deal or exposes(street)
        if (
            not deal
            and street.get("exchange") is None
            and not street.get("decide")
            and not _bets(street)
        ):
            yield Finding(
                ("streets", i),
                "the street deals nothing, exchanges nothing, decides nothing and has no betting",
                "a deal, an exchange, a decision round or a bet",
            )
        opener = street.get("opener", "best-board")
        if _bets(street) and opener == "bring-in":
            opens_with_bring_in = opens_with_bring_in or i == first_bet
            if i != first_bet:
                yield Finding(
                    ("streets", i, "opener"),
                    "only the first betting street can be opened by the bring-in",
                    "best-board or first-left",
                )
            elif not has_bring_in:
                yield Finding(
                    ("streets", i, "opener"),
                    "the bring-in opens this street but stakes.bring_in is null",
                    "an amount in stakes.bring_in, or opener best-board (BRING-12)",
                )
            elif not up_seen:
                yield Finding(
                    ("streets", i, "opener"),
                    "the bring-in is chosen by upcard, but no card has been dealt face up yet",
                    "an up card in this or an earlier street's deal",
                )
        if _bets(street) and opener == "best-board" and not up_seen:
            yield Finding(
                ("streets", i, "opener"),
                "best-board needs exposed cards, but none has been dealt face up yet",
                "an up card in this or an earlier street's deal, or opener first-left",
            )
        yield from _street_betting(doc, i, street, structure)
    if has_bring_in and not opens_with_bring_in and first_bet is not None:
        yield Finding(
            ("stakes", "bring_in"),
            "a bring-in amount is set but the first betting street is not opened by the bring-in",
            f"opener bring-in on streets[{first_bet}], or bring_in null",
        )
    yield from _no_spread_at_all(doc, structure)
    yield from _cards_per_player(doc, streets)


def _any_spread(doc: Any) -> bool:
    return any(s.get("spread") is not None for _, s in _streets(doc))


def _no_spread_at_all(doc: Any, structure: Any) -> Iterator[Finding]:
    """Spread limit with no spread anywhere: one error at the structure, not one a street."""
    betting = [s.get("name") for _, s in _streets(doc) if _bets(s)]
    if structure == "spread-limit" and betting and not _any_spread(doc):
        yield Finding(
            ("betting", "structure"),
            "spread limit needs the least and largest bet of every betting street, and no "
            "street has a spread",
            "spread: {min: ..., max: ...} on streets " + ", ".join(str(n) for n in betting),
        )


def _street_betting(doc: Any, i: int, street: dict[str, Any], structure: Any) -> Iterator[Finding]:
    if structure not in STRUCTURE_CHOICES:
        return  # already reported by the schema
    spread = street.get("spread")
    bets = _bets(street)
    if structure == "spread-limit" and bets and spread is None and _any_spread(doc):
        yield Finding(
            ("streets", i),
            "a spread-limit betting street has no spread",
            "spread: {min: ..., max: ...} on every betting street",
        )
    if spread is not None and (structure != "spread-limit" or not bets):
        why = "the street has no betting" if not bets else f"the structure is {show(structure)}"
        yield Finding(("streets", i, "spread"), f"a spread is given but {why}", "no spread here")
    if isinstance(spread, dict):
        low, high = _amount(spread.get("min")), _amount(spread.get("max"))
        if low is not None and high is not None and low > high:
            yield Finding(
                ("streets", i, "spread", "min"),
                f"the spread minimum {show(low)} is more than its maximum {show(high)}",
                "min <= max",
            )
        if low is not None and low == 0:
            yield Finding(
                ("streets", i, "spread", "min"),
                "the spread minimum is zero",
                "a positive least bet",
            )
    if street.get("big_bet_when", "never") == "open-pair":
        if structure != "fixed-limit":
            yield Finding(
                ("streets", i, "big_bet_when"),
                f"open-pair applies to fixed limit only, and the structure is {show(structure)}",
                "never",
            )
        elif street.get("bet", "small") != "small":
            yield Finding(
                ("streets", i, "big_bet_when"),
                "open-pair allows a big bet on a small-bet street, but this street "
                f"bets {show(street.get('bet', 'small'))}",
                "bet: small, or big_bet_when: never",
            )
    at_most = street.get("deal_if_players_at_most")
    seats_min = _int(_get(doc, "seats", "min"), 2)
    if isinstance(at_most, int) and seats_min is not None and at_most < seats_min:
        yield Finding(
            ("streets", i, "deal_if_players_at_most"),
            f"{at_most} is fewer than seats.min ({seats_min}), so the street is never played",
            f"at least {seats_min}",
        )


def _cards_per_player(doc: Any, streets: list[tuple[int, dict[str, Any]]]) -> Iterator[Finding]:
    if not streets:
        return
    always = sum(len(_deal(s)) for _, s in streets if s.get("deal_if_players_at_most") is None)
    if any(s.get("decide") for _, s in streets):  # discards leave fewer cards than dealt
        always, _ = held_total([s for _, s in streets])
    centre = _get(doc, "deck", "centre", default=[])
    shared = len(centre) if isinstance(centre, list) else 0
    shared += sum(
        centre_positions(s) for _, s in streets if s.get("deal_if_players_at_most") is None
    )
    need, kind = hand_requirement(doc)
    if always + shared < need:
        yield Finding(
            ("streets",),
            f"a player can end with {always + shared} cards, too few for a {kind} hand",
            f"at least {need} cards counting the centre cards",
        )


def check_deck(doc: Any) -> Iterator[Finding]:
    """DEAL-11: the deal at the most seats must fit the pack, or there must be a run-out."""
    jokers = _int(_get(doc, "deck", "jokers"), 0)
    centre = _get(doc, "deck", "centre", default=[])
    wild_joker = _get(doc, "wild", "joker", default="none")
    if isinstance(centre, list):
        cards = []
        for i, text in enumerate(centre):
            if not isinstance(text, str):
                continue
            try:
                cards.extend(parse_cards([text]))
            except CardError:
                yield Finding(
                    ("deck", "centre", i),
                    f"'{excerpt(text)}' is not a card",
                    "a card such as Jk, As or 10h",
                )
        n_jokers = sum(1 for c in cards if c.is_joker)
        if jokers is not None and n_jokers > jokers:
            yield Finding(
                ("deck", "centre"),
                f"the centre holds {n_jokers} joker(s) but deck.jokers is {jokers}",
                "deck.jokers: 1 for a joker in the centre",
            )
    if jokers and wild_joker == "none":
        yield Finding(
            ("deck", "jokers"),
            "the deck has a joker but wild.joker is none",
            "bug or wild (what the joker stands for)",
        )
    if jokers == 0 and wild_joker in ("bug", "wild", "bug-up-wild-down"):
        yield Finding(
            ("wild", "joker"),
            f"wild.joker is {show(wild_joker)} but the deck has no joker",
            "deck.jokers: 1, or joker none",
        )
    yield from _run_out(doc, pack_size(doc))


FLAG_KEYS = ("burn", "reuse_burns", "community_card")


def _run_out(doc: Any, pack: int) -> Iterator[Finding]:
    """R3, DEAL-11: every player count the ruleset seats can be dealt to the end.

    Extra cards dealt on an event must always come from the pack itself (CARDS-02): then
    the deal is checked with the most extra cards a hand can have taken out first, and
    with neither the burns reused nor a community card.
    """
    low, high = _int(_get(doc, "seats", "min"), 2), _int(_get(doc, "seats", "max"), 8)
    dealing = _get(doc, "dealing", default={})
    if low is None or high is None or not isinstance(dealing, dict):
        return
    flags = [dealing.get(k, True) for k in FLAG_KEYS]
    if not all(isinstance(f, bool) for f in flags):
        return
    streets = [s for _, s in _streets(doc)]
    for players in range(max(low, 2), min(high, 10) + 1):
        extra = extra_cards(doc, players)
        why = shortfall(
            streets,
            players=players,
            pack=pack - extra,
            burn=flags[0],
            reuse_burns=flags[1] and not extra,
            community=flags[2] and not extra,
        )
        if why:
            fixes = [f"seats.max {players - 1}"] if players > max(low, 2) else []
            off = [k for k, f in zip(FLAG_KEYS, flags, strict=True) if not f and k != "burn"]
            fixes += [f"dealing.{k} true" for k in off if not extra]
            fixes.append("fewer cards or exchanges per player")
            if extra:
                why += f", keeping {extra} card(s) back for extra cards dealt on events"
            yield Finding(
                ("dealing",),
                f"a hand cannot always be dealt to the end: {why} (DEAL-11)",
                ", or ".join(fixes),
            )
            return


def check_misc(doc: Any, stem: str | None) -> Iterator[Finding]:
    seats_min, seats_max = _get(doc, "seats", "min"), _get(doc, "seats", "max")
    if isinstance(seats_min, int) and isinstance(seats_max, int) and seats_min > seats_max:
        yield Finding(
            ("seats", "min"),
            f"seats.min {seats_min} is more than seats.max {seats_max}",
            "min <= max",
        )
    fraction = _amount(_get(doc, "betting", "reopen_fraction", default="0.5"))
    if fraction is not None and not 0 < fraction <= 1:
        yield Finding(
            ("betting", "reopen_fraction"),
            f"{show(fraction)} is not a fraction of a raise",
            "more than 0 and at most 1",
        )
    ids = _get(doc, "implements", default=[])
    known = CATALOGUE_IDS + project_ids()
    for i, rule in enumerate(ids if isinstance(ids, list) else []):
        if isinstance(rule, str) and rule not in known:
            close = difflib.get_close_matches(rule, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            yield Finding(
                ("implements", i),
                f"'{excerpt(rule)}' is not a catalogue rule id{hint}",
                "an id of the rules catalogue or of features/rules-index.yaml such as BRING-03",
            )
    wild = _get(doc, "wild", default={})
    board_wild = _get(doc, "board", "wild", default="natural")
    events = _get(doc, "events", default=[])
    moving = isinstance(events, list) and any(
        isinstance(e, dict) and (e.get("wild_follows") or e.get("wild_rank")) for e in events
    )  # events make ranks wild as cards fall
    if isinstance(wild, dict) and board_wild == "wild" and not moving:
        if not wild.get("ranks") and not wild.get("low_hole") and wild.get("joker") != "wild":
            yield Finding(
                ("board", "wild"),
                "exposed cards are read as wild but no card is wild",
                "natural, or wild.ranks / wild.low_hole / wild.joker wild",
            )
    name = _get(doc, "name")
    if stem is not None and isinstance(name, str) and name != stem:
        yield Finding(
            ("name",),
            f"the name '{excerpt(name)}' differs from the file name '{excerpt(stem)}'",
            f"'{stem}', or no name (it is taken from the file name)",
        )


def semantic_findings(doc: Any, stem: str | None = None) -> list[Finding]:
    """Every problem the schema cannot see, in a document that may also break the schema."""
    out: list[Finding] = []
    checks = (
        check_bounds,
        check_stakes,
        check_bring_in,
        check_streets,
        check_deck,
        check_pot,
        check_wild_rankings,
        check_down_shares,
        check_decisions,
        *DEAL_CHECKS,
    )
    for check in checks:
        out.extend(check(doc))
    out.extend(check_misc(doc, stem))
    return out

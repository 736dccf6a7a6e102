"""Which stud rulesets PokerKit can play, and how: ruleset values -> a :class:`Plan`.

The adapter builds a generic ``pokerkit.State`` (``plan.py``) from the ruleset: any
number of streets, each burning or not, dealing its cards down and up, opened by
PokerKit's ``Opening`` (``LOW_CARD``/``HIGH_CARD`` for the bring-in, ``HIGH_HAND``/
``LOW_HAND`` for the best board, ``POSITION`` for the first seat from the dealer's left)
with its own smallest bet; fixed-limit, pot-limit or no-limit betting; antes, a bring-in
or none; PokerKit's hand types for the pot shares.  :func:`plan` maps a resolved ruleset
onto that or raises :class:`~stud.errors.UnsupportedError` naming *every* value PokerKit
cannot honour, with what it plays instead.  A few values PokerKit honours except in
particular situations (board ties broken by suit, the open-pair big bet, the uncapped
heads-up rule, a short all-in that reopens the betting) are checked during the hand
instead (``checks.py``), so that hands where they do not matter can still be played.
The adapter never plays a rule itself: what PokerKit lacks (spread limit, declarations,
wild cards, exchanges, decision rounds, the ace-to-six low, ...) is refused.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pokerkit
from pokerkit import BettingStructure, Opening
from stud.errors import UnsupportedError
from stud.rules.model import Ruleset

from .plan import Plan, StreetPlan

SUITS = ("clubs", "diamonds", "hearts", "spades")  # PokerKit's Suit order c < d < h < s
STRUCTURES = {
    "fixed-limit": BettingStructure.FIXED_LIMIT,
    "pot-limit": BettingStructure.POT_LIMIT,
    "no-limit": BettingStructure.NO_LIMIT,
}
HAND_TYPES: dict[tuple[tuple[str, str, int | None], ...], tuple[type[Any], ...]] = {
    (("high", "high", None),): (pokerkit.StandardHighHand,),
    (("high", "high", None), ("low", "ace-to-five", 8)): (
        pokerkit.StandardHighHand,
        pokerkit.EightOrBetterLowHand,
    ),
    # PokerKit's unqualified ace-to-five low (RegularLowHand, the hand razz uses)
    (("high", "high", None), ("low", "ace-to-five", None)): (
        pokerkit.StandardHighHand,
        pokerkit.RegularLowHand,
    ),
    (("low", "ace-to-five", None),): (pokerkit.RegularLowHand,),
}
# bring_in (card, aces) -> PokerKit's opening by the exposed card; LOW_CARD ranks aces high,
# HIGH_CARD aces low (pokerkit.state.State._begin_betting)
BRING_IN_OPENINGS = {("lowest", "high"): Opening.LOW_CARD, ("highest", "low"): Opening.HIGH_CARD}
# board.ranking -> PokerKit's opening by the exposed hand (pairs and better, no straights
# or flushes): HIGH_HAND aces high, LOW_HAND aces low with pairs bad
BOARD_OPENINGS = {"high": Opening.HIGH_HAND, "ace-to-five": Opening.LOW_HAND}

_SHARES_DOC: dict[str, list[dict[str, Any]]] = {
    "high": [{"name": "high", "ranking": "high", "qualifier": None}],
    "hi-lo": [
        {"name": "high", "ranking": "high", "qualifier": None},
        {"name": "low", "ranking": "ace-to-five", "qualifier": 8},
    ],
    "low": [{"name": "low", "ranking": "ace-to-five", "qualifier": None}],
}
_NO = object()


def units(amount: Decimal, chip: Decimal, where: str, problems: list[str]) -> int:
    count = amount / chip
    if count != count.to_integral_value():
        problems.append(f"{where} = {amount} is not a whole number of chips ({chip})")
        return 0
    return int(count)


def _nearest_shares(shares: tuple[Any, ...]) -> list[dict[str, Any]]:
    """PokerKit's pot shares nearest to a ruleset's: hi-lo, low only or high only."""
    low = any(s.ranking != "high" for s in shares)
    high = any(s.ranking == "high" for s in shares)
    return _SHARES_DOC["hi-lo" if low and high else "low" if low else "high"]


def _without_exchanges(ruleset: Ruleset) -> list[dict[str, Any]]:
    """The ruleset's streets as PokerKit can deal them: no exchange, none without cards."""
    out = []
    for street in ruleset.document.get("streets", []):
        if isinstance(street, dict) and street.get("deal"):
            out.append({k: v for k, v in street.items() if k != "exchange"} | {"exchange": None})
    return out


class _Problems:
    """The values PokerKit cannot honour, each with what it plays where it says."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self.problems: list[str] = []
        self.values: list[dict[str, Any]] = []

    def need(self, ok: bool, path: str, value: object, why: str, plays: object = _NO) -> None:
        if ok:
            return
        self.problems.append(f"{path} = {value!r}: {why}")
        if plays is not _NO:
            wanted = _wanted(self.ruleset, path)
            self.values.append({"path": path, "wanted": wanted, "plays": plays})

    def raise_if_any(self) -> None:
        if self.problems:
            raise UnsupportedError(
                f"PokerKit {pokerkit_version()} cannot honour: " + "; ".join(self.problems),
                self.values,
            )


def _check_game(ruleset: Ruleset, p: _Problems) -> tuple[type[Any], ...]:
    """The values outside the street table: pot shares, showdown, deck, wild cards."""
    pot = ruleset.pot
    signature = tuple((s.name, s.ranking, s.qualifier) for s in pot.shares)
    hand_types = HAND_TYPES.get(signature)
    plain = all(
        (s.cards, s.own, s.common, s.suit, s.minimum, s.fallback) == ("all",) + (None,) * 5
        for s in pot.shares
    )
    p.need(
        hand_types is not None and plain,
        "pot.shares",
        [f"{s.name}/{s.ranking}/{s.qualifier}" for s in pot.shares],
        "PokerKit plays high (StandardHighHand), high + ace-to-five low, 8-or-better "
        "(EightOrBetterLowHand) or any (RegularLowHand), or ace-to-five low alone, each "
        "from all of a player's cards; it has no other ranking, no minimum hand, suit or "
        "fallback share and no rule for a pot no hand qualifies for",
        _nearest_shares(pot.shares),
    )
    p.need(
        ruleset.showdown.method == "cards-speak",
        "showdown.method",
        ruleset.showdown.method,
        "PokerKit has no declaration",
        "cards-speak",
    )
    deck, wild = ruleset.deck, ruleset.wild
    p.need(deck.jokers == 0, "deck.jokers", deck.jokers, "PokerKit deals a 52-card pack", 0)
    p.need(not deck.centre, "deck.centre", list(deck.centre), "PokerKit has no centre cards", [])
    p.need(not wild.ranks, "wild.ranks", list(wild.ranks), "PokerKit has no wild cards", [])
    p.need(not wild.low_hole, "wild.low_hole", wild.low_hole, "PokerKit has no wild cards", False)
    p.need(wild.joker == "none", "wild.joker", wild.joker, "PokerKit has no joker", "none")
    # the house games' dealing and betting (protocol 1.2)
    p.need(
        not deck.stripped, "deck.stripped", list(deck.stripped), "PokerKit deals a 52-card pack", []
    )
    p.need(
        not ruleset.events,
        "events",
        [e.name for e in ruleset.events],
        "PokerKit has no rules that act as cards fall (wild ranks named by dealt cards, extra "
        "cards, refunds, forced folds)",
        [],
    )
    p.need(
        ruleset.stakes.big_blind is None,
        "stakes.big_blind",
        None if ruleset.stakes.big_blind is None else format(ruleset.stakes.big_blind, "f"),
        "the adapter plays stud with antes and a bring-in; it posts no blinds",
    )
    dealing = ruleset.dealing
    p.need(
        dealing.reuse_burns,
        "dealing.reuse_burns",
        dealing.reuse_burns,
        "PokerKit always recycles burned (and mucked) cards when the deck runs out",
        True,
    )
    p.need(
        dealing.community_card,
        "dealing.community_card",
        dealing.community_card,
        "PokerKit always falls back to a community card",
        True,
    )
    p.need(
        len(pot.shares) == 1 or pot.odd_chip_share == pot.shares[0].name,
        "pot.odd_chip_share",
        pot.odd_chip_share,
        "PokerKit gives an odd chip between shares to the first (high) share",
        pot.shares[0].name,
    )
    p.need(
        pot.odd_chip_tie == "position",
        "pot.odd_chip_tie",
        pot.odd_chip_tie,
        "PokerKit gives odd chips between tied hands to the first seat from the dealer",
        "position",
    )
    p.need(
        pot.split_unit is None or pot.split_unit == ruleset.stakes.chip,
        "pot.split_unit",
        None if pot.split_unit is None else str(pot.split_unit),
        "PokerKit halves pots with one divmod in chips, the same one that splits ties",
        None,
    )
    return hand_types or (pokerkit.StandardHighHand,)


def _check_betting(ruleset: Ruleset, p: _Problems) -> BettingStructure:
    betting = ruleset.betting
    structure = STRUCTURES.get(betting.structure)
    p.need(
        structure is not None,
        "betting.structure",
        betting.structure,
        "PokerKit has fixed-limit, pot-limit and no-limit betting, no spread limit",
        "fixed-limit",
    )
    p.need(
        betting.pot_ceiling == "pot-after-call",
        "betting.pot_ceiling",
        betting.pot_ceiling,
        "PokerKit's pot limit counts the call in the pot",
        "pot-after-call",
    )
    p.need(
        betting.min_raise == "last-increment",
        "betting.min_raise",
        betting.min_raise,
        "PokerKit's smallest raise is the last bet or raise",
        "last-increment",
    )
    p.need(
        betting.fold_when_check == "refused",
        "betting.fold_when_check",
        betting.fold_when_check,
        "PokerKit's tournament mode, which the adapter plays, refuses a fold when checking is free",
        "refused",
    )
    return structure or BettingStructure.FIXED_LIMIT


def _opening(ruleset: Ruleset, i: int, p: _Problems) -> Opening:
    """PokerKit's ``Opening`` for street ``i`` of the ruleset."""
    street = ruleset.streets[i]
    where = f"streets.{street.name}.opener"
    bring_in = ruleset.stakes.bring_in is not None
    if street.opener == "bring-in":
        p.need(
            i == 0,
            where,
            street.opener,
            "PokerKit posts the bring-in on the first street only",
            "best-board",
        )
        bring = ruleset.bring_in
        p.need(
            bring.all_in == "next-card",
            "bring_in.all_in",
            bring.all_in,
            "PokerKit picks the bring-in by card (its Opening); it has no bring-in by seat",
            "next-card",
        )
        opening = BRING_IN_OPENINGS.get((bring.card, bring.aces))
        plays = "high" if bring.card == "lowest" else "low"
        p.need(
            opening is not None,
            "bring_in.aces",
            bring.aces,
            "PokerKit brings in the lowest card with aces high (LOW_CARD) or the highest "
            "with aces low (HIGH_CARD)",
            plays,
        )
        p.need(
            tuple(bring.suit_order) == SUITS,
            "bring_in.suit_order",
            list(bring.suit_order),
            "PokerKit orders suits clubs < diamonds < hearts < spades",
            list(SUITS),
        )
        return opening or Opening.LOW_CARD
    p.need(
        not (i == 0 and bring_in),
        where,
        street.opener,
        "with a bring-in PokerKit's first street is opened by the bring-in",
        "bring-in",
    )
    if street.opener == "first-left":
        return Opening.POSITION  # no blinds: the first seat from the dealer's left
    return BOARD_OPENINGS.get(ruleset.board.ranking, Opening.LOW_HAND)


def _check_streets(
    ruleset: Ruleset, structure: BettingStructure, amounts: dict[str, int], p: _Problems
) -> tuple[StreetPlan, ...]:
    """The street table: each ruleset street as a PokerKit ``Street``."""
    streets = ruleset.streets
    p.need(
        all(s.deal and s.exchange is None for s in streets),
        "streets",
        [s.name for s in streets],
        "PokerKit has no exchange of one card for another of the same face, and every "
        "PokerKit street deals cards",
        _without_exchanges(ruleset),
    )
    p.need(
        all(not s.decide and all(face in ("down", "up") for face in s.deal) for s in streets),
        "streets",
        [s.name for s in streets],
        "PokerKit's stud deals each card face down or up as the table says: no player "
        "chooses cards to throw, turn up, draw or set aside (decide), and no card's face "
        "depends on the player's other cards (down-if-all-up)",
    )
    ranking = ruleset.board.ranking
    p.need(
        ranking in BOARD_OPENINGS or all(s.opener != "best-board" for s in streets),
        "board.ranking",
        ranking,
        "PokerKit reads boards high (HIGH_HAND) or ace-to-five low (LOW_HAND)",
        "ace-to-five",
    )
    out = []
    for i, street in enumerate(streets):
        where = f"streets.{street.name}"
        p.need(street.bet is not None, f"{where}.bet", None, "every PokerKit street bets", "small")
        p.need(
            "centre" not in street.deal,
            f"{where}.deal",
            list(street.deal),
            "the adapter deals stud cards to the players only, none to the centre",
        )
        unit = amounts["big_bet" if street.bet == "big" else "small_bet"]
        if i == 0 and amounts["bring_in"]:  # in PokerKit a bring-in is never a full bet
            p.need(
                amounts["bring_in"] < unit,
                "stakes.bring_in",
                format(ruleset.stakes.bring_in, "f"),
                "PokerKit needs a bring-in smaller than the first street's smallest bet (a "
                "bring-in of a full bet, which the next player raises, is not in PokerKit)",
            )
        ties = street.tie_rule(ruleset.board)
        opening = _opening(ruleset, i, p)
        out.append(
            StreetPlan(
                name=street.name,
                burn=ruleset.dealing.burn and i > 0,
                up=tuple(face == "up" for face in street.deal),
                opening=opening,
                min_bet=unit,
                players_at_most=street.deal_if_players_at_most,
                ties_by_suit=ties == "suit" and opening in (Opening.HIGH_HAND, Opening.LOW_HAND),
                open_pair=street.big_bet_when == "open-pair"
                and structure is BettingStructure.FIXED_LIMIT,
            )
        )
    return tuple(out)


def plan(ruleset: Ruleset) -> Plan:
    """The PokerKit game for ``ruleset``, or UnsupportedError listing what cannot be played.

    The error carries ``values`` (protocol ``error.values``): for each value PokerKit cannot
    honour, the path, what the ruleset wanted and what PokerKit plays instead, so a harness
    can find the scenarios those values do not change and run them with PokerKit's.
    """
    p = _Problems(ruleset)
    hand_types = _check_game(ruleset, p)
    structure = _check_betting(ruleset, p)
    stakes = ruleset.stakes
    chip = stakes.chip
    amounts = {
        key: units(getattr(stakes, key) or Decimal(0), chip, f"stakes.{key}", p.problems)
        for key in ("ante", "bring_in", "small_bet", "big_bet")
    }
    p.need(
        bool(amounts["ante"] or amounts["bring_in"]),
        "stakes.ante",
        format(stakes.ante, "f"),
        "PokerKit needs an ante or a bring-in",
    )
    streets = _check_streets(ruleset, structure, amounts, p)
    p.raise_if_any()
    betting = ruleset.betting
    return Plan(
        chip=chip,
        ante=amounts["ante"],
        bring_in=amounts["bring_in"],
        structure=structure,
        cap=None if betting.max_raises is None else betting.max_raises + 1,  # + the bet
        hand_types=hand_types,
        shares=tuple(s.name for s in ruleset.pot.shares),
        streets=streets,
        board_low=ruleset.board.ranking != "high",
        max_raises=betting.max_raises,
        uncapped_heads_up=betting.uncapped_heads_up,
        reopen_fraction=betting.reopen_fraction,
    )


def _wanted(ruleset: Ruleset, path: str) -> Any:
    """The ruleset document's value at a dotted path (street items by name)."""
    node: Any = ruleset.document
    for part in path.split("."):
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list):
            node = next((i for i in node if isinstance(i, dict) and i.get("name") == part), None)
        else:
            return None
    return node


# What PokerKit plays whatever the ruleset says (protocol ``hello`` ``profile``): equal
# boards go to the first from the dealer's left; no big-bet option on fourth street; the
# raise cap holds heads-up too (docs/conformance/pokerkit.md, deviations 1-3).  PokerKit's
# short all-in rule is no single ruleset value (a short raise reopens only once the all-in
# raises add up to a full one, deviation 4, yet any all-in completion counts as the
# completion, deviation 7), so ``game.py`` refuses with ``reopen_fraction`` plays 1 only in
# a hand where a short all-in raise would reopen the betting.
PROFILE: dict[str, Any] = {
    "board.ties": "position",
    "streets.fourth.big_bet_when": "never",
    "betting.uncapped_heads_up": "never",
}


def pokerkit_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pokerkit")
    except PackageNotFoundError:  # pragma: no cover
        return "?"

"""Which stud rulesets PokerKit can play, and how: ruleset values -> a PokerKit game.

PokerKit ships three fixed-limit stud games (``FixedLimitSevenCardStud``,
``FixedLimitSevenCardStudHighLowSplitEightOrBetter``, ``FixedLimitRazz``; the hi-lo game
also with PokerKit's unqualified ace-to-five low hand) whose streets,
bring-in and opener rules are fixed in ``pokerkit.games.SevenCardStud.__init__``.
:func:`plan` maps a resolved ruleset onto one of them or raises
:class:`~stud.errors.UnsupportedError` naming *every* value PokerKit cannot honour.  A few
values PokerKit honours except in particular situations (board ties broken by suit, the
open-pair big bet, the uncapped heads-up rule, a short all-in that reopens the betting)
are checked during the hand instead (see ``game.py``), so that hands where they do not
matter can still be played.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import pokerkit
from stud.errors import UnsupportedError
from stud.rules.model import Ruleset

SUITS = ("clubs", "diamonds", "hearts", "spades")  # PokerKit's Suit order c < d < h < s
STREET_LAYOUT = (
    ("down", "down", "up"),
    ("up",),
    ("up",),
    ("up",),
    ("down",),
)
BET_LAYOUT = ("small", "small", "big", "big", "big")
OPENER_LAYOUT = ("bring-in", "best-board", "best-board", "best-board", "best-board")
POKERKIT_STREETS = ("third", "fourth", "fifth", "sixth", "seventh")


@dataclass(frozen=True)
class Plan:
    """A PokerKit game for a ruleset, in integer chip units, plus the checks left for play."""

    game: type[Any]  # a PokerKit game class (a subclass when the raise cap differs)
    chip: Decimal
    ante: int
    bring_in: int
    small_bet: int
    big_bet: int
    shares: tuple[str, ...]  # share names in the order of game.hand_types
    rankings: tuple[tuple[str, int | None], ...]  # per share: stud ranking and qualifier
    low: bool  # razz-style: highest card brings in, lowest board opens
    board_ranking: str
    ties_by_suit: bool
    open_pair_streets: frozenset[int]
    max_raises: int | None
    uncapped_heads_up: str
    reopen_fraction: Decimal


def units(amount: Decimal, chip: Decimal, where: str, problems: list[str]) -> int:
    count = amount / chip
    if count != count.to_integral_value():
        problems.append(f"{where} = {amount} is not a whole number of chips ({chip})")
        return 0
    return int(count)


def _game_for(shares: tuple[Any, ...]) -> tuple[type[Any], bool] | None:
    signature = tuple((s.name, s.ranking, s.qualifier) for s in shares)
    if signature == (("high", "high", None),):
        return pokerkit.FixedLimitSevenCardStud, False
    if signature == (("high", "high", None), ("low", "ace-to-five", 8)):
        return pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter, False
    if signature == (("low", "ace-to-five", None),):
        return pokerkit.FixedLimitRazz, True
    if signature == (("high", "high", None), ("low", "ace-to-five", None)):
        # PokerKit's hi-lo game with its ace-to-five low without a qualifier (RegularLowHand,
        # the hand razz uses) in place of the eight-or-better one
        return HighLowSplitAnyLow, False
    return None


class HighLowSplitAnyLow(pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter):
    """Fixed-limit stud hi-lo whose low half goes to the best ace-to-five low, any low."""

    hand_types = (pokerkit.StandardHighHand, pokerkit.RegularLowHand)


_SHARES_DOC = {
    "high": [{"name": "high", "ranking": "high", "qualifier": None}],
    "hi-lo": [
        {"name": "high", "ranking": "high", "qualifier": None},
        {"name": "low", "ranking": "ace-to-five", "qualifier": 8},
    ],
    "low": [{"name": "low", "ranking": "ace-to-five", "qualifier": None}],
}
_NO = object()


def _nearest_shares(shares: tuple[Any, ...]) -> list[dict[str, Any]]:
    """PokerKit's pot shares nearest to a ruleset's: hi-lo, low only or high only."""
    low = any(s.ranking != "high" for s in shares)
    high = any(s.ranking == "high" for s in shares)
    return _SHARES_DOC["hi-lo" if low and high else "low" if low else "high"]


def _street_doc(i: int, name: str) -> dict[str, Any]:
    return {
        "name": name,
        "deal": list(STREET_LAYOUT[i]),
        "deal_if_players_at_most": None,
        "exchange": None,
        "opener": OPENER_LAYOUT[i],
        "bet": BET_LAYOUT[i],
        "big_bet_when": "never",
        "spread": None,
    }


def plan(ruleset: Ruleset) -> Plan:
    """The PokerKit game for ``ruleset``, or UnsupportedError listing what cannot be played.

    The error carries ``values`` (protocol ``error.values``): for each value PokerKit cannot
    honour, the path, what the ruleset wanted and what PokerKit plays instead, so a harness
    can find the scenarios those values do not change and run them with PokerKit's.
    """
    problems: list[str] = []
    values: list[dict[str, Any]] = []

    def need(ok: bool, path: str, value: object, why: str, plays: object = _NO) -> None:
        if not ok:
            problems.append(f"{path} = {value!r}: {why}")
            if plays is not _NO:
                values.append({"path": path, "wanted": _wanted(ruleset, path), "plays": plays})

    pot = ruleset.pot
    found = _game_for(pot.shares)
    shares_text = [f"{s.name}/{s.ranking}/{s.qualifier}" for s in pot.shares]
    need(
        found is not None,
        "pot.shares",
        shares_text,
        "PokerKit plays high (stud), high + ace-to-five low, 8-or-better or any (stud "
        "hi-lo), or ace-to-five low (razz) only",
        _nearest_shares(pot.shares),
    )
    game, low = found if found is not None else (pokerkit.FixedLimitSevenCardStud, False)

    need(
        ruleset.showdown.method == "cards-speak",
        "showdown.method",
        ruleset.showdown.method,
        "PokerKit has no declaration",
        "cards-speak",
    )
    betting = ruleset.betting
    need(
        betting.structure == "fixed-limit",
        "betting.structure",
        betting.structure,
        "PokerKit's stud games are fixed limit only",
        "fixed-limit",
    )
    deck, wild = ruleset.deck, ruleset.wild
    need(deck.jokers == 0, "deck.jokers", deck.jokers, "PokerKit deals a 52-card pack", 0)
    need(not deck.centre, "deck.centre", list(deck.centre), "PokerKit has no centre cards", [])
    need(not wild.ranks, "wild.ranks", list(wild.ranks), "PokerKit has no wild cards", [])
    need(not wild.low_hole, "wild.low_hole", wild.low_hole, "PokerKit has no wild cards", False)
    need(wild.joker == "none", "wild.joker", wild.joker, "PokerKit has no joker", "none")

    dealing = ruleset.dealing
    need(dealing.burn, "dealing.burn", dealing.burn, "PokerKit burns before streets 4 to 7", True)
    need(
        dealing.reuse_burns,
        "dealing.reuse_burns",
        dealing.reuse_burns,
        "PokerKit always recycles burned (and mucked) cards when the deck runs out",
        True,
    )
    need(
        dealing.community_card,
        "dealing.community_card",
        dealing.community_card,
        "PokerKit always falls back to a community card",
        True,
    )

    streets = ruleset.streets
    layout = tuple(tuple(s.deal) for s in streets)
    same_count = len(streets) == len(STREET_LAYOUT)
    need(
        same_count,
        "streets",
        [s.name for s in streets],
        "PokerKit plays five streets: down-down-up, up, up, up, down",
        [_street_doc(i, name) for i, name in enumerate(POKERKIT_STREETS)],
    )
    for i, street in enumerate(streets if same_count else ()):
        where = f"streets.{street.name}"
        need(
            layout[i] == STREET_LAYOUT[i],
            f"{where}.deal",
            list(layout[i]),
            "PokerKit deals down-down-up, up, up, up, down",
            list(STREET_LAYOUT[i]),
        )
        need(street.exchange is None, f"{where}.exchange", "set", "PokerKit has no exchange", None)
        need(
            street.deal_if_players_at_most is None,
            f"{where}.deal_if_players_at_most",
            street.deal_if_players_at_most,
            "PokerKit always deals every street",
            None,
        )
        need(
            street.bet == BET_LAYOUT[i],
            f"{where}.bet",
            street.bet,
            f"PokerKit bets the {BET_LAYOUT[i]} bet on {POKERKIT_STREETS[i]} street",
            BET_LAYOUT[i],
        )
        need(
            street.opener == OPENER_LAYOUT[i],
            f"{where}.opener",
            street.opener,
            f"PokerKit opens {POKERKIT_STREETS[i]} street by {OPENER_LAYOUT[i]}",
            OPENER_LAYOUT[i],
        )
        need(
            street.big_bet_when == "never" or i == 1,
            f"{where}.big_bet_when",
            street.big_bet_when,
            "PokerKit has no big-bet option",
            "never",
        )
    open_pair = frozenset(i for i, s in enumerate(streets) if s.big_bet_when == "open-pair")

    bring = ruleset.bring_in
    want = ("highest", "low") if low else ("lowest", "high")
    need(
        bring.card == want[0],
        "bring_in.card",
        bring.card,
        f"PokerKit's {game.__name__} brings in the {want[0]} card",
        want[0],
    )
    need(
        bring.aces == want[1],
        "bring_in.aces",
        bring.aces,
        f"PokerKit's {game.__name__} ranks aces {want[1]} for the bring-in",
        want[1],
    )
    need(
        tuple(bring.suit_order) == SUITS,
        "bring_in.suit_order",
        list(bring.suit_order),
        "PokerKit orders suits clubs < diamonds < hearts < spades",
        list(SUITS),
    )
    for street in streets:  # one tie rule for the whole hand
        need(
            street.ties in (None, ruleset.board.ties),
            f"streets.{street.name}.ties",
            street.ties,
            "the adapter applies one board tie rule (board.ties) to every street",
        )
    stakes = ruleset.stakes
    need(
        stakes.bring_in is None or stakes.bring_in < stakes.small_bet,
        "stakes.bring_in",
        None if stakes.bring_in is None else format(stakes.bring_in, "f"),
        "PokerKit needs a bring-in smaller than the small bet",
    )
    board_ranking = "ace-to-five" if low else "high"
    need(
        ruleset.board.ranking == board_ranking,
        "board.ranking",
        ruleset.board.ranking,
        f"PokerKit's {game.__name__} reads boards as {board_ranking}",
        board_ranking,
    )

    need(
        len(pot.shares) == 1 or pot.odd_chip_share == pot.shares[0].name,
        "pot.odd_chip_share",
        pot.odd_chip_share,
        "PokerKit gives an odd chip between shares to the first (high) share",
        pot.shares[0].name,
    )
    need(
        pot.odd_chip_tie == "position",
        "pot.odd_chip_tie",
        pot.odd_chip_tie,
        "PokerKit gives odd chips between tied hands to the first seat from the dealer",
        "position",
    )
    stakes = ruleset.stakes
    chip = stakes.chip
    need(
        pot.split_unit is None or pot.split_unit == chip,
        "pot.split_unit",
        None if pot.split_unit is None else str(pot.split_unit),
        "PokerKit halves pots with one divmod in chips, the same one that splits ties",
        None,
    )
    need(
        stakes.bring_in is not None and stakes.bring_in > 0,
        "stakes.bring_in",
        stakes.bring_in,
        "PokerKit's stud games open third street with a bring-in",
    )
    ante = units(stakes.ante, chip, "stakes.ante", problems)
    bring_in = units(stakes.bring_in or Decimal(0), chip, "stakes.bring_in", problems)
    small = units(stakes.small_bet, chip, "stakes.small_bet", problems)
    big = units(stakes.big_bet, chip, "stakes.big_bet", problems)
    if problems:
        raise UnsupportedError(
            f"PokerKit {pokerkit_version()} cannot honour: " + "; ".join(problems), values
        )

    cap = None if betting.max_raises is None else betting.max_raises + 1  # + the bet itself
    if cap != game.max_completion_betting_or_raising_count:
        game = type(game.__name__, (game,), {"max_completion_betting_or_raising_count": cap})
    return Plan(
        game=game,
        chip=chip,
        ante=ante,
        bring_in=bring_in,
        small_bet=small,
        big_bet=big,
        shares=tuple(s.name for s in pot.shares),
        rankings=tuple((s.ranking, s.qualifier) for s in pot.shares),
        low=low,
        board_ranking=board_ranking,
        ties_by_suit=ruleset.board.ties == "suit",
        open_pair_streets=open_pair,
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

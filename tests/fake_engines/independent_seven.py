#!/usr/bin/env python3
"""independent_seven: a fixed-limit seven-card stud engine speaking engine protocol 1.

Written by an outside author from the protocol page, the ruleset reference and the
Gherkin scenarios only (none of the reference interpreter's code), as a test fixture for
``stud verify`` and ``stud fuzz``.  It reads JSON Lines on stdin and answers on stdout.

Protocol: version 1 (the 1.2 document); ``rulesets: ["*"]`` (every ruleset document is
accepted and a value the engine cannot play is refused as ``unsupported``, naming it in
``error.values``); capabilities ``evaluate`` (high hands only), ``table`` (``next_hand``)
and ``refusal-state``.  It deals from the deck it is given in its own dealing order, so
it announces neither ``seat-cards`` nor ``pipelining``.

What it plays: any street table of up and down cards (seven-card stud and its shipped
house variants), with antes, a bring-in (lowest or highest door card, aces high or low,
any suit order, the all-in rule either way) or none, burns on or off, the run-out (burns
dealt again, then a community card), fixed-limit bets with the big-bet option on an open
pair (locked or not), any raise cap lifted heads-up in the hand or at the round's start
or never, folding when checking is free or not, short all-ins with side pots, uncalled
bets returned, one high share with odd chips by position or by the highest card, and a
dealer button that moves or stays.  It refuses wild cards, jokers, stripped packs,
centre cards, exchanges and decision rounds, events, blinds, other betting structures,
other rankings, several shares and declarations.

Known defects (planted, all off by default; switch on with ``--bugs a,b,...``):

==============================  ==========  ==================================================
name                            catalogue   what goes wrong
==============================  ==========  ==================================================
antes-not-in-pot                DEAL-01     antes leave the stacks but never reach the pot
later-streets-from-bring-in     DEAL-05     fourth street on is dealt from the bring-in seat
bring-in-may-check              BRING-07    players yet to act may check an uncompleted bring-in
raise-before-completion         BRING-08    an uncompleted bring-in is "raised" by a small bet
completion-uses-cap             BRING-10    the completion counts as one of the cap's raises
board-ignores-pairs             ROUND-04    boards compared by high cards only, pairs ignored
opener-may-not-check            ROUND-10    the first player on fourth street on cannot check
big-bets-on-fourth              LIMIT-01    fourth street is played with the big bet
wheel-not-straight              SHOW-02     at the showdown A-2-3-4-5 is no straight
suits-break-ties                SHOW-05     equal hands at the showdown are split by suit
==============================  ==========  ==================================================

Usage: ``python3 independent_seven.py [--bugs NAME,...]``
"""

from __future__ import annotations

import argparse
import copy
import itertools
import json
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation

ENGINE_NAME = "independent-seven"
ENGINE_VERSION = "1.0"

BUGS = {
    "antes-not-in-pot": "DEAL-01",
    "later-streets-from-bring-in": "DEAL-05",
    "bring-in-may-check": "BRING-07",
    "raise-before-completion": "BRING-08",
    "completion-uses-cap": "BRING-10",
    "board-ignores-pairs": "ROUND-04",
    "opener-may-not-check": "ROUND-10",
    "big-bets-on-fourth": "LIMIT-01",
    "wheel-not-straight": "SHOW-02",
    "suits-break-ties": "SHOW-05",
}

RANKS = "23456789TJQKA"
SUITS = "cdhs"
NEW_DECK = [rank + suit for rank in RANKS for suit in SUITS]
RANK_VALUE = {rank: value for value, rank in enumerate(RANKS, start=2)}
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
RANK_WORD = {
    2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
    9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace",
}  # fmt: skip
RANK_PLURAL = {value: word + "s" for value, word in RANK_WORD.items()}
RANK_PLURAL[6] = "sixes"

# Betting round states: nothing bet yet, only the bring-in (or a short completion), a bet.
NO_BET, BRING_IN_ONLY, BET_MADE = "no-bet", "bring-in", "bet"

# The seven-card stud document, used for a ruleset sent by name and to fill in keys an
# inline document leaves out.
SEVEN_CARD_STUD = {
    "name": "seven-card-stud",
    "seats": {"min": 2, "max": 8},
    "deck": {"jokers": 0, "centre": [], "stripped": []},
    "dealer": {"rotates": True},
    "dealing": {"burn": True, "reuse_burns": True, "community_card": True},
    "stakes": {
        "chip": "0.01",
        "ante": "0.05",
        "bring_in": "0.10",
        "small_bet": "0.50",
        "big_bet": "1.00",
        "small_blind": None,
        "big_blind": None,
    },
    "blinds": {"heads_up": "dealer-small"},
    "bring_in": {
        "card": "lowest",
        "aces": "high",
        "suit_order": ["clubs", "diamonds", "hearts", "spades"],
        "all_in": "next-card",
    },
    "board": {"ranking": "high", "ties": "suit", "wild": "natural"},
    "betting": {
        "structure": "fixed-limit",
        "max_raises": 3,
        "uncapped_heads_up": "in-hand",
        "big_bet_locks": True,
        "reopen_fraction": "0.5",
        "fold_when_check": "refused",
        "pot_ceiling": "pot-after-call",
        "min_raise": "last-increment",
    },
    "streets": [
        {"name": "third", "deal": ["down", "down", "up"], "opener": "bring-in", "bet": "small"},
        {"name": "fourth", "deal": ["up"], "bet": "small", "big_bet_when": "open-pair"},
        {"name": "fifth", "deal": ["up"], "bet": "big"},
        {"name": "sixth", "deal": ["up"], "bet": "big"},
        {"name": "seventh", "deal": ["down"], "bet": "big"},
    ],
    "wild": {"ranks": [], "low_hole": False, "joker": "none"},
    "events": [],
    "pot": {
        "shares": [{"name": "high", "ranking": "high"}],
        "split_unit": None,
        "odd_chip_share": "high",
        "odd_chip_tie": "position",
        "unqualified": None,
    },
    "showdown": {
        "method": "cards-speak",
        "declare_order": "in-turn",
        "declare_starts": "last-aggressor",
        "failed_both": "disqualified",
    },
}
STREET_DEFAULTS = {
    "deal": [],
    "deal_if_players_at_most": None,
    "exchange": None,
    "decide": [],
    "opener": "best-board",
    "bet": "small",
    "big_bet_when": "never",
    "spread": None,
    "ties": None,
}
SHARE_DEFAULTS = {
    "ranking": "high",
    "qualifier": None,
    "minimum": None,
    "cards": "all",
    "own": None,
    "common": None,
    "suit": None,
    "fallback": None,
}


class Refusal(Exception):
    """A request answered with ``ok: false``."""

    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


# --------------------------------------------------------------------------- amounts


def money(value) -> Decimal:
    """Read an amount (a decimal string, or a number from a ruleset document)."""
    if isinstance(value, bool) or value is None:
        raise Refusal("bad_request", f"not an amount: {value!r}")
    try:
        amount = Decimal(str(value))
    except InvalidOperation:
        raise Refusal("bad_request", f"not an amount: {value!r}") from None
    if not amount.is_finite() or amount < 0:
        raise Refusal("bad_request", f"not an amount: {value!r}")
    return amount


def fmt(amount: Decimal) -> str:
    """Write an amount as a plain decimal string."""
    text = format(amount.normalize(), "f")
    return "0" if text in ("-0", "") else text


# --------------------------------------------------------------------------- cards


def rank_of(card: str) -> int:
    return RANK_VALUE[card[0]]


def check_card(card) -> str:
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise Refusal("bad_request", f"not a card of this pack: {card!r}")
    return card


def hand_value(cards, wheel: bool = True) -> tuple:
    """The value of five cards under the high ranking, as a comparable tuple."""
    ranks = sorted((rank_of(card) for card in cards), reverse=True)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    counts = [count for _, count in groups]
    ordered = [rank for rank, _ in groups]
    flush = len({card[1] for card in cards}) == 1
    straight = None
    if len(groups) == 5:
        if ranks[0] - ranks[4] == 4:
            straight = ranks[0]
        elif wheel and ranks == [14, 5, 4, 3, 2]:
            straight = 5
    if straight and flush:
        return (8, straight)
    if counts[0] == 4:
        return (7, *ordered)
    if counts[:2] == [3, 2]:
        return (6, *ordered)
    if flush:
        return (5, *ranks)
    if straight:
        return (4, straight)
    if counts[0] == 3:
        return (3, *ordered)
    if counts[:2] == [2, 2]:
        return (2, *ordered)
    if counts[0] == 2:
        return (1, *ordered)
    return (0, *ranks)


def best_hand(cards, wheel: bool = True) -> tuple[tuple, list]:
    """The best five of five or more cards: (value, the five cards)."""
    best = None
    for five in itertools.combinations(cards, 5):
        value = hand_value(five, wheel)
        if best is None or value > best[0]:
            best = (value, list(five))
    return best


def hand_name(value: tuple) -> str:
    kind, top = value[0], value[1]
    word, plural = RANK_WORD[top], RANK_PLURAL[top]
    if kind == 8:
        return "royal flush" if top == 14 else f"{word}-high straight flush"
    if kind == 7:
        return f"four of a kind, {plural}"
    if kind == 6:
        return f"full house, {plural} over {RANK_PLURAL[value[2]]}"
    if kind == 5:
        return f"flush, {word} high"
    if kind == 4:
        return f"{word}-high straight"
    if kind == 3:
        return f"three of a kind, {plural}"
    if kind == 2:
        return f"two pair, {plural} and {RANK_PLURAL[value[2]]}"
    if kind == 1:
        return f"pair of {plural}"
    return f"high card, {word}"


def board_value(cards) -> tuple:
    """What an exposed board is worth for the opener: pairs, trips and quads, then high
    cards; straights and flushes count for nothing.  A board of more than five cards is
    read as its best five."""
    if len(cards) > 5:
        return max(board_value(five) for five in itertools.combinations(cards, 5))
    groups = sorted(
        Counter(rank_of(card) for card in cards).items(),
        key=lambda item: (item[1], item[0]),
        reverse=True,
    )
    counts = [count for _, count in groups]
    if counts[0] >= 4:
        kind = 5
    elif counts[0] == 3 and len(counts) > 1 and counts[1] >= 2:
        kind = 4
    elif counts[0] == 3:
        kind = 3
    elif counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        kind = 2
    elif counts[0] == 2:
        kind = 1
    else:
        kind = 0
    return (kind, *(rank for rank, _ in groups))


# --------------------------------------------------------------------------- rulesets


def resolve(document) -> dict:
    """The ruleset as a complete document: a shipped name or an inline document."""
    if isinstance(document, str):
        if document != "seven-card-stud":
            raise Refusal("unsupported", f"ruleset {document!r}: send the resolved document")
        document = SEVEN_CARD_STUD
    if not isinstance(document, dict):
        raise Refusal("bad_request", "ruleset: a name or a document")
    if "extends" in document:
        raise Refusal("bad_request", "ruleset: an inline document cannot extend another")
    full = copy.deepcopy(document)
    for key, default in SEVEN_CARD_STUD.items():
        if key in ("streets", "name"):
            continue
        if isinstance(default, dict):
            full[key] = {**copy.deepcopy(default), **(full.get(key) or {})}
        else:
            full.setdefault(key, copy.deepcopy(default))
    if not isinstance(full.get("streets"), list) or not full["streets"]:
        raise Refusal("bad_request", "ruleset: streets missing")
    full["streets"] = [{**STREET_DEFAULTS, **street} for street in full["streets"]]
    full["pot"]["shares"] = [{**SHARE_DEFAULTS, **share} for share in full["pot"]["shares"]]
    return full


def unsupported_values(doc: dict) -> list[dict]:
    """Every value of the ruleset this engine cannot play, as ``error.values`` items."""
    found = []

    def need(path, wanted, plays, ok):
        if not ok:
            found.append({"path": path, "wanted": wanted, "plays": plays})

    deck, stakes, board, betting = doc["deck"], doc["stakes"], doc["board"], doc["betting"]
    need("deck.jokers", deck.get("jokers"), 0, deck.get("jokers") in (0, None))
    need("deck.centre", deck.get("centre"), [], not deck.get("centre"))
    need("deck.stripped", deck.get("stripped"), [], not deck.get("stripped"))
    for blind in ("small_blind", "big_blind"):
        value = stakes.get(blind)
        need(f"stakes.{blind}", value, None, value is None)
    need("board.ranking", board.get("ranking"), "high", board.get("ranking") == "high")
    need(
        "betting.structure",
        betting.get("structure"),
        "fixed-limit",
        betting.get("structure") == "fixed-limit",
    )
    wild = doc["wild"]
    need("wild.ranks", wild.get("ranks"), [], not wild.get("ranks"))
    need("wild.low_hole", wild.get("low_hole"), False, not wild.get("low_hole"))
    need("wild.joker", wild.get("joker"), "none", wild.get("joker") in ("none", None))
    need("events", doc.get("events"), [], not doc.get("events"))
    method = doc["showdown"].get("method")
    need("showdown.method", method, "cards-speak", method == "cards-speak")
    pot = doc["pot"]
    need("pot.split_unit", pot.get("split_unit"), None, pot.get("split_unit") is None)
    shares = pot["shares"]
    if len(shares) != 1:
        need("pot.shares", shares, [{"name": "high", **SHARE_DEFAULTS}], False)
    else:
        share = shares[0]
        base = f"pot.shares.{share.get('name')}"
        for key, default in SHARE_DEFAULTS.items():
            need(f"{base}.{key}", share.get(key), default, share.get(key) == default)
    first_betting = True
    bring_in = stakes.get("bring_in")
    for street in doc["streets"]:
        base = f"streets.{street.get('name')}"
        deal = street.get("deal") or []
        plain = [face for face in deal if face in ("up", "down")]
        need(f"{base}.deal", deal, plain, plain == deal)
        for key in ("deal_if_players_at_most", "exchange", "spread"):
            need(f"{base}.{key}", street.get(key), None, street.get(key) is None)
        need(f"{base}.decide", street.get("decide"), [], not street.get("decide"))
        opener = street.get("opener")
        ok = opener in ("best-board", "first-left") or (
            opener == "bring-in" and first_betting and bring_in is not None
        )
        need(f"{base}.opener", opener, "best-board", ok)
        if street.get("bet") is not None:
            first_betting = False
    return found


class Rules:
    """The values of a supported ruleset, read once."""

    def __init__(self, doc: dict):
        self.doc = doc
        stakes = doc["stakes"]
        self.chip = money(stakes.get("chip") or "0.01")
        self.ante = money(stakes.get("ante") or 0)
        bring_in = stakes.get("bring_in")
        self.bring_in = None if bring_in is None else money(bring_in)
        self.small = money(stakes["small_bet"])
        self.big = money(stakes["big_bet"])
        self.seats_min = int(doc["seats"].get("min") or 2)
        self.seats_max = int(doc["seats"].get("max") or 8)
        self.rotates = bool(doc["dealer"].get("rotates", True))
        dealing = doc["dealing"]
        self.burn = bool(dealing.get("burn"))
        self.reuse_burns = bool(dealing.get("reuse_burns"))
        self.community_card = bool(dealing.get("community_card"))
        order = doc["bring_in"].get("suit_order") or list(SUIT_NAMES)
        self.suit_rank = {SUIT_NAMES[name]: index for index, name in enumerate(order)}
        self.bring_in_lowest = doc["bring_in"].get("card", "lowest") == "lowest"
        self.aces_low = doc["bring_in"].get("aces", "high") == "low"
        self.bring_in_next_seat = doc["bring_in"].get("all_in") == "next-seat"
        self.board_ties = doc["board"].get("ties") or "suit"
        betting = doc["betting"]
        raises = betting.get("max_raises", 3)
        self.max_raises = None if raises is None else int(raises)
        self.uncapped = betting.get("uncapped_heads_up") or "in-hand"
        self.big_bet_locks = bool(betting.get("big_bet_locks", True))
        self.reopen = money(betting.get("reopen_fraction", "0.5"))
        self.fold_when_check = betting.get("fold_when_check") == "allowed"
        self.streets = doc["streets"]
        self.share = doc["pot"]["shares"][0].get("name") or "high"
        self.odd_chip_by_card = doc["pot"].get("odd_chip_tie") == "high-card"


# --------------------------------------------------------------------------- the hand


class Player:
    def __init__(self, seat: int, name: str, stack: Decimal):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)  # this street
        self.ante = Decimal(0)
        self.bets = Decimal(0)  # every bet of the hand, antes apart
        self.folded = False
        self.all_in = False
        self.down: list[str] = []
        self.up: list[str] = []

    @property
    def can_bet(self) -> bool:
        return not self.folded and not self.all_in

    def put(self, amount: Decimal) -> None:
        amount = min(amount, self.stack)
        self.stack -= amount
        self.bet += amount
        self.bets += amount
        if self.stack == 0:
            self.all_in = True


class Hand:
    """One hand of stud: deals, takes the bets, and settles the pots."""

    def __init__(self, rules: Rules, seats, dealer: int, deck, bugs: frozenset):
        self.rules = rules
        self.bugs = bugs
        self.players = [Player(seat, name, stack) for seat, name, stack in sorted(seats)]
        self.dealer = dealer
        self.stub = list(deck)
        self.burns: list[str] = []
        self.community: list[str] = []
        self.dealt_any = False
        self.street_index = -1
        self.over = False
        self.result = None
        self.forced_seat = None  # who was forced to bring in, this hand
        self.first_betting_done = False
        self.to_act = None
        self.round = None
        self.final_pots = None
        self._last_aggressor = None  # who bet or raised last on the street being played
        self._post_antes()
        self._advance()

    # ---- seats and order

    def player(self, seat: int) -> Player:
        for player in self.players:
            if player.seat == seat:
                return player
        raise KeyError(seat)

    def clockwise_after(self, seat: int) -> list[Player]:
        """Every player, clockwise, starting with the first seat after ``seat``."""
        after = [p for p in self.players if p.seat > seat]
        return after + [p for p in self.players if p.seat <= seat]

    def live(self) -> list[Player]:
        return [p for p in self.clockwise_after(self.dealer) if not p.folded]

    def position(self, seat: int) -> int:
        """0 for the dealer's left, then clockwise."""
        return [p.seat for p in self.clockwise_after(self.dealer)].index(seat)

    # ---- antes and dealing

    def _post_antes(self) -> None:
        for player in self.players:
            amount = min(self.rules.ante, player.stack)
            player.stack -= amount
            player.ante = amount
            if player.stack == 0:
                player.all_in = True

    def _dealing_order(self) -> list[Player]:
        live = self.live()
        if (
            "later-streets-from-bring-in" in self.bugs
            and self.street_index >= 1
            and self.forced_seat is not None
        ):
            ring = self.clockwise_after(self.forced_seat)
            return [p for p in ring[-1:] + ring[:-1] if not p.folded]
        return live

    def _rounds_after(self, street_index: int, round_index: int) -> int:
        later = len(self.rules.streets[street_index]["deal"]) - round_index - 1
        for street in self.rules.streets[street_index + 1 :]:
            later += len(street["deal"])
        return later

    def _deal_street(self) -> None:
        street = self.rules.streets[self.street_index]
        if not street["deal"]:
            return
        if self.rules.burn and self.dealt_any and self.stub:
            self.burns.append(self.stub.pop(0))
        for index, face in enumerate(street["deal"]):
            order = self._dealing_order()
            need = len(order)
            # with a shared card to fall back on, one card is kept back for every round
            # still to come; the burns go under the stub when it cannot cover both
            keep_back = 0
            if self.rules.community_card:
                keep_back = self._rounds_after(self.street_index, index)
            if len(self.stub) < need + keep_back and self.rules.reuse_burns:
                self.stub.extend(self.burns)
                self.burns = []
            if self.rules.community_card and len(self.stub) < need + keep_back:
                if not self.stub:
                    raise Refusal("internal", "the pack ran out")
                self.community.append(self.stub.pop(0))
                continue
            if len(self.stub) < need:
                raise Refusal("internal", "the pack ran out")
            for player in order:
                card = self.stub.pop(0)
                (player.up if face == "up" else player.down).append(card)
        self.dealt_any = True

    # ---- reading cards

    def board(self, player: Player) -> list[str]:
        return player.up + self.community

    def board_key(self, player: Player) -> tuple:
        cards = self.board(player)
        if "board-ignores-pairs" in self.bugs:
            return tuple(sorted((rank_of(card) for card in cards), reverse=True))
        return board_value(cards)

    def suit_key(self, player: Player) -> tuple:
        """Equal boards: the best suit of the highest rank (pairs first), then of the next
        rank, and so on (a shared card can make the first ranks alike)."""
        cards = self.board(player)
        counts = Counter(rank_of(card) for card in cards)
        if "board-ignores-pairs" in self.bugs:
            counts = Counter(dict.fromkeys(counts, 1))
        ranks = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
        return tuple(
            max(self.rules.suit_rank[card[1]] for card in cards if rank_of(card) == rank)
            for rank in ranks
        )

    def best_board(self, ties: str) -> Player:
        live = self.live()
        best = max(self.board_key(p) for p in live)
        tied = [p for p in live if self.board_key(p) == best]
        if len(tied) == 1:
            return tied[0]
        if ties == "position":
            return min(tied, key=lambda p: self.position(p.seat))
        return max(tied, key=self.suit_key)

    def first_able_from(self, player: Player) -> Player | None:
        """``player`` if able to bet, else the first player on the left who is."""
        if player.can_bet:
            return player
        for other in self.clockwise_after(player.seat):
            if other.can_bet:
                return other
        return None

    def bring_in_seat(self) -> Player:
        def door_key(player: Player):
            def card_key(card):
                rank = rank_of(card)
                if rank == 14 and self.rules.aces_low:
                    rank = 1
                return (rank, self.rules.suit_rank[card[1]])

            keys = [card_key(card) for card in player.up]
            return min(keys) if self.rules.bring_in_lowest else max(keys)

        pick = min if self.rules.bring_in_lowest else max
        live = [p for p in self.live() if p.up]
        if self.rules.bring_in_next_seat:
            forced = pick(live, key=door_key)
            return self.first_able_from(forced)
        return pick([p for p in live if p.can_bet], key=door_key)

    # ---- the flow of the hand

    def _advance(self) -> None:
        """Deal the next streets until someone must act or the hand is over."""
        while True:
            if len(self.live()) == 1:
                self._finish_uncontested()
                return
            if self.street_index + 1 >= len(self.rules.streets):
                self._showdown()
                return
            self.street_index += 1
            self._last_aggressor = None
            for player in self.players:
                player.bet = Decimal(0)
            self._deal_street()
            street = self.rules.streets[self.street_index]
            if street["bet"] is None:
                continue
            first_betting = not self.first_betting_done
            self.first_betting_done = True
            able = [p for p in self.live() if p.can_bet]
            if len(able) < 2:
                continue
            self._start_round(street, first_betting, len(able))
            return

    def _start_round(self, street: dict, first_betting: bool, able: int) -> None:
        self.round = {
            "level": Decimal(0),
            "state": NO_BET,
            "raises": 0,
            "acted": set(),
            "closed": set(),  # acted on a bet since the betting was last reopened
            "locked": False,
            "forced": None,
            "start_able": able,
        }
        opener = street["opener"]
        if opener == "bring-in" and first_betting and self.rules.bring_in is not None:
            forced = self.bring_in_seat()
            self.forced_seat = forced.seat
            self.round["forced"] = forced.seat
            self.to_act = forced.seat
            return
        if opener == "first-left":
            first = next(p for p in self.live() if p.can_bet)
        else:
            ties = street.get("ties") or self.rules.board_ties
            first = self.first_able_from(self.best_board(ties))
        self.to_act = first.seat

    def _end_round(self) -> None:
        self._return_uncalled()
        self.to_act = None
        self.round = None
        self._advance()

    def _return_uncalled(self) -> None:
        if not self.players:
            return
        top = max(self.players, key=lambda p: p.bet)
        second = max((p.bet for p in self.players if p is not top), default=Decimal(0))
        excess = top.bet - second
        if excess > 0:
            top.bet -= excess
            top.bets -= excess
            top.stack += excess
            top.all_in = top.stack == 0

    # ---- betting

    def street(self) -> dict:
        return self.rules.streets[self.street_index]

    def units(self) -> list[Decimal]:
        """The bet sizes allowed on this street."""
        street = self.street()
        big = street["bet"] == "big" or (
            "big-bets-on-fourth" in self.bugs and self.street_index == 1
        )
        if big:
            return [self.rules.big]
        if street.get("big_bet_when") == "open-pair":
            if self.round and self.round["locked"]:
                return [self.rules.big]
            if any(board_value(p.up)[0] >= 1 for p in self.live() if len(p.up) >= 2):
                return [self.rules.small, self.rules.big]
        return [self.rules.small]

    def capped(self) -> bool:
        limit = self.rules.max_raises
        if limit is None:
            return False
        if self.rules.uncapped == "in-hand" and len(self.live()) == 2:
            return False
        if self.rules.uncapped == "round-start" and self.round["start_able"] == 2:
            return False
        return self.round["raises"] >= limit

    def can_be_answered(self, player: Player) -> bool:
        """Someone else could still put in a chip above the current level."""
        level = self.round["level"]
        return any(
            other.can_bet and other.bet + other.stack > level
            for other in self.live()
            if other is not player
        )

    def legal(self) -> list[tuple]:
        """The options of the player to act: (action, amount or None)."""
        if self.over or self.to_act is None:
            return []
        player = self.player(self.to_act)
        rnd = self.round
        level = rnd["level"]
        most = player.bet + player.stack
        unit = self.units()[0]
        if rnd["forced"] == player.seat and rnd["state"] == NO_BET:
            amount = min(self.rules.bring_in, most)
            options = [("bring_in", amount)]
            if self.rules.bring_in < unit and most > amount and self.can_be_answered(player):
                options.append(("complete", min(unit, most)))
            return options
        options = []
        if level > player.bet:
            options.append(("fold", None))
            if (
                "bring-in-may-check" in self.bugs
                and rnd["state"] == BRING_IN_ONLY
                and player.seat not in rnd["acted"]
            ):
                options.append(("check", None))
            options.append(("call", min(level, most)))
        else:
            opening = (
                "opener-may-not-check" in self.bugs
                and self.street_index >= 1
                and not rnd["acted"]
                and rnd["state"] == NO_BET
            )
            if opening:
                options.append(("fold", None))
            else:
                options.append(("check", None))
                if self.rules.fold_when_check:
                    options.append(("fold", None))
        if most <= level or not self.can_be_answered(player):
            return options
        if rnd["state"] == BET_MADE and player.seat in rnd["closed"]:
            return options  # only a full raise since this player acted reopens the betting
        if rnd["state"] == NO_BET:
            totals = [("bet", unit_amount) for unit_amount in self.units()]
        elif rnd["state"] == BRING_IN_ONLY:
            if "raise-before-completion" in self.bugs:
                totals = [("raise", level + unit)]
            else:
                totals = [("complete", unit)]
        elif self.capped():
            totals = []
        else:
            totals = [("raise", level + unit_amount) for unit_amount in self.units()]
        for action, total in totals:
            option = (action, min(total, most))
            if option not in options:
                options.append(option)
        return options

    def act(self, seat, action: str, amount) -> None:
        options = self.legal()
        if self.over:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        if seat != self.to_act:
            raise self._illegal(f"it is seat {self.to_act}'s turn, not seat {seat}'s", options)
        matching = [option for option in options if option[0] == action]
        if not matching:
            raise self._illegal(f"{action} is not legal now", options)
        if amount is not None and matching[0][1] is not None:
            wanted = money(amount)
            chosen = [option for option in matching if option[1] == wanted]
            if not chosen:
                raise self._illegal(f"{action} to {fmt(wanted)} is not legal now", options)
            option = chosen[0]
        else:
            option = matching[0]
        self._play(self.player(seat), option)

    def _illegal(self, why: str, options) -> Refusal:
        listed = ", ".join(describe(option) for option in options)
        return Refusal(
            "illegal_action",
            f"{why}; legal now: {listed}",
            legal=[option_json(option) for option in options],
        )

    def _play(self, player: Player, option: tuple) -> None:
        action, total = option
        rnd = self.round
        if rnd["state"] != NO_BET:  # a check with nothing bet closes nothing
            rnd["closed"].add(player.seat)
        rnd["acted"].add(player.seat)
        if action == "fold":
            player.folded = True
        elif action == "call":
            player.put(total - player.bet)
        elif action == "bring_in":
            player.put(total - player.bet)
            rnd["level"] = max(rnd["level"], player.bet)
            rnd["state"] = BET_MADE if player.bet >= self.units()[0] else BRING_IN_ONLY
        elif action in ("complete", "bet", "raise"):
            self._aggress(player, action, total)
        if len(self.live()) == 1:
            self._return_uncalled()
            self.to_act = None
            self.round = None
            self._finish_uncontested()
            return
        following = self._next_to_act(player)
        if following is None:
            self._end_round()
        else:
            self.to_act = following.seat

    def _aggress(self, player: Player, action: str, total: Decimal) -> None:
        rnd = self.round
        units = self.units()
        unit = units[0]
        before = rnd["level"]
        player.put(total - player.bet)
        rnd["level"] = max(before, player.bet)
        increase = player.bet - before
        full = rnd["level"] >= unit * self.rules.reopen
        if action == "complete" or rnd["state"] == BRING_IN_ONLY:
            if full:
                rnd["state"] = BET_MADE
                rnd["raises"] = 1 if "completion-uses-cap" in self.bugs else 0
                rnd["closed"] = {player.seat}
            else:  # a short all-in completion: still only the bring-in to complete
                rnd["state"] = BRING_IN_ONLY
        elif rnd["state"] == NO_BET:
            rnd["state"] = BET_MADE
            rnd["raises"] = 0
            if full:
                rnd["closed"] = {player.seat}
            self._last_aggressor = player.seat
        else:
            if increase >= unit * self.rules.reopen:
                rnd["raises"] += 1
                rnd["closed"] = {player.seat}
            self._last_aggressor = player.seat
        big_street = self.street().get("big_bet_when") == "open-pair"
        if (
            big_street
            and self.rules.big_bet_locks
            and len(units) > 1
            and increase >= self.rules.big
        ):
            rnd["locked"] = True

    def _next_to_act(self, player: Player) -> Player | None:
        rnd = self.round
        level = rnd["level"]
        able = [p for p in self.live() if p.can_bet]
        if len(able) <= 1:
            others = max((p.bet for p in self.live() if not p.can_bet), default=Decimal(0))
            if not able or able[0].bet >= others:
                return None
        for other in self.clockwise_after(player.seat):
            if other.can_bet and (other.seat not in rnd["acted"] or other.bet < level):
                return other
        return None

    # ---- pots and the end of the hand

    def counted(self, player: Player) -> Decimal:
        """What a player has put in the pot."""
        if "antes-not-in-pot" in self.bugs:
            return player.bets
        return player.ante + player.bets

    def pots(self) -> list[dict]:
        """Main pot first, then the side pots, each with who may win it."""
        levels = sorted({self.counted(p) for p in self.players if p.all_in and not p.folded})
        pots = []
        lower = Decimal(0)
        for level in levels:
            amount = sum(
                min(self.counted(p), level) - min(self.counted(p), lower) for p in self.players
            )
            eligible = [
                p.seat
                for p in self.players
                if not p.folded and (self.counted(p) >= level or not p.all_in)
            ]
            if amount > 0:
                pots.append({"amount": amount, "eligible": eligible})
            lower = level
        rest = sum(max(self.counted(p) - lower, Decimal(0)) for p in self.players)
        if rest > 0:
            eligible = [p.seat for p in self.players if not p.folded and not p.all_in]
            if eligible or not pots:
                pots.append({"amount": rest, "eligible": eligible})
            else:  # folded chips above every all-in: they go to the last pot
                pots[-1]["amount"] += rest
        return pots

    def _finish_uncontested(self) -> None:
        winner = self.live()[0]
        awards = []
        for index, pot in enumerate(self.pots()):
            winner.stack += pot["amount"]
            awards.append(
                {"seat": winner.seat, "amount": pot["amount"], "pot": index, "share": None}
            )
        self._close(awards, [], showdown=False)

    def _close(self, awards, hands, showdown: bool) -> None:
        self.over = True
        self.to_act = None
        self.round = None
        self.final_pots = self.pots()
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    def _show_order(self, last_aggressor) -> list[Player]:
        live = self.live()
        if last_aggressor is not None:
            first = self.player(last_aggressor)
        else:
            street = self.street()
            if street.get("opener") == "first-left":
                first = live[0]
            else:
                first = self.best_board(street.get("ties") or self.rules.board_ties)
                first = self.first_able_from(first) or first
        return [first] + [
            p for p in self.clockwise_after(first.seat) if not p.folded and p is not first
        ]

    def _showdown(self) -> None:
        wheel = "wheel-not-straight" not in self.bugs
        values = {}
        for player in self.live():
            cards = player.down + player.up + self.community
            value, five = best_hand(cards, wheel)
            if "suits-break-ties" in self.bugs:
                top = max(five, key=lambda c: (rank_of(c), "cdhs".index(c[1])))
                value = (*value, -1, "cdhs".index(top[1]))
            values[player.seat] = (value, five)
        hands = []
        for player in self._show_order(self._last_aggressor):
            value, five = values[player.seat]
            hands.append(
                {
                    "seat": player.seat,
                    "share": self.rules.share,
                    "name": hand_name(value),
                    "cards": five,
                }
            )
        awards = []
        for index, pot in enumerate(self.pots()):
            contenders = [self.player(seat) for seat in pot["eligible"]]
            best = max(values[p.seat][0] for p in contenders)
            winners = [p for p in contenders if values[p.seat][0] == best]
            for player, amount in self._split(pot["amount"], winners):
                player.stack += amount
                awards.append(
                    {"seat": player.seat, "amount": amount, "pot": index, "share": self.rules.share}
                )
        self._close(awards, hands, showdown=True)

    def _split(self, amount: Decimal, winners: list[Player]):
        if self.rules.odd_chip_by_card:

            def card_key(player: Player):
                return max(
                    (rank_of(card), self.rules.suit_rank[card[1]])
                    for card in player.down + player.up
                )

            order = sorted(winners, key=card_key, reverse=True)
        else:
            order = sorted(winners, key=lambda p: self.position(p.seat))
        chip = self.rules.chip
        each = (amount / len(order) / chip).to_integral_value(rounding="ROUND_FLOOR") * chip
        shares = [each] * len(order)
        left = amount - each * len(order)
        index = 0
        while left > 0:
            piece = min(chip, left)
            shares[index % len(order)] += piece
            left -= piece
            index += 1
        return list(zip(order, shares, strict=True))

    # ---- the state

    def state(self) -> dict:
        pots = self.final_pots if self.over else self.pots()
        street = self.rules.streets[max(self.street_index, 0)]["name"]
        result = None
        if self.result is not None:
            result = {
                "awards": [
                    {**award, "amount": fmt(award["amount"])} for award in self.result["awards"]
                ],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        return {
            "street": street,
            "phase": "complete" if self.over else "betting",
            "to_act": self.to_act,
            "legal": [option_json(option) for option in self.legal()],
            "pot": fmt(sum((pot["amount"] for pot in pots), Decimal(0))),
            "pots": [{"amount": fmt(pot["amount"]), "eligible": pot["eligible"]} for pot in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": fmt(p.stack),
                    "bet": fmt(p.bet),
                    "folded": p.folded,
                    "all_in": p.all_in,
                    "down": list(p.down),
                    "up": list(p.up),
                }
                for p in self.players
            ],
            "community": list(self.community),
            "result": result,
        }


def describe(option: tuple) -> str:
    action, amount = option
    if amount is None:
        return action
    word = {"bring_in": "bring in", "complete": "complete to", "raise": "raise to"}
    return f"{word.get(action, action)} {fmt(amount)}"


def option_json(option: tuple) -> dict:
    action, amount = option
    if amount is None:
        return {"action": action}
    return {"action": action, "amount": fmt(amount)}


# --------------------------------------------------------------------------- the server


class Engine:
    """Answers the requests of one client."""

    def __init__(self, bugs: frozenset):
        self.bugs = bugs
        self.hand: Hand | None = None

    def handle(self, request) -> dict:
        if not isinstance(request, dict):
            raise Refusal("bad_request", "a request is a JSON object")
        op = request.get("op")
        method = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if method is None:
            raise Refusal("bad_request", f"unknown op {op!r}")
        return method(request)

    def op_hello(self, request) -> dict:
        return {
            "protocol": 1,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
            "rulesets": ["*"],
            "features": ["evaluate", "table", "refusal-state"],
        }

    def op_bye(self, request) -> dict:
        return {}

    def op_new_hand(self, request) -> dict:
        doc = resolve(request.get("ruleset"))
        values = unsupported_values(doc)
        if values:
            named = "; ".join(f"{v['path']} = {json.dumps(v['wanted'])}" for v in values)
            raise Refusal("unsupported", f"cannot play {named}", values=values)
        rules = Rules(doc)
        seats = request.get("seats")
        if not isinstance(seats, list) or not seats:
            raise Refusal("bad_request", "seats: a list of {seat, name, stack}")
        table = []
        for entry in seats:
            if not isinstance(entry, dict):
                raise Refusal("bad_request", "seats: a list of {seat, name, stack}")
            seat = entry.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
                raise Refusal("bad_request", f"not a seat number: {seat!r}")
            table.append((seat, str(entry.get("name", "")), money(entry.get("stack"))))
        if len({seat for seat, _, _ in table}) != len(table):
            raise Refusal("bad_request", "a seat number is given twice")
        dealer = request.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer < 1:
            raise Refusal("bad_request", f"not a seat number: {dealer!r}")
        self.hand = self._deal(rules, table, dealer, request.get("deck"))
        return {"state": self.hand.state()}

    def op_next_hand(self, request) -> dict:
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        if not self.hand.over:
            raise Refusal("bad_request", "the hand is still being played")
        old = self.hand
        table = [(p.seat, p.name, p.stack) for p in old.players if p.stack > 0]
        dealer = old.dealer
        if old.rules.rotates:
            seats = [seat for seat, _, _ in table]
            dealer = next((seat for seat in seats if seat > dealer), seats[0] if seats else dealer)
        self.hand = self._deal(old.rules, table, dealer, request.get("deck"))
        return {"state": self.hand.state()}

    def _deal(self, rules: Rules, table, dealer: int, deck) -> Hand:
        table = [entry for entry in table if entry[2] > 0]
        if not rules.seats_min <= len(table) <= min(rules.seats_max, 10) or len(table) < 2:
            raise Refusal("bad_request", f"{len(table)} players cannot be dealt in")
        if not isinstance(deck, list):
            raise Refusal("bad_request", "deck: a list of cards")
        cards = [check_card(card) for card in deck]
        if len(set(cards)) != len(cards):
            raise Refusal("bad_request", "a card is named twice in the deck")
        cards += [card for card in NEW_DECK if card not in set(cards)]
        return Hand(rules, table, dealer, cards, self.bugs)

    def op_act(self, request) -> dict:
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        try:
            self.hand.act(request.get("seat"), request.get("action"), request.get("amount"))
        except Refusal as refusal:
            if refusal.code == "illegal_action":
                refusal.extra["state"] = self.hand.state()
            raise
        return {"state": self.hand.state()}

    def op_state(self, request) -> dict:
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        return {"state": self.hand.state()}

    def op_evaluate(self, request) -> dict:
        ranking = request.get("ranking")
        if ranking != "high":
            raise Refusal("unsupported", f"ranking {ranking!r}: this engine ranks high hands only")
        if request.get("qualifier") is not None or request.get("wild"):
            raise Refusal("unsupported", "evaluate options (qualifier, wild) are not read")
        hands = request.get("hands")
        if not isinstance(hands, list) or not hands:
            raise Refusal("bad_request", "hands: a list of hands")
        results = []
        for cards in hands:
            if not isinstance(cards, list) or not 5 <= len(cards) <= 8:
                raise Refusal("bad_request", "a hand has 5 to 8 cards")
            cards = [check_card(card) for card in cards]
            if len(set(cards)) != len(cards):
                raise Refusal("bad_request", "a card is named twice in a hand")
            results.append(best_hand(cards))
        replies = []
        for value, five in results:
            rank = 1 + sum(1 for other, _ in results if other > value)
            replies.append({"best": five, "name": hand_name(value), "rank": rank})
        return {"results": replies}


def serve(engine: Engine, stream_in, stream_out) -> None:
    for raw in stream_in:
        request_id = None
        try:
            try:
                request = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                raise Refusal("bad_request", "not a JSON line") from None
            if isinstance(request, dict):
                request_id = request.get("id")
            reply = {"id": request_id, "ok": True, **engine.handle(request)}
        except Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message[:2000], **refusal.extra}
            reply = {"id": request_id, "ok": False, "error": error}
        except Exception as failure:  # an engine bug: say so, and keep running
            reply = {
                "id": request_id,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(failure).__name__}: {failure}"},
            }
        stream_out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stream_out.flush()
        if reply["ok"] and isinstance(request, dict) and request.get("op") == "bye":
            return


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bugs", default="", help="comma-separated planted bugs to switch on")
    args = parser.parse_args(argv)
    bugs = frozenset(name for name in args.bugs.split(",") if name)
    unknown = sorted(bugs - set(BUGS))
    if unknown:
        parser.error(f"unknown bug(s): {', '.join(unknown)}; known: {', '.join(BUGS)}")
    serve(Engine(bugs), sys.stdin.buffer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""independent_five: a fixed-limit seven-card stud engine written apart from the reference.

It was written from docs/ (protocol.md, the rules index and the seven-card stud rulebook),
schemas/ and the shipped rulesets only, without reading the reference interpreter, so its
design choices are its own: one explicit state machine (`HandMachine`) over an integer
ledger (every amount is held in millionths, the protocol's finest precision), a
sort-and-histogram evaluator that tries every five of a player's cards, and a protocol
loop that refuses, naming the value, any ruleset value it does not play.  Standard
library only; it speaks JSON Lines on stdin/stdout (protocol 1.2, no `seat-cards`).

    python3 independent_five.py [--bugs name1,name2]

Planted bugs, each off unless named in --bugs (see BUGS below; the rule id each breaks
is given beside it):

    no-burns                          DEAL-06  no card is burned before a street
    bring-in-suit-order-reversed      BRING-03 equal door cards: the reversed suit order
    completion-to-double              BRING-04 completing goes to bring-in + small bet
    no-open-pair-option               LIMIT-04 no big bet on fourth street with an open pair
    cap-five-bets                     CAP-01   one raise more than betting.max_raises
    seventh-card-up                   DEAL-04  the river card is dealt face up
    odd-chip-to-last-seat             SHOW-05  odd chips of a split go to the last winners
    fourth-street-opened-by-bring-in  ROUND-03 the bring-in seat opens fourth street
    all-in-short-bring-in-refused     BRING-04 a bring-in that takes the whole stack is refused
    split-pot-no-kickers              SHOW-04  equal category and main ranks split, kickers ignored

The short bring-in bug fires when the bring-in would take everything the forced player has
left, the exact amount included (a stack of 0.15 with a 0.05 ante and a 0.10 bring-in), so
that a shipped scenario (consecutive hands, Carol) shows it; the protocol's rule is that
such a seat brings in for what it has (legal: `bring_in` at its whole stack).
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation
from itertools import combinations

BUGS = (
    # DEAL-06: never burns a card before a street's deal.
    "no-burns",
    # BRING-03: ties of door-card rank for the bring-in are broken with the suit order reversed.
    "bring-in-suit-order-reversed",
    # BRING-04: a completion goes to the bring-in plus a full small bet, not to the small bet.
    "completion-to-double",
    # LIMIT-04: an open pair on fourth street does not allow the big bet.
    "no-open-pair-option",
    # CAP-01: the cap allows one raise more than betting.max_raises.
    "cap-five-bets",
    # DEAL-04: the last street's card (seventh street, the river) is dealt face up.
    "seventh-card-up",
    # SHOW-05: odd chips of a split go to the tied winners from the far end of the rules' order.
    "odd-chip-to-last-seat",
    # ROUND-03: on the street after the bring-in, the seat that brought in acts first.
    "fourth-street-opened-by-bring-in",
    # BRING-04: a bring-in taking the whole stack is refused; only full bring-in/completion offered.
    "all-in-short-bring-in-refused",
    # SHOW-04: hands of one category and the same main ranks split the pot, kickers unread.
    "split-pot-no-kickers",
)

PROTOCOL = 1
ENGINE = {"name": "independent-five", "version": "1.0"}
FEATURES = ["evaluate", "table", "community-card", "refusal-state", "pipelining"]
MICRO = 10**6  # ledger unit: a millionth of a currency unit
RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in RANKS for s in SUITS]  # 2c 2d 2h 2s 3c ... As
ACTIONS = (
    "bring_in",
    "complete",
    "bet",
    "raise",
    "call",
    "check",
    "fold",
    "declare",
    "exchange",
    "stand_pat",
    "discard",
    "expose",
    "draw",
    "split",
)
BETTING_ACTIONS = ("bring_in", "complete", "bet", "raise", "call", "check", "fold")

WORD = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "jack",
    12: "queen",
    13: "king",
    14: "ace",
}
PLURAL = {
    2: "twos",
    3: "threes",
    4: "fours",
    5: "fives",
    6: "sixes",
    7: "sevens",
    8: "eights",
    9: "nines",
    10: "tens",
    11: "jacks",
    12: "queens",
    13: "kings",
    14: "aces",
}


class Refusal(Exception):
    """A request answered with ok: false."""

    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code, self.message, self.legal = code, message, legal


# --------------------------------------------------------------------------- cards


def rank_of(card):
    return RANKS.index(card[0]) + 2


def check_card(card):
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        if card == "Jk":
            raise Refusal("unsupported", "the joker (Jk) is not played by this engine")
        raise Refusal("bad_request", f"not a card: {card!r}")
    return card


def check_cards(cards, what):
    if not isinstance(cards, list):
        raise Refusal("bad_request", f"{what} must be a list of cards")
    seen = set()
    for card in cards:
        check_card(card)
        if card in seen:
            raise Refusal("bad_request", f"{what}: {card} appears twice")
        seen.add(card)
    return list(cards)


# --------------------------------------------------------------------------- hands


def five_card_value(cards):
    """The value of exactly five cards as a comparable tuple: (category, ranks...)."""
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = [n for _, n in groups]
    by_group = tuple(r for r, _ in groups)
    flush = len({c[1] for c in cards}) == 1
    top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (8, top)
    if shape[0] == 4:
        return (7,) + by_group
    if shape == [3, 2]:
        return (6,) + by_group
    if flush:
        return (5,) + tuple(ranks)
    if top:
        return (4, top)
    if shape[0] == 3:
        return (3,) + by_group
    if shape[:2] == [2, 2]:
        return (2,) + by_group
    if shape[0] == 2:
        return (1,) + by_group
    return (0,) + tuple(ranks)


def best_five(cards):
    """(value, five cards in showing order) of the best five among `cards`."""
    best = None
    for combo in combinations(cards, 5) if len(cards) > 5 else [tuple(cards)]:
        value = five_card_value(combo)
        if best is None or value > best[0]:
            best = (value, combo)
    value, combo = best
    counts = Counter(rank_of(c) for c in combo)
    if value[0] in (4, 8) and value[1] == 5:  # the wheel: the ace plays low
        order = sorted(combo, key=lambda c: rank_of(c) % 14, reverse=True)
    else:
        order = sorted(
            combo, key=lambda c: (counts[rank_of(c)], rank_of(c), SUITS.index(c[1])), reverse=True
        )
    return value, order


def hand_name(value):
    cat, r = value[0], value[1:]
    if cat == 8:
        return "royal flush" if r[0] == 14 else f"{WORD[r[0]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {PLURAL[r[0]]}"
    if cat == 6:
        return f"full house, {PLURAL[r[0]]} over {PLURAL[r[1]]}"
    if cat == 5:
        return f"flush, {WORD[r[0]]} high"
    if cat == 4:
        return f"{WORD[r[0]]}-high straight"
    if cat == 3:
        return f"three of a kind, {PLURAL[r[0]]}"
    if cat == 2:
        return f"two pair, {PLURAL[r[0]]} and {PLURAL[r[1]]}"
    if cat == 1:
        return f"pair of {PLURAL[r[0]]}"
    return f"high card, {WORD[r[0]]}"


def without_kickers(value):
    """Bug split-pot-no-kickers: only the category and its main ranks are compared."""
    main = {8: 1, 7: 1, 6: 2, 5: 5, 4: 1, 3: 1, 2: 2, 1: 1, 0: 1}[value[0]]
    return value[: 1 + main]


def board_value(cards):
    """Exposed cards for the opener: pairs, two pair, trips, full house, quads, high cards."""
    counts = Counter(rank_of(c) for c in cards)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    shape = [n for _, n in groups]
    if shape[0] == 4:
        cat = 5
    elif shape[:2] == [3, 2]:
        cat = 4
    elif shape[0] == 3:
        cat = 3
    elif shape[:2] == [2, 2]:
        cat = 2
    elif shape[0] == 2:
        cat = 1
    else:
        cat = 0
    return (cat,) + tuple(r for r, _ in groups)


# --------------------------------------------------------------------------- money


def parse_amount(value, what):
    """A decimal string (or a ruleset number) to ledger units."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise Refusal("bad_request", f"{what}: not an amount: {value!r}")
    text = str(value)
    if (
        not text
        or any(ch not in "0123456789." for ch in text)
        or text.count(".") > 1
        or text.startswith(".")
        or text.endswith(".")
    ):
        raise Refusal("bad_request", f"{what}: not an amount: {value!r}")
    try:
        exact = Decimal(text) * MICRO
    except InvalidOperation:
        raise Refusal("bad_request", f"{what}: not an amount: {value!r}") from None
    if exact != exact.to_integral_value() or exact >= Decimal(10) ** 21:
        raise Refusal("bad_request", f"{what}: amount out of range: {value!r}")
    return int(exact)


# --------------------------------------------------------------------------- rules

DEFAULT_RULESET = {
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
    },
    "streets": [
        {"name": "third", "deal": ["down", "down", "up"], "opener": "bring-in", "bet": "small"},
        {
            "name": "fourth",
            "deal": ["up"],
            "opener": "best-board",
            "bet": "small",
            "big_bet_when": "open-pair",
        },
        {"name": "fifth", "deal": ["up"], "opener": "best-board", "bet": "big"},
        {"name": "sixth", "deal": ["up"], "opener": "best-board", "bet": "big"},
        {"name": "seventh", "deal": ["down"], "opener": "best-board", "bet": "big"},
    ],
    "pot": {"shares": [{"name": "high", "ranking": "high"}], "odd_chip_tie": "position"},
    "showdown": {"method": "cards-speak"},
}

# For every section: the keys this engine reads, and the values it plays (None: any).
KNOWN_KEYS = {
    "": {
        "name",
        "title",
        "description",
        "implements",
        "seats",
        "deck",
        "dealer",
        "dealing",
        "stakes",
        "blinds",
        "bring_in",
        "board",
        "betting",
        "streets",
        "wild",
        "events",
        "pot",
        "showdown",
    },
    "streets": {
        "name",
        "deal",
        "deal_if_players_at_most",
        "exchange",
        "decide",
        "opener",
        "bet",
        "big_bet_when",
        "spread",
        "ties",
    },
    "share": {
        "name",
        "ranking",
        "qualifier",
        "minimum",
        "cards",
        "own",
        "common",
        "suit",
        "fallback",
    },
}
PLAYED = {
    "deck.jokers": (0,),
    "deck.centre": ([],),
    "deck.stripped": ([],),
    "stakes.small_blind": (None,),
    "stakes.big_blind": (None,),
    "blinds.heads_up": None,
    "bring_in.card": ("lowest", "highest"),
    "bring_in.aces": ("high", "low"),
    "bring_in.all_in": ("next-card", "next-seat"),
    "board.ranking": ("high",),
    "board.ties": ("suit", "position"),
    "board.wild": ("natural", "wild"),
    "betting.structure": ("fixed-limit",),
    "betting.uncapped_heads_up": ("in-hand", "round-start", "never"),
    "betting.big_bet_locks": (True, False),
    "betting.fold_when_check": ("refused", "allowed"),
    "betting.pot_ceiling": None,
    "betting.min_raise": None,
    "wild.ranks": ([],),
    "wild.low_hole": (False,),
    "wild.joker": ("none",),
    "pot.split_unit": (None,),
    "pot.odd_chip_tie": ("position", "high-card"),
    "pot.odd_chip_share": None,
    "pot.unqualified": None,
    "showdown.method": ("cards-speak",),
    "showdown.declare_order": None,
    "showdown.declare_starts": None,
    "showdown.failed_both": None,
}
SECTION_KEYS = {
    "seats": {"min", "max"},
    "deck": {"jokers", "centre", "stripped"},
    "dealer": {"rotates"},
    "dealing": {"burn", "reuse_burns", "community_card"},
    "stakes": {"chip", "ante", "bring_in", "small_bet", "big_bet", "small_blind", "big_blind"},
    "blinds": {"heads_up"},
    "bring_in": {"card", "aces", "suit_order", "all_in"},
    "board": {"ranking", "ties", "wild"},
    "betting": {
        "structure",
        "max_raises",
        "uncapped_heads_up",
        "big_bet_locks",
        "reopen_fraction",
        "fold_when_check",
        "pot_ceiling",
        "min_raise",
    },
    "wild": {"ranks", "low_hole", "joker"},
    "pot": {"shares", "split_unit", "odd_chip_share", "odd_chip_tie", "unqualified"},
    "showdown": {"method", "declare_order", "declare_starts", "failed_both"},
}


class Street:
    def __init__(self, doc):
        self.name = doc["name"]
        self.deal = list(doc.get("deal") or [])
        self.max_players = doc.get("deal_if_players_at_most")
        self.opener = doc.get("opener", "best-board")
        self.bet = doc.get("bet", "small")
        self.open_pair = doc.get("big_bet_when", "never") == "open-pair"
        self.ties = doc.get("ties")


class Rules:
    """The resolved ruleset, checked against what this engine plays, in ledger units."""

    def __init__(self, doc):
        if isinstance(doc, str):
            if doc != "seven-card-stud":
                raise Refusal("unsupported", f"ruleset {doc!r}: send the resolved document")
            doc = DEFAULT_RULESET
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be a name or a document")
        self.refuse_unplayed(doc)

        def sect(name):
            return doc.get(name) or {}

        self.seats_min = sect("seats").get("min", 2)
        self.seats_max = sect("seats").get("max", 8)
        self.rotates = sect("dealer").get("rotates", True)
        dealing = sect("dealing")
        self.burn = dealing.get("burn", True)
        self.reuse_burns = dealing.get("reuse_burns", True)
        self.community_card = dealing.get("community_card", True)
        stakes = sect("stakes")
        chip_text = str(stakes.get("chip", "0.01"))
        self.chip = parse_amount(chip_text, "stakes.chip")
        self.quantum = Decimal(1).scaleb(
            Decimal(chip_text).normalize().as_tuple().exponent if "." in chip_text else 0
        )
        self.ante = parse_amount(stakes.get("ante", "0"), "stakes.ante")
        bring = stakes.get("bring_in")
        self.bring_in = None if bring is None else parse_amount(bring, "stakes.bring_in")
        self.small = parse_amount(stakes["small_bet"], "stakes.small_bet")
        self.big = parse_amount(stakes["big_bet"], "stakes.big_bet")
        if self.chip <= 0 or self.small <= 0 or self.big <= 0 or self.bring_in == 0:
            raise Refusal("unsupported", "stakes: a zero chip, bet or bring-in is not played")
        bring_in = sect("bring_in")
        self.bring_lowest = bring_in.get("card", "lowest") == "lowest"
        self.aces_high = bring_in.get("aces", "high") == "high"
        order = bring_in.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        if sorted(order) != sorted(SUIT_NAMES):
            raise Refusal("unsupported", f"bring_in.suit_order = {order!r}: not four suits")
        self.suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}
        self.bring_next_seat = bring_in.get("all_in", "next-card") == "next-seat"
        self.board_ties = sect("board").get("ties", "suit")
        betting = sect("betting")
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        self.big_locks = betting.get("big_bet_locks", True)
        self.reopen_fraction = Decimal(str(betting.get("reopen_fraction", "0.5")))
        self.fold_when_check = betting.get("fold_when_check", "refused") == "allowed"
        self.streets = [Street(s) for s in doc["streets"]]
        self.odd_chip_high_card = sect("pot").get("odd_chip_tie", "position") == "high-card"
        betting_streets = [i for i, s in enumerate(self.streets) if s.bet is not None]
        for i, street in enumerate(self.streets):
            if street.opener == "bring-in" and (
                self.bring_in is None or i != betting_streets[0] or "up" not in street.deal
            ):
                raise Refusal(
                    "unsupported",
                    f"streets.{street.name}.opener = 'bring-in': "
                    "only on the first betting street, with a bring-in",
                )

    def full(self, amount, unit):
        """Whether an all-in bet or raise of `amount` is at least reopen_fraction of `unit`."""
        return Decimal(amount) >= self.reopen_fraction * unit

    @staticmethod
    def refuse_unplayed(doc):
        problems = []

        def flag(path, value, why="not played by this engine"):
            problems.append(f"{path} = {json.dumps(value)}: {why}")

        for key in doc:
            if key not in KNOWN_KEYS[""]:
                flag(key, doc[key], "unknown to this engine")
        for section, keys in SECTION_KEYS.items():
            part = doc.get(section)
            if part is None:
                continue
            if not isinstance(part, dict):
                flag(section, part, "not a mapping")
                continue
            for key, value in part.items():
                path = f"{section}.{key}"
                if key not in keys:
                    flag(path, value, "unknown to this engine")
                elif path in PLAYED and PLAYED[path] is not None and value not in PLAYED[path]:
                    flag(path, value)
        if doc.get("events"):
            flag("events", doc["events"])
        shares = (doc.get("pot") or {}).get("shares") or []
        if len(shares) != 1:
            flag("pot.shares", [s.get("name") for s in shares], "only one high share is played")
        for share in shares[:1]:
            for key, value in share.items():
                path = f"pot.shares.{share.get('name')}.{key}"
                if key not in KNOWN_KEYS["share"]:
                    flag(path, value, "unknown to this engine")
                elif key == "ranking" and value != "high":
                    flag(path, value)
                elif key == "cards" and value != "all":
                    flag(path, value)
                elif key not in ("name", "ranking", "cards") and value is not None:
                    flag(path, value)
        streets = doc.get("streets")
        if not isinstance(streets, list) or not streets:
            flag("streets", streets, "no streets")
            streets = []
        for street in streets:
            name = street.get("name", "?")
            for key, value in street.items():
                path = f"streets.{name}.{key}"
                if key not in KNOWN_KEYS["streets"]:
                    flag(path, value, "unknown to this engine")
                elif key == "deal" and any(face not in ("up", "down") for face in value):
                    flag(path, value)
                elif key in ("exchange", "spread") and value is not None:
                    flag(path, value)
                elif key == "decide" and value:
                    flag(path, value)
                elif key == "opener" and value not in ("bring-in", "best-board", "first-left"):
                    flag(path, value)
                elif key == "bet" and value not in ("small", "big", None):
                    flag(path, value)
                elif key == "big_bet_when" and value not in ("never", "open-pair"):
                    flag(path, value)
                elif key == "ties" and value not in ("suit", "position", None):
                    flag(path, value)
        if problems:
            raise Refusal("unsupported", "; ".join(problems))


# --------------------------------------------------------------------------- the hand


class Player:
    def __init__(self, seat, name, stack):
        self.seat, self.name, self.stack = seat, name, stack
        self.bet = 0  # this street's total
        self.committed = 0  # everything put in this hand, antes included
        self.folded = False
        self.all_in = False
        self.down, self.up = [], []

    @property
    def able(self):
        """Still in the hand with chips to bet."""
        return not self.folded and not self.all_in


NO_BET, BRING_IN_ONLY, BET_MADE = "no-bet", "bring-in-only", "bet-made"


class HandMachine:
    """One hand as an explicit state machine.

    phase 'betting': `to_act` must act (`forced` is set while the bring-in is owed);
    phase 'complete': the hand is over and `result` holds the awards.  Between player
    actions the machine runs by itself: it deals streets, opens rounds, returns uncalled
    bets and settles the pots.
    """

    def __init__(self, rules, seats, dealer, deck, bugs):
        self.rules, self.bugs = rules, bugs
        self.players = sorted(seats, key=lambda p: p.seat)
        self.dealer = dealer
        self.stub = list(deck)
        self.burns, self.community = [], []
        self.dealt_any = False
        self.dealt_in = len(self.players)
        self.street_i = -1
        self.played_i = 0  # the last street actually played
        self.street = rules.streets[0].name
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.rounds_opened = 0
        self.bring_in_seat = None  # who brought in (for the planted opener bug)
        self.bring_in_round = None
        self.last_round = None  # (street index, first to act, last aggressor)
        for p in self.players:
            put = min(rules.ante, p.stack)
            p.stack -= put
            p.committed += put
            if p.stack == 0:
                p.all_in = True
        self._run()

    # ---- seats and order
    def clockwise(self, start_seat, inclusive=True):
        """Players clockwise from start_seat (included or not), whole table once round."""
        after = [
            p for p in self.players if p.seat > start_seat or (inclusive and p.seat == start_seat)
        ]
        before = [p for p in self.players if p not in after]
        return after + before

    def from_dealers_left(self):
        return self.clockwise(self.dealer, inclusive=False)

    def live(self):
        return [p for p in self.from_dealers_left() if not p.folded]

    def player(self, seat):
        for p in self.players:
            if p.seat == seat:
                return p
        return None

    # ---- dealing
    def _rounds_after(self, street_i):
        later = 0
        for street in self.rules.streets[street_i + 1 :]:
            if street.max_players is None or self.dealt_in <= street.max_players:
                later += len(street.deal)
        return later

    def _deal(self, street):
        if not street.deal:
            return
        if self.dealt_any and self.rules.burn and "no-burns" not in self.bugs:
            if len(self.stub) < len(self.live()) and self.rules.reuse_burns:
                self.stub.extend(self.burns)  # short: the burns go under the stub first
                self.burns = []
            if self.stub:
                self.burns.append(self.stub.pop(0))
        self.dealt_any = True
        last_street = self.street_i == len(self.rules.streets) - 1
        for k, face in enumerate(street.deal):
            if "seventh-card-up" in self.bugs and last_street:
                face = "up"
            live = self.live()
            later = len(street.deal) - k - 1 + self._rounds_after(self.street_i)
            if len(self.stub) < len(live) and self.rules.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            reserve = len(self.burns) if self.rules.reuse_burns else 0
            spare = len(self.stub) + reserve - len(live)
            if self.rules.community_card and spare < later or spare < 0:
                if not self.rules.community_card or not self.stub:
                    raise Refusal("internal", "the pack has run out")
                self.community.append(self.stub.pop(0))
                continue
            for p in live:
                (p.up if face == "up" else p.down).append(self.stub.pop(0))

    # ---- the flow between actions
    def _run(self):
        """Deal and open rounds until someone must act or the hand is over."""
        while True:
            if len(self.live()) <= 1:
                return self._finish_uncontested()
            self.street_i += 1
            if self.street_i >= len(self.rules.streets):
                return self._showdown()
            street = self.rules.streets[self.street_i]
            if street.max_players is not None and self.dealt_in > street.max_players:
                continue
            self.street, self.played_i = street.name, self.street_i
            for p in self.players:
                p.bet = 0
            self._deal(street)
            if street.bet is not None and self._open_round(street):
                return

    def _open_round(self, street):
        able = [p for p in self.live() if p.able]
        if len(able) < 2:
            return False
        self.rounds_opened += 1
        self.level = 0
        self.state = NO_BET
        self.raises = 0
        self.big_locked = False
        self.acted = set()
        self.acted_since_full = set()
        self.start_able = len(able)
        self.aggressor = None
        self.forced = None
        self.unit = self.rules.small if street.bet == "small" else self.rules.big
        self.open_pair_street = street.open_pair and street.bet == "small"
        if street.opener == "bring-in":
            self.forced = self._bring_in_player()
            self.bring_in_seat, self.bring_in_round = self.forced.seat, self.rounds_opened
            first = self.forced
        elif (
            "fourth-street-opened-by-bring-in" in self.bugs
            and self.bring_in_seat is not None
            and self.rounds_opened == self.bring_in_round + 1
        ):
            first = self._first_able(self.bring_in_seat)
        elif street.opener == "first-left":
            first = next(p for p in self.from_dealers_left() if p.able)
        else:
            first = self._first_able(self._best_board(street).seat)
        self.to_act = first.seat
        self.last_round = [self.street_i, first.seat, None]
        return True

    def _first_able(self, seat):
        return next(p for p in self.clockwise(seat) if p.able)

    def _bring_in_player(self):
        rules = self.rules
        suit_rank = dict(rules.suit_rank)
        if "bring-in-suit-order-reversed" in self.bugs:
            suit_rank = {s: 3 - r for s, r in suit_rank.items()}

        def key(card):
            value = rank_of(card)
            if value == 14 and not rules.aces_high:
                value = 1
            return (value, suit_rank[card[1]])

        pick = min if rules.bring_lowest else max
        candidates = [p for p in self.live() if p.up]
        if not rules.bring_next_seat:
            candidates = [p for p in candidates if p.able] or candidates
        chosen = pick(candidates, key=lambda p: key(pick(p.up, key=key)))
        return chosen if chosen.able else self._first_able(chosen.seat)

    def _board(self, p):
        cards = p.up + self.community
        if len(cards) <= 5:
            return self._board_key(cards)
        return max(self._board_key(combo) for combo in combinations(cards, 5))

    def _board_key(self, cards):
        """(value, suits): suits holds the highest suit of each rank group, best group first."""
        value = board_value(cards)
        top_suit = {}
        for c in cards:
            top_suit[rank_of(c)] = max(top_suit.get(rank_of(c), -1), self.rules.suit_rank[c[1]])
        return value, tuple(top_suit[r] for r in value[1:])

    def _best_board(self, street):
        ties = street.ties or self.rules.board_ties
        live = self.live()  # dealer's left first: position breaks ties
        keys = [(self._board(p), -i) for i, p in enumerate(live)]
        if ties == "position":
            keys = [((board[0],), pos) for board, pos in keys]
        best = max(range(len(live)), key=lambda i: keys[i])
        return live[best]

    # ---- options
    def _increments(self):
        small, big = self.rules.small, self.rules.big
        if not self.open_pair_street or self.big_locked:
            return [big] if self.big_locked else [self.unit]
        if "no-open-pair-option" in self.bugs:
            return [small]
        if any(len(set(rank_of(c) for c in p.up)) < len(p.up) for p in self.live()):
            return [small, big]
        return [small]

    def _completion(self):
        target = self.rules.small
        if "completion-to-double" in self.bugs:
            target = self.rules.bring_in + self.rules.small
        return target

    def _capped(self):
        cap = self.rules.max_raises
        if cap is None:
            return False
        if "cap-five-bets" in self.bugs:
            cap += 1
        if self.rules.uncapped == "in-hand" and len(self.live()) <= 2:
            return False
        if self.rules.uncapped == "round-start" and self.start_able <= 2:
            return False
        return self.raises >= cap

    def options(self):
        """The legal options of the seat to act: (action, total); total None for fold, check."""
        if self.phase != "betting":
            return []
        p = self.player(self.to_act)
        most = p.bet + p.stack
        opts = []
        if self.forced is p:
            bring = self.rules.bring_in
            if "all-in-short-bring-in-refused" in self.bugs and most <= bring:
                opts.append(("bring_in", bring))
                if bring < self.rules.small:
                    opts.append(("complete", self._completion()))
                return opts
            opts.append(("bring_in", min(bring, most)))
            if bring < self.rules.small and most > bring:
                opts.append(("complete", min(self._completion(), most)))
            return opts
        if p.bet < self.level:
            opts += [("fold", None), ("call", min(self.level, most))]
        else:
            opts.append(("check", None))
            if self.rules.fold_when_check:
                opts.append(("fold", None))
        answer = any(q is not p and q.able and q.bet + q.stack > self.level for q in self.live())
        reopened = self.state != BET_MADE or p.seat not in self.acted_since_full
        if most > self.level and answer and reopened:
            if self.state == NO_BET:
                for inc in self._increments():
                    opts.append(("bet", min(inc, most)))
            elif self.state == BRING_IN_ONLY:
                opts.append(("complete", min(self._completion(), most)))
            elif not self._capped():
                for inc in self._increments():
                    opts.append(("raise", min(self.level + inc, most)))
        unique = []
        for opt in opts:
            if opt not in unique:
                unique.append(opt)
        return unique

    # ---- acting
    def act(self, seat, action, amount):
        if self.phase != "betting":
            raise Refusal("illegal_action", "the hand is over", [])
        opts = self.options()
        if seat != self.to_act:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not seat {seat}'s", opts
            )
        same = [o for o in opts if o[0] == action]
        if amount is not None and action not in ("fold", "check"):
            same = [o for o in same if o[1] == amount]
        if not same:
            raise Refusal("illegal_action", f"{action} is not legal now", opts)
        total = same[0][1]
        p = self.player(seat)
        if total is not None and total - p.bet > p.stack:
            raise Refusal("illegal_action", f"seat {seat} cannot cover {action}", opts)
        self._apply(p, action, total)

    def _put(self, p, total):
        more = total - p.bet
        p.stack -= more
        p.bet = total
        p.committed += more
        if p.stack == 0:
            p.all_in = True

    def _reopen(self):
        """A bet, a full completion or a full raise: everyone else may raise again."""
        self.acted_since_full = set()

    def _apply(self, p, action, total):
        rules = self.rules
        before = self.level
        if action == "fold":
            p.folded = True
        elif action == "call":
            self._put(p, total)
        elif action == "bring_in":
            self._put(p, total)
            self.forced = None
            self.level = total
            if rules.bring_in >= rules.small and total >= rules.small:
                # a full-size bring-in posted in full is the bet itself
                self.state = BET_MADE
                self._reopen()
            else:  # a smaller one, or one all in for less than the small bet: not yet the bet
                self.state = BRING_IN_ONLY
        elif action == "complete":
            self._put(p, total)
            self.forced = None
            self.level = max(self.level, total)
            self.aggressor = p.seat
            if rules.full(total, rules.small):
                self.state = BET_MADE
                self.raises = 0
                self._reopen()
            else:  # short all-in: not yet the bet
                self.state = BRING_IN_ONLY
        elif action in ("bet", "raise"):
            small_inc = self._increments()[0]
            self._put(p, total)
            self.level = total
            self.aggressor = p.seat
            if self.open_pair_street and total - before >= rules.big and rules.big_locks:
                self.big_locked = True
            if action == "bet":  # any bet, even short, opens the round
                self.state = BET_MADE
                self._reopen()
            elif rules.full(total - before, small_inc):
                self.raises += 1
                self._reopen()
        self.acted.add(p.seat)
        self.acted_since_full.add(p.seat)
        if self.last_round is not None:
            self.last_round[2] = self.aggressor
        nxt = None
        if len(self.live()) > 1:
            for q in self.clockwise(p.seat, inclusive=False):
                if q.able and (q.seat not in self.acted or q.bet < self.level):
                    nxt = q
                    break
        if nxt is not None:
            self.to_act = nxt.seat
            return
        self._end_round()
        self._run()

    def _end_round(self):
        """Give back the part of the last bet nobody called."""
        self.to_act = None
        ranked = sorted(self.players, key=lambda q: q.committed, reverse=True)
        if len(ranked) > 1 and ranked[0].committed > ranked[1].committed:
            back = ranked[0].committed - ranked[1].committed
            top = ranked[0]
            top.committed -= back
            top.stack += back
            top.bet -= min(back, top.bet)
            if top.stack > 0:
                top.all_in = False

    # ---- pots and the end
    def pots(self):
        live = self.live()
        levels = sorted({p.committed for p in live if p.all_in})
        top = max(p.committed for p in self.players)
        if not levels or levels[-1] < top:
            levels.append(top)
        pots, floor = [], 0
        for level in levels:
            amount = sum(max(0, min(p.committed, level) - floor) for p in self.players)
            eligible = sorted(p.seat for p in live if not p.all_in or p.committed >= level)
            if amount > 0:
                pots.append((amount, eligible))
            floor = level
        return pots

    def _finish_uncontested(self):
        self.phase, self.to_act = "complete", None
        winner = self.live()[0]
        awards = []
        for i, (amount, _) in enumerate(self.pots()):
            winner.stack += amount
            awards.append({"seat": winner.seat, "amount": amount, "pot": i, "share": None})
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def _show_order(self, live):
        first = None
        if self.last_round is not None and self.last_round[0] == self.played_i:
            first = self.last_round[2] or self.last_round[1]
        if first is None:
            first = self._best_board(self.rules.streets[self.played_i]).seat
        return [p for p in self.clockwise(first) if not p.folded]

    def _showdown(self):
        self.phase, self.to_act = "complete", None
        live = self.live()
        values, hands = {}, []
        for p in self._show_order(live):
            value, five = best_five(p.down + p.up + self.community)
            values[p.seat] = value
            hands.append(
                {"seat": p.seat, "share": "high", "name": hand_name(value), "cards": list(five)}
            )
        if "split-pot-no-kickers" in self.bugs:
            values = {seat: without_kickers(v) for seat, v in values.items()}
        awards = []
        for i, (amount, eligible) in enumerate(self.pots()):
            contenders = [s for s in eligible if s in values]
            best = max(values[s] for s in contenders)
            winners = [s for s in contenders if values[s] == best]
            for seat, share in self._split(amount, winners):
                self.player(seat).stack += share
                awards.append({"seat": seat, "amount": share, "pot": i, "share": "high"})
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    def _split(self, amount, winners):
        chip = self.rules.chip
        chips, dust = divmod(amount, chip)
        each, odd = divmod(chips, len(winners))
        if self.rules.odd_chip_high_card:

            def top_card(seat):
                p = self.player(seat)
                return max((rank_of(c), self.rules.suit_rank[c[1]]) for c in p.down + p.up)

            order = sorted(winners, key=top_card, reverse=True)
        else:
            order = [p.seat for p in self.from_dealers_left() if p.seat in winners]
        if "odd-chip-to-last-seat" in self.bugs:
            order.reverse()
        shares = []
        for k, seat in enumerate(order):
            share = each * chip + (chip if k < odd else 0) + (dust if k == 0 else 0)
            shares.append((seat, share))
        return sorted(shares, key=lambda s: order.index(s[0]))

    # ---- the protocol view
    def money(self, units):
        value = Decimal(units) / MICRO
        shown = value.quantize(self.rules.quantum)
        return format(shown if shown == value else value.normalize(), "f")

    def legal_view(self):
        view = []
        for action, total in self.options():
            view.append(
                {"action": action}
                if total is None
                else {"action": action, "amount": self.money(total)}
            )
        return view

    def view(self):
        result = None
        if self.result is not None:
            result = {
                "awards": [dict(a, amount=self.money(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        pots = self.pots()
        return {
            "street": self.street,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal_view(),
            "pot": self.money(sum(p.committed for p in self.players)),
            "pots": [{"amount": self.money(a), "eligible": e} for a, e in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": self.money(p.stack),
                    "bet": self.money(p.bet),
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


# --------------------------------------------------------------------------- protocol


def full_deck(deck):
    cards = check_cards(deck, "deck")
    listed = set(cards)
    rest = [c for c in NEW_DECK if c not in listed]
    if not cards:
        random.Random(0).shuffle(rest)
    return cards + rest


def read_seats(seats, rules):
    if not isinstance(seats, list) or not seats:
        raise Refusal("bad_request", "seats must be a non-empty list")
    players, numbers = [], set()
    for entry in seats:
        if not isinstance(entry, dict) or set(entry) - {"seat", "name", "stack"}:
            raise Refusal("bad_request", f"a seat must be {{seat, name, stack}}: {entry!r}")
        seat, name = entry.get("seat"), entry.get("name")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1 or seat in numbers:
            raise Refusal("bad_request", f"bad or repeated seat number: {seat!r}")
        if not isinstance(name, str) or len(name) > 100:
            raise Refusal("bad_request", f"bad name for seat {seat}")
        numbers.add(seat)
        stack = parse_amount(entry.get("stack"), f"stack of seat {seat}")
        if stack > 0:
            players.append(Player(seat, name, stack))
    if not (max(2, rules.seats_min) <= len(players) <= min(rules.seats_max, 10)):
        raise Refusal(
            "bad_request",
            f"{len(players)} players with chips: this ruleset seats "
            f"{rules.seats_min} to {rules.seats_max}",
        )
    return players


def as_seat(value, what):
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise Refusal("bad_request", f"{what}: not a seat number: {value!r}")
    return value


class Session:
    def __init__(self, bugs):
        self.bugs = bugs
        self.hand = None

    def handle(self, request):
        op = request.get("op")
        if op == "hello":
            return {"protocol": PROTOCOL, "engine": ENGINE, "rulesets": ["*"], "features": FEATURES}
        if op == "new_hand":
            try:
                rules = Rules(request.get("ruleset"))
            except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
                raise Refusal("bad_request", f"malformed ruleset: {exc!r}") from None
            players = read_seats(request.get("seats"), rules)
            dealer = as_seat(request.get("dealer"), "dealer")
            self.hand = HandMachine(
                rules, players, dealer, full_deck(request.get("deck", [])), self.bugs
            )
            return {"state": self.hand.view()}
        if op == "next_hand":
            return {"state": self.next_hand(request)}
        if op in ("act", "state"):
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            if op == "act":
                self.act(request)
            return {"state": self.hand.view()}
        if op == "evaluate":
            return {"results": evaluate(request)}
        if op == "bye":
            return {}
        raise Refusal("bad_request", f"unknown op {op!r}")

    def act(self, request):
        seat = as_seat(request.get("seat"), "seat")
        action = request.get("action")
        if action not in ACTIONS:
            raise Refusal("bad_request", f"unknown action {action!r}")
        amount = request.get("amount")
        if amount is not None:
            amount = parse_amount(amount, "amount")
        if action not in BETTING_ACTIONS:
            opts = self.hand.legal_view()
            raise Refusal("illegal_action", f"{action} is not played in this game", opts)
        try:
            self.hand.act(seat, action, amount)
        except Refusal as refusal:
            if refusal.code == "illegal_action" and refusal.legal is not None:
                refusal.legal = [
                    {"action": a} if t is None else {"action": a, "amount": self.hand.money(t)}
                    for a, t in refusal.legal
                ]
            raise

    def next_hand(self, request):
        old = self.hand
        if old is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if old.phase != "complete":
            raise Refusal("bad_request", "the hand is still running")
        seated = [Player(p.seat, p.name, p.stack) for p in old.players if p.stack > 0]
        if len(seated) < max(2, old.rules.seats_min):
            raise Refusal("bad_request", "not enough players with chips for another hand")
        dealer = old.dealer
        if old.rules.rotates:
            dealer = [p.seat for p in old.clockwise(old.dealer, inclusive=False) if p.stack > 0][0]
        deck = full_deck(request.get("deck", []))
        self.hand = HandMachine(old.rules, seated, dealer, deck, self.bugs)
        return self.hand.view()


def evaluate(request):
    ranking = request.get("ranking")
    if ranking != "high":
        raise Refusal("unsupported", f"ranking {ranking!r}: only high is evaluated")
    if request.get("qualifier") is not None or request.get("wild"):
        raise Refusal("unsupported", "evaluate options (qualifier, wild) are not supported")
    hands = request.get("hands")
    if not isinstance(hands, list) or not hands or len(hands) > 100:
        raise Refusal("bad_request", "hands must be a list of 1 to 100 hands")
    read = []
    for hand in hands:
        cards = check_cards(hand, "hand")
        if not 5 <= len(cards) <= 10:
            raise Refusal("bad_request", "a hand has 5 to 10 cards")
        read.append(best_five(cards))
    results = []
    for value, five in read:
        rank = 1 + sum(1 for other, _ in read if other > value)
        results.append({"best": list(five), "name": hand_name(value), "rank": rank})
    return results


def reply_line(request_id, body=None, refusal=None, session=None):
    if refusal is None:
        return {"id": request_id, "ok": True, **body}
    error = {"code": refusal.code, "message": refusal.message[:2000]}
    if refusal.code == "illegal_action":
        error["legal"] = refusal.legal or []
        if session is not None and session.hand is not None:
            error["state"] = session.hand.view()
    return {"id": request_id, "ok": False, "error": error}


def serve(bugs, stdin, stdout):
    session = Session(bugs)
    for raw in stdin:
        request_id, stop = None, False
        try:
            if len(raw) > 1_048_577:
                raise Refusal("bad_request", "request line too long")
            try:
                request = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                raise Refusal("bad_request", "not a JSON line") from None
            if not isinstance(request, dict):
                raise Refusal("bad_request", "a request is a JSON object")
            rid = request.get("id")
            if (
                isinstance(rid, (int, float))
                and not isinstance(rid, bool)
                and rid >= 0
                and float(rid).is_integer()
            ):
                request_id = rid
            else:
                raise Refusal("bad_request", "id must be a non-negative integer")
            stop = request.get("op") == "bye"
            out = reply_line(request_id, session.handle(request))
        except Refusal as refusal:
            out = reply_line(request_id, refusal=refusal, session=session)
        except Exception as exc:  # noqa: BLE001 - an engine answers and keeps running
            print(f"internal error: {exc!r}", file=sys.stderr)
            out = reply_line(request_id, refusal=Refusal("internal", f"engine error: {exc!r}"))
        stdout.write(json.dumps(out, ensure_ascii=True, separators=(",", ":")) + "\n")
        stdout.flush()
        if stop:
            break


def main(argv):
    bugs = set()
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--bugs" and args:
            bugs |= {b for b in args.pop(0).split(",") if b}
        elif arg.startswith("--bugs="):
            bugs |= {b for b in arg.split("=", 1)[1].split(",") if b}
        else:
            print(f"usage: independent_five.py [--bugs {','.join(BUGS)}]", file=sys.stderr)
            return 2
    unknown = bugs - set(BUGS)
    if unknown:
        print(
            f"unknown bugs: {', '.join(sorted(unknown))}; known: {', '.join(BUGS)}", file=sys.stderr
        )
        return 2
    serve(frozenset(bugs), sys.stdin.buffer, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""A third seven-card stud engine written apart from the reference (fixed limit, high only).

Speaks the stud engine protocol (JSON Lines on stdin/stdout).  Written from
docs/protocol.md, the rulebook pages under docs/, schemas/ and the shipped rulesets only,
by another hand than independent.py and independent_two.py: standard library only,
nothing imported from ``stud``, no ``seat-cards``.  It walks the ruleset's street table,
so it plays every ruleset whose values it knows (fixed limit, one high share, cards
speak, no wild card, joker, blind, exchange or decision round); everything else is
refused with ``unsupported``, naming the ruleset value.

    python3 independent_three.py [--bugs name1,name2]

Planted bugs (for testing a conformance suite), each off unless named:
deal-from-seat-one, bring-in-not-in-pot, uncalled-bet-kept, cap-heads-up,
round-not-ending-after-bring-in-called, short-completion-refused, spades-lowest-suit,
side-pot-to-main-winner, two-pair-kicker-ignored, opener-tie-first-seat.
"""

import itertools
import json
import random
import re
import sys

BUG_NAMES = (
    "deal-from-seat-one",
    "bring-in-not-in-pot",
    "uncalled-bet-kept",
    "cap-heads-up",
    "round-not-ending-after-bring-in-called",
    "short-completion-refused",
    "spades-lowest-suit",
    "side-pot-to-main-winner",
    "two-pair-kicker-ignored",
    "opener-tie-first-seat",
)
BUGS = set()

ENGINE_NAME = "independent-three"
ENGINE_VERSION = "1.0"


# --------------------------------------------------------------------------- errors


class Answer(Exception):
    """A reply with ok: false."""

    def __init__(self, code, message, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def error(self):
        body = {"code": self.code, "message": self.message[:2000]}
        body.update(self.extra)
        return body


def bad_request(message):
    return Answer("bad_request", message)


def unsupported(path, value, why):
    return Answer("unsupported", f"{path} = {json.dumps(value)}: {why}")


# --------------------------------------------------------------------------- money
# Amounts are kept as whole micro-units (the protocol allows six decimals).

MICRO = 1_000_000
AMOUNT_RE = re.compile(r"^([0-9]+)(?:\.([0-9]+))?$")


def read_amount(value, where):
    if isinstance(value, bool) or value is None:
        raise bad_request(f"{where}: {value!r} is not an amount")
    if isinstance(value, int):
        if value < 0:
            raise bad_request(f"{where}: negative amount")
        return value * MICRO
    if isinstance(value, float):
        value = repr(value)
    if not isinstance(value, str):
        raise bad_request(f"{where}: {value!r} is not an amount")
    match = AMOUNT_RE.match(value.strip())
    if not match:
        raise bad_request(f"{where}: {value!r} is not a decimal amount")
    whole, frac = match.group(1), match.group(2) or ""
    if len(frac) > 6:
        raise bad_request(f"{where}: {value!r} has more than six decimals")
    if len(whole.lstrip("0")) > 15:
        raise bad_request(f"{where}: {value!r} is too large")
    return int(whole) * MICRO + int((frac + "000000")[:6])


def show_amount(units):
    sign = "-" if units < 0 else ""
    whole, frac = divmod(abs(units), MICRO)
    if frac % 10_000 == 0:
        return f"{sign}{whole}.{frac // 10_000:02d}"
    return f"{sign}{whole}.{frac:06d}".rstrip("0")


# --------------------------------------------------------------------------- cards

RANK_OF = {ch: i + 2 for i, ch in enumerate("23456789TJQKA")}
SUIT_LETTER = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
SINGULAR = {
    2: "deuce",
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
    2: "deuces",
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


def rank(card):
    return RANK_OF[card[0]]


def check_card(card, where):
    if (
        not isinstance(card, str)
        or len(card) != 2
        or card[0] not in RANK_OF
        or card[1] not in "cdhs"
    ):
        raise bad_request(f"{where}: {card!r} is not a card")
    return card


# --------------------------------------------------------------------------- hand values
# A value is a tuple that compares the way the hands rank: category first.

STRAIGHT_FLUSH, QUADS, BOAT, FLUSH, STRAIGHT, TRIPS, TWO_PAIR, PAIR, NOTHING = (
    8,
    7,
    6,
    5,
    4,
    3,
    2,
    1,
    0,
)


def rank_groups(cards):
    """[(count, rank)] biggest group first, then higher rank."""
    tally = {}
    for card in cards:
        tally[rank(card)] = tally.get(rank(card), 0) + 1
    return sorted(((n, r) for r, n in tally.items()), reverse=True)


def five_card_value(cards):
    ranks = sorted((rank(c) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    groups = rank_groups(cards)
    shape = [n for n, _ in groups]
    order = [r for _, r in groups]
    top = 0
    if len(groups) == 5:
        if ranks[0] - ranks[4] == 4:
            top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            top = 5
    if top and flush:
        return (STRAIGHT_FLUSH, top)
    if shape[0] == 4:
        return (QUADS, *order)
    if shape == [3, 2]:
        return (BOAT, *order)
    if flush:
        return (FLUSH, *ranks)
    if top:
        return (STRAIGHT, top)
    if shape[0] == 3:
        return (TRIPS, *order)
    if shape[:2] == [2, 2]:
        if "two-pair-kicker-ignored" in BUGS:
            return (TWO_PAIR, order[0], order[1])
        return (TWO_PAIR, *order)
    if shape[0] == 2:
        return (PAIR, *order)
    return (NOTHING, *ranks)


def best_five(cards):
    """(value, five cards) of the best five-card high hand among cards."""
    best = None
    for combo in itertools.combinations(cards, 5):
        value = five_card_value(combo)
        if best is None or value > best[0]:
            best = (value, list(combo))
    return best


def value_name(value):
    kind = value[0]
    if kind == STRAIGHT_FLUSH:
        return "royal flush" if value[1] == 14 else f"{SINGULAR[value[1]]}-high straight flush"
    if kind == QUADS:
        return f"four of a kind, {PLURAL[value[1]]}"
    if kind == BOAT:
        return f"full house, {PLURAL[value[1]]} over {PLURAL[value[2]]}"
    if kind == FLUSH:
        return f"flush, {SINGULAR[value[1]]} high"
    if kind == STRAIGHT:
        return f"{SINGULAR[value[1]]}-high straight"
    if kind == TRIPS:
        return f"three of a kind, {PLURAL[value[1]]}"
    if kind == TWO_PAIR:
        return f"two pair, {PLURAL[value[1]]} and {PLURAL[value[2]]}"
    if kind == PAIR:
        return f"pair of {PLURAL[value[1]]}"
    return f"high card, {SINGULAR[value[1]]}"


def board_value(cards):
    """How exposed cards rank for the opener: groups only, no straight or flush."""
    if not cards:
        return (-1,)
    if len(cards) > 5:
        return max(board_value(list(c)) for c in itertools.combinations(cards, 5))
    groups = rank_groups(cards)
    shape = [n for n, _ in groups]
    if shape[0] == 4:
        kind = 5
    elif shape[:2] == [3, 2]:
        kind = 4
    elif shape[0] == 3:
        kind = 3
    elif shape[:2] == [2, 2]:
        kind = 2
    elif shape[0] == 2:
        kind = 1
    else:
        kind = 0
    return (kind, *[r for _, r in groups])


# --------------------------------------------------------------------------- the ruleset

SEVEN_CARD_STUD = {
    "name": "seven-card-stud",
    "title": "Seven-card stud (casino, fixed limit)",
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
    "wild": {"ranks": [], "low_hole": False, "joker": "none"},
    "events": [],
    "pot": {
        "shares": [{"name": "high", "ranking": "high"}],
        "split_unit": None,
        "odd_chip_share": "high",
        "odd_chip_tie": "position",
        "unqualified": None,
    },
    "showdown": {"method": "cards-speak"},
}

TOP_KEYS = {
    "name",
    "extends",
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
}
STREET_KEYS = {
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
}


class StreetPlan:
    def __init__(self, name, deal, opener, bet, open_pair, ties):
        self.name = name
        self.deal = deal
        self.opener = opener
        self.bet = bet
        self.open_pair = open_pair
        self.ties = ties


class Rules:
    """The ruleset values this engine reads, checked against what it can play."""

    def __init__(self, doc):
        if isinstance(doc, str):
            if doc != "seven-card-stud":
                raise Answer(
                    "unsupported",
                    f"ruleset = {json.dumps(doc)}: only seven-card-stud is known "
                    "by name; send the resolved ruleset document",
                )
            doc = SEVEN_CARD_STUD
        if not isinstance(doc, dict):
            raise bad_request("ruleset: a ruleset document or a shipped name")
        self.doc = doc
        for key in doc:
            if key not in TOP_KEYS:
                raise unsupported(key, doc[key], "a ruleset key this engine does not know")
        self._read()

    # -- helpers

    def _section(self, key):
        value = self.doc.get(key) or {}
        if not isinstance(value, dict):
            raise bad_request(f"{key}: expected a mapping")
        return value

    def _want(self, path, value, allowed, why):
        if value not in allowed:
            raise unsupported(path, value, why)
        return value

    def _read(self):
        seats = self._section("seats")
        self.seats_min = int(seats.get("min", 2))
        self.seats_max = int(seats.get("max", 8))

        deck = self._section("deck")
        if deck.get("jokers", 0) not in (0, None):
            raise unsupported("deck.jokers", deck.get("jokers"), "this engine deals no joker")
        if deck.get("centre"):
            raise unsupported("deck.centre", deck.get("centre"), "no cards in the centre")
        if deck.get("stripped"):
            raise unsupported("deck.stripped", deck.get("stripped"), "a full pack only")

        self.rotates = bool(self._section("dealer").get("rotates", True))
        dealing = self._section("dealing")
        self.burn = bool(dealing.get("burn", True))
        self.reuse_burns = bool(dealing.get("reuse_burns", True))
        self.community_card = bool(dealing.get("community_card", True))

        stakes = self._section("stakes")
        for blind in ("small_blind", "big_blind"):
            if stakes.get(blind) is not None:
                raise unsupported(
                    f"stakes.{blind}", stakes.get(blind), "this engine plays no blinds"
                )
        self.chip = read_amount(stakes.get("chip", "0.01"), "stakes.chip") or 1
        self.ante = read_amount(stakes.get("ante", "0"), "stakes.ante")
        raw_bring = stakes.get("bring_in")
        self.bring_in = None if raw_bring is None else read_amount(raw_bring, "stakes.bring_in")
        if "small_bet" not in stakes or "big_bet" not in stakes:
            raise bad_request("stakes: small_bet and big_bet are required")
        self.small_bet = read_amount(stakes["small_bet"], "stakes.small_bet")
        self.big_bet = read_amount(stakes["big_bet"], "stakes.big_bet")
        if self.bring_in is not None and self.bring_in > self.small_bet:
            raise unsupported("stakes.bring_in", raw_bring, "a bring-in above the small bet")

        bring = self._section("bring_in")
        self.bring_card = self._want(
            "bring_in.card", bring.get("card", "lowest"), ("lowest", "highest"), "unknown value"
        )
        self.bring_aces = self._want(
            "bring_in.aces", bring.get("aces", "high"), ("high", "low"), "unknown value"
        )
        order = bring.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        if not isinstance(order, list) or sorted(order) != sorted(SUIT_LETTER):
            raise unsupported("bring_in.suit_order", order, "not an order of the four suits")
        self.suit_rank = {SUIT_LETTER[name]: i for i, name in enumerate(order)}
        self.bring_all_in = self._want(
            "bring_in.all_in",
            bring.get("all_in", "next-card"),
            ("next-card", "next-seat"),
            "unknown value",
        )

        board = self._section("board")
        self._want(
            "board.ranking",
            board.get("ranking", "high"),
            ("high",),
            "this engine reads boards high only",
        )
        self.board_ties = self._want(
            "board.ties", board.get("ties", "suit"), ("suit", "position"), "unknown value"
        )
        # with no wild card, reading exposed wild cards naturally or not is the same
        self._want("board.wild", board.get("wild", "natural"), ("natural", "wild"), "unknown value")

        betting = self._section("betting")
        self._want(
            "betting.structure",
            betting.get("structure", "fixed-limit"),
            ("fixed-limit",),
            "this engine plays fixed limit only",
        )
        cap = betting.get("max_raises", 3)
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
            raise unsupported("betting.max_raises", cap, "not a number of raises")
        self.max_raises = cap
        self.uncapped = self._want(
            "betting.uncapped_heads_up",
            betting.get("uncapped_heads_up", "in-hand"),
            ("in-hand", "round-start", "never"),
            "unknown value",
        )
        self.big_bet_locks = bool(betting.get("big_bet_locks", True))
        self.reopen_fraction = read_amount(
            betting.get("reopen_fraction", "0.5"), "betting.reopen_fraction"
        )
        self.fold_when_check = self._want(
            "betting.fold_when_check",
            betting.get("fold_when_check", "refused"),
            ("refused", "allowed"),
            "unknown value",
        )

        wild = self._section("wild")
        if wild.get("ranks"):
            raise unsupported("wild.ranks", wild.get("ranks"), "this engine plays no wild card")
        if wild.get("low_hole"):
            raise unsupported("wild.low_hole", wild.get("low_hole"), "no wild card")
        self._want("wild.joker", wild.get("joker", "none"), ("none",), "no joker")
        if self.doc.get("events"):
            raise unsupported("events", self.doc.get("events"), "no event table")

        pot = self._section("pot")
        shares = pot.get("shares")
        if not isinstance(shares, list) or len(shares) != 1 or not isinstance(shares[0], dict):
            raise unsupported("pot.shares", shares, "this engine plays one high share only")
        share = shares[0]
        self.share_name = share.get("name", "high")
        self._want(
            "pot.shares[0].ranking",
            share.get("ranking", "high"),
            ("high",),
            "this engine ranks hands high only",
        )
        for key, default in (
            ("qualifier", None),
            ("minimum", None),
            ("own", None),
            ("common", None),
            ("suit", None),
            ("fallback", None),
        ):
            if share.get(key, default) is not None:
                raise unsupported(f"pot.shares[0].{key}", share.get(key), "not played")
        self._want(
            "pot.shares[0].cards",
            share.get("cards", "all"),
            ("all",),
            "a hand is made of all the player's cards",
        )
        if pot.get("split_unit") is not None:
            raise unsupported("pot.split_unit", pot.get("split_unit"), "pots are cut in chips only")
        self.odd_chip_tie = self._want(
            "pot.odd_chip_tie",
            pot.get("odd_chip_tie", "position"),
            ("position", "high-card"),
            "unknown value",
        )

        self._want(
            "showdown.method",
            self._section("showdown").get("method", "cards-speak"),
            ("cards-speak",),
            "the cards speak in this engine",
        )

        streets = self.doc.get("streets")
        if not isinstance(streets, list) or not streets:
            raise bad_request("streets: a list of streets is required")
        self.streets = []
        first_betting = True
        for i, street in enumerate(streets):
            if not isinstance(street, dict):
                raise bad_request(f"streets[{i}]: expected a mapping")
            name = street.get("name", str(i))
            here = f"streets.{name}"
            for key in street:
                if key not in STREET_KEYS:
                    raise unsupported(f"{here}.{key}", street[key], "a street key not known")
            deal = street.get("deal") or []
            for face in deal:
                if face not in ("down", "up"):
                    raise unsupported(f"{here}.deal", deal, "cards go to players up or down")
            for key in ("deal_if_players_at_most", "exchange", "spread"):
                if street.get(key) is not None:
                    raise unsupported(f"{here}.{key}", street.get(key), "not played")
            if street.get("decide"):
                raise unsupported(f"{here}.decide", street.get("decide"), "no decision rounds")
            bet = self._want(
                f"{here}.bet", street.get("bet", "small"), ("small", "big", None), "unknown value"
            )
            opener = self._want(
                f"{here}.opener",
                street.get("opener", "best-board"),
                ("bring-in", "best-board", "first-left"),
                "this engine opens by bring-in, board or position",
            )
            if opener == "bring-in" and (self.bring_in is None or not first_betting):
                raise unsupported(
                    f"{here}.opener",
                    opener,
                    "a bring-in only on the first betting street, with stakes",
                )
            open_pair = (
                self._want(
                    f"{here}.big_bet_when",
                    street.get("big_bet_when", "never"),
                    ("never", "open-pair"),
                    "unknown value",
                )
                == "open-pair"
            )
            ties = self._want(
                f"{here}.ties", street.get("ties"), (None, "suit", "position"), "unknown value"
            )
            if bet is not None:
                first_betting = False
            self.streets.append(
                StreetPlan(name, list(deal), opener, bet, open_pair and bet == "small", ties)
            )


# --------------------------------------------------------------------------- players


class Sitter:
    """One seat in the hand."""

    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = 0  # this street's total
        self.put = 0  # what went into the pot this hand
        self.folded = False
        self.down = []
        self.up = []
        self.moved = False  # has acted in this betting round
        self.seen = -1  # the raise counter when this player last acted
        self.final_all_in = None  # set when the hand is over, before the awards

    @property
    def all_in(self):
        if self.final_all_in is not None:
            return self.final_all_in
        return self.stack == 0 and not self.folded

    @property
    def can_bet(self):
        return not self.folded and self.stack > 0

    def pay(self, amount, into_pot=True):
        amount = min(amount, self.stack)
        self.stack -= amount
        self.bet += amount
        if into_pot:
            self.put += amount
        return amount


# --------------------------------------------------------------------------- the stub


class Shoe:
    def __init__(self, cards):
        self.stub = list(cards)
        self.burned = []
        self.started = False

    def burn(self):
        if self.stub:
            self.burned.append(self.stub.pop(0))

    def take(self):
        return self.stub.pop(0)


# --------------------------------------------------------------------------- betting


class Wager:
    """One betting round of fixed limit."""

    def __init__(self, hand, plan):
        self.hand = hand
        self.plan = plan
        rules = hand.rules
        self.unit = rules.small_bet if plan.bet == "small" else rules.big_bet
        self.level = 0
        self.mode = "open"  # open: nothing bet; bring: only a bring-in; bet
        self.raises = 0
        self.big_locked = False
        self.counter = 0  # bumps on every full bet or raise (reopens the betting)
        self.forced = None
        self.opener = None
        self.last_aggressor = None
        self.able_at_start = sum(1 for p in hand.order if p.can_bet)
        for p in hand.order:
            p.moved = False
            p.seen = -1

    # -- what a fixed-limit street allows

    def big_option(self):
        if not self.plan.open_pair:
            return False
        return any(not p.folded and len(rank_groups(p.up)) < len(p.up) for p in self.hand.order)

    def increments(self):
        if self.mode != "bring" and self.big_locked:
            return [self.hand.rules.big_bet]  # a big bet made stays, pair folded or not
        if self.mode == "bring" or not self.big_option():
            return [self.unit]
        return [self.hand.rules.small_bet, self.hand.rules.big_bet]

    def capped(self):
        rules = self.hand.rules
        if self.mode != "bet" or rules.max_raises is None:
            return False
        if self.raises < rules.max_raises:
            return False
        if "cap-heads-up" in BUGS:
            return True
        if rules.uncapped == "in-hand":
            return sum(1 for p in self.hand.order if not p.folded) > 2
        if rules.uncapped == "round-start":
            return self.able_at_start > 2
        return True

    def answerable(self, who):
        return any(
            q is not who and q.can_bet and q.bet + q.stack > self.level for q in self.hand.order
        )

    def options(self, who):
        rules = self.hand.rules
        reach = who.bet + who.stack
        if self.forced is who:
            first = min(rules.bring_in, who.stack)
            offer = [("bring_in", first)]
            if rules.bring_in < self.unit:
                full = min(self.unit, reach)
                if full > first and not ("short-completion-refused" in BUGS and reach < self.unit):
                    offer.append(("complete", full))
            return offer
        offer = []
        if self.level > who.bet:
            offer.append(("fold", None))
            offer.append(("call", min(self.level, reach)))
        else:
            offer.append(("check", None))
            if rules.fold_when_check == "allowed":
                offer.append(("fold", None))
        if reach <= self.level or self.capped() or not self.answerable(who):
            return offer
        if self.mode == "bet" and who.moved and who.seen == self.counter:
            return offer  # a short all-in raise does not reopen the betting for them
        word = {"open": "bet", "bring": "complete", "bet": "raise"}[self.mode]
        if self.mode == "bring" and "short-completion-refused" in BUGS and reach < self.unit:
            return offer
        start = self.level if self.mode == "bet" else 0
        made = []
        for step in self.increments():
            target = min(start + step, reach)
            if target > self.level and target not in made:
                made.append(target)
                offer.append((word, target))
        return offer

    # -- playing one action

    def play(self, who, action, target):
        rules = self.hand.rules
        before = self.level
        if action == "fold":
            who.folded = True
        elif action == "check":
            pass
        elif action == "call":
            who.pay(target - who.bet)
        elif action == "bring_in":
            who.pay(target - who.bet, into_pot="bring-in-not-in-pot" not in BUGS)
            self.forced = None
            self.level = max(self.level, who.bet)
            if who.bet >= self.unit:
                self.mode = "bet"  # a bring-in of a full bet is the bet
                self.counter += 1
            else:
                self.mode = "bring"
        else:  # complete, bet, raise
            smallest = min(self.increments())
            start = self.level if self.mode == "bet" else 0
            who.pay(target - who.bet)
            self.forced = None
            amount = who.bet
            self.level = max(self.level, amount)
            increase = amount - start
            full = increase >= smallest
            counts = full or increase * MICRO >= rules.reopen_fraction * smallest
            if action == "complete" and amount < self.unit and not counts:
                self.mode = "bring"  # a short all-in completion: still only the bring-in
            elif counts:
                if action == "raise":
                    self.raises += 1
                if (
                    self.plan.open_pair
                    and rules.big_bet_locks
                    and increase >= rules.big_bet
                    and self.big_option()
                ):
                    self.big_locked = True
                self.mode = "bet"
                self.counter += 1
            elif self.mode == "open":
                self.mode = "bet"  # a short all-in bet still opens the betting
                self.counter += 1
            else:
                self.mode = "bet"  # a short all-in raise: no reopening
        if self.level > before:
            self.last_aggressor = who
            self.hand.round_aggressor = who
        if action == "bring_in" and "round-not-ending-after-bring-in-called" in BUGS:
            who.seen = self.counter
            return
        who.moved = True
        who.seen = self.counter

    def next_after(self, who):
        order = self.hand.order
        at = order.index(who)
        for step in range(1, len(order) + 1):
            p = order[(at + step) % len(order)]
            if p.folded or p.stack == 0:
                continue
            if not p.moved or p.bet < self.level:
                return p
        return None


# --------------------------------------------------------------------------- a hand


class Hand:
    def __init__(self, rules, sitters, dealer, deck):
        self.rules = rules
        self.dealer = dealer
        self.by_seat = {p.seat: p for p in sitters}
        ring = sorted(sitters, key=lambda p: p.seat)
        left = [p for p in ring if p.seat > dealer] + [p for p in ring if p.seat <= dealer]
        self.order = left  # clockwise from the dealer's left
        self.shoe = Shoe(deck)
        self.community = []
        self.street_index = -1
        self.wager = None
        self.to_act = None
        self.over = False
        self.result = None
        self.last_plan = None
        self.last_opener = None
        self.final_pots = None
        self.round_aggressor = None  # the last street's, for the show order
        self.round_opener = None
        for p in self.order:
            if rules.ante:
                p.pay(rules.ante)
            p.bet = 0
        self._advance()

    # -- seats

    def live(self):
        return [p for p in self.order if not p.folded]

    def clockwise_from(self, who):
        at = self.order.index(who)
        return self.order[at:] + self.order[:at]

    # -- dealing

    def _rounds_after(self):
        return sum(len(plan.deal) for plan in self.rules.streets[self.street_index + 1 :])

    def _deal(self, plan):
        if not plan.deal:
            return
        shoe = self.shoe
        if self.rules.burn and shoe.started and shoe.stub:
            shoe.burn()
        later = self._rounds_after()
        for i, face in enumerate(plan.deal):
            takers = self.live()
            if "deal-from-seat-one" in BUGS:
                takers = sorted(takers, key=lambda p: p.seat)
            keep = (len(plan.deal) - i - 1 + later) if self.rules.community_card else 0
            if len(shoe.stub) < len(takers) and self.rules.reuse_burns and shoe.burned:
                shoe.stub.extend(shoe.burned)
                shoe.burned = []
            if self.rules.community_card and len(shoe.stub) < len(takers) + keep:
                if not shoe.stub:
                    raise Answer("internal", "the pack ran out of cards")
                self.community.append(shoe.take())
                continue
            if len(shoe.stub) < len(takers):
                raise Answer("internal", "the pack ran out of cards")
            for p in takers:
                (p.down if face == "down" else p.up).append(shoe.take())
        shoe.started = True

    # -- who acts first

    def _door(self, p):
        vals = []
        for card in p.up:
            r = rank(card)
            if r == 14 and self.rules.bring_aces == "low":
                r = 1
            if "spades-lowest-suit" in BUGS:
                s = "shdc".index(card[1])
            else:
                s = self.rules.suit_rank[card[1]]
            vals.append((r, s))
        if not vals:
            return (99, 99) if self.rules.bring_card == "lowest" else (-1, -1)
        return min(vals) if self.rules.bring_card == "lowest" else max(vals)

    def _forced_player(self):
        pick = min if self.rules.bring_card == "lowest" else max
        live = self.live()
        if self.rules.bring_all_in == "next-card":
            able = [p for p in live if p.stack > 0]
            return pick(able, key=self._door) if able else None
        chosen = pick(live, key=self._door)
        for p in self.clockwise_from(chosen):
            if p.can_bet:
                return p
        return None

    def _top_suit(self, cards):
        groups = rank_groups(cards)
        best_rank = groups[0][1]
        return max(self.rules.suit_rank[c[1]] for c in cards if rank(c) == best_rank)

    def _best_board(self, plan, among):
        shown = {p.seat: board_value(p.up + self.community) for p in among}
        top = max(shown.values())
        tied = [p for p in among if shown[p.seat] == top]
        if len(tied) == 1:
            return tied[0]
        if "opener-tie-first-seat" in BUGS:
            return min(tied, key=lambda p: p.seat)
        ties = plan.ties or self.rules.board_ties
        if ties == "position":
            return tied[0]
        return max(tied, key=lambda p: self._top_suit(p.up + self.community))

    def _first_to_act(self, plan, wager):
        if plan.opener == "bring-in":
            forced = self._forced_player()
            wager.forced = forced
            return forced
        live = self.live()
        if plan.opener == "first-left":
            chosen = live[0]
        else:
            chosen = self._best_board(plan, live)
        for p in self.clockwise_from(chosen):
            if p.can_bet:
                return p
        return None

    # -- the flow of the hand

    def _advance(self):
        while True:
            if len(self.live()) == 1:
                self._uncontested()
                return
            if self.street_index + 1 >= len(self.rules.streets):
                self._showdown()
                return
            self.street_index += 1
            plan = self.rules.streets[self.street_index]
            self.last_plan = plan
            self._deal(plan)
            self.wager = None
            self.round_aggressor = None
            self.round_opener = None
            if plan.bet is None:
                continue
            if sum(1 for p in self.live() if p.can_bet) < 2:
                continue
            wager = Wager(self, plan)
            first = self._first_to_act(plan, wager)
            if first is None:
                continue
            self.wager = wager
            wager.opener = first
            self.round_opener = first
            self.to_act = first
            return

    def _return_uncalled(self):
        bets = sorted((p.bet for p in self.order), reverse=True)
        if len(bets) > 1 and bets[0] > bets[1]:
            extra = bets[0] - bets[1]
            top = max(self.order, key=lambda p: p.bet)
            top.bet -= extra
            top.put -= extra
            top.stack += extra

    def _close_round(self):
        self._return_uncalled()
        for p in self.order:
            p.bet = 0

    def act(self, seat, action, amount):
        if self.over:
            raise Answer("illegal_action", "the hand is over", legal=[])
        who = self.by_seat.get(seat)
        wager = self.wager
        offer = wager.options(self.to_act)
        legal = [self._legal_entry(a, v) for a, v in offer]
        if who is not self.to_act:
            raise Answer(
                "illegal_action",
                f"seat {seat} may not act now: seat {self.to_act.seat} is to act",
                legal=legal,
            )
        chosen = None
        for name, value in offer:
            if name != action:
                continue
            if amount is None or value is None or amount == value:
                chosen = (name, value)
                break
        if chosen is None:
            words = ", ".join(f"{a} {show_amount(v)}" if v is not None else a for a, v in offer)
            raise Answer(
                "illegal_action", f"{action} is not legal now; legal now: {words}", legal=legal
            )
        wager.play(who, chosen[0], chosen[1])
        if len(self.live()) == 1:
            if "uncalled-bet-kept" not in BUGS:
                self._return_uncalled()
            for p in self.order:
                p.bet = 0
            self._uncontested()
            return
        following = wager.next_after(who)
        if following is not None:
            self.to_act = following
            return
        self._close_round()
        self.to_act = None
        self._advance()

    # -- pots and awards

    def pots(self):
        caps = sorted({p.put for p in self.order if p.all_in and p.put > 0})
        made = []
        floor = 0
        for cap in caps + [None]:
            amount = 0
            for p in self.order:
                high = p.put if cap is None else min(p.put, cap)
                amount += max(0, high - min(p.put, floor))
            if cap is None:
                eligible = [p for p in self.order if not p.folded and not p.all_in]
            else:
                eligible = [
                    p for p in self.order if not p.folded and (not p.all_in or p.put >= cap)
                ]
            if amount > 0 or not made:
                if made and {q.seat for q in made[-1][1]} == {q.seat for q in eligible}:
                    made[-1] = (made[-1][0] + amount, made[-1][1])
                elif eligible or amount:
                    made.append((amount, eligible))
            if cap is not None:
                floor = cap
        if not made:
            made.append((0, self.live()))
        return made

    def _split(self, amount, winners):
        """Cut amount between winners, odd chips by the ruleset."""
        chip = self.rules.chip
        if self.rules.odd_chip_tie == "high-card":

            def strongest(p):
                cards = p.down + p.up
                return max((rank(c), self.rules.suit_rank[c[1]]) for c in cards)

            ordered = sorted(winners, key=strongest, reverse=True)
        else:
            ordered = [p for p in self.order if p in winners]
        chips, rest = divmod(amount, chip)
        each, odd = divmod(chips, len(ordered))
        shares = {p.seat: each * chip for p in ordered}
        for p in ordered[:odd]:
            shares[p.seat] += chip
        shares[ordered[0].seat] += rest
        return [(p, shares[p.seat]) for p in ordered]

    def _finish(self, awards, hands, showdown):
        for p in self.order:
            p.final_all_in = p.all_in
        for p, amount, _, _ in awards:
            p.stack += amount
        self.over = True
        self.to_act = None
        self.wager = None
        self.result = {
            "awards": [
                {"seat": p.seat, "amount": show_amount(a), "pot": i, "share": s}
                for p, a, i, s in awards
            ],
            "hands": hands,
            "showdown": showdown,
        }

    def _uncontested(self):
        pots = self.pots()
        self.final_pots = pots
        winner = self.live()[0]
        awards = [(winner, amount, i, None) for i, (amount, _) in enumerate(pots) if amount]
        self._finish(awards, [], False)

    def _show_order(self):
        live = self.live()
        if self.round_aggressor is not None and not self.round_aggressor.folded:
            lead = self.round_aggressor
        elif self.round_opener is not None and not self.round_opener.folded:
            lead = self.round_opener
        else:
            lead = self._best_board(self.last_plan, live)
        return [p for p in self.clockwise_from(lead) if not p.folded]

    def _showdown(self):
        pots = self.pots()
        self.final_pots = pots
        live = self.live()
        values = {}
        for p in live:
            values[p.seat] = best_five(p.down + p.up + self.community)
        awards = []
        for i, (amount, eligible) in enumerate(pots):
            if not amount:
                continue
            contenders = eligible if eligible else live
            if "side-pot-to-main-winner" in BUGS:
                contenders = live
            top = max(values[p.seat][0] for p in contenders)
            winners = [p for p in contenders if values[p.seat][0] == top]
            share = self.rules.share_name if len(contenders) > 1 else None
            for p, part in self._split(amount, winners):
                awards.append((p, part, i, share))
        hands = []
        for p in self._show_order():
            value, cards = values[p.seat]
            hands.append(
                {
                    "seat": p.seat,
                    "share": self.rules.share_name,
                    "name": value_name(value),
                    "cards": cards,
                }
            )
        self._finish(awards, hands, True)

    # -- the state

    def _legal_entry(self, action, value):
        if value is None:
            return {"action": action}
        return {"action": action, "amount": show_amount(value)}

    def state(self):
        if self.over:
            pots = self.final_pots
            legal = []
        else:
            pots = self.pots()
            legal = [self._legal_entry(a, v) for a, v in self.wager.options(self.to_act)]
        street = self.rules.streets[max(self.street_index, 0)].name
        return {
            "street": street,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act.seat,
            "legal": legal,
            "pot": show_amount(sum(p.put for p in self.order)),
            "pots": [
                {"amount": show_amount(a), "eligible": sorted(p.seat for p in e)} for a, e in pots
            ],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": show_amount(p.stack),
                    "bet": show_amount(p.bet),
                    "folded": p.folded,
                    "all_in": p.all_in,
                    "down": list(p.down),
                    "up": list(p.up),
                }
                for p in sorted(self.order, key=lambda q: q.seat)
            ],
            "community": list(self.community),
            "result": self.result,
        }


# --------------------------------------------------------------------------- the table


class Table:
    """What outlives a hand: the rules, the seats and their stacks, the button."""

    def __init__(self):
        self.rules = None
        self.hand = None
        self.roster = []  # (seat, name)

    def new_hand(self, request):
        rules = Rules(request.get("ruleset"))
        seats = request.get("seats")
        if not isinstance(seats, list) or not seats:
            raise bad_request("seats: a list of seats is required")
        sitters = []
        taken = set()
        for entry in seats:
            if not isinstance(entry, dict):
                raise bad_request("seats: each seat is an object")
            seat = entry.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
                raise bad_request(f"seats: {seat!r} is not a seat number")
            if seat in taken:
                raise bad_request(f"seats: seat {seat} twice")
            taken.add(seat)
            name = entry.get("name")
            if not isinstance(name, str):
                raise bad_request("seats: a name is required")
            stack = read_amount(entry.get("stack"), f"seat {seat} stack")
            sitters.append(Sitter(seat, name, stack))
        dealer = request.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 1:
            raise bad_request("dealer: a seat number is required")
        hand = self._deal(rules, sitters, dealer, request.get("deck"))
        self.rules = rules
        self.hand = hand
        return hand

    def next_hand(self, request):
        if self.hand is None:
            raise Answer("no_hand", "no hand has been dealt at this table")
        if not self.hand.over:
            raise bad_request("the hand is still being played")
        old = self.hand
        staying = [
            Sitter(p.seat, p.name, p.stack)
            for p in sorted(old.order, key=lambda q: q.seat)
            if p.stack > 0
        ]
        if len(staying) < 2:
            raise bad_request("fewer than two players have chips left")
        dealer = old.dealer
        if self.rules.rotates:
            seats = [p.seat for p in staying]
            after = [s for s in seats if s > dealer]
            dealer = after[0] if after else seats[0]
        hand = self._deal(self.rules, staying, dealer, request.get("deck"))
        self.hand = hand
        return hand

    def _deal(self, rules, sitters, dealer, deck):
        sitters = [p for p in sitters if p.stack > 0]
        if len(sitters) < max(2, rules.seats_min) or len(sitters) > rules.seats_max:
            raise bad_request(
                f"{len(sitters)} players: this ruleset deals {rules.seats_min} to {rules.seats_max}"
            )
        if deck is None:
            deck = []
        if not isinstance(deck, list):
            raise bad_request("deck: a list of cards")
        listed = [check_card(c, "deck") for c in deck]
        if len(set(listed)) != len(listed):
            raise bad_request("deck: a card is listed twice")
        if listed:
            rest = [c for c in NEW_DECK if c not in set(listed)]
            cards = listed + rest
        else:
            cards = list(NEW_DECK)
            random.Random(0).shuffle(cards)
        return Hand(rules, sitters, dealer, cards)


# --------------------------------------------------------------------------- evaluate


def evaluate(request):
    ranking = request.get("ranking")
    if ranking != "high":
        raise Answer("unsupported", f"ranking = {json.dumps(ranking)}: this engine ranks high only")
    if request.get("qualifier") is not None or request.get("wild"):
        raise Answer("unsupported", "evaluate options (qualifier, wild) are not read")
    hands = request.get("hands")
    if not isinstance(hands, list) or not hands or len(hands) > 100:
        raise bad_request("hands: one to a hundred hands")
    scored = []
    for i, cards in enumerate(hands):
        if not isinstance(cards, list) or not 5 <= len(cards) <= 8:
            raise bad_request(f"hands[{i}]: five to eight cards")
        for c in cards:
            check_card(c, f"hands[{i}]")
        if len(set(cards)) != len(cards):
            raise bad_request(f"hands[{i}]: a card twice")
        scored.append(best_five(cards))
    results = []
    for value, cards in scored:
        place = 1 + sum(1 for other, _ in scored if other > value)
        results.append({"best": cards, "name": value_name(value), "rank": place})
    return {"results": results}


# --------------------------------------------------------------------------- the loop


def hello():
    return {
        "protocol": 1,
        "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
        "rulesets": ["*"],
        "features": ["evaluate", "table"],
    }


def answer(table, request):
    op = request.get("op")
    if op == "hello":
        return hello()
    if op == "new_hand":
        return {"state": table.new_hand(request).state()}
    if op == "next_hand":
        return {"state": table.next_hand(request).state()}
    if op == "state":
        if table.hand is None:
            raise Answer("no_hand", "no hand has been dealt")
        return {"state": table.hand.state()}
    if op == "act":
        if table.hand is None:
            raise Answer("no_hand", "no hand has been dealt")
        seat = request.get("seat")
        action = request.get("action")
        raw = request.get("amount")
        amount = None if raw is None else read_amount(raw, "amount")
        if not isinstance(action, str):
            raise bad_request("action: a word is required")
        table.hand.act(seat, action, amount)
        return {"state": table.hand.state()}
    if op == "evaluate":
        return evaluate(request)
    if op == "bye":
        return {}
    raise Answer("unsupported", f"op {op!r} is not played by this engine")


def serve(stream_in, stream_out):
    table = Table()
    for line in stream_in:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if (
            not isinstance(request, dict)
            or isinstance(request.get("id"), bool)
            or not isinstance(request.get("id"), (int, float))
            or request.get("id") < 0
        ):
            reply = {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "not a request"},
            }
            stream_out.write(json.dumps(reply) + "\n")
            stream_out.flush()
            continue
        ident = request["id"]
        # a refused request leaves the table exactly as it was
        try:
            body = answer(table, request)
            reply = {"id": ident, "ok": True}
            reply.update(body)
        except Answer as refusal:
            reply = {"id": ident, "ok": False, "error": refusal.error()}
        except Exception as crash:  # keep running on our own bugs
            reply = {
                "id": ident,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(crash).__name__}: {crash}"},
            }
        stream_out.write(json.dumps(reply) + "\n")
        stream_out.flush()
        if request.get("op") == "bye":
            break


def main(argv):
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--bugs" and args:
            names = [n for n in args.pop(0).split(",") if n]
        elif arg.startswith("--bugs="):
            names = [n for n in arg.split("=", 1)[1].split(",") if n]
        else:
            sys.stderr.write("usage: independent_three.py [--bugs name1,name2]\n")
            return 2
        for name in names:
            if name not in BUG_NAMES:
                sys.stderr.write(f"unknown bug {name!r}; known: {', '.join(BUG_NAMES)}\n")
                return 2
            BUGS.add(name)
    serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

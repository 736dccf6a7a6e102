#!/usr/bin/env python3
"""independent_ten: a seven-card stud engine written apart from the reference.

Written by an outside author from the published material only (docs/protocol.md and
the other pages under docs/, schemas/, rulesets/*.yaml and features/), as a third-party
engine that `stud verify` and `stud fuzz` test over the JSON Lines protocol.

What it plays
-------------
Fixed-limit seven-card stud with the casino street table (two down and one up, three
up, one down) under three pot layouts:

* high only (seven-card-stud and its house variants: four raises, round-start cap, no
  burn, big bring-in, Robert's rules ties, nine seats, the home game without bring-in,
  small raise after a big bet),
* low only, ace-to-five (razz),
* high and low, the low ace-to-five with or without a qualifier (stud-hi-lo,
  stud-hi-lo-any-low, stud-hi-lo-regular, stud-hi-lo-split-unit).

Antes, the bring-in (lowest or highest door card, aces high or low, the suit order, the
all-in rule), completion, fixed-limit bets with the open-pair option and the cap, short
all-ins and reopening, side pots, uncalled bets, burns and the run-out (burns reused,
community card), odd chips (by position or high card) and the showdown.

Protocol 1.0: `hello` answers protocol 1, `rulesets: ["*"]` and no features at all (no
`evaluate`, no `table`, no `seat-cards`, no profile).  It deals the `deck` as given, top
first, burns included.  Any ruleset value it does not play is refused with an
`unsupported` error whose message names the value (path, wanted value, what it plays).

Planted bugs
------------
All off by default; `--bugs name1,name2` switches them on.

| name                      | id       | what changes                                          |
|---------------------------|----------|-------------------------------------------------------|
| deals-from-seat-one       | DEAL-02  | every deal round starts at the lowest seat number     |
| razz-pairs-ignored        | RAZZ-01  | razz low read from the five lowest ranks, pairs too   |
| hilo-low-not-qualified    | HILO-02  | hi-lo: a nine-or-worse low still takes the low half   |
| hilo-odd-chip-to-low      | HILO-08  | hi-lo: the odd chip of a halved pot goes to the low   |
| razz-opener-highest-board | ROUND-12 | razz: from fourth street the highest board acts first |
| bring-in-not-live         | BRING-07 | a player facing only the bring-in may also check      |
| uncalled-bet-kept         | SHOW-07  | a bet or raise nobody called stays in the pot         |
| quartered-wrong           | HILO-09  | hi-lo: tied lows: the first from the dealer's left    |
|                           |          | takes the whole low half                              |

(id: the catalogue id of features/rules-index.yaml the author thinks the bug breaks.)

Usage: python independent_ten.py [--bugs NAME[,NAME...]]
"""

import argparse
import itertools
import json
import sys
from decimal import Decimal, InvalidOperation

BUG_NAMES = (
    "deals-from-seat-one",
    "razz-pairs-ignored",
    "hilo-low-not-qualified",
    "hilo-odd-chip-to-low",
    "razz-opener-highest-board",
    "bring-in-not-live",
    "uncalled-bet-kept",
    "quartered-wrong",
)

# ---------------------------------------------------------------------------
# money: integer micro-units (the protocol allows at most six decimals)

SCALE = 10**6


class BadRequest(Exception):
    pass


class Unsupported(Exception):
    pass


class Illegal(Exception):
    def __init__(self, message, legal):
        super().__init__(message)
        self.legal = legal


def to_units(value):
    if isinstance(value, bool) or value is None:
        raise BadRequest(f"not an amount: {value!r}")
    try:
        d = Decimal(str(value))
    except InvalidOperation:
        raise BadRequest(f"not an amount: {value!r}") from None
    if not d.is_finite() or d < 0:
        raise BadRequest(f"not an amount: {value!r}")
    u = d * SCALE
    if u != u.to_integral_value():
        raise BadRequest(f"amount {value!r} has more than six decimals")
    return int(u)


def fmt(units):
    q = Decimal(units).scaleb(-6)
    s = f"{q:f}"
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s or "0"


# ---------------------------------------------------------------------------
# cards

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
WORD = {
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
    1: "ace",
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
    1: "aces",
}


def rank_of(card):
    return RANKS.index(card[0]) + 2


def suit_of(card):
    return SUITS.index(card[1])


def low_rank(card):
    r = rank_of(card)
    return 1 if r == 14 else r


def new_deck():
    return [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------------------
# hand values


def high_value(cards):
    """Value of up to five cards for high poker: bigger is better."""
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    order = tuple(r for r, n in groups)
    shape = tuple(n for r, n in groups)
    flush = len(cards) == 5 and len({c[1] for c in cards}) == 1
    straight_top = None
    if len(cards) == 5 and len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [14, 5, 4, 3, 2]:
            straight_top = 5
    if straight_top and flush:
        return (8, straight_top)
    if shape[0] == 4:
        return (7,) + order
    if shape[:2] == (3, 2):
        return (6,) + order
    if flush:
        return (5,) + tuple(ranks)
    if straight_top:
        return (4, straight_top)
    if shape[0] == 3:
        return (3,) + order
    if shape[:2] == (2, 2):
        return (2,) + order
    if shape[0] == 2:
        return (1,) + order
    return (0,) + order


def low_value(cards):
    """Ace-to-five value of up to five cards: smaller is better."""
    ranks = [low_rank(c) for c in cards]
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for r, n in groups)
    if not shape or shape[0] == 1:
        cat = 0
    elif shape[0] == 4:
        cat = 5
    elif shape[:2] == (3, 2):
        cat = 4
    elif shape[0] == 3:
        cat = 3
    elif shape[:2] == (2, 2):
        cat = 2
    else:
        cat = 1
    return (cat,) + tuple(r for r, n in groups)


def best_high(cards):
    if len(cards) <= 5:
        return high_value(cards), list(cards)
    best = None
    for combo in itertools.combinations(cards, 5):
        v = high_value(combo)
        if best is None or v > best[0]:
            best = (v, list(combo))
    return best


def best_low(cards):
    if len(cards) <= 5:
        return low_value(cards), list(cards)
    best = None
    for combo in itertools.combinations(cards, 5):
        v = low_value(combo)
        if best is None or v < best[0]:
            best = (v, list(combo))
    return best


def five_lowest_ranks(cards):
    """Razz read the lazy way: the five lowest cards, whatever pairs they hold."""
    chosen = sorted(cards, key=lambda c: (low_rank(c), suit_of(c)))[:5]
    ranks = sorted((low_rank(c) for c in chosen), reverse=True)
    return (0,) + tuple(ranks), chosen


def high_name(value):
    cat = value[0]
    if cat == 8:
        return "royal flush" if value[1] == 14 else f"{WORD[value[1]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {PLURAL[value[1]]}"
    if cat == 6:
        return f"full house, {PLURAL[value[1]]} over {PLURAL[value[2]]}"
    if cat == 5:
        return f"flush, {WORD[value[1]]} high"
    if cat == 4:
        return f"{WORD[value[1]]}-high straight"
    if cat == 3:
        return f"three of a kind, {PLURAL[value[1]]}"
    if cat == 2:
        return f"two pair, {PLURAL[value[1]]} and {PLURAL[value[2]]}"
    if cat == 1:
        return f"pair of {PLURAL[value[1]]}"
    return f"high card, {WORD[value[1]]}"


def low_name(value):
    cat = value[0]
    r = value[1:]
    if cat == 0:
        if len(r) >= 2:
            return f"{WORD[r[0]]}-{WORD[r[1]]} low"
        return f"{WORD[r[0]]} low"
    if cat == 1:
        return f"pair of {PLURAL[r[0]]}"
    if cat == 2:
        return f"two pair, {PLURAL[r[0]]} and {PLURAL[r[1]]}"
    if cat == 3:
        return f"three of a kind, {PLURAL[r[0]]}"
    if cat == 4:
        return f"full house, {PLURAL[r[0]]} over {PLURAL[r[1]]}"
    return f"four of a kind, {PLURAL[r[0]]}"


def board_key_high(cards):
    """A board for the opener, high: pairs, trips, quads and high cards; straights and
    flushes count for nothing.  Returns (value, suit of its top card)."""
    ranks = {}
    for c in cards:
        ranks.setdefault(rank_of(c), []).append(c)
    groups = sorted(ranks.items(), key=lambda kv: (len(kv[1]), kv[0]), reverse=True)
    shape = tuple(len(cs) for r, cs in groups)
    if not shape:
        return ((-1,), -1)
    if shape[0] >= 4:
        cat = 5
    elif shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
        cat = 4
    elif shape[0] == 3:
        cat = 3
    elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        cat = 2
    elif shape[0] == 2:
        cat = 1
    else:
        cat = 0
    value = (cat,) + tuple(r for r, cs in groups)
    top = max(groups[0][1], key=suit_of)
    return value, suit_of(top)


def board_key_low(cards):
    """A board read ace-to-five: smaller is better.  (value, suit of its top card)."""
    ranks = {}
    for c in cards:
        ranks.setdefault(low_rank(c), []).append(c)
    groups = sorted(ranks.items(), key=lambda kv: (len(kv[1]), kv[0]), reverse=True)
    if not groups:
        return ((99,), 9)
    value = low_value(cards)
    top = max(groups[0][1], key=suit_of)
    return value, suit_of(top)


# ---------------------------------------------------------------------------
# the ruleset

STUD_DEALS = [["down", "down", "up"], ["up"], ["up"], ["up"], ["down"]]


class Rules:
    def __init__(self, doc):
        if isinstance(doc, str):
            raise Unsupported(
                f"ruleset = {doc!r}: this engine reads only a ruleset document, "
                "send the resolved ruleset"
            )
        if not isinstance(doc, dict):
            raise BadRequest("ruleset must be an object")
        problems = []

        def want(path, value, plays, ok):
            if not ok:
                problems.append(f"{path} = {json.dumps(value)} (plays {json.dumps(plays)})")

        def get(d, *keys, default=None):
            for k in keys:
                if not isinstance(d, dict) or k not in d:
                    return default
                d = d[k]
            return d

        self.name = doc.get("name", "")
        deck = doc.get("deck") or {}
        want("deck.jokers", deck.get("jokers", 0), 0, deck.get("jokers", 0) in (0, None))
        want("deck.centre", deck.get("centre", []), [], not deck.get("centre"))
        want("deck.stripped", deck.get("stripped", []), [], not deck.get("stripped"))

        dealing = doc.get("dealing") or {}
        self.burn = bool(dealing.get("burn", True))
        self.reuse_burns = bool(dealing.get("reuse_burns", True))
        self.community_card = bool(dealing.get("community_card", True))

        stakes = doc.get("stakes") or {}
        try:
            self.chip = to_units(stakes.get("chip", "0.01"))
            self.ante = to_units(stakes.get("ante", "0"))
            bi = stakes.get("bring_in")
            self.bring_in = None if bi is None else to_units(bi)
            self.small = to_units(stakes["small_bet"])
            self.big = to_units(stakes["big_bet"])
        except KeyError as e:
            raise BadRequest(f"stakes.{e.args[0]} is missing") from None
        if self.chip <= 0:
            raise BadRequest("stakes.chip must be positive")
        want(
            "stakes.small_blind", stakes.get("small_blind"), None, stakes.get("small_blind") is None
        )
        want("stakes.big_blind", stakes.get("big_blind"), None, stakes.get("big_blind") is None)

        bring = doc.get("bring_in") or {}
        self.bring_card = bring.get("card", "lowest")
        self.bring_aces = bring.get("aces", "high")
        self.suit_order = bring.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        self.bring_all_in = bring.get("all_in", "next-card")
        want("bring_in.card", self.bring_card, "lowest", self.bring_card in ("lowest", "highest"))
        want("bring_in.aces", self.bring_aces, "high", self.bring_aces in ("high", "low"))
        want(
            "bring_in.all_in",
            self.bring_all_in,
            "next-card",
            self.bring_all_in in ("next-card", "next-seat"),
        )
        ok_suits = (
            isinstance(self.suit_order, list)
            and len(self.suit_order) == 4
            and sorted(self.suit_order) == sorted(SUIT_NAMES)
        )
        want("bring_in.suit_order", self.suit_order, list(SUIT_NAMES), ok_suits)
        if ok_suits:
            self.suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(self.suit_order)}
        else:
            self.suit_rank = {0: 0, 1: 1, 2: 2, 3: 3}

        board = doc.get("board") or {}
        self.board_ranking = board.get("ranking", "high")
        self.board_ties = board.get("ties", "suit")
        want(
            "board.ranking",
            self.board_ranking,
            "high",
            self.board_ranking in ("high", "ace-to-five"),
        )
        want("board.ties", self.board_ties, "suit", self.board_ties in ("suit", "position"))

        betting = doc.get("betting") or {}
        structure = betting.get("structure", "fixed-limit")
        want("betting.structure", structure, "fixed-limit", structure == "fixed-limit")
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        want(
            "betting.uncapped_heads_up",
            self.uncapped,
            "in-hand",
            self.uncapped in ("in-hand", "round-start", "never"),
        )
        self.big_bet_locks = bool(betting.get("big_bet_locks", True))
        self.reopen = Decimal(str(betting.get("reopen_fraction", "0.5")))
        self.fold_when_check = betting.get("fold_when_check", "refused")
        want(
            "betting.fold_when_check",
            self.fold_when_check,
            "refused",
            self.fold_when_check in ("refused", "allowed"),
        )

        streets = doc.get("streets") or []
        deals = [list(s.get("deal") or []) for s in streets]
        if deals != STUD_DEALS:
            problems.append(
                "streets = "
                + json.dumps([s.get("name") for s in streets])
                + " with deals "
                + json.dumps(deals)
                + " (plays only the seven-card stud deal: "
                + json.dumps(STUD_DEALS)
                + ")"
            )
        self.streets = []
        for i, s in enumerate(streets):
            p = f"streets[{i}]"
            for key, default in (
                ("deal_if_players_at_most", None),
                ("exchange", None),
                ("spread", None),
            ):
                want(f"{p}.{key}", s.get(key), default, s.get(key) is None)
            want(f"{p}.decide", s.get("decide", []), [], not s.get("decide"))
            opener = s.get("opener", "best-board")
            if i == 0:
                first = "bring-in" if self.bring_in is not None else "best-board"
                want(f"{p}.opener", opener, first, opener == first)
            else:
                want(f"{p}.opener", opener, "best-board", opener == "best-board")
            bet = s.get("bet", "small")
            want(f"{p}.bet", bet, "small", bet in ("small", "big"))
            bbw = s.get("big_bet_when", "never")
            want(f"{p}.big_bet_when", bbw, "never", bbw in ("never", "open-pair"))
            ties = s.get("ties")
            want(f"{p}.ties", ties, None, ties in (None, "suit", "position"))
            self.streets.append(
                {
                    "name": s.get("name", str(i)),
                    "deal": list(s.get("deal") or []),
                    "opener": opener,
                    "bet": bet,
                    "big_bet_when": bbw,
                    "ties": ties or self.board_ties,
                }
            )

        wild = doc.get("wild") or {}
        want("wild.ranks", wild.get("ranks", []), [], not wild.get("ranks"))
        want("wild.low_hole", wild.get("low_hole", False), False, not wild.get("low_hole"))
        want(
            "wild.joker",
            wild.get("joker", "none"),
            "none",
            wild.get("joker", "none") in ("none", None),
        )
        want("events", doc.get("events", []), [], not doc.get("events"))

        pot = doc.get("pot") or {}
        shares = pot.get("shares") or []
        self.shares = []
        for i, sh in enumerate(shares):
            p = f"pot.shares[{i}]"
            name = sh.get("name")
            ranking = sh.get("ranking", "high")
            if name == "high":
                want(f"{p}.ranking", ranking, "high", ranking == "high")
                want(f"{p}.qualifier", sh.get("qualifier"), None, sh.get("qualifier") is None)
            elif name == "low":
                want(f"{p}.ranking", ranking, "ace-to-five", ranking == "ace-to-five")
            else:
                want(f"{p}.name", name, "high", False)
            for key, default in (
                ("minimum", None),
                ("own", None),
                ("common", None),
                ("suit", None),
                ("fallback", None),
            ):
                want(f"{p}.{key}", sh.get(key), default, sh.get(key) is None)
            want(f"{p}.cards", sh.get("cards", "all"), "all", sh.get("cards", "all") == "all")
            q = sh.get("qualifier")
            self.shares.append({"name": name, "qualifier": None if q is None else int(q)})
        names = [s["name"] for s in self.shares]
        if not names or len(set(names)) != len(names):
            problems.append(
                f'pot.shares = {json.dumps(names)} (plays ["high"], ["low"] or ["high", "low"])'
            )
        split_unit = pot.get("split_unit")
        self.split_unit = self.chip if split_unit is None else to_units(split_unit)
        if self.split_unit <= 0:
            raise BadRequest("pot.split_unit must be positive")
        self.odd_chip_share = pot.get("odd_chip_share", "high")
        if self.odd_chip_share not in names and names:
            if len(names) == 1:
                self.odd_chip_share = names[0]
            else:
                problems.append(
                    f"pot.odd_chip_share = {json.dumps(self.odd_chip_share)} "
                    "(plays a share of pot.shares)"
                )
        self.odd_chip_tie = pot.get("odd_chip_tie", "position")
        want(
            "pot.odd_chip_tie",
            self.odd_chip_tie,
            "position",
            self.odd_chip_tie in ("position", "high-card"),
        )
        self.unqualified = pot.get("unqualified") or "best-high"
        want(
            "pot.unqualified",
            pot.get("unqualified"),
            "best-high",
            self.unqualified in ("best-high", "split"),
        )

        show = doc.get("showdown") or {}
        want(
            "showdown.method",
            show.get("method", "cards-speak"),
            "cards-speak",
            show.get("method", "cards-speak") == "cards-speak",
        )

        if problems:
            raise Unsupported("unsupported ruleset value(s): " + "; ".join(problems))

        self.is_razz = names == ["low"] and self.board_ranking == "ace-to-five"
        self.is_hilo = sorted(names) == ["high", "low"]


# ---------------------------------------------------------------------------
# the hand


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = 0
        self.committed = 0
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []

    def cards(self):
        return self.down + self.up


class Hand:
    def __init__(self, rules, seats, dealer, deck, bugs):
        self.r = rules
        self.bugs = bugs
        if not isinstance(seats, list) or not seats:
            raise BadRequest("seats must be a non-empty list")
        players = []
        seen = set()
        for s in seats:
            if not isinstance(s, dict):
                raise BadRequest("a seat must be an object")
            n = s.get("seat")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1 or n in seen:
                raise BadRequest(f"bad seat number {n!r}")
            seen.add(n)
            players.append(Player(n, str(s.get("name", "")), to_units(s.get("stack"))))
        if len(players) < 2:
            raise BadRequest("at least two players are needed")
        self.players = sorted(players, key=lambda p: p.seat)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer < 1:
            raise BadRequest(f"bad dealer {dealer!r}")
        self.dealer = dealer
        # the stub: the deck given, then the rest in new-deck order
        if not isinstance(deck, list):
            raise BadRequest("deck must be a list")
        full = new_deck()
        listed = []
        for c in deck:
            if c not in full:
                raise BadRequest(f"not a card of this pack: {c!r}")
            if c in listed:
                raise BadRequest(f"card {c} listed twice")
            listed.append(c)
        self.stub = listed + [c for c in full if c not in listed]
        self.burns = []
        self.community = []
        self.dealt_any = False
        self.si = -1
        self.over = False
        self.result = None
        self.to_act = None
        self.rnd = None
        self.last_round = None  # (street index, aggressor seat or None)
        # the antes, clockwise from the dealer's left
        for p in self.clockwise():
            a = min(self.r.ante, p.stack)
            p.stack -= a
            p.committed += a
            if p.stack == 0:
                p.all_in = True
        self.advance()

    # -- seats and order -----------------------------------------------------

    def clockwise(self, after=None):
        """Players clockwise from the dealer's left (or from the left of seat `after`)."""
        start = self.dealer if after is None else after
        seats = self.players
        i = 0
        while i < len(seats) and seats[i].seat <= start:
            i += 1
        return seats[i:] + seats[:i]

    def deal_order(self):
        if "deals-from-seat-one" in self.bugs:
            return list(self.players)
        return self.clockwise()

    def live(self):
        return [p for p in self.clockwise() if not p.folded]

    def player(self, seat):
        for p in self.players:
            if p.seat == seat:
                return p
        return None

    # -- dealing -------------------------------------------------------------

    def deal_street(self, si):
        entries = self.r.streets[si]["deal"]
        if not entries:
            return
        if self.r.burn and self.dealt_any and self.stub:
            self.burns.append(self.stub.pop(0))
        for ei, face in enumerate(entries):
            live = [p for p in self.deal_order() if not p.folded]
            need = len(live)
            later = len(entries) - ei - 1 + sum(len(s["deal"]) for s in self.r.streets[si + 1 :])
            if len(self.stub) < need and self.r.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            if self.r.community_card and len(self.stub) < need + later:
                if not self.stub:
                    raise RuntimeError("the pack ran out")
                self.community.append(self.stub.pop(0))
            else:
                if len(self.stub) < need:
                    raise RuntimeError("the pack ran out")
                for p in live:
                    card = self.stub.pop(0)
                    (p.down if face == "down" else p.up).append(card)
        self.dealt_any = True

    # -- choosing who acts ---------------------------------------------------

    def bring_in_player(self):
        r = self.r

        def key(p):
            card = p.up[-1]
            rv = rank_of(card)
            if r.bring_aces == "low" and rv == 14:
                rv = 1
            return (rv, r.suit_rank[suit_of(card)])

        live = [p for p in self.live() if p.up]
        with_chips = [p for p in live if p.stack > 0]
        if not with_chips:
            return None
        pick = min if r.bring_card == "lowest" else max
        if r.bring_all_in == "next-seat":
            first = pick(live, key=key)
            if first.stack > 0:
                return first
            for p in self.clockwise(first.seat):
                if not p.folded and p.stack > 0:
                    return p
            return None
        return pick(with_chips, key=key)

    def best_board(self, si):
        """The player whose board opens street si (all-in players included)."""
        street = self.r.streets[si]
        ranking = self.r.board_ranking
        if "razz-opener-highest-board" in self.bugs and self.r.is_razz and si > 0:
            ranking = "high"
        ties = street["ties"]
        order = self.live()
        best = None
        for pos, p in enumerate(order):
            cards = p.up + self.community
            if ranking == "high":
                value, suit = board_key_high(cards)
                k = (value, suit if ties == "suit" else -pos)
                better = best is None or k > best[0]
            else:
                value, suit = board_key_low(cards)
                k = (value, suit if ties == "suit" else pos)
                better = best is None or k < best[0]
            if better:
                best = (k, p)
        return best[1] if best else None

    def opener(self, si):
        p = self.best_board(si)
        if p is None:
            return None
        if not p.all_in:
            return p
        for q in self.clockwise(p.seat):
            if not q.folded and not q.all_in:
                return q
        return p

    # -- the flow of the hand ------------------------------------------------

    def advance(self):
        while True:
            if len(self.live()) <= 1:
                self.finish_uncontested()
                return
            if self.si + 1 >= len(self.r.streets):
                self.showdown()
                return
            self.si += 1
            self.deal_street(self.si)
            if self.start_round():
                return

    def start_round(self):
        street = self.r.streets[self.si]
        live = self.live()
        able = [p for p in live if not p.all_in]
        self.rnd = None
        if len(able) < 2:
            return False
        unit = self.r.small if street["bet"] == "small" else self.r.big
        rnd = {
            "unit": unit,
            "state": "none",
            "level": 0,
            "raises": 0,
            "acted": set(),
            "big_locked": False,
            "aggressor": None,
            "start_active": len(able),
            "forced": None,
        }
        self.rnd = rnd
        if street["opener"] == "bring-in" and self.r.bring_in is not None:
            forced = self.bring_in_player()
            if forced is None:
                self.rnd = None
                return False
            rnd["state"] = "forced"
            rnd["forced"] = forced.seat
            self.to_act = forced.seat
        else:
            first = self.opener(self.si)
            self.to_act = first.seat
        self.last_round = (self.si, None)
        return True

    def open_pair(self):
        for p in self.live():
            ranks = [rank_of(c) for c in p.up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def bet_units(self):
        rnd = self.rnd
        street = self.r.streets[self.si]
        small = rnd["unit"]
        if (
            street["big_bet_when"] == "open-pair"
            and street["bet"] == "small"
            and self.r.big > small
        ):
            if rnd["big_locked"]:
                return [self.r.big]
            if self.open_pair():
                return [small, self.r.big]
        return [small]

    def capped(self):
        rnd = self.rnd
        if self.r.max_raises is None:
            return False
        if rnd["raises"] < self.r.max_raises:
            return False
        if self.r.uncapped == "never":
            return True
        if self.r.uncapped == "in-hand":
            return len(self.live()) > 2
        return rnd["start_active"] > 2

    def others_can_answer(self, p, level):
        for q in self.live():
            if q is not p and q.bet + q.stack > level:
                return True
        return False

    def legal(self):
        """The options of the seat to act: list of (action, amount or None)."""
        if self.over or self.to_act is None:
            return []
        rnd = self.rnd
        p = self.player(self.to_act)
        top = p.bet + p.stack
        level = rnd["level"]
        opts = []

        def add(action, amount=None):
            if (action, amount) not in opts:
                opts.append((action, amount))

        state = rnd["state"]
        if state == "forced":
            bi = min(self.r.bring_in, top)
            add("bring_in", bi)
            if self.r.bring_in < self.r.small and top > bi and self.others_can_answer(p, 0):
                add("complete", min(self.r.small, top))
            return opts
        if p.bet >= level:
            add("check")
            if self.r.fold_when_check == "allowed":
                add("fold")
        else:
            add("fold")
            if state == "bring" and "bring-in-not-live" in self.bugs:
                add("check")
            add("call", min(level, top))
        if top <= level or not self.others_can_answer(p, level):
            return opts
        if state == "none":
            for u in self.bet_units():
                add("bet", min(u, top))
        elif state == "bring":
            add("complete", min(self.r.small, top))
        elif state == "bet":
            if p.seat not in rnd["acted"] and not self.capped():
                for u in self.bet_units():
                    add("raise", min(level + u, top))
        return opts

    def act(self, seat, action, amount):
        if self.over:
            raise Illegal("the hand is over", [])
        opts = self.legal()
        if seat != self.to_act:
            raise Illegal(f"it is seat {self.to_act}'s turn, not seat {seat}'s", opts)
        chosen = None
        for a, amt in opts:
            if a != action:
                continue
            if amt is None or amount is None or amt == amount:
                chosen = (a, amt)
                break
        if chosen is None:
            what = action if amount is None else f"{action} {fmt(amount)}"
            raise Illegal(
                f"{what} is not legal now; legal now: "
                + ", ".join(a if amt is None else f"{a} {fmt(amt)}" for a, amt in opts),
                opts,
            )
        self.apply(self.player(seat), chosen[0], chosen[1])

    def put(self, p, total):
        add = total - p.bet
        p.stack -= add
        p.bet = total
        p.committed += add
        if p.stack == 0:
            p.all_in = True

    def apply(self, p, action, amount):
        rnd = self.rnd
        frac_ok = lambda inc, unit: Decimal(inc) >= self.r.reopen * unit  # noqa: E731
        if action == "fold":
            p.folded = True
            rnd["acted"].add(p.seat)
        elif action == "check":
            rnd["acted"].add(p.seat)
        elif action == "call":
            self.put(p, amount)
            rnd["acted"].add(p.seat)
        elif action == "bring_in":
            self.put(p, amount)
            rnd["level"] = amount
            rnd["acted"] = {p.seat}
            # only a bring-in of a full small bet is the bet; one posted all in for
            # less is completed like any short bring-in
            if amount >= self.r.small:
                rnd["state"] = "bet"
                rnd["raises"] = 0
            else:
                rnd["state"] = "bring"
        elif action == "complete":
            self.put(p, amount)
            if amount >= self.r.small or frac_ok(amount, self.r.small):
                rnd["state"] = "bet"
                rnd["raises"] = 0
                rnd["level"] = amount
                rnd["acted"] = {p.seat}
                rnd["aggressor"] = p.seat
            else:
                rnd["state"] = "bring"
                rnd["level"] = max(rnd["level"], amount)
                rnd["acted"].add(p.seat)
        elif action == "bet":
            self.put(p, amount)
            rnd["state"] = "bet"
            rnd["raises"] = 0
            rnd["level"] = amount
            rnd["acted"] = {p.seat}
            rnd["aggressor"] = p.seat
            if amount >= self.r.big > rnd["unit"] and self.r.big_bet_locks:
                rnd["big_locked"] = True
        elif action == "raise":
            inc = amount - rnd["level"]
            unit = min(self.bet_units())
            self.put(p, amount)
            if frac_ok(inc, unit):
                rnd["raises"] += 1
                rnd["acted"] = {p.seat}
                if inc >= self.r.big > rnd["unit"] and self.r.big_bet_locks:
                    rnd["big_locked"] = True
            else:
                rnd["acted"].add(p.seat)
            rnd["level"] = amount
            rnd["aggressor"] = p.seat
        self.last_round = (self.si, rnd["aggressor"])
        # what next
        if len(self.live()) <= 1:
            self.end_round()
            self.finish_uncontested()
            return
        nxt = self.next_to_act(p.seat)
        if nxt is None:
            self.end_round()
            self.advance()
        else:
            self.to_act = nxt.seat

    def needs_action(self, q):
        rnd = self.rnd
        if q.folded or q.all_in:
            return False
        behind = q.bet < rnd["level"]
        if rnd["state"] == "bring" and "bring-in-not-live" in self.bugs:
            behind = False
        if q.seat in rnd["acted"] and not behind:
            return False
        if not behind and not any(x is not q and not x.all_in for x in self.live()):
            return False
        return True

    def next_to_act(self, seat):
        for q in self.clockwise(seat):
            if self.needs_action(q):
                return q
        return None

    def end_round(self):
        self.to_act = None
        if "uncalled-bet-kept" not in self.bugs:
            bets = sorted(self.players, key=lambda x: x.bet, reverse=True)
            if len(bets) >= 2 and bets[0].bet > bets[1].bet:
                top = bets[0]
                back = top.bet - bets[1].bet
                top.bet -= back
                top.committed -= back
                top.stack += back
                if top.stack > 0:
                    top.all_in = False
        for p in self.players:
            p.bet = 0
        self.rnd = None

    # -- pots and awards -------------------------------------------------------

    def pots(self):
        live = [p for p in self.players if not p.folded]
        levels = sorted({p.committed for p in live if p.all_in})
        top = max(p.committed for p in self.players)
        if not levels or levels[-1] < top:
            levels.append(None)
        pots = []
        prev = 0
        for lv in levels:
            cap = top if lv is None else lv
            amount = sum(max(0, min(p.committed, cap) - prev) for p in self.players)
            if lv is None:
                eligible = [p.seat for p in live if not p.all_in]
            else:
                eligible = [p.seat for p in live if not p.all_in or p.committed >= lv]
            if amount > 0 or not pots:
                if eligible or not pots:
                    pots.append({"amount": amount, "eligible": eligible})
                else:
                    pots[-1]["amount"] += amount
            prev = cap
        return pots

    def finish_uncontested(self):
        self.to_act = None
        self.rnd = None
        if "uncalled-bet-kept" not in self.bugs:
            bets = sorted(self.players, key=lambda x: x.bet, reverse=True)
            if len(bets) >= 2 and bets[0].bet > bets[1].bet:
                top = bets[0]
                back = top.bet - bets[1].bet
                top.bet -= back
                top.committed -= back
                top.stack += back
                if top.stack > 0:
                    top.all_in = False
        awards = []
        winner = self.live()[0]
        for i, pot in enumerate(self.pots()):
            if pot["amount"] > 0:
                awards.append(
                    {"seat": winner.seat, "amount": pot["amount"], "pot": i, "share": None}
                )
                winner.stack += pot["amount"]
        self.over = True
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def order_for_chips(self, winners):
        if self.r.odd_chip_tie == "high-card":

            def key(p):
                return max((rank_of(c), suit_of(c)) for c in p.cards() + self.community)

            return sorted(winners, key=key, reverse=True)
        order = [p.seat for p in self.clockwise()]
        return sorted(winners, key=lambda p: order.index(p.seat))

    def divide(self, amount, winners, share_name):
        """Cut one share of a pot between tied winners: [(player, amount)]."""
        ordered = self.order_for_chips(winners)
        if (
            "quartered-wrong" in self.bugs
            and self.r.is_hilo
            and share_name == "low"
            and len(ordered) > 1
        ):
            first = sorted(winners, key=lambda p: [q.seat for q in self.clockwise()].index(p.seat))[
                0
            ]
            return [(first, amount)]
        chip = self.r.chip
        k = len(ordered)
        chips, rest = divmod(amount, chip)
        each, odd = divmod(chips, k)
        out = []
        for i, p in enumerate(ordered):
            amt = each * chip + (chip if i < odd else 0) + (rest if i == 0 else 0)
            out.append((p, amt))
        return out

    def cut_between_shares(self, amount, names):
        """Cut a pot equally between the shares that have a winner: {name: amount}."""
        unit = self.r.split_unit
        units, part = divmod(amount, unit)
        n = len(names)
        each, left = divmod(units, n)
        got = {name: each * unit for name in names}
        all_names = [s["name"] for s in self.r.shares]
        start_name = self.r.odd_chip_share
        if "hilo-odd-chip-to-low" in self.bugs and self.r.is_hilo and "low" in names:
            start_name = "low"
        start = all_names.index(start_name) if start_name in all_names else 0
        cycle = [all_names[(start + i) % len(all_names)] for i in range(len(all_names))]
        cycle = [c for c in cycle if c in names]
        for i in range(left):
            got[cycle[i % len(cycle)]] += unit
        if part:
            got[cycle[0]] += part
        return got

    def showdown(self):
        self.to_act = None
        self.rnd = None
        r = self.r
        live = self.live()
        comm = self.community
        evals = {}
        for p in live:
            cards = p.cards() + comm
            e = {}
            for sh in r.shares:
                if sh["name"] == "high":
                    v, best = best_high(cards)
                    e["high"] = {"value": v, "cards": best, "name": high_name(v), "qualifies": True}
                else:
                    if "razz-pairs-ignored" in self.bugs and r.is_razz:
                        v, best = five_lowest_ranks(cards)
                    else:
                        v, best = best_low(cards)
                    q = sh["qualifier"]
                    if "hilo-low-not-qualified" in self.bugs and r.is_hilo:
                        q = None
                    ok = q is None or (v[0] == 0 and len(best) == 5 and max(v[1:]) <= q)
                    e["low"] = {"value": v, "cards": best, "name": low_name(v), "qualifies": ok}
            evals[p.seat] = e

        def winners_of(share, seats):
            cands = [s for s in seats if evals[s][share]["qualifies"]]
            if not cands:
                return []
            if share == "high":
                best = max(evals[s]["high"]["value"] for s in cands)
            else:
                best = min(evals[s]["low"]["value"] for s in cands)
            return [s for s in cands if evals[s][share]["value"] == best]

        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] == 0:
                continue
            seats = [s for s in pot["eligible"] if s in evals]
            if not seats:
                continue
            won = {}
            for sh in r.shares:
                w = winners_of(sh["name"], seats)
                if w:
                    won[sh["name"]] = w
            if won:
                names = [s["name"] for s in r.shares if s["name"] in won]
                parts = self.cut_between_shares(pot["amount"], names)
                for name in names:
                    players = [self.player(s) for s in won[name]]
                    for p, amt in self.divide(parts[name], players, name):
                        if amt:
                            awards.append({"seat": p.seat, "amount": amt, "pot": i, "share": name})
            else:
                if r.unqualified == "split":
                    players = [self.player(s) for s in seats]
                else:
                    hv = {s: best_high(self.player(s).cards() + comm)[0] for s in seats}
                    best = max(hv.values())
                    players = [self.player(s) for s in seats if hv[s] == best]
                for p, amt in self.divide(pot["amount"], players, None):
                    if amt:
                        awards.append({"seat": p.seat, "amount": amt, "pot": i, "share": None})
        for a in awards:
            self.player(a["seat"]).stack += a["amount"]

        # who shows first: the last aggressor of the final round, else its opener
        last = len(r.streets) - 1
        first = None
        if self.last_round and self.last_round[0] == last and self.last_round[1] is not None:
            agg = self.player(self.last_round[1])
            if not agg.folded:
                first = agg
        if first is None:
            first = self.opener(last)
        order = [first] + [q for q in self.clockwise(first.seat) if not q.folded and q is not first]
        hands = []
        for p in order:
            for sh in r.shares:
                e = evals[p.seat][sh["name"]]
                if sh["name"] == "low" and not e["qualifies"]:
                    continue
                hands.append(
                    {"seat": p.seat, "share": sh["name"], "name": e["name"], "cards": e["cards"]}
                )
        self.over = True
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    # -- the state -------------------------------------------------------------

    def state(self):
        street = self.r.streets[max(self.si, 0)]["name"]
        legal = [] if self.over else self.legal()
        result = None
        if self.result is not None:
            result = {
                "awards": [
                    {
                        "seat": a["seat"],
                        "amount": fmt(a["amount"]),
                        "pot": a["pot"],
                        "share": a["share"],
                    }
                    for a in self.result["awards"]
                ],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        return {
            "street": street,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": [legal_json(a, amt) for a, amt in legal],
            "pot": fmt(sum(p.committed for p in self.players)),
            "pots": [{"amount": fmt(p["amount"]), "eligible": p["eligible"]} for p in self.pots()],
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


def legal_json(action, amount):
    if amount is None:
        return {"action": action}
    return {"action": action, "amount": fmt(amount)}


# ---------------------------------------------------------------------------
# the protocol loop


class Server:
    def __init__(self, bugs):
        self.bugs = bugs
        self.hand = None

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return {
                "protocol": 1,
                "engine": {"name": "independent_ten", "version": "1.0"},
                "rulesets": ["*"],
                "features": [],
            }
        if op == "new_hand":
            rules = Rules(req.get("ruleset"))
            hand = Hand(rules, req.get("seats"), req.get("dealer"), req.get("deck", []), self.bugs)
            self.hand = hand
            return {"state": hand.state()}
        if op == "act":
            if self.hand is None:
                return error("no_hand", "no hand has been dealt")
            seat = req.get("seat")
            action = req.get("action")
            amount = req.get("amount")
            amount = None if amount is None else to_units(amount)
            try:
                self.hand.act(seat, action, amount)
            except Illegal as e:
                return error(
                    "illegal_action", str(e), legal=[legal_json(a, amt) for a, amt in e.legal]
                )
            return {"state": self.hand.state()}
        if op == "state":
            if self.hand is None:
                return error("no_hand", "no hand has been dealt")
            return {"state": self.hand.state()}
        if op in ("next_hand", "evaluate"):
            return error("unsupported", f"{op} is not supported by this engine")
        if op == "bye":
            return {}
        return error("bad_request", f"unknown op {op!r}")


def error(code, message, **extra):
    e = {"code": code, "message": message}
    e.update(extra)
    return {"__error__": e}


def main(argv=None):
    ap = argparse.ArgumentParser(description="independent_ten stud engine")
    ap.add_argument("--bugs", default="", help="comma-separated planted bugs to switch on")
    args = ap.parse_args(argv)
    bugs = {b.strip() for b in args.bugs.split(",") if b.strip()}
    unknown = bugs - set(BUG_NAMES)
    if unknown:
        ap.error("unknown bug(s): " + ", ".join(sorted(unknown)))
    server = Server(bugs)
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except (ValueError, RecursionError):
            out.write(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "unreadable request"},
                    }
                )
                + "\n"
            )
            out.flush()
            continue
        rid = req.get("id")
        try:
            reply = server.handle(req)
        except Unsupported as e:
            reply = error("unsupported", str(e))
        except BadRequest as e:
            reply = error("bad_request", str(e))
        except Exception as e:  # noqa: BLE001 - keep serving after an engine fault
            print(f"internal error: {e!r}", file=sys.stderr)
            reply = error("internal", f"{type(e).__name__}: {e}")
        if "__error__" in reply:
            msg = {"id": rid, "ok": False, "error": reply["__error__"]}
        else:
            msg = {"id": rid, "ok": True}
            msg.update(reply)
        out.write(json.dumps(msg) + "\n")
        out.flush()
        if req.get("op") == "bye":
            break


if __name__ == "__main__":
    main()

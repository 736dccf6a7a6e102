#!/usr/bin/env python3
"""A second seven-card stud engine written apart from the reference (fixed limit, high only).

Speaks the stud engine protocol (JSON Lines on stdin/stdout).  Written from
docs/protocol.md and the rulesets alone, by another hand than independent.py: standard
library only, nothing imported from ``stud``, no ``seat-cards``.  Everything it cannot play
is refused with ``unsupported``, naming the ruleset value.  Used by
tests/unit/spec/test_root_causes.py: with its planted bugs on, ``stud verify`` must report
one root cause per bug.

    python3 independent_two.py [--bugs name1,name2]

Planted bugs (for testing a conformance suite): bring-in-highest, no-ante,
complete-to-big-bet, big-bet-from-sixth, no-open-pair-option, cap-three,
straight-beats-flush, no-wheel, opener-lowest-board, seventh-up, split-odd-chip-last,
check-after-bet.
"""

import json
import random
import sys
from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from itertools import combinations

ENGINE_NAME = "indie3"
ENGINE_VERSION = "0.3.1"

ALL_BUGS = (
    "bring-in-highest",
    "no-ante",
    "complete-to-big-bet",
    "big-bet-from-sixth",
    "no-open-pair-option",
    "cap-three",
    "straight-beats-flush",
    "no-wheel",
    "opener-lowest-board",
    "seventh-up",
    "split-odd-chip-last",
    "check-after-bet",
)
BUGS = set()

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
RANK_WORD = {
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
RANK_PLURAL = {
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
NEW_DECK = [r + s for r in RANKS for s in SUITS]
KNOWN_ACTIONS = {
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
}

MAX_PLAYERS = 8


def log(*args):
    print("[indie3]", *args, file=sys.stderr, flush=True)


class Refused(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


def money(d):
    d = Decimal(d)
    if d == d.to_integral_value():
        return str(d.quantize(Decimal(1)))
    return format(d.normalize(), "f")


def to_dec(x, what="amount"):
    if isinstance(x, bool) or x is None:
        raise Refused("bad_request", f"{what}: not an amount: {x!r}")
    try:
        d = Decimal(str(x))
    except (InvalidOperation, ValueError):
        raise Refused("bad_request", f"{what}: not an amount: {x!r}") from None
    if not d.is_finite() or d < 0:
        raise Refused("bad_request", f"{what}: not an amount: {x!r}")
    return d


def card_ok(c):
    return isinstance(c, str) and len(c) == 2 and c[0] in RANKS and c[1] in SUITS


def rv(card):
    return RANK_VALUE[card[0]]


# --------------------------------------------------------------------------------------
# hand evaluation (high)

CAT_HIGH, CAT_PAIR, CAT_TWO_PAIR, CAT_TRIPS = 0, 1, 2, 3
CAT_STRAIGHT, CAT_FLUSH, CAT_FULL, CAT_QUADS, CAT_SF = 4, 5, 6, 7, 8


def straight_top(values):
    """values: set of rank values.  Returns the top of the best straight or None."""
    for top in range(14, 5, -1):
        if all(v in values for v in range(top - 4, top + 1)):
            return top
    if "no-wheel" not in BUGS:
        if {14, 2, 3, 4, 5} <= values:
            return 5
    return None


def eval5(cards):
    vals = sorted((rv(c) for c in cards), reverse=True)
    flush = len(set(c[1] for c in cards)) == 1
    top = straight_top(set(vals)) if len(set(vals)) == 5 else None
    counts = {}
    for v in vals:
        counts[v] = counts.get(v, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    order = [v for v, _ in groups]
    straight_cat, flush_cat = CAT_STRAIGHT, CAT_FLUSH
    if "straight-beats-flush" in BUGS:
        straight_cat, flush_cat = CAT_FLUSH, CAT_STRAIGHT
    if top and flush:
        return (CAT_SF, [top])
    if shape[0] == 4:
        return (CAT_QUADS, order)
    if shape[:2] == [3, 2]:
        return (CAT_FULL, order)
    if flush:
        return (flush_cat, vals)
    if top:
        return (straight_cat, [top])
    if shape[0] == 3:
        return (CAT_TRIPS, order)
    if shape[:2] == [2, 2]:
        return (CAT_TWO_PAIR, order)
    if shape[0] == 2:
        return (CAT_PAIR, order)
    return (CAT_HIGH, vals)


def hand_name(key):
    cat, r = key
    if cat == CAT_SF:
        return "royal flush" if r[0] == 14 else f"{RANK_WORD[r[0]]}-high straight flush"
    if cat == CAT_QUADS:
        return f"four of a kind, {RANK_PLURAL[r[0]]}"
    if cat == CAT_FULL:
        return f"full house, {RANK_PLURAL[r[0]]} over {RANK_PLURAL[r[1]]}"
    if cat == (CAT_STRAIGHT if "straight-beats-flush" in BUGS else CAT_FLUSH):
        return f"flush, {RANK_WORD[r[0]]} high"
    if cat == (CAT_FLUSH if "straight-beats-flush" in BUGS else CAT_STRAIGHT):
        return f"{RANK_WORD[r[0]]}-high straight"
    if cat == CAT_TRIPS:
        return f"three of a kind, {RANK_PLURAL[r[0]]}"
    if cat == CAT_TWO_PAIR:
        return f"two pair, {RANK_PLURAL[r[0]]} and {RANK_PLURAL[r[1]]}"
    if cat == CAT_PAIR:
        return f"pair of {RANK_PLURAL[r[0]]}"
    return f"high card, {RANK_WORD[r[0]]}"


def best_hand(cards):
    """Best five of 5..n cards: (key, five cards)."""
    best = None
    for five in combinations(cards, 5):
        k = eval5(five)
        if best is None or k > best[0]:
            best = (k, list(five))
    return best


# --------------------------------------------------------------------------------------
# the ruleset

DEFAULT_RULES = {
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
    "wild": {"ranks": [], "low_hole": False, "joker": "none"},
    "events": [],
    "pot": {
        "shares": [{"name": "high", "ranking": "high"}],
        "split_unit": None,
        "odd_chip_share": "high",
        "odd_chip_tie": "position",
    },
    "showdown": {"method": "cards-speak"},
}


def unsupported(path, value):
    raise Refused("unsupported", f"{path} = {json.dumps(value)}: not played by this engine")


class Street:
    def __init__(self, d, idx):
        self.idx = idx
        self.name = str(d.get("name", f"street{idx + 1}"))
        self.deal = list(d.get("deal") or [])
        self.only_if_at_most = d.get("deal_if_players_at_most")
        self.opener = d.get("opener", "best-board")
        self.bet = d.get("bet", "small")
        self.big_bet_when = d.get("big_bet_when", "never") or "never"
        self.ties = d.get("ties")


class Rules:
    """Reads a resolved ruleset document, refusing what the engine does not play."""

    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refused("bad_request", "ruleset must be an object or a name")

        def g(sec):
            return doc.get(sec) if isinstance(doc.get(sec), dict) else {}

        seats = g("seats")
        self.min_seats = int(seats.get("min", 2))
        self.max_seats = int(seats.get("max", 8))

        deck = g("deck")
        if deck.get("jokers", 0) not in (0, None):
            unsupported("deck.jokers", deck.get("jokers"))
        if deck.get("centre"):
            unsupported("deck.centre", deck.get("centre"))
        if deck.get("stripped"):
            unsupported("deck.stripped", deck.get("stripped"))

        self.rotates = bool(g("dealer").get("rotates", True))
        dealing = g("dealing")
        self.burn = bool(dealing.get("burn", True))
        self.reuse_burns = bool(dealing.get("reuse_burns", True))
        self.community_card = bool(dealing.get("community_card", True))

        st = g("stakes")
        if st.get("small_blind") is not None:
            unsupported("stakes.small_blind", st.get("small_blind"))
        if st.get("big_blind") is not None:
            unsupported("stakes.big_blind", st.get("big_blind"))
        self.chip = to_dec(st.get("chip", "0.01"), "stakes.chip")
        if self.chip <= 0:
            raise Refused("bad_request", "stakes.chip must be positive")
        self.ante = to_dec(st.get("ante", "0"), "stakes.ante")
        bi = st.get("bring_in")
        self.bring_in = None if bi is None else to_dec(bi, "stakes.bring_in")
        if self.bring_in is not None and self.bring_in == 0:
            self.bring_in = None
        if "small_bet" not in st or "big_bet" not in st:
            raise Refused("bad_request", "stakes need small_bet and big_bet")
        self.small = to_dec(st["small_bet"], "stakes.small_bet")
        self.big = to_dec(st["big_bet"], "stakes.big_bet")

        b = g("bring_in")
        self.bi_card = b.get("card", "lowest")
        if self.bi_card not in ("lowest", "highest"):
            unsupported("bring_in.card", self.bi_card)
        self.bi_aces = b.get("aces", "high")
        if self.bi_aces not in ("high", "low"):
            unsupported("bring_in.aces", self.bi_aces)
        order = b.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        if not isinstance(order, list) or sorted(order) != sorted(SUIT_NAMES):
            unsupported("bring_in.suit_order", order)
        self.suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}
        self.bi_all_in = b.get("all_in", "next-card")
        if self.bi_all_in not in ("next-card", "next-seat"):
            unsupported("bring_in.all_in", self.bi_all_in)

        board = g("board")
        if board.get("ranking", "high") != "high":
            unsupported("board.ranking", board.get("ranking"))
        self.board_ties = board.get("ties", "suit")
        if self.board_ties not in ("suit", "position"):
            unsupported("board.ties", self.board_ties)
        # board.wild changes nothing without wild cards

        bet = g("betting")
        if bet.get("structure", "fixed-limit") != "fixed-limit":
            unsupported("betting.structure", bet.get("structure"))
        self.max_raises = bet.get("max_raises", 3)
        if self.max_raises is not None and (
            not isinstance(self.max_raises, int) or isinstance(self.max_raises, bool)
        ):
            raise Refused("bad_request", "betting.max_raises must be an integer or null")
        self.uncapped = bet.get("uncapped_heads_up", "in-hand")
        if self.uncapped not in ("in-hand", "round-start", "never"):
            unsupported("betting.uncapped_heads_up", self.uncapped)
        self.locks = bool(bet.get("big_bet_locks", True))
        self.reopen = to_dec(bet.get("reopen_fraction", "0.5"), "betting.reopen_fraction")
        self.fold_when_check = bet.get("fold_when_check", "refused")
        if self.fold_when_check not in ("refused", "allowed"):
            unsupported("betting.fold_when_check", self.fold_when_check)

        streets = doc.get("streets")
        if not isinstance(streets, list) or not streets:
            raise Refused("bad_request", "ruleset has no streets")
        self.streets = []
        for i, s in enumerate(streets):
            if not isinstance(s, dict):
                raise Refused("bad_request", f"streets[{i}] is not an object")
            nm = s.get("name", str(i))
            for face in s.get("deal") or []:
                if face not in ("up", "down"):
                    unsupported(f"streets.{nm}.deal", s.get("deal"))
            if s.get("exchange") is not None:
                unsupported(f"streets.{nm}.exchange", s.get("exchange"))
            if s.get("decide"):
                unsupported(f"streets.{nm}.decide", s.get("decide"))
            if s.get("spread") is not None:
                unsupported(f"streets.{nm}.spread", s.get("spread"))
            if s.get("opener", "best-board") not in ("bring-in", "best-board", "first-left"):
                unsupported(f"streets.{nm}.opener", s.get("opener"))
            if s.get("bet", "small") not in ("small", "big", None):
                unsupported(f"streets.{nm}.bet", s.get("bet"))
            if (s.get("big_bet_when") or "never") not in ("never", "open-pair"):
                unsupported(f"streets.{nm}.big_bet_when", s.get("big_bet_when"))
            if s.get("ties") not in (None, "suit", "position"):
                unsupported(f"streets.{nm}.ties", s.get("ties"))
            self.streets.append(Street(s, i))

        wild = g("wild")
        if wild.get("ranks"):
            unsupported("wild.ranks", wild.get("ranks"))
        if wild.get("low_hole"):
            unsupported("wild.low_hole", wild.get("low_hole"))
        if wild.get("joker", "none") not in ("none", None):
            unsupported("wild.joker", wild.get("joker"))
        if doc.get("events"):
            unsupported("events", doc.get("events"))

        pot = g("pot")
        shares = pot.get("shares", [{"name": "high", "ranking": "high"}])
        if not isinstance(shares, list) or len(shares) != 1:
            unsupported(
                "pot.shares",
                [
                    s.get("name") if isinstance(s, dict) else s
                    for s in (shares if isinstance(shares, list) else [])
                ],
            )
        sh = shares[0]
        if not isinstance(sh, dict):
            raise Refused("bad_request", "pot.shares[0] is not an object")
        self.share = str(sh.get("name", "high"))
        if sh.get("ranking", "high") != "high":
            unsupported(f"pot.shares.{self.share}.ranking", sh.get("ranking"))
        for key in ("qualifier", "minimum", "own", "common", "suit", "fallback"):
            if sh.get(key) is not None:
                unsupported(f"pot.shares.{self.share}.{key}", sh.get(key))
        if sh.get("cards", "all") != "all":
            unsupported(f"pot.shares.{self.share}.cards", sh.get("cards"))
        if pot.get("split_unit") is not None:
            unsupported("pot.split_unit", pot.get("split_unit"))
        self.odd_tie = pot.get("odd_chip_tie", "position")
        if self.odd_tie not in ("position", "high-card"):
            unsupported("pot.odd_chip_tie", self.odd_tie)
        sd = g("showdown")
        if sd.get("method", "cards-speak") != "cards-speak":
            unsupported("showdown.method", sd.get("method"))

        if "cap-three" in BUGS:
            self.max_raises = 3

    def unit(self, street):
        if street.bet == "big":
            if "big-bet-from-sixth" in BUGS and street.name == "fifth":
                return self.small
            return self.big
        return self.small


# --------------------------------------------------------------------------------------
# a player and a hand


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)  # this street
        self.put_in = Decimal(0)  # this hand, antes included
        self.folded = False
        self.down = []
        self.up = []
        self.was_all_in = None

    @property
    def all_in(self):
        if self.was_all_in is not None:
            return self.was_all_in
        return not self.folded and self.stack == 0

    def cards(self):
        return self.down + self.up


class Hand:
    def __init__(self, rules, seats, dealer, deck):
        self.rules = rules
        self.players = sorted(seats, key=lambda p: p.seat)
        self.by_seat = {p.seat: p for p in self.players}
        self.dealer = dealer
        self.stub = list(deck)
        self.burns = []
        self.community = []
        self.dealt_any = False
        self.street_i = 0
        self.over = False
        self.result = None
        self.final_pots = None
        self.to_act = None
        self.forced = None  # seat that must bring in
        self.last_opener = None
        self.final_aggressor = None
        self.n_dealt_in = len(self.players)
        self.start_total = sum(p.stack for p in self.players)
        self._reset_round()

    # -- seating order ------------------------------------------------------------------
    def order_from_dealer(self):
        """Players clockwise from the dealer's left."""
        after = [p for p in self.players if p.seat > self.dealer]
        before = [p for p in self.players if p.seat <= self.dealer]
        return after + before

    def live(self):
        return [p for p in self.order_from_dealer() if not p.folded]

    def next_after(self, seat, pred):
        ps = self.players
        n = len(ps)
        start = 0
        for i, p in enumerate(ps):
            if p.seat > seat:
                start = i
                break
        else:
            start = 0
        for k in range(n):
            p = ps[(start + k) % n]
            if pred(p):
                return p
        return None

    # -- start ------------------------------------------------------------------------
    def start(self):
        if "no-ante" not in BUGS:
            for p in self.order_from_dealer():
                a = min(self.rules.ante, p.stack)
                p.stack -= a
                p.put_in += a
        self.street_i = 0
        self._play_from_street()

    def street(self):
        return self.rules.streets[self.street_i]

    def _street_played(self, st):
        return st.only_if_at_most is None or self.n_dealt_in <= st.only_if_at_most

    def _play_from_street(self):
        """Deal the current street and open its betting; move on while nobody can act."""
        while True:
            st = self.street()
            if self._street_played(st):
                self._deal(st)
                if self._open_betting(st):
                    return
            if not self._next_street():
                return

    def _next_street(self):
        """Go to the next street; returns False when the hand is over."""
        for p in self.players:
            p.bet = Decimal(0)
        j = self.street_i + 1
        while j < len(self.rules.streets) and not self._street_played(self.rules.streets[j]):
            j += 1
        if j >= len(self.rules.streets):
            self._showdown()
            return False
        self.street_i = j
        return True

    # -- dealing ---------------------------------------------------------------------
    def _rounds_to_come(self, st, j):
        n = len(st.deal) - j - 1
        for s in self.rules.streets[st.idx + 1 :]:
            if self._street_played(s):
                n += len(s.deal)
        return n

    def _deal(self, st):
        if not st.deal:
            return
        if self.rules.burn and self.dealt_any and self.stub:
            self.burns.append(self.stub.pop(0))
        last_street = st.idx == len(self.rules.streets) - 1
        for j, face in enumerate(st.deal):
            if "seventh-up" in BUGS and last_street and face == "down":
                face = "up"
            live = self.live()
            need = len(live)
            if len(self.stub) < need and self.rules.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            to_come = self._rounds_to_come(st, j)
            if self.rules.community_card and (
                len(self.stub) < need or len(self.stub) - need < to_come
            ):
                if not self.stub:
                    raise Refused("internal", "the pack ran out")
                self.community.append(self.stub.pop(0))
            else:
                if len(self.stub) < need:
                    raise Refused("internal", "the pack ran out")
                for p in live:
                    c = self.stub.pop(0)
                    (p.up if face == "up" else p.down).append(c)
            self.dealt_any = True

    # -- boards -----------------------------------------------------------------------
    def board_key(self, p):
        cards = p.up + self.community
        if not cards:
            return (((-1, []),), -1)
        if len(cards) > 5:
            keys = [self._board5(list(c)) for c in combinations(cards, 5)]
            best = max(keys)
        else:
            best = self._board5(cards)
        top_rank = best[0][1][0]
        top_suit = max(self.rules.suit_rank[c[1]] for c in cards if rv(c) == top_rank)
        return best, top_suit

    @staticmethod
    def _board5(cards):
        counts = {}
        for c in cards:
            counts[rv(c)] = counts.get(rv(c), 0) + 1
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = [n for _, n in groups]
        if shape[0] >= 4:
            cat = 6
        elif shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
            cat = 5
        elif shape[0] == 3:
            cat = 3
        elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
            cat = 2
        elif shape[0] == 2:
            cat = 1
        else:
            cat = 0
        return ((cat, [v for v, _ in groups]),)

    def _best_board_player(self, st):
        live = self.live()
        ties = st.ties or self.rules.board_ties
        keyed = [(self.board_key(p), p) for p in live]
        pick_low = "opener-lowest-board" in BUGS and st.idx > 0
        if pick_low:
            target = min(k[0] for k, _ in keyed)
        else:
            target = max(k[0] for k, _ in keyed)
        tied = [(k, p) for k, p in keyed if k[0] == target]
        if len(tied) == 1 or ties == "position":
            return tied[0][1]  # live() is in order from the dealer's left
        if pick_low:
            return min(tied, key=lambda kp: kp[0][1])[1]
        return max(tied, key=lambda kp: kp[0][1])[1]

    def open_pair_showing(self):
        for p in self.live():
            vals = [rv(c) for c in p.up + self.community]
            if len(vals) != len(set(vals)):
                return True
        return False

    # -- bring-in ---------------------------------------------------------------------
    def _bring_in_player(self):
        r = self.rules

        def val(card):
            v = rv(card)
            if v == 14 and r.bi_aces == "low":
                v = 1
            return (v, r.suit_rank[card[1]])

        highest = r.bi_card == "highest"
        if "bring-in-highest" in BUGS:
            highest = not highest

        def extreme(p):
            vals = [val(c) for c in p.up]
            if not vals:
                return None
            return max(vals) if highest else min(vals)

        cands = [p for p in self.live() if p.up]
        if r.bi_all_in == "next-card":
            cands = [p for p in cands if p.stack > 0]
        if not cands:
            return None
        pick = (max if highest else min)(cands, key=extreme)
        if pick.stack == 0:
            pick = self.next_after(pick.seat, lambda q: not q.folded and q.stack > 0)
        return pick

    # -- betting ----------------------------------------------------------------------
    def _reset_round(self):
        self.level = Decimal(0)
        self.full_level = Decimal(0)
        self.n_aggr = 0
        self.acted = set()
        self.full_id = 0  # counts the full bets and raises of the round
        self.faced = {}  # seat -> full_id when it last put chips in
        self.pending_complete = False  # only a bring-in (or a short completion) so far
        self.big_made = False
        self.round_aggressor = None
        self.round_start_active = 0
        self.betting = False

    def _can_bet(self, p):
        return not p.folded and p.stack > 0

    def _open_betting(self, st):
        """Start the street's betting; False when there is none to play."""
        self._reset_round()
        opener = None
        if st.opener == "bring-in" and st.idx == 0 and self.rules.bring_in is not None:
            pass
        elif st.opener == "first-left":
            opener = next((p for p in self.live()), None)
        else:
            opener = (
                self._best_board_player(st)
                if any(p.up for p in self.live()) or self.community
                else next((p for p in self.live()), None)
            )
        if opener is not None:
            self.last_opener = opener.seat
        if st.idx == len(self.rules.streets) - 1 or self._is_last_played(st):
            self.final_aggressor = None
        if st.bet is None:
            return False
        able = [p for p in self.live() if p.stack > 0]
        if len(able) <= 1:
            return False
        self.round_start_active = len(able)
        self.betting = True
        if opener is None:
            forced = self._bring_in_player()
            if forced is None:
                self.betting = False
                return False
            self.forced = forced.seat
            self.to_act = forced.seat
            return True
        self.forced = None
        if not self._can_bet(opener):
            opener = self.next_after(opener.seat, self._can_bet)
        self.to_act = opener.seat
        return True

    def _is_last_played(self, st):
        for s in self.rules.streets[st.idx + 1 :]:
            if self._street_played(s):
                return False
        return True

    def _units(self, st):
        """The bet sizes a bet or raise may add now."""
        r = self.rules
        u = r.unit(st)
        if st.bet == "small" and st.big_bet_when == "open-pair" and self.big_made and r.locks:
            if "no-open-pair-option" not in BUGS:
                return [r.big]  # a big bet made stays, even after the pair has folded
        if (
            st.bet == "small"
            and st.big_bet_when == "open-pair"
            and "no-open-pair-option" not in BUGS
            and self.open_pair_showing()
        ):
            return [r.small, r.big] if r.small != r.big else [r.small]
        return [u]

    def _capped(self):
        r = self.rules
        if r.max_raises is None:
            return False
        if self.n_aggr < 1 + r.max_raises:
            return False
        if r.uncapped == "in-hand" and len(self.live()) <= 2:
            return False
        if r.uncapped == "round-start" and self.round_start_active <= 2:
            return False
        return True

    def legal(self):
        if self.over or self.to_act is None:
            return []
        p = self.by_seat[self.to_act]
        st = self.street()
        r = self.rules
        top = p.bet + p.stack
        if self.forced == p.seat:
            bi = min(r.bring_in, top)
            opts = [{"action": "bring_in", "amount": bi}]
            comp = r.big if "complete-to-big-bet" in BUGS else r.unit(st)
            if r.bring_in < r.unit(st) and top > bi and self._someone_answers(p, self.level):
                opts.append({"action": "complete", "amount": min(comp, top)})
            return opts
        opts = []
        to_call = self.level - p.bet
        if to_call > 0:
            opts.append({"action": "fold"})
            opts.append({"action": "call", "amount": min(self.level, top)})
            if "check-after-bet" in BUGS:
                opts.append({"action": "check"})
        else:
            opts.append({"action": "check"})
            if r.fold_when_check == "allowed":
                opts.append({"action": "fold"})
        if self.level == 0:
            word = "bet"
        elif self.pending_complete:
            word = "complete"
        else:
            word = "raise"
        # a short all-in raise does not reopen the betting for a player who already
        # put chips in at the last full bet
        reopened = word != "raise" or self.faced.get(p.seat) != self.full_id
        if (
            top > self.level
            and reopened
            and not self._capped()
            and self._someone_answers(p, self.level)
        ):
            if word == "complete":
                comp = r.big if "complete-to-big-bet" in BUGS else r.unit(st)
                amounts = [comp]
            else:
                amounts = [self.level + u for u in self._units(st)]
            seen = set()
            for a in amounts:
                a = min(a, top)
                if a <= self.level or a in seen:
                    continue
                seen.add(a)
                opts.append({"action": word, "amount": a})
        return opts

    def _someone_answers(self, p, level):
        return any(q is not p and not q.folded and q.bet + q.stack > level for q in self.players)

    def act(self, seat, action, amount):
        if self.over:
            raise Refused("illegal_action", "the hand is over", [])
        legal = self.legal()
        if seat != self.to_act:
            raise Refused(
                "illegal_action", f"it is seat {self.to_act}'s turn, not seat {seat}'s", legal
            )
        opts = [o for o in legal if o["action"] == action]
        if not opts:
            raise Refused(
                "illegal_action",
                f"{action} is not legal now; legal now: {describe(legal)}",
                legal,
            )
        if amount is not None and "amount" in opts[0]:
            match = [o for o in opts if o["amount"] == amount]
            if not match:
                raise Refused(
                    "illegal_action",
                    f"{action} to {money(amount)} is not legal now; legal now: {describe(legal)}",
                    legal,
                )
            opt = match[0]
        else:
            opt = opts[0]
        p = self.by_seat[seat]
        if action == "fold":
            p.folded = True
            self.acted.add(seat)
        elif action == "check":
            self.acted.add(seat)
        elif action == "call":
            self._put(p, opt["amount"])
            self.acted.add(seat)
            self.faced[seat] = self.full_id
        elif action == "bring_in":
            self._put(p, opt["amount"])
            self.level = max(self.level, p.bet)
            self.acted = {seat}
            if opt["amount"] >= self.rules.unit(self.street()):
                self.full_level = opt["amount"]
                self.n_aggr = 1
                self.full_id += 1
            else:
                self.pending_complete = True
            self.faced[seat] = self.full_id
            self.forced = None
        else:  # bet, complete, raise
            self._aggress(p, opt["amount"], action)
        self._after_action(seat)

    def _put(self, p, total):
        add = total - p.bet
        p.stack -= add
        p.put_in += add
        p.bet = total

    def _aggress(self, p, total, word):
        st = self.street()
        r = self.rules
        units = (
            [r.big if "complete-to-big-bet" in BUGS else r.unit(st)]
            if word == "complete"
            else self._units(st)
        )
        smallest = min(units)
        before = self.level
        self._put(p, total)
        self.forced = None
        if word == "complete":
            # a completion all in for less than the fraction of the bet is no completion
            full = total >= r.reopen * smallest
        else:
            full = total - before >= r.reopen * smallest
        if full:
            # a full bet or raise, or an all-in short of one but big enough to count
            self.full_level = total
            self.n_aggr += 1
            self.full_id += 1
            self.acted = {p.seat}
            self.pending_complete = False
            if total - before >= r.big and st.bet == "small" and r.big > r.small:
                self.big_made = True
        else:
            self.acted.add(p.seat)
            if word == "complete":
                self.pending_complete = True
            elif word == "bet":
                self.n_aggr += 1  # a short bet is still the round's bet for the cap
        self.faced[p.seat] = self.full_id
        self.level = max(self.level, total)
        self.round_aggressor = p.seat
        if self._is_last_played(st):
            self.final_aggressor = p.seat

    def _needs_action(self, p):
        if p.folded or p.stack == 0:
            return False
        if p.bet < self.level:
            return True
        if p.seat in self.acted:
            return False
        # nobody else could answer anything: nothing to do
        return any(q is not p and not q.folded and q.stack > 0 for q in self.players)

    def _after_action(self, seat):
        if len(self.live()) == 1:
            self._return_uncalled()
            self._win_uncontested()
            return
        nxt = self.next_after(seat, self._needs_action)
        if nxt is not None:
            self.to_act = nxt.seat
            return
        # the round is over
        self._return_uncalled()
        self.to_act = None
        self.betting = False
        if self._next_street():
            self._play_from_street()

    def _return_uncalled(self):
        bets = sorted((p.bet for p in self.players), reverse=True)
        if len(bets) < 2 or bets[0] == bets[1]:
            return
        top = max(self.players, key=lambda p: p.bet)
        back = bets[0] - bets[1]
        top.bet -= back
        top.stack += back
        top.put_in -= back
        self.level = bets[1]

    # -- pots -------------------------------------------------------------------------
    def pots(self):
        if self.final_pots is not None:
            return self.final_pots
        levels = sorted(set(p.put_in for p in self.players if p.all_in))
        out = []
        prev = Decimal(0)
        for lv in levels:
            amt = sum(min(p.put_in, lv) - min(p.put_in, prev) for p in self.players)
            elig = [
                p.seat for p in self.players if not p.folded and (p.put_in >= lv or p.stack > 0)
            ]
            if amt > 0 or not out:
                out.append({"amount": amt, "eligible": elig})
            prev = lv
        amt = sum(max(p.put_in - prev, 0) for p in self.players)
        elig = [p.seat for p in self.players if not p.folded and p.stack > 0]
        if amt > 0 or not out:
            out.append(
                {
                    "amount": amt,
                    "eligible": elig
                    if elig or out
                    else [p.seat for p in self.players if not p.folded],
                }
            )
        return out

    def pot_total(self):
        return sum(p.put_in for p in self.players)

    # -- the end ----------------------------------------------------------------------
    def _win_uncontested(self):
        w = self.live()[0]
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] > 0:
                awards.append({"seat": w.seat, "amount": pot["amount"], "pot": i, "share": None})
        self._finish(awards, [], False)

    def _split(self, amount, winners, cards_of):
        chip = self.rules.chip
        n = len(winners)
        each = (amount / n / chip).to_integral_value(rounding=ROUND_FLOOR) * chip
        left = amount - each * n
        shares = {w.seat: each for w in winners}
        if "split-odd-chip-last" in BUGS:
            order = sorted(winners, key=lambda w: w.seat, reverse=True)
        elif self.rules.odd_tie == "high-card":

            def hc(w):
                return max((rv(c), self.rules.suit_rank[c[1]]) for c in cards_of(w))

            order = sorted(winners, key=hc, reverse=True)
        else:
            pos = [p.seat for p in self.order_from_dealer()]
            order = sorted(winners, key=lambda w: pos.index(w.seat))
        i = 0
        while left >= chip:
            shares[order[i % n].seat] += chip
            left -= chip
            i += 1
        if left > 0:  # amounts finer than the chip: give the rest to the first
            shares[order[0].seat] += left
        return shares

    def _showdown(self):
        self.to_act = None
        live = self.live()
        best = {p.seat: best_hand(p.cards() + self.community) for p in live}
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] <= 0:
                continue
            elig = [self.by_seat[s] for s in pot["eligible"]]
            if not elig:
                elig = live
            top = max(best[p.seat][0] for p in elig)
            winners = [p for p in elig if best[p.seat][0] == top]
            shares = self._split(pot["amount"], winners, lambda w: w.cards() + self.community)
            for w in sorted(winners, key=lambda w: w.seat):
                awards.append(
                    {
                        "seat": w.seat,
                        "amount": shares[w.seat],
                        "pot": i,
                        "share": self.rules.share if len(elig) > 1 else None,
                    }
                )
        # show order: the last to bet or raise on the final round, else its opener
        first = self.final_aggressor or self.last_opener
        order = self.live()
        seats = [p.seat for p in order]
        if first in seats:
            k = seats.index(first)
            order = order[k:] + order[:k]
        hands = []
        for p in order:
            key, five = best[p.seat]
            hands.append(
                {"seat": p.seat, "share": self.rules.share, "name": hand_name(key), "cards": five}
            )
        self._finish(awards, hands, True)

    def _finish(self, awards, hands, showdown):
        self.final_pots = self.pots()
        for p in self.players:
            p.was_all_in = p.all_in
        for a in awards:
            self.by_seat[a["seat"]].stack += a["amount"]
        self.over = True
        self.to_act = None
        self.forced = None
        self.betting = False
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    # -- the state --------------------------------------------------------------------
    def state(self):
        legal = []
        for o in self.legal():
            o = dict(o)
            if "amount" in o:
                o["amount"] = money(o["amount"])
            legal.append(o)
        pots = [{"amount": money(pt["amount"]), "eligible": pt["eligible"]} for pt in self.pots()]
        result = None
        if self.result is not None:
            result = {
                "awards": [dict(a, amount=money(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        return {
            "street": self.street().name,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": legal,
            "pot": money(self.pot_total()),
            "pots": pots,
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": money(p.stack),
                    "bet": money(p.bet),
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


def describe(legal):
    parts = []
    for o in legal:
        if "amount" in o:
            parts.append("{} {}".format(o["action"], money(o["amount"])))
        else:
            parts.append(o["action"])
    return ", ".join(parts) or "nothing"


# --------------------------------------------------------------------------------------
# the server


class Server:
    def __init__(self):
        self.hand = None
        self.rules = None
        self.bye = False

    def op_hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
            "rulesets": ["*"],
            "features": ["evaluate", "table"],
            "seats": {"min": 2, "max": MAX_PLAYERS},
        }

    def _rules(self, doc):
        if isinstance(doc, str):
            if doc == "seven-card-stud":
                doc = DEFAULT_RULES
            else:
                raise Refused(
                    "unsupported",
                    f"ruleset {doc!r}: only seven-card-stud is known by name; send the document",
                )
        return Rules(doc)

    def _deck(self, deck):
        if deck is None:
            deck = []
        if not isinstance(deck, list):
            raise Refused("bad_request", "deck must be a list of cards")
        seen = set()
        for c in deck:
            if not card_ok(c):
                raise Refused("bad_request", f"not a card: {c!r}")
            if c in seen:
                raise Refused("bad_request", f"card {c} twice in the deck")
            seen.add(c)
        if not deck:
            full = list(NEW_DECK)
            random.Random(0).shuffle(full)
            return full
        return list(deck) + [c for c in NEW_DECK if c not in seen]

    def op_new_hand(self, req):
        rules = self._rules(req.get("ruleset"))
        seats = req.get("seats")
        if not isinstance(seats, list) or not seats:
            raise Refused("bad_request", "seats must be a non-empty list")
        players = []
        nums = set()
        for s in seats:
            if not isinstance(s, dict):
                raise Refused("bad_request", "a seat must be an object")
            n = s.get("seat")
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                raise Refused("bad_request", f"bad seat number {n!r}")
            if n in nums:
                raise Refused("bad_request", f"seat {n} twice")
            nums.add(n)
            name = s.get("name", "")
            if not isinstance(name, str):
                raise Refused("bad_request", "bad name")
            players.append(Player(n, name, to_dec(s.get("stack"), "stack")))
        if len(players) > MAX_PLAYERS:
            raise Refused(
                "unsupported",
                f"seats: {len(players)} players; this engine deals to at most {MAX_PLAYERS}",
            )
        if len(players) > rules.max_seats or len(players) < max(2, rules.min_seats):
            raise Refused("bad_request", f"{len(players)} players do not fit seats.min..seats.max")
        dealer = req.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer < 1:
            raise Refused("bad_request", f"bad dealer {dealer!r}")
        deck = self._deck(req.get("deck"))
        hand = Hand(rules, players, dealer, deck)
        hand.start()
        self.hand, self.rules = hand, rules
        return {"state": hand.state()}

    def op_next_hand(self, req):
        if self.hand is None:
            raise Refused("no_hand", "no hand has been dealt")
        if not self.hand.over:
            raise Refused("bad_request", "the hand is still running")
        deck = self._deck(req.get("deck"))
        old = self.hand
        players = [Player(p.seat, p.name, p.stack) for p in old.players if p.stack > 0]
        if len(players) < 2:
            raise Refused("bad_request", "fewer than two players have chips")
        dealer = old.dealer
        if self.rules.rotates:
            ps = sorted(players, key=lambda p: p.seat)
            nxt = [p for p in ps if p.seat > dealer]
            dealer = (nxt[0] if nxt else ps[0]).seat
        hand = Hand(self.rules, players, dealer, deck)
        hand.start()
        self.hand = hand
        return {"state": hand.state()}

    def op_act(self, req):
        if self.hand is None:
            raise Refused("no_hand", "no hand has been dealt")
        seat = req.get("seat")
        action = req.get("action")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Refused("bad_request", f"bad seat {seat!r}")
        if action not in KNOWN_ACTIONS:
            raise Refused("bad_request", f"unknown action {action!r}")
        amount = req.get("amount")
        if amount is not None:
            amount = to_dec(amount, "amount")
        self.hand.act(seat, action, amount)
        return {"state": self.hand.state()}

    def op_state(self, req):
        if self.hand is None:
            raise Refused("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def op_evaluate(self, req):
        ranking = req.get("ranking", "high")
        if ranking != "high":
            raise Refused("unsupported", f"evaluate: ranking {ranking!r} is not played")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refused("unsupported", "evaluate: qualifier and wild are not read")
        hands = req.get("hands")
        if not isinstance(hands, list) or not hands:
            raise Refused("bad_request", "hands must be a list of hands")
        results = []
        keys = []
        for h in hands:
            if not isinstance(h, list) or not 5 <= len(h) <= 8:
                raise Refused("bad_request", "a hand is 5 to 8 cards")
            for c in h:
                if not card_ok(c):
                    raise Refused("bad_request", f"not a card: {c!r}")
            if len(set(h)) != len(h):
                raise Refused("bad_request", "a card twice in one hand")
            key, five = best_hand(h)
            keys.append(key)
            results.append({"best": five, "name": hand_name(key)})
        for r, k in zip(results, keys, strict=False):
            r["rank"] = 1 + sum(1 for o in keys if o > k)
        return {"results": results}

    def handle(self, line):
        try:
            req = json.loads(line)
        except (ValueError, RecursionError):
            return {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "not JSON"},
            }
        if not isinstance(req, dict):
            return {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "not an object"},
            }
        rid = req.get("id")
        if (
            not isinstance(rid, (int, float))
            or isinstance(rid, bool)
            or rid < 0
            or (isinstance(rid, float) and rid != int(rid))
        ):
            return {"id": None, "ok": False, "error": {"code": "bad_request", "message": "bad id"}}
        op = req.get("op")
        fn = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if op == "bye":
            self.bye = True
            return {"id": rid, "ok": True}
        if fn is None:
            return {
                "id": rid,
                "ok": False,
                "error": {
                    "code": "unsupported" if isinstance(op, str) else "bad_request",
                    "message": f"unknown op {op!r}",
                },
            }
        try:
            reply = fn(req)
        except Refused as e:
            err = {"code": e.code, "message": e.message[:2000]}
            if e.code == "illegal_action":
                err["legal"] = [
                    dict(o, amount=money(o["amount"])) if "amount" in o else dict(o)
                    for o in (e.legal or [])
                ]
            return {"id": rid, "ok": False, "error": err}
        except Exception as e:  # noqa: BLE001 - keep answering
            log("internal error:", repr(e))
            import traceback

            traceback.print_exc(file=sys.stderr)
            return {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": repr(e)[:2000]},
            }
        out = {"id": rid, "ok": True}
        out.update(reply)
        return out


def main(argv):
    args = argv[1:]
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--bugs" and i + 1 < len(args):
            names = args[i + 1]
            i += 2
        elif a.startswith("--bugs="):
            names = a.split("=", 1)[1]
            i += 1
        else:
            log("unknown argument", a)
            i += 1
            continue
        for n in names.split(","):
            n = n.strip()
            if not n:
                continue
            if n not in ALL_BUGS:
                log("unknown bug", n)
                sys.exit(2)
            BUGS.add(n)
    if BUGS:
        log("bugs on:", ", ".join(sorted(BUGS)))
    server = Server()
    for raw in sys.stdin.buffer:
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            reply = {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "not UTF-8"},
            }
        else:
            if not line.strip():
                continue
            reply = server.handle(line)
        sys.stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if server.bye:
            break


if __name__ == "__main__":
    main(sys.argv)

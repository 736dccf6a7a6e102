#!/usr/bin/env python3
"""An independent seven-card stud engine speaking the stud engine protocol (version 1).

Written from docs/protocol.md and the rulesets alone, as an outsider writes an engine:
standard library only, nothing imported from ``stud`` and no protocol 1.2 capability (no
``seat-cards``: every scenario is dealt from the deck).  Plays plain fixed-limit
seven-card stud high and refuses, with code "unsupported", any ruleset asking for
something else.  Used by tests/unit/spec/test_root_causes.py and
tests/unit/fuzz/test_fuzz_root_causes.py: with its planted bugs on, ``stud verify`` and
``stud fuzz`` must report one root cause per bug.

    python3 independent.py [--bugs name,name,...]

Planted bugs (for testing a conformance suite): deals-from-seat-1, bring-in-out-of-pot,
uncalled-bet-kept, no-burn, cap-kept-heads-up, round-goes-on-after-bring-in,
short-completion-refused, cap-lifted-wrongly.
"""

import copy
import itertools
import json
import sys
from decimal import Decimal, InvalidOperation

KNOWN_BUGS = {
    "deals-from-seat-1",
    "bring-in-out-of-pot",
    "uncalled-bet-kept",
    "no-burn",
    "cap-kept-heads-up",
    "round-goes-on-after-bring-in",
    "short-completion-refused",
    "cap-lifted-wrongly",
}
BUGS = set()

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in RANKS for s in SUITS]
RANK_WORD = {
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


def plural(r):
    w = RANK_WORD[r]
    return "sixes" if w == "six" else w + "s"


def rank_of(card):
    return RANKS.index(card[0]) + 2


# --------------------------------------------------------------------------- errors
class Refusal(Exception):
    def __init__(self, code, message, legal=None, values=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


# --------------------------------------------------------------------------- money
def dec(value, what="amount"):
    if isinstance(value, bool):
        raise Refusal("bad_request", f"{what}: not an amount")
    if isinstance(value, (int, float)):
        value = str(value)
    if not isinstance(value, str):
        raise Refusal("bad_request", f"{what}: not an amount")
    try:
        d = Decimal(value)
    except InvalidOperation:
        raise Refusal("bad_request", f"{what}: {value!r} is not an amount") from None
    if not d.is_finite() or d < 0:
        raise Refusal("bad_request", f"{what}: {value!r} is not an amount")
    return d


def money(d):
    if d == 0:
        return "0"
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
        if "." in s and len(s.split(".")[1]) == 1:
            s += "0"
    return s


# --------------------------------------------------------------------------- hands
def score5(cards):
    """Score of a five-card high hand (bigger is better)."""
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    suits = {c[1] for c in cards}
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len(suits) == 1
    straight_high = None
    uniq = sorted(set(ranks), reverse=True)
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight_high = uniq[0]
        elif uniq == [14, 5, 4, 3, 2]:
            straight_high = 5
    if straight_high and flush:
        return (8, straight_high)
    if groups[0][1] == 4:
        return (7, groups[0][0], groups[1][0])
    if groups[0][1] == 3 and groups[1][1] == 2:
        return (6, groups[0][0], groups[1][0])
    if flush:
        return (5,) + tuple(ranks)
    if straight_high:
        return (4, straight_high)
    if groups[0][1] == 3:
        return (3, groups[0][0]) + tuple(g[0] for g in groups[1:])
    if groups[0][1] == 2 and groups[1][1] == 2:
        return (2, groups[0][0], groups[1][0], groups[2][0])
    if groups[0][1] == 2:
        return (1, groups[0][0]) + tuple(g[0] for g in groups[1:])
    return (0,) + tuple(ranks)


def best_hand(cards):
    best = None
    for combo in itertools.combinations(cards, 5):
        s = score5(combo)
        if best is None or s > best[0]:
            best = (s, list(combo))
    return best


def hand_name(score):
    cat = score[0]
    if cat == 8:
        return "royal flush" if score[1] == 14 else f"{RANK_WORD[score[1]]}-high straight flush"
    if cat == 7:
        return f"four {plural(score[1])}"
    if cat == 6:
        return f"{plural(score[1])} full of {plural(score[2])}"
    if cat == 5:
        return f"{RANK_WORD[score[1]]}-high flush"
    if cat == 4:
        return f"{RANK_WORD[score[1]]}-high straight"
    if cat == 3:
        return f"three {plural(score[1])}"
    if cat == 2:
        return f"two pair, {plural(score[1])} and {plural(score[2])}"
    if cat == 1:
        return f"pair of {plural(score[1])}"
    return f"{RANK_WORD[score[1]]} high"


def board_key(cards):
    """Rank key of a board for choosing the opener: pairs, trips, quads, high cards;
    straights and flushes count for nothing.  Boards of more than five cards are read
    for their best five.  Returns (rank tuple, suit tuple) for comparison."""
    if len(cards) > 5:
        return max(board_key(list(c)) for c in itertools.combinations(cards, 5))
    counts = {}
    for c in cards:
        counts[rank_of(c)] = counts.get(rank_of(c), 0) + 1
    pattern = sorted(counts.values(), reverse=True)
    if pattern[0] == 4:
        cat = 6
    elif pattern[0] == 3 and len(pattern) > 1 and pattern[1] >= 2:
        cat = 5
    elif pattern[0] == 3:
        cat = 4
    elif pattern[0] == 2 and len(pattern) > 1 and pattern[1] == 2:
        cat = 3
    elif pattern[0] == 2:
        cat = 2
    else:
        cat = 1
    ordered = sorted(
        cards, key=lambda c: (counts[rank_of(c)], rank_of(c), SUITS.index(c[1])), reverse=True
    )
    ranks = tuple(rank_of(c) for c in ordered)
    suits = tuple(SUITS.index(c[1]) for c in ordered)
    return ((cat,) + ranks, suits)


# --------------------------------------------------------------------------- rules
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
        {
            "name": "third",
            "deal": ["down", "down", "up"],
            "opener": "bring-in",
            "bet": "small",
            "big_bet_when": "never",
        },
        {
            "name": "fourth",
            "deal": ["up"],
            "opener": "best-board",
            "bet": "small",
            "big_bet_when": "open-pair",
        },
        {
            "name": "fifth",
            "deal": ["up"],
            "opener": "best-board",
            "bet": "big",
            "big_bet_when": "never",
        },
        {
            "name": "sixth",
            "deal": ["up"],
            "opener": "best-board",
            "bet": "big",
            "big_bet_when": "never",
        },
        {
            "name": "seventh",
            "deal": ["down"],
            "opener": "best-board",
            "bet": "big",
            "big_bet_when": "never",
        },
    ],
    "wild": {"ranks": [], "low_hole": False, "joker": "none"},
    "events": [],
    "pot": {
        "shares": [{"name": "high", "ranking": "high", "qualifier": None}],
        "split_unit": None,
        "odd_chip_share": "high",
        "odd_chip_tie": "position",
    },
    "showdown": {"method": "cards-speak"},
}


def get(doc, *path, default=None):
    cur = doc
    for p in path:
        if not isinstance(cur, dict) or p not in cur:
            return default
        cur = cur[p]
    return cur


def unsupported(path, wanted, plays):
    raise Refusal(
        "unsupported",
        f"{path} = {wanted!r}: this engine plays {plays!r}",
        values=[{"path": path, "wanted": wanted, "plays": plays}],
    )


class Rules:
    """The values of a resolved ruleset this engine reads; refuses what it cannot play."""

    def __init__(self, doc):
        if isinstance(doc, str):
            if doc != "seven-card-stud":
                raise Refusal("bad_request", f"unknown ruleset {doc!r}")
            doc = SEVEN_CARD_STUD
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be an object or a name")
        self.check(doc)
        st = doc.get("stakes", {})
        self.chip = dec(st.get("chip") or "0.01", "stakes.chip")
        self.ante = dec(st.get("ante") or "0", "stakes.ante")
        bi = st.get("bring_in")
        self.bring_in = dec(bi, "stakes.bring_in") if bi is not None else None
        self.small = dec(st.get("small_bet"), "stakes.small_bet")
        self.big = dec(st.get("big_bet"), "stakes.big_bet")
        self.seats_min = get(doc, "seats", "min", default=2)
        self.seats_max = get(doc, "seats", "max", default=8)
        self.burn = bool(get(doc, "dealing", "burn", default=True))
        self.reuse_burns = bool(get(doc, "dealing", "reuse_burns", default=True))
        self.community_card = bool(get(doc, "dealing", "community_card", default=True))
        self.bi_card = get(doc, "bring_in", "card", default="lowest")
        self.bi_aces = get(doc, "bring_in", "aces", default="high")
        order = get(
            doc, "bring_in", "suit_order", default=["clubs", "diamonds", "hearts", "spades"]
        )
        self.bi_suits = [SUIT_NAMES[s] for s in order]
        self.bi_all_in = get(doc, "bring_in", "all_in", default="next-card")
        self.board_ties = get(doc, "board", "ties", default="suit")
        b = doc.get("betting", {})
        self.max_raises = b.get("max_raises", 3)
        self.uncapped = b.get("uncapped_heads_up", "in-hand")
        self.big_bet_locks = b.get("big_bet_locks", True)
        self.reopen_fraction = dec(b.get("reopen_fraction", "0.5") or "0.5")
        self.fold_when_check = b.get("fold_when_check", "refused") == "allowed"
        self.streets = doc["streets"]
        self.odd_chip_tie = get(doc, "pot", "odd_chip_tie", default="position")

    @staticmethod
    def check(doc):
        def need(path, value, allowed):
            if value not in allowed:
                unsupported(path, value, allowed[0])

        if get(doc, "deck", "jokers", default=0) not in (0, None):
            unsupported("deck.jokers", get(doc, "deck", "jokers"), 0)
        for key in ("centre", "stripped"):
            if get(doc, "deck", key, default=[]):
                unsupported(f"deck.{key}", get(doc, "deck", key), [])
        st = doc.get("stakes")
        if not isinstance(st, dict):
            raise Refusal("bad_request", "stakes missing")
        for key in ("small_blind", "big_blind"):
            if st.get(key) is not None:
                unsupported(f"stakes.{key}", st.get(key), None)
        need(
            "betting.structure",
            get(doc, "betting", "structure", default="fixed-limit"),
            ["fixed-limit"],
        )
        need("bring_in.card", get(doc, "bring_in", "card", default="lowest"), ["lowest", "highest"])
        need("bring_in.aces", get(doc, "bring_in", "aces", default="high"), ["high", "low"])
        need(
            "bring_in.all_in",
            get(doc, "bring_in", "all_in", default="next-card"),
            ["next-card", "next-seat"],
        )
        need("board.ranking", get(doc, "board", "ranking", default="high"), ["high"])
        need("board.ties", get(doc, "board", "ties", default="suit"), ["suit", "position"])
        need("board.wild", get(doc, "board", "wild", default="natural"), ["natural", "wild"])
        need(
            "betting.uncapped_heads_up",
            get(doc, "betting", "uncapped_heads_up", default="in-hand"),
            ["in-hand", "round-start", "never"],
        )
        need(
            "betting.fold_when_check",
            get(doc, "betting", "fold_when_check", default="refused"),
            ["refused", "allowed"],
        )
        mr = get(doc, "betting", "max_raises", default=3)
        if mr is not None and (not isinstance(mr, int) or isinstance(mr, bool) or mr < 0):
            unsupported("betting.max_raises", mr, 3)
        wild = doc.get("wild") or {}
        if wild.get("ranks"):
            unsupported("wild.ranks", wild.get("ranks"), [])
        if wild.get("low_hole"):
            unsupported("wild.low_hole", True, False)
        if wild.get("joker", "none") not in ("none", None):
            unsupported("wild.joker", wild.get("joker"), "none")
        if doc.get("events"):
            unsupported("events", "...", [])
        shares = get(doc, "pot", "shares", default=[{"name": "high", "ranking": "high"}])
        if (
            not isinstance(shares, list)
            or len(shares) != 1
            or shares[0].get("ranking", "high") != "high"
        ):
            unsupported("pot.shares", "not high only", "high")
        sh = shares[0]
        if sh.get("name", "high") != "high":
            unsupported("pot.shares[0].name", sh.get("name"), "high")
        for key, ok in (
            ("qualifier", None),
            ("minimum", None),
            ("own", None),
            ("common", None),
            ("suit", None),
            ("fallback", None),
        ):
            if sh.get(key) is not None:
                unsupported(f"pot.shares.high.{key}", sh.get(key), ok)
        if sh.get("cards", "all") != "all":
            unsupported("pot.shares.high.cards", sh.get("cards"), "all")
        need(
            "pot.odd_chip_tie",
            get(doc, "pot", "odd_chip_tie", default="position"),
            ["position", "high-card"],
        )
        if get(doc, "pot", "split_unit") is not None:
            unsupported("pot.split_unit", get(doc, "pot", "split_unit"), None)
        need(
            "showdown.method",
            get(doc, "showdown", "method", default="cards-speak"),
            ["cards-speak"],
        )
        streets = doc.get("streets")
        if not isinstance(streets, list) or not streets:
            raise Refusal("bad_request", "streets missing")
        for i, s in enumerate(streets):
            name = s.get("name", str(i))
            p = f"streets.{name}"
            if s.get("exchange"):
                unsupported(f"{p}.exchange", s.get("exchange"), None)
            if s.get("decide"):
                unsupported(f"{p}.decide", s.get("decide"), [])
            if s.get("deal_if_players_at_most") is not None:
                unsupported(f"{p}.deal_if_players_at_most", s.get("deal_if_players_at_most"), None)
            if s.get("spread") is not None:
                unsupported(f"{p}.spread", s.get("spread"), None)
            for d in s.get("deal", []):
                if d not in ("up", "down"):
                    unsupported(f"{p}.deal", s.get("deal"), ["up"])
            if i == 0:
                need(f"{p}.opener", s.get("opener"), ["bring-in"])
            else:
                need(f"{p}.opener", s.get("opener"), ["best-board"])
            if not s.get("deal"):
                unsupported(f"{p}.deal", s.get("deal"), ["up"])
            need(f"{p}.bet", s.get("bet", "small"), ["small", "big"])
            need(f"{p}.big_bet_when", s.get("big_bet_when", "never"), ["never", "open-pair"])
            need(f"{p}.ties", s.get("ties"), [None, "suit", "position"])
        if not any(d == "up" for d in streets[0].get("deal", [])):
            unsupported("streets[0].deal", streets[0].get("deal"), ["down", "down", "up"])


# --------------------------------------------------------------------------- table
class Seat:
    def __init__(self, num, name, stack):
        self.num = num
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)
        self.committed = Decimal(0)
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []


NO_BET, BRING_IN_ONLY, BET_MADE = 0, 1, 2
AGGRESSIVE_WORD = {NO_BET: "bet", BRING_IN_ONLY: "complete", BET_MADE: "raise"}


class Hand:
    def __init__(self, rules, seats, dealer, deck):
        self.rules = rules
        self.seats = sorted(seats, key=lambda s: s.num)
        self.dealer = dealer
        self.stub = list(deck)
        self.burns = []
        self.community = []
        self.street = 0
        self.over = False
        self.result = None
        self.to_act = None  # index into self.seats
        # betting round
        self.level = Decimal(0)
        self.rstate = NO_BET
        self.raises = 0
        self.full_level = Decimal(0)
        self.acted = {}
        self.forced = None
        self.big_locked = False
        self.live_at_start = 0
        self.last_aggressor = None
        self.round_opener = None
        self.vanished = Decimal(0)
        self.start()

    # ---- order ----------------------------------------------------------------------
    def order_from(self, seatnum):
        """Indices clockwise starting with the first seat after seat number seatnum."""
        n = len(self.seats)
        start = 0
        for i, s in enumerate(self.seats):
            if s.num > seatnum:
                start = i
                break
        else:
            start = 0
        return [(start + k) % n for k in range(n)]

    def position_order(self):
        return self.order_from(self.dealer)

    def deal_order(self):
        if "deals-from-seat-1" in BUGS:
            return list(range(len(self.seats)))
        return self.position_order()

    def in_hand(self):
        return [i for i in range(len(self.seats)) if not self.seats[i].folded]

    def live(self):
        return [
            i
            for i in range(len(self.seats))
            if not self.seats[i].folded and not self.seats[i].all_in
        ]

    # ---- dealing --------------------------------------------------------------------
    def rounds_after(self, street_idx, round_idx):
        total = len(self.rules.streets[street_idx]["deal"]) - round_idx - 1
        for s in self.rules.streets[street_idx + 1 :]:
            total += len(s["deal"])
        return total

    def deal_street(self):
        r = self.rules
        street = r.streets[self.street]
        if self.street > 0 and r.burn and "no-burn" not in BUGS and self.stub:
            self.burns.append(self.stub.pop(0))
        for k, face in enumerate(street["deal"]):
            players = [i for i in self.deal_order() if not self.seats[i].folded]
            need = len(players)
            if len(self.stub) < need and r.reuse_burns:
                self.stub.extend(self.burns)
                self.burns = []
            after = self.rounds_after(self.street, k)
            if r.community_card and (len(self.stub) < need or len(self.stub) - need < after):
                if self.stub:
                    self.community.append(self.stub.pop(0))
                continue
            for i in players:
                if not self.stub:
                    break
                card = self.stub.pop(0)
                (self.seats[i].up if face == "up" else self.seats[i].down).append(card)

    # ---- the hand -------------------------------------------------------------------
    def start(self):
        ante = self.rules.ante
        for s in self.seats:
            put = min(ante, s.stack)
            s.stack -= put
            s.committed += put
            if s.stack == 0:
                s.all_in = True
        self.street = 0
        self.deal_street()
        if not self.begin_round():
            self.run_on()

    def street_row(self):
        return self.rules.streets[self.street]

    def unit(self):
        return self.rules.big if self.street_row().get("bet") == "big" else self.rules.small

    def begin_round(self):
        """Start the betting of the current street; False when there is none."""
        self.level = Decimal(0)
        self.rstate = NO_BET
        self.raises = 0
        self.full_level = Decimal(0)
        self.acted = {}
        self.forced = None
        self.big_locked = False
        self.last_aggressor = None
        for s in self.seats:
            s.bet = Decimal(0)
        live = self.live()
        self.live_at_start = len(live)
        opener = self.find_opener()
        self.round_opener = opener
        if len(live) < 2:
            self.to_act = None
            return False
        if self.street_row().get("opener") == "bring-in" and self.street == 0:
            self.forced = opener
            self.to_act = opener
            return True
        # first live player clockwise from the opener
        n = len(self.seats)
        for k in range(n):
            i = (opener + k) % n
            if not self.seats[i].folded and not self.seats[i].all_in:
                self.to_act = i
                return True
        self.to_act = None
        return False

    def find_opener(self):
        r = self.rules
        pos = self.position_order()
        if self.street == 0 and self.street_row().get("opener") == "bring-in":
            return self.bring_in_seat()
        ties = self.street_row().get("ties") or r.board_ties
        best = None
        for i in pos:
            s = self.seats[i]
            if s.folded:
                continue
            ranks, suits = board_key(s.up + self.community)
            key = (ranks, suits) if ties == "suit" else (ranks,)
            if best is None or key > best[0]:
                best = (key, i)
        return best[1] if best else pos[0]

    def bring_in_seat(self):
        r = self.rules

        def key(i):
            card = self.seats[i].up[0] if self.seats[i].up else None
            if card is None:
                return (99, 99)
            rank = rank_of(card)
            if rank == 14 and r.bi_aces == "low":
                rank = 1
            suit = r.bi_suits.index(card[1])
            if r.bi_card == "highest":
                return (-rank, -suit)
            return (rank, suit)

        candidates = [i for i in range(len(self.seats)) if not self.seats[i].folded]
        extreme = min(candidates, key=key)
        if self.seats[extreme].stack > 0:
            return extreme
        if r.bi_all_in == "next-seat":
            n = len(self.seats)
            for k in range(1, n):
                i = (extreme + k) % n
                if not self.seats[i].folded and self.seats[i].stack > 0:
                    return i
            return extreme
        able = [i for i in candidates if self.seats[i].stack > 0]
        return min(able, key=key) if able else extreme

    # ---- betting --------------------------------------------------------------------
    def open_pair_showing(self):
        for i in self.in_hand():
            ranks = [c[0] for c in self.seats[i].up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def units(self):
        r = self.rules
        unit = self.unit()
        row = self.street_row()
        if unit == r.small and row.get("big_bet_when") == "open-pair" and self.big_locked:
            return [r.big]  # the big bet stays once made, even if the pair has folded
        if unit == r.small and row.get("big_bet_when") == "open-pair" and self.open_pair_showing():
            return [r.small] if r.small == r.big else [r.small, r.big]
        return [unit]

    def capped(self):
        cap = self.rules.max_raises
        if cap is None or self.raises < cap:
            return False
        if "cap-kept-heads-up" in BUGS:
            return True
        mode = self.rules.uncapped
        if mode == "in-hand":
            if "cap-lifted-wrongly" in BUGS:
                return len(self.live()) > 2
            return len(self.in_hand()) > 2
        if mode == "round-start":
            return self.live_at_start > 2
        return True

    def may_aggress(self, i):
        if self.rstate == BET_MADE:
            seen = self.acted.get(i)
            if seen is not None and seen >= self.full_level:
                return False
            if self.capped():
                return False
        for j in self.live():
            if j != i:
                q = self.seats[j]
                if q.bet + q.stack > self.level:
                    return True
        return False

    def full_amounts(self, kind):
        units = self.units()
        if kind == "bet":
            return list(units)
        if kind == "complete":
            return [u for u in units if u > self.level]
        return [self.level + u for u in units]

    def options(self):
        """List of (action, amount or None) for the seat to act."""
        i = self.to_act
        if i is None or self.over:
            return []
        s = self.seats[i]
        allin = s.bet + s.stack
        opts = []
        if self.forced == i:
            bring = min(self.rules.bring_in or Decimal(0), allin)
            opts.append(("bring_in", bring))
            if allin > bring:
                for a in self.full_amounts("complete"):
                    if a <= (self.rules.bring_in or 0):
                        continue
                    if "short-completion-refused" in BUGS and allin < a:
                        continue
                    a = min(a, allin)
                    if ("complete", a) not in opts:
                        opts.append(("complete", a))
            return opts
        if self.level > s.bet:
            opts.append(("fold", None))
            opts.append(("call", min(self.level, allin)))
        else:
            opts.append(("check", None))
            if self.rules.fold_when_check:
                opts.append(("fold", None))
        if allin > self.level and self.may_aggress(i):
            kind = AGGRESSIVE_WORD[self.rstate]
            for a in self.full_amounts(kind):
                if "short-completion-refused" in BUGS and kind == "complete" and allin < a:
                    continue
                a = min(a, allin)
                if (kind, a) not in opts:
                    opts.append((kind, a))
        return opts

    def legal_json(self):
        out = []
        for action, amount in self.options():
            if amount is None:
                out.append({"action": action})
            else:
                out.append({"action": action, "amount": money(amount)})
        return out

    def act(self, seatnum, action, amount):
        if self.over:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        i = self.to_act
        if i is None or self.seats[i].num != seatnum:
            who = self.seats[i].num if i is not None else None
            raise Refusal(
                "illegal_action",
                f"it is not seat {seatnum}'s turn (seat {who} acts)",
                legal=self.legal_json(),
            )
        opts = self.options()
        asked = None
        if amount is not None:
            try:
                asked = dec(amount)
            except Refusal:
                raise Refusal(
                    "illegal_action", f"{amount!r} is not an amount", legal=self.legal_json()
                ) from None
        chosen = None
        same = [o for o in opts if o[0] == action]
        if not same:
            raise Refusal("illegal_action", f"{action} is not legal now", legal=self.legal_json())
        for o in same:
            if o[1] is None or asked is None or asked == o[1]:
                chosen = o
                break
        if chosen is None or (asked is None and len(same) > 1):
            raise Refusal(
                "illegal_action",
                f"{action} to {amount} is not a legal amount",
                legal=self.legal_json(),
            )
        self.apply(i, chosen[0], chosen[1])

    def put(self, s, to, to_pot=True):
        added = to - s.bet
        s.stack -= added
        s.bet = to
        if to_pot:
            s.committed += added
        else:
            self.vanished += added

    def opened(self, to):
        self.rstate = BET_MADE
        self.raises = 0
        self.full_level = to

    def apply(self, i, action, to):
        s = self.seats[i]
        r = self.rules
        if action == "fold":
            s.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self.put(s, to)
        elif action == "bring_in":
            self.put(s, to, to_pot="bring-in-out-of-pot" not in BUGS)
            self.forced = None
            self.level = to
            if to >= self.unit():
                self.opened(to)
            else:
                self.rstate = BRING_IN_ONLY
        else:
            full = min(self.full_amounts(action))
            if action == "complete":
                self.forced = None
                if to >= full or to >= r.reopen_fraction * full:
                    self.opened(to)
                else:
                    self.rstate = BRING_IN_ONLY
                increment = to
            elif action == "bet":
                self.opened(to)
                increment = to
            else:
                full_inc = full - self.level
                increment = to - self.level
                if increment >= full_inc or increment >= r.reopen_fraction * full_inc:
                    self.raises += 1
                    self.full_level = to
            row = self.street_row()
            if (
                self.unit() == r.small
                and row.get("big_bet_when") == "open-pair"
                and r.big_bet_locks
                and r.small != r.big
                and increment >= r.big
            ):
                self.big_locked = True
            self.put(s, to)
            self.level = to
            self.last_aggressor = i
        self.acted[i] = self.full_level
        if (
            action == "bring_in"
            and self.rstate == BRING_IN_ONLY
            and "round-goes-on-after-bring-in" in BUGS
        ):
            del self.acted[i]  # asked again, like a big blind's option
        if s.stack == 0 and not s.folded:
            s.all_in = True
        self.advance(i)

    def next_to_act(self, i):
        n = len(self.seats)
        for k in range(1, n + 1):
            j = (i + k) % n
            q = self.seats[j]
            if q.folded or q.all_in:
                continue
            if j not in self.acted or q.bet < self.level:
                return j
        return None

    def advance(self, i):
        if len(self.in_hand()) == 1:
            self.return_uncalled()
            self.finish(showdown=False)
            return
        nxt = self.next_to_act(i)
        if nxt is not None:
            self.to_act = nxt
            return
        self.return_uncalled()
        self.run_on()

    def run_on(self):
        """Deal the following streets until a betting round needs a player, or the end."""
        while True:
            if len(self.in_hand()) == 1:
                self.finish(showdown=False)
                return
            if self.street + 1 >= len(self.rules.streets):
                self.to_act = None
                self.finish(showdown=True)
                return
            self.street += 1
            self.deal_street()
            if self.begin_round():
                return

    def return_uncalled(self):
        if "uncalled-bet-kept" in BUGS:
            return
        bets = sorted(((s.bet, k) for k, s in enumerate(self.seats)), reverse=True)
        if len(bets) < 2:
            return
        top, k = bets[0]
        second = bets[1][0]
        if top > second:
            s = self.seats[k]
            back = top - second
            s.stack += back
            s.bet -= back
            s.committed -= back
            if s.stack > 0:
                s.all_in = False

    # ---- pots -----------------------------------------------------------------------
    def pots(self):
        seats = self.seats
        levels = sorted(
            {s.committed for s in seats if s.all_in and not s.folded and s.committed > 0}
        )
        pots = []
        prev = Decimal(0)
        for lv in levels:
            amount = sum((min(s.committed, lv) - min(s.committed, prev) for s in seats), Decimal(0))
            elig = [s.num for s in seats if not s.folded and (s.committed >= lv or not s.all_in)]
            pots.append([amount, elig])
            prev = lv
        amount = sum((s.committed - min(s.committed, prev) for s in seats), Decimal(0))
        elig = [s.num for s in seats if not s.folded and not s.all_in]
        if amount > 0 or not pots:
            if not elig:  # only folded money above the last all-in
                elig = [s.num for s in seats if not s.folded and s.committed > prev] or (
                    pots[-1][1] if pots else []
                )
            pots.append([amount, elig])
        # merge pots with the same eligible players
        merged = []
        for amount, elig in pots:
            if merged and merged[-1][1] == elig:
                merged[-1][0] += amount
            else:
                merged.append([amount, elig])
        return merged

    # ---- the end --------------------------------------------------------------------
    def show_order(self):
        players = self.in_hand()
        n = len(self.seats)
        first = self.last_aggressor
        if first is None or self.seats[first].folded:
            first = self.round_opener if self.round_opener is not None else players[0]
            if self.seats[first].folded:
                first = players[0]
        return [(first + k) % n for k in range(n) if not self.seats[(first + k) % n].folded]

    def finish(self, showdown):
        self.over = True
        self.to_act = None
        self.forced = None
        pots = self.pots()
        awards = []
        hands = []
        chip = self.rules.chip
        if not showdown:
            winner = self.in_hand()[0]
            for idx, (amount, _elig) in enumerate(pots):
                if amount > 0:
                    awards.append(
                        {
                            "seat": self.seats[winner].num,
                            "amount": amount,
                            "pot": idx,
                            "share": None,
                        }
                    )
        else:
            best = {}
            for i in self.show_order():
                s = self.seats[i]
                score, five = best_hand(s.down + s.up + self.community)
                best[s.num] = score
                hands.append(
                    {"seat": s.num, "share": "high", "name": hand_name(score), "cards": five}
                )
            pos = [self.seats[i].num for i in self.position_order()]
            for idx, (amount, elig) in enumerate(pots):
                if amount <= 0:
                    continue
                contenders = [n for n in elig if n in best]
                if not contenders:
                    continue
                top = max(best[n] for n in contenders)
                winners = [n for n in contenders if best[n] == top]
                if self.rules.odd_chip_tie == "high-card":

                    def hc(num):
                        s = next(x for x in self.seats if x.num == num)
                        return max((rank_of(c), SUITS.index(c[1])) for c in s.down + s.up)

                    winners.sort(key=hc, reverse=True)
                else:
                    winners.sort(key=pos.index)
                chips = int(amount / chip)
                each = chips // len(winners)
                extra = chips - each * len(winners)
                share = "high" if len(contenders) > 1 else None
                for k, n in enumerate(winners):
                    got = (each + (1 if k < extra else 0)) * chip
                    awards.append({"seat": n, "amount": got, "pot": idx, "share": share})
        for a in awards:
            s = next(x for x in self.seats if x.num == a["seat"])
            s.stack += a["amount"]
            a["amount"] = money(a["amount"])
        for s in self.seats:
            s.bet = Decimal(0)
        self.final_pots = pots
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    # ---- state ----------------------------------------------------------------------
    def state(self):
        pots = self.final_pots if self.over else self.pots()
        total = sum((s.committed for s in self.seats), Decimal(0))
        return {
            "street": self.street_row()["name"],
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.to_act is None else self.seats[self.to_act].num,
            "legal": self.legal_json(),
            "pot": money(total),
            "pots": [{"amount": money(a), "eligible": e} for a, e in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": s.num,
                    "name": s.name,
                    "stack": money(s.stack),
                    "bet": money(s.bet),
                    "folded": s.folded,
                    "all_in": s.all_in,
                    "down": list(s.down),
                    "up": list(s.up),
                }
                for s in self.seats
            ],
            "community": list(self.community),
            "result": self.result,
        }


# --------------------------------------------------------------------------- server
class Server:
    def __init__(self):
        self.hand = None

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return {
                "protocol": 1,
                "engine": {"name": "indie-stud", "version": "0.1"},
                "rulesets": ["seven-card-stud"],
                "features": [],
            }
        if op == "bye":
            return {}
        if op == "new_hand":
            return {"state": self.new_hand(req)}
        if op == "act":
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            seat = req.get("seat")
            action = req.get("action")
            if not isinstance(seat, int) or not isinstance(action, str):
                raise Refusal("bad_request", "act needs seat and action")
            saved = copy.deepcopy(self.hand)
            try:
                self.hand.act(seat, action, req.get("amount"))
            except Exception:
                self.hand = saved
                raise
            return {"state": self.hand.state()}
        if op == "state":
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            return {"state": self.hand.state()}
        if op in ("next_hand", "evaluate"):
            raise Refusal("unsupported", f"{op} is not supported")
        raise Refusal("bad_request", f"unknown op {op!r}")

    def new_hand(self, req):
        rules = Rules(req.get("ruleset"))
        seats_in = req.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise Refusal("bad_request", "seats missing")
        seats = []
        nums = set()
        for s in seats_in:
            num = s.get("seat")
            if not isinstance(num, int) or num < 1 or num in nums:
                raise Refusal("bad_request", f"bad seat {num!r}")
            nums.add(num)
            seats.append(Seat(num, str(s.get("name", "")), dec(s.get("stack"), "stack")))
        if len(seats) < max(2, rules.seats_min or 2) or len(seats) > (rules.seats_max or 8):
            raise Refusal("bad_request", f"{len(seats)} players")
        dealer = req.get("dealer")
        if not isinstance(dealer, int):
            raise Refusal("bad_request", "dealer missing")
        deck = req.get("deck") or []
        if not isinstance(deck, list):
            raise Refusal("bad_request", "deck must be a list")
        seen = set()
        for c in deck:
            if c not in NEW_DECK or c in seen:
                raise Refusal("bad_request", f"bad or repeated card {c!r}")
            seen.add(c)
        if not deck:
            import random

            full = list(NEW_DECK)
            random.Random(0).shuffle(full)
        else:
            full = list(deck) + [c for c in NEW_DECK if c not in seen]
        self.hand = Hand(rules, seats, dealer, full)
        return self.hand.state()


def main(argv):
    args = argv[1:]
    while args:
        a = args.pop(0)
        if a == "--bugs" and args:
            names = [b for b in args.pop(0).split(",") if b]
        elif a.startswith("--bugs="):
            names = [b for b in a.split("=", 1)[1].split(",") if b]
        else:
            print(f"unknown argument {a}", file=sys.stderr)
            return 2
        for b in names:
            if b not in KNOWN_BUGS:
                print(f"unknown bug {b}", file=sys.stderr)
                return 2
            BUGS.add(b)
    server = Server()
    for line in sys.stdin:
        rid = None
        req = None
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise Refusal("bad_request", "a request is a JSON object")
            rid = req.get("id")
            reply = {"id": rid, "ok": True}
            reply.update(server.handle(req))
        except Refusal as r:
            err = {"code": r.code, "message": r.message[:2000]}
            if r.legal is not None:
                err["legal"] = r.legal
            if r.values is not None:
                err["values"] = r.values
            reply = {"id": rid, "ok": False, "error": err}
        except ValueError as e:
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "bad_request", "message": str(e)[:2000]},
            }
        except Exception as e:  # keep running
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"[:2000]},
            }
        sys.stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
        sys.stdout.flush()
        if isinstance(req, dict) and req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

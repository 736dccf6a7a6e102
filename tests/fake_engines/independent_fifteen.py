#!/usr/bin/env python3
"""Ledger stud: an independent fixed-limit stud engine speaking engine protocol 1.2.

Written from docs/protocol.md, the rulebook and the ruleset reference only (standard library,
nothing from `stud`).  It plays fixed-limit seven-card stud and its house variants (caps,
burns, bring-in sizes, board ties, fold_when_check, the open-pair big bet and its lock, the
home game without a bring-in), stud hi-lo (eight or better, any low, split units, the
unqualified-pot rule) and razz.  It announces no `seat-cards`: every card comes off the deck
in the order the rules deal them.  It answers `next_hand` (capability `table`).

Design: every hand is a `Ledger`, a small state machine over phases (`betting`, `complete`)
whose every change is written to an explicit action log of tuples; money is whole micro-units
(1e-6) held in Python ints, pots are cut from each seat's total commitment when asked.

Planted bugs, all off unless named in `--bugs a,b,...`:

| name                          | id       | what goes wrong                                       |
|-------------------------------|----------|-------------------------------------------------------|
| high-card-fifth-kicker-ignored| SHOW-04  | hands with no pair compare only their top four cards  |
| burn-skipped-on-river         | DEAL-06  | no card is burned before the last street              |
| show-order-from-opener        | SHOW-01  | hands shown from the river's opener, bettor ignored   |
| folded-pair-keeps-big-option  | LIMIT-04 | a folded player's open pair still allows the big bet  |
| hilo-no-scoop                 | HILO-05  | the low winner is barred from the high half           |
| hilo-low-tie-to-first-seat    | HILO-09  | tied lows: first seat from the dealer takes the half  |
| razz-board-aces-high          | ROUND-12 | razz boards read aces high when picking the opener    |
| razz-door-ace-high            | BRING-13 | razz bring-in counts an ace door card above the king  |
"""

import itertools
import json
import random
import sys
from decimal import Decimal, InvalidOperation

BUGS = "high-card-fifth-kicker-ignored,burn-skipped-on-river,show-order-from-opener,folded-pair-keeps-big-option,hilo-no-scoop,hilo-low-tie-to-first-seat,razz-board-aces-high,razz-door-ace-high"  # noqa: E501

MICRO = 10**6
RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
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
    1: "ace",
}
SUPPORTED = [
    "seven-card-stud",
    "seven-card-stud-home",
    "seven-card-stud-home-no-burn",
    "seven-card-stud-big-bring-in",
    "seven-card-stud-four-raises",
    "seven-card-stud-small-raise",
    "seven-card-stud-round-start-cap",
    "seven-card-stud-9",
    "roberts-rules-stud",
    "stud-hi-lo",
    "stud-hi-lo-regular",
    "stud-hi-lo-split-unit",
    "stud-hi-lo-any-low",
    "razz",
]
ACTIVE_BUGS: set = set()


class Refusal(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code, self.message, self.legal = code, message, legal


# ---------------------------------------------------------------- money and cards


def to_units(value) -> int:
    try:
        d = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise Refusal("bad_request", f"not an amount: {value!r}") from None
    q = d * MICRO
    if q != q.to_integral_value() or q < 0:
        raise Refusal("bad_request", f"amount out of range: {value!r}")
    return int(q)


def money(units: int) -> str:
    return format((Decimal(units) / MICRO).normalize(), "f")


def rank_of(card: str) -> int:
    return RANKS.index(card[0]) + 2


def parse_card(card):
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise Refusal("bad_request", f"not a card: {card!r}")
    return card


def new_deck_order():
    return [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------- hand evaluation


def high_key(five):
    """Value of five cards for high (bigger is better)."""
    ranks = sorted((rank_of(c) for c in five), reverse=True)
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    ordered = [r for r, n in groups for _ in range(n)]
    flush = len({c[1] for c in five}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight_top = uniq[0]
        elif uniq == [14, 5, 4, 3, 2]:
            straight_top = 5
    shape = [n for _, n in groups]
    if straight_top and flush:
        return (8, [straight_top])
    if shape[0] == 4:
        return (7, ordered)
    if shape[:2] == [3, 2]:
        return (6, ordered)
    if flush:
        return (5, ranks)
    if straight_top:
        return (4, [straight_top])
    if shape[0] == 3:
        return (3, ordered)
    if shape[:2] == [2, 2]:
        return (2, ordered)
    if shape[0] == 2:
        return (1, ordered)
    if "high-card-fifth-kicker-ignored" in ACTIVE_BUGS:
        return (0, ranks[:4])
    return (0, ranks)


def low_rank(card):
    r = rank_of(card)
    return 1 if r == 14 else r


def low_key(five):
    """Ace-to-five value of five cards (smaller is better)."""
    ranks = [low_rank(c) for c in five]
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(n for _, n in groups)
    cls = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }.get(shape, 6)
    return (cls, [r for r, n in groups for _ in range(n)])


def best_high(cards):
    if len(cards) < 5:
        return (high_key_partial(cards), list(cards))
    best = None
    for combo in itertools.combinations(cards, 5):
        k = high_key(combo)
        if best is None or k > best[0]:
            best = (k, list(combo))
    return best


def high_key_partial(cards):
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    return (0, ranks)


def best_low(cards, qualifier=None):
    """Best ace-to-five five; with a qualifier only qualifying fives count (None if none)."""
    best = None
    for combo in itertools.combinations(cards, min(5, len(cards))):
        k = low_key(combo)
        if qualifier is not None:
            if k[0] != 0 or len(combo) < 5 or max(k[1]) > qualifier:
                continue
        if best is None or k < best[0]:
            best = (k, list(combo))
    return best


def high_name(key):
    cat, ranks = key
    w = RANK_WORD
    if cat == 8:
        return "royal flush" if ranks[0] == 14 else f"{w[ranks[0]]}-high straight flush"
    if cat == 7:
        return f"four {w[ranks[0]]}s"
    if cat == 6:
        return f"full house, {w[ranks[0]]}s over {w[ranks[3]]}s"
    if cat == 5:
        return f"{w[ranks[0]]}-high flush"
    if cat == 4:
        return f"{w[ranks[0]]}-high straight"
    if cat == 3:
        return f"three {w[ranks[0]]}s"
    if cat == 2:
        return f"two pair, {w[ranks[0]]}s and {w[ranks[2]]}s"
    if cat == 1:
        return f"pair of {w[ranks[0]]}s"
    return f"{w[ranks[0]]} high"


def low_name(key):
    cat, ranks = key
    if cat != 0:
        return "no low"
    return f"{RANK_WORD[ranks[0]]}-{RANK_WORD[ranks[1]]} low"


def board_key(cards, ranking, aces_high_low=False):
    """Bigger is better for the opener."""
    if not cards:
        return (-1,)
    if len(cards) > 5:
        if ranking == "high":
            return max(
                board_key(list(c), ranking, aces_high_low) for c in itertools.combinations(cards, 5)
            )
        return max(
            board_key(list(c), ranking, aces_high_low) for c in itertools.combinations(cards, 5)
        )
    if ranking == "high":
        ranks = sorted((rank_of(c) for c in cards), reverse=True)
        counts = {}
        for r in ranks:
            counts[r] = counts.get(r, 0) + 1
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = [n for _, n in groups]
        cat = {4: 6, 3: 3}.get(shape[0], 0)
        if shape[0] == 3 and len(shape) > 1 and shape[1] == 2:
            cat = 5
        elif shape[0] == 2:
            cat = 2 if len(shape) > 1 and shape[1] == 2 else 1
        return (cat, [r for r, n in groups for _ in range(n)])
    # ace-to-five board: lower is better, so negate
    if aces_high_low:
        ranks = [rank_of(c) for c in cards]
    else:
        ranks = [low_rank(c) for c in cards]
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    cls = 0 if shape[0] == 1 else (shape[0] * 2 + (1 if len(shape) > 1 and shape[1] >= 2 else 0))
    ordered = [r for r, n in groups for _ in range(n)]
    return (-cls, [-r for r in ordered])


# ---------------------------------------------------------------- ruleset checks


def check_ruleset(rs):
    def no(path, wanted):
        raise Refusal("unsupported", f"{path} = {wanted!r}: not played by this engine")

    if not isinstance(rs, dict):
        no("ruleset", rs)
    name = rs.get("name")
    if name not in SUPPORTED:
        no("name", name)
    b = rs.get("betting", {})
    if b.get("structure", "fixed-limit") != "fixed-limit":
        no("betting.structure", b.get("structure"))
    d = rs.get("deck", {})
    if d.get("jokers", 0):
        no("deck.jokers", d.get("jokers"))
    if d.get("centre"):
        no("deck.centre", d.get("centre"))
    if d.get("stripped"):
        no("deck.stripped", d.get("stripped"))
    st = rs.get("stakes", {})
    if st.get("small_blind") is not None or st.get("big_blind") is not None:
        no("stakes.small_blind", st.get("small_blind"))
    w = rs.get("wild", {})
    if w.get("ranks") or w.get("low_hole") or w.get("joker", "none") != "none":
        no("wild", w)
    if rs.get("events"):
        no("events", "...")
    bd = rs.get("board", {})
    if bd.get("ranking", "high") not in ("high", "ace-to-five"):
        no("board.ranking", bd.get("ranking"))
    if bd.get("wild", "natural") != "natural":
        no("board.wild", bd.get("wild"))
    for s in rs.get("streets", []):
        n = s.get("name")
        if s.get("exchange") is not None:
            no(f"streets.{n}.exchange", s.get("exchange"))
        if s.get("decide"):
            no(f"streets.{n}.decide", s.get("decide"))
        if s.get("deal_if_players_at_most") is not None:
            no(f"streets.{n}.deal_if_players_at_most", s.get("deal_if_players_at_most"))
        if s.get("spread") is not None:
            no(f"streets.{n}.spread", s.get("spread"))
        for f in s.get("deal", []):
            if f not in ("up", "down"):
                no(f"streets.{n}.deal", s.get("deal"))
        if s.get("opener", "best-board") not in ("bring-in", "best-board", "first-left"):
            no(f"streets.{n}.opener", s.get("opener"))
    pot = rs.get("pot", {})
    shares = pot.get("shares", [])
    if not 1 <= len(shares) <= 2:
        no("pot.shares", [s.get("name") for s in shares])
    for s in shares:
        n = s.get("name")
        if (n, s.get("ranking")) not in (("high", "high"), ("low", "ace-to-five")):
            no(f"pot.shares.{n}.ranking", s.get("ranking"))
        if n == "high" and s.get("qualifier") is not None:
            no("pot.shares.high.qualifier", s.get("qualifier"))
        for k in ("minimum", "own", "common", "suit", "fallback"):
            if s.get(k) is not None:
                no(f"pot.shares.{n}.{k}", s.get(k))
        if s.get("cards", "all") != "all":
            no(f"pot.shares.{n}.cards", s.get("cards"))
    if len(shares) > 1 and pot.get("odd_chip_share", "high") not in [s.get("name") for s in shares]:
        no("pot.odd_chip_share", pot.get("odd_chip_share"))
    sd = rs.get("showdown", {})
    if sd.get("method", "cards-speak") != "cards-speak":
        no("showdown.method", sd.get("method"))


# ---------------------------------------------------------------- the hand


class Seat:
    def __init__(self, seat, name, stack):
        self.seat, self.name, self.stack = seat, name, stack
        self.bet = 0
        self.committed = 0
        self.folded = False
        self.down, self.up = [], []
        self.dealt_in = True
        self.frozen_all_in = None

    @property
    def all_in(self):
        if self.frozen_all_in is not None:
            return self.frozen_all_in
        return self.stack == 0 and not self.folded and self.dealt_in


class Ledger:
    """One hand: phases, a log of everything done, and the betting round in progress."""

    def __init__(self, rs, seats, dealer, deck):
        self.rs = rs
        self.log = []
        st = rs["stakes"]
        self.chip = to_units(st.get("chip", "0.01"))
        self.ante = to_units(st.get("ante", "0"))
        self.bring = to_units(st["bring_in"]) if st.get("bring_in") is not None else None
        self.small = to_units(st["small_bet"])
        self.big = to_units(st["big_bet"])
        b = rs.get("betting", {})
        self.max_raises = b.get("max_raises", 3)
        self.uncap = b.get("uncapped_heads_up", "in-hand")
        self.locks = b.get("big_bet_locks", True)
        self.reopen = Decimal(str(b.get("reopen_fraction", "0.5")))
        self.fold_check = b.get("fold_when_check", "refused") == "allowed"
        bi = rs.get("bring_in", {})
        self.bi_card = bi.get("card", "lowest")
        self.bi_aces = bi.get("aces", "high")
        self.suit_order = [
            SUIT_NAMES[s] for s in bi.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        ]
        self.bi_all_in = bi.get("all_in", "next-card")
        self.board_ranking = rs.get("board", {}).get("ranking", "high")
        self.board_ties = rs.get("board", {}).get("ties", "suit")
        dl = rs.get("dealing", {})
        self.burn = dl.get("burn", True)
        self.reuse = dl.get("reuse_burns", True)
        self.use_community = dl.get("community_card", True)
        self.streets = rs["streets"]
        self.shares = rs["pot"]["shares"]
        self.split_unit = (
            to_units(rs["pot"]["split_unit"]) if rs["pot"].get("split_unit") is not None else None
        )
        self.odd_share = rs["pot"].get("odd_chip_share", "high")
        self.odd_tie = rs["pot"].get("odd_chip_tie", "position")
        self.unqualified = rs["pot"].get("unqualified")
        self.is_razz = self.board_ranking == "ace-to-five" and [s["name"] for s in self.shares] == [
            "low"
        ]
        self.has_low_share = any(s["name"] == "low" for s in self.shares)

        self.seats = seats  # ordered by seat number
        self.dealer = dealer
        self.stub = list(deck)
        self.burns = []
        self.community = []
        self.dealt_any = False
        self.street_idx = -1
        self.phase = "betting"
        self.result = None
        self.round = None
        self.street_openers = {}
        self.street_aggressor = {}
        self.final_pots = None

        for p in self.seats:
            a = min(self.ante, p.stack)
            p.stack -= a
            p.committed += a
            self.log.append(("ante", p.seat, a))
        self.advance()

    # -- seats and order
    def clockwise_from(self, seat, include=False):
        nums = [p.seat for p in self.seats]
        after = [p for p in self.seats if p.seat > seat] + [p for p in self.seats if p.seat <= seat]
        if include:
            after = [p for p in self.seats if p.seat >= seat] + [
                p for p in self.seats if p.seat < seat
            ]
        del nums
        return after

    def live(self):
        return [p for p in self.seats if not p.folded]

    def able(self):
        return [p for p in self.seats if not p.folded and p.stack > 0]

    def seat(self, n):
        for p in self.seats:
            if p.seat == n:
                return p
        return None

    # -- dealing
    def draw(self):
        return self.stub.pop(0)

    def remaining_rounds(self, street_idx, entry_idx):
        n = len(self.streets[street_idx]["deal"]) - entry_idx - 1
        for s in self.streets[street_idx + 1 :]:
            n += len(s.get("deal", []))
        return n

    def deal_street(self, idx):
        street = self.streets[idx]
        deal = street.get("deal", [])
        if not deal:
            return
        last = idx == len(self.streets) - 1
        if self.dealt_any and self.burn and self.stub:
            if not (last and "burn-skipped-on-river" in ACTIVE_BUGS):
                c = self.draw()
                self.burns.append(c)
                self.log.append(("burn", c))
        for e_i, face in enumerate(deal):
            order = [p for p in self.clockwise_from(self.dealer) if not p.folded]
            need = len(order)
            if len(self.stub) < need and self.reuse and self.burns:
                self.stub.extend(self.burns)
                self.log.append(("reuse-burns", list(self.burns)))
                self.burns = []
            later = self.remaining_rounds(idx, e_i)
            short = len(self.stub) < need or (self.use_community and len(self.stub) - need < later)
            if short and self.use_community and self.stub:
                c = self.draw()
                self.community.append(c)
                self.log.append(("community", c))
            else:
                for p in order:
                    if not self.stub:
                        break
                    c = self.draw()
                    (p.up if face == "up" else p.down).append(c)
                    self.log.append(("deal", p.seat, c, face))
            self.dealt_any = True

    # -- the street machine
    def advance(self):
        """Move on to the next street that needs a decision, or to the showdown."""
        while True:
            if len(self.live()) == 1:
                self.finish_uncontested()
                return
            self.street_idx += 1
            if self.street_idx >= len(self.streets):
                self.showdown()
                return
            self.deal_street(self.street_idx)
            street = self.streets[self.street_idx]
            opener_kind = street.get("opener", "best-board")
            self.street_openers[self.street_idx] = self.board_leader(self.street_idx)
            if street.get("bet") is None:
                continue
            if len(self.able()) <= 1:
                continue
            self.start_round(street, opener_kind)
            return

    def door_value(self, card):
        r = rank_of(card)
        if (
            self.bi_aces == "low"
            and r == 14
            and not (self.is_razz and "razz-door-ace-high" in ACTIVE_BUGS)
        ):
            r = 1
        return (r, self.suit_order.index(card[1]))

    def bring_in_seat(self):
        cands = [p for p in self.live() if p.up]
        if not cands:
            return None
        pick = min if self.bi_card == "lowest" else max

        def extreme(p):
            return pick(self.door_value(c) for c in p.up)

        if self.bi_all_in == "next-seat":
            chosen = pick(cands, key=extreme)
            if chosen.stack > 0:
                return chosen
            for p in self.clockwise_from(chosen.seat):
                if not p.folded and p.stack > 0:
                    return p
            return None
        withchips = [p for p in cands if p.stack > 0]
        return pick(withchips, key=extreme) if withchips else None

    def board_of(self, p):
        return p.up + self.community

    def board_leader(self, idx):
        """The seat with the best board (all-in or not), ties by suit or position."""
        street = self.streets[idx]
        ties = street.get("ties") or self.board_ties
        live = self.live()
        if not live:
            return None
        aces_high = self.is_razz and "razz-board-aces-high" in ACTIVE_BUGS
        keys = {p.seat: board_key(self.board_of(p), self.board_ranking, aces_high) for p in live}
        best = max(keys.values())
        tied = [p for p in live if keys[p.seat] == best]
        if len(tied) == 1:
            return tied[0]
        if ties == "position":
            for p in self.clockwise_from(self.dealer):
                if p in tied:
                    return p
        low = self.board_ranking != "high"

        def tiecard(p):
            cards = self.board_of(p)
            key = keys[p.seat]
            top = key[1][0] if key[1] else 0
            if low:
                top = -top
                same = [c for c in cards if (low_rank(c) if not aces_high else rank_of(c)) == top]
            else:
                same = [c for c in cards if rank_of(c) == top]
            if not same:
                return 0
            best_suit = max(self.suit_order.index(c[1]) for c in same)
            if low:
                # lower board wins: among equal boards, the lower suit of the top card leads
                best_suit = min(self.suit_order.index(c[1]) for c in same)
                return -best_suit
            return best_suit

        return max(tied, key=tiecard)

    def start_round(self, street, opener_kind):
        for p in self.seats:
            p.bet = 0
        r = {
            "street": self.street_idx,
            "level": 0,
            "kind": "none",
            "raises": 0,
            "big_made": False,
            "reopen": 0,
            "acted": {},
            "aggressor": None,
            "pending_bring": None,
            "unit": self.small if street.get("bet") == "small" else self.big,
            "open_pair": street.get("big_bet_when", "never") == "open-pair"
            and street.get("bet") == "small",
            "start_able": len(self.able()),
        }
        self.round = r
        first = None
        if opener_kind == "bring-in" and self.bring is not None:
            first = self.bring_in_seat()
            r["pending_bring"] = first.seat if first else None
        elif opener_kind == "first-left":
            first = next(
                (p for p in self.clockwise_from(self.dealer) if not p.folded and p.stack > 0), None
            )
        else:
            lead = self.street_openers[self.street_idx]
            if lead is not None:
                if lead.stack > 0:
                    first = lead
                else:
                    first = next(
                        (p for p in self.clockwise_from(lead.seat) if not p.folded and p.stack > 0),
                        None,
                    )
        self.street_openers[self.street_idx] = first or self.street_openers[self.street_idx]
        self.to_act = first.seat if first else None
        self.log.append(("round", street["name"], self.to_act))
        if self.to_act is None:
            self.end_round()

    # -- legal options
    def pair_showing(self):
        pool = self.seats if "folded-pair-keeps-big-option" in ACTIVE_BUGS else self.live()
        for p in pool:
            if not p.dealt_in:
                continue
            rs = [rank_of(c) for c in p.up]
            if len(rs) != len(set(rs)):
                return True
        return False

    def units(self):
        r = self.round
        if not r["open_pair"]:
            return [r["unit"]]
        if r["big_made"] and self.locks:
            return [self.big]
        if r["big_made"] or self.pair_showing():
            return [self.small, self.big]
        return [self.small]

    def capped(self):
        r = self.round
        if self.max_raises is None:
            return False
        if r["raises"] < self.max_raises:
            return False
        if self.uncap == "in-hand" and len(self.live()) == 2:
            return False
        if self.uncap == "round-start" and r["start_able"] == 2:
            return False
        return True

    def someone_can_answer(self, p, level):
        return any(
            q is not p and not q.folded and q.stack > 0 and q.stack + q.bet > level
            for q in self.seats
        )

    def options(self):
        """List of (action, total) for the seat to act; total None for fold/check."""
        if self.phase != "betting" or self.to_act is None:
            return []
        r = self.round
        p = self.seat(self.to_act)
        top = p.bet + p.stack
        if r["pending_bring"] == p.seat:
            opts = [("bring_in", min(self.bring, top))]
            if self.bring < self.small and top > self.bring:
                opts.append(("complete", min(self.small, top)))
            return opts
        opts = []
        owe = r["level"] - p.bet
        if owe > 0:
            opts.append(("fold", None))
            opts.append(("call", min(r["level"], top)))
        else:
            opts.append(("check", None))
            if self.fold_check:
                opts.append(("fold", None))
        may_raise = (
            top > r["level"]
            # (a bring-in not yet completed may be completed by anyone, its player too)
            and (r["kind"] == "bring" or r["acted"].get(p.seat) != r["reopen"])
            and self.someone_can_answer(p, r["level"])
        )
        if may_raise:
            if r["kind"] == "none":
                for u in self.units():
                    opts.append(("bet", min(u, top)))
            elif r["kind"] == "bring":
                opts.append(("complete", min(self.small, top)))
            elif not self.capped():
                for u in self.units():
                    opts.append(("raise", min(r["level"] + u, top)))
        seen, out = set(), []
        for o in opts:
            if o not in seen:
                seen.add(o)
                out.append(o)
        return out

    def legal_json(self):
        out = []
        for a, t in self.options():
            out.append({"action": a} if t is None else {"action": a, "amount": money(t)})
        return out

    # -- acting
    def act(self, req):
        if self.phase == "complete":
            raise Refusal("illegal_action", "the hand is over", [])
        seat = req.get("seat")
        action = req.get("action")
        opts = self.options()
        legal = self.legal_json()
        if seat != self.to_act:
            raise Refusal("illegal_action", f"it is seat {self.to_act}'s turn, not {seat}'s", legal)
        amount = None
        if req.get("amount") is not None:
            amount = to_units(req["amount"])
        p = self.seat(seat)
        choices = [t for a, t in opts if a == action]
        if not choices:
            raise Refusal("illegal_action", f"{action} is not legal now", legal)
        total = choices[0]
        if amount is not None and total is not None:
            if amount not in choices:
                raise Refusal(
                    "illegal_action", f"{action} to {money(amount)} is not legal now", legal
                )
            total = amount
        r = self.round
        self.log.append(("act", seat, action, total))
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        else:
            put = total - p.bet
            p.stack -= put
            p.bet = total
            p.committed += put
            prev = r["level"]
            if action == "bring_in":
                r["pending_bring"] = None
                r["level"] = max(prev, total)
                if total >= self.small:
                    r["kind"] = "bet"
                    r["reopen"] += 1
                else:
                    r["kind"] = "bring"
            elif action == "complete":
                r["pending_bring"] = None
                r["level"] = max(prev, total)
                if total >= self.small or Decimal(total) >= self.reopen * self.small:
                    r["kind"] = "bet"
                    r["reopen"] += 1
                    r["aggressor"] = seat
                else:
                    r["kind"] = "bring"
            elif action in ("bet", "raise"):
                inc = total - prev
                unit = min(self.units())
                if inc >= self.big and self.big > self.small and r["open_pair"]:
                    r["big_made"] = True
                r["level"] = max(prev, total)
                if Decimal(inc) >= self.reopen * unit:
                    r["reopen"] += 1
                    if action == "raise" or r["kind"] == "none":
                        if action == "raise":
                            r["raises"] += 1
                r["kind"] = "bet"
                r["aggressor"] = seat
        r["acted"][seat] = r["reopen"]
        self.street_aggressor[self.street_idx] = r["aggressor"]
        self.after_action(p)

    def after_action(self, p):
        if len(self.live()) == 1:
            self.end_round()
            return
        r = self.round
        nxt = None
        for q in self.clockwise_from(p.seat):
            if q.folded or q.stack == 0:
                continue
            if q.seat not in r["acted"] or q.bet < r["level"]:
                nxt = q
                break
        able = self.able()
        if nxt is not None and len(able) == 1 and nxt.bet >= r["level"]:
            nxt = None
        if nxt is None:
            self.end_round()
        else:
            self.to_act = nxt.seat

    def end_round(self):
        bets = sorted(((q.bet, q.seat) for q in self.seats), reverse=True)
        if bets and bets[0][0] > 0:
            top, topseat = bets[0]
            second = bets[1][0] if len(bets) > 1 else 0
            if top > second:
                q = self.seat(topseat)
                back = top - second
                q.stack += back
                q.bet -= back
                q.committed -= back
                self.log.append(("uncalled", topseat, back))
        self.to_act = None
        self.round = None
        self.advance()

    # -- pots
    def pots(self):
        levels = sorted({p.committed for p in self.seats if p.all_in and p.committed > 0})
        live_open = [p for p in self.seats if not p.folded and not p.all_in]
        out, prev = [], 0
        cut = levels + ([max(p.committed for p in self.seats)] if self.seats else [])
        for i, lv in enumerate(cut):
            if lv <= prev:
                continue
            amt = sum(max(0, min(p.committed, lv) - prev) for p in self.seats)
            if i < len(levels):
                elig = [
                    p.seat
                    for p in self.seats
                    if not p.folded and (p.committed >= lv or not p.all_in)
                ]
            else:
                elig = [p.seat for p in live_open] or [
                    p.seat for p in self.seats if not p.folded and p.committed >= lv
                ]
            if amt > 0 or not out:
                out.append({"amount": amt, "eligible": elig, "level": lv})
            prev = lv
        if not out:
            out.append({"amount": 0, "eligible": [p.seat for p in self.live()], "level": 0})
        return out

    def pot_total(self):
        return sum(p.committed for p in self.seats)

    # -- endings
    def freeze(self):
        self.final_pots = self.pots()
        for p in self.seats:
            p.frozen_all_in = p.all_in

    def finish_uncontested(self):
        self.freeze()
        winner = self.live()[0]
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"]:
                awards.append(
                    {"seat": winner.seat, "amount": pot["amount"], "pot": i, "share": None}
                )
                winner.stack += pot["amount"]
        self.close(awards, [], False)

    def close(self, awards, hands, showdown):
        self.phase = "complete"
        self.to_act = None
        self.round = None
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}
        self.log.append(("result", awards))

    def holding(self, p):
        return p.down + p.up + self.community

    def highest_card_key(self, p):
        return max((rank_of(c), self.suit_order.index(c[1])) for c in self.holding(p))

    def divide(self, amount, winners, unit):
        """Cut `amount` among `winners` (already in odd-chip order) in multiples of unit."""
        n = len(winners)
        each = (amount // (n * unit)) * unit
        parts = [each] * n
        left = amount - each * n
        i = 0
        while left > 0:
            give = min(unit, left)
            parts[i % n] += give
            left -= give
            i += 1
        return parts

    def odd_order(self, seats):
        if self.odd_tie == "high-card":
            return sorted(seats, key=lambda p: self.highest_card_key(p), reverse=True)
        order = self.clockwise_from(self.dealer)
        return [p for p in order if p in seats]

    def showdown(self):
        self.freeze()
        live = self.live()
        last = len(self.streets) - 1
        lead = self.street_aggressor.get(last)
        if lead is None or "show-order-from-opener" in ACTIVE_BUGS:
            op = self.street_openers.get(last)
            lead = op.seat if op is not None else None
        if lead is None:
            lead = live[0].seat
        show = [p for p in self.clockwise_from(lead, include=True) if not p.folded]
        values = {}
        hands = []
        for p in show:
            cards = self.holding(p)
            v = {}
            for sh in self.shares:
                if sh["name"] == "high":
                    k, five = best_high(cards)
                    v["high"] = (k, five)
                    hands.append(
                        {"seat": p.seat, "share": "high", "name": high_name(k), "cards": five}
                    )
                else:
                    got = best_low(cards, sh.get("qualifier"))
                    v["low"] = got
                    if got is not None:
                        hands.append(
                            {
                                "seat": p.seat,
                                "share": "low",
                                "name": low_name(got[0]),
                                "cards": got[1],
                            }
                        )
            values[p.seat] = v
        awards = []
        for i, pot in enumerate(self.pots()):
            amt = pot["amount"]
            if amt <= 0:
                continue
            elig = [self.seat(s) for s in pot["eligible"] if not self.seat(s).folded]
            if len(elig) == 1:
                awards.append({"seat": elig[0].seat, "amount": amt, "pot": i, "share": None})
                continue
            winners = {}
            for sh in self.shares:
                name = sh["name"]
                if name == "high":
                    pool = elig
                    if "hilo-no-scoop" in ACTIVE_BUGS and winners.get("low") and len(elig) > 1:
                        pool = [p for p in elig if p not in winners["low"]] or elig
                    best = max(values[p.seat]["high"][0] for p in pool)
                    winners["high"] = [p for p in pool if values[p.seat]["high"][0] == best]
                else:
                    cands = [p for p in elig if values[p.seat]["low"] is not None]
                    if cands:
                        best = min(values[p.seat]["low"][0] for p in cands)
                        winners["low"] = [p for p in cands if values[p.seat]["low"][0] == best]
                        if "hilo-low-tie-to-first-seat" in ACTIVE_BUGS and len(self.shares) > 1:
                            winners["low"] = self.odd_order(winners["low"])[:1]
            if "hilo-no-scoop" in ACTIVE_BUGS and "low" in winners and "high" in winners:
                pool = [p for p in elig if p not in winners["low"]]
                if pool:
                    best = max(values[p.seat]["high"][0] for p in pool)
                    winners["high"] = [p for p in pool if values[p.seat]["high"][0] == best]
            named = [sh["name"] for sh in self.shares if sh["name"] in winners]
            if not named:
                # nobody qualifies for any share
                if self.unqualified == "split":
                    group = elig
                else:
                    best = max(best_high(self.holding(p))[0] for p in elig)
                    group = [p for p in elig if best_high(self.holding(p))[0] == best]
                group = self.odd_order(group)
                for p, part in zip(group, self.divide(amt, group, self.chip), strict=False):
                    awards.append({"seat": p.seat, "amount": part, "pot": i, "share": None})
                continue
            unit = self.split_unit or self.chip
            n = len(named)
            each = (amt // (n * unit)) * unit
            parts = {s: each for s in named}
            left = amt - each * n
            names = [sh["name"] for sh in self.shares]
            start = (
                names.index(self.odd_share) if self.odd_share in named else names.index(named[0])
            )
            ring = [names[(start + k) % len(names)] for k in range(len(names))]
            ring = [s for s in ring if s in named]
            k = 0
            while left >= unit:
                parts[ring[k % len(ring)]] += unit
                left -= unit
                k += 1
            if left:
                parts[ring[0]] += left
            for s in named:
                group = self.odd_order(winners[s])
                for p, part in zip(group, self.divide(parts[s], group, self.chip), strict=False):
                    awards.append({"seat": p.seat, "amount": part, "pot": i, "share": s})
        for a in awards:
            self.seat(a["seat"]).stack += a["amount"]
        self.close(awards, hands, True)

    # -- view
    def state(self):
        street = self.streets[max(0, min(self.street_idx, len(self.streets) - 1))]["name"]
        res = None
        if self.result is not None:
            res = {
                "awards": [dict(a, amount=money(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        return {
            "street": street,
            "phase": self.phase,
            "to_act": self.to_act if self.phase == "betting" else None,
            "legal": self.legal_json(),
            "pot": money(self.pot_total()),
            "pots": [
                {"amount": money(p["amount"]), "eligible": p["eligible"]}
                for p in (self.final_pots if self.phase == "complete" else self.pots())
            ],
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
                for p in self.seats
            ],
            "community": list(self.community),
            "result": res,
        }


# ---------------------------------------------------------------- the protocol


class Server:
    def __init__(self):
        self.hand = None
        self.ruleset = None

    def build_deck(self, deck):
        if not isinstance(deck, list):
            raise Refusal("bad_request", "deck must be a list")
        listed = [parse_card(c) for c in deck]
        if len(set(listed)) != len(listed):
            raise Refusal("bad_request", "a card is listed twice")
        if not listed:
            rest = new_deck_order()
            random.Random(0).shuffle(rest)
            return rest
        return listed + [c for c in new_deck_order() if c not in set(listed)]

    def op_hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "ledger-stud", "version": "15.0"},
            "rulesets": list(SUPPORTED),
            "features": ["evaluate", "hi-lo", "table"],
        }

    def op_new_hand(self, req):
        rs = req.get("ruleset")
        if isinstance(rs, str):
            raise Refusal("unsupported", f"ruleset by name {rs!r}: send the resolved document")
        check_ruleset(rs)
        seats_in = req.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise Refusal("bad_request", "seats must be a non-empty list")
        nums = [s.get("seat") for s in seats_in]
        if len(set(nums)) != len(nums):
            raise Refusal("bad_request", "a seat number twice")
        seats = sorted(
            (Seat(s["seat"], s.get("name", ""), to_units(s["stack"])) for s in seats_in),
            key=lambda p: p.seat,
        )
        deck = self.build_deck(req.get("deck", []))
        hand = Ledger(rs, seats, req.get("dealer"), deck)
        self.hand, self.ruleset = hand, rs
        return {"state": hand.state()}

    def op_next_hand(self, req):
        old = self.hand
        if old is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if old.phase != "complete":
            raise Refusal("bad_request", "the hand is still running")
        deck = self.build_deck(req.get("deck", []))
        seated = [p for p in old.seats if p.stack > 0]
        dealer = old.dealer
        if self.ruleset.get("dealer", {}).get("rotates", True):
            after = [p for p in seated if p.seat > dealer] + [p for p in seated if p.seat <= dealer]
            if after:
                dealer = after[0].seat
        seats = [Seat(p.seat, p.name, p.stack) for p in seated]
        hand = Ledger(self.ruleset, seats, dealer, deck)
        self.hand = hand
        return {"state": hand.state()}

    def op_act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        self.hand.act(req)
        return {"state": self.hand.state()}

    def op_state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def op_evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in ("high", "ace-to-five"):
            raise Refusal("unsupported", f"ranking {ranking!r}")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal("unsupported", "evaluate options")
        hands = [[parse_card(c) for c in h] for h in req.get("hands", [])]
        vals = []
        for h in hands:
            if ranking == "high":
                k, five = best_high(h)
                vals.append((k, five, high_name(k)))
            else:
                k, five = best_low(h)
                vals.append(((-k[0], [-x for x in k[1]]), five, low_name(k)))
        out = []
        for k, five, name in vals:
            rank = 1 + sum(1 for k2, _, _ in vals if k2 > k)
            out.append({"best": five, "name": name, "rank": rank})
        return {"results": out}

    def handle(self, req):
        op = req.get("op")
        fn = (
            getattr(self, "op_" + str(op), None)
            if op in ("hello", "new_hand", "next_hand", "act", "state", "evaluate")
            else None
        )
        if op == "bye":
            return {}
        if fn is None:
            raise Refusal("unsupported", f"op {op!r}")
        return fn(req)


def main(argv):
    if "--bugs" in argv:
        i = argv.index("--bugs")
        names = argv[i + 1].split(",") if i + 1 < len(argv) else []
        known = set(BUGS.split(","))
        for n in names:
            n = n.strip()
            if n:
                if n not in known:
                    print(f"unknown bug {n}", file=sys.stderr)
                    return 2
                ACTIVE_BUGS.add(n)
    server = Server()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except Exception:
            print(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "unreadable request"},
                    }
                ),
                flush=True,
            )
            continue
        rid = req.get("id")
        try:
            reply = {"id": rid, "ok": True}
            reply.update(server.handle(req))
        except Refusal as r:
            err = {"code": r.code, "message": r.message}
            if r.legal is not None:
                err["legal"] = r.legal
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # keep running
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": repr(e)[:500]},
            }
        print(json.dumps(reply, ensure_ascii=True), flush=True)
        if req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

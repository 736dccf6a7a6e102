#!/usr/bin/env python3
"""independent_thirteen: a stud engine written from the public documents only.

A third-party engine for `stud verify --engine`, written apart from the reference
interpreter (from docs/protocol.md, docs/reference/ruleset.md, the ruleset schema, the
shipped rulesets and the feature files), with bugs that can be switched on by name.

    python3 independent_thirteen.py [--bugs name1,name2]

What it plays
-------------
Everything is read from the resolved ruleset document sent with `new_hand` (street table,
deal patterns, decision rounds, openers, bet units, caps, shares): nothing depends on the
game's name.  It plays fixed-limit stud games with antes, a bring-in (or none), completion,
the raise cap and its heads-up rules, the open-pair big bet, short all-in bets and raises,
side pots, uncalled bets, odd chips (by position or high card, split units), burns and
the run-out (burns reused, community card), cards-speak showdowns with up to any number of
shares ranked high, ace-to-five, ace-to-six or deuce-to-seven (qualifier and minimum hand
honoured), declarations in turn or simultaneous (high / low / both, `all` with more
shares), and decision rounds of kind `expose` (in turn or simultaneous) with the deal face
`down-if-all-up`.  So: seven-card stud and its casino/home variants, razz, five-card stud,
stud hi-lo and its declare games (`stud-hi-lo-declare`, `...-simultaneous`,
`five-card-stud-hi-lo-declare`), roll your own (`mexican-stud`) and the flip games
(`7-card-flip`, `7-card-flip-8`).

Anything else (blinds, spread/pot/no limit, wild cards, jokers, events, exchanges, centre
cards, a stripped pack, discard/draw/split rounds, other rankings, share card subsets or
fallbacks) is refused with `unsupported`, the message naming the ruleset path and value.

Protocol features used
----------------------
Protocol 1.2, JSON lines.  `hello` announces `rulesets: ["*"]` and the features
`seat-cards`, `table` (next_hand), `evaluate`, `hi-lo`, `declare`, `expose`, `roll`,
`refusal-state` and `pipelining`, plus `rankings: ["deuce-to-seven"]`; not
`evaluate-options` (its `evaluate` reads no qualifier and no wild ranks).  A refusal of a
ruleset value carries no `error.values`, so such scenarios are simply not supported.  Money is
`decimal.Decimal` inside and decimal strings on the wire.  The state carries
`declarations` (hidden as `null` during a simultaneous declaration), decision rounds show
as phase `expose` with `cards_min`/`cards_max`/`choices`, refusals carry `error.legal` and
`error.state`.

Planted bugs (all off by default)
---------------------------------
========================  ==========  ===================================================
name                      catalogue   what changes
========================  ==========  ===================================================
both-keeps-won-half       DECL-04     a `both` declarer who wins one share outright but
                                      loses or ties the other keeps the share he won
                                      instead of getting nothing
declare-from-left         DECL-01     in-turn declarations always start on the dealer's
                                      left, ignoring the last bettor/raiser
empty-share-cards-speak   DECL-03     a share nobody declared is still awarded, cards
                                      speak, to the best hand for it among everyone
roll-card-face-up         ROLL-02     the `down-if-all-up` card is dealt face up even to
                                      a player showing every card
roll-must-expose          ROLL-01     `at_least` of a decision round is ignored: a roll-
                                      your-own player must turn a card up
flip-reveal-at-once       DECIDE-03   a simultaneous choice is carried out (shown) at
                                      once instead of when the last player chose
flip-bring-in-own-lowest  EXPOSE-02   with several upcards, each player's lowest upcard
                                      is read for the bring-in even when the highest card
                                      brings in
cap-all-in-not-in-hand    CAP-02      the heads-up (in-hand) cap lift counts only players
                                      who can still bet, so an all-in player no longer
                                      keeps the cap
========================  ==========  ===================================================
"""

import itertools
import json
import random
import sys
from collections import Counter
from decimal import ROUND_FLOOR, Decimal, InvalidOperation

ENGINE_NAME = "independent-thirteen"
ENGINE_VERSION = "1.0"

BUG_NAMES = (
    "both-keeps-won-half",
    "declare-from-left",
    "empty-share-cards-speak",
    "roll-card-face-up",
    "roll-must-expose",
    "flip-reveal-at-once",
    "flip-bring-in-own-lowest",
    "cap-all-in-not-in-hand",
)

RANK_CHARS = "23456789TJQKA"
RANK_OF = {c: i + 2 for i, c in enumerate(RANK_CHARS)}
SUIT_CHARS = "cdhs"
SUIT_WORDS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
RANK_WORD = {
    1: "ace",
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
    1: "aces",
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
SUPPORTED_RANKINGS = ("high", "ace-to-five", "ace-to-six", "deuce-to-seven")
LOW_RANKINGS = ("ace-to-five", "ace-to-six", "deuce-to-seven")

ZERO = Decimal(0)


def new_pack():
    return [r + s for r in RANK_CHARS for s in SUIT_CHARS]


def money(d):
    if d == 0:
        return "0"
    return format(d, "f")


def dec(value, what="amount"):
    if value is None:
        return None
    try:
        d = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise Refusal("bad_request", f"{what} is not an amount: {value!r}") from None
    if not d.is_finite() or d < 0:
        raise Refusal("bad_request", f"{what} is not an amount: {value!r}")
    return d


class Refusal(Exception):
    def __init__(self, code, message, legal=None, state=None):
        Exception.__init__(self, message)
        self.code = code
        self.message = message
        self.legal = legal
        self.state = state


# --------------------------------------------------------------------------- hands


def card_rank(card, ace_low=False):
    r = RANK_OF[card[0]]
    if ace_low and r == 14:
        return 1
    return r


def grouped(ranks):
    """Ranks ordered by (count desc, rank desc), with the group shape."""
    cnt = Counter(ranks)
    order = sorted(cnt.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(c for _, c in order)
    flat = []
    for r, c in order:
        flat.extend([r] * c)
    return shape, tuple(flat)


PAIR_CLASS = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}


def pairing_class(shape):
    if shape in PAIR_CLASS:
        return PAIR_CLASS[shape]
    # partial hands (boards of fewer than five cards)
    top = shape[0] if shape else 0
    pairs = sum(1 for c in shape if c == 2)
    if top >= 4:
        return 5
    if top == 3:
        return 4 if pairs else 3
    if pairs >= 2:
        return 2
    if pairs == 1:
        return 1
    return 0


def poker_value(cards, ace_low=False, wheel=True):
    """(category, tiebreak) of a five-card hand, standard high order."""
    ranks = [card_rank(c, ace_low) for c in cards]
    suits = [c[1] for c in cards]
    shape, flat = grouped(ranks)
    flush = len(cards) == 5 and len(set(suits)) == 1
    straight_top = None
    if len(cards) == 5 and len(set(ranks)) == 5:
        hi, lo = max(ranks), min(ranks)
        if hi - lo == 4:
            straight_top = hi
        elif wheel and sorted(ranks) == [2, 3, 4, 5, 14]:
            straight_top = 5
    if straight_top is not None and flush:
        return (8, (straight_top,))
    if shape == (4, 1):
        return (7, flat)
    if shape == (3, 2):
        return (6, flat)
    if flush:
        return (5, tuple(sorted(ranks, reverse=True)))
    if straight_top is not None:
        return (4, (straight_top,))
    if shape[:1] == (3,):
        return (3, flat)
    if shape[:2] == (2, 2):
        return (2, flat)
    if shape[:1] == (2,):
        return (1, flat)
    return (0, flat)


def score5(cards, ranking):
    """A comparable score: larger is better under the ranking."""
    if ranking == "high":
        return poker_value(cards)
    if ranking == "ace-to-five":
        shape, flat = grouped([card_rank(c, True) for c in cards])
        return (-pairing_class(shape), tuple(-r for r in flat))
    if ranking == "ace-to-six":
        cat, tb = poker_value(cards, ace_low=True)
        return (-cat, tuple(-r for r in tb))
    if ranking == "deuce-to-seven":
        cat, tb = poker_value(cards, ace_low=False, wheel=False)
        return (-cat, tuple(-r for r in tb))
    raise ValueError(ranking)


def low_qualifies(cards, qualifier):
    ranks = [card_rank(c, True) for c in cards]
    return len(set(ranks)) == len(cards) == 5 and max(ranks) <= qualifier


def best_hand(cards, ranking, qualifier=None, minimum=None):
    """(score, five cards) of the best hand, or None when nothing qualifies."""
    cards = list(cards)
    if len(cards) <= 5:
        combos = [tuple(cards)]
    else:
        combos = itertools.combinations(cards, 5)
    best = None
    for combo in combos:
        if qualifier is not None and ranking in ("ace-to-five", "ace-to-six"):
            if not low_qualifies(combo, qualifier):
                continue
        s = score5(combo, ranking)
        if best is None or s > best[0]:
            best = (s, list(combo))
    if best is None:
        return None
    if minimum is not None and best[0] < minimum:
        return None
    return best


def hand_name(score, cards, ranking):
    if ranking == "high":
        cat, tb = score
    else:
        cat, tb = -score[0], tuple(-r for r in score[1])
    if ranking == "ace-to-five":
        if cat == 0:
            return f"{RANK_WORD[tb[0]]}-{RANK_WORD[tb[1]]} low"
        names = {
            1: "pair of %s",
            2: "two pair, %s and %s",
            3: "three of a kind, %s",
            4: "full house, %s over %s",
            5: "four of a kind, %s",
        }
        if cat in (2, 4):
            return names[cat] % (RANK_PLURAL[tb[0]], RANK_PLURAL[tb[-2] if cat == 2 else tb[3]])
        return names[cat] % RANK_PLURAL[tb[0]]
    if ranking != "high" and cat == 0:
        return f"{RANK_WORD[tb[0]]}-{RANK_WORD[tb[1]]} low"
    if cat == 8:
        if tb[0] == 14:
            return "royal flush"
        return f"{RANK_WORD[tb[0]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {RANK_PLURAL[tb[0]]}"
    if cat == 6:
        return f"full house, {RANK_PLURAL[tb[0]]} over {RANK_PLURAL[tb[3]]}"
    if cat == 5:
        return f"flush, {RANK_WORD[tb[0]]} high"
    if cat == 4:
        return f"{RANK_WORD[tb[0]]}-high straight"
    if cat == 3:
        return f"three of a kind, {RANK_PLURAL[tb[0]]}"
    if cat == 2:
        return f"two pair, {RANK_PLURAL[tb[0]]} and {RANK_PLURAL[tb[2]]}"
    if cat == 1:
        return f"pair of {RANK_PLURAL[tb[0]]}"
    return f"high card, {RANK_WORD[tb[0]]}"


def board_value(cards, ranking):
    """How good an exposed board is for choosing the opener (bigger opens first)."""
    ace_low = ranking != "high"
    best = None
    pool = list(cards)
    combos = [pool] if len(pool) <= 5 else [list(c) for c in itertools.combinations(pool, 5)]
    for combo in combos:
        shape, flat = grouped([card_rank(c, ace_low) for c in combo])
        klass = pairing_class(shape)
        if ranking == "high":
            v = (klass, flat)
        else:
            v = (-klass, tuple(-r for r in flat))
        if best is None or v > best[0]:
            best = (v, combo)
    return best


# --------------------------------------------------------------------------- rules


class Rules:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refusal(
                "unsupported",
                "ruleset names are not read by this engine; send the resolved document",
            )
        self.doc = doc

        def g(*keys, default=None):
            return self._get(keys, default)

        self.seats_max = g("seats", "max", default=8)
        self.jokers = g("deck", "jokers", default=0)
        self.centre = g("deck", "centre", default=[]) or []
        self.stripped = g("deck", "stripped", default=[]) or []
        self.rotates = g("dealer", "rotates", default=True)
        self.burn = g("dealing", "burn", default=True)
        self.reuse_burns = g("dealing", "reuse_burns", default=True)
        self.community_card = g("dealing", "community_card", default=True)
        stakes = doc.get("stakes") or {}
        self.chip = dec(stakes.get("chip", "0.01"))
        self.ante = dec(stakes.get("ante", "0")) or ZERO
        self.bring_in = dec(stakes.get("bring_in")) if stakes.get("bring_in") is not None else None
        self.small_bet = dec(stakes.get("small_bet"))
        self.big_bet = dec(stakes.get("big_bet"))
        self.small_blind = stakes.get("small_blind")
        self.big_blind = stakes.get("big_blind")
        self.bi_card = g("bring_in", "card", default="lowest")
        self.bi_aces = g("bring_in", "aces", default="high")
        order = g("bring_in", "suit_order", default=["clubs", "diamonds", "hearts", "spades"])
        self.suit_index = {SUIT_WORDS[w]: i for i, w in enumerate(order)}
        self.bi_all_in = g("bring_in", "all_in", default="next-card")
        self.board_ranking = g("board", "ranking", default="high")
        self.board_ties = g("board", "ties", default="suit")
        self.board_wild = g("board", "wild", default="natural")
        self.structure = g("betting", "structure", default="fixed-limit")
        self.max_raises = g("betting", "max_raises", default=3)
        self.uncapped = g("betting", "uncapped_heads_up", default="in-hand")
        self.big_bet_locks = g("betting", "big_bet_locks", default=True)
        self.reopen_fraction = dec(g("betting", "reopen_fraction", default="0.5"))
        self.fold_when_check = g("betting", "fold_when_check", default="refused")
        self.streets = []
        for st in doc.get("streets") or []:
            s = dict(st)
            s.setdefault("deal", [])
            s.setdefault("deal_if_players_at_most", None)
            s.setdefault("exchange", None)
            s.setdefault("decide", [])
            s.setdefault("opener", "best-board")
            s.setdefault("bet", "small")
            s.setdefault("big_bet_when", "never")
            s.setdefault("spread", None)
            s.setdefault("ties", None)
            s["decide"] = [self._decision(d) for d in (s.get("decide") or [])]
            self.streets.append(s)
        self.wild_ranks = g("wild", "ranks", default=[]) or []
        self.low_hole = g("wild", "low_hole", default=False)
        self.joker = g("wild", "joker", default="none")
        self.events = doc.get("events") or []
        pot = doc.get("pot") or {}
        self.shares = []
        for sh in pot.get("shares") or []:
            s = dict(sh)
            s.setdefault("ranking", "high")
            s.setdefault("qualifier", None)
            s.setdefault("minimum", None)
            s.setdefault("cards", "all")
            s.setdefault("own", None)
            s.setdefault("common", None)
            s.setdefault("suit", None)
            s.setdefault("fallback", None)
            self.shares.append(s)
        self.split_unit = dec(pot.get("split_unit")) if pot.get("split_unit") is not None else None
        self.odd_chip_share = pot.get("odd_chip_share", "high")
        self.odd_chip_tie = pot.get("odd_chip_tie", "position")
        self.unqualified = pot.get("unqualified")
        sd = doc.get("showdown") or {}
        self.method = sd.get("method", "cards-speak")
        self.declare_order = sd.get("declare_order", "in-turn")
        self.declare_starts = sd.get("declare_starts", "last-aggressor")
        self.failed_both = sd.get("failed_both", "disqualified")
        self.check_supported()
        for s in self.shares:
            if s["minimum"]:
                cards = s["minimum"].split()
                s["minimum_score"] = score5(cards, s["ranking"])
            else:
                s["minimum_score"] = None

    @staticmethod
    def _decision(d):
        d = dict(d)
        d.setdefault("count", 1)
        d.setdefault("at_least", None)
        d.setdefault("among", "down")
        d.setdefault("order", "in-turn")
        d.setdefault("drawn_face", "same")
        d.setdefault("down_in_each", 0)
        d.setdefault("big_beats_small", False)
        return d

    def _get(self, keys, default):
        node = self.doc
        for k in keys:
            if not isinstance(node, dict) or k not in node:
                return default
            node = node[k]
        return node

    def check_supported(self):
        bad = []

        def no(path, value):
            bad.append(f"{path} = {json.dumps(value)}")

        if self.jokers:
            no("deck.jokers", self.jokers)
        if self.centre:
            no("deck.centre", self.centre)
        if self.stripped:
            no("deck.stripped", self.stripped)
        if self.small_blind is not None or self.big_blind is not None:
            no("stakes.big_blind", self.big_blind)
        if self.structure != "fixed-limit":
            no("betting.structure", self.structure)
        if self.board_ranking not in ("high", "ace-to-five"):
            no("board.ranking", self.board_ranking)
        if self.wild_ranks:
            no("wild.ranks", self.wild_ranks)
        if self.low_hole:
            no("wild.low_hole", self.low_hole)
        if self.joker not in ("none", None):
            no("wild.joker", self.joker)
        if self.events:
            no("events", [e.get("name") for e in self.events])
        if self.seats_max > 10:
            no("seats.max", self.seats_max)
        for s in self.streets:
            name = s.get("name")
            for face in s["deal"]:
                if face not in ("down", "up", "down-if-all-up"):
                    no(f"streets.{name}.deal", s["deal"])
                    break
            if s["exchange"] is not None:
                no(f"streets.{name}.exchange", s["exchange"])
            if s["spread"] is not None:
                no(f"streets.{name}.spread", s["spread"])
            if s["opener"] not in ("bring-in", "best-board", "first-left"):
                no(f"streets.{name}.opener", s["opener"])
            for d in s["decide"]:
                if d["kind"] != "expose":
                    no(f"streets.{name}.decide", d["kind"])
                elif d["among"] != "down":
                    no(f"streets.{name}.decide.among", d["among"])
        for s in self.shares:
            name = s.get("name")
            if s["ranking"] not in SUPPORTED_RANKINGS:
                no(f"pot.shares.{name}.ranking", s["ranking"])
            if s["cards"] not in ("all", "own"):
                no(f"pot.shares.{name}.cards", s["cards"])
            for key in ("own", "common", "suit", "fallback"):
                if s[key] is not None:
                    no(f"pot.shares.{name}.{key}", s[key])
            if s["minimum"] is not None:
                try:
                    cards = s["minimum"].split()
                    if len(cards) != 5 or any(
                        len(c) != 2 or c[0] not in RANK_OF or c[1] not in SUIT_CHARS for c in cards
                    ):
                        raise ValueError
                except (ValueError, AttributeError):
                    no(f"pot.shares.{name}.minimum", s["minimum"])
        if not self.shares:
            no("pot.shares", [])
        if self.method not in ("cards-speak", "declare"):
            no("showdown.method", self.method)
        if self.failed_both != "disqualified":
            no("showdown.failed_both", self.failed_both)
        if self.declare_starts not in ("first-left", "last-aggressor", "best-board"):
            no("showdown.declare_starts", self.declare_starts)
        if self.unqualified not in (None, "best-high", "split"):
            no("pot.unqualified", self.unqualified)
        if bad:
            raise Refusal("unsupported", "this engine does not play " + "; ".join(bad))


# --------------------------------------------------------------------------- players


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.committed = ZERO
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.queue = []
        self.acted = False
        self.declared = None

    @property
    def active(self):
        return not self.folded and not self.all_in

    def cards(self):
        return self.down + self.up


# --------------------------------------------------------------------------- the hand


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards, bugs):
        self.r = rules
        self.bugs = bugs
        if len(seats) < 2:
            raise Refusal("bad_request", "a hand needs two players")
        if len(seats) > rules.seats_max:
            raise Refusal("bad_request", "more players than seats.max")
        self.players = {}
        for s in seats:
            seat = s["seat"]
            if seat in self.players:
                raise Refusal("bad_request", f"seat {seat} twice")
            stack = dec(s["stack"], "stack")
            self.players[seat] = Player(seat, s.get("name", str(seat)), stack)
        self.dealer = dealer
        self.order = self._clockwise_from(dealer)
        self._build_stub(deck, seat_cards)
        self.burns = []
        self.community = []
        self.dealt_any = False
        self.dealt_in = len(self.players)
        self.street_i = -1
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.br = None  # the betting round
        self.dr = None  # the decision round
        self.decl = None  # the declaration
        self.bet_rounds = 0  # betting rounds started
        self.last_aggressor_hand = None
        self.final_round = None  # (street index, aggressor, opener) of the last betting street
        self.pots_cache = None
        self.stage = ("street", 0)
        self._post_antes()
        self.run()

    # ---- seating

    def _clockwise_from(self, seat):
        seats = sorted(self.players)
        after = [s for s in seats if s > seat]
        before = [s for s in seats if s <= seat]
        return after + before

    def clockwise(self, start, include_start=False):
        """Seats clockwise after `start` (a seat number), optionally starting with it."""
        seats = sorted(self.players)
        after = [s for s in seats if s > start]
        before = [s for s in seats if s < start]
        ring = after + before
        if include_start and start in self.players:
            ring = [start] + ring
        return ring

    def live(self):
        return [self.players[s] for s in self.order if not self.players[s].folded]

    # ---- the pack

    def _build_stub(self, deck, seat_cards):
        pack = new_pack()
        deck = list(deck or [])
        for c in deck:
            if c not in pack:
                raise Refusal("bad_request", f"unknown card {c!r}")
        if len(set(deck)) != len(deck):
            raise Refusal("bad_request", "a card twice in the deck")
        if deck:
            rest = [c for c in pack if c not in set(deck)]
            stub = deck + rest
        else:
            stub = pack[:]
            random.Random(0).shuffle(stub)
        self.stub = stub
        self.reserved = set()
        for entry in seat_cards or []:
            seat = entry.get("seat")
            if seat not in self.players:
                continue
            cards = list(entry.get("cards") or [])
            for c in cards:
                if c not in pack or c in self.reserved:
                    raise Refusal("bad_request", f"bad seat card {c!r}")
                self.reserved.add(c)
            self.players[seat].queue = cards

    def _take_free(self):
        for i, c in enumerate(self.stub):
            if c not in self.reserved:
                return self.stub.pop(i)
        if self.stub:
            c = self.stub.pop(0)
            self.reserved.discard(c)
            for p in self.players.values():
                if c in p.queue:
                    p.queue.remove(c)
            return c
        raise Refusal("internal", "the pack is empty")

    def _take_for(self, p):
        if p.queue:
            c = p.queue.pop(0)
            self.reserved.discard(c)
            if c in self.stub:
                self.stub.remove(c)
            return c
        return self._take_free()

    # ---- money

    def _put(self, p, total):
        amount = total - p.bet
        if amount > p.stack:
            amount = p.stack
        p.stack -= amount
        p.bet += amount
        p.committed += amount
        if p.stack == 0:
            p.all_in = True

    def _post_antes(self):
        ante = self.r.ante
        if ante <= 0:
            return
        for s in self.order:
            p = self.players[s]
            a = min(ante, p.stack)
            p.stack -= a
            p.committed += a
            if p.stack == 0:
                p.all_in = True

    def _return_uncalled(self):
        bets = sorted(((p.bet, p.seat) for p in self.players.values()), reverse=True)
        if not bets or bets[0][0] <= 0:
            return
        top, seat = bets[0]
        second = bets[1][0] if len(bets) > 1 else ZERO
        if top > second:
            p = self.players[seat]
            d = top - second
            p.bet -= d
            p.committed -= d
            p.stack += d
            if p.stack > 0:
                p.all_in = False

    def pots(self):
        players = list(self.players.values())
        levels = sorted({p.committed for p in players if p.all_in and not p.folded})
        top = max((p.committed for p in players), default=ZERO)
        if not levels or levels[-1] < top:
            levels.append(top)
        pots = []
        prev = ZERO
        for lv in levels:
            if lv <= prev:
                continue
            amount = sum((min(p.committed, lv) - min(p.committed, prev) for p in players), ZERO)
            eligible = [
                s
                for s in self.order
                if not self.players[s].folded
                and (self.players[s].committed >= lv or not self.players[s].all_in)
            ]
            if amount > 0:
                pots.append({"amount": amount, "eligible": eligible, "level": lv})
            prev = lv
        return pots

    # ---- the flow

    def run(self):
        while self.result is None:
            if len(self.live()) == 1:
                self._finish_uncontested()
                return
            kind = self.stage[0]
            if kind == "wait":
                return
            if kind == "street":
                i = self.stage[1]
                if i >= len(self.r.streets):
                    self.stage = ("declare",) if self.r.method == "declare" else ("showdown",)
                    continue
                st = self.r.streets[i]
                self.street_i = i
                limit = st["deal_if_players_at_most"]
                if limit is not None and self.dealt_in > limit:
                    self.stage = ("street", i + 1)
                    continue
                self.stage = ("decide", i, 0)
            elif kind == "decide":
                i, k = self.stage[1], self.stage[2]
                st = self.r.streets[i]
                if k >= len(st["decide"]):
                    self.stage = ("deal", i)
                    continue
                if self._start_decision(st["decide"][k]):
                    self.stage = ("wait",)
                    self._after_decision = ("decide", i, k + 1)
                    return
                self.stage = ("decide", i, k + 1)
            elif kind == "deal":
                i = self.stage[1]
                self._deal_street(i)
                self.stage = ("bet", i)
            elif kind == "bet":
                i = self.stage[1]
                st = self.r.streets[i]
                if st["bet"] is None:
                    self.stage = ("street", i + 1)
                    continue
                if self._start_betting(i):
                    self.stage = ("wait",)
                    self._after_betting = ("street", i + 1)
                    return
                self.stage = ("street", i + 1)
            elif kind == "declare":
                if self._start_declaration():
                    self.stage = ("wait",)
                    return
                self.stage = ("showdown",)
            elif kind == "showdown":
                self._showdown()
                return

    # ---- dealing

    def _rounds_after(self, i, j):
        """Deal rounds still to come after entry j of street i."""
        n = len(self.r.streets[i]["deal"]) - j - 1
        for st in self.r.streets[i + 1 :]:
            limit = st["deal_if_players_at_most"]
            if limit is not None and self.dealt_in > limit:
                continue
            n += len(st["deal"])
        return n

    def _deal_street(self, i):
        st = self.r.streets[i]
        if not st["deal"]:
            return
        if self.r.burn and self.dealt_any and self.stub:
            c = self._take_free()
            self.burns.append(c)
        for j, face in enumerate(st["deal"]):
            live = self.live()
            need = len(live)
            if len(self.stub) < need and self.r.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            keep = self._rounds_after(i, j) if self.r.community_card else 0
            if len(self.stub) < need + keep:
                if self.r.community_card and self.stub:
                    self.community.append(self._take_free())
                    self.dealt_any = True
                    continue
                if len(self.stub) < need:
                    raise Refusal("internal", "the pack ran out")
            for p in live:
                c = self._take_for(p)
                if face == "down":
                    p.down.append(c)
                elif face == "up":
                    p.up.append(c)
                else:  # down-if-all-up
                    if not p.down and "roll-card-face-up" not in self.bugs:
                        p.down.append(c)
                    else:
                        p.up.append(c)
            self.dealt_any = True

    # ---- boards and openers

    def _board_cards(self, p):
        return p.up + self.community

    def _best_board(self, candidates, ties):
        ranking = self.r.board_ranking
        best = None
        best_key = None
        for p in candidates:  # candidates are in clockwise order from the dealer's left
            cards = self._board_cards(p)
            if not cards:
                v = ((-1,), ())
                combo = []
            else:
                v, combo = board_value(cards, ranking)
            if ties == "position":
                key = (v,)
            else:
                top = self._top_card(combo, ranking)
                si = self.r.suit_index[top[1]] if top else -1
                key = (v, si if ranking == "high" else -si)
            if best is None or key > best_key:
                best, best_key = p, key
        return best

    def _top_card(self, combo, ranking):
        if not combo:
            return None
        ace_low = ranking != "high"
        cnt = Counter(card_rank(c, ace_low) for c in combo)
        ordered = sorted(
            combo,
            key=lambda c: (
                cnt[card_rank(c, ace_low)],
                card_rank(c, ace_low),
                self.r.suit_index[c[1]],
            ),
            reverse=True,
        )
        return ordered[0]

    def _bring_in_key(self, card):
        rank = card_rank(card, self.r.bi_aces == "low")
        return (rank, self.r.suit_index[card[1]])

    def _extreme_upcard(self, p):
        if not p.up:
            return None
        keys = [self._bring_in_key(c) for c in p.up]
        if self.r.bi_card == "highest" and "flip-bring-in-own-lowest" not in self.bugs:
            return max(keys)
        # the lowest card showing (planted bug flip-bring-in-own-lowest: also when the
        # highest card brings in)
        return min(keys)

    def _bring_in_seat(self):
        live = self.live()
        highest = self.r.bi_card == "highest"

        def pick(cands):
            best, best_key = None, None
            for p in cands:
                k = self._extreme_upcard(p)
                if k is None:
                    continue
                if best is None or (k > best_key if highest else k < best_key):
                    best, best_key = p, k
            return best

        if self.r.bi_all_in == "next-seat":
            p = pick(live)
            if p is None:
                return None
            if p.active:
                return p
            for s in self.clockwise(p.seat):
                q = self.players[s]
                if q.active:
                    return q
            return None
        return pick([p for p in live if p.active])

    def _opener(self, i, bring_in_street):
        st = self.r.streets[i]
        live = self.live()
        opener = st["opener"]
        if opener == "bring-in" and bring_in_street and self.r.bring_in is not None:
            return self._bring_in_seat(), True
        if opener == "first-left":
            for p in live:
                if p.active:
                    return p, False
            return None, False
        ties = st["ties"] or self.r.board_ties
        best = self._best_board(live, ties)
        if best is None:
            return None, False
        if best.active:
            return best, False
        for s in self.clockwise(best.seat):
            q = self.players[s]
            if q.active:
                return q, False
        return None, False

    def _would_open(self, i):
        st = self.r.streets[i]
        ties = st["ties"] or self.r.board_ties
        return self._best_board(self.live(), ties)

    # ---- betting

    def _start_betting(self, i):
        st = self.r.streets[i]
        for p in self.players.values():
            p.bet = ZERO
            p.acted = False
        first_round = self.bet_rounds == 0
        self.bet_rounds += 1
        active = [p for p in self.live() if p.active]
        unit = self.r.small_bet if st["bet"] == "small" else self.r.big_bet
        self.br = {
            "street": i,
            "unit": unit,
            "state": "none",
            "raises": 0,
            "big_locked": False,
            "forced": None,
            "aggressor": None,
            "start_active": len(active),
        }
        if len(active) < 2:
            w = self._would_open(i)
            self.final_round = (i, None, w.seat if w else None)
            self.br = None
            return False
        opener, forced = self._opener(i, first_round)
        if opener is None:
            self.br = None
            return False
        if forced:
            self.br["forced"] = opener.seat
        self.final_round = (i, None, opener.seat)
        self.phase = "betting"
        self.to_act = opener.seat
        return True

    def _open_pair(self):
        for p in self.live():
            ranks = [c[0] for c in p.up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def _sizes(self):
        br = self.br
        st = self.r.streets[br["street"]]
        if br["big_locked"]:
            return [self.r.big_bet]
        if st["bet"] == "small" and st["big_bet_when"] == "open-pair" and self._open_pair():
            return [self.r.small_bet, self.r.big_bet]
        return [br["unit"]]

    def _capped(self):
        r = self.r
        if r.max_raises is None:
            return False
        if self.br["raises"] < r.max_raises:
            return False
        if r.uncapped == "in-hand":
            if "cap-all-in-not-in-hand" in self.bugs:
                return sum(1 for p in self.live() if p.active) != 2
            return len(self.live()) != 2
        if r.uncapped == "round-start":
            return self.br["start_active"] != 2
        return True

    def _level(self):
        return max((p.bet for p in self.players.values()), default=ZERO)

    def _someone_can_answer(self, p, level):
        for q in self.live():
            if q is p or not q.active:
                continue
            if q.bet + q.stack > level:
                return True
        return False

    def _betting_options(self, p):
        br = self.br
        r = self.r
        level = self._level()
        allin_total = p.bet + p.stack
        opts = []
        if br["forced"] == p.seat and br["state"] == "none":
            bi = min(r.bring_in, allin_total)
            opts.append({"action": "bring_in", "amount": bi})
            if r.bring_in < r.small_bet and allin_total > bi:
                opts.append({"action": "complete", "amount": min(r.small_bet, allin_total)})
            return opts
        facing = level - p.bet
        if facing > 0:
            opts.append({"action": "fold"})
            opts.append({"action": "call", "amount": min(level, allin_total)})
        else:
            opts.append({"action": "check"})
            if r.fold_when_check == "allowed":
                opts.append({"action": "fold"})
        # a short all-in "completion" leaves the round at the bring-in: anyone may still
        # complete; after a bet, a player who has acted may raise only if reopened
        reopened = not p.acted or br["state"] == "bring_in"
        if p.stack > facing and reopened and self._someone_can_answer(p, level):
            if br["state"] == "bring_in":
                targets = [r.small_bet]
                word = "complete"
            elif br["state"] == "none":
                targets = self._sizes()
                word = "bet"
            else:
                if self._capped():
                    targets = []
                else:
                    targets = [level + s for s in self._sizes()]
                word = "raise"
            seen = []
            for t in targets:
                t = min(t, allin_total)
                if t > level and t not in seen:
                    seen.append(t)
                    opts.append({"action": word, "amount": t})
        return opts

    def _bet_action(self, p, action, amount):
        opts = self._betting_options(p)
        matching = [o for o in opts if o["action"] == action]
        if not matching:
            raise self._illegal(f"{action} is not legal now")
        chosen = None
        if "amount" in matching[0]:
            if amount is None:
                chosen = matching[0]
            else:
                for o in matching:
                    if o["amount"] == amount:
                        chosen = o
                if chosen is None:
                    raise self._illegal(f"{action} to {money(amount)} is not legal now")
        else:
            chosen = matching[0]
        br = self.br
        r = self.r
        level = self._level()
        if action == "fold":
            p.folded = True
        elif action == "check":
            p.acted = True
        elif action == "call":
            self._put(p, chosen["amount"])
            p.acted = True
        elif action == "bring_in":
            self._put(p, chosen["amount"])
            p.acted = True
            # a bring-in is the bet only when a full small bet went in: one posted all in
            # for less (even of a small-bet bring-in) is still completed
            br["state"] = "bet" if chosen["amount"] >= r.small_bet else "bring_in"
        elif action == "complete":
            total = chosen["amount"]
            self._put(p, total)
            if total >= r.small_bet or total >= r.reopen_fraction * r.small_bet:
                br["state"] = "bet"
                br["raises"] = 0
                self._reopen(p)
            elif br["state"] == "none":
                br["state"] = "bring_in"
            br["aggressor"] = p.seat
            self.last_aggressor_hand = p.seat
            p.acted = True
        elif action == "bet":
            total = chosen["amount"]
            self._put(p, total)
            br["state"] = "bet"
            br["raises"] = 0
            self._lock_big(total)
            self._reopen(p)
            br["aggressor"] = p.seat
            self.last_aggressor_hand = p.seat
            p.acted = True
        elif action == "raise":
            total = chosen["amount"]
            sizes = self._sizes()
            self._put(p, total)
            inc = total - level
            if inc >= min(sizes) * r.reopen_fraction:
                br["raises"] += 1
                self._reopen(p)
            self._lock_big(inc)
            br["aggressor"] = p.seat
            self.last_aggressor_hand = p.seat
            p.acted = True
        if br["aggressor"] is not None:
            self.final_round = (br["street"], br["aggressor"], self.final_round[2])
        self._after_bet_action(p)

    def _lock_big(self, inc):
        st = self.r.streets[self.br["street"]]
        if (
            st["bet"] == "small"
            and st["big_bet_when"] == "open-pair"
            and self.r.big_bet_locks
            and inc == self.r.big_bet
            and self.r.big_bet != self.r.small_bet
        ):
            self.br["big_locked"] = True

    def _reopen(self, actor):
        for q in self.players.values():
            if q is not actor:
                q.acted = False

    def _after_bet_action(self, p):
        if len(self.live()) == 1:
            self._end_betting()
            return
        level = self._level()
        nxt = None
        for s in self.clockwise(p.seat):
            q = self.players[s]
            if q.active and not (q.acted and q.bet == level):
                nxt = q
                break
        if nxt is None:
            self._end_betting()
            return
        self.to_act = nxt.seat

    def _end_betting(self):
        self._return_uncalled()
        for q in self.players.values():
            q.bet = ZERO
        self.br = None
        self.to_act = None
        self.stage = self._after_betting
        self.run()

    # ---- decision rounds

    def _decision_counts(self, d, p):
        offer = list(p.down)
        most = min(d["count"], len(offer))
        least = d["at_least"] if d["at_least"] is not None else d["count"]
        if "roll-must-expose" in self.bugs:
            least = d["count"]
        least = min(least, most)
        return least, most, offer

    def _start_decision(self, d):
        pending = []
        for p in self.live():
            least, most, offer = self._decision_counts(d, p)
            if most > 0:
                pending.append(p.seat)
        if not pending:
            return False
        self.dr = {"d": d, "pending": pending, "chosen": {}}
        self.phase = d["kind"]
        self.to_act = pending[0]
        return True

    def _decision_options(self, p):
        d = self.dr["d"]
        least, most, offer = self._decision_counts(d, p)
        return [
            {"action": d["kind"], "cards_min": least, "cards_max": most, "choices": list(offer)}
        ]

    def _decide_action(self, p, action, cards):
        dr = self.dr
        d = dr["d"]
        if p.seat not in dr["pending"] or (d["order"] == "in-turn" and p.seat != self.to_act):
            raise self._illegal(f"it is not {p.name}'s turn to choose")
        least, most, offer = self._decision_counts(d, p)
        if action != d["kind"]:
            raise self._illegal(f"{action} is not legal now")
        cards = list(cards or [])
        if len(set(cards)) != len(cards):
            raise self._illegal("a card named twice")
        if not least <= len(cards) <= most:
            raise self._illegal(f"choose between {least} and {most} cards")
        for c in cards:
            if c not in offer:
                raise self._illegal(f"{c} is not among the cards offered")
        dr["pending"].remove(p.seat)
        if d["order"] == "in-turn" or "flip-reveal-at-once" in self.bugs:
            self._carry_out(p, cards)
        else:
            dr["chosen"][p.seat] = cards
        if dr["pending"]:
            self.to_act = dr["pending"][0]
            return
        for s in self.order:
            if s in dr["chosen"]:
                self._carry_out(self.players[s], dr["chosen"][s])
        self.dr = None
        self.to_act = None
        self.stage = self._after_decision
        self.run()

    def _carry_out(self, p, cards):
        for c in cards:
            p.down.remove(c)
            p.up.append(c)

    # ---- declarations

    def _declare_words(self):
        names = [s["name"] for s in self.r.shares]
        if len(names) == 2:
            names.append("both")
        elif len(names) > 2:
            names.append("all")
        return names

    def _start_declaration(self):
        live = self.live()
        if len(live) < 2:
            return False
        # in a simultaneous declaration anyone may declare, but the seat named to act is
        # the one an in-turn declaration would start with
        how = self.r.declare_starts
        if "declare-from-left" in self.bugs and self.r.declare_order == "in-turn":
            how = "first-left"
        start = None
        if how == "last-aggressor" and self.last_aggressor_hand is not None:
            for s in self.clockwise(self.last_aggressor_hand, include_start=True):
                if not self.players[s].folded:
                    start = s
                    break
        elif how == "best-board":
            b = self._best_board(live, self.r.board_ties)
            start = b.seat if b else None
        if start is None:
            start = live[0].seat
        order = [s for s in self.clockwise(start, include_start=True) if not self.players[s].folded]
        self.decl = {"pending": order}
        self.phase = "declare"
        self.to_act = order[0]
        return True

    def _declare_action(self, p, word):
        decl = self.decl
        if p.seat not in decl["pending"]:
            raise self._illegal(f"{p.name} has nothing to declare now")
        if self.r.declare_order != "simultaneous" and p.seat != self.to_act:
            raise self._illegal(f"it is not {p.name}'s turn to declare")
        if word not in self._declare_words():
            raise self._illegal("declare one of {}".format(", ".join(self._declare_words())))
        p.declared = word
        decl["pending"].remove(p.seat)
        if decl["pending"]:
            self.to_act = decl["pending"][0]
            return
        self.decl = None
        self.to_act = None
        self.stage = ("showdown",)
        self.run()

    def _declarations(self):
        out = []
        hidden = self.r.declare_order == "simultaneous" and self.decl is not None
        for s in self.order:
            p = self.players[s]
            if p.declared is not None:
                out.append({"seat": s, "declare": None if hidden else p.declared})
        return out

    # ---- the end of the hand

    def _finish_uncontested(self):
        self._return_uncalled()
        winner = self.live()[0]
        awards = []
        for k, pot in enumerate(self.pots()):
            awards.append({"seat": winner.seat, "amount": pot["amount"], "pot": k, "share": None})
            winner.stack += pot["amount"]
        self._close(awards, [], False)

    def _close(self, awards, hands, showdown):
        self.pots_final = self.pots()
        for p in self.players.values():
            p.bet = ZERO
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}
        self.phase = "complete"
        self.to_act = None
        self.br = self.dr = self.decl = None

    def _share_cards(self, p, share):
        if share["cards"] == "own":
            return p.cards()
        return p.cards() + self.community

    def _evaluate_all(self, contenders):
        table = {}
        for p in contenders:
            for sh in self.r.shares:
                best = best_hand(
                    self._share_cards(p, sh), sh["ranking"], sh["qualifier"], sh["minimum_score"]
                )
                table[(p.seat, sh["name"])] = best
        return table

    def _winners(self, seats, share, table):
        best = None
        winners = []
        for s in seats:
            h = table.get((s, share["name"]))
            if h is None:
                continue
            if best is None or h[0] > best:
                best, winners = h[0], [s]
            elif h[0] == best:
                winners.append(s)
        return winners

    def _declared_for(self, p, name):
        return p.declared in (name, "both", "all")

    def _pot_winners(self, eligible, table):
        shares = self.r.shares
        if self.r.method != "declare":
            return {sh["name"]: self._winners(eligible, sh, table) for sh in shares}
        contenders = list(eligible)
        first = {}
        for sh in shares:
            decl = [s for s in contenders if self._declared_for(self.players[s], sh["name"])]
            first[sh["name"]] = self._winners(decl, sh, table)
        out_seats = set()
        keep_only = {}
        for s in contenders:
            p = self.players[s]
            if p.declared in ("both", "all"):
                won = [sh["name"] for sh in shares if first[sh["name"]] == [s]]
                if len(won) != len(shares):
                    if "both-keeps-won-half" in self.bugs and won:
                        keep_only[s] = set(won)
                    else:
                        out_seats.add(s)
        remaining = [s for s in contenders if s not in out_seats]
        if not remaining:
            return {sh["name"]: self._winners(contenders, sh, table) for sh in shares}
        result = {}
        for sh in shares:
            decl = [
                s
                for s in remaining
                if self._declared_for(self.players[s], sh["name"])
                and (s not in keep_only or sh["name"] in keep_only[s])
            ]
            if not decl and "empty-share-cards-speak" in self.bugs:
                decl = list(remaining)
            result[sh["name"]] = self._winners(decl, sh, table)
        return result

    def _tie_order(self, seats):
        if self.r.odd_chip_tie == "high-card":

            def key(s):
                cards = self.players[s].cards()
                return max((RANK_OF[c[0]], self.r.suit_index[c[1]]) for c in cards)

            return sorted(seats, key=key, reverse=True)
        return [s for s in self.order if s in seats]

    def _divide(self, amount, seats):
        """Split `amount` between `seats` chip by chip; odd chips by odd_chip_tie."""
        chip = self.r.chip
        seats = self._tie_order(seats)
        n = len(seats)
        chips = int((amount / chip).to_integral_value(rounding=ROUND_FLOOR))
        base = chips // n
        extra = chips - base * n
        rest = amount - chips * chip
        out = []
        for idx, s in enumerate(seats):
            a = base * chip + (chip if idx < extra else ZERO)
            if idx == 0:
                a += rest
            if a > 0:
                out.append((s, a))
        return out

    def _cut(self, amount, names):
        """Cut a pot between shares (in pot.shares order) in split units."""
        unit = self.r.split_unit or self.r.chip
        n = len(names)
        units = int((amount / unit).to_integral_value(rounding=ROUND_FLOOR))
        base = units // n
        left_units = units - base * n
        part = amount - units * unit
        order = [s["name"] for s in self.r.shares if s["name"] in names]
        start = 0
        all_names = [s["name"] for s in self.r.shares]
        if self.r.odd_chip_share in all_names:
            oi = all_names.index(self.r.odd_chip_share)
            for k, nm in enumerate(order):
                if all_names.index(nm) >= oi:
                    start = k
                    break
        rotated = order[start:] + order[:start]
        parts = {nm: base * unit for nm in order}
        for k in range(left_units):
            parts[rotated[k % n]] += unit
        parts[rotated[0]] += part
        return parts

    def _showdown(self):
        self._return_uncalled()
        contenders = self.live()
        seats_in = [p.seat for p in contenders]
        table = self._evaluate_all(contenders)
        awards = []
        pots = self.pots()
        for k, pot in enumerate(pots):
            eligible = [s for s in seats_in if self.players[s].committed >= pot["level"]]
            if not eligible:
                eligible = seats_in
            winners = self._pot_winners(eligible, table)
            names = [sh["name"] for sh in self.r.shares if winners.get(sh["name"])]
            if not names:
                if self.unqualified_split():
                    for s, a in self._divide(pot["amount"], eligible):
                        awards.append({"seat": s, "amount": a, "pot": k, "share": None})
                else:
                    best = None
                    ws = []
                    for s in eligible:
                        h = best_hand(self.players[s].cards() + self.community, "high")
                        if best is None or h[0] > best:
                            best, ws = h[0], [s]
                        elif h[0] == best:
                            ws.append(s)
                    for s, a in self._divide(pot["amount"], ws):
                        awards.append({"seat": s, "amount": a, "pot": k, "share": None})
                continue
            parts = self._cut(pot["amount"], names)
            for nm in names:
                for s, a in self._divide(parts[nm], winners[nm]):
                    awards.append({"seat": s, "amount": a, "pot": k, "share": nm})
        for a in awards:
            self.players[a["seat"]].stack += a["amount"]
        hands = []
        for s in self._show_order(seats_in):
            for sh in self.r.shares:
                h = table.get((s, sh["name"]))
                if h is None:
                    continue
                hands.append(
                    {
                        "seat": s,
                        "share": sh["name"],
                        "name": hand_name(h[0], h[1], sh["ranking"]),
                        "cards": h[1],
                    }
                )
        if not any(h["share"] == "high" for h in hands) and any(a["share"] is None for a in awards):
            for s in self._show_order(seats_in):
                h = best_hand(self.players[s].cards() + self.community, "high")
                hands.append(
                    {"seat": s, "share": None, "name": hand_name(h[0], h[1], "high"), "cards": h[1]}
                )
        self._close(awards, hands, True)

    def unqualified_split(self):
        return self.r.unqualified == "split"

    def _show_order(self, seats_in):
        start = None
        if self.final_round is not None:
            _, aggressor, opener = self.final_round
            start = aggressor if aggressor is not None else opener
        if start is None or start not in self.players:
            start = seats_in[0]
        ring = self.clockwise(start, include_start=True)
        return [s for s in ring if s in seats_in]

    # ---- requests

    def _legal(self):
        if self.result is not None or self.to_act is None:
            return []
        p = self.players[self.to_act]
        if self.phase == "betting":
            return self._betting_options(p)
        if self.phase == "declare":
            return [{"action": "declare"}]
        return self._decision_options(p)

    def _illegal(self, message):
        return Refusal("illegal_action", message, legal=self._legal_wire(), state=None)

    def _legal_wire(self):
        out = []
        for o in self._legal():
            o = dict(o)
            if "amount" in o:
                o["amount"] = money(o["amount"])
            out.append(o)
        return out

    def act(self, req):
        if self.result is not None:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        seat = req.get("seat")
        action = req.get("action")
        if seat not in self.players:
            raise self._illegal(f"no player in seat {seat!r}")
        p = self.players[seat]
        amount = req.get("amount")
        amount = dec(amount) if amount is not None else None
        if self.phase == "betting":
            if seat != self.to_act:
                raise self._illegal(f"it is not seat {seat}'s turn")
            self._bet_action(p, action, amount)
        elif self.phase == "declare":
            if action != "declare":
                raise self._illegal(f"{action} is not legal now; declare")
            self._declare_action(p, req.get("declare"))
        else:
            self._decide_action(p, action, req.get("cards"))

    def state(self):
        st_name = None
        if self.street_i >= 0:
            st_name = self.r.streets[self.street_i].get("name")
        pots = self.pots_final if self.result is not None else self.pots()
        seats = []
        for s in sorted(self.players):
            p = self.players[s]
            seats.append(
                {
                    "seat": s,
                    "name": p.name,
                    "stack": money(p.stack),
                    "bet": money(p.bet),
                    "folded": p.folded,
                    "all_in": p.all_in,
                    "down": list(p.down),
                    "up": list(p.up),
                }
            )
        result = None
        if self.result is not None:
            result = {
                "awards": [
                    {
                        "seat": a["seat"],
                        "amount": money(a["amount"]),
                        "pot": a["pot"],
                        "share": a["share"],
                    }
                    for a in self.result["awards"]
                ],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        return {
            "street": st_name,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self._legal_wire(),
            "pot": money(sum((p.committed for p in self.players.values()), ZERO)),
            "pots": [
                {"amount": money(pt["amount"]), "eligible": list(pt["eligible"])} for pt in pots
            ],
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "declarations": self._declarations(),
            "result": result,
        }


# --------------------------------------------------------------------------- the server


class Server:
    def __init__(self, bugs):
        self.bugs = frozenset(bugs)
        self.hand = None
        self.rules = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
            "rulesets": ["*"],
            "features": [
                "seat-cards",
                "table",
                "evaluate",
                "hi-lo",
                "declare",
                "expose",
                "roll",
                "refusal-state",
                "pipelining",
            ],
            "rankings": ["deuce-to-seven"],
        }

    def new_hand(self, req):
        rules = Rules(req.get("ruleset"))
        seats = req.get("seats") or []
        dealer = req.get("dealer")
        hand = Hand(rules, seats, dealer, req.get("deck"), req.get("seat_cards"), self.bugs)
        self.rules = rules
        self.hand = hand
        return {"state": hand.state()}

    def next_hand(self, req):
        old = self.hand
        if old is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if old.result is None:
            raise Refusal("bad_request", "the hand is still running")
        left = [old.players[s] for s in sorted(old.players) if old.players[s].stack > 0]
        if len(left) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        seat_nums = [p.seat for p in left]
        dealer = old.dealer
        if old.r.rotates:
            after = [s for s in seat_nums if s > dealer]
            dealer = after[0] if after else seat_nums[0]
        seats = [{"seat": p.seat, "name": p.name, "stack": money(p.stack)} for p in left]
        hand = Hand(old.r, seats, dealer, req.get("deck"), req.get("seat_cards"), self.bugs)
        self.hand = hand
        return {"state": hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        try:
            self.hand.act(req)
        except Refusal as e:
            if e.code == "illegal_action":
                e.state = self.hand.state()
            raise
        return {"state": self.hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        ranking = req.get("ranking", "high")
        if ranking not in SUPPORTED_RANKINGS:
            raise Refusal("unsupported", f"ranking = {ranking!r} is not read by this engine")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal(
                "unsupported", "evaluate options (qualifier, wild) are not read by this engine"
            )
        hands = req.get("hands") or []
        scored = []
        for h in hands:
            for c in h:
                if (
                    not isinstance(c, str)
                    or len(c) != 2
                    or c[0] not in RANK_OF
                    or c[1] not in SUIT_CHARS
                ):
                    raise Refusal("bad_request", f"bad card {c!r}")
            best = best_hand(h, ranking)
            scored.append(best)
        results = []
        for best in scored:
            rank = 1 + sum(1 for other in scored if other[0] > best[0])
            results.append(
                {"best": best[1], "name": hand_name(best[0], best[1], ranking), "rank": rank}
            )
        return {"results": results}

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return self.hello(req)
        if op == "new_hand":
            return self.new_hand(req)
        if op == "next_hand":
            return self.next_hand(req)
        if op == "act":
            return self.act(req)
        if op == "state":
            return self.state(req)
        if op == "evaluate":
            return self.evaluate(req)
        if op == "bye":
            return {}
        raise Refusal("unsupported", f"unknown op {op!r}")


def main(argv):
    bugs = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--bugs" and args:
            bugs.extend(b for b in args.pop(0).split(",") if b)
        elif a.startswith("--bugs="):
            bugs.extend(b for b in a.split("=", 1)[1].split(",") if b)
    unknown = [b for b in bugs if b not in BUG_NAMES]
    if unknown:
        sys.stderr.write(
            "unknown bugs: {} (known: {})\n".format(", ".join(unknown), ", ".join(BUG_NAMES))
        )
        return 2
    server = Server(bugs)
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            out.write(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "not JSON"},
                    }
                )
                + "\n"
            )
            out.flush()
            continue
        if not isinstance(req, dict):
            out.write(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "not an object"},
                    }
                )
                + "\n"
            )
            out.flush()
            continue
        rid = req.get("id")
        try:
            reply = {"id": rid, "ok": True}
            reply.update(server.handle(req))
        except Refusal as e:
            err = {"code": e.code, "message": e.message}
            if e.code == "illegal_action":
                err["legal"] = e.legal if e.legal is not None else []
                if e.state is not None:
                    err["state"] = e.state
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # an engine bug: answer and keep running
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(e)}}
        out.write(json.dumps(reply, ensure_ascii=True) + "\n")
        out.flush()
        if req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""independent_twelve: a stud engine written apart, from the public documents only.

A twelfth independent engine for exercising ``stud verify``'s diagnosis.  It was written
from docs/protocol.md, the ruleset schema and reference, the shipped rulesets and the
feature files, without reading the reference interpreter or the other fake engines.
Standard library only; run it as ``python3 independent_twelve.py [--bugs a,b]``.

What it plays
-------------
Table-driven stud from the resolved ruleset document sent with ``new_hand``: any street
table of down/up deals (``deal_if_players_at_most`` included), antes, a bring-in (lowest
or highest door card, aces high or low, any suit order, ``next-card`` or ``next-seat``
when the forced seat is all in), small and big blinds (``after-big-blind`` opener,
``dealer-small``/``dealer-big`` heads-up, a short blind posted all in, a big blind below
the bet completed like a bring-in), the ``best-board``/``first-left`` openers (ties by
suit or position, per street), fixed limit (open-pair big-bet option and its lock, cap,
heads-up cap rule counted ``in-hand``/``round-start``/``never``, short all-in bets and
raises with ``reopen_fraction``), spread limit (per-street spreads), pot limit
(``pot-after-call``) and no limit, side pots, uncalled bets, odd chips (by position or
high card), burns, the run-out (burns reused, one community card), fixed wild ranks,
consecutive hands (``next_hand``) and the high ``evaluate``.  An empty ``deck`` is dealt
in new-deck order (the protocol leaves that order to the engine).

It refuses with ``unsupported`` (naming each value in the message, without ``values``)
any ruleset needing: more than one pot share or a share other than plain ``high``,
declarations, exchanges, decision rounds, centre deals, events, jokers, low-hole or
stripped packs, cards in the centre from the start, a board ranking other than high,
boards that read wild cards, ``pot-plus-bet``/``double`` pot-limit house rules, or a
``pot.split_unit``.

Protocol features used
----------------------
Protocol 1.2: ``hello`` with ``rulesets: ["*"]`` and features ``seat-cards``, ``blinds``,
``evaluate``, ``evaluate-options``, ``spread-limit``, ``pot-limit``, ``no-limit``,
``table``, ``wild``, ``wild-ranks``; ``new_hand`` (inline documents only), ``next_hand``,
``act``, ``state``, ``evaluate`` (high ranking only), ``bye``; errors ``illegal_action``
(with ``legal``), ``unsupported``, ``bad_request``, ``no_hand``, ``internal``.  Money is
``decimal.Decimal`` throughout and crosses the protocol as decimal strings.  The state
carries ``blinds`` and ``wild_ranks``.

Planted bugs (all off by default; ``--bugs name1,name2``)
--------------------------------------------------------

==========================  ==========  ==================================================
name                        rule        what changes
==========================  ==========  ==================================================
bb-no-option                BLIND-02    posting the big blind counts as acting, so when
                                        everyone only calls the round ends without the
                                        big blind's check-or-raise option
heads-up-blinds-reversed    BLIND-04    no heads-up special case: the player left of the
                                        dealer posts the small blind and the dealer the
                                        big one even under ``dealer-small``
sb-opens-blind-round        BLIND-03    the blinds' round is opened by the first player
                                        left of the dealer (the small blind), not by the
                                        player left of the big blind
short-blind-sets-level      BLIND-05    a big blind posted all in for less sets the
                                        amount to call at what it put in, not at the
                                        full big blind
spread-min-raise-floor      SPREAD-03   a spread-limit raise need only add the bottom of
                                        the spread, not the previous bet or raise
spread-top-previous-street  SPREAD-02   the spread of a street is read from the previous
                                        betting street (off by one), so a higher top
                                        comes one street late
completion-counts-as-raise  BRING-10    completing the bring-in is counted as the first
                                        raise, so a round with a bring-in caps one raise
                                        early
no-wheel                    SHOW-02     A-2-3-4-5 is not read as a straight (the ace
                                        plays high only)
==========================  ==========  ==================================================
"""

import json
import sys
import traceback
from decimal import Decimal, InvalidOperation
from itertools import combinations

ENGINE_NAME = "independent-twelve"
ENGINE_VERSION = "1.0"

BUG_NAMES = (
    "bb-no-option",
    "heads-up-blinds-reversed",
    "sb-opens-blind-round",
    "short-blind-sets-level",
    "spread-min-raise-floor",
    "spread-top-previous-street",
    "completion-counts-as-raise",
    "no-wheel",
)

RANK_CHARS = "23456789TJQKA"
RANK_OF = {c: i + 2 for i, c in enumerate(RANK_CHARS)}
SUIT_CHARS = "cdhs"
SUIT_WORD = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in RANK_CHARS for s in SUIT_CHARS]
RANK_WORDS = {
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
RANK_PLURALS = {
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
ZERO = Decimal(0)


class Refusal(Exception):
    def __init__(self, code, message, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def as_error(self):
        err = {"code": self.code, "message": self.message[:2000]}
        err.update(self.extra)
        return err


def log(*parts):
    print("[twelve]", *parts, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- money


def to_dec(value, what="amount"):
    if isinstance(value, bool) or value is None:
        raise Refusal("bad_request", f"{what}: not an amount: {value!r}")
    if isinstance(value, (int, Decimal)):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, str):
        try:
            d = Decimal(value.strip())
        except InvalidOperation:
            raise Refusal("bad_request", f"{what}: not an amount: {value!r}") from None
        if not d.is_finite() or d < 0:
            raise Refusal("bad_request", f"{what}: not an amount: {value!r}")
        return d
    raise Refusal("bad_request", f"{what}: not an amount: {value!r}")


def fmt(d):
    if d == 0:
        return "0"
    text = format(d, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


# --------------------------------------------------------------------------- cards


def parse_card(text):
    if (
        not isinstance(text, str)
        or len(text) != 2
        or text[0] not in RANK_OF
        or text[1] not in SUIT_CHARS
    ):
        raise Refusal("bad_request", f"not a card: {text!r}")
    return text


def crank(card):
    return RANK_OF[card[0]]


def csuit(card):
    return card[1]


def parse_rank(value):
    if isinstance(value, int) and not isinstance(value, bool):
        if 2 <= value <= 14:
            return value
    if isinstance(value, str):
        v = value.strip().upper()
        if v == "10":
            return 10
        if v.isdigit() and 2 <= int(v) <= 14:
            return int(v)
        if v in RANK_OF:
            return RANK_OF[v]
    raise Refusal("bad_request", f"not a rank: {value!r}")


# ------------------------------------------------------------------ hand evaluation


def straight_high(ranks, wilds, wheel=True):
    """Highest straight top card the natural ranks (all distinct) fill with wilds."""
    rs = set(ranks)
    for high in range(14, 4, -1):
        if high == 5:
            if not wheel:
                continue
            window = {14, 2, 3, 4, 5}
        else:
            window = set(range(high - 4, high + 1))
        if rs <= window and len(window - rs) <= wilds:
            return high
    return None


def value_five(cards, wild_ranks, wheel=True):
    """(category, tiebreaks...) for exactly five cards; wild cards play as the best card."""
    nat = [c for c in cards if crank(c) not in wild_ranks]
    w = 5 - len(nat)
    ranks = [crank(c) for c in nat]
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    suits = {csuit(c) for c in nat}
    distinct = len(counts) == len(ranks)
    if w == 0:
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = [n for _, n in groups]
        order = [r for r, _ in groups]
        flush = len(suits) == 1
        sh = straight_high(ranks, 0, wheel) if distinct else None
        if flush and sh:
            return (8, sh)
        if shape[0] == 4:
            return (7,) + tuple(order)
        if shape == [3, 2]:
            return (6,) + tuple(order)
        if flush:
            return (5,) + tuple(sorted(ranks, reverse=True))
        if sh:
            return (4, sh)
        if shape[0] == 3:
            return (3,) + tuple(order)
        if shape[:2] == [2, 2]:
            return (2,) + tuple(order)
        if shape[0] == 2:
            return (1,) + tuple(order)
        return (0,) + tuple(sorted(ranks, reverse=True))
    # with wild cards
    if len(counts) <= 1:
        return (9, ranks[0] if ranks else 14)
    if len(suits) == 1 and distinct:
        sh = straight_high(ranks, w, wheel)
        if sh:
            return (8, sh)
    for r in sorted(counts, reverse=True):
        if counts[r] + w >= 4:
            kick = sorted((x for x in ranks if x != r), reverse=True)
            return (7, r) + tuple(kick)
    if len(counts) == 2:
        a, b = sorted(counts, reverse=True)
        if counts[a] <= 3 and counts[b] <= 2:
            return (6, a, b)
        if counts[b] <= 3 and counts[a] <= 2:
            return (6, b, a)
    if len(suits) == 1:
        fill = [r for r in range(14, 1, -1) if r not in counts][:w]
        return (5,) + tuple(sorted(ranks + fill, reverse=True))
    if distinct:
        sh = straight_high(ranks, w, wheel)
        if sh:
            return (4, sh)
    for r in sorted(counts, reverse=True):
        if counts[r] + w >= 3:
            kick = sorted((x for x in ranks if x != r), reverse=True)
            return (3, r) + tuple(kick)
    # one wild, all naturals distinct: a pair of the top card
    top = max(ranks)
    return (1, top) + tuple(sorted((x for x in ranks if x != top), reverse=True))


def describe(value):
    cat = value[0]
    if cat == 9:
        return f"five of a kind, {RANK_PLURALS[value[1]]}"
    if cat == 8:
        if value[1] == 14:
            return "royal flush"
        return f"{RANK_WORDS[value[1]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {RANK_PLURALS[value[1]]}"
    if cat == 6:
        return f"full house, {RANK_PLURALS[value[1]]} over {RANK_PLURALS[value[2]]}"
    if cat == 5:
        return f"flush, {RANK_WORDS[value[1]]} high"
    if cat == 4:
        return f"{RANK_WORDS[value[1]]}-high straight"
    if cat == 3:
        return f"three of a kind, {RANK_PLURALS[value[1]]}"
    if cat == 2:
        return f"two pair, {RANK_PLURALS[value[1]]} and {RANK_PLURALS[value[2]]}"
    if cat == 1:
        return f"pair of {RANK_PLURALS[value[1]]}"
    return f"high card, {RANK_WORDS[value[1]]}"


def best_hand(cards, wild_ranks, wheel=True):
    """Best five of the cards: (value, five cards)."""
    cards = list(cards)
    if len(cards) <= 5:
        # fewer than five cards: pad the value with nothing (rare: short hands)
        if len(cards) == 5:
            return value_five(cards, wild_ranks, wheel), cards
        ranks = sorted((crank(c) for c in cards), reverse=True)
        counts = {}
        for r in ranks:
            counts[r] = counts.get(r, 0) + 1
        order = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = [n for _, n in order]
        cat = 0
        if shape and shape[0] == 4:
            cat = 7
        elif shape and shape[0] == 3:
            cat = 3
        elif shape[:2] == [2, 2]:
            cat = 2
        elif shape and shape[0] == 2:
            cat = 1
        return (cat,) + tuple(r for r, _ in order), cards
    best = None
    best_cards = None
    for combo in combinations(cards, 5):
        v = value_five(combo, wild_ranks, wheel)
        if best is None or v > best:
            best = v
            best_cards = list(combo)
    return best, best_cards


# ------------------------------------------------------------------ board reading


def board_value(cards):
    """Exposed cards read for who opens: pairs, trips, quads (and full houses), then
    high cards; straights and flushes do not count.  Returns (value, top-card suit)."""
    if not cards:
        return (-1,), -1
    if len(cards) > 5:
        best = None
        for combo in combinations(cards, 5):
            v = board_value(list(combo))
            if best is None or v > best:
                best = v
        return best
    counts = {}
    for c in cards:
        counts[crank(c)] = counts.get(crank(c), 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    if shape[0] == 4:
        cat = 7
    elif shape[:2] == [3, 2]:
        cat = 6
    elif shape[0] == 3:
        cat = 3
    elif shape[:2] == [2, 2]:
        cat = 2
    elif shape[0] == 2:
        cat = 1
    else:
        cat = 0
    top_rank = groups[0][0]
    top_suit = max(SUIT_CHARS.index(csuit(c)) for c in cards if crank(c) == top_rank)
    return (cat,) + tuple(r for r, _ in groups), top_suit


# ------------------------------------------------------------------ the ruleset

DEFAULTS = {
    "seats": {"min": 2, "max": 8},
    "deck": {"jokers": 0, "centre": [], "stripped": []},
    "dealer": {"rotates": True},
    "dealing": {"burn": True, "reuse_burns": True, "community_card": True},
    "stakes": {
        "chip": "0.01",
        "ante": "0",
        "bring_in": None,
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
    "wild": {"ranks": [], "low_hole": False, "joker": "none"},
    "showdown": {
        "method": "cards-speak",
        "declare_order": "in-turn",
        "declare_starts": "last-aggressor",
        "failed_both": "disqualified",
    },
}


class Street:
    def __init__(self, doc, index):
        if not isinstance(doc, dict):
            raise Refusal("bad_request", f"streets[{index}] is not a mapping")
        self.index = index
        self.name = str(doc.get("name", f"street{index}"))
        self.deal = list(doc.get("deal") or [])
        self.deal_if = doc.get("deal_if_players_at_most")
        self.exchange = doc.get("exchange")
        self.opener = doc.get("opener") or "best-board"
        self.bet = doc.get("bet", "small")
        self.big_bet_when = doc.get("big_bet_when") or "never"
        spread = doc.get("spread")
        if spread:
            self.spread = (
                to_dec(spread.get("min"), "spread.min"),
                to_dec(spread.get("max"), "spread.max"),
            )
        else:
            self.spread = None
        self.ties = doc.get("ties")
        self.decide = list(doc.get("decide") or [])


class Rules:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be a resolved document")
        self.doc = doc

        def sect(name):
            out = dict(DEFAULTS.get(name, {}))
            got = doc.get(name)
            if isinstance(got, dict):
                out.update(got)
            return out

        self.name = doc.get("name") or doc.get("title") or "ruleset"
        seats = sect("seats")
        self.seats_min = int(seats.get("min", 2))
        self.seats_max = int(seats.get("max", 8))
        deck = sect("deck")
        self.jokers = deck.get("jokers") or 0
        self.centre = list(deck.get("centre") or [])
        self.stripped = list(deck.get("stripped") or [])
        self.rotates = bool(sect("dealer").get("rotates", True))
        dealing = sect("dealing")
        self.burn = bool(dealing.get("burn"))
        self.reuse_burns = bool(dealing.get("reuse_burns"))
        self.community_card = bool(dealing.get("community_card"))
        stakes = sect("stakes")
        self.chip = to_dec(stakes.get("chip") or "0.01", "stakes.chip")
        self.ante = to_dec(stakes.get("ante") or 0, "stakes.ante")
        self.bring_in = (
            None
            if stakes.get("bring_in") is None
            else to_dec(stakes["bring_in"], "stakes.bring_in")
        )
        self.small_bet = to_dec(stakes.get("small_bet"), "stakes.small_bet")
        self.big_bet = to_dec(stakes.get("big_bet"), "stakes.big_bet")
        self.small_blind = (
            None
            if stakes.get("small_blind") is None
            else to_dec(stakes["small_blind"], "stakes.small_blind")
        )
        self.big_blind = (
            None
            if stakes.get("big_blind") is None
            else to_dec(stakes["big_blind"], "stakes.big_blind")
        )
        self.heads_up = sect("blinds").get("heads_up", "dealer-small")
        bring = sect("bring_in")
        self.bring_card = bring.get("card", "lowest")
        self.bring_aces = bring.get("aces", "high")
        self.suit_order = [
            SUIT_WORD.get(s, s)
            for s in (bring.get("suit_order") or ["clubs", "diamonds", "hearts", "spades"])
        ]
        self.bring_all_in = bring.get("all_in", "next-card")
        board = sect("board")
        self.board_ranking = board.get("ranking", "high")
        self.board_ties = board.get("ties", "suit")
        self.board_wild = board.get("wild", "natural")
        bet = sect("betting")
        self.structure = bet.get("structure", "fixed-limit")
        self.max_raises = bet.get("max_raises")
        self.uncapped = bet.get("uncapped_heads_up", "in-hand")
        self.big_bet_locks = bool(bet.get("big_bet_locks", True))
        self.reopen_fraction = to_dec(bet.get("reopen_fraction", "0.5"), "betting.reopen_fraction")
        self.fold_when_check = bet.get("fold_when_check", "refused")
        self.pot_ceiling = bet.get("pot_ceiling", "pot-after-call")
        self.min_raise = bet.get("min_raise", "last-increment")
        streets = doc.get("streets")
        if not isinstance(streets, list) or not streets:
            raise Refusal("bad_request", "ruleset has no streets")
        self.streets = [Street(s, i) for i, s in enumerate(streets)]
        wild = sect("wild")
        self.wild_ranks = frozenset(parse_rank(r) for r in (wild.get("ranks") or []))
        self.low_hole = bool(wild.get("low_hole"))
        self.joker = wild.get("joker", "none")
        self.events = list(doc.get("events") or [])
        pot = doc.get("pot") or {}
        self.shares = list(pot.get("shares") or [])
        self.split_unit = pot.get("split_unit")
        self.odd_chip_tie = pot.get("odd_chip_tie", "position")
        self.showdown = sect("showdown")

    def problems(self):
        """Values this engine cannot play: (path, wanted)."""
        out = []
        if self.jokers:
            out.append(("deck.jokers", self.jokers))
        if self.centre:
            out.append(("deck.centre", self.centre))
        if self.stripped:
            out.append(("deck.stripped", self.stripped))
        if self.board_ranking != "high":
            out.append(("board.ranking", self.board_ranking))
        if self.board_wild != "natural":
            out.append(("board.wild", self.board_wild))
        if self.structure not in ("fixed-limit", "spread-limit", "pot-limit", "no-limit"):
            out.append(("betting.structure", self.structure))
        if self.structure == "pot-limit" and self.pot_ceiling != "pot-after-call":
            out.append(("betting.pot_ceiling", self.pot_ceiling))
        if self.structure in ("pot-limit", "no-limit") and self.min_raise != "last-increment":
            out.append(("betting.min_raise", self.min_raise))
        if self.low_hole:
            out.append(("wild.low_hole", True))
        if self.joker not in (None, "none"):
            out.append(("wild.joker", self.joker))
        if self.events:
            out.append(("events", [e.get("name") for e in self.events if isinstance(e, dict)]))
        for st in self.streets:
            for face in st.deal:
                if face not in ("up", "down"):
                    out.append((f"streets.{st.name}.deal", st.deal))
                    break
            if st.exchange:
                out.append((f"streets.{st.name}.exchange", st.exchange))
            if st.decide:
                out.append((f"streets.{st.name}.decide", st.decide))
            if st.opener not in ("bring-in", "best-board", "first-left", "after-big-blind"):
                out.append((f"streets.{st.name}.opener", st.opener))
            if st.bet not in ("small", "big", None):
                out.append((f"streets.{st.name}.bet", st.bet))
            if st.big_bet_when not in ("never", "open-pair"):
                out.append((f"streets.{st.name}.big_bet_when", st.big_bet_when))
            if st.ties not in (None, "suit", "position"):
                out.append((f"streets.{st.name}.ties", st.ties))
            if self.structure == "spread-limit" and st.bet is not None and st.spread is None:
                out.append((f"streets.{st.name}.spread", None))
        if len(self.shares) != 1:
            out.append(("pot.shares", [s.get("name") for s in self.shares if isinstance(s, dict)]))
        else:
            share = self.shares[0]
            if share.get("ranking", "high") != "high":
                out.append(("pot.shares[0].ranking", share.get("ranking")))
            for key, plain in (
                ("qualifier", None),
                ("minimum", None),
                ("cards", "all"),
                ("own", None),
                ("common", None),
                ("suit", None),
                ("fallback", None),
            ):
                if share.get(key, plain) not in (plain,):
                    out.append((f"pot.shares[0].{key}", share.get(key)))
        if self.split_unit is not None:
            out.append(("pot.split_unit", self.split_unit))
        if self.odd_chip_tie not in ("position", "high-card"):
            out.append(("pot.odd_chip_tie", self.odd_chip_tie))
        if self.showdown.get("method", "cards-speak") != "cards-speak":
            out.append(("showdown.method", self.showdown.get("method")))
        if self.bring_all_in not in ("next-card", "next-seat"):
            out.append(("bring_in.all_in", self.bring_all_in))
        return out

    @property
    def share_name(self):
        if self.shares and isinstance(self.shares[0], dict):
            return self.shares[0].get("name", "high")
        return "high"

    @property
    def has_blinds(self):
        return self.small_blind is not None and self.big_blind is not None


# ------------------------------------------------------------------ players


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO  # this street
        self.committed = ZERO  # this hand, antes and blinds included
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.acted = False
        self.acted_seq = -1

    @property
    def live(self):
        return not self.folded

    @property
    def can_act(self):
        return not self.folded and not self.all_in

    def put(self, amount):
        amount = min(amount, self.stack)
        self.stack -= amount
        self.bet += amount
        self.committed += amount
        if self.stack == 0:
            self.all_in = True
        return amount

    def view(self):
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": fmt(self.stack),
            "bet": fmt(self.bet),
            "folded": self.folded,
            "all_in": self.all_in,
            "down": list(self.down),
            "up": list(self.up),
        }


# ------------------------------------------------------------------ a hand


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards, bugs):
        self.rules = rules
        self.bugs = bugs
        self.players = {}
        for s in seats:
            self.players[s["seat"]] = Player(s["seat"], s["name"], s["stack"])
        self.order = sorted(self.players)
        self.dealer = dealer
        self.dealt_in = len(self.order)
        self._build_deck(deck, seat_cards)
        self.burns = []
        self.community = []
        self.dealt_first = False
        self.street_idx = -1
        self.street = None
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.blinds = []
        self.big_blind_seat = None
        self.small_blind_seat = None
        self.round = None
        self.last_round = None
        self.over = False
        self.first_bet_street = True
        self.prev_spread = None
        self._start()

    # -- seats and order
    def clockwise_from(self, seat, include=False):
        """Seats clockwise starting after `seat` (or at it with include)."""
        after = [s for s in self.order if (s >= seat if include else s > seat)]
        before = [s for s in self.order if (s < seat if include else s <= seat)]
        return after + before

    def from_dealer_left(self):
        return self.clockwise_from(self.dealer)

    def live_players(self):
        return [self.players[s] for s in self.from_dealer_left() if self.players[s].live]

    # -- the pack
    def _build_deck(self, deck, seat_cards):
        seen = set()
        for c in deck:
            parse_card(c)
            if c in seen:
                raise Refusal("bad_request", f"card {c} twice in the deck")
            seen.add(c)
        full = list(deck) + [c for c in NEW_DECK if c not in seen]
        self.queues = {}
        listed = set()
        for entry in seat_cards or []:
            seat = entry.get("seat")
            if seat not in self.players:
                raise Refusal("bad_request", f"seat_cards names seat {seat} nobody sits in")
            cards = list(entry.get("cards") or [])
            for c in cards:
                parse_card(c)
                if c in listed:
                    raise Refusal("bad_request", f"card {c} twice in seat_cards")
                listed.add(c)
            self.queues[seat] = cards
        self.rest = [c for c in full if c not in listed]

    def stub_size(self):
        return len(self.rest) + sum(len(q) for q in self.queues.values())

    def card_for(self, seat):
        q = self.queues.get(seat)
        if q:
            card = q.pop(0)
            if card in self.rest:
                self.rest.remove(card)
            return card
        return self.take_rest()

    def take_rest(self):
        if self.rest:
            return self.rest.pop(0)
        # only seat-listed cards left: take from the first list
        for q in self.queues.values():
            if q:
                return q.pop(0)
        raise Refusal("internal", "the pack ran out")

    # -- start of the hand
    def _start(self):
        r = self.rules
        for s in self.order:
            p = self.players[s]
            if r.ante > 0:
                paid = min(r.ante, p.stack)
                p.stack -= paid
                p.committed += paid
                if p.stack == 0:
                    p.all_in = True
        if r.has_blinds:
            self._post_blinds()
        self._advance()

    def _post_blinds(self):
        r = self.rules
        left = self.from_dealer_left()
        if len(left) == 2 and "heads-up-blinds-reversed" not in self.bugs:
            if r.heads_up == "dealer-small":
                sb, bb = self.dealer, left[0]
                if self.dealer not in self.players:
                    sb, bb = left[1], left[0]
            else:
                sb, bb = left[0], left[1]
        else:
            sb, bb = left[0], left[1 % len(left)]
        self.small_blind_seat, self.big_blind_seat = sb, bb
        for seat, kind, amount in ((sb, "small", r.small_blind), (bb, "big", r.big_blind)):
            p = self.players[seat]
            paid = p.put(amount)
            self.blinds.append({"seat": seat, "blind": kind, "amount": fmt(paid)})

    # -- streets
    def _rounds_after(self, idx, round_in_street):
        st = self.rules.streets[idx]
        n = len(st.deal) - round_in_street - 1
        for later in self.rules.streets[idx + 1 :]:
            if later.deal_if is not None and self.dealt_in > later.deal_if:
                continue
            n += len(later.deal)
        return n

    def _deal_street(self, st):
        r = self.rules
        if not st.deal:
            return
        if r.burn and self.dealt_first and self.stub_size() > 0 and self.rest:
            self.burns.append(self.rest.pop(0))
        self.dealt_first = True
        for i, face in enumerate(st.deal):
            live = [self.players[s] for s in self.from_dealer_left() if self.players[s].live]
            need = len(live)
            if self.stub_size() < need and r.reuse_burns and self.burns:
                self.rest.extend(self.burns)
                self.burns = []
            if r.community_card and (
                self.stub_size() < need or self.stub_size() - need < self._rounds_after(st.index, i)
            ):
                self.community.append(self.take_rest())
                continue
            for p in live:
                card = self.card_for(p.seat)
                (p.up if face == "up" else p.down).append(card)

    def _advance(self):
        """Run on to the next betting decision or the end of the hand."""
        r = self.rules
        while True:
            if len(self.live_players()) <= 1:
                self._finish_uncontested()
                return
            self.street_idx += 1
            if self.street_idx >= len(r.streets):
                self._showdown()
                return
            st = r.streets[self.street_idx]
            if st.deal_if is not None and self.dealt_in > st.deal_if:
                continue
            self.street = st
            self._deal_street(st)
            if st.bet is None:
                continue
            self._open_round(st)
            if self.to_act is not None:
                return
            self._close_round()

    # -- bet sizes
    def unit(self, st=None):
        st = st or self.street
        return self.rules.big_bet if st.bet == "big" else self.rules.small_bet

    def spread(self, st=None):
        st = st or self.street
        if "spread-top-previous-street" in self.bugs and self.prev_spread is not None:
            return self.prev_spread
        return st.spread

    def open_pair(self):
        for p in self.live_players():
            ranks = [crank(c) for c in p.up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def pot_total(self):
        return sum((p.committed for p in self.players.values()), ZERO)

    # -- the betting round
    def _open_round(self, st):
        r = self.rules
        rd = {
            "state": "none",
            "level": ZERO,
            "raises": 0,
            "last_inc": ZERO,
            "seq": 0,
            "forced": None,
            "big_locked": False,
            "aggressor": None,
            "first": None,
            "street": st,
            "active_start": sum(1 for p in self.players.values() if p.can_act),
        }
        self.round = rd
        for p in self.players.values():
            p.acted = False
            p.acted_seq = -1
            if not self.first_bet_street or not r.has_blinds:
                p.bet = ZERO
        first = None
        if self.first_bet_street and r.has_blinds:
            level = r.big_blind
            if "short-blind-sets-level" in self.bugs:
                level = max((p.bet for p in self.players.values()), default=ZERO)
            rd["level"] = level
            full = self._full_bet_size(st)
            rd["state"] = "bet" if level >= full else "bringin"
            rd["last_inc"] = level
            rd["seq"] = 1
            if "bb-no-option" in self.bugs and self.big_blind_seat is not None:
                self.players[self.big_blind_seat].acted = True
            if "sb-opens-blind-round" in self.bugs:
                first = self._first_able(self.from_dealer_left())
            else:
                first = self._first_needing(self.clockwise_from(self.big_blind_seat))
        elif self.first_bet_street and st.opener == "bring-in" and r.bring_in is not None:
            forced = self._bring_in_seat()
            if forced is not None:
                rd["state"] = "forced"
                rd["forced"] = forced
                first = forced
            else:
                first = self._opener(st)
        else:
            first = self._opener(st)
        self.first_bet_street = False
        if sum(1 for p in self.players.values() if p.can_act) <= 1:
            # every player but one is all in before the round begins: no betting
            first = None
        if first is not None and not self._needs_to_act(self.players[first]):
            first = self._next_after(first)
        rd["first"] = first
        self.to_act = first
        self.phase = "betting"

    def _full_bet_size(self, st):
        r = self.rules
        if r.structure == "fixed-limit":
            return self.unit(st)
        if r.structure == "spread-limit":
            sp = self.spread(st)
            return sp[0] if sp else self.unit(st)
        return self.unit(st)

    def _first_able(self, seats):
        for s in seats:
            if self.players[s].can_act:
                return s
        return None

    def _first_needing(self, seats):
        for s in seats:
            if self._needs_to_act(self.players[s]):
                return s
        return None

    def _door_key(self, p):
        r = self.rules
        card = p.up[-1] if p.up else None
        if card is None:
            return None
        rank = crank(card)
        if rank == 14 and r.bring_aces == "low":
            rank = 1
        suit = (
            r.suit_order.index(csuit(card))
            if csuit(card) in r.suit_order
            else SUIT_CHARS.index(csuit(card))
        )
        return (rank, suit)

    def _bring_in_seat(self):
        r = self.rules
        live = self.live_players()
        pick = min if r.bring_card == "lowest" else max
        if r.bring_all_in == "next-seat":
            cands = [p for p in live if self._door_key(p) is not None]
            if not cands:
                return None
            chosen = pick(cands, key=self._door_key)
            if chosen.can_act:
                return chosen.seat
            for s in self.clockwise_from(chosen.seat):
                if self.players[s].can_act:
                    return s
            return None
        cands = [p for p in live if p.can_act and self._door_key(p) is not None]
        if not cands:
            return None
        return pick(cands, key=self._door_key).seat

    def _opener(self, st):
        r = self.rules
        opener = st.opener
        if opener == "bring-in" or (opener == "after-big-blind" and not r.has_blinds):
            opener = "best-board" if opener == "bring-in" else "first-left"
        if opener == "after-big-blind":
            return self._first_able(self.clockwise_from(self.big_blind_seat))
        if opener == "first-left":
            return self._first_able(self.from_dealer_left())
        # best board
        ties = st.ties or r.board_ties
        best = None
        best_key = None
        for p in self.live_players():  # from the dealer's left
            v, suit = board_value(p.up + self.community)
            key = (v, suit) if ties == "suit" else (v,)
            if best_key is None or key > best_key:
                best, best_key = p, key
        if best is None:
            return None
        if best.can_act:
            return best.seat
        return self._first_able(self.clockwise_from(best.seat))

    def _others_can_answer(self, p):
        level = self.round["level"]
        for q in self.players.values():
            if q is p or not q.can_act:
                continue
            if q.stack > max(ZERO, level - q.bet):
                return True
        return False

    def _needs_to_act(self, p):
        if not p.can_act:
            return False
        return p.bet < self.round["level"] or not p.acted

    def _next_after(self, seat):
        for s in self.clockwise_from(seat):
            if self._needs_to_act(self.players[s]):
                return s
        return None

    def _heads_up_uncapped(self):
        r = self.rules
        if r.uncapped == "never":
            return False
        if r.uncapped == "round-start":
            return self.round["active_start"] <= 2
        return len(self.live_players()) <= 2

    def _cap_open(self):
        r = self.rules
        if r.max_raises is None:
            return True
        if self._heads_up_uncapped():
            return True
        return self.round["raises"] < int(r.max_raises)

    # -- legal options: list of (action, lo, hi); lo == hi for a fixed amount
    def options(self):
        if self.to_act is None:
            return []
        p = self.players[self.to_act]
        rd = self.round
        r = self.rules
        rd["street"]
        allin = p.bet + p.stack
        level = rd["level"]
        opts = []
        if rd["state"] == "forced":
            bring = min(r.bring_in, allin)
            opts.append(("bring_in", bring, bring))
            lo, hi = self._complete_range(p, forced=True)
            if lo is not None:
                opts.append(("complete", lo, hi))
            return opts
        facing = p.bet < level
        if facing:
            opts.append(("fold", None, None))
            call = min(level, allin)
            opts.append(("call", call, call))
        else:
            opts.append(("check", None, None))
            if r.fold_when_check == "allowed":
                opts.append(("fold", None, None))
        if allin <= level:
            return opts
        if not self._others_can_answer(p):
            return opts
        may_reopen = (not p.acted) or p.acted_seq < rd["seq"]
        if rd["state"] == "none":
            for lo, hi in self._bet_ranges(p):
                opts.append(("bet", lo, hi))
        elif rd["state"] == "bringin":
            lo, hi = self._complete_range(p, forced=False)
            if lo is not None:
                opts.append(("complete", lo, hi))
        else:
            if may_reopen and self._cap_open():
                for lo, hi in self._raise_ranges(p):
                    opts.append(("raise", lo, hi))
        return opts

    def _clip(self, p, lo, hi):
        allin = p.bet + p.stack
        lo = min(lo, allin)
        hi = min(hi, allin)
        return lo, hi

    def _fixed_sizes(self):
        rd = self.round
        st = rd["street"]
        r = self.rules
        small, big = r.small_bet, r.big_bet
        if st.bet == "big":
            return [big]
        if st.big_bet_when == "open-pair" and r.structure == "fixed-limit":
            if rd["big_locked"]:
                return [big]
            if self.open_pair():
                return [small, big]
        return [small]

    def _bet_ranges(self, p):
        r = self.rules
        st = self.round["street"]
        out = []
        if r.structure == "fixed-limit":
            for size in self._fixed_sizes():
                out.append(self._clip(p, size, size))
        elif r.structure == "spread-limit":
            lo, hi = self.spread(st)
            out.append(self._clip(p, lo, hi))
        elif r.structure == "pot-limit":
            out.append(self._clip(p, self.unit(st), max(self.pot_total(), self.unit(st))))
        else:
            out.append(self._clip(p, self.unit(st), p.bet + p.stack))
        return self._dedupe(out)

    def _raise_ranges(self, p):
        r = self.rules
        rd = self.round
        st = rd["street"]
        level = rd["level"]
        out = []
        if r.structure == "fixed-limit":
            for size in self._fixed_sizes():
                out.append(self._clip(p, level + size, level + size))
        elif r.structure == "spread-limit":
            smin, smax = self.spread(st)
            inc = smin if "spread-min-raise-floor" in self.bugs else max(rd["last_inc"], smin)
            inc = min(inc, smax)
            out.append(self._clip(p, level + inc, level + smax))
        elif r.structure == "pot-limit":
            call = level - p.bet
            hi = level + self.pot_total() + call
            inc = max(rd["last_inc"], self.unit(st))
            out.append(self._clip(p, level + inc, max(hi, level + inc)))
        else:
            inc = max(rd["last_inc"], self.unit(st))
            out.append(self._clip(p, level + inc, p.bet + p.stack))
        return self._dedupe(out)

    def _complete_range(self, p, forced):
        """The completion of a bring-in (or of a big blind short of the bet)."""
        r = self.rules
        rd = self.round
        st = rd["street"]
        level = rd["level"]
        allin = p.bet + p.stack
        if r.structure == "fixed-limit":
            full = self.unit(st)
            if forced and r.bring_in is not None and r.bring_in >= full:
                # a bring-in of a full bet leaves nothing to complete (one posted all
                # in for less is completed below like any short bring-in)
                return None, None
            if full <= level:
                return None, None
            lo, hi = self._clip(p, full, full)
        else:
            lo = self._complete_full()
            if r.structure == "spread-limit":
                hi = max(self.spread(st)[1], lo)
            else:
                if r.structure == "pot-limit":
                    call = level - p.bet
                    hi = level + self.pot_total() + call if level > 0 else self.pot_total()
                    hi = max(hi, lo)
                else:
                    hi = allin
            lo, hi = self._clip(p, lo, hi)
        if hi <= level or hi <= (r.bring_in or ZERO) and forced:
            return None, None
        return lo, hi

    @staticmethod
    def _dedupe(ranges):
        out = []
        for rg in ranges:
            if rg not in out:
                out.append(rg)
        return out

    def legal_view(self):
        out = []
        for action, lo, hi in self.options():
            if lo is None:
                out.append({"action": action})
            elif lo == hi:
                out.append({"action": action, "amount": fmt(lo)})
            else:
                out.append({"action": action, "min": fmt(lo), "max": fmt(hi)})
        return out

    # -- acting
    def act(self, seat, action, amount):
        if self.over or self.to_act is None:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        opts = self.options()
        legal = self.legal_view()
        if seat != self.to_act:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not seat {seat}'s", legal=legal
            )
        matching = [o for o in opts if o[0] == action]
        if not matching:
            raise Refusal("illegal_action", f"{action} is not legal now", legal=legal)
        total = None
        if matching[0][1] is not None:
            if amount is None:
                fixed = [o for o in matching if o[1] == o[2]]
                if len(fixed) == 1 and len(matching) == 1:
                    total = fixed[0][1]
                else:
                    raise Refusal("illegal_action", f"{action} needs an amount", legal=legal)
            else:
                try:
                    total = to_dec(amount)
                except Refusal:
                    raise Refusal("illegal_action", f"bad amount {amount!r}", legal=legal) from None
                ok = any(o[1] <= total <= o[2] for o in matching)
                p = self.players[seat]
                allin = p.bet + p.stack
                if ok and total != allin and self.rules.chip > 0 and total % self.rules.chip != 0:
                    ok = False
                if not ok:
                    raise Refusal(
                        "illegal_action", f"{action} to {fmt(total)} is not legal now", legal=legal
                    )
        elif amount is not None and action not in ("fold", "check"):
            raise Refusal("illegal_action", f"{action} takes no amount", legal=legal)
        self._apply(seat, action, total)

    def _apply(self, seat, action, total):
        p = self.players[seat]
        rd = self.round
        r = self.rules
        level = rd["level"]
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        elif action == "call":
            p.put(total - p.bet)
        elif action == "bring_in":
            p.put(total - p.bet)
            rd["aggressor"] = seat
            full = self._full_bet_size(rd["street"])
            if r.bring_in >= full and total >= r.bring_in:
                # a bring-in of a full bet is the bet itself
                rd["state"] = "bet"
                rd["seq"] += 1
                rd["last_inc"] = max(total, full)
            else:
                rd["state"] = "bringin"
            rd["level"] = max(level, total)
            rd["forced"] = None
        elif action == "complete":
            was_forced = rd["state"] == "forced"
            p.put(total - p.bet)
            full = self._complete_full()
            rd["forced"] = None
            if total >= r.reopen_fraction * full:
                rd["state"] = "bet"
                rd["seq"] += 1
                rd["last_inc"] = max(total, full)
                if "completion-counts-as-raise" in self.bugs:
                    rd["raises"] += 1
                rd["aggressor"] = seat
            else:
                rd["state"] = "bringin"
                if was_forced:
                    rd["aggressor"] = seat
            rd["level"] = max(level, total)
        elif action in ("bet", "raise"):
            p.put(total - p.bet)
            inc = total - level
            full = self._full_increment(action, inc)
            if action == "bet":
                rd["state"] = "bet"
                rd["seq"] += 1
                rd["last_inc"] = (
                    max(inc, full)
                    if r.structure == "fixed-limit"
                    else (inc if inc >= full else full)
                )
                rd["aggressor"] = seat
            else:
                if inc >= full or inc >= r.reopen_fraction * full:
                    rd["raises"] += 1
                    rd["seq"] += 1
                    if inc >= full:
                        rd["last_inc"] = inc
                    rd["aggressor"] = seat
            if (
                r.structure == "fixed-limit"
                and rd["street"].big_bet_when == "open-pair"
                and r.big_bet_locks
                and inc >= r.big_bet
                and rd["street"].bet == "small"
            ):
                rd["big_locked"] = True
            rd["level"] = max(level, total)
        p.acted = True
        p.acted_seq = rd["seq"]
        # who is next
        if len(self.live_players()) <= 1:
            self._close_round()
            self._finish_uncontested()
            return
        nxt = self._next_after(seat)
        self.to_act = nxt
        if nxt is None:
            self._close_round()
            self._advance()

    def _complete_full(self):
        """The smallest full completion, before any all-in clipping."""
        r = self.rules
        rd = self.round
        st = rd["street"]
        if r.structure == "fixed-limit":
            return self.unit(st)
        # past what is in (a bring-in may be short, all in), or the bring-in not yet posted
        bring = rd["level"] if rd["level"] > 0 or r.bring_in is None else r.bring_in
        if r.structure == "spread-limit":
            return max(self.spread(st)[0], bring + r.chip)
        return max(self.unit(st), bring + r.chip)

    def _full_increment(self, action, inc):
        r = self.rules
        rd = self.round
        st = rd["street"]
        if r.structure == "fixed-limit":
            sizes = self._fixed_sizes()
            fitting = [s for s in sizes if s <= inc]
            return max(fitting) if fitting else min(sizes)
        if r.structure == "spread-limit":
            smin, smax = self.spread(st)
            if action == "bet":
                return smin
            return min(max(rd["last_inc"], smin), smax)
        if action == "bet":
            return self.unit(st)
        return max(rd["last_inc"], self.unit(st))

    def _close_round(self):
        rd = self.round
        self.to_act = None
        if rd is not None:
            self._return_uncalled()
            self.last_round = rd
            if rd["street"].spread is not None:
                self.prev_spread = rd["street"].spread
        for p in self.players.values():
            p.bet = ZERO
        self.round = None

    def _return_uncalled(self):
        players = list(self.players.values())
        if not players:
            return
        top = max(p.bet for p in players)
        tops = [p for p in players if p.bet == top]
        if len(tops) != 1 or top == 0:
            return
        p = tops[0]
        second = max((q.bet for q in players if q is not p), default=ZERO)
        back = top - second
        if back > 0:
            p.bet -= back
            p.committed -= back
            p.stack += back
            p.all_in = p.stack == 0

    # -- pots
    def pots(self):
        players = list(self.players.values())
        levels = sorted({p.committed for p in players if p.live and p.all_in})
        out = []
        prev = ZERO
        for cap in levels + [None]:
            amount = ZERO
            for p in players:
                c = p.committed if cap is None else min(p.committed, cap)
                amount += max(ZERO, c - prev)
            if cap is None:
                elig = [p.seat for p in players if p.live and not p.all_in]
                elig += [p.seat for p in players if p.live and p.all_in and p.committed > prev]
            else:
                elig = [p.seat for p in players if p.live and (p.committed >= cap or not p.all_in)]
            elig = [s for s in self.from_dealer_left() if s in elig]
            if out and not elig:
                # nobody left to win this layer: it stays with the pot below
                out[-1]["amount"] += amount
            elif amount > 0 or not out:
                out.append({"amount": amount, "eligible": elig})
            if cap is not None:
                prev = cap
        return out

    # -- the end of the hand
    def _finish_uncontested(self):
        self.to_act = None
        if self.round is not None:
            self._close_round()
        winner = self.live_players()[0]
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] > 0:
                awards.append(
                    {"seat": winner.seat, "amount": fmt(pot["amount"]), "pot": i, "share": None}
                )
        total = sum((pot["amount"] for pot in self.pots()), ZERO)
        self._pay({winner.seat: total})
        self.result = {"awards": awards, "hands": [], "showdown": False}
        self.phase = "complete"
        self.over = True

    def _pay(self, amounts):
        self.final_pots = self.pots()
        for seat, amount in amounts.items():
            self.players[seat].stack += amount

    def _show_order(self):
        live = self.live_players()
        played = [
            st
            for st in self.rules.streets
            if st.bet is not None and not (st.deal_if is not None and self.dealt_in > st.deal_if)
        ]
        last_st = played[-1] if played else None
        start = None
        lr = self.last_round
        if lr is not None and last_st is not None and lr["street"] is last_st:
            start = lr["aggressor"] if lr["aggressor"] is not None else lr["first"]
        if start is None and last_st is not None:
            start = self._opener_ignoring_all_in(last_st)
        if start is None:
            return live
        seats = [s for s in self.clockwise_from(start, include=True) if self.players[s].live]
        return [self.players[s] for s in seats]

    def _opener_ignoring_all_in(self, st):
        r = self.rules
        live = self.live_players()
        if not live:
            return None
        if st.opener in ("first-left",) or (st.opener == "after-big-blind"):
            return live[0].seat
        ties = st.ties or r.board_ties
        best = None
        best_key = None
        for p in live:
            v, suit = board_value(p.up + self.community)
            key = (v, suit) if ties == "suit" else (v,)
            if best_key is None or key > best_key:
                best, best_key = p, key
        return best.seat

    def _showdown(self):
        r = self.rules
        self.to_act = None
        self.street_idx = len(r.streets)
        wheel = "no-wheel" not in self.bugs
        values = {}
        shown = []
        for p in self._show_order():
            cards = p.down + p.up + self.community
            value, five = best_hand(cards, r.wild_ranks, wheel)
            values[p.seat] = value
            shown.append(
                {
                    "seat": p.seat,
                    "share": r.share_name,
                    "name": describe(value) if len(five) == 5 else "incomplete hand",
                    "cards": five,
                }
            )
        awards = []
        pay = {}
        chip = r.chip if r.chip > 0 else Decimal("0.01")
        for i, pot in enumerate(self.pots()):
            if pot["amount"] <= 0:
                continue
            elig = [s for s in pot["eligible"] if s in values]
            if not elig:
                elig = [p.seat for p in self.live_players()]
            best = max(values[s] for s in elig)
            winners = [s for s in elig if values[s] == best]
            winners = self._odd_chip_order(winners)
            units = int(pot["amount"] / chip)
            each = units // len(winners)
            extra = units - each * len(winners)
            leftover = pot["amount"] - units * chip
            for k, s in enumerate(winners):
                amt = chip * (each + (1 if k < extra else 0))
                if k == 0:
                    amt += leftover
                if amt > 0:
                    awards.append({"seat": s, "amount": fmt(amt), "pot": i, "share": r.share_name})
                    pay[s] = pay.get(s, ZERO) + amt
        self._pay(pay)
        self.result = {"awards": awards, "hands": shown, "showdown": True}
        self.phase = "complete"
        self.over = True
        self.street = r.streets[-1] if self.street is None else self.street

    def _odd_chip_order(self, winners):
        r = self.rules
        if r.odd_chip_tie == "high-card" and len(winners) > 1:

            def key(seat):
                p = self.players[seat]
                cards = p.down + p.up
                return max((crank(c), r.suit_order.index(csuit(c))) for c in cards)

            return sorted(winners, key=key, reverse=True)
        return [s for s in self.from_dealer_left() if s in winners]

    # -- the state
    def view(self):
        pots = self.final_pots if self.over and hasattr(self, "final_pots") else self.pots()
        state = {
            "street": self.street.name if self.street is not None else self.rules.streets[0].name,
            "phase": "complete" if self.over else self.phase,
            "to_act": self.to_act,
            "legal": self.legal_view(),
            "pot": fmt(sum((p["amount"] for p in pots), ZERO)),
            "pots": [{"amount": fmt(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": [self.players[s].view() for s in self.order],
            "community": list(self.community),
            "result": self.result,
            "wild_ranks": sorted(self.rules.wild_ranks),
        }
        if self.rules.has_blinds:
            state["blinds"] = list(self.blinds)
        return state


# ------------------------------------------------------------------ the engine


class Engine:
    def __init__(self, bugs):
        self.bugs = frozenset(bugs)
        self.hand = None
        self.last_ruleset = None

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return {
                "protocol": 1,
                "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
                "rulesets": ["*"],
                "features": [
                    "seat-cards",
                    "blinds",
                    "evaluate",
                    "evaluate-options",
                    "spread-limit",
                    "pot-limit",
                    "no-limit",
                    "table",
                    "wild",
                    "wild-ranks",
                ],
            }
        if op == "bye":
            return {}
        if op == "new_hand":
            return {"state": self.new_hand(req)}
        if op == "next_hand":
            return {"state": self.next_hand(req)}
        if op == "act":
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            amount = req.get("amount")
            seat = req.get("seat")
            action = req.get("action")
            self.hand.act(seat, action, amount)
            return {"state": self.hand.view()}
        if op == "state":
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            return {"state": self.hand.view()}
        if op == "evaluate":
            return {"results": self.evaluate(req)}
        raise Refusal("bad_request", f"unknown op {op!r}")

    def _rules(self, doc):
        if isinstance(doc, str):
            raise Refusal("unsupported", f"ruleset by name ({doc!r}): send the resolved document")
        rules = Rules(doc)
        problems = rules.problems()
        if problems:
            text = "; ".join(f"{path} = {json.dumps(wanted)}" for path, wanted in problems)
            raise Refusal("unsupported", f"cannot play: {text}")
        return rules

    def _seats(self, seats, rules):
        if not isinstance(seats, list) or not seats:
            raise Refusal("bad_request", "no seats")
        out = []
        seen = set()
        for s in seats:
            seat = s.get("seat")
            if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1 or seat in seen:
                raise Refusal("bad_request", f"bad seat {seat!r}")
            seen.add(seat)
            out.append(
                {
                    "seat": seat,
                    "name": str(s.get("name", "")),
                    "stack": to_dec(s.get("stack"), "stack"),
                }
            )
        if len(out) > rules.seats_max:
            raise Refusal(
                "bad_request", f"{len(out)} players, the ruleset seats at most {rules.seats_max}"
            )
        return out

    def new_hand(self, req):
        rules = self._rules(req.get("ruleset"))
        seats = self._seats(req.get("seats"), rules)
        dealer = req.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise Refusal("bad_request", "dealer must be a seat number")
        hand = Hand(
            rules, seats, dealer, list(req.get("deck") or []), req.get("seat_cards"), self.bugs
        )
        self.hand = hand
        self.last_ruleset = rules
        return hand.view()

    def next_hand(self, req):
        old = self.hand
        if old is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if not old.over:
            raise Refusal("bad_request", "the hand is still running")
        rules = old.rules
        seats = [
            {"seat": p.seat, "name": p.name, "stack": p.stack}
            for p in (old.players[s] for s in old.order)
            if p.stack > 0
        ]
        if len(seats) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        dealer = old.dealer
        if rules.rotates:
            remaining = [s["seat"] for s in seats]
            after = [s for s in remaining if s > old.dealer]
            dealer = after[0] if after else remaining[0]
        hand = Hand(
            rules, seats, dealer, list(req.get("deck") or []), req.get("seat_cards"), self.bugs
        )
        self.hand = hand
        return hand.view()

    def evaluate(self, req):
        ranking = req.get("ranking")
        if ranking != "high":
            raise Refusal("unsupported", f"evaluate ranking = {ranking!r}: only high")
        if req.get("qualifier") is not None:
            raise Refusal("unsupported", "evaluate qualifier with the high ranking")
        wild = frozenset(parse_rank(r) for r in (req.get("wild") or []))
        hands = req.get("hands") or []
        wheel = "no-wheel" not in self.bugs
        values = []
        for cards in hands:
            for c in cards:
                parse_card(c)
            if len(set(cards)) != len(cards):
                raise Refusal("bad_request", "a card twice in one hand")
            if len(cards) < 5:
                raise Refusal("unsupported", "hands of fewer than five cards")
            values.append(best_hand(cards, wild, wheel))
        out = []
        for v, five in values:
            rank = 1 + sum(1 for w, _ in values if w > v)
            out.append({"best": five, "name": describe(v), "rank": rank})
        return out


def parse_bugs(argv):
    bugs = set()
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--bugs" and i + 1 < len(argv):
            names = argv[i + 1]
            i += 2
        elif arg.startswith("--bugs="):
            names = arg.split("=", 1)[1]
            i += 1
        else:
            i += 1
            continue
        for name in names.split(","):
            name = name.strip()
            if not name:
                continue
            if name not in BUG_NAMES:
                print(f"unknown bug {name!r}; known: {', '.join(BUG_NAMES)}", file=sys.stderr)
                sys.exit(2)
            bugs.add(name)
    return bugs


def main():
    bugs = parse_bugs(sys.argv[1:])
    engine = Engine(bugs)
    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            print(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "not JSON"},
                    }
                ),
                flush=True,
            )
            continue
        if not isinstance(req, dict):
            print(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "not an object"},
                    }
                ),
                flush=True,
            )
            continue
        rid = req.get("id")
        try:
            fields = engine.handle(req)
            reply = {"id": rid, "ok": True}
            reply.update(fields)
        except Refusal as exc:
            reply = {"id": rid, "ok": False, "error": exc.as_error()}
        except Exception as exc:  # an engine bug: say so and keep running
            traceback.print_exc(file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"},
            }
        print(json.dumps(reply), flush=True)
        if req.get("op") == "bye":
            break


if __name__ == "__main__":
    main()

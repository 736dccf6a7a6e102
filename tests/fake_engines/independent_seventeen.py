#!/usr/bin/env python3
"""independent_seventeen: a fixed-limit stud engine with decision rounds.

A third-party engine written apart from the reference interpreter, from the protocol
page (docs/protocol.md), the ruleset reference (docs/reference/ruleset.md), the schemas
and the feature files only.  Standard library only; every amount is a Decimal.

What it plays
-------------
Everything is read from the resolved ruleset document sent with ``new_hand``: the street
table (deal patterns, ``deal_if_players_at_most``, openers, bet units, ties), the decision
rounds, the stakes, the betting values and the pot shares.  Nothing depends on the name
of the game.  In practice that covers:

* fixed-limit seven-card stud, razz and stud hi-lo (antes, a bring-in, burns, the run-out
  with reused burns and a community card, side pots, consecutive hands);
* the decision-round games: pineapple stud, Kentrel, Tahoe pitch and roll, seven card
  reverse, 7-card flip, super stud and its family (super stud 8, super razz, super
  razzdugi, super RazzBadeucey...), Australian stud and Pig poker (blinds), Cowpie and
  Outhouse (a split into a five-card and a two-card hand);
* declarations (in turn or all at once), blinds, ``pot.unqualified``, ``split_unit``;
* rankings: high, ace-to-five, ace-to-six, deuce-to-seven, badugi (aces low or high),
  two-card high and low.

It refuses with ``unsupported`` anything else: other betting structures, wild cards,
jokers, events, exchanges, centre cards, a stripped pack, the roll deal, and the other
rankings and share options.  The message names each ruleset path and value, and where the
engine knows what it would play instead (no wild cards, no events, fixed limit...) the
refusal lists them in ``error.values`` (path, wanted, plays), so that stud reads them as a
profile for that scenario.  ``evaluate`` reads high, the lows, badugi and the two-card
hands, without ``evaluate-options``.

Protocol
--------
Protocol 1.2 over JSON lines, ``rulesets: ["*"]``, with the features ``seat-cards``,
``evaluate``, ``hi-lo``, ``declare``, ``table``, ``blinds``, ``discard``, ``expose``,
``draw`` and ``split``.

Planted bugs, all off by default, switched on with --bugs name1,name2
------------------------------------------------------------------------
Five of the eight are in the decision rounds (discard, expose, draw, split).

discard-leaves-up-card   DISCARD-01  a discarded up card is not taken off the board
expose-keeps-hole-copy   EXPOSE-01   a card turned up is copied up, and left among the hole cards
draw-needs-full-count    DECIDE-01   a draw of "up to" n cards must take exactly n (no standing pat)
draw-always-face-down    DRAW-02     drawn cards always come face down, whatever drawn_face says
split-rank-unchecked     SPLIT-04    a split whose bigger hand is the weaker one is accepted
split-unit-ignored       HILO-10     shares are cut in chips, ignoring pot.split_unit
fold-when-check-ignored  ROUND-10    fold_when_check "allowed" ignored: no fold when a check is free
declare-tie-outright     DECL-04     a player declaring both who only ties a share wins it outright

Further bugs (charged elsewhere by the tool at the time of writing)
--------------------------------------------------------------------
Also off by default and switched on with --bugs; listed in MORE_BUGS, not BUGS.  When the
engine was written, stud charged each of them to a rule that did not look like their
cause, or split it into several causes, so they were left out of the eight above.  The
tool has since been taught each one (tests/unit/spec/test_root_causes.py, SEVENTEEN_MORE).

decide-after-deal            a street's decision rounds come after its cards are dealt,
                             not before them
choices-hidden-till-end      an in-turn round's choices are carried out, and seen, only
                             once the last player has chosen (as if simultaneous)
decide-from-dealer           an in-turn decision round starts with the dealer instead of
                             the player on the dealer's left
discard-any-card             a discard of any card held is accepted, up cards included,
                             whatever "among" says (the legal choices still follow it)
discards-count-at-showdown   the cards thrown in a discard round still play in the
                             player's hands at the showdown
all-in-not-dealt             after the first street, players all in get no more cards
decisions-sorted-by-kind     a street's decision rounds run sorted by kind (discard,
                             draw, expose, split), not in the order listed
split-hands-swapped          at the showdown of a split, the cards set aside play for the
                             bigger hand's share and the rest for the smaller hand's
unqualified-split-best-high  pot.unqualified "split" is played as "best-high"
blinds-cleared-each-street   state.blinds is emptied at each street change, though the
                             blinds stay posted and the blinds' round is played as usual
"""

import copy
import itertools
import json
import sys
import traceback
from collections import Counter
from decimal import Decimal

BUGS = (
    "discard-leaves-up-card,expose-keeps-hole-copy,draw-needs-full-count,"
    "draw-always-face-down,split-rank-unchecked,split-unit-ignored,"
    "fold-when-check-ignored,declare-tie-outright"
)

MORE_BUGS = (
    "decide-after-deal,choices-hidden-till-end,decide-from-dealer,discard-any-card,"
    "discards-count-at-showdown,all-in-not-dealt,decisions-sorted-by-kind,"
    "split-hands-swapped,unqualified-split-best-high,blinds-cleared-each-street"
)

ACTIVE = set()


def bug(name):
    return name in ACTIVE


RANKS = "23456789TJQKA"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
STD_SUITS = "cdhs"
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
RANK_PLURAL = {
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

SUPPORTED_RANKINGS = {
    "high",
    "ace-to-five",
    "ace-to-six",
    "deuce-to-seven",
    "badugi",
    "badugi-aces-high",
    "two-card-high",
    "two-card-low",
}
BOARD_RANKINGS = {
    "high",
    "ace-to-five",
    "ace-to-six",
    "deuce-to-seven",
    "badugi",
    "badugi-aces-high",
}
LOW_RANKINGS = {
    "ace-to-five",
    "ace-to-six",
    "deuce-to-seven",
    "badugi",
    "badugi-aces-high",
    "two-card-low",
}


class Refusal(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


def money(d):
    return format(d, "f")


def D(x):
    return Decimal(str(x))


def rv(card):
    return RANK_VALUE[card[0]]


def full_pack():
    return [r + s for r in RANKS for s in STD_SUITS]


# ---------------------------------------------------------------------------------
# hand values: every key function returns a tuple, bigger is better
# ---------------------------------------------------------------------------------


def _groups(values):
    counts = Counter(values)
    return sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)


def _pair_class(groups):
    shape = [c for _, c in groups]
    if shape[0] == 4:
        return 5
    if shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
        return 4
    if shape[0] == 3:
        return 3
    if shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        return 2
    if shape[0] == 2:
        return 1
    return 0


def _straight_top(values, ace_low_too, ace_high=True):
    uniq = sorted(set(values), reverse=True)
    if len(uniq) != 5 or len(values) != 5:
        return None
    if uniq[0] - uniq[4] == 4:
        return uniq[0]
    if ace_low_too and uniq == [14, 5, 4, 3, 2]:
        return 5
    return None


def key_high(cards):
    values = [rv(c) for c in cards]
    groups = _groups(values)
    flush = len(cards) == 5 and len({c[1] for c in cards}) == 1
    top = _straight_top(values, True)
    ordered = [v for v, n in groups for _ in range(n)]
    if top and flush:
        return (8, top)
    cls = _pair_class(groups)
    if cls == 5:
        return (7,) + tuple(ordered)
    if cls == 4:
        return (6,) + tuple(ordered)
    if flush:
        return (5,) + tuple(sorted(values, reverse=True))
    if top:
        return (4, top)
    return ({3: 3, 2: 2, 1: 1, 0: 0}[cls],) + tuple(ordered)


def _low_badness(values, with_straights, ace_low_straight, suits_flush):
    groups = _groups(values)
    ordered = [v for v, n in groups for _ in range(n)]
    cls = _pair_class(groups)
    if not with_straights:
        return (cls,) + tuple(ordered)
    cat = {0: 0, 1: 1, 2: 2, 3: 3, 4: 6, 5: 7}[cls]
    top = None
    if len(values) == 5 and len(set(values)) == 5:
        uniq = sorted(values, reverse=True)
        if uniq[0] - uniq[4] == 4:
            top = uniq[0]
        elif ace_low_straight and uniq == [14, 5, 4, 3, 2]:
            top = 5
    if top is not None and suits_flush:
        return (8,) + tuple(ordered)
    if suits_flush and cls < 4:
        return (5,) + tuple(ordered)
    if top is not None:
        return (4,) + tuple(ordered)
    return (cat,) + tuple(ordered)


def key_a5(cards):
    values = [1 if rv(c) == 14 else rv(c) for c in cards]
    return tuple(-x for x in _low_badness(values, False, False, False))


def key_a6(cards):
    values = [1 if rv(c) == 14 else rv(c) for c in cards]
    flush = len(cards) == 5 and len({c[1] for c in cards}) == 1
    return tuple(-x for x in _low_badness(values, True, False, flush))


def key_27(cards):
    values = [rv(c) for c in cards]
    flush = len(cards) == 5 and len({c[1] for c in cards}) == 1
    return tuple(-x for x in _low_badness(values, True, False, flush))


def key_badugi(cards, aces_high=False):
    def val(c):
        v = rv(c)
        return 1 if (v == 14 and not aces_high) else v

    best = None
    for size in range(min(4, len(cards)), 0, -1):
        for combo in itertools.combinations(cards, size):
            if len({c[0] for c in combo}) != size or len({c[1] for c in combo}) != size:
                continue
            k = (size,) + tuple(-v for v in sorted((val(c) for c in combo), reverse=True))
            if best is None or k > best:
                best = k
        if best is not None:
            return best
    return (0,)


def key_two_high(cards):
    values = sorted((rv(c) for c in cards), reverse=True)
    paired = 1 if len(values) == 2 and values[0] == values[1] else 0
    return (paired,) + tuple(values)


def key_two_low(cards):
    values = sorted(((1 if rv(c) == 14 else rv(c)) for c in cards), reverse=True)
    paired = 1 if len(values) == 2 and values[0] == values[1] else 0
    return (-paired,) + tuple(-v for v in values)


RANKING_SIZE = {"two-card-high": 2, "two-card-low": 2}


def ranking_key(ranking):
    return {
        "high": key_high,
        "ace-to-five": key_a5,
        "ace-to-six": key_a6,
        "deuce-to-seven": key_27,
        "badugi": lambda cs: key_badugi(cs, False),
        "badugi-aces-high": lambda cs: key_badugi(cs, True),
        "two-card-high": key_two_high,
        "two-card-low": key_two_low,
    }[ranking]


def best_hand(cards, ranking, qualifier=None):
    """The best cards and their key under a ranking; None when nothing qualifies."""
    cards = list(cards)
    if not cards:
        return None
    if ranking in ("badugi", "badugi-aces-high"):
        aces_high = ranking == "badugi-aces-high"
        best = None
        for size in range(min(4, len(cards)), 0, -1):
            for combo in itertools.combinations(cards, size):
                if len({c[0] for c in combo}) != size or len({c[1] for c in combo}) != size:
                    continue
                k = key_badugi(list(combo), aces_high)
                if best is None or k > best[0]:
                    best = (k, list(combo))
            if best is not None:
                break
        if best is None:
            return None
        return best[1], best[0]
    size = RANKING_SIZE.get(ranking, 5)
    size = min(size, len(cards))
    keyf = ranking_key(ranking)
    best = None
    for combo in itertools.combinations(cards, size):
        combo = list(combo)
        if qualifier is not None and not _qualifies(combo, ranking, qualifier):
            continue
        k = keyf(combo)
        if best is None or k > best[0]:
            best = (k, combo)
    if best is None:
        return None
    return best[1], best[0]


def _qualifies(cards, ranking, qualifier):
    if len(cards) < 5:
        return False
    if ranking == "deuce-to-seven":
        values = [rv(c) for c in cards]
    else:
        values = [1 if rv(c) == 14 else rv(c) for c in cards]
    if len(set(values)) != 5 or max(values) > qualifier:
        return False
    if ranking in ("ace-to-six", "deuce-to-seven"):
        k = ranking_key(ranking)(cards)
        return k[0] == 0
    return True


def hand_name(cards, ranking):
    if ranking == "high":
        k = key_high(cards)
        cat = k[0]
        if cat == 8:
            return "royal flush" if k[1] == 14 else f"{RANK_WORD[k[1]]}-high straight flush"
        if cat == 7:
            return f"four of a kind, {RANK_PLURAL[k[1]]}"
        if cat == 6:
            return f"full house, {RANK_PLURAL[k[1]]} over {RANK_PLURAL[k[4]]}"
        if cat == 5:
            return f"flush, {RANK_WORD[k[1]]} high"
        if cat == 4:
            return f"{RANK_WORD[k[1]]}-high straight"
        if cat == 3:
            return f"three of a kind, {RANK_PLURAL[k[1]]}"
        if cat == 2:
            return f"two pair, {RANK_PLURAL[k[1]]} and {RANK_PLURAL[k[3]]}"
        if cat == 1:
            return f"pair of {RANK_PLURAL[k[1]]}"
        return f"high card, {RANK_WORD[k[1]]}"
    if ranking in ("badugi", "badugi-aces-high"):
        hi = ranking == "badugi-aces-high"
        vals = sorted(((1 if rv(c) == 14 and not hi else rv(c)) for c in cards), reverse=True)
        words = "-".join(RANK_WORD[v] for v in vals[:2])
        if len(cards) == 4:
            return f"{words} badugi"
        return "{}-card {}".format({3: "three", 2: "two", 1: "one"}[len(cards)], words)
    if ranking in ("two-card-high", "two-card-low"):
        hi = ranking == "two-card-high"
        vals = sorted(((rv(c) if hi or rv(c) != 14 else 1) for c in cards), reverse=True)
        if len(vals) == 2 and vals[0] == vals[1]:
            return f"pair of {RANK_PLURAL[vals[0]]}"
        return "{} high".format("-".join(RANK_WORD[v] for v in vals))
    # lows
    if ranking == "deuce-to-seven":
        vals = [rv(c) for c in cards]
    else:
        vals = [1 if rv(c) == 14 else rv(c) for c in cards]
    groups = _groups(vals)
    if groups[0][1] >= 2:
        return f"pair of {RANK_PLURAL[groups[0][0]]}"
    vals.sort(reverse=True)
    return f"{RANK_WORD[vals[0]]}-{RANK_WORD[vals[1]]} low"


# ---------------------------------------------------------------------------------
# boards: who opens a street
# ---------------------------------------------------------------------------------


def board_key(cards, ranking):
    if not cards:
        return None
    if ranking in ("badugi", "badugi-aces-high"):
        found = best_hand(cards, ranking)
        if found is None:
            return None
        return found[1], found[0]
    size = min(5, len(cards))
    best = None
    for combo in itertools.combinations(cards, size):
        if ranking == "high":
            values = [rv(c) for c in combo]
            groups = _groups(values)
            k = (_pair_class(groups),) + tuple(v for v, n in groups for _ in range(n))
        else:
            if ranking == "deuce-to-seven":
                values = [rv(c) for c in combo]
            else:
                values = [1 if rv(c) == 14 else rv(c) for c in combo]
            groups = _groups(values)
            bad = (_pair_class(groups),) + tuple(v for v, n in groups for _ in range(n))
            k = tuple(-x for x in bad)
        if best is None or k > best[0]:
            best = (k, list(combo))
    return best


def board_tie_card(combo, ranking):
    """(rank, suit index) of the card whose suit settles equal boards."""
    if ranking == "high":
        counts = Counter(rv(c) for c in combo)
        c = max(combo, key=lambda c: (counts[rv(c)], rv(c), STD_SUITS.index(c[1])))
        return STD_SUITS.index(c[1])
    ace_high = ranking in ("deuce-to-seven", "badugi-aces-high")
    c = max(combo, key=lambda c: ((rv(c) if ace_high or rv(c) != 14 else 1), STD_SUITS.index(c[1])))
    return STD_SUITS.index(c[1])


# ---------------------------------------------------------------------------------
# ruleset checks
# ---------------------------------------------------------------------------------

PLAYS = {
    "betting.structure": "fixed-limit",
    "wild.ranks": [],
    "wild.low_hole": False,
    "wild.joker": "none",
    "deck.jokers": 0,
    "deck.centre": [],
    "deck.stripped": [],
    "events": [],
    "exchange": None,
    "spread": None,
    "minimum": None,
    "own": None,
    "common": None,
    "suit": None,
    "fallback": None,
    "cards": "all",
}


def unsupported_values(rs):
    bad = []

    def no(path, wanted, plays=None):
        bad.append(
            (
                path,
                wanted,
                PLAYS.get(
                    path.split(".")[-1] if path.startswith(("streets.", "pot.shares.")) else path,
                    "?",
                ),
            )
        )

    betting = rs.get("betting") or {}
    if betting.get("structure", "fixed-limit") != "fixed-limit":
        no("betting.structure", betting.get("structure"))
    wild = rs.get("wild") or {}
    if wild.get("ranks"):
        no("wild.ranks", wild.get("ranks"))
    if wild.get("low_hole"):
        no("wild.low_hole", True)
    if wild.get("joker", "none") != "none":
        no("wild.joker", wild.get("joker"))
    deck = rs.get("deck") or {}
    if deck.get("jokers", 0):
        no("deck.jokers", deck.get("jokers"))
    if deck.get("centre"):
        no("deck.centre", deck.get("centre"))
    if deck.get("stripped"):
        no("deck.stripped", deck.get("stripped"))
    if rs.get("events"):
        no("events", [e.get("name") for e in rs.get("events")])
    board = rs.get("board") or {}
    if board.get("ranking", "high") not in BOARD_RANKINGS:
        no("board.ranking", board.get("ranking"))
    for st in rs.get("streets") or []:
        name = st.get("name")
        if st.get("exchange") is not None:
            no(f"streets.{name}.exchange", st.get("exchange"))
        for entry in st.get("deal") or []:
            if entry not in ("up", "down"):
                no(f"streets.{name}.deal", st.get("deal"))
                break
        if st.get("spread") is not None:
            no(f"streets.{name}.spread", st.get("spread"))
        if st.get("opener", "best-board") not in (
            "bring-in",
            "best-board",
            "first-left",
            "after-big-blind",
        ):
            no(f"streets.{name}.opener", st.get("opener"))
    pot = rs.get("pot") or {}
    shares = pot.get("shares") or []
    for i, sh in enumerate(shares):
        nm = sh.get("name", str(i))
        if sh.get("ranking", "high") not in SUPPORTED_RANKINGS:
            no(f"pot.shares.{nm}.ranking", sh.get("ranking"))
        if sh.get("cards", "all") not in ("all", "own", "big", "small"):
            no(f"pot.shares.{nm}.cards", sh.get("cards"))
        for key in ("minimum", "own", "common", "suit", "fallback"):
            if sh.get(key) is not None:
                no(f"pot.shares.{nm}.{key}", sh.get(key))
    return bad


# ---------------------------------------------------------------------------------
# the hand
# ---------------------------------------------------------------------------------


class Seat:
    def __init__(self, num, name, stack):
        self.num = num
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)
        self.contrib = Decimal(0)
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.split = None
        self.thrown = []
        self.discarded = []


class Hand:
    def __init__(self, rs, seats, dealer, deck, seat_cards):
        self.rs = rs
        self.streets = rs["streets"]
        self.stakes = rs["stakes"]
        self.chip = D(self.stakes.get("chip", "0.01"))
        self.ante = D(self.stakes.get("ante", "0") or "0")
        bi = self.stakes.get("bring_in")
        self.bring_in = D(bi) if bi is not None else None
        self.small = D(self.stakes["small_bet"])
        self.big = D(self.stakes["big_bet"])
        sb, bb = self.stakes.get("small_blind"), self.stakes.get("big_blind")
        self.sb = D(sb) if sb is not None else None
        self.bb = D(bb) if bb is not None else None
        self.betting = rs.get("betting") or {}
        self.max_raises = self.betting.get("max_raises", 3)
        self.uncapped = self.betting.get("uncapped_heads_up", "in-hand")
        self.locks = self.betting.get("big_bet_locks", True)
        self.fraction = D(self.betting.get("reopen_fraction", "0.5"))
        self.fold_when_check = self.betting.get(
            "fold_when_check", "refused"
        ) == "allowed" and not bug("fold-when-check-ignored")
        self.bring_rules = rs.get("bring_in") or {}
        self.board = rs.get("board") or {}
        self.dealing = rs.get("dealing") or {}
        self.pot_rules = rs.get("pot") or {}
        self.shares = self.pot_rules.get("shares") or [{"name": "high", "ranking": "high"}]
        self.showdown_rules = rs.get("showdown") or {}
        self.declare_game = self.showdown_rules.get("method", "cards-speak") == "declare"

        self.seats = sorted(seats, key=lambda s: s.num)
        self.by_num = {s.num: s for s in self.seats}
        self.dealer = dealer
        # the pack
        listed = list(deck)
        if listed:
            rest = [c for c in full_pack() if c not in set(listed)]
            pack = listed + rest
        else:
            pack = full_pack()
        self.lists = {}
        if seat_cards:
            for entry in seat_cards:
                self.lists[entry["seat"]] = list(entry["cards"])
            taken = {c for cards in self.lists.values() for c in cards}
            pack = [c for c in pack if c not in taken]
        self.stub = pack
        self.burns = []
        self.community = []
        self.dealt_any = False
        self.blinds = []
        self.blinds_shown = self.blinds
        self.declarations = {}
        self.result = None
        self.phase = "betting"
        self.to_act = None
        self.street_i = 0
        self.last_hand_aggressor = None
        self.round = None
        self.decision = None
        self.final_round = None
        self.n_dealt_in = len(self.seats)
        # the plan of the hand
        self.plan = []
        for i, st in enumerate(self.streets):
            limit = st.get("deal_if_players_at_most")
            if limit is not None and self.n_dealt_in > limit:
                continue
            decide = list(st.get("decide") or [])
            if bug("decisions-sorted-by-kind"):
                decide.sort(key=lambda d: d["kind"])
            steps = []
            for _j, d in enumerate(decide):
                steps.append(("decide", i, d))
            if st.get("deal"):
                steps.insert(0 if bug("decide-after-deal") else len(steps), ("deal", i, None))
            if st.get("bet") is not None:
                steps.append(("bet", i, None))
            if not steps:
                steps.append(("nothing", i, None))
            self.plan.extend(steps)
        if self.declare_game:
            self.plan.append(("declare", len(self.streets) - 1, None))
        self.plan.append(("showdown", len(self.streets) - 1, None))
        self.step = 0
        self.bet_streets_played = [st for st in self.plan if st[0] == "bet"]

        # antes, then blinds
        for s in self.seats:
            if self.ante > 0:
                self.put(s, min(self.ante, s.stack), live=False)
        if self.sb is not None and self.bb is not None:
            self.post_blinds()
        self.street_i = self.plan[0][1] if self.plan else 0
        self.advance()

    # ----- helpers -------------------------------------------------------------
    def put(self, s, amount, live=True):
        s.stack -= amount
        s.contrib += amount
        if live:
            s.bet += amount
        if s.stack == 0:
            s.all_in = True

    def clockwise_from(self, seat_num, include=False):
        """Seats in clockwise order starting after seat_num (or at it with include)."""
        nums = [s.num for s in self.seats]
        after = [n for n in nums if n > seat_num]
        before = [n for n in nums if n <= seat_num]
        order = after + before
        if include and seat_num in nums:
            order = [seat_num] + [n for n in order if n != seat_num]
        return [self.by_num[n] for n in order]

    def from_dealer_left(self):
        return self.clockwise_from(self.dealer)

    def live(self):
        return [s for s in self.from_dealer_left() if not s.folded]

    def can_bet(self, s):
        return not s.folded and not s.all_in

    def street(self):
        return self.streets[self.street_i]

    def post_blinds(self):
        order = self.from_dealer_left()
        if len(order) == 2:
            dealer = self.by_num.get(self.dealer)
            other = [s for s in order if s.num != self.dealer]
            if dealer is None:
                small, big = order[0], order[1]
            elif (self.rs.get("blinds") or {}).get("heads_up", "dealer-small") == "dealer-big":
                small, big = other[0], dealer
            else:
                small, big = dealer, other[0]
        else:
            small, big = order[0], order[1]
        for s, amount, kind in ((small, self.sb, "small"), (big, self.bb, "big")):
            paid = min(amount, s.stack)
            self.put(s, paid)
            self.blinds.append({"seat": s.num, "blind": kind, "amount": money(paid)})
        self.big_blind_seat = big.num

    # ----- dealing -------------------------------------------------------------
    def available(self):
        return len(self.stub) + sum(len(v) for v in self.lists.values())

    def draw_card(self, seat=None):
        if seat is not None and self.lists.get(seat):
            return self.lists[seat].pop(0)
        if self.stub:
            return self.stub.pop(0)
        raise Refusal("internal", "the pack is empty")

    def future_rounds(self, street_i, entry_i):
        count = len(self.streets[street_i].get("deal") or []) - entry_i - 1
        seen = set()
        for kind, i, _ in self.plan[self.step + 1 :]:
            if kind == "deal" and i > street_i and i not in seen:
                seen.add(i)
                count += len(self.streets[i].get("deal") or [])
        return count

    def deal_street(self, i):
        st = self.streets[i]
        deal = st.get("deal") or []
        if not deal:
            return
        if self.dealing.get("burn", True) and self.dealt_any and self.stub:
            self.burns.append(self.stub.pop(0))
        later = self.dealt_any
        for e, face in enumerate(deal):
            players = self.live()
            if bug("all-in-not-dealt") and later:
                players = [s for s in players if not s.all_in]
            n = len(players)
            if self.available() < n and self.dealing.get("reuse_burns", True) and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            future = self.future_rounds(i, e)
            community = self.dealing.get("community_card", True)
            if (
                community and self.dealt_any and self.available() - n < future
            ) or self.available() < n:
                if not community or not self.stub:
                    raise Refusal("internal", "the pack ran out")
                self.community.append(self.stub.pop(0))
            else:
                for s in players:
                    card = self.draw_card(s.num)
                    (s.up if face == "up" else s.down).append(card)
            self.dealt_any = True

    # ----- the flow ------------------------------------------------------------
    def advance(self):
        while self.result is None:
            if self.round is not None or self.decision is not None:
                return
            if self.phase == "declare" and self.pending_declare():
                return
            if self.step >= len(self.plan):
                return
            kind, i, arg = self.plan[self.step]
            if i != self.street_i:
                self.street_i = i
                if bug("blinds-cleared-each-street"):
                    self.blinds_shown = []
            if len(self.live()) <= 1:
                self.finish_uncontested()
                return
            if kind == "decide":
                self.start_decision(arg)
                if self.decision is not None:
                    return
                self.step += 1
            elif kind == "deal":
                self.deal_street(i)
                self.step += 1
            elif kind == "bet":
                self.start_round(i)
                if self.round is None:
                    self.step += 1
                else:
                    return
            elif kind == "declare":
                self.phase = "declare"
                self.declare_order = self.declare_start_order()
                if self.pending_declare():
                    self.to_act = self.declare_to_act()
                    return
                self.step += 1
            elif kind == "showdown":
                self.showdown()
                return
            else:
                self.step += 1

    # ----- decision rounds -----------------------------------------------------
    def start_decision(self, d):
        players = self.live()
        if not players:
            return
        order = d.get("order", "in-turn")
        if bug("decide-from-dealer") and order == "in-turn":
            players = [s for s in self.clockwise_from(self.dealer, include=True) if not s.folded]
        self.decision = {
            "spec": d,
            "order": order,
            "players": [s.num for s in players],
            "chosen": {},
            "turn": 0,
        }
        self.phase = d["kind"]
        self.decision_next()

    def decision_next(self):
        dec = self.decision
        if dec["order"] == "in-turn":
            remaining = [n for n in dec["players"] if n not in dec["chosen"]]
        else:
            remaining = [n for n in dec["players"] if n not in dec["chosen"]]
        if not remaining:
            if dec["order"] != "in-turn" or bug("choices-hidden-till-end"):
                for n in dec["players"]:
                    self.carry_out(self.by_num[n], dec["spec"], dec["chosen"][n])
            self.decision = None
            self.to_act = None
            self.step += 1
            return
        self.to_act = remaining[0]

    def decision_limits(self, s, d):
        kind = d["kind"]
        count = d.get("count", 1)
        at_least = d.get("at_least")
        lo = count if at_least is None else at_least
        if bug("draw-needs-full-count") and kind == "draw":
            lo = count
        among = d.get("among", "down")
        if kind == "split":
            choices = s.down + s.up
        elif kind == "expose":
            choices = list(s.down) if among != "up" else list(s.up)
            if among == "any":
                choices = list(s.down)
        elif among == "down":
            choices = list(s.down)
        elif among == "up":
            choices = list(s.up)
        else:
            choices = s.down + s.up
        hi = count
        if kind == "draw":
            hi = min(count, len(self.stub) + len(self.lists.get(s.num, [])))
            lo = min(lo, hi)
        return lo, hi, choices

    def decision_legal(self, seat_num):
        d = self.decision["spec"]
        s = self.by_num[seat_num]
        lo, hi, choices = self.decision_limits(s, d)
        return [{"action": d["kind"], "cards_min": lo, "cards_max": hi, "choices": choices}]

    def decision_act(self, seat_num, action, cards):
        dec = self.decision
        d = dec["spec"]
        legal_seat = self.to_act
        if dec["order"] == "in-turn":
            ok_seat = seat_num == self.to_act
        else:
            ok_seat = seat_num in dec["players"] and seat_num not in dec["chosen"]
            if ok_seat:
                legal_seat = seat_num
        legal = self.decision_legal(legal_seat)
        if not ok_seat:
            raise Refusal("illegal_action", f"seat {seat_num} is not to choose now", legal)
        if action != d["kind"]:
            raise Refusal("illegal_action", f"{action} is not the choice of this round", legal)
        s = self.by_num[seat_num]
        lo, hi, choices = self.decision_limits(s, d)
        if d["kind"] == "discard" and bug("discard-any-card"):
            choices = s.down + s.up
        cards = list(cards or [])
        if (
            len(set(cards)) != len(cards)
            or not lo <= len(cards) <= hi
            or any(c not in choices for c in cards)
        ):
            raise Refusal(
                "illegal_action", "{} {} of {}".format(d["kind"], hi, " ".join(choices)), legal
            )
        if d["kind"] == "split":
            self.check_split(s, d, cards, legal)
        dec["chosen"][seat_num] = cards
        if dec["order"] == "in-turn" and not bug("choices-hidden-till-end"):
            self.carry_out(s, d, cards)
        self.decision_next()
        self.advance()

    def check_split(self, s, d, cards, legal):
        small = list(cards)
        bigger = [c for c in s.down + s.up if c not in small]
        need = d.get("down_in_each", 0)
        if need:
            if (
                sum(1 for c in small if c in s.down) < need
                or sum(1 for c in bigger if c in s.down) < need
            ):
                raise Refusal("illegal_action", f"each hand keeps {need} hole card(s)", legal)
        if d.get("big_beats_small") and not bug("split-rank-unchecked"):
            big_best = best_hand(bigger + self.community, "high")
            if big_best is None or key_high(small) >= big_best[1]:
                raise Refusal("illegal_action", "the bigger hand must outrank the smaller", legal)

    def carry_out(self, s, d, cards):
        kind = d["kind"]
        if kind == "discard":
            for c in cards:
                if c in s.down:
                    s.down.remove(c)
                elif not bug("discard-leaves-up-card"):
                    s.up.remove(c)
                s.thrown.append(c)
                s.discarded.append(c)
        elif kind == "expose":
            for c in cards:
                if not bug("expose-keeps-hole-copy"):
                    s.down.remove(c)
                s.up.append(c)
        elif kind == "draw":
            face_down = d.get("drawn_face", "same") == "down" or bug("draw-always-face-down")
            for c in cards:
                new = self.draw_card(s.num)
                if face_down:
                    if c in s.down:
                        s.down[s.down.index(c)] = new
                    else:
                        s.up.remove(c)
                        s.down.append(new)
                else:
                    if c in s.down:
                        s.down[s.down.index(c)] = new
                    else:
                        s.up[s.up.index(c)] = new
                s.thrown.append(c)
        elif kind == "split":
            s.split = list(cards)

    # ----- betting -------------------------------------------------------------
    def unit_of(self, st):
        return self.big if st.get("bet") == "big" else self.small

    def pair_showing(self):
        for s in self.live():
            ranks = [rv(c) for c in s.up + self.community]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def start_round(self, i):
        st = self.streets[i]
        self.phase = "betting"
        unit = self.unit_of(st)
        r = {
            "street": i,
            "unit": unit,
            "cb": Decimal(0),
            "word": "bet",
            "bets": 0,
            "seq": 0,
            "acted": {},
            "needs": set(),
            "big_made": False,
            "aggressor": None,
            "forced": None,
            "opener": None,
        }
        first_bet_street = not any(k == "bet" for k, _, _ in self.plan[: self.step])
        blinds_round = first_bet_street and self.blinds
        if blinds_round:
            r["cb"] = self.bb
            if self.bb >= unit:
                r["word"], r["bets"] = "raise", 1
            else:
                r["word"] = "complete"
        active = [s for s in self.live() if self.can_bet(s)]
        r["start_active"] = len(active)
        r["needs"] = {s.num for s in active}
        self.round = r
        opener = st.get("opener", "best-board")
        if len(active) <= 1:
            self.end_round()
            return
        if (
            opener == "bring-in"
            and self.bring_in is not None
            and first_bet_street
            and not blinds_round
        ):
            forced = self.bring_in_seat()
            if forced is None:
                self.end_round()
                return
            r["forced"] = forced.num
            r["word"] = "forced"
            r["opener"] = forced.num
            self.to_act = forced.num
            return
        first = self.opener_seat(st, opener)
        r["opener"] = first.num if first else None
        if first is None:
            self.end_round()
            return
        self.to_act = first.num

    def bring_in_seat(self):
        card = self.bring_rules.get("card", "lowest")
        aces_low = self.bring_rules.get("aces", "high") == "low"
        order = [
            SUIT_NAMES[x]
            for x in self.bring_rules.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        ]

        def value(c):
            v = rv(c)
            if aces_low and v == 14:
                v = 1
            return (v, order.index(c[1]))

        def extreme(s):
            vals = [value(c) for c in s.up]
            if not vals:
                return None
            return min(vals) if card == "lowest" else max(vals)

        mode = self.bring_rules.get("all_in", "next-card")
        cands = [s for s in self.live() if s.up]
        if mode == "next-card":
            cands = [s for s in cands if s.stack > 0]
        if not cands:
            return None
        pick = (min if card == "lowest" else max)(cands, key=extreme)
        if pick.stack == 0:
            for s in self.clockwise_from(pick.num):
                if self.can_bet(s):
                    return s
            return None
        return pick

    def best_board_seat(self, st, skip_all_in=True):
        ranking = self.board.get("ranking", "high")
        ties = st.get("ties") or self.board.get("ties", "suit")
        best = None
        for pos, s in enumerate(self.live()):
            bk = board_key(s.up + self.community, ranking)
            if bk is None:
                key = ((-99,), 0)
            else:
                tie = board_tie_card(bk[1] if ranking == "high" else s.up + self.community, ranking)
                if ranking != "high":
                    tie = -tie
                key = (bk[0], tie if ties == "suit" else -pos)
            if best is None or key > best[0]:
                best = (key, s)
        if best is None:
            return None
        pick = best[1]
        if skip_all_in and not self.can_bet(pick):
            for s in self.clockwise_from(pick.num):
                if self.can_bet(s):
                    return s
            return None
        return pick

    def opener_seat(self, st, opener, skip_all_in=True):
        if opener == "first-left":
            for s in self.live():
                if self.can_bet(s) or not skip_all_in:
                    return s
            return None
        if opener == "after-big-blind":
            start = getattr(self, "big_blind_seat", self.dealer)
            for s in self.clockwise_from(start):
                if not s.folded and (self.can_bet(s) or not skip_all_in):
                    return s
            return None
        if opener == "bring-in" and self.bring_in is not None:
            return self.bring_in_seat()
        return self.best_board_seat(st, skip_all_in)

    def others_can_answer(self, s, level):
        for q in self.seats:
            if q is s or q.folded or q.all_in:
                continue
            if q.bet + q.stack > level:
                return True
        return False

    def capped(self):
        r = self.round
        if self.max_raises is None:
            return False
        if self.uncapped == "in-hand" and len(self.live()) == 2:
            return False
        if self.uncapped == "round-start" and r["start_active"] == 2:
            return False
        return r["bets"] >= 1 + self.max_raises

    def raise_units(self):
        r = self.round
        st = self.streets[r["street"]]
        unit = r["unit"]
        if st.get("bet") == "small" and st.get("big_bet_when") == "open-pair":
            if r["big_made"] and self.locks:
                return [self.big]
            if self.pair_showing():
                return [self.small, self.big]
        return [unit]

    def betting_legal(self, num):
        r = self.round
        s = self.by_num[num]
        cap = s.bet + s.stack
        cb = r["cb"]
        out = []
        if r["word"] == "forced" and r["forced"] == num:
            bi = min(self.bring_in, cap)
            out.append({"action": "bring_in", "amount": money(bi)})
            if self.bring_in < self.small and cap > bi and self.others_can_answer(s, r["cb"]):
                out.append({"action": "complete", "amount": money(min(self.small, cap))})
            return out
        if cb > s.bet:
            out.append({"action": "fold"})
            out.append({"action": "call", "amount": money(min(cb, cap))})
        else:
            out.append({"action": "check"})
            if self.fold_when_check:
                out.append({"action": "fold"})
        may_raise = cap > cb and self.others_can_answer(s, cb)
        if not may_raise:
            return out
        word = r["word"]
        if word == "forced":
            word = "complete"
        if word == "bet":
            seen = set()
            for u in self.raise_units():
                amt = min(u, cap)
                if amt not in seen:
                    seen.add(amt)
                    out.append({"action": "bet", "amount": money(amt)})
        elif word == "complete":
            out.append({"action": "complete", "amount": money(min(r["unit"], cap))})
        else:
            if self.capped():
                return out
            last = r["acted"].get(num)
            if last is not None and last >= r["seq"]:
                return out
            seen = set()
            for u in self.raise_units():
                amt = min(cb + u, cap)
                if amt not in seen:
                    seen.add(amt)
                    out.append({"action": "raise", "amount": money(amt)})
        return out

    def betting_act(self, num, action, amount):
        r = self.round
        legal = self.betting_legal(self.to_act)
        if num != self.to_act:
            raise Refusal("illegal_action", f"it is seat {self.to_act}'s turn", legal)
        s = self.by_num[num]
        options = [o for o in legal if o["action"] == action]
        if not options:
            raise Refusal("illegal_action", f"{action} is not legal now", legal)
        if amount is not None and "amount" in options[0]:
            options = [o for o in options if D(o["amount"]) == D(amount)]
            if not options:
                raise Refusal("illegal_action", f"{action} {amount} is not legal now", legal)
        opt = options[0]
        cb_before = r["cb"]
        if action == "fold":
            s.folded = True
            r["needs"].discard(num)
        elif action == "check":
            r["needs"].discard(num)
        elif action == "call":
            self.put(s, D(opt["amount"]) - s.bet)
            r["needs"].discard(num)
        else:
            total = D(opt["amount"])
            self.put(s, total - s.bet)
            r["needs"] = {q.num for q in self.live() if self.can_bet(q) and q.num != num}
            r["needs"].discard(num)
            if total > cb_before:
                r["cb"] = total
            full = False
            if action == "bring_in":
                if total >= self.small:
                    full = True
                    r["word"] = "raise"
                else:
                    r["word"] = "complete"
            elif action == "complete":
                if total >= self.fraction * r["unit"]:
                    full = True
                    r["word"] = "raise"
                else:
                    r["word"] = "complete"
            elif action == "bet":
                full = True  # the first bet of a round, even all in for less, is the bet
                r["word"] = "raise"
                if total >= self.big and self.streets[r["street"]].get("bet") == "small":
                    r["big_made"] = True
            elif action == "raise":
                inc = total - cb_before
                full = inc >= self.fraction * min(self.raise_units())
                if inc >= self.big and self.streets[r["street"]].get("bet") == "small":
                    r["big_made"] = True
            if full:
                r["bets"] += 1
                r["seq"] += 1
            if total > cb_before and action != "bring_in":
                r["aggressor"] = num
                self.last_hand_aggressor = num
        if action not in ("fold",):
            r["acted"][num] = r["seq"]
        if r["forced"] == num:
            r["forced"] = None
            if r["word"] == "forced":
                r["word"] = "complete"
        if len(self.live()) <= 1:
            self.round = None
            self.finish_uncontested()
            return
        pending = [q for q in self.clockwise_from(num) if q.num in r["needs"] and self.can_bet(q)]
        if not pending:
            self.end_round()
            self.step += 1
            self.advance()
            return
        self.to_act = pending[0].num

    def end_round(self):
        r = self.round
        self.return_uncalled()
        if r is not None:
            self.final_round = {
                "street": r["street"],
                "aggressor": r["aggressor"],
                "opener": r["opener"],
            }
        for s in self.seats:
            s.bet = Decimal(0)
        self.round = None
        self.to_act = None

    def return_uncalled(self):
        contribs = sorted((s.contrib for s in self.seats), reverse=True)
        if len(contribs) < 2:
            return
        top = max(self.seats, key=lambda s: s.contrib)
        if contribs[0] > contribs[1] and not top.folded:
            # only a live bet comes back: antes are dead money
            extra = min(contribs[0] - contribs[1], top.bet)
            if extra <= 0:
                return
            top.contrib -= extra
            top.stack += extra
            top.bet = max(Decimal(0), top.bet - extra)
            if top.stack > 0:
                top.all_in = False

    # ----- pots ----------------------------------------------------------------
    def pots(self):
        levels = sorted({s.contrib for s in self.seats if s.all_in and not s.folded})
        out = []
        prev = Decimal(0)
        for lv in levels:
            amount = sum(min(s.contrib, lv) - min(s.contrib, prev) for s in self.seats)
            elig = [s.num for s in self.seats if not s.folded and (s.contrib >= lv or not s.all_in)]
            if amount > 0:
                out.append({"amount": amount, "eligible": elig, "level": lv})
            prev = lv
        amount = sum(max(Decimal(0), s.contrib - prev) for s in self.seats)
        elig = [s.num for s in self.seats if not s.folded and not s.all_in]
        if amount > 0 or not out:
            if not elig:
                elig = [s.num for s in self.seats if not s.folded and s.contrib > prev]
            out.append({"amount": amount, "eligible": elig, "level": None})
        # a pot nobody may win belongs to the pot below it
        merged = []
        for p in out:
            if not p["eligible"] and merged:
                merged[-1]["amount"] += p["amount"]
            else:
                merged.append(p)
        return merged

    # ----- declarations ----------------------------------------------------------
    def declare_start_order(self):
        live = self.live()
        starts = self.showdown_rules.get("declare_starts", "last-aggressor")
        first = None
        if (
            starts == "last-aggressor"
            and self.last_hand_aggressor is not None
            and not self.by_num[self.last_hand_aggressor].folded
        ):
            first = self.by_num[self.last_hand_aggressor]
        elif starts == "best-board":
            first = self.best_board_seat(self.streets[-1], skip_all_in=False)
        if first is None:
            first = live[0]
        return [s.num for s in self.clockwise_from(first.num, include=True) if not s.folded]

    def pending_declare(self):
        return [n for n in self.declare_order if n not in self.declarations]

    def declare_to_act(self):
        pend = self.pending_declare()
        return pend[0] if pend else None

    def declare_words(self):
        names = [sh["name"] for sh in self.shares]
        if len(names) == 2:
            return names + ["both"]
        if len(names) > 2:
            return names + ["all"]
        return names

    def declare_act(self, num, action, word):
        legal = [{"action": "declare"}]
        simultaneous = self.showdown_rules.get("declare_order", "in-turn") == "simultaneous"
        if action != "declare":
            raise Refusal("illegal_action", "declare now", legal)
        if simultaneous:
            if num not in self.pending_declare():
                raise Refusal("illegal_action", f"seat {num} does not declare now", legal)
        elif num != self.to_act:
            raise Refusal("illegal_action", f"it is seat {self.to_act}'s turn", legal)
        if word not in self.declare_words():
            raise Refusal(
                "illegal_action", "declare one of {}".format(", ".join(self.declare_words())), legal
            )
        self.declarations[num] = word
        self.to_act = self.declare_to_act()
        if self.to_act is None:
            self.step += 1
            self.advance()

    def declarations_state(self):
        if not self.declare_game:
            return None
        simultaneous = self.showdown_rules.get("declare_order", "in-turn") == "simultaneous"
        hidden = (
            simultaneous
            and self.phase == "declare"
            and self.result is None
            and bool(self.pending_declare())
        )
        out = []
        for s in self.from_dealer_left():
            if s.num in self.declarations:
                out.append({"seat": s.num, "declare": None if hidden else self.declarations[s.num]})
        return out

    # ----- the end ---------------------------------------------------------------
    def finish_uncontested(self):
        self.return_uncalled()
        for s in self.seats:
            s.bet = Decimal(0)
        winner = self.live()[0]
        awards = []
        for i, p in enumerate(self.pots()):
            winner.stack += p["amount"]
            awards.append(
                {"seat": winner.num, "amount": money(p["amount"]), "pot": i, "share": None}
            )
        self.result = {"awards": awards, "hands": [], "showdown": False}
        self.round = None
        self.decision = None
        self.phase = "complete"
        self.to_act = None

    def share_cards(self, s, share):
        which = share.get("cards", "all")
        if bug("split-hands-swapped") and which in ("big", "small"):
            which = {"big": "small", "small": "big"}[which]
        own = s.down + s.up + (s.discarded if bug("discards-count-at-showdown") else [])
        if which == "own":
            return own
        if which == "small":
            return list(s.split or [])
        if which == "big":
            return [c for c in own if c not in (s.split or [])] + self.community
        return own + self.community

    def show_order(self):
        live = self.live()
        first = None
        fr = self.final_round
        last_bet = [k for k in self.plan if k[0] == "bet"]
        final_street = last_bet[-1][1] if last_bet else None
        if (
            fr is not None
            and fr["street"] == final_street
            and fr["aggressor"] is not None
            and not self.by_num[fr["aggressor"]].folded
        ):
            first = self.by_num[fr["aggressor"]]
        elif final_street is not None:
            st = self.streets[final_street]
            opener = st.get("opener", "best-board")
            if fr is not None and fr["street"] == final_street and fr["opener"] is not None:
                first = self.by_num[fr["opener"]]
            else:
                first = self.opener_seat(st, opener, skip_all_in=True) or self.opener_seat(
                    st, opener, skip_all_in=False
                )
            if first is not None and first.folded:
                first = None
        if first is None:
            first = live[0]
        return [s for s in self.clockwise_from(first.num, include=True) if not s.folded]

    def showdown(self):
        self.return_uncalled()
        for s in self.seats:
            s.bet = Decimal(0)
        order = self.show_order()
        dealer_order = [s.num for s in self.from_dealer_left()]
        evals = {}
        for s in order:
            for sh in self.shares:
                cards = self.share_cards(s, sh)
                evals[(s.num, sh["name"])] = best_hand(
                    cards, sh.get("ranking", "high"), sh.get("qualifier")
                )
        high_evals = {
            s.num: best_hand(self.share_cards(s, {"cards": "all"}), "high") for s in order
        }
        awards = []
        shown = set()
        for pi, p in enumerate(self.pots()):
            elig = [n for n in p["eligible"] if not self.by_num[n].folded]
            winners = {}
            for sh in self.shares:
                name = sh["name"]
                contenders = list(elig)
                if self.declare_game:
                    contenders = [
                        n for n in elig if self.declarations.get(n) in (name, "both", "all")
                    ]
                winners[name] = self.share_winners(contenders, name, evals)
            if self.declare_game:
                # a player who declared every share must win each outright
                by_declarations = dict(winners)
                while True:
                    failed = [
                        n
                        for n in elig
                        if self.declarations.get(n) in ("both", "all")
                        and any(
                            (n not in winners[sh["name"]])
                            if bug("declare-tie-outright")
                            else winners[sh["name"]] != [n]
                            for sh in self.shares
                        )
                    ]
                    if not failed:
                        break
                    for sh in self.shares:
                        name = sh["name"]
                        contenders = [
                            n
                            for n in elig
                            if self.declarations.get(n) in (name, "both", "all") and n not in failed
                        ]
                        winners[name] = self.share_winners(contenders, name, evals)
                    elig_fail = set(failed)
                    elig = [n for n in elig if n not in elig_fail]
                if not any(winners.values()):
                    # everyone in the pot failed: the shares go as the hands stood
                    winners = by_declarations
            with_winner = [sh for sh in self.shares if winners[sh["name"]]]
            if not with_winner:
                everyone = [n for n in p["eligible"] if not self.by_num[n].folded]
                how = self.pot_rules.get("unqualified") or "best-high"
                if bug("unqualified-split-best-high"):
                    how = "best-high"
                if how == "split":
                    wins = everyone
                else:
                    best = max(high_evals[n][1] for n in everyone)
                    wins = [n for n in everyone if high_evals[n][1] == best]
                # the pot is cut between the shares as usual, each part to those players
                for sh, amt in zip(self.shares, self.cut(p["amount"], self.shares), strict=True):
                    for n, part in self.split_among(amt, wins, dealer_order, "high"):
                        awards.append(
                            {
                                "seat": n,
                                "amount": money(part),
                                "pot": pi,
                                "share": sh["name"] if how != "split" else None,
                            }
                        )
                        shown.add((n, "__high__"))
                continue
            share_amounts = self.cut(p["amount"], with_winner)
            for sh, amt in zip(with_winner, share_amounts, strict=False):
                for n, part in self.split_among(
                    amt, winners[sh["name"]], dealer_order, sh.get("ranking", "high"), sh
                ):
                    awards.append(
                        {"seat": n, "amount": money(part), "pot": pi, "share": sh["name"]}
                    )
        for a in awards:
            self.by_num[a["seat"]].stack += D(a["amount"])
        hands = []
        for s in order:
            for sh in self.shares:
                if self.declare_game and self.declarations.get(s.num) not in (
                    sh["name"],
                    "both",
                    "all",
                ):
                    continue
                ev = evals[(s.num, sh["name"])]
                if ev is None:
                    continue
                hands.append(
                    {
                        "seat": s.num,
                        "share": sh["name"],
                        "name": hand_name(ev[0], sh.get("ranking", "high")),
                        "cards": ev[0],
                    }
                )
            if (s.num, "__high__") in shown and not any(h["seat"] == s.num for h in hands):
                ev = high_evals[s.num]
                hands.append(
                    {
                        "seat": s.num,
                        "share": self.shares[0]["name"],
                        "name": hand_name(ev[0], "high"),
                        "cards": ev[0],
                    }
                )
        self.result = {"awards": awards, "hands": hands, "showdown": True}
        self.phase = "complete"
        self.to_act = None

    def share_winners(self, contenders, name, evals):
        scored = [(evals[(n, name)][1], n) for n in contenders if evals.get((n, name))]
        if not scored:
            return []
        best = max(k for k, _ in scored)
        return [n for k, n in scored if k == best]

    def cut(self, amount, shares):
        names = [sh["name"] for sh in self.shares]
        unit = self.pot_rules.get("split_unit")
        unit = D(unit) if unit is not None and not bug("split-unit-ignored") else self.chip
        n = len(shares)
        units = int(amount // unit)
        part = amount - units * unit
        each = units // n
        left = units - each * n
        amounts = [each * unit for _ in shares]
        odd = self.pot_rules.get("odd_chip_share", names[0])
        present = [sh["name"] for sh in shares]
        start = names.index(odd) if odd in names else 0
        ring = [names[(start + k) % len(names)] for k in range(len(names))]
        ring = [x for x in ring if x in present]
        k = 0
        while left > 0:
            amounts[present.index(ring[k % len(ring)])] += unit
            left -= 1
            k += 1
        if part > 0:
            amounts[present.index(ring[0])] += part
        return amounts

    def split_among(self, amount, winners, dealer_order, ranking, share=None):
        winners = list(winners)
        n = len(winners)
        chips = int(amount // self.chip)
        each = chips // n
        left = chips - each * n
        if self.pot_rules.get("odd_chip_tie", "position") == "high-card" and share is not None:

            def top(num):
                s = self.by_num[num]
                cards = self.share_cards(s, share)
                return max((rv(c), STD_SUITS.index(c[1])) for c in cards)

            ordered = sorted(winners, key=top, reverse=True)
        else:
            ordered = sorted(winners, key=lambda x: dealer_order.index(x))
        out = {n_: each * self.chip for n_ in winners}
        for i in range(left):
            out[ordered[i % n]] += self.chip
        return [(w, out[w]) for w in ordered if out[w] > 0]

    # ----- acting ----------------------------------------------------------------
    def legal(self):
        if self.result is not None or self.to_act is None:
            return []
        if self.decision is not None:
            return self.decision_legal(self.to_act)
        if self.round is not None:
            return self.betting_legal(self.to_act)
        if self.phase == "declare":
            return [{"action": "declare"}]
        return []

    def act(self, req):
        if self.result is not None:
            raise Refusal("illegal_action", "the hand is over", [])
        seat = req.get("seat")
        action = req.get("action")
        if seat not in self.by_num:
            raise Refusal("illegal_action", f"no such seat {seat}", self.legal())
        if self.decision is not None:
            self.decision_act(seat, action, req.get("cards"))
        elif self.round is not None:
            self.betting_act(seat, action, req.get("amount"))
        elif self.phase == "declare":
            self.declare_act(seat, action, req.get("declare"))
        else:
            raise Refusal("illegal_action", "nothing to do now", [])

    def state(self):
        seats = []
        for s in self.seats:
            entry = {
                "seat": s.num,
                "name": s.name,
                "stack": money(s.stack),
                "bet": money(s.bet),
                "folded": s.folded,
                "all_in": s.all_in,
                "down": list(s.down),
                "up": list(s.up),
            }
            hidden_split = (
                self.decision is not None
                and self.decision["spec"]["kind"] == "split"
                and self.decision["order"] != "in-turn"
            )
            if s.split is not None and not hidden_split:
                entry["split"] = list(s.split)
            seats.append(entry)
        pots = [{"amount": money(p["amount"]), "eligible": p["eligible"]} for p in self.pots()]
        out = {
            "street": self.street()["name"],
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal(),
            "pot": money(sum(s.contrib for s in self.seats)),
            "pots": pots,
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "result": self.result,
            "blinds": list(self.blinds_shown),
        }
        decl = self.declarations_state()
        if decl is not None:
            out["declarations"] = decl
        return out


# ---------------------------------------------------------------------------------
# the server
# ---------------------------------------------------------------------------------

FEATURES = [
    "seat-cards",
    "evaluate",
    "hi-lo",
    "declare",
    "table",
    "blinds",
    "discard",
    "expose",
    "draw",
    "split",
]


class Server:
    def __init__(self):
        self.hand = None
        self.rs = None
        self.bye = False

    def op_hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent_seventeen", "version": "1.0"},
            "rulesets": ["*"],
            "features": FEATURES,
            "rankings": [
                "deuce-to-seven",
                "badugi",
                "badugi-aces-high",
                "two-card-high",
                "two-card-low",
            ],
        }

    def check_ruleset(self, rs):
        if not isinstance(rs, dict):
            raise Refusal("unsupported", "only inline ruleset documents are played")
        bad = unsupported_values(rs)
        if bad:
            message = "; ".join(f"{p} = {json.dumps(w)}: not played" for p, w, _ in bad)
            err = Refusal("unsupported", message)
            if all(x != "?" for _, _, x in bad):
                err.values = [{"path": p, "wanted": w, "plays": x} for p, w, x in bad]
            raise err

    def op_new_hand(self, req):
        rs = req.get("ruleset")
        self.check_ruleset(rs)
        seats = [Seat(e["seat"], e.get("name", ""), D(e["stack"])) for e in req["seats"]]
        hand = Hand(rs, seats, req["dealer"], req.get("deck") or [], req.get("seat_cards"))
        self.hand = hand
        self.rs = rs
        return {"state": hand.state()}

    def op_next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if self.hand.result is None:
            raise Refusal("bad_request", "the hand is still running")
        old = self.hand
        seats = [Seat(s.num, s.name, s.stack) for s in old.seats if s.stack > 0]
        if not seats:
            raise Refusal("bad_request", "nobody has chips")
        dealer = old.dealer
        if (self.rs.get("dealer") or {}).get("rotates", True):
            nums = sorted(s.num for s in seats)
            after = [n for n in nums if n > dealer]
            dealer = after[0] if after else nums[0]
        hand = Hand(self.rs, seats, dealer, req.get("deck") or [], req.get("seat_cards"))
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
        ranking = req.get("ranking", "high")
        if ranking not in SUPPORTED_RANKINGS:
            raise Refusal("unsupported", f"ranking = {ranking}: not played")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal("unsupported", "evaluate options are not played")
        results = []
        for cards in req.get("hands") or []:
            best = best_hand(cards, ranking)
            results.append({"best": best[0], "name": hand_name(best[0], ranking), "key": best[1]})
        for r in results:
            r["rank"] = 1 + sum(1 for x in results if x["key"] > r["key"])
        for r in results:
            del r["key"]
        return {"results": results}

    def handle(self, line):
        try:
            req = json.loads(line)
        except ValueError:
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
        op = req.get("op")
        fn = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if op == "bye":
            self.bye = True
            return {"id": rid, "ok": True}
        if fn is None:
            return {"id": rid, "ok": False, "error": {"code": "unsupported", "message": f"op {op}"}}
        saved = self.hand
        try:
            self.hand = copy.deepcopy(saved)
            out = fn(req)
            reply = {"id": rid, "ok": True}
            reply.update(out)
            return reply
        except Refusal as e:
            self.hand = saved
            err = {"code": e.code, "message": e.message}
            if getattr(e, "values", None):
                err["values"] = e.values
            if e.code == "illegal_action":
                err["legal"] = e.legal if e.legal is not None else []
            return {"id": rid, "ok": False, "error": err}
        except Exception as e:  # noqa: BLE001 - an engine answers whatever happens
            self.hand = saved
            traceback.print_exc(file=sys.stderr)
            return {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"},
            }


def main(argv):
    args = list(argv[1:])
    while args:
        a = args.pop(0)
        if a == "--bugs" and args:
            ACTIVE.update(x for x in args.pop(0).split(",") if x)
        elif a.startswith("--bugs="):
            ACTIVE.update(x for x in a[len("--bugs=") :].split(",") if x)
    unknown = ACTIVE - set(BUGS.split(",")) - set(MORE_BUGS.split(","))
    if unknown:
        sys.stderr.write("unknown bugs: {}\n".format(", ".join(sorted(unknown))))
        return 2
    server = Server()
    for line in sys.stdin:
        if not line.strip():
            continue
        reply = server.handle(line)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if server.bye:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

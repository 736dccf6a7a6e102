#!/usr/bin/env python3
"""independent_twentyfour: a stud engine for the home games with wild cards and events.

Written apart from the reference interpreter, from the public material only (docs/protocol.md,
schemas/, rulesets/*.yaml, features/ and features/rules-index.yaml), with the standard library
alone: nothing is imported from `stud`.

Protocol 1.2.  `hello` answers protocol 1 and names the rulesets it deals: seven-card stud, the
wild-card and event games (follow the queen and the king, baseball, chiggs, coupons and
clippings, deuces wild high, high-low and deuces-and-jacks, low hole high and high-low), the
blind games with wild ranks (Dr. Pepper, Woolworth, Eighty Eight, Ninety Nine, Four Forty
Four/Two, Three Forty Five, Three Thirty Three), Chicago and Low Chicago, and the Monday-night
home stud they are built on.  Capabilities: `seat-cards`, `table`, `evaluate`,
`evaluate-options`, `wild`, `wild-ranks`, `events`, `low-hole`, `blinds`, `pot-limit`, `hi-lo`,
`community-card`, `refusal-state` and `pipelining`; the extra rankings `one-card-high` and
`one-card-low`.  The state carries `wild_ranks` and `blinds`, not the `events` log.

Every ruleset value it cannot play is refused with `unsupported`, the message naming the path
and the value (jokers, centre cards, stripped packs, exchanges, decision rounds, declarations,
spread and no limit, other rankings, Omaha-style shares, minimum hands...).

How it is built: the hand is a little machine that walks the street table.  Each street is
burned and dealt a round at a time (the run-out keeps a card back for every round still to
come and reuses the burns first); every card dealt to a player goes through the event table
at once.  Betting is one ledger per street (the level, whether the bet is made, a reopening
counter and who still owes an answer).  Chips are Decimal; every amount leaves as a decimal
string.

Planted bugs, none by default, switched on with `--bugs a,b` (the rule each breaks):

  queen-wait-ends-with-street [EVENT-02] a queen's wait for the next face-up card is dropped
                              when its street is dealt, so a queen dealt last on a street
                              names nothing
  coupon-again-on-third       [EVENT-06] Coupons: every face-up card of a rank already shown
                              (the third and fourth too) makes that rank wild, not the second
                              one only
  clipping-after-the-round    [EVENT-07] Coupons: the ante of a ten dealt face up is handed
                              back only when that street's betting round is over
  chiggs-neighbours-no-wrap   [EVENT-08] Chiggs: the neighbours of the four of clubs are the
                              next seats up and down the seat list, without going round the
                              table's ends
  low-ignores-wild            [WILD-02] a wild card plays at face value in a low hand
  five-kind-below-sf          [WILD-01] five of a kind ranks below a straight flush
  best-of-first-seven         [CARDS-01] a hand is read from the first seven cards dealt to the
                              player; an eighth or ninth card is left out
  low-hole-counts-up-cards    [LOWHOLE-01] Low Hole: the wild rank is the player's lowest card,
                              face up ones included, instead of the lowest hole card
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from decimal import Decimal, InvalidOperation
from itertools import combinations

BUGS = {
    "queen-wait-ends-with-street": "a queen dealt last on a street names no wild rank",
    "coupon-again-on-third": "a third or fourth face-up card of a rank makes it wild again",
    "clipping-after-the-round": "a ten's ante comes back only once the betting round is over",
    "chiggs-neighbours-no-wrap": "chiggs neighbours taken without wrapping round the table",
    "low-ignores-wild": "wild cards count at face value in a low hand",
    "five-kind-below-sf": "five of a kind ranks below a straight flush",
    "best-of-first-seven": "only the first seven cards dealt make a player's hand",
    "low-hole-counts-up-cards": "low hole's wild rank read from every card, not the hole",
}

GAMES = [
    "seven-card-stud",
    "home-stud-mnp",
    "follow-the-queen",
    "follow-the-king",
    "baseball",
    "chiggs",
    "coupons-and-clippings",
    "wild-card-stud",
    "wild-card-stud-hi-lo",
    "deuces-and-jacks",
    "low-hole",
    "low-hole-hi-lo",
    "dr-pepper",
    "woolworth",
    "eighty-eight",
    "ninety-nine",
    "four-forty-four",
    "four-forty-two",
    "three-forty-five",
    "three-thirty-three",
    "chicago",
    "low-chicago",
]

RANK_LETTERS = "23456789TJQKA"
SUIT_LETTERS = "cdhs"
SUIT_WORDS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in RANK_LETTERS for s in SUIT_LETTERS]
SINGULAR = {
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
PLURAL = {
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
SUIT_NAME = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
ZERO = Decimal(0)


def rank(card):
    return RANK_LETTERS.index(card[0]) + 2


def suit(card):
    return card[1]


def is_card(text):
    return (
        isinstance(text, str)
        and len(text) == 2
        and text[0] in RANK_LETTERS
        and text[1] in SUIT_LETTERS
    )


def rank_number(value):
    """A ruleset rank (2..14 or a letter) as 2..14."""
    if isinstance(value, int):
        return value
    text = str(value).upper()
    if text == "10":
        return 10
    if text.isdigit():
        return int(text)
    return RANK_LETTERS.index(text) + 2


def money(amount):
    return format(amount, "f")


class Problem(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


def refuse(path, wanted, why):
    raise Problem("unsupported", f"{path} = {json.dumps(wanted)}: {why}")


def to_decimal(value, what):
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise Problem("bad_request", f"{what}: not an amount: {value!r}") from None
    if not number.is_finite() or number < 0:
        raise Problem("bad_request", f"{what}: not an amount: {value!r}")
    return number


# ---------------------------------------------------------------------------------------------
# hand values


def _high_value(cards, wild):
    """Best five-card high hand of `cards`, `wild(card)` telling the wild ones.

    Returns (key, five cards); larger keys are better hands."""
    naturals = [c for c in cards if not wild(c)]
    jokers = [c for c in cards if wild(c)]
    spare = len(jokers)
    by_rank = {}
    for c in sorted(naturals, key=lambda c: (-rank(c), SUIT_LETTERS.index(suit(c)))):
        by_rank.setdefault(rank(c), []).append(c)
    by_suit = {}
    for c in naturals:
        by_suit.setdefault(suit(c), {})[rank(c)] = c

    def kickers(exclude_ranks, count, used_wild):
        left = [c for c in naturals if rank(c) not in exclude_ranks]
        left.sort(key=lambda c: -rank(c))
        free_wild = jokers[used_wild:]
        picked = []
        values = []
        for w in free_wild[:count]:
            picked.append(w)
            values.append(14)
        for c in left:
            if len(picked) == count:
                break
            picked.append(c)
            values.append(rank(c))
        return picked, values

    # five of a kind
    if spare >= 5:
        return (9, 14), jokers[:5]
    for r in range(14, 1, -1):
        have = by_rank.get(r, [])
        if have and len(have) + spare >= 5:
            five = have[:5] + jokers[: 5 - len(have[:5])]
            return (9, r), five
    # straight flush
    for top in range(14, 4, -1):
        run = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
        for s in "shdc":
            held = [by_suit.get(s, {}).get(r) for r in run]
            held = [c for c in held if c]
            if 5 - len(held) <= spare:
                return (8, top), held + jokers[: 5 - len(held)]
    # four of a kind
    for r in range(14, 1, -1):
        have = by_rank.get(r, [])
        if have and len(have) + spare >= 4:
            need = max(0, 4 - len(have))
            quad = have[:4] + jokers[:need]
            extra, values = kickers({r}, 1, need)
            return (7, r, *values), quad + extra
    # full house
    for t in range(14, 1, -1):
        for p in range(14, 1, -1):
            if p == t:
                continue
            nt, np_ = len(by_rank.get(t, [])), len(by_rank.get(p, []))
            if nt == 0 and np_ == 0:
                continue
            need = max(0, 3 - nt) + max(0, 2 - np_)
            if need <= spare:
                trips = by_rank.get(t, [])[:3]
                pair = by_rank.get(p, [])[:2]
                used = jokers[:need]
                return (6, t, p), trips + pair + used
    # flush
    best = None
    for held in by_suit.values():
        if len(held) + spare < 5:
            continue
        absent = [r for r in range(14, 1, -1) if r not in held]
        filled = [(r, held[r]) for r in held] + [(r, None) for r in absent[:spare]]
        filled.sort(key=lambda x: -x[0])
        top5 = filled[:5]
        key = (5, *[x[0] for x in top5])
        if best is None or key > best[0]:
            wi = iter(jokers)
            five = [c if c else next(wi) for _, c in top5]
            best = (key, five)
    if best:
        return best
    # straight
    for top in range(14, 4, -1):
        run = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
        held = [by_rank[r][0] for r in run if r in by_rank]
        if 5 - len(held) <= spare:
            return (4, top), held + jokers[: 5 - len(held)]
    # three of a kind
    for r in range(14, 1, -1):
        have = by_rank.get(r, [])
        if have and len(have) + spare >= 3:
            need = max(0, 3 - len(have))
            extra, values = kickers({r}, 2, need)
            return (3, r, *values), have[:3] + jokers[:need] + extra
    # two pair (no wild card is left here)
    pairs = [r for r in range(14, 1, -1) if len(by_rank.get(r, [])) >= 2]
    if len(pairs) >= 2:
        hi, lo = pairs[0], pairs[1]
        extra, values = kickers({hi, lo}, 1, 0)
        return (2, hi, lo, *values), by_rank[hi][:2] + by_rank[lo][:2] + extra
    # one pair
    for r in range(14, 1, -1):
        have = by_rank.get(r, [])
        if have and len(have) + spare >= 2:
            need = max(0, 2 - len(have))
            extra, values = kickers({r}, 3, need)
            return (1, r, *values), have[:2] + jokers[:need] + extra
    extra, values = kickers(set(), 5, 0)
    return (0, *values), extra


def high_value(cards, wild, bugs):
    key, five = _high_value(cards, wild)
    if "five-kind-below-sf" in bugs and key[0] == 9:
        key = (7.5,) + key[1:]
    return key, five


def high_name(key):
    cat = key[0]
    if cat == 9:
        return f"five of a kind, {PLURAL[key[1]]}"
    if cat == 8:
        return "royal flush" if key[1] == 14 else f"{SINGULAR[key[1]]}-high straight flush"
    if cat == 7.5:
        return f"five of a kind, {PLURAL[key[1]]}"
    if cat == 7:
        return f"four of a kind, {PLURAL[key[1]]}"
    if cat == 6:
        return f"full house, {PLURAL[key[1]]} over {PLURAL[key[2]]}"
    if cat == 5:
        return f"flush, {SINGULAR[key[1]]} high"
    if cat == 4:
        return f"{SINGULAR[key[1]]}-high straight"
    if cat == 3:
        return f"three of a kind, {PLURAL[key[1]]}"
    if cat == 2:
        return f"two pair, {PLURAL[key[1]]} and {PLURAL[key[2]]}"
    if cat == 1:
        return f"pair of {PLURAL[key[1]]}"
    return f"high card, {SINGULAR[key[1]]}" if len(key) > 1 else "nothing"


def _low_of_five(cards, wild):
    """An ace-to-five key for exactly these cards (lower is better) and the values played."""
    naturals = [c for c in cards if not wild(c)]
    jokers = len(cards) - len(naturals)
    values = [1 if rank(c) == 14 else rank(c) for c in naturals]
    taken = set(values)
    fill = []
    v = 1
    while len(fill) < jokers:
        if v not in taken and v not in fill:
            fill.append(v)
        v += 1
        if v > 13:
            v = 1
            taken = set()
    values += fill
    counts = {}
    for x in values:
        counts[x] = counts.get(x, 0) + 1
    ordered = sorted(values, key=lambda x: (-counts[x], -x))
    shape = sorted(counts.values(), reverse=True)
    category = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
    }.get(tuple(shape), 6)
    return (category, *ordered)


def low_value(cards, wild):
    """Best ace-to-five five of `cards`: (key, five cards); lower keys are better."""
    naturals = [c for c in cards if not wild(c)]
    jokers = [c for c in cards if wild(c)]
    by_value = {}
    for c in sorted(naturals, key=lambda c: SUIT_LETTERS.index(suit(c))):
        by_value.setdefault(1 if rank(c) == 14 else rank(c), c)
    distinct = sorted(by_value)
    absent = [v for v in range(1, 14) if v not in by_value]
    pool = sorted(distinct + absent[: len(jokers)])
    if len(pool) >= 5 and len(distinct) + min(len(jokers), 5) >= 5:
        chosen = pool[:5]
        wi = iter(jokers)
        five = [by_value[v] if v in by_value else next(wi) for v in chosen]
        return (0, *sorted(chosen, reverse=True)), five
    best = None
    pick = min(5, len(cards))
    for combo in combinations(cards, pick):
        key = _low_of_five(list(combo), wild)
        if best is None or key < best[0]:
            best = (key, list(combo))
    return best


def low_name(key):
    if key[0] != 0:
        return "no low"
    return f"{SINGULAR[key[1]]}-{SINGULAR[key[2]]} low"


def split(amount, ways, unit):
    """`amount` cut in `ways` parts of whole units, the leftover units to the first parts."""
    units = amount // unit
    base = units // ways
    extra = int(units - base * ways)
    parts = [base * unit + (unit if i < extra else ZERO) for i in range(ways)]
    parts[0] += amount - units * unit
    return parts


def qualifies(key, qualifier):
    return qualifier is None or (key[0] == 0 and key[1] <= qualifier)


# ---------------------------------------------------------------------------------------------
# rulesets


SHARE_RANKINGS = {"high", "ace-to-five", "one-card-high", "one-card-low"}
EFFECTS = ("wild_follows", "wild_rank", "extra_card", "refund", "neighbours_fold")


class Rules:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Problem("unsupported", f"ruleset {doc!r}: send the resolved ruleset document")
        self.doc = doc
        self._check(doc)
        stakes = doc["stakes"]
        self.chip = to_decimal(stakes.get("chip", "0.01"), "stakes.chip")
        self.ante = to_decimal(stakes.get("ante", "0"), "stakes.ante")
        bring = stakes.get("bring_in")
        self.bring_in = None if bring is None else to_decimal(bring, "stakes.bring_in")
        self.small = to_decimal(stakes["small_bet"], "stakes.small_bet")
        self.big = to_decimal(stakes["big_bet"], "stakes.big_bet")
        sb, bb = stakes.get("small_blind"), stakes.get("big_blind")
        self.small_blind = None if sb is None else to_decimal(sb, "stakes.small_blind")
        self.big_blind = None if bb is None else to_decimal(bb, "stakes.big_blind")
        self.heads_up = (doc.get("blinds") or {}).get("heads_up", "dealer-small")
        seats = doc.get("seats") or {}
        self.seats_min = seats.get("min", 2)
        self.seats_max = seats.get("max", 8)
        self.rotates = (doc.get("dealer") or {}).get("rotates", True)
        dealing = doc.get("dealing") or {}
        self.burn = dealing.get("burn", True)
        self.reuse_burns = dealing.get("reuse_burns", True)
        self.community_card = dealing.get("community_card", True)
        bring_in = doc.get("bring_in") or {}
        self.bring_card = bring_in.get("card", "lowest")
        self.bring_aces = bring_in.get("aces", "high")
        order = bring_in.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        self.suit_order = [SUIT_WORDS[s] for s in order]
        self.bring_all_in = bring_in.get("all_in", "next-card")
        board = doc.get("board") or {}
        self.board_ties = board.get("ties", "suit")
        self.board_wild = board.get("wild", "natural") == "wild"
        betting = doc.get("betting") or {}
        self.structure = betting.get("structure", "fixed-limit")
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        self.locks = betting.get("big_bet_locks", True)
        self.fraction = to_decimal(betting.get("reopen_fraction", "0.5"), "betting.reopen_fraction")
        self.fold_free = betting.get("fold_when_check", "refused") == "allowed"
        self.ceiling = betting.get("pot_ceiling", "pot-after-call")
        self.min_raise = betting.get("min_raise", "last-increment")
        self.streets = []
        for street in doc["streets"]:
            self.streets.append(
                {
                    "name": street["name"],
                    "deal": list(street.get("deal") or []),
                    "at_most": street.get("deal_if_players_at_most"),
                    "opener": street.get("opener", "best-board"),
                    "bet": street.get("bet", "small"),
                    "big_when": street.get("big_bet_when", "never"),
                    "ties": street.get("ties") or self.board_ties,
                }
            )
        wild = doc.get("wild") or {}
        self.wild_ranks = {rank_number(r) for r in wild.get("ranks") or []}
        self.low_hole = bool(wild.get("low_hole", False))
        self.events = []
        for row in doc.get("events") or []:
            when = row.get("when") or {}
            self.events.append(
                {
                    "name": row["name"],
                    "face": when.get("face", "up"),
                    "ranks": {rank_number(r) for r in when.get("ranks") or []},
                    "cards": set(when.get("cards") or []),
                    "shown": when.get("shown"),
                    "follows": row.get("wild_follows"),
                    "this": row.get("wild_rank") == "this",
                    "extra": row.get("extra_card"),
                    "refund": row.get("refund") == "ante",
                    "neighbours": row.get("neighbours_fold") == "unless-same-rank",
                }
            )
        pot = doc["pot"]
        self.shares = []
        for share in pot["shares"]:
            self.shares.append(
                {
                    "name": share["name"],
                    "ranking": share.get("ranking", "high"),
                    "qualifier": share.get("qualifier"),
                    "cards": share.get("cards", "all"),
                    "suit": share.get("suit"),
                    "fallback": share.get("fallback"),
                }
            )
        unit = pot.get("split_unit")
        self.split_unit = None if unit is None else to_decimal(unit, "pot.split_unit")
        self.odd_share = pot.get("odd_chip_share", "high")
        self.odd_tie = pot.get("odd_chip_tie", "position")
        self.unqualified = pot.get("unqualified")

    @staticmethod
    def _check(doc):
        """Refuse, naming it, every value this engine does not play."""
        for key in ("streets", "stakes", "pot"):
            if key not in doc:
                raise Problem("bad_request", f"ruleset without {key}")
        deck = doc.get("deck") or {}
        if deck.get("jokers", 0):
            refuse("deck.jokers", deck["jokers"], "this engine deals no joker")
        if deck.get("centre"):
            refuse("deck.centre", deck["centre"], "no cards are laid in the centre before the deal")
        if deck.get("stripped"):
            refuse("deck.stripped", deck["stripped"], "only the full 52-card pack is dealt")
        wild = doc.get("wild") or {}
        if wild.get("joker", "none") != "none":
            refuse("wild.joker", wild["joker"], "no joker in this engine")
        seats = doc.get("seats") or {}
        if seats.get("max", 8) > 10:
            refuse("seats.max", seats["max"], "at most ten players")
        betting = doc.get("betting") or {}
        structure = betting.get("structure", "fixed-limit")
        if structure not in ("fixed-limit", "pot-limit"):
            refuse("betting.structure", structure, "fixed limit and pot limit only")
        stakes = doc["stakes"]
        if structure == "pot-limit" and stakes.get("bring_in") is not None:
            refuse("stakes.bring_in", stakes["bring_in"], "no bring-in under pot limit here")
        if structure == "pot-limit" and stakes.get("big_blind") is not None:
            refuse("stakes.big_blind", stakes["big_blind"], "no blinds under pot limit here")
        board = doc.get("board") or {}
        if board.get("ranking", "high") != "high":
            refuse("board.ranking", board["ranking"], "boards are read high only")
        showdown = doc.get("showdown") or {}
        if showdown.get("method", "cards-speak") != "cards-speak":
            refuse("showdown.method", showdown["method"], "the cards speak; no declarations")
        for i, street in enumerate(doc["streets"]):
            name = street.get("name", str(i))
            if street.get("exchange"):
                refuse(f"streets.{name}.exchange", street["exchange"], "no exchange rounds")
            if street.get("decide"):
                refuse(f"streets.{name}.decide", street["decide"], "no decision rounds")
            if street.get("spread"):
                refuse(f"streets.{name}.spread", street["spread"], "no spread limit")
            for face in street.get("deal") or []:
                if face not in ("up", "down"):
                    refuse(
                        f"streets.{name}.deal",
                        street["deal"],
                        f"cards are dealt up or down, not {face}",
                    )
            opener = street.get("opener", "best-board")
            if opener not in ("bring-in", "best-board", "first-left", "after-big-blind"):
                refuse(f"streets.{name}.opener", opener, "unknown opener")
        names = [s["name"] for s in doc["pot"]["shares"]]
        for share in doc["pot"]["shares"]:
            where = f"pot.shares.{share['name']}"
            ranking = share.get("ranking", "high")
            if ranking not in SHARE_RANKINGS:
                refuse(f"{where}.ranking", ranking, "rankings played: high, ace-to-five, one-card")
            if share.get("own") is not None:
                refuse(f"{where}.own", share["own"], "no Omaha-style hands")
            if share.get("common") is not None:
                refuse(f"{where}.common", share["common"], "no Omaha-style hands")
            if share.get("minimum") is not None:
                refuse(f"{where}.minimum", share["minimum"], "no minimum hands")
            if share.get("cards", "all") not in ("all", "own", "down"):
                refuse(f"{where}.cards", share["cards"], "no split hands")
            if share.get("suit") is not None and not ranking.startswith("one-card"):
                refuse(f"{where}.suit", share["suit"], "a suit only for one-card shares")
            if share.get("qualifier") is not None and ranking != "ace-to-five":
                refuse(f"{where}.qualifier", share["qualifier"], "qualifiers only for ace-to-five")
            fallback = share.get("fallback")
            if fallback is not None and fallback not in names:
                raise Problem("bad_request", f"{where}.fallback names no share")
        if doc["pot"].get("unqualified") == "split":
            refuse("pot.unqualified", "split", "an unqualified pot goes to the best high hand")
        for row in doc.get("events") or []:
            effects = [e for e in EFFECTS if row.get(e) not in (None, False)]
            if len(effects) != 1:
                refuse(f"events.{row.get('name')}", row, "one effect per row")


# ---------------------------------------------------------------------------------------------
# the pack


class Shoe:
    """The stub in order; seats with a list of their own draw it first (seat_cards)."""

    def __init__(self, deck, seat_cards):
        if deck:
            cards = list(deck)
        else:
            cards = list(NEW_DECK)
            random.Random(0).shuffle(cards)
        for card in cards:
            if not is_card(card):
                raise Problem("bad_request", f"not a card: {card!r}")
        if len(set(cards)) != len(cards):
            raise Problem("bad_request", "a card is listed twice in the deck")
        self.stub = cards + [c for c in NEW_DECK if c not in set(cards)]
        self.lists = {}
        seen = set()
        for entry in seat_cards or []:
            mine = []
            for card in entry.get("cards") or []:
                if not is_card(card) or card in seen:
                    raise Problem("bad_request", f"seat_cards: bad or repeated card {card!r}")
                seen.add(card)
                mine.append(card)
            self.lists[entry["seat"]] = mine
        self.burned = []

    def _free(self):
        promised = {c for cards in self.lists.values() for c in cards}
        for i, card in enumerate(self.stub):
            if card not in promised:
                return self.stub.pop(i)
        return self.stub.pop(0) if self.stub else None

    def deal_to(self, seat):
        mine = self.lists.get(seat)
        while mine:
            card = mine.pop(0)
            if card in self.stub:
                self.stub.remove(card)
                return card
        return self._free()

    def loose(self):
        return self._free()

    def burn(self):
        card = self._free()
        if card:
            self.burned.append(card)

    def reuse(self):
        self.stub.extend(self.burned)
        self.burned = []


# ---------------------------------------------------------------------------------------------
# a hand


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.put = ZERO
        self.folded = False
        self.down = []
        self.up = []
        self.received = []

    @property
    def live(self):
        return not self.folded

    @property
    def can_bet(self):
        return not self.folded and self.stack > 0

    def cards(self):
        return self.down + self.up


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards, bugs):
        self.rules = rules
        self.bugs = bugs
        self.players = sorted((Player(*s) for s in seats), key=lambda p: p.seat)
        self.by_seat = {p.seat: p for p in self.players}
        self.dealer = dealer
        self.shoe = Shoe(deck, seat_cards)
        self.community = []
        self.blinds = []
        self.street = None
        self.street_index = -1
        self.dealt_once = False
        self.over = False
        self.result = None
        self.to_act = None
        self.dealt_in = len(self.players)
        # events
        self.event_wild = None
        self.waiting = None
        self.log = []
        self.shown = {}
        self.extras = 0
        self.pending_refunds = []
        # the round
        self.round = None
        self.last_round = None
        self._post_forced()
        self._advance()

    # -- seating ----------------------------------------------------------------------------------

    def clockwise_from(self, seat, include=False):
        """Players in order clockwise, starting after `seat` (or at it)."""
        order = self.players
        after = [p for p in order if p.seat > seat]
        before = [p for p in order if p.seat < seat]
        here = [p for p in order if p.seat == seat]
        return (here if include else []) + after + before + ([] if include else here)

    def from_dealer(self):
        return self.clockwise_from(self.dealer)

    def live(self):
        return [p for p in self.players if p.live]

    # -- forced bets ------------------------------------------------------------------------------

    def _pay(self, player, amount, as_bet=True):
        amount = min(amount, player.stack)
        player.stack -= amount
        player.put += amount
        if as_bet:
            player.bet += amount
        return amount

    def _post_forced(self):
        rules = self.rules
        if rules.ante > 0:
            for p in self.players:
                self._pay(p, rules.ante, as_bet=False)
        if rules.big_blind is not None:
            order = self.from_dealer()
            if len(order) == 2:
                dealer_p = self.by_seat.get(self.dealer) or order[-1]
                other = order[0] if order[0] is not dealer_p else order[1]
                if rules.heads_up == "dealer-small":
                    small_p, big_p = dealer_p, other
                else:
                    small_p, big_p = other, dealer_p
            else:
                small_p, big_p = order[0], order[1]
            self.small_blind_seat = small_p.seat
            self.big_blind_seat = big_p.seat
            if rules.small_blind:
                paid = self._pay(small_p, rules.small_blind)
                self.blinds.append({"seat": small_p.seat, "blind": "small", "amount": paid})
            paid = self._pay(big_p, rules.big_blind)
            self.blinds.append({"seat": big_p.seat, "blind": "big", "amount": paid})

    # -- dealing ----------------------------------------------------------------------------------

    def _rounds_after(self, index, entry):
        count = len(self.rules.streets[index]["deal"]) - entry - 1
        for street in self.rules.streets[index + 1 :]:
            count += len(street["deal"])
        return count

    def _deal_street(self, index):
        street = self.rules.streets[index]
        if not street["deal"]:
            return
        if self.dealt_once and self.rules.burn and self.shoe.stub:
            self.shoe.burn()
        for entry, face in enumerate(street["deal"]):
            takers = [p for p in self.from_dealer() if p.live]
            need = len(takers)
            later = self._rounds_after(index, entry) if self.rules.community_card else 0
            if len(self.shoe.stub) < need + later and self.rules.reuse_burns and self.shoe.burned:
                self.shoe.reuse()
            if len(self.shoe.stub) < need + later and self.rules.community_card:
                card = self.shoe.loose()
                if card:
                    self.community.append(card)
                self.dealt_once = True
                continue
            for p in takers:
                if not p.live:
                    continue
                self._give(p, face)
                if len([q for q in self.players if q.live]) <= 1:
                    break
            self.dealt_once = True
        if "queen-wait-ends-with-street" in self.bugs:
            self.waiting = None

    def _give(self, player, face, extra=False):
        card = self.shoe.deal_to(player.seat)
        if card is None:
            raise Problem("internal", "the pack ran out")
        (player.up if face == "up" else player.down).append(card)
        player.received.append(card)
        if extra:
            self.log.append({"type": "extra", "seat": player.seat, "card": card, "face": face})
        self._fire(player, card, face)

    # -- events -----------------------------------------------------------------------------------

    def _set_wild(self, value):
        self.event_wild = value
        self.log.append({"type": "wild", "rank": value})

    def _fire(self, player, card, face):
        rules = self.rules
        if not rules.events:
            return
        r = rank(card)
        if face == "up":
            self.shown[r] = self.shown.get(r, 0) + 1
        if self.waiting is not None:
            if face == "up":
                self.waiting = None
                self._set_wild(r)
            elif self.waiting["follows"].get("down_card", "skipped") == "cancels":
                self.waiting = None
        for row in rules.events:
            if row["face"] != "any" and row["face"] != face:
                continue
            if row["ranks"] and r not in row["ranks"]:
                continue
            if row["cards"] and card not in row["cards"]:
                continue
            if row["shown"] is not None:
                if face != "up":
                    continue
                count = self.shown.get(r, 0)
                if "coupon-again-on-third" in self.bugs:
                    if count < row["shown"]:
                        continue
                elif count != row["shown"]:
                    continue
            if row["extra"] is not None:
                most = row["extra"].get("most")
                if most is not None and self.dealt_in >= row["extra"].get("most_from_players", 2):
                    if self.extras >= most:
                        continue
            self.log.append(
                {"type": "fired", "event": row["name"], "seat": player.seat, "card": card}
            )
            self._effect(row, player, card)
            if player.folded:
                return

    def _effect(self, row, player, card):
        if row["follows"] is not None:
            if row["follows"].get("previous", "kept") == "cleared" and self.event_wild is not None:
                self._set_wild(None)
            self.waiting = row
        elif row["this"]:
            self._set_wild(rank(card))
        elif row["extra"] is not None:
            self.extras += 1
            self._give(player, row["extra"].get("face", "down"), extra=True)
        elif row["refund"]:
            if "clipping-after-the-round" in self.bugs:
                self.pending_refunds.append(player)
            else:
                self._refund(player)
        elif row["neighbours"]:
            self._mushroom(player, card)

    def _refund(self, player):
        back = min(self.rules.ante, player.put)
        if back <= 0:
            return
        player.put -= back
        player.stack += back
        self.log.append({"type": "refund", "seat": player.seat, "amount": back})

    def _mushroom(self, holder, card):
        seated = self.players
        if len(seated) < 2:
            return
        i = seated.index(holder)
        if "chiggs-neighbours-no-wrap" in self.bugs:
            near = [seated[j] for j in (i + 1, i - 1) if 0 <= j < len(seated)]
        else:
            near = [seated[(i + 1) % len(seated)], seated[(i - 1) % len(seated)]]
        seen = set()
        r = rank(card)
        for p in near:
            if p is holder or p.seat in seen or p.folded:
                continue
            seen.add(p.seat)
            hole = [c for c in p.down if rank(c) == r]
            shown = [c for c in p.up if rank(c) == r]
            if hole or shown:
                thrown = hole[0] if hole else shown[0]
                (p.down if hole else p.up).remove(thrown)
                self.log.append({"type": "thrown", "seat": p.seat, "card": thrown})
            else:
                p.folded = True
                self.log.append({"type": "fold", "seat": p.seat})
                if self.round:
                    self.round["owe"].discard(p.seat)

    def wild_ranks(self):
        ranks = set(self.rules.wild_ranks)
        if self.event_wild is not None:
            ranks.add(self.event_wild)
        return sorted(ranks)

    def _wild_test(self, player, ranking):
        common = set(self.wild_ranks())
        hole_rank = None
        if self.rules.low_hole and player is not None:
            pool = player.down
            if "low-hole-counts-up-cards" in self.bugs:
                pool = player.down + player.up
            if pool:
                if ranking == "ace-to-five":
                    hole_rank = min(1 if rank(c) == 14 else rank(c) for c in pool)
                    hole_rank = 14 if hole_rank == 1 else hole_rank
                else:
                    hole_rank = min(rank(c) for c in pool)

        def wild(card):
            return rank(card) in common or rank(card) == hole_rank

        return wild

    # -- boards -----------------------------------------------------------------------------------

    def _board_key(self, player):
        cards = player.up + self.community
        common = set(self.wild_ranks()) if self.rules.board_wild else set()
        naturals = [c for c in cards if rank(c) not in common]
        jokers = len(cards) - len(naturals)
        groups = {}
        for c in naturals:
            groups.setdefault(rank(c), []).append(c)
        order = sorted(groups, key=lambda r: (-len(groups[r]), -r))
        if jokers:
            if order:
                groups[order[0]] = groups[order[0]] + [None] * jokers
            else:
                groups[14] = [None] * jokers
                order = [14]
            order = sorted(groups, key=lambda r: (-len(groups[r]), -r))
        sizes = [min(len(groups[r]), 5) for r in order]
        values = []
        for r in order:
            values += [r] * len(groups[r])
        values = values[:5]
        if sizes and sizes[0] >= 5:
            cat = 6
        elif sizes and sizes[0] == 4:
            cat = 5
        elif sizes[:2] == [3, 2] or (len(sizes) > 1 and sizes[0] == 3 and sizes[1] >= 2):
            cat = 4
        elif sizes and sizes[0] == 3:
            cat = 3
        elif len(sizes) > 1 and sizes[0] == 2 and sizes[1] == 2:
            cat = 2
        elif sizes and sizes[0] == 2:
            cat = 1
        else:
            cat = 0
        ordered = sorted(
            [c for c in cards if rank(c) not in common],
            key=lambda c: (-len(groups.get(rank(c), [])), -rank(c), -SUIT_LETTERS.index(suit(c))),
        )
        suits = [SUIT_LETTERS.index(suit(c)) for c in ordered]
        return (cat, *values), suits

    def _best_board(self, players, ties):
        if not players:
            return None
        scored = [(self._board_key(p), p) for p in players]
        top = max(s[0][0] for s in scored)
        tied = [s for s in scored if s[0][0] == top]
        if len(tied) == 1 or ties == "position":
            if ties == "position":
                order = {p.seat: i for i, p in enumerate(self.from_dealer())}
                tied.sort(key=lambda s: order[s[1].seat])
            return tied[0][1]
        tied.sort(key=lambda s: s[0][1], reverse=True)
        return tied[0][1]

    def _has_open_pair(self):
        for p in self.live():
            if self._board_key(p)[0][0] >= 1:
                return True
        return False

    # -- who opens --------------------------------------------------------------------------------

    def _first_able_after(self, seat, include=False):
        for p in self.clockwise_from(seat, include):
            if p.can_bet:
                return p
        return None

    def _bring_in_player(self):
        rules = self.rules

        def key(p):
            best = None
            for c in p.up:
                r = rank(c)
                if r == 14 and rules.bring_aces == "low":
                    r = 1
                k = (r, rules.suit_order.index(suit(c)))
                if best is None or (k < best if rules.bring_card == "lowest" else k > best):
                    best = k
            return best

        pool = [p for p in self.live() if p.up]
        if rules.bring_all_in == "next-card":
            pool = [p for p in pool if p.can_bet]
        if not pool:
            return None
        pick = min(pool, key=key) if rules.bring_card == "lowest" else max(pool, key=key)
        if not pick.can_bet:
            return self._first_able_after(pick.seat)
        return pick

    def _opener(self, street, first_betting):
        rules = self.rules
        how = street["opener"]
        if how == "bring-in" and rules.bring_in is not None and first_betting:
            return self._bring_in_player(), True
        if how == "after-big-blind" and self.blinds:
            return self._first_able_after(self.big_blind_seat), False
        if how in ("first-left", "after-big-blind"):
            return self._first_able_after(self.dealer), False
        best = self._best_board(self.live(), street["ties"])
        if best is None:
            return None, False
        if best.can_bet:
            return best, False
        return self._first_able_after(best.seat), False

    # -- the flow ---------------------------------------------------------------------------------

    def _advance(self):
        while not self.over:
            if self.round and self.to_act is not None:
                return
            if self.round:
                self._return_uncalled(round_over=True)
                self._close_round()
            self._return_uncalled()
            if len(self.live()) <= 1:
                self._finish_without_showdown()
                return
            self.street_index += 1
            if self.street_index >= len(self.rules.streets):
                self._showdown()
                return
            street = self.rules.streets[self.street_index]
            if street["at_most"] is not None and self.dealt_in > street["at_most"]:
                continue
            self.street = street["name"]
            self._deal_street(self.street_index)
            if len(self.live()) <= 1:
                self._finish_without_showdown()
                return
            if street["bet"] is None:
                continue
            self._open_round(street)

    def _open_round(self, street):
        rules = self.rules
        first_betting = not getattr(self, "betting_seen", False)
        self.betting_seen = True
        blind_round = first_betting and bool(self.blinds)
        if not blind_round:
            for p in self.players:
                p.bet = ZERO
        unit = rules.small if street["bet"] == "small" else rules.big
        level = rules.big_blind if blind_round else ZERO
        opener, forced = self._opener(street, first_betting)
        able = [p for p in self.players if p.can_bet]
        rnd = {
            "street": street,
            "unit": unit,
            "level": level,
            "made": bool(blind_round and level >= unit),
            "raises": 0,
            "seq": 0,
            "acted": {},
            "owe": {p.seat for p in able},
            "forced": opener.seat if (forced and opener) else None,
            "locked": False,
            "last_inc": unit,
            "start_able": len(able),
            "first": opener.seat if opener else None,
            "aggressor": None,
        }
        self.round = rnd
        self.last_round = rnd
        if opener is None or len(able) <= 1:
            self.to_act = None
            rnd["owe"] = set()
            return
        self.to_act = opener.seat

    def _close_round(self):
        for player in self.pending_refunds:
            self._refund(player)
        self.pending_refunds = []
        self.round = None
        self.to_act = None

    # -- betting ----------------------------------------------------------------------------------

    def _uncapped(self, rnd):
        mode = self.rules.uncapped
        if mode == "in-hand":
            return len(self.live()) == 2
        if mode == "round-start":
            return rnd["start_able"] == 2
        return False

    def _answerable(self, player, level):
        return any(q.can_bet and q.bet + q.stack > level for q in self.live() if q is not player)

    def legal(self):
        if self.over or self.to_act is None:
            return []
        p = self.by_seat[self.to_act]
        rnd = self.round
        rules = self.rules
        level = rnd["level"]
        most = p.bet + p.stack
        options = []
        if rnd["forced"] == p.seat:
            bring = min(rules.bring_in, most)
            options.append(("bring_in", bring))
            if rules.bring_in < rnd["unit"] and most > bring and self._answerable(p, rnd["level"]):
                options.append(("complete", min(rnd["unit"], most)))
            return options
        owed = level - p.bet
        if owed > 0 or rules.fold_free:
            options.append(("fold",))
        if owed <= 0:
            options.append(("check",))
        else:
            options.append(("call", min(level, most)))
        if most <= level or not self._answerable(p, level):
            return options
        if rules.structure == "pot-limit":
            options += self._pot_limit_options(p, rnd, most)
            return options
        if level == 0:
            units = [rnd["unit"]]
            if self._big_option(rnd):
                units = [rules.small, rules.big]
            for u in units:
                options.append(("bet", min(u, most)))
        elif not rnd["made"]:
            options.append(("complete", min(rnd["unit"], most)))
        else:
            seq = rnd["acted"].get(p.seat)
            if seq is not None and seq >= rnd["seq"]:
                return options
            capped = rules.max_raises is not None and rnd["raises"] >= rules.max_raises
            if capped and not self._uncapped(rnd):
                return options
            if rnd["locked"]:
                units = [rules.big]
            elif self._big_option(rnd):
                units = [rules.small, rules.big]
            else:
                units = [rnd["unit"]]
            for u in units:
                options.append(("raise", min(level + u, most)))
        seen = set()
        unique = []
        for o in options:
            if o not in seen:
                seen.add(o)
                unique.append(o)
        return unique

    def _big_option(self, rnd):
        street = rnd["street"]
        return (
            self.rules.structure == "fixed-limit"
            and street["bet"] == "small"
            and street["big_when"] == "open-pair"
            and self._has_open_pair()
        )

    def _pot_now(self):
        return sum((p.put for p in self.players), ZERO)

    def _pot_limit_options(self, p, rnd, most):
        rules = self.rules
        level = rnd["level"]
        pot = self._pot_now()
        if level == 0:
            low, high = rnd["unit"], max(pot, rnd["unit"])
            word = "bet"
        else:
            seq = rnd["acted"].get(p.seat)
            if seq is not None and seq >= rnd["seq"]:
                return []
            capped = rules.max_raises is not None and rnd["raises"] >= rules.max_raises
            if capped and not self._uncapped(rnd):
                return []
            if rules.min_raise == "double":
                low = level * 2
            else:
                low = level + max(rnd["last_inc"], rnd["unit"])
            if rules.ceiling == "pot-plus-bet":
                high = pot + level
            else:
                high = level + pot + (level - p.bet)
            high = max(high, low)
            word = "raise"
        low, high = min(low, most), min(high, most)
        if low == high:
            return [(word, low)]
        return [(word, low, high)]

    def act(self, seat, action, amount):
        if self.over:
            raise Problem("illegal_action", "the hand is over", [])
        legal = self.legal()
        if seat != self.to_act:
            raise Problem("illegal_action", f"it is seat {self.to_act}'s turn, not {seat}'s", legal)
        chosen = None
        for option in legal:
            if option[0] != action:
                continue
            if len(option) == 1:
                chosen = (action, None)
                break
            if len(option) == 2:
                if amount is None or amount == option[1]:
                    chosen = (action, option[1])
                    break
                continue
            low, high = option[1], option[2]
            if amount is None:
                if low == high:
                    chosen = (action, low)
                    break
                continue
            if low <= amount <= high:
                p = self.by_seat[seat]
                step_ok = (amount % self.rules.chip == 0) or amount == p.bet + p.stack
                if step_ok:
                    chosen = (action, amount)
                    break
        if chosen is None:
            raise Problem(
                "illegal_action",
                f"{action} {amount if amount is not None else ''} is not legal now",
                legal,
            )
        self._apply(self.by_seat[seat], chosen[0], chosen[1])
        self._after_action(self.by_seat[seat])

    def _apply(self, p, action, total):
        rnd = self.round
        rules = self.rules
        level = rnd["level"]
        if action == "fold":
            p.folded = True
            rnd["owe"].discard(p.seat)
            return
        if action == "check":
            rnd["owe"].discard(p.seat)
            rnd["acted"][p.seat] = rnd["seq"]
            return
        if action == "call":
            self._pay(p, total - p.bet)
            rnd["owe"].discard(p.seat)
            rnd["acted"][p.seat] = rnd["seq"]
            return
        self._pay(p, total - p.bet)
        rnd["owe"] = {q.seat for q in self.players if q.can_bet and q is not p}
        if action == "bring_in":
            rnd["forced"] = None
            rnd["level"] = max(level, p.bet)
            if p.bet >= rnd["unit"]:
                rnd["made"] = True
                rnd["seq"] += 1
            rnd["acted"][p.seat] = rnd["seq"]
            return
        rnd["forced"] = None
        rnd["aggressor"] = p.seat
        increment = p.bet - level
        if action == "bet":
            rnd["made"] = True
            rnd["seq"] += 1
            rnd["last_inc"] = p.bet
            if p.bet >= rules.big and self._big_option(rnd) and rules.locks:
                rnd["locked"] = True
        elif action == "complete":
            if p.bet >= rnd["unit"] * rules.fraction:
                rnd["made"] = True
                rnd["seq"] += 1
                rnd["last_inc"] = p.bet
        else:  # raise
            if rules.structure == "pot-limit":
                full = level if rules.min_raise == "double" else max(rnd["last_inc"], rnd["unit"])
            else:
                full = rules.big if rnd["locked"] else rnd["unit"]
            if increment >= full * rules.fraction:
                rnd["raises"] += 1
                rnd["seq"] += 1
                rnd["last_inc"] = increment
            if (
                rules.structure == "fixed-limit"
                and increment >= rules.big
                and self._big_option(rnd)
            ):
                if rules.locks:
                    rnd["locked"] = True
        rnd["level"] = max(level, p.bet)
        rnd["acted"][p.seat] = rnd["seq"]

    def _after_action(self, p):
        self._return_uncalled()
        if len(self.live()) <= 1:
            self._close_round()
            self._finish_without_showdown()
            return
        rnd = self.round
        owe = [q for q in self.clockwise_from(p.seat) if q.seat in rnd["owe"] and q.can_bet]
        if rnd["forced"] is not None:
            self.to_act = rnd["forced"]
            return
        self.to_act = owe[0].seat if owe else None
        if self.to_act is None:
            self._advance()

    def _return_uncalled(self, round_over=False):
        """Give back the part of the street's highest bet that nobody matched."""
        if len(self.players) < 2:
            return
        top = max(self.players, key=lambda q: q.bet)
        second = max(q.bet for q in self.players if q is not top)
        if top.bet <= second or (not top.live and not round_over):
            return
        if not round_over:
            if any(q.can_bet for q in self.live() if q is not top):
                return
            if self.round and self.to_act is not None and top.seat in self.round["owe"]:
                return
        back = top.bet - second
        top.put -= back
        top.stack += back
        top.bet -= back
        if self.round:
            self.round["level"] = max([q.bet for q in self.players] + [ZERO])

    # -- pots and the showdown --------------------------------------------------------------------

    def pots(self):
        live = self.live()
        levels = sorted({p.put for p in live if p.stack == 0 and p.put > 0})
        result = []
        prev = ZERO
        for lvl in levels:
            amount = sum((min(p.put, lvl) - min(p.put, prev) for p in self.players), ZERO)
            eligible = [p.seat for p in live if p.put >= lvl or p.stack > 0]
            result.append([amount, eligible])
            prev = lvl
        rest = sum((p.put - min(p.put, prev) for p in self.players), ZERO)
        if result and not any(p.live and p.put > prev for p in self.players):
            result[-1][0] += rest
        elif rest > 0 or not result:
            result.append(
                [rest, [p.seat for p in live if p.stack > 0] if levels else [p.seat for p in live]]
            )
        merged = []
        for amount, eligible in result:
            if not eligible and merged:
                merged[-1][0] += amount
            else:
                merged.append([amount, eligible])
        return merged

    def _finish_without_showdown(self):
        for player in self.pending_refunds:
            self._refund(player)
        self.pending_refunds = []
        self._return_uncalled(round_over=True)
        winner = self.live()[0]
        awards = []
        for index, (amount, _) in enumerate(self.pots()):
            if amount > 0:
                awards.append({"seat": winner.seat, "amount": amount, "pot": index, "share": None})
        self._pay_awards(awards)
        self.result = {"awards": awards, "hands": [], "showdown": False}
        self.over = True
        self.to_act = None
        self.round = None

    def _pay_awards(self, awards):
        self.final_pots = self.pots()
        self.final_all_in = {p.seat: p.stack == 0 for p in self.players}
        for a in awards:
            self.by_seat[a["seat"]].stack += a["amount"]

    def _share_hand(self, player, share):
        mode = share["cards"]
        if mode == "down":
            cards = list(player.down)
        else:
            cards = player.down + player.up
            if "best-of-first-seven" in self.bugs:
                held = set(cards)
                cards = [c for c in player.received[:7] if c in held]
            if mode == "all":
                cards = cards + self.community
        ranking = share["ranking"]
        if share["suit"]:
            cards = [c for c in cards if suit(c) == SUIT_WORDS[share["suit"]]]
        if ranking.startswith("one-card"):
            if not cards:
                return None
            if ranking == "one-card-high":
                card = max(cards, key=rank)
                score = (rank(card),)
            else:
                card = min(cards, key=rank)
                score = (-rank(card),)
            name = f"{SINGULAR[rank(card)]} of {SUIT_NAME[suit(card)]}"
            return score, [card], name
        if len(cards) == 0:
            return None
        wild = self._wild_test(player, ranking)
        if ranking == "high":
            key, five = high_value(cards, wild, self.bugs)
            return key, five, high_name(key)
        if "low-ignores-wild" in self.bugs:
            wild = lambda c: False  # noqa: E731
        key, five = low_value(cards, wild)
        if not qualifies(key, share["qualifier"]):
            return None
        return tuple(-x for x in key), five, low_name(key)

    def _position_order(self):
        return {p.seat: i for i, p in enumerate(self.from_dealer())}

    def _showdown(self):
        self._return_uncalled(round_over=True)
        self.street = self.street or self.rules.streets[-1]["name"]
        live = self.live()
        hands = {}
        for p in live:
            for share in self.rules.shares:
                hands[(p.seat, share["name"])] = self._share_hand(p, share)
        shares = self.rules.shares
        names = [s["name"] for s in shares]
        position = self._position_order()
        awards = []
        for index, (amount, eligible) in enumerate(self.pots()):
            if amount <= 0 or not eligible:
                continue
            winners = {}
            for share in shares:
                scored = [
                    (hands[(s, share["name"])], s)
                    for s in eligible
                    if hands.get((s, share["name"]))
                ]
                if not scored:
                    continue
                best = max(h[0] for h, _ in scored)
                winners[share["name"]] = [s for h, s in scored if h[0] == best]
            if not winners:
                # nobody qualifies for any share: the best high hand takes it
                scored = []
                for s in eligible:
                    p = self.by_seat[s]
                    key, _ = high_value(
                        p.cards() + self.community, self._wild_test(p, "high"), self.bugs
                    )
                    scored.append((key, s))
                best = max(k for k, _ in scored)
                winners = {names[0]: [s for k, s in scored if k == best]}
            # a share nobody won is played for its fallback share's winners, as a part of its own
            takers = {}
            for share in shares:
                if share["name"] in winners:
                    takers[share["name"]] = winners[share["name"]]
                elif share["fallback"] in winners:
                    takers[share["name"]] = winners[share["fallback"]]
            unit = self.rules.split_unit or self.rules.chip
            start = names.index(self.rules.odd_share) if self.rules.odd_share in names else 0
            ordered = [n for n in names[start:] + names[:start] if n in takers]
            parts = split(amount, len(ordered), unit)
            paid = {}
            for n, part in zip(ordered, parts, strict=True):
                people = takers[n]
                if self.rules.odd_tie == "high-card":

                    def top_card(seat):
                        cards = self.by_seat[seat].cards()
                        return max((rank(c), SUIT_LETTERS.index(suit(c))) for c in cards)

                    people = sorted(people, key=top_card, reverse=True)
                else:
                    people = sorted(people, key=lambda s: position[s])
                label = n if n in winners else shares[names.index(n)]["fallback"]
                for s, got in zip(people, split(part, len(people), self.rules.chip), strict=True):
                    if got > 0:
                        paid[(s, label)] = paid.get((s, label), ZERO) + got
            for (s, label), got in paid.items():
                awards.append({"seat": s, "amount": got, "pot": index, "share": label})
        self._pay_awards(awards)
        shown = []
        rnd = self.last_round
        first = None
        if rnd:
            first = rnd["aggressor"] or rnd["first"]
        start = (
            first if first is not None else (self.from_dealer()[0].seat if self.players else None)
        )
        order = (
            [p for p in self.clockwise_from(start, include=True) if p.live]
            if start is not None
            else live
        )
        for p in order:
            for share in shares:
                h = hands.get((p.seat, share["name"]))
                if h:
                    shown.append(
                        {"seat": p.seat, "share": share["name"], "name": h[2], "cards": h[1]}
                    )
        self.result = {"awards": awards, "hands": shown, "showdown": True}
        self.over = True
        self.to_act = None
        self.round = None

    # -- the state --------------------------------------------------------------------------------

    def state(self):
        legal = []
        for option in self.legal():
            if len(option) == 1:
                legal.append({"action": option[0]})
            elif len(option) == 2:
                legal.append({"action": option[0], "amount": money(option[1])})
            else:
                legal.append(
                    {"action": option[0], "min": money(option[1]), "max": money(option[2])}
                )
        pots = self.final_pots if self.over and hasattr(self, "final_pots") else self.pots()
        state = {
            "street": self.street,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": legal,
            "pot": money(sum((p.put for p in self.players), ZERO)),
            "pots": [{"amount": money(a), "eligible": e} for a, e in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": money(p.stack),
                    "bet": money(p.bet),
                    "folded": p.folded,
                    "all_in": self.final_all_in[p.seat] if self.over else p.stack == 0,
                    "down": list(p.down),
                    "up": list(p.up),
                }
                for p in self.players
            ],
            "community": list(self.community),
            "result": None,
            "wild_ranks": self.wild_ranks(),
            "events": [
                dict(e, amount=money(e["amount"])) if "amount" in e else dict(e) for e in self.log
            ],
            "blinds": [
                {"seat": b["seat"], "blind": b["blind"], "amount": money(b["amount"])}
                for b in self.blinds
            ],
        }
        if self.result is not None:
            state["result"] = {
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
        return state


# ---------------------------------------------------------------------------------------------
# evaluate


def evaluate(request, bugs):
    ranking = request.get("ranking")
    if ranking not in ("high", "ace-to-five", "one-card-high", "one-card-low"):
        raise Problem("unsupported", f"ranking {ranking!r} is not evaluated here")
    hands = request.get("hands")
    if not isinstance(hands, list) or not hands:
        raise Problem("bad_request", "hands: a list of hands")
    qualifier = request.get("qualifier")
    wild_ranks = set(request.get("wild") or [])

    def wild(card):
        return rank(card) in wild_ranks

    scored = []
    for cards in hands:
        if not isinstance(cards, list) or not all(is_card(c) for c in cards):
            raise Problem("bad_request", "a hand is a list of cards")
        if ranking == "high":
            key, five = high_value(cards, wild, bugs)
            scored.append({"score": key, "best": five, "name": high_name(key)})
        elif ranking.startswith("one-card"):
            card = max(cards, key=rank) if ranking == "one-card-high" else min(cards, key=rank)
            score = (rank(card),) if ranking == "one-card-high" else (-rank(card),)
            scored.append(
                {
                    "score": score,
                    "best": [card],
                    "name": f"{SINGULAR[rank(card)]} of {SUIT_NAME[suit(card)]}",
                }
            )
        else:
            test = (lambda c: False) if "low-ignores-wild" in bugs else wild
            key, five = low_value(cards, test)
            if qualifier is not None and not qualifies(key, qualifier):
                scored.append({"score": (-100,), "best": [], "name": "no low", "qualifies": False})
            else:
                scored.append(
                    {"score": tuple(-x for x in key), "best": five, "name": low_name(key)}
                )
    results = []
    for item in scored:
        better = sum(1 for other in scored if other["score"] > item["score"])
        entry = {"best": item["best"], "name": item["name"], "rank": better + 1}
        if "qualifies" in item:
            entry["qualifies"] = item["qualifies"]
        elif qualifier is not None:
            entry["qualifies"] = True
        results.append(entry)
    return results


# ---------------------------------------------------------------------------------------------
# the table and the wire


class Table:
    def __init__(self, bugs):
        self.bugs = bugs
        self.hand = None
        self.rules = None

    def hello(self, request):
        return {
            "protocol": 1,
            "engine": {"name": "independent-twentyfour", "version": "1.0"},
            "rulesets": list(GAMES),
            "features": [
                "seat-cards",
                "table",
                "evaluate",
                "evaluate-options",
                "wild",
                "wild-ranks",
                "events",
                "low-hole",
                "blinds",
                "pot-limit",
                "hi-lo",
                "community-card",
                "refusal-state",
                "pipelining",
            ],
            "rankings": ["one-card-high", "one-card-low"],
        }

    def _seats(self, raw):
        if not isinstance(raw, list) or not raw:
            raise Problem("bad_request", "seats: a list of players")
        seats = []
        numbers = set()
        for entry in raw:
            seat = entry.get("seat")
            if not isinstance(seat, int) or seat < 1 or seat in numbers:
                raise Problem("bad_request", f"bad seat {seat!r}")
            numbers.add(seat)
            stack = to_decimal(entry.get("stack"), "stack")
            seats.append((seat, str(entry.get("name", "")), stack))
        return seats

    def new_hand(self, request):
        rules = Rules(request.get("ruleset"))
        seats = self._seats(request.get("seats"))
        if len(seats) > rules.seats_max or len(seats) < 2:
            raise Problem(
                "bad_request",
                f"{len(seats)} players for a table of {rules.seats_min} to {rules.seats_max}",
            )
        dealer = request.get("dealer")
        if not isinstance(dealer, int):
            raise Problem("bad_request", "dealer: a seat number")
        hand = Hand(
            rules, seats, dealer, request.get("deck") or [], request.get("seat_cards"), self.bugs
        )
        self.rules = rules
        self.hand = hand
        return {"state": hand.state()}

    def next_hand(self, request):
        if self.hand is None:
            raise Problem("no_hand", "no hand has been dealt yet")
        if not self.hand.over:
            raise Problem("bad_request", "the hand is still being played")
        old = self.hand
        seats = [(p.seat, p.name, p.stack) for p in old.players if p.stack > 0]
        if len(seats) < 2:
            raise Problem("bad_request", "fewer than two players have chips")
        dealer = old.dealer
        if self.rules.rotates:
            numbers = [s[0] for s in seats]
            later = [n for n in numbers if n > dealer]
            dealer = later[0] if later else numbers[0]
        hand = Hand(
            self.rules,
            seats,
            dealer,
            request.get("deck") or [],
            request.get("seat_cards"),
            self.bugs,
        )
        self.hand = hand
        return {"state": hand.state()}

    def act(self, request):
        if self.hand is None:
            raise Problem("no_hand", "no hand has been dealt yet")
        seat = request.get("seat")
        action = request.get("action")
        amount = request.get("amount")
        if amount is not None:
            amount = to_decimal(amount, "amount")
        self.hand.act(seat, action, amount)
        return {"state": self.hand.state()}

    def state(self, request):
        if self.hand is None:
            raise Problem("no_hand", "no hand has been dealt yet")
        return {"state": self.hand.state()}

    def evaluate(self, request):
        return {"results": evaluate(request, self.bugs)}


def answer(table, line):
    try:
        request = json.loads(line)
    except ValueError:
        return {
            "id": None,
            "ok": False,
            "error": {"code": "bad_request", "message": "not JSON"},
        }, False
    if not isinstance(request, dict):
        return {
            "id": None,
            "ok": False,
            "error": {"code": "bad_request", "message": "not an object"},
        }, False
    ident = request.get("id")
    op = request.get("op")
    if op == "bye":
        return {"id": ident, "ok": True}, True
    handlers = {
        "hello": table.hello,
        "new_hand": table.new_hand,
        "next_hand": table.next_hand,
        "act": table.act,
        "state": table.state,
        "evaluate": table.evaluate,
    }
    handler = handlers.get(op)
    if handler is None:
        return {
            "id": ident,
            "ok": False,
            "error": {"code": "unsupported", "message": f"op {op!r}"},
        }, False
    try:
        reply = {"id": ident, "ok": True}
        reply.update(handler(request))
        return reply, False
    except Problem as problem:
        error = {"code": problem.code, "message": problem.message}
        if problem.code == "illegal_action":
            hand = table.hand
            legal = []
            for option in problem.legal or []:
                if len(option) == 1:
                    legal.append({"action": option[0]})
                elif len(option) == 2:
                    legal.append({"action": option[0], "amount": money(option[1])})
                else:
                    legal.append(
                        {"action": option[0], "min": money(option[1]), "max": money(option[2])}
                    )
            error["legal"] = legal
            if hand is not None:
                error["state"] = hand.state()
        return {"id": ident, "ok": False, "error": error}, False
    except Exception as exc:  # keep answering whatever happens
        print(f"internal error: {exc!r}", file=sys.stderr)
        import traceback

        traceback.print_exc(file=sys.stderr)
        return {
            "id": ident,
            "ok": False,
            "error": {"code": "internal", "message": repr(exc)[:500]},
        }, False


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bugs", default="", help="planted bugs, comma-separated: " + ", ".join(BUGS)
    )
    args = parser.parse_args(argv)
    bugs = {b for b in args.bugs.split(",") if b}
    unknown = bugs - set(BUGS)
    if unknown:
        parser.error(f"unknown bugs: {', '.join(sorted(unknown))}")
    table = Table(frozenset(bugs))
    for line in sys.stdin:
        if not line.strip():
            continue
        reply, done = answer(table, line)
        sys.stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
        sys.stdout.flush()
        if done:
            break


if __name__ == "__main__":
    main()

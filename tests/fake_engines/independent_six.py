#!/usr/bin/env python3
"""independent_six: a third-party seven-card stud engine speaking engine protocol 1.2.

Written from the protocol document and the rulebook only.  It plays fixed-limit
seven-card stud (high), razz and seven-card stud hi-lo (eight or better), and the
house-rule changes of those games that it can honour (stakes, bring-in, burns,
raise cap and when it is lifted, board ties, dealer button, odd chips, the low
ranking and its qualifier...).  Everything else is refused with code
"unsupported", naming the value.  Standard library only; amounts are Decimals.

Capabilities: evaluate, evaluate-options (qualifier only; wild cards are refused),
hi-lo, table (consecutive hands), seat-cards, refusal-state, pipelining.

Usage:  python3 independent_six.py [--bugs name1,name2]

Planted bugs (all off unless named with --bugs; any subset may be combined):

  razz-bring-in-lowest   BRING-13  in razz the lowest door card brings in instead of the highest
  razz-opener-highest    ROUND-12  in razz the highest board (read as in high stud) opens
                                   fourth street on
  razz-straights-count   RAZZ-01   razz showdowns rank ace-to-six: straights and flushes
                                   count against a low
  hilo-nine-qualifies    HILO-02   in hi-lo a nine-or-better low qualifies for the low half
  hilo-odd-chip-to-low   HILO-08   in hi-lo the odd chip of a halved pot goes to the low half
  hilo-lows-from-bottom  HILO-04   in hi-lo lows are compared from the lowest card up
  deals-from-seat-1      DEAL-02   cards go out from the lowest seat number, whoever deals
  bring-in-out-of-pot    DEAL-01   the bring-in leaves the player's stack but never reaches the pot
  uncalled-bet-kept      SHOW-07   an uncalled bet (or its uncalled part) is never returned
  round-goes-on-after-bring-in  ROUND-02  when everyone just calls the bring-in the round
                                          goes round again
  short-completion-refused      BRING-04  a stack short of a full completion may not complete all in
  cap-kept-heads-up      CAP-02    the raise cap still holds when only two players are left
"""

import json
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation
from itertools import combinations

ENGINE_NAME = "independent-six"
ENGINE_VERSION = "1.0"

KNOWN_BUGS = {
    "razz-bring-in-lowest",
    "razz-opener-highest",
    "razz-straights-count",
    "hilo-nine-qualifies",
    "hilo-odd-chip-to-low",
    "hilo-lows-from-bottom",
    "deals-from-seat-1",
    "bring-in-out-of-pot",
    "uncalled-bet-kept",
    "round-goes-on-after-bring-in",
    "short-completion-refused",
    "cap-kept-heads-up",
}
BUGS = set()

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
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
NEW_DECK = [r + s for r in RANK_CHARS for s in SUIT_CHARS]


class Refusal(Exception):
    def __init__(self, code, message, legal=None, values=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


# ---------------------------------------------------------------- money


def dec(value):
    if isinstance(value, bool) or value is None:
        raise Refusal("bad_request", f"amount expected, got {value!r}")
    try:
        d = Decimal(str(value))
    except InvalidOperation:
        raise Refusal("bad_request", f"not an amount: {value!r}") from None
    if not d.is_finite() or d < 0:
        raise Refusal("bad_request", f"not an amount: {value!r}")
    return d


def money(d):
    d = Decimal(d)
    if d == 0:
        return "0"
    text = format(d.normalize(), "f")
    return text


# ---------------------------------------------------------------- cards


def card_rank(card):
    return RANK_CHARS.index(card[0]) + 2


def card_suit(card):
    return card[1]


def check_card(card):
    if (
        not isinstance(card, str)
        or len(card) != 2
        or card[0] not in RANK_CHARS
        or card[1] not in SUIT_CHARS
    ):
        raise Refusal("bad_request", f"not a card of this pack: {card!r}")
    return card


# ---------------------------------------------------------------- hand evaluation
# Every ranking gives a key where a *smaller* key is a better hand, so the
# best hand is always min(); high hands negate their natural order.


def _groups(ranks):
    counts = Counter(ranks)
    return sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))


def _straight_top(values, ace_high):
    uniq = sorted(set(values), reverse=True)
    if len(uniq) != 5:
        return None
    if uniq[0] - uniq[4] == 4:
        return uniq[0]
    if ace_high and uniq == [14, 5, 4, 3, 2]:
        return 5
    return None


SHAPES = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}


class Judged:
    """One hand read under one ranking: its order key, its five cards, a name."""

    __slots__ = ("key", "cards", "name")

    def __init__(self, key, cards, name):
        self.key = key
        self.cards = cards
        self.name = name


def judge_high(five):
    ranks = [card_rank(c) for c in five]
    groups = _groups(ranks)
    shape = tuple(n for _, n in groups)
    flush = len({card_suit(c) for c in five}) == 1
    top = _straight_top(ranks, True)
    if top and flush:
        cat, order = 8, (top,)
        name = "royal flush" if top == 14 else f"{RANK_WORD[top]}-high straight flush"
    elif shape == (4, 1):
        cat, order = 7, tuple(r for r, _ in groups)
        name = f"four of a kind, {RANK_PLURAL[groups[0][0]]}"
    elif shape == (3, 2):
        cat, order = 6, tuple(r for r, _ in groups)
        name = f"full house, {RANK_PLURAL[groups[0][0]]} over {RANK_PLURAL[groups[1][0]]}"
    elif flush:
        cat, order = 5, tuple(sorted(ranks, reverse=True))
        name = f"flush, {RANK_WORD[order[0]]} high"
    elif top:
        cat, order = 4, (top,)
        name = f"{RANK_WORD[top]}-high straight"
    else:
        cat = SHAPES[shape]
        order = tuple(r for r, _ in groups)
        if cat == 3:
            name = f"three of a kind, {RANK_PLURAL[order[0]]}"
        elif cat == 2:
            name = f"two pair, {RANK_PLURAL[order[0]]} and {RANK_PLURAL[order[1]]}"
        elif cat == 1:
            name = f"pair of {RANK_PLURAL[order[0]]}"
        else:
            name = f"high card, {RANK_WORD[order[0]]}"
    key = (-cat,) + tuple(-r for r in order)
    return key, name


def _low_values(five):
    return [1 if card_rank(c) == 14 else card_rank(c) for c in five]


def _paired_low_name(cat, order):
    if cat == 1:
        return f"pair of {RANK_PLURAL[order[0]]}"
    if cat == 2:
        return f"two pair, {RANK_PLURAL[order[0]]} and {RANK_PLURAL[order[1]]}"
    if cat == 3:
        return f"three of a kind, {RANK_PLURAL[order[0]]}"
    if cat == 6:
        return f"full house, {RANK_PLURAL[order[0]]} over {RANK_PLURAL[order[1]]}"
    return f"four of a kind, {RANK_PLURAL[order[0]]}"


def judge_ace_to_five(five, bottom_up=False):
    values = _low_values(five)
    groups = _groups(values)
    shape = tuple(n for _, n in groups)
    cat = SHAPES[shape]
    order = tuple(r for r, _ in groups)
    if cat == 0:
        name = f"{RANK_WORD[order[0]]}-{RANK_WORD[order[1]]} low"
        if bottom_up:
            order = tuple(sorted(order))
    else:
        name = _paired_low_name(cat, order)
    return (cat,) + order, name


def judge_ace_to_six(five):
    values = _low_values(five)
    groups = _groups(values)
    shape = tuple(n for _, n in groups)
    flush = len({card_suit(c) for c in five}) == 1
    top = _straight_top(values, False)
    order = tuple(r for r, _ in groups)
    if top and flush:
        cat, name = 8, f"{RANK_WORD[top]}-high straight flush"
    elif shape == (4, 1):
        cat, name = 7, _paired_low_name(7, order)
    elif shape == (3, 2):
        cat, name = 6, _paired_low_name(6, order)
    elif flush:
        cat, name = 5, f"flush, {RANK_WORD[order[0]]} high"
    elif top:
        cat, name = 4, f"{RANK_WORD[top]}-high straight"
    else:
        cat = SHAPES[shape]
        if cat == 0:
            name = f"{RANK_WORD[order[0]]}-{RANK_WORD[order[1]]} low"
        else:
            name = _paired_low_name(cat, order)
    return (cat,) + order, name


def _qualifies(five, qualifier):
    values = _low_values(five)
    return len(set(values)) == 5 and max(values) <= qualifier


def best_hand(cards, ranking, qualifier=None, bottom_up=False):
    """The best five of `cards` under `ranking`; None when no low qualifies."""
    if ranking == "high":
        judge = judge_high
        qualifier = None
    elif ranking == "ace-to-five":

        def judge(five):
            return judge_ace_to_five(five, bottom_up)
    elif ranking == "ace-to-six":
        judge = judge_ace_to_six
    else:
        raise Refusal("unsupported", f"ranking {ranking!r} is not played by this engine")
    best = None
    for five in combinations(cards, 5):
        if qualifier is not None and not _qualifies(five, qualifier):
            continue
        key, name = judge(five)
        if best is None or key < best.key:
            best = Judged(key, list(five), name)
    if best is not None and ranking != "high":
        best.cards = sorted(best.cards, key=lambda c: -(1 if card_rank(c) == 14 else card_rank(c)))
    return best


# ---------------------------------------------------------------- boards
# A board is the exposed cards of one player (plus any community card).  It is
# ranked only by pairs, trips and quads, then by its cards; straights and
# flushes never count.  Returns (key, suits) with smaller = better; the suits
# of the cards from the leading one down break ties between equal boards.


def board_reading(cards, low):
    if len(cards) > 5:
        best = None
        for five in combinations(cards, 5):
            got = board_reading(list(five), low)
            if best is None or got[0] < best[0]:
                best = got
        return best
    if low:
        values = {c: (1 if card_rank(c) == 14 else card_rank(c)) for c in cards}
    else:
        values = {c: card_rank(c) for c in cards}
    groups = _groups(list(values.values()))
    shape = tuple(n for _, n in groups)
    counted = {
        (4,): 7,
        (4, 1): 7,
        (3, 2): 6,
        (3,): 3,
        (3, 1): 3,
        (3, 1, 1): 3,
        (2, 2): 2,
        (2, 2, 1): 2,
    }
    if shape in counted:
        cat = counted[shape]
    elif shape and shape[0] == 2:
        cat = 1
    else:
        cat = 0
    order = tuple(r for r, _ in groups)
    # the cards from the leading one down: by group, then rank, then the higher suit first
    place = {r: i for i, r in enumerate(order)}
    ordered = sorted(cards, key=lambda c: (place[values[c]], -SUIT_CHARS.index(card_suit(c))))
    suits = tuple(SUIT_CHARS.index(card_suit(c)) for c in ordered)
    if low:
        key = (cat,) + order
    else:
        key = (-cat,) + tuple(-r for r in order)
        suits = tuple(-x for x in suits)
    return key, suits


# ---------------------------------------------------------------- the ruleset


class Unsupported(Exception):
    def __init__(self, path, wanted, plays):
        super().__init__(path)
        self.path, self.wanted, self.plays = path, wanted, plays


def _base_doc():
    return {
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
        "pot": {
            "shares": [{"name": "high", "ranking": "high"}],
            "odd_chip_share": "high",
            "odd_chip_tie": "position",
        },
    }


def shipped(name):
    doc = _base_doc()
    doc["name"] = name
    if name == "seven-card-stud":
        return doc
    if name == "razz":
        doc["bring_in"]["card"] = "highest"
        doc["bring_in"]["aces"] = "low"
        doc["board"]["ranking"] = "ace-to-five"
        doc["streets"][1]["big_bet_when"] = "never"
        doc["pot"]["shares"] = [{"name": "low", "ranking": "ace-to-five"}]
        return doc
    if name == "stud-hi-lo":
        doc["streets"][1]["big_bet_when"] = "never"
        doc["pot"]["shares"] = [
            {"name": "high", "ranking": "high"},
            {"name": "low", "ranking": "ace-to-five", "qualifier": 8},
        ]
        return doc
    raise Refusal(
        "unsupported",
        f"ruleset {name!r} is not played by this engine",
        values=[{"path": "name", "wanted": name, "plays": "seven-card-stud"}],
    )


class Street:
    def __init__(self, doc, index):
        self.index = index
        self.name = doc.get("name")
        self.deal = list(doc.get("deal") or [])
        self.opener = doc.get("opener", "best-board")
        self.bet = doc.get("bet", "small")
        self.big_bet_when = doc.get("big_bet_when", "never")
        self.ties = doc.get("ties")


class Share:
    def __init__(self, doc):
        self.name = doc.get("name")
        self.ranking = doc.get("ranking", "high")
        self.qualifier = doc.get("qualifier")


class Rules:
    """The ruleset document, checked value by value against what this engine plays."""

    def __init__(self, doc):
        if isinstance(doc, str):
            doc = shipped(doc)
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be a document or a shipped name")
        self.doc = doc
        self._check(doc)

        def g(section, key, default=None):
            return (doc.get(section) or {}).get(key, default)

        self.name = doc.get("name", "?")
        self.seats_max = g("seats", "max", 8)
        self.rotates = g("dealer", "rotates", True)
        self.burn = g("dealing", "burn", True)
        self.reuse_burns = g("dealing", "reuse_burns", True)
        self.community_card = g("dealing", "community_card", True)
        stakes = doc.get("stakes") or {}
        self.chip = dec(stakes.get("chip", "0.01"))
        if self.chip <= 0:
            raise Refusal("bad_request", "stakes.chip must be positive")
        self.ante = dec(stakes.get("ante", "0"))
        self.bring_in = None if stakes.get("bring_in") is None else dec(stakes["bring_in"])
        self.small = dec(stakes["small_bet"])
        self.big = dec(stakes["big_bet"])
        self.bring_card = g("bring_in", "card", "lowest")
        self.bring_aces = g("bring_in", "aces", "high")
        order = g("bring_in", "suit_order", ["clubs", "diamonds", "hearts", "spades"])
        self.suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}
        self.bring_all_in = g("bring_in", "all_in", "next-card")
        self.board_ranking = g("board", "ranking", "high")
        self.board_ties = g("board", "ties", "suit")
        self.max_raises = g("betting", "max_raises", 3)
        self.uncapped = g("betting", "uncapped_heads_up", "in-hand")
        self.big_locks = g("betting", "big_bet_locks", True)
        self.reopen = dec(g("betting", "reopen_fraction", "0.5"))
        self.fold_when_check = g("betting", "fold_when_check", "refused") == "allowed"
        self.streets = [Street(s, i) for i, s in enumerate(doc["streets"])]
        pot = doc.get("pot") or {}
        self.shares = [Share(s) for s in pot["shares"]]
        self.odd_chip_share = pot.get("odd_chip_share", "high")
        self.odd_chip_tie = pot.get("odd_chip_tie", "position")
        self.unqualified = pot.get("unqualified")
        rankings = [s.ranking for s in self.shares]
        self.is_razz = rankings == ["ace-to-five"]
        self.is_hilo = (
            len(rankings) == 2
            and "high" in rankings
            and ("ace-to-five" in rankings or "ace-to-six" in rankings)
        )

    @staticmethod
    def _check(doc):
        problems = []

        def want(path, value, allowed, plays):
            if value not in allowed:
                problems.append(Unsupported(path, value, plays))

        def section(name):
            value = doc.get(name)
            return value if isinstance(value, dict) else {}

        deck = section("deck")
        want("deck.jokers", deck.get("jokers", 0), (0,), 0)
        want("deck.centre", deck.get("centre", []), ([],), [])
        want("deck.stripped", deck.get("stripped", []), ([],), [])
        wild = section("wild")
        want("wild.ranks", wild.get("ranks", []), ([],), [])
        want("wild.low_hole", wild.get("low_hole", False), (False,), False)
        want("wild.joker", wild.get("joker", "none"), ("none",), "none")
        want("events", doc.get("events", []), ([],), [])
        stakes = section("stakes")
        want("stakes.small_blind", stakes.get("small_blind"), (None,), None)
        want("stakes.big_blind", stakes.get("big_blind"), (None,), None)
        betting = section("betting")
        want(
            "betting.structure",
            betting.get("structure", "fixed-limit"),
            ("fixed-limit",),
            "fixed-limit",
        )
        want(
            "betting.uncapped_heads_up",
            betting.get("uncapped_heads_up", "in-hand"),
            ("in-hand", "round-start", "never"),
            "in-hand",
        )
        want(
            "betting.fold_when_check",
            betting.get("fold_when_check", "refused"),
            ("refused", "allowed"),
            "refused",
        )
        mr = betting.get("max_raises", 3)
        if mr is not None and (isinstance(mr, bool) or not isinstance(mr, int) or mr < 0):
            problems.append(Unsupported("betting.max_raises", mr, 3))
        board = section("board")
        want("board.ranking", board.get("ranking", "high"), ("high", "ace-to-five"), "high")
        want("board.ties", board.get("ties", "suit"), ("suit", "position"), "suit")
        bring = section("bring_in")
        want("bring_in.card", bring.get("card", "lowest"), ("lowest", "highest"), "lowest")
        want("bring_in.aces", bring.get("aces", "high"), ("high", "low"), "high")
        want(
            "bring_in.all_in",
            bring.get("all_in", "next-card"),
            ("next-card", "next-seat"),
            "next-card",
        )
        order = bring.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        if not isinstance(order, list) or sorted(order) != sorted(SUIT_NAMES):
            problems.append(
                Unsupported("bring_in.suit_order", order, ["clubs", "diamonds", "hearts", "spades"])
            )
        showdown = section("showdown")
        want(
            "showdown.method",
            showdown.get("method", "cards-speak"),
            ("cards-speak",),
            "cards-speak",
        )
        streets = doc.get("streets")
        if not isinstance(streets, list) or not streets:
            raise Refusal("bad_request", "ruleset has no streets")
        first_betting = True
        for i, st in enumerate(streets):
            if not isinstance(st, dict):
                raise Refusal("bad_request", f"street {i} is not a mapping")
            path = "streets.{}".format(st.get("name", i))
            for face in st.get("deal") or []:
                if face not in ("down", "up"):
                    problems.append(Unsupported(path + ".deal", st.get("deal"), ["up"]))
                    break
            want(
                path + ".deal_if_players_at_most", st.get("deal_if_players_at_most"), (None,), None
            )
            want(path + ".exchange", st.get("exchange"), (None,), None)
            want(path + ".decide", st.get("decide", []), ([],), [])
            want(path + ".spread", st.get("spread"), (None,), None)
            want(path + ".bet", st.get("bet", "small"), ("small", "big", None), "small")
            want(
                path + ".big_bet_when",
                st.get("big_bet_when", "never"),
                ("never", "open-pair"),
                "never",
            )
            want(path + ".ties", st.get("ties"), (None, "suit", "position"), None)
            opener = st.get("opener", "best-board")
            if opener == "bring-in":
                if not first_betting or stakes.get("bring_in") is None:
                    problems.append(Unsupported(path + ".opener", opener, "best-board"))
            else:
                want(path + ".opener", opener, ("best-board", "first-left"), "best-board")
            if st.get("bet", "small") is not None:
                first_betting = False
        pot = section("pot")
        shares = pot.get("shares")
        if not isinstance(shares, list) or not (1 <= len(shares) <= 2):
            problems.append(
                Unsupported("pot.shares", shares, [{"name": "high", "ranking": "high"}])
            )
            shares = []
        names = []
        for i, sh in enumerate(shares):
            if not isinstance(sh, dict):
                raise Refusal("bad_request", f"pot.shares[{i}] is not a mapping")
            path = "pot.shares.{}".format(sh.get("name", i))
            names.append(sh.get("name"))
            ranking = sh.get("ranking", "high")
            want(path + ".ranking", ranking, ("high", "ace-to-five", "ace-to-six"), "high")
            q = sh.get("qualifier")
            if q is not None and (
                ranking == "high" or isinstance(q, bool) or not isinstance(q, int)
            ):
                problems.append(Unsupported(path + ".qualifier", q, None))
            want(path + ".minimum", sh.get("minimum"), (None,), None)
            want(path + ".cards", sh.get("cards", "all"), ("all", "own"), "all")
            want(path + ".own", sh.get("own"), (None,), None)
            want(path + ".common", sh.get("common"), (None,), None)
            want(path + ".suit", sh.get("suit"), (None,), None)
            want(path + ".fallback", sh.get("fallback"), (None,), None)
        if len(names) == 2 and len(set(names)) != 2:
            raise Refusal("bad_request", "pot.shares names must differ")
        want("pot.split_unit", pot.get("split_unit"), (None,), None)
        want(
            "pot.odd_chip_tie",
            pot.get("odd_chip_tie", "position"),
            ("position", "high-card"),
            "position",
        )
        want("pot.unqualified", pot.get("unqualified"), (None, "best-high", "split"), None)
        if names and pot.get("odd_chip_share", "high") not in names:
            problems.append(Unsupported("pot.odd_chip_share", pot.get("odd_chip_share"), names[0]))
        if problems:
            text = "; ".join(
                f"{p.path} = {p.wanted!r}: not played by this engine" for p in problems
            )
            raise Refusal(
                "unsupported",
                text,
                values=[{"path": p.path, "wanted": p.wanted, "plays": p.plays} for p in problems],
            )


# ---------------------------------------------------------------- the shoe


class Shoe:
    """The stub, the burns, and each seat's own list of cards (seat-cards)."""

    def __init__(self, deck, seat_cards):
        self.stub = list(deck)
        self.burns = []
        self.lists = {seat: list(cards) for seat, cards in seat_cards.items()}
        self.reserved = {c for cards in self.lists.values() for c in cards}

    def __len__(self):
        return len(self.stub)

    def has_free(self):
        return any(c not in self.reserved for c in self.stub)

    def take_free(self):
        for i, c in enumerate(self.stub):
            if c not in self.reserved:
                return self.stub.pop(i)
        # only other seats' listed cards are left: take the top one
        c = self.stub.pop(0)
        self._unlist(c)
        return c

    def _unlist(self, card):
        self.reserved.discard(card)
        for cards in self.lists.values():
            if card in cards:
                cards.remove(card)

    def take_for(self, seat):
        own = self.lists.get(seat)
        while own:
            c = own.pop(0)
            self.reserved.discard(c)
            if c in self.stub:
                self.stub.remove(c)
                return c
        return self.take_free()

    def burn(self):
        self.burns.append(self.take_free())

    def reuse_burns(self):
        self.stub.extend(self.burns)
        self.burns = []


# ---------------------------------------------------------------- players and the round


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)  # this street's total
        self.total = Decimal(0)  # everything put in this hand
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []

    def reach(self):
        """The most this player's street total can become."""
        return self.bet + self.stack

    def public(self):
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": money(self.stack),
            "bet": money(self.bet),
            "folded": self.folded,
            "all_in": self.all_in,
            "down": list(self.down),
            "up": list(self.up),
        }


class BettingRound:
    def __init__(self, street, unit, active_at_start):
        self.street = street
        self.unit = unit  # the street's smallest bet
        self.level = Decimal(0)  # the street total to match
        self.bet_made = False  # a full bet (or completion) is in
        self.raises = 0
        self.big_locked = False
        self.pending = set()
        self.no_reraise = set()
        self.forced = None
        self.last_aggressor = None
        self.active_at_start = active_at_start
        self.bring_in_only = False  # the level is a bring-in nobody completed
        self.went_round_again = False


# ---------------------------------------------------------------- the hand


class Hand:
    def __init__(self, rules, players, dealer, deck, seat_cards):
        self.rules = rules
        self.players = sorted(players, key=lambda p: p.seat)
        self.by_seat = {p.seat: p for p in self.players}
        self.dealer = dealer
        self.shoe = Shoe(deck, seat_cards)
        self.community = []
        self.street_index = 0
        self.street_name = rules.streets[0].name
        self.round = None
        self.to_act = None
        self.over = False
        self.result = None
        self.dealt_any = False
        self.final_opener = None
        self.final_aggressor = None
        self._post_antes()
        self._run(0)

    # ---- seating order

    def clockwise_from(self, seat, include=False):
        """Players clockwise starting left of `seat` (or at it with include)."""
        seats = [p.seat for p in self.players]
        after = [s for s in seats if s > seat] + [s for s in seats if s <= seat]
        if include and seat in self.by_seat:
            after = [seat] + after[:-1]
        return [self.by_seat[s] for s in after]

    def deal_order(self):
        if "deals-from-seat-1" in BUGS:
            return list(self.players)
        return self.clockwise_from(self.dealer)

    def live(self):
        return [p for p in self.players if not p.folded]

    def able(self):
        return [p for p in self.players if not p.folded and not p.all_in]

    # ---- antes and dealing

    def _pay(self, p, amount, to_pot=True):
        amount = min(amount, p.stack)
        p.stack -= amount
        if to_pot:
            p.total += amount
        if p.stack == 0:
            p.all_in = True
        return amount

    def _post_antes(self):
        if self.rules.ante > 0:
            for p in self.clockwise_from(self.dealer):
                self._pay(p, self.rules.ante)

    def _rounds_after(self, street_index, entry_index):
        later = len(self.rules.streets[street_index].deal) - entry_index - 1
        for st in self.rules.streets[street_index + 1 :]:
            later += len(st.deal)
        return later

    def _deal_street(self, index):
        street = self.rules.streets[index]
        if not street.deal:
            return
        if self.rules.burn and self.dealt_any and len(self.shoe) > 0 and self.shoe.has_free():
            self.shoe.burn()
        for entry_index, face in enumerate(street.deal):
            receivers = [p for p in self.deal_order() if not p.folded]
            need = len(receivers)
            reserve = self._rounds_after(index, entry_index) if self.rules.community_card else 0

            def short(need=need, reserve=reserve):
                return len(self.shoe) < need or len(self.shoe) - need < reserve

            if short() and self.rules.reuse_burns:
                self.shoe.reuse_burns()  # the burned cards go under the stub
            if self.rules.community_card and short():
                if len(self.shoe) > 0:
                    self.community.append(self.shoe.take_free())
                continue
            for p in receivers:
                if len(self.shoe) == 0:
                    break
                card = self.shoe.take_for(p.seat)
                (p.up if face == "up" else p.down).append(card)
        self.dealt_any = True

    # ---- who acts first

    def _door_value(self, card):
        rank = card_rank(card)
        if rank == 14 and self.rules.bring_aces == "low":
            rank = 1
        return (rank, self.rules.suit_rank[card_suit(card)])

    def _bring_in_player(self):
        rules = self.rules
        highest = rules.bring_card == "highest"
        if rules.is_razz and "razz-bring-in-lowest" in BUGS:
            highest = False

        def door(p):
            values = [self._door_value(c) for c in p.up] or [(0, 0)]
            return max(values) if highest else min(values)

        def pick(cands):
            if highest:
                return max(cands, key=door)
            return min(cands, key=door)

        live = self.live()
        forced = pick(live)
        if forced.stack > 0:
            return forced
        if rules.bring_all_in == "next-seat":
            for p in self.clockwise_from(forced.seat):
                if not p.folded and p.stack > 0:
                    return p
            return None
        cands = [p for p in live if p.stack > 0]
        return pick(cands) if cands else None

    def _board_leader(self, street):
        """The seat whose board is best (for the opener and the show order)."""
        rules = self.rules
        low = rules.board_ranking != "high"
        if rules.is_razz and "razz-opener-highest" in BUGS:
            low = False
        ties = street.ties or rules.board_ties
        best = None
        best_key = None
        for p in self.clockwise_from(self.dealer):
            if p.folded:
                continue
            key, suits = board_reading(p.up + self.community, low)
            if ties == "suit":
                key = key + (suits,)
            if best_key is None or key < best_key:
                best, best_key = p, key
        return best

    def _opener(self, street):
        if street.opener == "first-left":
            start = self.clockwise_from(self.dealer)
        else:
            leader = self._board_leader(street)
            start = self.clockwise_from(leader.seat, include=True)
        for p in start:
            if not p.folded and not p.all_in:
                return p
        return None

    # ---- the streets

    def _run(self, index):
        """Deal street `index` and on, until a player must act or the hand ends."""
        rules = self.rules
        while index < len(rules.streets):
            street = rules.streets[index]
            self.street_index = index
            self.street_name = street.name
            self._deal_street(index)
            for p in self.players:
                p.bet = Decimal(0)
            if street.bet is not None:
                able = self.able()
                if street.opener == "bring-in":
                    first = self._bring_in_player() if len(able) >= 2 else None
                    self.final_opener = first.seat if first else None
                else:
                    first = self._opener(street)
                    if street.opener == "first-left":
                        self.final_opener = first.seat if first else None
                    else:
                        self.final_opener = self._board_leader(street).seat
                self.final_aggressor = None
                if len(able) >= 2 and first is not None:
                    unit = rules.small if street.bet == "small" else rules.big
                    rnd = BettingRound(street, unit, len(able))
                    if street.opener == "bring-in":
                        rnd.forced = first.seat
                    rnd.pending = {p.seat for p in able}
                    self.round = rnd
                    self.to_act = first.seat
                    return
            self.round = None
            index += 1
        self._showdown()

    def _end_round(self):
        self.final_aggressor = self.round.last_aggressor
        self._return_uncalled()
        self.round = None
        self.to_act = None
        if len(self.live()) == 1:
            self._win_uncontested()
            return
        self._run(self.street_index + 1)

    def _return_uncalled(self):
        if "uncalled-bet-kept" in BUGS:
            return
        if not self.players:
            return
        top = max(self.players, key=lambda p: p.bet)
        others = [p.bet for p in self.players if p is not top]
        second = max(others) if others else Decimal(0)
        if top.bet > second:
            back = top.bet - second
            top.bet -= back
            top.total = max(top.total - back, Decimal(0))
            top.stack += back
            top.all_in = top.stack == 0

    # ---- legal actions

    def _open_pair(self):
        for p in self.live():
            ranks = [card_rank(c) for c in p.up + self.community]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def _increments(self, rnd):
        rules = self.rules
        street = rnd.street
        if street.bet == "small" and street.big_bet_when == "open-pair" and rules.big > rules.small:
            if rnd.big_locked and rules.big_locks:
                return [rules.big]
            if self._open_pair():
                return [rules.small, rules.big]
            return [rules.small]
        return [rnd.unit]

    def _cap_reached(self, rnd):
        rules = self.rules
        if rules.max_raises is None or not rnd.bet_made:
            return False
        if rnd.raises < rules.max_raises:
            return False
        lifted = False
        if "cap-kept-heads-up" not in BUGS:
            if rules.uncapped == "in-hand":
                lifted = len(self.live()) == 2
            elif rules.uncapped == "round-start":
                lifted = rnd.active_at_start == 2
        return not lifted

    def legal(self):
        """The options of the seat to act: a list of (action, amount or None)."""
        if self.over or self.round is None or self.to_act is None:
            return []
        rnd = self.round
        rules = self.rules
        p = self.by_seat[self.to_act]
        reach = p.reach()
        options = []
        if rnd.forced == p.seat:
            amount = min(rules.bring_in, reach)
            options.append(("bring_in", amount))
            if rules.bring_in < rnd.unit and reach > amount:
                target = min(rnd.unit, reach)
                if not ("short-completion-refused" in BUGS and reach < rnd.unit):
                    options.append(("complete", target))
            return options
        to_call = rnd.level - p.bet
        if to_call > 0:
            options.append(("fold", None))
            options.append(("call", min(rnd.level, reach)))
        else:
            options.append(("check", None))
            if rules.fold_when_check:
                options.append(("fold", None))
        answerable = any(q.reach() > rnd.level for q in self.live() if q is not p)
        if (
            reach > rnd.level
            and answerable
            and p.seat not in rnd.no_reraise
            and not self._cap_reached(rnd)
        ):
            if not rnd.bet_made:
                if rnd.level > 0:
                    word, targets = "complete", [rnd.unit]
                    if "short-completion-refused" in BUGS and reach < rnd.unit:
                        targets = []
                else:
                    word, targets = "bet", self._increments(rnd)
            else:
                word = "raise"
                targets = [rnd.level + inc for inc in self._increments(rnd)]
            seen = set()
            for t in targets:
                t = min(t, reach)
                if t > rnd.level and t not in seen:
                    seen.add(t)
                    options.append((word, t))
        return options

    def legal_json(self):
        out = []
        for action, amount in self.legal():
            item = {"action": action}
            if amount is not None:
                item["amount"] = money(amount)
            out.append(item)
        return out

    # ---- acting

    def act(self, seat, action, amount):
        if self.over:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        options = self.legal()
        legal = self.legal_json()
        listing = ", ".join(a if m is None else f"{a} {money(m)}" for a, m in options)
        if seat != self.to_act:
            raise Refusal(
                "illegal_action",
                f"seat {seat} cannot act now: seat {self.to_act} is to act; legal now: {listing}",
                legal=legal,
            )
        matching = [(a, m) for a, m in options if a == action]
        if not matching:
            raise Refusal(
                "illegal_action",
                f"{action} is not legal now; legal now: {listing}",
                legal=legal,
            )
        if amount is not None and matching[0][1] is not None:
            chosen = [(a, m) for a, m in matching if m == amount]
            if not chosen:
                raise Refusal(
                    "illegal_action",
                    f"{action} {money(amount)} is not legal now; legal now: {listing}",
                    legal=legal,
                )
            choice = chosen[0]
        else:
            choice = min(matching, key=lambda am: am[1] if am[1] is not None else 0)
        self._apply(self.by_seat[seat], choice[0], choice[1])

    def _apply(self, p, action, amount):
        rnd = self.round
        rules = self.rules
        if action == "fold":
            p.folded = True
            rnd.pending.discard(p.seat)
        elif action == "check":
            rnd.pending.discard(p.seat)
        elif action == "call":
            self._pay(p, amount - p.bet)
            p.bet = amount
            rnd.pending.discard(p.seat)
        elif action == "bring_in":
            rnd.forced = None
            out_of_pot = "bring-in-out-of-pot" in BUGS
            self._pay(p, amount, to_pot=not out_of_pot)
            p.bet = amount
            rnd.level = amount
            if rules.bring_in >= rnd.unit and amount == rules.bring_in:
                rnd.bet_made = True
                rnd.last_aggressor = p.seat
            else:
                rnd.bring_in_only = True
            rnd.pending = {q.seat for q in self.able() if q is not p}
            rnd.no_reraise = set()
        else:  # complete, bet, raise
            rnd.forced = None
            before = rnd.level
            self._pay(p, amount - p.bet)
            p.bet = amount
            if action == "raise":
                full = amount - before >= rules.reopen * min(self._increments(rnd))
                if full:
                    rnd.raises += 1
            elif action == "complete":
                full = amount >= rules.reopen * rnd.unit
            else:  # a bet opens the round whatever its size
                full = True
            if amount - before >= rules.big > rules.small and rnd.street.bet == "small":
                rnd.big_locked = True
            rnd.level = max(rnd.level, amount)
            rnd.last_aggressor = p.seat
            if full:
                rnd.bet_made = True
                rnd.bring_in_only = False
                rnd.pending = {q.seat for q in self.able() if q is not p}
                rnd.no_reraise = set()
            else:
                for q in self.able():
                    if q is not p and q.bet < rnd.level and q.seat not in rnd.pending:
                        rnd.pending.add(q.seat)
                        if action == "raise":
                            rnd.no_reraise.add(q.seat)
            rnd.pending.discard(p.seat)
        self._after_action(p)

    def _after_action(self, p):
        rnd = self.round
        if len(self.live()) == 1:
            self._return_uncalled()
            self.round = None
            self.to_act = None
            self._win_uncontested()
            return
        rnd.pending = {
            s for s in rnd.pending if not self.by_seat[s].folded and not self.by_seat[s].all_in
        }
        if (
            not rnd.pending
            and rnd.bring_in_only
            and not rnd.went_round_again
            and "round-goes-on-after-bring-in" in BUGS
        ):
            rnd.went_round_again = True
            rnd.pending = {q.seat for q in self.able()}
        if not rnd.pending:
            self._end_round()
            return
        for q in self.clockwise_from(p.seat):
            if q.seat in rnd.pending:
                self.to_act = q.seat
                return

    # ---- pots and the showdown

    def pots(self):
        contrib = {p.seat: p.total for p in self.players}
        live = self.live()
        levels = sorted({p.total for p in live if p.all_in})
        pots = []
        previous = Decimal(0)
        for level in levels:
            amount = sum(min(c, level) - min(c, previous) for c in contrib.values())
            eligible = [p.seat for p in live if p.total >= level or not p.all_in]
            if amount > 0:
                pots.append((amount, eligible))
            previous = level
        rest = sum(max(c - previous, Decimal(0)) for c in contrib.values())
        eligible = [p.seat for p in live if not p.all_in]
        if rest > 0 or not pots:
            if not eligible:
                eligible = [p.seat for p in live if p.total >= previous]
            pots.append((rest, eligible))
        merged = []
        for amount, eligible in pots:
            if merged and merged[-1][1] == eligible:
                merged[-1] = (merged[-1][0] + amount, eligible)
            else:
                merged.append((amount, eligible))
        return merged

    def pot_total(self):
        return sum(p.total for p in self.players)

    def _win_uncontested(self):
        winner = self.live()[0]
        awards = []
        for index, (amount, _) in enumerate(self.pots()):
            if amount > 0:
                winner.stack += amount
                awards.append(
                    {"seat": winner.seat, "amount": money(amount), "pot": index, "share": None}
                )
        for p in self.players:
            p.bet = Decimal(0)
        self.over = True
        self.to_act = None
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def _share_reading(self, p, share):
        cards = p.down + p.up + self.community
        rules = self.rules
        ranking = share.ranking
        qualifier = share.qualifier
        bottom_up = False
        if rules.is_razz and ranking == "ace-to-five" and "razz-straights-count" in BUGS:
            ranking = "ace-to-six"
        if rules.is_hilo and ranking != "high":
            if qualifier is not None and "hilo-nine-qualifies" in BUGS:
                qualifier += 1
            if ranking == "ace-to-five" and "hilo-lows-from-bottom" in BUGS:
                bottom_up = True
        return best_hand(cards, ranking, qualifier, bottom_up)

    def _odd_order(self, seats):
        """Tied winners in the order odd chips go to them."""
        if self.rules.odd_chip_tie == "high-card":

            def top(seat):
                p = self.by_seat[seat]
                return max((card_rank(c), SUIT_CHARS.index(card_suit(c))) for c in p.down + p.up)

            return sorted(seats, key=top, reverse=True)
        order = [p.seat for p in self.clockwise_from(self.dealer)]
        return sorted(seats, key=order.index)

    def _split(self, units, count):
        base, rest = divmod(units, count)
        return [base + (1 if i < rest else 0) for i in range(count)]

    def _showdown(self):
        rules = self.rules
        self.round = None
        self.to_act = None
        live = self.live()
        readings = {}
        for p in live:
            for share in rules.shares:
                readings[(p.seat, share.name)] = self._share_reading(p, share)
        awards = []
        chip = rules.chip
        for index, (amount, eligible) in enumerate(self.pots()):
            if amount <= 0:
                continue
            units = int(amount // chip)
            leftover = amount - units * chip
            winners = []  # (share name, [seats])
            for share in rules.shares:
                got = [
                    (readings[(s, share.name)], s)
                    for s in eligible
                    if readings[(s, share.name)] is not None
                ]
                if got:
                    best = min(j.key for j, _ in got)
                    winners.append((share.name, [s for j, s in got if j.key == best]))
            if not winners:
                if rules.unqualified == "split":
                    winners = [(None, list(eligible))]
                else:
                    got = [
                        (
                            best_hand(
                                self.by_seat[s].down + self.by_seat[s].up + self.community, "high"
                            ),
                            s,
                        )
                        for s in eligible
                    ]
                    best = min(j.key for j, _ in got)
                    winners = [("high", [s for j, s in got if j.key == best])]
            parts = self._split(units, len(winners))
            if len(winners) > 1:
                names = [name for name, _ in winners]
                odd = rules.odd_chip_share
                if rules.is_hilo and "hilo-odd-chip-to-low" in BUGS:
                    odd = [s.name for s in rules.shares if s.ranking != "high"][0]
                start = names.index(odd) if odd in names else 0
                base, rest = divmod(units, len(winners))
                parts = [base] * len(winners)
                for i in range(rest):
                    parts[(start + i) % len(winners)] += 1
            for (name, seats), part in zip(winners, parts, strict=False):
                ordered = self._odd_order(seats)
                for seat, got_units in zip(ordered, self._split(part, len(ordered)), strict=False):
                    won = got_units * chip
                    if leftover and seat == ordered[0] and name == winners[0][0]:
                        won += leftover
                    if won > 0:
                        self.by_seat[seat].stack += won
                        awards.append(
                            {"seat": seat, "amount": money(won), "pot": index, "share": name}
                        )
        hands = []
        for p in self._show_order():
            for share in rules.shares:
                judged = readings[(p.seat, share.name)]
                if judged is not None:
                    hands.append(
                        {
                            "seat": p.seat,
                            "share": share.name,
                            "name": judged.name,
                            "cards": list(judged.cards),
                        }
                    )
        for p in self.players:
            p.bet = Decimal(0)
        self.over = True
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    def _show_order(self):
        first = self.final_aggressor if self.final_aggressor is not None else self.final_opener
        live = [p for p in self.clockwise_from(self.dealer) if not p.folded]
        if first is None:
            return live
        return [p for p in self.clockwise_from(first, include=True) if not p.folded]

    # ---- the state

    def state(self):
        pots = self.pots()
        total = self.pot_total()
        return {
            "street": self.street_name,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": [] if self.over else self.legal_json(),
            "pot": money(total),
            "pots": [{"amount": money(a), "eligible": e} for a, e in pots],
            "dealer": self.dealer,
            "seats": [p.public() for p in self.players],
            "community": list(self.community),
            "result": self.result,
        }


# ---------------------------------------------------------------- the protocol


def parse_seat_cards(raw, seats):
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise Refusal("bad_request", "seat_cards must be a list")
    out = {}
    for item in raw:
        if not isinstance(item, dict) or "seat" not in item or "cards" not in item:
            raise Refusal("bad_request", "seat_cards entries need seat and cards")
        seat = item["seat"]
        if seat not in seats or seat in out:
            raise Refusal("bad_request", f"seat_cards names seat {seat!r}")
        out[seat] = [check_card(c) for c in item["cards"]]
    return out


def build_deck(raw):
    if not isinstance(raw, list):
        raise Refusal("bad_request", "deck must be a list of cards")
    deck = [check_card(c) for c in raw]
    if len(set(deck)) != len(deck):
        raise Refusal("bad_request", "a card is named twice in the deck")
    listed = set(deck)
    return deck + [c for c in NEW_DECK if c not in listed]


class Engine:
    def __init__(self):
        self.rules = None
        self.hand = None
        self.players = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
            "rulesets": ["seven-card-stud", "razz", "stud-hi-lo"],
            "features": [
                "evaluate",
                "evaluate-options",
                "hi-lo",
                "table",
                "seat-cards",
                "refusal-state",
                "pipelining",
            ],
        }

    def _start(self, rules, players, dealer, req):
        deck = build_deck(req.get("deck", []))
        seat_cards = parse_seat_cards(req.get("seat_cards"), {p.seat for p in players})
        for cards in seat_cards.values():
            for c in cards:
                if c not in deck:
                    raise Refusal("bad_request", f"seat card {c} is not in the pack")
        all_listed = [c for cards in seat_cards.values() for c in cards]
        if len(set(all_listed)) != len(all_listed):
            raise Refusal("bad_request", "a card is listed for two seats")
        return Hand(rules, players, dealer, deck, seat_cards)

    def new_hand(self, req):
        rules = Rules(req.get("ruleset"))
        seats = req.get("seats")
        if not isinstance(seats, list) or not seats:
            raise Refusal("bad_request", "seats must be a non-empty list")
        players = []
        for s in seats:
            if not isinstance(s, dict):
                raise Refusal("bad_request", "a seat must be an object")
            seat = s.get("seat")
            if isinstance(seat, bool) or not isinstance(seat, int) or seat < 1:
                raise Refusal("bad_request", f"bad seat number {seat!r}")
            if any(p.seat == seat for p in players):
                raise Refusal("bad_request", f"seat {seat} twice")
            players.append(Player(seat, str(s.get("name", "")), dec(s.get("stack"))))
        if len(players) > rules.seats_max:
            raise Refusal("bad_request", "more players than seats.max")
        dealer = req.get("dealer")
        if isinstance(dealer, bool) or not isinstance(dealer, int) or dealer < 1:
            raise Refusal("bad_request", f"bad dealer {dealer!r}")
        hand = self._start(rules, players, dealer, req)
        self.rules, self.hand = rules, hand
        return {"state": hand.state()}

    def next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt at this table")
        if not self.hand.over:
            raise Refusal("bad_request", "the hand is still running")
        old = self.hand
        players = [Player(p.seat, p.name, p.stack) for p in old.players if p.stack > 0]
        if len(players) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        dealer = old.dealer
        if self.rules.rotates:
            seats = [p.seat for p in players]
            after = [s for s in seats if s > dealer]
            dealer = after[0] if after else seats[0]
        hand = self._start(self.rules, players, dealer, req)
        self.hand = hand
        return {"state": hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        seat = req.get("seat")
        action = req.get("action")
        amount = req.get("amount")
        amount = None if amount is None else dec(amount)
        try:
            self.hand.act(seat, action, amount)
        except Refusal as r:
            if r.code == "illegal_action":
                r.state = self.hand.state()
            raise
        return {"state": self.hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in ("high", "ace-to-five", "ace-to-six"):
            raise Refusal("unsupported", f"ranking {ranking!r} is not played by this engine")
        if req.get("wild"):
            raise Refusal("unsupported", "wild cards are not played by this engine")
        qualifier = req.get("qualifier")
        if ranking == "high":
            qualifier = None
        hands = req.get("hands")
        if not isinstance(hands, list) or not hands:
            raise Refusal("bad_request", "hands must be a non-empty list")
        judged = []
        for h in hands:
            if not isinstance(h, list) or not 5 <= len(h) <= 8:
                raise Refusal("unsupported", "hands of 5 to 8 cards only")
            cards = [check_card(c) for c in h]
            if len(set(cards)) != len(cards):
                raise Refusal("bad_request", "a card twice in one hand")
            judged.append(best_hand(cards, ranking, qualifier))
        keys = [(0,) + j.key if j is not None else (1,) for j in judged]
        results = []
        for j, k in zip(judged, keys, strict=False):
            rank = 1 + sum(1 for other in keys if other < k)
            if j is None:
                results.append(
                    {"best": [], "name": "no qualifying low", "rank": rank, "qualifies": False}
                )
            else:
                item = {"best": list(j.cards), "name": j.name, "rank": rank}
                if qualifier is not None:
                    item["qualifies"] = True
                results.append(item)
        return {"results": results}


def handle(engine, req):
    op = req.get("op")
    if op == "hello":
        return engine.hello(req)
    if op == "new_hand":
        return engine.new_hand(req)
    if op == "next_hand":
        return engine.next_hand(req)
    if op == "act":
        return engine.act(req)
    if op == "state":
        return engine.state(req)
    if op == "evaluate":
        return engine.evaluate(req)
    if op == "bye":
        return {}
    raise Refusal("unsupported", f"operation {op!r} is not played by this engine")


def main(argv):
    args = argv[1:]
    while args:
        arg = args.pop(0)
        if arg == "--bugs" and args:
            names = [b for b in args.pop(0).split(",") if b]
        elif arg.startswith("--bugs="):
            names = [b for b in arg[len("--bugs=") :].split(",") if b]
        else:
            print("usage: independent_six.py [--bugs a,b]", file=sys.stderr)
            return 2
        unknown = [n for n in names if n not in KNOWN_BUGS]
        if unknown:
            print("unknown bugs: {}".format(", ".join(unknown)), file=sys.stderr)
            return 2
        BUGS.update(names)
    engine = Engine()
    out = sys.stdout
    for raw in sys.stdin.buffer:
        rid = None
        req = None
        try:
            try:
                req = json.loads(raw.decode("utf-8"))
            except (UnicodeDecodeError, ValueError, RecursionError):
                raise Refusal("bad_request", "not a JSON line") from None
            if not isinstance(req, dict):
                raise Refusal("bad_request", "a request must be an object")
            rid = req.get("id")
            if isinstance(rid, bool) or not isinstance(rid, (int, float)):
                rid = None
            reply = {"id": rid, "ok": True}
            reply.update(handle(engine, req))
        except Refusal as r:
            error = {"code": r.code, "message": r.message[:2000]}
            if r.legal is not None:
                error["legal"] = r.legal
            if r.values:
                error["values"] = r.values
            if getattr(r, "state", None) is not None:
                error["state"] = r.state
            reply = {"id": rid, "ok": False, "error": error}
        except Exception as e:  # never die on one line
            print(f"internal error: {e!r}", file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": repr(e)[:2000]},
            }
        out.write(json.dumps(reply, ensure_ascii=True) + "\n")
        out.flush()
        if isinstance(req, dict) and req.get("op") == "bye" and reply.get("ok"):
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

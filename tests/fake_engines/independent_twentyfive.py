"""Independent engine twenty-five: seven-card stud and its betting-structure variants.

Written from the public documents only (docs/protocol.md, docs/reference/ruleset.md,
schemas/, rulesets/*.yaml, features/ and features/rules-index.yaml), with the Python
standard library alone.  It speaks engine protocol 1.2 (JSON lines on stdin/stdout) with
the capabilities evaluate, declare, hi-lo, spread-limit, pot-limit, table, seat-cards,
refusal-state and pipelining.

It deals fixed-limit seven-card stud and its house variants (four raises, the cap lifted
at round start, small raises after a big bet, a big bring-in), spread-limit stud (also
with a higher top on the later streets), pot-limit stud, and stud hi-lo with the cards
speaking or with declarations (in turn or all at once, also with the high card bringing
in).  Any ruleset value it does not play is refused with ``unsupported`` naming it.

Planted bugs, switched on with ``--bugs a,b,c`` (none by default); each breaks one rule
of the catalogue:

- ``spread-min-from-bet`` (SPREAD-03): in spread limit the smallest raise adds the round's
  opening bet, not the last bet or raise.
- ``pot-forgets-call`` (POT-02): in pot limit the largest raise adds the pot to the bet
  faced without the raiser's call.
- ``completion-is-a-raise`` (BRING-10): completing a bring-in below the small bet is
  counted as a raise, so one raise fewer may follow it.
- ``heads-up-counts-chips`` (CAP-02): the cap is lifted once only two players can still
  bet, counting an all-in player as out of the hand.
- ``short-bring-in-is-bet`` (BRING-08): whether the bring-in is the bet is read from the
  ruleset's bring-in, not from what was posted, so a bring-in of a full small bet posted
  all in for less may be raised instead of completed.
- ``both-keeps-half`` (DECL-04): a player declaring both who wins one share outright and
  ties or loses the other still takes the share won.
- ``reveal-declarations`` (DECL-01): simultaneous declarations are shown as they are made
  instead of all at once.
- ``odd-chip-low`` (HILO-08): the odd chip of a pot split between high and low goes to the
  low half.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation

BUGS = {
    "spread-min-from-bet": "SPREAD-03: spread raise minimum from the opening bet",
    "pot-forgets-call": "POT-02: pot-limit raise maximum forgets the call",
    "completion-is-a-raise": "BRING-10: the completion counts toward the cap",
    "heads-up-counts-chips": "CAP-02: all-in players do not count for lifting the cap",
    "short-bring-in-is-bet": "BRING-08: an all-in short bring-in is taken as the bet",
    "both-keeps-half": "DECL-04: a failed both declaration keeps the share it won",
    "reveal-declarations": "DECL-01: simultaneous declarations revealed as made",
    "odd-chip-low": "HILO-08: odd chip of a hi-lo split goes to the low half",
}
ACTIVE: set = set()


def bug(name):
    return name in ACTIVE


# ---------------------------------------------------------------- cards

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
NEW_DECK = [r + s for r in RANK_CHARS for s in SUIT_CHARS]
RANK_OF = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
SUIT_OF = {ch: i for i, ch in enumerate(SUIT_CHARS)}
SUIT_WORDS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
WORDS = {
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


def plural(r):
    w = WORDS[r]
    return w + "es" if w.endswith("x") else w + "s"


def rank(card):
    return RANK_OF[card[0]]


def suit(card):
    return SUIT_OF[card[1]]


def valid_card(c):
    return isinstance(c, str) and len(c) == 2 and c[0] in RANK_OF and c[1] in SUIT_OF


# ---------------------------------------------------------------- hand values


def _groups(ranks):
    cnt = Counter(ranks)
    return sorted(cnt.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)


def high5(cards, ace_low=False):
    """Value of five cards as a high hand (bigger is better)."""
    rs = []
    for c in cards:
        r = rank(c)
        if ace_low and r == 14:
            r = 1
        rs.append(r)
    rs.sort(reverse=True)
    flush = len({c[1] for c in cards}) == 1
    uniq = sorted(set(rs), reverse=True)
    top = None
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            top = uniq[0]
        elif not ace_low and uniq == [14, 5, 4, 3, 2]:
            top = 5
    g = _groups(rs)
    if top and flush:
        return (8, top)
    if g[0][1] == 4:
        return (7, g[0][0], g[1][0])
    if g[0][1] == 3 and g[1][1] == 2:
        return (6, g[0][0], g[1][0])
    if flush:
        return (5,) + tuple(rs)
    if top:
        return (4, top)
    if g[0][1] == 3:
        return (3, g[0][0]) + tuple(r for r, _ in g[1:])
    if g[0][1] == 2 and g[1][1] == 2:
        return (2, g[0][0], g[1][0], g[2][0])
    if g[0][1] == 2:
        return (1, g[0][0]) + tuple(r for r, _ in g[1:])
    return (0,) + tuple(rs)


def low5(cards):
    """Ace-to-five value of five cards (smaller is better)."""
    rs = [1 if rank(c) == 14 else rank(c) for c in cards]
    g = _groups(rs)
    shape = tuple(n for _, n in g)
    cat = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[
        shape
    ]
    ordered = []
    for r, n in g:
        ordered.extend([r] * n)
    return (cat,) + tuple(ordered)


def best_high(cards):
    best = None
    for combo in itertools.combinations(cards, 5):
        v = high5(combo)
        if best is None or v > best[0]:
            best = (v, combo)
    return best


def best_low(cards):
    best = None
    for combo in itertools.combinations(cards, 5):
        v = low5(combo)
        if best is None or v < best[0]:
            best = (v, combo)
    return best


def best_a6(cards):
    best = None
    for combo in itertools.combinations(cards, 5):
        v = high5(combo, ace_low=True)
        if best is None or v < best[0]:
            best = (v, combo)
    return best


def qualifies(lowval, qualifier):
    if qualifier is None:
        return True
    return lowval[0] == 0 and lowval[1] <= qualifier


def high_name(v):
    cat = v[0]
    if cat == 8:
        return "royal flush" if v[1] == 14 else f"{WORDS[v[1]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {plural(v[1])}"
    if cat == 6:
        return f"full house, {plural(v[1])} over {plural(v[2])}"
    if cat == 5:
        return f"flush, {WORDS[v[1]]} high"
    if cat == 4:
        return f"{WORDS[v[1]]}-high straight"
    if cat == 3:
        return f"three of a kind, {plural(v[1])}"
    if cat == 2:
        return f"two pair, {plural(v[1])} and {plural(v[2])}"
    if cat == 1:
        return f"pair of {plural(v[1])}"
    return f"high card, {WORDS[v[1]]}"


def low_name(v):
    if v[0] == 0:
        return f"{WORDS[v[1]]}-{WORDS[v[2]]} low"
    g = v[1:]
    if v[0] == 1:
        return f"pair of {plural(g[0])}"
    if v[0] == 2:
        return f"two pair, {plural(g[0])} and {plural(g[2])}"
    if v[0] == 3:
        return f"three of a kind, {plural(g[0])}"
    if v[0] == 4:
        return f"full house, {plural(g[0])} over {plural(g[3])}"
    return f"four of a kind, {plural(g[0])}"


def a6_name(v):
    if v[0] == 0:
        return f"{WORDS[v[1]]}-{WORDS[v[2]]} low"
    return high_name(v)


def order_high(combo):
    cnt = Counter(rank(c) for c in combo)
    v = high5(combo)
    if v[0] in (4, 8):
        key = [1 if (v[1] == 5 and rank(c) == 14) else rank(c) for c in combo]
        return [c for _, c in sorted(zip(key, combo, strict=False))]
    return sorted(combo, key=lambda c: (cnt[rank(c)], rank(c), suit(c)), reverse=True)


def order_low(combo):
    return sorted(combo, key=lambda c: (1 if rank(c) == 14 else rank(c), suit(c)), reverse=True)


def board_value(cards):
    """Exposed cards read for the opener: pairs, trips, quads, then high cards."""

    def five(cs):
        cnt = Counter(rank(c) for c in cs)
        g = sorted(cnt.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = [n for _, n in g]
        if shape[0] == 4:
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
        ordered = sorted(cs, key=lambda c: (cnt[rank(c)], rank(c), suit(c)), reverse=True)
        return (cat,) + tuple(rank(c) for c in ordered), suit(ordered[0])

    if not cards:
        return (0,), 0
    if len(cards) <= 5:
        return five(cards)
    return max(five(cs) for cs in itertools.combinations(cards, 5))


# ---------------------------------------------------------------- money


def money(x):
    return format(x, "f")


def parse_money(x, what="amount"):
    if not isinstance(x, str):
        raise Refusal("bad_request", f"{what} must be a decimal string")
    if (
        not x
        or not all(ch.isdigit() or ch == "." for ch in x)
        or x.count(".") > 1
        or x.startswith(".")
        or x.endswith(".")
    ):
        raise Refusal("bad_request", f"{what} {x!r} is not a decimal string")
    head = x.split(".")[0].lstrip("0")
    tail = x.split(".")[1] if "." in x else ""
    if len(head) > 15 or len(tail) > 6:
        raise Refusal("bad_request", f"{what} {x!r} has too many digits")
    return Decimal(x)


def to_dec(v, what):
    if v is None:
        return None
    if isinstance(v, bool):
        raise Refusal("bad_request", f"{what} is not an amount")
    try:
        return Decimal(str(v))
    except InvalidOperation:
        raise Refusal("bad_request", f"{what} is not an amount") from None


class Refusal(Exception):
    def __init__(self, code, message, legal=None, values=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


# ---------------------------------------------------------------- rulesets


def _stud_base():
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
            "pot_ceiling": "pot-after-call",
            "min_raise": "last-increment",
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
            "split_unit": None,
            "odd_chip_share": "high",
            "odd_chip_tie": "position",
            "unqualified": None,
        },
        "showdown": {
            "method": "cards-speak",
            "declare_order": "in-turn",
            "declare_starts": "last-aggressor",
            "failed_both": "disqualified",
        },
    }


def _merge(base, over):
    for k, v in over.items():
        if k == "streets":
            by = {s["name"]: s for s in base["streets"]}
            for s in v:
                by[s["name"]].update(s)
        elif k == "pot" and "shares" in v:
            base["pot"]["shares"] = v["shares"]
            base["pot"].update({a: b for a, b in v.items() if a != "shares"})
        elif isinstance(v, dict) and isinstance(base.get(k), dict):
            base[k].update(v)
        else:
            base[k] = v
    return base


_SPREAD = [
    {"name": n, "spread": {"min": "1", "max": "5"}}
    for n in ("third", "fourth", "fifth", "sixth", "seventh")
]
_SPREAD[1]["big_bet_when"] = "never"
_HILO_SHARES = [
    {"name": "high", "ranking": "high"},
    {"name": "low", "ranking": "ace-to-five", "qualifier": 8},
]
_DECL_SHARES = [
    {"name": "high", "ranking": "high"},
    {"name": "low", "ranking": "ace-to-five", "qualifier": None},
]
SHIPPED = {
    "seven-card-stud": [],
    "seven-card-stud-four-raises": [{"betting": {"max_raises": 4}}],
    "seven-card-stud-round-start-cap": [{"betting": {"uncapped_heads_up": "round-start"}}],
    "seven-card-stud-small-raise": [{"betting": {"big_bet_locks": False}}],
    "seven-card-stud-big-bring-in": [
        {
            "stakes": {
                "chip": "0.50",
                "ante": "0.50",
                "bring_in": "2",
                "small_bet": "5",
                "big_bet": "10",
            }
        }
    ],
    "spread-limit-stud": [
        {
            "stakes": {"ante": "0.25", "bring_in": "0.25", "small_bet": "1", "big_bet": "1"},
            "betting": {"structure": "spread-limit"},
            "streets": _SPREAD,
        }
    ],
    "pot-limit-stud": [
        {
            "stakes": {"ante": "1", "bring_in": "1", "small_bet": "1", "big_bet": "1"},
            "betting": {"structure": "pot-limit", "max_raises": None, "reopen_fraction": "1"},
            "streets": [{"name": "fourth", "big_bet_when": "never"}],
        }
    ],
    "stud-hi-lo": [
        {"streets": [{"name": "fourth", "big_bet_when": "never"}], "pot": {"shares": _HILO_SHARES}}
    ],
}
SHIPPED["spread-limit-stud-ten-end"] = SHIPPED["spread-limit-stud"] + [
    {
        "streets": [
            {"name": n, "spread": {"min": "1", "max": "10"}} for n in ("fifth", "sixth", "seventh")
        ]
    }
]
SHIPPED["stud-hi-lo-declare"] = SHIPPED["stud-hi-lo"] + [
    {"pot": {"shares": _DECL_SHARES}, "showdown": {"method": "declare", "declare_order": "in-turn"}}
]
SHIPPED["stud-hi-lo-declare-simultaneous"] = SHIPPED["stud-hi-lo-declare"] + [
    {"showdown": {"declare_order": "simultaneous"}}
]
SHIPPED["stud-hi-lo-declare-high-bring-in"] = SHIPPED["stud-hi-lo-declare-simultaneous"] + [
    {"bring_in": {"card": "highest", "aces": "low"}}
]
RULESETS = list(SHIPPED)


def shipped(name):
    doc = _stud_base()
    for over in SHIPPED[name]:
        _merge(doc, json.loads(json.dumps(over)))
    doc["name"] = name
    return doc


class Street:
    pass


# values this engine refuses but could be judged by under a profile: it plays the other
# value in their place (anything else it refuses is simply not supported)
PLAYS_INSTEAD = {"betting.pot_ceiling", "betting.min_raise", "pot.split_unit"}


class Rules:
    """The resolved ruleset, read and checked: every value this engine cannot play is
    collected in ``problems`` as (path, wanted, plays)."""

    def __init__(self, doc):
        self.problems = []
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be an object or a shipped name")

        def g(d, k, default):
            return d.get(k, default) if isinstance(d, dict) else default

        p = self.problems

        def want(path, value, allowed, plays):
            if value not in allowed:
                p.append((path, value, plays))

        seats = g(doc, "seats", {})
        self.seats_min = g(seats, "min", 2)
        self.seats_max = g(seats, "max", 8)
        deck = g(doc, "deck", {})
        want("deck.jokers", g(deck, "jokers", 0), (0,), 0)
        if g(deck, "centre", []):
            p.append(("deck.centre", g(deck, "centre", []), []))
        if g(deck, "stripped", []):
            p.append(("deck.stripped", g(deck, "stripped", []), []))
        self.rotates = bool(g(g(doc, "dealer", {}), "rotates", True))
        dealing = g(doc, "dealing", {})
        self.burn = bool(g(dealing, "burn", True))
        self.reuse_burns = bool(g(dealing, "reuse_burns", True))
        self.community_card = bool(g(dealing, "community_card", True))
        stakes = g(doc, "stakes", {})
        self.chip = to_dec(g(stakes, "chip", "0.01"), "stakes.chip")
        self.ante = to_dec(g(stakes, "ante", "0"), "stakes.ante") or Decimal(0)
        self.bring_in = to_dec(g(stakes, "bring_in", None), "stakes.bring_in")
        self.small_bet = to_dec(g(stakes, "small_bet", None), "stakes.small_bet")
        self.big_bet = to_dec(g(stakes, "big_bet", None), "stakes.big_bet")
        if self.small_bet is None or self.big_bet is None or not self.chip:
            raise Refusal("bad_request", "stakes need chip, small_bet and big_bet")
        if self.bring_in is None:
            p.append(("stakes.bring_in", None, money(self.small_bet)))
        for b in ("small_blind", "big_blind"):
            if g(stakes, b, None) is not None:
                p.append(("stakes." + b, g(stakes, b, None), None))
        bi = g(doc, "bring_in", {})
        self.bi_card = g(bi, "card", "lowest")
        want("bring_in.card", self.bi_card, ("lowest", "highest"), "lowest")
        self.bi_aces = g(bi, "aces", "high")
        want("bring_in.aces", self.bi_aces, ("high", "low"), "high")
        order = g(bi, "suit_order", ["clubs", "diamonds", "hearts", "spades"])
        if not isinstance(order, list) or sorted(order) != sorted(SUIT_WORDS):
            p.append(("bring_in.suit_order", order, ["clubs", "diamonds", "hearts", "spades"]))
            order = ["clubs", "diamonds", "hearts", "spades"]
        self.bi_suits = {SUIT_OF[SUIT_WORDS[w]]: i for i, w in enumerate(order)}
        self.bi_all_in = g(bi, "all_in", "next-card")
        want("bring_in.all_in", self.bi_all_in, ("next-card", "next-seat"), "next-card")
        board = g(doc, "board", {})
        want("board.ranking", g(board, "ranking", "high"), ("high",), "high")
        self.board_ties = g(board, "ties", "suit")
        want("board.ties", self.board_ties, ("suit", "position"), "suit")
        bet = g(doc, "betting", {})
        self.structure = g(bet, "structure", "fixed-limit")
        want(
            "betting.structure",
            self.structure,
            ("fixed-limit", "spread-limit", "pot-limit"),
            "fixed-limit",
        )
        self.max_raises = g(bet, "max_raises", 3)
        self.uncapped = g(bet, "uncapped_heads_up", "in-hand")
        want(
            "betting.uncapped_heads_up",
            self.uncapped,
            ("in-hand", "round-start", "never"),
            "in-hand",
        )
        self.big_bet_locks = bool(g(bet, "big_bet_locks", True))
        self.reopen = to_dec(g(bet, "reopen_fraction", "0.5"), "betting.reopen_fraction")
        self.fold_when_check = g(bet, "fold_when_check", "refused")
        want("betting.fold_when_check", self.fold_when_check, ("refused", "allowed"), "refused")
        want(
            "betting.pot_ceiling",
            g(bet, "pot_ceiling", "pot-after-call"),
            ("pot-after-call",),
            "pot-after-call",
        )
        want(
            "betting.min_raise",
            g(bet, "min_raise", "last-increment"),
            ("last-increment",),
            "last-increment",
        )
        streets = g(doc, "streets", None)
        if not isinstance(streets, list) or not streets:
            raise Refusal("bad_request", "ruleset has no streets")
        self.streets = []
        for i, sd in enumerate(streets):
            st = Street()
            st.name = g(sd, "name", str(i))
            path = f"streets.{st.name}."
            st.deal = list(g(sd, "deal", []) or [])
            for face in st.deal:
                want(path + "deal", face, ("down", "up"), "up")
            if g(sd, "deal_if_players_at_most", None) is not None:
                p.append(
                    (path + "deal_if_players_at_most", g(sd, "deal_if_players_at_most", None), None)
                )
            if g(sd, "exchange", None) is not None:
                p.append((path + "exchange", g(sd, "exchange", None), None))
            if g(sd, "decide", []):
                p.append((path + "decide", g(sd, "decide", []), []))
            st.opener = g(sd, "opener", "best-board")
            allowed = (
                ("bring-in", "best-board", "first-left") if i == 0 else ("best-board", "first-left")
            )
            want(path + "opener", st.opener, allowed, "best-board")
            st.bet = g(sd, "bet", "small")
            want(path + "bet", st.bet, ("small", "big", None), "small")
            st.big_bet_when = g(sd, "big_bet_when", "never")
            want(path + "big_bet_when", st.big_bet_when, ("never", "open-pair"), "never")
            sp = g(sd, "spread", None)
            st.spread = None
            if sp is not None:
                st.spread = (
                    to_dec(g(sp, "min", None), path + "spread.min"),
                    to_dec(g(sp, "max", None), path + "spread.max"),
                )
            if self.structure == "spread-limit" and st.bet is not None and st.spread is None:
                p.append((path + "spread", None, None))
            st.ties = g(sd, "ties", None)
            want(path + "ties", st.ties, (None, "suit", "position"), None)
            self.streets.append(st)
        wild = g(doc, "wild", {})
        if g(wild, "ranks", []):
            p.append(("wild.ranks", g(wild, "ranks", []), []))
        want("wild.low_hole", g(wild, "low_hole", False), (False,), False)
        want("wild.joker", g(wild, "joker", "none"), ("none",), "none")
        if g(doc, "events", []):
            p.append(("events", g(doc, "events", []), []))
        pot = g(doc, "pot", {})
        shares = g(pot, "shares", None)
        self.low_q = None
        self.hilo = False

        def ok_share(s, name, ranking):
            return (
                isinstance(s, dict)
                and s.get("name") == name
                and s.get("ranking", "high") == ranking
                and s.get("minimum") is None
                and s.get("cards", "all") == "all"
                and s.get("own") is None
                and s.get("common") is None
                and s.get("suit") is None
                and s.get("fallback") is None
            )

        if (
            isinstance(shares, list)
            and len(shares) == 1
            and ok_share(shares[0], "high", "high")
            and shares[0].get("qualifier") is None
        ):
            pass
        elif (
            isinstance(shares, list)
            and len(shares) == 2
            and ok_share(shares[0], "high", "high")
            and shares[0].get("qualifier") is None
            and ok_share(shares[1], "low", "ace-to-five")
        ):
            self.hilo = True
            self.low_q = shares[1].get("qualifier")
        else:
            p.append(("pot.shares", shares, None))
        self.shares = ["high", "low"] if self.hilo else ["high"]
        if g(pot, "split_unit", None) is not None:
            p.append(("pot.split_unit", g(pot, "split_unit", None), None))
        self.odd_share = g(pot, "odd_chip_share", "high")
        want("pot.odd_chip_share", self.odd_share, tuple(self.shares), "high")
        self.odd_tie = g(pot, "odd_chip_tie", "position")
        want("pot.odd_chip_tie", self.odd_tie, ("position", "high-card"), "position")
        self.unqualified = g(pot, "unqualified", None)
        want("pot.unqualified", self.unqualified, (None, "best-high", "split"), "best-high")
        sd = g(doc, "showdown", {})
        self.method = g(sd, "method", "cards-speak")
        want("showdown.method", self.method, ("cards-speak", "declare"), "cards-speak")
        if self.method == "declare" and not self.hilo:
            p.append(("showdown.method", "declare", "cards-speak"))
        self.declare_order = g(sd, "declare_order", "in-turn")
        want("showdown.declare_order", self.declare_order, ("in-turn", "simultaneous"), "in-turn")
        self.declare_starts = g(sd, "declare_starts", "last-aggressor")
        want(
            "showdown.declare_starts",
            self.declare_starts,
            ("first-left", "last-aggressor", "best-board"),
            "last-aggressor",
        )
        want(
            "showdown.failed_both",
            g(sd, "failed_both", "disqualified"),
            ("disqualified",),
            "disqualified",
        )
        if self.bring_in is not None and self.streets[0].opener != "bring-in":
            p.append((f"streets.{self.streets[0].name}.opener", self.streets[0].opener, "bring-in"))
        if self.bring_in is None and self.streets[0].opener == "bring-in":
            p.append(("stakes.bring_in", None, money(self.small_bet)))


# ---------------------------------------------------------------- the hand


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)
        self.committed = Decimal(0)
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []

    def put(self, amount):
        amount = min(amount, self.stack)
        self.stack -= amount
        self.bet += amount
        self.committed += amount
        if self.stack == 0:
            self.all_in = True
        return amount

    def cards(self):
        return self.down + self.up


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards):
        self.r = rules
        self.players = {}
        for s in seats:
            self.players[s["seat"]] = Player(s["seat"], s["name"], s["stack"])
        self.dealer = dealer
        seated = sorted(self.players)
        self.order = [s for s in seated if s > dealer] + [s for s in seated if s <= dealer]
        self.stub = list(deck)
        self.burns = []
        self.community = []
        self.seat_lists = {k: list(v) for k, v in (seat_cards or {}).items()}
        self.dealt_any = False
        self.si = -1
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.declared = {}
        self.last_aggressor = None
        self.round_aggressor = None
        self.round_opener = None
        self.round_on_street = None
        self.start()

    # ------------------------------------------------------------ helpers
    def live(self):
        return [s for s in self.order if not self.players[s].folded]

    def active(self):
        return [s for s in self.order if not self.players[s].folded and not self.players[s].all_in]

    def left_of(self, seat):
        """Seats clockwise after ``seat`` (any seat number), one full turn."""
        seated = sorted(self.players)
        return [s for s in seated if s > seat] + [s for s in seated if s <= seat]

    def pot_total(self):
        return sum((p.committed for p in self.players.values()), Decimal(0))

    # ------------------------------------------------------------ dealing
    def take(self, seat=None):
        if seat is not None and self.seat_lists.get(seat):
            card = self.seat_lists[seat].pop(0)
            if card in self.stub:
                self.stub.remove(card)
            return card
        reserved = {c for lst in self.seat_lists.values() for c in lst}
        for i, c in enumerate(self.stub):
            if c not in reserved:
                return self.stub.pop(i)
        return self.stub.pop(0) if self.stub else None

    def deal_street(self, si):
        st = self.r.streets[si]
        if not st.deal:
            return
        if self.dealt_any and self.r.burn and self.stub:
            self.burns.append(self.take())
        for ri, face in enumerate(st.deal):
            live = self.live()
            need = len(live)
            if len(self.stub) < need and self.r.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            later = len(st.deal) - ri - 1 + sum(len(x.deal) for x in self.r.streets[si + 1 :])
            if self.r.community_card and (len(self.stub) < need or len(self.stub) - need < later):
                if self.stub:
                    self.community.append(self.take())
            else:
                for s in live:
                    card = self.take(s)
                    if card is None:
                        break
                    (self.players[s].down if face == "down" else self.players[s].up).append(card)
            self.dealt_any = True

    # ------------------------------------------------------------ flow
    def start(self):
        for s in self.order:
            self.players[s].put(self.r.ante)
        for p in self.players.values():
            p.bet = Decimal(0)
        self.advance()

    def advance(self):
        while True:
            self.si += 1
            if self.si >= len(self.r.streets):
                self.si = len(self.r.streets) - 1
                self.finish()
                return
            self.deal_street(self.si)
            if self.r.streets[self.si].bet is None:
                continue
            if self.start_round():
                return

    def street(self):
        return self.r.streets[self.si]

    def start_round(self):
        act = self.active()
        if len(act) < 2:
            return False
        st = self.street()
        self.level = Decimal(0)
        self.mode = "none"
        self.raises = 0
        self.last_inc = Decimal(0)
        self.opening = Decimal(0)
        self.acted_full = set()
        self.has_acted = set()
        self.big_made = False
        self.forced = None
        self.forced_pending = False
        self.active_at_start = len(act)
        self.round_aggressor = None
        self.round_on_street = self.si
        for p in self.players.values():
            p.bet = Decimal(0)
        if st.opener == "bring-in" and self.r.bring_in is not None:
            first = self.bring_in_seat()
            self.forced = first
            self.forced_pending = True
        elif st.opener == "first-left":
            first = act[0]
        else:
            first = self.board_opener()
        self.round_opener = first
        self.to_act = first
        self.phase = "betting"
        return True

    def bring_in_seat(self):
        r = self.r

        def key(s):
            cards = self.players[s].up
            ks = []
            for c in cards:
                rv = rank(c)
                if rv == 14 and r.bi_aces == "low":
                    rv = 1
                ks.append((rv, r.bi_suits[suit(c)]))
            return min(ks) if r.bi_card == "lowest" else max(ks)

        live = [s for s in self.live() if self.players[s].up]
        pick = min if r.bi_card == "lowest" else max
        if r.bi_all_in == "next-card":
            cands = [s for s in live if not self.players[s].all_in]
            return pick(cands, key=key)
        s = pick(live, key=key)
        if not self.players[s].all_in:
            return s
        for q in self.left_of(s):
            if not self.players[q].folded and not self.players[q].all_in:
                return q
        return s

    def board_opener(self):
        ties = self.street().ties or self.r.board_ties
        best = None
        for s in self.live():
            v, top = board_value(self.players[s].up + self.community)
            k = (v, top) if ties == "suit" else (v,)
            if best is None or k > best[0]:
                best = (k, s)
        s = best[1]
        if not self.players[s].all_in:
            return s
        for q in self.left_of(s):
            if not self.players[q].folded and not self.players[q].all_in:
                return q
        return s

    # ------------------------------------------------------------ betting options
    def least_bet(self):
        st = self.street()
        if self.r.structure == "spread-limit" and st.spread:
            return st.spread[0]
        return self.r.big_bet if st.bet == "big" else self.r.small_bet

    def open_pair(self):
        for s in self.live():
            cnt = Counter(rank(c) for c in self.players[s].up)
            if cnt and max(cnt.values()) >= 2:
                return True
        return False

    def units(self):
        st = self.street()
        r = self.r
        if st.bet == "big":
            return [r.big_bet]
        if st.big_bet_when == "open-pair" and self.open_pair() and r.big_bet != r.small_bet:
            if self.big_made and r.big_bet_locks:
                return [r.big_bet]
            return [r.small_bet, r.big_bet]
        if self.big_made and r.big_bet_locks:
            return [r.big_bet]
        return [r.small_bet]

    def answerable(self, seat):
        for s in self.live():
            p = self.players[s]
            if s != seat and not p.all_in and p.bet + p.stack > self.level:
                return True
        return False

    def capped(self):
        mr = self.r.max_raises
        if mr is None or self.raises < mr:
            return False
        if self.r.uncapped == "in-hand":
            if bug("heads-up-counts-chips"):
                return len(self.active()) > 2
            return len(self.live()) > 2
        if self.r.uncapped == "round-start":
            return self.active_at_start > 2
        return True

    def pot_max_to(self, seat):
        """Pot limit: the largest total for the street, the pot after the call."""
        b = self.players[seat].bet
        if bug("pot-forgets-call"):
            return self.level + self.pot_total()
        return self.level + self.pot_total() + (self.level - b)

    def complete_range(self, seat):
        """(lo, hi) of a completion, before the stack cap; None if there is none."""
        r = self.r
        base = r.bring_in if (self.forced_pending and seat == self.forced) else self.level
        if r.structure == "fixed-limit":
            if base >= r.small_bet:
                return None
            return (r.small_bet, r.small_bet)
        if r.structure == "spread-limit":
            lo, hi = self.street().spread
            return (max(lo, base + r.chip), hi)
        lo = max(self.least_bet(), base + r.chip)
        return (lo, max(lo, self.pot_max_to(seat)))

    def options(self, seat):
        """The legal set of ``seat`` as (action, lo, hi) with lo == hi for fixed amounts."""
        if self.phase == "declare":
            return [("declare", d, d) for d in ("high", "low", "both")]
        p = self.players[seat]
        b, total, lv = p.bet, p.bet + p.stack, self.level
        r = self.r
        opts = []
        answer = self.answerable(seat)

        def add(action, lo, hi):
            lo, hi = min(lo, total), min(hi, total)
            if lo <= lv or (action == "complete" and self.forced_pending and lo <= r.bring_in):
                return
            if (action, lo, hi) not in opts:
                opts.append((action, lo, hi))

        if self.forced_pending and seat == self.forced:
            amt = min(r.bring_in, total)
            opts.append(("bring_in", amt, amt))
            rng = self.complete_range(seat)
            if rng and answer and total > amt:
                add("complete", rng[0], rng[1])
            return opts
        if b < lv:
            opts.append(("fold", None, None))
            call = min(lv, total)
            opts.append(("call", call, call))
        else:
            opts.append(("check", None, None))
            if r.fold_when_check == "allowed":
                opts.append(("fold", None, None))
        if total <= lv or not answer:
            return opts
        if self.mode == "none":
            if r.structure == "fixed-limit":
                for u in self.units():
                    add("bet", u, u)
            elif r.structure == "spread-limit":
                lo, hi = self.street().spread
                add("bet", lo, hi)
            else:
                lo = self.least_bet()
                add("bet", lo, max(lo, self.pot_total()))
        elif self.mode == "bring_in":
            rng = self.complete_range(seat)
            if rng:
                add("complete", rng[0], rng[1])
        else:
            if seat in self.acted_full or self.capped():
                return opts
            if r.structure == "fixed-limit":
                for u in self.units():
                    add("raise", lv + u, lv + u)
            elif r.structure == "spread-limit":
                smin, smax = self.street().spread
                inc = self.opening if bug("spread-min-from-bet") else self.last_inc
                lo_inc = min(max(inc, smin), smax)
                add("raise", lv + lo_inc, lv + smax)
            else:
                lo = lv + self.last_inc
                add("raise", lo, max(lo, self.pot_max_to(seat)))
        return opts

    def legal_json(self, seat):
        out = []
        for a, lo, hi in self.options(seat):
            if a == "declare":
                out.append({"action": "declare", "declare": lo})
            elif lo is None:
                out.append({"action": a})
            elif lo == hi:
                out.append({"action": a, "amount": money(lo)})
            else:
                out.append({"action": a, "min": money(lo), "max": money(hi)})
        return out

    # ------------------------------------------------------------ acting
    def refuse(self, msg, seat=None):
        legal = self.legal_json(self.to_act) if self.to_act is not None else []
        raise Refusal("illegal_action", msg, legal=legal)

    def act(self, req):
        if self.phase == "complete":
            raise Refusal("illegal_action", "the hand is over", legal=[])
        seat = req.get("seat")
        action = req.get("action")
        if self.phase == "declare":
            return self.act_declare(seat, action, req.get("declare"))
        if seat != self.to_act:
            self.refuse(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        opts = self.options(seat)
        mine = [o for o in opts if o[0] == action]
        if not mine:
            self.refuse(f"{action} is not legal now")
        amt_raw = req.get("amount")
        if action in ("fold", "check"):
            amount = None
        elif amt_raw is None:
            amount = mine[0][1]
            if mine[0][1] != mine[0][2]:
                self.refuse(f"{action} needs an amount")
        else:
            amount = parse_money(amt_raw)
            if amount % self.r.chip != 0:
                self.refuse(f"{amt_raw} is not a whole number of chips")
            if not any(lo <= amount <= hi for _, lo, hi in mine):
                self.refuse(f"{action} to {amt_raw} is not legal now")
        self.apply(seat, action, amount)

    def apply(self, seat, action, amount):
        p = self.players[seat]
        r = self.r
        lv = self.level
        if action == "fold":
            p.folded = True
        elif action == "check":
            self.acted_full.add(seat)
        elif action == "call":
            p.put(amount - p.bet)
            self.acted_full.add(seat)
        elif action == "bring_in":
            p.put(amount - p.bet)
            self.forced_pending = False
            posted = r.bring_in if bug("short-bring-in-is-bet") else amount
            if posted >= self.least_bet():
                self.mode = "bet"
                self.last_inc = amount
                self.opening = amount
                self.acted_full = {seat}
            else:
                self.mode = "bring_in"
                self.acted_full.add(seat)
            self.level = max(lv, amount)
        elif action == "complete":
            p.put(amount - p.bet)
            self.forced_pending = False
            full_size = r.small_bet if r.structure == "fixed-limit" else self.least_bet()
            if amount >= r.reopen * full_size:
                self.mode = "bet"
                self.raises = 1 if bug("completion-is-a-raise") else 0
                self.last_inc = amount
                self.opening = amount
                self.acted_full = {seat}
            else:
                self.mode = "bring_in"
                self.acted_full.add(seat)
            self.level = max(lv, amount)
            self.last_aggressor = self.round_aggressor = seat
        elif action == "bet":
            p.put(amount - p.bet)
            least = min(self.units()) if r.structure == "fixed-limit" else self.least_bet()
            self.mode = "bet"
            self.raises = 0
            self.last_inc = max(amount, least)
            self.opening = self.last_inc
            self.acted_full = {seat}
            if (
                r.structure == "fixed-limit"
                and amount >= r.big_bet > r.small_bet
                and self.street().bet != "big"
            ):
                self.big_made = True
            self.level = amount
            self.last_aggressor = self.round_aggressor = seat
        elif action == "raise":
            p.put(amount - p.bet)
            inc = amount - lv
            if r.structure == "fixed-limit":
                full = min(self.units())
            elif r.structure == "spread-limit":
                full = max(self.last_inc, self.street().spread[0])
            else:
                full = self.last_inc
            if inc >= r.reopen * full:
                self.raises += 1
                self.acted_full = {seat}
                self.last_inc = max(self.last_inc, inc)
                if (
                    r.structure == "fixed-limit"
                    and inc >= r.big_bet > r.small_bet
                    and self.street().bet != "big"
                ):
                    self.big_made = True
            self.level = amount
            self.last_aggressor = self.round_aggressor = seat
        self.has_acted.add(seat)
        self.after(seat)

    def needs(self, s):
        p = self.players[s]
        if p.folded or p.all_in:
            return False
        return s not in self.has_acted or p.bet < self.level

    def after(self, seat):
        if len(self.live()) == 1:
            self.return_uncalled()
            self.uncontested()
            return
        for s in self.left_of(seat):
            if self.needs(s):
                self.to_act = s
                return
        self.end_round()

    def return_uncalled(self):
        bets = sorted(((p.bet, s) for s, p in self.players.items()), reverse=True)
        if len(bets) < 2:
            return
        (top, s), (second, _) = bets[0], bets[1]
        if top > second:
            p = self.players[s]
            back = top - second
            p.stack += back
            p.bet -= back
            p.committed -= back
            if p.stack > 0:
                p.all_in = False

    def end_round(self):
        self.return_uncalled()
        for p in self.players.values():
            p.bet = Decimal(0)
        self.to_act = None
        self.advance()

    # ------------------------------------------------------------ pots
    def pots(self):
        live = self.live()
        levels = sorted({self.players[s].committed for s in live if self.players[s].all_in})
        out = []
        prev = Decimal(0)
        tops = levels + [None]
        for lvl in tops:
            amount = Decimal(0)
            for p in self.players.values():
                c = p.committed
                hi = c if lvl is None else min(c, lvl)
                if hi > prev:
                    amount += hi - prev
            if lvl is None:
                elig = [s for s in sorted(live) if not self.players[s].all_in]
            else:
                elig = [
                    s
                    for s in sorted(live)
                    if not self.players[s].all_in or self.players[s].committed >= lvl
                ]
            if amount > 0 and elig:
                out.append((amount, elig))
            elif amount > 0 and out:
                a, e = out[-1]
                out[-1] = (a + amount, e)
            if lvl is not None:
                prev = lvl
        if not out:
            out.append((Decimal(0), sorted(live)))
        return out

    # ------------------------------------------------------------ the end
    def uncontested(self):
        winner = self.live()[0]
        awards = []
        for i, (amount, _) in enumerate(self.pots()):
            if amount > 0:
                awards.append({"seat": winner, "amount": money(amount), "pot": i, "share": None})
                self.players[winner].stack += amount
        for p in self.players.values():
            p.bet = Decimal(0)
        self.result = {"awards": awards, "hands": [], "showdown": False}
        self.phase = "complete"
        self.to_act = None

    def finish(self):
        for p in self.players.values():
            p.bet = Decimal(0)
        if self.r.method == "declare" and len(self.live()) > 1:
            self.phase = "declare"
            self.declared = {}
            self.declare_start = self.declare_first()
            self.to_act = self.declare_start
            return
        self.showdown()

    def declare_first(self):
        live = self.live()
        how = self.r.declare_starts
        if how == "last-aggressor" and self.last_aggressor in live:
            return self.last_aggressor
        if how == "best-board":
            best = max(live, key=lambda s: board_value(self.players[s].up + self.community))
            return best
        return live[0]

    def declare_turn_order(self):
        start = self.declare_start
        seq = [start] + [s for s in self.left_of(start) if s != start]
        return [s for s in seq if not self.players[s].folded]

    def act_declare(self, seat, action, what):
        if action != "declare":
            self.refuse(f"{action} is not legal now: declare high, low or both")
        if what not in ("high", "low", "both"):
            self.refuse(f"declare high, low or both, not {what!r}")
        if self.r.declare_order == "in-turn":
            if seat != self.to_act:
                self.refuse(f"it is seat {self.to_act}'s turn to declare")
        else:
            if seat not in self.players or self.players[seat].folded or seat in self.declared:
                self.refuse(f"seat {seat} may not declare now")
        self.declared[seat] = what
        for s in self.declare_turn_order():
            if s not in self.declared:
                self.to_act = s
                return
        self.to_act = None
        self.showdown()

    def show_start(self):
        live = self.live()
        if self.round_on_street == self.si and self.round_aggressor in live:
            return self.round_aggressor
        if self.round_on_street == self.si and self.round_opener in live:
            return self.round_opener
        return max(live, key=lambda s: board_value(self.players[s].up + self.community))

    def showdown(self):
        r = self.r
        live = self.live()
        start = self.show_start()
        seq = [start] + [s for s in self.left_of(start) if s != start and s in live]
        values = {}
        hands = []
        for s in seq:
            cards = self.players[s].cards() + self.community
            hv, hc = best_high(cards)
            lv = lc = None
            if r.hilo:
                lv, lc = best_low(cards)
                if not qualifies(lv, r.low_q):
                    lv = lc = None
            values[s] = (hv, lv)
            hands.append(
                {"seat": s, "share": "high", "name": high_name(hv), "cards": order_high(hc)}
            )
            if lc is not None:
                hands.append(
                    {"seat": s, "share": "low", "name": low_name(lv), "cards": order_low(lc)}
                )
        awards = []
        pots = self.pots()
        for i, (amount, elig) in enumerate(pots):
            awards.extend(self.split_pot(i, amount, elig, values))
        for a in awards:
            self.players[a["seat"]].stack += Decimal(a["amount"])
        self.result = {"awards": awards, "hands": hands, "showdown": True}
        self.phase = "complete"
        self.to_act = None

    def share_winners(self, elig, values):
        """{share: [winners]} of a pot among ``elig``."""

        def best(cands, share):
            if share == "high":
                cands = [(values[s][0], s) for s in cands]
                if not cands:
                    return []
                top = max(v for v, _ in cands)
            else:
                cands = [(values[s][1], s) for s in cands if values[s][1] is not None]
                if not cands:
                    return []
                top = min(v for v, _ in cands)
            return [s for v, s in cands if v == top]

        if self.r.method != "declare":
            return {sh: best(elig, sh) for sh in self.r.shares}
        decl = self.declared
        cand = {sh: [s for s in elig if decl.get(s) in (sh, "both")] for sh in self.r.shares}
        out = {}
        failed = set()
        for s in elig:
            if decl.get(s) != "both":
                continue
            wins = {sh: best(cand[sh], sh) == [s] for sh in self.r.shares}
            if not all(wins.values()):
                if bug("both-keeps-half") and any(wins.values()):
                    for sh, w in wins.items():
                        if not w:
                            cand[sh] = [q for q in cand[sh] if q != s]
                    continue
                failed.add(s)
        if failed and all(s in failed for s in elig):
            # everyone in this pot declared both and nobody made it: the cards speak
            return {sh: best(elig, sh) for sh in self.r.shares}
        for sh in self.r.shares:
            out[sh] = best([s for s in cand[sh] if s not in failed], sh)
        return out

    def tie_order(self, winners):
        if self.r.odd_tie == "high-card":

            def top(s):
                cs = self.players[s].cards()
                return max((rank(c), suit(c)) for c in cs)

            return sorted(winners, key=top, reverse=True)
        return [s for s in self.order if s in winners]

    def split_pot(self, index, amount, elig, values):
        r = self.r
        chip = r.chip
        units = int(amount / chip)
        winners = self.share_winners(elig, values)
        shares = [sh for sh in r.shares if winners[sh]]
        out = []
        if not shares:
            if r.unqualified == "split":
                ws = self.tie_order(elig)
                each, extra = divmod(units, len(ws))
                for k, s in enumerate(ws):
                    n = each + (1 if k < extra else 0)
                    if n:
                        out.append(
                            {"seat": s, "amount": money(n * chip), "pot": index, "share": None}
                        )
                return out
            top = max(values[s][0] for s in elig)
            winners = {"high": [s for s in elig if values[s][0] == top]}
            shares = ["high"]
        each, extra = divmod(units, len(shares))
        parts = {sh: each for sh in shares}
        odd_first = r.odd_share
        if bug("odd-chip-low") and "low" in shares:
            odd_first = "low"
        order = r.shares[r.shares.index(odd_first) :] + r.shares[: r.shares.index(odd_first)]
        order = [sh for sh in order if sh in shares]
        for k in range(extra):
            parts[order[k % len(order)]] += 1
        for sh in shares:
            ws = self.tie_order(winners[sh])
            each_w, extra_w = divmod(parts[sh], len(ws))
            for k, s in enumerate(ws):
                n = each_w + (1 if k < extra_w else 0)
                if n:
                    out.append({"seat": s, "amount": money(n * chip), "pot": index, "share": sh})
        return out

    # ------------------------------------------------------------ view
    def state(self):
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
                    "all_in": p.all_in and not p.folded,
                    "down": list(p.down),
                    "up": list(p.up),
                }
            )
        decl = []
        if self.r.method == "declare":
            hidden = (
                self.phase == "declare"
                and self.r.declare_order == "simultaneous"
                and not bug("reveal-declarations")
            )
            for s in self.order:
                if s in self.declared:
                    decl.append({"seat": s, "declare": None if hidden else self.declared[s]})
        legal = []
        if self.to_act is not None and self.phase != "complete":
            legal = self.legal_json(self.to_act)
        return {
            "street": self.r.streets[max(self.si, 0)].name,
            "phase": self.phase,
            "to_act": self.to_act if self.phase != "complete" else None,
            "legal": legal,
            "pot": money(self.pot_total()),
            "pots": [{"amount": money(a), "eligible": e} for a, e in self.pots()],
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "declarations": decl,
            "result": self.result,
        }


# ---------------------------------------------------------------- the server


class Engine:
    def __init__(self):
        self.hand = None
        self.rules = None
        self.table = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent-twentyfive", "version": "1.0"},
            "rulesets": RULESETS,
            "features": [
                "evaluate",
                "declare",
                "hi-lo",
                "spread-limit",
                "pot-limit",
                "table",
                "seat-cards",
                "refusal-state",
                "pipelining",
            ],
        }

    def read_rules(self, doc):
        if isinstance(doc, str):
            if doc not in SHIPPED:
                raise Refusal("unsupported", f"ruleset {doc!r} is not played here")
            doc = shipped(doc)
        rules = Rules(doc)
        if rules.problems:
            msg = "; ".join(
                f"{path} = {json.dumps(w)}: not played (plays {json.dumps(pl)})"
                for path, w, pl in rules.problems
            )
            values = None
            if all(path in PLAYS_INSTEAD for path, _, _ in rules.problems):
                values = [
                    {"path": path, "wanted": w, "plays": pl} for path, w, pl in rules.problems
                ]
            raise Refusal("unsupported", msg, values=values)
        return rules

    def read_deck(self, deck, seat_cards, seats):
        if not isinstance(deck, list):
            raise Refusal("bad_request", "deck must be a list of cards")
        seen = set()
        for c in deck:
            if not valid_card(c):
                raise Refusal("bad_request", f"not a card: {c!r}")
            if c in seen:
                raise Refusal("bad_request", f"card {c} twice in the deck")
            seen.add(c)
        full = list(deck) + [c for c in NEW_DECK if c not in seen]
        lists = {}
        if seat_cards is not None:
            if not isinstance(seat_cards, list):
                raise Refusal("bad_request", "seat_cards must be a list")
            used = set()
            for item in seat_cards:
                s = item.get("seat") if isinstance(item, dict) else None
                cards = item.get("cards") if isinstance(item, dict) else None
                if s not in seats or not isinstance(cards, list):
                    raise Refusal("bad_request", "bad seat_cards entry")
                for c in cards:
                    if not valid_card(c) or c in used:
                        raise Refusal("bad_request", f"bad card in seat_cards: {c!r}")
                    used.add(c)
                lists[s] = list(cards)
        return full, lists

    def read_seats(self, seats, rules):
        if not isinstance(seats, list) or not seats:
            raise Refusal("bad_request", "seats must be a non-empty list")
        out = []
        nums = set()
        for s in seats:
            if (
                not isinstance(s, dict)
                or not isinstance(s.get("seat"), int)
                or isinstance(s.get("seat"), bool)
                or s["seat"] < 1
            ):
                raise Refusal("bad_request", "bad seat entry")
            if s["seat"] in nums:
                raise Refusal("bad_request", "seat {} twice".format(s["seat"]))
            nums.add(s["seat"])
            out.append(
                {
                    "seat": s["seat"],
                    "name": str(s.get("name", "")),
                    "stack": parse_money(s.get("stack"), "stack"),
                }
            )
        if len(out) > rules.seats_max or len(out) > 10:
            raise Refusal("bad_request", "too many players for this ruleset")
        return out

    def new_hand(self, req):
        rules = self.read_rules(req.get("ruleset"))
        seats = self.read_seats(req.get("seats"), rules)
        seats = [s for s in seats if s["stack"] > 0]
        if len(seats) < 2:
            raise Refusal("bad_request", "need at least two players with chips")
        dealer = req.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer < 1:
            raise Refusal("bad_request", "bad dealer")
        deck, lists = self.read_deck(
            req.get("deck", []), req.get("seat_cards"), {s["seat"] for s in seats}
        )
        self.hand = Hand(rules, seats, dealer, deck, lists)
        self.rules = rules
        return {"state": self.hand.state()}

    def next_hand(self, req):
        h = self.hand
        if h is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if h.phase != "complete":
            raise Refusal("bad_request", "the hand is still running")
        seats = [
            {"seat": s, "name": p.name, "stack": p.stack}
            for s, p in sorted(h.players.items())
            if p.stack > 0
        ]
        if len(seats) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        dealer = h.dealer
        if self.rules.rotates:
            nums = [s["seat"] for s in seats]
            after = [s for s in nums if s > dealer] + [s for s in nums if s <= dealer]
            dealer = after[0]
        deck, lists = self.read_deck(
            req.get("deck", []), req.get("seat_cards"), {s["seat"] for s in seats}
        )
        self.hand = Hand(self.rules, seats, dealer, deck, lists)
        return {"state": self.hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if not isinstance(req.get("seat"), int) or not isinstance(req.get("action"), str):
            raise Refusal("bad_request", "act needs seat and action")
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
        ranking = req.get("ranking")
        hands = req.get("hands")
        if ranking not in ("high", "ace-to-five", "ace-to-six"):
            raise Refusal("unsupported", f"ranking {ranking!r} is not played")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal("unsupported", "evaluate options (qualifier, wild) are not played")
        if not isinstance(hands, list) or not hands or len(hands) > 100:
            raise Refusal("bad_request", "hands must be a list of 1 to 100 hands")
        res = []
        keys = []
        for h in hands:
            if (
                not isinstance(h, list)
                or not 5 <= len(h) <= 8
                or not all(valid_card(c) for c in h)
                or len(set(h)) != len(h)
            ):
                raise Refusal("bad_request", "a hand is 5 to 8 distinct cards")
            if ranking == "high":
                v, combo = best_high(h)
                res.append({"best": order_high(combo), "name": high_name(v)})
                keys.append(v)
            elif ranking == "ace-to-five":
                v, combo = best_low(h)
                res.append({"best": order_low(combo), "name": low_name(v)})
                keys.append(tuple(-x for x in v))
            else:
                v, combo = best_a6(h)
                res.append({"best": order_low(combo), "name": a6_name(v)})
                keys.append(tuple(-x for x in v))
        for i, k in enumerate(keys):
            res[i]["rank"] = 1 + sum(1 for o in keys if o > k)
        return {"results": res}


def reply_error(rid, e, state=None):
    err = {"code": e.code, "message": e.message[:2000]}
    if e.legal is not None:
        err["legal"] = e.legal
    if e.values:
        err["values"] = e.values
    st = getattr(e, "state", None)
    if st is not None:
        err["state"] = st
    return {"id": rid, "ok": False, "error": err}


def serve():
    eng = Engine()
    ops = {
        "hello": eng.hello,
        "new_hand": eng.new_hand,
        "next_hand": eng.next_hand,
        "act": eng.act,
        "state": eng.state,
        "evaluate": eng.evaluate,
    }
    out = sys.stdout
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        if not line.strip():
            continue
        rid = None
        try:
            try:
                req = json.loads(line)
            except ValueError:
                raise Refusal("bad_request", "not JSON") from None
            if not isinstance(req, dict):
                raise Refusal("bad_request", "a request is a JSON object")
            rid = req.get("id")
            if not isinstance(rid, int) or isinstance(rid, bool) or rid < 0:
                rid = None
                raise Refusal("bad_request", "bad id")
            op = req.get("op")
            if op == "bye":
                out.write(json.dumps({"id": rid, "ok": True}) + "\n")
                out.flush()
                break
            if op not in ops:
                raise Refusal("unsupported", f"op {op!r} is not played")
            reply = {"id": rid, "ok": True}
            reply.update(ops[op](req))
        except Refusal as e:
            reply = reply_error(rid, e)
        except Exception as e:  # noqa: BLE001 - keep serving, report as internal
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(e).__name__}: {e}"},
            }
        out.write(json.dumps(reply) + "\n")
        out.flush()


def main():
    args = sys.argv[1:]
    if "--bugs" in args:
        i = args.index("--bugs")
        names = args[i + 1].split(",") if i + 1 < len(args) else []
        for n in names:
            n = n.strip()
            if not n:
                continue
            if n not in BUGS:
                sys.exit("unknown bug {}; known: {}".format(n, ", ".join(BUGS)))
            ACTIVE.add(n)
    serve()


if __name__ == "__main__":
    main()

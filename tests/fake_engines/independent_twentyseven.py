#!/usr/bin/env python3
"""An independent stud engine speaking the stud engine protocol (JSON Lines).

Written from the documentation alone (docs/protocol.md, schemas/, the rulebooks, the
ruleset reference and the Gherkin scenarios), not from the reference interpreter.
Standard library plus pyyaml (only to read a shipped ruleset sent by name).

It plays the stud family from the resolved ruleset document: seven-card stud, razz, stud
hi-lo, five-card stud, the blind (button) stud games, games with centre cards, and the
decision rounds discard / expose / draw (roll your own, pig poker, australian stud).
Fixed, spread, pot and no limit; rankings high, ace-to-five, ace-to-six, deuce-to-seven,
badugi, soko; wild ranks and the joker.  It refuses (``unsupported``) what it does not
play: events, exchanges, declarations, splits, low hole, suit or split shares, the
rarer rankings.

Planted bugs, all off by default, switched on with ``--bugs a,b,c``:

``bb_short_call`` (BLIND-05): a big blind posted all in for less sets the call at what was posted,
    not at the full big blind.
``later_after_bb`` (BLIND-03): in a blind game the later rounds that the first player on the
    dealer's left should open are opened left of the big blind.
``sidepot_allin_excluded`` (SHOW-07): a side pot leaves out the all-in players who covered it (two
    or more all in for different stacks).
``ante_exact_not_allin`` (DEAL-01): a stack exactly equal to the ante is not marked all in after
    anteing (only a stack short of it is).
``fivecard_street_names`` (LIMIT-01): in five-card games the bet size is read from seven-card stud's
    street names (big from "fifth" on), so the fourth card is bet small.
``centre_no_board`` (COMM-02): cards a street deals to the centre are left out of the boards that
    choose who opens a round (a run-out community card still counts).
``draw_over_limit`` (DECIDE-04): a draw round accepts one card more than its count allows.
``split_unit_ignored`` (HILO-10): pot.split_unit is ignored: pots are halved in chips, not in units
    of the lower limit.
"""

import argparse
import itertools
import json
import os
import sys
from decimal import Decimal, InvalidOperation
from functools import lru_cache

BUG_NAMES = [
    "bb_short_call",
    "later_after_bb",
    "sidepot_allin_excluded",
    "ante_exact_not_allin",
    "fivecard_street_names",
    "centre_no_board",
    "draw_over_limit",
    "split_unit_ignored",
]
BUGS = set()

RANKS = "23456789TJQKA"
RV = {r: i + 2 for i, r in enumerate(RANKS)}
SUITS = "cdhs"
SV = {s: i for i, s in enumerate(SUITS)}
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NAME1 = {
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
NAMES = {
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
    "soko",
}
ZERO = Decimal(0)


class Refusal(Exception):
    def __init__(self, code, message, legal=None, values=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


def money(d):
    d = Decimal(d)
    if d == 0:
        return "0"
    s = format(d.normalize(), "f")
    return s


def dec(x):
    try:
        d = Decimal(str(x))
    except (InvalidOperation, ValueError):
        raise Refusal("bad_request", f"bad amount {x!r}") from None
    if not d.is_finite() or d < 0:
        raise Refusal("bad_request", f"bad amount {x!r}")
    return d


def rank_of(v):
    """A ruleset rank (2..14 or a letter) as an int."""
    if isinstance(v, int):
        return v
    s = str(v).strip().upper()
    if s == "10":
        return 10
    if s.isdigit():
        return int(s)
    return RV[s]


def crank(c):
    return RV[c[0]] if c != "Jk" else 15


def csuit(c):
    return c[1] if c != "Jk" else "j"


def new_deck(jokers=0, stripped=()):
    out = []
    for r in RANKS:
        if RV[r] in stripped:
            continue
        for s in SUITS:
            out.append(r + s)
    if jokers:
        out.append("Jk")
    return out


# ---------------------------------------------------------------------------
# Ruleset: loading by name (with extends) and defaults
# ---------------------------------------------------------------------------

RULESET_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rulesets")


def _merge_named(parent, child):
    names = {p.get("name") for p in parent}
    if all(isinstance(c, dict) and c.get("name") in names for c in child):
        out = [dict(p) for p in parent]
        for c in child:
            for i, p in enumerate(out):
                if p.get("name") == c["name"]:
                    if c.get("remove"):
                        out[i] = None
                    else:
                        out[i] = _merge(p, c)
        return [o for o in out if o is not None]
    return [c for c in child if not c.get("remove")]


def _merge(parent, child):
    if isinstance(parent, dict) and isinstance(child, dict):
        out = dict(parent)
        for k, v in child.items():
            if k in out:
                if k == "streets" and isinstance(v, list):
                    out[k] = _merge_named(out[k], v)
                elif k == "shares" and isinstance(v, list):
                    out[k] = _merge_shares(out[k], v)
                else:
                    out[k] = _merge(out[k], v)
            else:
                out[k] = v
        return out
    return child


def _merge_shares(parent, child):
    out = [dict(p) for p in parent]
    for c in child:
        for i, p in enumerate(out):
            if p is not None and p.get("name") == c.get("name"):
                out[i] = None if c.get("remove") else _merge(p, c)
                break
        else:
            if not c.get("remove"):
                out.append(c)
    return [o for o in out if o is not None]


def load_ruleset(name, depth=0):
    if depth > 10 or not isinstance(name, str) or "/" in name or name.startswith("."):
        raise Refusal("bad_request", f"unknown ruleset {name!r}")
    path = os.path.join(RULESET_DIR, name + ".yaml")
    if not os.path.isfile(path):
        raise Refusal("bad_request", f"unknown ruleset {name!r}")
    import yaml  # noqa

    with open(path) as f:
        doc = yaml.safe_load(f)
    parent = doc.pop("extends", None)
    if parent:
        base = load_ruleset(parent.replace(".yaml", ""), depth + 1)
        doc = _merge(base, doc)
    doc["name"] = name
    return doc


def norm_ruleset(rs):
    """Fill the defaults of the ruleset reference."""
    r = {}
    r["name"] = rs.get("name", "")
    r["seats"] = dict({"min": 2, "max": 8}, **(rs.get("seats") or {}))
    r["deck"] = dict({"jokers": 0, "centre": [], "stripped": []}, **(rs.get("deck") or {}))
    r["dealer"] = dict({"rotates": True}, **(rs.get("dealer") or {}))
    r["dealing"] = dict(
        {"burn": True, "reuse_burns": True, "community_card": True}, **(rs.get("dealing") or {})
    )
    st = dict(
        {"chip": "0.01", "ante": "0", "bring_in": None, "small_blind": None, "big_blind": None},
        **(rs.get("stakes") or {}),
    )
    stakes = {}
    for k, v in st.items():
        stakes[k] = None if v is None else dec(v)
    r["stakes"] = stakes
    r["blinds"] = dict({"heads_up": "dealer-small"}, **(rs.get("blinds") or {}))
    r["bring_in"] = dict(
        {
            "card": "lowest",
            "aces": "high",
            "suit_order": ["clubs", "diamonds", "hearts", "spades"],
            "all_in": "next-card",
        },
        **(rs.get("bring_in") or {}),
    )
    r["board"] = dict(
        {"ranking": "high", "ties": "suit", "wild": "natural"}, **(rs.get("board") or {})
    )
    r["betting"] = dict(
        {
            "structure": "fixed-limit",
            "max_raises": 3,
            "uncapped_heads_up": "in-hand",
            "big_bet_locks": True,
            "reopen_fraction": "0.5",
            "fold_when_check": "refused",
            "pot_ceiling": "pot-after-call",
            "min_raise": "last-increment",
        },
        **(rs.get("betting") or {}),
    )
    r["betting"]["reopen_fraction"] = dec(r["betting"]["reopen_fraction"])
    streets = []
    for s in rs.get("streets") or []:
        d = dict(
            {
                "deal": [],
                "deal_if_players_at_most": None,
                "exchange": None,
                "opener": "best-board",
                "bet": "small",
                "big_bet_when": "never",
                "spread": None,
                "ties": None,
                "decide": [],
            },
            **s,
        )
        if d.get("spread"):
            d["spread"] = {"min": dec(d["spread"]["min"]), "max": dec(d["spread"]["max"])}
        dd = []
        for x in d.get("decide") or []:
            dd.append(
                dict(
                    {
                        "count": 1,
                        "at_least": None,
                        "among": "down",
                        "order": "in-turn",
                        "drawn_face": "same",
                        "down_in_each": 0,
                        "big_beats_small": False,
                    },
                    **x,
                )
            )
        d["decide"] = dd
        streets.append(d)
    r["streets"] = streets
    r["wild"] = dict({"ranks": [], "low_hole": False, "joker": "none"}, **(rs.get("wild") or {}))
    r["wild"]["ranks"] = [rank_of(x) for x in r["wild"]["ranks"] or []]
    r["events"] = rs.get("events") or []
    pot = dict(
        {
            "split_unit": None,
            "odd_chip_share": "high",
            "odd_chip_tie": "position",
            "unqualified": None,
        },
        **(rs.get("pot") or {}),
    )
    shares = []
    for sh in pot.get("shares") or [{"name": "high", "ranking": "high"}]:
        shares.append(
            dict(
                {
                    "ranking": "high",
                    "qualifier": None,
                    "minimum": None,
                    "cards": "all",
                    "own": None,
                    "common": None,
                    "suit": None,
                    "fallback": None,
                },
                **sh,
            )
        )
    pot["shares"] = shares
    if pot["split_unit"] is not None:
        pot["split_unit"] = dec(pot["split_unit"])
    r["pot"] = pot
    r["showdown"] = dict(
        {
            "method": "cards-speak",
            "declare_order": "in-turn",
            "declare_starts": "last-aggressor",
            "failed_both": "disqualified",
        },
        **(rs.get("showdown") or {}),
    )
    r["deck"]["stripped"] = [rank_of(x) for x in r["deck"]["stripped"] or []]
    return r


def check_supported(r):
    bad = []

    def no(path, wanted, plays):
        bad.append({"path": path, "wanted": wanted, "plays": plays})

    if r["events"]:
        no("events", "rows", [])
    if r["wild"]["low_hole"]:
        no("wild.low_hole", True, False)
    if r["showdown"]["method"] != "cards-speak":
        no("showdown.method", r["showdown"]["method"], "cards-speak")
    for st in r["streets"]:
        if st.get("exchange"):
            no("streets.{}.exchange".format(st["name"]), "exchange", None)
        for d in st["decide"]:
            if d["kind"] not in ("discard", "expose", "draw"):
                no("streets.{}.decide".format(st["name"]), d["kind"], [])
        if st["opener"] not in ("bring-in", "best-board", "first-left", "after-big-blind"):
            no("streets.{}.opener".format(st["name"]), st["opener"], "best-board")
    if r["board"]["ranking"] not in ("high", "ace-to-five", "ace-to-six", "deuce-to-seven"):
        no("board.ranking", r["board"]["ranking"], "high")
    for _i, sh in enumerate(r["pot"]["shares"]):
        if sh["ranking"] not in SUPPORTED_RANKINGS:
            no("pot.shares.{}.ranking".format(sh["name"]), sh["ranking"], "high")
        if sh["cards"] not in ("all", "own", "down"):
            no("pot.shares.{}.cards".format(sh["name"]), sh["cards"], "all")
        if sh["suit"]:
            no("pot.shares.{}.suit".format(sh["name"]), sh["suit"], None)
    return bad


# ---------------------------------------------------------------------------
# Hand evaluation.  Every ranking gives a key where larger is better.
# ---------------------------------------------------------------------------


def _groups(ranks):
    cnt = {}
    for x in ranks:
        cnt[x] = cnt.get(x, 0) + 1
    return sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))


def _straight_top(ranks, ace_low=True, ace_high=True):
    s = set(ranks)
    if len(s) != 5 or len(ranks) != 5:
        return None
    hi = max(s)
    lo = min(s)
    if hi - lo == 4:
        return hi
    if ace_low and s == {14, 2, 3, 4, 5}:
        return 5
    return None


def high5(cards):
    """cards: list of (rank, suit) with rank 2..14; 5 cards (duplicates allowed)."""
    ranks = [c[0] for c in cards]
    suits = [c[1] for c in cards]
    flush = len(set(suits)) == 1 and len(cards) == 5 and suits[0] != "x"
    g = _groups(ranks)
    if g[0][1] == 5:
        return (9, g[0][0])
    st = _straight_top(ranks)
    if st and flush:
        return (8, st)
    if g[0][1] == 4:
        return (7, g[0][0], g[1][0])
    if g[0][1] == 3 and len(g) > 1 and g[1][1] == 2:
        return (6, g[0][0], g[1][0])
    if flush:
        return (5,) + tuple(sorted(ranks, reverse=True))
    if st:
        return (4, st)
    if g[0][1] == 3:
        return (3,) + tuple(x[0] for x in g)
    if g[0][1] == 2 and len(g) > 1 and g[1][1] == 2:
        return (2,) + tuple(x[0] for x in g)
    if g[0][1] == 2:
        return (1,) + tuple(x[0] for x in g)
    return (0,) + tuple(x[0] for x in g)


def soko5(cards):
    k = high5(cards)
    if k[0] >= 2:
        return (k[0] + 2,) + k[1:]
    # four-card flush or straight ranks between a pair and two pair
    suits = [c[1] for c in cards]
    ranks = [c[0] for c in cards]
    for s in set(suits):
        if suits.count(s) == 4 and s != "x":
            return (3,) + tuple(sorted(ranks, reverse=True))
    for combo in itertools.combinations(range(5), 4):
        rs_ = sorted(ranks[i] for i in combo)
        if len(set(rs_)) == 4 and (rs_[3] - rs_[0] == 3 or set(rs_) == {14, 2, 3, 4}):
            top = rs_[3] if rs_[3] - rs_[0] == 3 else 4
            return (2, top) + tuple(sorted(ranks, reverse=True))
    return k


def low_a5(cards):
    ranks = [1 if c[0] == 14 else c[0] for c in cards]
    g = _groups(ranks)
    pattern = tuple(x[1] for x in g)
    cat = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
        (5,): 6,
    }.get(pattern, len(cards) - len(g))
    key = (cat,) + tuple(x[0] for x in g)
    return tuple(-x for x in key)


def low_a6(cards):
    conv = [(1 if c[0] == 14 else c[0], c[1]) for c in cards]
    ranks = [c[0] for c in conv]
    suits = [c[1] for c in conv]
    flush = len(set(suits)) == 1 and suits[0] != "x"
    g = _groups(ranks)
    s = set(ranks)
    straight = len(s) == 5 and max(s) - min(s) == 4
    if g[0][1] == 5:
        k = (9, g[0][0])
    elif straight and flush:
        k = (8, max(s))
    elif g[0][1] == 4:
        k = (7,) + tuple(x[0] for x in g)
    elif g[0][1] == 3 and len(g) > 1 and g[1][1] == 2:
        k = (6,) + tuple(x[0] for x in g)
    elif flush:
        k = (5,) + tuple(sorted(ranks, reverse=True))
    elif straight:
        k = (4, max(s))
    else:
        cat = {3: 3, 2: 1}.get(g[0][1], 0)
        if g[0][1] == 2 and len(g) > 1 and g[1][1] == 2:
            cat = 2
        k = (cat,) + tuple(x[0] for x in g)
    return tuple(-x for x in k)


def low_27(cards):
    ranks = [c[0] for c in cards]
    suits = [c[1] for c in cards]
    flush = len(set(suits)) == 1 and suits[0] != "x"
    g = _groups(ranks)
    st = _straight_top(ranks, ace_low=False)
    if g[0][1] == 5:
        k = (9, g[0][0])
    elif st and flush:
        k = (8, st)
    elif g[0][1] == 4:
        k = (7,) + tuple(x[0] for x in g)
    elif g[0][1] == 3 and len(g) > 1 and g[1][1] == 2:
        k = (6,) + tuple(x[0] for x in g)
    elif flush:
        k = (5,) + tuple(sorted(ranks, reverse=True))
    elif st:
        k = (4, st)
    else:
        cat = {3: 3, 2: 1}.get(g[0][1], 0)
        if g[0][1] == 2 and len(g) > 1 and g[1][1] == 2:
            cat = 2
        k = (cat,) + tuple(x[0] for x in g)
    return tuple(-x for x in k)


FIVE = {
    "high": high5,
    "ace-to-five": low_a5,
    "ace-to-six": low_a6,
    "deuce-to-seven": low_27,
    "soko": soko5,
}


def _parse(c):
    return (crank(c), csuit(c))


def _subs(naturals, nwild, bug_flags):
    """Yield substitutions (list of (rank,suit)) for the wild cards of a 5-card set."""
    nat_suits = {s for _, s in naturals}
    flush_suit = None
    if len(nat_suits) == 1:
        flush_suit = next(iter(nat_suits))
    elif not naturals:
        flush_suit = "s"
    for combo in itertools.combinations_with_replacement(range(2, 15), nwild):
        if flush_suit:
            yield [(r, flush_suit) for r in combo], True
        yield [(r, f"x{i}") for i, r in enumerate(combo)], False


def eval5(cards, ranking, wild=frozenset(), bugs=frozenset()):
    """Best key of exactly these (<=5) cards with wild cards substituted."""
    return _eval5(tuple(cards), ranking, frozenset(wild), frozenset(bugs))


@lru_cache(maxsize=200000)
def _eval5(cards, ranking, wild, bugs):
    fn = FIVE[ranking]
    nat = []
    wl = []
    bl = []
    for c in cards:
        if c == "Jk":
            if "Jk" in bugs:
                bl.append(c)
            else:
                wl.append(c)
        elif crank(c) in wild:
            wl.append(c)
        else:
            nat.append(_parse(c))
    nw = len(wl) + len(bl)
    if nw == 0:
        return fn(nat)
    best = None
    for sub, _ in _subs(nat, nw, None):
        if bl:
            # a bug is an ace, or a card completing a straight or a flush
            ok = True
            for i in range(len(wl), nw):
                if sub[i][0] != 14:
                    ok = None
            if ok is None:
                k = high5(nat + sub)
                if k[0] not in (4, 5, 8):
                    continue
        k = fn(nat + sub)
        if best is None or k > best:
            best = k
    return best


def best_hand(cards, ranking, wild=frozenset(), bugs=frozenset(), qualifier=None):
    """Best (key, five cards) from cards under ranking, or (None, []) if none qualifies."""
    cards = list(cards)
    if ranking in ("badugi", "badugi-aces-high"):
        return badugi_best(cards, ranking == "badugi-aces-high")
    n = min(5, len(cards))
    best = None
    bestc = []
    nwild = [c for c in cards if c == "Jk" or crank(c) in wild]
    for combo in itertools.combinations(cards, n):
        if nwild and len(nwild) <= n and not all(w in combo for w in nwild):
            continue
        if qualifier is not None and not qualifies_low(combo, qualifier, wild, bugs):
            continue
        k = eval5(combo, ranking, wild, bugs)
        if best is None or k > best:
            best = k
            bestc = list(combo)
    return best, bestc


def qualifies_low(combo, q, wild, bugs):
    if len(combo) < 5:
        return False
    nat = []
    nw = 0
    for c in combo:
        if c == "Jk" or crank(c) in wild:
            nw += 1
        else:
            r = crank(c)
            nat.append(1 if r == 14 else r)
    if len(set(nat)) != len(nat):
        return False
    if any(r > q for r in nat):
        return False
    avail = [r for r in range(1, q + 1) if r not in nat]
    return len(avail) >= nw


def badugi_best(cards, aces_high):
    def rv(c):
        r = crank(c)
        if r == 14 and not aces_high:
            return 1
        return r

    best = None
    bestc = []
    for n in (4, 3, 2, 1):
        for combo in itertools.combinations(cards, n):
            if len({crank(c) for c in combo}) != n or len({csuit(c) for c in combo}) != n:
                continue
            key = (n,) + tuple(-x for x in sorted((rv(c) for c in combo), reverse=True))
            if best is None or key > best:
                best = key
                bestc = list(combo)
        if best is not None:
            break
    return best, bestc


def hand_name(key, ranking, cards):
    if key is None:
        return "no hand"
    if ranking in ("badugi", "badugi-aces-high"):
        n = key[0]
        top = -key[1]
        return f"{n}-card badugi, {NAME1[top]} high"
    if ranking in ("ace-to-five", "ace-to-six", "deuce-to-seven"):
        k = tuple(-x for x in key)
        if ranking == "ace-to-five":
            if k[0] == 0:
                return f"{NAME1[k[1]]}-{NAME1[k[2]]} low"
            hk = (
                high5([(14 if crank(c) == 14 else crank(c), csuit(c)) for c in cards])
                if cards
                else (0,)
            )
            return _high_name(hk)
        if k[0] == 0:
            return f"{NAME1[k[1]]}-{NAME1[k[2]]} low"
        return _high_name(k)
    if ranking == "soko":
        if key[0] == 3:
            return f"four-card flush, {NAME1[key[1]]} high"
        if key[0] == 2:
            return f"four-card straight, {NAME1[key[1]]} high"
        if key[0] >= 4:
            return _high_name((key[0] - 2,) + key[1:])
        return _high_name(key)
    return _high_name(key)


def _high_name(k):
    c = k[0]
    if c == 9:
        return f"five of a kind, {NAMES[k[1]]}"
    if c == 8:
        if k[1] == 14:
            return "royal flush"
        return f"{NAME1[k[1]]}-high straight flush"
    if c == 7:
        return f"four of a kind, {NAMES[k[1]]}"
    if c == 6:
        return f"full house, {NAMES[k[1]]} over {NAMES[k[2]]}"
    if c == 5:
        return f"flush, {NAME1[k[1]]} high"
    if c == 4:
        return f"{NAME1[k[1]]}-high straight"
    if c == 3:
        return f"three of a kind, {NAMES[k[1]]}"
    if c == 2:
        return f"two pair, {NAMES[k[1]]} and {NAMES[k[2]]}"
    if c == 1:
        return f"pair of {NAMES[k[1]]}"
    return f"high card, {NAME1[k[1]]}"


def parse_minimum(s):
    return [c for c in str(s).split()]


# ---------------------------------------------------------------------------
# Boards (who opens a street)
# ---------------------------------------------------------------------------


def board_key(cards, ranking, suit_rank, wild=frozenset()):
    """Key (larger = opens first) and a suit tie-break for exposed cards."""
    if not cards:
        return (-99,), ()
    low = ranking != "high"
    ace_low = ranking in ("ace-to-five", "ace-to-six")

    def conv(c):
        if c == "Jk":
            return (1 if ace_low else 14, -1)
        r = crank(c)
        return (1 if (r == 14 and ace_low) else r, suit_rank[csuit(c)])

    cs = [conv(c) for c in cards]
    wl = [i for i, c in enumerate(cards) if c != "Jk" and crank(c) in wild]
    best = None
    for combo in itertools.combinations(range(len(cs)), min(5, len(cs))):
        sub = [cs[i] for i in combo]
        ws = [j for j, i in enumerate(combo) if i in wl]
        if not ws:
            cands = [sub]
        else:
            cands = []
            pool = range(1, 14) if ace_low else range(2, 15)
            for rr in itertools.product(pool, repeat=len(ws)):
                t = list(sub)
                for j, x in zip(ws, rr, strict=False):
                    t[j] = (x, t[j][1])
                cands.append(t)
        for t in cands:
            k = _board5(t, low)
            if best is None or k > best:
                best = k
    return best[0], best[1]


def _board5(cards, low):
    ranks = [c[0] for c in cards]
    g = _groups(ranks)
    pattern = tuple(x[1] for x in g)
    cat = {
        (2,): 1,
        (2, 1): 1,
        (2, 1, 1): 1,
        (2, 1, 1, 1): 1,
        (2, 2): 2,
        (2, 2, 1): 2,
        (3,): 3,
        (3, 1): 3,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4,): 5,
        (4, 1): 5,
        (5,): 6,
    }.get(pattern, 0)
    key = (cat,) + tuple(x[0] for x in g)
    tie = tuple(max(c[1] for c in cards if c[0] == r_) for r_, _ in g)
    if low:
        return tuple(-x for x in key), tuple(-x for x in tie)
    return key, tie


# ---------------------------------------------------------------------------
# The hand
# ---------------------------------------------------------------------------


class Seat:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.total = ZERO
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []


class Hand:
    def __init__(self, rs, seats, dealer, deck, seat_cards):
        self.rs = rs
        self.st = rs["stakes"]
        self.chip = self.st["chip"] or Decimal("0.01")
        self.seats = sorted(seats, key=lambda s: s.seat)
        self.by = {s.seat: s for s in self.seats}
        self.dealer = dealer
        self.order = self.clockwise_after(dealer)
        self.ndealt = len(self.seats)
        self.community = list(rs["deck"]["centre"])
        self.centre_dealt = []
        self.wild = frozenset(rs["wild"]["ranks"])
        self.blinds = []
        self.over = False
        self.result = None
        self.phase = "betting"
        self.to_act = None
        self.burns = []
        self.dealt_any = False
        self.street_name = rs["streets"][0]["name"] if rs["streets"] else None
        self.si = -1
        self.stage = "next"
        self.round = None
        self.dround = None
        self.blind_pending = False
        self.last_bet_street = None
        self.final_opener = None
        self.final_aggr = None
        self.betting_rounds = 0
        self.suit_order = [SUIT_NAMES[s] for s in rs["bring_in"]["suit_order"]]
        self.suit_rank = {s: i for i, s in enumerate(self.suit_order)}
        self.build_deck(deck, seat_cards)
        self.post_antes()
        self.post_blinds()
        self.advance()

    # -- seats and order
    def clockwise_after(self, seatnum):
        after = [s for s in self.seats if s.seat > seatnum]
        before = [s for s in self.seats if s.seat <= seatnum]
        return after + before

    def live(self):
        return [s for s in self.order if not s.folded]

    def able(self, s):
        return not s.folded and not s.all_in and s.stack > 0

    # -- the pack
    def build_deck(self, deck, seat_cards):
        rs = self.rs
        full = new_deck(rs["deck"]["jokers"], rs["deck"]["stripped"])
        centre = set(self.community)
        deck = list(deck or [])
        for c in deck:
            if c not in full and c != "Jk":
                raise Refusal("bad_request", f"card {c} is not in the pack")
        if len(set(deck)) != len(deck):
            raise Refusal("bad_request", "a card twice in the deck")
        if not deck:
            import random

            rest = [c for c in full if c not in centre]
            random.Random(0).shuffle(rest)
            deck = rest
        else:
            seen = set(deck)
            deck = [c for c in deck if c not in centre] + [
                c for c in full if c not in seen and c not in centre
            ]
        self.queues = {}
        for sc in seat_cards or []:
            self.queues[sc["seat"]] = list(sc.get("cards") or [])
        self.stub = list(deck)

    def stub_count(self):
        return len(self.stub)

    def take_rest(self):
        """A burn, a centre card or a card for a seat whose list is used up."""
        listed = set()
        for q in self.queues.values():
            listed.update(q)
        for i, c in enumerate(self.stub):
            if c not in listed:
                return self.stub.pop(i)
        if self.stub:
            return self.stub.pop(0)
        raise Refusal("internal", "the pack is empty")

    def take_for(self, s):
        q = self.queues.get(s.seat)
        if q:
            c = q.pop(0)
            if c in self.stub:
                self.stub.remove(c)
                self.stub.insert(0, c)
            if self.stub:
                return self.stub.pop(0)
            raise Refusal("internal", "the pack is empty")
        return self.take_rest()

    def arrange(self, seats):
        """Move each seat's next listed card up the stub, in dealing order."""
        front = []
        for s in seats:
            q = self.queues.get(s.seat)
            if q and q[0] in self.stub:
                self.stub.remove(q[0])
                front.append(q[0])
        self.stub = front + self.stub

    # -- forced bets
    def post_antes(self):
        ante = self.st["ante"] or ZERO
        if ante <= 0:
            return
        for s in self.order:
            a = min(ante, s.stack)
            s.stack -= a
            s.total += a
            if s.stack == 0:
                s.all_in = True
                if "ante_exact_not_allin" in BUGS and a == ante:
                    s.all_in = False

    def post_blinds(self):
        sb_amt, bb_amt = self.st["small_blind"], self.st["big_blind"]
        if sb_amt is None or bb_amt is None:
            return
        players = self.order
        if len(players) == 2:
            dealer_seat = self.by.get(self.dealer) or players[-1]
            other = players[0] if players[0] is not dealer_seat else players[1]
            if self.rs["blinds"]["heads_up"] == "dealer-small":
                sb, bb = dealer_seat, other
            else:
                sb, bb = other, dealer_seat
        else:
            sb, bb = players[0], players[1]
        for s, amt, kind in ((sb, sb_amt, "small"), (bb, bb_amt, "big")):
            a = min(amt, s.stack)
            s.stack -= a
            s.total += a
            s.bet += a
            if s.stack == 0:
                s.all_in = True
            self.blinds.append({"seat": s.seat, "blind": kind, "amount": money(a)})
        self.bb_seat = bb.seat
        self.blind_pending = True

    # -- dealing
    def remaining_rounds(self, from_si, from_entry):
        n = 0
        for i in range(from_si, len(self.rs["streets"])):
            st = self.rs["streets"][i]
            if not self.street_played(st):
                continue
            start = from_entry if i == from_si else 0
            n += len(st["deal"][start:])
        return n

    def street_played(self, st):
        lim = st.get("deal_if_players_at_most")
        return lim is None or self.ndealt <= lim

    def deal_street(self, st):
        if not st["deal"]:
            return
        if self.dealt_any and self.rs["dealing"]["burn"] and self.stub_count() > 0:
            self.burns.append(self.take_rest())
        for ei, face in enumerate(st["deal"]):
            live = self.live()
            if face == "centre":
                need = 1
            else:
                need = len(live)
            reserve = (
                self.remaining_rounds(self.si, ei + 1)
                if self.rs["dealing"]["community_card"]
                else 0
            )
            if (
                self.stub_count() < need + reserve
                and self.rs["dealing"]["reuse_burns"]
                and self.burns
            ):
                self.stub.extend(self.burns)
                self.burns = []
            if face != "centre" and self.stub_count() < need + reserve:
                if self.rs["dealing"]["community_card"] and self.stub_count() > 0:
                    self.community.append(self.take_rest())
                    continue
                if self.stub_count() < need:
                    raise Refusal("internal", "the pack ran out")
            if face == "centre":
                c = self.take_rest()
                self.community.append(c)
                self.centre_dealt.append(c)
                continue
            self.arrange(live)
            for s in live:
                q = self.queues.get(s.seat)
                if q:
                    q.pop(0)
                    c = self.stub.pop(0)
                else:
                    c = self.take_rest()
                f = face
                if face == "down-if-all-up":
                    f = "down" if not s.down else "up"
                (s.down if f == "down" else s.up).append(c)
        self.dealt_any = True

    # -- the flow
    def advance(self):
        while not self.over:
            if len(self.live()) <= 1:
                self.finish_by_fold()
                return
            if self.stage == "next":
                self.si += 1
                if self.si >= len(self.rs["streets"]):
                    self.showdown()
                    return
                st = self.rs["streets"][self.si]
                if not self.street_played(st):
                    continue
                self.street_name = st["name"]
                self.di = 0
                self.stage = "decide"
            st = self.rs["streets"][self.si]
            if self.stage == "decide":
                if self.di < len(st["decide"]):
                    if self.start_decide(st["decide"][self.di]):
                        return
                    self.di += 1
                    continue
                self.stage = "deal"
            if self.stage == "deal":
                self.deal_street(st)
                self.stage = "bet"
            if self.stage == "bet":
                if st["bet"] is None:
                    self.stage = "next"
                    continue
                if self.start_round(st):
                    return
                self.end_round()
                self.stage = "next"

    # -- decision rounds
    def start_decide(self, d):
        players = [s for s in self.live()]
        if not players:
            return False
        self.phase = d["kind"]
        self.dround = {"d": d, "pending": list(players), "chosen": {}}
        self.to_act = players[0].seat
        return True

    def decide_choices(self, s):
        d = self.dround["d"]
        if d["among"] == "down":
            return list(s.down)
        if d["among"] == "up":
            return list(s.up)
        return list(s.down) + list(s.up)

    def decide_legal(self, s):
        d = self.dround["d"]
        ch = self.decide_choices(s)
        cmax = min(d["count"], len(ch))
        cmin = d["at_least"] if d["at_least"] is not None else d["count"]
        cmin = min(cmin, cmax)
        if d["kind"] == "draw":
            avail = self.stub_count() + (
                len(self.burns) if self.rs["dealing"]["reuse_burns"] else 0
            )
            cmax = min(cmax, avail)
            cmin = min(cmin, cmax)
        return {"action": d["kind"], "cards_min": cmin, "cards_max": cmax, "choices": ch}

    def decide_act(self, seat, action, cards):
        d = self.dround["d"]
        s = self.by.get(seat)
        pending = self.dround["pending"]
        if s is None or s not in pending:
            raise self.illegal(f"seat {seat} is not to choose now")
        if d["order"] == "in-turn" and s.seat != self.to_act:
            raise self.illegal(f"it is seat {self.to_act}'s turn")
        lg = self.decide_legal(s)
        if action != d["kind"]:
            raise self.illegal(f"{action} is not the round's choice")
        cards = list(cards or [])
        ch = lg["choices"]
        cmax = lg["cards_max"]
        if "draw_over_limit" in BUGS and d["kind"] == "draw":
            cmax = min(cmax + 1, len(ch))
        if len(set(cards)) != len(cards) or any(c not in ch for c in cards):
            raise self.illegal("those cards cannot be chosen")
        if not (lg["cards_min"] <= len(cards) <= cmax):
            raise self.illegal(f"choose between {lg['cards_min']} and {lg['cards_max']} cards")
        pending.remove(s)
        if d["order"] == "in-turn":
            self.apply_choice(s, d, cards)
        else:
            self.dround["chosen"][s.seat] = cards
        if not pending:
            if d["order"] != "in-turn":
                for p in self.live():
                    if p.seat in self.dround["chosen"]:
                        self.apply_choice(p, d, self.dround["chosen"][p.seat])
            self.dround = None
            self.di += 1
            self.phase = "betting"
            self.to_act = None
            self.advance()
        else:
            self.to_act = pending[0].seat

    def apply_choice(self, s, d, cards):
        k = d["kind"]
        if k == "discard":
            for c in cards:
                if c in s.down:
                    s.down.remove(c)
                else:
                    s.up.remove(c)
        elif k == "expose":
            for c in cards:
                s.down.remove(c)
                s.up.append(c)
        elif k == "draw":
            for c in cards:
                if self.stub_count() == 0 and self.rs["dealing"]["reuse_burns"] and self.burns:
                    self.stub.extend(self.burns)
                    self.burns = []
                new = self.take_for(s)
                if d["drawn_face"] == "down":
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

    # -- boards
    def board_cards(self, s):
        if "centre_no_board" in BUGS:
            return list(s.up) + [c for c in self.community if c not in self.centre_dealt]
        return list(s.up) + list(self.community)

    def best_board_seat(self, st, candidates):
        ranking = self.rs["board"]["ranking"]
        ties = st.get("ties") or self.rs["board"]["ties"]
        best = None
        bestseat = None
        for idx, s in enumerate(candidates):
            wild = self.wild if self.rs["board"]["wild"] == "wild" else frozenset()
            key, tsuit = board_key(self.board_cards(s), ranking, self.suit_rank, wild)
            k = (key, tsuit if ties == "suit" else (), -idx)
            if best is None or k > best:
                best = k
                bestseat = s
        return bestseat

    def first_able_from(self, s, include_self=True):
        seq = self.clockwise_after(s.seat)
        if include_self:
            seq = [s] + [x for x in seq if x is not s]
        for x in seq:
            if self.able(x):
                return x
        return None

    def bringin_seat(self):
        bi = self.rs["bring_in"]
        aces_low = bi["aces"] == "low"

        def key(c):
            if c == "Jk":
                return (14, -1)
            r = crank(c)
            if r == 14 and aces_low:
                r = 1
            return (r, self.suit_rank[csuit(c)])

        def ext(s):
            if not s.up:
                return None
            ks = [key(c) for c in s.up]
            return min(ks) if bi["card"] == "lowest" else max(ks)

        live = self.live()
        if bi["all_in"] == "next-card":
            cands = [s for s in live if self.able(s)]
        else:
            cands = live
        scored = [(ext(s), i, s) for i, s in enumerate(cands) if ext(s) is not None]
        if not scored:
            return self.first_able_from(live[0]) if live else None
        if bi["card"] == "lowest":
            pick = min(scored, key=lambda t: (t[0], t[1]))[2]
        else:
            pick = max(scored, key=lambda t: (t[0], -t[1]))[2]
        if not self.able(pick):
            pick = self.first_able_from(pick, include_self=False)
        return pick

    def opener_for(self, st):
        op = st["opener"]
        live = self.live()
        if "later_after_bb" in BUGS and op == "first-left" and self.blinds:
            op = "after-big-blind"
        if op == "first-left":
            return self.first_able_from(live[0]) if live else None, live[0] if live else None
        if op == "after-big-blind":
            bb = self.by.get(getattr(self, "bb_seat", None))
            if bb is None:
                return (self.first_able_from(live[0]), live[0])
            nxt = [x for x in self.clockwise_after(bb.seat) if not x.folded]
            first = nxt[0] if nxt else None
            return self.first_able_from(first) if first else None, first
        # best board (also the fallback of a bring-in street without a bring-in)
        b = self.best_board_seat(st, live)
        if b is None:
            return None, None
        if self.able(b):
            return b, b
        return self.first_able_from(b, include_self=False), b

    # -- betting rounds
    def min_unit(self):
        st = self.round["st"]
        if st.get("spread"):
            return st["spread"]["min"]
        return self.round["unit"]

    def unit_for(self, st):
        if "fivecard_street_names" in BUGS and self.is_five_card():
            big = st["name"] in ("fifth", "sixth", "seventh")
            return self.st["big_bet"] if big else self.st["small_bet"]
        return self.st["small_bet"] if st["bet"] == "small" else self.st["big_bet"]

    def start_round(self, st):
        self.betting_rounds += 1
        is_first_betting = self.last_bet_street is None
        self.last_bet_street = st
        self.final_aggr = None
        self.phase = "betting"
        unit = self.unit_for(st)
        r = {
            "st": st,
            "unit": unit,
            "cur": max(s.bet for s in self.seats),
            "bet_made": False,
            "nraises": 0,
            "last_inc": unit,
            "open": False,
            "acted": set(),
            "locked": False,
            "forced": None,
            "aggr": None,
            "start_able": len([s for s in self.live() if self.able(s)]),
        }
        self.round = r
        if self.blind_pending:
            self.blind_pending = False
            bb = self.st["big_blind"]
            if "bb_short_call" not in BUGS:
                r["cur"] = max(r["cur"], bb)
            if self.rs["betting"]["structure"] == "fixed-limit" and bb < unit:
                r["open"] = True
            elif self.rs["betting"]["structure"] != "fixed-limit" and bb < (
                st["spread"]["min"] if st.get("spread") else unit
            ):
                r["open"] = True
            else:
                r["bet_made"] = True
                r["last_inc"] = bb
            first, nominal = self.opener_for(st)
        elif is_first_betting and self.st["bring_in"] is not None and st["opener"] == "bring-in":
            forced = self.bringin_seat()
            r["forced"] = forced.seat if forced else None
            first, nominal = forced, forced
        else:
            first, nominal = self.opener_for(st)
        self.final_opener = nominal.seat if nominal else (first.seat if first else None)
        able = [s for s in self.live() if self.able(s)]
        if not able or first is None:
            return False
        if len(able) < 2:
            return False
        if r["forced"] is not None and len(able) == 1:
            return False
        self.to_act = first.seat
        if not self.needs(first):
            nxt = self.next_to_act(first)
            if nxt is None:
                return False
            self.to_act = nxt.seat
        return True

    def needs(self, s):
        r = self.round
        if s.folded or s.all_in or s.stack <= 0:
            return False
        return s.seat not in r["acted"] or s.bet < r["cur"]

    def next_to_act(self, after):
        for s in self.clockwise_after(after.seat):
            if self.needs(s):
                return s
        return None

    def pair_showing(self):
        for s in self.live():
            ranks = [crank(c) for c in self.board_cards(s)]
            if len(set(ranks)) < len(ranks):
                return True
        return False

    def uncapped(self):
        mode = self.rs["betting"]["uncapped_heads_up"]
        if mode == "never":
            return False
        if mode == "round-start":
            return self.round["start_able"] == 2
        return len(self.live()) == 2

    def can_answer(self, s):
        cur = self.round["cur"]
        for o in self.live():
            if o is s or o.all_in:
                continue
            if o.bet + o.stack > cur:
                return True
        return False

    def is_five_card(self):
        return sum(len([f for f in x["deal"] if f != "centre"]) for x in self.rs["streets"]) == 5

    def raise_incs(self):
        r = self.round
        st = r["st"]
        small, big = self.st["small_bet"], self.st["big_bet"]
        option = st["big_bet_when"] == "open-pair" and st["bet"] == "small"
        if not option:
            return [r["unit"]]
        locks = self.rs["betting"]["big_bet_locks"]
        if r["locked"] and locks:
            return [big]
        if self.pair_showing() or (r["locked"] and not locks):
            return [small, big]
        return [small]

    def ranges(self, s, word):
        """(lo, hi) totals for a bet/raise/complete in spread, pot and no limit."""
        r = self.round
        st = r["st"]
        b = self.rs["betting"]
        struct = b["structure"]
        cur = r["cur"]
        base = cur
        if r["forced"] == s.seat and cur == 0 and self.st["bring_in"] is not None:
            base = self.st["bring_in"]
        pot_total = sum((x.total for x in self.seats), ZERO)
        allin = s.bet + s.stack
        if struct == "spread-limit":
            sp = st["spread"] or {"min": r["unit"], "max": r["unit"]}
            if word in ("bet", "complete"):
                lo = sp["min"] if base < sp["min"] else base + self.chip
                return lo, max(sp["max"], lo)
            inc = max(r["last_inc"], sp["min"])
            return cur + inc, cur + sp["max"]
        if struct == "pot-limit":
            call = cur - s.bet
            if b["pot_ceiling"] == "pot-plus-bet":
                hi = pot_total + cur
            else:
                hi = cur + pot_total + call
            if word in ("bet", "complete"):
                lo = r["unit"] if base < r["unit"] else base + self.chip
                return lo, hi
            if b["min_raise"] == "double":
                return 2 * cur, hi
            return cur + r["last_inc"], hi
        # no limit
        if word in ("bet", "complete"):
            lo = r["unit"] if base < r["unit"] else base + self.chip
            return lo, allin
        if b["min_raise"] == "double":
            return 2 * cur, allin
        return cur + r["last_inc"], allin

    def legal_for(self, s):
        r = self.round
        struct = self.rs["betting"]["structure"]
        cur = r["cur"]
        allin = s.bet + s.stack
        small = self.st["small_bet"]
        out = []
        if r["forced"] == s.seat and s.bet == 0 and cur == 0 and not r["acted"]:
            bi = self.st["bring_in"]
            out.append({"action": "bring_in", "amount": min(bi, allin)})
            if allin > bi and self.can_answer(s):
                if struct == "fixed-limit":
                    if bi < small:
                        out.append({"action": "complete", "amount": min(small, allin)})
                else:
                    lo, hi = self.ranges(s, "complete")
                    out.append(self._range("complete", lo, hi, allin))
            return out
        facing = cur - s.bet
        if facing > 0:
            out.append({"action": "fold"})
            out.append({"action": "call", "amount": min(cur, allin)})
        else:
            out.append({"action": "check"})
            if self.rs["betting"]["fold_when_check"] == "allowed":
                out.append({"action": "fold"})
        if s.stack <= facing or allin <= cur:
            return out
        if not self.can_answer(s):
            return out
        if r["open"]:
            word = "complete"
        elif cur == 0 and not r["bet_made"]:
            word = "bet"
        else:
            word = "raise"
            if s.seat in r["acted"] and s.bet >= 0 and not self._reopened_for(s):
                return out
            mr = self.rs["betting"]["max_raises"]
            if r["bet_made"] and mr is not None and r["nraises"] >= mr and not self.uncapped():
                return out
        if struct == "fixed-limit":
            if word == "complete":
                amts = [min(r["unit"] if self.last_bet_street is not None else small, allin)]
                amts = [min(r["unit"], allin)]
            elif word == "bet":
                amts = [min(cur + i, allin) for i in self.raise_incs()]
            else:
                amts = [min(cur + i, allin) for i in self.raise_incs()]
            seen = []
            for a in amts:
                if a > cur and a not in seen:
                    seen.append(a)
                    out.append({"action": word, "amount": a})
        else:
            lo, hi = self.ranges(s, word)
            out.append(self._range(word, lo, hi, allin))
        return out

    def _reopened_for(self, s):
        return s.seat not in self.round["acted"]

    def _range(self, word, lo, hi, allin):
        lo = min(lo, allin)
        hi = min(hi, allin)
        if lo > hi:
            lo = hi
        if lo == hi:
            return {"action": word, "amount": lo}
        return {"action": word, "min": lo, "max": hi}

    def illegal(self, why):
        return Refusal("illegal_action", why, legal=self.legal_json())

    def legal_json(self):
        if self.over or self.to_act is None:
            return []
        s = self.by[self.to_act]
        if self.dround:
            lg = self.decide_legal(s)
            return [lg]
        out = []
        for o in self.legal_for(s):
            o2 = {"action": o["action"]}
            if "amount" in o:
                o2["amount"] = money(o["amount"])
            if "min" in o:
                o2["min"] = money(o["min"])
                o2["max"] = money(o["max"])
            out.append(o2)
        return out

    def act(self, seat, action, amount, cards):
        if self.over:
            raise self.illegal("the hand is over")
        if self.dround:
            return self.decide_act(seat, action, cards)
        if seat != self.to_act:
            raise self.illegal(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        s = self.by[seat]
        legal = self.legal_for(s)
        opts = [o for o in legal if o["action"] == action]
        if not opts:
            raise self.illegal(f"{action} is not legal now")
        total = None
        if action in ("fold", "check"):
            pass
        else:
            if amount is None:
                fixed = [o for o in opts if "amount" in o]
                if not fixed:
                    raise self.illegal(f"{action} needs an amount")
                total = min(o["amount"] for o in fixed)
            else:
                a = dec(amount)
                ok = False
                for o in opts:
                    if "amount" in o and a == o["amount"]:
                        ok = True
                    elif "min" in o and o["min"] <= a <= o["max"]:
                        if (a / self.chip) == (
                            a / self.chip
                        ).to_integral_value() or a == s.bet + s.stack:
                            ok = True
                if not ok:
                    raise self.illegal(f"{action} {amount} is not legal now")
                total = a
        self.apply_bet(s, action, total)

    def apply_bet(self, s, action, total):
        r = self.round
        frac = self.rs["betting"]["reopen_fraction"]
        small = self.st["small_bet"]
        struct = self.rs["betting"]["structure"]
        if action == "fold":
            s.folded = True
            r["acted"].add(s.seat)
        elif action == "check":
            r["acted"].add(s.seat)
        else:
            put = total - s.bet
            s.stack -= put
            s.total += put
            s.bet = total
            if s.stack == 0:
                s.all_in = True
            r["acted"].add(s.seat)
            cur = r["cur"]
            if action == "bring_in":
                r["cur"] = max(cur, total)
                if self.st["bring_in"] >= r["unit"]:
                    if total >= r["unit"]:
                        r["bet_made"] = True
                        r["last_inc"] = total
                    else:
                        r["open"] = True
                else:
                    r["open"] = True
            elif action == "complete":
                full = r["unit"]
                if total >= full or total >= frac * full:
                    r["open"] = False
                    r["bet_made"] = True
                    r["last_inc"] = max(total, full) if struct != "fixed-limit" else full
                    if struct != "fixed-limit":
                        r["last_inc"] = max(total, self.min_unit())
                    r["acted"] = {s.seat}
                    r["aggr"] = s.seat
                    self.final_aggr = s.seat
                else:
                    r["open"] = True
                r["cur"] = max(cur, total)
            elif action in ("bet", "raise"):
                inc = total - cur
                if struct == "fixed-limit":
                    unit_small = min(self.raise_incs())
                    fullinc = unit_small
                    if r["locked"] and self.rs["betting"]["big_bet_locks"]:
                        fullinc = self.st["big_bet"]
                else:
                    fullinc = r["last_inc"] if action == "raise" else r["unit"]
                    if action == "bet":
                        fullinc = min(fullinc, total)
                is_full = inc >= frac * fullinc or (action == "bet")
                if is_full:
                    if r["bet_made"] and action == "raise":
                        r["nraises"] += 1
                    r["bet_made"] = True
                    r["acted"] = {s.seat}
                    r["aggr"] = s.seat
                    self.final_aggr = s.seat
                    if struct != "fixed-limit":
                        r["last_inc"] = (
                            max(r["last_inc"], inc)
                            if action == "raise"
                            else max(total, self.min_unit())
                        )
                    if (
                        struct == "fixed-limit"
                        and r["st"]["bet"] == "small"
                        and inc >= self.st["big_bet"]
                        and self.st["big_bet"] > small
                    ):
                        r["locked"] = True
                r["cur"] = max(cur, total)
            elif action == "call":
                pass
        self.after_action(s)

    def after_action(self, s):
        if len(self.live()) <= 1:
            self.finish_by_fold()
            return
        nxt = self.next_to_act(s)
        if nxt is None:
            self.end_round()
            self.stage = "next"
            self.to_act = None
            self.advance()
        else:
            self.to_act = nxt.seat

    def return_uncalled(self):
        bets = sorted((x.bet for x in self.seats), reverse=True)
        if len(bets) < 2 or bets[0] <= bets[1]:
            return
        x = [x for x in self.seats if x.bet == bets[0]][0]
        ex = bets[0] - bets[1]
        x.total -= ex
        x.stack += ex
        x.bet -= ex
        if x.stack > 0:
            x.all_in = False

    def end_round(self):
        self.return_uncalled()
        for s in self.seats:
            s.bet = ZERO
        self.round = None
        self.to_act = None

    # -- pots
    def pots(self):
        live = self.live()
        levels = sorted({s.total for s in live if s.all_in})
        res = []
        prev = ZERO
        for L in levels + [None]:
            amt = ZERO
            for s in self.seats:
                hi = s.total if L is None else min(s.total, L)
                lo = min(s.total, prev)
                if hi > lo:
                    amt += hi - lo
            if L is None:
                elig = [s.seat for s in live if not s.all_in]
            else:
                elig = [s.seat for s in live if s.total >= L or not s.all_in]
                if "sidepot_allin_excluded" in BUGS and prev > 0:
                    elig = [s.seat for s in live if not s.all_in] or elig
            res.append({"amount": amt, "eligible": sorted(elig)})
            if L is not None:
                prev = L
        out = [p for p in res if p["amount"] > 0]
        if not out:
            out = [res[0]] if res else [{"amount": ZERO, "eligible": [s.seat for s in live]}]
        return out

    def finish_by_fold(self):
        if self.round is not None:
            self.return_uncalled()
        for s in self.seats:
            s.bet = ZERO
        self.round = None
        self.dround = None
        winner = self.live()[0]
        awards = []
        for i, p in enumerate(self.pots()):
            if p["amount"] > 0:
                awards.append({"seat": winner.seat, "amount": p["amount"], "pot": i, "share": None})
                winner.stack += p["amount"]
        self.close(awards, [], False)

    def close(self, awards, hands, showdown):
        self.over = True
        self.phase = "complete"
        self.to_act = None
        self.final_pots = self.pots()
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    # -- showdown
    def share_cards(self, s, sh):
        if sh["cards"] == "own":
            return list(s.down) + list(s.up)
        if sh["cards"] == "down":
            return list(s.down)
        return list(s.down) + list(s.up) + list(self.community)

    def joker_bugs(self, s):
        mode = self.rs["wild"]["joker"]
        if mode == "bug":
            return frozenset(["Jk"])
        if mode == "bug-up-wild-down":
            if "Jk" in s.up or "Jk" in self.community:
                return frozenset(["Jk"])
        return frozenset()

    def eval_share(self, s, sh):
        """(key, cards) or (None, []) when the player has no qualifying hand."""
        bugs = self.joker_bugs(s)
        ranking = sh["ranking"]
        q = sh["qualifier"]
        if sh["own"] is not None and sh["common"] is not None:
            own = list(s.down) + list(s.up)
            best = (None, [])
            for a in itertools.combinations(own, sh["own"]):
                for b in itertools.combinations(self.community, sh["common"]):
                    k, c = best_hand(list(a) + list(b), ranking, self.wild, bugs, q)
                    if k is not None and (best[0] is None or k > best[0]):
                        best = (k, c)
        else:
            best = best_hand(self.share_cards(s, sh), ranking, self.wild, bugs, q)
        if best[0] is not None and sh["minimum"]:
            mk, _ = best_hand(parse_minimum(sh["minimum"]), ranking)
            if best[0] < mk:
                return None, []
        return best

    def showdown(self):
        self.phase = "complete"
        rs = self.rs
        players = self.live()
        start = self.final_aggr or self.final_opener
        if start is not None and start in self.by:
            seq = [self.by[start]] + self.clockwise_after(start)
            seen = []
            for x in seq:
                if x not in seen and not x.folded:
                    seen.append(x)
            showers = seen
        else:
            showers = players
        shares = rs["pot"]["shares"]
        evals = {}
        for s in players:
            for sh in shares:
                evals[(s.seat, sh["name"])] = self.eval_share(s, sh)
        hands = []
        for s in showers:
            for sh in shares:
                k, c = evals[(s.seat, sh["name"])]
                if k is None:
                    continue
                hands.append(
                    {
                        "seat": s.seat,
                        "share": sh["name"],
                        "name": hand_name(k, sh["ranking"], c),
                        "cards": list(c),
                    }
                )
        awards = []
        pots = self.pots()
        for pi, p in enumerate(pots):
            elig = [self.by[x] for x in p["eligible"]]
            if not elig or p["amount"] <= 0:
                continue
            awards.extend(self.award_pot(pi, p["amount"], elig, evals))
        for a in awards:
            self.by[a["seat"]].stack += a["amount"]
        self.close(awards, hands, True)

    def award_pot(self, pi, amount, elig, evals):
        rs = self.rs
        shares = rs["pot"]["shares"]
        winners = {}
        for sh in shares:
            cands = [(evals[(s.seat, sh["name"])][0], s) for s in elig]
            cands = [(k, s) for k, s in cands if k is not None]
            if cands:
                bk = max(k for k, _ in cands)
                winners[sh["name"]] = [s for k, s in cands if k == bk]
        if not winners:
            mode = rs["pot"]["unqualified"] or "best-high"
            if mode == "split":
                return self.split_among(pi, amount, elig, None)
            hs = {
                "ranking": "high",
                "qualifier": None,
                "minimum": None,
                "cards": "all",
                "own": None,
                "common": None,
            }
            cands = [(self.eval_share(s, hs)[0], s) for s in elig]
            bk = max(k for k, _ in cands)
            w = [s for k, s in cands if k == bk]
            return self.split_among(pi, amount, w, shares[0]["name"] if len(shares) == 1 else None)
        parts = []
        for sh in shares:
            if sh["name"] in winners:
                parts.append(sh["name"])
            elif sh["fallback"] and sh["fallback"] in winners:
                parts.append(sh["fallback"])
        n = len(parts)
        unit = rs["pot"]["split_unit"] or self.chip
        if "split_unit_ignored" in BUGS:
            unit = self.chip
        units = (amount / unit).to_integral_value(rounding="ROUND_FLOOR")
        partial = amount - units * unit
        each = units // n
        left = int(units - each * n)
        cuts = [each * unit for _ in parts]
        names = [sh["name"] for sh in shares]
        odd = rs["pot"]["odd_chip_share"]
        start = names.index(odd) if odd in names else 0
        seq = names[start:] + names[:start]
        idx_order = []
        for nm in seq:
            for i, p in enumerate(parts):
                if (
                    p == nm
                    and i not in idx_order
                    and shares[[x["name"] for x in shares].index(nm)]["name"] in winners
                ):
                    idx_order.append(i)
        for i in range(len(parts)):
            if i not in idx_order:
                idx_order.append(i)
        k = 0
        while left > 0:
            cuts[idx_order[k % len(idx_order)]] += unit
            left -= 1
            k += 1
        if partial:
            cuts[idx_order[0]] += partial
        out = []
        merged = {}
        for nm, amt in zip(parts, cuts, strict=False):
            merged[nm] = merged.get(nm, ZERO) + amt
        for nm in names:
            if nm in merged:
                out.extend(self.split_among(pi, merged[nm], winners[nm], nm))
        return out

    def split_among(self, pi, amount, winners, share):
        chip = self.chip
        n = len(winners)
        units = (amount / chip).to_integral_value(rounding="ROUND_FLOOR")
        each = units // n
        left = int(units - each * n)
        partial = amount - units * chip
        if self.rs["pot"]["odd_chip_tie"] == "high-card":

            def hk(s):
                cards = list(s.down) + list(s.up)
                return max((crank(c), SV.get(csuit(c), -1)) for c in cards) if cards else (0, 0)

            order = sorted(winners, key=hk, reverse=True)
        else:
            order = [s for s in self.order if s in winners]
        amts = {s.seat: each * chip for s in winners}
        i = 0
        while left > 0:
            amts[order[i % n].seat] += chip
            left -= 1
            i += 1
        if partial:
            amts[order[0].seat] += partial
        return [
            {"seat": s.seat, "amount": amts[s.seat], "pot": pi, "share": share}
            for s in order
            if amts[s.seat] > 0
        ]

    # -- the state
    def state(self):
        pots = self.final_pots if self.over else self.pots()
        st = {
            "street": self.street_name,
            "phase": self.phase if not self.over else "complete",
            "to_act": None if self.over else self.to_act,
            "legal": self.legal_json(),
            "pot": money(sum((s.total for s in self.seats), ZERO)),
            "pots": [{"amount": money(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": [],
            "community": list(self.community),
            "blinds": list(self.blinds),
            "wild_ranks": sorted(self.wild),
            "result": None,
        }
        if self.dround and self.dround["d"]["order"] != "in-turn":
            self.dround["chosen"]
        for s in self.seats:
            st["seats"].append(
                {
                    "seat": s.seat,
                    "name": s.name,
                    "stack": money(s.stack),
                    "bet": money(s.bet),
                    "folded": s.folded,
                    "all_in": s.all_in,
                    "down": list(s.down),
                    "up": list(s.up),
                }
            )
        if self.result is not None:
            res = self.result
            st["result"] = {
                "awards": [
                    {
                        "seat": a["seat"],
                        "amount": money(a["amount"]),
                        "pot": a["pot"],
                        "share": a["share"],
                    }
                    for a in res["awards"]
                ],
                "hands": res["hands"],
                "showdown": res["showdown"],
            }
        return st


# ---------------------------------------------------------------------------
# The protocol
# ---------------------------------------------------------------------------


class Engine:
    def __init__(self):
        self.hand = None
        self.rs = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent-twentyseven", "version": "0.1"},
            "rulesets": ["*"],
            "features": [
                "evaluate",
                "evaluate-options",
                "hi-lo",
                "community-card",
                "wild",
                "joker",
                "spread-limit",
                "pot-limit",
                "no-limit",
                "table",
                "seat-cards",
                "blinds",
                "centre-cards",
                "stripped-pack",
                "wild-ranks",
                "discard",
                "expose",
                "draw",
                "roll",
                "refusal-state",
                "pipelining",
            ],
            "rankings": ["deuce-to-seven", "badugi", "badugi-aces-high", "soko"],
        }

    def _ruleset(self, rs):
        if isinstance(rs, str):
            rs = load_ruleset(rs)
        if not isinstance(rs, dict):
            raise Refusal("bad_request", "ruleset must be a document or a name")
        r = norm_ruleset(rs)
        bad = check_supported(r)
        if bad:
            raise Refusal(
                "unsupported",
                "; ".join("{} = {!r}: not played".format(b["path"], b["wanted"]) for b in bad),
            )
        return r

    def new_hand(self, req):
        r = self._ruleset(req.get("ruleset"))
        seats = []
        for x in req.get("seats") or []:
            seats.append(Seat(int(x["seat"]), x.get("name", ""), dec(x["stack"])))
        if len(seats) < 1:
            raise Refusal("bad_request", "no seats")
        if len({s.seat for s in seats}) != len(seats):
            raise Refusal("bad_request", "a seat twice")
        dealer = req.get("dealer")
        if dealer is None:
            dealer = max(s.seat for s in seats)
        h = Hand(r, seats, int(dealer), req.get("deck") or [], req.get("seat_cards"))
        self.hand = h
        self.rs = r
        return {"state": h.state()}

    def next_hand(self, req):
        h = self.hand
        if h is None:
            raise Refusal("no_hand", "no hand yet")
        if not h.over:
            raise Refusal("bad_request", "the hand is still running")
        seats = [Seat(s.seat, s.name, s.stack) for s in h.seats if s.stack > 0]
        dealer = h.dealer
        if self.rs["dealer"]["rotates"]:
            nums = sorted(s.seat for s in seats)
            after = [n for n in nums if n > dealer]
            dealer = after[0] if after else nums[0]
        nh = Hand(self.rs, seats, dealer, req.get("deck") or [], req.get("seat_cards"))
        self.hand = nh
        return {"state": nh.state()}

    def act(self, req):
        h = self.hand
        if h is None:
            raise Refusal("no_hand", "no hand yet")
        try:
            h.act(req.get("seat"), req.get("action"), req.get("amount"), req.get("cards"))
        except Refusal as e:
            if e.code == "illegal_action":
                e.state = h.state()
            raise
        return {"state": h.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in SUPPORTED_RANKINGS:
            raise Refusal("unsupported", f"ranking {ranking}")
        q = req.get("qualifier")
        wild = frozenset(int(x) for x in (req.get("wild") or []))
        res = []
        keys = []
        for cards in req.get("hands") or []:
            k, best = best_hand(cards, ranking, wild, frozenset(), q)
            if k is None and q is not None:
                res.append({"best": [], "name": "no qualifying low", "qualifies": False})
                keys.append(None)
                continue
            d = {"best": list(best), "name": hand_name(k, ranking, best)}
            if q is not None:
                d["qualifies"] = True
            res.append(d)
            keys.append(k)
        for i, d in enumerate(res):
            k = keys[i]
            better = 0
            for k2 in keys:
                if k is None:
                    if k2 is not None:
                        better += 1
                elif k2 is not None and k2 > k:
                    better += 1
            d["rank"] = better + 1
        return {"results": res}


def serve(eng):
    for line in sys.stdin:
        line = line.strip()
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
        rid = req.get("id") if isinstance(req, dict) else None
        op = req.get("op") if isinstance(req, dict) else None
        try:
            if op == "bye":
                print(json.dumps({"id": rid, "ok": True}), flush=True)
                return
            fn = {
                "hello": eng.hello,
                "new_hand": eng.new_hand,
                "next_hand": eng.next_hand,
                "act": eng.act,
                "state": eng.state,
                "evaluate": eng.evaluate,
            }.get(op)
            if fn is None:
                raise Refusal("unsupported", f"op {op}")
            reply = {"id": rid, "ok": True}
            reply.update(fn(req))
        except Refusal as e:
            err = {"code": e.code, "message": e.message}
            if e.legal is not None:
                err["legal"] = e.legal
            if getattr(e, "state", None) is not None:
                err["state"] = e.state
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # noqa
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": repr(e)[:500]},
            }
        print(json.dumps(reply), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bugs", default="")
    a = ap.parse_args()
    for b in a.bugs.split(","):
        b = b.strip()
        if not b:
            continue
        if b not in BUG_NAMES:
            sys.stderr.write(f"unknown bug {b}\n")
            sys.exit(2)
        BUGS.add(b)
    serve(Engine())


if __name__ == "__main__":
    main()

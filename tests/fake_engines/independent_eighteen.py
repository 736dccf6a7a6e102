#!/usr/bin/env python3
"""Wildstud: a fixed-limit stud engine for the wild-card home games.

Wildstud is a small poker engine of its own, written from the engine protocol
(docs/protocol.md), the ruleset reference (docs/reference/ruleset.md) and the
scenarios, apart from the reference interpreter.  One file, Python 3 standard
library only; every amount is a Decimal, never a float.

What it plays
-------------
Fixed-limit stud, read entirely from the resolved ruleset document that comes with
each ``new_hand`` (street table, deal patterns, openers, bet units, caps, shares,
wild ranks, the event table), never from the game's name:

* antes and a bring-in (lowest or highest door card, aces high or low, suit order,
  all-in bring-in by next card or next seat), or antes alone (the best door card
  opens), or a small and a big blind (``blinds``);
* the wild-card home games: wild ranks fixed by the ruleset (deuces wild,
  deuces and jacks, Dr. Pepper, Woolworth, Three Thirty Three, Four Forty Four...),
  the Low Hole game (each player's lowest hole card and its rank wild for that
  player, found per share's ranking, so an ace in the hole is wild for the low half
  only), wild ranks named by events as the cards fall (Follow the Queen, Follow the
  King: ``wild_follows`` rows), five of a kind;
* shares: high, ace-to-five and ace-to-six lows with or without a qualifier, a high
  minimum, and one-card shares read from a subset of the cards (Chicago and Low
  Chicago: the highest or lowest spade in the hole), with fallback shares, split
  units, odd chips and the house rule for a pot nobody qualifies for;
* plain seven-card stud and stud hi-lo (and other deal patterns: five-, six-,
  eight-card stud), burns, the run-out (burns reused, a shared community card),
  the open-pair big bet, the cap and its heads-up rule, short all-ins, side pots,
  consecutive hands (``table``) and ``evaluate``.

It refuses (``unsupported``, naming the ruleset path and value, with
``error.values``) spread, pot and no limit, exchanges, decision rounds, centre
cards, stripped packs, jokers, declarations, the other rankings and event effects
other than a moving wild rank.

Protocol 1.1, without ``seat-cards`` or any other 1.2 capability: the harness deals
from the deck order it sends, so the dealing order is the engine's own.  ``hello``
answers ``rulesets: ["*"]`` and the features ``evaluate evaluate-options wild
low-hole hi-lo table``; a refusal is ``unsupported`` with a message naming the value
and ``error.values`` ({path, wanted, plays}), read as a profile for that scenario.
Blinds and moving wild ranks are ruleset values it simply plays; the state also
fills the optional fields ``wild_ranks`` and ``blinds``, which a client that does
not know them ignores.

Planted bugs, all off by default, switched on with --bugs name1,name2
---------------------------------------------------------------------
  natural-beats-wild-tie   two equal hands do not split: the one made with fewer wild
                           cards takes the share, as some kitchen tables play (WILD-02)
  low-hole-fixed-on-third  the Low Hole wild rank is read once, from the hole cards of
                           the first street, so a lower river card never takes over
                           (LOWHOLE-01)
  low-hole-ace-low-high    in Low Hole high-low the ace counts low for the high hand
                           too, so an ace in the hole is wild for high (LOWHOLE-02)
  one-card-low-ace-low     a one-card low share counts the ace low, so the ace of
                           spades in the hole beats the deuce in Low Chicago (RANK-11)
  wild-rank-not-cleared    a new trigger card (a second queen) does not clear the wild
                           rank it moves: the old rank stays wild until the next up
                           card names another (EVENT-03)
  third-street-by-player   the first street is dealt one player at a time, all of that
                           player's cards at once, instead of one card a round (DEAL-02)
  no-river-card-kept       the run-out keeps no card back for the rounds still to come:
                           a street goes to every player while the stub covers them,
                           leaving the river short (DEAL-09)
  button-moves-backwards   between hands the button passes to the next occupied seat
                           counter-clockwise instead of clockwise (SETUP-04)

Further bugs (charged elsewhere by the tool at the time of writing)
-------------------------------------------------------------------
Also off by default and switched on with --bugs; listed in MORE_BUGS, not BUGS.  The
rule in brackets is the one the bug breaks; when they were first tried the tool
charged each of them to another rule, named after it.  The tool has since been taught
the first three (tests/unit/spec/test_root_causes.py); low-hole-whole-hand is still split
in two.
  hole-share-reads-board   the one-card spade share (Chicago, Low Chicago) reads every
                           card the player holds, so an up spade counts as if it were in
                           the hole (SHARE-05; the tool said RANK-11)
  fallback-share-chopped   a share nobody wins is not passed to its fallback share: its
                           part is chopped among all the players in the pot (SHARE-04;
                           the tool said SHOW-04, then RANK-11)
  wild-fills-ends-only     a wild card can only extend a straight (or straight flush) at
                           one end, never fill a gap inside it (WILD-01; the tool said
                           LOWHOLE-01)
  low-hole-whole-hand      the Low Hole wild rank is the player's lowest card of the whole
                           hand, up cards included, not the lowest hole card (LOWHOLE-01;
                           the tool said LOWHOLE-01 and LOWHOLE-02)
"""

import json
import random
import sys
from decimal import ROUND_FLOOR, Decimal

BUGS = (
    "natural-beats-wild-tie,low-hole-fixed-on-third,low-hole-ace-low-high,"
    "one-card-low-ace-low,wild-rank-not-cleared,"
    "third-street-by-player,no-river-card-kept,button-moves-backwards"
)

# further bugs, kept apart from BUGS: see the docstring
MORE_BUGS = "hole-share-reads-board,fallback-share-chopped,wild-fills-ends-only,low-hole-whole-hand"

ACTIVE = set()


def bug(name):
    return name in ACTIVE


# ---------------------------------------------------------------- cards

RANK_CHARS = "23456789TJQKA"
RANK_OF = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
CHAR_OF = {v: k for k, v in RANK_OF.items()}
SUITS = "cdhs"
SUIT_NAME = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
SUIT_LETTER = {v: k for k, v in SUIT_NAME.items()}
WORD = {
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
    1: "ace",
}
PLURAL = {
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
    1: "aces",
}


def rank(card):
    return RANK_OF[card[0]]


def suit(card):
    return card[1]


def new_deck():
    return [r + s for r in RANK_CHARS for s in SUITS]


def parse_rank(value):
    if isinstance(value, int):
        return value
    text = str(value).strip().upper()
    if text == "10":
        return 10
    if text in RANK_OF:
        return RANK_OF[text]
    return int(text)


def dec(value):
    if value is None:
        return None
    return Decimal(str(value))


def money(value):
    return format(value, "f")


# ---------------------------------------------------------------- high hands


def _window(top):
    """The five ranks of a straight topped by `top` (5: the wheel, ace low)."""
    if top == 5:
        return [5, 4, 3, 2, 14]
    return [top, top - 1, top - 2, top - 3, top - 4]


def _gap_filled(window, held):
    """Would a wild card fill a gap inside this straight (a rank missing between
    two held ones)?  Only asked under the wild-fills-ends-only bug."""
    at = [i for i, r in enumerate(window) if r in held]
    return bool(at) and len(at) < at[-1] - at[0] + 1


def eval_high(cards, wild):
    """Best high hand of any number of cards; `wild(card)` says if a card is wild.

    Returns (value, five cards).  A wild card stands for any card, even one the
    hand already holds (five of a kind needs it)."""
    wilds = [c for c in cards if wild(c)]
    nat = sorted(
        (c for c in cards if not wild(c)),
        key=lambda c: (rank(c), SUITS.index(suit(c))),
        reverse=True,
    )
    nw = len(wilds)
    by_rank = {}
    for c in nat:
        by_rank.setdefault(rank(c), []).append(c)
    cnt = {r: len(v) for r, v in by_rank.items()}

    def others(exclude, n):
        return [c for c in nat if c not in exclude][:n]

    # five of a kind
    if nw:
        for r in range(14, 1, -1):
            if cnt.get(r, 0) + nw >= 5:
                used = by_rank.get(r, [])[:5]
                return (9, r), used + wilds[: 5 - len(used)]
        if nw >= 5:
            return (9, 14), wilds[:5]
    # straight flush
    for top in range(14, 4, -1):
        for s in reversed(SUITS):
            have = []
            for r in _window(top):
                found = [c for c in by_rank.get(r, []) if suit(c) == s]
                if found:
                    have.append(found[0])
            missing = 5 - len(have)
            held = [rank(c) for c in have]
            gap = bug("wild-fills-ends-only") and _gap_filled(_window(top), held)
            if missing <= nw and not gap:
                return (8, top), have + wilds[:missing]
    # four of a kind
    for r in range(14, 1, -1):
        if cnt.get(r, 0) + nw >= 4:
            used = by_rank.get(r, [])[:4]
            wu = 4 - len(used)
            kick = others(used, 1)
            if kick:
                return (7, r, rank(kick[0])), used + wilds[:wu] + kick
            rest = wilds[wu : wu + 1]
            return (7, r, 14 if r != 14 else 13), used + wilds[:wu] + rest
    # full house
    for a in range(14, 1, -1):
        for b in range(14, 1, -1):
            if a == b:
                continue
            need = max(0, 3 - cnt.get(a, 0)) + max(0, 2 - cnt.get(b, 0))
            if need <= nw and (cnt.get(a, 0) or cnt.get(b, 0) or nw >= 5):
                ta = by_rank.get(a, [])[:3]
                pb = by_rank.get(b, [])[:2]
                w1 = 3 - len(ta)
                w2 = 2 - len(pb)
                return (6, a, b), ta + wilds[:w1] + pb + wilds[w1 : w1 + w2]
    # flush
    best = None
    for s in SUITS:
        suited = [c for c in nat if suit(c) == s]
        if len(suited) + nw < 5:
            continue
        held = {rank(c): c for c in suited}
        ranks, five, left = [], [], nw
        for r in range(14, 1, -1):
            if len(five) == 5:
                break
            if r in held:
                ranks.append(r)
                five.append(held[r])
            elif left:
                ranks.append(r)
                five.append(wilds[nw - left])
                left -= 1
        value = (5,) + tuple(ranks)
        if best is None or value > best[0]:
            best = (value, five)
    if best:
        return best
    # straight
    for top in range(14, 4, -1):
        have = []
        for r in _window(top):
            if by_rank.get(r):
                have.append(by_rank[r][0])
        missing = 5 - len(have)
        gap = bug("wild-fills-ends-only") and _gap_filled(_window(top), [rank(c) for c in have])
        if missing <= nw and not gap:
            return (4, top), have + wilds[:missing]
    # three of a kind
    for r in range(14, 1, -1):
        if cnt.get(r, 0) + nw >= 3 and (cnt.get(r, 0) or nw >= 3):
            used = by_rank.get(r, [])[:3]
            kick = others(used, 2)
            return ((3, r) + tuple(rank(c) for c in kick), used + wilds[: 3 - len(used)] + kick)
    # two pair (no wild card left here)
    pairs = [r for r in range(14, 1, -1) if cnt.get(r, 0) >= 2]
    if len(pairs) >= 2:
        used = by_rank[pairs[0]][:2] + by_rank[pairs[1]][:2]
        kick = others(used, 1)
        return (2, pairs[0], pairs[1]) + tuple(rank(c) for c in kick), used + kick
    # one pair
    for r in range(14, 1, -1):
        if cnt.get(r, 0) + nw >= 2 and cnt.get(r, 0):
            used = by_rank[r][:2]
            kick = others(used, 3)
            return ((1, r) + tuple(rank(c) for c in kick), used + wilds[: 2 - len(used)] + kick)
    top = nat[:5]
    return (0,) + tuple(rank(c) for c in top), top


def high_name(value):
    cat = value[0]
    if cat == 9:
        return "five of a kind, " + PLURAL[value[1]]
    if cat == 8:
        return "royal flush" if value[1] == 14 else WORD[value[1]] + "-high straight flush"
    if cat == 7:
        return "four of a kind, " + PLURAL[value[1]]
    if cat == 6:
        return f"full house, {PLURAL[value[1]]} over {PLURAL[value[2]]}"
    if cat == 5:
        return f"flush, {WORD[value[1]]} high"
    if cat == 4:
        return WORD[value[1]] + "-high straight"
    if cat == 3:
        return "three of a kind, " + PLURAL[value[1]]
    if cat == 2:
        return f"two pair, {PLURAL[value[1]]} and {PLURAL[value[2]]}"
    if cat == 1:
        return "pair of " + PLURAL[value[1]]
    if len(value) > 1:
        return "high card, " + WORD[value[1]]
    return "nothing"


# ---------------------------------------------------------------- low hands


def _low_rank(card):
    r = rank(card)
    return 1 if r == 14 else r


def _group_key(ranks):
    """Ranks ordered by (count, rank) descending, with the pairing class."""
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    shape = sorted(counts.values(), reverse=True)
    order = sorted(ranks, key=lambda r: (counts[r], r), reverse=True)
    cls = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 4,
        (4, 1): 5,
        (5,): 6,
    }.get(tuple(shape), len(ranks) - len(counts))
    return cls, tuple(order)


def eval_a5(cards, wild):
    """Best ace-to-five low: (key, five cards); a smaller key is a better low."""
    wilds = [c for c in cards if wild(c)]
    nat = sorted((c for c in cards if not wild(c)), key=_low_rank)
    held = {}
    for c in nat:
        held.setdefault(_low_rank(c), c)
    five, ranks, left = [], [], len(wilds)
    for r in range(1, 14):
        if len(five) == 5:
            break
        if r in held:
            five.append(held[r])
            ranks.append(r)
        elif left:
            five.append(wilds[len(wilds) - left])
            ranks.append(r)
            left -= 1
    if len(five) < 5:
        spare = [c for c in nat if c not in five]
        spare.sort(key=_low_rank)
        for c in spare[: 5 - len(five)]:
            five.append(c)
            ranks.append(_low_rank(c))
    cls, order = _group_key(ranks)
    return (cls, order), five


def _a6_value(ranks, suits_):
    """Ace-to-six key of five (rank, suit) cards, ace low: smaller is better."""
    rs = sorted(ranks, reverse=True)
    counts = {}
    for r in rs:
        counts[r] = counts.get(r, 0) + 1
    flush = len(set(suits_)) == 1 and len(suits_) == 5
    straight = len(counts) == 5 and rs[0] - rs[4] == 4
    cls, order = _group_key(rs)
    # the high order with the ace low: pairs classes, straight and flush inside
    table = {0: 0, 1: 1, 2: 2, 3: 3, 4: 6, 5: 7, 6: 9}
    c = table[cls]
    if straight and flush:
        c = 8
    elif flush:
        c = 5
    elif straight:
        c = 4
    return (c, order)


def eval_a6(cards, wild):
    """Best ace-to-six low (straights and flushes count against a hand)."""
    from itertools import combinations

    best = None
    pool = list(cards)
    for combo in combinations(pool, min(5, len(pool))):
        w = [c for c in combo if wild(c)]
        n = [c for c in combo if not wild(c)]
        nranks = [_low_rank(c) for c in n]
        nsuits = [suit(c) for c in n]
        if not w:
            cand = [(_a6_value(nranks, nsuits), list(combo))]
        else:
            cand = []
            free = [r for r in range(1, 14) if r not in nranks]
            for pick in combinations(free, len(w)):
                # a wild card takes a suit that spoils no flush when it can
                ws = [s for s in SUITS if s not in set(nsuits)] or ["c"]
                sset = nsuits + [ws[0]] * len(w)
                cand.append((_a6_value(nranks + list(pick), sset), list(combo)))
        for value, five in cand:
            if best is None or value < best[0]:
                best = (value, five)
    return best


def low_name(key, qualifies=True):
    cls, order = key
    if cls == 0:
        return f"{WORD[order[0]]}-{WORD[order[1]]} low"
    return "low with " + " ".join(WORD[r] for r in order)


# ---------------------------------------------------------------- boards


def board_key(cards, ranking, wild):
    """How an exposed board ranks for opening: (key, top card), the bigger key
    opens under a high ranking; for low rankings the smaller key opens."""
    if not cards:
        return None
    if ranking == "high":
        nat = [c for c in cards if not wild(c)]
        nw = len(cards) - len(nat)
        counts = {}
        for c in nat:
            counts[rank(c)] = counts.get(rank(c), 0) + 1
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        if nw:
            if groups:
                groups[0] = (groups[0][0], groups[0][1] + nw)
            else:
                groups = [(14, nw)]
        ranks, taken = [], 0
        for r, n in groups:
            k = min(n, 5 - taken)
            ranks += [r] * k
            taken += k
            if taken == 5:
                break
        shape = tuple(sorted([min(n, 5) for _, n in groups], reverse=True))
        shapes = {5: 8, 4: 7}
        top = shape[0] if shape else 0
        if top >= 4:
            cls = shapes[min(top, 5)]
        elif top == 3 and len(shape) > 1 and shape[1] >= 2:
            cls = 6
        elif top == 3:
            cls = 3
        elif top == 2 and len(shape) > 1 and shape[1] >= 2:
            cls = 2
        elif top == 2:
            cls = 1
        else:
            cls = 0
        key = (cls, tuple(ranks))
        lead_rank = groups[0][0] if groups else 14
    else:
        ranks = [_low_rank(c) for c in cards]
        cls, order = _group_key(ranks)
        key = (cls, order)
        lead_rank = order[0]
    if ranking != "high" and lead_rank == 1:
        same = [c for c in cards if rank(c) == 14]
    else:
        same = [c for c in cards if rank(c) == lead_rank and not (ranking == "high" and wild(c))]
    if not same:
        same = list(cards)
    return key, same


# ---------------------------------------------------------------- errors


class Refusal(Exception):
    def __init__(self, code, message, legal=None, values=None):
        Exception.__init__(self, message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


def unsupported(path, wanted, plays, why):
    return Refusal(
        "unsupported",
        f"{path} = {wanted!r}: {why}",
        values=[{"path": path, "wanted": wanted, "plays": plays}],
    )


# ---------------------------------------------------------------- the rules

HANDLED_RANKINGS = ("high", "ace-to-five", "ace-to-six", "one-card-high", "one-card-low")


class Rules:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be a resolved ruleset document")
        self.doc = doc
        self.check_supported(doc)
        st = doc.get("stakes") or {}
        self.chip = dec(st.get("chip", "0.01")) or Decimal("0.01")
        self.ante = dec(st.get("ante", "0")) or Decimal("0")
        self.bring_in = dec(st.get("bring_in"))
        self.small = dec(st.get("small_bet"))
        self.big = dec(st.get("big_bet"))
        self.sb = dec(st.get("small_blind"))
        self.bb = dec(st.get("big_blind"))
        self.seats_max = (doc.get("seats") or {}).get("max", 8)
        self.rotates = (doc.get("dealer") or {}).get("rotates", True)
        dl = doc.get("dealing") or {}
        self.burn = dl.get("burn", True)
        self.reuse_burns = dl.get("reuse_burns", True)
        self.community_card = dl.get("community_card", True)
        bi = doc.get("bring_in") or {}
        self.bi_card = bi.get("card", "lowest")
        self.bi_aces = bi.get("aces", "high")
        order = bi.get("suit_order") or ["clubs", "diamonds", "hearts", "spades"]
        self.suit_rank = {SUIT_LETTER[s]: i for i, s in enumerate(order)}
        self.bi_all_in = bi.get("all_in", "next-card")
        bd = doc.get("board") or {}
        self.board_ranking = bd.get("ranking", "high")
        self.board_ties = bd.get("ties", "suit")
        self.board_wild = bd.get("wild", "natural")
        bt = doc.get("betting") or {}
        self.max_raises = bt.get("max_raises", 3)
        self.uncapped = bt.get("uncapped_heads_up", "in-hand")
        self.locks = bt.get("big_bet_locks", True)
        self.reopen = dec(bt.get("reopen_fraction", "0.5"))
        self.fold_when_check = bt.get("fold_when_check", "refused")
        self.streets = doc.get("streets") or []
        wl = doc.get("wild") or {}
        self.wild_ranks = set(parse_rank(r) for r in (wl.get("ranks") or []))
        self.low_hole = bool(wl.get("low_hole", False))
        self.events = doc.get("events") or []
        pot = doc.get("pot") or {}
        self.shares = pot.get("shares") or [{"name": "high", "ranking": "high"}]
        self.split_unit = dec(pot.get("split_unit"))
        self.odd_share = pot.get("odd_chip_share", "high")
        self.odd_tie = pot.get("odd_chip_tie", "position")
        self.unqualified = pot.get("unqualified")

    @staticmethod
    def check_supported(doc):
        bt = doc.get("betting") or {}
        if bt.get("structure", "fixed-limit") != "fixed-limit":
            raise unsupported(
                "betting.structure",
                bt.get("structure"),
                "fixed-limit",
                "this engine plays fixed limit only",
            )
        deck = doc.get("deck") or {}
        if deck.get("jokers", 0):
            raise unsupported(
                "deck.jokers", deck.get("jokers"), 0, "no joker in this engine's pack"
            )
        if deck.get("centre"):
            raise unsupported("deck.centre", deck.get("centre"), [], "no centre cards")
        if deck.get("stripped"):
            raise unsupported("deck.stripped", deck.get("stripped"), [], "full pack only")
        wl = doc.get("wild") or {}
        if wl.get("joker", "none") != "none":
            raise unsupported("wild.joker", wl.get("joker"), "none", "no joker")
        for i, s in enumerate(doc.get("streets") or []):
            name = s.get("name", str(i))
            if s.get("exchange"):
                raise unsupported(
                    f"streets.{name}.exchange", s.get("exchange"), None, "no exchange rounds"
                )
            if s.get("decide"):
                raise unsupported(
                    f"streets.{name}.decide", s.get("decide"), [], "no decision rounds"
                )
            if s.get("deal_if_players_at_most") is not None:
                raise unsupported(
                    f"streets.{name}.deal_if_players_at_most",
                    s.get("deal_if_players_at_most"),
                    None,
                    "every street is dealt",
                )
            for face in s.get("deal") or []:
                if face not in ("up", "down"):
                    raise unsupported(
                        f"streets.{name}.deal",
                        s.get("deal"),
                        [f for f in s.get("deal") if f in ("up", "down")],
                        "cards are dealt up or down to the players only",
                    )
            if s.get("spread"):
                raise unsupported(
                    f"streets.{name}.spread", s.get("spread"), None, "fixed limit only"
                )
        sd = doc.get("showdown") or {}
        if sd.get("method", "cards-speak") != "cards-speak":
            raise unsupported(
                "showdown.method",
                sd.get("method"),
                "cards-speak",
                "the cards speak, nobody declares",
            )
        bd = doc.get("board") or {}
        if bd.get("ranking", "high") not in ("high", "ace-to-five", "ace-to-six"):
            raise unsupported(
                "board.ranking", bd.get("ranking"), "high", "boards read high or ace-to-five"
            )
        for ev in doc.get("events") or []:
            nm = ev.get("name")
            for key in ("wild_rank", "extra_card", "refund", "neighbours_fold"):
                if ev.get(key) is not None:
                    raise unsupported(
                        f"events.{nm}.{key}",
                        ev.get(key),
                        None,
                        "events only move the wild rank here",
                    )
            if ev.get("wild_follows") is None:
                raise unsupported(f"events.{nm}", nm, None, "event without effect")
        for i, sh in enumerate((doc.get("pot") or {}).get("shares") or []):
            nm = sh.get("name", str(i))
            rk = sh.get("ranking", "high")
            if rk not in HANDLED_RANKINGS:
                raise unsupported(
                    f"pot.shares.{nm}.ranking",
                    rk,
                    "high",
                    "rankings played: " + ", ".join(HANDLED_RANKINGS),
                )
            if sh.get("cards", "all") not in ("all", "own", "down"):
                raise unsupported(
                    f"pot.shares.{nm}.cards", sh.get("cards"), "all", "no split hands"
                )
            if sh.get("own") is not None or sh.get("common") is not None:
                raise unsupported(
                    f"pot.shares.{nm}.own", sh.get("own"), None, "no Omaha-style hands"
                )
            if sh.get("minimum") is not None and rk != "high":
                raise unsupported(
                    f"pot.shares.{nm}.minimum",
                    sh.get("minimum"),
                    None,
                    "a minimum only for a high share",
                )


# ---------------------------------------------------------------- players


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal("0")
        self.committed = Decimal("0")
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.first_down = []

    def cards(self):
        return self.down + self.up

    def view(self):
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


NO_BET, BRING_IN_ONLY, BET_MADE = "none", "bring-in", "bet"


# ---------------------------------------------------------------- a hand


class Hand:
    def __init__(self, rules, seats, dealer, deck):
        self.rules = rules
        self.players = [Player(s["seat"], s.get("name", ""), dec(s["stack"])) for s in seats]
        self.players.sort(key=lambda p: p.seat)
        self.by_seat = {p.seat: p for p in self.players}
        self.dealer = dealer
        self.start_total = sum(p.stack for p in self.players)
        self.stub = self.build_deck(deck)
        self.burns = []
        self.community = []
        self.blinds = []
        self.street_index = -1
        self.street_name = rules.streets[0]["name"] if rules.streets else None
        self.first_deal_done = False
        self.over = False
        self.result = None
        self.to_act = None
        self.round = None
        self.event_rank = None
        self.awaiting = False
        self.shown_up = {}
        self.last_round_aggressor = None
        self.last_round_opener = None
        self.start()

    # ---- setup

    def build_deck(self, deck):
        deck = list(deck or [])
        if not deck:
            cards = new_deck()
            random.Random(0).shuffle(cards)
            return cards
        seen = set()
        for c in deck:
            if c in seen or len(c) != 2 or c[0] not in RANK_OF or c[1] not in SUITS:
                raise Refusal("bad_request", f"bad or repeated card in the deck: {c!r}")
            seen.add(c)
        return deck + [c for c in new_deck() if c not in seen]

    def clockwise_from(self, seat, include=False):
        """Seats clockwise starting after `seat` (or at it with include)."""
        seats = [p.seat for p in self.players]
        after = [s for s in seats if s > seat]
        before = [s for s in seats if s < seat]
        order = after + before
        if seat in self.by_seat:
            order = [seat] + order if include else order + [seat]
        return [self.by_seat[s] for s in order]

    def live(self):
        return [p for p in self.players if not p.folded]

    def can_act(self, p):
        return not p.folded and not p.all_in

    def put(self, p, amount, as_bet=True):
        amount = min(amount, p.stack)
        p.stack -= amount
        p.committed += amount
        if as_bet:
            p.bet += amount
        if p.stack == 0:
            p.all_in = True
        return amount

    def start(self):
        r = self.rules
        if r.ante:
            for p in self.clockwise_from(self.dealer):
                self.put(p, r.ante, as_bet=False)
        self.advance_street()

    # ---- dealing

    def rounds_after(self, street_index, entry_index):
        n = len(self.rules.streets[street_index].get("deal") or []) - entry_index - 1
        for s in self.rules.streets[street_index + 1 :]:
            n += len(s.get("deal") or [])
        return n

    def deal_street(self, index):
        street = self.rules.streets[index]
        faces = street.get("deal") or []
        if not faces:
            return
        if self.rules.burn and self.first_deal_done and self.stub:
            self.burns.append(self.stub.pop(0))
        self.first_deal_done = True
        order = [p for p in self.clockwise_from(self.dealer) if not p.folded]
        if bug("third-street-by-player") and index == 0 and not self.community:
            for p in order:
                for face in faces:
                    self.give(p, self.stub.pop(0), face)
            return
        for k, face in enumerate(faces):
            need = len(order)
            if len(self.stub) < need and self.rules.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            keep = 0 if bug("no-river-card-kept") else self.rounds_after(index, k)
            short = len(self.stub) < need or (
                self.rules.community_card and len(self.stub) - need < keep
            )
            if short and self.rules.community_card:
                if not self.stub:
                    raise Refusal("internal", "the pack ran out")
                self.community.append(self.stub.pop(0))
                continue
            for p in order:
                if not self.stub:
                    raise Refusal("internal", "the pack ran out")
                self.give(p, self.stub.pop(0), face)

    def give(self, p, card, face):
        (p.up if face == "up" else p.down).append(card)
        self.fire_events(p, card, face)

    def fire_events(self, p, card, face):
        if not self.rules.events:
            return
        if face == "up":
            self.shown_up[rank(card)] = self.shown_up.get(rank(card), 0) + 1
        fired = []
        for ev in self.rules.events:
            when = ev.get("when") or {}
            wface = when.get("face", "up")
            if wface != "any" and wface != face:
                continue
            ranks = [parse_rank(x) for x in (when.get("ranks") or [])]
            cards = when.get("cards") or []
            if cards and card not in cards:
                continue
            if ranks and not cards and rank(card) not in ranks:
                continue
            shown = when.get("shown")
            if shown is not None and (face != "up" or self.shown_up.get(rank(card)) != shown):
                continue
            fired.append(ev)
        if fired:
            for ev in fired:
                wf = ev.get("wild_follows") or {}
                prev = wf.get("previous", "kept")
                if prev == "cleared" and not bug("wild-rank-not-cleared"):
                    self.event_rank = None
                self.awaiting = wf
            return
        if self.awaiting:
            if face == "up":
                self.event_rank = rank(card)
                self.awaiting = False
            elif self.awaiting.get("down_card", "skipped") == "cancels":
                self.awaiting = False

    def wild_now(self):
        ranks = set(self.rules.wild_ranks)
        if self.event_rank is not None:
            ranks.add(self.event_rank)
        return ranks

    # ---- streets

    def advance_street(self):
        """Deal the next streets until one needs a player, or the hand ends."""
        while True:
            if len(self.live()) <= 1:
                self.finish()
                return
            self.street_index += 1
            if self.street_index >= len(self.rules.streets):
                self.street_index = len(self.rules.streets) - 1
                self.finish()
                return
            street = self.rules.streets[self.street_index]
            self.street_name = street.get("name")
            for p in self.players:
                p.bet = Decimal("0")
            self.last_round_aggressor = None
            self.last_round_opener = None
            blinds_round = self.street_index == 0 and self.rules.bb is not None
            if blinds_round:
                self.post_blinds()
            self.deal_street(self.street_index)
            if self.street_index == 0:
                for p in self.players:
                    p.first_down = list(p.down)
            if street.get("bet", "small") is None:
                continue
            if self.open_round(street, blinds_round):
                return

    def post_blinds(self):
        r = self.rules
        seated = [p for p in self.clockwise_from(self.dealer) if p.stack > 0 or p.all_in]
        if len(seated) == 2:
            dealer = self.by_seat.get(self.dealer)
            other = [p for p in seated if p.seat != self.dealer]
            if dealer is None:
                sbp, bbp = seated[0], seated[1]
            elif (self.rules.doc.get("blinds") or {}).get(
                "heads_up", "dealer-small"
            ) == "dealer-big":
                sbp, bbp = other[0], dealer
            else:
                sbp, bbp = dealer, other[0]
        else:
            sbp, bbp = seated[0], seated[1]
        self.sb_seat, self.bb_seat = sbp.seat, bbp.seat
        for p, kind, amount in ((sbp, "small", r.sb), (bbp, "big", r.bb)):
            paid = self.put(p, amount) if not p.all_in else Decimal("0")
            self.blinds.append({"seat": p.seat, "blind": kind, "amount": money(paid)})

    def unit(self, street):
        return self.rules.big if street.get("bet", "small") == "big" else self.rules.small

    def open_round(self, street, blinds_round):
        r = self.rules
        rnd = {
            "unit": self.unit(street),
            "option": (
                street.get("big_bet_when", "never") == "open-pair"
                and street.get("bet", "small") == "small"
            ),
            "level": Decimal("0"),
            "state": NO_BET,
            "raises": 0,
            "reopen": 0,
            "acted": {},
            "locked": False,
            "forced": None,
            "aggressor": None,
            "active_at_start": len([p for p in self.live() if not p.all_in]),
        }
        self.round = rnd
        opener = street.get("opener", "best-board")
        first = None
        if blinds_round:
            rnd["bb"] = self.bb_seat
            rnd["level"] = r.bb
            rnd["state"] = BET_MADE if r.bb >= rnd["unit"] else BRING_IN_ONLY
            rnd["reopen"] = 1
            first = self.first_can_act_after(self.bb_seat)
        elif (
            opener == "bring-in"
            and r.bring_in is not None
            and self.street_index == self.bring_in_street()
        ):
            forced = self.bring_in_player()
            if forced is not None and self.someone_needs_to_act(forced):
                rnd["forced"] = forced.seat
                first = forced
        if len([p for p in self.live() if not p.all_in]) < 2:
            # everyone but one is all in before the round begins: no betting
            first = None
        elif first is None and rnd["forced"] is None:
            first = self.opener_of(street, opener)
        self.last_round_opener = first.seat if first else None
        if first is None or not self.needs_action(first):
            nxt = self.next_to_act(first.seat, include=True) if first else None
            if nxt is None:
                self.to_act = None
                self.return_uncalled()
                self.round = None
                return False
            first = nxt
        self.to_act = first.seat
        return True

    def bring_in_street(self):
        for i, s in enumerate(self.rules.streets):
            if s.get("bet", "small") is not None:
                return i
        return 0

    def someone_needs_to_act(self, forced):
        return len([p for p in self.live() if not p.all_in]) >= 2

    def first_can_act_after(self, seat):
        for p in self.clockwise_from(seat):
            if self.can_act(p):
                return p
        return None

    def card_order(self, card):
        """Bring-in order of a door card: (rank, suit) with the ruleset's aces."""
        r = rank(card)
        if r == 14 and self.rules.bi_aces == "low":
            r = 1
        return (r, self.rules.suit_rank[suit(card)])

    def bring_in_player(self):
        r = self.rules
        lowest = r.bi_card == "lowest"

        def extreme(p):
            cards = [self.card_order(c) for c in p.up]
            if not cards:
                return None
            return min(cards) if lowest else max(cards)

        cands = [(extreme(p), p) for p in self.live() if p.up]
        cands = [(e, p) for e, p in cands if e is not None]
        if not cands:
            return None
        if r.bi_all_in == "next-seat":
            e, p = (min if lowest else max)(cands, key=lambda t: t[0])
            if self.can_act(p):
                return p
            return self.first_can_act_after(p.seat)
        able = [(e, p) for e, p in cands if self.can_act(p)]
        if not able:
            return None
        return (min if lowest else max)(able, key=lambda t: t[0])[1]

    def opener_of(self, street, opener):
        if opener == "first-left":
            return self.first_can_act_after(self.dealer)
        if opener == "after-big-blind" and getattr(self, "bb_seat", None) is not None:
            return self.first_can_act_after(self.bb_seat)
        best = self.best_board(street)
        if best is None:
            return self.first_can_act_after(self.dealer)
        if self.can_act(best):
            return best
        return self.first_can_act_after(best.seat)

    def best_board(self, street):
        r = self.rules
        ranking = r.board_ranking
        if ranking == "ace-to-six":
            ranking = "ace-to-five"
        ties = street.get("ties") or r.board_ties
        wild_ranks = self.wild_now() if r.board_wild == "wild" else set()

        def wild(c):
            return rank(c) in wild_ranks

        boards = []
        for pos, p in enumerate(self.clockwise_from(self.dealer)):
            if p.folded:
                continue
            cards = p.up + self.community
            bk = board_key(cards, ranking, wild)
            if bk is None:
                continue
            key, same = bk
            top = max(self.rules.suit_rank[suit(c)] for c in same)
            low_top = min(self.rules.suit_rank[suit(c)] for c in same)
            boards.append((key, top, low_top, pos, p))
        if not boards:
            return None
        if ranking == "high":
            best_key = max(b[0] for b in boards)
        else:
            best_key = min(b[0] for b in boards)
        tied = [b for b in boards if b[0] == best_key]
        if len(tied) == 1 or ties == "position":
            return min(tied, key=lambda b: b[3])[4]
        if ranking == "high":
            return max(tied, key=lambda b: (b[1], -b[3]))[4]
        return min(tied, key=lambda b: (b[2], b[3]))[4]

    # ---- betting

    def needs_action(self, p):
        rnd = self.round
        if not self.can_act(p):
            return False
        if rnd["forced"] == p.seat:
            return True
        others = [q for q in self.live() if q is not p]
        answer = [q for q in others if not q.all_in]
        if p.bet < rnd["level"]:
            if answer:
                return True
            # nobody left to bet against: only a real bet still needs calling
            return p.bet < max([q.bet for q in others] or [Decimal("0")])
        if p.seat in rnd["acted"]:
            return False
        if answer:
            return True
        # the big blind keeps the option to check even when nobody can answer
        return p.seat == rnd.get("bb") and rnd["level"] > 0

    def next_to_act(self, seat, include=False):
        for p in self.clockwise_from(seat, include=include):
            if self.needs_action(p):
                return p
        return None

    def raise_units(self):
        rnd = self.round
        small, big = self.rules.small, self.rules.big
        if not rnd["option"]:
            return [rnd["unit"]]
        if rnd["locked"]:
            return [big]
        pair = any(self.shows_pair(p) for p in self.live())
        return [small, big] if pair else [small]

    def shows_pair(self, p):
        cards = p.up + self.community
        wild_ranks = self.wild_now() if self.rules.board_wild == "wild" else set()
        nat = [rank(c) for c in cards if rank(c) not in wild_ranks]
        nw = len(cards) - len(nat)
        if nw and cards and len(cards) >= 2:
            return True
        return len(set(nat)) < len(nat)

    def capped(self, p):
        rnd = self.round
        mr = self.rules.max_raises
        if mr is None or rnd["raises"] < mr:
            return False
        mode = self.rules.uncapped
        if mode == "in-hand" and len(self.live()) == 2:
            return False
        if mode == "round-start" and rnd["active_at_start"] == 2:
            return False
        return True

    def opponent_can_answer(self, p):
        level = self.round["level"]
        for q in self.live():
            if q is p or q.all_in:
                continue
            if q.bet + q.stack > level:
                return True
        return False

    def may_reraise(self, p):
        rnd = self.round
        acted = rnd["acted"].get(p.seat)
        return acted is None or acted < rnd["reopen"]

    def legal(self):
        if self.over or self.to_act is None:
            return []
        p = self.by_seat[self.to_act]
        rnd = self.round
        r = self.rules
        top = p.bet + p.stack
        out = []
        if rnd["forced"] == p.seat:
            amount = min(r.bring_in, top)
            out.append({"action": "bring_in", "amount": money(amount)})
            if r.bring_in < rnd["unit"] and top > r.bring_in:
                out.append({"action": "complete", "amount": money(min(rnd["unit"], top))})
            return out
        to_call = rnd["level"] - p.bet
        if to_call > 0 or r.fold_when_check == "allowed":
            out.append({"action": "fold"})
        if to_call <= 0:
            out.append({"action": "check"})
        else:
            out.append({"action": "call", "amount": money(min(rnd["level"], top))})
        if top <= rnd["level"] or not self.opponent_can_answer(p):
            return out
        if rnd["state"] == NO_BET:
            for u in self.raise_units():
                out.append({"action": "bet", "amount": money(min(u, top))})
        elif rnd["state"] == BRING_IN_ONLY:
            out.append({"action": "complete", "amount": money(min(rnd["unit"], top))})
        else:
            if self.may_reraise(p) and not self.capped(p):
                seen = set()
                for u in self.raise_units():
                    a = min(rnd["level"] + u, top)
                    if a not in seen:
                        seen.add(a)
                        out.append({"action": "raise", "amount": money(a)})
        return out

    def act(self, seat, action, amount):
        if self.over:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        legal = self.legal()
        if seat != self.to_act:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not {seat}'s", legal=legal
            )
        options = [o for o in legal if o["action"] == action]
        if not options:
            raise Refusal("illegal_action", f"{action} is not legal now", legal=legal)
        chosen = options[0]
        if "amount" in chosen and amount is not None:
            match = [o for o in options if Decimal(o["amount"]) == amount]
            if not match:
                raise Refusal(
                    "illegal_action", f"{action} to {money(amount)} is not legal now", legal=legal
                )
            chosen = match[0]
        total = dec(chosen["amount"]) if "amount" in chosen else None
        self.apply(self.by_seat[seat], action, total)

    def apply(self, p, action, total):
        rnd = self.round
        r = self.rules
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self.put(p, total - p.bet)
        elif action == "bring_in":
            self.put(p, total - p.bet)
            rnd["forced"] = None
            rnd["level"] = max(rnd["level"], p.bet)
            rnd["state"] = BET_MADE if p.bet >= rnd["unit"] else BRING_IN_ONLY
            rnd["reopen"] += 1
        elif action == "complete":
            self.put(p, total - p.bet)
            rnd["forced"] = None
            if p.bet >= rnd["unit"] * r.reopen:
                rnd["state"] = BET_MADE
                rnd["reopen"] += 1
            elif rnd["state"] == NO_BET:
                rnd["state"] = BRING_IN_ONLY
                rnd["reopen"] += 1
            rnd["level"] = max(rnd["level"], p.bet)
            rnd["aggressor"] = p.seat
            self.last_round_aggressor = p.seat
        elif action == "bet":
            self.put(p, total - p.bet)
            rnd["level"] = p.bet
            rnd["state"] = BET_MADE
            rnd["reopen"] += 1
            if rnd["option"] and p.bet >= r.big and r.big > r.small:
                rnd["big_made"] = True
                if r.locks:
                    rnd["locked"] = True
            rnd["aggressor"] = p.seat
            self.last_round_aggressor = p.seat
        elif action == "raise":
            before = rnd["level"]
            self.put(p, total - p.bet)
            inc = p.bet - before
            units = self.raise_units()
            if inc >= min(units) * r.reopen:
                # a full raise, or an all-in one of at least the reopening
                # fraction: it reopens the betting and counts toward the cap
                rnd["raises"] += 1
                rnd["reopen"] += 1
            if rnd["option"] and inc >= r.big and r.big > r.small:
                rnd["big_made"] = True
                if r.locks:
                    rnd["locked"] = True
            rnd["level"] = max(before, p.bet)
            rnd["aggressor"] = p.seat
            self.last_round_aggressor = p.seat
        rnd["acted"][p.seat] = rnd["reopen"]
        if len(self.live()) == 1:
            self.end_round()
            return
        nxt = self.next_to_act(p.seat)
        if nxt is None:
            self.end_round()
        else:
            self.to_act = nxt.seat

    def end_round(self):
        self.to_act = None
        self.return_uncalled()
        self.round = None
        self.advance_street()

    def return_uncalled(self):
        bets = sorted((p.bet for p in self.players), reverse=True)
        if not bets or bets[0] == 0:
            return
        second = bets[1] if len(bets) > 1 else Decimal("0")
        top = [p for p in self.players if p.bet == bets[0]]
        if len(top) == 1 and bets[0] > second:
            p = top[0]
            back = bets[0] - second
            p.bet -= back
            p.committed -= back
            p.stack += back
            if p.stack > 0:
                p.all_in = False

    # ---- pots

    def pots(self):
        """Main pot first, then side pots, cut at every all-in player's total."""
        levels = sorted(
            set(p.committed for p in self.players if p.all_in and not p.folded and p.committed > 0)
        )
        out = []
        prev = Decimal("0")
        for lv in levels + [None]:
            amount = Decimal("0")
            for p in self.players:
                c = p.committed if lv is None else min(p.committed, lv)
                if c > prev:
                    amount += c - prev
            if lv is None:
                elig = [p.seat for p in self.players if not p.folded and not p.all_in]
            else:
                elig = [
                    p.seat
                    for p in self.players
                    if not p.folded and (p.committed >= lv or not p.all_in)
                ]
            if amount > 0 or not out:
                out.append({"amount": amount, "eligible": elig, "level": lv})
            if lv is not None:
                prev = lv
        return out

    # ---- showdown

    def finish(self):
        self.over = True
        self.to_act = None
        self.return_uncalled()
        live = self.live()
        awards, hands = [], []
        if len(live) == 1:
            total = sum(p.committed for p in self.players)
            if total > 0:
                live[0].stack += total
                awards.append(
                    {"seat": live[0].seat, "amount": money(total), "pot": 0, "share": None}
                )
            self.result = {"awards": awards, "hands": [], "showdown": False}
            return
        order = self.show_order()
        values = {}
        for p in order:
            for sh in self.rules.shares:
                v = self.share_value(p, sh)
                values[(p.seat, sh["name"])] = v
                if v is not None:
                    hands.append(
                        {
                            "seat": p.seat,
                            "share": sh["name"],
                            "name": v["name"],
                            "cards": v["cards"],
                        }
                    )
        for index, pot in enumerate(self.pots()):
            if pot["amount"] <= 0:
                continue
            elig = [self.by_seat[s] for s in pot["eligible"]]
            if not elig:
                elig = [p for p in live if p.committed >= (pot["level"] or 0)]
            for seat, amount, share in self.award_pot(pot["amount"], elig, values):
                self.by_seat[seat].stack += amount
                merged = False
                for a in awards:
                    if a["seat"] == seat and a["pot"] == index and a["share"] == share:
                        a["amount"] = money(Decimal(a["amount"]) + amount)
                        merged = True
                if not merged:
                    awards.append(
                        {"seat": seat, "amount": money(amount), "pot": index, "share": share}
                    )
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    def show_order(self):
        self.live()
        first = self.last_round_aggressor or self.last_round_opener
        if first is None or self.by_seat[first].folded:
            street = self.rules.streets[self.street_index]
            fp = None
            if street.get("opener", "best-board") in ("best-board", "bring-in"):
                fp = self.best_board(street)
            if fp is None:
                fp = [p for p in self.clockwise_from(self.dealer) if not p.folded][0]
            first = fp.seat
        return [p for p in self.clockwise_from(first, include=True) if not p.folded]

    def wild_test(self, p, share_ranking):
        ranks = set(self.wild_now())
        if self.rules.low_hole:
            low = share_ranking in ("ace-to-five", "ace-to-six")
            if bug("low-hole-ace-low-high"):
                low = True
            pool = p.first_down if bug("low-hole-fixed-on-third") else p.down
            if bug("low-hole-whole-hand"):
                pool = p.cards()
            if pool:

                def order(c):
                    r = rank(c)
                    return 1 if (low and r == 14) else r

                ranks.add(rank(min(pool, key=order)))
        return lambda c: rank(c) in ranks

    def share_cards(self, p, sh):
        which = sh.get("cards", "all")
        if which == "down":
            cards = p.cards() if bug("hole-share-reads-board") else list(p.down)
        elif which in ("own", "down"):
            cards = p.cards()
        else:
            cards = p.cards() + self.community
        if sh.get("suit"):
            letter = SUIT_LETTER[sh["suit"]]
            cards = [c for c in cards if suit(c) == letter]
        return cards

    def share_value(self, p, sh):
        wild = self.wild_test(p, sh.get("ranking", "high"))
        return evaluate_share(self.share_cards(p, sh), sh, wild)

    def award_pot(self, amount, players, values):
        r = self.rules
        shares = r.shares
        winners = {}
        for sh in shares:
            best, ws = None, []
            for p in players:
                v = values.get((p.seat, sh["name"]))
                if v is None or not v["qualifies"]:
                    continue
                if best is None or better(v, best):
                    best, ws = v, [p]
                elif not better(best, v):
                    ws.append(p)
            if ws and bug("natural-beats-wild-tie") and len(ws) > 1:
                fewest = min(values[(q.seat, sh["name"])]["wilds"] for q in ws)
                ws = [q for q in ws if values[(q.seat, sh["name"])]["wilds"] == fewest]
            winners[sh["name"]] = ws
        parts = []
        for sh in shares:
            if winners[sh["name"]]:
                parts.append((sh["name"], sh["name"]))
            elif bug("fallback-share-chopped") and sh.get("fallback"):
                winners[sh["name"]] = list(players)
                parts.append((sh["name"], sh["name"]))
            elif sh.get("fallback") and winners.get(sh["fallback"]):
                parts.append((sh["name"], sh["fallback"]))
        out = []
        if not parts:
            if r.unqualified == "split":
                for seat, amt in self.split_among(amount, players):
                    out.append((seat, amt, None))
                return out
            best, ws = None, []
            for p in players:
                v = evaluate_share(
                    p.cards() + self.community, {"ranking": "high"}, self.wild_test(p, "high")
                )
                if best is None or better(v, best):
                    best, ws = v, [p]
                elif not better(best, v):
                    ws.append(p)
            for seat, amt in self.split_among(amount, ws):
                out.append((seat, amt, None))
            return out
        unit = r.split_unit or r.chip
        names = [sh["name"] for sh in shares]
        k = len(parts)
        units = (amount / unit).to_integral_value(rounding=ROUND_FLOOR)
        rest = amount - units * unit
        each = units // k
        left = int(units - each * k)
        part_amount = {i: each * unit for i in range(k)}
        start = names.index(r.odd_share) if r.odd_share in names else 0
        order = sorted(range(k), key=lambda i: (names.index(parts[i][0]) - start) % len(names))
        for i in order[:left]:
            part_amount[i] += unit
        if rest:
            odd = [i for i in range(k) if parts[i][0] == r.odd_share]
            part_amount[odd[0] if odd else order[0]] += rest
        for i, (_own, taker) in enumerate(parts):
            for seat, amt in self.split_among(part_amount[i], winners[taker]):
                out.append((seat, amt, taker))
        return out

    def split_among(self, amount, players):
        chip = self.rules.chip
        n = len(players)
        chips = (amount / chip).to_integral_value(rounding=ROUND_FLOOR)
        each = chips // n
        left = int(chips - each * n)
        rest = amount - chips * chip
        if self.rules.odd_tie == "high-card":

            def key(p):
                return max(self.card_rank_high(c) for c in p.cards())

            ordered = sorted(players, key=key, reverse=True)
        else:
            pos = {q.seat: i for i, q in enumerate(self.clockwise_from(self.dealer))}
            ordered = sorted(players, key=lambda q: pos[q.seat])
        out = []
        for i, p in enumerate(ordered):
            amt = each * chip + (chip if i < left else 0)
            if i == 0:
                amt += rest
            if amt:
                out.append((p.seat, amt))
        return out

    def card_rank_high(self, card):
        return (rank(card), self.rules.suit_rank[suit(card)])

    # ---- state

    def state(self):
        pots = self.pots()
        st = {
            "street": self.street_name,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": self.legal(),
            "pot": money(sum(p.committed for p in self.players)),
            "pots": [{"amount": money(x["amount"]), "eligible": x["eligible"]} for x in pots],
            "dealer": self.dealer,
            "seats": [p.view() for p in self.players],
            "community": list(self.community),
            "result": self.result,
            "wild_ranks": sorted(self.wild_now()),
            "blinds": list(self.blinds),
        }
        if self.over and self.result:
            st["pot"] = money(sum(p.committed for p in self.players))
        return st


def better(a, b):
    """Is share value a strictly better than b?"""
    if a["low"]:
        return a["key"] < b["key"]
    return a["key"] > b["key"]


def evaluate_share(cards, sh, wild):
    ranking = sh.get("ranking", "high")
    if not cards:
        return None
    if ranking in ("one-card-high", "one-card-low"):

        def order(c):
            r = rank(c)
            if ranking == "one-card-low" and bug("one-card-low-ace-low") and r == 14:
                r = 1
            return r

        pick = max(cards, key=order) if ranking == "one-card-high" else min(cards, key=order)
        key = order(pick)
        return {
            "key": key,
            "low": ranking == "one-card-low",
            "qualifies": True,
            "name": f"{WORD[rank(pick)]} of {SUIT_NAME[suit(pick)]}",
            "cards": [pick],
            "wilds": 0,
        }
    if ranking == "high":
        value, five = eval_high(cards, wild)
        ok = True
        if sh.get("minimum"):
            mins = sh["minimum"].split()
            ok = value >= eval_high(mins, lambda c: False)[0]
        if not ok:
            return None
        return {
            "key": value,
            "low": False,
            "qualifies": True,
            "name": high_name(value),
            "cards": five,
            "wilds": sum(1 for c in five if wild(c)),
        }
    if ranking == "ace-to-five":
        key, five = eval_a5(cards, wild)
    else:
        key, five = eval_a6(cards, wild)
    q = sh.get("qualifier")
    ok = True
    if q is not None:
        ok = key[0] == 0 and key[1][0] <= q
    if len(five) < 5:
        ok = False
    if not ok:
        return None
    return {
        "key": key,
        "low": True,
        "qualifies": True,
        "name": low_name(key),
        "cards": five,
        "wilds": sum(1 for c in five if wild(c)),
    }


# ---------------------------------------------------------------- the server

# protocol 1.1 capabilities only: no seat-cards (nor any other 1.2 capability)
FEATURES = ["evaluate", "evaluate-options", "wild", "low-hole", "hi-lo", "table"]


class Server:
    def __init__(self):
        self.hand = None
        self.rules = None

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return {
                "protocol": 1,
                "engine": {"name": "wildstud", "version": "0.18"},
                "rulesets": ["*"],
                "features": list(FEATURES),
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
            amount = dec(req.get("amount"))
            self.hand.act(req.get("seat"), req.get("action"), amount)
            return {"state": self.hand.state()}
        if op == "state":
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            return {"state": self.hand.state()}
        if op == "evaluate":
            return {"results": self.evaluate(req)}
        raise Refusal("unsupported", f"unknown op {op!r}")

    def new_hand(self, req):
        doc = req.get("ruleset")
        if isinstance(doc, str):
            raise Refusal("unsupported", f"ruleset {doc!r}: send the resolved document")
        rules = Rules(doc)
        seats = req.get("seats") or []
        if len(seats) < 2:
            raise Refusal("bad_request", "at least two seats")
        hand = Hand(rules, seats, req.get("dealer"), req.get("deck"))
        self.rules = rules
        self.hand = hand
        return hand.state()

    def next_hand(self, req):
        old = self.hand
        if old is None:
            raise Refusal("no_hand", "no hand to follow")
        if not old.over:
            raise Refusal("bad_request", "the hand is still running")
        seats = [
            {"seat": p.seat, "name": p.name, "stack": money(p.stack)}
            for p in old.players
            if p.stack > 0
        ]
        dealer = old.dealer
        if self.rules.rotates:
            occupied = sorted(s["seat"] for s in seats)
            if bug("button-moves-backwards"):
                occupied = [-x for x in reversed(occupied)]
                dealer = -dealer
            after = [s for s in occupied if s > dealer]
            dealer = abs(after[0] if after else occupied[0])
        hand = Hand(self.rules, seats, dealer, req.get("deck"))
        self.hand = hand
        return hand.state()

    def evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in ("high", "ace-to-five", "ace-to-six"):
            raise Refusal("unsupported", f"ranking {ranking!r} is not evaluated here")
        wild_ranks = set(int(r) for r in (req.get("wild") or []))
        wild = lambda c: rank(c) in wild_ranks  # noqa: E731
        sh = {"ranking": ranking, "qualifier": req.get("qualifier")}
        vals = []
        for cards in req.get("hands") or []:
            v = evaluate_share(cards, sh, wild)
            if v is None:
                if ranking == "high":
                    value, five = eval_high(cards, wild)
                    v = {
                        "key": value,
                        "low": False,
                        "qualifies": True,
                        "name": high_name(value),
                        "cards": five,
                    }
                else:
                    v = {
                        "key": None,
                        "low": True,
                        "qualifies": False,
                        "name": "no qualifying low",
                        "cards": [],
                    }
            vals.append(v)
        results = []
        for v in vals:
            if not v["qualifies"]:
                better_count = sum(1 for w in vals if w["qualifies"])
            else:
                better_count = sum(1 for w in vals if w["qualifies"] and better(w, v))
            res = {"best": v["cards"], "name": v["name"], "rank": better_count + 1}
            if req.get("qualifier") is not None:
                res["qualifies"] = bool(v["qualifies"])
            results.append(res)
        return results


def reply_line(obj):
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=True)


def main(argv):
    args = argv[1:]
    for i, a in enumerate(args):
        if a == "--bugs" and i + 1 < len(args):
            ACTIVE.update(x.strip() for x in args[i + 1].split(",") if x.strip())
        elif a.startswith("--bugs="):
            ACTIVE.update(x.strip() for x in a.split("=", 1)[1].split(",") if x.strip())
    unknown = ACTIVE - set(BUGS.split(",")) - set(MORE_BUGS.split(","))
    if unknown:
        sys.stderr.write("unknown bugs: {}\n".format(", ".join(sorted(unknown))))
        return 2
    server = Server()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            error = {"code": "bad_request", "message": str(exc)}
            sys.stdout.write(reply_line({"id": None, "ok": False, "error": error}) + "\n")
            sys.stdout.flush()
            continue
        rid = req.get("id")
        try:
            body = server.handle(req)
            out = {"id": rid, "ok": True}
            out.update(body)
        except Refusal as exc:
            err = {"code": exc.code, "message": exc.message}
            if exc.legal is not None:
                err["legal"] = exc.legal
            if exc.values is not None:
                err["values"] = exc.values
            out = {"id": rid, "ok": False, "error": err}
        except Exception as exc:  # an engine bug: say so and keep running
            sys.stderr.write(f"internal error: {exc!r}\n")
            out = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(exc)}}
        sys.stdout.write(reply_line(out) + "\n")
        sys.stdout.flush()
        if req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

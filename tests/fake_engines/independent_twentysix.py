"""Independent engine twenty-six: the stud games ranked otherwise than plain high.

Written from the public documents only (docs/protocol.md, docs/reference/ruleset.md,
docs/rulesets/, schemas/, rulesets/*.yaml, features/ and features/rules-index.yaml), with
the Python standard library alone.  It speaks engine protocol 1.2 (JSON lines on
stdin/stdout) with the capabilities evaluate, evaluate-options, declare, hi-lo, pot-limit,
refusal-state and pipelining, and lists the rankings its evaluator reads.

It deals the lowball and split games of the stud family: razz, five-card stud lowball,
London lowball (ace-to-six, pot limit), deuce-to-seven razz, RazzDeucey, Razzdugi,
RazzBadeucey, action razz, razz high, Canadian stud (soko), Henway (two-card hands
declared high-low at once), Oakland Raiders (high, low and football points), and stud
hi-lo with its house variants (no qualifier, razz order, pots halved in units, double
qualifier).  Any ruleset value it does not play is refused with ``unsupported`` naming it.

Planted bugs, switched on with ``--bugs a,b,c`` (none by default); each breaks one rule
of the catalogue:

- ``deuce-seven-ace-low`` (RANK-01): the deuce-to-seven evaluator shares the ace-to-six
  code path and reads the ace as the lowest card (A-2-3-4-5 a straight, A-7-5-4-3 a
  seven low) instead of the highest.
- ``badugi-suit-dupes`` (RANK-03): the badugi reader checks only that the ranks differ, so
  two cards of one suit can both play in a badugi.
- ``a6-flush-ignored`` (LONDON-01): the ace-to-six evaluator forgets that a flush counts
  against a low (straights still do).
- ``action-face-in-five`` (RANK-06): action razz counts a face card only when it is one of
  the five cards of the low, not anywhere among the player's cards.
- ``soko-straight-over-flush`` (RANK-07): soko ranks a four-card straight above a
  four-card flush.
- ``low-board-tie-high-suit`` (ROUND-12): equal low boards (razz, ace-to-six,
  deuce-to-seven) are broken as in high stud, the higher suit of the top card acting
  first, instead of the lower one.
- ``minimum-strict`` (QUAL-01): a share's minimum hand must be beaten, so a hand exactly
  equal to the minimum does not qualify.
- ``odd-chip-second-share`` (SHARE-02): the unit left over when a pot is cut between
  shares goes to the share after the odd-chip share.
"""

from __future__ import annotations

import itertools
import json
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation

BUGS = {
    "deuce-seven-ace-low": "RANK-01: deuce-to-seven reads the ace low",
    "badugi-suit-dupes": "RANK-03: badugi lets two cards of one suit play",
    "a6-flush-ignored": "LONDON-01: ace-to-six ignores flushes",
    "action-face-in-five": "RANK-06: the face card must be among the five low cards",
    "soko-straight-over-flush": "RANK-07: four-straight ranked above four-flush",
    "low-board-tie-high-suit": "ROUND-12: equal low boards go to the higher suit",
    "minimum-strict": "QUAL-01: a hand equal to the minimum does not qualify",
    "odd-chip-second-share": "SHARE-02: leftover unit to the share after the odd-chip share",
}
ACTIVE: set = set()


def bug(name):
    return name in ACTIVE


RULESETS = [
    "razz",
    "five-card-stud-lowball",
    "london-lowball",
    "deuce-to-seven-razz",
    "razzdeucey",
    "razzdugi",
    "razzbadeucey",
    "action-razz",
    "razz-high",
    "canadian-stud",
    "henway",
    "oakland-raiders",
    "stud-hi-lo",
    "stud-hi-lo-any-low",
    "stud-hi-lo-regular",
    "stud-hi-lo-split-unit",
    "double-qualifier",
]
RANKINGS = [
    "high",
    "ace-to-five",
    "ace-to-six",
    "deuce-to-seven",
    "badugi",
    "badugi-aces-high",
    "razz-high",
    "action-razz",
    "soko",
    "two-card-high",
    "two-card-low",
    "football",
]
LOW_QUALIFIED = ("ace-to-five", "ace-to-six")
FIVE_CARD = ("high", "ace-to-five", "ace-to-six", "deuce-to-seven", "razz-high", "soko")

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
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
PLURALS = {
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
ZERO = Decimal(0)


class Refusal(Exception):
    def __init__(self, code, message, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


def unsupported(path, value):
    raise Refusal("unsupported", f"{path} = {value!r}: not played by this engine")


# ---------------------------------------------------------------------------------------
# cards


class Card:
    __slots__ = ("rank", "suit", "text")

    def __init__(self, text):
        if not isinstance(text, str) or len(text) != 2:
            raise Refusal("bad_request", f"not a card: {text!r}")
        if text[0] not in RANK_CHARS or text[1] not in SUIT_CHARS:
            raise Refusal("bad_request", f"not a card: {text!r}")
        self.rank = RANK_CHARS.index(text[0]) + 2
        self.suit = SUIT_CHARS.index(text[1])
        self.text = text

    def __repr__(self):
        return self.text


def new_deck():
    return [r + s for r in RANK_CHARS for s in SUIT_CHARS]


def parse_cards(texts):
    if not isinstance(texts, list):
        raise Refusal("bad_request", "cards must be a list")
    cards = [Card(t) for t in texts]
    if len({c.text for c in cards}) != len(cards):
        raise Refusal("bad_request", "a card appears twice")
    return cards


# ---------------------------------------------------------------------------------------
# hand evaluation: every key is larger for the better hand


class Eval:
    __slots__ = ("key", "cards", "name")

    def __init__(self, key, cards, name):
        self.key = key
        self.cards = cards
        self.name = name


def classify(vals, suits, straights, flushes, wheel):
    """(category, tiebreak) of up to five values read as a high hand."""
    cnt = Counter(vals)
    shape = sorted(cnt.values(), reverse=True)
    groups = sorted(cnt, key=lambda v: (-cnt[v], -v))
    tb = tuple(v for v in groups for _ in range(cnt[v]))
    flush = flushes and len(vals) == 5 and len(set(suits)) == 1
    top = None
    if straights and len(vals) == 5 and len(cnt) == 5:
        s = sorted(vals)
        if s[4] - s[0] == 4:
            top = s[4]
        elif wheel and s == [2, 3, 4, 5, 14]:
            top = 5
    if shape[0] >= 5:
        return 9, tb
    if top is not None and flush:
        return 8, (top,)
    if shape[0] == 4:
        return 7, tb
    if shape[:2] == [3, 2]:
        return 6, tb
    if flush:
        return 5, tb
    if top is not None:
        return 4, (top,)
    if shape[0] == 3:
        return 3, tb
    if shape[:2] == [2, 2]:
        return 2, tb
    if shape[0] == 2:
        return 1, tb
    return 0, tb


def high_name(cat, tb):
    if cat == 9:
        return f"five of a kind, {PLURALS[tb[0]]}"
    if cat == 8:
        return "royal flush" if tb[0] == 14 else f"{WORDS[tb[0]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {PLURALS[tb[0]]}"
    if cat == 6:
        return f"full house, {PLURALS[tb[0]]} over {PLURALS[tb[3]]}"
    if cat == 5:
        return f"flush, {WORDS[tb[0]]} high"
    if cat == 4:
        return f"{WORDS[tb[0]]}-high straight"
    if cat == 3:
        return f"three of a kind, {PLURALS[tb[0]]}"
    if cat == 2:
        return f"two pair, {PLURALS[tb[0]]} and {PLURALS[tb[2]]}"
    if cat == 1:
        return f"pair of {PLURALS[tb[0]]}"
    return f"high card, {WORDS[tb[0]]}"


def low_name(cat, tb, word="low"):
    if cat == 0:
        if len(tb) == 1:
            return f"{WORDS[tb[0]]} {word}"
        return f"{WORDS[tb[0]]}-{WORDS[tb[1]]} {word}"
    return high_name(cat, tb)


def ace_low(v):
    return 1 if v == 14 else v


def order_cards(cards, value):
    cnt = Counter(value(c) for c in cards)
    return sorted(cards, key=lambda c: (-cnt[value(c)], -value(c), -c.suit))


def five_key(ranking, cards):
    """(key, ordered cards, name) of at most five cards under a five-card ranking."""
    suits = [c.suit for c in cards]
    if ranking == "high":
        vals = [c.rank for c in cards]
        cat, tb = classify(vals, suits, True, True, True)
        return (cat, tb), order_cards(cards, lambda c: c.rank), high_name(cat, tb)
    if ranking == "ace-to-five":
        vals = [ace_low(c.rank) for c in cards]
        cat, tb = classify(vals, suits, False, False, False)
        key = (-cat, tuple(-v for v in tb))
        return key, order_cards(cards, lambda c: ace_low(c.rank)), low_name(cat, tb)
    if ranking == "ace-to-six":
        vals = [ace_low(c.rank) for c in cards]
        cat, tb = classify(vals, suits, True, not bug("a6-flush-ignored"), False)
        key = (-cat, tuple(-v for v in tb))
        return key, order_cards(cards, lambda c: ace_low(c.rank)), low_name(cat, tb)
    if ranking == "deuce-to-seven":
        if bug("deuce-seven-ace-low"):
            vals = [ace_low(c.rank) for c in cards]
        else:
            vals = [c.rank for c in cards]
        cat, tb = classify(vals, suits, True, True, False)
        key = (-cat, tuple(-v for v in tb))
        return key, order_cards(cards, lambda c: c.rank), low_name(cat, tb)
    if ranking == "razz-high":
        vals = [ace_low(c.rank) for c in cards]
        cat, tb = classify(vals, suits, False, False, False)
        key = (-cat, tb)
        return key, order_cards(cards, lambda c: ace_low(c.rank)), low_name(cat, tb, "high")
    if ranking == "soko":
        return soko_key(cards)
    raise Refusal("unsupported", f"ranking {ranking!r}")


def soko_key(cards):
    vals = [c.rank for c in cards]
    suits = [c.suit for c in cards]
    cat, tb = classify(vals, suits, True, True, True)
    ordered = order_cards(cards, lambda c: c.rank)
    if cat >= 2:
        return (cat + 2, tb), ordered, high_name(cat, tb)
    flush_key = straight_key = None
    if len(cards) == 5:
        for suit, n in Counter(suits).items():
            if n == 4:
                four = sorted((c for c in cards if c.suit == suit), key=lambda c: -c.rank)
                kick = [c for c in cards if c.suit != suit]
                flush_key = (tuple(c.rank for c in four) + (kick[0].rank,), four + kick)
        distinct = set(vals)
        for top in range(14, 3, -1):
            run = [top - i for i in range(4)]
            need = [14 if v == 1 else v for v in run]
            if all(v in distinct for v in need):
                chosen = []
                for v in need:
                    chosen.append(next(c for c in cards if c.rank == v and c not in chosen))
                kick = [c for c in cards if c not in chosen]
                straight_key = ((top, kick[0].rank), chosen + kick)
                break
    flush_cat, straight_cat = (2, 3) if bug("soko-straight-over-flush") else (3, 2)
    found = []
    if flush_key is not None:
        name = f"four-card flush, {WORDS[flush_key[0][0]]} high"
        found.append(((flush_cat, flush_key[0]), flush_key[1], name))
    if straight_key is not None:
        name = f"four-card straight, {WORDS[straight_key[0][0]]} high"
        found.append(((straight_cat, straight_key[0]), straight_key[1], name))
    if found:
        return max(found, key=lambda f: f[0])
    return (cat, tb), ordered, high_name(cat, tb)


def qualifies_low(cards, qualifier):
    vals = [ace_low(c.rank) for c in cards]
    return len(set(vals)) == 5 and max(vals) <= qualifier


def best_five(ranking, cards, qualifier=None):
    best = None
    combos = itertools.combinations(cards, 5) if len(cards) > 5 else [tuple(cards)]
    for combo in combos:
        if qualifier is not None and not qualifies_low(combo, qualifier):
            continue
        key, ordered, name = five_key(ranking, list(combo))
        if best is None or key > best.key:
            best = Eval(key, [c.text for c in ordered], name)
    return best


def badugi_eval(cards, aces_high):
    def val(c):
        return c.rank if aces_high else ace_low(c.rank)

    for size in range(min(4, len(cards)), 0, -1):
        best = None
        for combo in itertools.combinations(cards, size):
            if len({val(c) for c in combo}) != size:
                continue
            if not bug("badugi-suit-dupes") and len({c.suit for c in combo}) != size:
                continue
            ordered = sorted(combo, key=lambda c: -val(c))
            key = (size, tuple(-val(c) for c in ordered))
            if best is None or key > best.key:
                words = "-".join(WORDS[val(c)] for c in ordered[:2])
                if size == 4:
                    name = f"{words} badugi"
                elif size == 1:
                    name = f"one-card {words}"
                else:
                    name = f"{'two' if size == 2 else 'three'}-card {words}"
                best = Eval(key, [c.text for c in ordered], name)
        if best is not None:
            return best
    return None


FACES = (11, 12, 13)


def action_razz_eval(cards):
    low = best_five("ace-to-five", cards) if len(cards) >= 5 else None
    if low is None:
        key, ordered, name = five_key("ace-to-five", cards)
        low = Eval(key, [c.text for c in ordered], name)
    if bug("action-face-in-five"):
        faces = [c for c in cards if c.text in low.cards and c.rank in FACES]
    else:
        faces = [c for c in cards if c.rank in FACES]
    face = bool(faces)
    best = list(low.cards)
    if face and not any(Card(t).rank in FACES for t in best):
        extra = max(faces, key=lambda c: (c.rank, c.suit))
        best.append(extra.text)
    name = low.name + (" with a face card" if face else " without a face card")
    return Eval((1 if face else 0, low.key), best, name)


def two_card_eval(cards, low):
    best = None
    for a, b in itertools.combinations(cards, 2):
        va, vb = (ace_low(a.rank), ace_low(b.rank)) if low else (a.rank, b.rank)
        if va < vb or (va == vb and a.suit < b.suit):
            a, b, va, vb = b, a, vb, va
        if va == vb:
            key = (-1, -va) if low else (1, va)
            name = f"pair of {PLURALS[va]}"
        else:
            key = (0, -va, -vb) if low else (0, va, vb)
            name = f"{WORDS[va]}-{WORDS[vb]} {'low' if low else 'high'}"
        if best is None or key > best.key:
            best = Eval(key, [a.text, b.text], name)
    if best is None and cards:
        c = cards[0]
        v = ace_low(c.rank) if low else c.rank
        best = Eval((-1, -1, -v) if low else (-1, v), [c.text], f"{WORDS[v]} alone")
    return best


FOOTBALL = {6: 6, 3: 3, 2: 2, 14: 1}


def football_eval(cards):
    points = 0
    for c in cards:
        points += FOOTBALL.get(c.rank, 0)
    ordered = sorted(cards, key=lambda c: (-c.rank, -c.suit))
    return Eval((points,), [c.text for c in ordered], f"{points} point{'' if points == 1 else 's'}")


def evaluate(ranking, cards, qualifier=None):
    """The best hand of these cards under the ranking, or None when none qualifies."""
    if ranking in FIVE_CARD:
        if ranking in LOW_QUALIFIED and qualifier is not None:
            if len(cards) < 5:
                return None
            return best_five(ranking, cards, qualifier)
        if len(cards) >= 5:
            return best_five(ranking, cards)
        key, ordered, name = five_key(ranking, cards)
        return Eval(key, [c.text for c in ordered], name)
    if ranking == "badugi":
        return badugi_eval(cards, False)
    if ranking == "badugi-aces-high":
        return badugi_eval(cards, True)
    if ranking == "action-razz":
        return action_razz_eval(cards)
    if ranking == "two-card-high":
        return two_card_eval(cards, False)
    if ranking == "two-card-low":
        return two_card_eval(cards, True)
    if ranking == "football":
        return football_eval(cards)
    raise Refusal("unsupported", f"ranking {ranking!r}")


def evaluate_wild(ranking, cards, qualifier, wild):
    """Best hand with every card of the wild ranks standing for any card."""
    wilds = [c for c in cards if c.rank in wild]
    if not wilds:
        return evaluate(ranking, cards, qualifier)
    if ranking not in FIVE_CARD:
        raise Refusal("unsupported", f"wild cards under ranking {ranking!r}")
    best = None
    size = min(5, len(cards))
    for combo in itertools.combinations(cards, size):
        naturals = [c for c in combo if c.rank not in wild]
        jokers = [c for c in combo if c.rank in wild]
        if not jokers:
            ev = evaluate(ranking, list(combo), qualifier)
            if ev is not None and (best is None or ev.key > best.key):
                best = ev
            continue
        suit_plans = [[s] * len(jokers) for s in range(4)]
        suit_plans += [[(i + k) % 4 for i in range(len(jokers))] for k in range(4)]
        for ranks in itertools.combinations_with_replacement(range(2, 15), len(jokers)):
            for plan in suit_plans:
                stand = []
                for r, s in zip(ranks, plan, strict=True):
                    stand.append(Card(RANK_CHARS[r - 2] + SUIT_CHARS[s]))
                hand = naturals + stand
                if qualifier is not None and not qualifies_low(hand, qualifier):
                    continue
                key, _ordered, name = five_key(ranking, hand)
                if best is None or key > best.key:
                    shown = sorted(combo, key=lambda c: (c.rank in wild, -c.rank))
                    best = Eval(key, [c.text for c in shown], name)
    return best


# ---------------------------------------------------------------------------------------
# boards: who opens a street


def suit_tie(cards, val, low):
    """Suits of the board in reading order: groups first, then higher ranks."""
    cnt = Counter(val(c) for c in cards)
    if low:
        ordered = sorted(cards, key=lambda c: (-cnt[val(c)], -val(c), c.suit))
        return tuple(-c.suit for c in ordered)
    ordered = sorted(cards, key=lambda c: (-cnt[val(c)], -val(c), -c.suit))
    return tuple(c.suit for c in ordered)


def board_key(ranking, cards):
    """(strength, tie) of exposed cards: larger is the better board."""
    if not cards:
        return ((), ())
    if ranking in ("badugi", "badugi-aces-high"):
        aces_high = ranking == "badugi-aces-high"
        ev = badugi_eval(cards, aces_high)

        def bval(c):
            return c.rank if aces_high else ace_low(c.rank)

        return (ev.key, suit_tie(cards, bval, True))
    if ranking == "action-razz":
        face = any(c.rank in FACES for c in cards)
        key, tie = board_key("ace-to-five", cards)
        return ((1 if face else 0, key), tie)
    low = ranking in ("ace-to-five", "ace-to-six", "deuce-to-seven", "two-card-low")
    aces_low = ranking in ("ace-to-five", "ace-to-six", "razz-high", "two-card-low")

    def val(c):
        return ace_low(c.rank) if aces_low else c.rank

    if len(cards) > 5:
        best = None
        for combo in itertools.combinations(cards, 5):
            k = board_key(ranking, list(combo))
            if best is None or k > best:
                best = k
        return best
    vals = [val(c) for c in cards]
    cat, tb = classify(vals, [c.suit for c in cards], False, False, False)
    if low:
        tie = suit_tie(cards, val, not bug("low-board-tie-high-suit"))
        return ((-cat, tuple(-v for v in tb)), tie)
    if ranking == "razz-high":
        return ((-cat, tb), suit_tie(cards, val, False))
    return ((cat, tb), suit_tie(cards, val, False))


# ---------------------------------------------------------------------------------------
# money


def money(value, what="amount"):
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise Refusal("bad_request", f"{what} must be a decimal string")
    try:
        d = Decimal(str(value))
    except InvalidOperation:
        raise Refusal("bad_request", f"{what} is not a number: {value!r}") from None
    if not d.is_finite() or d < 0:
        raise Refusal("bad_request", f"{what} is not a valid amount: {value!r}")
    return d


def fmt(d):
    if d == d.to_integral_value():
        return str(int(d))
    s = format(d, "f").rstrip("0")
    if len(s.split(".")[1]) < 2:
        s += "0"
    return s


# ---------------------------------------------------------------------------------------
# rulesets


class Rules:
    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be a resolved ruleset document")
        self.doc = doc
        try:
            self._read(doc)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise Refusal("bad_request", f"ruleset not understood: {exc!r}") from None

    def _read(self, doc):
        deck = doc.get("deck") or {}
        if deck.get("jokers", 0):
            unsupported("deck.jokers", deck.get("jokers"))
        if deck.get("centre"):
            unsupported("deck.centre", deck.get("centre"))
        if deck.get("stripped"):
            unsupported("deck.stripped", deck.get("stripped"))
        self.seats_min = (doc.get("seats") or {}).get("min", 2)
        self.seats_max = (doc.get("seats") or {}).get("max", 8)
        dealing = doc.get("dealing") or {}
        self.burn = dealing.get("burn", True)
        self.reuse_burns = dealing.get("reuse_burns", True)
        self.community_card = dealing.get("community_card", True)
        stakes = doc["stakes"]
        if stakes.get("small_blind") is not None or stakes.get("big_blind") is not None:
            unsupported("stakes.small_blind", stakes.get("small_blind"))
        self.chip = money(stakes.get("chip", "0.01"))
        self.ante = money(stakes.get("ante", "0"))
        if stakes.get("bring_in") is None:
            unsupported("stakes.bring_in", None)
        self.bring_in = money(stakes["bring_in"])
        self.small = money(stakes["small_bet"])
        self.big = money(stakes["big_bet"])
        if self.chip <= 0:
            raise Refusal("bad_request", "stakes.chip must be positive")
        bi = doc.get("bring_in") or {}
        self.bi_card = bi.get("card", "lowest")
        self.bi_aces = bi.get("aces", "high")
        self.bi_suits = [
            s[0] for s in bi.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        ]
        self.bi_all_in = bi.get("all_in", "next-card")
        if self.bi_card not in ("lowest", "highest"):
            unsupported("bring_in.card", self.bi_card)
        if self.bi_aces not in ("high", "low"):
            unsupported("bring_in.aces", self.bi_aces)
        if self.bi_all_in not in ("next-card", "next-seat"):
            unsupported("bring_in.all_in", self.bi_all_in)
        board = doc.get("board") or {}
        self.board_ranking = board.get("ranking", "high")
        if self.board_ranking not in RANKINGS or self.board_ranking in (
            "football",
            "two-card-high",
        ):
            unsupported("board.ranking", self.board_ranking)
        self.board_ties = board.get("ties", "suit")
        if self.board_ties not in ("suit", "position"):
            unsupported("board.ties", self.board_ties)
        if board.get("wild", "natural") != "natural":
            unsupported("board.wild", board.get("wild"))
        betting = doc.get("betting") or {}
        self.structure = betting.get("structure", "fixed-limit")
        if self.structure not in ("fixed-limit", "pot-limit"):
            unsupported("betting.structure", self.structure)
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        if self.uncapped not in ("in-hand", "round-start", "never"):
            unsupported("betting.uncapped_heads_up", self.uncapped)
        self.reopen = money(betting.get("reopen_fraction", "0.5"))
        self.fold_when_check = betting.get("fold_when_check", "refused")
        if self.fold_when_check not in ("refused", "allowed"):
            unsupported("betting.fold_when_check", self.fold_when_check)
        if self.structure == "pot-limit":
            if betting.get("pot_ceiling", "pot-after-call") != "pot-after-call":
                unsupported("betting.pot_ceiling", betting.get("pot_ceiling"))
            if betting.get("min_raise", "last-increment") != "last-increment":
                unsupported("betting.min_raise", betting.get("min_raise"))
        self.streets = []
        for i, st in enumerate(doc["streets"]):
            name = st["name"]
            deal = list(st.get("deal") or [])
            for face in deal:
                if face not in ("down", "up"):
                    unsupported(f"streets.{name}.deal", deal)
            if st.get("deal_if_players_at_most") is not None:
                unsupported(
                    f"streets.{name}.deal_if_players_at_most", st["deal_if_players_at_most"]
                )
            if st.get("exchange"):
                unsupported(f"streets.{name}.exchange", st["exchange"])
            if st.get("decide"):
                unsupported(f"streets.{name}.decide", st["decide"])
            if st.get("spread"):
                unsupported(f"streets.{name}.spread", st["spread"])
            if st.get("big_bet_when", "never") != "never":
                unsupported(f"streets.{name}.big_bet_when", st["big_bet_when"])
            opener = st.get("opener", "best-board")
            if opener not in ("bring-in", "best-board", "first-left"):
                unsupported(f"streets.{name}.opener", opener)
            if opener == "bring-in" and i != 0:
                unsupported(f"streets.{name}.opener", opener)
            bet = st.get("bet", "small")
            if bet not in ("small", "big", None):
                unsupported(f"streets.{name}.bet", bet)
            ties = st.get("ties") or self.board_ties
            if ties not in ("suit", "position"):
                unsupported(f"streets.{name}.ties", ties)
            self.streets.append(
                {"name": name, "deal": deal, "opener": opener, "bet": bet, "ties": ties}
            )
        if not self.streets or not self.streets[0]["deal"]:
            unsupported("streets", "a first street that deals no card")
        wild = doc.get("wild") or {}
        if wild.get("ranks"):
            unsupported("wild.ranks", wild.get("ranks"))
        if wild.get("low_hole"):
            unsupported("wild.low_hole", True)
        if wild.get("joker", "none") != "none":
            unsupported("wild.joker", wild.get("joker"))
        if doc.get("events"):
            unsupported("events", doc.get("events"))
        pot = doc["pot"]
        self.shares = []
        for sh in pot["shares"]:
            name = sh["name"]
            ranking = sh.get("ranking", "high")
            if ranking not in RANKINGS:
                unsupported(f"pot.shares.{name}.ranking", ranking)
            if sh.get("cards", "all") != "all":
                unsupported(f"pot.shares.{name}.cards", sh.get("cards"))
            for key in ("own", "common", "suit"):
                if sh.get(key) is not None:
                    unsupported(f"pot.shares.{name}.{key}", sh.get(key))
            qualifier = sh.get("qualifier")
            if qualifier is not None and ranking not in LOW_QUALIFIED:
                unsupported(f"pot.shares.{name}.qualifier", qualifier)
            minimum = None
            if sh.get("minimum") is not None:
                mcards = parse_cards(sh["minimum"].split())
                minimum = evaluate(ranking, mcards)
                if minimum is None:
                    unsupported(f"pot.shares.{name}.minimum", sh["minimum"])
            self.shares.append(
                {
                    "name": name,
                    "ranking": ranking,
                    "qualifier": qualifier,
                    "minimum": minimum,
                    "fallback": sh.get("fallback"),
                }
            )
        names = [s["name"] for s in self.shares]
        if not names or len(set(names)) != len(names):
            raise Refusal("bad_request", "pot.shares must name each share once")
        self.split_unit = money(pot["split_unit"]) if pot.get("split_unit") is not None else None
        self.odd_chip_share = pot.get("odd_chip_share", "high")
        if pot.get("odd_chip_tie", "position") != "position":
            unsupported("pot.odd_chip_tie", pot.get("odd_chip_tie"))
        self.unqualified = pot.get("unqualified") or "best-high"
        if self.unqualified not in ("best-high", "split"):
            unsupported("pot.unqualified", self.unqualified)
        showdown = doc.get("showdown") or {}
        self.method = showdown.get("method", "cards-speak")
        if self.method not in ("cards-speak", "declare"):
            unsupported("showdown.method", self.method)
        self.declare_order = showdown.get("declare_order", "in-turn")
        if self.declare_order not in ("in-turn", "simultaneous"):
            unsupported("showdown.declare_order", self.declare_order)
        self.declare_starts = showdown.get("declare_starts", "last-aggressor")
        if self.declare_starts not in ("first-left", "last-aggressor", "best-board"):
            unsupported("showdown.declare_starts", self.declare_starts)
        if showdown.get("failed_both", "disqualified") != "disqualified":
            unsupported("showdown.failed_both", showdown.get("failed_both"))

    def bet_unit(self, street):
        return self.big if street["bet"] == "big" else self.small


# ---------------------------------------------------------------------------------------
# a hand


class Player:
    __slots__ = (
        "seat",
        "name",
        "stack",
        "bet",
        "contrib",
        "folded",
        "all_in",
        "down",
        "up",
        "acted",
        "acted_seq",
    )

    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.contrib = ZERO
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.acted = False
        self.acted_seq = 0

    def put(self, amount):
        amount = min(amount, self.stack)
        self.stack -= amount
        self.bet += amount
        self.contrib += amount
        if self.stack == 0:
            self.all_in = True
        return amount

    @property
    def able(self):
        return not self.folded and self.stack > 0

    def cards(self):
        return self.down + self.up


class Hand:
    def __init__(self, rules, seats, dealer, deck):
        self.r = rules
        self.players = []
        seen = set()
        if not isinstance(seats, list) or not seats:
            raise Refusal("bad_request", "seats must be a non-empty list")
        for s in seats:
            num = s.get("seat")
            if not isinstance(num, int) or isinstance(num, bool) or num < 1 or num in seen:
                raise Refusal("bad_request", f"bad seat number {num!r}")
            seen.add(num)
            stack = money(s.get("stack"), "stack")
            self.players.append(Player(num, str(s.get("name", "")), stack))
        if len(self.players) < max(2, rules.seats_min) or len(self.players) > rules.seats_max:
            raise Refusal("bad_request", "number of players outside the ruleset's seats")
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise Refusal("bad_request", "dealer must be a seat number")
        self.dealer = dealer
        self.by_seat = {p.seat: p for p in self.players}
        self.ring = sorted(self.players, key=lambda p: p.seat)
        listed = parse_cards(deck if deck is not None else [])
        texts = [c.text for c in listed]
        rest = [c for c in new_deck() if c not in set(texts)]
        self.stub = texts + rest
        self.burns = []
        self.community = []
        self.street_i = -1
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.declared = {}
        self.dealt_any = False
        self.pending_bring_in = None
        self.round = None
        self.final_aggressor = None
        self.final_opener = None
        for p in self.players:
            if rules.ante > 0:
                p.put(rules.ante)
            p.bet = ZERO
        self.advance()

    # ---- seating

    def clockwise_from(self, seat, include=False):
        """Players in seat order starting after (or at) the given seat number."""
        after = [p for p in self.ring if (p.seat >= seat if include else p.seat > seat)]
        before = [p for p in self.ring if p not in after]
        return after + before

    def left_of_dealer(self):
        return self.clockwise_from(self.dealer)

    def live(self):
        return [p for p in self.left_of_dealer() if not p.folded]

    # ---- dealing

    def rounds_after(self, street_i, entry_i):
        n = len(self.r.streets[street_i]["deal"]) - entry_i - 1
        for st in self.r.streets[street_i + 1 :]:
            n += len(st["deal"])
        return n

    def deal_street(self):
        street = self.r.streets[self.street_i]
        if not street["deal"]:
            return
        if self.r.burn and self.dealt_any and self.stub:
            self.burns.append(self.stub.pop(0))
        for entry_i, face in enumerate(street["deal"]):
            live = self.live()
            need = len(live)
            keep = self.rounds_after(self.street_i, entry_i) if self.r.community_card else 0
            if len(self.stub) < need + keep and self.r.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            if len(self.stub) >= need + keep or not self.r.community_card:
                for p in live:
                    if not self.stub:
                        raise Refusal("internal", "the pack ran out")
                    card = self.stub.pop(0)
                    (p.up if face == "up" else p.down).append(card)
            elif self.stub:
                self.community.append(self.stub.pop(0))
            else:
                raise Refusal("internal", "the pack ran out")
            self.dealt_any = True

    # ---- flow

    def advance(self):
        """Run streets until a player must act or the hand is over."""
        while True:
            if len(self.live()) == 1:
                self.finish_uncontested()
                return
            if self.street_i + 1 >= len(self.r.streets):
                self.start_showdown()
                return
            self.street_i += 1
            street = self.r.streets[self.street_i]
            self.deal_street()
            for p in self.players:
                p.bet = ZERO
            if street["bet"] is None:
                continue
            able = [p for p in self.live() if p.able]
            if len(able) < 2:
                continue
            self.start_round(street)
            return

    def start_round(self, street):
        r = self.r
        for p in self.players:
            p.bet = ZERO
            p.acted = False
            p.acted_seq = 0
        self.round = {
            "street": street,
            "level": ZERO,
            "opened": False,
            "raises": 0,
            "seq": 1,
            "unit": r.bet_unit(street),
            "last_inc": r.bet_unit(street),
            "start_able": len([p for p in self.live() if p.able]),
            "aggressor": None,
            "opener": None,
        }
        self.phase = "betting"
        if street["opener"] == "bring-in":
            seat = self.bring_in_seat()
            self.pending_bring_in = seat
            self.to_act = seat
        elif street["opener"] == "first-left":
            self.to_act = next(p.seat for p in self.live() if p.able)
        else:
            best = self.best_board_seat(street)
            order = self.clockwise_from(best, include=True)
            self.to_act = next(p.seat for p in order if p.able)
        self.round["opener"] = self.to_act
        if self.street_i == len(r.streets) - 1:
            self.final_opener = self.to_act
            self.final_aggressor = None

    def bring_in_seat(self):
        r = self.r

        def value(card):
            c = Card(card)
            v = ace_low(c.rank) if r.bi_aces == "low" else c.rank
            return (v, r.bi_suits.index(SUIT_CHARS[c.suit]))

        def door(p):
            vals = [value(c) for c in p.up]
            return min(vals) if r.bi_card == "lowest" else max(vals)

        live = [p for p in self.live() if p.up]
        pick = min if r.bi_card == "lowest" else max
        if r.bi_all_in == "next-card":
            cands = [p for p in live if p.able]
            return pick(cands, key=door).seat
        chosen = pick(live, key=door)
        return next(p.seat for p in self.clockwise_from(chosen.seat, include=True) if p.able)

    def best_board_seat(self, street):
        live = self.live()
        keyed = [
            (board_key(self.r.board_ranking, [Card(c) for c in p.up + self.community]), p)
            for p in live
        ]
        if street["ties"] == "position":
            best = max(k[0] for k, _p in keyed)
            for k, p in keyed:
                if k[0] == best:
                    return p.seat
        best = max(k for k, _p in keyed)
        for k, p in keyed:
            if k == best:
                return p.seat
        return live[0].seat

    # ---- betting

    def cap_applies(self):
        r = self.r
        if r.max_raises is None:
            return False
        if r.uncapped == "never":
            return True
        if r.uncapped == "in-hand":
            return len(self.live()) > 2
        return self.round["start_able"] > 2

    def someone_answers(self, p):
        level = self.round["level"]
        return any(
            q is not p and q.able and q.bet + q.stack > level for q in self.live() if q is not p
        )

    def pot_total(self):
        return sum((p.contrib for p in self.players), ZERO)

    def options(self, p):
        """The legal options of p: (action, lo, hi)."""
        r = self.r
        rd = self.round
        allin = p.bet + p.stack
        opts = []
        level = rd["level"]
        if self.pending_bring_in == p.seat:
            bi = min(r.bring_in, allin)
            opts.append(("bring_in", bi, bi))
            if allin > bi and self.someone_answers(p):
                if r.structure == "fixed-limit":
                    if r.bring_in < r.small:
                        amt = min(r.small, allin)
                        opts.append(("complete", amt, amt))
                else:
                    lo = r.small if r.bring_in < r.small else r.bring_in + r.chip
                    hi = self.pot_total()
                    lo, hi = min(lo, allin), min(max(hi, lo), allin)
                    opts.append(("complete", lo, hi))
            return opts
        owed = level - p.bet
        if owed > 0:
            opts.append(("fold", None, None))
            amt = min(level, allin)
            opts.append(("call", amt, amt))
        else:
            opts.append(("check", None, None))
            if r.fold_when_check == "allowed":
                opts.append(("fold", None, None))
        if allin <= level or not self.someone_answers(p):
            return opts
        if not rd["opened"]:
            word = "complete" if rd["street"]["opener"] == "bring-in" else "bet"
            lo = r.small if word == "complete" else rd["unit"]
            if r.structure == "fixed-limit":
                amt = min(lo, allin)
                opts.append((word, amt, amt))
            else:
                hi = level + self.pot_total() + owed
                lo, hi = min(lo, allin), min(max(hi, lo), allin)
                opts.append((word, lo, hi))
            return opts
        if self.cap_applies() and rd["raises"] >= r.max_raises:
            return opts
        if p.acted and p.acted_seq >= rd["seq"]:
            return opts
        if r.structure == "fixed-limit":
            amt = min(level + rd["unit"], allin)
            opts.append(("raise", amt, amt))
        else:
            lo = level + rd["last_inc"]
            hi = level + self.pot_total() + owed
            lo, hi = min(lo, allin), min(max(hi, lo), allin)
            opts.append(("raise", lo, hi))
        return opts

    def legal_json(self):
        if self.phase == "complete" or self.to_act is None:
            return []
        if self.phase == "declare":
            return [{"action": "declare", "declare": w} for w in self.declare_words()]
        out = []
        for action, lo, hi in self.options(self.by_seat[self.to_act]):
            if lo is None:
                out.append({"action": action})
            elif lo == hi:
                out.append({"action": action, "amount": fmt(lo)})
            else:
                out.append({"action": action, "min": fmt(lo), "max": fmt(hi)})
        return out

    def refuse(self, why):
        legal = self.legal_json()
        raise Refusal("illegal_action", why, legal=legal, state=self.state())

    def act(self, req):
        if self.phase == "complete":
            self.refuse("the hand is over")
        seat = req.get("seat")
        action = req.get("action")
        if self.phase == "declare":
            return self.act_declare(seat, action, req)
        if seat != self.to_act:
            self.refuse(f"it is seat {self.to_act}'s turn, not seat {seat!r}'s")
        p = self.by_seat[seat]
        opts = self.options(p)
        match = [o for o in opts if o[0] == action]
        if not match:
            self.refuse(f"{action!r} is not legal now")
        amount = None
        if "amount" in req and req["amount"] is not None:
            try:
                amount = money(req["amount"])
            except Refusal:
                self.refuse(f"bad amount {req['amount']!r}")
        chosen = None
        for o in match:
            if o[1] is None:
                chosen = o
                break
            if amount is None:
                if o[1] == o[2]:
                    chosen = (o[0], o[1], o[1])
                    break
                continue
            if o[1] <= amount <= o[2] and (amount % self.r.chip == 0 or amount == o[2]):
                chosen = (o[0], amount, amount)
                break
        if chosen is None:
            self.refuse(f"{action} {req.get('amount')!r} is not a legal amount now")
        self.play(p, chosen[0], chosen[1])

    def play(self, p, action, amount):
        r = self.r
        rd = self.round
        unit = rd["unit"]
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        elif action == "call":
            p.put(amount - p.bet)
        elif action == "bring_in":
            p.put(amount - p.bet)
            self.pending_bring_in = None
            rd["level"] = p.bet
            if p.bet >= r.small:
                rd["opened"] = True
                rd["seq"] += 1
                rd["last_inc"] = max(rd["last_inc"], p.bet)
        elif action in ("complete", "bet"):
            self.pending_bring_in = None
            p.put(amount - p.bet)
            new = p.bet
            if action == "bet" or new >= r.reopen * r.small:
                rd["opened"] = True
                rd["raises"] = 0
                rd["seq"] += 1
                rd["last_inc"] = max(unit, new)
            rd["level"] = max(rd["level"], new)
            rd["aggressor"] = p.seat
        elif action == "raise":
            p.put(amount - p.bet)
            inc = p.bet - rd["level"]
            full_size = unit if r.structure == "fixed-limit" else rd["last_inc"]
            if inc >= r.reopen * full_size:
                rd["raises"] += 1
                rd["seq"] += 1
                if r.structure != "fixed-limit":
                    rd["last_inc"] = max(rd["last_inc"], inc)
            rd["level"] = p.bet
            rd["aggressor"] = p.seat
        p.acted = True
        p.acted_seq = rd["seq"]
        if self.street_i == len(r.streets) - 1:
            self.final_aggressor = rd["aggressor"]
        self.next_turn(p)

    def needs_action(self, p, few):
        if p.folded or not p.able:
            return False
        if p.bet < self.round["level"]:
            return True
        return not few and not p.acted

    def next_turn(self, after):
        live = self.live()
        if len(live) == 1:
            self.end_round()
            return
        few = len([p for p in live if p.able]) < 2
        for p in self.clockwise_from(after.seat):
            if self.needs_action(p, few):
                self.to_act = p.seat
                return
        self.end_round()

    def end_round(self):
        self.return_uncalled()
        self.to_act = None
        self.round = None
        for p in self.players:
            p.bet = ZERO
        self.advance()

    def return_uncalled(self):
        ranked = sorted(self.players, key=lambda p: -p.contrib)
        if len(ranked) < 2:
            return
        top, second = ranked[0], ranked[1]
        extra = top.contrib - second.contrib
        if extra > 0:
            top.contrib -= extra
            top.stack += extra
            top.bet = max(ZERO, top.bet - extra)
            top.all_in = False

    # ---- pots

    def pots(self):
        levels = sorted({p.contrib for p in self.players if p.all_in and not p.folded})
        top = max((p.contrib for p in self.players), default=ZERO)
        out = []
        prev = ZERO
        for level in levels + [top]:
            if level <= prev:
                continue
            amount = sum((min(p.contrib, level) - min(p.contrib, prev) for p in self.players), ZERO)
            eligible = [
                p.seat
                for p in self.ring
                if not p.folded and (p.contrib >= level or (not p.all_in and p.stack > 0))
            ]
            if amount > 0:
                out.append({"amount": amount, "eligible": eligible, "level": level})
            prev = level
        if not out:
            out.append({"amount": ZERO, "eligible": [p.seat for p in self.ring if not p.folded]})
        return out

    # ---- the end of the hand

    def finish_uncontested(self):
        self.return_uncalled()
        winner = self.live()[0]
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] > 0:
                awards.append(
                    {"seat": winner.seat, "amount": pot["amount"], "pot": i, "share": None}
                )
                winner.stack += pot["amount"]
        self.complete(awards, [], False)

    def complete(self, awards, hands, showdown):
        self.phase = "complete"
        self.to_act = None
        self.round = None
        for p in self.players:
            p.bet = ZERO
        self.result = {
            "awards": [
                {
                    "seat": a["seat"],
                    "amount": fmt(a["amount"]),
                    "pot": a["pot"],
                    "share": a["share"],
                }
                for a in awards
                if a["amount"] > 0
            ],
            "hands": hands,
            "showdown": showdown,
        }

    def declare_words(self):
        names = [s["name"] for s in self.r.shares]
        if len(names) == 1:
            return names
        return names + (["both"] if len(names) == 2 else ["all"])

    def declare_start(self):
        r = self.r
        live = self.live()
        if r.declare_starts == "last-aggressor" and self.final_aggressor is not None:
            return self.final_aggressor
        if r.declare_starts == "best-board":
            return self.best_board_seat({"ties": r.board_ties})
        return live[0].seat

    def start_showdown(self):
        if self.r.method == "declare":
            self.phase = "declare"
            self.declared = {}
            self.decl_start = self.declare_start()
            self.to_act = self.next_declarer()
            return
        self.showdown()

    def next_declarer(self):
        for p in self.clockwise_from(self.decl_start, include=True):
            if not p.folded and p.seat not in self.declared:
                return p.seat
        return None

    def act_declare(self, seat, action, req):
        if action != "declare":
            self.refuse(f"{action!r} is not legal now: declare")
        p = self.by_seat.get(seat) if isinstance(seat, int) else None
        if p is None or p.folded or seat in self.declared:
            self.refuse(f"seat {seat!r} is not to declare")
        if self.r.declare_order == "in-turn" and seat != self.to_act:
            self.refuse(f"it is seat {self.to_act}'s turn to declare")
        word = req.get("declare")
        if word not in self.declare_words():
            self.refuse(f"cannot declare {word!r}")
        self.declared[seat] = word
        self.to_act = self.next_declarer()
        if self.to_act is None:
            self.showdown()

    def declarations_json(self):
        out = []
        for p in self.left_of_dealer():
            if p.seat in self.declared:
                hidden = self.r.declare_order == "simultaneous" and self.phase == "declare"
                out.append({"seat": p.seat, "declare": None if hidden else self.declared[p.seat]})
        return out

    def hand_cards(self, p):
        return [Card(c) for c in p.down + p.up + self.community]

    def share_eval(self, p, share):
        cards = self.hand_cards(p)
        ev = evaluate(share["ranking"], cards, share["qualifier"])
        if ev is not None and share["minimum"] is not None:
            if bug("minimum-strict"):
                if not ev.key > share["minimum"].key:
                    return None
            elif ev.key < share["minimum"].key:
                return None
        return ev

    def show_order(self):
        live = self.live()
        start = self.final_aggressor or self.final_opener
        if self.r.method == "declare":
            start = self.decl_start
        if start is None:
            return live
        return [p for p in self.clockwise_from(start, include=True) if not p.folded]

    def showdown(self):
        r = self.r
        self.phase = "complete"
        live = self.live()
        evals = {}
        for p in live:
            for sh in r.shares:
                evals[(p.seat, sh["name"])] = self.share_eval(p, sh)
        awards = []
        for i, pot in enumerate(self.pots()):
            elig = [p for p in live if p.seat in pot["eligible"]]
            if not elig:
                continue
            winners = self.share_winners(elig, evals)
            awards += self.split_pot(i, pot["amount"], winners, elig)
        for a in awards:
            self.by_seat[a["seat"]].stack += a["amount"]
        hands = []
        for p in self.show_order():
            for sh in r.shares:
                ev = evals[(p.seat, sh["name"])]
                if ev is not None:
                    hands.append(
                        {"seat": p.seat, "share": sh["name"], "name": ev.name, "cards": ev.cards}
                    )
        self.complete(awards, hands, True)

    def winners_of(self, players, share, evals):
        best = None
        won = []
        for p in players:
            ev = evals[(p.seat, share["name"])]
            if ev is None:
                continue
            if best is None or ev.key > best:
                best, won = ev.key, [p]
            elif ev.key == best:
                won.append(p)
        return won

    def share_winners(self, elig, evals):
        r = self.r
        shares = r.shares
        if r.method != "declare":
            return {sh["name"]: self.winners_of(elig, sh, evals) for sh in shares}
        every = "both" if len(shares) == 2 else "all"

        def contenders(sh, out):
            return [
                p
                for p in elig
                if p.seat not in out and self.declared.get(p.seat) in (sh["name"], every)
            ]

        out = set()
        first = {sh["name"]: self.winners_of(contenders(sh, out), sh, evals) for sh in shares}
        for p in elig:
            if len(shares) > 1 and self.declared.get(p.seat) == every:
                if any(first[sh["name"]] != [p] for sh in shares):
                    out.add(p.seat)
        if all(p.seat in out for p in elig):
            return first
        return {sh["name"]: self.winners_of(contenders(sh, out), sh, evals) for sh in shares}

    def split_pot(self, index, amount, winners, elig):
        r = self.r
        names = [sh["name"] for sh in r.shares]
        takers = {n: n for n in names if winners[n]}
        for sh in r.shares:
            n = sh["name"]
            if n not in takers and sh["fallback"] in names and winners.get(sh["fallback"]):
                takers[n] = sh["fallback"]
        if not takers:
            if r.unqualified == "split":
                return self.divide(index, amount, elig, None)
            high = {"name": "high", "ranking": "high"}
            hev = {(p.seat, "high"): evaluate("high", self.hand_cards(p)) for p in elig}
            return self.divide(index, amount, self.winners_of(elig, high, hev), "high")
        parts = [n for n in names if n in takers]
        unit = r.split_unit or r.chip
        units = int(amount // unit)
        rest = amount - units * unit
        each, left = divmod(units, len(parts))
        got = {n: unit * each for n in parts}
        start = names.index(r.odd_chip_share) if r.odd_chip_share in names else 0
        if bug("odd-chip-second-share"):
            start += 1
        rota = [names[(start + k) % len(names)] for k in range(len(names))]
        rota = [n for n in rota if n in got]
        for k in range(left):
            got[rota[k % len(rota)]] += unit
        if rest:
            got[rota[0]] += rest
        awards = []
        for n in parts:
            target = takers[n]
            awards += self.divide(index, got[n], winners[target], target)
        return awards

    def divide(self, index, amount, players, share):
        chip = self.r.chip
        order = [p for p in self.left_of_dealer() if p in players]
        units = int(amount // chip)
        rest = amount - units * chip
        each, left = divmod(units, len(order))
        out = []
        for k, p in enumerate(order):
            amt = chip * each + (chip if k < left else ZERO) + (rest if k == 0 else ZERO)
            out.append({"seat": p.seat, "amount": amt, "pot": index, "share": share})
        return out

    # ---- the state

    def state(self):
        street = self.r.streets[max(self.street_i, 0)]["name"]
        pots = self.pots()
        return {
            "street": street,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal_json(),
            "pot": fmt(self.pot_total()),
            "pots": [{"amount": fmt(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": fmt(p.stack),
                    "bet": fmt(p.bet),
                    "folded": p.folded,
                    "all_in": p.all_in,
                    "down": list(p.down),
                    "up": list(p.up),
                }
                for p in self.players
            ],
            "community": list(self.community),
            "declarations": self.declarations_json(),
            "result": self.result,
        }


# ---------------------------------------------------------------------------------------
# the protocol


class Engine:
    def __init__(self):
        self.hand = None
        self.saw_bye = False

    def op_hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent-twentysix", "version": "1.0"},
            "rulesets": list(RULESETS),
            "features": [
                "evaluate",
                "evaluate-options",
                "declare",
                "hi-lo",
                "pot-limit",
                "refusal-state",
                "pipelining",
            ],
            "rankings": list(RANKINGS),
        }

    def op_new_hand(self, req):
        ruleset = req.get("ruleset")
        if isinstance(ruleset, str):
            raise Refusal("unsupported", "send the resolved ruleset document, not a name")
        rules = Rules(ruleset)
        hand = Hand(rules, req.get("seats"), req.get("dealer"), req.get("deck"))
        self.hand = hand
        return {"state": hand.state()}

    def op_next_hand(self, req):
        raise Refusal("unsupported", "next_hand: this engine deals one hand at a time")

    def op_act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand dealt yet")
        self.hand.act(req)
        return {"state": self.hand.state()}

    def op_state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand dealt yet")
        return {"state": self.hand.state()}

    def op_evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in RANKINGS:
            raise Refusal("unsupported", f"ranking {ranking!r}")
        hands = req.get("hands")
        if not isinstance(hands, list) or not hands or len(hands) > 100:
            raise Refusal("bad_request", "hands must be a list of 1 to 100 hands")
        qualifier = req.get("qualifier")
        if qualifier is not None and ranking not in LOW_QUALIFIED:
            raise Refusal("unsupported", f"qualifier under ranking {ranking!r}")
        wild = req.get("wild") or []
        evs = []
        for h in hands:
            cards = parse_cards(h)
            if not cards or len(cards) > 10:
                raise Refusal("bad_request", "a hand has 1 to 10 cards")
            if wild:
                evs.append(evaluate_wild(ranking, cards, qualifier, set(wild)))
            else:
                evs.append(evaluate(ranking, cards, qualifier))
        keys = [(1, ev.key) if ev is not None else (0,) for ev in evs]
        results = []
        for ev, key in zip(evs, keys, strict=True):
            rank = 1 + sum(1 for k in keys if k > key)
            if ev is None:
                results.append(
                    {"best": [], "name": "no qualifying low", "rank": rank, "qualifies": False}
                )
            else:
                results.append({"best": ev.cards, "name": ev.name, "rank": rank})
        return {"results": results}

    def op_bye(self, req):
        self.saw_bye = True
        return {}

    def handle(self, line):
        """The reply to one request line, and whether it was bye."""
        reply = self._handle(line)
        return reply, self.saw_bye

    def _handle(self, line):
        self.saw_bye = False
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
        try:
            if fn is None:
                raise Refusal("unsupported", f"op {op!r}")
            fields = fn(req)
        except Refusal as exc:
            error = {"code": exc.code, "message": exc.message}
            error.update(exc.extra)
            return {"id": rid, "ok": False, "error": error}
        except Exception as exc:  # noqa: BLE001 - the engine must keep answering
            return {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(exc)}}
        reply = {"id": rid, "ok": True}
        reply.update(fields)
        return reply


def main(argv):
    args = list(argv)
    if "--bugs" in args:
        i = args.index("--bugs")
        names = [n for n in args[i + 1].split(",") if n] if i + 1 < len(args) else []
        for n in names:
            if n not in BUGS:
                sys.stderr.write(f"unknown bug {n!r}; known: {', '.join(BUGS)}\n")
                return 2
        ACTIVE.update(names)
    engine = Engine()
    for line in sys.stdin:
        if not line.strip():
            continue
        reply, bye = engine.handle(line)
        sys.stdout.write(json.dumps(reply, ensure_ascii=True, separators=(",", ":")) + "\n")
        sys.stdout.flush()
        if bye:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

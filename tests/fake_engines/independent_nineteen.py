#!/usr/bin/env python3
"""Centreline: a stud engine for the games with cards in the middle.

A single-file engine, standard library only, that speaks the stud engine protocol 1.2
(JSON lines on stdin and stdout).  It was written from the protocol page, the ruleset
reference and the feature files, apart from the reference interpreter.  Everything it
does is read from the resolved ruleset document sent with ``new_hand``; nothing depends
on a game's name.

What it plays
-------------
* Fixed-limit stud with antes and a bring-in (or, without one, the best door card
  opening), any street table: cards down, up, and **to the centre** (``deal: centre``),
  with or without burns, ``deal_if_players_at_most``, the run-out of a short pack (burns
  dealt again, a shared card, one card kept back for every round still to come).
* **Community-card games**: cards laid in the centre before the deal (``deck.centre``,
  the joker of Aces-Straights-Flushes read as the bug), cards dealt to the centre on a
  street (Oxford stud, Q, Razzaho, Studaha), boards read with the cards dealt to the centre
  during the hand when an opener is chosen (not with those laid out before the deal), and
  pot shares that read all cards, a player's own cards, the hole cards, or exactly
  ``own`` of the player's and ``common`` of the centre cards.
* Seven-card stud, razz, stud hi-lo and their house values: board ties by suit or by
  position (also per street), the raise cap (in-hand, round-start, never), the open-pair
  big bet with or without the lock, short all-in bets and raises, side pots, split units,
  odd chips by position or high card, share fallbacks, a minimum hand, a pot nobody
  qualifies for.  Rankings: high (with the bug joker), ace-to-five and ace-to-six.
* Simultaneous and in-turn expose rounds (Studaha's turned card).
* ``evaluate`` (high, ace-to-five, ace-to-six) and ``next_hand`` (consecutive hands).

Everything else (wild ranks, a fully wild joker, events, exchanges, other decision
rounds, blinds, spread/pot/no limit, declarations, other rankings, a stripped pack) is
refused with ``unsupported``, the message naming the value and ``error.values`` giving
the path, the value wanted and the value this engine plays instead.

Protocol features used: ``seat-cards`` (each seat is dealt its own list), ``evaluate``,
``hi-lo``, ``community-card``, ``centre-cards``, ``joker``, ``expose``, ``table``,
``refusal-state``.

Planted bugs, all off by default, switched on with --bugs name1,name2
----------------------------------------------------------------------
centre-street-no-burn      DEAL-06  no burn before a street that deals only to the centre
own-share-reads-centre     HOLE-02  a share of the player's own cards also reads the centre cards
omaha-own-means-hole       HOLE-01  the own cards of an own/common share are the hole cards only
low-half-own-cards-only    COMM-01  a low share reads the player's cards without the centre cards
centre-joins-board-late    COMM-02  a street's centre cards join the boards a street late
joker-fully-wild           ASF-02   the bug joker plays as any card, so it pairs kings or queens too
runout-no-card-kept-back   DEAL-09  a short pack deals every round to the players while it can
minimum-must-be-beaten     QUAL-01  a hand equal to a share's minimum fails it: it must beat it
"""

import itertools
import json
import random
import sys
from decimal import ROUND_FLOOR, Decimal

BUGS = (
    "centre-street-no-burn,own-share-reads-centre,omaha-own-means-hole,"
    "low-half-own-cards-only,centre-joins-board-late,joker-fully-wild,"
    "runout-no-card-kept-back,minimum-must-be-beaten"
)


def _parse_bugs(argv):
    active = set()
    for i, arg in enumerate(argv):
        value = None
        if arg == "--bugs" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--bugs="):
            value = arg.split("=", 1)[1]
        if value:
            for name in value.split(","):
                name = name.strip()
                if name:
                    if name not in BUGS.split(","):
                        sys.stderr.write(f"unknown bug {name!r}\n")
                        sys.exit(2)
                    active.add(name)
    return active


ACTIVE = _parse_bugs(sys.argv[1:])


def bug(name):
    return name in ACTIVE


# --------------------------------------------------------------------------- cards

RANKS = "23456789TJQKA"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
SUITS = "cdhs"
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
JOKER = "Jk"
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


def new_deck_order(jokers):
    cards = [r + s for r in RANKS for s in SUITS]
    if jokers:
        cards.append(JOKER)
    return cards


def rank_of(card):
    return RANK_VALUE[card[0]]


def suit_of(card):
    return card[1]


# ------------------------------------------------------------------ hand evaluation
# A hand's strength is a tuple: the larger the better, whatever the ranking.

HIGH_NAMES = [
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
]


def _groups(ranks):
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))


def _straight_top(ranks, ace_low_only=False):
    """The top rank of a five-card straight, or None."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[-1] - distinct[0] == 4:
        return distinct[-1]
    if not ace_low_only and distinct == [2, 3, 4, 5, 14]:
        return 5
    return None


def high_value(cards):
    """Strength of five natural cards under the high ranking."""
    ranks = [rank_of(c) for c in cards]
    flush = len(cards) == 5 and len(set(suit_of(c) for c in cards)) == 1
    straight = _straight_top(ranks) if len(cards) == 5 else None
    groups = _groups(ranks)
    counts = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    if counts[0] == 5:
        return (9,) + order
    if straight and flush:
        return (8, straight)
    if counts[0] == 4:
        return (7,) + order
    if counts[0] == 3 and len(counts) > 1 and counts[1] >= 2:
        return (6,) + order
    if flush:
        return (5,) + tuple(sorted(ranks, reverse=True))
    if straight:
        return (4, straight)
    if counts[0] == 3:
        return (3,) + order
    if counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        return (2,) + order
    if counts[0] == 2:
        return (1,) + order
    return (0,) + order


def high_value_joker(cards, mode):
    """Strength of five cards holding the joker: the bug (an ace, or any card completing a
    straight or a flush) or, in mode 'wild', any card at all."""
    others = [c for c in cards if c != JOKER]
    best = None
    for r in RANKS:
        for s in SUITS:
            candidate = others + [r + s]
            value = high_value(candidate)
            if mode != "wild" and r != "A" and value[0] not in (4, 5, 8):
                continue
            if best is None or value > best[0]:
                best = (value, candidate)
    return best[0]


def low_value_a5(cards):
    """Ace-to-five: aces low, straights and flushes ignored, pairs bad.  Larger is better."""
    ranks = [1 if rank_of(c) == 14 else rank_of(c) for c in cards]
    groups = _groups(ranks)
    counts = [n for _, n in groups]
    if counts[0] == 1:
        cat = 0
    elif counts[0] == 2:
        cat = 2 if len(counts) > 1 and counts[1] == 2 else 1
    elif counts[0] == 3:
        cat = 4 if len(counts) > 1 and counts[1] == 2 else 3
    else:
        cat = 5
    key = (cat,) + tuple(r for r, _ in groups)
    return tuple(-v for v in key)


def low_value_a6(cards):
    """Ace-to-six: aces low, straights and flushes count against the hand."""
    ranks = [1 if rank_of(c) == 14 else rank_of(c) for c in cards]
    flush = len(cards) == 5 and len(set(suit_of(c) for c in cards)) == 1
    straight = _straight_top(ranks, ace_low_only=True) if len(cards) == 5 else None
    groups = _groups(ranks)
    counts = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    if straight and flush:
        key = (8, straight)
    elif counts[0] == 4:
        key = (7,) + order
    elif counts[0] == 3 and len(counts) > 1 and counts[1] == 2:
        key = (6,) + order
    elif flush:
        key = (5,) + tuple(sorted(ranks, reverse=True))
    elif straight:
        key = (4, straight)
    elif counts[0] == 3:
        key = (3,) + order
    elif counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        key = (2,) + order
    elif counts[0] == 2:
        key = (1,) + order
    else:
        key = (0,) + order
    return tuple(-v for v in key)


class Evaluator:
    def __init__(self, joker_mode="none"):
        self.joker_mode = joker_mode

    def value(self, ranking, cards):
        if ranking == "high":
            if JOKER in cards:
                return high_value_joker(cards, self.joker_mode)
            return high_value(cards)
        natural = [c for c in cards if c != JOKER]
        if len(natural) != len(cards):
            # a joker in a low hand plays as an ace
            used = set(natural)
            ace = next((a for a in ("Ac", "Ad", "Ah", "As") if a not in used), "Ac")
            natural = natural + [ace]
        if ranking == "ace-to-five":
            return low_value_a5(natural)
        return low_value_a6(natural)

    @staticmethod
    def qualifies(ranking, cards, qualifier):
        if qualifier is None:
            return True
        ranks = [1 if c == JOKER or rank_of(c) == 14 else rank_of(c) for c in cards]
        if len(ranks) < 5 or max(ranks) > qualifier:
            return False
        return len(set(ranks)) == 5

    def best(self, ranking, pool, qualifier=None, combos=None):
        """(strength, five cards) of the best hand, or None."""
        if combos is None:
            size = min(5, len(pool))
            if size == 0:
                return None
            combos = itertools.combinations(pool, size)
        best = None
        for combo in combos:
            combo = list(combo)
            if ranking != "high" and not self.qualifies(ranking, combo, qualifier):
                continue
            value = self.value(ranking, combo)
            if best is None or value > best[0]:
                best = (value, combo)
        return best


def hand_name(ranking, value):
    if ranking == "high":
        cat = value[0]
        if cat == 9:
            return f"five of a kind, {PLURAL[value[1]]}"
        if cat == 8:
            return "royal flush" if value[1] == 14 else f"{WORD[value[1]]}-high straight flush"
        if cat == 7:
            return f"four of a kind, {PLURAL[value[1]]}"
        if cat == 6:
            return f"full house, {PLURAL[value[1]]} over {PLURAL[value[2]]}"
        if cat == 5:
            return f"flush, {WORD[value[1]]} high"
        if cat == 4:
            return f"{WORD[value[1]]}-high straight"
        if cat == 3:
            return f"three of a kind, {PLURAL[value[1]]}"
        if cat == 2:
            return f"two pair, {PLURAL[value[1]]} and {PLURAL[value[2]]}"
        if cat == 1:
            return f"pair of {PLURAL[value[1]]}"
        return f"high card, {WORD[value[1]]}"
    key = tuple(-v for v in value)
    cat = key[0]
    if ranking == "ace-to-five":
        names = {1: "pair of %s", 3: "three of a kind, %s", 5: "four of a kind, %s"}
        if cat == 0:
            return f"{WORD[key[1]]}-{WORD[key[2]]} low"
        if cat == 2:
            return f"two pair, {PLURAL[key[1]]} and {PLURAL[key[2]]}"
        if cat == 4:
            return f"full house, {PLURAL[key[1]]} over {PLURAL[key[2]]}"
        return names[cat] % PLURAL[key[1]]
    # ace-to-six
    if cat == 0:
        return f"{WORD[key[1]]}-{WORD[key[2]]} low"
    return HIGH_NAMES[cat]


def board_value(cards, ranking, joker_suit_rank):
    """Strength of an exposed board (pairs, trips, quads, high cards) and its tie suit."""
    low = ranking != "high"

    def rank(card):
        if card == JOKER:
            return 1 if low else 14
        r = rank_of(card)
        return 1 if (low and r == 14) else r

    def evaluate(combo):
        ranks = [rank(c) for c in combo]
        groups = _groups(ranks)
        counts = [n for _, n in groups]
        if not counts:
            return (), ()
        if counts[0] >= 4:
            cat = 5
        elif counts[0] == 3:
            cat = 4 if len(counts) > 1 and counts[1] >= 2 else 3
        elif counts[0] == 2:
            cat = 2 if len(counts) > 1 and counts[1] == 2 else 1
        else:
            cat = 0
        key = (cat,) + tuple(r for r, _ in groups)
        # equal boards: the best suit of the highest rank decides, then of the next rank
        suits = tuple(max(joker_suit_rank(c) for c in combo if rank(c) == r) for r, _ in groups)
        if low:
            return tuple(-v for v in key), tuple(-v for v in suits)
        return key, suits

    if len(cards) <= 5:
        return evaluate(cards)
    return max(evaluate(list(c)) for c in itertools.combinations(cards, 5))


# ------------------------------------------------------------------------- errors


class Refusal(Exception):
    def __init__(self, code, message, legal=None, values=None):
        Exception.__init__(self, message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


def money(value):
    return format(value, "f")


def dec(value):
    if value is None:
        return None
    return Decimal(str(value))


# ------------------------------------------------------------------------ ruleset

LOW_RANKINGS = ("ace-to-five", "ace-to-six")
PLAYED_RANKINGS = ("high",) + LOW_RANKINGS
LOWISH = (
    "ace-to-five",
    "ace-to-six",
    "deuce-to-seven",
    "badugi",
    "badugi-aces-high",
    "razz-high",
    "action-razz",
    "two-card-low",
    "one-card-low",
)


def check_ruleset(rs):
    """Raise unsupported naming every value this engine does not play."""
    values = []

    def refuse(path, wanted, plays):
        values.append({"path": path, "wanted": wanted, "plays": plays})

    stakes = rs.get("stakes", {})
    if stakes.get("small_blind") is not None:
        refuse("stakes.small_blind", stakes.get("small_blind"), None)
    if stakes.get("big_blind") is not None:
        refuse("stakes.big_blind", stakes.get("big_blind"), None)
    betting = rs.get("betting", {})
    if betting.get("structure", "fixed-limit") != "fixed-limit":
        refuse("betting.structure", betting.get("structure"), "fixed-limit")
    wild = rs.get("wild", {})
    if wild.get("ranks"):
        refuse("wild.ranks", wild.get("ranks"), [])
    if wild.get("low_hole"):
        refuse("wild.low_hole", True, False)
    if wild.get("joker", "none") not in ("none", "bug"):
        refuse("wild.joker", wild.get("joker"), "bug")
    if rs.get("board", {}).get("wild", "natural") != "natural":
        refuse("board.wild", rs["board"]["wild"], "natural")
    if rs.get("board", {}).get("ranking", "high") not in ("high", "ace-to-five"):
        wanted = rs["board"]["ranking"]
        refuse("board.ranking", wanted, "ace-to-five" if wanted in LOWISH else "high")
    if rs.get("events"):
        refuse("events", rs.get("events"), [])
    deck = rs.get("deck", {})
    if deck.get("stripped"):
        refuse("deck.stripped", deck.get("stripped"), [])
    if rs.get("showdown", {}).get("method", "cards-speak") != "cards-speak":
        refuse("showdown.method", rs["showdown"]["method"], "cards-speak")
    for street in rs.get("streets", []):
        name = street.get("name")
        if street.get("exchange") is not None:
            refuse(f"streets.{name}.exchange", street.get("exchange"), None)
        decide = street.get("decide") or []
        if any(d.get("kind") != "expose" for d in decide):
            refuse(f"streets.{name}.decide", decide, [])
        deal = street.get("deal") or []
        if any(d not in ("down", "up", "centre") for d in deal):
            refuse(
                f"streets.{name}.deal", deal, ["up" if d == "down-if-all-up" else d for d in deal]
            )
        if street.get("opener") == "after-big-blind":
            refuse(f"streets.{name}.opener", "after-big-blind", "best-board")
        if street.get("spread") is not None:
            refuse(f"streets.{name}.spread", street.get("spread"), None)
    for share in rs.get("pot", {}).get("shares", []):
        name = share.get("name")
        ranking = share.get("ranking", "high")
        if ranking not in PLAYED_RANKINGS:
            refuse(
                f"pot.shares.{name}.ranking",
                ranking,
                "ace-to-five" if ranking in LOWISH else "high",
            )
        if share.get("cards", "all") not in ("all", "own", "down"):
            refuse(f"pot.shares.{name}.cards", share.get("cards"), "all")
        if share.get("suit") is not None:
            refuse(f"pot.shares.{name}.suit", share.get("suit"), None)
    if values:
        message = "; ".join(
            "{} = {}: this engine plays {}".format(
                v["path"], json.dumps(v["wanted"], default=str), json.dumps(v["plays"], default=str)
            )
            for v in values
        )
        raise Refusal("unsupported", message, values=values)


class Rules:
    def __init__(self, rs):
        self.doc = rs
        stakes = rs.get("stakes", {})
        self.chip = dec(stakes.get("chip", "0.01")) or Decimal("0.01")
        self.ante = dec(stakes.get("ante", "0")) or Decimal("0")
        self.bring_in = dec(stakes.get("bring_in"))
        self.small = dec(stakes["small_bet"])
        self.big = dec(stakes["big_bet"])
        deck = rs.get("deck", {})
        self.jokers = deck.get("jokers", 0)
        self.centre = list(deck.get("centre", []) or [])
        self.rotates = rs.get("dealer", {}).get("rotates", True)
        dealing = rs.get("dealing", {})
        self.burn = dealing.get("burn", True)
        self.reuse_burns = dealing.get("reuse_burns", True)
        self.community_card = dealing.get("community_card", True)
        bi = rs.get("bring_in", {})
        self.bi_card = bi.get("card", "lowest")
        self.bi_aces = bi.get("aces", "high")
        self.suit_order = [
            s[0] for s in bi.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        ]
        self.bi_all_in = bi.get("all_in", "next-card")
        board = rs.get("board", {})
        self.board_ranking = board.get("ranking", "high")
        self.board_ties = board.get("ties", "suit")
        betting = rs.get("betting", {})
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        self.big_bet_locks = betting.get("big_bet_locks", True)
        self.reopen_fraction = dec(betting.get("reopen_fraction", "0.5"))
        self.fold_when_check = betting.get("fold_when_check", "refused")
        self.streets = rs.get("streets", [])
        pot = rs.get("pot", {})
        self.shares = pot.get("shares", [{"name": "high", "ranking": "high"}])
        self.split_unit = dec(pot.get("split_unit"))
        self.odd_chip_share = pot.get("odd_chip_share", "high")
        self.odd_chip_tie = pot.get("odd_chip_tie", "position")
        self.unqualified = pot.get("unqualified")
        self.joker_mode = rs.get("wild", {}).get("joker", "none")
        if bug("joker-fully-wild") and self.joker_mode == "bug":
            self.joker_mode = "wild"

    def suit_rank(self, card):
        if card == JOKER:
            return -1
        return self.suit_order.index(suit_of(card))


# --------------------------------------------------------------------------- hand


class Seat:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal("0")
        self.total = Decimal("0")
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.queue = []
        self.exposing = None
        self.turned = []

    def own(self):
        return self.down + self.up


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards):
        self.rules = rules
        self.ev = Evaluator(rules.joker_mode)
        self.seats = sorted(seats, key=lambda s: s.seat)
        self.by_seat = {s.seat: s for s in self.seats}
        self.dealer = dealer
        self.community = list(rules.centre)
        self.board_centre = []  # the cards laid out before the deal are in no board
        self.burned = []
        self.cards_dealt = False
        self.over = False
        self.result = None
        self.street_idx = -1
        self.phase = "betting"
        self.to_act = None
        self.round = None
        self.rounds_log = []
        self.decision = None
        self.dealt_in = len(self.seats)
        self._build_stub(deck, seat_cards)
        for s in self.seats:
            amount = min(rules.ante, s.stack)
            s.stack -= amount
            s.total += amount
            if rules.ante > 0 and s.stack == 0:
                s.all_in = True
        self.advance()

    # ---------------------------------------------------------------- the pack
    def _build_stub(self, deck, seat_cards):
        rules = self.rules
        pack = new_deck_order(rules.jokers)
        pack = [c for c in pack if c not in rules.centre]
        listed = []
        for entry in seat_cards or []:
            seat = self.by_seat.get(entry.get("seat"))
            if seat is not None:
                seat.queue = list(entry.get("cards", []))
                listed.extend(seat.queue)
        if deck:
            seen = set()
            for c in deck:
                if c in seen:
                    raise Refusal("bad_request", f"card {c} twice in the deck")
                seen.add(c)
            stub = list(deck) + [c for c in pack if c not in seen]
        else:
            stub = list(pack)
            random.Random(0).shuffle(stub)
        self.stub = stub
        self.listed = set(listed)

    def _take_rest(self):
        for i, c in enumerate(self.stub):
            if c not in self.listed:
                return self.stub.pop(i)
        return self.stub.pop(0)

    def _take_for(self, seat):
        if seat.queue:
            c = seat.queue.pop(0)
            if c in self.stub:
                self.stub.remove(c)
                return c
        return self._take_rest()

    # ----------------------------------------------------------------- helpers
    def order_from_dealer(self):
        """Seats clockwise from the dealer's left."""
        after = [s for s in self.seats if s.seat > self.dealer]
        before = [s for s in self.seats if s.seat <= self.dealer]
        return after + before

    def clockwise_from(self, seat_no):
        """Seats clockwise starting after seat_no."""
        after = [s for s in self.seats if s.seat > seat_no]
        before = [s for s in self.seats if s.seat <= seat_no]
        return after + before

    def live(self):
        return [s for s in self.order_from_dealer() if not s.folded]

    def able(self):
        return [s for s in self.order_from_dealer() if not s.folded and not s.all_in]

    def street(self):
        if 0 <= self.street_idx < len(self.rules.streets):
            return self.rules.streets[self.street_idx]
        return self.rules.streets[-1] if self.rules.streets else {"name": None}

    def _entries_after(self, street_idx, entry_idx):
        count = 0
        for i in range(street_idx, len(self.rules.streets)):
            st = self.rules.streets[i]
            limit = st.get("deal_if_players_at_most")
            if limit is not None and self.dealt_in > limit:
                continue
            deal = st.get("deal") or []
            start = entry_idx + 1 if i == street_idx else 0
            count += max(0, len(deal) - start)
        return count

    # ----------------------------------------------------------------- dealing
    def deal_street(self):
        st = self.street()
        deal = st.get("deal") or []
        if not deal:
            return
        burn = self.rules.burn and self.cards_dealt and self.stub
        if bug("centre-street-no-burn") and all(d == "centre" for d in deal):
            burn = False
        if burn:
            self.burned.append(self._take_rest())
        for index, kind in enumerate(deal):
            if kind == "centre":
                if not self.stub:
                    self._reuse_burns()
                if self.stub:
                    card = self._take_rest()
                    self.community.append(card)
                    if not bug("centre-joins-board-late"):
                        self.board_centre.append(card)
                continue
            players = self.live()
            need = len(players)
            if len(self.stub) < need:
                self._reuse_burns()
            later = self._entries_after(self.street_idx, index)
            short = len(self.stub) < need
            if not bug("runout-no-card-kept-back"):
                short = short or len(self.stub) - need < later
            if short and self.rules.community_card:
                if self.stub:
                    card = self._take_rest()
                    self.community.append(card)
                    self.board_centre.append(card)
                continue
            for p in players:
                if not self.stub:
                    break
                card = self._take_for(p)
                (p.up if kind == "up" else p.down).append(card)
        self.cards_dealt = True

    def _reuse_burns(self):
        if self.rules.reuse_burns and self.burned:
            self.stub.extend(self.burned)
            self.burned = []

    # --------------------------------------------------------------- progress
    def advance(self):
        """Play streets until a player must act or the hand is over."""
        while True:
            if len(self.live()) <= 1:
                self.finish()
                return
            self.street_idx += 1
            if self.street_idx >= len(self.rules.streets):
                self.street_idx = len(self.rules.streets) - 1
                self.finish()
                return
            st = self.street()
            limit = st.get("deal_if_players_at_most")
            if limit is not None and self.dealt_in > limit:
                continue
            for s in self.seats:
                s.bet = Decimal("0")
                s.turned = []
            if st.get("decide"):
                self.decision = {"rounds": list(st["decide"]), "index": 0}
                if self.start_decision():
                    return
            if self.after_decisions():
                return

    def after_decisions(self):
        """Deal the street and open its betting; True when a player must act."""
        self.decision = None
        self.deal_street()
        if self.street().get("bet") is None:
            return False
        if len(self.live()) <= 1:
            return False
        if len(self.able()) < 2:
            return False
        self.start_betting()
        return True

    # -------------------------------------------------------------- decisions
    def start_decision(self):
        """Start the current decision round; True when a player must choose."""
        while self.decision["index"] < len(self.decision["rounds"]):
            rnd = self.decision["rounds"][self.decision["index"]]
            chooser = [s for s in self.live() if s.down]
            if chooser:
                self.phase = rnd.get("kind", "expose")
                for s in self.seats:
                    s.exposing = None
                self.decision["pending"] = [s.seat for s in chooser]
                self.to_act = chooser[0].seat
                return True
            self.decision["index"] += 1
        return False

    def decision_legal(self):
        rnd = self.decision["rounds"][self.decision["index"]]
        s = self.by_seat[self.to_act]
        count = rnd.get("count", 1)
        least = rnd.get("at_least")
        cmin = count if least is None else least
        cmax = min(count, len(s.down))
        return [
            {
                "action": "expose",
                "cards_min": min(cmin, cmax),
                "cards_max": cmax,
                "choices": list(s.down),
            }
        ]

    def act_decision(self, seat_no, action, cards):
        legal = self.decision_legal()
        rnd = self.decision["rounds"][self.decision["index"]]
        simultaneous = rnd.get("order", "in-turn") == "simultaneous"
        pending = self.decision["pending"]
        if seat_no not in pending or (not simultaneous and seat_no != self.to_act):
            raise Refusal("illegal_action", f"seat {seat_no} is not to choose", legal)
        s = self.by_seat[seat_no]
        count = rnd.get("count", 1)
        least = rnd.get("at_least")
        cmax = min(count, len(s.down))
        cmin = min(count if least is None else least, cmax)
        cards = list(cards or [])
        if (
            action != "expose"
            or not (cmin <= len(cards) <= cmax)
            or len(set(cards)) != len(cards)
            or any(c not in s.down for c in cards)
        ):
            raise Refusal("illegal_action", f"expose {cmax} of {' '.join(s.down)}", legal)
        if simultaneous:
            s.exposing = cards
        else:
            self._expose(s, cards)
        pending.remove(seat_no)
        if pending:
            self.to_act = pending[0]
            return
        if simultaneous:
            for p in self.order_from_dealer():
                if p.exposing is not None:
                    self._expose(p, p.exposing)
                    p.exposing = None
        self.decision["index"] += 1
        self.phase = "betting"
        self.to_act = None
        if self.start_decision():
            return
        if self.after_decisions():
            return
        self.advance()

    @staticmethod
    def _expose(s, cards):
        for c in cards:
            s.down.remove(c)
            s.up.append(c)
            s.turned.append(c)

    # ---------------------------------------------------------------- betting
    def board_of(self, s):
        return s.up + self.board_centre

    def best_board_seat(self, candidates, ties):
        rules = self.rules
        order = self.order_from_dealer()
        pos = {p.seat: i for i, p in enumerate(order)}
        best = None
        for p in candidates:
            strength, suit = board_value(self.board_of(p), rules.board_ranking, rules.suit_rank)
            tie = (-pos[p.seat],) if ties == "position" else suit
            key = (strength, tie, -pos[p.seat])
            if best is None or key > best[0]:
                best = (key, p)
        return best[1] if best else None

    def bring_in_seat(self):
        rules = self.rules
        live = self.live()

        def card_value(card):
            if card == JOKER:
                r = 14 if rules.bi_aces == "high" else 1
            else:
                r = rank_of(card)
                if r == 14 and rules.bi_aces == "low":
                    r = 1
            return (r, rules.suit_rank(card))

        def value(p):
            # the door card, or every card turned up in this street's decision rounds
            cards = p.turned if p.turned else p.up[-1:]
            if not cards:
                return None
            values = [card_value(c) for c in cards]
            return max(values) if rules.bi_card == "highest" else min(values)

        def extreme(players):
            scored = [(value(p), p) for p in players if value(p) is not None]
            if not scored:
                return None
            if rules.bi_card == "highest":
                return max(scored, key=lambda t: t[0])[1]
            return min(scored, key=lambda t: t[0])[1]

        if rules.bi_all_in == "next-seat":
            chosen = extreme(live)
            if chosen is None:
                return None
            if chosen.stack > 0:
                return chosen
            for p in self.clockwise_from(chosen.seat):
                if not p.folded and p.stack > 0:
                    return p
            return None
        return extreme([p for p in live if p.stack > 0])

    def opener_seat(self, st):
        opener = st.get("opener", "best-board")
        if opener == "first-left":
            for p in self.order_from_dealer():
                if not p.folded and not p.all_in:
                    return p.seat
            return None
        ties = st.get("ties") or self.rules.board_ties
        best = self.best_board_seat(self.live(), ties)
        if best is None:
            return None
        if not best.all_in:
            return best.seat
        for p in self.clockwise_from(best.seat):
            if not p.folded and not p.all_in:
                return p.seat
        return None

    def start_betting(self):
        st = self.street()
        rules = self.rules
        rnd = {
            "cur": Decimal("0"),
            "opened": False,
            "nraises": 0,
            "big_made": False,
            "version": 0,
            "acted": {},
            "last_aggr": None,
            "forced": None,
            "start_able": len(self.able()),
            "unit": rules.big if st.get("bet") == "big" else rules.small,
            "option": st.get("big_bet_when", "never") == "open-pair" and st.get("bet") != "big",
            "opener": None,
            "street": self.street_idx,
        }
        self.round = rnd
        self.phase = "betting"
        if st.get("opener") == "bring-in" and rules.bring_in is not None:
            forced = self.bring_in_seat()
            if forced is not None:
                rnd["forced"] = forced.seat
                self.to_act = forced.seat
                rnd["opener"] = forced.seat
                self.rounds_log.append(rnd)
                return
        self.to_act = self.opener_seat(st)
        rnd["opener"] = self.to_act
        self.rounds_log.append(rnd)

    def option_open(self):
        rnd = self.round
        if not rnd["option"]:
            return False
        for p in self.live():
            ranks = [rank_of(c) for c in p.up if c != JOKER]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def units(self):
        rnd = self.round
        rules = self.rules
        if rnd["option"] and rnd["big_made"]:
            return [rules.big] if rules.big_bet_locks else [rules.small, rules.big]
        if rnd["option"] and self.option_open():
            return [rules.small, rules.big]
        return [rnd["unit"]]

    def cap_reached(self):
        rnd = self.round
        rules = self.rules
        if rules.max_raises is None:
            return False
        if rules.uncapped == "in-hand" and len(self.live()) <= 2:
            return False
        if rules.uncapped == "round-start" and rnd["start_able"] <= 2:
            return False
        return rnd["nraises"] >= rules.max_raises

    def legal(self, seat_no=None):
        if self.over or self.to_act is None:
            return []
        if self.decision is not None and self.phase != "betting":
            return self.decision_legal()
        rnd = self.round
        rules = self.rules
        p = self.by_seat[self.to_act]
        cur = rnd["cur"]
        top = p.bet + p.stack
        if rnd["forced"] == p.seat:
            bi = min(rules.bring_in, top)
            opts = [{"action": "bring_in", "amount": bi}]
            if rules.bring_in < rules.small and top > bi:
                opts.append({"action": "complete", "amount": min(rules.small, top)})
            return opts
        opts = []
        to_call = cur - p.bet
        if to_call > 0:
            opts.append({"action": "fold"})
            opts.append({"action": "call", "amount": min(cur, top)})
        else:
            opts.append({"action": "check"})
            if rules.fold_when_check == "allowed":
                opts.append({"action": "fold"})
        acted = rnd["acted"].get(p.seat)
        reopen = acted is None or acted < rnd["version"]
        answer = any(
            q is not p and not q.folded and not q.all_in and q.bet + q.stack > cur
            for q in self.seats
        )
        if not rnd["opened"] and cur > 0:
            reopen = True  # a short completion is no completion: anyone may still complete
        if p.stack > to_call and reopen and answer:
            amounts = []
            if not rnd["opened"]:
                if cur > 0:
                    word = "complete"
                    amounts = [rules.small]
                else:
                    word = "bet"
                    amounts = self.units()
            elif not self.cap_reached():
                word = "raise"
                amounts = [cur + u for u in self.units()]
            seen = set()
            for a in amounts:
                a = min(a, top)
                if a > cur and a not in seen:
                    seen.add(a)
                    opts.append({"action": word, "amount": a})
        return opts

    def act_bet(self, seat_no, action, amount):
        legal = self.legal()
        if seat_no != self.to_act:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not seat {seat_no}'s", legal
            )
        choice = None
        for opt in legal:
            if opt["action"] != action:
                continue
            if amount is None or "amount" not in opt or opt["amount"] == amount:
                choice = opt
                break
        if choice is None:
            text = ", ".join(
                o["action"] + (" " + money(o["amount"]) if "amount" in o else "") for o in legal
            )
            raise Refusal(
                "illegal_action",
                "{}{} is not legal now; legal now: {}".format(
                    action, (" " + money(amount)) if amount is not None else "", text
                ),
                legal,
            )
        p = self.by_seat[seat_no]
        rnd = self.round
        rules = self.rules
        cur = rnd["cur"]
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        else:
            target = choice["amount"]
            self._put(p, target - p.bet)
            if action == "bring_in":
                rnd["forced"] = None
                rnd["cur"] = max(cur, target)
                if target >= rules.small:
                    rnd["opened"] = True
            elif action == "complete":
                rnd["forced"] = None
                rnd["cur"] = target
                rnd["last_aggr"] = p.seat
                if target >= rules.small or target >= rules.reopen_fraction * rules.small:
                    rnd["opened"] = True
                    rnd["version"] += 1
            elif action == "bet":
                rnd["cur"] = target
                rnd["opened"] = True
                rnd["version"] += 1
                rnd["last_aggr"] = p.seat
                if rnd["option"] and target >= rules.big:
                    rnd["big_made"] = True
            elif action == "raise":
                inc = target - cur
                unit = min(self.units())
                if inc >= unit:
                    rnd["nraises"] += 1
                    rnd["version"] += 1
                elif inc >= rules.reopen_fraction * unit:
                    rnd["nraises"] += 1
                    rnd["version"] += 1
                if rnd["option"] and inc >= rules.big:
                    rnd["big_made"] = True
                rnd["cur"] = target
                rnd["last_aggr"] = p.seat
        rnd["acted"][p.seat] = rnd["version"]
        self._next_turn(p)

    def _put(self, p, amount):
        amount = min(amount, p.stack)
        p.stack -= amount
        p.bet += amount
        p.total += amount
        if p.stack == 0:
            p.all_in = True

    def _next_turn(self, p):
        rnd = self.round
        if len(self.live()) <= 1:
            self.end_round()
            self.finish()
            return
        able = self.able()
        for q in self.clockwise_from(p.seat):
            if q.folded or q.all_in:
                continue
            acted = rnd["acted"].get(q.seat)
            if acted is not None and q.bet >= rnd["cur"]:
                continue
            if len(able) == 1 and q.bet >= rnd["cur"]:
                continue
            self.to_act = q.seat
            return
        self.end_round()
        self.advance()

    def end_round(self):
        self.to_act = None
        bets = sorted((s.bet for s in self.seats), reverse=True)
        if len(bets) >= 2 and bets[0] > bets[1]:
            top = next(s for s in self.seats if s.bet == bets[0])
            back = bets[0] - bets[1]
            top.bet -= back
            top.total -= back
            top.stack += back
            if top.stack > 0:
                top.all_in = False
        if bug("centre-joins-board-late"):
            self.board_centre = self.community[len(self.rules.centre) :]

    # ------------------------------------------------------------------- pots
    def pots(self):
        live = [s for s in self.seats if not s.folded]
        levels = sorted(set(s.total for s in live if s.all_in))
        top = max([s.total for s in self.seats] + [Decimal("0")])
        if not levels or levels[-1] < top:
            levels.append(top)
        pots = []
        prev = Decimal("0")
        for level in levels:
            amount = sum(min(s.total, level) - min(s.total, prev) for s in self.seats)
            eligible = [s.seat for s in live if (not s.all_in or s.total >= level)]
            if amount > 0 or not pots:
                if pots and pots[-1]["eligible"] == eligible:
                    pots[-1]["amount"] += amount
                    pots[-1]["level"] = level
                else:
                    pots.append({"amount": amount, "eligible": eligible, "level": level})
            prev = level
        return pots

    # --------------------------------------------------------------- showdown
    def share_hand(self, p, share):
        ranking = share.get("ranking", "high")
        cards = share.get("cards", "all")
        own = p.down + p.up
        common = list(self.community)
        if cards == "own":
            if not bug("own-share-reads-centre"):
                common = []
        elif cards == "down":
            own = list(p.down)
            common = []
        if bug("low-half-own-cards-only") and ranking != "high" and cards == "all":
            common = []
        qualifier = share.get("qualifier")
        n_own, n_common = share.get("own"), share.get("common")
        if n_own is not None or n_common is not None:
            if bug("omaha-own-means-hole"):
                own = list(p.down)
            if n_own is None:
                n_own = 5 - n_common
            if n_common is None:
                n_common = 5 - n_own
            if n_own > len(own) or n_common > len(common):
                return None
            combos = (
                list(a) + list(b)
                for a in itertools.combinations(own, n_own)
                for b in itertools.combinations(common, n_common)
            )
            best = self.ev.best(ranking, [], qualifier, combos)
        else:
            best = self.ev.best(ranking, own + common, qualifier)
        if best is None:
            return None
        minimum = share.get("minimum")
        if minimum:
            floor = self.ev.value(ranking, minimum.split())
            if best[0] < floor or (bug("minimum-must-be-beaten") and best[0] == floor):
                return None
        return best

    def finish(self):
        if self.over:
            return
        if self.round is not None and self.to_act is not None:
            self.end_round()
        self.over = True
        self.phase = "complete"
        self.to_act = None
        for s in self.seats:
            s.bet = Decimal("0")
        live = self.live()
        pots = self.pots()
        awards = []
        hands = []
        showdown = len(live) >= 2
        shares = self.rules.shares
        held = {}
        if showdown:
            for p in live:
                held[p.seat] = {sh["name"]: self.share_hand(p, sh) for sh in shares}
            for p in self.show_order(live):
                for sh in shares:
                    h = held[p.seat][sh["name"]]
                    if h is not None:
                        hands.append(
                            {
                                "seat": p.seat,
                                "share": sh["name"],
                                "name": hand_name(sh.get("ranking", "high"), h[0]),
                                "cards": list(h[1]),
                            }
                        )
        for index, pot in enumerate(pots):
            eligible = [self.by_seat[n] for n in pot["eligible"]]
            amount = pot["amount"]
            if amount <= 0:
                continue
            if len(eligible) == 1 or not showdown:
                if not eligible:
                    continue
                awards.append(
                    {"seat": eligible[0].seat, "amount": amount, "pot": index, "share": None}
                )
                eligible[0].stack += amount
                continue
            awards.extend(self.award_pot(index, amount, eligible, held))
        self.result = {
            "awards": [dict(a, amount=money(a["amount"])) for a in awards],
            "hands": hands,
            "showdown": showdown,
        }

    def award_pot(self, index, amount, eligible, held):
        rules = self.rules
        shares = rules.shares
        winners = {}
        for sh in shares:
            scored = [
                (held[p.seat][sh["name"]], p)
                for p in eligible
                if held[p.seat][sh["name"]] is not None
            ]
            if scored:
                top = max(h[0] for h, _ in scored)
                winners[sh["name"]] = [p for h, p in scored if h[0] == top]
            else:
                winners[sh["name"]] = []
        names = [sh["name"] for sh in shares]
        receiving = [n for n in names if winners[n]]
        fallback_to = {}
        for sh in shares:
            fb = sh.get("fallback")
            if not winners[sh["name"]] and fb and winners.get(fb):
                fallback_to[sh["name"]] = fb
        parts_for = [n for n in names if winners[n] or n in fallback_to]
        out = []
        if not receiving:
            if rules.unqualified == "split":
                group = eligible
                label = None
            else:
                scored = [
                    (self.ev.best("high", p.down + p.up + self.community), p) for p in eligible
                ]
                top = max(h[0] for h, _ in scored)
                group = [p for h, p in scored if h[0] == top]
                label = None
            for seat, amt in self.split_among(amount, group):
                if amt <= 0:
                    continue
                seat.stack += amt
                out.append({"seat": seat.seat, "amount": amt, "pot": index, "share": label})
            return out
        parts = self.cut_shares(amount, parts_for)
        merged = {}
        for n in parts_for:
            target = fallback_to.get(n, n)
            merged[target] = merged.get(target, Decimal("0")) + parts[n]
        for n in names:
            if n not in merged:
                continue
            for seat, amt in self.split_among(merged[n], winners[n], n):
                if amt <= 0:
                    continue
                seat.stack += amt
                out.append({"seat": seat.seat, "amount": amt, "pot": index, "share": n})
        return out

    def cut_shares(self, amount, receiving):
        rules = self.rules
        unit = rules.split_unit or rules.chip
        units = (amount / unit).to_integral_value(rounding=ROUND_FLOOR)
        rest = amount - units * unit
        k = len(receiving)
        each = units // k
        extra = int(units - each * k)
        parts = {n: each * unit for n in receiving}
        names = [sh["name"] for sh in rules.shares]
        start = names.index(rules.odd_chip_share) if rules.odd_chip_share in names else 0
        ordered = [names[(start + i) % len(names)] for i in range(len(names))]
        ordered = [n for n in ordered if n in receiving]
        for i in range(extra):
            parts[ordered[i % len(ordered)]] += unit
        if rest > 0:
            parts[ordered[0]] += rest
        return parts

    def split_among(self, amount, group, share=None):
        rules = self.rules
        chip = rules.chip
        units = (amount / chip).to_integral_value(rounding=ROUND_FLOOR)
        n = len(group)
        each = units // n
        extra = int(units - each * n)
        rest = amount - units * chip
        if rules.odd_chip_tie == "high-card":

            def top_card(p):
                cards = [c for c in p.down + p.up if c != JOKER]
                return max((rank_of(c), rules.suit_rank(c)) for c in cards) if cards else (0, 0)

            order = sorted(group, key=top_card, reverse=True)
        else:
            pos = {p.seat: i for i, p in enumerate(self.order_from_dealer())}
            order = sorted(group, key=lambda p: pos[p.seat])
        out = []
        for i, p in enumerate(order):
            amt = each * chip + (chip if i < extra else 0)
            if i == 0:
                amt += rest
            out.append((p, amt))
        return out

    def show_order(self, live):
        first = None
        last = self.rounds_log[-1] if self.rounds_log else None
        final_idx = self.street_idx
        if last is not None and last["street"] == final_idx:
            first = last["last_aggr"] or last["opener"]
        if first is None:
            st = self.street()
            if st.get("opener") == "first-left":
                first = live[0].seat
            else:
                ties = st.get("ties") or self.rules.board_ties
                best = self.best_board_seat(live, ties)
                first = best.seat if best else live[0].seat
        seats = [p.seat for p in live]
        if first not in seats:
            for q in self.clockwise_from(first):
                if q.seat in seats:
                    first = q.seat
                    break
        ordered = [self.by_seat[first]] + [
            q for q in self.clockwise_from(first) if q.seat in seats and q.seat != first
        ]
        return ordered

    # ------------------------------------------------------------------ state
    def state(self):
        pots = self.pots()
        legal = []
        for opt in self.legal():
            o = dict(opt)
            if "amount" in o:
                o["amount"] = money(o["amount"])
            legal.append(o)
        seats = []
        for s in self.seats:
            seats.append(
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
        st = self.street()
        return {
            "street": st.get("name"),
            "phase": "complete" if self.over else self.phase,
            "to_act": None if self.over else self.to_act,
            "legal": [] if self.over else legal,
            "pot": money(sum((s.total for s in self.seats), Decimal("0"))),
            "pots": [{"amount": money(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "result": self.result,
        }

    def act(self, seat_no, action, amount, cards):
        if self.over:
            raise Refusal("illegal_action", "the hand is over", [])
        if self.decision is not None and self.phase != "betting":
            self.act_decision(seat_no, action, cards)
        else:
            self.act_bet(seat_no, action, amount)


# ------------------------------------------------------------------------ server


class Engine:
    def __init__(self):
        self.hand = None
        self.rules = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "centreline", "version": "1.9"},
            "rulesets": ["*"],
            "features": [
                "evaluate",
                "hi-lo",
                "community-card",
                "centre-cards",
                "joker",
                "expose",
                "table",
                "seat-cards",
                "refusal-state",
            ],
            "rankings": ["high", "ace-to-five", "ace-to-six"],
        }

    def _seats(self, entries):
        seats = []
        seen = set()
        for e in entries:
            n = e["seat"]
            if n in seen:
                raise Refusal("bad_request", f"seat {n} twice")
            seen.add(n)
            seats.append(Seat(n, e.get("name", str(n)), dec(e["stack"])))
        return seats

    def new_hand(self, req):
        rs = req.get("ruleset")
        if not isinstance(rs, dict):
            raise Refusal("unsupported", "only inline ruleset documents are played")
        check_ruleset(rs)
        rules = Rules(rs)
        seats = self._seats(req.get("seats", []))
        hand = Hand(rules, seats, req.get("dealer"), req.get("deck") or [], req.get("seat_cards"))
        self.rules = rules
        self.hand = hand
        return {"state": hand.state()}

    def next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        if not self.hand.over:
            raise Refusal("bad_request", "the hand is still running")
        old = self.hand
        seats = [Seat(s.seat, s.name, s.stack) for s in old.seats if s.stack > 0]
        dealer = old.dealer
        if self.rules.rotates:
            occupied = [s.seat for s in seats]
            later = [n for n in occupied if n > dealer]
            dealer = later[0] if later else occupied[0]
        hand = Hand(self.rules, seats, dealer, req.get("deck") or [], req.get("seat_cards"))
        self.hand = hand
        return {"state": hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        amount = req.get("amount")
        amount = dec(amount) if amount is not None else None
        self.hand.act(req.get("seat"), req.get("action"), amount, req.get("cards"))
        return {"state": self.hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        ranking = req.get("ranking", "high")
        if ranking not in PLAYED_RANKINGS:
            raise Refusal("unsupported", f"ranking {ranking}")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal("unsupported", "evaluate options are not read")
        ev = Evaluator("bug")
        results = []
        for cards in req.get("hands", []):
            best = ev.best(ranking, list(cards))
            results.append(
                {"best": list(best[1]), "name": hand_name(ranking, best[0]), "value": best[0]}
            )
        ranks = [1 + sum(1 for x in results if x["value"] > r["value"]) for r in results]
        for r, rank in zip(results, ranks, strict=False):
            r["rank"] = rank
            del r["value"]
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
        raise Refusal("unsupported", f"op {op}")


def main():
    engine = Engine()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line, parse_float=Decimal)
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
        try:
            reply = {"id": rid, "ok": True}
            reply.update(engine.handle(req))
        except Refusal as r:
            err = {"code": r.code, "message": r.message}
            if r.legal is not None:
                err["legal"] = [
                    dict(o, amount=money(o["amount"])) if "amount" in o else o for o in r.legal
                ]
                if engine.hand is not None and r.code == "illegal_action":
                    err["state"] = engine.hand.state()
            if r.values is not None:
                err["values"] = r.values
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as exc:  # keep running
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(exc)}}
        print(json.dumps(reply, default=str), flush=True)
        if isinstance(req, dict) and req.get("op") == "bye":
            break


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Kestrel: an independent seven-card stud engine speaking engine protocol 1.2.

Kestrel is a small, stand-alone engine (Python 3.11, standard library only) written from
docs/protocol.md and the ruleset reference alone.  It reads JSON Lines requests on stdin
and answers each with one JSON line on stdout.  It accepts any ruleset document
(``rulesets: ["*"]``) and refuses, with code ``unsupported`` naming the value, whatever it
does not play.  What it plays:

* fixed-limit, pot-limit and no-limit stud with a bring-in or a first-left/best-board
  opener, antes, burns, run-outs (burns reused, one community card), side pots, raise
  caps (in-hand / round-start / never heads-up), open-pair big bets with or without the
  lock, short all-in raises and the reopen fraction;
* exchange rounds (``streets[].exchange``): free or paid, face ``same`` or ``down``, and
  streets dealt only for few players (``deal_if_players_at_most``): English stud, the
  paid exchange, the bought card (high or hi-lo);
* cards-speak showdowns with any number of shares under the rankings ``high``,
  ``ace-to-five``, ``ace-to-six``, ``deuce-to-seven``, ``badugi`` and
  ``badugi-aces-high`` (qualifiers, split units, odd-chip share and tie rules);
* ``evaluate`` for those rankings, ``next_hand`` (table), ``seat_cards`` (seat-cards) and
  the state in refusals (refusal-state).

Money is kept in ``decimal.Decimal`` and written as decimal strings.

Planted bugs (all off by default; switch on with ``--bugs name1,name2``):

| name                     | id         | what goes wrong                                    |
|--------------------------|------------|----------------------------------------------------|
| exchange_from_dealer     | ENGLISH-02 | the exchange round starts with the dealer, not the |
|                          |            | dealer's left                                      |
| bought_card_keeps_face   | BUY-01     | a bought card (exchange face ``down``) replacing   |
|                          |            | an up card is dealt face up                        |
| price_off_the_books      | ENGLISH-04 | an exchange price leaves the stack, never reaches  |
|                          |            | the pot                                            |
| seventh_for_everyone     | ENGLISH-04 | ``deal_if_players_at_most`` ignored: six players   |
|                          |            | still get a seventh card                           |
| deuce_seven_no_straights | RANK-01    | deuce-to-seven does not count straights against a  |
|                          |            | hand                                               |
| bring_in_aces_by_ranking | RANK-02    | the bring-in reads aces low in every low game,     |
|                          |            | ignoring ``bring_in.aces``                         |
| ace_six_flush_blind      | LONDON-01  | ace-to-six does not count flushes against a hand   |
| badugi_suit_repeats      | RANK-03    | a badugi may hold two cards of one suit            |
"""

import json
import sys
from decimal import Decimal, InvalidOperation
from itertools import combinations

BUGS = "exchange_from_dealer,bought_card_keeps_face,price_off_the_books,seventh_for_everyone,deuce_seven_no_straights,bring_in_aces_by_ranking,ace_six_flush_blind,badugi_suit_repeats"  # noqa: E501

ACTIVE_BUGS = set()

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_WORDS = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
RANK_WORDS = {
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
PLURAL = {6: "sixes"}
LOW_RANKINGS = ("ace-to-five", "ace-to-six", "deuce-to-seven")
KNOWN_RANKINGS = ("high",) + LOW_RANKINGS + ("badugi", "badugi-aces-high")
ZERO = Decimal(0)


def bug(name):
    return name in ACTIVE_BUGS


class Refuse(Exception):
    def __init__(self, code, message, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


def money(value):
    d = value if isinstance(value, Decimal) else Decimal(str(value))
    if d == d.to_integral_value():
        return str(d.quantize(Decimal(1)))
    return format(d.normalize(), "f")


def rank_of(card):
    return RANKS.index(card[0]) + 2


def plural(r):
    return PLURAL.get(r, RANK_WORDS[r] + "s")


def new_deck_order():
    return [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------- hand values
# Every evaluator returns (key, cards): a larger key is a better hand for that ranking.


def _grouped(values):
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    return shape, order


def _poker_class(values, suits, straights=True, flushes=True, wheel=True):
    """Classic poker class of five cards (higher is stronger), ranks as given."""
    shape, order = _grouped(values)
    flush = flushes and len(set(suits)) == 1
    straight_top = None
    if straights and len(set(values)) == 5:
        hi, lo = max(values), min(values)
        if hi - lo == 4:
            straight_top = hi
        elif wheel and sorted(values) == [2, 3, 4, 5, 14]:
            straight_top = 5
    if straight_top and flush:
        return (8, straight_top)
    if shape[0] == 4:
        return (7,) + tuple(order)
    if shape[:2] == [3, 2]:
        return (6,) + tuple(order)
    if flush:
        return (5,) + tuple(sorted(values, reverse=True))
    if straight_top:
        return (4, straight_top)
    if shape[0] == 3:
        return (3,) + tuple(order)
    if shape[:2] == [2, 2]:
        return (2,) + tuple(order)
    if shape[0] == 2:
        return (1,) + tuple(order)
    return (0,) + tuple(order)


def _pairs_class(values):
    shape, order = _grouped(values)
    table = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (3, 2): 4, (4,): 5}
    key = tuple(x for x in shape if x > 1) or (1,)
    return (table.get(key, 6),) + tuple(order)


def _neg(t):
    return tuple(-x for x in t)


def five_key(ranking, cards):
    vals = [rank_of(c) for c in cards]
    suits = [c[1] for c in cards]
    if ranking == "high":
        return _poker_class(vals, suits)
    if ranking == "ace-to-five":
        return _neg(_pairs_class([1 if v == 14 else v for v in vals]))
    if ranking == "ace-to-six":
        low = [1 if v == 14 else v for v in vals]
        return _neg(_poker_class(low, suits, flushes=not bug("ace_six_flush_blind"), wheel=False))
    if ranking == "deuce-to-seven":
        return _neg(
            _poker_class(vals, suits, straights=not bug("deuce_seven_no_straights"), wheel=False)
        )
    raise ValueError(ranking)


def low_qualifies(cards, qualifier):
    vals = [1 if rank_of(c) == 14 else rank_of(c) for c in cards]
    return len(set(vals)) == 5 and max(vals) <= qualifier


def badugi_best(cards, aces_high=False):
    best = None
    for size in range(min(4, len(cards)), 0, -1):
        for combo in combinations(cards, size):
            ranks = [rank_of(c) for c in combo]
            if not aces_high:
                ranks = [1 if r == 14 else r for r in ranks]
            if len(set(ranks)) != size:
                continue
            if not bug("badugi_suit_repeats") and len(set(c[1] for c in combo)) != size:
                continue
            key = (size,) + _neg(tuple(sorted(ranks, reverse=True)))
            if best is None or key > best[0]:
                best = (
                    key,
                    sorted(
                        combo,
                        key=lambda c: -(1 if (not aces_high and rank_of(c) == 14) else rank_of(c)),
                    ),
                )
        if best is not None:
            return best
    return ((0,), [])


def best_hand(ranking, cards, qualifier=None):
    """(key, five cards) of the best hand, or None when nothing qualifies."""
    if ranking in ("badugi", "badugi-aces-high"):
        return badugi_best(list(cards), ranking == "badugi-aces-high")
    best = None
    if len(cards) < 5:
        return None
    for combo in combinations(cards, 5):
        if qualifier is not None and not low_qualifies(combo, qualifier):
            continue
        key = five_key(ranking, combo)
        if best is None or key > best[0]:
            best = (key, list(combo))
    if best is None:
        return None
    return best[0], order_cards(ranking, best[1])


def order_cards(ranking, cards):
    if ranking == "high":
        vals = [rank_of(c) for c in cards]
        shape, order = _grouped(vals)
        return sorted(cards, key=lambda c: (order.index(rank_of(c)), -SUITS.index(c[1])))
    ace_low = ranking in ("ace-to-five", "ace-to-six")

    def v(c):
        r = rank_of(c)
        return 1 if (ace_low and r == 14) else r

    return sorted(cards, key=lambda c: -v(c))


def hand_name(ranking, key, cards):
    if not cards:
        return "no hand"
    if ranking in ("badugi", "badugi-aces-high"):
        vals = [rank_of(c) for c in cards]
        if ranking == "badugi":
            vals = [1 if v == 14 else v for v in vals]
        vals.sort(reverse=True)
        words = [RANK_WORDS[x] for x in vals[:2]]
        if len(cards) == 4:
            return "{}-{} badugi".format(*tuple(words))
        if len(cards) == 1:
            return f"one-card {words[0]}"
        return "{}-card {}".format({2: "two", 3: "three"}[len(cards)], "-".join(words))
    if ranking == "high":
        cls = key[0]
        o = key[1:]
        if cls == 8:
            return "royal flush" if o[0] == 14 else f"straight flush, {RANK_WORDS[o[0]]} high"
        if cls == 7:
            return f"four of a kind, {plural(o[0])}"
        if cls == 6:
            return f"full house, {plural(o[0])} over {plural(o[1])}"
        if cls == 5:
            return f"flush, {RANK_WORDS[o[0]]} high"
        if cls == 4:
            return f"straight, {RANK_WORDS[o[0]]} high"
        if cls == 3:
            return f"three of a kind, {plural(o[0])}"
        if cls == 2:
            return f"two pair, {plural(o[0])} and {plural(o[1])}"
        if cls == 1:
            return f"pair of {plural(o[0])}"
        return f"high card, {RANK_WORDS[o[0]]}"
    # lows
    ace_low = ranking in ("ace-to-five", "ace-to-six")
    vals = [rank_of(c) for c in cards]
    if ace_low:
        vals = [1 if x == 14 else x for x in vals]
    shape, order = _grouped(vals)
    if shape[0] == 2 and shape[1] == 1:
        return f"pair of {plural(order[0])}"
    hk = _poker_class(
        vals, [c[1] for c in cards], wheel=not ace_low and ranking != "deuce-to-seven"
    )
    if shape[0] > 1:
        return hand_name("high", hk, cards)
    if ranking != "ace-to-five" and hk[0] in (4, 5, 8):
        return hand_name("high", hk, cards)
    top = sorted(vals, reverse=True)
    return f"{RANK_WORDS[top[0]]}-{RANK_WORDS[top[1]]} low"


def board_key(ranking, cards, suit_rank):
    """Key of an exposed board (larger is better) and the tie key of its top card."""
    if not cards:
        return (), ()
    if ranking in ("badugi", "badugi-aces-high"):
        key, _ = badugi_best(cards, ranking == "badugi-aces-high")
        ace_low = ranking == "badugi"
        low = True
    elif ranking == "high":
        key = _pairs_class([rank_of(c) for c in cards])
        ace_low, low = False, False
    else:
        ace_low = ranking in ("ace-to-five", "ace-to-six")
        key = _neg(
            _pairs_class([1 if (ace_low and rank_of(c) == 14) else rank_of(c) for c in cards])
        )
        low = True

    def val(c):
        r = rank_of(c)
        return 1 if (ace_low and r == 14) else r

    _, order = _grouped([val(c) for c in cards])
    lead = order[0]
    if low and ranking not in ("badugi", "badugi-aces-high"):
        lead = (
            max(val(c) for c in cards) if max(_grouped([val(c) for c in cards])[0]) == 1 else lead
        )
    top = max((c for c in cards if val(c) == lead), key=lambda c: suit_rank[c[1]])
    tie = suit_rank[top[1]]
    return key, ((-tie,) if low else (tie,))


# ---------------------------------------------------------------- the ruleset

SUPPORTED_STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")


def check_ruleset(rs):
    """Refuse (unsupported) any value this engine does not play."""
    problems = []

    def want(path, wanted, ok, plays):
        if not ok:
            problems.append((path, wanted, plays))

    deck = rs.get("deck") or {}
    want("deck.jokers", deck.get("jokers", 0), deck.get("jokers", 0) in (0, None), 0)
    want("deck.centre", deck.get("centre", []), not deck.get("centre"), [])
    want("deck.stripped", deck.get("stripped", []), not deck.get("stripped"), [])
    stakes = rs.get("stakes") or {}
    want("stakes.small_blind", stakes.get("small_blind"), stakes.get("small_blind") is None, None)
    want("stakes.big_blind", stakes.get("big_blind"), stakes.get("big_blind") is None, None)
    board = rs.get("board") or {}
    want(
        "board.ranking",
        board.get("ranking", "high"),
        board.get("ranking", "high") in KNOWN_RANKINGS,
        "high",
    )
    want(
        "board.wild",
        board.get("wild", "natural"),
        board.get("wild", "natural") == "natural",
        "natural",
    )
    betting = rs.get("betting") or {}
    st = betting.get("structure", "fixed-limit")
    want("betting.structure", st, st in SUPPORTED_STRUCTURES, "fixed-limit")
    wild = rs.get("wild") or {}
    want("wild.ranks", wild.get("ranks", []), not wild.get("ranks"), [])
    want("wild.low_hole", wild.get("low_hole", False), not wild.get("low_hole"), False)
    want("wild.joker", wild.get("joker", "none"), wild.get("joker", "none") == "none", "none")
    want("events", rs.get("events", []), not rs.get("events"), [])
    show = rs.get("showdown") or {}
    want(
        "showdown.method",
        show.get("method", "cards-speak"),
        show.get("method", "cards-speak") == "cards-speak",
        "cards-speak",
    )
    for i, street in enumerate(rs.get("streets") or []):
        name = street.get("name", str(i))
        for entry in street.get("deal") or []:
            want(f"streets.{name}.deal", street.get("deal"), entry in ("up", "down"), [])
        want(f"streets.{name}.decide", street.get("decide", []), not street.get("decide"), [])
        want(f"streets.{name}.spread", street.get("spread"), street.get("spread") is None, None)
        op = street.get("opener", "best-board")
        want(
            f"streets.{name}.opener",
            op,
            op in ("bring-in", "best-board", "first-left"),
            "best-board",
        )
    pot = rs.get("pot") or {}
    for share in pot.get("shares") or []:
        sname = share.get("name")
        ranking = share.get("ranking", "high")
        want(f"pot.shares.{sname}.ranking", ranking, ranking in KNOWN_RANKINGS, "high")
        want(
            f"pot.shares.{sname}.cards",
            share.get("cards", "all"),
            share.get("cards", "all") in ("all", "own"),
            "all",
        )
        for k in ("minimum", "own", "common", "suit", "fallback"):
            want(f"pot.shares.{sname}.{k}", share.get(k), share.get(k) is None, None)
        q = share.get("qualifier")
        want(
            f"pot.shares.{sname}.qualifier",
            q,
            q is None or ranking in ("ace-to-five", "ace-to-six"),
            None,
        )
    if problems:
        msg = "; ".join("{} = {!r}: not played (plays {!r})".format(*p) for p in problems)
        raise Refuse("unsupported", msg)


def D(x, default="0"):
    if x is None:
        x = default
    try:
        return Decimal(str(x))
    except InvalidOperation:
        raise Refuse("bad_request", f"bad amount {x!r}") from None


# ---------------------------------------------------------------- the table


class Seat:
    def __init__(self, num, name, stack):
        self.num = num
        self.name = name
        self.stack = stack
        self.down = []
        self.up = []
        self.bet = ZERO
        self.paid = ZERO  # everything put in this hand
        self.folded = False
        self.queue = []  # seat_cards still to come
        self.all_in = False

    def cards(self):
        return self.down + self.up


class Hand:
    def __init__(self, rs, seats, dealer, deck, seat_cards):
        self.rs = rs
        self.seats = seats  # seat number -> Seat, dealt in
        self.order = sorted(seats)
        self.dealer = dealer
        stakes = rs["stakes"]
        self.chip = D(stakes.get("chip"), "0.01")
        self.ante = D(stakes.get("ante"))
        self.bring_in_amt = None if stakes.get("bring_in") is None else D(stakes.get("bring_in"))
        self.small = D(stakes.get("small_bet"))
        self.big = D(stakes.get("big_bet"))
        bet = rs.get("betting") or {}
        self.structure = bet.get("structure", "fixed-limit")
        self.max_raises = bet.get("max_raises", 3)
        self.uncapped = bet.get("uncapped_heads_up", "in-hand")
        self.locks = bet.get("big_bet_locks", True)
        self.reopen = D(bet.get("reopen_fraction"), "0.5")
        self.fold_when_check = bet.get("fold_when_check", "refused") == "allowed"
        self.ceiling = bet.get("pot_ceiling", "pot-after-call")
        self.min_raise_rule = bet.get("min_raise", "last-increment")
        bi = rs.get("bring_in") or {}
        self.bi_card = bi.get("card", "lowest")
        self.bi_aces = bi.get("aces", "high")
        order = bi.get("suit_order") or ["clubs", "diamonds", "hearts", "spades"]
        self.suit_rank = {SUIT_WORDS[w]: i for i, w in enumerate(order)}
        self.bi_all_in = bi.get("all_in", "next-card")
        board = rs.get("board") or {}
        self.board_ranking = board.get("ranking", "high")
        self.board_ties = board.get("ties", "suit")
        dealing = rs.get("dealing") or {}
        self.burn = dealing.get("burn", True)
        self.reuse = dealing.get("reuse_burns", True)
        self.community_ok = dealing.get("community_card", True)
        self.streets = rs["streets"]
        self.pot_rules = rs["pot"]
        # the pack
        listed = {c for sc in seat_cards for c in sc.get("cards", [])}
        rest = [c for c in new_deck_order() if c not in deck]
        self.stub = [c for c in list(deck) + rest if c not in listed]
        for sc in seat_cards:
            if sc.get("seat") in self.seats:
                self.seats[sc["seat"]].queue = list(sc.get("cards", []))
        self.burns = []
        self.community = []
        self.dealt_any = False
        self.dealt_in = len(self.order)
        self.street_ix = 0
        self.street_name = self.streets[0]["name"]
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.last_aggressor = None
        self.round_first = None
        self.pending = []

    # ---- seats
    def clockwise_from(self, seat, include=False):
        """Seats in clockwise order starting after `seat` (or at it)."""
        nums = self.order
        after = [s for s in nums if s > seat] + [s for s in nums if s <= seat]
        if include and seat in self.seats:
            after = [seat] + [s for s in after if s != seat]
        return after

    def live(self):
        return [s for s in self.clockwise_from(self.dealer) if not self.seats[s].folded]

    def can_act(self, s):
        seat = self.seats[s]
        return not seat.folded and not seat.all_in

    def could_answer(self, s):
        seat = self.seats[s]
        return self.can_act(s) and seat.stack > self.high - seat.bet

    # ---- cards
    def remaining(self):
        return len(self.stub) + sum(len(self.seats[s].queue) for s in self.live())

    def draw_for(self, s):
        seat = self.seats[s]
        if seat.queue:
            card = seat.queue.pop(0)
            if card in self.stub:
                self.stub.remove(card)
            return card
        if not self.stub and self.burns:
            self.stub.extend(self.burns)
            self.burns = []
        if not self.stub:
            raise Refuse("internal", "the pack is empty")
        return self.stub.pop(0)

    def draw_stub(self):
        if not self.stub and self.burns:
            self.stub.extend(self.burns)
            self.burns = []
        return self.stub.pop(0)

    def street_played(self, st):
        limit = st.get("deal_if_players_at_most")
        if limit is None or bug("seventh_for_everyone"):
            return True
        return self.dealt_in <= limit

    def rounds_after(self, ix, pos):
        n = len(self.streets[ix].get("deal") or []) - pos - 1
        for st in self.streets[ix + 1 :]:
            if self.street_played(st):
                n += len(st.get("deal") or [])
        return n

    def deal_street(self, ix):
        st = self.streets[ix]
        deal = st.get("deal") or []
        if not deal:
            return
        if self.burn and self.dealt_any and self.stub:
            self.burns.append(self.stub.pop(0))
        for pos, face in enumerate(deal):
            players = self.live()
            need = len(players)
            keep = self.rounds_after(ix, pos) if self.community_ok else 0
            if self.remaining() < need + keep and self.reuse and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            if self.remaining() >= need + keep or not self.community_ok:
                for s in players:
                    card = self.draw_for(s)
                    (self.seats[s].up if face == "up" else self.seats[s].down).append(card)
            else:
                self.community.append(self.draw_stub())
            self.dealt_any = True

    # ---- money
    def put(self, s, amount, as_bet=True):
        seat = self.seats[s]
        amount = min(amount, seat.stack)
        seat.stack -= amount
        seat.paid += amount
        if seat.stack == 0 and amount > 0:
            seat.all_in = True
        if as_bet:
            seat.bet += amount

    def pot_total(self):
        return sum((self.seats[s].paid for s in self.order), ZERO)

    def pots(self):
        paid = {s: self.seats[s].paid for s in self.order}
        live = [s for s in self.order if not self.seats[s].folded]
        levels = sorted({paid[s] for s in live if self.seats[s].all_in})
        top = max(paid.values()) if paid else ZERO
        if not levels or levels[-1] < top:
            levels.append(top)
        pots, prev = [], ZERO
        for lvl in levels:
            amt = sum((min(p, lvl) - min(p, prev) for p in paid.values()), ZERO)
            elig = [s for s in live if paid[s] >= lvl or not self.seats[s].all_in]
            if amt > 0 or not pots:
                if not elig and pots:
                    pots[-1][0] += amt
                else:
                    pots.append([amt, elig])
            prev = lvl
        return [(a, e) for a, e in pots if a > 0] or [(ZERO, live)]

    # ---- the flow
    def start(self):
        for s in self.clockwise_from(self.dealer):
            if self.ante > 0:
                self.put(s, self.ante, as_bet=False)
        self.street_ix = 0
        self.begin_street(first=True)

    def begin_street(self, first=False):
        while self.street_ix < len(self.streets):
            st = self.streets[self.street_ix]
            if not self.street_played(st):
                self.street_ix += 1
                continue
            self.street_name = st["name"]
            if len(self.live()) < 2:
                break
            if st.get("exchange") is not None:
                self.begin_exchange(st)
                if self.phase == "exchange":
                    return
            self.after_exchange()
            if self.phase == "betting" and self.to_act is not None:
                return
            if self.result is not None:
                return
            self.street_ix += 1
        self.finish()

    def begin_exchange(self, st):
        self.phase = "exchange"
        self.ex_price = D(st["exchange"].get("price"), "0")
        self.ex_face = st["exchange"].get("face", "same")
        start = self.dealer
        if bug("exchange_from_dealer"):
            order = self.clockwise_from(self.dealer, include=True)
        else:
            order = self.clockwise_from(start)
        self.pending = [s for s in order if not self.seats[s].folded]
        self.to_act = self.pending[0] if self.pending else None
        if self.to_act is None:
            self.phase = "betting"

    def after_exchange(self):
        """Deal the current street, then open its betting round (or not)."""
        st = self.streets[self.street_ix]
        self.deal_street(self.street_ix)
        self.phase = "betting"
        self.to_act = None
        for s in self.order:
            self.seats[s].bet = ZERO
        if st.get("bet") is None:
            return
        self.open_round(st)

    def open_round(self, st):
        self.unit = self.small if st.get("bet", "small") == "small" else self.big
        self.high = ZERO
        self.inc = self.unit
        self.n_aggr = 0
        self.locked_big = False
        self.bring_in_stage = False
        self.acted = set()
        self.last_aggressor = None
        self.round_heads_up = len([o for o in self.live() if self.can_act(o)]) == 2
        self.forced = None
        actors = [s for s in self.live() if self.can_act(s)]
        opener_kind = st.get("opener", "best-board")
        if len(actors) < 2:
            self.to_act = None
            return
        if opener_kind == "bring-in" and self.bring_in_amt is not None:
            first = self.bring_in_seat()
            self.forced = first
        elif opener_kind == "first-left":
            first = actors[0]
        else:
            first = self.best_board_seat(st)
        self.round_order = self.clockwise_from(first, include=True)
        self.pending = [s for s in self.round_order if self.can_act(s)]
        self.to_act = self.pending[0]

    def bring_in_seat(self):
        ace_low = self.bi_aces == "low"
        if bug("bring_in_aces_by_ranking") and self.board_ranking in LOW_RANKINGS:
            ace_low = True

        def val(c):
            r = rank_of(c)
            return 1 if (ace_low and r == 14) else r

        def key(s):
            card = self.seats[s].up[-1] if self.seats[s].up else None
            if card is None:
                return (99, 99)
            k = (val(card), self.suit_rank[card[1]])
            return k if self.bi_card == "lowest" else (-k[0], -k[1])

        live = self.live()
        if self.bi_all_in == "next-seat":
            extreme = min(live, key=key)
            for s in self.clockwise_from(extreme, include=True):
                if self.can_act(s):
                    return s
        cands = [s for s in live if self.can_act(s)]
        return min(cands, key=key)

    def best_board_seat(self, st):
        ties = st.get("ties") or self.board_ties
        live = self.live()
        scored = []
        for idx, s in enumerate(live):
            cards = self.seats[s].up + self.community
            key, tie = board_key(self.board_ranking, cards, self.suit_rank)
            if ties == "position":
                tie = (-idx,)
            scored.append((key, tie, s))
        best = max(scored, key=lambda x: (x[0], x[1]))[2]
        for s in self.clockwise_from(best, include=True):
            if self.can_act(s):
                return s
        return best

    # ---- legal options
    def heads_up_uncapped(self):
        if self.uncapped == "in-hand":
            return len(self.live()) == 2
        if self.uncapped == "round-start":
            return self.round_heads_up
        return False

    def open_pair(self):
        st = self.streets[self.street_ix]
        if st.get("big_bet_when", "never") != "open-pair" or st.get("bet", "small") != "small":
            return False
        for s in self.live():
            ranks = [rank_of(c) for c in self.seats[s].up + self.community]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def legal(self, s=None):
        s = self.to_act if s is None else s
        if s is None or self.result is not None:
            return []
        seat = self.seats[s]
        if self.phase == "exchange":
            out = []
            if seat.stack >= self.ex_price:
                out.append(
                    {"action": "exchange", "amount": money(self.ex_price)}
                    if self.ex_price > 0
                    else {"action": "exchange"}
                )
            out.append({"action": "stand_pat"})
            return out
        cap_total = seat.bet + seat.stack
        to_call = self.high - seat.bet
        others_can_call = any(self.could_answer(o) for o in self.live() if o != s)
        opts = []
        if s == self.forced and self.high == 0:
            bi = min(self.bring_in_amt, cap_total)
            opts.append({"action": "bring_in", "amount": money(bi)})
            if (
                self.bring_in_amt < self.small or self.structure != "fixed-limit"
            ) and cap_total > bi:
                opts += self.sized("complete", s)
            return opts
        if to_call > 0:
            opts.append({"action": "fold"})
            opts.append({"action": "call", "amount": money(min(self.high, cap_total))})
        else:
            if self.fold_when_check:
                opts.append({"action": "fold"})
            opts.append({"action": "check"})
        if cap_total > self.high and others_can_call:
            if self.high == 0:
                opts += self.sized("bet", s)
            elif self.bring_in_stage:
                opts += self.sized("complete", s)
            elif s not in self.acted and self.raise_allowed():
                opts += self.sized("raise", s)
        return opts

    def raise_allowed(self):
        if self.max_raises is None or self.heads_up_uncapped():
            return True
        return self.n_aggr - 1 < self.max_raises

    def targets(self, word, s):
        """Totals (fixed) or (min, max) range for an aggressive action."""
        seat = self.seats[s]
        if self.structure == "fixed-limit":
            if word == "complete":
                return [self.small]
            units = [self.unit]
            if self.open_pair():
                if self.locked_big:
                    units = [self.big]
                else:
                    units = [self.small, self.big]
            elif self.locked_big:
                units = [self.big]
            return [self.high + u for u in units]
        # pot and no limit
        to_call = self.high - seat.bet
        if word == "complete":
            if self.high > 0:
                lo = self.small
            else:
                lo = max(self.small, self.bring_in_amt + self.chip)
        elif word == "bet":
            lo = self.unit
        else:
            lo = self.high * 2 if self.min_raise_rule == "double" else self.high + self.inc
        if self.structure == "no-limit":
            hi = seat.bet + seat.stack
        elif self.ceiling == "pot-plus-bet":
            hi = self.pot_total() + self.high
        else:
            hi = self.high + self.pot_total() + to_call
        return (lo, max(lo, hi))

    def sized(self, word, s):
        seat = self.seats[s]
        cap_total = seat.bet + seat.stack
        t = self.targets(word, s)
        out = []
        if isinstance(t, list):
            seen = []
            for x in t:
                x = min(x, cap_total)
                if x not in seen:
                    seen.append(x)
                    out.append({"action": word, "amount": money(x)})
            return out
        lo, hi = t
        lo, hi = min(lo, cap_total), min(hi, cap_total)
        if lo == hi:
            return [{"action": word, "amount": money(lo)}]
        return [{"action": word, "min": money(lo), "max": money(hi)}]

    # ---- acting
    def act(self, req):
        s = req.get("seat")
        action = req.get("action")
        if self.result is not None or self.to_act is None:
            raise self.illegal("the hand is over" if self.result else "nobody is to act")
        if s != self.to_act:
            raise self.illegal(f"it is seat {self.to_act}'s turn, not {s}")
        legal = self.legal()
        if self.phase == "exchange":
            return self.act_exchange(s, action, req, legal)
        amount = None
        if req.get("amount") is not None:
            amount = D(req["amount"])
        chosen = None
        for opt in legal:
            if opt["action"] != action:
                continue
            if "amount" in opt:
                if amount is None or amount == Decimal(opt["amount"]):
                    chosen = Decimal(opt["amount"])
                    break
            elif "min" in opt:
                if amount is not None and Decimal(opt["min"]) <= amount <= Decimal(opt["max"]):
                    if (amount / self.chip) == (amount / self.chip).to_integral_value():
                        chosen = amount
                        break
            else:
                chosen = ZERO
                break
        if chosen is None:
            raise self.illegal("{} {} is not legal now".format(action, req.get("amount") or ""))
        self.apply(s, action, chosen)
        return

    def illegal(self, why):
        return Refuse("illegal_action", why, legal=self.legal())

    def act_exchange(self, s, action, req, legal):
        names = [o["action"] for o in legal]
        seat = self.seats[s]
        if action == "stand_pat" and "stand_pat" in names:
            pass
        elif action == "exchange" and "exchange" in names:
            cards = req.get("cards") or []
            if len(cards) != 1 or cards[0] not in seat.cards():
                raise self.illegal("exchange exactly one of your cards")
            if req.get("amount") is not None and D(req["amount"]) != self.ex_price:
                raise self.illegal(f"the exchange costs {money(self.ex_price)}")
            old = cards[0]
            if self.ex_price > 0:
                if bug("price_off_the_books"):
                    seat.stack -= self.ex_price
                else:
                    self.put(s, self.ex_price, as_bet=False)
            new = self.draw_for(s)
            if old in seat.down:
                seat.down[seat.down.index(old)] = new
            elif self.ex_face == "down" and not bug("bought_card_keeps_face"):
                seat.up.remove(old)
                seat.down.append(new)
            else:
                seat.up[seat.up.index(old)] = new
        else:
            raise self.illegal(f"{action} is not legal now")
        self.pending.pop(0)
        if self.pending:
            self.to_act = self.pending[0]
            return
        self.after_exchange()
        if not (self.phase == "betting" and self.to_act is not None):
            self.street_ix += 1
            self.begin_street()

    def apply(self, s, action, total):
        seat = self.seats[s]
        if action == "fold":
            seat.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self.put(s, total - seat.bet)
        elif action == "bring_in":
            self.put(s, total - seat.bet)
            self.high = max(self.high, seat.bet)
            if seat.bet >= self.small:
                self.n_aggr = 1
                self.inc = self.small
                self.last_aggressor = s
            else:
                self.bring_in_stage = True
                self.inc = seat.bet
        else:  # bet, complete, raise
            prev_high = self.high
            self.put(s, total - seat.bet)
            new_high = seat.bet
            increase = new_high - prev_high
            if action == "complete":
                full = self.small
            elif self.structure == "fixed-limit":
                full = (
                    self.big
                    if (self.locked_big or (self.open_pair() and increase > self.small))
                    else self.unit
                )
            else:
                full = self.inc if action == "raise" else self.unit
            full_action = increase >= full
            reopens = increase >= full * self.reopen
            if action == "complete":
                reopens = new_high >= full * self.reopen
            if action == "complete" and not reopens:
                self.bring_in_stage = True  # a short completion: still only the bring-in
            else:
                if action == "complete":
                    self.bring_in_stage = False
                if reopens or action != "raise":  # a short all-in raise is no raise of the cap's
                    self.n_aggr += 1
            self.high = new_high
            if (
                self.structure == "fixed-limit"
                and self.open_pair()
                and increase >= self.big
                and self.locks
            ):
                self.locked_big = True
            if self.structure != "fixed-limit" and action == "complete":
                self.inc = new_high
            elif self.structure != "fixed-limit" and full_action:
                self.inc = increase
            if reopens or prev_high == 0:
                self.acted = set()
            self.last_aggressor = s
            # everyone else who can act must answer
            order = self.clockwise_from(s)
            self.pending = [o for o in order if o != s and self.can_act(o)]
            self.acted.add(s)
            self.advance(s, reset=True)
            return
        self.acted.add(s)
        self.advance(s)

    def advance(self, s, reset=False):
        if not reset:
            if s in self.pending:
                self.pending.remove(s)
        if s == self.forced:
            self.forced = None
            if self.high > 0:
                order = self.clockwise_from(s)
                self.pending = [o for o in order if o != s and self.can_act(o)]
        if len(self.live()) == 1:
            self.return_uncalled()
            self.finish()
            return
        # drop anyone who cannot act any more, or who matches with nobody left to bet
        self.pending = [o for o in self.pending if self.can_act(o)]
        actors = [o for o in self.live() if self.can_act(o)]
        if self.pending and len(actors) == 1 and self.seats[self.pending[0]].bet >= self.high:
            self.pending = []
        if self.pending:
            self.to_act = self.pending[0]
            return
        self.end_round()

    def return_uncalled(self):
        bets = sorted(((self.seats[o].bet, o) for o in self.order), reverse=True)
        if len(bets) >= 2 and bets[0][0] > bets[1][0]:
            extra = bets[0][0] - bets[1][0]
            seat = self.seats[bets[0][1]]
            seat.bet -= extra
            seat.paid -= extra
            seat.stack += extra
            if seat.stack > 0:
                seat.all_in = False  # chips back: no longer all in

    def end_round(self):
        self.return_uncalled()
        for s in self.order:  # the round's bets are in the pot now
            self.seats[s].bet = ZERO
        self.to_act = None
        self.street_ix += 1
        self.begin_street()

    # ---- the showdown
    def finish(self):
        self.phase = "complete"
        self.to_act = None
        self.forced = None
        live = self.live()
        awards, hands = [], []
        if len(live) == 1:
            winner = live[0]
            for i, (amt, _) in enumerate(self.pots()):
                awards.append({"seat": winner, "amount": amt, "pot": i, "share": None})
            self.result = {"awards": awards, "hands": [], "showdown": False}
        else:
            self.showdown(live, awards, hands)
            self.result = {"awards": awards, "hands": hands, "showdown": True}
        for a in awards:
            self.seats[a["seat"]].stack += a["amount"]
        for a in awards:
            a["amount"] = money(a["amount"])

    def show_order(self, live):
        first = self.last_aggressor if self.last_aggressor in live else None
        if first is None:
            st = self.streets[min(self.street_ix, len(self.streets) - 1)]
            try:
                first = (
                    self.best_board_seat(st)
                    if st.get("opener", "best-board") == "best-board"
                    else live[0]
                )
            except Exception:
                first = live[0]
            if first not in live:
                first = live[0]
        return [s for s in self.clockwise_from(first, include=True) if s in live]

    def showdown(self, live, awards, hands):
        shares = self.pot_rules["shares"]
        ordered = self.show_order(live)
        evals = {}
        for s in ordered:
            cards = self.seats[s].cards() + self.community
            for sh in shares:
                evals[(s, sh["name"])] = best_hand(
                    sh.get("ranking", "high"), cards, sh.get("qualifier")
                )
        for s in ordered:
            for sh in shares:
                ev = evals[(s, sh["name"])]
                if ev is None:
                    continue
                hands.append(
                    {
                        "seat": s,
                        "share": sh["name"],
                        "name": hand_name(sh.get("ranking", "high"), ev[0], ev[1]),
                        "cards": ev[1],
                    }
                )
        unit = self.pot_rules.get("split_unit")
        unit = D(unit) if unit is not None else self.chip
        odd_share = self.pot_rules.get("odd_chip_share", "high")
        names = [sh["name"] for sh in shares]
        for i, (amt, elig) in enumerate(self.pots()):
            elig = [s for s in elig if s in live]
            if len(elig) == 1:
                awards.append({"seat": elig[0], "amount": amt, "pot": i, "share": None})
                continue
            winners = {}
            for sh in shares:
                scored = [
                    (evals[(s, sh["name"])][0], s)
                    for s in elig
                    if evals[(s, sh["name"])] is not None
                ]
                if not scored:
                    continue
                top = max(k for k, _ in scored)
                winners[sh["name"]] = [s for k, s in scored if k == top]
            if not winners:
                if self.pot_rules.get("unqualified") == "split":
                    winners[names[0]] = list(elig)
                else:
                    scored = [
                        (best_hand("high", self.seats[s].cards() + self.community)[0], s)
                        for s in elig
                    ]
                    top = max(k for k, _ in scored)
                    winners[names[0]] = [s for k, s in scored if k == top]
                parts = {names[0]: amt}
            else:
                won = [n for n in names if n in winners]
                parts = self.cut(amt, won, unit, odd_share if odd_share in won else won[0])
            for share_name, part in parts.items():
                ws = [s for s in self.clockwise_from(self.dealer) if s in winners[share_name]]
                if self.pot_rules.get("odd_chip_tie", "position") == "high-card":
                    ws.sort(
                        key=lambda w: max(
                            (rank_of(c), self.suit_rank[c[1]]) for c in self.seats[w].cards()
                        ),
                        reverse=True,
                    )
                each = self.cut(part, ws, self.chip, ws[0])
                for s in ws:
                    if each[s] > 0:
                        awards.append(
                            {
                                "seat": s,
                                "amount": each[s],
                                "pot": i,
                                "share": share_name if (len(shares) > 1 or True) else None,
                            }
                        )

    def cut(self, amount, keys, unit, first):
        n = len(keys)
        units = int(amount // unit)
        base = units // n
        out = {k: unit * base for k in keys}
        left = amount - unit * base * n
        start = keys.index(first)
        ring = keys[start:] + keys[:start]
        j = 0
        while left >= unit:
            out[ring[j % n]] += unit
            left -= unit
            j += 1
        if left > 0:
            out[ring[j % n]] += left
        return out

    # ---- the state
    def state(self):
        seats = []
        for s in self.order:
            seat = self.seats[s]
            seats.append(
                {
                    "seat": s,
                    "name": seat.name,
                    "stack": money(seat.stack),
                    "bet": money(seat.bet),
                    "folded": seat.folded,
                    "all_in": seat.all_in and not seat.folded,
                    "down": list(seat.down),
                    "up": list(seat.up),
                }
            )
        return {
            "street": self.street_name,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal(),
            "pot": money(self.pot_total()),
            "pots": [{"amount": money(a), "eligible": sorted(e)} for a, e in self.pots()],
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "declarations": [],
            "result": self.result,
        }


# ---------------------------------------------------------------- the server


class Server:
    def __init__(self):
        self.hand = None
        self.ruleset = None
        self.table = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "kestrel", "version": "1.0"},
            "rulesets": ["*"],
            "features": [
                "evaluate",
                "exchange",
                "hi-lo",
                "pot-limit",
                "no-limit",
                "table",
                "seat-cards",
                "refusal-state",
                "pipelining",
            ],
            "rankings": list(KNOWN_RANKINGS),
        }

    def load_ruleset(self, rs):
        if isinstance(rs, str):
            raise Refuse("unsupported", f"ruleset by name {rs!r}: send the resolved document")
        if not isinstance(rs, dict) or "streets" not in rs or "stakes" not in rs or "pot" not in rs:
            raise Refuse("bad_request", "ruleset document expected")
        check_ruleset(rs)
        return rs

    def new_hand(self, req):
        rs = self.load_ruleset(req.get("ruleset"))
        seats = {}
        for entry in req.get("seats") or []:
            num = entry["seat"]
            if num in seats:
                raise Refuse("bad_request", f"seat {num} twice")
            seats[num] = Seat(num, entry.get("name", str(num)), D(entry.get("stack")))
        if len(seats) < 2:
            raise Refuse("bad_request", "two players at least")
        return self.deal(rs, seats, req)

    def deal(self, rs, seats, req):
        deck = list(req.get("deck") or [])
        if len(set(deck)) != len(deck):
            raise Refuse("bad_request", "a card twice in the deck")
        hand = Hand(rs, seats, req.get("dealer", min(seats)), deck, req.get("seat_cards") or [])
        hand.start()
        self.hand = hand
        self.ruleset = rs
        return {"state": hand.state()}

    def next_hand(self, req):
        if self.hand is None:
            raise Refuse("no_hand", "no hand yet")
        if self.hand.result is None:
            raise Refuse("bad_request", "the hand is still running")
        old = self.hand
        seats = {}
        for s in old.order:
            if old.seats[s].stack > 0:
                seats[s] = Seat(s, old.seats[s].name, old.seats[s].stack)
        dealer = old.dealer
        if (self.ruleset.get("dealer") or {}).get("rotates", True):
            nums = sorted(seats)
            after = [x for x in nums if x > dealer]
            dealer = after[0] if after else nums[0]
        req = dict(req)
        req["dealer"] = dealer
        return self.deal(self.ruleset, seats, req)

    def act(self, req):
        if self.hand is None:
            raise Refuse("no_hand", "no hand yet")
        self.hand.act(req)
        return {"state": self.hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refuse("no_hand", "no hand yet")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in KNOWN_RANKINGS:
            raise Refuse("unsupported", f"ranking {ranking!r}")
        if req.get("wild"):
            raise Refuse("unsupported", "wild cards in evaluate")
        q = req.get("qualifier")
        results = []
        keys = []
        for cards in req.get("hands") or []:
            ev = best_hand(ranking, list(cards), q)
            if ev is None:
                results.append({"best": [], "name": "no qualifying low", "qualifies": False})
                keys.append(None)
            else:
                r = {"best": ev[1], "name": hand_name(ranking, ev[0], ev[1])}
                if q is not None:
                    r["qualifies"] = True
                results.append(r)
                keys.append(ev[0])
        for r, k in zip(results, keys, strict=False):
            better = sum(1 for o in keys if o is not None and (k is None or o > k))
            if k is None:
                better = sum(1 for o in keys if o is not None)
            r["rank"] = better + 1
        return {"results": results}

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return self.hello(req)
        if op == "bye":
            return {}
        fn = {
            "new_hand": self.new_hand,
            "next_hand": self.next_hand,
            "act": self.act,
            "state": self.state,
            "evaluate": self.evaluate,
        }.get(op)
        if fn is None:
            raise Refuse("unsupported", f"op {op!r}")
        return fn(req)


def main(argv):
    if "--bugs" in argv:
        i = argv.index("--bugs")
        if i + 1 < len(argv):
            ACTIVE_BUGS.update(b for b in argv[i + 1].split(",") if b)
    unknown = ACTIVE_BUGS - set(BUGS.split(","))
    if unknown:
        print("unknown bugs: {}".format(",".join(sorted(unknown))), file=sys.stderr)
        return 2
    server = Server()
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
        snapshot = None
        try:
            if req.get("op") in ("act", "new_hand", "next_hand"):
                import copy

                snapshot = (copy.deepcopy(server.hand), server.ruleset)
            reply = {"id": rid, "ok": True}
            reply.update(server.handle(req))
        except Refuse as r:
            if snapshot is not None:
                server.hand, server.ruleset = snapshot
            err = {"code": r.code, "message": r.message}
            if r.code == "illegal_action":
                err["legal"] = r.extra.get("legal", [])
                if server.hand is not None:
                    err["state"] = server.hand.state()
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # keep running whatever happens
            if snapshot is not None:
                server.hand, server.ruleset = snapshot
            print(f"internal: {e!r}", file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": repr(e)[:500]},
            }
        print(json.dumps(reply, ensure_ascii=True), flush=True)
        if req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

#!/usr/bin/env python3
"""independent_twentytwo: a fixed-limit stud engine written apart from the reference.

Written from the public material only (docs/protocol.md, schemas/protocol/, rulesets/*.yaml,
features/ and features/rules-index.yaml); it imports nothing from `stud`.

Protocol 1.0, the lowest common form: `hello` answers protocol 1 with `rulesets: ["*"]`,
no profile and no `seat-cards`; the engine deals every card itself from the `deck` it is
sent, top first, in its own dealing order (clockwise from the dealer's left, burns
before each later street).  Capabilities: `evaluate`, `evaluate-options` (the qualifier;
wild ranks are refused), `hi-lo`, `community-card` and `table` (`next_hand`).

Games: fixed-limit seven-card stud with the casino street table (two down and one up,
three up, one down), played for high (seven-card-stud and its house values), for an
ace-to-five low (razz) or split high/low (stud hi-lo, eight or better, any low, razz
order, split unit).  Every other ruleset value (another street table, blinds, wild cards,
jokers, events, declarations, spread or pot limit, other rankings...) is refused with an
`unsupported` error whose message names the path and the value.

Planted bugs, all off by default, switched on with `--bugs name1,name2` (the rule each
breaks in brackets):

  trips-board-as-pair           [ROUND-04] boards read by how many ranks are paired: trips
                                and quads showing count as one pair
  open-pair-option-everywhere   [LIMIT-06] an open pair on fourth street offers the big bet
                                in razz and hi-lo too (the street's big_bet_when is not read)
  big-bet-option-fourth-only    [LIMIT-07] the open-pair big bet only on fourth street, never
                                on the home game's later small-bet streets
  raise-after-completion-short  [BRING-09] the first raise after a completed bring-in adds the
                                completion's increment (small bet minus bring-in)
  street-ties-ignored           [ROUND-11] equal boards always settled by board.ties, never by
                                the street's own ties value
  ace-low-only-with-qualifier   [RAZZ-01]  ace-to-five counts the ace low only when a qualifier
                                is set, so razz plays aces high
  qualifier-exclusive           [HILO-02]  a low qualifies only below the qualifier (an eight
                                low does not qualify for eight or better)
  side-pots-merged              [SHOW-07]  one side pot above the smallest all-in; later all-in
                                levels cut no further pot
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation

BUGS = {
    "trips-board-as-pair": "boards read by their paired ranks: trips and quads count as one pair",
    "open-pair-option-everywhere": "fourth street's open pair offers the big bet in razz and hi-lo",
    "big-bet-option-fourth-only": "the open-pair big bet on fourth street only, not later streets",
    "raise-after-completion-short": "a raise after a completed bring-in adds small bet - bring-in",
    "street-ties-ignored": "equal boards always go by board.ties, a street's own ties is not read",
    "ace-low-only-with-qualifier": "ace-to-five counts the ace low only when a qualifier is set",
    "qualifier-exclusive": "a low must be below the qualifier: an eight low fails eight-or-better",
    "side-pots-merged": "one side pot above the smallest all-in; later all-in levels cut no pot",
}
ON: set[str] = set()

RANKS = "23456789TJQKA"
SUITS = "cdhs"
PACK = [r + s for r in RANKS for s in SUITS]
WORD = {
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
PLURAL = {k: (v + "es" if v == "six" else v + "s") for k, v in WORD.items()}
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
LOWS = ("ace-to-five", "ace-to-six")


class Refused(Exception):
    def __init__(self, code: str, message: str, legal=None):
        super().__init__(message)
        self.code, self.message, self.legal = code, message, legal


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def money(text) -> Decimal:
    try:
        value = Decimal(str(text))
    except (InvalidOperation, ValueError):
        raise Refused("bad_request", f"not an amount: {text!r}") from None
    if not value.is_finite() or value < 0:
        raise Refused("bad_request", f"not an amount: {text!r}")
    return value


def show(amount: Decimal) -> str:
    return format(amount, "f")


# ----------------------------------------------------------------------------- hands


def _shape(values):
    """(category by pairing, ranks ordered by count then rank, both descending)."""
    counts = Counter(values)
    order = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if shape[0] >= 4:
        cat = 6
    elif shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
        cat = 5
    elif shape[0] == 3:
        cat = 4
    elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        cat = 2
    elif shape[0] == 2:
        cat = 1
    else:
        cat = 0
    return cat, order


def _straight_top(values):
    distinct = sorted(set(values), reverse=True)
    if len(distinct) != 5:
        return None
    if distinct[0] - distinct[4] == 4:
        return distinct[0]
    if distinct == [14, 5, 4, 3, 2]:
        return 5
    return None


def high_value(five):
    """Bigger is better: (class, tie-breakers)."""
    values = [rank(c) for c in five]
    flush = len({c[1] for c in five}) == 1
    top = _straight_top(values)
    cat, order = _shape(values)
    if top and flush:
        return (8, top)
    if cat == 6:
        return (7, *order)
    if cat == 5:
        return (6, *order)
    if flush:
        return (5, *sorted(values, reverse=True))
    if top:
        return (4, top)
    return ({4: 3, 2: 2, 1: 1, 0: 0}[cat], *order)


def a5_value(five, ace_low=True):
    """Smaller is better: pairs count against the hand, straights and flushes do not."""
    values = [1 if ace_low and rank(c) == 14 else rank(c) for c in five]
    cat, order = _shape(values)
    return (cat, *order)


def a6_value(five):
    """Smaller is better: aces low, straights and flushes count against the hand."""
    values = [1 if rank(c) == 14 else rank(c) for c in five]
    flush = len({c[1] for c in five}) == 1
    distinct = sorted(set(values), reverse=True)
    straight = len(distinct) == 5 and distinct[0] - distinct[4] == 4
    cat, order = _shape(values)
    if straight and flush:
        return (8, distinct[0])
    if cat == 6:
        return (7, *order)
    if cat == 5:
        return (6, *order)
    if flush:
        return (5, *sorted(values, reverse=True))
    if straight:
        return (4, distinct[0])
    return ({4: 3, 2: 2, 1: 1, 0: 0}[cat], *order)


def qualifies(five, limit) -> bool:
    values = [1 if rank(c) == 14 else rank(c) for c in five]
    if len(set(values)) != 5:
        return False
    if "qualifier-exclusive" in ON:
        return max(values) < limit
    return max(values) <= limit


class Made:
    """A hand made for one ranking: its value (ordered so that bigger is better), its
    five cards and its name."""

    def __init__(self, ranking, key, cards, name):
        self.ranking, self.key, self.cards, self.name = ranking, key, cards, name


def make(cards, ranking: str, qualifier=None):
    """The best hand of `cards` under `ranking`, or None when no hand qualifies."""
    combos = list(itertools.combinations(cards, 5)) if len(cards) >= 5 else [tuple(cards)]
    if ranking == "high":
        best = max(combos, key=high_value)
        value = high_value(best)
        return Made(ranking, value, list(best), high_name(value))
    if ranking == "ace-to-five":
        ace_low = qualifier is not None or "ace-low-only-with-qualifier" not in ON
        pool = [c for c in combos if qualifier is None or qualifies(c, qualifier)]
        if not pool:
            return None
        best = min(pool, key=lambda c: a5_value(c, ace_low))
        value = a5_value(best, ace_low)
        return Made(ranking, tuple(-v for v in value), list(best), low_name(value, False))
    if ranking == "ace-to-six":
        pool = [c for c in combos if qualifier is None or qualifies(c, qualifier)]
        if not pool:
            return None
        best = min(pool, key=a6_value)
        value = a6_value(best)
        return Made(ranking, tuple(-v for v in value), list(best), low_name(value, True))
    raise Refused(
        "unsupported", f"ranking = {ranking!r}: this engine ranks high, ace-to-five and ace-to-six"
    )


def high_name(v) -> str:
    cat = v[0]
    if cat == 8:
        return "royal flush" if v[1] == 14 else f"{WORD[v[1]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {PLURAL[v[1]]}"
    if cat == 6:
        return f"full house, {PLURAL[v[1]]} over {PLURAL[v[2]]}"
    if cat == 5:
        return f"flush, {WORD[v[1]]} high"
    if cat == 4:
        return f"{WORD[v[1]]}-high straight"
    if cat == 3:
        return f"three of a kind, {PLURAL[v[1]]}"
    if cat == 2:
        return f"two pair, {PLURAL[v[1]]} and {PLURAL[v[2]]}"
    if cat == 1:
        return f"pair of {PLURAL[v[1]]}"
    return f"high card, {WORD[v[1]]}"


def low_name(v, six: bool) -> str:
    if v[0] == 0:
        return f"{WORD[v[1]]}-{WORD[v[2]]} low"
    if six:
        return high_name(v)
    return {
        1: f"pair of {PLURAL.get(v[1], '')}",
        2: f"two pair, {PLURAL[v[1]]} and {PLURAL[v[2]]}",
        3: f"three of a kind, {PLURAL[v[1]]}",
        5: f"full house, {PLURAL[v[1]]} over {PLURAL[v[2]]}",
        6: f"four of a kind, {PLURAL[v[1]]}",
    }.get(v[0], "low")


# ---------------------------------------------------------------------------- boards


def board_strength(cards, ranking: str):
    """A key for who opens: bigger opens.  High boards count pairs, trips and quads, then
    high cards; low boards are read ace-to-five, pairs against them."""
    if len(cards) > 5:
        keys = [board_strength(list(c), ranking) for c in itertools.combinations(cards, 5)]
        return max(keys)
    if ranking == "high":
        values = [rank(c) for c in cards]
        if "trips-board-as-pair" in ON:
            counts = Counter(values)
            paired = sorted((v for v in counts if counts[v] >= 2), reverse=True)
            rest = sorted((v for v in counts if counts[v] < 2), reverse=True)
            return (min(len(paired), 2), *paired, *rest)
        cat, order = _shape(values)
        return (cat, *order)
    values = [1 if rank(c) == 14 else rank(c) for c in cards]
    cat, order = _shape(values)
    return tuple(-v for v in (cat, *order))


def top_card(cards, ranking: str, suit_index) -> int:
    """The suit index of the card that leads the board: of the largest group, highest."""

    def val(c):
        return 1 if ranking != "high" and rank(c) == 14 else rank(c)

    counts = Counter(val(c) for c in cards)
    lead = max(cards, key=lambda c: (counts[val(c)], val(c), suit_index[c[1]]))
    return suit_index[lead[1]]


# ----------------------------------------------------------------------------- rules


class Rules:
    """The resolved ruleset document, checked for what this engine plays."""

    DEAL = [["down", "down", "up"], ["up"], ["up"], ["up"], ["down"]]

    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refused("bad_request", "send the resolved ruleset document (rulesets: ['*'])")
        self.doc = doc
        g = self.get
        self.refuse_unless("deck.jokers", g("deck.jokers", 0) in (0, None), 0)
        self.refuse_unless("deck.centre", not g("deck.centre", []), [])
        self.refuse_unless("deck.stripped", not g("deck.stripped", []), [])
        self.refuse_unless("stakes.small_blind", g("stakes.small_blind") is None, None)
        self.refuse_unless("stakes.big_blind", g("stakes.big_blind") is None, None)
        self.refuse_unless(
            "betting.structure",
            g("betting.structure", "fixed-limit") == "fixed-limit",
            "fixed-limit",
        )
        self.refuse_unless("wild.ranks", not g("wild.ranks", []), [])
        self.refuse_unless("wild.low_hole", not g("wild.low_hole", False), False)
        self.refuse_unless("wild.joker", g("wild.joker", "none") in ("none", None), "none")
        self.refuse_unless("events", not g("events", []), [])
        self.refuse_unless(
            "showdown.method", g("showdown.method", "cards-speak") == "cards-speak", "cards-speak"
        )
        self.refuse_unless(
            "board.ranking", g("board.ranking", "high") in ("high", "ace-to-five"), "high"
        )
        self.refuse_unless("board.ties", g("board.ties", "suit") in ("suit", "position"), "suit")
        self.refuse_unless(
            "bring_in.card", g("bring_in.card", "lowest") in ("lowest", "highest"), "lowest"
        )
        self.refuse_unless("bring_in.aces", g("bring_in.aces", "high") in ("high", "low"), "high")
        self.refuse_unless(
            "bring_in.all_in",
            g("bring_in.all_in", "next-card") in ("next-card", "next-seat"),
            "next-card",
        )
        self.refuse_unless(
            "betting.uncapped_heads_up",
            g("betting.uncapped_heads_up", "in-hand") in ("in-hand", "round-start", "never"),
            "in-hand",
        )
        self.refuse_unless(
            "pot.odd_chip_tie",
            g("pot.odd_chip_tie", "position") in ("position", "high-card"),
            "position",
        )
        self.refuse_unless(
            "pot.unqualified", g("pot.unqualified") in (None, "best-high", "split"), None
        )

        st = g("stakes", {}) or {}
        self.chip = money(st.get("chip", "0.01"))
        self.ante = money(st.get("ante", "0"))
        self.bring_in = None if st.get("bring_in") is None else money(st["bring_in"])
        self.small = money(st.get("small_bet"))
        self.big = money(st.get("big_bet"))
        self.burn = bool(g("dealing.burn", True))
        self.reuse_burns = bool(g("dealing.reuse_burns", True))
        self.community_card = bool(g("dealing.community_card", True))
        self.rotates = bool(g("dealer.rotates", True))
        self.bring_low = g("bring_in.card", "lowest") == "lowest"
        self.bring_aces_low = g("bring_in.aces", "high") == "low"
        order = g("bring_in.suit_order", ["clubs", "diamonds", "hearts", "spades"])
        try:
            self.suit_index = {SUIT_NAMES[name]: i for i, name in enumerate(order)}
        except (KeyError, TypeError):
            raise Refused(
                "unsupported", f"bring_in.suit_order = {order!r}: not four suit names"
            ) from None
        if len(self.suit_index) != 4:
            raise Refused("unsupported", f"bring_in.suit_order = {order!r}: not four suit names")
        self.all_in_next_seat = g("bring_in.all_in", "next-card") == "next-seat"
        self.board_ranking = g("board.ranking", "high")
        self.board_ties = g("board.ties", "suit")
        self.max_raises = g("betting.max_raises", 3)
        self.uncapped = g("betting.uncapped_heads_up", "in-hand")
        self.locks = bool(g("betting.big_bet_locks", True))
        self.reopen = money(g("betting.reopen_fraction", "0.5"))
        self.fold_free = g("betting.fold_when_check", "refused") == "allowed"
        self.odd_tie = g("pot.odd_chip_tie", "position")
        self.unqualified = g("pot.unqualified")
        unit = g("pot.split_unit")
        self.split_unit = None if unit is None else money(unit)
        self.streets = self._streets(g("streets", []))
        self.shares = self._shares(g("pot.shares", []))
        names = [s["name"] for s in self.shares]
        self.odd_share = g("pot.odd_chip_share", names[0])
        if self.odd_share not in names:
            self.odd_share = names[0]

    def get(self, path, default=None):
        node = self.doc
        for key in path.split("."):
            if not isinstance(node, dict) or key not in node:
                return default
            node = node[key]
        return node

    @staticmethod
    def refuse_unless(path, ok, plays):
        if not ok:
            raise Refused("unsupported", f"{path}: this engine plays only {json.dumps(plays)}")

    def _streets(self, streets):
        if not isinstance(streets, list) or [s.get("deal") for s in streets] != self.DEAL:
            raise Refused(
                "unsupported",
                "streets[].deal = "
                + json.dumps([s.get("deal") for s in streets])
                + ": this engine deals only down-down-up, up, up, up, down",
            )
        out = []
        for i, s in enumerate(streets):
            name = s.get("name", str(i))
            where = f"streets.{name}"
            for key in ("exchange", "deal_if_players_at_most", "spread"):
                if s.get(key) is not None:
                    raise Refused(
                        "unsupported", f"{where}.{key} = {json.dumps(s.get(key))}: not played here"
                    )
            if s.get("decide"):
                raise Refused(
                    "unsupported",
                    f"{where}.decide = {json.dumps(s.get('decide'))}: no decision rounds here",
                )
            opener = s.get("opener", "best-board")
            allowed = ("bring-in", "best-board") if i == 0 else ("best-board",)
            if opener not in allowed or (opener == "bring-in" and self.bring_in is None):
                raise Refused("unsupported", f"{where}.opener = {opener!r}: not played here")
            if i == 0 and opener == "best-board" and self.bring_in is not None:
                raise Refused(
                    "unsupported", f"{where}.opener = 'best-board' with a bring-in: not played here"
                )
            if s.get("bet") not in ("small", "big"):
                raise Refused(
                    "unsupported",
                    f"{where}.bet = {json.dumps(s.get('bet'))}: every street is bet here",
                )
            if s.get("big_bet_when", "never") not in ("never", "open-pair"):
                raise Refused("unsupported", f"{where}.big_bet_when = {s.get('big_bet_when')!r}")
            if s.get("ties") not in (None, "suit", "position"):
                raise Refused("unsupported", f"{where}.ties = {s.get('ties')!r}")
            out.append(
                {
                    "name": name,
                    "deal": s["deal"],
                    "opener": opener,
                    "bet": s["bet"],
                    "option": s.get("big_bet_when", "never") == "open-pair",
                    "ties": s.get("ties"),
                }
            )
        return out

    def _shares(self, shares):
        if not isinstance(shares, list) or not 1 <= len(shares) <= 2:
            raise Refused(
                "unsupported", f"pot.shares = {json.dumps(shares)}: one or two shares only"
            )
        out = []
        for i, s in enumerate(shares):
            where = f"pot.shares[{i}]"
            ranking = s.get("ranking")
            if ranking not in ("high",) + LOWS:
                raise Refused(
                    "unsupported",
                    f"{where}.ranking = {ranking!r}: high, ace-to-five or ace-to-six only",
                )
            for key in ("minimum", "own", "common", "suit", "fallback"):
                if s.get(key) is not None:
                    raise Refused(
                        "unsupported",
                        f"{where}.{key} = {json.dumps(s.get(key))}: this engine plays null",
                    )
            if s.get("cards", "all") != "all":
                raise Refused(
                    "unsupported", f"{where}.cards = {s.get('cards')!r}: this engine plays 'all'"
                )
            q = s.get("qualifier")
            if q is not None and ranking == "high":
                raise Refused("unsupported", f"{where}.qualifier = {q!r} on a high share")
            out.append(
                {
                    "name": s.get("name", ranking),
                    "ranking": ranking,
                    "qualifier": None if q is None else int(q),
                }
            )
        kinds = [s["ranking"] == "high" for s in out]
        if len(out) == 2 and kinds.count(True) != 1:
            raise Refused("unsupported", "pot.shares: one high and one low share only")
        return out


# ----------------------------------------------------------------------------- table


class Seat:
    def __init__(self, number, name, stack):
        self.number, self.name, self.stack = number, name, stack
        self.reset()

    def reset(self):
        self.bet = Decimal(0)  # this street
        self.paid = Decimal(0)  # this hand
        self.folded = False
        self.all_in = False
        self.down, self.up = [], []
        self.acted = False  # has acted on this round
        self.closed = False  # has acted since the betting was last reopened

    def cards(self):
        return self.down + self.up

    def put_to(self, total: Decimal):
        extra = total - self.bet
        self.stack -= extra
        self.paid += extra
        self.bet = total
        if self.stack == 0:
            self.all_in = True


class Hand:
    def __init__(self, rules: Rules, seats, dealer: int, deck):
        self.rules = rules
        self.seats = {s.number: s for s in seats}
        self.ring = sorted(self.seats)
        self.dealer = dealer
        for s in seats:
            s.reset()
        self.stub = list(deck)
        self.burns: list[str] = []
        self.community: list[str] = []
        self.street = 0
        self.over = False
        self.result = None
        self.to_act = None
        self.last_aggressor = None
        self.opener = None
        self._round_reset()
        self._ante_and_deal()

    # ---- order -----------------------------------------------------------------
    def after(self, seat):
        """Seats clockwise after `seat` (which need not be occupied), ending with it."""
        later = [n for n in self.ring if n > seat]
        earlier = [n for n in self.ring if n <= seat]
        return later + earlier

    def from_left(self):
        return self.after(self.dealer)

    def live(self):
        return [self.seats[n] for n in self.from_left() if not self.seats[n].folded]

    def able(self):
        return [s for s in self.live() if not s.all_in]

    # ---- dealing ---------------------------------------------------------------
    def _ante_and_deal(self):
        for n in self.from_left():
            s = self.seats[n]
            s.put_to(min(self.rules.ante, s.stack))
            s.bet = Decimal(0)
        self._deal_street()
        self._open_round()

    def _rounds_after(self, street, k):
        later = sum(len(s["deal"]) for s in self.rules.streets[street + 1 :])
        return len(self.rules.streets[street]["deal"]) - k - 1 + later

    def _deal_street(self):
        street = self.rules.streets[self.street]
        if self.street > 0 and self.rules.burn and self.stub:
            self.burns.append(self.stub.pop(0))
        for k, face in enumerate(street["deal"]):
            players = self.live()
            need = len(players)
            keep = self._rounds_after(self.street, k) if self.rules.community_card else 0
            if len(self.stub) < need + keep and self.rules.reuse_burns and self.burns:
                self.stub += self.burns
                self.burns = []
            if len(self.stub) >= need + keep or (
                not self.rules.community_card and len(self.stub) >= need
            ):
                for s in players:
                    (s.down if face == "down" else s.up).append(self.stub.pop(0))
            elif self.rules.community_card and self.stub:
                self.community.append(self.stub.pop(0))
            else:
                raise Refused("internal", "the pack ran out")

    # ---- rounds ----------------------------------------------------------------
    def _round_reset(self):
        self.level = Decimal(0)
        self.completed = False  # bring-in street: the bet has been made
        self.forced = None  # the seat still to bring in
        self.raises = 0
        self.big_made = False
        self.short_step = None  # (planted bug) the raise size seeded by a completion
        self.aggressor = None
        self.start_able = 0
        for s in self.seats.values():
            s.bet = Decimal(0)
            s.acted = s.closed = False

    def _open_round(self):
        """Start the betting on the current street, or run the hand on when nobody can bet."""
        self._round_reset()
        live = self.live()
        if len(live) == 1:
            return self._finish()
        able = self.able()
        self.start_able = len(able)
        street = self.rules.streets[self.street]
        self.opener = self._board_opener(live) if street["opener"] == "best-board" else None
        if len(able) <= 1:
            return self._next_street()
        if street["opener"] == "bring-in":
            seat = self._bring_in_seat(live)
            self.forced = seat
            self.to_act = seat
        else:
            self.to_act = self._who_can_bet_from(self.opener)

    def _who_can_bet_from(self, seat):
        s = self.seats[seat]
        if not s.all_in:
            return seat
        for n in self.after(seat):
            t = self.seats[n]
            if not t.folded and not t.all_in:
                return n
        return seat

    def _bring_in_seat(self, live):
        r = self.rules

        def key(s):
            card = s.up[0]
            v = rank(card)
            if r.bring_aces_low and v == 14:
                v = 1
            return (v, r.suit_index[card[1]])

        pool = live if r.all_in_next_seat else [s for s in live if not s.all_in]
        chosen = (min if r.bring_low else max)(pool, key=key)
        if chosen.all_in:
            return self._who_can_bet_from(chosen.number)
        return chosen.number

    def _board_opener(self, players):
        r = self.rules
        ties = r.streets[self.street]["ties"] or r.board_ties
        if "street-ties-ignored" in ON:
            ties = r.board_ties
        strengths = {
            s.number: board_strength(s.up + self.community, r.board_ranking) for s in players
        }
        best = max(strengths.values())
        tied = [s for s in players if strengths[s.number] == best]  # already clockwise
        if ties == "position" or len(tied) == 1:
            return tied[0].number
        low = r.board_ranking != "high"
        pick = (min if low else max)(
            tied, key=lambda s: top_card(s.up + self.community, r.board_ranking, r.suit_index)
        )
        return pick.number

    def _units(self):
        r = self.rules
        street = r.streets[self.street]
        base = r.small if street["bet"] == "small" else r.big
        option = street["option"] and street["bet"] == "small"
        if "open-pair-option-everywhere" in ON and self.street == 1 and street["bet"] == "small":
            option = True
        if "big-bet-option-fourth-only" in ON and self.street != 1:
            option = False
        if not option:
            return [base]
        if self.big_made and r.locks:
            return [r.big]
        paired = any(
            max(Counter(rank(c) for c in s.up).values(), default=0) >= 2 for s in self.live()
        )
        return [r.small, r.big] if paired else [r.small]

    def _capped(self):
        r = self.rules
        if r.max_raises is None:
            return False
        if r.uncapped == "in-hand" and len(self.live()) <= 2:
            return False
        if r.uncapped == "round-start" and self.start_able <= 2:
            return False
        return self.raises >= r.max_raises

    def _someone_answers(self, me):
        return any(s is not me and s.bet + s.stack > self.level for s in self.able())

    def legal(self):
        if self.over or self.to_act is None:
            return []
        r = self.rules
        me = self.seats[self.to_act]
        most = me.bet + me.stack
        out = []
        if self.forced == me.number and not me.acted:
            posted = min(r.bring_in, most)
            out.append(("bring_in", posted))
            if r.bring_in < r.small and most > posted:
                out.append(("complete", min(r.small, most)))
            return out
        if self.level > me.bet:
            out += [("fold", None), ("call", min(self.level, most))]
        else:
            out.append(("check", None))
            if r.fold_free:
                out.append(("fold", None))
        if most > self.level and not me.closed and self._someone_answers(me):
            bring_street = r.streets[self.street]["opener"] == "bring-in"
            if bring_street and not self.completed:
                out.append(("complete", min(r.small, most)))
            elif self.level == 0:
                for unit in self._units():
                    out.append(("bet", min(unit, most)))
            elif not self._capped():
                for unit in self._units():
                    step = unit
                    if "raise-after-completion-short" in ON and self.short_step:
                        step = self.short_step
                    out.append(("raise", min(self.level + step, most)))
        seen, unique = set(), []
        for item in out:
            if item not in seen:
                seen.add(item)
                unique.append(item)
        return unique

    def act(self, seat, action, amount):
        if self.over:
            raise Refused("illegal_action", "the hand is over", [])
        options = self.legal()
        if seat != self.to_act:
            raise Refused(
                "illegal_action", f"it is seat {self.to_act}'s turn, not seat {seat}'s", options
            )
        fits = [o for o in options if o[0] == action]
        if amount is not None and fits and fits[0][1] is not None:
            wanted = money(amount)
            fits = [o for o in fits if o[1] == wanted]
        if not fits:
            raise Refused(
                "illegal_action",
                f"{action} {amount or ''} is not legal now".replace("  ", " "),
                options,
            )
        action, total = fits[0]
        me = self.seats[seat]
        r = self.rules
        before = self.level
        if action == "fold":
            me.folded = True
        elif action == "call":
            me.put_to(total)
        elif action == "bring_in":
            me.put_to(total)
            self.level = total
            if total >= r.small:
                self.completed = True
        elif action == "complete":
            me.put_to(total)
            self.level = max(self.level, total)
            if total >= r.small or total >= r.reopen * r.small:
                self.completed = True
                if before > 0:
                    self.short_step = total - before
            # counted or not, everyone may answer it: too short to count, the bring-in is
            # still to be completed, by anyone (a player who called it too)
            self._reopen(me)
            self.aggressor = seat
        elif action == "bet":
            me.put_to(total)
            self.level = total
            self._reopen(me)
            if total == r.big and r.big != r.small:
                self.big_made = True
            self.aggressor = seat
        elif action == "raise":
            me.put_to(total)
            self.level = total
            increment = total - before
            units = self._units()
            if increment >= r.reopen * min(units):
                self.raises += 1
                self._reopen(me)
            self.short_step = None
            if increment == r.big and r.big != r.small:
                self.big_made = True
            self.aggressor = seat
        me.acted = True
        if action != "bring_in":
            me.closed = True
        self._advance(seat)

    def _reopen(self, me):
        for s in self.seats.values():
            if s is not me:
                s.closed = False

    def _advance(self, seat):
        if len(self.live()) == 1:
            return self._end_round()
        for n in self.after(seat):
            s = self.seats[n]
            if s.folded or s.all_in:
                continue
            if not s.acted or s.bet < self.level:
                self.to_act = n
                return
        self._end_round()

    def _return_uncalled(self):
        bets = sorted((s.bet for s in self.seats.values()), reverse=True)
        if len(bets) < 2 or bets[0] == bets[1]:
            return
        top = next(s for s in self.seats.values() if s.bet == bets[0])
        excess = bets[0] - bets[1]
        top.stack += excess
        top.paid -= excess
        top.bet -= excess
        if top.stack > 0:
            top.all_in = False

    def _end_round(self):
        self._return_uncalled()
        self.last_aggressor = self.aggressor
        self.to_act = None
        if len(self.live()) == 1:
            return self._finish()
        self._next_street()

    def _next_street(self):
        if self.street == len(self.rules.streets) - 1:
            self.last_aggressor = self.aggressor
            return self._finish()
        self.street += 1
        self._round_reset()
        self._deal_street()
        self._open_round()

    # ---- pots and the showdown ---------------------------------------------------
    def pots(self):
        live = self.live()
        levels = sorted({s.paid for s in live if s.all_in})
        if "side-pots-merged" in ON:
            levels = levels[:1]
        out, previous = [], Decimal(0)
        everyone = list(self.seats.values())
        for level in levels + [None]:
            if level is None:
                amount = sum(s.paid - min(s.paid, previous) for s in everyone)
                eligible = [s.number for s in live if not s.all_in or s.paid > previous]
                if amount == 0 and out:
                    break
            else:
                amount = sum(min(s.paid, level) - min(s.paid, previous) for s in everyone)
                eligible = [s.number for s in live if s.paid >= level or not s.all_in]
                previous = level
            if not eligible and out:
                out[-1]["amount"] += amount
                continue
            out.append({"amount": amount, "eligible": sorted(eligible)})
        return out

    def _finish(self):
        self.over = True
        self.to_act = None
        pots = self.pots()
        self.final_pots = pots
        live = self.live()
        awards, hands = [], []
        if len(live) == 1:
            for i, pot in enumerate(pots):
                if pot["amount"] > 0:
                    awards.append(
                        {"seat": live[0].number, "amount": pot["amount"], "pot": i, "share": None}
                    )
            showdown = False
        else:
            showdown = True
            made = {}
            for share in self.rules.shares:
                for s in live:
                    made[(share["name"], s.number)] = make(
                        s.cards() + self.community, share["ranking"], share["qualifier"]
                    )
            for i, pot in enumerate(pots):
                awards += self._share_out(i, pot, made)
            for n in self._show_order(live):
                for share in self.rules.shares:
                    m = made[(share["name"], n)]
                    if m is not None:
                        hands.append(
                            {"seat": n, "share": share["name"], "name": m.name, "cards": m.cards}
                        )
        for a in awards:
            self.seats[a["seat"]].stack += a["amount"]
        for s in self.seats.values():
            s.bet = Decimal(0)
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    def _share_out(self, index, pot, made):
        r = self.rules
        winners = {}
        for share in r.shares:
            contenders = [
                (made[(share["name"], n)], n)
                for n in pot["eligible"]
                if made[(share["name"], n)] is not None
            ]
            if contenders:
                best = max(m.key for m, _ in contenders)
                winners[share["name"]] = [n for m, n in contenders if m.key == best]
        awards = []
        if not winners:
            # nobody qualifies for any share: the house rule decides
            if r.unqualified == "split":
                groups = {None: list(pot["eligible"])}
            else:
                highs = {
                    n: make(self.seats[n].cards() + self.community, "high") for n in pot["eligible"]
                }
                best = max(m.key for m in highs.values())
                groups = {"high": [n for n in pot["eligible"] if highs[n].key == best]}
            for label, seats in groups.items():
                for n, amount in self._among(pot["amount"], seats):
                    awards.append({"seat": n, "amount": amount, "pot": index, "share": label})
            return awards
        names = [s["name"] for s in r.shares if s["name"] in winners]
        parts = self._cut(pot["amount"], names)
        for name in names:
            for n, amount in self._among(parts[name], winners[name]):
                awards.append({"seat": n, "amount": amount, "pot": index, "share": name})
        return awards

    def _cut(self, amount, names):
        r = self.rules
        if len(names) == 1:
            return {names[0]: amount}
        unit = r.split_unit or r.chip
        units = int(amount // unit)
        rest = amount - units * unit
        each, left = divmod(units, len(names))
        parts = {n: each * unit for n in names}
        order = [s["name"] for s in r.shares]
        start = order.index(r.odd_share) if r.odd_share in order else 0
        ring = [n for n in order[start:] + order[:start] if n in names]
        for k in range(left):
            parts[ring[k % len(ring)]] += unit
        parts[ring[0]] += rest
        return parts

    def _among(self, amount, seats):
        r = self.rules
        chips = int(amount // r.chip)
        rest = amount - chips * r.chip
        each, left = divmod(chips, len(seats))
        if r.odd_tie == "high-card":

            def high(n):
                cards = self.seats[n].cards()
                return max((rank(c), r.suit_index[c[1]]) for c in cards)

            order = sorted(seats, key=high, reverse=True)
        else:
            order = [n for n in self.from_left() if n in seats]
        shares = {n: each * r.chip for n in seats}
        for k in range(left):
            shares[order[k]] += r.chip
        shares[order[0]] += rest
        return [(n, shares[n]) for n in order if shares[n] > 0]

    def _show_order(self, live):
        first = self.last_aggressor
        if first is None or self.seats[first].folded:
            first = self._board_opener(live)
        numbers = [s.number for s in live]
        ring = [first] + [n for n in self.after(first) if n != first]
        return [n for n in ring if n in numbers]

    # ---- the state ---------------------------------------------------------------
    def state(self):
        def legal_json(item):
            action, amount = item
            return (
                {"action": action} if amount is None else {"action": action, "amount": show(amount)}
            )

        pots = self.final_pots if self.over else self.pots()
        return {
            "street": self.rules.streets[self.street]["name"],
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": [legal_json(i) for i in self.legal()],
            "pot": show(sum((s.paid for s in self.seats.values()), Decimal(0))),
            "pots": [{"amount": show(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": n,
                    "name": s.name,
                    "stack": show(s.stack),
                    "bet": show(s.bet),
                    "folded": s.folded,
                    "all_in": s.all_in,
                    "down": list(s.down),
                    "up": list(s.up),
                }
                for n, s in sorted(self.seats.items())
            ],
            "community": list(self.community),
            "declarations": [],
            "result": None
            if self.result is None
            else {
                "awards": [dict(a, amount=show(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            },
        }


# ---------------------------------------------------------------------------- engine


def full_deck(cards):
    if not isinstance(cards, list):
        raise Refused("bad_request", "deck must be a list of cards")
    for c in cards:
        if c not in PACK:
            raise Refused("bad_request", f"not a card of this pack: {c!r}")
    if len(set(cards)) != len(cards):
        raise Refused("bad_request", "a card is named twice in the deck")
    if not cards:
        shuffled = list(PACK)
        random.Random(22).shuffle(shuffled)
        return shuffled
    return list(cards) + [c for c in PACK if c not in cards]


class Engine:
    def __init__(self):
        self.hand: Hand | None = None
        self.rules: Rules | None = None
        self.players: list[Seat] = []

    def op_hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent-twentytwo", "version": "1.0"},
            "rulesets": ["*"],
            "features": ["evaluate", "evaluate-options", "hi-lo", "community-card", "table"],
        }

    def op_new_hand(self, req):
        rules = Rules(req.get("ruleset"))
        seats = []
        for entry in req.get("seats") or []:
            seats.append(
                Seat(int(entry["seat"]), str(entry.get("name", "")), money(entry["stack"]))
            )
        if len(seats) < 2 or len({s.number for s in seats}) != len(seats):
            raise Refused("bad_request", "two or more seats, each numbered once")
        deck = full_deck(req.get("deck") or [])
        hand = Hand(rules, seats, int(req["dealer"]), deck)
        self.rules, self.players, self.hand = rules, seats, hand
        return {"state": hand.state()}

    def op_next_hand(self, req):
        if self.hand is None:
            raise Refused("no_hand", "no hand has been dealt")
        if not self.hand.over:
            raise Refused("bad_request", "the hand is still running")
        old = self.hand
        players = [s for s in self.players if s.stack > 0]
        if len(players) < 2:
            raise Refused("bad_request", "fewer than two players have chips")
        dealer = old.dealer
        if self.rules.rotates:
            numbers = sorted(s.number for s in players)
            later = [n for n in numbers if n > dealer]
            dealer = (later or numbers)[0]
        deck = full_deck(req.get("deck") or [])
        self.players = players
        self.hand = Hand(self.rules, players, dealer, deck)
        return {"state": self.hand.state()}

    def op_act(self, req):
        if self.hand is None:
            raise Refused("no_hand", "no hand has been dealt")
        self.hand.act(int(req.get("seat", -1)), req.get("action"), req.get("amount"))
        return {"state": self.hand.state()}

    def op_state(self, req):
        if self.hand is None:
            raise Refused("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def op_evaluate(self, req):
        if req.get("wild"):
            raise Refused(
                "unsupported", "wild = " + json.dumps(req.get("wild")) + ": no wild cards here"
            )
        ranking = req.get("ranking")
        q = req.get("qualifier")
        q = None if q is None else int(q)
        made = []
        for cards in req.get("hands") or []:
            for c in cards:
                if c not in PACK:
                    raise Refused("bad_request", f"not a card: {c!r}")
            made.append(make(list(cards), ranking, q if ranking in LOWS else None))
        keys = [m.key for m in made if m is not None]
        results = []
        for m in made:
            if m is None:
                entry = {
                    "best": [],
                    "name": "no qualifying low",
                    "rank": 1 + len(keys),
                    "qualifies": False,
                }
            else:
                entry = {"best": m.cards, "name": m.name, "rank": 1 + sum(k > m.key for k in keys)}
                if q is not None and ranking in LOWS:
                    entry["qualifies"] = True
            results.append(entry)
        return {"results": results}

    def op_bye(self, req):
        return {}


def main(argv=None):
    parser = argparse.ArgumentParser(description="independent_twentytwo stud engine")
    parser.add_argument("--bugs", default="")
    args = parser.parse_args(argv)
    for name in filter(None, (b.strip() for b in args.bugs.split(","))):
        if name not in BUGS:
            parser.error(f"unknown bug {name!r}; known: {', '.join(BUGS)}")
        ON.add(name)
    engine = Engine()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except ValueError as exc:
            print(
                json.dumps(
                    {"id": None, "ok": False, "error": {"code": "bad_request", "message": str(exc)}}
                ),
                flush=True,
            )
            continue
        rid = req.get("id")
        op = req.get("op")
        handler = getattr(engine, f"op_{op}", None)
        try:
            if handler is None:
                raise Refused("unsupported", f"op {op!r} is not played here")
            reply = {"id": rid, "ok": True, **handler(req)}
        except Refused as exc:
            error = {"code": exc.code, "message": exc.message}
            if exc.legal is not None:
                error["legal"] = [
                    {"action": a} if v is None else {"action": a, "amount": show(v)}
                    for a, v in exc.legal
                ]
            reply = {"id": rid, "ok": False, "error": error}
        except Exception as exc:  # keep running whatever happens
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"},
            }
        print(json.dumps(reply), flush=True)
        if op == "bye":
            break


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""independent_twentythree: a fixed-limit stud engine written apart from the reference.

Written from the public material only (docs/protocol.md, schemas/protocol/, rulesets/*.yaml,
features/ and features/rules-index.yaml); standard library only, nothing from `stud`.

Protocol 1.2.  `hello` answers protocol 1, `rulesets: ["*"]`, and the capabilities
`seat-cards` (each seat is given the next card of its own list, burns and run-out cards
come from the rest of the pack), `table` (`next_hand`: the same table deals again, stacks
carried over, busted players stand up, the button moves one occupied seat clockwise when
`dealer.rotates`), `evaluate` and `evaluate-options` (high and ace-to-five with a
qualifier; wild ranks refused), `hi-lo`, `community-card` (the run-out card),
`refusal-state` (a refused action carries the unchanged state) and `pipelining` (one
request per line, answered in order).

Design: a table of seats around one hand; the hand is a state machine with explicit
phases (`betting`, `complete`) and a list of streets it walks through.  Money is Decimal,
written as decimal strings.

Games: fixed-limit stud with any street table made of cards dealt up or down (seven-card
stud and its house values, five- and six-card stud street tables), played for high, for
an ace-to-five low (razz) or split between high and an ace-to-five low with or without a
qualifier (stud hi-lo and its house values, split unit, unqualified pots).  Every other
ruleset value (blinds, wild cards, jokers, events, decision rounds, exchanges, centre
cards, stripped packs, spread/pot/no limit, other rankings, declarations, minimum hands,
shares of some cards only) is refused with `unsupported`, the message naming the path and
the value.

Planted bugs, all off by default, switched on with `--bugs name1,name2` (the rule each
breaks in brackets):

  excess-over-all-in-kept    [SHOW-07] the part of a bet above an all-in player's total is
                             returned only when everyone else folded; with an all-in
                             player still in, it stays in the pot as a side pot
  folded-chips-to-main       [SHOW-07] side pots are cut from the live players' chips only;
                             a folded player's chips all go into the main pot
  show-order-hand-aggressor  [SHOW-01] the hands are shown from the last player who bet,
                             raised or brought in on any street of the hand, not the river
  odd-chip-from-button       [SHOW-05] odd chips of a split pot go round from the dealer's
                             own seat instead of the dealer's left
  hilo-halves-rounded        [HILO-08] each half of a hi-lo pot is the pot halved and rounded
                             to the chip (or split unit) on its own, half-even: an odd chip
                             is paid to both halves or to neither
  short-ante-free-ride       [DEAL-01] a stack smaller than the ante posts nothing and plays
                             the hand with its chips, not all in
  short-bring-in-skipped     [BRING-01] a forced player with less than the bring-in left is
                             passed over: the next door card among the covered stacks brings in
  button-index-after-bust    [SETUP-04] after a player busts, the button moves by the old
                             dealer's position in the old seating applied to the new one
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation

BUGS = {
    "excess-over-all-in-kept": "a bet above an all-in player's total is kept as a side pot",
    "folded-chips-to-main": "a folded player's chips all go into the main pot",
    "show-order-hand-aggressor": "hands shown from the hand's last aggressor, bring-in counted",
    "odd-chip-from-button": "odd chips go round from the dealer's seat, not its left",
    "hilo-halves-rounded": "each hi-lo half rounded on its own: the odd chip paid twice or lost",
    "short-ante-free-ride": "a stack below the ante posts nothing and is not all in",
    "short-bring-in-skipped": "a forced player short of the bring-in is passed over",
    "button-index-after-bust": "the button moves by the old seating's index after a bust",
}

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"]
NEW_DECK = [r + s for r in RANK_CHARS for s in SUIT_CHARS]
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
ZERO = Decimal(0)


class Refusal(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


def money(value):
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".") or "0"
    return text


def dec(text, what="amount"):
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise Refusal("bad_request", f"{what} must be a decimal string")
    try:
        value = Decimal(str(text))
    except InvalidOperation:
        raise Refusal("bad_request", f"{what} {text!r} is not a number") from None
    if not value.is_finite():
        raise Refusal("bad_request", f"{what} {text!r} is not a number")
    return value


def rank_of(card, ace_low=False):
    r = RANK_CHARS.index(card[0]) + 2
    return 1 if (ace_low and r == 14) else r


def suit_of(card):
    return SUIT_CHARS.index(card[1])


# --------------------------------------------------------------------------- evaluation


def _groups(ranks):
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))


def _pair_class(shape):
    if shape[0] == 4:
        return 5
    if shape[0] == 3:
        return 4 if len(shape) > 1 and shape[1] >= 2 else 3
    if shape[0] == 2:
        return 2 if len(shape) > 1 and shape[1] == 2 else 1
    return 0


def high_five(cards):
    """(key, ordered cards, name) of exactly five cards under the high ranking."""
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5
    groups = _groups(ranks)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    if top and flush:
        key, name = (8, top), ("royal flush" if top == 14 else f"{WORD[top]}-high straight flush")
    elif shape[0] == 4:
        key, name = (7, *order), f"four of a kind, {PLURAL[order[0]]}"
    elif shape[:2] == [3, 2]:
        key, name = (6, *order), f"full house, {PLURAL[order[0]]} over {PLURAL[order[1]]}"
    elif flush:
        key, name = (5, *ranks), f"flush, {WORD[ranks[0]]} high"
    elif top:
        key, name = (4, top), f"{WORD[top]}-high straight"
    elif shape[0] == 3:
        key, name = (3, *order), f"three of a kind, {PLURAL[order[0]]}"
    elif shape[:2] == [2, 2]:
        key, name = (2, *order), f"two pair, {PLURAL[order[0]]} and {PLURAL[order[1]]}"
    elif shape[0] == 2:
        key, name = (1, *order), f"pair of {PLURAL[order[0]]}"
    else:
        key, name = (0, *ranks), f"high card, {WORD[ranks[0]]}"
    return key, list(cards), name


def low_five(cards):
    """(key, cards, name) under ace-to-five: lower keys are better hands."""
    ranks = [rank_of(c, ace_low=True) for c in cards]
    groups = _groups(ranks)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    cls = _pair_class(shape)
    key = (cls, *order)
    if cls == 0:
        name = f"{WORD[order[0]]}-{WORD[order[1]]} low"
    elif cls == 1:
        name = f"pair of {PLURAL[order[0]]}"
    elif cls == 2:
        name = f"two pair, {PLURAL[order[0]]} and {PLURAL[order[1]]}"
    elif cls == 3:
        name = f"three of a kind, {PLURAL[order[0]]}"
    elif cls == 4:
        name = f"full house, {PLURAL[order[0]]} over {PLURAL[order[1]]}"
    else:
        name = f"four of a kind, {PLURAL[order[0]]}"
    return key, list(cards), name


class Reading:
    """The best hand of some cards under one ranking; `better(other)` compares."""

    def __init__(self, ranking, cards, qualifier=None):
        self.ranking = ranking
        self.qualifies = True
        if len(cards) < 5:
            combos = [tuple(cards)]
        else:
            combos = itertools.combinations(cards, 5)
        if ranking == "high":
            best = max((high_five(c) for c in combos), key=lambda t: t[0])
            self.key = best[0]
        else:
            best = min((low_five(c) for c in combos), key=lambda t: t[0])
            self.key = tuple(-k for k in best[0])  # higher is better everywhere
            if qualifier is not None:
                self.qualifies = best[0][0] == 0 and best[0][1] <= int(qualifier)
        self.cards, self.name = best[1], best[2]

    def strength(self):
        return (1, self.key) if self.qualifies else (0,)


def evaluate_request(req):
    ranking = req.get("ranking")
    if ranking not in ("high", "ace-to-five"):
        raise Refusal("unsupported", f"ranking = {ranking!r}: only high and ace-to-five")
    if req.get("wild"):
        raise Refusal("unsupported", f"wild = {req.get('wild')!r}: no wild cards")
    qualifier = req.get("qualifier")
    hands = req.get("hands")
    if not isinstance(hands, list) or not hands:
        raise Refusal("bad_request", "hands must be a list")
    readings = []
    for hand in hands:
        if not isinstance(hand, list) or not all(
            isinstance(c, str) and len(c) == 2 and c[0] in RANK_CHARS and c[1] in SUIT_CHARS
            for c in hand
        ):
            raise Refusal("bad_request", f"bad hand {hand!r}")
        if len(set(hand)) != len(hand) or not 5 <= len(hand) <= 8:
            raise Refusal("bad_request", f"bad hand {hand!r}")
        q = qualifier if ranking == "ace-to-five" else None
        readings.append(Reading(ranking, hand, q))
    results = []
    for r in readings:
        rank = 1 + sum(1 for o in readings if o.strength() > r.strength())
        item = {"best": r.cards if r.qualifies else [], "name": r.name, "rank": rank}
        if qualifier is not None and ranking == "ace-to-five":
            item["qualifies"] = r.qualifies
        results.append(item)
    return results


def board_key(cards, ranking, suit_rank):
    """Comparable key of the exposed cards (higher acts first) and the tie card's suit."""
    low = ranking == "ace-to-five"
    ranks = [rank_of(c, ace_low=low) for c in cards]
    groups = _groups(ranks)
    shape = [n for _, n in groups]
    order = [r for r, _ in groups]
    cls = _pair_class(shape) if shape else 0
    lead = [c for c in cards if rank_of(c, ace_low=low) == order[0]] if order else []
    tie_suit = max((suit_rank[c[1]] for c in lead), default=0)
    if low:
        return tuple(-x for x in (cls, *order)), -tie_suit
    return (cls, *order), tie_suit


# --------------------------------------------------------------------------- rules


def check_rules(doc):
    """Return the plain values this engine needs, or raise unsupported naming a value."""
    problems = []

    def want(path, value, ok):
        if not ok:
            problems.append(f"{path} = {json.dumps(value)}")

    deck = doc.get("deck") or {}
    want("deck.jokers", deck.get("jokers", 0), deck.get("jokers", 0) in (0, None))
    want("deck.centre", deck.get("centre"), not deck.get("centre"))
    want("deck.stripped", deck.get("stripped"), not deck.get("stripped"))
    stakes = doc.get("stakes") or {}
    for key in ("small_blind", "big_blind"):
        want(f"stakes.{key}", stakes.get(key), stakes.get(key) is None)
    wild = doc.get("wild") or {}
    want("wild.ranks", wild.get("ranks"), not wild.get("ranks"))
    want("wild.low_hole", wild.get("low_hole"), not wild.get("low_hole"))
    want("wild.joker", wild.get("joker"), wild.get("joker", "none") in ("none", None))
    want("events", doc.get("events"), not doc.get("events"))
    board = doc.get("board") or {}
    want(
        "board.ranking",
        board.get("ranking"),
        board.get("ranking", "high") in ("high", "ace-to-five"),
    )
    betting = doc.get("betting") or {}
    want(
        "betting.structure",
        betting.get("structure"),
        betting.get("structure", "fixed-limit") == "fixed-limit",
    )
    want(
        "betting.uncapped_heads_up",
        betting.get("uncapped_heads_up"),
        betting.get("uncapped_heads_up", "in-hand") in ("in-hand", "round-start", "never"),
    )
    showdown = doc.get("showdown") or {}
    want(
        "showdown.method",
        showdown.get("method"),
        showdown.get("method", "cards-speak") == "cards-speak",
    )
    pot = doc.get("pot") or {}
    shares = pot.get("shares") or []
    want("pot.shares", [s.get("name") for s in shares], 1 <= len(shares) <= 2)
    for share in shares:
        base = f"pot.shares.{share.get('name')}"
        want(
            f"{base}.ranking", share.get("ranking"), share.get("ranking") in ("high", "ace-to-five")
        )
        if share.get("ranking") == "high":
            want(f"{base}.qualifier", share.get("qualifier"), share.get("qualifier") is None)
        for key in ("minimum", "own", "common", "suit", "fallback"):
            want(f"{base}.{key}", share.get(key), share.get(key) is None)
        want(f"{base}.cards", share.get("cards"), share.get("cards", "all") == "all")

    want(
        "pot.odd_chip_tie",
        pot.get("odd_chip_tie"),
        pot.get("odd_chip_tie", "position") in ("position", "high-card"),
    )
    streets = doc.get("streets") or []
    want("streets", [], bool(streets))
    for i, st in enumerate(streets):
        base = f"streets.{st.get('name', i)}"
        want(f"{base}.deal", st.get("deal"), all(d in ("up", "down") for d in st.get("deal") or []))
        want(f"{base}.exchange", st.get("exchange"), st.get("exchange") is None)
        want(f"{base}.decide", st.get("decide"), not st.get("decide"))
        want(f"{base}.spread", st.get("spread"), st.get("spread") is None)
        want(
            f"{base}.opener",
            st.get("opener"),
            st.get("opener") in ("bring-in", "best-board", "first-left"),
        )
        if st.get("opener") == "bring-in":
            want(f"{base}.opener", st.get("opener"), i == 0 and stakes.get("bring_in") is not None)
    if problems:
        raise Refusal("unsupported", "cannot play " + "; ".join(problems))
    try:
        return Rules(doc)
    except (KeyError, TypeError, ValueError, InvalidOperation) as exc:
        raise Refusal("bad_request", f"unreadable ruleset: {exc}") from None


class Rules:
    def __init__(self, doc):
        stakes = doc["stakes"]
        self.chip = Decimal(str(stakes.get("chip") or "0.01"))
        self.ante = Decimal(str(stakes.get("ante") or "0"))
        self.bring_in = None if stakes.get("bring_in") is None else Decimal(str(stakes["bring_in"]))
        self.small = Decimal(str(stakes["small_bet"]))
        self.big = Decimal(str(stakes["big_bet"]))
        dealing = doc.get("dealing") or {}
        self.burn = bool(dealing.get("burn", True))
        self.reuse_burns = bool(dealing.get("reuse_burns", True))
        self.community_card = bool(dealing.get("community_card", True))
        self.rotates = bool((doc.get("dealer") or {}).get("rotates", True))
        bring = doc.get("bring_in") or {}
        self.bring_card = bring.get("card", "lowest")
        self.bring_aces_low = bring.get("aces", "high") == "low"
        order = bring.get("suit_order") or SUIT_NAMES
        self.suit_rank = {name[0]: i for i, name in enumerate(order)}
        self.bring_all_in = bring.get("all_in", "next-card")
        board = doc.get("board") or {}
        self.board_ranking = board.get("ranking", "high")
        self.board_ties = board.get("ties", "suit")
        betting = doc.get("betting") or {}
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        self.locks = bool(betting.get("big_bet_locks", True))
        self.reopen = Decimal(str(betting.get("reopen_fraction", "0.5")))
        self.fold_when_check = betting.get("fold_when_check", "refused") == "allowed"
        self.streets = doc["streets"]
        pot = doc["pot"]
        self.shares = pot["shares"]
        self.split_unit = None if pot.get("split_unit") is None else Decimal(str(pot["split_unit"]))
        names = [share["name"] for share in self.shares]
        odd = pot.get("odd_chip_share")
        self.odd_share = odd if odd in names else names[0]
        self.odd_tie = pot.get("odd_chip_tie", "position")
        self.unqualified = pot.get("unqualified")


# --------------------------------------------------------------------------- the hand


class Seat:
    def __init__(self, number, name, stack):
        self.number = number
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.total = ZERO
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.cards_left = None  # its own list of cards under seat-cards

    def can_bet(self):
        return not self.folded and not self.all_in

    def put(self, amount):
        self.stack -= amount
        self.bet += amount
        self.total += amount
        if self.stack <= 0:
            self.all_in = True


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards, bugs):
        self.rules = rules
        self.bugs = bugs
        self.seats = {s.number: s for s in seats}
        self.order = sorted(self.seats)
        self.dealer = dealer
        self.community = []
        self.burns = []
        self.phase = "betting"
        self.street = None
        self.si = -1
        self.to_act = None
        self.result = None
        self.hand_aggressor = None
        self.rounds = {}  # street index -> {"opener", "aggressor"}
        self.dealt_in = len(seats)
        self.first_deal_done = False
        self._build_stub(deck, seat_cards)

    # ----------------------------------------------------------------- cards

    def _build_stub(self, deck, seat_cards):
        for card in deck:
            if card not in NEW_DECK:
                raise Refusal("bad_request", f"unknown card {card!r}")
        if len(set(deck)) != len(deck):
            raise Refusal("bad_request", "a card appears twice in the deck")
        full = list(deck) + [c for c in NEW_DECK if c not in set(deck)]
        listed = set()
        for entry in seat_cards or []:
            seat = self.seats.get(entry.get("seat"))
            cards = entry.get("cards") or []
            if seat is None:
                raise Refusal("bad_request", f"seat_cards names seat {entry.get('seat')!r}")
            for c in cards:
                if c not in NEW_DECK or c in listed:
                    raise Refusal("bad_request", f"seat_cards card {c!r} unknown or twice")
                listed.add(c)
            seat.cards_left = list(cards)
        self.stub = [c for c in full if c not in listed]

    def _undealt(self):
        return len(self.stub) + sum(len(s.cards_left or []) for s in self.seats.values())

    def _take_for(self, seat):
        if seat.cards_left:
            return seat.cards_left.pop(0)
        return self.stub.pop(0)

    def clockwise(self, start):
        """Seats clockwise from the one after `start` (start last)."""
        after = [n for n in self.order if n > start]
        before = [n for n in self.order if n <= start]
        return after + before

    def live(self):
        return [self.seats[n] for n in self.clockwise(self.dealer) if not self.seats[n].folded]

    def active(self):
        return [s for s in self.live() if not s.all_in]

    def _rounds_after(self, si, entry):
        count = len(self.rules.streets[si]["deal"]) - entry - 1
        for st in self.rules.streets[si + 1 :]:
            if self._skipped(st):
                continue
            count += len(st.get("deal") or [])
        return count

    def _skipped(self, street):
        limit = street.get("deal_if_players_at_most")
        return limit is not None and self.dealt_in > limit

    def _deal_street(self, si):
        street = self.rules.streets[si]
        deal = street.get("deal") or []
        if not deal:
            return
        if self.first_deal_done and self.rules.burn and self._undealt() > 0 and self.stub:
            self.burns.append(self.stub.pop(0))
        self.first_deal_done = True
        for entry, face in enumerate(deal):
            players = self.live()
            need = len(players)
            if self._undealt() < need and self.rules.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            later = self._rounds_after(si, entry)
            enough = self._undealt() >= need + (later if self.rules.community_card else 0)
            if not enough and self.rules.community_card:
                if self.stub:
                    self.community.append(self.stub.pop(0))
                continue
            for seat in players:
                card = self._take_for(seat)
                (seat.up if face == "up" else seat.down).append(card)

    # ----------------------------------------------------------------- start

    def start(self):
        ante = self.rules.ante
        for seat in self.seats.values():
            if ante <= 0:
                continue
            if seat.stack < ante and "short-ante-free-ride" in self.bugs:
                continue
            amount = min(ante, seat.stack)
            seat.stack -= amount
            seat.total += amount
            if seat.stack <= 0:
                seat.all_in = True
        self._next_street()

    def _next_street(self):
        while True:
            self.si += 1
            if self.si >= len(self.rules.streets):
                self._showdown()
                return
            street = self.rules.streets[self.si]
            if self._skipped(street):
                continue
            self.street = street["name"]
            self._deal_street(self.si)
            if street.get("bet") is None:
                continue
            if len(self.active()) < 2:
                continue
            self._open_round()
            return

    # ----------------------------------------------------------------- betting

    def _unit_list(self):
        street = self.rules.streets[self.si]
        small, big = self.rules.small, self.rules.big
        base = big if street.get("bet") == "big" else small
        if base == big:
            return [big]
        if self.big_made and self.rules.locks:
            return [big]
        if street.get("big_bet_when") == "open-pair" and self._open_pair():
            return [small, big] if small != big else [small]
        return [small]

    def _open_pair(self):
        for seat in self.live():
            ranks = [c[0] for c in seat.up + self.community]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def _open_round(self):
        self.phase = "betting"
        self.cur = ZERO
        self.count = 0
        self.reopen_seq = 0
        self.acted = {}
        self.big_made = False
        self.aggressor = None
        for s in self.seats.values():
            s.bet = ZERO
        active = self.active()
        self.round_start_active = len(active)
        self.pending = {s.number for s in active}
        street = self.rules.streets[self.si]
        self.bring_street = street.get("opener") == "bring-in" and self.rules.bring_in is not None
        self.completed = not self.bring_street
        self.awaiting_bring_in = False
        if self.bring_street:
            self.to_act = self._forced_player()
            self.awaiting_bring_in = True
        elif street.get("opener") == "first-left":
            self.to_act = active[0].number
        else:
            self.to_act = self._board_opener(street)
        self.rounds[self.si] = {"opener": self.to_act, "aggressor": None}

    def _door(self, seat):
        aces_low = self.rules.bring_aces_low
        keys = [(rank_of(c, aces_low), self.rules.suit_rank[c[1]]) for c in seat.up]
        if not keys:
            return None
        return min(keys) if self.rules.bring_card == "lowest" else max(keys)

    def _forced_player(self):
        live = [s for s in self.live() if s.up]
        pick = min if self.rules.bring_card == "lowest" else max
        if self.rules.bring_all_in == "next-seat":
            forced = pick(live, key=self._door)
            if forced.can_bet():
                return forced.number
            for n in self.clockwise(forced.number):
                if self.seats[n].can_bet():
                    return n
        candidates = [s for s in live if s.can_bet()]
        if "short-bring-in-skipped" in self.bugs:
            covered = [s for s in candidates if s.stack >= self.rules.bring_in]
            candidates = covered or candidates
        return pick(candidates, key=self._door).number

    def _board_opener(self, street):
        ties = street.get("ties") or self.rules.board_ties
        best = None
        best_key = None
        for seat in self.live():  # clockwise from the dealer's left
            key, tie_suit = board_key(
                seat.up + self.community, self.rules.board_ranking, self.rules.suit_rank
            )
            full = (key, tie_suit) if ties == "suit" else (key,)
            if best_key is None or full > best_key:
                best, best_key = seat, full
        if best.can_bet():
            return best.number
        for n in self.clockwise(best.number):
            if self.seats[n].can_bet():
                return n
        return None

    def _capped(self):
        max_raises = self.rules.max_raises
        if max_raises is None:
            return False
        mode = self.rules.uncapped
        if mode == "in-hand" and len(self.live()) <= 2:
            return False
        if mode == "round-start" and self.round_start_active <= 2:
            return False
        return self.count >= 1 + int(max_raises)

    def _answerable(self, seat):
        for other in self.live():
            if other is not seat and other.stack > 0 and other.bet + other.stack > self.cur:
                return True
        return False

    def legal(self):
        if self.phase != "betting" or self.to_act is None:
            return []
        seat = self.seats[self.to_act]
        reach = seat.bet + seat.stack
        small = self.rules.small
        options = []
        if self.awaiting_bring_in:
            bring = min(self.rules.bring_in, seat.stack)
            options.append({"action": "bring_in", "amount": bring})
            if self.rules.bring_in < small and seat.stack > bring and self._answerable(seat):
                options.append({"action": "complete", "amount": min(small, reach)})
            return options
        if self.cur > seat.bet:
            options.append({"action": "fold"})
            options.append({"action": "call", "amount": min(self.cur, reach)})
        else:
            options.append({"action": "check"})
            if self.rules.fold_when_check:
                options.append({"action": "fold"})
        if reach <= self.cur or not self._answerable(seat):
            return options
        if self.bring_street and not self.completed:
            options.append({"action": "complete", "amount": min(small, reach)})
            return options
        may = seat.number not in self.acted or self.acted[seat.number] < self.reopen_seq
        if not may or self._capped():
            return options
        word = "bet" if self.cur == 0 else "raise"
        seen = set()
        for unit in self._unit_list():
            amount = min(self.cur + unit, reach)
            if amount not in seen:
                seen.add(amount)
                options.append({"action": word, "amount": amount})
        return options

    def act(self, seat_no, action, amount):
        if self.result is not None:
            raise Refusal("illegal_action", "the hand is over", [])
        legal = self.legal()
        if seat_no != self.to_act:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not {seat_no}'s", legal
            )
        choices = [o for o in legal if o["action"] == action]
        if not choices:
            raise Refusal("illegal_action", f"{action} is not legal now", legal)
        pick = choices[0]
        if amount is not None and "amount" in pick:
            matching = [o for o in choices if o["amount"] == amount]
            if not matching:
                raise Refusal("illegal_action", f"{action} {money(amount)} is not legal now", legal)
            pick = matching[0]
        seat = self.seats[seat_no]
        if action == "fold":
            seat.folded = True
            self.pending.discard(seat_no)
            self._record(seat_no)
        elif action == "check":
            self.pending.discard(seat_no)
            self._record(seat_no)
        elif action == "call":
            seat.put(pick["amount"] - seat.bet)
            self.pending.discard(seat_no)
            self._record(seat_no)
        elif action == "bring_in":
            seat.put(pick["amount"])
            self.cur = pick["amount"]
            self.awaiting_bring_in = False
            if pick["amount"] >= self.rules.small:
                self.count = 1
                self.reopen_seq += 1
                self.completed = True
            self.hand_aggressor = seat_no
            self.pending.discard(seat_no)
            self._record(seat_no)
        else:
            self._raise(seat, action, pick["amount"])
        self._after(seat_no)

    def _record(self, seat_no):
        self.acted[seat_no] = self.reopen_seq

    def _raise(self, seat, action, target):
        before = self.cur
        units = self._unit_list()
        seat.put(target - seat.bet)
        self.cur = target
        self.awaiting_bring_in = False
        frac = self.rules.reopen
        if action == "complete":
            full = target >= frac * self.rules.small
        elif action == "bet":
            full = True  # the first bet opens the round, all in for less or not
        else:
            full = target - before >= frac * units[0]
        if full:
            self.count += 1
            self.reopen_seq += 1
            self.completed = True
        step = target - before
        if self.rules.big != self.rules.small and step == self.rules.big and action != "complete":
            self.big_made = True
        self.aggressor = seat.number
        self.rounds[self.si]["aggressor"] = seat.number
        self.hand_aggressor = seat.number
        self._record(seat.number)
        self.pending = {s.number for s in self.active() if s.number != seat.number}

    def _after(self, seat_no):
        for n in list(self.pending):
            if not self.seats[n].can_bet():
                self.pending.discard(n)
        if len(self.live()) == 1:
            self._return_uncalled()
            self._win_by_folds()
            return
        if not self.pending:
            self._return_uncalled()
            for s in self.seats.values():
                s.bet = ZERO
            self.to_act = None
            self._next_street()
            return
        for n in self.clockwise(seat_no):
            if n in self.pending:
                self.to_act = n
                return

    def _return_uncalled(self):
        if "excess-over-all-in-kept" in self.bugs and len(self.live()) > 1:
            return
        totals = sorted((s.total for s in self.seats.values()), reverse=True)
        if len(totals) < 2 or totals[0] == totals[1]:
            return
        top = next(s for s in self.seats.values() if s.total == totals[0])
        excess = totals[0] - totals[1]
        top.total -= excess
        top.bet -= excess
        top.stack += excess
        if top.stack > 0:
            top.all_in = False

    # ----------------------------------------------------------------- pots

    def pots(self):
        seats = list(self.seats.values())
        live = [s for s in seats if not s.folded]
        top = max((s.total for s in seats), default=ZERO)
        caps = sorted({s.total for s in live if s.all_in and s.total < top})
        levels = caps + [top]
        dead_to_main = "folded-chips-to-main" in self.bugs
        pots = []
        previous = ZERO
        for i, level in enumerate(levels):
            amount = ZERO
            for s in seats:
                if s.folded and dead_to_main:
                    if i == 0:
                        amount += s.total
                    continue
                amount += min(s.total, level) - min(s.total, previous)
            eligible = [
                s.number
                for s in sorted(live, key=lambda x: x.number)
                if s.total >= level or not s.all_in
            ]
            pots.append({"amount": amount, "eligible": eligible})
            previous = level
        return pots

    # ----------------------------------------------------------------- endings

    def _finish(self):
        self.phase = "complete"
        self.to_act = None
        for s in self.seats.values():
            s.bet = ZERO

    def _win_by_folds(self):
        self._finish()
        (winner,) = self.live()
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] > 0 or i == 0:
                awards.append(
                    {"seat": winner.number, "amount": pot["amount"], "pot": i, "share": None}
                )
                winner.stack += pot["amount"]
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def _cards(self, seat):
        return seat.down + seat.up + self.community

    def _split(self, amount, parts, unit):
        """Cut `amount` into len(parts) pieces in `unit`s; leftovers one each from parts[0]."""
        n = len(parts)
        units = int(amount // unit)
        rest = amount - units * unit
        each, extra = divmod(units, n)
        pieces = [each * unit + (unit if i < extra else ZERO) for i in range(n)]
        pieces[0] += rest
        return pieces

    def _showdown(self):
        self._finish()
        rules = self.rules
        players = self.live()
        readings = {}
        for s in players:
            for share in rules.shares:
                readings[(s.number, share["name"])] = Reading(
                    share["ranking"], self._cards(s), share.get("qualifier")
                )
        awards = []
        pots = self.pots()
        names = [sh["name"] for sh in rules.shares]
        start = names.index(rules.odd_share)
        share_order = names[start:] + names[:start]
        for index, pot in enumerate(pots):
            eligible = [s for s in players if s.number in pot["eligible"]]
            if not eligible:
                continue
            winners = {}
            for share in rules.shares:
                best = None
                for s in eligible:
                    r = readings[(s.number, share["name"])]
                    if not r.qualifies:
                        continue
                    if best is None or r.key > best:
                        best = r.key
                if best is not None:
                    winners[share["name"]] = [
                        s
                        for s in eligible
                        if readings[(s.number, share["name"])].qualifies
                        and readings[(s.number, share["name"])].key == best
                    ]
            if not winners:
                if rules.unqualified == "split":
                    for seat, amt in self._among(eligible, pot["amount"]):
                        awards.append(
                            {"seat": seat.number, "amount": amt, "pot": index, "share": None}
                        )
                    continue
                highs = {s.number: Reading("high", self._cards(s)) for s in eligible}
                top = max(r.key for r in highs.values())
                tied = [s for s in eligible if highs[s.number].key == top]
                for seat, amt in self._among(tied, pot["amount"]):
                    awards.append(
                        {"seat": seat.number, "amount": amt, "pot": index, "share": "high"}
                    )
                continue
            won = [n for n in share_order if n in winners]
            if len(won) > 1 and "hilo-halves-rounded" in self.bugs:
                unit = rules.split_unit or rules.chip
                half = (pot["amount"] / len(won) / unit).quantize(
                    Decimal(1), rounding=ROUND_HALF_EVEN
                )
                pieces = [half * unit for _ in won]
            else:
                pieces = self._split(pot["amount"], won, rules.split_unit or rules.chip)
            for name, piece in zip(won, pieces, strict=True):
                for seat, amt in self._among(winners[name], piece):
                    awards.append({"seat": seat.number, "amount": amt, "pot": index, "share": name})
        awards = [a for a in awards if a["amount"] > 0]
        for a in awards:
            self.seats[a["seat"]].stack += a["amount"]
        self.result = {"awards": awards, "hands": self._shown(players), "showdown": True}

    def _among(self, winners, amount):
        if len(winners) == 1:
            return [(winners[0], amount)]
        if self.rules.odd_tie == "high-card":

            def best_card(s):
                return max((rank_of(c), self.rules.suit_rank[c[1]]) for c in self._cards(s))

            ordered = sorted(winners, key=best_card, reverse=True)
        else:
            start = self.dealer
            if "odd-chip-from-button" in self.bugs:
                ring = [n for n in self.order if n >= start] + [n for n in self.order if n < start]
            else:
                ring = self.clockwise(start)
            ordered = [self.seats[n] for n in ring if self.seats[n] in winners]
        pieces = self._split(amount, ordered, self.rules.chip)
        return list(zip(ordered, pieces, strict=True))

    def _shown(self, players):
        last = self.si_last_round()
        first = None
        if "show-order-hand-aggressor" in self.bugs and self.hand_aggressor is not None:
            first = self.hand_aggressor
        elif last is not None:
            info = self.rounds[last]
            first = info["aggressor"] or info["opener"]
        if first is None:
            first = self._board_leader()
        live_numbers = [s.number for s in players]
        ring = [first] + self.clockwise(first)[:-1]
        ring = [n for n in ring if n in live_numbers]
        if first not in live_numbers:
            ring = [n for n in self.clockwise(first) if n in live_numbers]
        shown = []
        for n in ring:
            seat = self.seats[n]
            for share in self.rules.shares:
                r = Reading(share["ranking"], self._cards(seat), share.get("qualifier"))
                if not r.qualifies:
                    continue
                shown.append({"seat": n, "share": share["name"], "name": r.name, "cards": r.cards})
        return shown

    def si_last_round(self):
        if self.rounds and max(self.rounds) == self.last_dealt_street():
            return max(self.rounds)
        return None

    def last_dealt_street(self):
        return self.si if self.si < len(self.rules.streets) else len(self.rules.streets) - 1

    def _board_leader(self):
        best, best_key = None, None
        for seat in self.live():
            key = board_key(
                seat.up + self.community, self.rules.board_ranking, self.rules.suit_rank
            )
            if best_key is None or key > best_key:
                best, best_key = seat.number, key
        return best

    # ----------------------------------------------------------------- the state

    def state(self):
        pots = self.pots()
        return {
            "street": self.street,
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": [self._legal_out(o) for o in self.legal()],
            "pot": money(sum((s.total for s in self.seats.values()), ZERO)),
            "pots": [{"amount": money(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": s.number,
                    "name": s.name,
                    "stack": money(s.stack),
                    "bet": money(s.bet),
                    "folded": s.folded,
                    "all_in": s.all_in,
                    "down": list(s.down),
                    "up": list(s.up),
                }
                for s in (self.seats[n] for n in self.order)
            ],
            "community": list(self.community),
            "declarations": [],
            "result": None
            if self.result is None
            else {
                "awards": [dict(a, amount=money(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            },
        }

    @staticmethod
    def _legal_out(option):
        out = {"action": option["action"]}
        if "amount" in option:
            out["amount"] = money(option["amount"])
        return out


# --------------------------------------------------------------------------- the table


class Table:
    def __init__(self, bugs):
        self.bugs = bugs
        self.hand = None
        self.rules = None
        self.names = {}

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent_twentythree", "version": "1.0"},
            "rulesets": ["*"],
            "features": [
                "evaluate",
                "evaluate-options",
                "hi-lo",
                "community-card",
                "table",
                "seat-cards",
                "refusal-state",
                "pipelining",
            ],
        }

    def new_hand(self, req):
        doc = req.get("ruleset")
        if not isinstance(doc, dict):
            raise Refusal("unsupported", f"ruleset = {doc!r}: send the resolved document")
        rules = check_rules(doc)
        seats = req.get("seats")
        if not isinstance(seats, list) or not seats:
            raise Refusal("bad_request", "seats must be a non-empty list")
        numbers = [s.get("seat") for s in seats]
        if len(set(numbers)) != len(numbers) or not all(
            isinstance(n, int) and n >= 1 for n in numbers
        ):
            raise Refusal("bad_request", "seat numbers must be distinct positive integers")
        dealer = req.get("dealer")
        if not isinstance(dealer, int):
            raise Refusal("bad_request", "dealer must be a seat number")
        players = [Seat(s["seat"], s.get("name", ""), dec(s.get("stack"), "stack")) for s in seats]
        if any(p.stack < 0 for p in players):
            raise Refusal("bad_request", "a stack is negative")
        hand = Hand(rules, players, dealer, req.get("deck") or [], req.get("seat_cards"), self.bugs)
        hand.start()
        self.hand, self.rules = hand, rules
        self.names = {s["seat"]: s.get("name", "") for s in seats}
        return {"state": hand.state()}

    def next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        old = self.hand
        if old.result is None:
            raise Refusal("bad_request", "the hand is still running")
        before = list(old.order)
        keep = [old.seats[n] for n in old.order if old.seats[n].stack > 0]
        if len(keep) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        remaining = [s.number for s in keep]
        dealer = old.dealer
        if self.rules.rotates:
            if "button-index-after-bust" in self.bugs and len(remaining) < len(before):
                index = before.index(dealer) if dealer in before else 0
                dealer = remaining[(index + 1) % len(remaining)]
            else:
                after = [n for n in remaining if n > dealer]
                dealer = (after or remaining)[0]
        players = [Seat(s.number, s.name, s.stack) for s in keep]
        hand = Hand(
            self.rules, players, dealer, req.get("deck") or [], req.get("seat_cards"), self.bugs
        )
        hand.start()
        self.hand = hand
        return {"state": hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        amount = req.get("amount")
        amount = None if amount is None else dec(amount)
        seat = req.get("seat")
        action = req.get("action")
        if not isinstance(seat, int) or not isinstance(action, str):
            raise Refusal("bad_request", "act needs a seat and an action")
        self.hand.act(seat, action, amount)
        return {"state": self.hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        return {"results": evaluate_request(req)}


def serve(table, stdin, stdout):
    ops = {
        "hello": table.hello,
        "new_hand": table.new_hand,
        "next_hand": table.next_hand,
        "act": table.act,
        "state": table.state,
        "evaluate": table.evaluate,
    }
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            reply = {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "not JSON"},
            }
            stdout.write(json.dumps(reply) + "\n")
            stdout.flush()
            continue
        if not isinstance(req, dict):
            req = {}
        rid = req.get("id")
        op = req.get("op")
        if op == "bye":
            stdout.write(json.dumps({"id": rid, "ok": True}) + "\n")
            stdout.flush()
            return
        try:
            if op not in ops:
                raise Refusal("unsupported", f"op {op!r}")
            reply = {"id": rid, "ok": True, **ops[op](req)}
        except Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message}
            if refusal.code == "illegal_action":
                error["legal"] = [Hand._legal_out(o) for o in (refusal.legal or [])]
                if table.hand is not None:
                    error["state"] = table.hand.state()
            reply = {"id": rid, "ok": False, "error": error}
        except Exception as exc:  # keep running whatever happens
            print(f"internal error: {exc!r}", file=sys.stderr)
            reply = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(exc)}}
        stdout.write(json.dumps(reply) + "\n")
        stdout.flush()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bugs", default="", help="comma-separated planted bugs: " + ", ".join(BUGS)
    )
    args = parser.parse_args(argv)
    bugs = {b for b in args.bugs.split(",") if b}
    unknown = bugs - set(BUGS)
    if unknown:
        parser.error(f"unknown bugs: {', '.join(sorted(unknown))}")
    serve(Table(bugs), sys.stdin, sys.stdout)


if __name__ == "__main__":
    main()

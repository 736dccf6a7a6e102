#!/usr/bin/env python3
"""independent_nine: a stud engine written from the protocol page, the schemas, the rulesets
and the feature files alone, with eight planted bugs that can be switched on.

What it plays
-------------
* Fixed-limit seven-card stud (``seven-card-stud`` and its house variants: raise caps,
  when the cap is lifted heads-up, big-bet lock, open-pair option on any street, board ties
  by suit or position, no burns, nine seats, fixed dealer, ante-only home games whose best
  board opens third street, fold when checking is free...).
* Pot-limit seven-card stud (``pot-limit-stud``), both pot ceilings (``pot-after-call``,
  ``pot-plus-bet``) and both smallest raises (``last-increment``, ``double``), so the
  Monday-night home game (``home-stud-mnp``) too.
* Five-card stud (``five-card-stud``; ``last-card-down`` and six-card stud as well): any
  street table of up and down cards with a high-only showdown.
* Antes, the bring-in (lowest or highest door card, aces high or low, ``bring_in.suit_order``
  for equal door cards; boards and the high-card odd chip rank suits clubs < diamonds <
  hearts < spades), the all-in rule, completion, short all-in bets and raises
  (``betting.reopen_fraction``), side pots, the uncalled bet returned, odd chips
  (``position`` or ``high-card``), the run-out (burns dealt again, a community card kept
  back for the river), the best five cards of all a player holds, the show order.

Everything else (hi-lo and low shares, wild cards, jokers, exchanges, decision rounds,
blinds, spread and no limit, events, declarations, centre cards, stripped packs...) is
refused with an ``unsupported`` error whose message names the ruleset value.

Protocol
--------
Protocol 1.1 (``"protocol": 1`` in ``hello``), JSON Lines on stdin/stdout.  ``rulesets``:
``["*"]``; ``features``: ``evaluate`` (high ranking only), ``pot-limit`` and ``table``
(``next_hand``).  No ``seat-cards``: every card is dealt from the ``deck`` of ``new_hand``,
top first, burns included.  Money is ``decimal.Decimal`` throughout, written as decimal
strings.

Planted bugs (all off by default; ``--bugs name1,name2`` switches them on)
---------------------------------------------------------------------------
===============================  ========  ==================================================
name                             rule id   what changes
===============================  ========  ==================================================
pot-limit-no-call-counted        POT-02    pot limit's largest raise leaves out the call the
                                           raiser makes first (level + pot, not level + pot
                                           + call)
pot-limit-min-bet-big            POT-04    pot limit sizes every smallest bet and raise by
                                           the big bet: a raise need only add the big bet,
                                           not the last bet or raise (or double it); see the
                                           note below
short-all-in-reopens             ROUND-10  fixed limit: an all-in raise shorter than
                                           reopen_fraction of a bet still reopens the
                                           betting (a raise is offered again to players
                                           who have acted; the cap count is unchanged)
side-pot-eligibility             SHOW-07   a player all in for less stays eligible for the
                                           side pots above their stake
odd-chip-to-dealer-left          SHOW-05   the odd chip of a split pot goes to the first
                                           winner from the dealer's left even when
                                           pot.odd_chip_tie is high-card
ace-low-straight-missing         SHOW-02   A-2-3-4-5 is not a straight (showdown and
                                           evaluate)
bring-in-suit-reversed           BRING-03  between equal door cards the bring-in reads the
                                           suit order backwards (spades lowest)
fourth-street-pair-no-option     LIMIT-04  an open pair on fourth street gives no big-bet
                                           option, whatever streets.fourth.big_bet_when says
===============================  ========  ==================================================

Note on ``pot-limit-min-bet-big``: as first meant (the smallest opening bet is the big bet
instead of the street's own unit) it cannot show in the shipped spec, where every pot-limit
game has ``small_bet == big_bet``; the "whole previous bet instead of the last increment"
reading cannot show either (no pot-limit scenario re-raises under ``last-increment``).  So
the bug keeps the big bet as the smallest opening bet and also makes the big bet the
smallest raise increment, which the pot-limit scenarios do check (a 10 bet raised to
between 20 and 45 becomes 11 to 45).
"""

import itertools
import json
import sys
from collections import Counter
from decimal import Decimal, InvalidOperation

ENGINE_NAME = "independent-nine"
ENGINE_VERSION = "0.9"

BUG_NAMES = (
    "pot-limit-no-call-counted",
    "pot-limit-min-bet-big",
    "short-all-in-reopens",
    "side-pot-eligibility",
    "odd-chip-to-dealer-left",
    "ace-low-straight-missing",
    "bring-in-suit-reversed",
    "fourth-street-pair-no-option",
)

BUGS = set()

RANKS = "23456789TJQKA"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
SUIT_LETTER = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in RANKS for s in "cdhs"]
ZERO = Decimal(0)

RANK_WORD = {
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
}
RANK_PLURAL = {
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
}


class Refusal(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


def bad(message):
    return Refusal("bad_request", message)


def money(value, what="amount"):
    if isinstance(value, bool) or value is None:
        raise bad(f"{what}: not an amount")
    try:
        if isinstance(value, int):
            result = Decimal(value)
        elif isinstance(value, float):
            result = Decimal(repr(value))
        elif isinstance(value, str):
            result = Decimal(value.strip())
        else:
            raise bad(f"{what}: not an amount")
    except InvalidOperation:
        raise bad(f"{what}: not an amount: {value!r}") from None
    if not result.is_finite() or result < 0:
        raise bad(f"{what}: not an amount: {value!r}")
    return result


def fmt(amount):
    if amount == 0:
        return "0"
    text = format(amount.normalize(), "f")
    return text


def card_ok(card):
    return isinstance(card, str) and len(card) == 2 and card[0] in RANKS and card[1] in "cdhs"


# ----------------------------------------------------------------------------------------
# hands


def score_five(cards):
    """A comparable value for five cards under the high ranking, and the cards in the
    order that explains it."""
    values = sorted((RANK_VALUE[c[0]] for c in cards), reverse=True)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    straight = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight = distinct[0]
        elif distinct == [14, 5, 4, 3, 2] and "ace-low-straight-missing" not in BUGS:
            straight = 5
    if straight and flush:
        return (8, straight)
    if groups[0][1] == 4:
        return (7, groups[0][0], groups[1][0])
    if groups[0][1] == 3 and groups[1][1] == 2:
        return (6, groups[0][0], groups[1][0])
    if flush:
        return (5, *values)
    if straight:
        return (4, straight)
    if groups[0][1] == 3:
        return (3, groups[0][0], *[g[0] for g in groups[1:]])
    if groups[0][1] == 2 and groups[1][1] == 2:
        return (2, groups[0][0], groups[1][0], groups[2][0])
    if groups[0][1] == 2:
        return (1, groups[0][0], *[g[0] for g in groups[1:]])
    return (0, *values)


def order_cards(cards, score):
    """The five cards, most significant first."""
    if score[0] in (8, 4) and score[1] == 5:
        wheel = sorted(cards, key=lambda c: RANK_VALUE[c[0]] % 14, reverse=True)
        return wheel
    counts = Counter(c[0] for c in cards)
    return sorted(cards, key=lambda c: (counts[c[0]], RANK_VALUE[c[0]], c[1]), reverse=True)


def hand_name(score):
    cat = score[0]
    if cat == 8:
        return "royal flush" if score[1] == 14 else f"{RANK_WORD[score[1]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {RANK_PLURAL[score[1]]}"
    if cat == 6:
        return f"full house, {RANK_PLURAL[score[1]]} over {RANK_PLURAL[score[2]]}"
    if cat == 5:
        return f"flush, {RANK_WORD[score[1]]} high"
    if cat == 4:
        return f"{RANK_WORD[score[1]]}-high straight"
    if cat == 3:
        return f"three of a kind, {RANK_PLURAL[score[1]]}"
    if cat == 2:
        return f"two pair, {RANK_PLURAL[score[1]]} and {RANK_PLURAL[score[2]]}"
    if cat == 1:
        return f"pair of {RANK_PLURAL[score[1]]}"
    return f"high card, {RANK_WORD[score[1]]}"


def best_hand(cards):
    """(score, five cards) of the best five of ``cards`` (all of them when five or fewer)."""
    if len(cards) <= 5:
        padded = list(cards)
        score = (
            score_five(padded)
            if len(padded) == 5
            else (0, *sorted((RANK_VALUE[c[0]] for c in padded), reverse=True))
        )
        return score, order_cards(padded, score)
    best = None
    for combo in itertools.combinations(cards, 5):
        score = score_five(combo)
        if best is None or score > best[0]:
            best = (score, combo)
    return best[0], order_cards(list(best[1]), best[0])


# ----------------------------------------------------------------------------------------
# the ruleset


def lookup(doc, path, default=None):
    node = doc
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


class Rules:
    """The values of a resolved ruleset document this engine reads; refuses the rest."""

    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refusal("unsupported", "ruleset: only a resolved ruleset document is played")
        self.doc = doc
        self.refuse_unplayable()
        self.seats_min = int(lookup(doc, "seats.min", 2))
        self.seats_max = int(lookup(doc, "seats.max", 8))
        self.rotates = bool(lookup(doc, "dealer.rotates", True))
        self.burn = bool(lookup(doc, "dealing.burn", True))
        self.reuse_burns = bool(lookup(doc, "dealing.reuse_burns", True))
        self.community_card = bool(lookup(doc, "dealing.community_card", True))
        stakes = doc.get("stakes") or {}
        self.chip = money(stakes.get("chip", "0.01"), "stakes.chip")
        if self.chip <= 0:
            raise bad("stakes.chip must be above 0")
        self.ante = money(stakes.get("ante", "0"), "stakes.ante")
        bring = stakes.get("bring_in")
        self.bring_in = None if bring is None else money(bring, "stakes.bring_in")
        self.small_bet = money(stakes.get("small_bet"), "stakes.small_bet")
        self.big_bet = money(stakes.get("big_bet"), "stakes.big_bet")
        self.bring_card = lookup(doc, "bring_in.card", "lowest")
        self.bring_aces = lookup(doc, "bring_in.aces", "high")
        order = lookup(doc, "bring_in.suit_order", ["clubs", "diamonds", "hearts", "spades"])
        self.suit_order = [SUIT_LETTER[s] for s in order]
        for letter in "cdhs":
            if letter not in self.suit_order:
                self.suit_order.append(letter)
        self.bring_all_in = lookup(doc, "bring_in.all_in", "next-card")
        self.board_ties = lookup(doc, "board.ties", "suit")
        betting = doc.get("betting") or {}
        self.structure = betting.get("structure", "fixed-limit")
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        self.big_bet_locks = bool(betting.get("big_bet_locks", True))
        self.reopen_fraction = money(betting.get("reopen_fraction", "0.5"), "reopen_fraction")
        self.fold_when_check = betting.get("fold_when_check", "refused")
        self.pot_ceiling = betting.get("pot_ceiling", "pot-after-call")
        self.min_raise = betting.get("min_raise", "last-increment")
        self.streets = []
        for street in doc.get("streets") or []:
            self.streets.append(
                {
                    "name": street.get("name"),
                    "deal": list(street.get("deal") or []),
                    "at_most": street.get("deal_if_players_at_most"),
                    "opener": street.get("opener", "best-board"),
                    "bet": street.get("bet", "small"),
                    "big_bet_when": street.get("big_bet_when", "never"),
                    "ties": street.get("ties"),
                }
            )
        if not self.streets:
            raise bad("ruleset: no streets")
        share = lookup(doc, "pot.shares")[0]
        self.share_name = share.get("name", "high")
        self.share_cards = share.get("cards", "all")
        self.odd_chip_tie = lookup(doc, "pot.odd_chip_tie", "position")

    def refuse_unplayable(self):
        doc = self.doc
        problems = []

        def want(path, value, allowed, plays):
            if value not in allowed:
                problems.append(f"{path} = {value!r}: this engine plays only {plays}")

        want("deck.jokers", lookup(doc, "deck.jokers", 0), (0,), "0")
        want("deck.centre", lookup(doc, "deck.centre", []), ([],), "[]")
        want("deck.stripped", lookup(doc, "deck.stripped", []), ([],), "[]")
        want("stakes.small_blind", lookup(doc, "stakes.small_blind"), (None,), "null")
        want("stakes.big_blind", lookup(doc, "stakes.big_blind"), (None,), "null")
        want(
            "bring_in.card",
            lookup(doc, "bring_in.card", "lowest"),
            ("lowest", "highest"),
            "lowest, highest",
        )
        want("bring_in.aces", lookup(doc, "bring_in.aces", "high"), ("high", "low"), "high, low")
        want(
            "bring_in.all_in",
            lookup(doc, "bring_in.all_in", "next-card"),
            ("next-card", "next-seat"),
            "next-card, next-seat",
        )
        want("board.ranking", lookup(doc, "board.ranking", "high"), ("high",), "high")
        want(
            "board.ties", lookup(doc, "board.ties", "suit"), ("suit", "position"), "suit, position"
        )
        want(
            "betting.structure",
            lookup(doc, "betting.structure", "fixed-limit"),
            ("fixed-limit", "pot-limit"),
            "fixed-limit, pot-limit",
        )
        want(
            "betting.uncapped_heads_up",
            lookup(doc, "betting.uncapped_heads_up", "in-hand"),
            ("in-hand", "round-start", "never"),
            "in-hand, round-start, never",
        )
        want(
            "betting.fold_when_check",
            lookup(doc, "betting.fold_when_check", "refused"),
            ("refused", "allowed"),
            "refused, allowed",
        )
        want(
            "betting.pot_ceiling",
            lookup(doc, "betting.pot_ceiling", "pot-after-call"),
            ("pot-after-call", "pot-plus-bet"),
            "pot-after-call, pot-plus-bet",
        )
        want(
            "betting.min_raise",
            lookup(doc, "betting.min_raise", "last-increment"),
            ("last-increment", "double"),
            "last-increment, double",
        )
        for i, street in enumerate(lookup(doc, "streets", []) or []):
            name = street.get("name", i)
            for face in street.get("deal") or []:
                want(f"streets.{name}.deal", face, ("down", "up"), "down and up cards")
            want(f"streets.{name}.exchange", street.get("exchange"), (None,), "null")
            want(f"streets.{name}.decide", street.get("decide", []) or [], ([],), "[]")
            want(f"streets.{name}.spread", street.get("spread"), (None,), "null")
            want(
                f"streets.{name}.opener",
                street.get("opener", "best-board"),
                ("bring-in", "best-board", "first-left"),
                "bring-in, best-board, first-left",
            )
            want(
                f"streets.{name}.bet",
                street.get("bet", "small"),
                ("small", "big", None),
                "small, big, null",
            )
            want(
                f"streets.{name}.big_bet_when",
                street.get("big_bet_when", "never"),
                ("never", "open-pair"),
                "never, open-pair",
            )
            want(
                f"streets.{name}.ties",
                street.get("ties"),
                (None, "suit", "position"),
                "suit, position, null",
            )
        want("wild.ranks", lookup(doc, "wild.ranks", []), ([],), "[]")
        want("wild.low_hole", lookup(doc, "wild.low_hole", False), (False,), "false")
        want("wild.joker", lookup(doc, "wild.joker", "none"), ("none",), "none")
        want("events", doc.get("events", []) or [], ([],), "[]")
        shares = lookup(doc, "pot.shares", [])
        if not isinstance(shares, list) or len(shares) != 1:
            names = [s.get("name") for s in shares] if isinstance(shares, list) else shares
            problems.append(f"pot.shares = {names!r}: this engine plays one high share only")
        else:
            share = shares[0]
            name = share.get("name", "high")
            want(f"pot.shares.{name}.ranking", share.get("ranking", "high"), ("high",), "high")
            want(f"pot.shares.{name}.qualifier", share.get("qualifier"), (None,), "null")
            want(f"pot.shares.{name}.minimum", share.get("minimum"), (None,), "null")
            want(f"pot.shares.{name}.cards", share.get("cards", "all"), ("all", "own"), "all, own")
            want(f"pot.shares.{name}.own", share.get("own"), (None,), "null")
            want(f"pot.shares.{name}.common", share.get("common"), (None,), "null")
            want(f"pot.shares.{name}.suit", share.get("suit"), (None,), "null")
        want("pot.split_unit", lookup(doc, "pot.split_unit"), (None,), "null")
        want(
            "pot.odd_chip_tie",
            lookup(doc, "pot.odd_chip_tie", "position"),
            ("position", "high-card"),
            "position, high-card",
        )
        want(
            "showdown.method",
            lookup(doc, "showdown.method", "cards-speak"),
            ("cards-speak",),
            "cards-speak",
        )
        if problems:
            raise Refusal("unsupported", "; ".join(problems))


# ----------------------------------------------------------------------------------------
# players and the hand


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO  # this street
        self.committed = ZERO  # this hand
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.acted = False  # acted since the betting was last (re)opened

    def able(self):
        return not self.folded and not self.all_in

    def reach(self):
        return self.bet + self.stack


class Round:
    """One betting round."""

    def __init__(self):
        self.state = "none"  # none | bring-in | bet
        self.level = ZERO
        self.raises = 0
        self.increment = ZERO  # pot limit: the last full bet or raise
        self.big_made = False
        self.forced = None  # the seat that must bring in
        self.last_aggressor = None
        self.able_at_start = 0


class Hand:
    def __init__(self, rules, seats, dealer, deck):
        self.rules = rules
        self.players = sorted(seats, key=lambda p: p.seat)
        self.dealer = dealer
        self.stub = list(deck)
        self.burns = []
        self.community = []
        self.street_index = -1
        self.round = None
        self.to_act = None
        self.over = False
        self.result = None
        self.dealt_any = False
        self.dealt_in = len(self.players)
        self.final_round = None  # (street index, last aggressor, opener)
        self.start()

    # -- seats and order ------------------------------------------------------------------

    def player(self, seat):
        for p in self.players:
            if p.seat == seat:
                return p
        return None

    def from_left_of(self, seat):
        """Every player clockwise from the first seat after ``seat``."""
        after = [p for p in self.players if p.seat > seat]
        before = [p for p in self.players if p.seat <= seat]
        return after + before

    def in_hand(self):
        return [p for p in self.players if not p.folded]

    def able(self):
        return [p for p in self.players if p.able()]

    # -- chips ----------------------------------------------------------------------------

    def put(self, p, total):
        """Bring ``p``'s street total to ``total``."""
        add = total - p.bet
        if add > p.stack:
            raise Refusal("illegal_action", "not enough chips")
        p.stack -= add
        p.bet = total
        p.committed += add
        if p.stack == 0:
            p.all_in = True

    def pot_total(self):
        return sum((p.committed for p in self.players), ZERO)

    def pots(self):
        levels = sorted({p.committed for p in self.players if p.all_in and not p.folded})
        top = max((p.committed for p in self.players), default=ZERO)
        if not levels or levels[-1] < top:
            levels.append(None)
        pots = []
        previous = ZERO
        for level in levels:
            cap = top if level is None else level
            amount = sum((max(ZERO, min(p.committed, cap) - previous) for p in self.players), ZERO)
            eligible = []
            for p in self.players:
                if p.folded:
                    continue
                if not p.all_in:
                    eligible.append(p.seat)  # may still put in as much
                elif level is not None and p.committed >= level:
                    eligible.append(p.seat)
                elif "side-pot-eligibility" in BUGS:
                    eligible.append(p.seat)  # planted: all in for less, still in
            if amount > 0 or not pots:
                if eligible or not pots:
                    pots.append({"amount": amount, "eligible": eligible})
                else:
                    pots[-1]["amount"] += amount
            previous = cap
        return pots

    def return_uncalled(self):
        live = self.in_hand()
        if not live:
            return
        # antes are dead money: only the part of this street's top bet nobody matched
        top = max(self.players, key=lambda p: p.bet)
        if top.folded:
            return
        second = max((p.bet for p in self.players if p is not top), default=ZERO)
        if top.bet > second:
            back = top.bet - second
            top.committed -= back
            top.bet -= back
            top.stack += back
            if top.stack > 0:
                top.all_in = False

    # -- dealing --------------------------------------------------------------------------

    def streets_to_play(self):
        out = []
        for i, street in enumerate(self.rules.streets):
            if street["at_most"] is not None and self.dealt_in > street["at_most"]:
                continue
            out.append(i)
        return out

    def rounds_after(self, index, position):
        count = len(self.rules.streets[index]["deal"]) - position - 1
        for i in self.streets_to_play():
            if i > index:
                count += len(self.rules.streets[i]["deal"])
        return count

    def deal_street(self, index):
        street = self.rules.streets[index]
        if not street["deal"]:
            return
        if self.dealt_any and self.rules.burn and self.stub:
            self.burns.append(self.stub.pop(0))
        self.dealt_any = True
        for position, face in enumerate(street["deal"]):
            order = [p for p in self.from_left_of(self.dealer) if not p.folded]
            need = len(order)
            if len(self.stub) < need and self.rules.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            later = self.rounds_after(index, position)
            if self.rules.community_card and len(self.stub) < need + later:
                if self.stub:
                    self.community.append(self.stub.pop(0))
                continue
            if len(self.stub) < need:
                raise Refusal("bad_request", "the pack ran out of cards")
            for p in order:
                card = self.stub.pop(0)
                (p.up if face == "up" else p.down).append(card)

    # -- reading cards --------------------------------------------------------------------

    def board(self, p):
        return list(p.up) + list(self.community)

    def board_value(self, cards):
        """(key, top card's suit rank) of the best five exposed cards: pairs, trips and
        quads count, then high cards; straights and flushes do not."""
        if not cards:
            return ((-1,), -1)
        if len(cards) > 5:
            return max(self.board_value(list(c)) for c in itertools.combinations(cards, 5))
        counts = Counter(RANK_VALUE[c[0]] for c in cards)
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = [g[1] for g in groups]
        if shape[0] == 4:
            cat = 6
        elif shape[0] == 3 and len(shape) > 1 and shape[1] >= 2:
            cat = 5
        elif shape[0] == 3:
            cat = 4
        elif shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
            cat = 3
        elif shape[0] == 2:
            cat = 2
        else:
            cat = 1
        key = (cat, *[g[0] for g in groups])
        top_rank = groups[0][0]
        top_suit = max("cdhs".index(c[1]) for c in cards if RANK_VALUE[c[0]] == top_rank)
        return (key, top_suit)

    def best_board(self, candidates, ties):
        """The player whose exposed cards are best; equal boards by ``ties``."""
        order = [p for p in self.from_left_of(self.dealer) if p in candidates]
        best = None
        best_value = None
        for p in order:
            key, suit = self.board_value(self.board(p))
            value = (key, suit) if ties == "suit" else (key,)
            if best is None or value > best_value:
                best, best_value = p, value
        return best

    def bring_in_player(self):
        rules = self.rules
        suits = list(rules.suit_order)
        if "bring-in-suit-reversed" in BUGS:
            suits.reverse()

        def value(p):
            cards = p.up or p.down

            def card_value(c):
                rank = RANK_VALUE[c[0]]
                if rules.bring_aces == "low" and rank == 14:
                    rank = 1
                return (rank, suits.index(c[1]))

            values = [card_value(c) for c in cards]
            return min(values) if rules.bring_card == "lowest" else max(values)

        live = self.in_hand()
        pick = min if rules.bring_card == "lowest" else max
        extreme = pick(live, key=value)
        if extreme.able():
            return extreme
        if rules.bring_all_in == "next-seat":
            for p in self.from_left_of(extreme.seat):
                if p.able():
                    return p
            return None
        able = [p for p in live if p.able()]
        return pick(able, key=value) if able else None

    # -- the flow of the hand -------------------------------------------------------------

    def start(self):
        for p in self.players:
            ante = min(self.rules.ante, p.stack)
            p.stack -= ante
            p.committed += ante
            if p.stack == 0:
                p.all_in = True
        self.advance()

    def advance(self):
        """Deal streets until a betting round waits for a player, or the hand ends."""
        while True:
            if len(self.in_hand()) <= 1:
                self.finish_uncontested()
                return
            playable = [i for i in self.streets_to_play() if i > self.street_index]
            if not playable:
                self.showdown()
                return
            self.street_index = playable[0]
            street = self.rules.streets[self.street_index]
            for p in self.players:
                p.bet = ZERO
                p.acted = False
            self.deal_street(self.street_index)
            self.round = None
            if street["bet"] is None:
                continue
            opener = self.opener(street)
            shows_first = opener
            if street["opener"] != "bring-in" and (opener is None or len(self.able()) < 2):
                shows_first = self.best_board(
                    self.in_hand(), street["ties"] or self.rules.board_ties
                )
            self.final_round = (self.street_index, None, shows_first)
            if len(self.able()) < 2 or opener is None:
                continue
            rnd = Round()
            rnd.able_at_start = len(self.able())
            self.round = rnd
            if (
                street["opener"] == "bring-in"
                and self.rules.bring_in is not None
                and self.rules.bring_in > 0
            ):
                rnd.forced = opener.seat
            self.to_act = opener.seat
            return

    def opener(self, street):
        rules = self.rules
        live = self.in_hand()
        if street["opener"] == "bring-in" and rules.bring_in is not None and rules.bring_in > 0:
            return self.bring_in_player()
        if street["opener"] == "first-left":
            for p in self.from_left_of(self.dealer):
                if p.able():
                    return p
            return None
        ties = street["ties"] or rules.board_ties
        best = self.best_board(live, ties)
        if best is None:
            return None
        if best.able():
            return best
        for p in self.from_left_of(best.seat):
            if p.able():
                return p
        return None

    def finish_round(self):
        self.return_uncalled()
        self.round = None
        self.to_act = None
        self.advance()

    def finish_uncontested(self):
        self.return_uncalled()
        self.round = None
        self.to_act = None
        self.over = True
        winner = self.in_hand()[0] if self.in_hand() else None
        total = self.pot_total()
        awards = []
        if winner is not None:
            winner.stack += total
            awards.append({"seat": winner.seat, "amount": fmt(total), "pot": 0, "share": None})
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def hand_cards(self, p):
        cards = list(p.down) + list(p.up)
        if self.rules.share_cards == "all":
            cards += list(self.community)
        return cards

    def showdown(self):
        self.return_uncalled()
        self.round = None
        self.to_act = None
        self.over = True
        rules = self.rules
        live = self.in_hand()
        values = {p.seat: best_hand(self.hand_cards(p)) for p in live}
        # show order: the last to bet or raise on the final round, else its first to act
        first = None
        if self.final_round is not None:
            _, aggressor, opener = self.final_round
            first = aggressor if aggressor is not None else (opener.seat if opener else None)
        if first is None or self.player(first).folded:
            first = None
        if first is None:
            order = [p for p in self.from_left_of(self.dealer) if not p.folded]
        else:
            start = self.player(first)
            order = [start] + [
                p for p in self.from_left_of(first) if not p.folded and p is not start
            ]
        hands = []
        for p in order:
            score, five = values[p.seat]
            hands.append(
                {"seat": p.seat, "share": rules.share_name, "name": hand_name(score), "cards": five}
            )
        awards = []
        pots = self.pots()
        for index, pot in enumerate(pots):
            eligible = [self.player(s) for s in pot["eligible"]]
            eligible = [p for p in eligible if p is not None and not p.folded]
            if not eligible or pot["amount"] == 0:
                continue
            best = max(values[p.seat][0] for p in eligible)
            winners = [p for p in eligible if values[p.seat][0] == best]
            for p, amount in self.split(pot["amount"], winners):
                p.stack += amount
                share = rules.share_name if len(eligible) > 1 else None
                awards.append({"seat": p.seat, "amount": fmt(amount), "pot": index, "share": share})
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    def split(self, amount, winners):
        chip = self.rules.chip
        n = len(winners)
        units = amount / chip
        whole = int(units // n)
        each = chip * whole
        left = amount - each * n
        order = [p for p in self.from_left_of(self.dealer) if p in winners]
        if self.rules.odd_chip_tie == "high-card" and "odd-chip-to-dealer-left" not in BUGS:

            def top(p):
                return max((RANK_VALUE[c[0]], "cdhs".index(c[1])) for c in self.hand_cards(p))

            order = sorted(winners, key=top, reverse=True)
        shares = {p.seat: each for p in winners}
        i = 0
        while left > 0:
            give = min(chip, left)
            shares[order[i % n].seat] += give
            left -= give
            i += 1
        return [(p, shares[p.seat]) for p in order]

    # -- betting --------------------------------------------------------------------------

    def street(self):
        return self.rules.streets[self.street_index]

    def street_min(self):
        rules = self.rules
        return rules.small_bet if self.street()["bet"] == "small" else rules.big_bet

    def open_pair(self):
        for p in self.in_hand():
            ranks = Counter(c[0] for c in p.up)
            if any(n >= 2 for n in ranks.values()):
                return True
        return False

    def units(self):
        """Fixed limit: the bet sizes allowed now, smallest first."""
        rules = self.rules
        street = self.street()
        if street["bet"] == "big":
            return [rules.big_bet]
        option = street["big_bet_when"] == "open-pair"
        if option and street["name"] == "fourth" and "fourth-street-pair-no-option" in BUGS:
            option = False
        rnd = self.round
        if rnd.big_made and rules.big_bet_locks:
            return [rules.big_bet]
        if option and self.open_pair():
            return sorted({rules.small_bet, rules.big_bet})
        return [rules.small_bet]

    def capped(self):
        rules = self.rules
        rnd = self.round
        if rules.max_raises is None or rnd.raises < rules.max_raises:
            return False
        if rules.uncapped == "in-hand" and len(self.in_hand()) <= 2:
            return False
        if rules.uncapped == "round-start" and rnd.able_at_start <= 2:
            return False
        return True

    def answerable(self, p):
        """Whether some opponent could put in another chip above the level."""
        level = self.round.level
        return any(q is not p and q.able() and q.reach() > level for q in self.players)

    def floor_chip(self, amount):
        chip = self.rules.chip
        return (amount // chip) * chip

    def pot_max(self, p):
        """Pot limit: the largest total for ``p`` this street."""
        level = self.round.level
        pot = self.pot_total()
        if self.rules.pot_ceiling == "pot-plus-bet":
            top = pot + level
        elif "pot-limit-no-call-counted" in BUGS:
            top = level + pot
        else:
            top = level + pot + (level - p.bet)
        return self.floor_chip(top)

    def options(self, p):
        """The legal options of ``p``: a list of (action, lo, hi) with lo == hi for a fixed
        amount and None for fold and check."""
        rules = self.rules
        rnd = self.round
        reach = p.reach()
        level = rnd.level
        out = []
        if rnd.forced == p.seat:
            bring = min(rules.bring_in, reach)
            out.append(("bring_in", bring, bring))
            if reach > bring and self.answerable(p):
                if rules.structure == "fixed-limit":
                    if rules.small_bet > rules.bring_in:
                        amount = min(rules.small_bet, reach)
                        out.append(("complete", amount, amount))
                else:
                    # the forced player may bet anything above the bring-in up to the pot
                    lo = max(rules.small_bet, rules.bring_in + rules.chip)
                    if "pot-limit-min-bet-big" in BUGS:
                        lo = max(rules.big_bet, rules.bring_in + rules.chip)
                    hi = max(self.pot_max(p), lo)
                    out.append(("complete", min(lo, reach), min(hi, reach)))
            return out
        if level > p.bet:
            out.append(("fold", None, None))
            call = min(level, reach)
            out.append(("call", call, call))
        else:
            out.append(("check", None, None))
            if rules.fold_when_check == "allowed":
                out.append(("fold", None, None))
        if reach <= level or not self.answerable(p):
            return out
        if rnd.state == "bet" and (p.acted or self.capped()):
            return out
        word = {"none": "bet", "bring-in": "complete", "bet": "raise"}[rnd.state]
        if rules.structure == "fixed-limit":
            if rnd.state == "none":
                amounts = [min(u, reach) for u in self.units()]
            elif rnd.state == "bring-in":
                amounts = [min(rules.small_bet, reach)]
            else:
                amounts = [min(level + u, reach) for u in self.units()]
            for amount in sorted(set(amounts)):
                if amount > level:
                    out.append((word, amount, amount))
            return out
        # pot limit
        street_min = rules.small_bet if self.street()["bet"] == "small" else rules.big_bet
        if rnd.state == "none":
            lo = street_min
            if "pot-limit-min-bet-big" in BUGS:
                lo = rules.big_bet
        elif rnd.state == "bring-in":  # past what is in (a bring-in may be short, all in)
            lo = max(rules.small_bet, level + rules.chip)
            if "pot-limit-min-bet-big" in BUGS:
                lo = max(rules.big_bet, level + rules.chip)
        else:
            if "pot-limit-min-bet-big" in BUGS:
                lo = level + rules.big_bet
            elif rules.min_raise == "double":
                lo = level + max(level, rnd.increment)
            else:
                lo = level + rnd.increment
        hi = max(self.pot_max(p), lo)
        out.append((word, min(lo, reach), min(hi, reach)))
        return out

    def legal(self):
        if self.over or self.to_act is None:
            return []
        out = []
        for action, lo, hi in self.options(self.player(self.to_act)):
            if lo is None:
                out.append({"action": action})
            elif lo == hi:
                out.append({"action": action, "amount": fmt(lo)})
            else:
                out.append({"action": action, "min": fmt(lo), "max": fmt(hi)})
        return out

    def describe(self, options):
        words = []
        for action, lo, hi in options:
            if lo is None:
                words.append(action)
            elif lo == hi:
                words.append(f"{action} {fmt(lo)}")
            else:
                words.append(f"{action} {fmt(lo)} to {fmt(hi)}")
        return ", ".join(words)

    def act(self, seat, action, amount):
        if self.over:
            raise Refusal("illegal_action", "the hand is over", [])
        p = self.player(seat)
        legal_now = self.legal()
        if p is None or seat != self.to_act:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not {seat}'s", legal_now
            )
        options = self.options(p)
        chosen = None
        for name, lo, hi in options:
            if name != action:
                continue
            if lo is None:
                chosen = (name, None)
                break
            if amount is None:
                if lo == hi:
                    chosen = (name, lo)
                    break
                continue
            if lo <= amount <= hi:
                on_chip = (amount % self.rules.chip) == 0
                if on_chip or amount == p.reach() or lo == hi:
                    chosen = (name, amount)
                    break
        if chosen is None:
            raise Refusal(
                "illegal_action",
                f"{action}{'' if amount is None else ' ' + fmt(amount)} is not legal"
                f" now; legal now: {self.describe(options)}",
                legal_now,
            )
        self.play(p, chosen[0], chosen[1])

    def play(self, p, action, amount):
        rules = self.rules
        rnd = self.round
        level = rnd.level
        fraction = rules.reopen_fraction
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self.put(p, amount)
        elif action == "bring_in":
            self.put(p, amount)
            rnd.forced = None
            rnd.level = max(level, amount)
            if amount >= rules.small_bet:
                # a bring-in of a full small bet is the bet itself
                rnd.state = "bet"
                rnd.increment = amount
            else:
                rnd.state = "bring-in"
        else:
            rnd.forced = None
            self.put(p, amount)
            increase = amount - level
            if action == "bet":
                # the first bet opens the betting for everyone, all in for less or not
                reopen = True
                rnd.state = "bet"
                rnd.increment = max(amount, self.street_min())
                if (
                    rules.structure == "fixed-limit"
                    and amount == rules.big_bet
                    and rules.big_bet > rules.small_bet
                    and self.street()["bet"] == "small"
                ):
                    rnd.big_made = True
            elif action == "complete":
                full = rules.small_bet
                if rules.structure != "fixed-limit":
                    full = max(rules.small_bet, (level or rules.bring_in) + rules.chip)
                reopen = amount >= full * fraction
                if reopen:
                    rnd.state = "bet"
                    rnd.increment = max(amount, self.street_min())  # the completion is the bet
                else:
                    # a completion short of the fraction leaves the bring-in uncompleted
                    rnd.state = "bring-in"
            else:  # raise
                if rules.structure == "fixed-limit":
                    units = self.units()
                    full = units[0]
                    if (
                        increase == rules.big_bet
                        and rules.big_bet > rules.small_bet
                        and self.street()["bet"] == "small"
                    ):
                        rnd.big_made = True
                elif rules.min_raise == "double":
                    full = max(level, rnd.increment)
                else:
                    full = rnd.increment
                reopen = increase >= full * fraction
                if reopen:
                    rnd.raises += 1
                    if rules.structure != "fixed-limit":
                        rnd.increment = increase
                elif rules.structure == "fixed-limit" and "short-all-in-reopens" in BUGS:
                    reopen = True  # planted: the short raise gives the others a raise again
            rnd.level = max(level, amount)
            rnd.last_aggressor = p.seat
            if reopen:
                for q in self.players:
                    if q is not p:
                        q.acted = False
        p.acted = True
        if action in ("bet", "raise", "complete") and self.final_round is not None:
            index, _, opener = self.final_round
            self.final_round = (index, p.seat, opener)
        self.next_turn(p)

    def next_turn(self, actor):
        if len(self.in_hand()) <= 1:
            self.finish_uncontested()
            return
        level = self.round.level
        for q in self.from_left_of(actor.seat):
            if q.able() and (not q.acted or q.bet < level):
                if q is actor:
                    continue
                self.to_act = q.seat
                return
        self.finish_round()

    # -- the state ------------------------------------------------------------------------

    def state(self):
        street = (
            self.rules.streets[self.street_index]["name"]
            if self.street_index >= 0
            else self.rules.streets[0]["name"]
        )
        pots = self.pots()
        return {
            "street": street,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": self.legal(),
            "pot": fmt(self.pot_total()),
            "pots": [{"amount": fmt(pot["amount"]), "eligible": pot["eligible"]} for pot in pots],
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
            "result": self.result,
        }


# ----------------------------------------------------------------------------------------
# the protocol


def build_deck(cards):
    if not isinstance(cards, list):
        raise bad("deck: a list of cards")
    seen = set()
    for card in cards:
        if not card_ok(card):
            raise bad(f"deck: {card!r} is not a card")
        if card in seen:
            raise bad(f"deck: {card} twice")
        seen.add(card)
    return list(cards) + [c for c in NEW_DECK if c not in seen]


class Server:
    def __init__(self):
        self.hand = None
        self.rules = None

    def op_hello(self, request):
        return {
            "protocol": 1,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
            "rulesets": ["*"],
            "features": ["evaluate", "pot-limit", "table"],
        }

    def op_new_hand(self, request):
        rules = Rules(request.get("ruleset"))
        seats = request.get("seats")
        if not isinstance(seats, list) or not seats:
            raise bad("seats: a list of seats")
        players = []
        numbers = set()
        for entry in seats:
            if not isinstance(entry, dict):
                raise bad("seats: each seat is an object")
            number = entry.get("seat")
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                raise bad("seats: a seat number is a positive whole number")
            if number in numbers:
                raise bad(f"seats: seat {number} twice")
            numbers.add(number)
            players.append(
                Player(number, str(entry.get("name", "")), money(entry.get("stack"), "stack"))
            )
        if not rules.seats_min <= len(players) <= max(rules.seats_max, 2):
            raise bad(
                f"seats: {len(players)} players, the ruleset seats "
                f"{rules.seats_min} to {rules.seats_max}"
            )
        dealer = request.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer < 1:
            raise bad("dealer: a seat number")
        deck = build_deck(request.get("deck") or [])
        hand = Hand(rules, players, dealer, deck)
        self.hand, self.rules = hand, rules
        return {"state": hand.state()}

    def op_next_hand(self, request):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        if not self.hand.over:
            raise bad("the hand is still being played")
        rules = self.rules
        old = self.hand
        players = [Player(p.seat, p.name, p.stack) for p in old.players if p.stack > 0]
        if len(players) < 2:
            raise bad("fewer than two players have chips left")
        dealer = old.dealer
        if rules.rotates:
            seats = sorted(p.seat for p in players)
            later = [s for s in seats if s > dealer]
            dealer = later[0] if later else seats[0]
        deck = build_deck(request.get("deck") or [])
        self.hand = Hand(rules, players, dealer, deck)
        return {"state": self.hand.state()}

    def op_act(self, request):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        seat = request.get("seat")
        action = request.get("action")
        amount = request.get("amount")
        amount = None if amount is None else money(amount)
        self.hand.act(seat, action, amount)
        return {"state": self.hand.state()}

    def op_state(self, request):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def op_evaluate(self, request):
        ranking = request.get("ranking")
        if ranking != "high":
            raise Refusal("unsupported", f"evaluate: ranking {ranking!r} is not played")
        if request.get("qualifier") is not None or request.get("wild"):
            raise Refusal("unsupported", "evaluate: qualifier and wild are not read")
        hands = request.get("hands")
        if not isinstance(hands, list):
            raise bad("hands: a list of hands")
        scored = []
        for cards in hands:
            if (
                not isinstance(cards, list)
                or not all(card_ok(c) for c in cards)
                or not 5 <= len(cards) <= 8
                or len(set(cards)) != len(cards)
            ):
                raise bad(f"hands: {cards!r} is not a hand of five to eight cards")
            scored.append(best_hand(cards))
        results = []
        for score, five in scored:
            better = sum(1 for other, _ in scored if other > score)
            results.append({"best": five, "name": hand_name(score), "rank": better + 1})
        return {"results": results}

    def handle(self, request):
        op = request.get("op")
        method = getattr(self, "op_" + str(op).replace("-", "_"), None)
        if op == "bye":
            return {}
        if method is None:
            raise Refusal("unsupported", f"op {op!r} is not supported")
        return method(request)


def main(argv):
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--bugs" and args:
            names = args.pop(0)
        elif arg.startswith("--bugs="):
            names = arg.split("=", 1)[1]
        else:
            print(f"unknown argument {arg!r}", file=sys.stderr)
            return 2
        for name in filter(None, (n.strip() for n in names.split(","))):
            if name not in BUG_NAMES:
                print(f"unknown bug {name!r}; known: {', '.join(BUG_NAMES)}", file=sys.stderr)
                return 2
            BUGS.add(name)
    server = Server()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("not an object")
        except (ValueError, RecursionError) as error:
            reply = {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": f"unreadable request: {error}"},
            }
            print(json.dumps(reply), flush=True)
            continue
        rid = request.get("id")
        try:
            fields = server.handle(request)
            reply = {"id": rid, "ok": True, **fields}
        except Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message}
            if refusal.code == "illegal_action":
                error["legal"] = refusal.legal if refusal.legal is not None else []
            reply = {"id": rid, "ok": False, "error": error}
        except Exception as error:  # noqa: BLE001 - keep answering
            print(f"internal error: {error!r}", file=sys.stderr)
            reply = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(error)}}
        print(json.dumps(reply), flush=True)
        if request.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

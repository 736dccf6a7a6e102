#!/usr/bin/env python3
"""A fourth seven-card stud engine written apart from the reference (fixed limit, high only).

Speaks the stud engine protocol (JSON Lines on stdin/stdout).  Written from
docs/protocol.md, the pages under docs/, schemas/, the shipped rulesets and the output of
``stud show seven-card-stud --json`` only, by another hand than the other independent
engines: standard library only, nothing imported from ``stud``, no ``seat-cards``.  Where
the docs leave a detail open (a short all-in bet, the run-out order), it was settled by
playing against ``stud fuzz`` and ``stud serve`` as black boxes, never by reading them.

Its design is event-sourced: a hand is its inputs (rules, seats, dealer, deck) plus the
list of actions accepted so far, and every state is rebuilt by replaying that list on a
fresh table.  A refused action never enters the list, so it cannot change anything.
Hands are judged by rank counts (no table, no 21 five-card subsets).

It walks the ruleset's street table, so it plays every ruleset whose values it knows
(fixed limit, one high share, cards speak, no wild card, joker, blind, exchange, centre
card or decision round); anything else is refused with ``unsupported``, naming the value.

    python3 independent_four.py [--bugs name1,name2]

Planted bugs (for testing a conformance suite), each off unless named:
short-all-in-reopens, bring-in-cannot-complete-later, cap-counts-bring-in,
all-in-player-asked, side-pot-eligibility-wrong, flush-ties-by-top-card-only,
burn-before-third, river-opener-by-all-cards, min-bring-in-as-ante,
uncalled-side-bet-to-pot.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

BUGS = (
    # an all-in raise short of the reopening fraction still reopens the betting
    "short-all-in-reopens",
    # once someone completes, the bring-in seat may only call or fold when it comes back
    "bring-in-cannot-complete-later",
    # the bring-in is counted as the round's bet, so the completion uses up a raise
    "cap-counts-bring-in",
    # a player all in from an earlier street is still given a turn (a check)
    "all-in-player-asked",
    # a player who folded stays eligible for the side pots he put chips in
    "side-pot-eligibility-wrong",
    # two flushes are compared by their top card only
    "flush-ties-by-top-card-only",
    # a card is burned before the first deal too
    "burn-before-third",
    # the last street's opener is read from all the player's cards, hole cards included
    "river-opener-by-all-cards",
    # the ante taken is the bring-in amount (stands in for "a fold refused when a check is
    # free", which is what the rules themselves do unless betting.fold_when_check allows it)
    "min-bring-in-as-ante",
    # a bet nobody matched over an all-in player is left in a side pot, not given back
    "uncalled-side-bet-to-pot",
)

ENGINE = {"name": "independent-four", "version": "1.0"}
FEATURES = ["evaluate", "table", "refusal-state", "pipelining"]

RANK_CHARS = "23456789TJQKA"
RANK_OF = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
SUIT_CHARS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
NEW_DECK = [r + s for r in RANK_CHARS for s in SUIT_CHARS]
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
}


def plural(rank: int) -> str:
    return "sixes" if rank == 6 else WORD[rank] + "s"


class Refusal(Exception):
    """A request answered with ok: false."""

    def __init__(self, code: str, message: str, legal: list | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


# --------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Street:
    name: str
    deal: tuple[str, ...]
    deal_if: int | None
    opener: str
    bet: str | None
    open_pair: bool
    ties: str | None


@dataclass(frozen=True)
class Rules:
    chip: Decimal
    ante: int
    bring_in: int | None
    small: int
    big: int
    seats_min: int
    seats_max: int
    rotates: bool
    burn: bool
    reuse_burns: bool
    community_card: bool
    low_door: bool
    aces_low: bool
    suit_rank: dict
    bring_in_next_card: bool
    board_ties: str
    max_raises: int | None
    uncapped: str
    locks: bool
    reopen: Decimal
    fold_when_check: bool
    streets: tuple[Street, ...]
    share: str
    odd_by_high_card: bool


def unsupported(path: str, value: object, plays: str) -> Refusal:
    shown = json.dumps(value) if not isinstance(value, str) else repr(value)
    return Refusal("unsupported", f"{path} = {shown}: this engine plays {plays}")


def want(doc: dict, path: str, default: object) -> object:
    node: object = doc
    for key in path.split("."):
        if not isinstance(node, dict) or key not in node:
            return default
        node = node[key]
    return node


def to_chips(value: object, chip: Decimal, what: str) -> int:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError) as exc:
        raise Refusal("bad_request", f"{what}: {value!r} is not an amount") from exc
    if not amount.is_finite() or amount < 0:
        raise Refusal("bad_request", f"{what}: {value!r} is not an amount")
    units = amount / chip
    if units != units.to_integral_value():
        raise Refusal("bad_request", f"{what}: {value} is not a whole number of chips")
    return int(units)


def read_rules(doc: dict) -> Rules:
    """The ruleset document as this engine plays it, or unsupported naming the value."""

    def only(path: str, default: object, allowed: tuple, plays: str) -> object:
        value = want(doc, path, default)
        if value not in allowed:
            raise unsupported(path, value, plays)
        return value

    only("deck.jokers", 0, (0,), "no joker")
    only("deck.centre", [], ([],), "no centre cards")
    only("deck.stripped", [], ([],), "the full pack")
    only("stakes.small_blind", None, (None,), "no blinds")
    only("stakes.big_blind", None, (None,), "no blinds")
    only("board.ranking", "high", ("high",), "high boards only")
    only("betting.structure", "fixed-limit", ("fixed-limit",), "fixed limit only")
    only("wild.ranks", [], ([],), "no wild cards")
    only("wild.low_hole", False, (False,), "no wild cards")
    only("wild.joker", "none", ("none",), "no joker")
    only("events", [], ([],), "no event table")
    only("showdown.method", "cards-speak", ("cards-speak",), "cards speak only")
    only("pot.split_unit", None, (None,), "pots cut in chips")
    shares = want(doc, "pot.shares", None)
    if not isinstance(shares, list) or len(shares) != 1 or not isinstance(shares[0], dict):
        raise unsupported("pot.shares", shares, "one high share")
    share = shares[0]
    for key, default, allowed in (
        ("ranking", "high", ("high",)),
        ("qualifier", None, (None,)),
        ("minimum", None, (None,)),
        ("cards", "all", ("all",)),
        ("own", None, (None,)),
        ("common", None, (None,)),
        ("suit", None, (None,)),
        ("fallback", None, (None,)),
    ):
        value = share.get(key, default)
        if value not in allowed:
            raise unsupported(f"pot.shares[0].{key}", value, "one plain high share")

    chip_raw = want(doc, "stakes.chip", "0.01")
    try:
        chip = Decimal(str(chip_raw))
    except InvalidOperation as exc:
        raise Refusal("bad_request", f"stakes.chip: {chip_raw!r}") from exc
    if not chip.is_finite() or chip <= 0:
        raise Refusal("bad_request", f"stakes.chip: {chip_raw!r}")

    def amount(path: str, default: object) -> int | None:
        value = want(doc, path, default)
        return None if value is None else to_chips(value, chip, path)

    small = amount("stakes.small_bet", None)
    big = amount("stakes.big_bet", None)
    if small is None or big is None:
        raise Refusal("bad_request", "stakes.small_bet and stakes.big_bet are required")

    streets = []
    raw_streets = want(doc, "streets", None)
    if not isinstance(raw_streets, list) or not raw_streets:
        raise Refusal("bad_request", "streets: a list of streets is required")
    for i, raw in enumerate(raw_streets):
        if not isinstance(raw, dict):
            raise Refusal("bad_request", f"streets[{i}] is not a street")
        name = str(raw.get("name", i))
        path = f"streets.{name}"
        deal = raw.get("deal", []) or []
        for face in deal:
            if face not in ("down", "up"):
                raise unsupported(f"{path}.deal", deal, "cards dealt up or down")
        if raw.get("exchange") is not None:
            raise unsupported(f"{path}.exchange", raw.get("exchange"), "no exchange")
        if raw.get("decide"):
            raise unsupported(f"{path}.decide", raw.get("decide"), "no decision round")
        if raw.get("spread") is not None:
            raise unsupported(f"{path}.spread", raw.get("spread"), "fixed limit only")
        opener = raw.get("opener", "best-board")
        if opener not in ("bring-in", "best-board", "first-left"):
            raise unsupported(f"{path}.opener", opener, "bring-in, best-board or first-left")
        bet = raw.get("bet", "small")
        if bet not in ("small", "big", None):
            raise unsupported(f"{path}.bet", bet, "small or big bets")
        when = raw.get("big_bet_when", "never")
        if when not in ("never", "open-pair"):
            raise unsupported(f"{path}.big_bet_when", when, "never or open-pair")
        ties = raw.get("ties")
        if ties not in (None, "suit", "position"):
            raise unsupported(f"{path}.ties", ties, "suit or position")
        streets.append(
            Street(
                name=name,
                deal=tuple(deal),
                deal_if=raw.get("deal_if_players_at_most"),
                opener=opener,
                bet=bet,
                open_pair=when == "open-pair" and bet == "small",
                ties=ties,
            )
        )

    order = want(doc, "bring_in.suit_order", ["clubs", "diamonds", "hearts", "spades"])
    if not isinstance(order, list) or sorted(order) != sorted(SUIT_NAMES):
        raise unsupported("bring_in.suit_order", order, "an order of the four suits")
    card = only("bring_in.card", "lowest", ("lowest", "highest"), "lowest or highest")
    aces = only("bring_in.aces", "high", ("high", "low"), "aces high or low")
    all_in = only("bring_in.all_in", "next-card", ("next-card", "next-seat"), "both")
    ties = only("board.ties", "suit", ("suit", "position"), "suit or position")
    uncapped = only(
        "betting.uncapped_heads_up", "in-hand", ("in-hand", "round-start", "never"), "all"
    )
    fold = only("betting.fold_when_check", "refused", ("refused", "allowed"), "both")
    tie = only("pot.odd_chip_tie", "position", ("position", "high-card"), "both")
    max_raises = want(doc, "betting.max_raises", 3)
    if max_raises is not None and (not isinstance(max_raises, int) or max_raises < 0):
        raise Refusal("bad_request", f"betting.max_raises: {max_raises!r}")
    seats = want(doc, "seats", {}) or {}
    return Rules(
        chip=chip,
        ante=amount("stakes.ante", "0") or 0,
        bring_in=amount("stakes.bring_in", None),
        small=small,
        big=big,
        seats_min=int(seats.get("min", 2)),
        seats_max=int(seats.get("max", 8)),
        rotates=bool(want(doc, "dealer.rotates", True)),
        burn=bool(want(doc, "dealing.burn", True)),
        reuse_burns=bool(want(doc, "dealing.reuse_burns", True)),
        community_card=bool(want(doc, "dealing.community_card", True)),
        low_door=card == "lowest",
        aces_low=aces == "low",
        suit_rank={SUIT_NAMES[name]: i for i, name in enumerate(order)},
        bring_in_next_card=all_in == "next-card",
        board_ties=str(ties),
        max_raises=max_raises,
        uncapped=str(uncapped),
        locks=bool(want(doc, "betting.big_bet_locks", True)),
        reopen=Decimal(str(want(doc, "betting.reopen_fraction", "0.5"))),
        fold_when_check=fold == "allowed",
        streets=tuple(streets),
        share=str(share.get("name", "high")),
        odd_by_high_card=tie == "high-card",
    )


SHIPPED_SEVEN_CARD_STUD = {
    "seats": {"min": 2, "max": 8},
    "stakes": {
        "chip": "0.01",
        "ante": "0.05",
        "bring_in": "0.10",
        "small_bet": "0.50",
        "big_bet": "1.00",
    },
    "streets": [
        {"name": "third", "deal": ["down", "down", "up"], "opener": "bring-in", "bet": "small"},
        {"name": "fourth", "deal": ["up"], "bet": "small", "big_bet_when": "open-pair"},
        {"name": "fifth", "deal": ["up"], "bet": "big"},
        {"name": "sixth", "deal": ["up"], "bet": "big"},
        {"name": "seventh", "deal": ["down"], "bet": "big"},
    ],
    "pot": {"shares": [{"name": "high", "ranking": "high"}]},
}


# --------------------------------------------------------------------------- hands


def rank_of(card: str) -> int:
    return RANK_OF[card[0]]


def straight_top(ranks: set) -> int | None:
    have = set(ranks)
    if 14 in have:
        have.add(1)
    for top in range(14, 4, -1):
        if all(r in have for r in range(top - 4, top + 1)):
            return top
    return None


def run_of(cards: list, top: int) -> list:
    """Five cards making the straight down from top (the ace plays low under a five)."""
    first = {}
    for card in cards:
        first.setdefault(rank_of(card), card)
    return [first[14 if r == 1 else r] for r in range(top, top - 5, -1)]


def judge(cards: list, *, straights: bool = True, flush_top_only: bool = False) -> tuple:
    """(key, five cards, name) of the best high hand, read from the counts of each rank.

    Without ``straights`` (a board) only pairs, trips and quads count, then high cards.
    Fewer than five cards are read as they are.  Keys compare with ``>``.
    """
    ordered = sorted(cards, key=rank_of, reverse=True)
    if not ordered:
        return (0,), [], "no cards"
    suits: dict = {}
    counts: dict = {}
    for card in ordered:
        suits.setdefault(card[1], []).append(card)
        counts.setdefault(rank_of(card), []).append(card)
    flushes = [group for group in suits.values() if len(group) >= 5] if straights else []
    groups = sorted(counts.items(), key=lambda kv: (len(kv[1]), kv[0]), reverse=True)
    (top_rank, top_cards), size = groups[0], [len(g) for _, g in groups]

    def with_kickers(used: list, n: int) -> tuple:
        rest = [c for c in ordered if c not in used][:n]
        return used + rest, [rank_of(c) for c in rest]

    best_sf = max(
        ((straight_top({rank_of(c) for c in g}) or 0, g) for g in flushes), default=(0, [])
    )
    if best_sf[0]:
        top, group = best_sf
        name = "royal flush" if top == 14 else f"{WORD[top]}-high straight flush"
        return (8, top), run_of(group, top), name
    if size[0] >= 4:
        five, kick = with_kickers(top_cards[:4], 1)
        return (7, top_rank, *kick), five, f"four of a kind, {plural(top_rank)}"
    if size[0] == 3 and len(size) > 1 and size[1] >= 2:
        second = groups[1][0]
        name = f"full house, {plural(top_rank)} over {plural(second)}"
        return (6, top_rank, second), top_cards + groups[1][1][:2], name
    if flushes:
        five = max((g[:5] for g in flushes), key=lambda g: [rank_of(c) for c in g])
        ranks = [rank_of(c) for c in five]
        key = (5, ranks[0]) if flush_top_only else (5, *ranks)
        return key, five, f"flush, {WORD[ranks[0]]} high"
    top = straight_top(set(counts)) if straights else None
    if top:
        return (4, top), run_of(ordered, top), f"{WORD[top]}-high straight"
    if size[0] == 3:
        five, kick = with_kickers(top_cards, 2)
        return (3, top_rank, *kick), five, f"three of a kind, {plural(top_rank)}"
    if size[0] == 2 and len(size) > 1 and size[1] == 2:
        second = groups[1][0]
        five, kick = with_kickers(top_cards + groups[1][1], 1)
        name = f"two pair, {plural(top_rank)} and {plural(second)}"
        return (2, top_rank, second, *kick), five, name
    if size[0] == 2:
        five, kick = with_kickers(top_cards, 3)
        return (1, top_rank, *kick), five, f"pair of {plural(top_rank)}"
    five = ordered[:5]
    return (0, *[rank_of(c) for c in five]), five, f"high card, {WORD[rank_of(five[0])]}"


# --------------------------------------------------------------------------- a hand


@dataclass
class Player:
    seat: int
    name: str
    stack: int
    bet: int = 0
    total: int = 0
    folded: bool = False
    all_in: bool = False
    down: list = field(default_factory=list)
    up: list = field(default_factory=list)


@dataclass
class Round:
    street: Street
    index: int
    start_active: int
    high: int = 0
    opened: bool = False
    bring_in_street: bool = False
    forced: int | None = None
    bring_in_seat: int | None = None
    bring_in_posted: bool = False
    raises: int = 0
    locked: bool = False
    seq: int = 0
    acted: dict = field(default_factory=dict)
    to_act: int | None = None
    first: int | None = None
    aggressor: int | None = None
    asked_all_in: frozenset = frozenset()


class Table:
    """One hand, rebuilt from its inputs and the actions played so far."""

    def __init__(self, rules: Rules, seats: list, dealer: int, deck: list, bugs: set) -> None:
        self.rules = rules
        self.bugs = bugs
        self.dealer = dealer
        self.players = {s: Player(s, n, st) for s, n, st in seats}
        numbers = sorted(self.players)
        after = [s for s in numbers if s > dealer] + [s for s in numbers if s <= dealer]
        self.order = after
        self.place = {s: i for i, s in enumerate(after)}
        self.stub = list(deck)
        self.burns: list = []
        self.community: list = []
        self.dealt_any = False
        self.dealt_in = len(numbers)
        self.street_index = -1
        self.street_name = rules.streets[0].name
        self.round: Round | None = None
        self.betting_rounds = 0
        self.last_round: Round | None = None
        self.last_street_bet = False
        self.over = False
        self.result: dict | None = None
        self.pots_at_end: list | None = None

    # ----- seats and order

    def clockwise_after(self, seat: int) -> list:
        if seat in self.place:
            i = self.place[seat]
            return self.order[i + 1 :] + self.order[: i + 1]
        return list(self.order)

    def live(self) -> list:
        return [s for s in self.order if not self.players[s].folded]

    def can_act(self, seat: int) -> bool:
        p = self.players[seat]
        return not p.folded and not p.all_in

    def put(self, p: Player, chips: int) -> None:
        chips = min(chips, p.stack)
        p.stack -= chips
        p.bet += chips
        p.total += chips
        if p.stack == 0:
            p.all_in = True

    # ----- dealing

    def playable(self, street: Street) -> bool:
        return street.deal_if is None or self.dealt_in <= street.deal_if

    def rounds_after(self, street_index: int, round_index: int) -> int:
        later = len(self.rules.streets[street_index].deal) - round_index - 1
        for street in self.rules.streets[street_index + 1 :]:
            if self.playable(street):
                later += len(street.deal)
        return later

    def deal_street(self, index: int) -> None:
        street = self.rules.streets[index]
        if not street.deal:
            return
        first = not self.dealt_any
        if len(self.stub) < len(self.live()) and self.rules.reuse_burns:
            # the burns go under the stub before this street's burn
            self.stub.extend(self.burns)
            self.burns = []
        if self.rules.burn and self.stub and (not first or "burn-before-third" in self.bugs):
            self.burns.append(self.stub.pop(0))
        self.dealt_any = True
        for r, face in enumerate(street.deal):
            live = self.live()
            need = len(live)
            if len(self.stub) < need and self.rules.reuse_burns:
                self.stub.extend(self.burns)
                self.burns = []
            later = self.rounds_after(index, r)
            spare = len(self.stub) + (len(self.burns) if self.rules.reuse_burns else 0)
            if self.rules.community_card and spare - need < later:
                if self.stub:
                    self.community.append(self.stub.pop(0))
                continue
            if len(self.stub) < need:
                if self.stub:
                    self.community.append(self.stub.pop(0))
                continue
            for seat in live:
                card = self.stub.pop(0)
                p = self.players[seat]
                (p.up if face == "up" else p.down).append(card)

    # ----- who opens

    def door_key(self, card: str) -> tuple:
        rank = rank_of(card)
        if rank == 14 and self.rules.aces_low:
            rank = 1
        return rank, self.rules.suit_rank[card[1]]

    def forced_seat(self) -> int | None:
        live = [s for s in self.live() if self.players[s].up]
        if not live:
            return None
        low = self.rules.low_door

        def door(seat: int) -> tuple:
            keys = [self.door_key(c) for c in self.players[seat].up]
            return min(keys) if low else max(keys)

        def extreme(seats: list) -> int | None:
            if not seats:
                return None
            return (min if low else max)(seats, key=door)

        if self.rules.bring_in_next_card:
            return extreme([s for s in live if self.can_act(s)])
        seat = extreme(live)
        if seat is not None and not self.can_act(seat):
            seat = next((s for s in self.clockwise_after(seat) if self.can_act(s)), None)
        return seat

    def board_cards(self, seat: int, last_street: bool) -> list:
        p = self.players[seat]
        if last_street and "river-opener-by-all-cards" in self.bugs:
            return p.down + p.up + self.community
        return p.up + self.community

    def board_leader(self, street: Street, index: int) -> int | None:
        live = self.live()
        if not live:
            return None
        last = index == len(self.rules.streets) - 1
        ties = street.ties or self.rules.board_ties
        suit_rank = self.rules.suit_rank
        keyed = []
        for seat in live:
            key, five, _ = judge(self.board_cards(seat, last), straights=False)
            top_suit = -1
            if ties == "suit" and five:
                lead = [c for c in five if rank_of(c) == key[1]] if len(key) > 1 else five
                top_suit = max(suit_rank[c[1]] for c in lead)
            keyed.append((key, top_suit, -self.place[seat], seat))
        return max(keyed)[3]

    # ----- betting rounds

    def open_round(self, index: int) -> bool:
        street = self.rules.streets[index]
        actors = [s for s in self.order if self.can_act(s)]
        if street.bet is None or len(actors) < 2:
            return False
        later = self.betting_rounds > 0
        asked = frozenset()
        if later and "all-in-player-asked" in self.bugs:
            asked = frozenset(s for s in self.live() if self.players[s].all_in)
        rnd = Round(street=street, index=index, start_active=len(actors), asked_all_in=asked)
        self.betting_rounds += 1
        first = None
        if street.opener == "bring-in" and self.rules.bring_in is not None and not later:
            first = self.forced_seat()
            if first is not None:
                rnd.forced = first
                rnd.bring_in_seat = first
                rnd.bring_in_street = True
        if first is None:
            if street.opener == "first-left":
                leader = self.live()[0]
            else:
                leader = self.board_leader(street, index)
            first = leader
            if not self.needs_turn(rnd, first):
                first = next(s for s in self.clockwise_after(leader) if self.needs_turn(rnd, s))
        rnd.to_act = first
        rnd.first = first
        self.round = rnd
        return True

    def needs_turn(self, rnd: Round, seat: int) -> bool:
        p = self.players[seat]
        if p.folded:
            return False
        if p.all_in:
            return seat in rnd.asked_all_in and seat not in rnd.acted
        return seat not in rnd.acted or p.bet < rnd.high

    def open_pair(self, rnd: Round) -> bool:
        if not rnd.street.open_pair or self.rules.big == self.rules.small:
            return False
        for seat in self.live():
            ranks = [rank_of(c) for c in self.players[seat].up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    def unit(self, rnd: Round) -> int:
        return self.rules.big if rnd.street.bet == "big" or rnd.locked else self.rules.small

    def capped(self, rnd: Round) -> bool:
        if self.rules.max_raises is None or rnd.raises < self.rules.max_raises:
            return False
        if self.rules.uncapped == "in-hand":
            return len(self.live()) > 2
        if self.rules.uncapped == "round-start":
            return rnd.start_active > 2
        return True

    def answerable(self, rnd: Round, seat: int) -> bool:
        for other in self.live():
            q = self.players[other]
            if other != seat and not q.all_in and q.bet + q.stack > rnd.high:
                return True
        return False

    def options(self) -> list:
        """The legal options of the seat to act: (action, street total or None)."""
        rnd = self.round
        if self.over or rnd is None or rnd.to_act is None:
            return []
        rules = self.rules
        p = self.players[rnd.to_act]
        room = p.bet + p.stack
        if rnd.forced == p.seat:
            opts = [("bring_in", min(rules.bring_in, room))]
            if rules.bring_in < rules.small and p.stack > rules.bring_in:
                opts.append(("complete", min(rules.small, room)))
            return opts
        if p.all_in:
            return [("check", None)]
        owed = rnd.high - p.bet
        if owed > 0:
            opts = [("fold", None), ("call", min(rnd.high, room))]
        else:
            opts = [("check", None)]
            if rules.fold_when_check:
                opts.append(("fold", None))
        if p.stack <= owed or not self.answerable(rnd, p.seat):
            return opts
        pair = self.open_pair(rnd)
        if not rnd.opened:
            if rnd.bring_in_street:
                word, targets = "complete", [rules.small]
            elif rnd.street.bet == "big":
                word, targets = "bet", [rules.big]
            else:
                word, targets = "bet", [rules.small] + ([rules.big] if pair else [])
        else:
            if self.capped(rnd):
                return opts
            reopened = p.seat not in rnd.acted or rnd.acted[p.seat] < rnd.seq
            if not reopened:
                return opts
            if (
                "bring-in-cannot-complete-later" in self.bugs
                and p.seat == rnd.bring_in_seat
                and rnd.bring_in_street
            ):
                return opts
            if rnd.locked or rnd.street.bet == "big":
                units = [rules.big]
            elif pair:
                units = [rules.small, rules.big]
            else:
                units = [rules.small]
            word, targets = "raise", [rnd.high + u for u in units]
        seen = set()
        for target in targets:
            amount = min(target, room)
            if amount not in seen:
                seen.add(amount)
                opts.append((word, amount))
        return opts

    def play(self, seat: int, action: str, amount: int | None) -> None:
        """Play one action, already checked against options()."""
        rnd = self.round
        rules = self.rules
        p = self.players[seat]
        before = rnd.high
        if action == "fold":
            p.folded = True
        elif action == "call":
            self.put(p, amount - p.bet)
        elif action == "bring_in":
            self.put(p, amount - p.bet)
            rnd.forced = None
            rnd.bring_in_posted = True
            rnd.high = max(rnd.high, p.bet)
            # a bring-in of a full small bet is the bet; posted all in for less it is
            # not, and the next players may still complete it
            if rules.bring_in >= rules.small and p.bet >= rules.small:
                rnd.opened = True
            rnd.seq += 1
        elif action in ("complete", "bet", "raise"):
            self.put(p, amount - p.bet)
            rnd.forced = None
            rnd.high = p.bet
            rnd.aggressor = seat
            if action == "raise":
                step = p.bet - before
                full = step >= rules.reopen * self.unit(rnd)
                if full:
                    rnd.raises += 1
                if full or "short-all-in-reopens" in self.bugs:
                    rnd.seq += 1
            elif action == "bet":
                # any bet opens the round, even all in for less than the unit
                step = p.bet
                rnd.opened = True
                rnd.seq += 1
            else:
                step = 0
                if p.bet >= rules.reopen * rules.small:
                    rnd.opened = True
                    rnd.seq += 1
                    if rnd.bring_in_posted and "cap-counts-bring-in" in self.bugs:
                        rnd.raises += 1
            if rnd.street.open_pair and rules.locks and step >= rules.big:
                rnd.locked = True
        rnd.acted[seat] = rnd.seq
        if len(self.live()) == 1:
            rnd.to_act = None
            return
        rnd.to_act = next((s for s in self.clockwise_after(seat) if self.needs_turn(rnd, s)), None)

    def close_round(self) -> None:
        rnd = self.round
        live = self.live()
        if rnd is not None:
            top = max(self.order, key=lambda s: self.players[s].bet)
            high = self.players[top].bet
            second = max((self.players[s].bet for s in self.order if s != top), default=0)
            keep = "uncalled-side-bet-to-pot" in self.bugs and any(
                self.players[s].all_in for s in live if s != top
            )
            if high > second and not keep:
                back = high - second
                p = self.players[top]
                p.stack += back
                p.bet -= back
                p.total -= back
                p.all_in = p.stack == 0
            self.last_round = rnd
            self.last_street_bet = True
        for p in self.players.values():
            p.bet = 0
        self.round = None

    # ----- pots and the end

    def pots(self) -> list:
        if self.pots_at_end is not None:
            return self.pots_at_end
        everyone = self.players.values()
        levels = sorted({p.total for p in everyone if p.all_in and not p.folded})
        pots = []
        floor = 0
        for level in levels + [None]:
            amount = 0
            for p in everyone:
                top = p.total if level is None else min(p.total, level)
                amount += max(0, top - floor)
            eligible = []
            for seat in self.order:
                p = self.players[seat]
                if p.folded:
                    wrong = "side-pot-eligibility-wrong" in self.bugs and pots
                    if wrong and p.total > floor:
                        eligible.append(seat)
                    continue
                if level is None:
                    if not p.all_in:
                        eligible.append(seat)
                elif p.total >= level or not p.all_in:
                    eligible.append(seat)
            if amount > 0 and not eligible and pots:
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
            elif amount > 0:
                pots.append((amount, sorted(eligible)))
            if level is not None:
                floor = level
        return pots

    def show_order(self, street: Street, index: int) -> list:
        live = self.live()
        rnd = self.last_round
        first = None
        if rnd is not None and rnd.index == index and rnd.aggressor in live:
            first = rnd.aggressor
        if first is None:
            first = self.board_leader(street, index)
        i = live.index(first) if first in live else 0
        return live[i:] + live[:i]

    def finish(self) -> None:
        self.over = True
        self.round = None
        pots = self.pots()
        self.pots_at_end = pots
        live = self.live()
        awards = []
        hands = []
        if len(live) == 1:
            for i, (amount, _) in enumerate(pots):
                awards.append({"seat": live[0], "amount": amount, "pot": i, "share": None})
            showdown = False
        else:
            showdown = True
            index = max(self.street_index, 0)
            street = self.rules.streets[index]
            flush_top = "flush-ties-by-top-card-only" in self.bugs
            judged = {}
            for seat in self.order:
                p = self.players[seat]
                if p.folded and "side-pot-eligibility-wrong" not in self.bugs:
                    continue
                judged[seat] = judge(p.down + p.up + self.community, flush_top_only=flush_top)
            for seat in self.show_order(street, index):
                key, five, name = judged[seat]
                hands.append({"seat": seat, "share": self.rules.share, "name": name, "cards": five})
            for i, (amount, eligible) in enumerate(pots):
                if not eligible:
                    continue
                if len(eligible) == 1:
                    awards.append(
                        {"seat": eligible[0], "amount": amount, "pot": i, "share": self.rules.share}
                    )
                    continue
                best = max(judged[s][0] for s in eligible)
                winners = [s for s in self.order if s in eligible and judged[s][0] == best]
                if self.rules.odd_by_high_card:
                    winners.sort(key=self.high_card, reverse=True)
                part, odd = divmod(amount, len(winners))
                for k, seat in enumerate(winners):
                    won = part + (1 if k < odd else 0)
                    awards.append(
                        {"seat": seat, "amount": won, "pot": i, "share": self.rules.share}
                    )
        for award in awards:
            self.players[award["seat"]].stack += award["amount"]
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    def high_card(self, seat: int) -> tuple:
        p = self.players[seat]
        return max((rank_of(c), self.rules.suit_rank[c[1]]) for c in p.down + p.up + self.community)

    # ----- driving the hand

    def start(self) -> None:
        ante = self.rules.ante
        if "min-bring-in-as-ante" in self.bugs and self.rules.bring_in is not None:
            ante = self.rules.bring_in
        for seat in self.order:
            p = self.players[seat]
            if ante:
                self.put(p, ante)
            else:
                p.all_in = p.stack == 0
            p.bet = 0
        self.run_on()

    def run_on(self) -> None:
        """Go on until a player must act or the hand is over."""
        while True:
            if self.round is not None:
                if self.round.to_act is not None:
                    return
                self.close_round()
                if len(self.live()) <= 1:
                    self.finish()
                    return
            if len(self.live()) <= 1:
                self.finish()
                return
            nxt = self.street_index + 1
            while nxt < len(self.rules.streets) and not self.playable(self.rules.streets[nxt]):
                nxt += 1
            if nxt >= len(self.rules.streets):
                self.finish()
                return
            self.street_index = nxt
            self.street_name = self.rules.streets[nxt].name
            self.last_street_bet = False
            self.deal_street(nxt)
            self.open_round(nxt)

    # ----- the protocol's view

    def money(self, chips: int) -> str:
        value = self.rules.chip * chips
        return str(value.quantize(self.rules.chip)) if value else "0"

    def legal_view(self) -> list:
        out = []
        for action, amount in self.options():
            item = {"action": action}
            if amount is not None:
                item["amount"] = self.money(amount)
            out.append(item)
        return out

    def view(self) -> dict:
        rnd = self.round
        to_act = None if self.over or rnd is None else rnd.to_act
        result = None
        if self.result is not None:
            result = {
                "awards": [{**a, "amount": self.money(a["amount"])} for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        return {
            "street": self.street_name,
            "phase": "complete" if self.over else "betting",
            "to_act": to_act,
            "legal": self.legal_view(),
            "pot": self.money(sum(p.total for p in self.players.values())),
            "pots": [
                {"amount": self.money(amount), "eligible": eligible}
                for amount, eligible in self.pots()
            ],
            "dealer": self.dealer,
            "seats": [
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": self.money(p.stack),
                    "bet": self.money(p.bet),
                    "folded": p.folded,
                    "all_in": p.all_in,
                    "down": list(p.down),
                    "up": list(p.up),
                }
                for p in sorted(self.players.values(), key=lambda p: p.seat)
            ],
            "community": list(self.community),
            "result": result,
        }


@dataclass(frozen=True)
class Move:
    seat: int
    action: str
    amount: int | None


class Hand:
    """The inputs of a hand and the moves accepted so far; the table is rebuilt from them."""

    def __init__(self, rules: Rules, seats: list, dealer: int, deck: list, bugs: set) -> None:
        self.inputs = (rules, tuple(seats), dealer, tuple(deck), frozenset(bugs))
        self.moves: list[Move] = []
        self._table: Table | None = None

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = replay(self.inputs, self.moves)
        return self._table

    def act(self, seat: int, action: str, raw_amount: object) -> None:
        table = self.table
        legal = table.legal_view()
        if table.over:
            raise Refusal("illegal_action", "the hand is over", legal)
        to_act = table.round.to_act
        if seat != to_act:
            raise Refusal("illegal_action", f"it is seat {to_act}'s turn, not {seat}'s", legal)
        options = table.options()
        matching = [amount for word, amount in options if word == action]
        if not matching:
            words = ", ".join(item["action"] for item in legal)
            raise Refusal("illegal_action", f"{action} is not legal now; legal: {words}", legal)
        amount = matching[0]
        if raw_amount is None and len(matching) > 1:
            amounts = " or ".join(table.money(a) for a in matching)
            raise Refusal("illegal_action", f"{action}: say how much ({amounts})", legal)
        if amount is not None and raw_amount is not None:
            try:
                wanted = Decimal(str(raw_amount)) / table.rules.chip
            except (InvalidOperation, ValueError) as exc:
                raise Refusal("bad_request", f"amount {raw_amount!r} is not money") from exc
            if wanted not in matching:
                amounts = ", ".join(table.money(a) for a in matching)
                raise Refusal(
                    "illegal_action", f"{action} {raw_amount} is not legal; {amounts} is", legal
                )
            amount = int(wanted)
        self.moves.append(Move(seat, action, amount))
        self._table = None


def replay(inputs: tuple, moves: list) -> Table:
    rules, seats, dealer, deck, bugs = inputs
    table = Table(rules, list(seats), dealer, list(deck), set(bugs))
    table.start()
    for move in moves:
        table.play(move.seat, move.action, move.amount)
        table.run_on()
    return table


# --------------------------------------------------------------------------- the server


def full_deck(given: list) -> list:
    if not isinstance(given, list):
        raise Refusal("bad_request", "deck: a list of cards is required")
    seen = set()
    for card in given:
        if not isinstance(card, str) or card not in NEW_DECK:
            raise Refusal("bad_request", f"deck: {card!r} is not a card of this pack")
        if card in seen:
            raise Refusal("bad_request", f"deck: {card} is listed twice")
        seen.add(card)
    if not given:
        rest = list(NEW_DECK)
        random.Random(0).shuffle(rest)
        return rest
    return list(given) + [c for c in NEW_DECK if c not in seen]


class Server:
    def __init__(self, bugs: set) -> None:
        self.bugs = bugs
        self.hand: Hand | None = None
        self.rules: Rules | None = None

    def handle(self, request: dict) -> dict:
        op = request.get("op")
        method = getattr(self, "op_" + str(op), None)
        if method is None:
            raise Refusal("unsupported", f"op {op!r} is not supported")
        return method(request)

    def op_hello(self, request: dict) -> dict:
        return {"protocol": 1, "engine": ENGINE, "rulesets": ["*"], "features": FEATURES}

    def op_bye(self, request: dict) -> dict:
        return {}

    def seats_of(self, raw: object, rules: Rules) -> list:
        if not isinstance(raw, list) or not raw:
            raise Refusal("bad_request", "seats: a list of seats is required")
        seats = []
        for item in raw:
            if not isinstance(item, dict):
                raise Refusal("bad_request", "seats: each seat is an object")
            number = item.get("seat")
            if not isinstance(number, int) or isinstance(number, bool) or number < 1:
                raise Refusal("bad_request", f"seats: {number!r} is not a seat number")
            stack = to_chips(item.get("stack"), rules.chip, f"seat {number} stack")
            seats.append((number, str(item.get("name", "")), stack))
        numbers = [s for s, _, _ in seats]
        if len(set(numbers)) != len(numbers):
            raise Refusal("bad_request", "seats: a seat number is given twice")
        if not rules.seats_min <= len(seats) <= rules.seats_max:
            raise Refusal(
                "bad_request",
                f"{len(seats)} players; the ruleset seats {rules.seats_min} to {rules.seats_max}",
            )
        return seats

    def op_new_hand(self, request: dict) -> dict:
        doc = request.get("ruleset")
        if isinstance(doc, str):
            if doc != "seven-card-stud":
                raise Refusal("unsupported", f"ruleset {doc!r}: send the resolved document")
            doc = SHIPPED_SEVEN_CARD_STUD
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset: a ruleset document is required")
        rules = read_rules(doc)
        seats = self.seats_of(request.get("seats"), rules)
        dealer = request.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or dealer < 1:
            raise Refusal("bad_request", f"dealer: {dealer!r} is not a seat number")
        deck = full_deck(request.get("deck", []))
        hand = Hand(rules, seats, dealer, deck, self.bugs)
        state = hand.table.view()
        self.hand, self.rules = hand, rules
        return {"state": state}

    def op_next_hand(self, request: dict) -> dict:
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        table = self.hand.table
        if not table.over:
            raise Refusal("bad_request", "the hand is still being played")
        rules = self.rules
        seats = [
            (p.seat, p.name, p.stack)
            for p in sorted(table.players.values(), key=lambda p: p.seat)
            if p.stack > 0
        ]
        if len(seats) < max(2, rules.seats_min):
            raise Refusal("bad_request", "not enough players with chips for another hand")
        dealer = table.dealer
        if rules.rotates:
            numbers = [s for s, _, _ in seats]
            later = [s for s in numbers if s > dealer]
            dealer = later[0] if later else numbers[0]
        deck = full_deck(request.get("deck", []))
        hand = Hand(rules, seats, dealer, deck, self.bugs)
        state = hand.table.view()
        self.hand = hand
        return {"state": state}

    def op_act(self, request: dict) -> dict:
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        seat = request.get("seat")
        action = request.get("action")
        try:
            self.hand.act(seat, action, request.get("amount"))
        except Refusal as refusal:
            if refusal.code == "illegal_action":
                refusal.state = self.hand.table.view()
            raise
        return {"state": self.hand.table.view()}

    def op_state(self, request: dict) -> dict:
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt yet")
        return {"state": self.hand.table.view()}

    def op_evaluate(self, request: dict) -> dict:
        ranking = request.get("ranking")
        if ranking != "high":
            raise Refusal("unsupported", f"ranking {ranking!r}: this engine ranks high hands only")
        for option in ("qualifier", "wild"):
            if request.get(option) is not None:
                raise Refusal("unsupported", f"{option}: evaluate-options are not supported")
        hands = request.get("hands")
        if not isinstance(hands, list) or not hands:
            raise Refusal("bad_request", "hands: a list of hands is required")
        judged = []
        for cards in hands:
            if not isinstance(cards, list) or not 5 <= len(cards) <= 10:
                raise Refusal("bad_request", "each hand has 5 to 10 cards")
            if len(set(cards)) != len(cards) or any(c not in NEW_DECK for c in cards):
                raise Refusal("bad_request", f"hand {cards!r}: a card twice or not a card")
            flush_top = "flush-ties-by-top-card-only" in self.bugs
            judged.append(judge(cards, flush_top_only=flush_top))
        results = []
        for key, five, name in judged:
            rank = 1 + sum(1 for other, _, _ in judged if other > key)
            results.append({"best": five, "name": name, "rank": rank})
        return {"results": results}


def reply_line(request_id: object, body: dict) -> str:
    return json.dumps({"id": request_id, **body}, ensure_ascii=True, separators=(",", ":"))


def serve(bugs: set, lines, out) -> None:
    server = Server(bugs)
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        request_id = None
        done = False
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise Refusal("bad_request", "a request is a JSON object")
            request_id = request.get("id")
            if not isinstance(request_id, int) or isinstance(request_id, bool):
                request_id = None
                raise Refusal("bad_request", "id: a non-negative integer is required")
            done = request.get("op") == "bye"
            body = {"ok": True, **server.handle(request)}
        except Refusal as refusal:
            error = {"code": refusal.code, "message": refusal.message[:2000]}
            if refusal.legal is not None:
                error["legal"] = refusal.legal
            state = getattr(refusal, "state", None)
            if state is not None:
                error["state"] = state
            body = {"ok": False, "error": error}
        except (ValueError, RecursionError) as exc:
            body = {"ok": False, "error": {"code": "bad_request", "message": str(exc)[:2000]}}
        except Exception as exc:  # noqa: BLE001 - answer and keep running
            message = f"{type(exc).__name__}: {exc}"[:2000]
            body = {"ok": False, "error": {"code": "internal", "message": message}}
        out.write(reply_line(request_id, body) + "\n")
        out.flush()
        if done:
            break


def main(argv: list) -> int:
    bugs: set = set()
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--bugs" and args:
            names = args.pop(0)
        elif arg.startswith("--bugs="):
            names = arg.split("=", 1)[1]
        else:
            print(f"usage: independent_four.py [--bugs name1,name2] (got {arg!r})", file=sys.stderr)
            return 2
        for name in filter(None, (n.strip() for n in names.split(","))):
            if name not in BUGS:
                print(f"unknown bug {name!r}; known: {', '.join(BUGS)}", file=sys.stderr)
                return 2
            bugs.add(name)
    serve(bugs, sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

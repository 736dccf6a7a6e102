#!/usr/bin/env python3
"""independent_sixteen: a stand-alone fixed-limit seven-card stud engine (protocol 1.2).

Written from docs/protocol.md and the published rulebook only, as an outside engine
author would.  Standard library only.  The hand is a small state machine driven by a
table of street handlers: each street is dealt by ``_deal_street`` (burns, the run-out
with reused burns and a community card), then a betting round runs until every live
player has acted and matched.  Money is kept as ``Decimal``.

Plays the resolved ruleset documents of ``seven-card-stud`` and the house variants that
differ only in values honoured here (board ties, raise cap, heads-up cap lifting, big-bet
lock, burns, run-out flags, stakes, bring-in rules, no bring-in with a best-board opener,
seats up to 10).  Anything else is refused with ``unsupported`` naming the value.

Capabilities: evaluate, table (next_hand), seat-cards, refusal-state.

Planted bugs, all off by default, switched on with ``--bugs name1,name2``:

| name                        | catalogue id | what goes wrong                                    |
|-----------------------------|--------------|----------------------------------------------------|
| button-stays                | SETUP-04     | next_hand keeps the dealer although it rotates     |
| busted-dealt-in             | SHOW-07      | a player left with nothing is dealt the next hand  |
| burns-not-reused            | DEAL-08      | a short stub never takes the burned cards back     |
| dead-cards-reused           | DEAL-07      | a short stub takes folded players' cards back too  |
| community-ignored-on-board  | DEAL-10      | the river opener is chosen without the centre card |
| big-bet-no-lock             | LIMIT-05     | a small raise may follow a big bet on fourth street|
| all-in-opener-next-best     | ROUND-03     | best board all in: the next best board opens       |
| ante-all-in-brings-in       | BRING-01     | a seat all in for the ante is made to bring in     |
"""

import itertools
import json
import random
import sys
from decimal import Decimal, InvalidOperation

BUGS = "button-stays,busted-dealt-in,burns-not-reused,dead-cards-reused,community-ignored-on-board,big-bet-no-lock,all-in-opener-next-best,ante-all-in-brings-in"  # noqa: E501

ACTIVE_BUGS: set[str] = set()

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
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
PLURAL = {r: (w + "es" if w == "six" else w + "s") for r, w in RANK_WORD.items()}
ZERO = Decimal(0)


class Refusal(Exception):
    def __init__(self, code, message, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


def bug(name):
    return name in ACTIVE_BUGS


def rank_of(card):
    return RANKS.index(card[0]) + 2


def money(value):
    d = Decimal(value)
    if d == d.to_integral_value():
        return str(d.quantize(Decimal(1)))
    return format(d.normalize(), "f")


def dec(value, what="amount"):
    try:
        d = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise Refusal("bad_request", f"{what} is not a decimal: {value!r}") from None
    if not d.is_finite():
        raise Refusal("bad_request", f"{what} is not finite")
    return d


def new_deck():
    return [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------- hand ranking


def five_key(cards):
    ranks = sorted((rank_of(c) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight_top = uniq[0]
        elif uniq == [14, 5, 4, 3, 2]:
            straight_top = 5
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    order = [r for r, _ in groups]
    shape = [n for _, n in groups]
    if straight_top and flush:
        return (8, [straight_top])
    if shape[0] == 4:
        return (7, order)
    if shape == [3, 2]:
        return (6, order)
    if flush:
        return (5, ranks)
    if straight_top:
        return (4, [straight_top])
    if shape[0] == 3:
        return (3, order)
    if shape[:2] == [2, 2]:
        return (2, order)
    if shape[0] == 2:
        return (1, order)
    return (0, ranks)


def hand_name(key):
    cat, t = key
    w = RANK_WORD
    if cat == 8:
        return "royal flush" if t[0] == 14 else f"{w[t[0]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {PLURAL[t[0]]}"
    if cat == 6:
        return f"full house, {PLURAL[t[0]]} over {PLURAL[t[1]]}"
    if cat == 5:
        return f"flush, {w[t[0]]} high"
    if cat == 4:
        return f"{w[t[0]]}-high straight"
    if cat == 3:
        return f"three of a kind, {PLURAL[t[0]]}"
    if cat == 2:
        return f"two pair, {PLURAL[t[0]]} and {PLURAL[t[1]]}"
    if cat == 1:
        return f"pair of {PLURAL[t[0]]}"
    return f"high card, {w[t[0]]}"


def best_five(cards):
    best = None
    for combo in itertools.combinations(cards, 5):
        key = five_key(combo)
        if best is None or key > best[0]:
            best = (key, list(combo))
    key, five = best
    five.sort(key=lambda c: (-rank_of(c), c[1]))
    return key, five


# ---------------------------------------------------------------- rulesets

SUPPORTED_NAMES = [
    "seven-card-stud",
    "roberts-rules-stud",
    "seven-card-stud-9",
    "seven-card-stud-big-bring-in",
    "seven-card-stud-four-raises",
    "seven-card-stud-home",
    "seven-card-stud-home-no-burn",
    "seven-card-stud-round-start-cap",
    "seven-card-stud-small-raise",
]


def base_ruleset():
    def street(name, deal, opener, bet, when="never"):
        return {
            "name": name,
            "deal": deal,
            "deal_if_players_at_most": None,
            "exchange": None,
            "decide": [],
            "opener": opener,
            "bet": bet,
            "big_bet_when": when,
            "spread": None,
            "ties": None,
        }

    return {
        "name": "seven-card-stud",
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
        },
        "streets": [
            street("third", ["down", "down", "up"], "bring-in", "small"),
            street("fourth", ["up"], "best-board", "small", "open-pair"),
            street("fifth", ["up"], "best-board", "big"),
            street("sixth", ["up"], "best-board", "big"),
            street("seventh", ["down"], "best-board", "big"),
        ],
        "wild": {"ranks": [], "low_hole": False, "joker": "none"},
        "events": [],
        "pot": {
            "shares": [
                {
                    "name": "high",
                    "ranking": "high",
                    "qualifier": None,
                    "minimum": None,
                    "cards": "all",
                    "own": None,
                    "common": None,
                    "suit": None,
                    "fallback": None,
                }
            ],
            "split_unit": None,
            "odd_chip_share": "high",
            "odd_chip_tie": "position",
        },
        "showdown": {"method": "cards-speak"},
    }


def named_ruleset(name):
    r = base_ruleset()
    r["name"] = name
    if name == "roberts-rules-stud":
        r["board"]["ties"] = "position"
    elif name == "seven-card-stud-9":
        r["seats"]["max"] = 9
    elif name == "seven-card-stud-big-bring-in":
        r["stakes"].update(chip="0.50", ante="0.50", bring_in="2", small_bet="5", big_bet="10")
    elif name == "seven-card-stud-four-raises":
        r["betting"]["max_raises"] = 4
    elif name in ("seven-card-stud-home", "seven-card-stud-home-no-burn"):
        r["stakes"].update(ante="0.25", bring_in=None)
        r["betting"]["big_bet_locks"] = False
        r["streets"][0].update(opener="best-board", ties="position")
        for s in r["streets"][2:]:
            s.update(bet="small", big_bet_when="open-pair")
        if name.endswith("no-burn"):
            r["dealing"]["burn"] = False
    elif name == "seven-card-stud-round-start-cap":
        r["betting"]["uncapped_heads_up"] = "round-start"
    elif name == "seven-card-stud-small-raise":
        r["betting"]["big_bet_locks"] = False
    return r


class Rules:
    """The values of a resolved ruleset this engine reads, checked on the way in."""

    def __init__(self, doc):
        if isinstance(doc, str):
            if doc not in SUPPORTED_NAMES:
                raise Refusal("unsupported", f"ruleset {doc!r} is not played here")
            doc = named_ruleset(doc)
        if not isinstance(doc, dict):
            raise Refusal("bad_request", "ruleset must be an object or a name")
        self.doc = doc

        def get(path, default=None):
            node = doc
            for part in path.split("."):
                if not isinstance(node, dict) or part not in node:
                    return default
                node = node[part]
            return node

        def need(path, allowed, default=None):
            value = get(path, default)
            if value not in allowed:
                raise Refusal(
                    "unsupported",
                    f"{path} = {value!r}: not played by this engine (it plays {allowed[0]!r})",
                )
            return value

        need("deck.jokers", [0], 0)
        need("deck.centre", [[]], [])
        need("deck.stripped", [[]], [])
        need("wild.ranks", [[]], [])
        need("wild.low_hole", [False], False)
        need("wild.joker", ["none"], "none")
        need("events", [[]], [])
        need("stakes.small_blind", [None], None)
        need("stakes.big_blind", [None], None)
        need("bring_in.card", ["lowest"], "lowest")
        need("board.ranking", ["high"], "high")
        need("board.wild", ["natural"], "natural")
        need("betting.structure", ["fixed-limit"], "fixed-limit")
        need("showdown.method", ["cards-speak"], "cards-speak")
        need("pot.split_unit", [None], None)
        need("pot.odd_chip_tie", ["position"], "position")
        shares = get("pot.shares", [])
        if not isinstance(shares, list) or len(shares) != 1:
            raise Refusal("unsupported", "pot.shares: only one high share is played")
        share = shares[0]
        for key, want in (
            ("ranking", "high"),
            ("qualifier", None),
            ("minimum", None),
            ("cards", "all"),
            ("own", None),
            ("common", None),
            ("suit", None),
            ("fallback", None),
        ):
            if share.get(key, want) != want:
                raise Refusal(
                    "unsupported",
                    f"pot.shares[0].{key} = {share.get(key)!r}: not played by this engine",
                )
        self.aces_low = need("bring_in.aces", ["high", "low"], "high") == "low"
        self.all_in_rule = need("bring_in.all_in", ["next-card", "next-seat"], "next-card")
        order = get("bring_in.suit_order", ["clubs", "diamonds", "hearts", "spades"])
        if sorted(order or []) != sorted(SUIT_NAMES):
            raise Refusal("unsupported", f"bring_in.suit_order = {order!r}")
        self.suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}
        self.board_ties = need("board.ties", ["suit", "position"], "suit")
        self.max_seats = int(get("seats.max", 8) or 8)
        self.rotates = bool(get("dealer.rotates", True))
        self.burn = bool(get("dealing.burn", True))
        self.reuse_burns = bool(get("dealing.reuse_burns", True))
        self.community_card = bool(get("dealing.community_card", True))
        stakes = get("stakes", {}) or {}
        self.chip = dec(stakes.get("chip") or "0.01", "stakes.chip")
        self.ante = dec(stakes.get("ante") or 0, "stakes.ante")
        bring = stakes.get("bring_in")
        self.bring_in = None if bring is None else dec(bring, "stakes.bring_in")
        self.small = dec(stakes.get("small_bet"), "stakes.small_bet")
        self.big = dec(stakes.get("big_bet"), "stakes.big_bet")
        self.max_raises = get("betting.max_raises", 3)
        self.heads_up = need(
            "betting.uncapped_heads_up", ["in-hand", "round-start", "never"], "in-hand"
        )
        self.locks = bool(get("betting.big_bet_locks", True))
        self.reopen = dec(get("betting.reopen_fraction", "0.5"), "reopen_fraction")
        self.fold_when_check = (
            need("betting.fold_when_check", ["refused", "allowed"], "refused") == "allowed"
        )
        streets = get("streets", [])
        if not isinstance(streets, list) or not streets:
            raise Refusal("unsupported", "streets: none given")
        self.streets = []
        for i, s in enumerate(streets):
            p = f"streets.{s.get('name', i)}"
            for key, want in (
                ("exchange", None),
                ("decide", []),
                ("spread", None),
                ("deal_if_players_at_most", None),
            ):
                if s.get(key, want) != want:
                    raise Refusal("unsupported", f"{p}.{key} = {s.get(key)!r}: not played")
            deal = s.get("deal", [])
            if any(d not in ("up", "down") for d in deal):
                raise Refusal("unsupported", f"{p}.deal = {deal!r}: only up/down played")
            opener = s.get("opener", "best-board")
            allowed = ["best-board", "first-left"] + (
                ["bring-in"] if i == 0 and self.bring_in is not None else []
            )
            if opener not in allowed:
                raise Refusal("unsupported", f"{p}.opener = {opener!r}: not played")
            bet = s.get("bet", "small")
            if bet not in ("small", "big"):
                raise Refusal("unsupported", f"{p}.bet = {bet!r}: not played")
            when = s.get("big_bet_when", "never")
            if when not in ("never", "open-pair"):
                raise Refusal("unsupported", f"{p}.big_bet_when = {when!r}")
            ties = s.get("ties") or self.board_ties
            if ties not in ("suit", "position"):
                raise Refusal("unsupported", f"{p}.ties = {ties!r}")
            self.streets.append(
                {
                    "name": s.get("name", str(i)),
                    "deal": list(deal),
                    "opener": opener,
                    "bet": bet,
                    "when": when,
                    "ties": ties,
                }
            )
        if self.streets[0]["opener"] != "bring-in" and self.bring_in is not None:
            raise Refusal(
                "unsupported",
                "stakes.bring_in with a street opener other than bring-in on the first street",
            )


# ---------------------------------------------------------------- the hand


class Seat:
    def __init__(self, number, name, stack):
        self.number = number
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.put_in = ZERO
        self.folded = False
        self.down = []
        self.up = []

    @property
    def all_in(self):
        return not self.folded and self.stack == 0 and self.put_in > 0

    def view(self):
        return {
            "seat": self.number,
            "name": self.name,
            "stack": money(self.stack),
            "bet": money(self.bet),
            "folded": self.folded,
            "all_in": self.all_in,
            "down": list(self.down),
            "up": list(self.up),
        }


class Hand:
    def __init__(self, rules, seats, dealer, deck, seat_cards=None):
        self.rules = rules
        self.seats = sorted(seats, key=lambda s: s.number)
        self.by_number = {s.number: s for s in self.seats}
        self.dealer = dealer
        self.community = []
        self.burns = []
        self.dead = []
        self.result = None
        self.street_index = -1
        self.to_act = None
        self.queues = {}
        self._build_deck(deck, seat_cards or [])
        self.last_aggressor = None
        self._post_antes()
        self.street_index = 0
        self._deal_street(0)
        self._open_round()
        self._settle()

    # ----- seating order
    def order_from(self, number, include_self=False):
        """Seats clockwise after seat `number` (the dealer's left first)."""
        after = [s for s in self.seats if s.number > number]
        before = [s for s in self.seats if s.number < number]
        me = [s for s in self.seats if s.number == number]
        return me + after + before if include_self else after + before + me

    def live(self):
        return [s for s in self.order_from(self.dealer) if not s.folded]

    def able(self):
        return [s for s in self.live() if s.stack > 0]

    # ----- cards
    def _build_deck(self, deck, seat_cards):
        cards = [str(c) for c in deck]
        full = new_deck()
        for c in cards:
            if c not in full:
                raise Refusal("bad_request", f"unknown card {c!r}")
        if len(set(cards)) != len(cards):
            raise Refusal("bad_request", "a card appears twice in the deck")
        if not cards:
            rest = list(full)
            random.Random(0).shuffle(rest)
        else:
            rest = [c for c in full if c not in set(cards)]
        stub = cards + rest
        listed = set()
        for entry in seat_cards:
            seat = entry.get("seat")
            if seat not in self.by_number:
                raise Refusal("bad_request", f"seat_cards names seat {seat!r}")
            for c in entry.get("cards", []):
                if c not in full or c in listed:
                    raise Refusal("bad_request", f"seat_cards card {c!r}")
                listed.add(c)
            self.queues[seat] = list(entry.get("cards", []))
        self.stub = [c for c in stub if c not in listed]

    def available(self):
        return len(self.stub) + sum(len(self.queues.get(s.number, [])) for s in self.live())

    def _card_for(self, seat):
        q = self.queues.get(seat.number)
        if q:
            return q.pop(0)
        return self.stub.pop(0)

    def _deal_street(self, index):
        street = self.rules.streets[index]
        if index > 0 and street["deal"] and self.rules.burn and self.stub:
            self.burns.append(self.stub.pop(0))
        later = sum(len(s["deal"]) for s in self.rules.streets[index + 1 :])
        rounds = street["deal"]
        for i, face in enumerate(rounds):
            to_come = len(rounds) - i - 1 + later
            players = self.live()
            n = len(players)
            if self.available() < n and not bug("burns-not-reused") and self.rules.reuse_burns:
                self.stub.extend(self.burns)
                self.burns = []
            if self.available() < n and bug("dead-cards-reused"):
                self.stub.extend(self.dead)
                self.dead = []
            if self.available() >= n + (to_come if self.rules.community_card else 0):
                for seat in players:
                    card = self._card_for(seat)
                    (seat.up if face == "up" else seat.down).append(card)
            elif self.rules.community_card and self.stub:
                self.community.append(self.stub.pop(0))
            elif self.burns:
                # last resort (never reached by a valid ruleset): the burns as a centre card
                self.stub.extend(self.burns)
                self.burns = []
                self.community.append(self.stub.pop(0))
            # else: nothing left to deal at all; the round is skipped

    # ----- money
    def _put(self, seat, amount):
        amount = min(amount, seat.stack)
        seat.stack -= amount
        seat.bet += amount
        seat.put_in += amount

    def _post_antes(self):
        for seat in self.order_from(self.dealer):
            amount = min(self.rules.ante, seat.stack)
            seat.stack -= amount
            seat.put_in += amount

    def pot_total(self):
        return sum((s.put_in for s in self.seats), ZERO)

    def pots(self):
        levels = sorted({s.put_in for s in self.seats if s.all_in})
        top = max((s.put_in for s in self.seats), default=ZERO)
        if not levels or levels[-1] < top:
            levels.append(None)
        out = []
        prev = ZERO
        for level in levels:
            cap = top if level is None else level
            amount = sum((min(s.put_in, cap) - min(s.put_in, prev) for s in self.seats), ZERO)
            elig = [
                s.number for s in self.seats if not s.folded and (s.put_in >= cap or not s.all_in)
            ]
            if level is None:
                elig = [s.number for s in self.seats if not s.folded and not s.all_in]
            if amount > 0:
                if out and out[-1][1] == elig:
                    out[-1][0] += amount
                else:
                    out.append([amount, elig])
            prev = cap
        return out

    # ----- boards
    def board_key(self, seat, with_community=True):
        cards = list(seat.up)
        if with_community and not bug("community-ignored-on-board"):
            cards += self.community
        counts = {}
        for c in cards:
            counts.setdefault(rank_of(c), []).append(c)
        groups = sorted(counts.items(), key=lambda kv: (len(kv[1]), kv[0]), reverse=True)
        shape = [len(g) for _, g in groups]
        if not shape:
            return ((0, []), -1)
        if shape[0] >= 4:
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
        order = [r for r, _ in groups]
        top = max(groups[0][1], key=lambda c: self.rules.suit_rank[c[1]])
        return ((cat, order), self.rules.suit_rank[top[1]])

    def best_board(self, candidates, ties):
        order = {s.number: i for i, s in enumerate(self.order_from(self.dealer))}

        def key(seat):
            k, suit = self.board_key(seat)
            tb = suit if ties == "suit" else -order[seat.number]
            return (k, tb)

        return max(candidates, key=key)

    def any_open_pair(self):
        for seat in self.live():
            ranks = [rank_of(c) for c in seat.up]
            if len(ranks) != len(set(ranks)):
                return True
        return False

    # ----- betting round
    def _open_round(self):
        street = self.rules.streets[self.street_index]
        for s in self.seats:
            s.bet = ZERO
        self.current = ZERO
        self.level = "none"  # none, bring-in, bet
        self.bets_made = 0
        self.reopen_count = 0
        self.acted = {}
        self.big_made = False
        self.forced = None
        self.last_aggressor = None
        able = self.able()
        self.start_able = len(able)
        self.to_act = None
        self.pending = []
        if len(able) < 2:
            return
        self.pending = [s.number for s in able]
        if street["opener"] == "bring-in":
            self.forced = self._bring_in_seat()
            self.to_act = self.forced
        elif street["opener"] == "first-left":
            self.to_act = able[0].number
        else:
            best = self.best_board(self.live(), street["ties"])
            if best.stack > 0:
                self.to_act = best.number
            elif bug("all-in-opener-next-best"):
                self.to_act = self.best_board(able, street["ties"]).number
            else:
                self.to_act = next(
                    s for s in self.order_from(best.number) if s.stack > 0 and not s.folded
                ).number

    def _bring_in_seat(self):
        rules = self.rules

        def low_key(seat):
            card = seat.up[-1]
            r = rank_of(card)
            if rules.aces_low and r == 14:
                r = 1
            return (r, rules.suit_rank[card[1]])

        live = self.live()
        if bug("ante-all-in-brings-in"):
            return min(live, key=low_key).number
        if rules.all_in_rule == "next-card":
            return min((s for s in live if s.stack > 0), key=low_key).number
        low = min(live, key=low_key)
        if low.stack > 0:
            return low.number
        return next(s for s in self.order_from(low.number) if s.stack > 0).number

    def units(self):
        street = self.rules.streets[self.street_index]
        base = self.rules.small if street["bet"] == "small" else self.rules.big
        if street["when"] != "open-pair" or street["bet"] != "small":
            return [base]
        if self.big_made and self.rules.locks and not bug("big-bet-no-lock"):
            return [self.rules.big]
        if self.big_made or self.any_open_pair():
            return [self.rules.small, self.rules.big]
        return [base]

    def capped(self):
        if self.rules.max_raises is None:
            return False
        if self.bets_made < 1 + int(self.rules.max_raises):
            return False
        mode = self.rules.heads_up
        if mode == "in-hand" and len(self.live()) == 2:
            return False
        if mode == "round-start" and self.start_able == 2:
            return False
        return True

    def legal(self):
        if self.to_act is None:
            return []
        seat = self.by_number[self.to_act]
        room = seat.bet + seat.stack
        small = self.rules.small
        if self.forced == seat.number and self.level == "none":
            amt = min(self.rules.bring_in, room)
            out = [{"action": "bring_in", "amount": amt}]
            if self.rules.bring_in < small and room > amt:
                out.append({"action": "complete", "amount": min(small, room)})
            return out
        out = []
        owe = self.current - seat.bet
        if owe > 0:
            out.append({"action": "fold"})
            out.append({"action": "call", "amount": min(self.current, room)})
        else:
            out.append({"action": "check"})
            if self.rules.fold_when_check:
                out.append({"action": "fold"})
        answer = any(
            o.stack > 0 and o.bet + o.stack > self.current for o in self.live() if o is not seat
        )
        reopened = seat.number not in self.acted or self.acted[seat.number] < self.reopen_count
        if room > self.current and answer:
            if self.level == "bring-in":
                out.append({"action": "complete", "amount": min(small, room)})
            elif self.level == "none":
                for u in self.units():
                    out.append({"action": "bet", "amount": min(u, room)})
            elif reopened and not self.capped():
                for u in self.units():
                    out.append({"action": "raise", "amount": min(self.current + u, room)})
        seen, uniq = set(), []
        for o in out:
            k = (o["action"], o.get("amount"))
            if k not in seen:
                seen.add(k)
                uniq.append(o)
        return uniq

    def act(self, seat_no, action, amount):
        if self.result is not None:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        legal = self.legal()
        if seat_no != self.to_act:
            raise Refusal(
                "illegal_action",
                f"it is seat {self.to_act}'s turn, not seat {seat_no}'s",
                legal=legal,
            )
        options = [o for o in legal if o["action"] == action]
        if not options:
            raise Refusal("illegal_action", f"{action} is not legal now", legal=legal)
        if amount is not None and "amount" in options[0]:
            chosen = [o for o in options if o["amount"] == amount]
            if not chosen:
                raise Refusal(
                    "illegal_action", f"{action} to {money(amount)} is not legal now", legal=legal
                )
            option = chosen[0]
        else:
            option = options[0]
        seat = self.by_number[seat_no]
        handler = getattr(self, "_on_" + action)
        handler(seat, option.get("amount"))
        self._after_action(seat)

    def _raise_to(self, seat, total, counts_as_bet):
        increment = total - self.current
        self._put(seat, total - seat.bet)
        units = self.units()
        street = self.rules.streets[self.street_index]
        if (
            street["when"] == "open-pair"
            and street["bet"] == "small"
            and self.rules.big in units
            and increment >= self.rules.big
        ):
            self.big_made = True
        full = increment >= self.rules.reopen * min(units) or counts_as_bet
        if full:
            self.bets_made += 1
            self.reopen_count += 1
        self.current = max(self.current, seat.bet)
        self.level = "bet"
        self.last_aggressor = seat.number
        self.acted[seat.number] = self.reopen_count
        self.pending = [s.number for s in self.able() if s is not seat]

    def _on_bring_in(self, seat, amount):
        self._put(seat, amount)
        self.current = seat.bet
        if seat.bet >= self.rules.small:
            self.level = "bet"
            self.bets_made = 1
            self.reopen_count = 1
        else:
            self.level = "bring-in"
        self.acted[seat.number] = self.reopen_count
        self.pending = [s.number for s in self.able() if s is not seat]

    def _on_complete(self, seat, amount):
        if amount >= self.rules.reopen * self.rules.small:
            self._raise_to(seat, amount, True)
        else:
            self._put(seat, amount - seat.bet)
            self.current = max(self.current, seat.bet)
            self.level = "bring-in"
            self.acted[seat.number] = self.reopen_count
            self.pending = [s.number for s in self.able() if s is not seat]

    def _on_bet(self, seat, amount):
        self._raise_to(seat, amount, False)

    def _on_raise(self, seat, amount):
        self._raise_to(seat, amount, False)

    def _on_call(self, seat, amount):
        self._put(seat, amount - seat.bet)
        self.acted[seat.number] = self.reopen_count
        self._done(seat)

    def _on_check(self, seat, amount):
        self.acted[seat.number] = self.reopen_count
        self._done(seat)

    def _on_fold(self, seat, amount):
        seat.folded = True
        self.dead.extend(seat.down + seat.up)
        self._done(seat)

    def _done(self, seat):
        if seat.number in self.pending:
            self.pending.remove(seat.number)

    def _after_action(self, seat):
        self.pending = [
            n for n in self.pending if self.by_number[n].stack > 0 and not self.by_number[n].folded
        ]
        if len(self.live()) == 1:
            self.to_act = None
            self._settle()
            return
        nxt = None
        for s in self.order_from(seat.number):
            if s.number in self.pending:
                nxt = s.number
                break
        self.to_act = nxt
        self._settle()

    # ----- moving the hand along
    def _return_uncalled(self):
        bets = sorted(self.seats, key=lambda s: s.bet, reverse=True)
        if len(bets) >= 2 and bets[0].bet > bets[1].bet:
            extra = bets[0].bet - bets[1].bet
            top = bets[0]
            top.bet -= extra
            top.put_in -= extra
            top.stack += extra

    def _settle(self):
        while self.result is None and self.to_act is None:
            self._return_uncalled()
            if len(self.live()) == 1:
                self._award(showdown=False)
                return
            if self.street_index + 1 >= len(self.rules.streets):
                self._award(showdown=True)
                return
            self.street_index += 1
            self._deal_street(self.street_index)
            self._open_round()

    def _award(self, showdown):
        pots = self.pots()
        awards = []
        hands = []
        left = self.order_from(self.dealer)
        position = {s.number: i for i, s in enumerate(left)}
        keys = {}
        if showdown:
            for s in self.live():
                key, five = best_five(s.down + s.up + self.community)
                keys[s.number] = key
            for s in self._show_order():
                key, five = best_five(s.down + s.up + self.community)
                hands.append(
                    {"seat": s.number, "share": "high", "name": hand_name(key), "cards": five}
                )
        for index, (amount, elig) in enumerate(pots):
            contenders = [n for n in elig if not self.by_number[n].folded]
            if not contenders:
                contenders = [s.number for s in self.live()]
            if showdown:
                best = max(keys[n] for n in contenders)
                winners = [n for n in contenders if keys[n] == best]
            else:
                winners = contenders
            winners.sort(key=lambda n: position[n])
            chip = self.rules.chip
            units = int(amount // chip)
            each = units // len(winners)
            odd = units - each * len(winners)
            remainder = amount - units * chip
            for i, n in enumerate(winners):
                share = chip * each + (chip if i < odd else ZERO)
                if i == 0:
                    share += remainder
                self.by_number[n].stack += share
                awards.append(
                    {
                        "seat": n,
                        "amount": share,
                        "pot": index,
                        "share": "high" if showdown else None,
                    }
                )
        self.final_pots = pots
        self.to_act = None
        self.result = {"awards": awards, "hands": hands, "showdown": showdown}

    def _show_order(self):
        live = self.live()
        if self.last_aggressor is not None and not self.by_number[self.last_aggressor].folded:
            first = self.last_aggressor
        else:
            street = self.rules.streets[self.street_index]
            first = self.best_board(live, street["ties"]).number
        return [s for s in self.order_from(first, include_self=True) if not s.folded]

    # ----- the state
    def view(self):
        street = self.rules.streets[max(self.street_index, 0)]["name"]
        pots = self.final_pots if self.result is not None else self.pots()
        result = None
        if self.result is not None:
            result = {
                "awards": [dict(a, amount=money(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        legal = []
        for o in self.legal():
            o = dict(o)
            if "amount" in o:
                o["amount"] = money(o["amount"])
            legal.append(o)
        return {
            "street": street,
            "phase": "complete" if self.result is not None else "betting",
            "to_act": self.to_act,
            "legal": legal,
            "pot": money(self.pot_total()),
            "pots": [{"amount": money(a), "eligible": e} for a, e in pots],
            "dealer": self.dealer,
            "seats": [s.view() for s in self.seats],
            "community": list(self.community),
            "result": result,
        }


# ---------------------------------------------------------------- the server


class Engine:
    def __init__(self):
        self.hand = None
        self.rules = None

    def op_hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent-sixteen", "version": "1.0"},
            "rulesets": ["*"],
            "features": ["evaluate", "table", "seat-cards", "refusal-state"],
        }

    def _seats(self, raw):
        if not isinstance(raw, list) or not raw:
            raise Refusal("bad_request", "seats must be a non-empty list")
        seats, numbers = [], set()
        for entry in raw:
            n = entry.get("seat")
            if not isinstance(n, int) or n < 1 or n in numbers:
                raise Refusal("bad_request", f"bad seat {n!r}")
            numbers.add(n)
            seats.append(Seat(n, str(entry.get("name", "")), dec(entry.get("stack", "0"), "stack")))
        return seats

    def op_new_hand(self, req):
        rules = Rules(req.get("ruleset"))
        seats = self._seats(req.get("seats"))
        if len(seats) > rules.max_seats or len(seats) < 2:
            raise Refusal("bad_request", f"{len(seats)} players for this ruleset")
        dealer = req.get("dealer")
        if not isinstance(dealer, int):
            dealer = seats[0].number
        hand = Hand(rules, seats, dealer, req.get("deck") or [], req.get("seat_cards"))
        self.rules, self.hand = rules, hand
        return {"state": hand.view()}

    def op_next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        old = self.hand
        if old.result is None:
            raise Refusal("bad_request", "the hand is still running")
        keep = [s for s in old.seats if s.stack > 0 or bug("busted-dealt-in")]
        seats = [Seat(s.number, s.name, s.stack) for s in keep]
        if len(seats) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        dealer = old.dealer
        if self.rules.rotates and not bug("button-stays"):
            dealer = old.order_from(old.dealer)[0].number
            numbers = [s.number for s in seats]
            after = [n for n in numbers if n > old.dealer]
            dealer = after[0] if after else numbers[0]
        hand = Hand(self.rules, seats, dealer, req.get("deck") or [], req.get("seat_cards"))
        self.hand = hand
        return {"state": hand.view()}

    def op_act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        amount = req.get("amount")
        amount = None if amount is None else dec(amount)
        try:
            self.hand.act(req.get("seat"), req.get("action"), amount)
        except Refusal as r:
            if r.code == "illegal_action":
                legal = r.extra.get("legal")
                if legal is None:
                    legal = self.hand.legal()
                r.extra["legal"] = [
                    dict(o, amount=money(o["amount"])) if "amount" in o else dict(o) for o in legal
                ]
                r.extra["state"] = self.hand.view()
            raise
        return {"state": self.hand.view()}

    def op_state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.view()}

    def op_evaluate(self, req):
        if req.get("ranking", "high") != "high":
            raise Refusal("unsupported", f"ranking {req.get('ranking')!r}")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal("unsupported", "evaluate options are not played")
        results = []
        for cards in req.get("hands", []):
            if len(cards) < 5:
                raise Refusal("bad_request", "a hand needs five cards")
            key, five = best_five(cards)
            results.append({"key": key, "best": five, "name": hand_name(key)})
        for r in results:
            r["rank"] = 1 + sum(1 for o in results if o["key"] > r["key"])
        return {
            "results": [{"best": r["best"], "name": r["name"], "rank": r["rank"]} for r in results]
        }

    def op_bye(self, req):
        return {}


def main(argv):
    if "--bugs" in argv:
        i = argv.index("--bugs")
        if i + 1 < len(argv):
            names = {b for b in argv[i + 1].split(",") if b}
            unknown = names - set(BUGS.split(","))
            if unknown:
                print(f"unknown bugs: {sorted(unknown)}", file=sys.stderr)
                return 2
            ACTIVE_BUGS.update(names)
    engine = Engine()
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ValueError("not an object")
        except (ValueError, RecursionError):
            print(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "unreadable request"},
                    }
                ),
                flush=True,
            )
            continue
        rid = req.get("id")
        op = req.get("op")
        handler = getattr(engine, f"op_{op}", None) if isinstance(op, str) else None
        try:
            if handler is None:
                raise Refusal("unsupported", f"unknown op {op!r}")
            reply = {"id": rid, "ok": True}
            reply.update(handler(req))
        except Refusal as r:
            err = {"code": r.code, "message": r.message}
            err.update(r.extra)
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as exc:  # noqa: BLE001
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"},
            }
        print(json.dumps(reply, ensure_ascii=True), flush=True)
        if op == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

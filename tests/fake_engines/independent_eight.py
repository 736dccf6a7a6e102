"""An independent seven-card stud engine (engine protocol 1.2), with planted bugs.

Plays fixed-limit seven-card stud and the home games Follow the Queen and Follow the
King, written from the protocol and rules documentation alone.  It speaks JSON Lines on
stdin/stdout, announces the ``seat-cards``, ``wild``, ``events`` and ``wild-ranks``
capabilities (no ``pipelining``, no ``table``, no ``evaluate``) and refuses any ruleset
value it does not play with an ``unsupported`` error naming the value.

Planted bugs, all off by default, switched on with ``--bugs name1,name2``:

| name                     | id       | what changes                                       |
|--------------------------|----------|----------------------------------------------------|
| later-queen-ignored      | EVENT-02 | once a rank is wild, a later queen moves nothing   |
| follower-may-be-down     | EVENT-03 | (down cards skipped) a down card after Q names it  |
| queens-never-wild        | EVENT-04 | (queens wild too) queens are not wild              |
| king-game-follows-queens | EVENT-09 | follow the king is played with queens as trigger   |
| five-of-a-kind-capped    | WILD-01  | no five of a kind: counts as quads, best kicker    |
| bring-in-ties-by-seat    | BRING-03 | equal low door cards: first clockwise brings in    |
| cap-four-raises          | CAP-01   | one more raise per round than betting.max_raises   |
| no-burn                  | DEAL-06  | no card is burned before the later streets         |
"""

from __future__ import annotations

import copy
import json
import sys
from decimal import Decimal
from itertools import combinations, combinations_with_replacement

BUG_NAMES = {
    "later-queen-ignored",
    "follower-may-be-down",
    "queens-never-wild",
    "king-game-follows-queens",
    "five-of-a-kind-capped",
    "bring-in-ties-by-seat",
    "cap-four-raises",
    "no-burn",
}

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_NAMES = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
RANK_WORDS = {
    2: ("deuce", "deuces"),
    3: ("three", "threes"),
    4: ("four", "fours"),
    5: ("five", "fives"),
    6: ("six", "sixes"),
    7: ("seven", "sevens"),
    8: ("eight", "eights"),
    9: ("nine", "nines"),
    10: ("ten", "tens"),
    11: ("jack", "jacks"),
    12: ("queen", "queens"),
    13: ("king", "kings"),
    14: ("ace", "aces"),
}


class Refusal(Exception):
    def __init__(self, code, message, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


def rank_of(card):
    return RANKS.index(card[0]) + 2


def parse_rank(value):
    if isinstance(value, int):
        return value
    text = str(value).upper()
    if text == "10":
        return 10
    if text.isdigit():
        return int(text)
    return RANKS.index(text) + 2


def money(value):
    return str(value)


def new_deck():
    return [r + s for r in RANKS for s in SUITS]


# ---------------------------------------------------------------------------
# shipped rulesets (resolved), for a new_hand that names one
# ---------------------------------------------------------------------------


def _street(name, deal, opener, bet, big_bet_when="never"):
    return {
        "name": name,
        "deal": deal,
        "deal_if_players_at_most": None,
        "exchange": None,
        "decide": [],
        "opener": opener,
        "bet": bet,
        "big_bet_when": big_bet_when,
        "spread": None,
        "ties": None,
    }


BASE = {
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
    "blinds": {"heads_up": "dealer-small"},
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
        "pot_ceiling": "pot-after-call",
        "min_raise": "last-increment",
    },
    "streets": [
        _street("third", ["down", "down", "up"], "bring-in", "small"),
        _street("fourth", ["up"], "best-board", "small", "open-pair"),
        _street("fifth", ["up"], "best-board", "big"),
        _street("sixth", ["up"], "best-board", "big"),
        _street("seventh", ["down"], "best-board", "big"),
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
        "unqualified": None,
    },
    "showdown": {
        "method": "cards-speak",
        "declare_order": "in-turn",
        "declare_starts": "last-aggressor",
        "failed_both": "disqualified",
    },
}


def shipped(name):
    doc = copy.deepcopy(BASE)
    if name == "seven-card-stud":
        return doc
    if name in ("follow-the-queen", "follow-the-king"):
        rank = 12 if name == "follow-the-queen" else 13
        doc["name"] = name
        doc["seats"]["max"] = 7
        doc["events"] = [
            {
                "name": name,
                "when": {"face": "up", "ranks": [rank], "cards": [], "shown": None},
                "wild_follows": {"previous": "cleared", "down_card": "skipped"},
                "wild_rank": None,
                "extra_card": None,
                "refund": None,
                "neighbours_fold": None,
            }
        ]
        return doc
    raise Refusal("bad_request", f"unknown ruleset {name!r}")


# ---------------------------------------------------------------------------
# rules: what this engine plays
# ---------------------------------------------------------------------------


class Rules:
    def __init__(self, doc, bugs):
        self.doc = doc
        problems = []

        def need(path, value, allowed, plays):
            if value not in allowed:
                problems.append((path, value, plays))

        g = lambda *keys: _get(doc, keys)  # noqa: E731
        need("deck.jokers", g("deck", "jokers") or 0, (0,), 0)
        need("deck.centre", g("deck", "centre") or [], ([],), [])
        need("deck.stripped", g("deck", "stripped") or [], ([],), [])
        stakes = doc.get("stakes") or {}
        need("stakes.small_blind", stakes.get("small_blind"), (None,), None)
        need("stakes.big_blind", stakes.get("big_blind"), (None,), None)
        need("bring_in.card", g("bring_in", "card") or "lowest", ("lowest",), "lowest")
        need(
            "bring_in.all_in",
            g("bring_in", "all_in") or "next-card",
            ("next-card", "next-seat"),
            "next-card",
        )
        need("board.ranking", g("board", "ranking") or "high", ("high",), "high")
        need("board.wild", g("board", "wild") or "natural", ("natural",), "natural")
        need(
            "betting.structure",
            g("betting", "structure") or "fixed-limit",
            ("fixed-limit",),
            "fixed-limit",
        )
        need("wild.low_hole", bool(g("wild", "low_hole")), (False,), False)
        need("wild.joker", g("wild", "joker") or "none", ("none",), "none")
        pot = doc.get("pot") or {}
        shares = pot.get("shares") or []
        if len(shares) != 1:
            problems.append(("pot.shares", shares, BASE["pot"]["shares"]))
        else:
            share = shares[0]
            for key, default in BASE["pot"]["shares"][0].items():
                if key == "name":
                    continue
                value = share.get(key, default)
                if value != default:
                    problems.append((f"pot.shares[0].{key}", value, default))
        need("pot.split_unit", pot.get("split_unit"), (None,), None)
        need(
            "pot.odd_chip_tie",
            pot.get("odd_chip_tie", "position"),
            ("position",),
            "position",
        )
        need(
            "showdown.method",
            g("showdown", "method") or "cards-speak",
            ("cards-speak",),
            "cards-speak",
        )
        for i, st in enumerate(doc.get("streets") or []):
            name = st.get("name", str(i))
            for entry in st.get("deal") or []:
                if entry not in ("up", "down"):
                    problems.append((f"streets.{name}.deal", st.get("deal"), ["up"]))
                    break
            need(f"streets.{name}.exchange", st.get("exchange"), (None,), None)
            need(f"streets.{name}.decide", st.get("decide") or [], ([],), [])
            need(f"streets.{name}.spread", st.get("spread"), (None,), None)
            need(
                f"streets.{name}.deal_if_players_at_most",
                st.get("deal_if_players_at_most"),
                (None,),
                None,
            )
            need(
                f"streets.{name}.opener",
                st.get("opener", "best-board"),
                ("bring-in", "best-board", "first-left"),
                "best-board",
            )
            if st.get("opener") == "bring-in" and stakes.get("bring_in") is None:
                problems.append((f"streets.{name}.opener", "bring-in", "best-board"))
        for i, ev in enumerate(doc.get("events") or []):
            name = ev.get("name", str(i))
            for key in ("wild_rank", "extra_card", "refund", "neighbours_fold"):
                if ev.get(key) is not None:
                    problems.append((f"events.{name}.{key}", ev.get(key), None))
            if ev.get("wild_follows") is None:
                problems.append((f"events.{name}.wild_follows", None, "follow"))
            when = ev.get("when") or {}
            need(f"events.{name}.when.shown", when.get("shown"), (None,), None)
        if problems:
            message = "; ".join(f"{p} = {v!r}: not played" for p, v, _ in problems)
            values = [{"path": p, "wanted": v, "plays": pl} for p, v, pl in problems]
            raise Refusal("unsupported", message, values=values)

        self.name = doc.get("name")
        self.seats_min = g("seats", "min") or 2
        self.seats_max = g("seats", "max") or 8
        self.burn = g("dealing", "burn")
        if self.burn is None:
            self.burn = True
        if "no-burn" in bugs:
            self.burn = False
        self.reuse_burns = g("dealing", "reuse_burns") is not False
        self.community_card = g("dealing", "community_card") is not False
        self.rotates = g("dealer", "rotates") is not False
        self.chip = Decimal(str(stakes.get("chip", "0.01")))
        self.ante = Decimal(str(stakes.get("ante") or "0"))
        bi = stakes.get("bring_in")
        self.bring_in = None if bi is None else Decimal(str(bi))
        self.small = Decimal(str(stakes["small_bet"]))
        self.big = Decimal(str(stakes["big_bet"]))
        self.aces_low = g("bring_in", "aces") == "low"
        order = g("bring_in", "suit_order") or BASE["bring_in"]["suit_order"]
        self.suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}
        self.bring_in_all_in = g("bring_in", "all_in") or "next-card"
        self.board_ties = g("board", "ties") or "suit"
        bet = doc.get("betting") or {}
        self.max_raises = bet.get("max_raises", 3)
        if self.max_raises is not None and "cap-four-raises" in bugs:
            self.max_raises += 1
        self.uncapped = bet.get("uncapped_heads_up", "in-hand")
        self.big_bet_locks = bet.get("big_bet_locks", True)
        self.reopen_fraction = Decimal(str(bet.get("reopen_fraction", "0.5")))
        self.fold_when_check = bet.get("fold_when_check", "refused") == "allowed"
        self.streets = doc["streets"]
        self.events = []
        for ev in doc.get("events") or []:
            when = ev.get("when") or {}
            ranks = [parse_rank(r) for r in when.get("ranks") or []]
            if "king-game-follows-queens" in bugs and ev.get("name") == "follow-the-king":
                ranks = [12 if r == 13 else r for r in ranks]
            self.events.append(
                {
                    "name": ev.get("name"),
                    "face": when.get("face", "up"),
                    "ranks": ranks,
                    "cards": list(when.get("cards") or []),
                    "previous": ev["wild_follows"].get("previous", "kept"),
                    "down_card": ev["wild_follows"].get("down_card", "skipped"),
                }
            )
        fixed = {parse_rank(r) for r in g("wild", "ranks") or []}
        if "queens-never-wild" in bugs:
            for ev in self.events:
                fixed -= set(ev["ranks"])
        self.fixed_wild = fixed
        self.share_name = shares[0].get("name", "high")


def _get(doc, keys):
    cur = doc
    for k in keys:
        if not isinstance(cur, dict):
            return None
        cur = cur.get(k)
    return cur


# ---------------------------------------------------------------------------
# hand evaluation
# ---------------------------------------------------------------------------


def classify(ranks, flush):
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [c for _, c in groups]
    order = [r for r, _ in groups]
    straight_high = None
    if len(counts) == 5:
        srt = sorted(ranks)
        if srt[4] - srt[0] == 4:
            straight_high = srt[4]
        elif srt == [2, 3, 4, 5, 14]:
            straight_high = 5
    if shape[0] == 5:
        return (9, order[0])
    if straight_high and flush:
        return (8, straight_high)
    if shape[0] == 4:
        return (7, *order)
    if shape[:2] == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *sorted(ranks, reverse=True))
    if straight_high:
        return (4, straight_high)
    if shape[0] == 3:
        return (3, *order)
    if shape[:2] == [2, 2]:
        return (2, *order)
    if shape[0] == 2:
        return (1, *order)
    return (0, *order)


_CACHE = {}


def eval5(cards, wild, allow_five):
    naturals = tuple(sorted(c for c in cards if rank_of(c) not in wild))
    w = 5 - len(naturals)
    key = (naturals, w, allow_five)
    if key in _CACHE:
        return _CACHE[key]
    nat_ranks = [rank_of(c) for c in naturals]
    flush = len({c[1] for c in naturals}) <= 1
    if w == 0:
        best = classify(nat_ranks, flush)
    else:
        best = None
        for extra in combinations_with_replacement(range(2, 15), w):
            value = classify(nat_ranks + list(extra), flush)
            if value[0] == 9 and not allow_five:
                continue
            if best is None or value > best:
                best = value
    _CACHE[key] = best
    return best


def best_hand(cards, wild, allow_five=True):
    best = None
    best_cards = None
    for combo in combinations(cards, 5):
        value = eval5(combo, wild, allow_five)
        if best is None or value > best:
            best, best_cards = value, list(combo)
    return best, best_cards


def hand_name(value):
    cat = value[0]
    w = RANK_WORDS
    if cat == 9:
        return f"five of a kind, {w[value[1]][1]}"
    if cat == 8:
        return "royal flush" if value[1] == 14 else f"{w[value[1]][0]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {w[value[1]][1]}"
    if cat == 6:
        return f"full house, {w[value[1]][1]} over {w[value[2]][1]}"
    if cat == 5:
        return f"flush, {w[value[1]][0]} high"
    if cat == 4:
        return f"{w[value[1]][0]}-high straight"
    if cat == 3:
        return f"three of a kind, {w[value[1]][1]}"
    if cat == 2:
        return f"two pair, {w[value[1]][1]} and {w[value[2]][1]}"
    if cat == 1:
        return f"pair of {w[value[1]][1]}"
    return f"high card, {w[value[1]][0]}"


def board_value(cards):
    """High board: pairs, two pair, trips and quads count; no straights or flushes."""
    counts = {}
    for c in cards:
        counts[rank_of(c)] = counts.get(rank_of(c), 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    if not shape:
        return (0, (), ())
    if shape[0] >= 4:
        cat = 6
    elif shape[:2] == (3, 2):
        cat = 5
    elif shape[0] == 3:
        cat = 4
    elif shape[:2] == (2, 2):
        cat = 3
    elif shape[0] == 2:
        cat = 2
    else:
        cat = 1
    return (cat, order)


# ---------------------------------------------------------------------------
# one hand
# ---------------------------------------------------------------------------


class Seat:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.start = stack
        self.bet = Decimal(0)
        self.total = Decimal(0)
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.marker = None  # reopen counter when the seat last acted this round
        self.own = []  # seat_cards still to come

    def cards(self):
        return self.down + self.up

    def live(self):
        return not self.folded

    def able(self):
        return not self.folded and not self.all_in


class Hand:
    def __init__(self, rules, bugs, seats, dealer, deck, seat_cards):
        self.r = rules
        self.bugs = bugs
        self.seats = [Seat(s["seat"], s["name"], Decimal(str(s["stack"]))) for s in seats]
        self.seats.sort(key=lambda s: s.seat)
        self.by_seat = {s.seat: s for s in self.seats}
        self.dealer = dealer
        full = list(deck) + [c for c in new_deck() if c not in set(deck)]
        listed = set()
        for entry in seat_cards or []:
            seat = self.by_seat.get(entry["seat"])
            if seat is None:
                raise Refusal("bad_request", f"seat_cards names seat {entry['seat']}")
            seat.own = list(entry["cards"])
            listed.update(entry["cards"])
        self.stub = [c for c in full if c not in listed]
        self.burns = []
        self.community = []
        self.events = []
        self.event_wild = None
        self.pending_event = None
        self.street_index = -1
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.pending = set()
        self.last_aggressor = None
        self.first_actor = None
        self.dealt_in = len(self.seats)

    # -- helpers ------------------------------------------------------------

    def clockwise(self, start_after):
        """Seats clockwise starting after seat number start_after."""
        after = [s for s in self.seats if s.seat > start_after]
        before = [s for s in self.seats if s.seat <= start_after]
        return after + before

    def live_seats(self):
        return [s for s in self.seats if s.live()]

    def wild_ranks(self):
        ranks = set(self.r.fixed_wild)
        if self.event_wild is not None:
            ranks.add(self.event_wild)
        return ranks

    def stub_size(self):
        return len(self.stub) + sum(len(s.own) for s in self.seats)

    def put(self, seat, amount):
        amount = min(amount, seat.stack)
        seat.stack -= amount
        seat.bet += amount
        seat.total += amount
        if seat.stack == 0:
            seat.all_in = True

    # -- dealing ------------------------------------------------------------

    def start(self):
        for s in self.clockwise(self.dealer):
            a = min(self.r.ante, s.stack)
            s.stack -= a
            s.total += a
            if s.stack == 0:
                s.all_in = True
        self.next_street()

    def deal_card(self, seat, face):
        if seat.own:
            card = seat.own.pop(0)
        else:
            card = self.stub.pop(0)
        (seat.up if face == "up" else seat.down).append(card)
        self.fire_events(seat, card, face)

    def fire_events(self, seat, card, face):
        if not self.r.events:
            return
        rank = rank_of(card)
        fired = []
        for ev in self.r.events:
            if ev["face"] != "any" and ev["face"] != face:
                continue
            if ev["cards"]:
                if card not in ev["cards"]:
                    continue
            elif ev["ranks"] and rank not in ev["ranks"]:
                continue
            fired.append(ev)
        if fired and "later-queen-ignored" in self.bugs and self.event_wild is not None:
            fired = []
        if fired:
            for ev in fired:
                self.events.append(
                    {"type": "fired", "event": ev["name"], "seat": seat.seat, "card": card}
                )
                if ev["previous"] == "cleared":
                    self.event_wild = None
                    self.events.append({"type": "wild", "rank": None})
                self.pending_event = ev
            return
        ev = self.pending_event
        if ev is None:
            return
        if face == "up" or ("follower-may-be-down" in self.bugs and ev["down_card"] == "skipped"):
            self.event_wild = rank
            self.events.append({"type": "wild", "rank": rank})
            self.pending_event = None
        elif ev["down_card"] == "cancels":
            self.pending_event = None

    def deal_street(self, street):
        entries = street.get("deal") or []
        if not entries:
            return
        if self.r.burn and self.street_index > 0 and self.stub_size() > 0:
            if self.stub:
                self.burns.append(self.stub.pop(0))
        later = 0
        for st in self.r.streets[self.street_index + 1 :]:
            later += len(st.get("deal") or [])
        for i, face in enumerate(entries):
            players = [s for s in self.clockwise(self.dealer) if s.live()]
            rounds_after = later + len(entries) - i - 1
            n = len(players)
            if self.stub_size() < n and self.r.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            if self.r.community_card and self.stub_size() < n + rounds_after:
                if self.stub:
                    self.community.append(self.stub.pop(0))
                continue
            for s in players:
                if s.own or self.stub:
                    self.deal_card(s, face)

    # -- streets and rounds ----------------------------------------------------

    def next_street(self):
        while True:
            self.street_index += 1
            if self.street_index >= len(self.r.streets):
                self.showdown()
                return
            street = self.r.streets[self.street_index]
            for s in self.seats:
                s.bet = Decimal(0)
                s.marker = None
            self.deal_street(street)
            if street.get("bet") is None:
                continue
            able = [s for s in self.seats if s.able()]
            live = self.live_seats()
            if len(able) == 0 or (len(able) == 1 and len(live) > 1):
                self.first_actor = self.opener_seat(street, ignore_all_in=False)
                self.last_aggressor = None
                continue
            if len(live) == 1:
                self.finish_uncontested()
                return
            self.begin_round(street)
            return

    def current_street(self):
        return self.r.streets[min(self.street_index, len(self.r.streets) - 1)]

    def unit(self, street=None):
        street = street or self.current_street()
        return self.r.big if street.get("bet") == "big" else self.r.small

    def board(self, s):
        return s.up + self.community

    def best_board_seat(self):
        live = [s for s in self.clockwise(self.dealer) if s.live()]
        street = self.current_street()
        ties = street.get("ties") or self.r.board_ties
        best = None
        best_key = None
        for pos, s in enumerate(live):
            cards = self.board(s)
            value = board_value(cards)
            if ties == "suit":
                top = value[1][0] if value[1] else 0
                suit = max(
                    (self.r.suit_rank[c[1]] for c in cards if rank_of(c) == top),
                    default=0,
                )
                key = (value, suit)
            else:
                key = (value, -pos)
            if best_key is None or key > best_key:
                best, best_key = s, key
        return best

    def opener_seat(self, street, ignore_all_in=True):
        opener = street.get("opener", "best-board")
        if opener == "bring-in":
            return self.bring_in_seat()
        if opener == "first-left":
            start = self.dealer
            first = None
        else:
            first = self.best_board_seat()
            start = first.seat
            if not ignore_all_in or first.able():
                return first
        for s in self.clockwise(start):
            if s.able() or (not ignore_all_in and s.live() and first is None):
                return s
        return first

    def bring_in_seat(self):
        candidates = [s for s in self.clockwise(self.dealer) if s.live()]

        def key(s):
            card = s.up[0]
            r = rank_of(card)
            if self.r.aces_low and r == 14:
                r = 1
            return (r, self.r.suit_rank[card[1]])

        order = sorted(candidates, key=key)
        if "bring-in-ties-by-seat" in self.bugs:
            pos = {s.seat: i for i, s in enumerate(candidates)}
            order = sorted(candidates, key=lambda s: (key(s)[0], pos[s.seat]))
        if self.r.bring_in_all_in == "next-seat":
            first = order[0]
            if first.stack > 0:
                return first
            for s in self.clockwise(first.seat):
                if s.able():
                    return s
            return None
        for s in order:
            if s.stack > 0 and s.live():
                return s
        return None

    def begin_round(self, street):
        self.cur_bet = Decimal(0)
        self.has_bet = False
        self.raises = 0
        self.reopen = 0
        self.big_locked = False
        self.big_made = False
        self.bring_in_pending = False
        self.last_aggressor = None
        self.round_start_able = len([s for s in self.seats if s.able()])
        opener = street.get("opener", "best-board")
        seat = self.opener_seat(street)
        self.first_actor = seat
        if opener == "bring-in":
            self.bring_in_pending = True
        self.pending = {s.seat for s in self.seats if s.able()}
        self.to_act = seat.seat
        self.phase = "betting"

    def open_pair(self):
        for s in self.live_seats():
            ranks = [rank_of(c) for c in self.board(s)]
            if len(set(ranks)) < len(ranks):
                return True
        return False

    def units(self):
        street = self.current_street()
        base = self.unit(street)
        if street.get("bet") == "big" or street.get("big_bet_when") != "open-pair":
            return [base]
        if self.big_locked:
            return [self.r.big]
        if self.open_pair() or self.big_made:
            return [base, self.r.big]
        return [base]

    def capped(self):
        if self.r.max_raises is None:
            return False
        if self.raises < self.r.max_raises:
            return False
        if self.r.uncapped == "in-hand" and len(self.live_seats()) == 2:
            return False
        if self.r.uncapped == "round-start" and self.round_start_able == 2:
            return False
        return True

    # -- legal actions ------------------------------------------------------

    def legal(self):
        if self.result is not None or self.to_act is None:
            return []
        s = self.by_seat[self.to_act]
        most = s.bet + s.stack
        others_can = any(
            o.able() and o.bet + o.stack > self.cur_bet for o in self.seats if o is not s
        )
        out = []
        if self.bring_in_pending:
            bi = min(self.r.bring_in, most)
            out.append({"action": "bring_in", "amount": bi})
            if self.r.bring_in < self.r.small and most > bi:
                out.append({"action": "complete", "amount": min(self.r.small, most)})
            return out
        to_call = self.cur_bet - s.bet
        if to_call > 0:
            out.append({"action": "fold"})
            out.append({"action": "call", "amount": min(self.cur_bet, most)})
            if most > self.cur_bet and others_can:
                if not self.has_bet:
                    out.append({"action": "complete", "amount": min(self.r.small, most)})
                elif not self.capped() and (s.marker is None or s.marker < self.reopen):
                    seen = set()
                    for u in self.units():
                        amt = min(self.cur_bet + u, most)
                        if amt not in seen:
                            seen.add(amt)
                            out.append({"action": "raise", "amount": amt})
            return out
        out.append({"action": "check"})
        if self.r.fold_when_check:
            out.append({"action": "fold"})
        if others_can and most > self.cur_bet:
            if self.cur_bet == 0:
                seen = set()
                for u in self.units():
                    amt = min(u, most)
                    if amt not in seen:
                        seen.add(amt)
                        out.append({"action": "bet", "amount": amt})
            elif not self.capped() and (s.marker is None or s.marker < self.reopen):
                word = "raise" if self.has_bet else "complete"
                units = self.units() if self.has_bet else [self.r.small - self.cur_bet]
                seen = set()
                for u in units:
                    amt = min(self.cur_bet + u, most)
                    if amt not in seen:
                        seen.add(amt)
                        out.append({"action": word, "amount": amt})
        return out

    # -- acting ------------------------------------------------------------

    def act(self, req):
        if self.result is not None:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        legal = self.legal()
        seat = req.get("seat")
        action = req.get("action")
        amount = req.get("amount")
        wire = [_wire_option(o) for o in legal]
        if seat != self.to_act:
            raise Refusal("illegal_action", f"it is seat {self.to_act}'s turn", legal=wire)
        options = [o for o in legal if o["action"] == action]
        if not options:
            raise Refusal("illegal_action", f"{action} is not legal now", legal=wire)
        choice = options[0]
        if amount is not None and "amount" in choice:
            try:
                want = Decimal(str(amount))
            except Exception as exc:
                raise Refusal("bad_request", f"bad amount {amount!r}") from exc
            match = [o for o in options if o["amount"] == want]
            if not match:
                raise Refusal("illegal_action", f"{action} {amount} is not legal", legal=wire)
            choice = match[0]
        self.apply(self.by_seat[seat], choice)
        return self.state()

    def apply(self, s, choice):
        action = choice["action"]
        if action == "fold":
            s.folded = True
            self.pending.discard(s.seat)
            if len(self.live_seats()) == 1:
                self.return_uncalled()
                self.finish_uncontested()
                return
        elif action == "check":
            s.marker = self.reopen
            self.pending.discard(s.seat)
        elif action == "call":
            self.put(s, choice["amount"] - s.bet)
            s.marker = self.reopen
            self.pending.discard(s.seat)
        elif action == "bring_in":
            self.bring_in_pending = False
            self.put(s, choice["amount"] - s.bet)
            self.cur_bet = s.bet
            if self.cur_bet >= self.r.small:
                self.has_bet = True
            s.marker = self.reopen
            self.pending = {o.seat for o in self.seats if o.able() and o is not s}
        else:
            target = choice["amount"]
            prev = self.cur_bet
            self.bring_in_pending = False
            self.put(s, target - s.bet)
            self.cur_bet = max(self.cur_bet, s.bet)
            if action == "complete":
                if target >= self.r.reopen_fraction * self.r.small:
                    self.has_bet = True
                    self.reopen += 1
            else:
                increment = target - prev
                unit = self.unit()
                if action == "raise":
                    unit = min(self.units())
                if action == "bet" or increment >= self.r.reopen_fraction * unit:
                    self.reopen += 1
                    if action == "raise":
                        self.raises += 1
                self.has_bet = True
                if increment == self.r.big and self.r.big != self.r.small:
                    if self.current_street().get("bet") != "big":
                        self.big_made = True
                        if self.r.big_bet_locks:
                            self.big_locked = True
            self.last_aggressor = s.seat
            s.marker = self.reopen
            self.pending = {o.seat for o in self.seats if o.able() and o is not s}
        self.advance(s)

    def advance(self, s):
        self.pending = {p for p in self.pending if self.by_seat[p].able()}
        # players who matched and acted since the last reopen need not act again
        if not self.pending:
            self.end_round()
            return
        for o in self.clockwise(s.seat):
            if o.seat in self.pending:
                self.to_act = o.seat
                return

    def return_uncalled(self):
        bets = sorted(self.seats, key=lambda o: o.bet, reverse=True)
        if len(bets) >= 2 and bets[0].bet > bets[1].bet:
            extra = bets[0].bet - bets[1].bet
            top = bets[0]
            top.bet -= extra
            top.total -= extra
            top.stack += extra
            if top.stack > 0:
                top.all_in = False

    def end_round(self):
        self.return_uncalled()
        self.to_act = None
        live = self.live_seats()
        if len(live) == 1:
            self.finish_uncontested()
            return
        self.next_street()

    # -- pots and the end of the hand -------------------------------------------

    def pots(self):
        levels = sorted({s.total for s in self.seats if s.all_in and s.live() and s.total > 0})
        top = max((s.total for s in self.seats), default=Decimal(0))
        if not levels or levels[-1] < top:
            levels.append(top)
        out = []
        prev = Decimal(0)
        for lvl in levels:
            amount = sum(min(s.total, lvl) - min(s.total, prev) for s in self.seats)
            eligible = [s.seat for s in self.seats if s.live() and (s.total >= lvl or not s.all_in)]
            if amount > 0 or not out:
                out.append({"amount": amount, "eligible": eligible})
            prev = lvl
        return out

    def finish_uncontested(self):
        winner = self.live_seats()[0]
        awards = []
        for i, pot in enumerate(self.pots()):
            if pot["amount"] > 0:
                winner.stack += pot["amount"]
                awards.append(
                    {"seat": winner.seat, "amount": pot["amount"], "pot": i, "share": None}
                )
        self.final_pots = self.pots()
        self.result = {"awards": awards, "hands": [], "showdown": False}
        self.to_act = None
        self.phase = "complete"

    def showdown(self):
        self.street_index = len(self.r.streets) - 1
        wild = self.wild_ranks()
        allow_five = "five-of-a-kind-capped" not in self.bugs
        values = {}
        for s in self.live_seats():
            values[s.seat] = best_hand(s.cards() + self.community, wild, allow_five)
        pots = self.pots()
        awards = []
        order_pos = {s.seat: i for i, s in enumerate(self.clockwise(self.dealer))}
        for i, pot in enumerate(pots):
            if pot["amount"] <= 0:
                continue
            contenders = [p for p in pot["eligible"] if p in values]
            if not contenders:
                continue
            best = max(values[p][0] for p in contenders)
            winners = sorted(
                (p for p in contenders if values[p][0] == best), key=lambda p: order_pos[p]
            )
            units = int(pot["amount"] / self.r.chip)
            each = units // len(winners)
            odd = units - each * len(winners)
            share = self.r.share_name if len(contenders) > 1 else None
            for k, p in enumerate(winners):
                amt = (each + (1 if k < odd else 0)) * self.r.chip
                self.by_seat[p].stack += amt
                awards.append({"seat": p, "amount": amt, "pot": i, "share": share})
        first = self.last_aggressor
        if first is None and self.first_actor is not None:
            first = self.first_actor.seat
        if first is None:
            first = self.live_seats()[0].seat
        shown = [self.by_seat[first]] + [s for s in self.clockwise(first) if s.seat != first]
        hands = []
        for s in shown:
            if s.seat in values:
                value, cards = values[s.seat]
                hands.append(
                    {
                        "seat": s.seat,
                        "share": self.r.share_name,
                        "name": hand_name(value),
                        "cards": cards,
                    }
                )
        self.final_pots = pots
        self.result = {"awards": awards, "hands": hands, "showdown": True}
        self.to_act = None
        self.phase = "complete"

    # -- the state ------------------------------------------------------------

    def state(self):
        pots = self.final_pots if self.result is not None else self.pots()
        pot_total = sum((s.total for s in self.seats), Decimal(0))
        result = None
        if self.result is not None:
            result = {
                "awards": [dict(a, amount=money(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
        street = self.r.streets[max(0, min(self.street_index, len(self.r.streets) - 1))]
        return {
            "street": street["name"],
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": [_wire_option(o) for o in self.legal()],
            "pot": money(pot_total),
            "pots": [{"amount": money(p["amount"]), "eligible": p["eligible"]} for p in pots],
            "dealer": self.dealer,
            "seats": [
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
                for s in self.seats
            ],
            "community": list(self.community),
            "result": result,
            "wild_ranks": sorted(self.wild_ranks()),
            "events": list(self.events),
        }


def _wire_option(o):
    out = {"action": o["action"]}
    if "amount" in o:
        out["amount"] = money(o["amount"])
    return out


# ---------------------------------------------------------------------------
# the protocol loop
# ---------------------------------------------------------------------------


class Engine:
    def __init__(self, bugs):
        self.bugs = bugs
        self.hand = None

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return {
                "protocol": 1,
                "engine": {"name": "independent-eight", "version": "1.0"},
                "rulesets": ["seven-card-stud", "follow-the-queen", "follow-the-king"],
                "features": ["seat-cards", "wild", "events", "wild-ranks"],
            }
        if op == "new_hand":
            ruleset = req.get("ruleset")
            if isinstance(ruleset, str):
                ruleset = shipped(ruleset)
            if not isinstance(ruleset, dict):
                raise Refusal("bad_request", "ruleset must be a document or a name")
            rules = Rules(ruleset, self.bugs)
            seats = req.get("seats") or []
            if not rules.seats_min <= len(seats) <= rules.seats_max:
                raise Refusal("bad_request", f"{len(seats)} players do not fit the ruleset")
            hand = Hand(
                rules,
                self.bugs,
                seats,
                req.get("dealer"),
                req.get("deck") or [],
                req.get("seat_cards"),
            )
            hand.start()
            self.hand = hand
            return {"state": hand.state()}
        if op in ("act", "state"):
            if self.hand is None:
                raise Refusal("no_hand", "no hand has been dealt")
            if op == "state":
                return {"state": self.hand.state()}
            return {"state": self.hand.act(req)}
        if op == "bye":
            return {}
        raise Refusal("unsupported", f"op {op!r} is not supported")


def main(argv):
    bugs = set()
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg == "--bugs" and args:
            names = [n for n in args.pop(0).split(",") if n]
        elif arg.startswith("--bugs="):
            names = [n for n in arg[len("--bugs=") :].split(",") if n]
        else:
            print(f"unknown argument {arg!r}", file=sys.stderr)
            return 2
        for n in names:
            if n not in BUG_NAMES:
                print(f"unknown bug {n!r}; known: {', '.join(sorted(BUG_NAMES))}", file=sys.stderr)
                return 2
            bugs.add(n)
    engine = Engine(bugs)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            rid = req.get("id") if isinstance(req, dict) else None
        except Exception:
            req, rid = None, None
        if not isinstance(req, dict):
            reply = {
                "id": None,
                "ok": False,
                "error": {"code": "bad_request", "message": "bad line"},
            }
        else:
            try:
                reply = {"id": rid, "ok": True, **engine.handle(req)}
            except Refusal as exc:
                error = {"code": exc.code, "message": exc.message}
                if "legal" in exc.extra:
                    error["legal"] = exc.extra["legal"]
                if "values" in exc.extra:
                    error["values"] = exc.extra["values"]
                reply = {"id": rid, "ok": False, "error": error}
            except Exception as exc:  # an engine bug: answer and keep running
                reply = {
                    "id": rid,
                    "ok": False,
                    "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"},
                }
        sys.stdout.write(json.dumps(reply, ensure_ascii=True) + "\n")
        sys.stdout.flush()
        if isinstance(req, dict) and req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

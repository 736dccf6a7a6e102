"""Independent engine twenty: a stud engine written from the public protocol and docs only.

It plays fixed, spread, pot and no limit stud, English stud (exchanges, bought cards),
London lowball, Aces-Straights-Flushes, hi-lo (cards speak or declare) and plain
seven-card stud with its house variants; it refuses any ruleset value it does not play.
Planted bugs are switched on with ``--bugs a,b,c`` (none by default).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from decimal import Decimal, InvalidOperation

BUGS = {
    "spread-raise-below-last": "spread limit: a raise need only add the spread minimum",
    "pot-without-call": "pot limit: the largest raise forgets the raiser's call",
    "mnp-raise-not-double": "home pot limit (min_raise double): a raise adds the last increment",
    "english-exchange-face": "exchange: the new card always comes face down",
    "london-straights-ignored": "ace-to-six low: straights and flushes do not spoil a hand",
    "asf-joker-pairs": "joker as bug: it pairs any rank, not only aces",
    "declare-both-tie-wins": "declaring both: a tie for one share still lets the player win",
    "buy-card-same-face": "bought card (face down): an up card given up is replaced face up",
}
ACTIVE: set[str] = set()

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
    1: "ace",
}
PLURAL = {6: "sixes"}
JOKER = "Jk"


def bug(name: str) -> bool:
    return name in ACTIVE


class Refusal(Exception):
    def __init__(self, code: str, message: str, legal=None, values=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal
        self.values = values


# ---------------------------------------------------------------- cards and hands


def rank_of(card: str) -> int:
    return RANKS.index(card[0]) + 2


def parse_card(card: str) -> str:
    if card == JOKER:
        return card
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise Refusal("bad_request", f"not a card: {card!r}")
    return card


def new_deck(jokers: int) -> list[str]:
    cards = [r + s for r in RANKS for s in SUITS]
    return cards + [JOKER] * jokers


def plural(r: int) -> str:
    return PLURAL.get(r, RANK_WORD[r] + "s")


def high5(cards):
    """Key of five (rank, suit) pairs under the high ranking; higher is better."""
    ranks = sorted((r for r, _ in cards), reverse=True)
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    order = tuple(r for r, c in groups for _ in range(c))
    flush = len({s for _, s in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            straight_high = 5
    shape = tuple(c for _, c in groups)
    if shape[0] == 5:
        return (9, order)
    if straight_high and flush:
        return (8, (straight_high,))
    if shape[0] == 4:
        return (7, order)
    if shape == (3, 2):
        return (6, order)
    if flush:
        return (5, order)
    if straight_high:
        return (4, (straight_high,))
    if shape[0] == 3:
        return (3, order)
    if shape == (2, 2, 1):
        return (2, order)
    if shape[0] == 2:
        return (1, order)
    return (0, order)


def low5(cards, six: bool):
    """Key under ace-to-five (six False) or ace-to-six (six True); LOWER is better."""
    ranks = [1 if r == 14 else r for r, _ in cards]
    counts = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    order = tuple(r for r, c in groups for _ in range(c))
    shape = tuple(c for _, c in groups)
    cat = {
        (1, 1, 1, 1, 1): 0,
        (2, 1, 1, 1): 1,
        (2, 2, 1): 2,
        (3, 1, 1): 3,
        (3, 2): 6,
        (4, 1): 7,
        (5,): 9,
    }[shape]
    if six and not bug("london-straights-ignored") and shape == (1, 1, 1, 1, 1):
        flush = len({s for _, s in cards}) == 1
        straight = max(ranks) - min(ranks) == 4
        if straight and flush:
            cat = 8
        elif flush:
            cat = 5
        elif straight:
            cat = 4
    return (cat, order)


def to_pairs(cards):
    return [(rank_of(c), c[1]) for c in cards]


def joker_subs(joker_mode: str):
    subs = []
    for r in range(2, 15):
        for s in SUITS:
            subs.append((r, s))
    return subs


ALL_SUBS = joker_subs("any")


def best_high(cards, joker_mode="bug"):
    """Best five of the cards under high; returns (key, five cards as strings)."""
    best = None
    for combo in itertools.combinations(cards, 5):
        if JOKER in combo:
            naturals = [c for c in combo if c != JOKER]
            base = to_pairs(naturals)
            key = None
            for sub in ALL_SUBS:
                k = high5(base + [sub])
                if joker_mode == "bug" and not bug("asf-joker-pairs"):
                    if sub[0] != 14 and k[0] not in (4, 5, 8):
                        continue
                if key is None or k > key:
                    key = k
        else:
            key = high5(to_pairs(combo))
        if best is None or key > best[0]:
            best = (key, list(combo))
    return best


def best_low(cards, six: bool):
    best = None
    for combo in itertools.combinations(cards, 5):
        key = low5(to_pairs(combo), six)
        if best is None or key < best[0]:
            best = (key, list(combo))
    return best


def qualifies(five, q) -> bool:
    if q is None:
        return True
    ranks = {1 if rank_of(c) == 14 else rank_of(c) for c in five}
    return len(ranks) == 5 and max(ranks) <= q


def high_name(key) -> str:
    cat, order = key
    if cat == 9:
        return f"five {plural(order[0])}"
    if cat == 8:
        return "royal flush" if order[0] == 14 else f"{RANK_WORD[order[0]]}-high straight flush"
    if cat == 7:
        return f"four of a kind, {plural(order[0])}"
    if cat == 6:
        return f"full house, {plural(order[0])} over {plural(order[3])}"
    if cat == 5:
        return f"{RANK_WORD[order[0]]}-high flush"
    if cat == 4:
        return f"{RANK_WORD[order[0]]}-high straight"
    if cat == 3:
        return f"three of a kind, {plural(order[0])}"
    if cat == 2:
        return f"two pair, {plural(order[0])} and {plural(order[2])}"
    if cat == 1:
        return f"pair of {plural(order[0])}"
    return f"{RANK_WORD[order[0]]} high"


def low_name(key) -> str:
    cat, order = key
    if cat == 0:
        return f"{RANK_WORD[order[0]]}-{RANK_WORD[order[1]]} low"
    if cat == 1:
        return f"pair of {plural(order[0] if order[0] != 1 else 14)}"
    return f"{RANK_WORD[order[0]]} low (cat {cat})"


def evaluate_share(cards, ranking: str, qualifier, joker_mode):
    """(comparable key where higher is better, five cards, name, qualifies)."""
    if ranking == "high":
        key, five = best_high(cards, joker_mode)
        return (key, five, high_name(key), True)
    six = ranking == "ace-to-six"
    key, five = best_low(cards, six)
    ok = key[0] == 0 and qualifies(five, qualifier) if qualifier is not None else True
    neg = (-key[0], tuple(-x for x in key[1]))
    return (neg, five, low_name(key), ok)


# ---------------------------------------------------------------- money


class Money:
    def __init__(self, chip: Decimal):
        self.chip = chip

    def units(self, value, what="amount") -> int:
        try:
            d = Decimal(str(value))
        except (InvalidOperation, ValueError):
            raise Refusal("bad_request", f"{what}: not an amount: {value!r}") from None
        q = d / self.chip
        if q != q.to_integral_value():
            raise Refusal("illegal_action", f"{what} {value} is not a whole number of chips")
        return int(q)

    def fmt(self, units: int) -> str:
        d = self.chip * units
        exp = self.chip.normalize().as_tuple().exponent
        if exp < 0:
            d = d.quantize(Decimal(1).scaleb(exp))
        else:
            d = d.quantize(Decimal(1))
        return str(d)


# ---------------------------------------------------------------- ruleset checks

SUPPORTED_RANKINGS = {"high", "ace-to-five", "ace-to-six"}


def check_ruleset(rs: dict) -> None:
    def refuse(path, wanted, plays, values=True):
        raise Refusal(
            "unsupported",
            f"{path} = {json.dumps(wanted)}: this engine plays {json.dumps(plays)}",
            values=[{"path": path, "wanted": wanted, "plays": plays}] if values else None,
        )

    deck = rs.get("deck", {})
    if deck.get("stripped"):
        refuse("deck.stripped", deck["stripped"], [])
    for c in deck.get("centre", []):
        if c != JOKER:
            refuse("deck.centre", deck["centre"], [])
    stakes = rs["stakes"]
    if stakes.get("small_blind") is not None or stakes.get("big_blind") is not None:
        refuse("stakes.small_blind", stakes.get("small_blind"), None)
    wild = rs.get("wild", {})
    if wild.get("ranks"):
        refuse("wild.ranks", wild["ranks"], [])
    if wild.get("low_hole"):
        refuse("wild.low_hole", True, False)
    if wild.get("joker", "none") not in ("none", "bug", "wild"):
        refuse("wild.joker", wild["joker"], "bug")
    if rs.get("events"):
        refuse("events", rs["events"], [])
    board = rs.get("board", {})
    if board.get("ranking", "high") not in SUPPORTED_RANKINGS:
        refuse("board.ranking", board["ranking"], "high")
    if board.get("wild", "natural") != "natural":
        refuse("board.wild", board["wild"], "natural")
    for st in rs["streets"]:
        for d in st.get("deal", []):
            if d not in ("up", "down"):
                refuse(f"streets.{st['name']}.deal", st["deal"], ["up"])
        if st.get("decide"):
            refuse(f"streets.{st['name']}.decide", st["decide"], [])
        if st.get("opener", "best-board") == "after-big-blind":
            refuse(f"streets.{st['name']}.opener", st["opener"], "best-board")
    pot = rs["pot"]
    shares = pot["shares"]
    if len(shares) > 2:
        refuse("pot.shares", len(shares), 2, values=False)
    for sh in shares:
        nm = sh["name"]
        if sh.get("ranking", "high") not in SUPPORTED_RANKINGS:
            refuse(f"pot.shares.{nm}.ranking", sh["ranking"], "high")
        for key, default in (
            ("minimum", None),
            ("cards", "all"),
            ("own", None),
            ("common", None),
            ("suit", None),
            ("fallback", None),
        ):
            if sh.get(key, default) != default:
                refuse(f"pot.shares.{nm}.{key}", sh[key], default)
    if len(shares) == 2:
        rk = sorted(s.get("ranking", "high") == "high" for s in shares)
        if rk != [False, True]:
            refuse("pot.shares", "two shares of one kind", "high and low", values=False)
    if wild.get("joker", "none") != "none" or deck.get("jokers", 0):
        if any(s.get("ranking", "high") != "high" for s in shares):
            refuse("wild.joker", wild.get("joker"), "none")
        if board.get("ranking", "high") != "high":
            refuse("board.ranking", board["ranking"], "high")
    sd = rs.get("showdown", {})
    if sd.get("declare_starts", "last-aggressor") not in ("last-aggressor", "first-left"):
        refuse("showdown.declare_starts", sd["declare_starts"], "last-aggressor")
    if sd.get("failed_both", "disqualified") != "disqualified":
        refuse("showdown.failed_both", sd["failed_both"], "disqualified")
    if sd.get("method", "cards-speak") == "declare" and len(shares) != 2:
        refuse("showdown.method", "declare", "cards-speak")


# ---------------------------------------------------------------- the hand


class Seat:
    def __init__(self, seat: int, name: str, stack: int):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = 0
        self.committed = 0
        self.folded = False
        self.all_in = False
        self.down: list[str] = []
        self.up: list[str] = []
        self.queue: list[str] = []
        self.declared = None


class Hand:
    def __init__(self, rs, seats, dealer, deck, seat_cards):
        self.rs = rs
        self.m = Money(Decimal(str(rs["stakes"].get("chip", "0.01"))))
        st = rs["stakes"]
        self.ante = self.m.units(st.get("ante", "0"))
        bi = st.get("bring_in")
        self.bring_in = self.m.units(bi) if bi is not None else None
        self.small = self.m.units(st["small_bet"])
        self.big = self.m.units(st["big_bet"])
        self.betting = rs.get("betting", {})
        self.structure = self.betting.get("structure", "fixed-limit")
        self.streets = rs["streets"]
        self.shares = rs["pot"]["shares"]
        self.joker_mode = rs.get("wild", {}).get("joker", "none")
        self.seats = [Seat(s, n, k) for s, n, k in seats]
        self.seats.sort(key=lambda p: p.seat)
        self.by_seat = {p.seat: p for p in self.seats}
        self.dealer = dealer
        self.dealt_in = len(self.seats)
        # the pack
        jokers = rs.get("deck", {}).get("jokers", 0)
        centre = list(rs.get("deck", {}).get("centre", []))
        full = new_deck(jokers)
        for c in centre:
            if c not in full:
                raise Refusal("bad_request", f"centre card {c} not in the pack")
            full.remove(c)
        if deck:
            listed = [parse_card(c) for c in deck]
            if len(set(listed)) != len(listed):
                raise Refusal("bad_request", "a card is listed twice in the deck")
            for c in listed:
                if c not in full:
                    raise Refusal("bad_request", f"card {c} is not in this pack")
            rest = listed + [c for c in full if c not in set(listed)]
        else:
            rest = list(full)
            random.Random(0).shuffle(rest)
        self.community: list[str] = list(centre)
        self.centre_count = len(centre)
        if seat_cards:
            allq = []
            for entry in seat_cards:
                p = self.by_seat.get(entry["seat"])
                if p is None:
                    raise Refusal("bad_request", "seat_cards names an unknown seat")
                p.queue = [parse_card(c) for c in entry["cards"]]
                allq += p.queue
            if len(set(allq)) != len(allq):
                raise Refusal("bad_request", "a card is handed twice")
            qs = set(allq)
            rest = [c for c in rest if c not in qs]
        self.rest = rest
        self.burns: list[str] = []
        self.dealt_any = False
        self.street_i = -1
        self.phase = "betting"
        self.to_act = None
        self.result = None
        self.hand_aggr = None
        self.show_first = None
        self.declarations: list = []
        self.exch_order: list[int] = []
        self.decl_order: list[int] = []
        self.last_round_opener = None
        self.last_round_aggr = None
        # antes
        for p in self.clockwise_from_left():
            a = min(self.ante, p.stack)
            p.stack -= a
            p.committed += a
            if p.stack == 0:
                p.all_in = True
        self.next_street()

    # ---------------- helpers
    def clockwise_from(self, seat_no: int, include=False):
        """Seats clockwise after seat_no (or from it with include)."""
        order = [p for p in self.seats if p.seat > seat_no] + [
            p for p in self.seats if p.seat <= seat_no
        ]
        if include:
            order = [p for p in self.seats if p.seat >= seat_no] + [
                p for p in self.seats if p.seat < seat_no
            ]
        return order

    def clockwise_from_left(self):
        return self.clockwise_from(self.dealer)

    def live(self):
        return [p for p in self.clockwise_from_left() if not p.folded]

    def able(self):
        return [p for p in self.clockwise_from_left() if not p.folded and not p.all_in]

    def street(self):
        return self.streets[self.street_i]

    def pot_total(self) -> int:
        return sum(p.committed for p in self.seats)

    # ---------------- dealing
    def avail(self) -> int:
        return len(self.rest) + sum(len(p.queue) for p in self.seats if not p.folded)

    def draw_for(self, p: Seat):
        if p.queue:
            return p.queue.pop(0)
        if self.rest:
            return self.rest.pop(0)
        raise Refusal("internal", "the pack ran out")

    def street_plays(self, st) -> bool:
        lim = st.get("deal_if_players_at_most")
        return lim is None or self.dealt_in <= lim

    def rounds_after(self, entry_index: int) -> int:
        n = len(self.street()["deal"]) - entry_index - 1
        for st in self.streets[self.street_i + 1 :]:
            if self.street_plays(st):
                n += len(st.get("deal", []))
        return n

    def deal_street(self):
        st = self.street()
        deal = st.get("deal", [])
        if not deal:
            return
        dealing = self.rs.get("dealing", {})
        if self.dealt_any and dealing.get("burn", True) and self.rest:
            self.burns.append(self.rest.pop(0))
        for i, face in enumerate(deal):
            players = self.live()
            need = len(players)
            if self.avail() < need and dealing.get("reuse_burns", True) and self.burns:
                self.rest.extend(self.burns)
                self.burns = []
            later = self.rounds_after(i)
            if dealing.get("community_card", True) and (
                self.avail() < need or self.avail() - need < later
            ):
                if not self.rest:
                    raise Refusal("internal", "the pack ran out")
                self.community.append(self.rest.pop(0))
                continue
            if self.avail() < need:
                raise Refusal("internal", "the pack ran out")
            for p in players:
                c = self.draw_for(p)
                (p.down if face == "down" else p.up).append(c)
        self.dealt_any = True

    # ---------------- boards and openers
    def board_cards(self, p: Seat):
        return p.up + self.community[self.centre_count :]

    def board_key(self, p: Seat):
        """Higher is better; the last element breaks ties by suit."""
        cards = self.board_cards(p)
        ranking = self.rs.get("board", {}).get("ranking", "high")
        order = self.rs.get("bring_in", {}).get(
            "suit_order", ["clubs", "diamonds", "hearts", "spades"]
        )
        suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}
        low = ranking != "high"

        def rv(c):
            if c == JOKER:
                return (1 if low else 14), -1
            r = rank_of(c)
            if low and r == 14:
                r = 1
            return r, suit_rank[c[1]]

        vals = [rv(c) for c in cards]
        if len(vals) > 5:
            vals = sorted(vals, reverse=True)[:5]
        counts = {}
        for r, _ in vals:
            counts[r] = counts.get(r, 0) + 1
        groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
        shape = tuple(c for _, c in groups)
        cat = {(): 0, (1,): 0, (2,): 1, (3,): 3, (4,): 5}.get(shape)
        if cat is None:
            if shape[0] == 4:
                cat = 5
            elif shape[:2] == (3, 2):
                cat = 4
            elif shape[0] == 3:
                cat = 3
            elif shape[:2] == (2, 2):
                cat = 2
            elif shape[0] == 2:
                cat = 1
            else:
                cat = 0
        order_r = tuple(r for r, c in groups for _ in range(c))
        top = groups[0][0] if groups else 0
        top_suit = max((s for r, s in vals if r == top), default=0)
        if low:
            top_suit_low = min((s for r, s in vals if r == top), default=0)
            return (-cat, tuple(-x for x in order_r), -top_suit_low)
        return (cat, order_r, top_suit)

    def best_board_seat(self):
        st = self.street()
        ties = st.get("ties") or self.rs.get("board", {}).get("ties", "suit")
        best = None
        for p in self.live():  # clockwise from the dealer's left: position breaks ties
            k = self.board_key(p)
            if ties != "suit":
                k = k[:2]
            if best is None or k > best[0]:
                best = (k, p)
        return best[1] if best else None

    def bring_in_seat(self):
        bi = self.rs.get("bring_in", {})
        highest = bi.get("card", "lowest") == "highest"
        aces_low = bi.get("aces", "high") == "low"
        order = bi.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        suit_rank = {SUIT_NAMES[s]: i for i, s in enumerate(order)}

        def key(p):
            c = p.up[-1] if p.up else None
            if c is None:
                return (0, 0)
            if c == JOKER:
                return (14 if not aces_low else 1, -1)
            r = rank_of(c)
            if aces_low and r == 14:
                r = 1
            return (r, suit_rank[c[1]])

        candidates = self.live()
        if bi.get("all_in", "next-card") == "next-card":
            cands = [p for p in candidates if not p.all_in]
            if not cands:
                return None
            return (max if highest else min)(cands, key=key)
        ext = (max if highest else min)(candidates, key=key)
        if not ext.all_in:
            return ext
        for p in self.clockwise_from(ext.seat):
            if not p.folded and not p.all_in:
                return p
        return None

    def first_able_from(self, p: Seat):
        for q in self.clockwise_from(p.seat, include=True):
            if not q.folded and not q.all_in:
                return q
        return None

    # ---------------- streets
    def next_street(self):
        while True:
            if len(self.live()) <= 1:
                self.finish()
                return
            self.street_i += 1
            if self.street_i >= len(self.streets):
                self.to_showdown()
                return
            st = self.street()
            if not self.street_plays(st):
                continue
            if st.get("exchange"):
                self.start_exchange()
                return
            self.after_exchange()
            return

    def after_exchange(self):
        self.deal_street()
        if self.start_betting():
            return
        self.next_street_after_round()

    def next_street_after_round(self):
        # no betting (or a finished round) on this street: go on
        self.next_street()

    def start_exchange(self):
        self.phase = "exchange"
        self.exch_order = [p.seat for p in self.live()]
        self.to_act = self.exch_order[0]

    def exchange_price(self) -> int:
        return self.m.units(self.street()["exchange"].get("price", "0"))

    def start_betting(self) -> bool:
        """Set up the street's betting round; False when it has none."""
        st = self.street()
        self.phase = "betting"
        for p in self.seats:
            p.bet = 0
        opener_kind = st.get("opener", "best-board")
        if opener_kind == "bring-in" and self.bring_in is None:
            opener_kind = "best-board"
        self.forced = None
        opener = None
        raw = None
        if opener_kind == "bring-in":
            opener = raw = self.bring_in_seat()
        elif opener_kind == "first-left":
            opener = raw = next(iter(self.able()), None)
        else:
            raw = self.best_board_seat()
            opener = self.first_able_from(raw) if raw else None
        if st.get("bet") is None:
            return False
        able = self.able()
        self.last_round_opener = raw.seat if raw else None
        self.last_round_aggr = None
        if len(able) <= 1 or opener is None:
            return False
        self.cur = 0
        self.bet_made = False
        self.last_inc = 0
        self.raises = 0
        self.big_locked = False
        self.round_start_able = len(able)
        self.needs = {p.seat for p in able}
        self.can_raise = {p.seat for p in able}
        if opener_kind == "bring-in":
            self.forced = opener.seat
        self.to_act = opener.seat
        return True

    # ---------------- bet sizes
    def unit(self) -> int:
        st = self.street()
        if self.structure == "spread-limit":
            return self.m.units(st["spread"]["min"])
        return self.big if st.get("bet") == "big" else self.small

    def open_pair(self) -> bool:
        st = self.street()
        if self.structure != "fixed-limit" or st.get("bet") != "small":
            return False
        if st.get("big_bet_when", "never") != "open-pair":
            return False
        for p in self.live():
            rs = [rank_of(c) for c in self.board_cards(p) if c != JOKER]
            if len(rs) != len(set(rs)):
                return True
        return False

    def fixed_units(self):
        u = self.unit()
        if self.big_locked and self.betting.get("big_bet_locks", True):
            return [self.big]
        if self.open_pair():
            return [u, self.big]
        return [u]

    def others_can_answer(self, p: Seat) -> bool:
        return any(
            q is not p and not q.folded and q.stack > 0 and q.bet + q.stack > self.cur
            for q in self.seats
        )

    def cap_reached(self) -> bool:
        mr = self.betting.get("max_raises", 3)
        if mr is None or self.raises < mr:
            return False
        mode = self.betting.get("uncapped_heads_up", "in-hand")
        if mode == "in-hand" and len(self.live()) == 2:
            return False
        if mode == "round-start" and self.round_start_able == 2:
            return False
        return True

    def pot_max_to(self, p: Seat) -> int:
        """Pot limit: the largest total for the street after a bet or raise."""
        pot = self.pot_total()
        to_call = self.cur - p.bet
        if self.betting.get("pot_ceiling", "pot-after-call") == "pot-plus-bet":
            return pot + self.cur
        if bug("pot-without-call"):
            return self.cur + pot
        return self.cur + pot + to_call

    def min_raise_to(self) -> int:
        u = self.unit()
        if self.structure == "pot-limit" or self.structure == "no-limit":
            if self.betting.get("min_raise", "last-increment") == "double" and not bug(
                "mnp-raise-not-double"
            ):
                return max(2 * self.cur, self.cur + u)
            return self.cur + max(self.last_inc, u)
        if self.structure == "spread-limit":
            if bug("spread-raise-below-last"):
                return self.cur + u
            return self.cur + max(self.last_inc, u)
        return self.cur + u

    def agg_range(self, p: Seat, completing: bool):
        """(lo, hi) totals of a bet, completion or raise, before the stack limit."""
        st = self.street()
        if self.structure == "spread-limit":
            top = self.m.units(st["spread"]["max"])
            if self.cur == 0 or completing:
                return self.unit(), top
            return self.min_raise_to(), self.cur + top
        if self.structure == "pot-limit":
            if self.cur == 0 or completing:
                return self.unit(), self.pot_max_to(p)
            return self.min_raise_to(), self.pot_max_to(p)
        if self.structure == "no-limit":
            lo = self.unit() if (self.cur == 0 or completing) else self.min_raise_to()
            return lo, p.bet + p.stack
        raise AssertionError

    def clip(self, action, lo, hi, p: Seat):
        maxtot = p.bet + p.stack
        if maxtot <= self.cur:
            return []
        if hi > maxtot:
            hi = maxtot
        if lo > maxtot:
            lo = maxtot
        if lo > hi:
            lo = hi
        if lo == hi:
            return [{"action": action, "amount": lo}]
        return [{"action": action, "min": lo, "max": hi}]

    def options(self, p: Seat):
        """Internal options: dicts with amounts in units."""
        if self.phase == "exchange":
            opts = []
            price = self.exchange_price()
            if p.stack >= price and (self.rest or p.queue):
                opts.append({"action": "exchange", "amount": price})
            opts.append({"action": "stand_pat"})
            return opts
        if self.phase == "declare":
            names = [sh["name"] for sh in self.shares]
            names.append("both" if len(names) == 2 else "all")
            return [{"action": "declare", "declare": n} for n in names]
        maxtot = p.bet + p.stack
        opts = []
        if self.forced == p.seat and self.cur == 0:
            bi = min(self.bring_in, maxtot)
            opts.append({"action": "bring_in", "amount": bi})
            if self.structure == "fixed-limit":
                if self.small > bi:
                    opts += self.clip("complete", self.small, self.small, p)
            else:
                lo, hi = self.agg_range(p, True)
                if hi > bi:
                    opts += self.clip("complete", max(lo, bi + 1), hi, p)
            opts = [
                o for o in opts if o["action"] != "complete" or o.get("amount", o.get("max")) > bi
            ]
            return opts
        to_call = self.cur - p.bet
        answer = self.others_can_answer(p)
        if to_call <= 0:
            opts.append({"action": "check"})
            if self.betting.get("fold_when_check", "refused") == "allowed":
                opts.append({"action": "fold"})
            if answer and self.cur == 0:
                if self.structure == "fixed-limit":
                    for u in self.fixed_units():
                        opts += self.clip("bet", u, u, p)
                else:
                    lo, hi = self.agg_range(p, False)
                    opts += self.clip("bet", lo, hi, p)
            return opts
        opts.append({"action": "fold"})
        opts.append({"action": "call", "amount": min(self.cur, maxtot)})
        if not answer or maxtot <= self.cur:
            return opts
        if not self.bet_made:
            if self.structure == "fixed-limit":
                opts += self.clip("complete", self.small, self.small, p)
            else:
                lo, hi = self.agg_range(p, True)
                opts += self.clip("complete", max(lo, self.cur + 1), hi, p)
            return opts
        if p.seat not in self.can_raise or self.cap_reached():
            return opts
        if self.structure == "fixed-limit":
            for u in self.fixed_units():
                opts += self.clip("raise", self.cur + u, self.cur + u, p)
        else:
            lo, hi = self.agg_range(p, False)
            opts += self.clip("raise", lo, hi, p)
        seen = []
        for o in opts:
            if o not in seen:
                seen.append(o)
        return seen

    def legal_json(self):
        if self.to_act is None:
            return []
        out = []
        for o in self.options(self.by_seat[self.to_act]):
            d = {"action": o["action"]}
            if "declare" in o:
                d["declare"] = o["declare"]
            if "amount" in o:
                d["amount"] = self.m.fmt(o["amount"])
            if "min" in o:
                d["min"] = self.m.fmt(o["min"])
                d["max"] = self.m.fmt(o["max"])
            out.append(d)
        return out

    # ---------------- acting
    def act(self, req):
        if self.to_act is None:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        seat = req.get("seat")
        p = self.by_seat.get(seat)
        action = req.get("action")
        if action == "bring-in":
            action = "bring_in"
        simultaneous = (
            self.phase == "declare"
            and self.rs.get("showdown", {}).get("declare_order", "in-turn") == "simultaneous"
        )
        if p is None or (
            seat != self.to_act
            and not (simultaneous and p.declared is None and seat in self.decl_order)
        ):
            raise self.illegal(f"it is not seat {seat}'s turn")
        opts = self.options(p)
        match = [o for o in opts if o["action"] == action]
        if not match:
            raise self.illegal(f"{action} is not legal now")
        if self.phase == "exchange":
            return self.do_exchange(p, action, req)
        if self.phase == "declare":
            return self.do_declare(p, req)
        amount = None
        if action in ("bet", "raise", "complete", "call", "bring_in"):
            if req.get("amount") is None:
                fixed = [o["amount"] for o in match if "amount" in o]
                if len(fixed) == 1 and len(match) == 1:
                    amount = fixed[0]
                else:
                    raise self.illegal(f"{action} needs an amount")
            else:
                try:
                    amount = self.m.units(req["amount"])
                except Refusal as r:
                    raise self.illegal(r.message) from None
            ok = False
            for o in match:
                if "amount" in o and o["amount"] == amount:
                    ok = True
                if "min" in o and o["min"] <= amount <= o["max"]:
                    ok = True
            if not ok:
                raise self.illegal(f"{action} to {req.get('amount')} is not legal now")
        self.do_bet(p, action, amount)

    def illegal(self, msg):
        return Refusal("illegal_action", msg, legal=self.legal_json())

    def put(self, p: Seat, total: int):
        add = total - p.bet
        p.stack -= add
        p.committed += add
        p.bet = total
        if p.stack == 0:
            p.all_in = True

    def reopen(self, p: Seat):
        self.can_raise = {q.seat for q in self.able() if q is not p}
        self.needs = {q.seat for q in self.able() if q is not p}

    def do_bet(self, p: Seat, action: str, amount):
        u = self.unit()
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self.put(p, amount)
        elif action == "bring_in":
            self.put(p, amount)
            self.cur = amount
            self.needs = {q.seat for q in self.able() if q is not p}
            self.forced = None
            full = self.small if self.structure == "fixed-limit" else u
            if amount >= full:
                # a bring-in as large as the full bet is the bet itself
                self.bet_made = True
                self.last_inc = amount
                self.raises = 0
                self.can_raise = {q.seat for q in self.able() if q is not p}
        elif action == "complete":
            self.forced = None
            full = self.small if self.structure == "fixed-limit" else u
            self.put(p, amount)
            frac = Decimal(str(self.betting.get("reopen_fraction", "0.5")))
            if amount >= full:
                self.bet_made = True
                self.last_inc = amount
                self.raises = 0
                self.cur = amount
                self.reopen(p)
            elif Decimal(amount) >= frac * full:
                self.bet_made = True
                self.last_inc = full
                self.raises = 0
                self.cur = amount
                self.reopen(p)
            else:
                self.cur = amount
                self.needs = {q.seat for q in self.able() if q is not p}
            self.hand_aggr = p.seat
            self.last_round_aggr = p.seat
        elif action == "bet":
            self.put(p, amount)
            self.cur = amount
            self.bet_made = True
            self.last_inc = max(amount, u)
            if self.structure == "fixed-limit" and amount == self.big and self.big != u:
                self.big_locked = True
            self.reopen(p)
            self.hand_aggr = p.seat
            self.last_round_aggr = p.seat
        elif action == "raise":
            inc = amount - self.cur
            if self.structure == "fixed-limit":
                full = self.fixed_units()[0]
            else:
                full = self.min_raise_to() - self.cur
            frac = Decimal(str(self.betting.get("reopen_fraction", "0.5")))
            self.put(p, amount)
            if self.structure == "fixed-limit" and inc == self.big and self.big != u:
                self.big_locked = True
            if inc >= full:
                self.raises += 1
                if self.structure != "fixed-limit":
                    self.last_inc = inc
                self.reopen(p)
            elif Decimal(inc) >= frac * full:
                self.raises += 1
                self.reopen(p)
            else:
                self.needs = {q.seat for q in self.able() if q is not p}
            self.cur = amount
            self.hand_aggr = p.seat
            self.last_round_aggr = p.seat
        self.needs.discard(p.seat)
        self.can_raise.discard(p.seat)
        self.after_action(p)

    def after_action(self, p: Seat):
        if len(self.live()) <= 1:
            self.return_uncalled()
            self.finish()
            return
        self.needs = {
            s for s in self.needs if not self.by_seat[s].folded and not self.by_seat[s].all_in
        }
        if not self.needs:
            self.end_round()
            return
        for q in self.clockwise_from(p.seat):
            if q.seat in self.needs:
                self.to_act = q.seat
                return

    def return_uncalled(self):
        if not self.seats:
            return
        bets = sorted((q.bet for q in self.seats), reverse=True)
        top = bets[0]
        second = bets[1] if len(bets) > 1 else 0
        if top > second:
            q = next(q for q in self.seats if q.bet == top)
            diff = top - second
            q.bet -= diff
            q.committed -= diff
            q.stack += diff
            if q.stack > 0:
                q.all_in = False

    def end_round(self):
        self.return_uncalled()
        for q in self.seats:
            q.bet = 0
        self.to_act = None
        self.next_street()

    # ---------------- exchanges
    def do_exchange(self, p: Seat, action, req):
        if action == "exchange":
            cards = req.get("cards") or []
            if len(cards) != 1 or (cards[0] not in p.down and cards[0] not in p.up):
                raise self.illegal("exchange one card you hold")
            give = cards[0]
            price = self.exchange_price()
            new = self.draw_for(p)
            face = self.street()["exchange"].get("face", "same")
            if give in p.down:
                i = p.down.index(give)
                p.down[i] = new
            else:
                i = p.up.index(give)
                if face == "down":
                    to_down = not bug("buy-card-same-face")
                else:
                    to_down = bug("english-exchange-face")
                if to_down:
                    del p.up[i]
                    p.down.append(new)
                else:
                    p.up[i] = new
            p.stack -= price
            p.committed += price
            if p.stack == 0 and price:
                p.all_in = True
        idx = self.exch_order.index(p.seat)
        rest = self.exch_order[idx + 1 :]
        if rest:
            self.to_act = rest[0]
            return
        self.to_act = None
        self.after_exchange()

    # ---------------- declarations and showdown
    def to_showdown(self):
        sd = self.rs.get("showdown", {})
        if sd.get("method", "cards-speak") == "declare" and len(self.live()) > 1:
            self.phase = "declare"
            live = self.live()
            start = live[0]
            if (
                sd.get("declare_starts", "last-aggressor") == "last-aggressor"
                and self.hand_aggr is not None
            ):
                a = self.by_seat[self.hand_aggr]
                if not a.folded:
                    start = a
            order = [q.seat for q in self.clockwise_from(start.seat, include=True) if not q.folded]
            self.decl_order = order
            self.to_act = order[0]
            return
        self.showdown()

    def do_declare(self, p: Seat, req):
        d = req.get("declare")
        names = [s["name"] for s in self.shares]
        if d not in names + ["both"]:
            raise self.illegal(f"declare one of {', '.join(names)} or both")
        if p.declared is not None:
            raise self.illegal("already declared")
        p.declared = d
        remaining = [s for s in self.decl_order if self.by_seat[s].declared is None]
        if not remaining:
            self.to_act = None
            self.showdown()
            return
        simultaneous = self.rs.get("showdown", {}).get("declare_order", "in-turn") == "simultaneous"
        if simultaneous:
            self.to_act = remaining[0]
        else:
            idx = self.decl_order.index(p.seat)
            nxt = [
                s
                for s in self.decl_order[idx + 1 :] + self.decl_order[:idx]
                if self.by_seat[s].declared is None
            ]
            self.to_act = nxt[0]

    def declarations_json(self):
        if self.rs.get("showdown", {}).get("method", "cards-speak") != "declare":
            return None
        simultaneous = self.rs.get("showdown", {}).get("declare_order", "in-turn") == "simultaneous"
        hidden = simultaneous and self.phase == "declare"
        out = []
        for q in self.clockwise_from_left():
            if q.declared is not None:
                out.append({"seat": q.seat, "declare": None if hidden else q.declared})
        return out

    def pots(self):
        levels = sorted(
            {q.committed for q in self.seats if q.all_in and not q.folded and q.committed > 0}
        )
        pots = []
        prev = 0
        for lv in levels:
            amt = sum(min(q.committed, lv) - min(q.committed, prev) for q in self.seats)
            elig = [
                q.seat
                for q in self.clockwise_from_left()
                if not q.folded and (q.committed >= lv or not q.all_in)
            ]
            pots.append([amt, sorted(elig), lv])
            prev = lv
        amt = sum(q.committed - min(q.committed, prev) for q in self.seats)
        elig = [q.seat for q in self.seats if not q.folded and not q.all_in]
        if amt > 0 or not pots:
            if not elig:
                elig = [q.seat for q in self.seats if not q.folded and q.committed > prev]
            pots.append([amt, sorted(elig), None])
        return pots

    def evaluate_player(self, q: Seat, share):
        cards = q.down + q.up + self.community
        return evaluate_share(
            cards, share.get("ranking", "high"), share.get("qualifier"), self.joker_mode
        )

    def split_chips(self, amount: int, winners: list[int]):
        """Split among tied winners; odd chips by pot.odd_chip_tie."""
        n = len(winners)
        base = amount // n
        odd = amount - base * n
        out = {w: base for w in winners}
        if odd:
            if self.rs["pot"].get("odd_chip_tie", "position") == "high-card":
                order_s = {s: i for i, s in enumerate(SUITS)}

                def hc(s):
                    q = self.by_seat[s]
                    return max((rank_of(c), order_s[c[1]]) for c in q.down + q.up if c != JOKER)

                order = sorted(winners, key=hc, reverse=True)
            else:
                pos = [q.seat for q in self.clockwise_from_left()]
                order = sorted(winners, key=pos.index)
            for w in order[:odd]:
                out[w] += 1
        return out

    def share_amounts(self, amount: int, names: list[str]):
        """Cut a pot between the shares that have winners (in pot.shares order)."""
        k = len(names)
        if k == 1:
            return {names[0]: amount}
        pot = self.rs["pot"]
        su = pot.get("split_unit")
        unit = self.m.units(su) if su is not None else 1
        each = (amount // (k * unit)) * unit
        out = {n: each for n in names}
        left = amount - each * k
        all_names = [s["name"] for s in self.shares]
        start = pot.get("odd_chip_share", "high")
        order = [n for n in all_names if n in names]
        if start in order:
            i = order.index(start)
            order = order[i:] + order[:i]
        j = 0
        while left > 0:
            give = min(unit, left)
            out[order[j % len(order)]] += give
            left -= give
            j += 1
        return out

    def showdown(self):
        self.phase = "complete"
        self.to_act = None
        declare = self.rs.get("showdown", {}).get("method", "cards-speak") == "declare"
        live = self.live()
        evals = {}
        for q in live:
            evals[q.seat] = {s["name"]: self.evaluate_player(q, s) for s in self.shares}
        awards = []
        pots = self.pots()
        for idx, (amt, elig, _lv) in enumerate(pots):
            contenders = [s for s in elig if not self.by_seat[s].folded]
            if amt == 0 or not contenders:
                continue
            winners_by_share = self.pot_winners(contenders, evals, declare)
            if winners_by_share is None:
                # nobody can be awarded by shares
                mode = self.rs["pot"].get("unqualified") or "best-high"
                if mode == "split":
                    for s, a in self.split_chips(amt, contenders).items():
                        awards.append({"seat": s, "amount": a, "pot": idx, "share": None})
                else:
                    keys = {s: best_high(self.all_cards(s), self.joker_mode)[0] for s in contenders}
                    top = max(keys.values())
                    ws = [s for s in contenders if keys[s] == top]
                    for s, a in self.split_chips(amt, ws).items():
                        awards.append({"seat": s, "amount": a, "pot": idx, "share": "high"})
                continue
            names = [n for n in (s["name"] for s in self.shares) if winners_by_share.get(n)]
            cut = self.share_amounts(amt, names)
            for n in names:
                for s, a in self.split_chips(cut[n], winners_by_share[n]).items():
                    awards.append({"seat": s, "amount": a, "pot": idx, "share": n})
        hands = []
        for s in self.show_order(live):
            for sh in self.shares:
                key, five, name, ok = evals[s][sh["name"]]
                if not ok:
                    continue
                hands.append({"seat": s, "share": sh["name"], "name": name, "cards": five})
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    def all_cards(self, s):
        q = self.by_seat[s]
        return q.down + q.up + self.community

    def pot_winners(self, contenders, evals, declare):
        def best(seats, share):
            qual = [s for s in seats if evals[s][share][3]]
            if not qual:
                return []
            top = max(evals[s][share][0] for s in qual)
            return [s for s in qual if evals[s][share][0] == top]

        names = [s["name"] for s in self.shares]
        if not declare:
            out = {n: best(contenders, n) for n in names}
            if not any(out.values()):
                return None
            return out
        decl = {s: self.by_seat[s].declared for s in contenders}
        both = [s for s in contenders if decl[s] == "both"]
        qualified_both = []
        for s in both:
            ok = True
            for n in names:
                rivals = [t for t in contenders if decl[t] in (n, "both")]
                w = best(rivals, n)
                if bug("declare-both-tie-wins"):
                    if s not in w:
                        ok = False
                elif w != [s]:
                    ok = False
            if ok:
                qualified_both.append(s)
        if qualified_both:
            return {n: qualified_both for n in names}
        remaining = [s for s in contenders if decl[s] != "both"]
        if not remaining:
            out = {n: best(contenders, n) for n in names}
            return out if any(out.values()) else None
        out = {n: best([s for s in remaining if decl[s] == n], n) for n in names}
        if bug("declare-both-tie-wins"):
            for s in both:
                for n in names:
                    rivals = [t for t in contenders if decl[t] in (n, "both")]
                    if s in best(rivals, n):
                        out[n] = sorted(set(out.get(n, [])) | {s}, key=contenders.index)
        if not any(out.values()):
            return None
        return out

    def show_order(self, live):
        first = self.last_round_aggr or self.last_round_opener
        seats = [q.seat for q in live]
        if first is None or first not in seats:
            return seats
        return [q.seat for q in self.clockwise_from(first, include=True) if not q.folded]

    def finish(self):
        """Everyone else folded."""
        self.phase = "complete"
        self.to_act = None
        live = self.live()
        if len(live) != 1:
            self.showdown()
            return
        w = live[0]
        awards = []
        for idx, (amt, _elig, _lv) in enumerate(self.pots()):
            if amt:
                awards.append({"seat": w.seat, "amount": amt, "pot": idx, "share": None})
        self.result = {"awards": awards, "hands": [], "showdown": False}

    # ---------------- the state
    def state(self):
        fmt = self.m.fmt
        pots = self.pots()
        seats = []
        for q in self.seats:
            seats.append(
                {
                    "seat": q.seat,
                    "name": q.name,
                    "stack": fmt(q.stack),
                    "bet": fmt(q.bet),
                    "folded": q.folded,
                    "all_in": q.all_in,
                    "down": list(q.down),
                    "up": list(q.up),
                }
            )
        result = None
        if self.result is not None:
            # pay out once
            if not getattr(self, "_paid", False):
                for a in self.result["awards"]:
                    self.by_seat[a["seat"]].stack += a["amount"]
                self._paid = True
            result = {
                "awards": [dict(a, amount=fmt(a["amount"])) for a in self.result["awards"]],
                "hands": self.result["hands"],
                "showdown": self.result["showdown"],
            }
            seats = []
            for q in self.seats:
                seats.append(
                    {
                        "seat": q.seat,
                        "name": q.name,
                        "stack": fmt(q.stack),
                        "bet": fmt(q.bet),
                        "folded": q.folded,
                        "all_in": q.all_in,
                        "down": list(q.down),
                        "up": list(q.up),
                    }
                )
        st = {
            "street": self.street()["name"]
            if 0 <= self.street_i < len(self.streets)
            else self.streets[-1]["name"],
            "phase": self.phase if self.result is None else "complete",
            "to_act": self.to_act,
            "legal": self.legal_json(),
            "pot": fmt(self.pot_total()),
            "pots": [{"amount": fmt(a), "eligible": e} for a, e, _ in pots],
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "result": result,
        }
        decl = self.declarations_json()
        if decl is not None:
            st["declarations"] = decl
        return st


# ---------------------------------------------------------------- the server


class Server:
    def __init__(self):
        self.hand: Hand | None = None
        self.rs = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": "independent-twenty", "version": "1.0"},
            "rulesets": ["*"],
            "features": [
                "evaluate",
                "declare",
                "exchange",
                "joker",
                "community-card",
                "spread-limit",
                "pot-limit",
                "no-limit",
                "hi-lo",
                "table",
                "seat-cards",
            ],
        }

    def new_hand(self, req):
        rs = req.get("ruleset")
        if not isinstance(rs, dict):
            raise Refusal("unsupported", "only inline ruleset documents are played")
        check_ruleset(rs)
        seats = req.get("seats") or []
        m = Money(Decimal(str(rs["stakes"].get("chip", "0.01"))))
        triples = []
        for s in seats:
            triples.append((s["seat"], s.get("name", ""), m.units(s["stack"], "stack")))
        if len({t[0] for t in triples}) != len(triples) or not triples:
            raise Refusal("bad_request", "bad seats")
        hand = Hand(rs, triples, req["dealer"], req.get("deck") or [], req.get("seat_cards"))
        self.hand = hand
        self.rs = rs
        return {"state": hand.state()}

    def next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        old = self.hand
        if old.result is None:
            raise Refusal("bad_request", "the hand is still running")
        old.state()  # make sure the awards are paid
        triples = [(q.seat, q.name, q.stack) for q in old.seats if q.stack > 0]
        dealer = old.dealer
        if self.rs.get("dealer", {}).get("rotates", True):
            nxt = [q for q in old.seats if q.seat > dealer and q.stack > 0] + [
                q for q in old.seats if q.seat <= dealer and q.stack > 0
            ]
            dealer = nxt[0].seat
        hand = Hand(self.rs, triples, dealer, req.get("deck") or [], req.get("seat_cards"))
        self.hand = hand
        return {"state": hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        import copy

        backup = copy.deepcopy(self.hand)
        try:
            self.hand.act(req)
        except Refusal:
            self.hand = backup
            raise
        return {"state": self.hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        return {"state": self.hand.state()}

    def evaluate(self, req):
        ranking = req.get("ranking")
        if ranking not in SUPPORTED_RANKINGS:
            raise Refusal("unsupported", f"ranking {ranking}")
        if req.get("qualifier") is not None or req.get("wild"):
            raise Refusal("unsupported", "evaluate options")
        hands = req.get("hands") or []
        res = []
        for h in hands:
            cards = [parse_card(c) for c in h]
            if JOKER in cards:
                raise Refusal("unsupported", "joker in evaluate")
            key, five, name, _ok = evaluate_share(cards, ranking, None, "none")
            res.append({"best": five, "name": name, "_key": key})
        for r in res:
            r["rank"] = 1 + sum(1 for o in res if o["_key"] > r["_key"])
        for r in res:
            del r["_key"]
        return {"results": res}


def main() -> None:
    args = sys.argv[1:]
    if "--bugs" in args:
        i = args.index("--bugs")
        names = [n for n in args[i + 1].split(",") if n]
        for n in names:
            if n not in BUGS:
                sys.exit(f"unknown bug {n}; known: {', '.join(BUGS)}")
        ACTIVE.update(names)
    server = Server()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        rid = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            op = req.get("op")
            if op == "bye":
                print(json.dumps({"id": rid, "ok": True}), flush=True)
                break
            fn = {
                "hello": server.hello,
                "new_hand": server.new_hand,
                "next_hand": server.next_hand,
                "act": server.act,
                "state": server.state,
                "evaluate": server.evaluate,
            }.get(op)
            if fn is None:
                raise Refusal("unsupported", f"op {op}")
            reply = {"id": rid, "ok": True}
            reply.update(fn(req))
        except Refusal as r:
            err = {"code": r.code, "message": r.message}
            if r.code == "illegal_action":
                err["legal"] = r.legal if r.legal is not None else []
            if r.values:
                err["values"] = r.values
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # noqa: BLE001
            print(f"internal: {e!r}", file=sys.stderr)
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": repr(e)[:500]},
            }
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()

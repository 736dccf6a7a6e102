"""An independent stud engine written from the public protocol and ruleset docs only.

Speaks engine protocol 1.1 (JSON Lines on stdin/stdout) without the ``seat-cards``
capability: it deals every card from the deck it is sent, in its own dealing order.
It plays fixed-limit stud games with up and down cards only (seven-card stud and its house
variants, five-, six- and eight-card stud, razz, deuce-to-seven razz, razzdugi, stud
hi-lo, games with blinds) and refuses, naming the value, every ruleset value it cannot
play.  ``--bugs a,b`` switches on planted mistakes (see ``BUGS``), none by default.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from decimal import Decimal

BUGS = {
    "deal-from-bring-in": "later streets are dealt from the bring-in player, not the dealer's left",
    "no-last-burn": "no card is burned before the last street",
    "blinds-from-dealer": "the dealer posts the small blind, the player on his left the big one",
    "no-big-blind-option": "the round ends once everyone calls the big blind: no option for him",
    "deuce-seven-aces-low": "deuce-to-seven hands read aces low (so a wheel is the best hand)",
    "bring-in-suit-reversed": "equal bring-in cards are told apart with the suit order reversed",
    "odd-chip-to-low": "an odd chip of a split hi-lo pot goes to the low half",
    "no-short-allin-reopen": "an all-in raise of half a bet or more does not reopen the betting",
}

ACTIVE: set[str] = set()

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
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
SUIT_NAME = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
ZERO = Decimal(0)


def plural(v: int) -> str:
    return PLURAL.get(v, RANK_WORD[v] + "s")


def bug(name: str) -> bool:
    return name in ACTIVE


class Refusal(Exception):
    def __init__(self, code: str, message: str, **extra):
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra


def money(d: Decimal) -> str:
    d = d.normalize()
    s = format(d, "f")
    return s


def rv(card: str) -> int:
    return RANK_VALUE[card[0]]


# --------------------------------------------------------------------------- hands


def _groups(values: list[int]) -> list[tuple[int, int]]:
    counts: dict[int, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return sorted(((c, v) for v, c in counts.items()), reverse=True)


def high_key(cards: list[str], ace_low_straight: bool = True, ace_value: int = 14) -> tuple:
    """A comparable key for a five-card high hand (bigger is better)."""
    values = [ace_value if c[0] == "A" else rv(c) for c in cards]
    flush = len(cards) == 5 and len({c[1] for c in cards}) == 1
    uniq = sorted(set(values), reverse=True)
    straight_top = None
    if len(cards) == 5 and len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight_top = uniq[0]
        elif ace_low_straight and ace_value == 14 and uniq == [14, 5, 4, 3, 2]:
            straight_top = 5
    groups = _groups(values)
    order = tuple(v for c, v in groups for _ in range(c))
    pattern = tuple(c for c, _ in groups)
    if straight_top and flush:
        return (8, straight_top)
    if pattern[0] == 4:
        return (7, order)
    if pattern[:2] == (3, 2):
        return (6, order)
    if flush:
        return (5, order)
    if straight_top:
        return (4, straight_top)
    if pattern[0] == 3:
        return (3, order)
    if pattern[:2] == (2, 2):
        return (2, order)
    if pattern[0] == 2:
        return (1, order)
    return (0, order)


def board_high_key(cards: list[str]) -> tuple:
    """Pairs, trips and quads, then high cards: straights and flushes do not count."""
    values = [rv(c) for c in cards]
    groups = _groups(values)
    order = tuple(v for c, v in groups for _ in range(c))
    pattern = tuple(c for c, _ in groups)
    cls = {
        (4,): 7,
        (3, 2): 6,
        (3,): 3,
        (2, 2): 2,
        (2,): 1,
    }
    key = 0
    if pattern and pattern[0] == 4:
        key = 7
    elif pattern[:2] == (3, 2):
        key = 6
    elif pattern and pattern[0] == 3:
        key = 3
    elif pattern[:2] == (2, 2):
        key = 2
    elif pattern and pattern[0] == 2:
        key = 1
    del cls
    return (key, order)


def low_a5_key(cards: list[str]) -> tuple:
    """Ace-to-five low: smaller is better, so the key is negated (bigger is better)."""
    values = [1 if c[0] == "A" else rv(c) for c in cards]
    groups = _groups(values)
    pattern = tuple(c for c, _ in groups)
    order = tuple(v for c, v in groups for _ in range(c))
    cls = {(1,): 0, (2,): 1, (2, 2): 2, (3,): 3, (3, 2): 4, (4,): 5}
    klass = 0
    if pattern and pattern[0] == 4:
        klass = 5
    elif pattern[:2] == (3, 2):
        klass = 4
    elif pattern and pattern[0] == 3:
        klass = 3
    elif pattern[:2] == (2, 2):
        klass = 2
    elif pattern and pattern[0] == 2:
        klass = 1
    del cls
    return (-klass, tuple(-v for v in order))


def low_27_key(cards: list[str]) -> tuple:
    if bug("deuce-seven-aces-low"):
        k = high_key(cards, ace_low_straight=False, ace_value=1)
    else:
        k = high_key(cards, ace_low_straight=False)
    return _negate(k)


def low_a6_key(cards: list[str]) -> tuple:
    return _negate(high_key(cards, ace_value=1))


def _negate(k) -> tuple:
    if isinstance(k, tuple):
        return tuple(_negate(x) for x in k)
    return -k


def board_low_key(cards: list[str], aces: int) -> tuple:
    values = [aces if c[0] == "A" else rv(c) for c in cards]
    groups = _groups(values)
    pattern = tuple(c for c, _ in groups)
    order = tuple(v for c, v in groups for _ in range(c))
    klass = 0
    if pattern and pattern[0] == 4:
        klass = 5
    elif pattern[:2] == (3, 2):
        klass = 4
    elif pattern and pattern[0] == 3:
        klass = 3
    elif pattern[:2] == (2, 2):
        klass = 2
    elif pattern and pattern[0] == 2:
        klass = 1
    return (-klass, tuple(-v for v in order))


FIVE_KEYS = {
    "high": high_key,
    "ace-to-five": low_a5_key,
    "deuce-to-seven": low_27_key,
    "ace-to-six": low_a6_key,
}


def qualifies_low(five: list[str], qualifier: int | None) -> bool:
    if qualifier is None:
        return True
    values = [1 if c[0] == "A" else rv(c) for c in five]
    return len(set(values)) == 5 and max(values) <= qualifier


def best_hand(cards: list[str], ranking: str, qualifier: int | None = None):
    """(key, cards that play) or None when nothing qualifies."""
    if ranking == "badugi":
        return best_badugi(cards)
    fn = FIVE_KEYS[ranking]
    best = None
    n = min(5, len(cards))
    for combo in itertools.combinations(cards, n):
        five = list(combo)
        if qualifier is not None and not qualifies_low(five, qualifier):
            continue
        k = fn(five)
        if best is None or k > best[0]:
            best = (k, five)
    return best


def best_badugi(cards: list[str]):
    best = None
    for size in range(min(4, len(cards)), 0, -1):
        for combo in itertools.combinations(cards, size):
            if len({c[0] for c in combo}) != size or len({c[1] for c in combo}) != size:
                continue
            values = sorted((1 if c[0] == "A" else rv(c) for c in combo), reverse=True)
            k = (size, tuple(-v for v in values))
            if best is None or k > best[0]:
                best = (k, list(combo))
        if best is not None:
            return best
    return best


def hand_name(cards: list[str], ranking: str) -> str:
    if ranking == "badugi":
        values = sorted((1 if c[0] == "A" else rv(c) for c in cards), reverse=True)
        if len(values) == 1:
            return f"one-card badugi, {RANK_WORD[values[0]]}"
        size = {4: "", 3: "three-card ", 2: "two-card "}[len(values)]
        return f"{size}{RANK_WORD[values[0]]}-{RANK_WORD[values[1]]} badugi"
    if ranking == "high":
        k = high_key(cards)
        cat = k[0]
        order = k[1] if isinstance(k[1], tuple) else None
        if cat == 8:
            return "royal flush" if k[1] == 14 else "straight flush"
        if cat == 7:
            return f"four {plural(order[0])}"
        if cat == 6:
            return f"{plural(order[0])} full of {plural(order[3])}"
        if cat == 5:
            return "flush"
        if cat == 4:
            return "straight"
        if cat == 3:
            return f"three {plural(order[0])}"
        if cat == 2:
            return f"two pair, {plural(order[0])} and {plural(order[2])}"
        if cat == 1:
            return f"pair of {plural(order[0])}"
        return f"{RANK_WORD[order[0]]} high"
    aces = 14 if ranking == "deuce-to-seven" else 1
    values = sorted((aces if c[0] == "A" else rv(c) for c in cards), reverse=True)
    if len(set(values)) < len(values):
        return "paired low"
    return f"{RANK_WORD[values[0]]}-{RANK_WORD[values[1]]} low"


# --------------------------------------------------------------------------- rules


def check_ruleset(rs: dict) -> None:
    """Refuse every value this engine cannot play, naming it."""

    def no(path: str, wanted, plays, with_values: bool = False):
        extra = {}
        if with_values:
            extra["values"] = [{"path": path, "wanted": wanted, "plays": plays}]
        raise Refusal("unsupported", f"{path} = {json.dumps(wanted)}: not played here", **extra)

    betting = rs.get("betting", {})
    if betting.get("structure", "fixed-limit") != "fixed-limit":
        no("betting.structure", betting.get("structure"), "fixed-limit")
    deck = rs.get("deck", {})
    if deck.get("jokers", 0):
        no("deck.jokers", deck.get("jokers"), 0)
    if deck.get("centre"):
        no("deck.centre", deck.get("centre"), [])
    if deck.get("stripped"):
        no("deck.stripped", deck.get("stripped"), [])
    wild = rs.get("wild", {})
    if wild.get("joker", "none") != "none":
        no("wild.joker", wild.get("joker"), "none")
    if wild.get("low_hole"):
        no("wild.low_hole", True, False)
    if wild.get("ranks"):
        no("wild.ranks", wild.get("ranks"), [], with_values=True)
    if rs.get("events"):
        no("events", "...", [])
    board = rs.get("board", {})
    if board.get("ranking", "high") not in ("high", "ace-to-five", "deuce-to-seven"):
        no("board.ranking", board.get("ranking"), "high")
    for i, st in enumerate(rs["streets"]):
        for d in st.get("deal", []):
            if d not in ("up", "down"):
                no(f"streets[{i}].deal", st.get("deal"), ["down"])
        if st.get("exchange"):
            no(f"streets[{i}].exchange", "...", None)
        if st.get("decide"):
            no(f"streets[{i}].decide", "...", [])
        if st.get("deal_if_players_at_most") is not None:
            no(f"streets[{i}].deal_if_players_at_most", st["deal_if_players_at_most"], None)
        if st.get("spread"):
            no(f"streets[{i}].spread", "...", None)
        if st.get("opener", "best-board") == "bring-in" and rs["stakes"].get("bring_in") is None:
            no(f"streets[{i}].opener", "bring-in", "best-board")
        if st.get("opener") == "after-big-blind" and rs["stakes"].get("big_blind") is None:
            no(f"streets[{i}].opener", "after-big-blind", "first-left")
    pot = rs["pot"]
    names = [s["name"] for s in pot["shares"]]
    for i, sh in enumerate(pot["shares"]):
        r = sh.get("ranking", "high")
        if r not in ("high", "ace-to-five", "ace-to-six", "deuce-to-seven", "badugi"):
            no(f"pot.shares[{i}].ranking", r, "high")
        if sh.get("qualifier") is not None and r not in ("ace-to-five", "ace-to-six"):
            no(f"pot.shares[{i}].qualifier", sh.get("qualifier"), None)
        for key, default in (
            ("minimum", None),
            ("cards", "all"),
            ("own", None),
            ("common", None),
            ("suit", None),
            ("fallback", None),
        ):
            if sh.get(key, default) != default:
                no(f"pot.shares[{i}].{key}", sh.get(key), default)
    if len(pot["shares"]) > 2:
        no("pot.shares", names, names[:2])
    if pot.get("odd_chip_tie", "position") != "position":
        no("pot.odd_chip_tie", pot.get("odd_chip_tie"), "position")
    if len(names) > 1 and pot.get("odd_chip_share", "high") not in names:
        no("pot.odd_chip_share", pot.get("odd_chip_share"), names[0])
    sd = rs.get("showdown", {})
    if sd.get("method", "cards-speak") != "cards-speak":
        no("showdown.method", sd.get("method"), "cards-speak")


NEW_DECK = [r + s for r in RANKS for s in SUITS]


class Seat:
    def __init__(self, seat: int, name: str, stack: Decimal):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = ZERO
        self.committed = ZERO
        self.folded = False
        self.down: list[str] = []
        self.up: list[str] = []

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0

    def put(self, amount: Decimal) -> None:
        amount = min(amount, self.stack)
        self.stack -= amount
        self.bet += amount
        self.committed += amount


class Hand:
    def __init__(self, rs: dict, seats: list[dict], dealer: int, deck: list[str]):
        check_ruleset(rs)
        self.rs = rs
        st = rs["stakes"]
        self.chip = Decimal(str(st.get("chip", "0.01")))
        self.ante = Decimal(str(st.get("ante", "0")))
        self.bring_in = None if st.get("bring_in") is None else Decimal(str(st["bring_in"]))
        self.small = Decimal(str(st["small_bet"]))
        self.big = Decimal(str(st["big_bet"]))
        self.sb = None if st.get("small_blind") is None else Decimal(str(st["small_blind"]))
        self.bb = None if st.get("big_blind") is None else Decimal(str(st["big_blind"]))
        self.betting = rs.get("betting", {})
        self.dealing = rs.get("dealing", {})
        self.bring = rs.get("bring_in", {})
        self.board = rs.get("board", {})
        self.streets = rs["streets"]
        self.seats = sorted(
            (Seat(s["seat"], s["name"], Decimal(str(s["stack"]))) for s in seats),
            key=lambda s: s.seat,
        )
        self.dealer = dealer
        if len({s.seat for s in self.seats}) != len(self.seats):
            raise Refusal("bad_request", "a seat number twice")
        self.stub = self._build_deck(deck)
        self.burns: list[str] = []
        self.community: list[str] = []
        self.blinds: list[dict] = []
        self.street_index = -1
        self.dealt_any = False
        self.result = None
        self.to_act: int | None = None
        self.phase = "betting"
        self.forced: int | None = None  # the seat that must bring in
        self.last_aggressor: int | None = None
        self.round_opener: int | None = None
        self.bring_in_seat: int | None = None
        self.big_blind_seat: int | None = None
        self.start()

    # -- deck

    def _build_deck(self, deck: list[str]) -> list[str]:
        if not deck:
            cards = list(NEW_DECK)
            random.Random(0).shuffle(cards)
            return cards
        for c in deck:
            if c not in NEW_DECK:
                raise Refusal("bad_request", f"unknown card {c}")
        if len(set(deck)) != len(deck):
            raise Refusal("bad_request", "a card twice in the deck")
        rest = [c for c in NEW_DECK if c not in set(deck)]
        return list(deck) + rest

    # -- seats

    def seat(self, n: int) -> Seat:
        for s in self.seats:
            if s.seat == n:
                return s
        raise KeyError(n)

    def clockwise_from(self, n: int) -> list[Seat]:
        """Every seat, starting with the first one after seat number ``n``."""
        after = [s for s in self.seats if s.seat > n]
        before = [s for s in self.seats if s.seat <= n]
        return after + before

    def live(self) -> list[Seat]:
        return [s for s in self.seats if not s.folded]

    # -- flow

    def start(self) -> None:
        for s in self.seats:
            if self.ante > 0:
                s.put(self.ante)
            s.bet = ZERO
        if self.sb is not None and self.bb is not None:
            self.post_blinds()
        self.next_street()

    def post_blinds(self) -> None:
        order = self.clockwise_from(self.dealer)
        if bug("blinds-from-dealer"):
            order = order[-1:] + order[:-1]
        if len(order) == 2:
            dealer_seat = [s for s in order if s.seat == self.dealer]
            other = [s for s in order if s.seat != self.dealer]
            if (
                dealer_seat
                and self.rs.get("blinds", {}).get("heads_up", "dealer-small") == "dealer-small"
            ):
                small, big = dealer_seat[0], other[0]
            else:
                small, big = order[0], order[1]
        else:
            small, big = order[0], order[1]
        for s, kind, amount in ((small, "small", self.sb), (big, "big", self.bb)):
            before = s.stack
            s.put(amount)
            self.blinds.append({"seat": s.seat, "blind": kind, "amount": money(before - s.stack)})
        self.big_blind_seat = big.seat

    def rounds_after(self, index: int, entry: int) -> int:
        n = len(self.streets[index]["deal"]) - entry - 1
        for st in self.streets[index + 1 :]:
            n += len(st.get("deal", []))
        return n

    def deal_street(self) -> None:
        st = self.streets[self.street_index]
        deal = st.get("deal", [])
        if not deal:
            return
        last = self.street_index == len(self.streets) - 1
        burn = self.dealing.get("burn", True) and self.dealt_any and self.stub
        if burn and last and bug("no-last-burn"):
            burn = False
        if burn:
            self.burns.append(self.stub.pop(0))
        for i, face in enumerate(deal):
            players = self.live()
            need = len(players)
            reserve = (
                self.rounds_after(self.street_index, i)
                if self.dealing.get("community_card", True)
                else 0
            )
            if len(self.stub) - reserve < need and self.dealing.get("reuse_burns", True):
                self.stub.extend(self.burns)
                self.burns = []
            if len(self.stub) - reserve < need:
                if self.dealing.get("community_card", True) and self.stub:
                    self.community.append(self.stub.pop(0))
                    continue
                raise Refusal("internal", "the pack ran out")
            order = self.clockwise_from(self.dealer)
            if self.dealt_any and bug("deal-from-bring-in") and self.bring_in_seat is not None:
                # the author deals later streets starting with the bring-in player
                ring = self.clockwise_from(self.bring_in_seat)
                order = ring[-1:] + ring[:-1]
            for s in order:
                if s.folded:
                    continue
                card = self.stub.pop(0)
                (s.up if face == "up" else s.down).append(card)
            self.dealt_any = True

    def next_street(self) -> None:
        """Deal the next street and open its betting, or go to the showdown."""
        while True:
            self.street_index += 1
            if self.street_index >= len(self.streets):
                self.showdown()
                return
            for s in self.seats:
                s.bet = ZERO if self.street_index > 0 or not self.blinds else s.bet
            self.deal_street()
            st = self.streets[self.street_index]
            if st.get("bet", "small") is None:
                continue
            if self.open_round():
                return

    # -- betting rounds

    def unit(self) -> Decimal:
        st = self.streets[self.street_index]
        return self.big if st.get("bet", "small") == "big" else self.small

    def open_round(self) -> bool:
        """Start the street's betting; False when nobody can bet."""
        st = self.streets[self.street_index]
        self.current = ZERO  # the bet to call
        self.opened = False  # a full bet (bet, completion, big blind) has been made
        self.bets = 0  # the bet and the raises counted for the cap
        self.big_made = False
        self.acted: set[int] = set()
        self.forced = None
        self.last_aggressor = None
        self.round_start_active = len([s for s in self.live() if s.can_act])
        opener_kind = st.get("opener", "best-board")
        if self.street_index == 0 and self.blinds:
            big = self.seat(self.big_blind_seat)
            self.current = self.bb
            self.opened = self.bb >= self.unit()
            if self.opened:
                self.bets = 1
            del big
        first = self.find_opener(opener_kind)
        self.round_opener = first
        can = [s for s in self.live() if s.can_act]
        if len(can) <= 1 and not (len(can) == 1 and any(s.bet < self.current for s in can)):
            return False
        if first is None:
            return False
        self.to_act = first
        if opener_kind == "bring-in":
            self.forced = first
            self.bring_in_seat = first
        return True

    def find_opener(self, kind: str) -> int | None:
        if kind == "bring-in":
            return self.find_bring_in()
        if kind == "first-left":
            for s in self.clockwise_from(self.dealer):
                if s.can_act:
                    return s.seat
            return None
        if kind == "after-big-blind":
            for s in self.clockwise_from(self.big_blind_seat):
                if s.can_act:
                    return s.seat
            return None
        # best-board
        st = self.streets[self.street_index]
        ties = st.get("ties") or self.board.get("ties", "suit")
        best = None
        best_key = None
        for pos, s in enumerate(self.clockwise_from(self.dealer)):
            if s.folded:
                continue
            k = self.board_key(s, ties, pos)
            if best_key is None or k > best_key:
                best, best_key = s, k
        if best is None:
            return None
        if best.can_act:
            return best.seat
        for s in self.clockwise_from(best.seat):
            if s.can_act:
                return s.seat
        return None

    def board_cards(self, s: Seat) -> list[str]:
        return s.up + self.community

    def board_key(self, s: Seat, ties: str, pos: int) -> tuple:
        cards = self.board_cards(s)
        ranking = self.board.get("ranking", "high")
        best = None
        n = min(5, len(cards))
        for combo in itertools.combinations(cards, n):
            combo = list(combo)
            if ranking == "high":
                k = board_high_key(combo)
            elif ranking == "ace-to-five":
                k = board_low_key(combo, 1)
            else:
                k = board_low_key(combo, 14)
            if best is None or k > best[0]:
                best = (k, combo)
        if best is None:
            return ((), 0)
        key, combo = best
        if ties == "position":
            return (key, -pos)
        suits = "".join(SUIT_NAME[x] for x in ["clubs", "diamonds", "hearts", "spades"])
        if ranking == "high":
            top = max(
                combo,
                key=lambda c: (sum(1 for d in combo if d[0] == c[0]), rv(c), suits.index(c[1])),
            )
            return (key, suits.index(top[1]))
        aces = 1 if ranking == "ace-to-five" else 14
        top = max(combo, key=lambda c: (aces if c[0] == "A" else rv(c), suits.index(c[1])))
        return (key, -suits.index(top[1]))

    def find_bring_in(self) -> int | None:
        order = [
            SUIT_NAME[x]
            for x in self.bring.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])
        ]
        if bug("bring-in-suit-reversed"):
            order = order[::-1]
        highest = self.bring.get("card", "lowest") == "highest"
        aces = 14 if self.bring.get("aces", "high") == "high" else 1

        def key(s: Seat):
            card = s.up[-1]
            v = aces if card[0] == "A" else rv(card)
            k = (v, order.index(card[1]))
            return k if highest else (-k[0], -k[1])

        candidates = [s for s in self.live() if s.up]
        if not candidates:
            return None
        if self.bring.get("all_in", "next-card") == "next-card":
            chips = [s for s in candidates if s.can_act]
            if not chips:
                return None
            return max(chips, key=key).seat
        extreme = max(candidates, key=key)
        if extreme.can_act:
            return extreme.seat
        for s in self.clockwise_from(extreme.seat):
            if s.can_act:
                return s.seat
        return None

    def increments(self) -> list[Decimal]:
        st = self.streets[self.street_index]
        unit = self.unit()
        if unit == self.small and st.get("big_bet_when", "never") == "open-pair":
            pair = any(board_high_key(s.up)[0] >= 1 for s in self.live())
            locks = self.betting.get("big_bet_locks", True)
            if self.big_made and locks:
                return [self.big]
            if pair:
                return [self.small, self.big]
        return [unit]

    def capped(self) -> bool:
        mr = self.betting.get("max_raises", 3)
        if mr is None:
            return False
        mode = self.betting.get("uncapped_heads_up", "in-hand")
        if mode == "in-hand" and len(self.live()) <= 2:
            return False
        if mode == "round-start" and self.round_start_active <= 2:
            return False
        return self.bets >= 1 + mr

    def someone_can_answer(self, me: Seat) -> bool:
        return any(
            s is not me and s.can_act and s.bet + s.stack > self.current for s in self.live()
        )

    def legal(self) -> list[dict]:
        if self.to_act is None or self.result is not None:
            return []
        me = self.seat(self.to_act)
        total = me.bet + me.stack
        out: list[dict] = []
        if self.forced == me.seat:
            bi = min(self.bring_in, total)
            out.append({"action": "bring_in", "amount": money(bi)})
            comp = min(self.small, total)
            if comp > bi:
                out.append({"action": "complete", "amount": money(comp)})
            return out
        to_call = self.current - me.bet
        if to_call > 0:
            out.append({"action": "fold"})
            out.append({"action": "call", "amount": money(min(self.current, total))})
        else:
            out.append({"action": "check"})
            if self.betting.get("fold_when_check", "refused") == "allowed":
                out.append({"action": "fold"})
        if total > self.current and self.may_raise(me):
            seen = set()
            if not self.opened and self.current > 0:
                amounts = [min(self.small if self.street_index == 0 else self.unit(), total)]
                word = "complete"
            else:
                amounts = [min(self.current + inc, total) for inc in self.increments()]
                word = "raise" if self.opened else "bet"
            for a in amounts:
                if a not in seen:
                    seen.add(a)
                    out.append({"action": word, "amount": money(a)})
        return out

    def may_raise(self, me: Seat) -> bool:
        # (a bring-in not yet completed may be completed by anyone, its player too)
        completing = not self.opened and self.current > 0
        if me.seat in self.acted and not completing and not self.reopen_for(me):
            return False
        if self.capped():
            return False
        return self.someone_can_answer(me)

    def reopen_for(self, me: Seat) -> bool:
        return False

    def act(self, seat: int, action: str, amount: str | None) -> None:
        if self.result is not None or self.to_act is None:
            raise Refusal("illegal_action", "the hand is over", legal=[])
        legal = self.legal()
        if seat != self.to_act:
            raise Refusal("illegal_action", f"it is seat {self.to_act}'s turn", legal=legal)
        options = [o for o in legal if o["action"] == action]
        if not options:
            raise Refusal("illegal_action", f"{action} is not legal now", legal=legal)
        chosen = options[0]
        if amount is not None and "amount" in chosen:
            want = Decimal(str(amount))
            match = [o for o in options if Decimal(o["amount"]) == want]
            if not match:
                raise Refusal("illegal_action", f"{action} {amount} is not legal now", legal=legal)
            chosen = match[0]
        me = self.seat(seat)
        if action == "fold":
            me.folded = True
            self.acted.add(seat)
        elif action == "check":
            self.acted.add(seat)
        elif action == "call":
            me.put(Decimal(chosen["amount"]) - me.bet)
            self.acted.add(seat)
        elif action == "bring_in":
            me.put(Decimal(chosen["amount"]) - me.bet)
            self.current = me.bet
            self.forced = None
            self.acted.add(seat)
            if me.bet >= self.small:
                self.opened = True
                self.bets = 1
        else:  # bet, complete, raise
            target = Decimal(chosen["amount"])
            me.put(target - me.bet)
            self.forced = None
            if action == "complete":
                full = self.small if self.street_index == 0 else self.unit()
                frac = Decimal(str(self.betting.get("reopen_fraction", "0.5")))
                if target >= full * frac or target >= full:
                    self.opened = True
                    self.bets = 1
                    self.acted = {seat}
                    self.last_aggressor = seat
                else:
                    self.acted.add(seat)
                self.current = max(self.current, target)
            elif action == "bet":
                self.opened = True
                self.bets = 1
                self.acted = {seat}
                self.last_aggressor = seat
                if target - self.current >= self.big and self.big > self.small:
                    self.big_made = True
                self.current = target
            else:
                incs = self.increments()
                full = min(incs)
                inc = target - self.current
                frac = Decimal(str(self.betting.get("reopen_fraction", "0.5")))
                if inc >= self.big and self.big > self.small and self.big in incs:
                    self.big_made = True
                if inc >= full:
                    self.bets += 1
                    self.acted = {seat}
                    self.last_aggressor = seat
                elif inc >= full * frac and not bug("no-short-allin-reopen"):
                    self.bets += 1  # (it counts toward the cap too)
                    self.acted = {seat}
                    self.last_aggressor = seat
                else:
                    self.acted.add(seat)
                    self.last_aggressor = seat
                self.current = target
        self.advance(seat)

    def advance(self, last: int) -> None:
        live = self.live()
        if len(live) == 1:
            self.return_uncalled()
            self.finish_uncontested(live[0])
            return
        for s in self.clockwise_from(last):
            if not s.can_act:
                continue
            if s.seat not in self.acted or s.bet < self.current:
                if bug("no-big-blind-option") and self.blinds and self.street_index == 0:
                    if s.seat == self.big_blind_seat and s.bet >= self.current:
                        continue
                self.to_act = s.seat
                return
        self.to_act = None
        self.return_uncalled()
        self.next_street()

    def return_uncalled(self) -> None:
        bets = sorted((s.bet for s in self.seats), reverse=True)
        if len(bets) < 2 or bets[0] == bets[1]:
            return
        top = max(self.seats, key=lambda s: s.bet)
        excess = bets[0] - bets[1]
        top.bet -= excess
        top.committed -= excess
        top.stack += excess

    # -- pots and showdown

    def pots(self) -> list[dict]:
        levels = sorted({s.committed for s in self.seats if s.all_in})
        top = max((s.committed for s in self.seats), default=ZERO)
        if not levels or levels[-1] < top:
            levels.append(top)
        out = []
        prev = ZERO
        for lv in levels:
            amount = sum((min(s.committed, lv) - min(s.committed, prev) for s in self.seats), ZERO)
            elig = [
                s.seat for s in self.seats if not s.folded and (s.committed >= lv or not s.all_in)
            ]
            if amount > 0:
                if out and out[-1]["eligible"] == elig:
                    out[-1]["amount"] += amount
                else:
                    out.append({"amount": amount, "eligible": elig})
            prev = lv
        if not out:
            out = [{"amount": ZERO, "eligible": [s.seat for s in self.live()]}]
        return out

    def finish_uncontested(self, winner: Seat) -> None:
        awards = []
        for i, p in enumerate(self.pots()):
            if p["amount"] > 0:
                winner.stack += p["amount"]
                awards.append(
                    {"seat": winner.seat, "amount": money(p["amount"]), "pot": i, "share": None}
                )
        self.final_pots = self.pots()
        for s in self.seats:
            s.committed = ZERO
        self.to_act = None
        self.phase = "complete"
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def split(self, amount: Decimal, parts: int, unit: Decimal) -> list[Decimal]:
        units = int(amount // unit)
        each = units // parts
        left = units - each * parts
        shares = [each * unit for _ in range(parts)]
        for i in range(left):
            shares[i] += unit
        rest = amount - units * unit
        if rest:
            shares[0] += rest
        return shares

    def showdown(self) -> None:
        self.to_act = None
        self.street_index = len(self.streets) - 1
        self.return_uncalled()
        pot_cfg = self.rs["pot"]
        shares = pot_cfg["shares"]
        names = [sh["name"] for sh in shares]
        odd = pot_cfg.get("odd_chip_share", "high")
        if bug("odd-chip-to-low") and "low" in names:
            odd = "low"
        start = names.index(odd) if odd in names else 0
        order = names[start:] + names[:start]
        unit = (
            Decimal(str(pot_cfg["split_unit"]))
            if pot_cfg.get("split_unit") is not None
            else self.chip
        )
        live = self.live()
        best: dict[tuple[int, str], tuple] = {}
        for s in live:
            cards = s.down + s.up + self.community
            for sh in shares:
                r = sh.get("ranking", "high")
                b = best_hand(cards, r, sh.get("qualifier"))
                if b is not None:
                    best[(s.seat, sh["name"])] = b
        pots = self.pots()
        awards = []
        pos = {s.seat: i for i, s in enumerate(self.clockwise_from(self.dealer))}
        for pi, p in enumerate(pots):
            elig = [self.seat(n) for n in p["eligible"]]
            if p["amount"] == 0:
                continue
            if len(elig) == 1:
                elig[0].stack += p["amount"]
                awards.append(
                    {"seat": elig[0].seat, "amount": money(p["amount"]), "pot": pi, "share": None}
                )
                continue
            winners: dict[str, list[Seat]] = {}
            for sh in shares:
                cands = [
                    (best[(s.seat, sh["name"])][0], s) for s in elig if (s.seat, sh["name"]) in best
                ]
                if not cands:
                    continue
                top = max(k for k, _ in cands)
                winners[sh["name"]] = [s for k, s in cands if k == top]
            if not winners:
                mode = pot_cfg.get("unqualified") or "best-high"
                if mode == "split":
                    winners = {"__split": elig}
                else:
                    cands = [
                        (best_hand(s.down + s.up + self.community, "high")[0], s) for s in elig
                    ]
                    top = max(k for k, _ in cands)
                    winners = {"high": [s for k, s in cands if k == top]}
                parts_names = list(winners)
            else:
                parts_names = [n for n in order if n in winners]
            parts = self.split(p["amount"], len(parts_names), unit)
            for name, part in zip(parts_names, parts, strict=True):
                ws = sorted(winners[name], key=lambda s: pos[s.seat])
                pieces = self.split(part, len(ws), self.chip)
                for w, piece in zip(ws, pieces, strict=True):
                    w.stack += piece
                    share = None if name == "__split" else name
                    awards.append(
                        {"seat": w.seat, "amount": money(piece), "pot": pi, "share": share}
                    )
        hands = []
        first = self.last_aggressor if self.last_aggressor is not None else self.show_first()
        for s in self.clockwise_from(first)[-1:] + self.clockwise_from(first)[:-1]:
            if s.folded:
                continue
            for sh in shares:
                b = best.get((s.seat, sh["name"]))
                if b is None:
                    continue
                hands.append(
                    {
                        "seat": s.seat,
                        "share": sh["name"],
                        "name": hand_name(b[1], sh.get("ranking", "high")),
                        "cards": b[1],
                    }
                )
        self.final_pots = pots
        for s in self.seats:
            s.committed = ZERO
        self.phase = "complete"
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    def show_first(self) -> int:
        if self.round_opener is not None:
            return self.round_opener
        st = self.streets[-1]
        kind = st.get("opener", "best-board")
        if kind == "bring-in":
            kind = "best-board"
        seat = self.find_opener(kind)
        if seat is None:
            ties = st.get("ties") or self.board.get("ties", "suit")
            ring = [s for s in self.clockwise_from(self.dealer)]
            live = [(self.board_key(s, ties, i), s) for i, s in enumerate(ring) if not s.folded]
            seat = max(live, key=lambda x: x[0])[1].seat
        return seat

    # -- state

    def state(self) -> dict:
        pots = self.final_pots if self.result is not None else self.pots()
        st = {
            "street": self.streets[max(0, min(self.street_index, len(self.streets) - 1))]["name"],
            "phase": "complete" if self.result is not None else "betting",
            "to_act": self.to_act,
            "legal": self.legal(),
            "pot": money(sum((p["amount"] for p in pots), ZERO)),
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
            "result": self.result,
        }
        if self.sb is not None:
            st["blinds"] = self.blinds
        return st


# --------------------------------------------------------------------------- protocol


def evaluate(req: dict) -> dict:
    ranking = req.get("ranking", "high")
    if ranking not in ("high", "ace-to-five", "ace-to-six", "deuce-to-seven", "badugi"):
        raise Refusal("unsupported", f"ranking {ranking!r} is not evaluated here")
    qualifier = req.get("qualifier")
    if req.get("wild"):
        raise Refusal("unsupported", "wild cards are not evaluated here")
    results = []
    keys = []
    for cards in req["hands"]:
        b = best_hand(
            list(cards), ranking, qualifier if ranking in ("ace-to-five", "ace-to-six") else None
        )
        if b is None:
            results.append({"best": [], "name": "no low", "rank": 0, "qualifies": False})
            keys.append(None)
        else:
            r = {"best": b[1], "name": hand_name(b[1], ranking), "rank": 0}
            if qualifier is not None:
                r["qualifies"] = True
            results.append(r)
            keys.append(b[0])
    for i, k in enumerate(keys):
        if k is None:
            better = sum(1 for x in keys if x is not None)
        else:
            better = sum(1 for x in keys if x is not None and x > k)
        results[i]["rank"] = better + 1
    return {"results": results}


class Server:
    def __init__(self):
        self.hand: Hand | None = None

    def handle(self, req: dict) -> dict:
        op = req.get("op")
        if op == "hello":
            return {
                "protocol": 1,
                "engine": {"name": "independent-twentyone", "version": "0.1"},
                "rulesets": ["*"],
                "features": ["evaluate", "evaluate-options", "hi-lo", "blinds", "table"],
                "rankings": ["high", "ace-to-five", "ace-to-six", "deuce-to-seven", "badugi"],
            }
        if op == "new_hand":
            rs = req["ruleset"]
            if not isinstance(rs, dict):
                raise Refusal("unsupported", "send the ruleset document, not its name")
            self.hand = Hand(rs, req["seats"], req["dealer"], list(req.get("deck") or []))
            return {"state": self.hand.state()}
        if op == "next_hand":
            old = self.hand
            if old is None:
                raise Refusal("no_hand", "no hand dealt yet")
            if old.result is None:
                raise Refusal("bad_request", "the hand is still running")
            seats = [
                {"seat": s.seat, "name": s.name, "stack": s.stack} for s in old.seats if s.stack > 0
            ]
            dealer = old.dealer
            if old.rs.get("dealer", {}).get("rotates", True):
                dealer = next(s.seat for s in old.clockwise_from(old.dealer) if s.stack > 0)
            self.hand = Hand(old.rs, seats, dealer, list(req.get("deck") or []))
            return {"state": self.hand.state()}
        if op in ("act", "state"):
            if self.hand is None:
                raise Refusal("no_hand", "no hand dealt yet")
            if op == "act":
                try:
                    self.hand.act(req["seat"], req["action"], req.get("amount"))
                except Refusal as r:
                    if r.code == "illegal_action" and "legal" not in r.extra:
                        r.extra["legal"] = self.hand.legal()
                    raise
            return {"state": self.hand.state()}
        if op == "evaluate":
            return evaluate(req)
        if op == "bye":
            return {}
        raise Refusal("unsupported", f"op {op!r}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bugs", default="")
    args = parser.parse_args()
    for name in filter(None, (b.strip() for b in args.bugs.split(","))):
        if name not in BUGS:
            parser.error(f"unknown bug {name!r}; known: {', '.join(BUGS)}")
        ACTIVE.add(name)
    server = Server()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        rid = None
        req = None
        try:
            req = json.loads(line)
            rid = req.get("id")
            reply = {"id": rid, "ok": True} | server.handle(req)
        except Refusal as r:
            err = {"code": r.code, "message": r.message} | r.extra
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # noqa: BLE001
            reply = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(e)}}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if isinstance(req, dict) and req.get("op") == "bye":
            break


if __name__ == "__main__":
    main()

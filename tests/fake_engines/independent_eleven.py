#!/usr/bin/env python3
"""independent_eleven: a seven-card stud engine written from the protocol page alone.

What it plays
-------------
Stud games of one high share whose street table deals cards up and down to the
players: seven-card stud and its house variants (burns or none, bring-in or the best
board opening, any cap, open-pair big bets, board ties by suit or position), wild-card
stud (fixed wild ranks, boards read at face value or as wild), baseball (wild ranks plus
an event that deals an extra card on a face-up four, with its limit per hand), and the
event tables that name a wild rank as the cards fall (follow the queen / follow the
king).  Fixed-limit and pot-limit betting (pot-limit without a
bring-in), antes, bring-in and completion, side pots, uncalled bets, odd chips by
position or high card, the run-out (burns reused, a community card) and a showdown
with wild cards (five of a kind, wild cards completing straights and flushes).
Anything else a ruleset asks for is refused with ``unsupported`` naming the value.

Protocol 1.2 (``protocol: 1``), ``rulesets: ["*"]``, capabilities ``seat-cards``,
``wild-ranks`` and ``events``; no ``pipelining``.  Standard library only; money is
exact (``decimal.Decimal``) and crosses the protocol as decimal strings.

Usage: ``python independent_eleven.py [--bugs name1,name2]``

Planted bugs (all off by default)
---------------------------------
========================== ========== ===============================================
name                       catalogue  what changes
========================== ========== ===============================================
extra-card-face-up         EVENT-05   an event's extra card is dealt face up, whatever
                                      ``extra_card.face`` says
extra-card-unlimited       EVENT-05   ``extra_card.most`` is ignored: every matching card
                                      deals an extra card, at any table size
no-five-of-a-kind          WILD-01    five of a kind is not a hand: it is read as four
                                      of a kind (a spare wild card as the kicker)
wild-boards-natural        WILD-01    boards that choose who opens read wild cards the
                                      other way from ``board.wild`` (natural <-> wild)
wild-bring-in-as-ace       BRING-02   a wild door card is read as an ace when the
                                      bring-in is chosen, not at face value (so the next
                                      lowest door card brings in)
cap-lifted-heads-up-early  CAP-02     ``betting.uncapped_heads_up`` read the other way:
                                      in-hand plays as round-start and round-start as
                                      in-hand
odd-chip-wrong-seat        SHOW-05    the odd chips of a split pot go to the tied winners
                                      from the last one clockwise from the dealer back
========================== ========== ===============================================

``wild-bring-in-as-ace`` stands where ``wild-not-in-straights`` (a wild card that never
completes a straight or flush) was planned: no scenario of the shipped spec that this
engine plays has a wild card completing a straight or flush outside the ``evaluate``
steps, which need a capability this engine does not offer, so that bug changed no
scenario's outcome (``stud fuzz`` finds it: WILD-01).
"""

from __future__ import annotations

import json
import sys
from decimal import Decimal, InvalidOperation

ENGINE_NAME = "independent-eleven"
ENGINE_VERSION = "1.0"

BUG_NAMES = (
    "extra-card-face-up",
    "extra-card-unlimited",
    "no-five-of-a-kind",
    "wild-boards-natural",
    "wild-bring-in-as-ace",
    "cap-lifted-heads-up-early",
    "odd-chip-wrong-seat",
)

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
RANK_OF = {ch: i + 2 for i, ch in enumerate(RANK_CHARS)}
SUIT_OF = {ch: i for i, ch in enumerate(SUIT_CHARS)}
SUIT_NAMES = {"clubs": 0, "diamonds": 1, "hearts": 2, "spades": 3}
RANK_WORD = {
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
RANK_PLURAL = {
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

NEW_DECK = [r + s for r in RANK_CHARS for s in SUIT_CHARS]


class Refusal(Exception):
    def __init__(self, code, message, legal=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.legal = legal


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def money(value) -> str:
    d = Decimal(value)
    if d == d.to_integral_value():
        return str(int(d))
    text = format(d.normalize(), "f")
    return text


def parse_amount(text):
    if text is None:
        return None
    try:
        d = Decimal(str(text))
    except (InvalidOperation, ValueError):
        raise Refusal("bad_request", f"not an amount: {text!r}") from None
    if not d.is_finite() or d < 0:
        raise Refusal("bad_request", f"not an amount: {text!r}")
    return d


def parse_rank(value):
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        if 2 <= value <= 14:
            return value
        raise ValueError(value)
    text = str(value).strip().upper()
    if text == "10":
        return 10
    if text.isdigit():
        n = int(text)
        if 2 <= n <= 14:
            return n
        raise ValueError(value)
    if len(text) == 1 and text in RANK_OF:
        return RANK_OF[text]
    raise ValueError(value)


def rank(card):
    return RANK_OF[card[0]]


def suit(card):
    return SUIT_OF[card[1]]


# ----------------------------------------------------------------------------------
# Hand reading with wild cards
# ----------------------------------------------------------------------------------


def _window(top):
    """The five ranks of a straight whose highest card is top (5: the wheel)."""
    return [top - i for i in range(5)]


class Reading:
    """The value of a hand (or board) and the cards that make it, in order of weight."""

    __slots__ = ("value", "cards", "name")

    def __init__(self, value, cards, name):
        self.value = value
        self.cards = cards
        self.name = name


def read_hand(cards, wild, *, board=False, bugs=frozenset()):
    """Best five of cards under the high ranking.

    wild: the set of wild ranks (empty for natural reading).  board=True reads a board
    to choose an opener: straights and flushes do not count and fewer than five cards
    are read as they are.
    """
    naturals = [c for c in cards if rank(c) not in wild]
    wilds = [c for c in cards if rank(c) in wild]
    k = len(wilds)
    by_rank = {}
    for c in sorted(naturals, key=lambda c: (-rank(c), -suit(c))):
        by_rank.setdefault(rank(c), []).append(c)
    count = {r: len(v) for r, v in by_rank.items()}
    total = len(cards)
    size = min(5, total)
    no_five = "no-five-of-a-kind" in bugs

    def cnt(r):
        return count.get(r, 0)

    def kickers(exclude, n, spare_wilds=0, spare_rank_avoid=()):
        """The n best other cards: natural cards not of the excluded ranks, and
        spare wild cards played as the best rank they can be."""
        pool = []
        for r in sorted(by_rank, reverse=True):
            if r in exclude:
                continue
            for c in by_rank[r]:
                pool.append((r, c))
        wild_pool = list(wilds[len(wilds) - spare_wilds :]) if spare_wilds else []
        chosen = []
        # a spare wild card plays as an ace (a king beside aces)
        wild_rank = 14
        while wild_rank in spare_rank_avoid:
            wild_rank -= 1
        wi = 0
        pi = 0
        while len(chosen) < n and (wi < len(wild_pool) or pi < len(pool)):
            if wi < len(wild_pool) and (pi >= len(pool) or wild_rank >= pool[pi][0]):
                chosen.append((wild_rank, wild_pool[wi]))
                wi += 1
            else:
                chosen.append(pool[pi])
                pi += 1
        return chosen

    # 9: five of a kind
    if not no_five and total >= 5 and k >= 1:
        best = None
        for r in range(14, 1, -1):
            if cnt(r) >= 1 and cnt(r) + k >= 5:
                best = r
                break
        if best is None and k >= 5:
            best = 14
        if best is not None:
            nat = by_rank.get(best, [])[:5]
            used = nat + wilds[: 5 - len(nat)]
            return Reading((9, best), used, f"five of a kind, {RANK_PLURAL[best]}")

    # 8: straight flush
    if not board and total >= 5:
        best = None
        for top in range(14, 4, -1):
            window = _window(top)
            for s in range(3, -1, -1):
                present = []
                for r in window:
                    want = 14 if r == 1 else r
                    hit = [c for c in by_rank.get(want, []) if suit(c) == s]
                    if hit:
                        present.append(hit[0])
                missing = 5 - len(present)
                if missing <= k:
                    best = (top, present, missing)
                    break
            if best:
                break
        if best:
            top, present, missing = best
            used = present + wilds[:missing]
            name = "royal flush" if top == 14 else f"{RANK_WORD[top]}-high straight flush"
            return Reading((8, top), used, name)

    # 7: four of a kind
    if total >= 4 and (k + max(count.values(), default=0)) >= 4:
        for r in range(14, 1, -1):
            have = min(cnt(r), 4)
            need = 4 - have
            if (have >= 1 or k >= 4) and need <= k:
                spare = k - need
                quad = by_rank.get(r, [])[:4] + wilds[:need]
                kick = kickers({r}, size - 4, spare, (r,))
                value = (7, r) + tuple(x[0] for x in kick)
                return Reading(
                    value, quad + [x[1] for x in kick], f"four of a kind, {RANK_PLURAL[r]}"
                )

    # 6: full house
    if total >= 5:
        for t in range(14, 1, -1):
            need_t = max(0, 3 - cnt(t))
            if need_t > k or (cnt(t) == 0 and need_t > k):
                continue
            found = None
            for p in range(14, 1, -1):
                if p == t:
                    continue
                need_p = max(0, 2 - cnt(p))
                if need_t + need_p <= k and (cnt(t) + cnt(p)) >= 1:
                    found = p
                    break
            if found is not None:
                p = found
                nt = by_rank.get(t, [])[:3]
                np_ = by_rank.get(p, [])[:2]
                w = wilds[: (3 - len(nt)) + (2 - len(np_))]
                return Reading(
                    (6, t, p),
                    nt + w[: 3 - len(nt)] + np_ + w[3 - len(nt) :],
                    f"full house, {RANK_PLURAL[t]} over {RANK_PLURAL[p]}",
                )

    # 5: flush
    if not board and total >= 5:
        best = None
        for s in range(4):
            suited = [c for c in naturals if suit(c) == s]
            if len(suited) + k < 5:
                continue
            present = {rank(c) for c in suited}
            fill = [r for r in range(14, 1, -1) if r not in present][:k]
            entries = [(rank(c), c) for c in suited] + [(r, None) for r in fill]
            entries.sort(key=lambda e: -e[0])
            top5 = entries[:5]
            value = tuple(e[0] for e in top5)
            if best is None or value > best[0]:
                best = (value, top5)
        if best:
            value, top5 = best
            wi = 0
            used = []
            for _r, c in top5:
                if c is None:
                    used.append(wilds[wi])
                    wi += 1
                else:
                    used.append(c)
            return Reading((5,) + value, used, f"flush, {RANK_WORD[value[0]]} high")

    # 4: straight
    if not board and total >= 5:
        for top in range(14, 4, -1):
            present = []
            for r in _window(top):
                want = 14 if r == 1 else r
                if by_rank.get(want):
                    present.append(by_rank[want][0])
            missing = 5 - len(present)
            if missing <= k:
                used = present + wilds[:missing]
                return Reading((4, top), used, f"{RANK_WORD[top]}-high straight")

    # 3: three of a kind
    if total >= 3:
        for r in range(14, 1, -1):
            have = min(cnt(r), 3)
            need = 3 - have
            if (have >= 1 or k >= 3) and need <= k:
                spare = k - need
                trips = by_rank.get(r, [])[:3] + wilds[:need]
                kick = kickers({r}, size - 3, spare, (r,))
                value = (3, r) + tuple(x[0] for x in kick)
                return Reading(
                    value, trips + [x[1] for x in kick], f"three of a kind, {RANK_PLURAL[r]}"
                )

    # 2: two pair
    if total >= 4:
        pairs = [r for r in range(14, 1, -1) if cnt(r) >= 2]
        if len(pairs) >= 2:
            p1, p2 = pairs[0], pairs[1]
            kick = kickers({p1, p2}, size - 4, 0)
            value = (2, p1, p2) + tuple(x[0] for x in kick)
            return Reading(
                value,
                by_rank[p1][:2] + by_rank[p2][:2] + [x[1] for x in kick],
                f"two pair, {RANK_PLURAL[p1]} and {RANK_PLURAL[p2]}",
            )

    # 1: one pair
    if total >= 2:
        for r in range(14, 1, -1):
            have = min(cnt(r), 2)
            need = 2 - have
            if (have >= 1 or k >= 2) and need <= k:
                spare = k - need
                pair = by_rank.get(r, [])[:2] + wilds[:need]
                kick = kickers({r}, size - 2, spare, (r,))
                value = (1, r) + tuple(x[0] for x in kick)
                return Reading(value, pair + [x[1] for x in kick], f"pair of {RANK_PLURAL[r]}")

    # 0: high card
    kick = kickers(set(), size, k)
    value = (0,) + tuple(x[0] for x in kick)
    top = value[1] if len(value) > 1 else 0
    return Reading(value, [x[1] for x in kick], f"high card, {RANK_WORD.get(top, '?')}")


# ----------------------------------------------------------------------------------
# The ruleset
# ----------------------------------------------------------------------------------


class Rules:
    """The values of a resolved ruleset this engine reads, after checking it plays them."""

    def __init__(self, doc):
        if not isinstance(doc, dict):
            raise Refusal(
                "unsupported",
                "ruleset: only a resolved ruleset document is played "
                "(send the document, not a name)",
            )
        self.doc = doc
        problems = []

        def refuse(path, wanted):
            problems.append(f"{path} = {json.dumps(wanted)}")

        deck = doc.get("deck") or {}
        if deck.get("jokers", 0) not in (0, None):
            refuse("deck.jokers", deck.get("jokers"))
        if deck.get("centre"):
            refuse("deck.centre", deck.get("centre"))
        if deck.get("stripped"):
            refuse("deck.stripped", deck.get("stripped"))

        dealer = doc.get("dealer") or {}
        self.rotates = bool(dealer.get("rotates", True))

        dealing = doc.get("dealing") or {}
        self.burn = bool(dealing.get("burn", True))
        self.reuse_burns = bool(dealing.get("reuse_burns", True))
        self.community_card = bool(dealing.get("community_card", True))

        stakes = doc.get("stakes") or {}
        try:
            self.chip = Decimal(str(stakes.get("chip", "0.01")))
            self.ante = Decimal(str(stakes.get("ante", "0") or "0"))
            bi = stakes.get("bring_in")
            self.bring_in = None if bi is None else Decimal(str(bi))
            self.small_bet = Decimal(str(stakes.get("small_bet")))
            self.big_bet = Decimal(str(stakes.get("big_bet")))
        except (InvalidOperation, TypeError, ValueError):
            raise Refusal("bad_request", "stakes: amounts must be decimal strings") from None
        if self.chip <= 0:
            raise Refusal("bad_request", "stakes.chip must be positive")
        if stakes.get("small_blind") is not None:
            refuse("stakes.small_blind", stakes.get("small_blind"))
        if stakes.get("big_blind") is not None:
            refuse("stakes.big_blind", stakes.get("big_blind"))
        if self.bring_in is not None and self.bring_in <= 0:
            self.bring_in = None

        bring = doc.get("bring_in") or {}
        self.bring_card = bring.get("card", "lowest")
        if self.bring_card not in ("lowest", "highest"):
            refuse("bring_in.card", self.bring_card)
        self.bring_aces = bring.get("aces", "high")
        if self.bring_aces not in ("high", "low"):
            refuse("bring_in.aces", self.bring_aces)
        order = bring.get("suit_order") or ["clubs", "diamonds", "hearts", "spades"]
        try:
            self.suit_rank = {SUIT_NAMES[name]: i for i, name in enumerate(order)}
        except KeyError:
            refuse("bring_in.suit_order", order)
            self.suit_rank = {0: 0, 1: 1, 2: 2, 3: 3}
        if len(self.suit_rank) != 4:
            refuse("bring_in.suit_order", order)
        self.bring_all_in = bring.get("all_in", "next-card")
        if self.bring_all_in not in ("next-card", "next-seat"):
            refuse("bring_in.all_in", self.bring_all_in)

        board = doc.get("board") or {}
        if board.get("ranking", "high") != "high":
            refuse("board.ranking", board.get("ranking"))
        self.board_ties = board.get("ties", "suit")
        if self.board_ties not in ("suit", "position"):
            refuse("board.ties", self.board_ties)
        self.board_wild = board.get("wild", "natural")
        if self.board_wild not in ("natural", "wild"):
            refuse("board.wild", self.board_wild)

        betting = doc.get("betting") or {}
        self.structure = betting.get("structure", "fixed-limit")
        if self.structure not in ("fixed-limit", "pot-limit"):
            refuse("betting.structure", self.structure)
        if self.structure == "pot-limit" and self.bring_in is not None:
            refuse("stakes.bring_in", stakes.get("bring_in"))
        self.max_raises = betting.get("max_raises", 3)
        self.uncapped = betting.get("uncapped_heads_up", "in-hand")
        if self.uncapped not in ("in-hand", "round-start", "never"):
            refuse("betting.uncapped_heads_up", self.uncapped)
        self.big_bet_locks = bool(betting.get("big_bet_locks", True))
        try:
            self.reopen_fraction = Decimal(str(betting.get("reopen_fraction", "0.5")))
        except InvalidOperation:
            raise Refusal("bad_request", "betting.reopen_fraction") from None
        self.fold_when_check = betting.get("fold_when_check", "refused")
        if self.fold_when_check not in ("refused", "allowed"):
            refuse("betting.fold_when_check", self.fold_when_check)
        self.pot_ceiling = betting.get("pot_ceiling", "pot-after-call")
        if self.pot_ceiling not in ("pot-after-call", "pot-plus-bet"):
            refuse("betting.pot_ceiling", self.pot_ceiling)
        self.min_raise = betting.get("min_raise", "last-increment")
        if self.min_raise not in ("last-increment", "double"):
            refuse("betting.min_raise", self.min_raise)

        self.streets = []
        for i, st in enumerate(doc.get("streets") or []):
            name = st.get("name", str(i))
            for face in st.get("deal") or []:
                if face not in ("up", "down"):
                    refuse(f"streets.{name}.deal", st.get("deal"))
                    break
            if st.get("deal_if_players_at_most") is not None:
                refuse(f"streets.{name}.deal_if_players_at_most", st.get("deal_if_players_at_most"))
            if st.get("exchange"):
                refuse(f"streets.{name}.exchange", st.get("exchange"))
            if st.get("decide"):
                refuse(f"streets.{name}.decide", st.get("decide"))
            if st.get("spread"):
                refuse(f"streets.{name}.spread", st.get("spread"))
            opener = st.get("opener", "best-board")
            if opener not in ("bring-in", "best-board", "first-left"):
                refuse(f"streets.{name}.opener", opener)
            bet = st.get("bet", "small")
            if bet not in ("small", "big", None):
                refuse(f"streets.{name}.bet", bet)
            bbw = st.get("big_bet_when", "never")
            if bbw not in ("never", "open-pair"):
                refuse(f"streets.{name}.big_bet_when", bbw)
            ties = st.get("ties")
            if ties not in (None, "suit", "position"):
                refuse(f"streets.{name}.ties", ties)
            self.streets.append(
                {
                    "name": name,
                    "deal": list(st.get("deal") or []),
                    "opener": opener,
                    "bet": bet,
                    "big_bet_when": bbw,
                    "ties": ties,
                }
            )
        if not self.streets:
            raise Refusal("bad_request", "streets: a ruleset needs at least one street")

        wild = doc.get("wild") or {}
        self.wild_ranks = set()
        for r in wild.get("ranks") or []:
            try:
                self.wild_ranks.add(parse_rank(r))
            except ValueError:
                refuse("wild.ranks", wild.get("ranks"))
        if wild.get("low_hole"):
            refuse("wild.low_hole", wild.get("low_hole"))
        if wild.get("joker", "none") not in ("none", None):
            refuse("wild.joker", wild.get("joker"))

        self.events = []
        for i, ev in enumerate(doc.get("events") or []):
            name = ev.get("name", str(i))
            when = ev.get("when") or {}
            face = when.get("face", "up")
            if face not in ("up", "down", "any"):
                refuse(f"events.{name}.when.face", face)
            try:
                ranks = {parse_rank(r) for r in when.get("ranks") or []}
            except ValueError:
                refuse(f"events.{name}.when.ranks", when.get("ranks"))
                ranks = set()
            cards = set(when.get("cards") or [])
            shown = when.get("shown")
            if ev.get("neighbours_fold") is not None:
                refuse(f"events.{name}.neighbours_fold", ev.get("neighbours_fold"))
            refund = ev.get("refund")
            if refund is not None:
                refuse(f"events.{name}.refund", refund)
            wild_rank = ev.get("wild_rank")
            if wild_rank not in (None, "this"):
                refuse(f"events.{name}.wild_rank", wild_rank)
            follows = ev.get("wild_follows")
            if follows is not None:
                if follows.get("previous", "kept") not in ("kept", "cleared"):
                    refuse(f"events.{name}.wild_follows.previous", follows.get("previous"))
                if follows.get("down_card", "skipped") not in ("skipped", "cancels"):
                    refuse(f"events.{name}.wild_follows.down_card", follows.get("down_card"))
            extra = ev.get("extra_card")
            if extra is not None and extra.get("face", "down") not in ("up", "down"):
                refuse(f"events.{name}.extra_card.face", extra.get("face"))
            self.events.append(
                {
                    "name": name,
                    "face": face,
                    "ranks": ranks,
                    "cards": cards,
                    "shown": shown,
                    "follows": follows,
                    "wild_rank": wild_rank,
                    "extra": extra,
                    "refund": refund,
                }
            )

        pot = doc.get("pot") or {}
        shares = pot.get("shares") or []
        if len(shares) != 1:
            refuse("pot.shares", [s.get("name") for s in shares])
            self.share = "high"
        else:
            sh = shares[0]
            self.share = sh.get("name", "high")
            if sh.get("ranking", "high") != "high":
                refuse(f"pot.shares.{self.share}.ranking", sh.get("ranking"))
            for key, default in (
                ("qualifier", None),
                ("minimum", None),
                ("own", None),
                ("common", None),
                ("suit", None),
                ("fallback", None),
            ):
                if sh.get(key, default) is not None:
                    refuse(f"pot.shares.{self.share}.{key}", sh.get(key))
            if sh.get("cards", "all") != "all":
                refuse(f"pot.shares.{self.share}.cards", sh.get("cards"))
        if pot.get("split_unit") is not None:
            refuse("pot.split_unit", pot.get("split_unit"))
        self.odd_chip_tie = pot.get("odd_chip_tie", "position")
        if self.odd_chip_tie not in ("position", "high-card"):
            refuse("pot.odd_chip_tie", self.odd_chip_tie)

        showdown = doc.get("showdown") or {}
        if showdown.get("method", "cards-speak") != "cards-speak":
            refuse("showdown.method", showdown.get("method"))

        if problems:
            raise Refusal("unsupported", "this engine does not play: " + "; ".join(problems))


# ----------------------------------------------------------------------------------
# A hand
# ----------------------------------------------------------------------------------


class Player:
    def __init__(self, seat, name, stack):
        self.seat = seat
        self.name = name
        self.stack = stack
        self.bet = Decimal(0)
        self.committed = Decimal(0)
        self.ante_paid = Decimal(0)
        self.folded = False
        self.all_in = False
        self.down = []
        self.up = []
        self.acted = False
        self.seen_reopen = -1

    @property
    def active(self):
        return not self.folded and not self.all_in


class Hand:
    def __init__(self, rules: Rules, seats, dealer, deck, seat_cards, bugs):
        self.r = rules
        self.bugs = bugs
        self.dealer = dealer
        self.players = [Player(s["seat"], s["name"], s["stack"]) for s in seats]
        self.players.sort(key=lambda p: p.seat)
        by_seat = {p.seat: p for p in self.players}
        self.by_seat = by_seat
        # clockwise from the dealer's left
        after = [p for p in self.players if p.seat > dealer]
        before = [p for p in self.players if p.seat <= dealer]
        self.order = after + before
        self.dealt_in = len(self.players)

        # the pack
        listed = list(deck)
        rest = [c for c in NEW_DECK if c not in set(listed)]
        self.stub = listed + rest
        self.burns = []
        self.community = []
        self.seat_lists = {}
        self.reserved = set()
        for entry in seat_cards or []:
            cards = list(entry.get("cards") or [])
            self.seat_lists[entry["seat"]] = cards
            self.reserved.update(cards)
        self.dealt_any = False

        # events
        self.events_log = []
        self.event_wild = None
        self.awaiting = {}
        self.extra_count = {}
        self.shown_count = {}

        # progress
        self.street_idx = -1
        self.street_name = self.r.streets[0]["name"]
        self.over = False
        self.result = None
        self.to_act = None

        # round state
        self.level = Decimal(0)
        self.rstate = "none"  # forced | bringin | bet | none
        self.forced = None
        self.raises = 0
        self.reopen_id = 0
        self.last_inc = Decimal(0)
        self.locked_big = False
        self.round_start_active = 0
        self.round_street = None
        self.round_opener = None
        self.last_aggressor = None
        self.final_info = None  # (street index, opener seat, last aggressor seat)

        self._post_antes()
        self._advance()

    # ---------------------------------------------------------------- helpers
    def live(self):
        return [p for p in self.order if not p.folded]

    def wild_now(self):
        ranks = set(self.r.wild_ranks)
        if self.event_wild is not None:
            ranks.add(self.event_wild)
        return ranks

    def left_of(self, seat):
        """Players clockwise starting after seat (wrapping), every seat."""
        after = [p for p in self.players if p.seat > seat]
        before = [p for p in self.players if p.seat <= seat]
        return after + before

    def _put(self, p, amount):
        p.stack -= amount
        p.bet += amount
        p.committed += amount
        if p.stack <= 0:
            p.stack = Decimal(0)
            p.all_in = True

    def _post_antes(self):
        ante = self.r.ante
        if ante <= 0:
            return
        for p in self.order:
            paid = min(ante, p.stack)
            p.stack -= paid
            p.committed += paid
            p.ante_paid = paid
            if p.stack <= 0:
                p.all_in = True

    # ---------------------------------------------------------------- dealing
    def _draw_unlisted(self):
        for i, c in enumerate(self.stub):
            if c not in self.reserved:
                return self.stub.pop(i)
        if self.stub:
            c = self.stub.pop(0)
            self.reserved.discard(c)
            return c
        raise Refusal("internal", "the pack is empty")

    def _draw_for(self, p):
        lst = self.seat_lists.get(p.seat)
        if lst:
            card = lst.pop(0)
            self.reserved.discard(card)
            if card in self.stub:
                self.stub.remove(card)
            return card
        return self._draw_unlisted()

    def _give(self, p, card, face):
        (p.up if face == "up" else p.down).append(card)
        self._fire_events(p, card, face)

    def _fire_events(self, p, card, face):
        if not self.r.events:
            return
        cr = rank(card)
        if face == "up":
            self.shown_count[cr] = self.shown_count.get(cr, 0) + 1
        for i, ev in enumerate(self.r.events):
            if self._matches(ev, card, face):
                self.events_log.append(
                    {"type": "fired", "event": ev["name"], "seat": p.seat, "card": card}
                )
                if ev["follows"] is not None:
                    self.awaiting[i] = True
                    if ev["follows"].get("previous", "kept") == "cleared":
                        self.event_wild = None
                        self.events_log.append({"type": "wild", "rank": None})
                if ev["wild_rank"] == "this":
                    self.event_wild = cr
                    self.events_log.append({"type": "wild", "rank": cr})
                if ev["extra"] is not None:
                    extra = ev["extra"]
                    most = extra.get("most")
                    limit_from = extra.get("most_from_players", 2)
                    limited = (
                        most is not None
                        and self.dealt_in >= limit_from
                        and "extra-card-unlimited" not in self.bugs
                    )
                    if not limited or self.extra_count.get(i, 0) < most:
                        self.extra_count[i] = self.extra_count.get(i, 0) + 1
                        xface = extra.get("face", "down")
                        if "extra-card-face-up" in self.bugs:
                            xface = "up"
                        xcard = self._draw_for(p)
                        self.events_log.append(
                            {"type": "extra", "seat": p.seat, "card": xcard, "face": xface}
                        )
                        self._give(p, xcard, xface)
            elif self.awaiting.get(i):
                if face == "up":
                    self.awaiting[i] = False
                    self.event_wild = cr
                    self.events_log.append({"type": "wild", "rank": cr})
                elif (ev["follows"] or {}).get("down_card", "skipped") == "cancels":
                    self.awaiting[i] = False

    def _matches(self, ev, card, face):
        if ev["face"] != "any" and ev["face"] != face:
            return False
        if ev["cards"]:
            if card not in ev["cards"]:
                return False
        elif ev["ranks"] and rank(card) not in ev["ranks"]:
            return False
        if ev["shown"] is not None:
            if face != "up" or self.shown_count.get(rank(card), 0) != ev["shown"]:
                return False
        return True

    def _rounds_after(self, street_idx, entry_idx):
        n = len(self.r.streets[street_idx]["deal"]) - entry_idx - 1
        for st in self.r.streets[street_idx + 1 :]:
            n += len(st["deal"])
        return n

    def _deal_street(self, idx):
        st = self.r.streets[idx]
        if not st["deal"]:
            return
        if self.r.burn and self.dealt_any and self.stub:
            self.burns.append(self._draw_unlisted())
        for e, face in enumerate(st["deal"]):
            live = self.live()
            need = len(live)
            if len(self.stub) < need and self.r.reuse_burns and self.burns:
                self.stub.extend(self.burns)
                self.burns = []
            after = self._rounds_after(idx, e)
            short = len(self.stub) < need
            if self.r.community_card and (short or len(self.stub) - need < after):
                if not self.stub:
                    raise Refusal("internal", "the pack ran out")
                self.community.append(self._draw_unlisted())
            else:
                if short:
                    raise Refusal("internal", "the pack ran out")
                for p in live:
                    self._give(p, self._draw_for(p), face)
        self.dealt_any = True

    # ---------------------------------------------------------------- boards
    def _board_wild(self):
        wild_boards = self.r.board_wild == "wild"
        if "wild-boards-natural" in self.bugs:
            wild_boards = not wild_boards
        return self.wild_now() if wild_boards else set()

    def board_reading(self, p):
        return read_hand(p.up + self.community, self._board_wild(), board=True)

    def _best_board(self, players, ties):
        best = None
        best_players = []
        for p in players:
            rd = self.board_reading(p)
            if best is None or rd.value > best.value:
                best = rd
                best_players = [(p, rd)]
            elif rd.value == best.value:
                best_players.append((p, rd))
        if len(best_players) == 1 or ties == "position":
            return best_players[0][0]  # players are in order from the dealer's left

        def suit_key(item):
            return tuple(suit(c) for c in item[1].cards)

        best_players.sort(key=suit_key, reverse=True)
        return best_players[0][0]

    def _first_active_from(self, seat, include_self=True):
        seq = self.left_of(seat)
        if include_self:
            seq = [self.by_seat[seat]] + [q for q in seq if q.seat != seat]
        for q in seq:
            if q.active:
                return q
        return None

    def _open_pair(self):
        for p in self.live():
            if self.board_reading(p).value[0] >= 1:
                return True
        return False

    # ---------------------------------------------------------------- bring-in
    def _bring_key(self, card):
        r = rank(card)
        if "wild-bring-in-as-ace" in self.bugs and r in self.wild_now():
            # the wild card read as the best card it can be
            r = 14 if self.r.bring_aces == "high" else 13
        if r == 14 and self.r.bring_aces == "low":
            r = 1
        return (r, self.r.suit_rank[suit(card)])

    def _extreme(self, p):
        keys = [self._bring_key(c) for c in p.up]
        if not keys:
            return None
        return min(keys) if self.r.bring_card == "lowest" else max(keys)

    def _forced_player(self):
        lowest = self.r.bring_card == "lowest"

        def pick(cands):
            best = None
            for p in cands:
                k = self._extreme(p)
                if k is None:
                    continue
                if best is None or (k < best[0] if lowest else k > best[0]):
                    best = (k, p)
            return best[1] if best else None

        if self.r.bring_all_in == "next-card":
            return pick([p for p in self.live() if p.active])
        chosen = pick(self.live())
        if chosen is None or chosen.active:
            return chosen
        return self._first_active_from(chosen.seat, include_self=False)

    # ---------------------------------------------------------------- flow
    def _advance(self):
        while not self.over:
            if len(self.live()) <= 1:
                self._end_round()
                self._finish_uncontested()
                return
            if self.street_idx + 1 >= len(self.r.streets):
                self._end_round()
                self._showdown()
                return
            self._end_round()
            self.street_idx += 1
            st = self.r.streets[self.street_idx]
            self.street_name = st["name"]
            for p in self.players:
                p.bet = Decimal(0)
            self._deal_street(self.street_idx)
            if len(self.live()) <= 1:
                continue
            if st["bet"] is not None and self._start_round(st):
                return

    def _start_round(self, st):
        self.level = Decimal(0)
        self.rstate = "none"
        self.forced = None
        self.raises = 0
        self.reopen_id = 0
        self.last_inc = Decimal(0)
        self.locked_big = False
        self.last_aggressor = None
        for p in self.players:
            p.acted = False
            p.seen_reopen = -1
        active = [p for p in self.live() if p.active]
        self.round_start_active = len(active)
        self.round_street = st
        if len(active) < 2:
            return False
        opener = None
        if st["opener"] == "bring-in" and self.r.bring_in is not None:
            opener = self._forced_player()
            if opener is not None:
                self.rstate = "forced"
                self.forced = opener
        if opener is None and st["opener"] == "first-left":
            for p in self.order:
                if p.active:
                    opener = p
                    break
        if opener is None:
            ties = st["ties"] or self.r.board_ties
            best = self._best_board(self.live(), ties)
            opener = best if best.active else self._first_active_from(best.seat, include_self=False)
        self.round_opener = opener.seat
        self.final_info = (self.street_idx, opener.seat, None)
        self.to_act = opener.seat
        return True

    def _end_round(self):
        """Return the part of the highest bet nobody called."""
        bets = sorted(((p.bet, p) for p in self.players), key=lambda x: x[0], reverse=True)
        if len(bets) >= 2 and bets[0][0] > bets[1][0]:
            p = bets[0][1]
            back = bets[0][0] - bets[1][0]
            p.bet -= back
            p.committed -= back
            p.stack += back
            if p.all_in and p.stack > 0:
                p.all_in = False
        elif len(bets) == 1 and bets[0][0] > 0:
            p = bets[0][1]
            back = p.bet
            p.bet = Decimal(0)
            p.committed -= back
            p.stack += back
        self.to_act = None

    # ---------------------------------------------------------------- betting
    def _units(self):
        st = self.round_street
        S, B = self.r.small_bet, self.r.big_bet
        base = B if st["bet"] == "big" else S
        if self.r.structure != "fixed-limit":
            return [base]
        if st["bet"] == "small" and st["big_bet_when"] == "open-pair":
            if self.locked_big and self.r.big_bet_locks:
                return [B]
            units = [S]
            if self._open_pair() and B != S:
                units.append(B)
            return units
        return [base]

    def _cap_open(self):
        mr = self.r.max_raises
        if mr is None or self.raises < mr:
            return True
        mode = self.r.uncapped
        if "cap-lifted-heads-up-early" in self.bugs:
            mode = {"in-hand": "round-start", "round-start": "in-hand"}.get(mode, mode)
        if mode == "in-hand":
            return len(self.live()) == 2
        if mode == "round-start":
            return self.round_start_active == 2
        return False

    def _pot_total(self):
        return sum((p.committed for p in self.players), Decimal(0))

    def _raise_bounds(self, p):
        """Pot limit: the smallest and largest raise-to totals."""
        L = self.level
        pot = self._pot_total()
        if self.r.min_raise == "double":
            lo = 2 * L
        else:
            lo = L + max(self.last_inc, self._units()[0])
        if self.r.pot_ceiling == "pot-plus-bet":
            hi = pot + L
        else:
            hi = L + pot + (L - p.bet)
        return lo, max(lo, hi)

    def options(self, p):
        """The legal options of p, as (action, lo, hi) with lo == hi for a fixed amount."""
        tot = p.bet + p.stack
        L = self.level
        opts = []
        if self.rstate == "forced" and p is self.forced:
            b = self.r.bring_in
            S = self.r.small_bet
            opts.append(("bring_in", min(b, tot), min(b, tot)))
            if b < S and tot > b:
                c = min(S, tot)
                opts.append(("complete", c, c))
            return opts
        can_answer = any(q is not p and q.active and q.bet + q.stack > L for q in self.players)
        facing = L > p.bet
        if facing:
            opts.append(("fold", None, None))
            c = min(L, tot)
            opts.append(("call", c, c))
        else:
            opts.append(("check", None, None))
            if self.r.fold_when_check == "allowed":
                opts.append(("fold", None, None))
        if not can_answer or tot <= L:
            return opts
        if self.rstate == "bringin":
            c = min(self.r.small_bet, tot)
            opts.append(("complete", c, c))
            return opts
        if self.rstate == "none":
            if self.r.structure == "fixed-limit":
                seen = set()
                for u in self._units():
                    a = min(L + u, tot)
                    if a not in seen:
                        seen.add(a)
                        opts.append(("bet", a, a))
            else:
                unit = self._units()[0]
                lo = min(unit, tot)
                hi = min(max(self._pot_total(), unit), tot)
                opts.append(("bet", lo, max(lo, hi)))
            return opts
        # a bet has been made
        if not self._cap_open():
            return opts
        if p.acted and p.seen_reopen >= self.reopen_id:
            return opts
        if self.r.structure == "fixed-limit":
            seen = set()
            for u in self._units():
                a = min(L + u, tot)
                if a not in seen:
                    seen.add(a)
                    opts.append(("raise", a, a))
        else:
            lo, hi = self._raise_bounds(p)
            opts.append(("raise", min(lo, tot), min(hi, tot)))
        return opts

    def legal_json(self, p):
        out = []
        for action, lo, hi in self.options(p):
            if lo is None:
                out.append({"action": action})
            elif lo == hi:
                out.append({"action": action, "amount": money(lo)})
            else:
                out.append({"action": action, "min": money(lo), "max": money(hi)})
        return out

    def act(self, seat, action, amount):
        if self.over:
            raise Refusal("illegal_action", "the hand is over", [])
        p = self.by_seat.get(seat)
        if p is None:
            raise Refusal(
                "illegal_action",
                f"seat {seat} is not in this hand",
                self.legal_json(self.by_seat[self.to_act]),
            )
        current = self.by_seat[self.to_act]
        legal = self.legal_json(current)
        if p is not current:
            raise Refusal(
                "illegal_action", f"it is seat {self.to_act}'s turn, not seat {seat}'s", legal
            )
        opts = [o for o in self.options(p) if o[0] == action]
        if not opts:
            raise Refusal("illegal_action", f"{action} is not legal now", legal)
        chosen = None
        if opts[0][1] is None:
            chosen = None
        elif amount is None:
            if opts[0][1] != opts[0][2]:
                raise Refusal("illegal_action", f"{action} needs an amount", legal)
            chosen = opts[0][1]
        else:
            tot = p.bet + p.stack
            for _, lo, hi in opts:
                if lo <= amount <= hi:
                    if lo == hi or amount == tot or (amount % self.r.chip) == 0:
                        chosen = amount
                        break
            if chosen is None:
                raise Refusal(
                    "illegal_action", f"{action} to {money(amount)} is not legal now", legal
                )
        self._apply(p, action, chosen)
        live = self.live()
        if len(live) <= 1:
            self._advance()
            return
        nxt = self._next_to_act(p)
        if nxt is not None:
            self.to_act = nxt.seat
        else:
            self.to_act = None
            self._advance()

    def _reopen_unit(self):
        units = self._units()
        return min(units)

    def _apply(self, p, action, amount):
        L = self.level
        S = self.r.small_bet
        frac = self.r.reopen_fraction
        if action == "fold":
            p.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self._put(p, amount - p.bet)
        elif action == "bring_in":
            self._put(p, amount - p.bet)
            self.level = max(L, amount)
            if amount >= S:
                self.rstate = "bet"
                self.reopen_id += 1
                self.last_inc = amount
            else:
                self.rstate = "bringin"
            self.forced = None
        elif action == "complete":
            self._put(p, amount - p.bet)
            self.forced = None
            if amount >= S or amount >= frac * S:
                self.rstate = "bet"
                self.reopen_id += 1
                self.last_inc = amount
                self.level = amount
            else:
                self.rstate = "bringin"
                self.level = max(L, amount)
            self.last_aggressor = p.seat
        elif action == "bet":
            self._put(p, amount - p.bet)
            B = self.r.big_bet
            if self.r.structure == "fixed-limit":
                if B > S and self.round_street["bet"] == "small" and amount - L >= B:
                    self.locked_big = True
            # the first bet opens the betting for everyone, whatever its size
            self.reopen_id += 1
            self.last_inc = amount - L
            self.level = amount
            self.rstate = "bet"
            self.last_aggressor = p.seat
        elif action == "raise":
            self._put(p, amount - p.bet)
            inc = amount - L
            B = self.r.big_bet
            if self.r.structure == "fixed-limit":
                full = self._reopen_unit()
                if B > S and self.round_street["bet"] == "small" and inc >= B:
                    self.locked_big = True
            else:
                lo, _ = self._raise_bounds(p)
                full = lo - L
            if inc >= full or inc >= frac * full:
                # a full raise (or one of the reopening fraction) counts for the cap
                self.reopen_id += 1
                self.last_inc = max(inc, Decimal(0))
                self.raises += 1
            self.level = amount
            self.last_aggressor = p.seat
        p.acted = True
        p.seen_reopen = self.reopen_id
        if self.final_info is not None:
            self.final_info = (self.street_idx, self.round_opener, self.last_aggressor)

    def _needs_action(self, q):
        if not q.active:
            return False
        if q.acted and q.bet >= self.level:
            return False
        others = [x for x in self.live() if x is not q and x.active]
        if not others and q.bet >= self.level:
            return False
        return True

    def _next_to_act(self, p):
        for q in self.left_of(p.seat):
            if self._needs_action(q):
                return q
        return None

    # ---------------------------------------------------------------- the end
    def _pots(self):
        live = [p for p in self.players if not p.folded]
        levels = sorted({p.committed for p in live if p.all_in})
        pots = []
        prev = Decimal(0)
        for lvl in levels + [None]:
            amt = Decimal(0)
            for p in self.players:
                hi = p.committed if lvl is None else min(p.committed, lvl)
                lo = min(p.committed, prev)
                if hi > lo:
                    amt += hi - lo
            if lvl is None:
                elig = [p for p in live if not p.all_in]
            else:
                elig = [p for p in live if not p.all_in or p.committed >= lvl]
            if amt > 0 or not pots:
                if not elig and pots:
                    pots[-1][0] += amt
                else:
                    pots.append([amt, elig])
            if lvl is not None:
                prev = lvl
        return pots

    def _finish_uncontested(self):
        self.over = True
        self.to_act = None
        winner = self.live()[0] if self.live() else None
        awards = []
        for i, (amt, _elig) in enumerate(self._pots()):
            if amt > 0 and winner is not None:
                winner.stack += amt
                awards.append({"seat": winner.seat, "amount": money(amt), "pot": i, "share": None})
        self.result = {"awards": awards, "hands": [], "showdown": False}

    def _hand_of(self, p):
        return read_hand(p.down + p.up + self.community, self.wild_now(), bugs=self.bugs)

    def _showdown(self):
        self.over = True
        self.to_act = None
        live = self.live()
        readings = {p.seat: self._hand_of(p) for p in live}
        awards = []
        chip = self.r.chip
        for i, (amt, elig) in enumerate(self._pots()):
            if amt <= 0 or not elig:
                continue
            best = max(readings[p.seat].value for p in elig)
            winners = [p for p in elig if readings[p.seat].value == best]
            # winners in order from the dealer's left
            order = [p for p in self.order if p in winners]
            if self.r.odd_chip_tie == "high-card":

                def top_card(p):
                    cards = p.down + p.up
                    return max((rank(c), suit(c)) for c in cards) if cards else (0, 0)

                order.sort(key=top_card, reverse=True)
            if "odd-chip-wrong-seat" in self.bugs:
                # from the last winner clockwise from the dealer back, whatever the rule
                order = list(reversed([p for p in self.order if p in winners]))
            units = int(amt / chip)
            each = units // len(order)
            odd = units - each * len(order)
            leftover = amt - units * chip
            for j, p in enumerate(order):
                share_amt = chip * (each + (1 if j < odd else 0))
                if j == 0:
                    share_amt += leftover
                if share_amt > 0:
                    p.stack += share_amt
                    awards.append(
                        {
                            "seat": p.seat,
                            "amount": money(share_amt),
                            "pot": i,
                            "share": self.r.share,
                        }
                    )
        # show order
        first = None
        if self.final_info is not None and self.final_info[0] == self.street_idx:
            _, opener, aggressor = self.final_info
            first = aggressor if aggressor is not None else opener
        if first is None or self.by_seat[first].folded:
            st = self.r.streets[self.street_idx]
            if st["opener"] == "first-left":
                first = live[0].seat
            else:
                ties = st["ties"] or self.r.board_ties
                first = self._best_board(live, ties).seat
        seq = [self.by_seat[first]] + [q for q in self.left_of(first) if q.seat != first]
        hands = []
        for q in seq:
            if q.folded:
                continue
            rd = readings[q.seat]
            hands.append(
                {"seat": q.seat, "share": self.r.share, "name": rd.name, "cards": list(rd.cards)}
            )
        self.result = {"awards": awards, "hands": hands, "showdown": True}

    # ---------------------------------------------------------------- the state
    def state(self):
        seats = []
        for p in self.players:
            seats.append(
                {
                    "seat": p.seat,
                    "name": p.name,
                    "stack": money(p.stack),
                    "bet": money(p.bet),
                    "folded": p.folded,
                    "all_in": p.all_in,
                    "down": list(p.down),
                    "up": list(p.up),
                }
            )
        legal = []
        if not self.over and self.to_act is not None:
            legal = self.legal_json(self.by_seat[self.to_act])
        pots = [
            {"amount": money(a), "eligible": [p.seat for p in sorted(e, key=lambda x: x.seat)]}
            for a, e in self._pots()
        ]
        return {
            "street": self.street_name,
            "phase": "complete" if self.over else "betting",
            "to_act": None if self.over else self.to_act,
            "legal": legal,
            "pot": money(self._pot_total()),
            "pots": pots,
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "result": self.result,
            "wild_ranks": sorted(self.wild_now()),
            "events": list(self.events_log),
        }


# ----------------------------------------------------------------------------------
# The protocol
# ----------------------------------------------------------------------------------


class Engine:
    def __init__(self, bugs):
        self.bugs = frozenset(bugs)
        self.hand = None

    def hello(self, req):
        return {
            "protocol": 1,
            "engine": {"name": ENGINE_NAME, "version": ENGINE_VERSION},
            "rulesets": ["*"],
            "features": ["seat-cards", "wild-ranks", "events"],
        }

    def new_hand(self, req):
        rules = Rules(req.get("ruleset"))
        seats_in = req.get("seats")
        if not isinstance(seats_in, list) or not seats_in:
            raise Refusal("bad_request", "seats: a list of seats is needed")
        seats = []
        seen = set()
        for s in seats_in:
            try:
                seat = int(s["seat"])
                name = str(s.get("name", ""))
                stack = parse_amount(s["stack"])
            except (KeyError, TypeError, ValueError):
                raise Refusal(
                    "bad_request", "seats: each seat needs seat, name and stack"
                ) from None
            if seat in seen or seat < 1:
                raise Refusal("bad_request", f"seat {seat} given twice or invalid")
            seen.add(seat)
            seats.append({"seat": seat, "name": name, "stack": stack})
        dealer = req.get("dealer")
        if not isinstance(dealer, int):
            raise Refusal("bad_request", "dealer: a seat number is needed")
        deck = req.get("deck") or []
        for c in deck:
            if c not in NEW_DECK:
                raise Refusal("bad_request", f"deck: not a card of this pack: {c!r}")
        if len(set(deck)) != len(deck):
            raise Refusal("bad_request", "deck: a card is listed twice")
        seat_cards = req.get("seat_cards") or []
        for entry in seat_cards:
            for c in entry.get("cards") or []:
                if c not in NEW_DECK:
                    raise Refusal("bad_request", f"seat_cards: not a card of this pack: {c!r}")
        hand = Hand(rules, seats, dealer, deck, seat_cards, self.bugs)
        self.hand = hand
        return {"state": hand.state()}

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        try:
            seat = int(req.get("seat"))
        except (TypeError, ValueError):
            raise Refusal("bad_request", "seat: a seat number is needed") from None
        action = req.get("action")
        amount = parse_amount(req.get("amount"))
        hand = self.hand
        snapshot = _snapshot(hand)
        try:
            hand.act(seat, action, amount)
        except Refusal:
            _restore(hand, snapshot)
            raise
        except Exception:
            _restore(hand, snapshot)
            raise
        return {"state": hand.state()}

    def state(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand has been dealt")
        return {"state": self.hand.state()}

    def handle(self, req):
        op = req.get("op")
        if op == "hello":
            return self.hello(req)
        if op == "new_hand":
            return self.new_hand(req)
        if op == "act":
            return self.act(req)
        if op == "state":
            return self.state(req)
        if op == "bye":
            return {}
        raise Refusal("unsupported", f"op {op!r} is not supported by this engine")


def _snapshot(hand):
    import copy

    return copy.deepcopy(hand.__dict__)


def _restore(hand, snap):
    hand.__dict__.clear()
    hand.__dict__.update(snap)


def main(argv):
    bugs = set()
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--bugs" and i + 1 < len(args):
            bugs.update(x.strip() for x in args[i + 1].split(",") if x.strip())
            i += 2
            continue
        if a.startswith("--bugs="):
            bugs.update(x.strip() for x in a[len("--bugs=") :].split(",") if x.strip())
        i += 1
    unknown = bugs - set(BUG_NAMES)
    if unknown:
        log(f"unknown bug names: {sorted(unknown)}; known: {', '.join(BUG_NAMES)}")
        return 2
    engine = Engine(bugs)
    out = sys.stdout
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except ValueError:
            out.write(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "not JSON"},
                    }
                )
                + "\n"
            )
            out.flush()
            continue
        if not isinstance(req, dict):
            out.write(
                json.dumps(
                    {
                        "id": None,
                        "ok": False,
                        "error": {"code": "bad_request", "message": "not an object"},
                    }
                )
                + "\n"
            )
            out.flush()
            continue
        rid = req.get("id")
        try:
            body = engine.handle(req)
            reply = {"id": rid, "ok": True}
            reply.update(body)
        except Refusal as exc:
            err = {"code": exc.code, "message": exc.message}
            if exc.legal is not None and exc.code == "illegal_action":
                err["legal"] = exc.legal
            reply = {"id": rid, "ok": False, "error": err}
        except Exception as exc:  # an engine bug: answer and keep running
            import traceback

            traceback.print_exc(file=sys.stderr)
            reply = {
                "id": rid,
                "ok": False,
                "error": {"code": "internal", "message": f"{type(exc).__name__}: {exc}"},
            }
        out.write(json.dumps(reply) + "\n")
        out.flush()
        if req.get("op") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

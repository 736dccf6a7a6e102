#!/usr/bin/env python3
"""An independent stud engine speaking the engine protocol (1.2, seat-cards) over stdin/stdout.

Written from the documentation only (docs/protocol.md, schemas/, the rulebook and rulesets).
Plays the stud family with fixed, spread, pot and no limit, wild ranks, the joker, low hole,
the event table (follow the queen, baseball, coupons, chiggs), centre cards, hi-lo and low
shares with qualifiers, and several hands in a row (``next_hand``).  Refuses, naming the
value, what it does not play: blinds, exchanges, decision rounds, declarations, exotic
rankings and share restrictions.

Planted bugs, all off by default, switched on with ``--bugs a,b,c``:

``ftq_down`` (EVENT-03): a face-down card dealt while a wild rank is awaited names it (down cards
    are not passed over).
``wild_low_face`` (WILD-02): wild cards count at face value in a low hand (only the high hand reads
    them wild).
``extra_up`` (EVENT-05): the extra card of an event is dealt face up whatever the row says.
``refund_down`` (EVENT-07): a refund row fires on a card of its rank dealt face down too.
``best_of_seven`` (CARDS-01): the showdown reads only the first seven cards a player was dealt.
``button_bust`` (SETUP-04): next_hand moves the button by list position after busted players leave,
    skipping a seat.
``odd_chip_low`` (HILO-08): the odd unit left when cutting a pot between high and low goes to the
    low half.
``bringin_2ante`` (BRING-05): the bring-in is taken as twice the ante, whatever stakes.bring_in
    says.
"""

import json
import os
import sys
from decimal import ROUND_FLOOR, Decimal
from itertools import combinations, combinations_with_replacement

BUGS = set()
if "--bugs" in sys.argv:
    i = sys.argv.index("--bugs")
    if i + 1 < len(sys.argv):
        BUGS = {b.strip() for b in sys.argv[i + 1].split(",") if b.strip()}

RANKS = "23456789TJQKA"
RVAL = {r: i + 2 for i, r in enumerate(RANKS)}
SUITS = "cdhs"
SUITNAME = {"clubs": "c", "diamonds": "d", "hearts": "h", "spades": "s"}
RANKWORD = {
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


def plural(r):
    return PLURAL.get(r, RANKWORD[r] + "s")


def D(x):
    return Decimal(str(x))


def money(d):
    d = Decimal(d)
    if d == d.to_integral_value():
        return str(d.quantize(Decimal(1)))
    return format(d.normalize(), "f")


def rank_of(card):
    return RVAL[card[0]]


def parse_rank(r):
    if isinstance(r, int):
        return r
    r = str(r)
    if r == "10":
        return 10
    if r in RVAL:
        return RVAL[r]
    return int(r)


class Refusal(Exception):
    def __init__(self, code, message, values=None, legal=None, state=None):
        super().__init__(message)
        self.code, self.message, self.values, self.legal, self.state = (
            code,
            message,
            values,
            legal,
            state,
        )


RULESET_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "rulesets")


def merge(parent, child):
    out = dict(parent)
    for k, v in child.items():
        if k == "extends":
            continue
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            if k == "pot" and "shares" in v and "shares" in out[k]:
                vv = dict(v)
                shares = merge_named(out[k]["shares"], vv.pop("shares"), False)
                out[k] = merge(out[k], vv)
                out[k]["shares"] = shares
            else:
                out[k] = merge(out[k], v)
        elif k in ("streets", "events") and isinstance(v, list) and isinstance(out.get(k), list):
            out[k] = merge_named(out[k], v, k == "streets")
        else:
            out[k] = v
    return out


def merge_named(parent, child, must_exist):
    names = [p.get("name") for p in parent]
    if must_exist and not all(c.get("name") in names for c in child):
        return child
    res = [dict(p) for p in parent]
    for c in child:
        if c.get("remove"):
            res = [p for p in res if p.get("name") != c.get("name")]
            continue
        for i, p in enumerate(res):
            if p.get("name") == c.get("name"):
                res[i] = merge(p, c)
                break
        else:
            res.append(dict(c))
    return res


def load_named(name):
    import yaml

    path = os.path.join(RULESET_DIR, name + ".yaml")
    if not os.path.isfile(path):
        raise Refusal("bad_request", f"unknown ruleset {name!r}")
    with open(path) as f:
        doc = yaml.safe_load(f)
    if doc.get("extends"):
        return merge(load_named(doc["extends"]), doc)
    return doc


# ---------------------------------------------------------------- evaluation

HIGH_CAT_NAMES = {
    9: "five of a kind",
    8: "straight flush",
    7: "four of a kind",
    6: "full house",
    5: "flush",
    4: "straight",
    3: "three of a kind",
    2: "two pair",
    1: "pair",
    0: "high card",
}


def straight_top(ranks, wheel=True):
    s = sorted(set(ranks))
    if len(s) != 5 or len(ranks) != 5:
        return None
    if s[-1] - s[0] == 4:
        return s[-1]
    if wheel and s == [2, 3, 4, 5, 14]:
        return 5
    return None


def high_key(ranks, suited, wheel=True):
    """Key (bigger is better) of five ranks (2..14); suited: the five may be a flush."""
    cnt = {}
    for r in ranks:
        cnt[r] = cnt.get(r, 0) + 1
    groups = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
    pattern = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    flush = suited and len(cnt) == 5
    st = straight_top(ranks, wheel)
    if pattern == (5,):
        return (9, order)
    if st and flush:
        return (8, (st,))
    if pattern == (4, 1):
        return (7, order)
    if pattern == (3, 2):
        return (6, order)
    if flush:
        return (5, tuple(sorted(ranks, reverse=True)))
    if st:
        return (4, (st,))
    if pattern == (3, 1, 1):
        return (3, order)
    if pattern == (2, 2, 1):
        return (2, order)
    if pattern == (2, 1, 1, 1):
        return (1, order)
    return (0, order)


_hcache = {}


def best_sub_high(nat_ranks, suited, k, bug, wheel=True):
    key = (tuple(sorted(nat_ranks)), suited, k, bug, wheel)
    if key in _hcache:
        return _hcache[key]
    best = None
    for sub in combinations_with_replacement(range(2, 15), k):
        ranks = list(nat_ranks) + list(sub)
        hk = high_key(ranks, suited, wheel)
        if bug and hk[0] not in (4, 5, 8) and any(s != 14 for s in sub):
            continue
        if best is None or hk > best:
            best = hk
    _hcache[key] = best
    return best


def low_key_a5(ranks1):
    """ace-to-five key (smaller is better); ranks with ace as 1."""
    cnt = {}
    for r in ranks1:
        cnt[r] = cnt.get(r, 0) + 1
    groups = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
    return (tuple(c for _, c in groups), tuple(r for r, _ in groups))


_lcache = {}


def best_sub_low(nat1, k, kind, suited):
    key = (tuple(sorted(nat1)), k, kind, suited)
    if key in _lcache:
        return _lcache[key]
    best = None
    rng = range(1, 14) if kind in ("ace-to-five", "ace-to-six") else range(2, 15)
    for sub in combinations_with_replacement(rng, k):
        ranks = list(nat1) + list(sub)
        if kind == "ace-to-five":
            lk = low_key_a5(ranks)
        elif kind == "ace-to-six":
            hk = high_key([14 if r == 1 else r for r in ranks], suited, wheel=True)
            # ace plays low: recompute with ace as 1
            hk = high_key_low_ace(ranks, suited)
            lk = hk
        else:  # deuce-to-seven
            lk = high_key(ranks, suited, wheel=False)
        if best is None or lk < best:
            best = lk
    _lcache[key] = best
    return best


def high_key_low_ace(ranks1, suited):
    cnt = {}
    for r in ranks1:
        cnt[r] = cnt.get(r, 0) + 1
    groups = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
    pattern = tuple(c for _, c in groups)
    order = tuple(r for r, _ in groups)
    flush = suited and len(cnt) == 5
    s = sorted(set(ranks1))
    st = s[-1] if len(s) == 5 and s[-1] - s[0] == 4 else None
    if pattern == (5,):
        return (9, order)
    if st and flush:
        return (8, (st,))
    if pattern == (4, 1):
        return (7, order)
    if pattern == (3, 2):
        return (6, order)
    if flush:
        return (5, tuple(sorted(ranks1, reverse=True)))
    if st:
        return (4, (st,))
    cat = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(pattern, 0)
    return (cat, order)


def evaluate_hand(cards, ranking, wildfn, qualifier=None):
    """Best five of `cards` under `ranking`.  wildfn(card) -> None (natural), 'wild' or 'bug'.
    Returns (key, five, qualifies, name); for lows smaller key is better, we return a
    comparable 'score' where bigger is better."""
    cards = list(cards)
    n = min(5, len(cards))
    best = None
    for five in combinations(cards, n):
        nat = [c for c in five if wildfn(c) is None]
        wl = [wildfn(c) for c in five if wildfn(c) is not None]
        k = len(wl)
        bug = "bug" in wl
        suits = {c[1] for c in nat}
        suited = len(suits) <= 1 and len(five) == 5
        if ranking == "high":
            key = best_sub_high([rank_of(c) for c in nat], suited, k, bug)
            score = key
            qual = True
        else:
            if bug:
                # the bug in a low plays as an ace
                nat = nat + [c for c in five if wildfn(c) == "bug"]
                k -= 1
            if ranking in ("ace-to-five", "ace-to-six"):
                nat1 = [1 if (c[0] == "A" or c == "Jk") else rank_of(c) for c in nat]
            else:
                nat1 = [14 if c == "Jk" else rank_of(c) for c in nat]
            key = best_sub_low(nat1, k, ranking, suited)
            score = neg(key)
            qual = True
            if qualifier is not None:
                if ranking == "deuce-to-seven":
                    qual = True
                else:
                    qual = key[0] in ((1, 1, 1, 1, 1),) if ranking == "ace-to-five" else key[0] == 0
                    top = key[1][0]
                    if ranking == "ace-to-six":
                        qual = key[0] == 0 and len(set(key[1])) == 5
                        top = key[1][0]
                    qual = qual and top <= qualifier
        if best is None or (qual, score) > (best[2], best[0]):
            best = (score, list(five), qual, key)
    score, five, qual, key = best
    return score, five, qual, hand_name(ranking, key)


def neg(key):
    def flat(x):
        out = []
        for e in x:
            if isinstance(e, tuple):
                out.extend(flat(e))
            else:
                out.append(e)
        return out

    return tuple(-v for v in flat(key))


def hand_name(ranking, key):
    if ranking == "high":
        cat, order = key
        if cat == 9:
            return f"five of a kind, {plural(order[0])}"
        if cat == 8:
            return "royal flush" if order[0] == 14 else f"{RANKWORD[order[0]]}-high straight flush"
        if cat == 7:
            return f"four of a kind, {plural(order[0])}"
        if cat == 6:
            return f"full house, {plural(order[0])} over {plural(order[1])}"
        if cat == 5:
            return f"flush, {RANKWORD[order[0]]} high"
        if cat == 4:
            return f"{RANKWORD[order[0]]}-high straight"
        if cat == 3:
            return f"three of a kind, {plural(order[0])}"
        if cat == 2:
            return f"two pair, {plural(order[0])} and {plural(order[1])}"
        if cat == 1:
            return f"pair of {plural(order[0])}"
        return f"high card, {RANKWORD[order[0]]}"
    if ranking == "ace-to-five":
        pattern, order = key
        if pattern[0] == 1:
            return f"{RANKWORD[order[0]]}-{RANKWORD[order[1]]} low"
        if pattern[0] == 2 and (len(pattern) < 2 or pattern[1] == 1):
            return f"pair of {plural(order[0])}"
        if pattern[:2] == (2, 2):
            return f"two pair, {plural(order[0])} and {plural(order[1])}"
        return "{}".format("paired low")
    cat, order = key
    if cat == 0:
        return f"{RANKWORD[order[0]]}-{RANKWORD[order[1]]} low"
    return HIGH_CAT_NAMES.get(cat, "low")


# ---------------------------------------------------------------- the game

SUPPORTED_RANKINGS = ("high", "ace-to-five", "ace-to-six", "deuce-to-seven")


class Seat:
    def __init__(self, seat, name, stack):
        self.seat, self.name, self.stack = seat, name, D(stack)
        self.reset()

    def reset(self):
        self.bet = D(0)
        self.contrib = D(0)
        self.folded = False
        self.all_in = False
        self.down, self.up = [], []
        self.dealt = []  # every card in the order received
        self.acted = False
        self.acted_at = -1
        self.ante = D(0)


class Game:
    def __init__(self):
        self.hand = None

    # ------------------------------------------------------------ setup
    def check_ruleset(self, r):
        def bad(path, wanted, plays):
            raise Refusal(
                "unsupported",
                f"{path} = {wanted!r}: not played by this engine",
                values=[{"path": path, "wanted": wanted, "plays": plays}],
            )

        st = r.get("stakes", {})
        if st.get("small_blind") is not None or st.get("big_blind") is not None:
            bad("stakes.small_blind", st.get("small_blind"), None)
        for _i, s in enumerate(r.get("streets", [])):
            if s.get("exchange"):
                bad("streets.{}.exchange".format(s["name"]), s.get("exchange"), None)
            if s.get("decide"):
                bad("streets.{}.decide".format(s["name"]), s.get("decide"), [])
            for d in s.get("deal", []):
                if d not in ("up", "down", "centre"):
                    bad("streets.{}.deal".format(s["name"]), s.get("deal"), None)
            if s.get("opener") == "after-big-blind":
                bad("streets.{}.opener".format(s["name"]), "after-big-blind", "best-board")
        sd = r.get("showdown", {}) or {}
        if sd.get("method", "cards-speak") != "cards-speak":
            bad("showdown.method", sd.get("method"), "cards-speak")
        pot = r["pot"]
        for sh in pot["shares"]:
            nm = sh["name"]
            if sh.get("ranking", "high") not in SUPPORTED_RANKINGS:
                bad(f"pot.shares.{nm}.ranking", sh.get("ranking"), "high")
            for key, dflt in (
                ("cards", "all"),
                ("own", None),
                ("common", None),
                ("suit", None),
                ("minimum", None),
                ("fallback", None),
            ):
                v = sh.get(key, dflt)
                if key == "cards" and v == "own":
                    continue
                if v != dflt:
                    bad(f"pot.shares.{nm}.{key}", v, dflt)
        if pot.get("odd_chip_tie", "position") != "position":
            bad("pot.odd_chip_tie", pot.get("odd_chip_tie"), "position")
        b = r.get("board", {}) or {}
        if b.get("ranking", "high") not in SUPPORTED_RANKINGS:
            bad("board.ranking", b.get("ranking"), "high")

    def new_hand(self, req):
        r = req["ruleset"]
        if isinstance(r, str):
            r = load_named(r)
        self.check_ruleset(r)
        seats = req["seats"]
        nums = [s["seat"] for s in seats]
        if len(set(nums)) != len(nums) or len(nums) < 2:
            raise Refusal("bad_request", "bad seats")
        self.R = r
        self.seats = sorted(
            [Seat(s["seat"], s["name"], s["stack"]) for s in seats], key=lambda s: s.seat
        )
        self.dealer = req["dealer"]
        self.start(req.get("deck", []), req.get("seat_cards"))

    def next_hand(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand yet")
        if self.phase != "complete":
            raise Refusal("bad_request", "the hand is still running")
        old = [s.seat for s in self.seats]
        keep = [s for s in self.seats if s.stack > 0]
        if len(keep) < 2:
            raise Refusal("bad_request", "fewer than two players have chips")
        rot = self.R.get("dealer", {}).get("rotates", True)
        if rot:
            if "button_bust" in BUGS and self.dealer in old:
                idx = old.index(self.dealer)
                nd = keep[(idx + 1) % len(keep)].seat
            else:
                after = [s.seat for s in keep if s.seat > self.dealer]
                nd = after[0] if after else keep[0].seat
            self.dealer = nd
        self.seats = keep
        for s in self.seats:
            s.reset()
        self.start(req.get("deck", []), req.get("seat_cards"))

    def start(self, deck, seat_cards):
        r = self.R
        st = r["stakes"]
        self.chip = D(st.get("chip", "0.01"))
        self.ante = D(st.get("ante", "0"))
        self.bring_in = None if st.get("bring_in") is None else D(st["bring_in"])
        if "bringin_2ante" in BUGS and self.bring_in is not None and self.ante > 0:
            self.bring_in = self.ante * 2
        self.small = D(st["small_bet"])
        self.big = D(st["big_bet"])
        bt = r.get("betting", {}) or {}
        self.structure = bt.get("structure", "fixed-limit")
        self.max_raises = bt.get("max_raises", 3)
        self.uncapped = bt.get("uncapped_heads_up", "in-hand")
        self.big_locks = bt.get("big_bet_locks", True)
        self.reopen_frac = D(bt.get("reopen_fraction", "0.5"))
        self.fold_check = bt.get("fold_when_check", "refused") == "allowed"
        self.pot_ceiling = bt.get("pot_ceiling", "pot-after-call")
        self.min_raise = bt.get("min_raise", "last-increment")
        w = r.get("wild", {}) or {}
        self.fixed_wild = sorted({parse_rank(x) for x in w.get("ranks", [])})
        self.low_hole = w.get("low_hole", False)
        self.joker = w.get("joker", "none")
        dk = r.get("deck", {}) or {}
        self.stripped = {parse_rank(x) for x in dk.get("stripped", [])}
        self.jokers = dk.get("jokers", 0)
        self.centre = list(dk.get("centre", []))
        dl = r.get("dealing", {}) or {}
        self.burn = dl.get("burn", True)
        self.reuse = dl.get("reuse_burns", True)
        self.comm_ok = dl.get("community_card", True)
        self.events_rows = r.get("events", []) or []
        self.streets = r["streets"]
        # the pack
        pack = [rk + s for rk in RANKS for s in SUITS if RVAL[rk] not in self.stripped]
        if self.jokers:
            pack.append("Jk")
        pack = [c for c in pack if c not in self.centre]
        given = [c for c in deck if c in pack]
        if len(set(deck)) != len(deck):
            raise Refusal("bad_request", "a card twice in the deck")
        rest = [c for c in pack if c not in set(given)]
        self.stub = given + rest
        self.burns = []
        self.community = list(self.centre)
        self.seat_lists = {}
        if seat_cards:
            for sc in seat_cards:
                self.seat_lists[sc["seat"]] = list(sc["cards"])
        self.event_wild = None
        self.awaiting = {}
        self.extra_count = 0
        self.up_seen = {}
        self.hand = True
        self.result = None
        self.street_i = -1
        self.first_deal_done = False
        self.to_act = None
        self.phase = "betting"
        self.last_aggr = None
        self.round_opener = None
        self.dealt_in = 0
        self.order_deal = []
        # antes
        for s in self.seats:
            a = min(self.ante, s.stack)
            s.stack -= a
            s.contrib += a
            s.ante = a
            if s.stack == 0 and self.ante > 0:
                s.all_in = True
        self.dealt_in = len(self.seats)
        self.advance()

    # ------------------------------------------------------------ dealing
    def clockwise_from_dealer(self, seats=None):
        seats = self.seats if seats is None else seats
        after = [s for s in seats if s.seat > self.dealer]
        before = [s for s in seats if s.seat <= self.dealer]
        return after + before

    def live(self):
        return [s for s in self.seats if not s.folded]

    def draw_plain(self):
        listed = set()
        for lst in self.seat_lists.values():
            listed.update(lst)
        for i, c in enumerate(self.stub):
            if c not in listed:
                return self.stub.pop(i)
        return self.stub.pop(0)

    def draw_for(self, seat):
        lst = self.seat_lists.get(seat.seat)
        while lst:
            c = lst.pop(0)
            if c in self.stub:
                self.stub.remove(c)
                return c
            # burned or gone: first card no list holds, list goes on after
            return self.draw_plain()
        return self.draw_plain()

    def wild_now(self):
        ws = set(self.fixed_wild)
        if self.event_wild is not None:
            ws.add(self.event_wild)
        return sorted(ws)

    def give(self, s, face, from_event=False):
        c = self.draw_for(s)
        (s.up if face == "up" else s.down).append(c)
        s.dealt.append(c)
        self.fire_events(s, c, face)
        return c

    def fire_events(self, s, card, face):
        if card == "Jk":
            return
        rk = rank_of(card)
        if face == "up":
            self.up_seen[rk] = self.up_seen.get(rk, 0) + 1
        for i, row in enumerate(self.events_rows):
            when = row.get("when", {}) or {}
            wface = when.get("face", "up")
            ranks = {parse_rank(x) for x in when.get("ranks", [])}
            cards = set(when.get("cards", []))
            shown = when.get("shown")
            match = wface == "any" or wface == face
            if row.get("refund") == "ante" and "refund_down" in BUGS:
                match = True
            if ranks and rk not in ranks:
                match = False
            if cards and card not in cards:
                match = False
            if shown is not None and (face != "up" or self.up_seen.get(rk, 0) != shown):
                match = False
            wf = row.get("wild_follows")
            if wf and not match and self.awaiting.get(i):
                if face == "up" or "ftq_down" in BUGS:
                    self.event_wild = rk
                    self.awaiting[i] = False
                elif wf.get("down_card", "skipped") == "cancels":
                    self.awaiting[i] = False
                continue
            if not match:
                continue
            if wf:
                if wf.get("previous", "kept") == "cleared":
                    self.event_wild = None
                self.awaiting[i] = True
            if row.get("wild_rank") == "this":
                self.event_wild = rk
            if row.get("refund") == "ante":
                amt = min(self.ante, s.contrib)
                s.contrib -= amt
                s.stack += amt
                s.ante -= amt
                if s.stack > 0:
                    s.all_in = False
            ex = row.get("extra_card")
            if ex:
                most = ex.get("most")
                mfp = ex.get("most_from_players", 2)
                if most is None or self.dealt_in < mfp or self.extra_count < most:
                    if self.stub:
                        self.extra_count += 1
                        f = ex.get("face", "down")
                        if "extra_up" in BUGS:
                            f = "up"
                        self.give(s, f)
            if row.get("neighbours_fold") == "unless-same-rank":
                lv = list(self.seats)
                if s in lv and len(lv) > 1:
                    i2 = lv.index(s)
                    nb = [lv[(i2 + 1) % len(lv)], lv[(i2 - 1) % len(lv)]]
                    seen = []
                    for nbr in nb:
                        if nbr is s or nbr in seen or nbr.folded:
                            continue
                        seen.append(nbr)
                        hit = [c for c in nbr.down if c != "Jk" and rank_of(c) == rk]
                        if hit:
                            nbr.down.remove(hit[0])
                        else:
                            hit = [c for c in nbr.up if c != "Jk" and rank_of(c) == rk]
                            if hit:
                                nbr.up.remove(hit[0])
                            else:
                                nbr.folded = True

    def rounds_after(self, si, ei):
        n = 0
        for j in range(si, len(self.streets)):
            st = self.streets[j]
            if not self.street_applies(st):
                continue
            deal = st.get("deal", [])
            start = ei + 1 if j == si else 0
            n += sum(1 for d in deal[start:] if d != "centre")
        return n

    def street_applies(self, st):
        lim = st.get("deal_if_players_at_most")
        return lim is None or self.dealt_in <= lim

    def deal_street(self, si):
        st = self.streets[si]
        deal = st.get("deal", [])
        if deal and self.first_deal_done and self.burn and self.stub:
            self.burns.append(self.draw_plain())
        for ei, face in enumerate(deal):
            live = [s for s in self.clockwise_from_dealer() if not s.folded]
            if len(live) < 1:
                return
            if face == "centre":
                if not self.stub and self.reuse:
                    self.stub += self.burns
                    self.burns = []
                if self.stub:
                    self.community.append(self.draw_plain())
                continue
            need = len(live)
            if len(self.stub) < need and self.reuse and self.burns:
                self.stub += self.burns
                self.burns = []
            later = self.rounds_after(si, ei)
            if len(self.stub) < need + later and self.comm_ok:
                if self.stub:
                    self.community.append(self.draw_plain())
                continue
            for s in live:
                if s.folded:
                    continue
                if not self.stub:
                    break
                self.give(s, face)
            self.first_deal_done = True
        if deal:
            self.first_deal_done = True

    # ------------------------------------------------------------ flow
    def can_bet(self, s):
        return not s.folded and not s.all_in

    def advance(self):
        """Go to the next street with betting, or to the showdown."""
        while True:
            if len(self.live()) <= 1:
                return self.finish()
            self.street_i += 1
            if self.street_i >= len(self.streets):
                return self.showdown()
            st = self.streets[self.street_i]
            if not self.street_applies(st):
                continue
            for s in self.seats:
                s.bet = D(0)
                s.acted = False
                s.acted_at = -1
            self.deal_street(self.street_i)
            if len(self.live()) <= 1:
                return self.finish()
            if st.get("bet") is None:
                continue
            active = [s for s in self.live() if not s.all_in]
            if len(active) < 2:
                # no betting round, but remember who would have opened
                self.round_opener = self.pick_opener(st, record_only=True)
                self.last_aggr = None
                continue
            self.begin_round(st)
            return

    def begin_round(self, st):
        self.cur = D(0)
        self.naggr = 0
        self.reopen = 0
        self.last_inc = D(0)
        self.bring_only = False
        self.big_made = False
        self.last_aggr = None
        self.forced = None
        self.round_start_active = len([s for s in self.live() if not s.all_in])
        self.unit = self.small if st.get("bet") == "small" else self.big
        self.phase = "betting"
        opener = self.pick_opener(st)
        self.bring_only = self.forced is not None
        self.round_opener = opener
        self.to_act = opener.seat

    def pick_opener(self, st, record_only=False):
        op = st.get("opener", "best-board")
        if (
            op == "bring-in"
            and self.bring_in is not None
            and not record_only
            and self.street_i == self.first_bet_street()
        ):
            s = self.bring_in_seat()
            self.forced = s
            return s
        if op == "first-left":
            for s in self.clockwise_from_dealer():
                if self.can_bet(s):
                    return s
            return self.clockwise_from_dealer(self.live())[0]
        best = self.best_board(st)
        if record_only or self.can_bet(best):
            return best
        order = self.seats
        i = order.index(best)
        for k in range(1, len(order) + 1):
            s = order[(i + k) % len(order)]
            if self.can_bet(s):
                return s
        return best

    def first_bet_street(self):
        for i, st in enumerate(self.streets):
            if st.get("bet") is not None and self.street_applies(st):
                return i
        return 0

    def bring_in_seat(self):
        bi = self.R.get("bring_in", {}) or {}
        highest = bi.get("card", "lowest") == "highest"
        aces_low = bi.get("aces", "high") == "low"
        so = [SUITNAME[x] for x in bi.get("suit_order", ["clubs", "diamonds", "hearts", "spades"])]

        def val(c):
            if c == "Jk":
                return (15, 4)
            r = rank_of(c)
            if aces_low and r == 14:
                r = 1
            return (r, so.index(c[1]))

        def extreme(s):
            if not s.up:
                return None
            vs = [val(c) for c in s.up]
            return max(vs) if highest else min(vs)

        cands = [s for s in self.live() if s.up]

        def pick(lst):
            if highest:
                return max(lst, key=extreme)
            return min(lst, key=extreme)

        if not cands:
            return [s for s in self.clockwise_from_dealer() if self.can_bet(s)][0]
        chosen = pick(cands)
        if self.can_bet(chosen):
            return chosen
        if bi.get("all_in", "next-card") == "next-seat":
            i = self.seats.index(chosen)
            for k in range(1, len(self.seats)):
                s = self.seats[(i + k) % len(self.seats)]
                if self.can_bet(s):
                    return s
        ok = [s for s in cands if self.can_bet(s)]
        return pick(ok) if ok else [s for s in self.clockwise_from_dealer() if self.can_bet(s)][0]

    def board_wild_fn(self, s):
        bw = (self.R.get("board", {}) or {}).get("wild", "natural") == "wild"
        wr = self.wild_now()

        def fn(c):
            if c == "Jk":
                if self.joker == "wild" or (self.joker == "bug-up-wild-down" and c in s.down):
                    return "wild" if bw else "bug"
                return "bug"
            if bw and rank_of(c) in wr:
                return "wild"
            return None

        return fn

    def board_key(self, s, ranking):
        cards = list(s.up) + list(self.community)
        fn = self.board_wild_fn(s)
        cards = ["A*" if (c == "Jk" and fn(c) == "bug") else c for c in cards]
        nat = [c for c in cards if c == "A*" or fn(c) is None]
        k = len(cards) - len(nat)
        low = ranking != "high"
        if low:
            vals = (
                [1 if c[0] == "A" else rank_of(c) for c in nat]
                if ranking != "deuce-to-seven"
                else [rank_of(c) for c in nat]
            )
        else:
            vals = [rank_of(c) for c in nat]
        cnt = {}
        for v in vals:
            cnt[v] = cnt.get(v, 0) + 1
        if k:
            if low:
                for _ in range(k):
                    for cand in range(1, 15):
                        if cand not in cnt:
                            cnt[cand] = 1
                            break
            else:
                if cnt:
                    top = max(cnt.items(), key=lambda kv: (kv[1], kv[0]))[0]
                    cnt[top] += k
                else:
                    cnt[14] = k
        groups = sorted(cnt.items(), key=lambda kv: (-kv[1], -kv[0]))
        pattern = tuple(c for _, c in groups)
        order = tuple(r for r, _ in groups)
        # suits per group, highest suit in it
        so = [
            SUITNAME[x]
            for x in (self.R.get("bring_in", {}) or {}).get(
                "suit_order", ["clubs", "diamonds", "hearts", "spades"]
            )
        ]
        suitkey = []
        for r, _ in groups:
            ss = [
                so.index(c[1]) if c[1] in "cdhs" else -1
                for c in nat
                if (1 if (low and c[0] == "A" and ranking != "deuce-to-seven") else rank_of(c)) == r
            ]
            suitkey.append(max(ss) if ss else -1)
        if low:
            return (tuple(-x for x in pattern), tuple(-x for x in order)), tuple(
                -x for x in suitkey
            )
        return (pattern, order), tuple(suitkey)

    def best_board(self, st):
        ranking = (self.R.get("board", {}) or {}).get("ranking", "high")
        ties = st.get("ties") or (self.R.get("board", {}) or {}).get("ties", "suit")
        cands = self.clockwise_from_dealer(self.live())
        keys = {s.seat: self.board_key(s, ranking) for s in cands}
        bestk = max(keys[s.seat][0] for s in cands)
        top = [s for s in cands if keys[s.seat][0] == bestk]
        if len(top) == 1 or ties == "position":
            return top[0]
        return max(top, key=lambda s: keys[s.seat][1])

    # ------------------------------------------------------------ betting
    def heads_up_uncapped(self):
        if self.uncapped == "in-hand":
            return len(self.live()) == 2
        if self.uncapped == "round-start":
            return self.round_start_active == 2
        return False

    def capped(self):
        if self.max_raises is None or self.heads_up_uncapped():
            return False
        return self.naggr >= 1 + int(self.max_raises)

    def open_pair(self):
        for s in self.live():
            rs = [rank_of(c) for c in s.up if c != "Jk"]
            if len(rs) != len(set(rs)):
                return True
        return False

    def seat(self, n):
        for s in self.seats:
            if s.seat == n:
                return s
        return None

    def pot_total(self):
        return sum((s.contrib for s in self.seats), D(0))

    def legal(self, s=None):
        if self.phase != "betting" or self.to_act is None:
            return []
        s = s or self.seat(self.to_act)
        self.streets[self.street_i]
        total = s.bet + s.stack
        out = []
        if self.forced is s and not s.acted and self.cur == 0:
            bi = min(self.bring_in, total)
            if bi == total:
                return [{"action": "bring_in", "amount": money(bi)}]
            out.append({"action": "bring_in", "amount": money(bi)})
            if (
                self.structure != "fixed-limit" or self.bring_in < self.small_complete()
            ) and total > bi:
                out.extend(self.agg_opts(s, "complete"))
            return out
        if self.cur > s.bet:
            out.append({"action": "fold"})
            out.append({"action": "call", "amount": money(min(self.cur, total))})
        else:
            out.append({"action": "check"})
            if self.fold_check:
                out.append({"action": "fold"})
        others = [
            x for x in self.live() if x is not s and not x.all_in and x.bet + x.stack > self.cur
        ]
        may_raise = (not s.acted) or s.acted_at < self.reopen or self.bring_only
        if others and may_raise and total > self.cur and not self.capped():
            if self.cur == 0:
                word = "bet"
            elif self.bring_only:
                word = "complete"
            else:
                word = "raise"
            out.extend(self.agg_opts(s, word))
        return out

    def small_complete(self):
        if self.structure == "spread-limit":
            sp = self.streets[self.street_i].get("spread") or {}
            return D(sp.get("min", self.small))
        return self.small

    def agg_opts(self, s, word):
        st = self.streets[self.street_i]
        total = s.bet + s.stack
        opts = []
        if self.structure == "fixed-limit":
            if word == "complete":
                targets = [self.small]
            else:
                units = [self.unit]
                if st.get("bet") == "small" and self.big_made and self.big_locks:
                    units = [self.big]
                elif (
                    st.get("bet") == "small"
                    and st.get("big_bet_when") == "open-pair"
                    and self.open_pair()
                ):
                    units = [self.small, self.big]
                base = self.cur
                targets = [base + u for u in units]
            for t in targets:
                a = min(t, total)
                if a > self.cur:
                    o = {"action": word, "amount": money(a)}
                    if o not in opts:
                        opts.append(o)
            return opts
        if self.structure == "spread-limit":
            sp = st.get("spread") or {}
            smin, smax = D(sp.get("min", self.unit)), D(sp.get("max", self.unit))
            if word == "bet":
                lo, hi = smin, smax
            elif word == "complete":
                lo, hi = max(smin, self.cur + self.chip), smax
            else:
                lo, hi = self.cur + max(smin, self.last_inc), self.cur + smax
        else:
            pot = self.pot_total()
            call = self.cur - s.bet
            if word == "bet":
                lo = self.unit
            elif word == "complete":
                lo = max(
                    self.small, (self.cur if self.cur > 0 else (self.bring_in or 0)) + self.chip
                )
            else:
                if self.min_raise == "double":
                    lo = self.cur * 2
                else:
                    lo = self.cur + max(self.last_inc, self.unit)
            if self.structure == "no-limit":
                hi = total
            elif self.pot_ceiling == "pot-plus-bet":
                hi = pot + self.cur
            else:
                hi = self.cur + pot + call
            if hi < lo:
                hi = lo
        lo = min(lo, total)
        hi = min(hi, total)
        if lo <= self.cur:
            return []
        if lo == hi:
            return [{"action": word, "amount": money(lo)}]
        return [{"action": word, "min": money(lo), "max": money(hi)}]

    def act(self, req):
        if self.hand is None:
            raise Refusal("no_hand", "no hand")
        if self.phase != "betting" or self.to_act is None:
            raise self.illegal("the hand is over" if self.phase == "complete" else "nothing to do")
        seat = req.get("seat")
        if seat != self.to_act:
            raise self.illegal(f"it is seat {self.to_act}'s turn")
        s = self.seat(seat)
        action = req.get("action")
        amount = req.get("amount")
        legal = self.legal(s)
        amt = None
        if amount is not None:
            try:
                amt = D(amount)
            except Exception:
                raise self.illegal("bad amount") from None
        match = None
        for o in legal:
            if o["action"] != action:
                continue
            if "amount" in o:
                if amt is None or amt == D(o["amount"]):
                    match = (o, D(o["amount"]))
                    break
            elif "min" in o:
                if amt is None:
                    continue
                if (
                    D(o["min"]) <= amt <= D(o["max"])
                    and (amt / self.chip) == (amt / self.chip).to_integral_value()
                ):
                    match = (o, amt)
                    break
            else:
                match = (o, None)
                break
        if match is None:
            raise self.illegal("{} {} is not legal now".format(action, amount or ""))
        o, target = match
        if action == "fold":
            s.folded = True
        elif action == "check":
            pass
        elif action == "call":
            self.put(s, target)
        elif action == "bring_in":
            self.put(s, target)
            self.cur = max(self.cur, target)
            if target >= self.small_complete():
                self.bring_only = False
                self.naggr += 1
                self.reopen += 1
                self.last_inc = target
                self.last_aggr = s.seat
        else:
            inc = target - self.cur
            if action == "complete":
                full = self.small_complete() - self.cur
                if self.structure == "fixed-limit":
                    full = self.small - self.cur
            elif self.structure == "fixed-limit":
                full = self.unit if not (target - self.cur == self.big) else self.big
                if self.big_made and self.big_locks and st_is_small(self):
                    full = self.big
            else:
                if action == "bet":
                    full = self.unit
                elif self.min_raise == "double":
                    full = self.cur
                else:
                    full = max(self.last_inc, self.unit)
            self.put(s, target)
            reopens = inc >= self.reopen_frac * full or action == "bet"
            if action == "complete":
                reopens = (
                    target >= self.reopen_frac * self.small_complete()
                    or target >= self.small_complete()
                )
                if target >= self.reopen_frac * self.small_complete():
                    self.bring_only = False
            if (
                self.structure == "fixed-limit"
                and self.unit == self.small
                and inc == self.big
                and action != "complete"
                and self.big != self.small
            ):
                self.big_made = True
            self.cur = target
            if reopens:
                self.reopen += 1
                self.last_inc = max(self.last_inc, inc) if self.structure != "spread-limit" else inc
                self.naggr += 1
            self.last_aggr = s.seat
        s.acted = True
        s.acted_at = self.reopen
        self.next_actor(s)

    def put(self, s, target):
        add = target - s.bet
        if add > s.stack:
            add = s.stack
        s.stack -= add
        s.bet += add
        s.contrib += add
        if s.stack == 0:
            s.all_in = True

    def illegal(self, msg):
        return Refusal("illegal_action", msg, legal=self.legal(), state=self.state())

    def needs(self, s):
        if s.folded or s.all_in:
            return False
        return (not s.acted) or s.bet < self.cur

    def next_actor(self, s):
        live = self.live()
        if len(live) <= 1:
            self.return_uncalled()
            return self.finish()
        i = self.seats.index(s)
        n = len(self.seats)
        for k in range(1, n + 1):
            x = self.seats[(i + k) % n]
            if self.needs(x):
                # a lone player with chips facing nothing needs no turn
                if not x.acted or x.bet < self.cur:
                    others = [y for y in live if y is not x and not y.all_in]
                    if not others and x.bet >= self.cur:
                        continue
                self.to_act = x.seat
                return
        self.end_round()

    def return_uncalled(self):
        bets = sorted(self.seats, key=lambda x: -x.bet)
        if not bets:
            return
        top = bets[0]
        second = bets[1].bet if len(bets) > 1 else D(0)
        if top.bet > second:
            d = top.bet - second
            top.bet -= d
            top.contrib -= d
            top.stack += d
            if top.stack > 0:
                top.all_in = False

    def end_round(self):
        self.return_uncalled()
        self.to_act = None
        self.forced = None
        self.advance()

    # ------------------------------------------------------------ showdown
    def pots(self):
        contrib = {s.seat: s.contrib for s in self.seats}
        live = self.live()
        levels = sorted({s.contrib for s in live if s.all_in})
        maxc = max(contrib.values()) if contrib else D(0)
        if not levels or levels[-1] < maxc:
            levels.append(maxc)
        out = []
        prev = D(0)
        for lv in levels:
            amt = sum((min(c, lv) - min(c, prev) for c in contrib.values()), D(0))
            elig = [s.seat for s in live if s.contrib >= lv or not s.all_in]
            if amt > 0:
                if out and sorted(out[-1][1]) == sorted(elig):
                    out[-1] = (out[-1][0] + amt, elig)
                else:
                    out.append((amt, elig))
            prev = lv
        if not out:
            out = [(D(0), [s.seat for s in live])]
        return out

    def finish(self):
        """Hand over without showdown."""
        self.return_uncalled()
        pots = self.pots()
        w = self.live()[0]
        awards = []
        for i, (amt, _el) in enumerate(pots):
            if amt > 0:
                awards.append({"seat": w.seat, "amount": money(amt), "pot": i, "share": None})
                w.stack += amt
        self.close({"awards": awards, "hands": [], "showdown": False}, pots)

    def close(self, result, pots):
        self.final_pots = pots
        for s in self.seats:
            s.contrib = D(0)
            s.bet = D(0)
        self.result = result
        self.phase = "complete"
        self.to_act = None

    def wildfn_for(self, s, ranking):
        wr = self.wild_now()
        hole = None
        if self.low_hole:
            downs = [c for c in s.down if c != "Jk"]
            if downs:
                low_rank = ranking != "high"

                def v(c):
                    r = rank_of(c)
                    return 1 if (low_rank and r == 14) else r

                hole = rank_of(min(downs, key=v))
        face_low = "wild_low_face" in BUGS and ranking != "high"

        def fn(c):
            if c == "Jk":
                if self.joker == "wild":
                    return "wild"
                if self.joker == "bug":
                    return "bug"
                if self.joker == "bug-up-wild-down":
                    return "wild" if c in s.down else "bug"
                return "wild"
            if face_low:
                return None
            r = rank_of(c)
            if r in wr or (hole is not None and r == hole):
                return "wild"
            return None

        return fn

    def cards_for(self, s, share):
        if share.get("cards", "all") == "own":
            cards = s.down + s.up
        else:
            cards = s.down + s.up + self.community
        if "best_of_seven" in BUGS:
            own = [c for c in s.dealt if c in s.down or c in s.up][:7]
            cards = own + (self.community if share.get("cards", "all") != "own" else [])
        return cards

    def showdown(self):
        self.phase = "complete"
        self.to_act = None
        pots = self.pots()
        shares = self.R["pot"]["shares"]
        live = self.live()
        evals = {}
        for sh in shares:
            rk = sh.get("ranking", "high")
            for s in live:
                evals[(sh["name"], s.seat)] = evaluate_hand(
                    self.cards_for(s, sh), rk, self.wildfn_for(s, rk), sh.get("qualifier")
                )
        pos = self.clockwise_from_dealer()
        posidx = {s.seat: i for i, s in enumerate(pos)}
        split_unit = self.R["pot"].get("split_unit")
        unit = D(split_unit) if split_unit is not None else self.chip
        odd_share = self.R["pot"].get("odd_chip_share", "high")
        if "odd_chip_low" in BUGS and any(x["name"] == "low" for x in shares):
            odd_share = "low"
        unq = self.R["pot"].get("unqualified") or "best-high"
        awards = []
        for pi, (amt, elig) in enumerate(pots):
            el = [s for s in live if s.seat in elig]
            winners = {}
            for sh in shares:
                cands = [
                    (evals[(sh["name"], s.seat)], s) for s in el if evals[(sh["name"], s.seat)][2]
                ]
                if not cands:
                    continue
                best = max(c[0][0] for c in cands)
                winners[sh["name"]] = [s for e, s in cands if e[0] == best]
            if not winners:
                if unq == "split":
                    winners = {None: el}
                else:
                    hk = {
                        s.seat: evaluate_hand(
                            s.down + s.up + self.community, "high", self.wildfn_for(s, "high")
                        )[0]
                        for s in el
                    }
                    b = max(hk.values())
                    winners = {"high": [s for s in el if hk[s.seat] == b]}
            names = [sh["name"] for sh in shares if sh["name"] in winners] or list(winners)
            n = len(names)
            units = (amt / unit).to_integral_value(rounding=ROUND_FLOOR)
            each_units = units // n
            parts = {nm: each_units * unit for nm in names}
            left_units = int(units - each_units * n)
            part_unit = amt - units * unit
            allnames = [sh["name"] for sh in shares]
            start = allnames.index(odd_share) if odd_share in allnames else 0
            ordered = [nm for nm in allnames[start:] + allnames[:start] if nm in names] or names
            for k in range(left_units):
                parts[ordered[k % len(ordered)]] += unit
            if part_unit:
                parts[ordered[0]] += part_unit
            for nm in names:
                ws = sorted(winners[nm], key=lambda s: posidx[s.seat])
                total = parts[nm]
                cu = (total / self.chip).to_integral_value(rounding=ROUND_FLOOR)
                ea = cu // len(ws)
                rem = int(cu - ea * len(ws))
                extra = total - cu * self.chip
                for j, w in enumerate(ws):
                    a = ea * self.chip + (self.chip if j < rem else 0) + (extra if j == 0 else 0)
                    if a > 0:
                        awards.append({"seat": w.seat, "amount": money(a), "pot": pi, "share": nm})
                        w.stack += a
        # show order
        first = (
            self.last_aggr
            if self.last_aggr is not None
            else (self.round_opener.seat if self.round_opener else None)
        )
        order = self.seats
        if first is not None and self.seat(first) in order:
            i = order.index(self.seat(first))
            order = order[i:] + order[:i]
        hands = []
        for s in order:
            if s.folded:
                continue
            for sh in shares:
                e = evals[(sh["name"], s.seat)]
                if not e[2]:
                    continue
                hands.append({"seat": s.seat, "share": sh["name"], "name": e[3], "cards": e[1]})
        self.close({"awards": awards, "hands": hands, "showdown": True}, pots)

    # ------------------------------------------------------------ state
    def state(self):
        if self.phase == "complete":
            pots = [{"amount": money(a), "eligible": e} for a, e in self.final_pots]
            pot = sum((D(a) for a, _ in self.final_pots), D(0))
        else:
            pots = [{"amount": money(a), "eligible": e} for a, e in self.pots()]
            pot = self.pot_total()
        st = self.streets[min(max(self.street_i, 0), len(self.streets) - 1)]
        return {
            "street": st["name"],
            "phase": self.phase,
            "to_act": self.to_act,
            "legal": self.legal(),
            "pot": money(pot),
            "pots": pots,
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
            "wild_ranks": self.wild_now(),
            "result": self.result,
        }


def st_is_small(g):
    return g.streets[g.street_i].get("bet") == "small"


def op_evaluate(req):
    ranking = req["ranking"]
    if ranking not in SUPPORTED_RANKINGS:
        raise Refusal("unsupported", f"ranking {ranking}")
    q = req.get("qualifier")
    wild = set(req.get("wild") or [])

    def fn(c):
        if c == "Jk":
            return "wild"
        return "wild" if rank_of(c) in wild else None

    evs = [evaluate_hand(h, ranking, fn, q) for h in req["hands"]]
    keys = [(e[2], e[0]) if e[2] else (False,) for e in evs]
    out = []
    for e, k in zip(evs, keys, strict=False):
        rank = 1 + sum(1 for k2 in keys if k2 > k)
        d = {"best": e[1] if e[2] else [], "name": e[3], "rank": rank}
        if q is not None:
            d["qualifies"] = e[2]
        out.append(d)
    return {"results": out}


FEATURES = [
    "evaluate",
    "evaluate-options",
    "wild",
    "low-hole",
    "joker",
    "community-card",
    "spread-limit",
    "pot-limit",
    "no-limit",
    "hi-lo",
    "table",
    "seat-cards",
    "centre-cards",
    "stripped-pack",
    "events",
    "wild-ranks",
    "refusal-state",
    "pipelining",
]


def main():
    game = Game()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            req = json.loads(line)
        except Exception:
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
        rid = req.get("id")
        op = req.get("op")
        try:
            if op == "hello":
                rep = {
                    "protocol": 1,
                    "engine": {"name": "independent-twentyeight", "version": "0.1"},
                    "rulesets": ["*"],
                    "features": FEATURES,
                }
            elif op == "new_hand":
                game.new_hand(req)
                rep = {"state": game.state()}
            elif op == "next_hand":
                game.next_hand(req)
                rep = {"state": game.state()}
            elif op == "act":
                game.act(req)
                rep = {"state": game.state()}
            elif op == "state":
                if game.hand is None:
                    raise Refusal("no_hand", "no hand")
                rep = {"state": game.state()}
            elif op == "evaluate":
                rep = op_evaluate(req)
            elif op == "bye":
                rep = {}
            else:
                raise Refusal("unsupported", f"op {op}")
            out = {"id": rid, "ok": True}
            out.update(rep)
        except Refusal as e:
            err = {"code": e.code, "message": e.message}
            if e.values:
                err["values"] = e.values
            if e.legal is not None:
                err["legal"] = e.legal
            if e.state is not None:
                err["state"] = e.state
            out = {"id": rid, "ok": False, "error": err}
        except Exception as e:  # noqa
            import traceback

            traceback.print_exc(file=sys.stderr)
            out = {"id": rid, "ok": False, "error": {"code": "internal", "message": repr(e)[:500]}}
        print(json.dumps(out), flush=True)
        if op == "bye":
            break


if __name__ == "__main__":
    main()

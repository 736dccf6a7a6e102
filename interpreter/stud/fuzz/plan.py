"""Random hands as a sequence of integer choices, so a hand can be replayed and shrunk.

Everything random in a fuzzed hand (the ruleset, how many players, their seat numbers
and stacks, the dealer, the order of the pack, each action) comes from one
:class:`Draw`: ``integer(lo, hi)``.  :class:`RandomDraw` draws from ``random.Random``
seeded by (campaign seed, hand index) and records every choice; replaying the recorded
choices (:class:`ReplayDraw`) gives the same hand, and hypothesis's shrinker works on the
same choices (see :mod:`stud.fuzz.shrink`).  Every draw shrinks towards its low end, and
the low ends are the simple hands: two players, seats 1 and 2, short stacks, the first
legal action (fold before call before raise), legal actions rather than illegal ones.

>>> draw = RandomDraw.for_hand(7, 3)
>>> picks = [draw.integer(0, 9) for _ in range(3)]
>>> again = ReplayDraw(draw.choices)
>>> [again.integer(0, 9) for _ in range(3)] == picks
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Protocol

from stud.cards import Card
from stud.engine.deck import pack_cards
from stud.money import fmt, to_money
from stud.rules import load_ruleset

NAMES = ("Ann", "Bob", "Carol", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe")


class Draw(Protocol):
    """A source of integer choices, each between ``lo`` and ``hi`` inclusive."""

    def integer(self, lo: int, hi: int) -> int: ...


class Exhausted(Exception):
    """A replayed choice sequence ran out (the hand is cut short there)."""


class RandomDraw:
    """Choices from ``random.Random``, recorded for replay."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.choices: list[int] = []

    @classmethod
    def for_hand(cls, seed: int, index: int) -> RandomDraw:
        """The draw of hand ``index`` of campaign ``seed``: independent of any other hand.

        >>> a, b = RandomDraw.for_hand(1, 5), RandomDraw.for_hand(1, 5)
        >>> a.integer(0, 10**9) == b.integer(0, 10**9)
        True
        """
        return cls(random.Random(f"stud-fuzz:{seed}:{index}"))

    def integer(self, lo: int, hi: int) -> int:
        if hi <= lo:
            return lo  # no choice to make (and none recorded)
        value = self.rng.randint(lo, hi)
        self.choices.append(value)
        return value

    def fork(self) -> RandomDraw:
        """A twin that makes the same choices from here on (and made the same so far).

        >>> a = RandomDraw.for_hand(2, 2)
        >>> b = a.fork()
        >>> [a.integer(0, 99) for _ in range(3)] == [b.integer(0, 99) for _ in range(3)]
        True
        """
        twin = RandomDraw(random.Random())
        twin.rng.setstate(self.rng.getstate())
        twin.choices = list(self.choices)
        return twin


class ReplayDraw:
    """Replays recorded choices; a choice out of its range is clamped into it.

    >>> d = ReplayDraw([5, 0])
    >>> d.integer(0, 3), d.integer(1, 2)
    (3, 1)
    """

    def __init__(self, choices: Sequence[int]) -> None:
        self.given = list(choices)
        self.pos = 0
        self.choices: list[int] = []

    def integer(self, lo: int, hi: int) -> int:
        if hi <= lo:
            return lo
        if self.pos >= len(self.given):
            raise Exhausted
        value = min(max(self.given[self.pos], lo), hi)
        self.pos += 1
        self.choices.append(value)
        return value

    def fork(self) -> ReplayDraw:
        """A twin that makes the same choices from here on (and made the same so far)."""
        twin = ReplayDraw(())
        twin.given, twin.pos, twin.choices = self.given, self.pos, list(self.choices)
        return twin


@dataclass(frozen=True)
class FuzzConfig:
    """What a campaign varies: rulesets (names or files), player counts and stacks."""

    rulesets: tuple[str, ...] = ("seven-card-stud",)
    players: tuple[int, int] = (2, 8)
    stacks: tuple[Decimal, Decimal] = (Decimal("1"), Decimal("20"))
    illegal_one_in: int = 12  # about one request in this many is an illegal action
    # the engine takes each seat's cards directly (protocol 1.2 seat-cards): three hands in
    # four are dealt so, and only the fourth depends on its dealing order
    seat_cards: bool = False

    def documents(self) -> list[dict[str, Any]]:
        return [_document(name) for name in self.rulesets]


_DOCS: dict[str, dict[str, Any]] = {}


def _document(name: str) -> dict[str, Any]:
    doc = _DOCS.get(name)
    if doc is None:
        doc = _DOCS[name] = dict(load_ruleset(name).document)
    return doc


@dataclass
class Setup:
    """The table of one hand: ruleset, seats (seat, name, stack), dealer and the pack."""

    ruleset: str
    document: dict[str, Any]
    seats: list[dict[str, Any]]
    dealer: int
    deck: list[str]
    extra: dict[str, Any] = field(default_factory=dict)
    seat_cards: list[dict[str, Any]] | None = None  # [{seat, cards}] (protocol 1.2)

    def name_of(self, seat: int) -> str:
        return next(s["name"] for s in self.seats if s["seat"] == seat)


def deal(draw: Draw, config: FuzzConfig) -> Setup:
    """Draw the table of a hand: players, seats, stacks, dealer and a shuffled pack."""
    names = config.rulesets
    which = draw.integer(0, len(names) - 1)
    doc = _document(names[which])
    seats_rule = doc.get("seats") or {}
    most = min(config.players[1], int(seats_rule.get("max", 8)), len(NAMES))
    least = max(config.players[0], int(seats_rule.get("min", 2)))
    n = draw.integer(least, max(least, most))
    stakes = doc.get("stakes") or {}
    chip = to_money(stakes.get("chip") or "0.01")
    big = to_money(stakes.get("big_bet") or stakes.get("small_bet") or "1")
    lo = max(1, int(config.stacks[0] / chip))
    hi = max(lo, int(config.stacks[1] / chip))
    short_hi = max(1, int(2 * big / chip))
    seats: list[dict[str, Any]] = []
    seat = 0
    for i in range(n):
        seat += 1 + draw.integer(0, 2)
        short = draw.integer(0, 3) == 0
        chips = draw.integer(1, short_hi) if short else draw.integer(lo, hi)
        seats.append({"seat": seat, "name": NAMES[i], "stack": fmt(chips * chip)})
    dealer = seats[draw.integer(0, n - 1)]["seat"]
    deck = doc.get("deck") or {}
    centre = {str(Card.parse(str(c))) for c in deck.get("centre") or ()}  # not in the pack
    stripped = tuple(int(r) for r in deck.get("stripped") or ())  # (DECK-01: not in the pack)
    pack = [
        t for t in map(str, pack_cards(int(deck.get("jokers") or 0), stripped)) if t not in centre
    ]
    # one choice for the whole order: the shrinker spends its budget on players and actions
    # rather than on fifty-one card positions (the cards are shown in the scenario anyway)
    random.Random(draw.integer(0, 2**32 - 1)).shuffle(pack)
    if draw.integer(0, 3) == 3:
        pack = tied(pack, n, doc) if n <= 4 else mirrored(pack)
    own = None
    if config.seat_cards and draw.integer(0, 3) != 3:
        own = own_cards(pack, [s["seat"] for s in seats], dealer, doc)
    return Setup(names[which], doc, seats, dealer, pack, seat_cards=own)


def own_cards(
    pack: list[str], seats: list[int], dealer: int, doc: Mapping[str, Any]
) -> list[dict[str, Any]] | None:
    """Each seat's cards (protocol 1.2 ``seat_cards``): the pack dealt round by round from
    the dealer's left, as many rounds as the streets deal; None when the pack is too short
    for that (the run-out is dealt from the deck).

    >>> own_cards(["As", "Kd", "Qh", "Jc"], [1, 2], 1, {"streets": [{"deal": ["down", "up"]}]})
    [{'seat': 1, 'cards': ['Kd', 'Jc']}, {'seat': 2, 'cards': ['As', 'Qh']}]
    """
    streets = [s for s in doc.get("streets") or () if s.get("deal")]
    rounds = sum(len(s["deal"]) for s in streets)
    centre = set((doc.get("deck") or {}).get("centre") or ())
    pack = [c for c in pack if c not in centre]
    order = sorted(seats, key=lambda s: (s <= dealer, s))
    burns = len(streets) - 1
    if rounds * len(order) + burns > len(pack):
        return None
    cards = {seat: pack[i :: len(order)][:rounds] for i, seat in enumerate(order)}
    return [{"seat": seat, "cards": cards[seat]} for seat in sorted(cards)]


def tied(pack: list[str], players: int, doc: dict[str, Any]) -> list[str]:
    """The pack stacked so that, while nobody folds, every player gets the same ranks in
    the same places (suits turning, so no flush): three- and four-way ties, and the odd
    chips a fold leaves to split.  Burns come from ranks nobody is dealt.

    >>> doc = {"dealing": {"burn": True}, "streets": [{"deal": ["down", "up"]}, {"deal": ["up"]}]}
    >>> pack = [str(c) for c in pack_cards(0)]
    >>> random.Random(3).shuffle(pack)
    >>> out = tied(pack, 3, doc)
    >>> [c[:-1] for c in out[:6]] == [out[0][:-1]] * 3 + [out[3][:-1]] * 3
    True
    >>> out[6][:-1] not in {c[:-1] for c in out[:6] + out[7:10]}  # the burn
    True
    >>> sorted(out) == sorted(pack)
    True
    """
    ranks: dict[str, list[str]] = {}
    for card in pack:
        ranks.setdefault(card[:-1], []).append(card)
    groups = [cards for cards in ranks.values() if len(cards) >= players]
    streets = [s for s in doc.get("streets") or () if s.get("deal")]
    burn = bool((doc.get("dealing") or {}).get("burn"))
    places = sum(len(s["deal"]) for s in streets)
    if len(groups) < places + (len(streets) - 1 if burn else 0):
        return mirrored(pack)
    dealt, spare = groups[:places], [c for g in groups[places:] for c in g]
    out: list[str] = []
    place = 0
    for number, street in enumerate(streets):
        if burn and number > 0:
            out.append(spare.pop(0))
        for _ in street["deal"]:
            group = dealt[place]
            turn = place % len(group)
            out.extend((group[turn:] + group[:turn])[:players])
            place += 1
    used = set(out)
    return out + [c for c in pack if c not in used]


def mirrored(pack: list[str]) -> list[str]:
    """The pack regrouped rank by rank (ranks in their shuffled order of first appearance),
    so that players dealt round the table get cards of the same ranks: ties, split pots
    and odd chips become common instead of rare.

    >>> mirrored(["9h", "2c", "9c", "Kd", "2s"])
    ['9h', '9c', '2c', '2s', 'Kd']
    """
    ranks: dict[str, list[str]] = {}
    for card in pack:
        ranks.setdefault(card[:-1], []).append(card)
    return [card for group in ranks.values() for card in group]


def choose_action(
    draw: Draw, state: Mapping[str, Any], chip: Decimal, illegal_one_in: int
) -> dict[str, Any]:
    """The next request of a hand: usually one of the legal actions, now and then not."""
    seat = state["to_act"]
    legal = list(state.get("legal") or [])
    if illegal_one_in and draw.integer(0, illegal_one_in - 1) == illegal_one_in - 1:
        wrong = illegal_request(draw, state, chip)
        if wrong is not None:
            return wrong
    entry = pick(draw, legal)
    request: dict[str, Any] = {"seat": seat, "action": entry["action"]}
    if entry.get("declare"):
        request["declare"] = entry["declare"]
    if entry.get("cards_max") is not None:  # a decision (1.2): some of the cards offered
        choices = list(entry.get("choices") or [])
        most = min(int(entry["cards_max"]), len(choices))
        count = draw.integer(min(int(entry["cards_min"]), most), most)
        request["cards"] = [choices.pop(draw.integer(0, len(choices) - 1)) for _ in range(count)]
        return request
    if entry["action"] == "exchange":
        me = next(s for s in state["seats"] if s["seat"] == seat)
        held = list(me.get("down") or []) + list(me.get("up") or [])
        if held:
            request["cards"] = [held[draw.integer(0, len(held) - 1)]]
        return request
    if entry.get("amount") is not None:
        request["amount"] = entry["amount"]
    elif entry.get("min") is not None and entry.get("max") is not None:
        low, high = to_money(entry["min"]), to_money(entry["max"])
        how = draw.integer(0, 2)
        if how == 0 or low == high:
            amount = low
        elif how == 1:
            amount = high
        else:
            amount = low + chip * draw.integer(0, int((high - low) / chip))
        request["amount"] = fmt(amount)
    return request


AGGRESSIVE = ("bring_in", "complete", "bet", "raise")


def pick(draw: Draw, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A legal option: a fold one time in five, an aggressive one three in ten, else a
    passive one (check, call, declare...), so that many hands reach the showdown.

    >>> pick(ReplayDraw([0]), [{"action": "fold"}, {"action": "call", "amount": "1"}])
    {'action': 'fold'}
    >>> pick(ReplayDraw([5, 0]), [{"action": "fold"}, {"action": "call", "amount": "1"}])
    {'action': 'call', 'amount': '1'}
    """
    folds = [e for e in legal if e["action"] == "fold"]
    raises = [e for e in legal if e["action"] in AGGRESSIVE and e["action"] != "bring_in"]
    others = [e for e in legal if e not in folds and e not in raises]
    roll = draw.integer(0, 9)
    group = folds if roll < 2 else others if roll < 7 else raises
    group = group or others or raises or folds
    return group[draw.integer(0, len(group) - 1)]


def illegal_request(draw: Draw, state: Mapping[str, Any], chip: Decimal) -> dict[str, Any] | None:
    """An action the state does not allow: out of turn, not offered, or a wrong amount."""
    seat = state["to_act"]
    legal = list(state.get("legal") or [])
    offered = {e["action"] for e in legal}
    candidates: list[dict[str, Any]] = []
    others = [s["seat"] for s in state["seats"] if s["seat"] != seat and not s["folded"]]
    if others and legal and legal[0]["action"] in ("fold", "check", "call"):
        first = legal[0]
        request = {"seat": others[draw.integer(0, len(others) - 1)], "action": first["action"]}
        if first.get("amount") is not None:
            request["amount"] = first["amount"]
        candidates.append(request)
    if "check" not in offered and offered & {"call", "fold"}:
        candidates.append({"seat": seat, "action": "check"})
    for entry in legal:  # a decision naming one card more than it may
        held = list(entry.get("choices") or [])
        if entry.get("cards_max") is not None and len(held) > int(entry["cards_max"]):
            wrong = held[: int(entry["cards_max"]) + 1]
            candidates.append({"seat": seat, "action": entry["action"], "cards": wrong})
    for entry in legal:
        top = entry.get("max") if entry.get("max") is not None else entry.get("amount")
        if entry["action"] in ("bet", "raise", "complete") and top is not None:
            candidates.append(
                {"seat": seat, "action": entry["action"], "amount": fmt(to_money(top) + chip)}
            )
    if offered & {"call", "check"} and not offered & {"bet", "raise", "complete"}:
        me = next(s for s in state["seats"] if s["seat"] == seat)
        total = to_money(me["bet"]) + to_money(me["stack"])
        kind = "raise" if "call" in offered else "bet"
        candidates.append({"seat": seat, "action": kind, "amount": fmt(total)})
    if not candidates:
        return None
    return candidates[draw.integer(0, len(candidates) - 1)]

"""Checks of decision rounds (``street.decide``): a ruleset that validates plays soundly.

The cards a player holds are followed through the street table as ranges (the fewest and
the most down and up cards, whichever streets are played and whatever the players chose
before), so every round can be checked against the worst case: a discard or an expose
round that must take ``n`` cards needs ``n`` cards there in every hand, a split needs a
five-card hand beside the smaller one and nothing dealt after it, and split shares need a
split.  Each problem is a :class:`~stud.rules.schema.Finding` at the key at fault.

>>> streets = [{"name": "third", "deal": ["down"] * 4 + ["up"]},
...            {"name": "fourth", "decide": [{"kind": "discard", "count": 2}], "deal": ["up"]}]
>>> held(streets)
Held(down=(2, 2), up=(2, 2), total=(4, 4))
>>> [f.message for f in check_decisions({"streets": [{"name": "x", "deal": ["down"]},
...     {"name": "y", "decide": [{"kind": "discard", "count": 2}]}]})][0]
'a player holds only 1 down card here, fewer than the 2 to discard'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from stud.hands.rankings import RANKINGS
from stud.rules.model import AMONG_CHOICES, DEAL_CHOICES, DECISION_CHOICES
from stud.rules.schema import Finding

SPLIT_PARTS = ("big", "small")  # the values of a share's ``cards`` that read a split hand
Span = tuple[int, int]  # the fewest and the most


class Held(NamedTuple):
    """The cards a player may hold at one point: ranges of down, up and all cards."""

    down: Span
    up: Span
    total: Span


def _decisions(street: Mapping[str, Any]) -> list[dict[str, Any]]:
    items = street.get("decide")
    if not isinstance(items, list):
        return []
    return [d for d in items if isinstance(d, dict) and d.get("kind") in DECISION_CHOICES]


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _count(decision: Mapping[str, Any]) -> Span:
    """The fewest and the most cards the round takes from a player."""
    count = max(0, _int(decision.get("count"), 1))
    at_least = decision.get("at_least")
    fewest = count if at_least is None else min(count, max(0, _int(at_least, count)))
    return fewest, count


def _among(decision: Mapping[str, Any]) -> str:
    if decision.get("kind") in ("expose",):
        return "down"
    if decision.get("kind") == "split":
        return "any"
    among = decision.get("among", "down")
    return among if among in AMONG_CHOICES else "down"


def _available(h: Held, among: str) -> Span:
    if among == "down":
        return h.down
    if among == "up":
        return h.up
    return max(h.total[0], h.down[0] + h.up[0]), min(h.total[1], h.down[1] + h.up[1])


def _take(span: Span, fewest: int, most: int) -> Span:
    return max(0, span[0] - most), max(0, span[1] - fewest)


def after_decision(h: Held, decision: Mapping[str, Any]) -> Held:
    """The cards held after one decision round."""
    kind = decision.get("kind")
    fewest, most = _count(decision)
    among = _among(decision)
    down, up, total = h.down, h.up, h.total
    if kind == "discard":
        total = _take(total, fewest, most)
        if among == "down":
            down = _take(down, fewest, most)
        elif among == "up":
            up = _take(up, fewest, most)
        else:  # from one face or the other: each may lose up to ``most``
            down, up = _take(down, 0, most), _take(up, 0, most)
    elif kind == "expose":
        down = _take(down, fewest, most)
        up = (up[0] + min(fewest, h.down[0]), up[1] + min(most, h.down[1]))
    elif kind == "draw" and decision.get("drawn_face") == "down" and among != "down":
        least = fewest if among == "up" else 0  # up cards thrown come back face down
        up = _take(h.up, least, most)
        down = (down[0] + min(least, h.up[0]), down[1] + min(most, h.up[1]))
    return Held(down, up, total)


def after_deal(h: Held, deal: Sequence[Any]) -> Held:
    down, up, total = h.down, h.up, h.total
    for face in deal:
        if face == "centre":  # the centre's card is everyone's (COMM-01)
            continue
        if face in DEAL_CHOICES:
            total = (total[0] + 1, total[1] + 1)
        if face == "down":
            down = (down[0] + 1, down[1] + 1)
        elif face == "up":
            up = (up[0] + 1, up[1] + 1)
        elif face in DEAL_CHOICES:  # down-if-all-up
            rolled_down = down[0] == 0
            rolled_up = down[1] > 0
            down = (down[0] + (1 if down[1] == 0 else 0), down[1] + (1 if rolled_down else 0))
            up = (up[0] + (0 if rolled_down else 1), up[1] + (1 if rolled_up else 0))
    return Held(down, up, total)


def _union(a: Held, b: Held) -> Held:
    return Held(*(((min(x[0], y[0]), max(x[1], y[1]))) for x, y in zip(a, b, strict=True)))


def _street(h: Held, street: Mapping[str, Any]) -> Held:
    for decision in _decisions(street):
        h = after_decision(h, decision)
    deal = street.get("deal", [])
    return after_deal(h, deal if isinstance(deal, list) else [])


def held(streets: Sequence[Mapping[str, Any]]) -> Held:
    """The cards a player may hold at the showdown."""
    h = Held((0, 0), (0, 0), (0, 0))
    for street in streets:
        played = _street(h, street)
        h = played if street.get("deal_if_players_at_most") is None else _union(h, played)
    return h


def held_total(streets: Sequence[Mapping[str, Any]]) -> Span:
    """The fewest and the most cards a player may hold at the showdown.

    >>> held_total([{"name": "s", "deal": ["down", "up"]}, {"name": "t", "deal": ["up"],
    ...     "decide": [{"kind": "discard", "count": 1, "among": "any"}]}])
    (2, 2)
    """
    return _available(held(streets), "any")


def exposes(street: Mapping[str, Any]) -> bool:
    """Whether the street's decisions always turn a card face up (for who opens)."""
    return any(d.get("kind") == "expose" and _count(d)[0] > 0 for d in _decisions(street))


def check_decisions(doc: Any) -> Iterator[Finding]:
    """Every problem of the decision rounds, and of split shares without a split."""
    streets = doc.get("streets") if isinstance(doc, dict) else None
    if not isinstance(streets, list):
        return
    h = Held((0, 0), (0, 0), (0, 0))
    split_at: tuple[int, int] | None = None
    sizes = (0, 0)  # the fewest cards of the smaller and of the bigger hand at the split
    for i, street in enumerate(streets):
        if not isinstance(street, dict):
            continue
        if street.get("decide") and street.get("exchange") is not None:
            yield Finding(
                ("streets", i, "decide"),
                "the street has both an exchange round and decision rounds",
                "one or the other on a street (put the decisions on a street of their own)",
            )
        before = h
        items = street.get("decide")
        for j, decision in enumerate(items if isinstance(items, list) else []):
            if not isinstance(decision, dict) or decision.get("kind") not in DECISION_CHOICES:
                continue
            where = ("streets", i, "decide", j)
            if split_at is not None:
                yield _after_split(where, split_at)
            yield from _keys(where, decision)
            yield from _enough(where, decision, h)
            if decision.get("kind") == "split":
                split_at = (i, j)
                small = _count(decision)[1]
                sizes = (small, _available(h, "any")[0] - small)
                yield from _split_hands(where, decision, h)
            h = after_decision(h, decision)
        deal = street.get("deal", [])
        if split_at is not None and deal:
            yield _after_split(("streets", i, "deal"), split_at)
        h = after_deal(h, deal if isinstance(deal, list) else [])
        if street.get("deal_if_players_at_most") is not None:
            h = _union(before, h)
    yield from _split_shares(doc, split_at, sizes)


def _after_split(where: tuple[str | int, ...], split_at: tuple[int, int]) -> Finding:
    return Finding(
        where,
        f"cards change after the split at streets[{split_at[0]}].decide[{split_at[1]}], "
        "so they would belong to neither hand",
        "the split as the last thing done to the cards",
    )


# keys that mean something in one kind of round only, with their defaults
_ONLY: dict[str, tuple[str, Any]] = {
    "drawn_face": ("draw", "same"),
    "down_in_each": ("split", 0),
    "big_beats_small": ("split", False),
}


def _keys(where: tuple[str | int, ...], decision: Mapping[str, Any]) -> Iterator[Finding]:
    kind = str(decision.get("kind"))
    fewest, most = _count(decision)
    at_least = decision.get("at_least")
    if isinstance(at_least, int) and at_least > most:
        yield Finding(
            (*where, "at_least"),
            f"at_least {at_least} is more than count {most}",
            f"at most {most}, or null for exactly {most}",
        )
    for key, (only, default) in _ONLY.items():
        if decision.get(key, default) != default and kind != only:
            yield Finding((*where, key), f"{key} applies to {only} rounds only", "no " + key)
    if kind == "expose" and decision.get("among", "down") != "down":
        yield Finding(
            (*where, "among"),
            "an expose round turns face-down cards up, so it picks down cards",
            "down, or no among",
        )
    if kind == "split":
        if decision.get("among", "down") != "down":
            yield Finding(
                (*where, "among"),
                "a split chooses among all of the player's cards",
                "no among",
            )
        if at_least is not None:
            yield Finding((*where, "at_least"), "a split sets exactly count cards aside", "null")
        if decision.get("big_beats_small") is True and most != 2:
            yield Finding(
                (*where, "big_beats_small"),
                f"the bigger hand is compared with a two-card hand, but the smaller hand "
                f"has {most} cards",
                "count 2, or big_beats_small false",
            )


def _enough(
    where: tuple[str | int, ...], decision: Mapping[str, Any], h: Held
) -> Iterator[Finding]:
    fewest, most = _count(decision)
    among = _among(decision)
    have = _available(h, among)[0]
    if have < fewest:
        what = "" if among == "any" else f" {among}"
        yield Finding(
            (*where, "at_least" if "at_least" in decision else "count"),
            f"a player holds only {have}{what} card{'s' if have != 1 else ''} here, fewer "
            f"than the {fewest} to {decision.get('kind')}",
            f"at most {have}, or more{what} cards dealt before this round",
        )


def _split_hands(
    where: tuple[str | int, ...], decision: Mapping[str, Any], h: Held
) -> Iterator[Finding]:
    _, small = _count(decision)
    total = _available(h, "any")[0]
    if total - small < 5:
        yield Finding(
            where,
            f"a player may hold {total} cards at the split, leaving {total - small} for the "
            "bigger hand, too few for a five-card hand",
            f"at least {small + 5} cards dealt before the split",
        )
    each = _int(decision.get("down_in_each"), 0)
    if each and h.down[0] < 2 * each:
        yield Finding(
            (*where, "down_in_each"),
            f"each hand must keep {each} face-down card(s) but a player may hold only "
            f"{h.down[0]} at the split",
            f"at most {h.down[0] // 2}",
        )


def _split_shares(
    doc: Mapping[str, Any], split_at: tuple[int, int] | None, sizes: Span
) -> Iterator[Finding]:
    """Shares of split hands (``cards: big`` / ``small``) need a split, and a split needs
    every share to rank one of its hands."""
    pot = doc.get("pot")
    shares = pot.get("shares") if isinstance(pot, dict) else None
    if not isinstance(shares, list):
        return
    parts = [(k, s) for k, s in enumerate(shares) if isinstance(s, dict)]
    split_shares = [(k, s) for k, s in parts if s.get("cards") in SPLIT_PARTS]
    if split_at is None:
        for k, share in split_shares:
            yield Finding(
                ("pot", "shares", k, "cards"),
                f"the share reads the {share.get('cards')} hand of a split, but no street "
                "has a split",
                "a split round (decide: [{kind: split, count: 2}]), or cards all, own or down",
            )
        return
    if len(split_shares) != len(parts) or not parts:
        yield Finding(
            ("pot", "shares"),
            "the hands are split, but a share does not read one of the two hands",
            "cards: big or cards: small on every share",
        )
    for k, share in split_shares:  # each hand holds enough cards for its share's ranking
        row = RANKINGS.get(share.get("ranking", "high"))
        held = sizes[0] if share.get("cards") == "small" else sizes[1]
        need = (row.size or row.fewest) if row is not None else 0
        if held < need:
            hand = "smaller" if share.get("cards") == "small" else "bigger"
            yield Finding(
                ("pot", "shares", k, "ranking"),
                f"the {hand} hand of the split may hold {held} cards, too few for a "
                f"{share.get('ranking', 'high')} hand of {need}",
                f"a ranking of at most {held} cards, or a split that leaves {need}",
            )
    wild = doc.get("wild")
    if isinstance(wild, dict) and (
        wild.get("ranks") or wild.get("low_hole") or wild.get("joker", "none") != "none"
    ):
        yield Finding(
            ("wild",),
            "split hands are ranked without wild cards",
            "no wild ranks, low_hole false and joker none",
        )

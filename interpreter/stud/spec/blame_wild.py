"""How the wild rank is named, by the catalogue's rules: the event rows that name it (follow
the queen in either of its games, follow the king, coupons) and the words a difference in
it is reported with, in :mod:`stud.spec.blame_end` and :mod:`stud.fuzz.wildread`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from stud.rules.ranks import rank_number
from stud.spec.blame import State, seats_of

# a wild rank named otherwise, by the rule of the way it is named (as a failed check on the
# wild ranks is read, stud.spec.causes): one cause for each
WILD_READINGS = {
    "EVENT-01": "an event fires at another moment, so the wild ranks differ",
    "EVENT-02": "the card after a face-up queen names another wild rank",
    "EVENT-03": "a new queen or a down card after one moves the wild rank otherwise",
    "EVENT-04": "with queens wild, a queen or a down card after one moves the wild otherwise",
    "EVENT-06": "a rank shown twice names another wild rank",
    "EVENT-09": "the card after a face-up king names another wild rank",
}


KING = 13


def trigger_ranks(row: Mapping[str, Any]) -> set[int]:
    """The ranks that fire an event row (``when.ranks``), as numbers."""
    when = row.get("when")
    ranks = when.get("ranks") if isinstance(when, Mapping) else None
    return {r for r in map(rank_number, ranks or ()) if r is not None}


def follow_rule(doc: Mapping[str, Any], row: Mapping[str, Any]) -> str:
    """The rule of the way a follow row (``wild_follows``) names the wild rank: follow the
    king's (EVENT-09); the follow the queen where queens stay natural, a new queen clears
    the rank at once and down cards are passed over (EVENT-03); the one where queens are
    wild too and a down card right after one keeps the old rank (EVENT-04); else the rule
    both share (EVENT-02)."""
    trigger = trigger_ranks(row)
    if KING in trigger:
        return "EVENT-09"
    follows = row.get("wild_follows") or {}
    wild = {rank_number(r) for r in (doc.get("wild") or {}).get("ranks") or ()}
    down, previous = follows.get("down_card", "skipped"), follows.get("previous", "kept")
    if trigger and trigger <= wild and down == "cancels" and previous == "kept":
        return "EVENT-04"
    if not trigger & wild and down == "skipped" and previous == "cleared":
        return "EVENT-03"
    return "EVENT-02"


def event_rules(doc: Mapping[str, Any]) -> list[str]:
    """The rules that may name the wild rank under ``doc``'s events: the rule of each row
    that names it (:func:`follow_rule`, coupons' EVENT-06), else follow the queen's in
    either game (EVENT-02, -03, -04)."""
    rules: list[str] = []
    for row in doc.get("events") or ():
        if not isinstance(row, Mapping):
            continue
        if isinstance(row.get("wild_follows"), Mapping):
            rules.append(follow_rule(doc, row))
        elif row.get("wild_rank") == "this":
            rules.append("EVENT-06")
    return list(dict.fromkeys(rules)) or ["EVENT-02", "EVENT-03", "EVENT-04"]


def holds_wild(state: State, seats: set[int]) -> bool:
    """Whether one of ``seats`` holds a card of a rank the state reports wild."""
    from stud.cards import parse_cards

    wild = {int(x) for x in state.get("wild_ranks") or () if isinstance(x, int)}
    if not wild:
        return False
    for seat, cards in seats_of(state).items():
        if seat in seats:
            try:
                held = parse_cards(" ".join([*cards.get("down", ()), *cards.get("up", ())]))
            except Exception:  # noqa: BLE001 - cards that do not read
                continue
            if any(c.rank in wild for c in held):
                return True
    return False


# a follow row's wait, as the rules' log of one hand shows it
FOLLOW_MISSED = "EVENT-02"  # the card after a face-up queen (of any game) did not name a rank


def wild_alternatives(doc: Mapping[str, Any]) -> list[str]:
    """The rules a showdown read with other wild cards may fall to: each event row's
    (:func:`event_rules`) and, beside a follow the queen of one game (EVENT-03, -04),
    the rule both games share (EVENT-02): the next up card naming the rank."""
    rules = event_rules(doc)
    if any(rule in ("EVENT-03", "EVENT-04") for rule in rules):
        rules.append(FOLLOW_MISSED)
    return list(dict.fromkeys(rules))


def follow_reading(
    doc: Mapping[str, Any],
    log: Sequence[tuple[Any, ...]],
    engine_wild: Iterable[int],
    dealt_alike: bool = False,
) -> tuple[str, tuple[str, ...]] | None:
    """The rule of a wild rank the engine reports otherwise, read from the rules' ``log``
    of the hand (the reference's events, in order) where the engine's wild ranks are the
    ones in play just before the rules' last change: the card after a face-up queen did
    not name the rank (EVENT-02, the rule every follow the queen shares), or a down card
    dealt in between was read otherwise (the rule of the game the row plays, EVENT-03 or
    EVENT-04: EVENT-02 beside it where a street also ended in between, since an engine
    that ends the wait with the street misses the same card, and the other game's rule of
    down cards beside it too); a new queen that clears the
    rank at once by the rules and not at the engine is that game's rule, and so is an
    engine whose wild rank is that of the first down card dealt while a queen waited
    (passed over or ending the wait by the rules), read only where the engine holds the
    cards the rules deal (``dealt_alike``: else a card dealt elsewhere may match by
    chance).  None where the log shows no such change (the scenario's own rule stands).
    Returns the rule and the others it may be read as.

    >>> from stud.engine import events as ev
    >>> doc = {"events": [{"name": "ftq", "when": {"ranks": ["Q"]},
    ...        "wild_follows": {"previous": "cleared"}}]}
    >>> log = [(ev.StreetStarted, "fourth"), (ev.DealtUp, 3, 42), (ev.EventFired, "ftq", 3, 42),
    ...        (ev.WildRankSet, None), (ev.StreetStarted, "fifth"), (ev.DealtUp, 1, 8),
    ...        (ev.WildRankSet, 4)]
    >>> follow_reading(doc, log, [])
    ('EVENT-02', ())
    >>> follow_reading(doc, log[:-3], [7])  # the new queen cleared nothing at the engine
    >>> follow_reading(doc, [(ev.WildRankSet, 7), *log[:-3]], [7])
    ('EVENT-03', ())
    >>> log.insert(4, (ev.DealtDown, 1, 9))
    >>> follow_reading(doc, log, [])
    ('EVENT-03', ('EVENT-02', 'EVENT-04'))
    """
    from stud.cards import Card
    from stud.engine import events as ev

    rows = {
        str(row.get("name")): row
        for row in doc.get("events") or ()
        if isinstance(row, Mapping) and isinstance(row.get("wild_follows"), Mapping)
    }
    if not rows:
        return None
    fixed = {r for r in map(rank_number, (doc.get("wild") or {}).get("ranks") or ()) if r}
    wild: int | None = None
    row: Mapping[str, Any] | None = None  # the follow row awaiting a card
    street = down = False  # a street begun, a down card dealt, since it fired
    last: tuple[int | None, str, bool, bool, Mapping[str, Any]] | None = None
    # the rank of the first down card dealt while a row waited, and that row
    passed: tuple[int, Mapping[str, Any]] | None = None
    for entry in log:
        kind = entry[0]
        if kind is ev.EventFired and str(entry[1]) in rows:
            row, street, down = rows[str(entry[1])], False, False
        elif kind is ev.StreetStarted:
            street = True
        elif kind is ev.DealtDown:
            if row is not None and not down:
                passed = (Card(entry[2]).rank, row)
                if (row.get("wild_follows") or {}).get("down_card") == "cancels":
                    row = None  # the wait ends there, the rank kept
            down = True
        elif kind is ev.WildRankSet:  # the rank before, how it changed, and since the row
            if row is None:
                last = None  # set by another event
            else:
                last = (wild, "named" if entry[1] is not None else "cleared", street, down, row)
                row = None if entry[1] is not None else row
            wild = entry[1]
    now = fixed | ({wild} if wild is not None else set())
    if dealt_alike and passed is not None and set(engine_wild) == fixed | {passed[0]} != now:
        return _down_card_rule(follow_rule(doc, passed[1]))  # the engine: the down card
    if last is None:  # after a queen names the rank
        return None
    before, how, street, down, fired = last
    if set(engine_wild) != fixed | ({before} if before is not None else set()):
        return None  # the engine is not where the rules were before that change
    game = follow_rule(doc, fired)
    if how == "cleared" or game == "EVENT-09":  # (follow the king's wait is its own rule)
        return game, ()
    if not down:
        return FOLLOW_MISSED, ()
    rule, other = _down_card_rule(game)
    return rule, ((FOLLOW_MISSED,) if street and game != FOLLOW_MISSED else ()) + other


def _down_card_rule(game: str) -> tuple[str, tuple[str, ...]]:
    """A down card after a queen read otherwise: the rule of the game the row plays, the
    other game's rule of down cards beside it (an engine that reads every game's down
    cards one way breaks both)."""
    return game, {"EVENT-03": ("EVENT-04",), "EVENT-04": ("EVENT-03",)}.get(game, ())


LOW_AT_FACE_VALUE = ("WILD-02", "a wild card plays at face value in a low hand")


def low_at_face_value(
    doc: Mapping[str, Any],
    r: State,
    won_r: Mapping[tuple[int, str], set[int]],
    won_e: Mapping[tuple[int, str], set[int]],
) -> bool:
    """In a game with wild cards (fixed ranks, Low Hole, or a rank the events named by the
    end of the hand) and a low share: whether every share the engine pays otherwise is a
    low one, paid in each pot as it would be with each player's low read with the wild
    cards at their face value (WILD-02: wild cards play in a low hand too), where the
    rules pay it otherwise.  ``won_r`` and ``won_e``: each (pot, share)'s winners by the
    rules and at the engine; ``r`` the rules' last state, whose ``pots`` say who contends
    for each."""
    from stud.cards import parse_cards
    from stud.hands.making import make_hand

    wild = doc.get("wild") or {}
    if not (wild.get("ranks") or wild.get("low_hole") or r.get("wild_ranks")):
        return False  # (no wild card: fixed ranks, Low Hole or a rank events named)
    shares = {
        str(s.get("name")): s
        for s in (doc.get("pot") or {}).get("shares") or ()
        if isinstance(s, Mapping)
    }
    parting = {k for k in won_r.keys() | won_e.keys() if won_r.get(k) != won_e.get(k)}
    low = {k for k in parting if str(shares.get(k[1], {}).get("ranking", "high")) != "high"}
    if not parting or low != parting:
        return False
    pots = [p for p in r.get("pots") or () if isinstance(p, Mapping)]
    seats = seats_of(r)
    for pot, name in low:
        share = shares[name]
        qualifier = share.get("qualifier")
        if pot < len(pots):
            contenders = [seats[n] for n in pots[pot].get("eligible") or () if n in seats]
        elif pot == 0:
            contenders = [seat for seat in seats.values() if not seat.get("folded")]
        else:
            return False
        best: dict[int, int] = {}
        for seat in contenders:
            try:
                made = make_hand(
                    parse_cards(list(seat.get("down") or ())),
                    parse_cards(list(seat.get("up") or ())),
                    parse_cards(list(r.get("community") or ())),
                    str(share.get("ranking")),
                    cards=str(share.get("cards", "all")),
                    qualifier=int(qualifier) if qualifier is not None else None,
                )
            except Exception:  # noqa: BLE001 - cards or a share the evaluator cannot read
                return False
            if made is not None:
                best[int(seat["seat"])] = made.strength
        top = max(best.values(), default=None)
        if {n for n, v in best.items() if v == top} != won_e.get((pot, name), set()):
            return False
    return True


def wild_named_otherwise(doc: Mapping[str, Any], r: State, e: State) -> list[str]:
    """Where the ruleset's events name a wild rank and the engine reports other wild ranks
    than the rules (state ``wild_ranks``): the rules that may name it
    (:func:`wild_alternatives`), what follows from it read there first (who opens on the
    boards); else empty.

    >>> doc = {"events": [{"name": "coupon", "when": {"ranks": "any"}, "wild_rank": "this"}]}
    >>> wild_named_otherwise(doc, {"wild_ranks": [11]}, {"wild_ranks": ["5"]})
    ['EVENT-06']
    >>> wild_named_otherwise(doc, {"wild_ranks": [11]}, {"wild_ranks": ["J"]})
    []
    """
    named = any(
        isinstance(row, Mapping)
        and (isinstance(row.get("wild_follows"), Mapping) or row.get("wild_rank") == "this")
        for row in doc.get("events") or ()
    )
    ours, theirs = r.get("wild_ranks"), e.get("wild_ranks")
    if not named or not isinstance(ours, list) or not isinstance(theirs, list):
        return []
    if {rank_number(x) for x in ours} == {rank_number(x) for x in theirs}:
        return []
    return wild_alternatives(doc)

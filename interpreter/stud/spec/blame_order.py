"""Who opens a street in :mod:`stud.spec.blame`: which reading of the rules the engine's
pick fits, so that the difference is charged to the rule the engine read differently,
not to the rule of the opener in general.

The engine's pick is compared with the rules' own choice made again with one reading
changed: the ace ranked the other way for the bring-in (BRING-02), one upcard read where
a player shows several (EXPOSE-02), the boards read without the centre cards (COMM-02, or
a run-out card: DEAL-10).  Where the street's own shape settles it, no reading is needed:
a street that deals nobody an up card keeps the last opener (ROUND-09), and the boards
are read again after an exchange (ENGLISH-02).

>>> seats = {1: {"up": ["Ah"]}, 2: {"up": ["3c"]}, 3: {"up": ["9d"]}}
>>> doc = {"bring_in": {"card": "lowest", "aces": "high"}}
>>> [rule for rule, _ in bring_in_reading(doc, seats, 1)]  # the ace read as the lowest card
['BRING-02']
>>> bring_in_reading(doc, seats, 3)  # no reading of the rules picks the nine
()
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from itertools import combinations
from typing import Any

SUITS = ("clubs", "diamonds", "hearts", "spades")
Seats = Mapping[int, Mapping[str, Any]]


def _up(seat: Mapping[str, Any]) -> list[str]:
    return [str(c) for c in seat.get("up") or ()]


def _live(seats: Seats) -> dict[int, Mapping[str, Any]]:
    return {s: v for s, v in seats.items() if not v.get("folded") and _up(v)}


def _pick(seats: Seats, key: Callable[[Mapping[str, Any]], Any], highest: bool) -> int | None:
    """The seat the key puts first (None when no player shows a card or keys fail)."""
    live = _live(seats)
    try:
        keys = {s: key(v) for s, v in live.items()}
    except Exception:  # noqa: BLE001 - cards an engine sent that do not read
        return None
    if not keys:
        return None
    chosen = max(keys, key=keys.__getitem__) if highest else min(keys, key=keys.__getitem__)
    return chosen


def bring_in_reading(
    doc: Mapping[str, Any], seats: Seats, engine_seat: int
) -> tuple[tuple[str, str], ...]:
    """The rules and differences the engine's bring-in fits: the rules' choice with a wild
    door card read otherwise, with the ace ranked the other way, or with one upcard read
    where players show several (every reading that fits, the likeliest first; the run
    settles between them, :func:`stud.spec.deviations.settle`)."""
    from stud.cards import parse_cards
    from stud.hands import bring_in_key
    from stud.rules.ranks import rank_number

    rule = doc.get("bring_in") or {}
    highest = rule.get("card") == "highest"
    aces = str(rule.get("aces", "high"))
    order = tuple(rule.get("suit_order") or SUITS)

    def card_key(card: str, ace_rule: str) -> tuple[int, int]:
        return bring_in_key(parse_cards(card)[0], ace_rule, order)

    def extreme(ups: list[str], ace_rule: str) -> tuple[int, int]:
        keys = [card_key(c, ace_rule) for c in ups]
        return max(keys) if highest else min(keys)

    other = "low" if aces == "high" else "high"
    seats = {s: v for s, v in seats.items() if not v.get("all_in")} or seats  # who can bet
    wild = {rank_number(r) for r in (doc.get("wild") or {}).get("ranks") or ()}
    if wild and any(c[:-1] in _letters(wild) for v in _live(seats).values() for c in _up(v)):
        # a wild door card showing, read as the best card or some other way
        return (("BRING-02", "a wild door card is not read at face value for the bring-in"),)
    found: list[tuple[str, str]] = []
    forced = _pick(seats, lambda v: extreme(_up(v), aces), highest)
    if forced is not None and _short_of_bring_in(doc, seats[forced]):
        others = {s: v for s, v in seats.items() if s != forced}
        if _pick(others, lambda v: extreme(_up(v), aces), highest) == engine_seat:
            found.append((("BRING-13" if highest else "BRING-01"), SHORT_PASSED))
    if any(c[0] == "A" for v in _live(seats).values() for c in _up(v)):
        by_other = _pick(seats, lambda v: extreme(_up(v), other), highest)
        if by_other == engine_seat:
            rule_id = "BRING-13" if highest else "BRING-02"
            found.append((rule_id, "the ace ranks another way for the bring-in than the rules"))
    if any(len(_up(v)) > 1 for v in _live(seats).values()):
        # one card of each player's read: the last turned up, the first, or the player's
        # other extreme (the lowest where the highest card brings in)
        other_end = min if highest else max
        readings = (
            lambda v: card_key(_up(v)[-1], aces),
            lambda v: card_key(_up(v)[0], aces),
            lambda v: other_end(card_key(c, aces) for c in _up(v)),
        )
        if any(_pick(seats, reading, highest) == engine_seat for reading in readings):
            found.append(("EXPOSE-02", "the bring-in does not read every card a player shows"))
    return tuple(found)


# a player with chips but fewer than the bring-in passed over for it: the rules force the
# bring-in on that player, all in for what is left
SHORT_PASSED = "a player short of the bring-in is passed over for it"


def _short_of_bring_in(doc: Mapping[str, Any], seat: Mapping[str, Any]) -> bool:
    """Whether the seat holds chips, but fewer than the bring-in.

    >>> _short_of_bring_in({"stakes": {"bring_in": "0.10"}}, {"stack": "0.05"})
    True
    """
    from decimal import Decimal, InvalidOperation

    try:
        stack = Decimal(str(seat.get("stack")))
        bring = Decimal(str((doc.get("stakes") or {}).get("bring_in")))
    except (InvalidOperation, ValueError):
        return False
    return 0 < stack < bring


def opener_reading(
    doc: Mapping[str, Any],
    row: Mapping[str, Any],
    before: Mapping[str, Any] | None,
    state: Mapping[str, Any],
    engine_seat: int,
) -> tuple[str, str] | None:
    """The rule and difference when who opens a street by the best board is settled by
    the street's shape (dealt face down, after an exchange) or by the centre cards."""
    deal = [str(d) for d in row.get("deal") or ()]
    prior = before or {}
    if prior.get("phase") == "exchange" and prior.get("street") == state.get("street"):
        return "ENGLISH-02", "the boards are not read again after an exchange"
    community = [str(c) for c in state.get("community") or ()]
    run_out = "centre" not in deal and len(community) > len(prior.get("community") or ())
    down_street = bool(deal) and all(d == "down" for d in deal) and not run_out
    if down_street and engine_seat in _openers_by(doc, _down_card_shown(state), ()):
        return "ROUND-09", DOWN_STREET  # the card just dealt face down read in the boards
    if shows_wild(doc, state) and _wild_read_otherwise(doc, state) == engine_seat:
        return "WILD-01", WILD_BOARDS  # on any street: the engine's own reading all along
    if down_street:
        return "ROUND-09", DOWN_STREET
    if community and engine_seat in _openers_by(doc, state, ()):
        # one board reading: the centre cards of the streets (COMM-02), or a card the pack
        # ran short for, the centre holding more than the streets so far deal to it (DEAL-10)
        rule = "DEAL-10" if run_out or len(community) > _centre_dealt(doc, state) else "COMM-02"
        return rule, "the community cards are not read in the boards that choose the opener"
    if _best_board(doc, state, ()) is not None and shows_wild(doc, state):
        return "WILD-01", WILD_BOARDS  # a wild card showing read another way (as wild where
        # the rules read it at face value, or the reverse: board.wild)
    if _next_best_opens(doc, state, community, engine_seat):
        return "ROUND-03", NEXT_BEST_OPENS
    return None


NEXT_BEST_OPENS = "the next best board opens where the best belongs to a player all in"
DOWN_STREET = "the opener changes on a street dealt face down"


def _down_card_shown(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state with each player's last down card read among the up cards."""
    seats = [
        {**s, "up": [*(s.get("up") or ()), *(s.get("down") or ())[-1:]]}
        for s in state.get("seats") or ()
        if isinstance(s, Mapping)
    ]
    return {**state, "seats": seats}


def _openers_by(
    doc: Mapping[str, Any], state: Mapping[str, Any], common: Sequence[str]
) -> set[int]:
    """Who may open by the boards read with ``common``, as the rules pick: any of the
    boards equal on the top (suits aside), and for one whose player is all in, the first
    player on that player's left who can still bet."""
    seats = {
        int(s["seat"]): s
        for s in state.get("seats") or ()
        if isinstance(s, Mapping) and isinstance(s.get("seat"), int)
    }
    key = _board_reader(doc, common)
    try:
        keys = {s: key(v) for s, v in _live(seats).items()}
    except Exception:  # noqa: BLE001 - cards an engine sent that do not read
        return set()
    if not keys:
        return set()
    top = max(keys.values())
    ring = sorted(seats)
    out: set[int] = set()
    for seat in (s for s, k in keys.items() if k == top):
        start = ring.index(seat)
        for step in range(len(ring)):
            v = seats[ring[(start + step) % len(ring)]]
            if not v.get("folded") and not v.get("all_in"):
                out.add(ring[(start + step) % len(ring)])
                break
    return out


def _next_best_opens(
    doc: Mapping[str, Any], state: Mapping[str, Any], common: Sequence[str], engine_seat: int
) -> bool:
    """The best board belongs to a player all in, and the engine's opener holds the best
    board of those who can still bet (the rules: the first on the all-in player's left)."""
    seats = [s for s in state.get("seats") or () if isinstance(s, Mapping)]
    best = _best_board(doc, state, common)
    all_in = {s.get("seat") for s in seats if s.get("all_in")}
    if best is None or best not in all_in:
        return False
    able = {**state, "seats": [s for s in seats if not s.get("all_in")]}
    return _best_board(doc, able, common) == engine_seat


def shows_wild(doc: Mapping[str, Any], state: Mapping[str, Any]) -> bool:
    """Whether a player still in shows a card of a wild rank: the ruleset's or, where the
    state reports them, the ranks wild now."""
    from stud.rules.ranks import rank_number

    ranks = [*((doc.get("wild") or {}).get("ranks") or ()), *(state.get("wild_ranks") or ())]
    wild = _letters({rank_number(r) for r in ranks})
    seats = {v["seat"]: v for v in state.get("seats") or () if isinstance(v.get("seat"), int)}
    return any(c[:-1] in wild for v in _live(seats).values() for c in _up(v))


WILD_BOARDS = "a wild card showing is read otherwise for who opens than the rules"


def _wild_read_otherwise(doc: Mapping[str, Any], state: Mapping[str, Any]) -> int | None:
    """The seat with the best board when wild cards showing are read the other way from
    ``board.wild`` (as wild where the rules read them at face value, or the reverse), with
    the ranks wild now (the ruleset's and those the state reports)."""
    board = doc.get("board")
    board = board if isinstance(board, Mapping) else {}
    wild = doc.get("wild")
    wild = wild if isinstance(wild, Mapping) else {}
    ranks = list(dict.fromkeys([*(wild.get("ranks") or ()), *(state.get("wild_ranks") or ())]))
    flipped = "natural" if board.get("wild") == "wild" else "wild"
    other = {**doc, "board": {**board, "wild": flipped}, "wild": {**wild, "ranks": ranks}}
    return _best_board(other, state, ())


def _letters(ranks: set[int | None]) -> set[str]:
    """The ways a card's rank may be written, for these ranks (``10`` and ``T``)."""
    from stud.cards import RANK_CHARS

    out = {RANK_CHARS[r - 2] for r in ranks if r is not None and 2 <= r <= 14}
    return out | ({"10"} if "T" in out else set())


# an engine that opens a street from the dealer's left whatever the boards (as in games
# with blinds): one cause wherever it shows, on a high, a low or a first street alike
BY_POSITION = "the first player on the dealer's left opens, whatever the boards"


def position_reading(state: Mapping[str, Any], engine_seat: int, button: Any = None) -> bool:
    """Whether the engine's pick is the first player on the dealer's left who can bet (the
    state's dealer, or ``button``: the one the engine reports), or the first in seat order
    (an engine that counts from seat 1 as it deals from there).

    >>> seats = [{"seat": 2}, {"seat": 5, "folded": True}, {"seat": 7}, {"seat": 8}]
    >>> position_reading({"dealer": 2, "seats": seats}, 7)
    True
    >>> after_7 = {"dealer": 7, "seats": seats}
    >>> position_reading(after_7, 7), position_reading(after_7, 8), position_reading(after_7, 2)
    (False, True, True)
    """
    try:
        dealers = {int(d) for d in (state.get("dealer"), button) if d is not None}
    except (TypeError, ValueError):
        return False
    live = _able(state)
    if not live:
        return False
    firsts = {next((s for s in live if s > dealer), live[0]) for dealer in dealers}
    return engine_seat in firsts | {live[0]}


# an engine that lets the player who brought in open the later streets too: one cause,
# tied boards or not
BY_BRING_IN = "the player who brought in opens a later street, whatever the boards"


def brought_in(
    doc: Mapping[str, Any], state: Mapping[str, Any], forced: int | None, engine_seat: int
) -> bool:
    """Whether the engine's pick is the player who brought in (the first after that seat
    who can still bet, when that player cannot), in a game whose first betting street is
    opened by a bring-in.

    >>> streets = [{"deal": ["down", "down", "up"], "opener": "bring-in", "bet": "small"}]
    >>> seats = [{"seat": 2}, {"seat": 3, "folded": True}, {"seat": 5}]
    >>> [brought_in({"streets": streets}, {"seats": seats}, 3, s) for s in (2, 3, 5)]
    [False, False, True]
    """
    rows = [r for r in doc.get("streets") or () if isinstance(r, Mapping) and r.get("bet")]
    if not rows or rows[0].get("opener") != "bring-in" or forced is None:
        return False
    able = _able(state)
    return bool(able) and next((s for s in able if s >= forced), able[0]) == engine_seat


def _able(state: Mapping[str, Any]) -> list[int]:
    """The seats still able to bet (neither folded nor all in), in seat order; none when
    the state's seats do not read."""
    try:
        return sorted(
            int(s["seat"])
            for s in state.get("seats") or ()
            if not s.get("folded") and not s.get("all_in")
        )
    except (TypeError, ValueError, KeyError):
        return []


# an engine that reads boards by their cards' ranks alone, highest first, as if no pair
# showed: any pair no longer beats an unpaired board (ROUND-04)
PAIRS_ASIDE = "boards are compared by their high cards, pairs aside"
# ... or that counts a rank shown three or four times as one pair: trips and four of a
# kind no longer beat a higher pair (ROUND-04: boards count pairs, two pairs, trips, quads)
SETS_AS_PAIRS = "a board's trips or four of a kind are read as a pair"


def pairs_aside_reading(state: Mapping[str, Any], engine_seat: int) -> bool:
    """Whether the engine's pick holds the highest board of the players still in read as
    its ranks alone, highest first (aces high), where some board shows a pair (the
    community cards count in every board, as the rules read them: DEAL-10, COMM-02).

    >>> seats = [{"seat": 1, "up": ["2c", "2d"]}, {"seat": 2, "up": ["As", "Kd"]}]
    >>> pairs_aside_reading({"seats": seats}, 2), pairs_aside_reading({"seats": seats}, 1)
    (True, False)
    """
    return _best_read_as(state, engine_seat, _ranks_alone, _shows_pair) is True


def sets_as_pairs_reading(state: Mapping[str, Any], engine_seat: int) -> bool:
    """Whether the engine's pick holds the best board of the players still in with every
    rank shown more than once counted as one pair (trips and quads as a pair; kickers
    aside), where some board shows trips or four of a kind.

    >>> seats = [{"seat": 1, "up": ["3c", "3d", "3h"]}, {"seat": 2, "up": ["7s", "7d", "8c"]}]
    >>> seats += [{"seat": 3, "up": ["As", "Kd", "Qc"]}]
    >>> [sets_as_pairs_reading({"seats": seats}, s) for s in (1, 2, 3)]
    [False, True, False]
    """
    return _best_read_as(state, engine_seat, _sets_as_pairs, _shows_set) is True


def _ranks_alone(ranks: list[int]) -> tuple[int, ...]:
    return tuple(sorted(ranks, reverse=True))


def _sets_as_pairs(ranks: list[int]) -> tuple[int, ...]:
    paired = sorted({r for r in ranks if ranks.count(r) > 1}, reverse=True)
    return (min(len(paired), 2), *paired)


def _shows_pair(ranks: list[int]) -> bool:
    return len(set(ranks)) < len(ranks)


def _shows_set(ranks: list[int]) -> bool:
    return any(ranks.count(r) > 2 for r in ranks)


def _best_read_as(
    state: Mapping[str, Any],
    engine_seat: int,
    key: Callable[[list[int]], tuple[int, ...]],
    applies: Callable[[list[int]], bool],
) -> bool | None:
    """Whether the engine's pick holds the best board of the players still in read by
    ``key`` (a board's ranks, aces high); None where no board is one ``applies`` to (the
    reading says nothing there) or the boards do not read.  The best board all in passes
    the lead to the best of those who can still bet or to the first of them after it (as
    the rules do)."""
    from stud.cards import parse_cards

    keys: dict[int, tuple[int, ...]] = {}
    shown = False
    common = [str(c) for c in state.get("community") or ()]
    for seat in state.get("seats") or ():
        if isinstance(seat, Mapping) and _in_with(seat) and isinstance(seat.get("seat"), int):
            try:
                cards = parse_cards(" ".join([*_up(seat), *common]))
            except Exception:  # noqa: BLE001 - cards an engine sent that do not read
                return None
            if any(c.is_joker for c in cards):
                return None
            ranks = [c.rank for c in cards]
            shown = shown or applies(ranks)
            keys[int(seat["seat"])] = key(ranks)
    if not shown or engine_seat not in keys:
        return None
    top = max(keys.values())
    if keys[engine_seat] == top:
        return True
    seats = {int(v["seat"]): v for v in state.get("seats") or () if isinstance(v, Mapping)}
    able = sorted(s for s in keys if not seats[s].get("all_in"))
    if engine_seat in able and keys[engine_seat] == max(keys[s] for s in able):
        return True
    for s in sorted(keys):
        if keys[s] == top and seats[s].get("all_in"):
            after = [a for a in able if a > s] + [a for a in able if a < s]
            if after and after[0] == engine_seat:
                return True
    return False


# an engine that opens a street with the worst board: one cause, tied boards or not
BY_WORST = "the worst board opens the betting, not the best"


def worst_reading(doc: Mapping[str, Any], state: Mapping[str, Any], engine_seat: int) -> bool:
    """Whether the engine's pick holds the worst board of the players still in (one of
    them where several are equal; of those who can still bet, or of all), or is the first
    player after a worst board that is all in."""
    key = _board_reader(doc, [str(c) for c in state.get("community") or ()])
    seats = [s for s in state.get("seats") or () if isinstance(s, Mapping)]
    try:
        keys = {int(s["seat"]): (key(s), bool(s.get("all_in"))) for s in seats if _in_with(s)}
    except Exception:  # noqa: BLE001 - cards an engine sent that do not read
        return False
    if engine_seat not in keys:
        return False
    mine, lowest = keys[engine_seat][0], min(k for k, _ in keys.values())
    able = sorted(s for s, (_, all_in) in keys.items() if not all_in)
    if mine == lowest or (able and mine == min(keys[s][0] for s in able)):
        return True
    # the worst board all in: the first player after it who can still bet (BRING-style)
    worst = [s for s, (k, all_in) in keys.items() if k == lowest and all_in]
    return any(
        next((s for s in able if s > w), able[0] if able else None) == engine_seat for w in worst
    )


def refuted_readings(
    doc: Mapping[str, Any],
    state: Mapping[str, Any],
    seat: int,
    forced: int | None,
    button: Any = None,
    known: Collection[str] = (),
) -> set[str]:
    """The ways of picking who opens a street that ``seat``, the rules' own opener of the
    new street ``state`` and the engine's too, rules out for the engine: each one that
    would have picked someone else there.  A reading that fits every pick an engine got
    wrong by chance (the first player on the dealer's left is the one a tie went to) is
    then not taken where the run shows the engine picking otherwise.

    >>> seats = [{"seat": 1, "up": ["2c", "2d"]}, {"seat": 2, "up": ["As", "Kd"]}]
    >>> for what in sorted(refuted_readings({}, {"dealer": 2, "seats": seats}, 1, None)):
    ...     print(what)
    boards are compared by their high cards, pairs aside
    the worst board opens the betting, not the best
    """
    out = set()
    if BY_POSITION not in known and not position_reading(state, seat, button):
        out.add(BY_POSITION)
    if BY_WORST not in known and not worst_reading(doc, state, seat):
        out.add(BY_WORST)
    rows = [r for r in doc.get("streets") or () if isinstance(r, Mapping) and r.get("bet")]
    bring_in = bool(rows) and rows[0].get("opener") == "bring-in" and forced is not None
    if bring_in and BY_BRING_IN not in known and not brought_in(doc, state, forced, seat):
        out.add(BY_BRING_IN)
    high = (doc.get("board") or {}).get("ranking", "high") == "high"
    if high and not (doc.get("wild") or {}).get("ranks"):
        for what, key, applies in (
            (PAIRS_ASIDE, _ranks_alone, _shows_pair),
            (SETS_AS_PAIRS, _sets_as_pairs, _shows_set),
        ):
            if what not in known and _best_read_as(state, seat, key, applies) is False:
                out.add(what)
    return out


def _in_with(seat: Mapping[str, Any]) -> bool:
    """Still in the hand, with a board to read."""
    return not seat.get("folded") and bool(_up(seat))


def _centre_dealt(doc: Mapping[str, Any], state: Mapping[str, Any]) -> int:
    """How many cards the streets up to ``state``'s deal to the centre."""
    count = 0
    for row in doc.get("streets") or ():
        if isinstance(row, Mapping):
            count += sum(1 for d in row.get("deal") or () if d == "centre")
            if row.get("name") == state.get("street"):
                break
    return count


def _best_board(
    doc: Mapping[str, Any], state: Mapping[str, Any], common: Sequence[str]
) -> int | None:
    """The seat with the best board, read from its up cards and ``common``."""
    key = _board_reader(doc, common)
    seats = {
        int(s["seat"]): s
        for s in state.get("seats") or ()
        if isinstance(s, Mapping) and isinstance(s.get("seat"), int)
    }
    return _pick(seats, key, True)


def _board_reader(doc: Mapping[str, Any], common: Sequence[str]) -> Callable[[Any], Any]:
    """A seat's board key (equal boards alike, suits aside), from its up cards and
    ``common``."""
    from stud.cards import parse_cards
    from stud.hands import board_key

    board = doc.get("board") or {}
    wild = doc.get("wild") or {}
    ranks = tuple(wild.get("ranks") or ()) if board.get("wild") == "wild" else ()
    joker = str(wild.get("joker", "none"))
    ranking = str(board.get("ranking", "high"))

    def key(seat: Mapping[str, Any]) -> Any:
        cards = parse_cards(" ".join([*_up(seat), *common]))
        if len(cards) <= 5:
            return board_key(cards, ranking, "position", wild_ranks=ranks, joker=joker)
        return max(
            board_key(list(five), ranking, "position", wild_ranks=ranks, joker=joker)
            for five in combinations(cards, 5)
        )

    return key


def tied(doc: Mapping[str, Any], a: Mapping[str, Any], b: Mapping[str, Any], opener: str) -> bool:
    """Whether two players' up cards are equal for choosing who opens (suits aside)."""
    from stud.cards import parse_cards

    ups_a, ups_b = _up(a), _up(b)
    if not ups_a or not ups_b:
        return False
    if opener == "bring-in":
        try:
            return parse_cards(ups_a[-1])[0].rank == parse_cards(ups_b[-1])[0].rank
        except Exception:  # noqa: BLE001 - cards an engine sent that do not read
            return False
    key_a, key_b = _board_key(doc, a), _board_key(doc, b)
    return bool(key_a) and key_a == key_b


def tied_top(doc: Mapping[str, Any], seats: Seats, picked: int) -> bool:
    """Whether the best boards of the players still in are equal (suits aside) and the
    engine's pick is one of them, or the first player able to act after one of them (a
    best board all in passes the lead on): the tie was broken otherwise."""
    live = _live(seats)
    keys = {s: _board_key(doc, v) for s, v in live.items()}
    best = max(keys.values(), default=())
    top = [s for s in live if keys[s] == best]
    if len(top) < 2 or not best:
        return False
    able = [s for s in sorted(live) if not live[s].get("all_in")]
    for s in top:
        after = [a for a in able if a > s] + [a for a in able if a <= s]
        if picked == s or (live[s].get("all_in") and after and after[0] == picked):
            return True
    return False


def _board_key(doc: Mapping[str, Any], seat: Mapping[str, Any]) -> tuple[int, ...]:
    """A player's board key for who opens, suits aside (empty when the cards do not read)."""
    from stud.cards import parse_cards
    from stud.hands import board_key

    board = doc.get("board") or {}
    wild = doc.get("wild") or {}
    ranks = tuple(wild.get("ranks") or ()) if board.get("wild") == "wild" else ()
    joker = str(wild.get("joker", "none"))
    ranking = str(board.get("ranking", "high"))
    try:
        cards = parse_cards(" ".join(_up(seat)))
        return board_key(cards, ranking, "position", wild_ranks=ranks, joker=joker)
    except Exception:  # noqa: BLE001 - cards an engine sent that do not read
        return ()

"""The betting half of :mod:`stud.spec.blame`: legal actions and amounts, chips, status,
the result, the evaluator, and actions one side refuses and the other plays.

>>> legal_words([{"action": "bring_in", "amount": "0.10"},
...              {"action": "complete", "min": "0.50", "max": "0.50"},
...              {"action": "bet", "min": "1", "max": "5"}])
'bet 1..5, bring_in 0.10, complete 0.50'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.money import fmt
from stud.rules.model import DECISION_CHOICES
from stud.spec import blame_end
from stud.spec.blame import (
    Finding,
    Moment,
    State,
    first_street,
    is_over,
    money,
    seats_of,
    street_row,
    where,
)
from stud.spec.blame_order import WILD_BOARDS, shows_wild

AGGRESSIVE = ("complete", "bet", "raise")
# the rule an action is governed by when nothing narrower is known
ACTION_RULE = {
    "bring_in": "BRING-04",
    "complete": "BRING-04",
    "check": "ROUND-10",
    "call": "ROUND-10",
    "bet": "ROUND-10",
    "raise": "ROUND-10",
    "fold": "ROUND-10",
    "declare": "DECL-01",
    "exchange": "ENGLISH-02",
    "stand_pat": "ENGLISH-02",
}
# the rule that says where an action's chips go
CHIPS_RULE = {"exchange": "ENGLISH-04"}  # otherwise DEAL-01: bets come on top of the antes
RRP = "Robert's Rules of Poker"
ALL_IN_TURN = (
    f"a short all-in raise does not reopen the betting; one chip to answer is enough ({RRP})"
)
ALL_IN_SHORT = f"a player may always put in all their chips, short of a full bet ({RRP})"
HALF_BET = (
    "in limit an all-in raise of at least half a raise (betting.reopen_fraction) is played"
    f" as a full one ({RRP})"
)


def legal_words(legal: Iterable[Any]) -> str:
    """A legal set in protocol words: ``action amount`` or ``action min..max``, sorted."""
    out = set()
    for entry in legal or ():
        if not isinstance(entry, Mapping):
            continue
        action = str(entry.get("action"))
        if entry.get("amount") is not None:
            out.add(f"{action} {fmt(money(entry['amount']))}")
        elif entry.get("min") is not None:
            lo, hi = money(entry.get("min")), money(entry.get("max"))
            out.add(f"{action} {fmt(lo)}" if lo == hi else f"{action} {fmt(lo)}..{fmt(hi)}")
        else:
            out.add(action)
    return ", ".join(sorted(out)) or "nothing"


def _options(state: State | None) -> dict[str, set[tuple[Decimal, Decimal]]]:
    out: dict[str, set[tuple[Decimal, Decimal]]] = {}
    for entry in (state or {}).get("legal") or ():
        if not isinstance(entry, Mapping):
            continue
        lo = entry.get("amount", entry.get("min"))
        hi = entry.get("amount", entry.get("max"))
        out.setdefault(str(entry.get("action")), set()).add(
            (money(lo), money(hi)) if lo is not None else (Decimal(0), Decimal(0))
        )
    return out


def _structure(m: Moment) -> str:
    return str((m.doc.get("betting") or {}).get("structure", "fixed-limit"))


def _facing_bring_in(state: State) -> bool:
    options = _options(state)
    return "complete" in options and "bring_in" not in options


def _counts(state: State) -> tuple[int, int]:
    """Players in the hand, and those of them who can still bet."""
    seats = seats_of(state).values()
    in_hand = [s for s in seats if not s.get("folded")]
    return len(in_hand), sum(1 for s in in_hand if not s.get("all_in"))


def _raises(m: Moment) -> int:
    return sum(1 for a in m.street_acts if a.get("action") == "raise")


def _heads_up(m: Moment, state: State) -> bool:
    """Whether the cap may be lifted heads-up here (betting.uncapped_heads_up): two players
    in the hand, or two who can still bet (the round's start read from now)."""
    mode = (m.doc.get("betting") or {}).get("uncapped_heads_up", "in-hand")
    in_hand, able = _counts(state)
    return mode != "never" and (in_hand if mode == "in-hand" else able) <= 2


def _full_raises(acts: Sequence[Mapping[str, Any]]) -> int:
    """The raises of a street at least as large as its bet or completion (an all-in raise
    short of that does not count toward the cap).

    >>> acts = [{"action": "complete", "amount": "0.50"}, {"action": "raise", "amount": "0.57"},
    ...         {"action": "raise", "amount": "1.07"}, {"action": "raise", "amount": "1.57"}]
    >>> _full_raises(acts)
    2
    >>> _full_raises([{"action": "bring_in", "amount": "0.10"}, *acts[:2]])
    0
    """
    level = full = Decimal(0)
    count = 0
    for a in acts:
        kind, to = a.get("action"), money(a.get("amount"))
        if kind in ("bet", "complete"):
            full = max(full, to)  # (a completion's size is its total, not what it adds)
        elif kind == "raise" and to - level >= full:
            count += 1
        level = max(level, to)
    return count


def _all_in_total(state: State) -> Decimal:
    seat = state.get("to_act")
    me = seats_of(state).get(seat) if isinstance(seat, int) else None
    return money((me or {}).get("stack")) + money((me or {}).get("bet"))


def _name(state: State, seat: Any) -> str:
    found = seats_of(state).get(seat) if isinstance(seat, int) else None
    return str((found or {}).get("name", "the player"))


# --- the legal set ------------------------------------------------------------------------
OTHER_CHOICES = "a decision round offers other choices of cards than the rules"


def decision_rule(doc: Mapping[str, Any]) -> str:
    """The rule of a decision round's choices: roll your own's (ROLL-01: turn a hole card up
    or keep them all hidden) in a game whose next card's face follows them, else the
    street table's (DECIDE-01)."""
    rolls = any(
        "down-if-all-up" in (row.get("deal") or ())
        for row in doc.get("streets") or ()
        if isinstance(row, Mapping)
    )
    return "ROLL-01" if rolls else "DECIDE-01"


def _choices(state: State) -> dict[str, tuple[int, int, frozenset[str]]]:
    """A decision round's offers: action -> (fewest cards, most cards, the cards)."""
    out = {}
    for entry in state.get("legal") or ():
        if isinstance(entry, Mapping) and "cards_max" in entry:
            try:
                bounds = int(entry.get("cards_min") or 0), int(entry["cards_max"])
            except (TypeError, ValueError):
                continue
            cards = frozenset(str(c) for c in entry.get("choices") or ())
            out[str(entry.get("action"))] = (*bounds, cards)
    return out


def _choice_words(choices: Mapping[str, tuple[int, int, frozenset[str]]]) -> str:
    """``expose 0 to 1 of Kd 9c``: each offer in words."""
    words = []
    for action, (least, most, cards) in sorted(choices.items()):
        count = str(most) if least == most else f"{least} to {most}"
        words.append(f"{action} {count} of {' '.join(sorted(cards)) or 'no card'}")
    return ", ".join(words)


SHORT_BLIND = "a blind posted all in for less sets the amount to call"
SHORT_FORCED = "a completion is offered to a player who can only bring in"


def _other_spread(
    m: Moment, r: State, wanted: Iterable[tuple[Decimal, Decimal]], offered: Iterable[Any]
) -> bool:
    """Whether the engine's largest amount goes as far above the bet to match as the top of
    another street's spread, not this street's (SPREAD-02: a top raised on later streets,
    read a street early or late)."""
    own = street_row(m.doc, r.get("street")).get("spread") or {}
    tops = {
        money(row["spread"].get("max"))
        for row in m.doc.get("streets") or ()
        if isinstance(row, Mapping) and isinstance(row.get("spread"), Mapping)
    }
    tops.discard(money(own.get("max")) if isinstance(own, Mapping) else Decimal(0))
    level = max((money(v.get("bet")) for v in seats_of(r).values()), default=Decimal(0))
    rules_top = max((hi for _, hi in wanted), default=None)
    engine_top = max((hi for _, hi in offered), default=None)
    if rules_top is None or engine_top is None or rules_top == engine_top:
        return False
    return engine_top - level in tops


def _short_blind_called(m: Moment, r: State, rl: Mapping[str, Any], el: Mapping[str, Any]) -> bool:
    """Whether, in a game with blinds where a player is all in on a blind, the engine
    offers a call below the rules' of exactly what that player put in, or of the largest
    bet in front: the short blind read as the bet (BLIND-05: the round's bet stays the
    full blind)."""
    if not (m.doc.get("stakes") or {}).get("big_blind") or not rl.get("call"):
        return False
    rules_call, engine_call = min(rl["call"])[0], min(el.get("call") or {(None, None)})[0]
    to_act = r.get("to_act")
    me = seats_of(r).get(to_act) if isinstance(to_act, int) else None
    if engine_call is None and "check" in el and me is not None:
        engine_call = money(me.get("bet"))  # nothing to call: its bet is the level
    seats = seats_of(r).values()
    short = {money(s.get("bet")) for s in seats if s.get("all_in") and not s.get("folded")}
    largest = max((money(s.get("bet")) for s in seats), default=Decimal(0))
    # the short blind's bet, or the largest bet in front where it is below the other blind
    return (
        bool(short)
        and engine_call is not None
        and engine_call < rules_call
        and (engine_call in short | {largest})
    )


def legal(m: Moment, r: State, e: State) -> Finding | None:
    rl, el = _options(r), _options(e)
    name = _name(r, r.get("to_act"))
    rd, ed = _choices(r), _choices(e)
    if rd and ed and rd != ed:  # a decision round: the cards to choose from, and how many
        detail = (
            f"{where(m, r)}: {name} may {_choice_words(rd)} by the rules; "
            f"the engine offers {_choice_words(ed)}"
        )
        return Finding(decision_rule(m.doc), OTHER_CHOICES, detail)
    if rl == el:
        return None
    detail = (
        f"{where(m, r)}: {name} may {legal_words(r.get('legal') or ())} by the rules; "
        f"the engine offers {legal_words(e.get('legal') or ())}"
    )
    extra, missing = el.keys() - rl.keys(), rl.keys() - el.keys()
    if _short_blind_called(m, r, rl, el):
        return Finding("BLIND-05", SHORT_BLIND, detail)
    if "check" in extra:  # one difference wherever it shows: charged to the rule of the
        # bring-in (a live bet) on its street, and of the later streets' betting after it
        first = _facing_bring_in(r) or r.get("street") == first_street(m.doc)
        return Finding("BRING-07" if first else "ROUND-10", CHECK_FACING_BET, detail)
    if "fold" in extra and "check" in rl and "check" in el:  # (fold in place of the check:
        return Finding("ROUND-10", "folding is offered when checking is free", detail)  # below)
    if missing & {"fold", "call", "check"}:
        action = sorted(missing & {"fold", "call", "check"})[0]
        return Finding("ROUND-10", f"{action} is not offered though the rules allow it", detail)
    if "raise" in extra and "complete" in rl:
        return Finding("BRING-08", "a raise is offered before the bring-in is completed", detail)
    aggressive_r = [a for a in AGGRESSIVE if a in rl]
    aggressive_e = [a for a in AGGRESSIVE if a in el]
    if aggressive_e and not aggressive_r:
        if "bring_in" in rl:  # a forced player too short to complete
            amount = ("BRING-05", "the bring-in amount differs from the stakes")
            return Finding("BRING-04", SHORT_FORCED, detail, alternatives=(amount,))
        return _counted_full(m, past_cap(m, r, detail))
    if aggressive_r and not aggressive_e:
        if _brought_in_to_complete(rl, el):  # the bring-in taken for more: no completion
            return Finding("BRING-05", "the bring-in amount differs from the stakes", detail)
        return _counted_full(m, not_offered(m, r, aggressive_r[0], detail))
    if extra or missing:  # a completion still offered: the engine's completion amount
        # (a short all-in counted against it) may be what differs, where the run shows that
        completion = ("BRING-04", "the completion amount differs from the small bet")
        other = (completion,) if "complete" in extra else ()
        what = "other kinds of action are offered than the rules allow"
        return Finding("ROUND-10", what, detail, alternatives=other)
    for action in sorted(rl):
        if rl[action] != el[action]:
            return amounts(m, r, action, rl[action], el[action], detail)
    return None


def _brought_in_to_complete(
    rules: Mapping[str, set[tuple[Decimal, Decimal]]],
    engine: Mapping[str, set[tuple[Decimal, Decimal]]],
) -> bool:
    """The engine's bring-in is for another amount, at least the rules' smallest
    completion: the completion it leaves out follows from the bring-in's amount.

    >>> one = Decimal(1)
    >>> _brought_in_to_complete({"bring_in": {(one, one)}, "complete": {(2 * one, 2 * one)}},
    ...                         {"bring_in": {(2 * one, 2 * one)}})
    True
    """
    ours, theirs = rules.get("bring_in"), engine.get("bring_in")
    completion = rules.get("complete")
    if not ours or not theirs or not completion or ours == theirs:
        return False
    return max(hi for _, hi in theirs) >= min(lo for lo, _ in completion)


CHECK_FACING_BET = "checking is offered facing a bet"
SPREAD_RAISES = ("SPREAD-03", "the raise amounts differ from the spread")


def _counted_full(m: Moment, finding: Finding) -> Finding:
    """After a raise this street short of a full one (all in): the betting reopened or
    capped otherwise may be that raise counted as full, the engine's smallest raise being
    another (a spread's least, SPREAD-03; the last raise where the home pot limit doubles,
    MNP-02), where the run shows it."""
    structure = _structure(m)
    double = False
    if structure == "spread-limit":
        readings: tuple[tuple[str, str], ...] = (SPREAD_RAISES,)
    elif structure == "pot-limit":
        readings = smallest_raise(m)
        double = readings[0] == SMALLEST_DOUBLE
    else:
        return finding
    if not _short_raise(m.street_acts, double):
        return finding
    return dataclasses.replace(finding, alternatives=(*finding.alternatives, *readings))


def _short_raise(acts: Sequence[Mapping[str, Any]], double: bool = False) -> bool:
    """Whether a raise among ``acts`` added less than the bet or raise before it (with
    ``double``: raised to less than twice the bet).

    >>> acts = [{"action": "bet", "amount": "2"}, {"action": "raise", "amount": "5"},
    ...         {"action": "raise", "amount": "9"}]
    >>> _short_raise(acts), _short_raise(acts, double=True)
    (False, True)
    """
    level = last = Decimal(0)
    for a in acts:
        kind, to = a.get("action"), money(a.get("amount"))
        if kind in ("bet", "complete") and to > level:
            level = last = to
        elif kind == "raise" and to > level:
            if (to < 2 * level) if double else (to - level < last):
                return True
            level, last = to, to - level
    return False


CAPPED = "a raise is offered after the last raise the cap allows"
# the cap lifted where the rules keep it and kept where they lift it, both in one run: the
# hand is counted heads-up at another moment (betting.uncapped_heads_up read otherwise)
HEADS_UP_COUNTED = ("CAP-02", "the hand is counted heads-up for the cap at another moment")
CAPPED_TWO = "a raise is offered past the cap with two players left, where the rules keep it"


def past_cap(m: Moment, r: State, detail: str) -> Finding:
    """The engine lets a player bet or raise where the rules let nobody raise."""
    in_hand, able = _counts(r)
    cap = (m.doc.get("betting") or {}).get("max_raises")
    if able < 2 or not _someone_can_answer(r):
        return Finding(
            "ROUND-10",
            "a raise is offered that no opponent could answer",
            detail,
            beyond=ALL_IN_TURN,
        )
    if cap is not None and _raises(m) >= int(cap):
        # a short all-in raise among them: the betting reopened by it, where the run shows
        reopened = (("ROUND-10", REOPENED),) if _short_level(m, r) else ()
        # the cap reached with an all-in raise short of a full one (large enough to count)
        uncounted = (SHORT_RAISE_UNCOUNTED,) if _full_raises(m.street_acts) < int(cap) else ()
        if uncounted and in_hand > 2:  # more than two in the hand: no heads-up reading
            alternatives = (("CAP-01", CAPPED), *reopened, ("CAP-02", CAPPED_TWO))
            return Finding(
                *SHORT_RAISE_UNCOUNTED, detail, alternatives=alternatives, beyond=HALF_BET
            )
        if 2 in (in_hand, able):  # the cap lifted heads-up where the rules keep it, or one
            # raise too many wherever: charged to the cap itself where the run shows that
            cap_too = (("CAP-01", CAPPED), *reopened, HEADS_UP_COUNTED, *uncounted)
            return Finding("CAP-02", CAPPED_TWO, detail, alternatives=cap_too)
        return Finding("CAP-01", CAPPED, detail, alternatives=(*reopened, *uncounted))
    return Finding("ROUND-10", REOPENED, detail, beyond=ALL_IN_TURN)


REOPENED = "the betting is reopened to a player who has acted, with no full raise since"


def _short_level(m: Moment, state: State) -> bool:
    """Whether the bet to match is no whole number of small bets: an all-in raise short of
    a full one made it (a fixed limit's bets and raises come in whole small bets)."""
    level = max((money(s.get("bet")) for s in seats_of(state).values()), default=Decimal(0))
    small = money((m.doc.get("stakes") or {}).get("small_bet"))
    bring_in = money((m.doc.get("stakes") or {}).get("bring_in"))
    return bool(small) and level > max(small, bring_in) and level % small != 0


def _someone_can_answer(state: State) -> bool:
    to_act = state.get("to_act")
    level = max((money(s.get("bet")) for s in seats_of(state).values()), default=Decimal(0))
    return any(
        not s.get("folded")
        and not s.get("all_in")
        and money(s.get("stack")) + money(s.get("bet")) > level
        for seat, s in seats_of(state).items()
        if seat != to_act
    )


COUNTED = ("BRING-10", "the bring-in counts as the bet toward the raise cap")
SHORT_RAISE_COUNTED = ("CAP-01", "an all-in raise short of a full one counts toward the cap")
# (the other way: one at least betting.reopen_fraction of a full raise, which the rules
# play as a raise: it reopens the betting and counts toward the cap; one cause either way)
LARGE_SHORT = (
    "an all-in raise short of a full one but large enough is not played as a raise"
    " (it reopens the betting and counts toward the cap)"
)
SHORT_RAISE_UNCOUNTED = ("ROUND-10", LARGE_SHORT)


NOT_CAPPED = ("CAP-01", "a raise is not allowed before the cap is reached")


def _raise_refused(m: Moment, state: State, detail: str, cap: Any) -> Finding:
    """A raise the rules allow below the cap and the engine does not: the bring-in player
    kept from raising a completion (BRING-09), the cap counted from the bring-in
    (BRING-10: one raise short after its completion), else the cap itself (CAP-01, read
    beside the others)."""
    kinds = [str(a.get("action")) for a in m.street_acts]
    if "complete" not in kinds:  # (the bring-in completed, or completed at once)
        return Finding(*NOT_CAPPED, detail)
    one_short = cap is not None and _raises(m) == int(cap) - 1
    mine = [str(a.get("action")) for a in m.street_acts if a.get("seat") == state.get("to_act")]
    if mine[:1] == ["bring_in"] and set(mine[1:]) <= {"call"}:  # (a short completion called)
        what = "the bring-in player may not raise when a completion comes back to them"
        readings = (COUNTED, NOT_CAPPED) if one_short else ()  # below that, no count explains it
        return Finding("BRING-09", what, detail, alternatives=readings)
    if one_short:
        return Finding(*COUNTED, detail, alternatives=(NOT_CAPPED,))
    return Finding(*NOT_CAPPED, detail)


def _reopened_short(m: Moment, state: State) -> bool:
    """Whether the last raise of the street was short of a full one by no more than
    ``betting.reopen_fraction`` allows (so it reopens the betting) and the player to act
    had acted before it."""
    fraction = money((m.doc.get("betting") or {}).get("reopen_fraction", "0.5"))
    level = last = Decimal(0)
    short_at: int | None = None
    seats: list[Any] = []
    for a in m.street_acts:
        kind, to = a.get("action"), money(a.get("amount"))
        seats.append(a.get("seat"))
        if kind in ("bet", "complete") and to > level:
            level = last = to
            short_at = None
        elif kind == "raise" and to > level:
            step = to - level
            if step >= last:
                last, short_at = step, None
            elif step >= fraction * last:
                short_at = len(seats) - 1
            level = to
    return short_at is not None and state.get("to_act") in seats[:short_at]


def not_offered(m: Moment, state: State, action: str, detail: str) -> Finding:
    """The rules let the player to act ``action`` and the engine does not."""
    options = _options(state).get(action, set())
    all_in = _all_in_total(state)
    short = bool(options) and all(hi == all_in for _, hi in options)
    cap = (m.doc.get("betting") or {}).get("max_raises")
    kinds = {str(a.get("action")) for a in m.street_acts}
    counted = (COUNTED,) if action == "raise" and "complete" in kinds else ()
    counted_short = cap is not None and _full_raises(m.street_acts) < int(cap) <= _raises(m)
    if action == "raise" and counted_short and not _heads_up(m, state):  # an all-in raise short of
        return Finding(*SHORT_RAISE_COUNTED, detail, alternatives=counted)  # a full one
    if action == "raise" and cap is not None and _raises(m) >= int(cap):
        what = "the raising stays capped when the hand is heads-up"
        also = (SHORT_RAISE_COUNTED,) if counted_short else ()
        return Finding("CAP-02", what, detail, alternatives=(*counted, HEADS_UP_COUNTED, *also))
    if action == "raise" and _reopened_short(m, state):  # the last raise short of a full
        # one, but by no more than the rules allow: it reopens the betting (all in or not)
        # (or the cap counted from a completed bring-in, reached one raise early)
        readings = (NOT_CAPPED, *counted)
        return Finding("ROUND-10", LARGE_SHORT, detail, beyond=HALF_BET, alternatives=readings)
    if action == "complete":
        if short:
            what = "a completion all in for less than a full bet is not allowed"
            return Finding("BRING-04", what, detail)
        return Finding("BRING-04", "completing the bring-in is not allowed", detail)
    if short:  # (or the cap counted from a completed bring-in)
        what = f"an all-in {action} short of a full bet is not allowed"
        return Finding("ROUND-10", what, detail, beyond=ALL_IN_SHORT, alternatives=counted)
    if action == "raise":
        return _raise_refused(m, state, detail, cap)
    return Finding("ROUND-10", f"a {action} is not allowed though nobody has bet", detail)


ALL_IN_AMOUNT = "the amount of an all-in bet or raise differs from the player's chips"


def amounts(
    m: Moment,
    r: State,
    action: str,
    wanted: set[tuple[Decimal, Decimal]],
    offered: set[tuple[Decimal, Decimal]],
    detail: str,
) -> Finding:
    """The same action offered for other amounts."""
    all_in = _all_in_total(r)
    if any(hi > all_in for _, hi in offered) and not any(hi > all_in for _, hi in wanted):
        if action == "bring_in":  # a forced player short of the bring-in: read beside the
            # same player offered a completion it cannot make
            short = ("BRING-04", SHORT_FORCED)
            return Finding(
                "BRING-04",
                "a full bring-in is asked of a short stack",
                detail,
                alternatives=(short,),
            )
        return Finding("ROUND-10", "amounts beyond the player's chips are offered", detail)
    structure = _structure(m)
    below = bool(offered) and all(hi < all_in for _, hi in offered)  # the engine's own size,
    # which the player's chips cover: read as the size, not as the all-in
    if (
        wanted
        and all(lo == hi == all_in for lo, hi in wanted)
        and action in AGGRESSIVE
        and not below
    ):
        # the stack alone sets it; or, in a pot limit, a smaller raise than the rules'
        # leaves a range below the all-in
        same_top = {hi for _, hi in wanted} == {hi for _, hi in offered}
        least = {  # the smallest raise the structure reads (a range left below the all-in)
            "pot-limit": smallest_raise(m),
            "spread-limit": (SPREAD_RAISES,),
        }.get(structure, ())
        smaller = least if same_top else ()
        return Finding("ROUND-10", ALL_IN_AMOUNT, detail, alternatives=smaller)
    if action == "bring_in":
        return Finding("BRING-05", "the bring-in amount differs from the stakes", detail)
    if action == "call":
        if _facing_bring_in(r):
            return Finding("BRING-07", "the amount to call the bring-in differs", detail)
        return Finding("ROUND-10", "the amount to call differs from the bet to match", detail)
    if structure == "spread-limit":
        if _other_spread(m, r, wanted, offered):
            return Finding("SPREAD-02", "the top of another street's spread is offered", detail)
        rule = {"complete": "SPREAD-06", "bet": "SPREAD-01"}.get(action, "SPREAD-03")
        return Finding(rule, f"the {action} amounts differ from the spread", detail)
    if structure == "pot-limit":  # one pot size reads bets, raises and completions alike:
        if action == "raise" and {hi for _, hi in wanted} == {hi for _, hi in offered}:
            first, *beside = smallest_raise(m)  # (the pot agrees)
            return Finding(*first, detail, alternatives=tuple(beside))
        return Finding(pot_rule(m), "the bet amounts differ from the pot limit", detail)
    if action == "complete":
        return Finding("BRING-04", "the completion amount differs from the small bet", detail)
    row = street_row(m.doc, r.get("street"))
    big = money((m.doc.get("stakes") or {}).get("big_bet"))
    if row.get("big_bet_when", "never") != "never":
        rule = "LIMIT-04" if _first_open_pair(m.doc, row) else "LIMIT-07"
        bets = [money(v.get("bet")) for v in seats_of(r).values()]
        # an open pair made or missed by a wild card showing: the boards read otherwise
        wild = (("WILD-01", WILD_BOARDS),) if shows_wild(m.doc, r) else ()
        # (a big raise the rules still offer beside the small one: the option itself)
        if action == "raise" and big and max(bets, default=Decimal(0)) >= big:
            if not wanted > offered:
                what = "a raise after a big bet is sized otherwise"
                return Finding("LIMIT-05", what, detail, alternatives=wild)
        choice = (rule, "the choice of a small or big bet differs")
        if rule == "LIMIT-04" and len(offered) == 1 and _largest(wanted, offered):
            # one size, the largest, where the rules give the small one (or the choice):
            # the street played at the big bet, an open pair or not
            if len(wanted) == 1:
                return Finding("LIMIT-01", FIXED_SIZE, detail)
            return Finding(*choice, detail, alternatives=(("LIMIT-01", FIXED_SIZE), *wild))
        return Finding(*choice, detail, alternatives=wild)
    if wanted < offered and big and any(hi >= big or hi == all_in for _, hi in offered - wanted):
        # (a big bet, or the big bet as the player's chips allow: all in for less)
        return Finding("LIMIT-06", "a big bet is offered where the game gives no option", detail)
    if action == "raise" and any(a.get("action") == "complete" for a in m.street_acts):
        # a raise on a completed bring-in (BRING-09), read beside the fixed limit's size:
        # one cause with it where the run shows other bets or raises sized otherwise too
        return Finding(*RAISE_ON_COMPLETION, detail, alternatives=(("LIMIT-01", FIXED_SIZE),))
    return Finding("LIMIT-01", FIXED_SIZE, detail)


RAISE_ON_COMPLETION = ("BRING-09", "a raise on a completed bring-in is sized otherwise")


def _first_open_pair(doc: Mapping[str, Any], row: Mapping[str, Any]) -> bool:
    """Whether ``row`` is the first street whose big bet an open pair allows (fourth
    street's option, LIMIT-04); a later one is the home structure's (LIMIT-07), as is a
    big bet allowed otherwise.

    >>> rows = [{"name": n, "big_bet_when": "open-pair"} for n in ("fourth", "fifth")]
    >>> [_first_open_pair({"streets": rows}, r) for r in rows]
    [True, False]
    """
    if row.get("big_bet_when") != "open-pair":
        return False
    rows = [r for r in doc.get("streets") or () if isinstance(r, Mapping)]
    first = next((r for r in rows if r.get("big_bet_when") == "open-pair"), None)
    return first is None or first.get("name") == row.get("name")


FIXED_SIZE = "the bet or raise size differs from the fixed limit"
SMALLEST_RAISE = "the smallest raise differs from the pot limit's"
SMALLEST = ("POT-04", SMALLEST_RAISE)
SMALLEST_DOUBLE = ("MNP-02", "the smallest raise differs from the home game's double of the bet")


def _largest(wanted: set[tuple[Decimal, Decimal]], offered: set[tuple[Decimal, Decimal]]) -> bool:
    """The one size offered is above the one size the rules give, or the largest of the
    sizes they give."""
    ((size, _),) = offered
    if len(wanted) == 1:
        return all(hi < size for _, hi in wanted)
    return size >= max(hi for _, hi in wanted)


def pot_rule(m: Moment) -> str:
    """The rule of the pot limit's largest bet: the pot after the call (POT-02), or the
    home game's pot plus the current bet, the call not counted (MNP-01)."""
    ceiling = (m.doc.get("betting") or {}).get("pot_ceiling", "pot-after-call")
    return "MNP-01" if ceiling == "pot-plus-bet" else "POT-02"


def smallest_raise(m: Moment) -> tuple[tuple[str, str], ...]:
    """The readings of a smallest raise that differs: the pot limit's, the last bet or
    raise on top (POT-04); in the home game that doubles the bet, that rule (MNP-02)
    first, the pot limit's beside it (one cause where the run shows the smallest raise
    differing in a plain pot limit too: the engine's smallest raise itself)."""
    if (m.doc.get("betting") or {}).get("min_raise") == "double":
        return (SMALLEST_DOUBLE, SMALLEST)
    return (SMALLEST,)


# --- chips and status ---------------------------------------------------------------------
def _chips_view(state: State) -> tuple[Any, ...]:
    seats = seats_of(state)
    pots = [
        (money(p.get("amount")), tuple(sorted(p.get("eligible") or ())))
        for p in state.get("pots") or ()
        if isinstance(p, Mapping) and money(p.get("amount"))
    ]
    over = state.get("result") is not None  # a hand over has no street bets left to read
    return (
        money(state.get("pot")),
        {s: money(v.get("stack")) for s, v in seats.items()},
        {} if over else {s: money(v.get("bet")) for s, v in seats.items()},
        pots,
    )


def _status(state: State, folds_only: bool = False) -> dict[int, tuple[bool, bool]]:
    return {
        s: (bool(v.get("folded")), not folds_only and bool(v.get("all_in")))
        for s, v in seats_of(state).items()
    }


def _status_text(
    rules: Mapping[int, tuple[bool, bool]], engine: Mapping[int, tuple[bool, bool]]
) -> str:
    """The players folded or all in on one side only, for a detail.

    >>> _status_text({3: (False, True), 5: (True, False)}, {3: (False, False), 5: (True, False)})
    '; seat 3 all in by the rules, not at the engine'
    """
    out = ""
    for seat, (folded, all_in) in rules.items():
        theirs = engine.get(seat, (folded, all_in))
        for what, ours, other in (("folded", folded, theirs[0]), ("all in", all_in, theirs[1])):
            if ours != other:
                sides = ("by the rules, not at the engine", "at the engine, not by the rules")
                out += f"; seat {seat} {what} {sides[0] if ours else sides[1]}"
    return out


ANTES_OTHERWISE = "the antes are not taken as the stakes say"


def antes(m: Moment, r: State, e: State) -> Finding | None:
    """At the deal, antes taken otherwise (one other amount from every seat not all in on
    the engine's side): found before who acts or the street, which a player put all in by
    the engine's ante (or kept out of it) changes."""
    if m.op != "new_hand" or money(r.get("pot")) == money(e.get("pot")):
        return None
    if blinds(m, r, e) is not None:  # the blinds posted otherwise: read where who acts is
        return None
    sent = {s.get("seat"): money(s.get("stack")) for s in m.request.get("seats") or ()}
    rs, es = seats_of(r), seats_of(e)
    if set(rs) != set(es) or set(rs) - set(sent):
        return None
    by_rules = {sent[s] - money(v.get("stack")) for s, v in rs.items() if not v.get("all_in")}
    by_engine = {sent[s] - money(v.get("stack")) for s, v in es.items() if not v.get("all_in")}
    betting = any(money(v.get("bet")) for v in es.values())
    if len(by_engine) != 1 or by_rules == by_engine or betting:
        return None
    alike = [
        (v.get("down"), v.get("up")) == (es[s].get("down"), es[s].get("up")) for s, v in rs.items()
    ]
    if r.get("street") == e.get("street") and not all(alike):
        return None  # other cards on the same street: the deal's own difference comes first
    pots = fmt(money(r.get("pot"))), fmt(money(e.get("pot")))
    detail = f"{where(m, r)}: pot {pots[0]} by the rules, {pots[1]} at the engine"
    return Finding("DEAL-01", ANTES_OTHERWISE, detail)


BLINDS_ELSEWHERE = ("BLIND-01", "the blinds are posted otherwise than the rules")
HEADS_UP_BLINDS = ("BLIND-04", "heads-up, the blinds are posted by other seats than the rules")


def blinds(m: Moment, r: State, e: State) -> Finding | None:
    """At the deal of a game with blinds, other seats posting them or other amounts posted:
    found after who acts (another player opening the blinds' round, read beside it) and
    before the pot, the antes or the street, which follow from it (a player all in on a
    blind on one side only).  Heads-up it is read as the heads-up rule (BLIND-04), beside
    the blinds posted otherwise at any table."""
    if m.op not in ("new_hand", "next_hand") or not (m.doc.get("stakes") or {}).get("big_blind"):
        return None
    posted = [posted_blinds(r), posted_blinds(e)]
    if posted[0] == posted[1] or set(posted[0]) != set(posted[1]):
        return None
    words = [", ".join(f"seat {s} {fmt(b)}" for s, b in sorted(p.items()) if b) for p in posted]
    detail = f"{where(m, r)}: blinds by the rules {words[0] or 'none'}; the engine {words[1]}"
    if len([v for v in seats_of(r).values() if not v.get("folded")]) == 2:
        opens = ("BLIND-04", BLINDS_OPENER)
        return Finding(*HEADS_UP_BLINDS, detail, True, alternatives=(opens, BLINDS_ELSEWHERE))
    return Finding(*BLINDS_ELSEWHERE, detail, True, alternatives=(("BLIND-03", BLINDS_OPENER),))


BLINDS_OPENER = "another player opens the blinds' round"


def posted_blinds(state: State) -> dict[int, Decimal]:
    """What each seat has in front of it at the deal (its blind, or nothing)."""
    return {s: money(v.get("bet")) for s, v in seats_of(state).items()}


def chips(m: Moment, r: State, e: State) -> Finding | None:
    """Chips that go elsewhere than the rules say: an uncalled bet kept, the awards (at the
    end of the hand), then the pot, the side pots, the stacks and the players' status."""
    rv, ev = _chips_view(r), _chips_view(e)
    over = is_over(r) and is_over(e)  # (who went all in is nothing to compare once the
    if rv == ev and _status(r, over) == _status(e, over):  # hand is over: not in the protocol)
        return blame_end.result(m, r, e) if is_over(r) else None
    what_act = m.action.replace("_", "-") if m.op == "act" else "the deal"
    a_act = f"{'an' if what_act[:1] in 'aeiou' else 'a'} {what_act}" if m.op == "act" else what_act
    detail = f"{where(m, r)}: pot {fmt(rv[0])} by the rules, {fmt(ev[0])} at the engine" + "".join(
        f"; seat {s} stack {fmt(rv[1][s])} by the rules, {fmt(ev[1].get(s, Decimal(-1)))}"
        for s in rv[1]
        if rv[1][s] != ev[1].get(s)
    )
    detail += _status_text(_status(r, over), _status(e, over))
    if m.op in ("new_hand", "next_hand"):
        shown = is_over(r) and is_over(e) and rv[0] == ev[0]  # all in on the antes
        if (shown or rv[:3] == ev[:3]) and rv[3] != ev[3]:  # the antes taken alike, the
            return _cut(m, r, rv[3], ev[3])  # pots cut otherwise (all in for less)
        found = blame_end.result(m, r, e) if shown else None  # the same pot and pots,
        if found is not None:  # shown down otherwise
            return found
        rs, es = _status(r), _status(e)  # (folded, all in) of each seat
        if rv == ev and any(rs[s][1] and not es.get(s, (False, False))[1] for s in rs):
            what = "a player whose ante takes the whole stack is not all in"  # as blame.turn
            return Finding("DEAL-01", what, detail)
        return Finding("DEAL-01", ANTES_OTHERWISE, detail)
    if rv == ev:
        seat = m.request.get("seat")
        folded = [_status(side).get(seat) if isinstance(seat, int) else None for side in (r, e)]
        if m.action == "fold" and folded[0] != folded[1]:
            return Finding("ROUND-10", "a fold does not take the player out of the hand", detail)
        return Finding("ROUND-10", "a player's all-in status differs", detail, beyond=ALL_IN_SHORT)
    diff = ev[0] - rv[0]
    if diff > 0 and diff == uncalled(m, r):
        return Finding("SHOW-07", "an uncalled bet is not given back", detail)
    if is_over(r):
        found = blame_end.result(m, r, e)
        amounts = [[amount for amount, _ in side[3]] for side in (rv, ev)]
        if found is not None and diff == 0 and all(amounts) and amounts[0] != amounts[1]:
            # the hand ended on this move with the pots cut otherwise: the awards follow
            # (not only who may win them: an engine that drops a player from the pots at
            # the showdown)
            cut = _cut(m, r, rv[3], ev[3])
            return dataclasses.replace(cut, alternatives=((found.rule, found.what),))
        if found is not None:
            return found
    rule = CHIPS_RULE.get(m.action, "DEAL-01")
    if diff < 0:
        return Finding(rule, f"the pot misses chips put in with {a_act}", detail)
    if diff > 0:
        return Finding(rule, f"the pot holds chips nobody put in, after {a_act}", detail)
    if rv[3] != ev[3]:
        return _cut(m, r, rv[3], ev[3])
    if rv[1] != ev[1]:
        return Finding(rule, f"a stack is charged differently for {a_act}", detail)
    return Finding(rule, f"the street's bets are reported differently after {a_act}", detail)


def _cut(m: Moment, r: State, rules: list[Any], engine: list[Any]) -> Finding:
    detail = (
        f"{where(m, r)}: pots by the rules {_pots_text(rules)}; the engine {_pots_text(engine)}"
    )
    return Finding("SHOW-07", blame_end.CUT, detail)


def _pots_text(pots: list[tuple[Decimal, tuple[Any, ...]]]) -> str:
    return "; ".join(
        f"{fmt(amount)} for seats {', '.join(map(str, seats))}" for amount, seats in pots
    )


def uncalled(m: Moment, r: State) -> Decimal:
    """The part of the top bet nobody matched, when this request ended the betting on it."""
    before = m.before
    if before is None or m.op != "act":
        return Decimal(0)
    ended = is_over(r) or r.get("street") != before.get("street")
    if not ended:
        return Decimal(0)
    bets = {s: money(v.get("bet")) for s, v in seats_of(before).items()}  # folded ones too
    seat = m.request.get("seat")
    if m.action != "fold" and m.request.get("amount") is not None and isinstance(seat, int):
        bets[seat] = money(m.request["amount"])
    elif m.action == "call" and isinstance(seat, int) and seat in bets:  # (no amount sent)
        mine = seats_of(before)[seat]
        bets[seat] = min(max(bets.values()), bets[seat] + money(mine.get("stack")))
    ordered = sorted(bets.values(), reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 and ordered[0] > ordered[1] else Decimal(0)


# --- one side refuses what the other plays ------------------------------------------------
def refused(m: Moment, ref: Mapping[str, Any], message: str) -> Finding:
    """The engine refused a request the reference played."""
    if m.op != "act" or m.before is None:
        from stud.spec.blame import rule_of_request

        return Finding(
            rule_of_request(m), f"the engine refuses '{m.op}'", f"{where(m)}: {message}", True
        )
    detail = f"{where(m)}: the rules allow it; the engine said: {message}"
    if m.action in AGGRESSIVE:
        found = not_offered(m, m.before, m.action, detail)
    elif m.action in DECISION_CHOICES:  # a legal choice of cards: the round's choices
        found = Finding(decision_rule(m.doc), OTHER_CHOICES, detail)
    else:
        found = Finding(
            ACTION_RULE.get(m.action, "ROUND-10"),
            f"a legal {m.action.replace('_', '-')} is refused",
            detail,
        )
    return Finding(found.rule, found.what, found.detail, True, found.beyond, refusal=True)


def accepted(m: Moment, message: str) -> Finding:
    """The engine played a request the reference refused."""
    return dataclasses.replace(_accepted(m, message), accepted=True)


def _accepted(m: Moment, message: str) -> Finding:
    detail = f"{where(m)}: the rules refuse it ({message}); the engine played it"
    before = m.before or {}
    action = m.action
    if before.get("phase") in DECISION_CHOICES:  # a decision round: any player to choose
        return _decision_accepted(m, before, detail)  # may act in a simultaneous one
    if m.op == "act" and m.request.get("seat") != before.get("to_act"):
        return Finding("ROUND-01", "an action out of turn is accepted", detail, True)
    options = _options(before)
    first = before.get("street") == first_street(m.doc)
    if action == "check" and _facing_bring_in(before):
        return Finding("BRING-07", "a check facing the bring-in is accepted", detail, True)
    if action == "raise" and "complete" in options:
        return Finding(
            "BRING-08", "a raise before the bring-in is completed is accepted", detail, True
        )
    if action in options:
        rule = {"bring_in": "BRING-05", "complete": "BRING-04"}.get(action)
        if rule is None:
            rule = {"spread-limit": "SPREAD-03", "pot-limit": pot_rule(m)}.get(
                _structure(m), "LIMIT-01"
            )
        return Finding(
            rule,
            f"a {action.replace('_', '-')} for an amount the rules refuse is accepted",
            detail,
            True,
        )
    if action in AGGRESSIVE and not any(a in options for a in AGGRESSIVE):
        cap = (m.doc.get("betting") or {}).get("max_raises")
        if cap is not None and _raises(m) >= int(cap):
            return Finding("CAP-01", "a raise past the cap is accepted", detail, True)
    if action == "fold" and "check" in options:
        return Finding("ROUND-10", "a fold when checking is free is accepted", detail, True)
    if first and action == "bring_in":
        return Finding("BRING-04", "a bring-in is accepted where the rules refuse it", detail, True)
    return Finding(
        ACTION_RULE.get(action, "ROUND-10"),
        f"a {action.replace('_', '-')} the rules refuse is accepted",
        detail,
        True,
    )


def _decision_accepted(m: Moment, before: State, detail: str) -> Finding:
    """A choice of cards the rules refuse: the wrong count or cards the round does not offer
    (DECIDE-04), or a split the game forbids though its cards are right (SPLIT-04)."""
    cards = [str(c) for c in m.request.get("cards") or ()]
    offered = next(
        (e for e in before.get("legal") or () if isinstance(e, Mapping) and "cards_max" in e),
        None,
    )
    if offered is not None:  # the count is the round's; the choices are to_act's cards
        fits = int(offered.get("cards_min") or 0) <= len(cards) <= int(offered["cards_max"])
        if m.request.get("seat") == before.get("to_act"):
            fits = fits and set(cards) <= {str(c) for c in offered.get("choices") or ()}
        if fits and m.action == "split" and len(set(cards)) == len(cards):
            return Finding("SPLIT-04", "a split the game forbids is accepted", detail, True)
    return Finding(
        "DECIDE-04", "a choice of cards the round does not offer is accepted", detail, True
    )

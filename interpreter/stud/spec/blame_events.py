"""Between the hands and as the cards fall, in :mod:`stud.spec.blame`: the button that
moves to the next hand (SETUP-04), and what the event table makes a player do (a card
thrown, a fold, chips given back: EVENT-07/08).  Both change the cards and the turn that
follow, so they are read before them.  Also the cards a split sets aside (state ``split``,
SPLIT-01), shown too soon in a round where every choice stays unseen until all have
chosen (DECIDE-03).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stud.spec.blame import Finding, Moment, State, money, seats_of, street_row, where


def button(m: Moment, r: State, e: State) -> Finding | None:
    """The next hand dealt from another button, or to a player the last hand left with no
    chips: the cards and the turn follow from it."""
    if m.op != "next_hand":
        return None
    dealt = [{s for s, v in seats_of(x).items() if v.get("down") or v.get("up")} for x in (r, e)]
    rules_seats = seats_of(r)  # (not seated by the rules, or seated with nothing)
    broke = {s for s in dealt[1] if s not in rules_seats or money(rules_seats[s].get("stack")) <= 0}
    if dealt[1] - dealt[0] and dealt[1] - dealt[0] <= broke:
        seats = ", ".join(f"seat {s}" for s in sorted(dealt[1] - dealt[0]))
        detail = f"{where(m, r)}: the engine deals {seats}, left with no chips, into the hand"
        return Finding(
            "SHOW-07", "a player with no chips left is dealt into the next hand", detail, True
        )
    if r.get("dealer") == e.get("dealer"):
        return None
    detail = (
        f"{where(m, r)}: the rules move the button to seat {r.get('dealer')}, "
        f"the engine to seat {e.get('dealer')}"
    )
    return Finding("SETUP-04", "the dealer's button moves otherwise between hands", detail, True)


# what an event does to a player, and the rule of that event (a wild rank and an extra card
# are read where they show: the showdown, the cards dealt)
EVENT_EFFECT = {
    "thrown": ("EVENT-08", "a player throws away or folds otherwise than the event table"),
    "fold": ("EVENT-08", "a player throws away or folds otherwise than the event table"),
    "refund": ("EVENT-07", "an event gives chips back otherwise than the event table"),
}


def event_effects(m: Moment, r: State, e: State) -> Finding | None:
    """An event that makes a player throw a card, fold or take chips back, or a coupon that
    names the wild rank, on one side only (protocol 1.2 ``events``): the cards, the turn and
    the boards follow it.  Both sides' events are read from where they first part (an
    event the engine plays at a moment nothing else showed it stays in its list: the
    lists are not cut at the request).  An engine that leaves the field out does not
    expose its events: nothing to read."""
    if not isinstance(e.get("events"), list):
        return None
    all_r, all_e = (
        [x for x in list(state.get("events") or ()) if isinstance(x, Mapping)] for state in (r, e)
    )
    at = next((i for i, (a, b) in enumerate(zip(all_r, all_e, strict=False)) if a != b), None)
    at = min(len(all_r), len(all_e)) if at is None else at
    new_r, new_e = all_r[at:], all_e[at:]
    detail = f"{where(m, r)}: the rules' events {new_r[:4]}, the engine's {new_e[:4]}"
    apart = r.get("street") != e.get("street")  # a street one side has dealt, the other
    # not: what that street's cards named is not compared (it follows from being there)
    one_sided = sorted(  # in the order they came, on one side only
        [(i, 0, x) for i, x in enumerate(new_r) if x not in new_e]
        + [(i, 1, x) for i, x in enumerate(new_e) if x not in new_r],
        key=lambda t: (t[0], t[1]),
    )
    for _, _, item in one_sided:
        named = None if apart else _named(m.doc, item)
        found = named or EVENT_EFFECT.get(str(item.get("type")))
        if found is not None:
            return Finding(*found, detail, True)
    # chips an event gave back by the rules in the meantime let a player act on the street
    # (given back later, the engine deals on)
    fresh = all_r[len((m.before or {}).get("events") or ()) :]
    if apart and any(x.get("type") == "refund" for x in fresh):
        return Finding(*EVENT_EFFECT["refund"], detail, True)
    return None


def refunds(m: Moment, r: State, e: State) -> Finding | None:
    """Antes given back by an event on one side only, read where the engine's state has
    no events list: every seat whose stack differs holds a card of a refund row's ranks
    (of any face: a refund for a card dealt face down, or none for one face up) and differs
    by a whole number of antes, the pot by as much.  Not the antes: the chips follow."""
    from stud.rules.ranks import rank_number

    if isinstance(e.get("events"), list):
        return None  # (read on the events themselves: event_effects)
    rows = [x for x in m.doc.get("events") or () if isinstance(x, Mapping) and x.get("refund")]
    ante = money((m.doc.get("stakes") or {}).get("ante"))
    if not rows or ante <= 0:
        return None
    ranks: set[int] = set()
    for row in rows:
        when = row.get("when")
        named = when.get("ranks") if isinstance(when, Mapping) else None
        ranks |= {n for n in map(rank_number, named or ()) if n is not None}
    rs, es = seats_of(r), seats_of(e)
    moved = {
        s: money(es[s].get("stack")) - money(v.get("stack"))
        for s, v in rs.items()
        if s in es and money(es[s].get("stack")) != money(v.get("stack"))
    }
    if not moved or money(r.get("pot")) - money(e.get("pot")) != sum(moved.values()):
        return None
    for seat, chips in moved.items():
        held = [str(c) for c in [*(rs[seat].get("down") or ()), *(rs[seat].get("up") or ())]]
        if chips % ante or not any(rank_number(c[:-1]) in ranks for c in held):
            return None
    words = ", ".join(f"seat {s} {'+' if v > 0 else ''}{v}" for s, v in sorted(moved.items()))
    detail = f"{where(m, r)}: stacks at the engine against the rules' {words}"
    return Finding(*EVENT_EFFECT["refund"], detail)


def _named(doc: Mapping[str, Any], item: Mapping[str, Any]) -> tuple[str, str] | None:
    """A coupon row fired (a rank shown twice named wild, EVENT-06), or a wild rank named
    where only coupons name one: that rule and its words (the chips or cards other rows
    move after it follow).  Follow the queen's naming is read where it shows, on the
    rules' own log of the hand (:func:`stud.spec.blame_wild.follow_reading`)."""
    from stud.spec.blame_wild import WILD_READINGS

    rows = [x for x in doc.get("events") or () if isinstance(x, Mapping)]
    coupons = {str(row.get("name")) for row in rows if row.get("wild_rank") == "this"}
    follows = any(isinstance(row.get("wild_follows"), Mapping) for row in rows)
    kind = item.get("type")
    fired = kind == "fired" and str(item.get("event")) in coupons
    if fired or (kind == "wild" and coupons and not follows):
        return "EVENT-06", WILD_READINGS["EVENT-06"]
    return None


def declarations(m: Moment, r: State, e: State) -> Finding | None:
    """The declarations the state shows differ (protocol 1.2 ``declarations``): one made
    otherwise, or a simultaneous one shown before everyone has declared (DECL-01).  An
    engine that leaves the field out does not expose them: nothing to read."""
    if not isinstance(e.get("declarations"), list):
        return None
    mine, theirs = shown_declarations(r), shown_declarations(e)
    if mine == theirs:
        return None

    def words(shown: list[tuple[str, str]]) -> str:
        said = [f"seat {s} {'hidden' if d == 'None' else d}" for s, d in shown]
        return ", ".join(said) or "none"

    detail = f"{where(m, r)}: the rules show {words(mine)}, the engine {words(theirs)}"
    return Finding("DECL-01", "declarations are reported differently", detail)


def shown_declarations(state: State) -> list[tuple[str, str]]:
    """Who has declared what, as the state shows it ("None": hidden until all have).

    >>> shown_declarations({"declarations": [{"seat": 2, "declare": None},
    ...                                      {"seat": 1, "declare": "low"}]})
    [('1', 'low'), ('2', 'None')]
    """
    return sorted(
        (str(d.get("seat")), str(d.get("declare")))
        for d in state.get("declarations") or ()
        if isinstance(d, Mapping)
    )


def split_off(m: Moment, r: State, e: State) -> Finding | None:
    """The cards a player has split off differ: shown before everyone has chosen in a
    simultaneous round (DECIDE-03), else set aside otherwise (SPLIT-01)."""
    rs, es = seats_of(r), seats_of(e)
    differ = [s for s in rs if (rs[s].get("split") or []) != (es.get(s, {}).get("split") or [])]
    if not differ:
        return None
    detail = f"{where(m, r)}: " + "; ".join(
        f"seat {s} has split off {rs[s].get('split') or 'nothing'} by the rules, "
        f"{es.get(s, {}).get('split') or 'nothing'} at the engine"
        for s in differ[:3]
    )
    rows = street_row(m.doc, (m.before or {}).get("street")).get("decide") or ()
    simultaneous = any(isinstance(d, Mapping) and d.get("order") == "simultaneous" for d in rows)
    if simultaneous and all(not rs[s].get("split") for s in differ):
        return Finding("DECIDE-03", CHOSEN_TOO_SOON, detail, True)
    return Finding("SPLIT-01", "the cards split off differ", detail, True)


CHOSEN_TOO_SOON = "a choice is carried out before everyone has chosen"

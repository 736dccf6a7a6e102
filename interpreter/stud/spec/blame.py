"""Which rule a difference between the engine and the reference breaks, and how.

:func:`blame` looks at one reply where the engine and the reference interpreter part,
given the same request, and names the difference by what it is, not by where it showed:
a :class:`Finding` with the catalogue id of the rule it breaks (``rule``), a normalised
description (``what``: no seat, street, amount or scenario in it, so one bug is one
``what`` wherever it shows) and the instance (``detail``: the request, the street, what
the rules give against what the engine did).  ``stud verify`` (:mod:`stud.spec.diagnosis`)
and ``stud fuzz`` both call it, so they name a bug alike.

The difference is read in a fixed order, each step only once the earlier ones agree:

1. the reply itself: a crash, a refusal of a legal action, an illegal one accepted;
2. the progress of the hand: a round that goes on when it should end (ROUND-02), or ends
   early, a street or phase the rules do not reach;
3. the cards dealt (DEAL-02 order, DEAL-06 burns, DEAL-03/04 up and down, DEAL-05 who is
   dealt, DEAL-09 the community card): before who acts, since wrong cards move the turn;
4. who acts: on a new street the bring-in (BRING-01/03/13) or the opener (ROUND-03/06/11/12,
   BRING-12), else the next player clockwise (ROUND-01);
5. the chips: a bet not given back, the awards (:mod:`stud.spec.blame_end`), the pot,
   the stacks, the players' status (:mod:`stud.spec.blame_bets`), before the legal actions
   and amounts, which chips that differ can move (a pot limit, an all-in total).

A difference a rule of the sources does not settle (an uncalled bet, side pots, all-in
players) is charged to the nearest catalogue id and carries ``beyond``: the rule followed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from stud.rules.model import DECISION_CHOICES
from stud.spec.blame_order import (
    BY_BRING_IN,
    BY_POSITION,
    BY_WORST,
    PAIRS_ASIDE,
    SETS_AS_PAIRS,
    bring_in_reading,
    brought_in,
    opener_reading,
    pairs_aside_reading,
    position_reading,
    refuted_readings,
    sets_as_pairs_reading,
    tied,
    tied_top,
    worst_reading,
)

State = Mapping[str, Any]


@dataclass(frozen=True)
class Finding:
    """One difference: the rule it breaks, what it is (normalised) and this instance."""

    rule: str
    what: str
    detail: str = ""
    breaks_path: bool = False  # the hands no longer follow the same path after it
    beyond: str = ""  # the rule followed, when the sources do not state it
    refusal: bool = False  # the engine refused an action the rules allow
    accepted: bool = False  # the engine played an action the rules refuse
    # other (rule, what) this one observation fits as well: it is charged to one of them
    # when that root cause is seen elsewhere in the run (stud.spec.deviations)
    alternatives: tuple[tuple[str, str], ...] = ()
    # the categories (a plain high ranking's) of the hands the engine values below the
    # rules: an alternative of another cause is taken only if that cause's hands share one
    hands: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        """What groups findings into one root cause: the normalised difference."""
        return self.what


@dataclass
class Moment:
    """What :func:`blame` knows around one request."""

    doc: Mapping[str, Any]  # the ruleset document played
    request: Mapping[str, Any]
    before: State | None = None  # the reference's state before the request
    street_acts: list[Mapping[str, Any]] = field(default_factory=list)  # accepted this street
    deck: Sequence[str] = ()  # the full order of the pack, as the reference dealt it
    forced: int | None = None  # the seat that acted first in the hand (who brought in)
    by_seat: bool = False  # the seats were handed their own cards (seat_cards)

    @property
    def op(self) -> str:
        return str(self.request.get("op"))

    @property
    def action(self) -> str:
        return str(self.request.get("action") or "")


# --- reading states -------------------------------------------------------------------------
def money(value: Any) -> Decimal:
    try:
        return Decimal(str(value)) if value is not None else Decimal(0)
    except InvalidOperation:
        return Decimal(-1)


def seats_of(state: State | None) -> dict[int, Mapping[str, Any]]:
    out: dict[int, Mapping[str, Any]] = {}
    for s in (state or {}).get("seats") or ():
        if isinstance(s, Mapping) and isinstance(s.get("seat"), int):
            out[int(s["seat"])] = s
    return out


def _cards(seat: Mapping[str, Any] | None, key: str) -> list[str]:
    return [str(c) for c in (seat or {}).get(key) or ()]


def is_over(state: State) -> bool:
    return isinstance(state.get("result"), Mapping)


def where(m: Moment, state: State | None = None) -> str:
    """The request and the street, for a finding's detail."""
    from stud.spec.seam import request_text

    street = (state or m.before or {}).get("street")
    return f"after {request_text(dict(m.request))}" + (f" on {street} street" if street else "")


def first_street(doc: Mapping[str, Any]) -> str | None:
    streets = [s for s in doc.get("streets") or () if isinstance(s, Mapping) and s.get("deal")]
    return str(streets[0]["name"]) if streets else None


def street_row(doc: Mapping[str, Any], name: Any) -> Mapping[str, Any]:
    for row in doc.get("streets") or ():
        if isinstance(row, Mapping) and row.get("name") == name:
            return row
    return {}


def new_street(m: Moment, ref: State) -> bool:
    before = m.before
    return (
        before is None
        or before.get("street") != ref.get("street")
        or before.get("phase") != ref.get("phase")
    )


# --- the entry point ------------------------------------------------------------------------
def blame(m: Moment, ref: Mapping[str, Any], eng: Mapping[str, Any]) -> Finding | None:
    """The difference between the reference's reply ``ref`` and the engine's ``eng`` to
    ``m.request`` (replies as ``{"ok": true, "state"|"results": ...}`` or ``{"ok": false,
    "error": {...}}``; an engine that gave no reply at all has ``failure``), or None.  A
    reply whose shape no reading of the rules expects (a list where a card list goes, a
    number where a seat goes) is a difference of its own, never a failure of the run."""
    try:
        return as_implemented(m.doc, _blame(m, ref, eng))
    except Exception as exc:  # noqa: BLE001 - an engine's reply of another shape
        try:
            place = where(m)
        except Exception:  # noqa: BLE001
            place = f"after {m.op}"
        detail = f"{place}: {type(exc).__name__}: {exc}"
        return Finding(rule_of_request(m), UNREADABLE, detail[:500], breaks_path=True)


UNREADABLE = "the engine's answer cannot be read as the protocol's state"

# a general rule -> the rules that restate it for one game (charged instead where the
# ruleset played implements one of them and not the general rule)
RESTATED = {"BRING-13": ("RANK-02",), "ROUND-12": ("RANK-02",)}


def as_implemented(doc: Mapping[str, Any], finding: Finding | None) -> Finding | None:
    """The finding on the rule the ruleset states it with (its ``implements``).

    >>> f = Finding("ROUND-12", "another player opens")
    >>> as_implemented({"implements": ["RANK-02"]}, f).rule
    'RANK-02'
    >>> as_implemented({"implements": ["ROUND-12", "RANK-02"]}, f).rule
    'ROUND-12'
    """
    implements = doc.get("implements")
    if finding is None or not isinstance(implements, list):
        return finding

    def own(rule: str) -> str:
        if rule in implements:
            return rule
        return next((r for r in RESTATED.get(rule, ()) if r in implements), rule)

    alternatives = tuple((own(rule), what) for rule, what in finding.alternatives)
    if own(finding.rule) == finding.rule and alternatives == finding.alternatives:
        return finding
    return dataclasses.replace(finding, rule=own(finding.rule), alternatives=alternatives)


def _blame(m: Moment, ref: Mapping[str, Any], eng: Mapping[str, Any]) -> Finding | None:
    from stud.spec import blame_bets, blame_end, blame_events, blame_runout

    if "failure" in eng:
        return Finding(
            rule_of_request(m),
            f"the engine gives no valid answer to {_op_words(m)}",
            f"{where(m)}: {eng['failure']}",
            breaks_path=True,
        )
    ref_ok, eng_ok = bool(ref.get("ok")), bool(eng.get("ok"))
    if m.op == "evaluate":
        return blame_end.evaluation(m, ref, eng) if ref_ok and eng_ok else None
    if ref_ok and not eng_ok:
        error = eng.get("error") or {}
        if error.get("code") == "unsupported":
            return None
        message = str(error.get("message", ""))
        return blame_runout.failed_deal(m, ref, message) or blame_bets.refused(m, ref, message)
    if eng_ok and not ref_ok:
        return blame_bets.accepted(m, str((ref.get("error") or {}).get("message", "")))
    if not ref_ok:
        return None
    r, e = ref.get("state"), eng.get("state")
    if not isinstance(r, Mapping) or not isinstance(e, Mapping):
        return None
    return (
        blame_events.button(m, r, e)
        or blame_events.event_effects(m, r, e)  # (chips an event gives back: not the antes)
        or blame_events.refunds(m, r, e)
        or blame_bets.antes(m, r, e)
        or progress(m, r, e)
        or dealing(m, r, e)
        or blame_events.split_off(m, r, e)
        or turn(m, r, e)
        or blame_events.declarations(m, r, e)
        or blame_bets.blinds(m, r, e)
        or blame_bets.chips(m, r, e)
        or blame_bets.legal(m, r, e)
    )


def _op_words(m: Moment) -> str:
    return f"a {m.action.replace('_', '-')}" if m.op == "act" else f"'{m.op}'"


def rule_of_request(m: Moment) -> str:
    """The rule an action (or request) is governed by, when nothing narrower is known."""
    from stud.spec.blame_bets import ACTION_RULE

    if m.op in ("new_hand", "next_hand"):
        return "DEAL-02"
    return ACTION_RULE.get(m.action, "ROUND-10")


def _asked_all_in(r: State, e: State) -> bool:
    """Whether the engine asks a player to act whom the rules have all in."""
    seat = e.get("to_act")
    return isinstance(seat, int) and bool(seats_of(r).get(seat, {}).get("all_in"))


ENDS_EARLY = ("ROUND-02", "a betting round ends before every player has acted on the bet")
ALL_IN_BRINGS_IN = "a player all in for the ante is made to bring in"
ONLY_CHIPS_FORCED = "only a player with chips can be forced to bet (card-room practice)"
ASKED_ALL_IN = ("ROUND-01", "a player who has folded or is all in is asked to act")
ALL_IN_ASKED = "a player all in is not asked to act again (Robert's Rules of Poker)"


# --- 2. the progress of the hand ------------------------------------------------------------
def progress(m: Moment, r: State, e: State) -> Finding | None:
    r_at = (r.get("street"), r.get("phase"), is_over(r))
    e_at = (e.get("street"), e.get("phase"), is_over(e))
    if r_at == e_at:
        return None
    detail = (
        f"{where(m, r)}: the rules go to {_place(r)}, the engine is at {_place(e)}"
        f" ({'seat ' + str(e.get('to_act')) if e.get('to_act') is not None else 'no one'} to act)"
    )
    before = m.before
    if m.op != "act" or before is None:  # (a blind posted otherwise may put a player all in)
        from stud.spec.blame_bets import blinds

        found = blinds(m, r, e)
        if found is not None:
            return found
        if {r.get("phase"), e.get("phase")} <= DECISION_KINDS:
            return Finding(*ROUNDS_ORDER, detail, True)
        return Finding("DEAL-03", "the hand starts at another street or phase", detail, True)
    b_at = (before.get("street"), before.get("phase"), False)
    if e_at == b_at and r_at != b_at:
        if is_over(r) and not r.get("result", {}).get("showdown", True):
            what = "the hand goes on after all but one player have folded"
        elif r.get("phase") == "declare" or e.get("phase") == "declare":
            return Finding(
                "DECL-01", "the declaration does not come when the rules say", detail, True
            )
        elif _asked_all_in(r, e):
            return Finding(*ASKED_ALL_IN, detail, True, beyond=ALL_IN_ASKED)
        else:
            what = "a betting round goes on after every player has acted and the bets are equal"
        return Finding("ROUND-02", what, detail, True)
    if r_at == b_at and e_at != b_at:
        opener = street_row(m.doc, before.get("street")).get("opener")
        if opener == "after-big-blind":
            what = "the blinds' round ends before the big blind's option"  # a live blind
            return Finding("BLIND-02", what, detail, True, alternatives=(ENDS_EARLY,))
        if opener == "bring-in":  # a bring-in counted as no live bet closes it sooner:
            from stud.spec.blame_bets import CHECK_FACING_BET  # read beside that, where the

            live = (("BRING-07", CHECK_FACING_BET),)  # run shows it
            return Finding(*ENDS_EARLY, detail, True, alternatives=live)
        return Finding(*ENDS_EARLY, detail, True)
    if "exchange" in (r.get("phase"), e.get("phase")):
        return Finding(
            "ENGLISH-02", "the exchange comes at another point of the hand", detail, True
        )
    if "declare" in (r.get("phase"), e.get("phase")):
        return Finding(
            "DECL-01", "the declaration comes at another point of the hand", detail, True
        )
    if {r.get("phase"), e.get("phase")} <= DECISION_KINDS and r.get("street") == e.get("street"):
        return Finding(*ROUNDS_ORDER, detail, True)
    turned = _turned(m, r, e)
    if turned:  # the cards the rules deal, with another face: the hand moves on from it
        roll = "down-if-all-up" in (street_row(m.doc, r.get("street")).get("deal") or ())
        rule, what = ROLL_FACE if roll else ("DEAL-04", FACES)
        return Finding(rule, what, f"{detail}; dealt with another face: {turned}", True)
    if _few_players_street(m.doc, r, e):
        return Finding(*FEW_PLAYERS, detail, True)
    return Finding(
        "DEAL-04", "the hand moves on to another street than the rules give", detail, True
    )


# two decision rounds of one street played in another order than the street table's
ROUNDS_ORDER = ("DECIDE-01", "a street's decision rounds come in another order")
ROLL_FACE = ("ROLL-02", "the next card comes with another face than roll your own gives")
# a street played only when few players were dealt in (streets[].deal_if_players_at_most)
FEW_PLAYERS = ("ENGLISH-04", "a street kept for few players is played or left out otherwise")


def _few_players_street(doc: Mapping[str, Any], r: State, e: State) -> bool:
    """Where the rules and the engine part at the end of a street, the next street of the
    table (the one the rules skip or play) is kept for a few players.

    >>> doc = {"streets": [{"name": "final"}, {"name": "seventh", "deal_if_players_at_most": 5}]}
    >>> _few_players_street(doc, {"street": "final", "phase": "complete"}, {"street": "seventh"})
    True
    >>> _few_players_street(doc, {"street": "final"}, {"street": "final", "phase": "complete"})
    False
    """
    rows = [row for row in doc.get("streets") or () if isinstance(row, Mapping)]
    names = [row.get("name") for row in rows]
    at = {state.get("street") for state in (r, e)}
    if len(at) != 2:
        return False
    for i, row in enumerate(rows):
        if row.get("deal_if_players_at_most") is not None and row.get("name") in at:
            # the other side is on the street before it or on one after it (skipped to)
            if at - {row.get("name")} <= set(names[max(0, i - 1) : i] + names[i + 1 :]):
                return True
    return False


def _turned(m: Moment, r: State, e: State) -> str:
    """The cards the rules deal at this request that the engine's seats hold with the
    other face (``4c up``), or nothing."""
    before = seats_of(m.before)
    engine = seats_of(e)
    out = []
    for seat, held in seats_of(r).items():
        for face, other in (("down", "up"), ("up", "down")):
            new = set(_cards(held, face)) - set(_cards(before.get(seat), face))
            out += [f"{c} {other}" for c in _cards(engine.get(seat), other) if c in new]
    return ", ".join(sorted(out))


def _place(state: State) -> str:
    if is_over(state):
        return "the end of the hand"
    phase = state.get("phase")
    extra = f" ({phase})" if phase and phase != "betting" else ""
    return f"{state.get('street')} street{extra}"


# --- 3. the cards ---------------------------------------------------------------------------
# an action whose cards the player chooses: the rule its cards fall under when they differ
DECISION_KINDS = frozenset(DECISION_CHOICES)  # the decision rounds' phases, by kind
CARDS_CHOSEN = {
    "exchange": ("ENGLISH-02", "an exchange gives other cards than the rules"),
    "discard": ("DISCARD-01", "a discard leaves other cards than the rules"),
    "expose": ("EXPOSE-01", "cards turned up differ from the rules"),
    "draw": ("DRAW-01", "a draw gives other cards than the rules"),
    "split": ("SPLIT-01", "a split sets other cards aside than the rules"),
}


def _same_cards_other_face(
    held: Mapping[int, tuple[list[str], list[str]]],
    shown: Mapping[int, tuple[list[str], list[str]]],
) -> bool:
    """Every seat holds the same cards as the rules give, some with another face."""
    return all(sorted(held[s][0] + held[s][1]) == sorted(shown[s][0] + shown[s][1]) for s in held)


def _shown_too_soon(m: Moment, r: State, held: Mapping[int, Any]) -> bool:
    """A simultaneous round where the rules still keep every choice unseen (no card has
    moved yet) while the engine has carried one out."""
    before = m.before or {}
    rows = street_row(m.doc, before.get("street")).get("decide") or ()
    simultaneous = any(isinstance(d, Mapping) and d.get("order") == "simultaneous" for d in rows)
    bs = seats_of(before)
    unmoved = all(held[s] == (_cards(bs.get(s), "down"), _cards(bs.get(s), "up")) for s in held)
    return simultaneous and r.get("phase") == before.get("phase") and unmoved


def _held_back(m: Moment, e: State, shown: Mapping[int, Any]) -> bool:
    """A round played in turn where the engine keeps a choice unseen (no card has moved
    on its side and the round goes on) while the rules carry it out at once."""
    before = m.before or {}
    rows = street_row(m.doc, before.get("street")).get("decide") or ()
    in_turn = any(isinstance(d, Mapping) and d.get("order") != "simultaneous" for d in rows)
    bs = seats_of(before)
    unmoved = all(shown[s] == (_cards(bs.get(s), "down"), _cards(bs.get(s), "up")) for s in shown)
    return in_turn and e.get("phase") == before.get("phase") and unmoved


# every player still in is dealt the later streets, all in or not (DEAL-05)
ALL_IN_UNDEALT = ("DEAL-05", "a player all in is not dealt the later streets")


def _all_in_undealt(
    rs: Mapping[int, Any], held: Mapping[int, Any], shown: Mapping[int, Any]
) -> bool:
    """Whether only players all in (and still in) hold fewer cards than the rules give."""
    short = {s for s in held if len(shown[s][0] + shown[s][1]) != len(held[s][0] + held[s][1])}
    return bool(short) and all(
        rs[s].get("all_in")
        and not rs[s].get("folded")
        and len(shown[s][0] + shown[s][1]) < len(held[s][0] + held[s][1])
        for s in short
    )


def _new_faces_only(m: Moment, held: Mapping[int, Any], shown: Mapping[int, Any]) -> bool:
    """Every card a player held before the request has the face the rules give: only the
    cards dealt with it differ."""
    bs = seats_of(m.before)
    for s in held:
        old = set(_cards(bs.get(s), "down") + _cards(bs.get(s), "up"))
        if {c for c in held[s][0] if c in old} != {c for c in shown[s][0] if c in old}:
            return False
    return True


def dealing(m: Moment, r: State, e: State) -> Finding | None:
    from stud.spec.blame_runout import run_out

    rs, es = seats_of(r), seats_of(e)
    held = {s: (_cards(rs.get(s), "down"), _cards(rs.get(s), "up")) for s in rs}
    shown = {s: (_cards(es.get(s), "down"), _cards(es.get(s), "up")) for s in rs}
    r_common, e_common = list(r.get("community") or ()), list(e.get("community") or ())
    if held == shown and r_common == e_common:
        return None
    first = (r.get("street") == first_street(m.doc)) or m.before is None
    detail = _cards_detail(m, r, held, shown)
    if m.op == "act" and m.action in CARDS_CHOSEN:  # an exchange or a decision's cards
        if r.get("street") != (m.before or r).get("street") and _all_in_undealt(rs, held, shown):
            return Finding(*ALL_IN_UNDEALT, detail, True)  # (everyone all in: the run-out)
        rule, what = CARDS_CHOSEN[m.action]
        if _shown_too_soon(m, r, held):
            what = "a choice is carried out before everyone has chosen"
            return Finding("DECIDE-03", what, detail, True)
        if _held_back(m, e, shown):
            what = "a choice made in turn is carried out only once everyone has chosen"
            return Finding("DECIDE-02", what, detail, True)
        if m.action == "draw" and _same_cards_other_face(held, shown):
            rule, what = "DRAW-02", "drawn cards come with another face than the rules"
        if _same_cards_other_face(held, shown) and _new_faces_only(m, held, shown):
            deal = street_row(m.doc, r.get("street")).get("deal") or ()
            if "down-if-all-up" in deal:  # the card after the choice: roll your own's face
                return Finding(*ROLL_FACE, detail, True)
        if m.action == "exchange" and _same_cards_other_face(held, shown):
            row = street_row(m.doc, (m.before or r).get("street"))
            face = (row.get("exchange") or {}).get("face", "same")
            what = "an exchanged card comes with another face than the rules"
            if face == "down":  # a bought card always comes down: a rule of its own
                rule, what = "BUY-01", "a bought card comes with another face than the rules"
        return Finding(rule, what, detail, True)
    bs = seats_of(m.before)
    old = {s: (len(_cards(bs.get(s), "down")), len(_cards(bs.get(s), "up"))) for s in rs}
    new_r = {s: _new(held[s], old.get(s, (0, 0))) for s in rs}
    new_e = {s: _new(shown[s], old.get(s, (0, 0))) for s in rs}
    if any(shown[s][0][: old[s][0]] != held[s][0][: old[s][0]] for s in rs if s in old):
        return Finding("DEAL-07", "cards a player already holds change", detail, True)
    if r_common != e_common and held == shown:
        known = len((m.before or {}).get("community") or ())
        shift = _burn_shift(m, r_common[known:], e_common[known:])
        if shift and not first:  # the centre card the burn should have gone before (or,
            # with the burns dealt again under a short stub, one burn missed reads as one
            # too many: one cause, either way)
            other = (("DEAL-06", _burn_text(-shift)),)
            return Finding("DEAL-06", _burn_text(shift), detail, True, alternatives=other)
        return Finding("DEAL-09", "the community card differs from the rules", detail, True)
    r_all = sorted(c for s in rs for c in new_r[s][0] + new_r[s][1])
    e_all = sorted(c for s in rs for c in new_e[s][0] + new_e[s][1])
    if not first and _all_in_undealt(rs, held, shown):
        return Finding(*ALL_IN_UNDEALT, detail, True)
    short = run_out(m, r, r_all, e_all, (r_common, e_common), detail)
    if short is not None:  # the pack runs short: burns again, dead cards, a shared card
        return short
    if r_all == e_all:
        same_per_seat = all(
            sorted(new_r[s][0] + new_r[s][1]) == sorted(new_e[s][0] + new_e[s][1]) for s in rs
        )
        if same_per_seat:
            if _extra_cards_turned(m, r, e, held, shown):
                return Finding(*EXTRA_FACE, detail, True)
            rule = "DEAL-03" if first else "DEAL-04"
            return Finding(rule, FACES, detail, True)
        # (a first street handed out by seat says nothing of the engine's own order)
        return Finding(*(DEALT_AWAY if first or m.by_seat else LATER_DEALT_AWAY), detail, True)
    counts_r = {s: len(new_r[s][0] + new_r[s][1]) for s in rs}
    counts_e = {s: len(new_e[s][0] + new_e[s][1]) for s in rs}
    if counts_r != counts_e and _extra_cards_differ(m, r, e, counts_r, counts_e):
        # an extra card dealt with another face may fire the event once more (a four up)
        turned = _extra_faces_differ(m, e, new_r, new_e) and not _past_the_limit(m, e)
        return Finding(*EXTRA_COUNT, detail, True, alternatives=(EXTRA_FACE,) if turned else ())
    if r.get("phase") in DECISION_KINDS and counts_r != counts_e:
        if all(counts_e[s] >= counts_r[s] for s in rs):  # the rules wait for the choices
            what = "a street's cards are dealt before its decision round"
            return Finding("DECIDE-01", what, detail, True)
    if counts_r != counts_e:
        folded = {s for s, seat in rs.items() if seat.get("folded")}
        if any(counts_e[s] > counts_r[s] for s in folded):
            # the players still in holding the rules' cards (each seat handed its own):
            # the hand goes on along the same path
            same = all(held[s] == shown[s] for s in rs if s not in folded)
            what = "a player who has folded is dealt cards"
            return Finding("DEAL-05", what, detail, not same)
        rule = "DEAL-03" if first else "DEAL-04"
        return Finding(
            rule, "players get another number of cards than the street deals", detail, True
        )
    shift = _burn_shift(m, r_all, e_all)
    if shift and (not first or shift > 0):  # the first deal dealt past a burned card
        return Finding("DEAL-06", _burn_text(shift), detail, True)
    shift = 0 if shift else _dealt_burning_otherwise(m, shown)
    if shift:
        return Finding("DEAL-06", _burn_text(shift), detail, True)
    return Finding("DEAL-02", "other cards are dealt than the deck order gives", detail, True)


def _dealt_burning_otherwise(m: Moment, shown: Mapping[int, Any]) -> int:
    """For several streets dealt at once (everyone all in from the start): -1 when the
    seats hold what the rules deal without burns where they burn, +1 with burns where
    they burn none, else 0."""
    if m.op != "new_hand":
        return 0
    from stud.protocol.server import ReferenceHandler

    dealing = m.doc.get("dealing") if isinstance(m.doc.get("dealing"), Mapping) else {}
    burns = bool((dealing or {}).get("burn", True))
    doc = {**m.doc, "dealing": {**(dealing or {}), "burn": not burns}}
    reply = ReferenceHandler().handle({**m.request, "id": 1, "ruleset": doc})
    seats = seats_of(reply.get("state")) if reply.get("ok") else {}
    dealt = {s: (_cards(seats.get(s), "down"), _cards(seats.get(s), "up")) for s in shown}
    return (-1 if burns else 1) if seats and dealt == dict(shown) else 0


DEALT_AWAY = (
    "DEAL-02",
    "the cards go to other seats: the deal does not go clockwise from the dealer's left",
)
# the first street dealt right, a later one to other seats
LATER_DEALT_AWAY = (
    "DEAL-05",
    "a later street goes to other seats: it is not dealt from the first player still in "
    "on the dealer's left",
)
FACES = "cards are dealt face up that go face down, or the reverse"


EXTRA_FACE = ("EVENT-05", "an event's extra card comes with another face than the rules")
EXTRA_COUNT = ("EVENT-05", "an event deals another number of extra cards than the rules")


def _extra_faces_differ(
    m: Moment,
    e: State,
    new_r: Mapping[int, tuple[list[str], list[str]]],
    new_e: Mapping[int, tuple[list[str], list[str]]],
) -> bool:
    """Whether the engine dealt an event's extra card (protocol 1.2 ``events``, new since
    the request) with another face than the ruleset's extra cards take, and that card is
    one that fires an extra card itself (so its face may explain another count).  Without
    the events list: a card the rules deal down that the engine shows up, of a rank that
    fires an extra card (``new_r``, ``new_e``: each seat's new down and up cards)."""
    rows = [
        row
        for row in m.doc.get("events") or ()
        if isinstance(row, Mapping) and isinstance(row.get("extra_card"), Mapping)
    ]
    faces = {str(row["extra_card"].get("face", "down")) for row in rows}
    if not isinstance(e.get("events"), list):
        return any(
            card in new_r[s][0] and any(_fires(row, card) for row in rows)
            for s in new_r
            for card in new_e.get(s, ([], []))[1]
        )
    known = len((m.before or {}).get("events") or ())
    return any(
        isinstance(item, Mapping)
        and item.get("type") == "extra"
        and item.get("face") not in faces
        and any(_fires(row, item.get("card")) for row in rows)
        for item in list(e.get("events") or ())[known:]
    )


def _past_the_limit(m: Moment, e: State) -> bool:
    """Whether the engine has dealt more extra cards this hand than the event rows allow
    at this table (``extra_card.most``): no face of an extra card explains that, since an
    extra card it fires is one of the limited ones."""
    players = len(seats_of(e))
    limits = []
    for row in m.doc.get("events") or ():
        extra = row.get("extra_card") if isinstance(row, Mapping) else None
        if isinstance(extra, Mapping):
            most = extra.get("most")
            if most is None or players < int(extra.get("most_from_players") or 2):
                return False  # a row without a limit here: any number may come
            limits.append(int(most))
    dealt = sum(
        1
        for item in e.get("events") or ()
        if isinstance(item, Mapping) and item.get("type") == "extra"
    )
    return bool(limits) and dealt > sum(limits)


def _fires(row: Mapping[str, Any], card: object) -> bool:
    """Whether ``card`` (its text) is of the ranks or among the cards an event row's
    ``when`` names, whatever its face (True when it does not read: nothing ruled out)."""
    from stud.cards import parse_cards
    from stud.rules.ranks import rank_number

    try:
        (parsed,) = parse_cards(str(card))
    except Exception:  # noqa: BLE001 - a card that does not read
        return True
    when = row.get("when")
    when = when if isinstance(when, Mapping) else {}
    ranks = {rank_number(r) for r in when.get("ranks") or ()}
    cards = {str(c) for c in when.get("cards") or ()}
    if cards:
        try:
            return parsed in parse_cards(" ".join(cards))
        except Exception:  # noqa: BLE001
            return True
    return not ranks or parsed.rank in ranks


def _extra_cards_turned(
    m: Moment, r: State, e: State, held: Mapping[int, Any], shown: Mapping[int, Any]
) -> bool:
    """Whether every card dealt with another face is an event's extra card (protocol 1.2
    ``events``, new since the request, on either side): the event table's face differs,
    not the street's deal."""
    known = len((m.before or {}).get("events") or ())
    extra = {
        str(item.get("card"))
        for state in (r, e)
        for item in list(state.get("events") or ())[known:]
        if isinstance(item, Mapping) and item.get("type") == "extra"
    }
    turned = {
        c
        for s in held
        for c in set(held[s][0]) ^ set(shown[s][0]) | set(held[s][1]) ^ set(shown[s][1])
    }
    return bool(turned) and turned <= extra


def _extra_cards_differ(
    m: Moment, r: State, e: State, counts_r: Mapping[int, int], counts_e: Mapping[int, int]
) -> bool:
    """Whether every seat dealt another number of cards got an event's extra card on one
    side (protocol 1.2 ``events``, new since the request): the event table differs, not
    the street's deal."""
    if not any(
        isinstance(row, Mapping) and row.get("extra_card") for row in m.doc.get("events") or ()
    ):
        return False
    known = len((m.before or {}).get("events") or ())
    extra = {
        item.get("seat")
        for state in (r, e)
        for item in list(state.get("events") or ())[known:]
        if isinstance(item, Mapping) and item.get("type") == "extra"
    }
    return all(s in extra for s in counts_r if counts_r[s] != counts_e.get(s))


def _new(cards: tuple[list[str], list[str]], old: tuple[int, int]) -> tuple[list[str], list[str]]:
    return cards[0][old[0] :], cards[1][old[1] :]


NO_BURN = "no card is burned before the street"
EXTRA_BURN = "a card is burned that the rules do not burn"


def _burn_text(shift: int) -> str:
    return NO_BURN if shift < 0 else EXTRA_BURN


def _burn_shift(m: Moment, r_new: list[str], e_new: list[str]) -> int:
    """-1 when the engine deals a street from earlier in the pack than the rules, card for
    card (it dealt the cards the rules burn), +1 from later (it burns more), else 0.  Of
    several streets dealt at once (everyone all in), those dealt alike are left aside:
    the burn missed before the last one shifts that one alone."""
    position = {c: i for i, c in enumerate(m.deck)}
    if not m.deck or any(c not in position for c in r_new + e_new) or not r_new:
        return 0
    r_pos, e_pos = sorted(position[c] for c in r_new), sorted(position[c] for c in e_new)
    moved = [(e, r) for e, r in zip(e_pos, r_pos, strict=True) if e != r]
    if moved and all(e < r for e, r in moved):
        return -1
    if moved and all(e > r for e, r in moved):
        return 1
    return 0


def _cards_detail(m: Moment, r: State, held: Mapping[int, Any], shown: Mapping[int, Any]) -> str:
    names = {s: str(seat.get("name", f"seat {s}")) for s, seat in seats_of(r).items()}
    parts = []
    for seat in held:
        if held[seat] != shown[seat]:
            parts.append(
                f"{names[seat]} holds {_board(shown[seat])}, the rules give {_board(held[seat])}"
            )
    return f"{where(m, r)}: " + ("; ".join(parts[:3]) or "the community cards differ")


def _board(cards: tuple[list[str], list[str]]) -> str:
    return f"[{' '.join(cards[0])}] {' '.join(cards[1])}".strip()


# --- 4. who acts ----------------------------------------------------------------------------
# the rule of the order of a round that is not betting, and what differs
_DECIDE_ORDER = ("DECIDE-02", "a decision round goes round in another order")
PHASE_ORDER = {
    "exchange": ("ENGLISH-02", "the exchange goes round in another order"),
    "declare": ("DECL-01", "the declaration goes round in another order"),
    **dict.fromkeys(DECISION_CHOICES, _DECIDE_ORDER),
}


def turn(m: Moment, r: State, e: State) -> Finding | None:
    r_seat, e_seat = r.get("to_act"), e.get("to_act")
    if r_seat == e_seat:
        return None
    rs = seats_of(r)
    names = {s: str(seat.get("name", f"seat {s}")) for s, seat in rs.items()}
    detail = (
        f"{where(m, r)}: the rules give the turn to {names.get(r_seat, 'no one')}, "  # type: ignore[arg-type]
        f"the engine to {names.get(e_seat, 'no one' if e_seat is None else f'seat {e_seat}')}"  # type: ignore[arg-type]
    )
    if e_seat is None or r_seat is None:
        return Finding(
            "ROUND-02", "the engine asks no one to act while the rules ask a player", detail, True
        )
    ordered = PHASE_ORDER.get(str(r.get("phase")))
    if ordered is not None:  # a round of exchanges, declarations or decisions
        # begun at the dealer: the engine's dealer's left, as its deal shows where it deals
        at_dealer = (DEALT_AWAY,) if e_seat == r.get("dealer") and new_street(m, r) else ()
        return Finding(*ordered, detail, True, alternatives=at_dealer)
    if m.op in ("new_hand", "next_hand"):
        from stud.spec.blame_bets import blinds

        posted = blinds(m, r, e)
        if posted is not None:  # the blinds posted by other seats: who acts follows from it
            return posted
    engine_pick = rs.get(int(e_seat), {})
    if engine_pick.get("folded") or engine_pick.get("all_in"):
        if m.op in ("new_hand", "next_hand") and not seats_of(e).get(int(e_seat), {}).get(
            "all_in", True
        ):  # the engine does not count the ante that took the stack as all in (or takes
            # no ante at all: the pot shows it, as blame_bets.chips reads it)
            what = "a player whose ante takes the whole stack is not all in"
            if money(r.get("pot")) != money(e.get("pot")):
                what = "the antes are not taken as the stakes say"
            return Finding("DEAL-01", what, detail, True)
        row = street_row(m.doc, r.get("street"))
        if engine_pick.get("all_in") and row.get("opener") == "bring-in" and new_street(m, r):
            # the bring-in forced on a player all in for the ante
            rule = bring_in_rule(m.doc, "BRING-01")
            return Finding(rule, ALL_IN_BRINGS_IN, detail, True, beyond=ONLY_CHIPS_FORCED)
        return Finding(*ASKED_ALL_IN, detail, True, beyond=ALL_IN_ASKED)
    if not new_street(m, r) or r.get("phase") != "betting":
        return Finding(
            "ROUND-01", "the turn does not pass clockwise to the next player", detail, True
        )
    row = street_row(m.doc, r.get("street"))
    opener = row.get("opener", "best-board")
    from stud.spec.blame_wild import WILD_READINGS, wild_named_otherwise

    named = wild_named_otherwise(m.doc, r, e) if opener == "best-board" else []
    if named:  # the boards read with another wild rank: who opens follows from it
        beside = tuple((rule, WILD_READINGS[rule]) for rule in named[1:])
        return Finding(named[0], WILD_READINGS[named[0]], detail, True, alternatives=beside)
    first = r.get("street") == first_street(m.doc)
    tie = tied(m.doc, rs[int(r_seat)], rs.get(int(e_seat), {}), opener) or (
        opener == "best-board" and tied_top(m.doc, rs, int(e_seat))
    )
    if opener == "bring-in":
        plain = Finding(bring_in_rule(m.doc, "BRING-01"), OTHER_BRINGS_IN, detail, True)
        if not tie:
            return _read(plain, *bring_in_reading(m.doc, rs, int(e_seat)))
        plain_reading = (plain.rule, plain.what)
        between = Finding(bring_in_rule(m.doc, "BRING-03"), BETWEEN_EQUAL_CARDS, detail, True)
        # the cards read otherwise may settle it too (one card of several read), beside
        # the tie: charged where the run shows that reading plainly
        read = _read(between, *bring_in_reading(m.doc, rs, int(e_seat)))
        if _all_alike(rs):  # every door card of one rank: the plain reading fits too
            return dataclasses.replace(read, alternatives=(*read.alternatives, plain_reading))
        return read
    if opener == "best-board":
        low = (m.doc.get("board") or {}).get("ranking", "high") != "high"
        # the engine may open from the dealer's left whatever the boards, or with the worst
        # board: read beside the others, one cause when every such pick fits it (settle)
        plain_rule = opens_otherwise(m.doc, first)[0]
        left = tuple(
            (plain_rule, what)
            for what, fits in (
                (BY_POSITION, position_reading(r, int(e_seat), e.get("dealer"))),
                (BY_WORST, worst_reading(m.doc, r, int(e_seat))),
                (BY_BRING_IN, brought_in(m.doc, r, m.forced, int(e_seat))),
            )
            if fits
        )
        # ... or boards read by their high cards, pairs aside, or with trips and quads
        # counted as a pair (ROUND-04)
        natural = not (m.doc.get("wild") or {}).get("ranks") and not low and not first
        counted = tuple(
            ("ROUND-04", what)
            for what, fits in (
                (PAIRS_ASIDE, natural and pairs_aside_reading(r, int(e_seat))),
                (SETS_AS_PAIRS, natural and sets_as_pairs_reading(r, int(e_seat))),
            )
            if fits
        )
        if tie:  # the street's shape may explain it too (read beside it: charged there
            # when the run shows that difference unambiguously elsewhere)
            rule = board_tie_rule(m.doc, row)
            between = Finding(rule, BETWEEN_EQUAL_BOARDS, detail, True)
            shape = opener_reading(m.doc, row, m.before, r, int(e_seat))
            # ... and beside another player opening whatever the tie: an engine that reads
            # boards otherwise (razz's by the high ranking) picks otherwise between equal
            # ones too, one cause where the run shows that plain difference elsewhere
            plain_what = opens_otherwise(m.doc, first)
            readings = ((shape,) if shape else ()) + left + (plain_what,) + counted
            return dataclasses.replace(between, alternatives=readings)
        plain = Finding(*opens_otherwise(m.doc, first), detail, True)
        reading = opener_reading(m.doc, row, m.before, r, int(e_seat))
        if reading is None and counted:
            reading = counted[0]
        read = _read(plain, reading)
        pairs = tuple(c for c in counted if c[1] != read.what)
        return dataclasses.replace(read, alternatives=read.alternatives + left + pairs)
    if opener == "after-big-blind":  # heads-up the dealer's small blind acts first
        live = [v for v in rs.values() if not v.get("folded")]
        rule = "BLIND-04" if len(live) == 2 else "BLIND-03"
        from stud.spec.blame_bets import BLINDS_OPENER

        return Finding(rule, BLINDS_OPENER, detail, True)
    if not first and (m.doc.get("stakes") or {}).get("big_blind"):
        if after_first_actor(m.doc, r, m.forced) == e_seat:  # the blinds' round's opener
            return Finding("BLIND-03", LATER_AFTER_BLINDS, detail, True)
    return Finding("ROUND-01", "another player opens the betting", detail, True)


LATER_AFTER_BLINDS = "a later round is opened where the blinds' round was, not by its own opener"


def after_first_actor(doc: Mapping[str, Any], r: State, forced: int | None) -> int | None:
    """The first player who can still bet, clockwise from the seat that bet first in the
    hand (in a blind game the player left of the big blind; before anyone bet, the seat
    the blinds make first: the dealer heads-up where the dealer posts the small blind):
    where the blinds' round would open now.

    >>> state = {"dealer": 2, "seats": [{"seat": 2}, {"seat": 5, "folded": True}, {"seat": 7}]}
    >>> after_first_actor({}, state, 5), after_first_actor({}, state, 7)
    (7, 7)
    >>> after_first_actor({}, state, None)  # 5 posts the small blind, 7 the big
    2
    """
    seats = seats_of(r)
    ring = sorted(seats)
    if not ring:
        return None
    if forced not in seats:
        dealer = r.get("dealer")
        left = [s for s in ring if isinstance(dealer, int) and s > dealer] or ring
        order = ring[ring.index(left[0]) :] + ring[: ring.index(left[0])]
        dealer_small = (doc.get("blinds") or {}).get("heads_up", "dealer-small") == "dealer-small"
        forced = order[1] if len(order) == 2 and dealer_small else order[2 % len(order)]
    start = ring.index(forced)
    for step in range(len(ring)):
        seat = ring[(start + step) % len(ring)]
        if not seats[seat].get("folded") and not seats[seat].get("all_in"):
            return seat
    return None


def opener_refutes(m: Moment, r: State, e: State, known: Collection[str] = ()) -> set[str]:
    """The ways of picking who opens (:func:`turn`'s readings) that a new street both
    sides open with the same player by the boards rules out for the engine (those in
    ``known``, ruled out already, are not read again)."""
    if not new_street(m, r) or r.get("phase") != "betting":
        return set()
    seat = r.get("to_act")
    opener = street_row(m.doc, r.get("street")).get("opener", "best-board")
    if opener != "best-board" or not isinstance(seat, int) or e.get("to_act") != seat:
        return set()
    return refuted_readings(m.doc, r, seat, m.forced, e.get("dealer"), known)


def bring_in_rule(doc: Mapping[str, Any], lowest: str) -> str:
    """The rule of who brings in: ``lowest`` where the lowest door card brings in, razz's
    own (BRING-13) where the highest does.

    >>> bring_in_rule({"bring_in": {"card": "highest"}}, "BRING-03"), bring_in_rule({}, "BRING-01")
    ('BRING-13', 'BRING-01')
    """
    return "BRING-13" if (doc.get("bring_in") or {}).get("card") == "highest" else lowest


OTHER_BRINGS_IN = "another player brings in than the rules' door card"
BETWEEN_EQUAL_CARDS = "another player brings in between equal door cards"
BETWEEN_EQUAL_BOARDS = "another player opens between equal boards"


def generic_picks() -> frozenset[str]:
    """The plain differences of another pick (another player brings in or opens, between
    equal cards or not): a reading that says how the engine picks is a cause of its own;
    two such readings sharing only a plain one are two causes
    (:func:`stud.spec.deviations.settle`)."""
    low = {"board": {"ranking": "ace-to-five"}}
    opens = {opens_otherwise(doc, first)[1] for doc in ({}, low) for first in (True, False)}
    return frozenset({OTHER_BRINGS_IN, BETWEEN_EQUAL_CARDS, BETWEEN_EQUAL_BOARDS, *opens})


def board_tie_rule(doc: Mapping[str, Any], row: Mapping[str, Any]) -> str:
    """The rule that picks between equal boards on a street: by position (ROUND-11), a
    low board's (ROUND-12), else by suit (ROUND-06).

    >>> board_tie_rule({}, {"ties": "position"}), board_tie_rule({}, {})
    ('ROUND-11', 'ROUND-06')
    """
    ties = row.get("ties") or (doc.get("board") or {}).get("ties", "suit")
    low = (doc.get("board") or {}).get("ranking", "high") != "high"
    return "ROUND-11" if ties == "position" else "ROUND-12" if low else "ROUND-06"


def equal_boards_pick(
    doc: Mapping[str, Any], rules: Mapping[str, Any], engine_pick: object
) -> str | None:
    """The rule of a later street opened by another player than the rules' where the two
    boards are equal (suits aside), or the engine's pick is among the equal best ones:
    the tie broken otherwise; None when the boards differ."""
    row = street_row(doc, rules.get("street"))
    seats, picked = seats_of(rules), rules.get("to_act")
    if row.get("opener", "best-board") != "best-board" or not isinstance(engine_pick, int):
        return None
    mine = seats.get(picked, {}) if isinstance(picked, int) else {}
    if tied(doc, mine, seats.get(engine_pick, {}), "best-board") or tied_top(
        doc, seats, engine_pick
    ):
        return board_tie_rule(doc, row)
    return None


def opens_otherwise(doc: Mapping[str, Any], first: bool) -> tuple[str, str]:
    """The rule and difference of another player opening a street by the boards than the
    rules' best board (on the first street, the best door card).

    >>> opens_otherwise({"board": {"ranking": "ace-to-five"}}, first=False)[0]
    'ROUND-12'
    """
    if first:
        return "BRING-12", "another player opens with the best door card"
    low = (doc.get("board") or {}).get("ranking", "high") != "high"
    what = f"another player opens the betting than the {'lowest' if low else 'best'} board"
    return ("ROUND-12" if low else "ROUND-03"), what


def _read(
    plain: Finding, reading: tuple[str, str] | None = None, *more: tuple[str, str]
) -> Finding:
    """The difference as the rule the engine's pick fits (:mod:`stud.spec.blame_order`),
    with any other reading that fits and the plain one beside it: an engine whose picks
    are wrong elsewhere too is charged to that one cause
    (:func:`stud.spec.deviations.group`)."""
    if reading is None:
        return plain
    beside = (*more, (plain.rule, plain.what))
    return dataclasses.replace(plain, rule=reading[0], what=reading[1], alternatives=beside)


def _all_alike(seats: Mapping[int, Mapping[str, Any]]) -> bool:
    """Whether every player who may bring in (still in, not all in) shows a door card of
    the same rank."""
    able = [s for s in seats.values() if not s.get("folded") and not s.get("all_in")]
    ranks = {_cards(s, "up")[-1][:-1] for s in able if _cards(s, "up")}
    return len(ranks) == 1

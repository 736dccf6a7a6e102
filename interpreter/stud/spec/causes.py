"""The root causes of one failed scenario, as the records its result carries.

:func:`causes_of` replays the scenario's transcript on the reference
(:func:`stud.spec.replay.diagnose`) and turns each finding into a record: the rule
(a catalogue id, never none), what differs (normalised: the key that groups scenarios into
one deviation), the instance, the step where it showed, whether it follows an earlier
one, and the rule followed when the sources do not state it.  When the replay sees no
difference (the scenario failed on something the protocol state does not carry: a hand's
name, the show order, a declaration), the cause is read from the first failed check.

>>> fallback_cause("show_order", ("SHOW-01",), "")["what"]
'the hands are shown in another order'
>>> fallback_cause("pot", (), "")["rule"]
'DEAL-01'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud.rules.ranks import rank_number
from stud.spec.attribution import charge
from stud.spec.blame import DEALT_AWAY, Finding
from stud.spec.blame_end import (
    KICKERS,
    NOT_AWARDED,
    RANKING_RULES,
    READS_ASIDE,
    SEVEN_OF_MORE,
    SHOW_ORDER,
    THROWN_PLAYED,
    UNQUALIFIED,
    chosen_under,
    low_hole_fit,
    made_otherwise,
    named_under,
    plays_thrown,
    reads_aside,
    seven_of_more,
    shown_unqualified,
)
from stud.spec.blame_wild import WILD_READINGS
from stud.spec.results import CATALOGUE_ID

Cause = dict[str, Any]

# what a failed check says differs, and the rule it falls to when the scenario names none
FALLBACK: dict[str, tuple[str, str]] = {
    "to_act": ("ROUND-01", "another player is to act"),
    "street": ("ROUND-02", "the hand is on another street"),
    "dealer": ("SETUP-04", "the dealer's button moves differently"),
    "over": ("ROUND-02", "the hand ends at another point"),
    "legal": ("ROUND-10", "other legal actions are offered"),
    "refused": ("ROUND-10", "an action the rules refuse is accepted"),
    "unchanged": ("ROUND-10", "a refused action changes the state"),
    "pot": ("DEAL-01", "the pot differs"),
    "pots": ("SHOW-07", "the side pots differ"),
    "stack": ("DEAL-01", "a stack differs"),
    "all_in": ("ROUND-10", "a player's all-in status differs"),
    "awards": ("SHOW-01", "the pot is awarded differently"),
    # one evaluator reads a shown hand and answers evaluate: one bug, one cause
    "hand": ("SHOW-01", "a best hand is named or chosen differently"),
    "best": ("SHOW-02", "a best hand is named or chosen differently"),
    # the right name from five cards that are not a best five: the kickers
    "kicker": KICKERS,
    "compare": ("SHOW-02", "the evaluator ranks hands differently"),
    "qualifies": ("HILO-02", "the evaluator qualifies lows differently"),
    "show_order": SHOW_ORDER,
    "declaration": ("DECL-01", "declarations are reported differently"),
    "cards": ("DEAL-02", "a player holds other cards"),
    "community": ("DEAL-09", "the community cards differ"),
    "dealt_from": ("DEAL-08", "cards come from another part of the pack"),
    "no_card": ("DEAL-05", "a player is dealt a card the rules do not give"),
    "no_hand": ("HILO-07", "a hand is shown for a half it does not qualify for"),
    "invariant": ("DEAL-01", "a state breaks an invariant"),
    "engine": ("ROUND-10", "the engine fails"),
}


def fallback_cause(kind: str, catalogue_ids: Sequence[str], step: str) -> Cause:
    """The cause of a failed check of ``kind`` when the replay saw no difference."""
    rule, what = FALLBACK.get(kind, ("ROUND-10", f"the {kind.replace('_', ' ')} differs"))
    charged = [c for c in charge(kind, catalogue_ids) if CATALOGUE_ID.match(c)]
    if not charged and kind not in FALLBACK:
        charged = [c for c in catalogue_ids if CATALOGUE_ID.match(c)][:1]
    rule = charged[0] if charged else rule
    if kind == "wild":  # one cause for each way of naming the wild rank
        what = WILD_READINGS.get(rule, what)
    return {
        "rule": rule,
        "what": what,
        "detail": "",
        "step": step,
        "following": False,
        "beyond": "",
    }


def record(
    finding: Finding,
    step: str,
    following: bool,
    index: int,
    given: str = "",
    independent: bool = False,
) -> Cause:
    cause: Cause = {
        "rule": finding.rule,
        "what": finding.what,
        "detail": finding.detail,
        "step": step,
        "following": following,
        "beyond": finding.beyond,
        "request": index,
        "alternatives": [list(a) for a in finding.alternatives],
    }
    if finding.hands:  # the categories of the hands valued lower (stud.spec.deviations)
        cause["hands"] = list(finding.hands)
    if given:  # found reading the engine another way: kept if the run shows that reading
        cause["given"] = given
    if independent:  # found after chip differences only, on the path itself: its own cause
        cause["independent"] = True
    return cause


def step_at(marks: Sequence[tuple[int, str]], index: int) -> str:
    """The step during which transcript entry ``index`` was sent."""
    step = ""
    for start, text in marks:
        if start > index:
            break
        step = text
    return step


def causes_of(
    transcript: Sequence[Mapping[str, Any]],
    marks: Sequence[tuple[int, str]],
    first_kind: str,
    catalogue_ids: Sequence[str],
    first_step: str,
) -> tuple[Cause, ...]:
    """The causes of a failed scenario, the root first (see the module text)."""
    from stud.spec.replay import as_the_rules_deal, diagnose

    transcript = as_the_rules_deal(transcript)
    refuted: set[str] = set()
    try:
        observed = diagnose(transcript, refuted)
    except Exception:  # noqa: BLE001 - a transcript the reference cannot replay
        observed = []
    causes = _found(transcript, marks, first_kind, catalogue_ids, first_step, observed)
    if causes and refuted:  # read by stud.spec.deviations.settle across the run
        causes[0]["refutes"] = sorted(refuted)
    return causes


def _found(
    transcript: Sequence[Mapping[str, Any]],
    marks: Sequence[tuple[int, str]],
    first_kind: str,
    catalogue_ids: Sequence[str],
    first_step: str,
    observed: Sequence[Any],
) -> tuple[Cause, ...]:
    """The causes of a failed scenario from what its replay observed."""
    if first_kind == "scenario" and not observed:
        return ()  # nothing differs before the step that cannot run: the scenario's error
    cause = fallback_cause(first_kind, catalogue_ids, first_step)
    if first_kind in DEAL_ORDER_FIELDS and _dealt_away(transcript, DEAL_ORDER_FIELDS[first_kind]):
        cause["alternatives"] = [list(DEALT_AWAY)]  # the deal's order explains it
    if first_kind == "kicker":  # charged to the scenario's rule, read beside the kickers'
        cause["alternatives"] = [list(FALLBACK["kicker"])]
    if first_kind in EVALUATED:  # under a ranking of its own: that evaluator's cause
        own = _evaluated_under(transcript, marks, first_step)
        if own is not None:
            cause.update(rule=own, what=chosen_under(own))
    if first_kind == "wild" and _same_cards(transcript):  # (the cards the rules give):
        # how the rules' last change of the wild rank was missed
        follow = _follow_missed(transcript, marks, first_step)
        if follow is not None:
            cause.update(rule=follow[0], what=WILD_READINGS[follow[0]])
            beside = [[r, WILD_READINGS[r]] for r in follow[1]]
            cause["alternatives"] = [*(cause.get("alternatives") or ()), *beside]
    if first_kind == "refused" and _choice_before(transcript, marks, first_step):
        cause.update(rule="DECIDE-04", what="a choice of cards the rules refuse is accepted")
    try:
        shown = _shown_otherwise(transcript) if first_kind in ("hand", "kicker") else None
    except Exception:  # noqa: BLE001 - a transcript the reference cannot replay
        shown = None
    if shown is not None:  # a shown hand plays a card it may not: thrown away, left aside
        cause.update(rule=shown[0], what=shown[1], alternatives=shown[2])
    if not observed:
        return (cause,)
    found = [
        record(o.finding, step_at(marks, o.index), o.following, o.index, o.given, o.independent)
        for o in observed
    ]
    _wild_named(found, transcript)
    if first_kind in DEAL_ORDER_FIELDS:  # a field the replay does not compare failed too:
        # its own cause when every seat holds the cards the rules give it (the cards and
        # the event table alone set it), else seen after the other differences
        cause["following"] = True
        if _same_cards(transcript):
            cause["independent"] = True
        found.append(cause)
    return tuple(found)


EVALUATED = ("best", "compare")  # the checks of the hands an evaluate reply reads


def _evaluated_under(
    transcript: Sequence[Mapping[str, Any]], marks: Sequence[tuple[int, str]], step: str
) -> str | None:
    """The rule of the ranking of the last ``evaluate`` sent before ``step`` ends, when it
    is a ranking of its own (deuce-to-seven, badugi...: one evaluator, one cause with the
    hands it reads at the showdown), else None."""
    start = next((i for i, text in marks if text == step), None)
    end = next((i for i, _ in marks if start is not None and i > start), len(transcript))
    asked = [e.get("request") or {} for e in transcript[:end] if _op(e) == "evaluate"]
    ranking = asked[-1].get("ranking") if asked else None
    return RANKING_RULES.get(str(ranking)) if ranking is not None else None


def _follow_missed(
    transcript: Sequence[Mapping[str, Any]], marks: Sequence[tuple[int, str]], step: str
) -> tuple[str, tuple[str, ...]] | None:
    """The rule of a wild rank checked at ``step`` that the engine leaves where it was
    before the rules' last change (:func:`stud.spec.blame_wild.follow_reading`)."""
    start = next((i for i, text in marks if text == step), None)
    end = next((i for i, _ in marks if start is not None and i > start), len(transcript))
    return _follow_upto(transcript[:end])


def _follow_upto(upto: Sequence[Mapping[str, Any]]) -> tuple[str, tuple[str, ...]] | None:
    """:func:`_follow_missed` where the transcript ends at ``upto``'s last entry."""
    from stud.spec.blame_wild import follow_reading
    from stud.spec.diagnosis import ruleset_of
    from stud.spec.replay import engine_last, rules_log

    request = next((e.get("request") for e in upto if _op(e) == "new_hand"), None)
    wild = engine_last(upto).get("wild_ranks")
    if not isinstance(request, Mapping) or not isinstance(wild, list):
        return None
    try:
        ranks = [r for r in map(rank_number, wild) if r is not None]
        return follow_reading(ruleset_of(request), rules_log(upto), ranks, _same_cards(upto))
    except Exception:  # noqa: BLE001 - a transcript the reference cannot replay
        return None


def _wild_named(causes: list[Cause], transcript: Sequence[Mapping[str, Any]]) -> None:
    """Each cause found where the wild ranks may explain it (charged to, or read beside,
    a rule that names the wild rank: the showdown of a follow the queen), charged to the
    rules' change of the wild rank the engine missed, where it stands where the rules were
    before it (as ``stud fuzz`` reads it, :mod:`stud.fuzz.wildread`)."""
    for cause in causes:
        rules = {cause["rule"], *(a[0] for a in cause.get("alternatives") or ())}
        if not rules & set(WILD_READINGS) or not isinstance(cause.get("request"), int):
            continue
        follow = _follow_upto(transcript[: int(cause["request"]) + 1])
        if follow is not None:
            cause.update(rule=follow[0], what=WILD_READINGS[follow[0]])
            cause["alternatives"] = [[r, WILD_READINGS[r]] for r in follow[1]]


def _choice_before(
    transcript: Sequence[Mapping[str, Any]], marks: Sequence[tuple[int, str]], step: str
) -> bool:
    """Whether the last action sent before ``step`` is a choice of cards in a decision
    round (a discard, a draw, cards turned up or set aside)."""
    from stud.rules.model import DECISION_CHOICES

    end = next((start for start, text in marks if text == step), len(transcript))
    acts = [e.get("request") or {} for e in transcript[:end] if _op(e) == "act"]
    return bool(acts) and acts[-1].get("action") in DECISION_CHOICES


def _shown_otherwise(
    transcript: Sequence[Mapping[str, Any]],
) -> tuple[str, str, list[list[str]]] | None:
    """A hand the engine shows at the end that plays a card it may not: one its seat
    threw away (:func:`plays_thrown`), or one its share leaves aside (the common cards of
    a share of the player's own cards, :func:`reads_aside`); or a hand made or named
    otherwise under a ranking of its own (:func:`made_otherwise`, :func:`named_under`)."""
    from stud.spec.diagnosis import ruleset_of

    request = next((e.get("request") for e in transcript if _op(e) == "new_hand"), None)
    state = next((e["reply"]["state"] for e in reversed(transcript) if _state(e) is not None), None)
    if not isinstance(request, Mapping) or not isinstance(state, Mapping):
        return None
    shown = _hands(state)
    doc = ruleset_of(request)
    thrown = plays_thrown(doc, state, shown, list(shown))
    if thrown is not None:
        return thrown, THROWN_PLAYED, []
    aside = reads_aside(doc, state, shown)
    if aside is not None:
        return aside, READS_ASIDE, []
    from stud.spec.replay import rules_last

    rules = rules_last(transcript)
    if not rules:
        return None
    low_hole = low_hole_fit(doc, rules, state)  # the Low Hole wild rank read otherwise
    if low_hole:
        return (*low_hole[0], [list(x) for x in low_hole[1:]])
    differ = [k for k, v in _hands(rules).items() if sorted(shown.get(k, v)) != sorted(v)]
    if seven_of_more(doc, rules, shown, differ):  # the best of seven of more cards
        return "CARDS-01", SEVEN_OF_MORE, []
    made = made_otherwise(doc, rules, _hands(rules), shown) or named_under(doc, rules, state)
    if made is not None:
        return (*made, [])
    if shown_unqualified(doc, rules, state):  # ... or none for a share it qualifies for
        return (*UNQUALIFIED, [["HILO-02", NOT_AWARDED]])
    return None


def _hands(state: Mapping[str, Any]) -> dict[tuple[int, str], tuple[str, ...]]:
    """The cards of each hand shown at the end, by seat and share."""
    return {  # (a hand shown without its cards: none)
        (int(h.get("seat") or 0), str(h.get("share"))): tuple(
            map(str, h["cards"] if isinstance(h.get("cards"), list) else ())
        )
        for h in (state.get("result") or {}).get("hands") or ()
        if isinstance(h, Mapping)
    }


def _op(entry: Mapping[str, Any]) -> object:
    return (entry.get("request") or {}).get("op")


def _state(entry: Mapping[str, Any]) -> Mapping[str, Any] | None:
    state = (entry.get("reply") or {}).get("state")
    return state if isinstance(state, Mapping) else None


# failed checks on state fields the replay does not compare, which the deal's order sets
DEAL_ORDER_FIELDS = {"wild": "wild_ranks"}


def _same_cards(transcript: Sequence[Mapping[str, Any]]) -> bool:
    from stud.spec.replay import same_cards

    try:
        return same_cards(transcript)
    except Exception:  # noqa: BLE001 - a transcript the reference cannot replay
        return False


def _dealt_away(transcript: Sequence[Mapping[str, Any]], key: str) -> bool:
    from stud.spec.replay import dealt_away

    try:
        return dealt_away(transcript, key)
    except Exception:  # noqa: BLE001 - a transcript the reference cannot replay
        return False


def cause_line(cause: Mapping[str, Any]) -> str:
    """A cause in one line, for a failure's message.

    >>> cause_line({"rule": "BRING-07", "what": "the pot misses chips", "detail": "x",
    ...             "step": "When Bob brings in", "beyond": ""})
    "[BRING-07] the pot misses chips (at 'When Bob brings in': x)"
    """
    where = f"at '{cause['step']}'" if cause.get("step") else ""
    detail = cause.get("detail") or ""
    inside = ": ".join(p for p in (where, detail) if p)
    text = f"[{cause['rule']}] {cause['what']}" + (f" ({inside})" if inside else "")
    if cause.get("beyond"):
        text += f"; beyond the sources: {cause['beyond']}"
    return text

"""Which way of naming the wild rank an engine plays, when its wild cards differ (EVENT-02..09).

An event table names the wild rank as the cards fall: the card after a face-up queen
(follow the queen), a rank shown twice (coupons).  When an engine's showdown or wild ranks
differ from the rules' in such a game, the difference may come from any of the values
that decide the wild rank, and each is its own rule in the catalogue: a down card right
after a queen passed over or ending the wait (EVENT-03 / EVENT-04), a new queen clearing
the old rank at once or not (EVENT-03 / EVENT-02), queens wild themselves or not
(EVENT-04 / EVENT-03), the event not played at all (EVENT-02, follow the king's
EVENT-09, coupons' EVENT-06).  Where the engine's wild ranks are those the rules had
just before their last change, the rules' own log of the hand says which change was
missed (:func:`stud.spec.blame_wild.follow_reading`, as ``stud verify`` reads a wild
check): the card after a queen (EVENT-02, a queen dealt last on a street included), a
down card in between or a new queen clearing the rank (the game's own rule).  Otherwise
:func:`name_wild` plays the hand again on the reference
under each of those other values (:func:`readings`) and charges the difference to the
rule of the first one under which the reference does what the engine did: the same wild
ranks where the engine reports them, else the same awards.  Where no reading does, but
the engine reports other wild ranks in a game whose events name the rank one way, the
difference is charged to that way's rule; otherwise it keeps its own rule and the event
rules beside it.

The values are ruleset values; the rule each is charged to follows from the catalogue
(:func:`stud.spec.blame_wild.follow_rule`: kings as the trigger are follow the king's).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any

from stud.rules.ranks import rank_number
from stud.spec.blame import Finding
from stud.spec.blame_wild import (
    WILD_READINGS,
    event_rules,
    follow_reading,
    follow_rule,
    trigger_ranks,
)
from stud.spec.profile import Profile

Reading = tuple[tuple[str, Any], ...]

# the two values of each choice a follow row makes (the ruleset schema's enums)
OTHER = {
    "down_card": {"skipped": "cancels", "cancels": "skipped"},
    "previous": {"kept": "cleared", "cleared": "kept"},
}


def readings(doc: Mapping[str, Any]) -> list[tuple[str, Reading]]:
    """Each other way of naming the wild rank than ``doc``'s, with the rule it breaks: the
    rule of the game the row plays (:func:`stud.spec.blame_wild.follow_rule`), else the
    rule of the value read otherwise.

    >>> doc = {"wild": {"ranks": [12]}, "events": [{"name": "ftq", "when": {"ranks": [12]},
    ...        "wild_follows": {"previous": "cleared", "down_card": "cancels"}}]}
    >>> for rule, reading in readings(doc):
    ...     print(rule, reading)
    EVENT-04 (('events.ftq.wild_follows.down_card', 'skipped'),)
    EVENT-03 (('events.ftq.wild_follows.previous', 'kept'),)
    EVENT-04 (('wild.ranks', []),)
    EVENT-02 (('events', []),)
    """
    out: list[tuple[str, Reading]] = []
    events = [row for row in doc.get("events") or () if isinstance(row, Mapping)]
    fixed = list((doc.get("wild") or {}).get("ranks") or ())
    for row in events:
        others = [r for r in events if r is not row]
        if row.get("wild_rank") == "this":  # coupons: the rank shown twice
            out.append(("EVENT-06", (("events", others),)))
            continue
        follows = row.get("wild_follows")
        if not isinstance(follows, Mapping):
            continue
        game = follow_rule(doc, row)
        own = None if game == "EVENT-02" else game  # a game of its own: all its values
        trigger = trigger_ranks(row)
        path = f"events.{row.get('name')}.wild_follows"
        down = str(follows.get("down_card") or "skipped")
        if down in OTHER["down_card"]:
            rule = "EVENT-04" if down == "cancels" else "EVENT-03"
            out.append((own or rule, ((f"{path}.down_card", OTHER["down_card"][down]),)))
        previous = str(follows.get("previous") or "kept")
        if previous in OTHER["previous"]:
            rule = "EVENT-03" if previous == "cleared" else "EVENT-02"
            out.append((own or rule, ((f"{path}.previous", OTHER["previous"][previous]),)))
        if trigger:
            wild = {rank_number(r) for r in fixed}
            if trigger <= wild:  # the trigger's rank is wild itself
                toggled = [r for r in fixed if rank_number(r) not in trigger]
                out.append((own or "EVENT-04", (("wild.ranks", toggled),)))
            else:
                toggled = fixed + sorted(t for t in trigger if t not in wild)
                out.append((own or "EVENT-03", (("wild.ranks", toggled),)))
        out.append((own or "EVENT-02", (("events", others),)))
    return out


def concerns_wild(finding: Finding) -> bool:
    """Whether a finding may come from the wild rank: charged to an event rule that names
    it, or read beside those rules (a showdown in a game whose events name it)."""
    rules = {finding.rule, *(rule for rule, _ in finding.alternatives)}
    return bool(rules & set(WILD_READINGS))


def _same(played: Mapping[str, Any], engine: Mapping[str, Any]) -> bool:
    from stud.fuzz.fields import view

    mine, theirs = played.get("wild_ranks"), engine.get("wild_ranks")
    if isinstance(mine, list) and isinstance(theirs, list):
        return {rank_number(r) for r in mine} == {rank_number(r) for r in theirs}
    if played.get("result") is None or engine.get("result") is None:
        return False
    return bool(view(played, "result") == view(engine, "result"))


def _played(doc: Mapping[str, Any], deal: Mapping[str, Any], requests: Sequence[Any]) -> Any:
    """The reference's state after the hand's requests under ``doc`` (None: it refused
    one the rules' reference played, so the reading takes another path)."""
    return _replayed(doc, deal, requests)[0]


def _replayed(
    doc: Mapping[str, Any], deal: Mapping[str, Any], requests: Sequence[Any]
) -> tuple[Any, list[tuple[Any, ...]]]:
    """:func:`_played`'s state, and the reference's log of the hand (its events)."""
    from stud.fuzz.play import Reference

    reference = Reference()
    reply = reference.request("new_hand", **{**deal, "ruleset": doc})
    for request, ok in requests:
        if not reply.get("ok"):
            return None, []
        reply = reference.request("act", **request) if ok else reply
        if ok and not reply.get("ok"):
            return None, []
    hand = reference.handler.hand
    log = list(hand.log) if hand is not None else []
    return (reply.get("state") if reply.get("ok") else None), log


def _follow(
    doc: Mapping[str, Any], deal: Mapping[str, Any], requests: Sequence[Any], engine: Any
) -> tuple[str, tuple[str, ...]] | None:
    """The rule of the rules' last change of the wild rank where the engine's wild ranks
    are those before it (:func:`stud.spec.blame_wild.follow_reading`)."""
    theirs = engine.get("wild_ranks")
    if not isinstance(theirs, list):
        return None
    _, log = _replayed(doc, deal, requests)
    ranks = [r for r in map(rank_number, theirs) if r is not None]
    return follow_reading(doc, log, ranks) if log else None


def name_wild(
    finding: Finding,
    doc: Mapping[str, Any],
    deal: Mapping[str, Any],
    requests: Sequence[tuple[Mapping[str, Any], bool]],
    engine: Any,
) -> Finding:
    """``finding`` charged to the rule of the first other way of naming the wild rank under
    which the reference, dealt ``deal`` and played ``requests`` (each with whether the
    rules took it), ends where the ``engine`` state is; else as it is."""
    if not isinstance(engine, Mapping) or not concerns_wild(finding):
        return finding
    try:
        follow = _follow(doc, deal, requests, engine)
    except Exception:  # noqa: BLE001 - a hand the reference cannot play again explains nothing
        follow = None
    if follow is not None:  # the engine stands where the rules were before their last change
        charged = _charged(finding, follow[0], "the rules' last change of the wild rank missed")
        return dataclasses.replace(
            charged, alternatives=tuple((r, WILD_READINGS[r]) for r in follow[1])
        )
    for rule, values in readings(doc):
        try:
            state = _played(Profile(values).apply(doc), deal, requests)
        except Exception:  # noqa: BLE001 - a reading the reference cannot play explains nothing
            continue
        if isinstance(state, Mapping) and _same(state, engine):
            as_with = ", ".join(f"{path}: {json.dumps(value)}" for path, value in values)
            return _charged(finding, rule, f"the rules end as the engine with {as_with}")
    rules = event_rules(doc)
    ranks = _other_wild(requests, engine, deal, doc)
    if len(rules) == 1 and ranks:  # named otherwise, in a way no reading gives
        return _charged(
            finding, rules[0], f"wild ranks by the rules {ranks[0]}, the engine {ranks[1]}"
        )
    return finding


def _charged(finding: Finding, rule: str, why: str) -> Finding:
    return dataclasses.replace(
        finding,
        rule=rule,
        what=WILD_READINGS[rule],
        detail=f"{finding.detail} ({why})",
        alternatives=(),
    )


def _other_wild(
    requests: Sequence[Any], engine: Mapping[str, Any], deal: Any, doc: Any
) -> tuple[list[int], list[int]] | None:
    """The rules' and the engine's wild ranks, where the engine reports other ones."""
    theirs = engine.get("wild_ranks")
    if not isinstance(theirs, list):
        return None
    state = _played(doc, deal, requests)
    mine = state.get("wild_ranks") if isinstance(state, Mapping) else None
    if not isinstance(mine, list):
        return None
    ranks = [
        sorted({r for r in map(rank_number, side) if r is not None}) for side in (mine, theirs)
    ]
    return None if ranks[0] == ranks[1] else (ranks[0], ranks[1])

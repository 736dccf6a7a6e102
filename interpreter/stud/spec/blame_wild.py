"""How the wild rank is named, by the catalogue's rules: the event rows that name it (follow
the queen in either of its games, follow the king, coupons) and the words a difference in
it is reported with, in :mod:`stud.spec.blame_end` and :mod:`stud.fuzz.wildread`."""

from __future__ import annotations

from collections.abc import Mapping
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

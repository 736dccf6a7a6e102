"""When the pack runs short, in :mod:`stud.spec.blame`: which run-out rule a deal breaks.

With many players the pack can run short before the river.  The rules then deal the
burned cards again (DEAL-08), never a folded player's dead cards (DEAL-07), and when even
that is too few, one shared card to the centre for everyone (DEAL-09).  A deal that
differs there is charged to the one of those rules it breaks, not to the street's deal.

>>> deck = ["2c", "3c", "4c", "5c"]
>>> reused_burns(deck, dealt=["3c", "4c"], new=["2c"])  # 2c comes before cards dealt
True
>>> reused_burns(deck, dealt=["2c", "3c"], new=["4c"])
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stud.spec.blame import EXTRA_COUNT, Finding, Moment, State, seats_of, street_row, where

DEAD = ("DEAL-07", "a folded player's dead cards are dealt again")
BURNS = ("DEAL-08", "the burned cards are not dealt again when the pack runs short")


def _held(state: State | None, folded: bool | None = None) -> list[str]:
    out = []
    for seat in seats_of(state).values():
        if folded is None or bool(seat.get("folded")) == folded:
            out += [str(c) for c in [*(seat.get("down") or ()), *(seat.get("up") or ())]]
    return out


def reused_burns(deck: Sequence[str], dealt: Sequence[str], new: Sequence[str]) -> bool:
    """Whether a new card comes from earlier in the pack than a card already dealt: the
    rules deal a burned card again."""
    position = {c: i for i, c in enumerate(deck)}
    known = [position[c] for c in dealt if c in position]
    return bool(known) and any(position.get(c, len(deck)) < max(known) for c in new)


def run_out(
    m: Moment,
    r: State,
    r_new: Sequence[str],
    e_new: Sequence[str],
    community: tuple[Sequence[str], Sequence[str]],
    detail: str,
) -> Finding | None:
    """The run-out rule a street's deal breaks (the rules' and the engine's new cards to
    the players, and both sides' community cards), or None when it is no run-out."""
    if "centre" in (street_row(m.doc, r.get("street")).get("deal") or ()):
        return None  # a street that deals to the centre by the table: no run-out
    r_common, e_common = community
    dealt = _held(m.before) + [str(c) for c in (m.before or {}).get("community") or ()]
    if reused_burns(m.deck, dealt, r_new) and not reused_burns(m.deck, dealt, e_new):
        return Finding(*BURNS, detail, True)
    if len(r_common) > len(e_common) and len(e_new) > len(r_new):
        if set(_held(m.before, folded=True)) & set(e_new):
            return Finding(*DEAD, detail, True)
        what = "the players are dealt cards where the rules deal one shared card"
        # the cards may come from dead hands shuffled back in: that cause, where seen
        return Finding("DEAL-09", what, detail, True, alternatives=(DEAD, *_limited(m, r)))
    if len(e_common) > len(r_common) and len(r_new) > len(e_new):
        what = "a shared card is dealt while the pack still serves every player"
        return Finding("DEAL-09", what, detail, True, alternatives=_limited(m, r))
    return None


def _limited(m: Moment, r: State) -> tuple[tuple[str, str], ...]:
    """Another number of extra cards, where an event's extra cards are limited at this
    table (``extra_card.most``): the pack the rules keep for the run-out counts on that
    limit, so an engine without it runs out otherwise, even in a hand whose extra cards
    stay within it (read beside it, charged there where the run shows it)."""
    players = len(seats_of(r))
    for row in m.doc.get("events") or ():
        extra = row.get("extra_card") if isinstance(row, Mapping) else None
        if isinstance(extra, Mapping) and extra.get("most") is not None:
            if players >= int(extra.get("most_from_players") or 2):
                return (EXTRA_COUNT,)
    return ()


def failed_deal(m: Moment, ref: Mapping[str, Any], message: str) -> Finding | None:
    """An engine that fails on a request where the rules deal burned cards again."""
    r = ref.get("state")
    if not isinstance(r, Mapping) or m.before is None:
        return None
    if r.get("street") == m.before.get("street"):
        return None
    dealt = _held(m.before) + [str(c) for c in m.before.get("community") or ()]
    new = [c for c in _held(r) + [str(c) for c in r.get("community") or ()] if c not in dealt]
    if reused_burns(m.deck, dealt, new):
        return Finding(*BURNS, f"{where(m, r)}: the engine said: {message}", True)
    return None

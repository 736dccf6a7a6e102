"""Then-steps that observe what is *not* there, or not shown yet (issue 19, gaps 3 and 5).

A missing hand, card or declaration is easy to "observe" by accident: a player who folded
shows no hand, a street never reached deals no card.  So each check first makes sure the
situation it speaks about was reached (the showdown, the street), and records what it saw
through :meth:`ScenarioContext.check` like every other Then-step.

Declarations are read from the state's optional ``declarations`` field; an engine that
leaves it out does not expose them, which makes the scenario *not supported*.
"""

from __future__ import annotations

from typing import Any

from stud.cards import parse_cards
from stud.engine.wild import wild_ranks_for
from stud.rules.model import Wild
from stud.spec.checks import DECIDED, evaluate_via_engine
from stud.spec.context import NotSupported, ScenarioContext, ScenarioError, StepFailed


def _showdown_seat(ctx: ScenarioContext, player: str) -> tuple[int, dict[str, Any]]:
    """The player's seat and the result, once the player has reached the showdown."""
    seat = ctx.seat_of(player)
    result = ctx.state.get("result")
    if not result:
        raise StepFailed(f"the hand is not over, so {player} has shown nothing yet")
    if ctx.seat_state(seat).get("folded"):
        raise StepFailed(f"{player} folded and is not at the showdown")
    return seat, dict(result)


def check_no_hand(ctx: ScenarioContext, player: str, share: str) -> None:
    """The player reached the showdown and the result shows no hand of theirs for ``share``."""
    seat, result = _showdown_seat(ctx, player)
    shown = [
        " ".join(h.get("cards") or []) or str(h.get("name", ""))
        for h in result.get("hands", [])
        if int(h["seat"]) == seat and (h.get("share") or "high") == share
    ]
    ctx.check("no_hand", [], shown, f"{player}'s {share} hand")


def _low_share(ctx: ScenarioContext) -> tuple[str, int]:
    for share in ctx.resolved_ruleset().get("pot", {}).get("shares", []):
        if share.get("ranking", "high") != "high" and share.get("qualifier") is not None:
            return str(share["ranking"]), int(share["qualifier"])
    raise ScenarioError("this game has no low share with a qualifier")


def check_no_qualifying_low(ctx: ScenarioContext, player: str) -> None:
    """The player's cards (down, up and community, as the engine shows them) make no low
    under the game's qualified low share, as the engine's evaluator reads them."""
    ranking, qualifier = _low_share(ctx)
    me = ctx.seat_state(ctx.seat_of(player))
    down = list(me.get("down", []))
    cards = down + list(me.get("up", [])) + list(ctx.state.get("community") or [])
    if not 5 <= len(cards) <= 8:
        raise StepFailed(f"{player} holds {len(cards)} cards; a low needs 5 to 8 to judge")
    wild = ctx.resolved_ruleset().get("wild", {}) or {}
    ranks = wild_ranks_for(
        Wild(
            ranks=tuple(int(r) for r in wild.get("ranks", []) or ()),
            low_hole=bool(wild.get("low_hole", False)),
            joker=str(wild.get("joker", "none")),
        ),
        parse_cards(down),
        ranking,
    )
    (entry,) = evaluate_via_engine(ctx, ranking, [" ".join(cards)], qualifier, ranks)
    ctx.check("qualifies", False, entry.get("qualifies", True), f"{player}: {' '.join(cards)}")


def _dealt_before(ctx: ScenarioContext, street: str) -> tuple[int, int]:
    """How many cards a player holds before ``street`` is dealt, and the street's index."""
    streets = list(ctx.resolved_ruleset().get("streets", []))
    names = [str(s["name"]) for s in streets]
    if street not in names:
        raise ScenarioError(f"'{street}' is not a street of this ruleset")
    if any(s.get("decide") for s in streets):
        raise ScenarioError(DECIDED)
    index = names.index(street)
    return sum(len(s.get("deal", [])) for s in streets[:index]), index


def check_no_card(ctx: ScenarioContext, street: str, player: str | None = None) -> None:
    """Nobody (or ``player``) got a card on ``street``, and (for nobody) no community card
    was turned up; the street must have come or the hand be over."""
    held, index = _dealt_before(ctx, street)
    state = ctx.state
    names = [str(s["name"]) for s in ctx.resolved_ruleset().get("streets", [])]
    now = names.index(state["street"]) if state.get("street") in names else -1
    if now < index and state.get("result") is None:
        raise StepFailed(f"{street} street has not come yet ({state.get('street')} street)")
    only = None if player is None else ctx.seat_of(player)
    extra: list[str] = []
    for seat in state["seats"]:
        if only is not None and int(seat["seat"]) != only:
            continue
        cards = list(seat.get("down", [])) + list(seat.get("up", []))
        if len(cards) > held:
            extra.append(f"{ctx.name_of(int(seat['seat']))}: {len(cards) - held} more")
    if player is None:
        extra += [f"community: {c}" for c in _runout(ctx)]
    ctx.check("no_card", [], extra, f"on {street} street")


def _runout(ctx: ScenarioContext) -> list[str]:
    """Community cards other than those the ruleset puts in the centre before the deal."""
    centre = [str(c) for c in ctx.resolved_ruleset().get("deck", {}).get("centre", []) or []]
    return [c for c in ctx.state.get("community") or [] if c not in centre]


def check_no_community(ctx: ScenarioContext) -> None:
    ctx.check("community", [], _runout(ctx))


def check_declaration(ctx: ScenarioContext, player: str, declaration: str) -> None:
    """What the state shows of the player's declaration: a share, hidden, or not made."""
    state = ctx.state
    if "declarations" not in state:
        raise NotSupported("the engine's state has no 'declarations': it does not expose them")
    seat = ctx.seat_of(player)
    entries = [d for d in state.get("declarations") or [] if int(d["seat"]) == seat]
    if not entries:
        actual = "not made yet"
    elif entries[0].get("declare") is None:
        actual = "hidden"
    else:
        actual = str(entries[0]["declare"])
    ctx.check("declaration", declaration, actual, f"{player}'s declaration")

"""The longer Then-steps (awards, pots, hands shown, evaluator checks) and auto-play.

Each check goes through :meth:`ScenarioContext.check` so it is recorded as data.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stud.money import fmt, to_money
from stud.spec.context import NotSupported, ScenarioContext, ScenarioError, StepFailed
from stud.spec.phrases import canon_cards, split_list

STREET_WORDS = ("third", "fourth", "fifth", "sixth", "seventh")
_AUTO = ("check", "bring_in", "call", "stand_pat")


def _columns(table: Sequence[Sequence[str]], required: Sequence[str]) -> list[str]:
    if not table:
        raise ScenarioError(f"the table needs the columns {', '.join(required)}")
    header = [h.strip().lower() for h in table[0]]
    missing = [c for c in required if c not in header]
    if missing:
        raise ScenarioError(f"the table lacks the column(s) {', '.join(missing)}")
    return header


def _result(ctx: ScenarioContext) -> dict[str, Any]:
    result = ctx.state.get("result")
    if not result:
        raise StepFailed(
            f"the hand is not over: {ctx.state.get('street')} street, "
            f"{ctx.name_of(ctx.state['to_act']) if ctx.state.get('to_act') else 'no one'} to act"
        )
    return dict(result)


def check_awards(ctx: ScenarioContext, table: Sequence[Sequence[str]]) -> None:
    """Awards summed by player (and share, and pot, when the table has those columns)."""
    header = _columns(table, ["player", "amount"])
    keys = [c for c in ("share", "pot") if c in header]

    def key(name: str, row: dict[str, Any]) -> str:
        return "/".join([name] + [str(row.get(k, "")) for k in keys])

    expected: dict[str, Any] = {}
    for raw in table[1:]:
        row = dict(zip(header, (c.strip() for c in raw), strict=False))
        k = key(row["player"], row)
        expected[k] = to_money(row["amount"]) + expected.get(k, 0)
    actual: dict[str, Any] = {}
    for award in _result(ctx).get("awards", []):
        k = key(ctx.name_of(int(award["seat"])), award)
        actual[k] = to_money(award["amount"]) + actual.get(k, 0)
    ctx.check(
        "awards",
        {k: fmt(v) for k, v in sorted(expected.items())},
        {k: fmt(v) for k, v in sorted(actual.items()) if v},
    )


def check_pots(ctx: ScenarioContext, table: Sequence[Sequence[str]]) -> None:
    header = _columns(table, ["amount", "eligible"])
    expected = []
    for raw in table[1:]:
        row = dict(zip(header, (c.strip() for c in raw), strict=False))
        expected.append(
            {
                "amount": fmt(to_money(row["amount"])),
                "eligible": sorted(split_list(row["eligible"])),
            }
        )
    actual = [
        {
            "amount": fmt(to_money(p["amount"])),
            "eligible": sorted(ctx.name_of(int(s)) for s in p.get("eligible", [])),
        }
        for p in ctx.state.get("pots", [])
    ]
    ctx.check("pots", expected, actual)


def check_shows(
    ctx: ScenarioContext, player: str, name: str, share: str | None, best: str | None
) -> None:
    seat = ctx.seat_of(player)
    shown = [h for h in _result(ctx).get("hands", []) if int(h["seat"]) == seat]
    if share:
        shown = [h for h in shown if h.get("share") == share]
    elif len(shown) > 1:
        shown = [h for h in shown if h.get("share") in (None, "high")] or shown[:1]
    entry = shown[0] if shown else None
    expected: dict[str, Any] = {"name": name.lower()}
    actual: dict[str, Any] = {"name": str(entry["name"]).lower() if entry else None}
    if best:
        expected["cards"] = sorted(best.split())
        actual["cards"] = sorted(canon_cards(" ".join(entry["cards"])).split()) if entry else None
    ctx.check("hand", expected, actual, f"{player}'s {share or ''} hand".replace("  ", " "))


def _evaluate(ctx: ScenarioContext, ranking: str, hands: list[str]) -> list[dict[str, Any]]:
    features = ctx.hello.get("features", [])
    if isinstance(features, list) and "evaluate" not in features:
        raise NotSupported("the engine does not offer the 'evaluate' capability")
    return list(ctx.engine.evaluate(ranking, [h.split() for h in hands]))


def check_compare(
    ctx: ScenarioContext, ranking: str, first: str, relation: str, second: str
) -> None:
    a, b = _evaluate(ctx, ranking, [first, second])
    ra, rb = int(a["rank"]), int(b["rank"])
    actual = "beats" if ra < rb else "loses to" if ra > rb else "ties with"
    ctx.check("compare", relation, actual)


def check_best(ctx: ScenarioContext, ranking: str, cards: str, name: str, best: str | None) -> None:
    (entry,) = _evaluate(ctx, ranking, [cards])
    expected: dict[str, Any] = {"name": name.lower()}
    actual: dict[str, Any] = {"name": str(entry.get("name", "")).lower()}
    if best:
        expected["cards"] = sorted(best.split())
        actual["cards"] = sorted(canon_cards(" ".join(entry.get("best", []))).split())
    ctx.check("best", expected, actual)


def check_dealt_from(ctx: ScenarioContext, street: str, cards: str) -> None:
    """Every card dealt on ``street`` (to live players) is among ``cards``, none twice."""
    streets = list(ctx.resolved_ruleset().get("streets", []))
    names = [str(s["name"]) for s in streets]
    if street not in names:
        raise ScenarioError(f"'{street}' is not a street of this ruleset")
    index = names.index(street)
    downs = sum(1 for s in streets[:index] for d in s.get("deal", []) if d == "down")
    ups = sum(1 for s in streets[:index] for d in s.get("deal", []) if d == "up")
    deal = list(streets[index].get("deal", []))
    community = list(ctx.state.get("community", []))
    dealt: list[str] = []
    short: list[str] = []
    for seat in ctx.state["seats"]:
        if seat.get("folded"):
            continue
        down, up = list(seat.get("down", [])), list(seat.get("up", []))
        got = down[downs : downs + deal.count("down")] + up[ups : ups + deal.count("up")]
        if len(got) < len(deal) and not community:
            short.append(str(seat["name"]))
        dealt += got
    dealt += community
    allowed = set(cards.split())
    ok = bool(dealt) and not short and set(dealt) <= allowed and len(set(dealt)) == len(dealt)
    detail = f"dealt {' '.join(dealt) or 'nothing'}" + (
        f"; no card for {', '.join(short)}" if short else ""
    )
    ctx.check("dealt_from", True, ok, detail)


def _reached(state: dict[str, Any], target: str) -> bool:
    if target == "the showdown":
        return state.get("result") is not None
    if target == "the declaration":
        return state.get("phase") == "declare"
    if target == "the exchange":
        return state.get("phase") == "exchange"
    return state.get("street") == target.removesuffix(" street")


def play_until(ctx: ScenarioContext, target: str) -> None:
    """Everyone checks when possible, else brings in / calls / stands pat, until ``target``."""
    for _ in range(1000):
        state = ctx.state
        if _reached(state, target):
            return
        seat = state.get("to_act")
        if seat is None:
            raise StepFailed(f"the hand ended before {target}")
        offered = {str(e["action"]) for e in state.get("legal", [])}
        action = next((a for a in _AUTO if a in offered), None)
        if action is None:
            raise StepFailed(
                f"{ctx.name_of(int(seat))} must choose among {', '.join(sorted(offered))} "
                f"before {target}"
            )
        ctx.act(int(seat), action)
    raise StepFailed(f"{target} was not reached after 1000 actions")

"""The longer Then-steps (awards, pots, hands shown, evaluator checks) and auto-play.

Each check goes through :meth:`ScenarioContext.check` so it is recorded as data.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.cards import parse_cards
from stud.engine.wild import joker_for, wild_ranks_for
from stud.errors import StudError
from stud.hands import ranking as hand_ranking
from stud.hands.making import make_hand
from stud.hands.rankings import CORE as CORE_RANKINGS
from stud.money import fmt, to_money
from stud.rules.model import Wild
from stud.spec.context import NotSupported, ScenarioContext, ScenarioError, StepFailed
from stud.spec.phrases import canon_cards, split_list
from stud.spec.splitcheck import SPLIT_PARTS, split_part
from stud.spec.steer import acted_this_round, auto_move, round_left_open

STREET_WORDS = ("third", "fourth", "fifth", "sixth", "seventh")
DECIDED = (
    "this step reads the cards dealt from how many each street deals, which decision rounds "
    "change (cards thrown, turned up or drawn): check what a player holds instead"
)


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
    """The hand a player shows, judged by its five cards when the engine gives them.

    Hand names are informative and engines word them differently, so when the shown hand
    lists its ``cards`` the name compared is the reference evaluator's name of those five
    (under the share's ranking, qualifier and wild cards), and the five must be a best
    hand of the seat's cards (as strong as the reference's best of all of them).  Without
    cards the engine's own name is compared, ignoring case and spacing.
    """
    seat = ctx.seat_of(player)
    shown = [h for h in _result(ctx).get("hands", []) if int(h["seat"]) == seat]
    if share:
        shown = [h for h in shown if h.get("share") == share]
    elif len(shown) > 1:
        shown = [h for h in shown if h.get("share") in (None, "high")] or shown[:1]
    entry = shown[0] if shown else None
    expected: dict[str, Any] = {"name": _plain(name)}
    actual: dict[str, Any] = {"name": None}
    five = list(entry.get("cards") or []) if entry else []
    document = ctx.resolved_ruleset()
    moving = bool(document.get("events")) and "wild_ranks" not in ctx.state
    if entry is not None and five and not moving:
        expected["plays_best"] = True
        actual["name"], actual["plays_best"] = judge_shown(
            document,
            ctx.seat_state(seat),
            ctx.state.get("community", []),
            entry.get("share") or share,
            five,
            ctx.state.get("wild_ranks"),
        )
    elif entry is not None:
        actual["name"] = _plain(str(entry.get("name", "")))
    if best:
        expected["cards"] = sorted(best.split())
        actual["cards"] = sorted(canon_cards(" ".join(five)).split()) if five else None
    ctx.check("hand", expected, actual, f"{player}'s {share or ''} hand".replace("  ", " "))


def _plain(name: str) -> str:
    """A hand name for comparison: lower case, single spaces."""
    return " ".join(name.lower().split())


def judge_shown(
    ruleset: Mapping[str, Any],
    seat: Mapping[str, Any],
    community: Sequence[str],
    share: str | None,
    five: Sequence[str],
    wild_now: Sequence[int] | None = None,
) -> tuple[str | None, bool]:
    """The reference name of the five cards shown, and whether they are a best hand of the
    seat's cards, under ``share`` of ``ruleset`` (a document).  ``wild_now`` is the state's
    ``wild_ranks`` (the ranks wild for everyone, events' included) when it has them; a
    game whose events move the wild rank is judged by the shown hand's name without them.

    >>> doc = {"pot": {"shares": [{"name": "high", "ranking": "high"}]}}
    >>> seat = {"down": ["Qs", "Qd", "3c"], "up": ["Qh", "3d", "7s", "2c"]}
    >>> judge_shown(doc, seat, [], "high", ["Qs", "Qd", "Qh", "3c", "3d"])
    ('full house, queens over threes', True)
    >>> judge_shown(doc, seat, [], "high", ["Qs", "Qd", "Qh", "7s", "3d"])
    ('three of a kind, queens', False)
    """
    shares = list(ruleset.get("pot", {}).get("shares", [])) or [{"name": "high"}]
    rule = next((s for s in shares if s.get("name") == share), shares[0])
    ranking = str(rule.get("ranking", "high"))
    qualifier = rule.get("qualifier")
    making: dict[str, Any] = {
        "qualifier": None if qualifier is None else int(qualifier),
        "minimum": rule.get("minimum"),
        "stripped": [int(r) for r in (ruleset.get("deck", {}) or {}).get("stripped", []) or []],
    }
    source, suit = str(rule.get("cards", "all")), rule.get("suit")
    wild = ruleset.get("wild", {}) or {}
    down = parse_cards(list(seat.get("down", [])))
    up = parse_cards(list(seat.get("up", [])))
    common = parse_cards(list(community))
    if source in SPLIT_PARTS:  # one hand of a split: the cards set aside, or the others
        down, up, common = split_part(seat, source, down, up, common)
        source = "all"
    if hand_ranking(ranking).wild:
        making["wild_ranks"] = wild_ranks_for(
            Wild(
                ranks=tuple(int(r) for r in wild.get("ranks", []) or ()),
                low_hole=bool(wild.get("low_hole", False)),
                joker=str(wild.get("joker", "none")),
            ),
            down,
            ranking,
            None if wild_now is None else [int(r) for r in wild_now],
        )
        making["joker"] = joker_for(str(wild.get("joker", "none")), down)
    try:
        shown = parse_cards(list(five))
        value = make_hand(shown, [], [], ranking, cards="own", suit=suit, **making)
    except (StudError, ValueError):
        return None, False
    if value is None or (suit is not None and len(value.cards) != len(shown)):
        return None, False
    held = {"down": down, "own": down + up}.get(source, down + up + common)
    from_seat = not Counter(int(c) for c in shown) - Counter(int(c) for c in held)
    try:
        top = make_hand(
            down,
            up,
            common,
            ranking,
            cards=source,
            own=rule.get("own"),
            common_count=rule.get("common"),
            suit=suit,
            **making,
        )
    except (StudError, ValueError):
        top = None
    plays_best = from_seat and top is not None and top.strength == value.strength
    return _plain(value.name), plays_best


def evaluate_via_engine(
    ctx: ScenarioContext,
    ranking: str,
    hands: list[str],
    qualifier: int | None = None,
    wild: Sequence[int] = (),
) -> list[dict[str, Any]]:
    """The engine's ``evaluate``; a qualifier or wild ranks need ``evaluate-options``, and a
    ranking beyond protocol 1.1's three needs the engine's ``rankings`` (protocol 1.2)."""
    features = ctx.hello.get("features", [])
    offered = ctx.hello.get("rankings")
    if ranking not in CORE_RANKINGS and not (isinstance(offered, list) and ranking in offered):
        raise NotSupported(
            f"the engine does not list the {ranking} ranking in hello's rankings",
            f"ranking:{ranking}",
        )
    if isinstance(features, list) and "evaluate" not in features:
        raise NotSupported(
            "the engine does not offer the 'evaluate' capability", "capability:evaluate"
        )
    if (qualifier is not None or wild) and isinstance(features, list):
        if "evaluate-options" not in features:
            raise NotSupported(
                "the engine does not offer the 'evaluate-options' capability",
                "capability:evaluate-options",
            )
    return list(ctx.engine.evaluate(ranking, [h.split() for h in hands], qualifier, tuple(wild)))


_evaluate = evaluate_via_engine


def check_compare(
    ctx: ScenarioContext,
    ranking: str,
    first: str,
    relation: str,
    second: str,
    qualifier: int | None = None,
    wild: Sequence[int] = (),
) -> None:
    a, b = _evaluate(ctx, ranking, [first, second], qualifier, wild)
    ra, rb = int(a["rank"]), int(b["rank"])
    actual = "beats" if ra < rb else "loses to" if ra > rb else "ties with"
    ctx.check("compare", relation, actual)


def check_best(
    ctx: ScenarioContext,
    ranking: str,
    cards: str,
    name: str,
    best: str | None,
    qualifier: int | None = None,
    wild: Sequence[int] = (),
) -> None:
    """The evaluator's best hand, judged by the five cards the engine names, as a shown hand
    is: the reference's name of those five, and whether they are a best five of ``cards``.
    Only an answer without ``best`` cards is judged by the engine's own name."""
    (entry,) = _evaluate(ctx, ranking, [cards], qualifier, wild)
    five = list(entry.get("best") or [])
    expected: dict[str, Any] = {"name": _plain(name)}
    actual: dict[str, Any] = {"name": _plain(str(entry.get("name", "")))}
    if five:
        share = {"name": ranking, "ranking": ranking, "qualifier": qualifier}
        doc = {"pot": {"shares": [share]}, "wild": {"ranks": list(wild)}}
        expected["plays_best"] = True
        actual["name"], actual["plays_best"] = judge_shown(
            doc, {"down": cards.split(), "up": []}, [], ranking, five
        )
    if best:
        expected["cards"] = sorted(best.split())
        actual["cards"] = sorted(canon_cards(" ".join(five)).split())
    ctx.check("best", expected, actual)


def check_dealt_from(ctx: ScenarioContext, street: str, cards: str) -> None:
    """Every card dealt on ``street`` (to live players) is among ``cards``, none twice."""
    streets = list(ctx.resolved_ruleset().get("streets", []))
    names = [str(s["name"]) for s in streets]
    if street not in names:
        raise ScenarioError(f"'{street}' is not a street of this ruleset")
    if any(s.get("decide") for s in streets):
        raise ScenarioError(DECIDED)
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


def _smallest_bet(state: Mapping[str, Any]) -> tuple[str, Decimal] | None:
    """The smallest bet, completion or raise offered (None: none is)."""
    offers = []
    for entry in state.get("legal") or ():
        if isinstance(entry, Mapping) and entry.get("action") in ("bet", "complete", "raise"):
            amount = entry.get("amount", entry.get("min"))
            try:
                offers.append((Decimal(str(amount)), str(entry["action"])))
            except (ArithmeticError, ValueError):
                continue
    if not offers:
        return None
    amount, action = min(offers)
    return action, amount


def play_until(ctx: ScenarioContext, target: str) -> None:
    """Everyone calls a bet, else checks, brings in or stands pat, until ``target``."""
    for _ in range(1000):
        state = ctx.state
        if _reached(state, target):
            return
        seat = state.get("to_act")
        if seat is None:
            raise StepFailed(f"the hand ended before {target}")
        offered = {str(e["action"]) for e in state.get("legal", [])}
        action = auto_move(offered)
        none = [e for e in state.get("legal", []) if e.get("cards_min") == 0]
        if action is None and none:  # a decision that allows choosing no card
            ctx.act(int(seat), str(none[0]["action"]), cards=[])
            continue
        bet = _smallest_bet(state) if action is None and ctx.steering else None
        if bet is not None:  # neither check nor call (an engine that leaves the check out):
            # the step goes on with the smallest bet, so what comes later is still tested;
            # the rules make their own choice in the replay (the bet is the engine's)
            ctx.unoffered.append(
                f"{ctx.name_of(int(seat))} is offered {', '.join(sorted(offered))} "
                f"(neither check nor call) before {target}; the step went on with "
                f"{bet[0]} {fmt(bet[1])}"
            )
            ctx.act(int(seat), bet[0], bet[1])
            ctx.mark_last("auto")
            continue
        if action is None:
            raise StepFailed(
                f"{ctx.name_of(int(seat))} must choose among {', '.join(sorted(offered))} "
                f"before {target}"
            )
        transcript = getattr(ctx.engine, "transcript", None)
        street = state.get("street")
        closing = isinstance(transcript, list) and round_left_open(
            state, acted_this_round(transcript, street)
        )
        ctx.act(int(seat), action)
        # the step's own choice: a replay lets the rules choose theirs; a check in a round
        # the engine left open (ROUND-02) is the engine's alone, as when a script is steered
        ctx.mark_last("auto")
        if closing and isinstance(transcript, list) and transcript:
            transcript[-1]["steer"] = "close"
    raise StepFailed(f"{target} was not reached after 1000 actions")

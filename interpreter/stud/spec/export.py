"""Scenarios as protocol data, for harnesses in other languages (``stud dump-spec``).

Each scenario runs on an engine wrapped in a :class:`~stud.protocol.recording.
RecordingEngine`, so its ``calls`` are the exact protocol requests with the replies.  Its
Then-steps are exported as checks whose ``expected`` is a **protocol value** (seat
numbers, action objects, decimal strings, card lists), with ``after``, the index of the
last call made before the check, so a harness replays ``calls[0..after]`` and reads the
value from the replies; :mod:`stud.spec.observe` says how.  The English of the step and
its English expectation stay alongside (``step``, ``text``) for humans.

>>> option("call 0.40", bet="0.10"), option("raise to between 1 and 2", bet="0")
({'action': 'call', 'amount': '0.50'}, {'action': 'raise', 'min': '1', 'max': '2'})
>>> option("stand pat", bet="0")
{'action': 'stand_pat'}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from stud.errors import StudError
from stud.money import fmt, to_money
from stud.protocol.recording import RecordingEngine
from stud.spec.context import Check, NotSupported, ScenarioContext
from stud.spec.engine import EngineRefusal
from stud.spec.features import Scenario
from stud.spec.observe import last_state, observe
from stud.spec.phrases import DECISION_VERBS
from stud.spec.results import CATALOGUE_ID
from stud.spec.vocabulary import find_step, run_step

_VERBS = {"call": "call", "bring in": "bring_in", "bet": "bet", "raise to": "raise"}
_VERBS["complete to"] = "complete"


def option(text: str, bet: Any) -> dict[str, Any]:
    """One English legal option (as the steps write them) as a protocol ``legal`` entry.

    ``call X`` says how much the call adds, so the protocol amount is ``bet + X``.
    """
    if text in ("fold", "check", "declare", "exchange"):
        return {"action": text}
    if text == "stand pat":
        return {"action": "stand_pat"}
    m = re.fullmatch(
        r"(discard|expose|replace|split off) (up to |between )?(\d+)(?: and (\d+))? cards?", text
    )
    if m:
        fewest = 0 if m.group(2) == "up to " else int(m.group(3))
        most = int(m.group(4) or m.group(3))
        return {"action": DECISION_VERBS[m.group(1)], "cards_min": fewest, "cards_max": most}
    m = re.fullmatch(r"(call|bring in|bet|raise to|complete to) between (\S+) and (\S+)", text)
    if m:
        return {"action": _VERBS[m.group(1)], "min": m.group(2), "max": m.group(3)}
    m = re.fullmatch(r"(call|bring in|bet|raise to|complete to) (\S+)", text)
    if not m:
        raise StudError(f"'{text}' is not a legal option")
    amount = to_money(m.group(2)) + (to_money(bet) if m.group(1) == "call" else 0)
    return {"action": _VERBS[m.group(1)], "amount": fmt(amount)}


@dataclass
class ExportContext(ScenarioContext):
    """A scenario context that notes, for each check, the call it follows and the step's
    converted arguments (the player, share, street... the English named)."""

    recorder: RecordingEngine | None = None
    step_args: dict[str, Any] = field(default_factory=dict)
    marks: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)

    def check(self, kind: str, expected: Any, actual: Any, message: str = "") -> None:
        calls = self.recorder.calls if self.recorder is not None else []
        self.marks[len(self.checks)] = (len(calls) - 1, dict(self.step_args))
        super().check(kind, expected, actual, message)


@dataclass
class Exported:
    """One scenario run for export."""

    context: ExportContext
    calls: list[dict[str, Any]]
    status: str
    message: str


def run_for_export(
    scenario: Scenario, recorder: RecordingEngine, hello: Mapping[str, Any]
) -> Exported:
    """Run one scenario through ``recorder``; never raises for a scenario-level problem."""
    recorder.take()
    ctx = ExportContext(engine=recorder, hello=dict(hello), recorder=recorder)
    status, message, step_text = "passed", "", ""
    try:
        for step in scenario.steps:
            step_text = str(step)
            try:
                ctx.step_args = find_step(step.kind, step.text)[1]
            except StudError:
                ctx.step_args = {}
            run_step(ctx, step.kind, step.text, step.table)
    except Exception as exc:  # noqa: BLE001 - the export records the outcome, like verify
        unsupported = isinstance(exc, NotSupported) or (
            isinstance(exc, EngineRefusal) and exc.code == "unsupported"
        )
        status = "not-supported" if unsupported else "failed"
        message = f"at '{step_text}': {exc}"
    return Exported(ctx, recorder.take(), status, message)


def _seat_of(ctx: ScenarioContext) -> Callable[[Any], int | None]:
    def seat_of(name: Any) -> int | None:
        return None if name is None else ctx.seat_of(str(name))

    return seat_of


def expectation(
    check: Check,
    args: Mapping[str, Any],
    ctx: ScenarioContext,
    calls: Sequence[Mapping[str, Any]],
    after: int,
) -> Any:
    """The protocol value a check expects (None when it has no protocol form)."""
    kind, english, seat_of = check.kind, check.expected, _seat_of(ctx)
    state = last_state(calls, after) or {}
    player = seat_of(args["player"]) if args.get("player") else None
    if kind in ("to_act", "dealer"):
        return seat_of(english)
    if kind in ("street", "pot", "refused", "unchanged", "over", "compare"):
        return english
    if kind == "community":  # "the community card is Jk", or "no community card" (a list)
        return {"runout": english} if isinstance(english, list) else str(english).split()
    if kind == "declaration":
        return {"seat": player, "declaration": english}
    if kind == "no_hand":
        return {"seat": player, "share": args["share"], "shown": english}
    if kind == "no_card":
        return {"street": args["street"], "seat": player, "more": english}
    if kind == "qualifies":
        return english
    if kind == "show_order":
        return [seat_of(name) for name in english]
    if kind == "legal":
        seat = player if player is not None else state.get("to_act")
        me: Mapping[str, Any] = next((s for s in state.get("seats", []) if s["seat"] == seat), {})
        return [option(text, me.get("bet", "0")) for text in english]
    if kind == "pots":
        return [
            {"amount": p["amount"], "eligible": sorted(int(seat_of(n) or 0) for n in p["eligible"])}
            for p in english
        ]
    if kind == "awards":
        return _awards(english, seat_of)
    if kind == "split":
        return {"seat": player, "split": str(english).split()}
    if kind in ("stack", "all_in", "cards"):
        if kind == "stack":
            return {"seat": player, "amount": english}
        if kind == "all_in":
            return {"seat": player, "all_in": english}
        return {"seat": player, "down": english["down"].split(), "up": english["up"].split()}
    if kind == "blind":  # the 1.2 state's blinds: {"blind": "small", "amount": "0.25"}
        return {"seat": player, **english}
    if kind == "wild":  # the 1.2 state's wild_ranks, sorted numbers
        return list(english)
    if kind == "hand":
        value = {"seat": player, "share": args.get("share"), "name": english["name"]}
        shown = observe("hand", value, calls, after) or {}
        return value | {"cards": english.get("cards"), "reference_cards": shown.get("cards")}
    if kind == "best":
        found = observe("best", {}, calls, after) or {}
        return {
            "name": english["name"],
            "cards": english.get("cards"),
            "reference_cards": found.get("cards"),
        }
    if kind == "dealt_from":
        value = {"street": args["street"], "cards": str(args["cards"]).split()}
        return value | {"count": len(observe(kind, value, calls, after, ctx.ruleset_document))}
    return None


def _awards(english: Mapping[str, Any], seat_of: Callable[[Any], int | None]) -> dict[str, Any]:
    """``{"Ann/high": "0.15"}`` (player, then share and pot when the table has them).

    >>> _awards({"Ann/high": "0.15"}, {"Ann": 2}.get)
    {'by': ['seat', 'share'], 'awards': [{'seat': 2, 'amount': '0.15', 'share': 'high'}]}
    >>> _awards({"Ann/1": "0.40"}, {"Ann": 2}.get)["by"]
    ['seat', 'pot']
    """
    parts = max((len(k.split("/")) for k in english), default=1)
    by = ["seat", "share", "pot"][:parts]
    if parts == 2 and all(k.split("/")[1].isdigit() for k in english):
        by = ["seat", "pot"]  # a table with a pot column and no share column
    awards = []
    for key, amount in english.items():
        name, *rest = key.split("/")
        row: dict[str, Any] = {"seat": seat_of(name), "amount": amount}
        for column, value in zip(by[1:], rest, strict=False):
            if column == "pot":
                row[column] = int(value) if value.isdigit() else None
            else:
                row[column] = value if value not in ("", "None") else None
        awards.append(row)
    return {"by": by, "awards": awards}


def protocol_checks(exported: Exported) -> Iterator[dict[str, Any]]:
    """The scenario's checks with protocol ``expected``/``actual`` and their English."""
    ctx, calls = exported.context, exported.calls
    for index, check in enumerate(ctx.checks):
        # a check recorded without ctx.check (none today) has no call of its own: the last
        after, args = ctx.marks.get(index, (len(calls) - 1, {}))
        entry = check.as_dict()
        entry["text"] = {"expected": check.expected, "actual": check.actual}
        entry["after"] = after
        try:
            expected = expectation(check, args, ctx, calls, after)
        except (StudError, KeyError, TypeError, ValueError, AttributeError):
            expected = None
        entry["protocol"] = expected is not None
        entry["expected"] = expected
        entry["actual"] = (
            None
            if expected is None
            else observe(check.kind, expected, calls, after, ctx.ruleset_document)
        )
        yield entry


def record(exported: Exported, scenario: Scenario) -> dict[str, Any]:
    """The scenario's part of the dump, without the base-ruleset overrides."""
    ctx, calls = exported.context, exported.calls
    dealer = ctx.dealer
    if dealer is None:  # the scenario left it to the default: take it from new_hand
        dealer = next((c["request"]["dealer"] for c in calls if c["op"] == "new_hand"), None)
    return {
        "id": scenario.id,
        "feature": scenario.feature,
        "feature_name": scenario.feature_name,
        "rule": scenario.rule,
        "scenario": scenario.name,
        "tags": list(scenario.tags),
        "catalogue_ids": [t for t in scenario.tags if CATALOGUE_ID.match(t)],
        "variant": scenario.variant,
        "ruleset": ctx.ruleset_document,
        "seats": [dict(s, stack=str(s["stack"])) for s in ctx.seats],
        "dealer": dealer,
        "deck": list(ctx.deck or []),
        "actions": [asdict(a) | {"cards": list(a.cards)} for a in ctx.actions],
        "calls": calls,
        "checks": list(protocol_checks(exported)),
        "reference": {"status": exported.status, "message": exported.message},
    }

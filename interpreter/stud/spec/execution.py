"""One scenario against one engine: :func:`execute` and the :class:`Execution` it returns.

The engine is driven through :class:`~stud.spec.seam.CheckedEngine` (invariants on every
state, requests and replies recorded).  A failure ends in a :class:`Verdict`: its status,
a message showing the request, the boards and stacks at that point and what was expected
against what came, and the rule it is charged to (:mod:`stud.spec.attribution`).
"""

from __future__ import annotations

import dataclasses
import functools
import time
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.errors import EngineError, StudError
from stud.money import fmt
from stud.spec.ahead import Script, scripted
from stud.spec.antes import ANTE_RULES, ante_shift
from stud.spec.attribution import about_dealing, charge
from stud.spec.causes import cause_line, causes_of
from stud.spec.context import (
    ActionRecord,
    Check,
    NotSupported,
    ScenarioContext,
    ScenarioError,
    StepFailed,
)
from stud.spec.dealorder import Reading, dealt_as_meant
from stud.spec.deck import DeckError, seat_cards
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.features import Scenario
from stud.spec.invariants import InvariantBroken
from stud.spec.reasons import reason_paths, refused_op
from stud.spec.results import SCENARIO, ScenarioResult
from stud.spec.seam import CheckedEngine, describe_state, request_text
from stud.spec.vocabulary import UndefinedStep, find_step, run_step


@dataclass
class Execution:
    """Everything one scenario run produced."""

    result: ScenarioResult
    checks: list[Check] = field(default_factory=list)
    actions: list[ActionRecord] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    ruleset: dict[str, Any] | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    dealer: int | None = None
    transcript: list[dict[str, Any]] = field(default_factory=list)
    refusal: EngineRefusal | None = None  # an ``unsupported`` refusal that stopped it
    # failed (not by an engine error), dealt from a cards table to an engine without
    # seat_cards, and not about dealing: worth running again in the engine's own dealing
    # order (see execute)
    deal_again: bool = False
    # failed, handed each seat its cards, not about dealing, with centre cards: worth
    # running again with the centre cards where the engine takes them (see execute)
    centre_again: bool = False
    meant: dict[int, list[str]] = field(default_factory=dict)  # seat -> its table cards

    def outcome(self) -> tuple[Any, ...]:
        """What the scenario observed: its status and every check with its outcome."""
        checks = [(c.kind, repr(c.expected), repr(c.actual), c.ok) for c in self.checks]
        return (self.result.status, tuple(checks))


@dataclass(frozen=True)
class Verdict:
    """How one scenario ended: status, message, and what a failure is charged to."""

    status: str
    message: str = ""
    charged_to: tuple[str, ...] = ()
    invariant: str = ""
    reasons: tuple[str, ...] = ()


def _where(step: str) -> str:
    return f"at '{step}': " if step else ""


def _verdict(exc: BaseException, step: str, ctx: ScenarioContext, ids: tuple[str, ...]) -> Verdict:
    where = _where(step)
    if isinstance(exc, NotSupported):
        return Verdict(
            "not-supported", f"{where}{exc}", reasons=(exc.reason,) if exc.reason else ()
        )
    if isinstance(exc, EngineRefusal):
        if exc.code == "unsupported":
            paths = reason_paths(exc) or refused_op(_last_request(ctx), ctx.ruleset_name)
            return Verdict("not-supported", f"{where}engine: {exc.message}", reasons=paths)
        if exc.code == "illegal_action" and ctx.actions and ctx.actions[-1].refused:
            message = (
                f"{where}the engine refused an action the rules allow: "
                f"{request_text(_last_request(ctx))}: {exc.message}{_at(ctx)}"
            )
            return Verdict("failed", message, charge("legal", ids))
        return Verdict("failed", f"{where}engine refused: {exc}{_at(ctx)}", ("engine error",))
    if isinstance(exc, InvariantBroken):
        message = f"{where}{exc}"
        return Verdict("failed", message, (f"invariant: {exc.name}",), invariant=exc.name)
    if isinstance(exc, EngineError):
        return Verdict("failed", f"{where}engine error: {exc}", ("engine error",))
    if isinstance(exc, StepFailed) and ctx.checks and not ctx.checks[-1].ok:
        check = ctx.checks[-1]
        if check.kind == "refused" and check.actual is None:
            text = (
                f"{where}the engine accepted an action the rules refuse: "
                f"{request_text(_last_request(ctx, 'act'))}"
            )
        else:
            text = f"{where}{exc}"
        return Verdict("failed", text + _at(ctx), charge(check.kind, ids))
    if isinstance(exc, ScenarioError | DeckError):  # the scenario's unless the engine led there
        return Verdict("failed", f"{where}{exc}{_at(ctx)}", SCENARIO)
    if isinstance(exc, AssertionError | StudError):
        return Verdict("failed", f"{where}{exc}{_at(ctx)}", ("hand flow",))
    frame = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
    place = f" ({frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})" if frame else ""
    return Verdict("failed", f"{where}crash: {type(exc).__name__}: {exc}{place}", ("harness",))


def _last_request(ctx: ScenarioContext, op: str | None = None) -> dict[str, Any] | None:
    engine = ctx.engine
    if not isinstance(engine, CheckedEngine):
        return None
    for entry in reversed(engine.transcript):
        if op is None or entry["request"].get("op") == op:
            return dict(entry["request"])
    return None


def _at(ctx: ScenarioContext) -> str:
    """The request that led here and the boards and stacks it left, for a failure."""
    engine = ctx.engine
    if not isinstance(engine, CheckedEngine) or not ctx.started:
        return ""
    last = next(
        (
            e
            for e in reversed(engine.transcript)
            if e["request"].get("op") in ("new_hand", "next_hand", "act")
        ),
        None,
    )
    request = request_text(last["request"]) if last else "(none)"
    state = ctx._state
    return f"\n    after: {request}\n    state: {describe_state(state)}"


def execute(
    scenario: Scenario,
    engine: Engine,
    hello: Mapping[str, Any] | None = None,
    transform: Callable[[Mapping[str, Any]], dict[str, Any]] | None = None,
) -> Execution:
    """Run one scenario with a fresh context; never raises for a scenario-level problem.

    ``transform`` changes the resolved ruleset before the hand starts (an engine profile).
    A failed Then-step or a broken invariant does not end the scenario: it goes on while
    the engine accepts the scripted actions, and later failures are recorded as following
    the first (``ScenarioResult.following``).  A failed scenario's requests are then
    replayed on the reference to find its root cause (:mod:`stud.spec.causes`).

    A scenario that is not about dealing, sent with a cards table to an engine that does
    not take ``seat_cards``, where the engine dealt otherwise than the rules (from another
    seat's left, with or without a burn), is run again with the deck arranged for the
    engine's way of dealing (:mod:`stud.spec.dealorder`): its own rules are then tested on
    the cards it means, and the dealing is left to the dealing scenarios, as with
    ``seat_cards``.  A failed scenario whose engine took another ante from every seat is
    run again with every stack shifted by the difference (:mod:`stud.spec.antes`), so
    that the all-ins play as it means.
    """
    checked = engine if isinstance(engine, CheckedEngine) else CheckedEngine(engine)
    done = _execute(scenario, checked, hello, transform)
    reading = None
    if done.deal_again:
        done, reading = _dealt_its_way(scenario, checked, hello, transform, done)
    elif done.centre_again:
        done, reading = _centre_its_way(scenario, checked, hello, transform, done)
    if done.result.status != "failed" or ANTE_RULES & set(scenario.catalogue_ids):
        return done
    shift = ante_shift(done.transcript)
    if shift is None:
        return done
    again = _execute(scenario, checked, hello, transform, reading, shift)
    if again.result.status == "failed":
        notes = [_dealt_note(reading)] if reading is not None else []
        notes.append(
            f"\n    the engine takes an ante {fmt(abs(shift))} {'above' if shift > 0 else 'below'} "
            "the rules' from every player, so each stack was sent that much "
            f"{'higher' if shift > 0 else 'lower'}: after its ante every player holds what "
            "the rules leave (the scenarios about the ante test the ante itself)"
        )
        message = again.result.message + "".join(notes)
        again.result = dataclasses.replace(again.result, message=message)
    return again


def _dealt_note(reading: Reading) -> str:
    return (
        f"\n    dealt the engine's way: {reading.words()}, so the deck was arranged for "
        "that (the dealing scenarios test the deal itself)"
    )


def _dealt_its_way(
    scenario: Scenario,
    checked: CheckedEngine,
    hello: Mapping[str, Any] | None,
    transform: Callable[[Mapping[str, Any]], dict[str, Any]] | None,
    first: Execution,
) -> tuple[Execution, Reading | None]:
    """The scenario run again with the deck arranged for the engine's way of dealing,
    where its first run shows one (else ``first``), and that way: a button and burns
    that fit the engine's first deal, else the deck positions it dealt each seat, read
    again (up to three times) until it deals every seat the cards meant for it."""
    from stud.spec.dealorder import engine_deal, observed_deal

    done = first
    reading: Reading | None = engine_deal(first.transcript)
    if reading is not None:
        done = _execute(scenario, checked, hello, transform, reading)
        better = engine_deal(done.transcript) if done.result.status == "failed" else None
        if better is not None and better != reading:  # a first deal that stopped the scenario
            reading = better  # showed no later street: how the engine burns shows now
            done = _execute(scenario, checked, hello, transform, reading)
    meant = first.meant
    tried = done
    for _ in range(3):
        if dealt_as_meant(tried.transcript, meant):
            break
        observed = observed_deal(tried.transcript, meant)
        if observed is None:
            break
        tried = _execute(scenario, checked, hello, transform, observed)
        if dealt_as_meant(tried.transcript, meant):
            done, reading = tried, observed
            break
    if reading is not None and done.result.status == "failed":
        message = done.result.message + _dealt_note(reading)
        causes = done.result.causes
        if not _ups_fall_alike(first, done):
            causes = _order_read(causes, first.result.causes, done.ruleset)
        done.result = dataclasses.replace(done.result, message=message, causes=causes)
    return (done, reading) if reading is not None else (first, None)


def _centre_its_way(
    scenario: Scenario,
    checked: CheckedEngine,
    hello: Mapping[str, Any] | None,
    transform: Callable[[Mapping[str, Any]], dict[str, Any]] | None,
    first: Execution,
) -> tuple[Execution, Reading | None]:
    """An engine handed each seat's cards that put other cards of the stub in the centre
    (a burn missed or added before a centre street): the scenario run again with the deck
    arranged so that the centre gets the cards it means (:func:`centre_deal`), so that
    what it is about is tested on them.  The scenario stays failed on the centre cards
    (the first run's root cause, found in the scenario itself), and what the second run
    finds is a cause of its own beside it (``independent``); where the second run does not
    put the meant cards in the centre either, the first run stands."""
    from stud.spec.dealorder import centre_deal, centres

    reading = centre_deal(first.transcript)
    if reading is None:
        return first, None
    again = _execute(scenario, checked, hello, transform, reading)
    rules, engine = centres(again.transcript)
    if rules[: len(engine)] != engine[: len(rules)] or not first.result.causes:
        return first, None
    if again.result.status != "failed":
        return first, None  # nothing else differs: the centre cards alone
    own = tuple({**c, "following": False, "independent": True} for c in again.result.causes)
    message = (
        first.result.message
        + "\n    dealt again with the centre cards where the engine takes them "
        + f"({reading.words()}): "
        + again.result.message
    )
    again.result = dataclasses.replace(
        again.result, message=message, causes=first.result.causes[:1] + own
    )
    return again, reading


def _ups_fall_alike(first: Execution, done: Execution) -> bool:
    """Whether the engine, dealt its way (``done``), dealt face up the cards the scenario
    means in the order the rules deal them from the scenario's deck (``first``), where
    the events read nothing else (every trigger a card dealt face up; no down card that
    cancels a follower, no extra card): what an event does cannot then follow from the
    deal's order (a new queen that keeps the old wild rank is the event's own)."""
    from stud.spec.dealorder import up_cards, ups_in_order

    for row in (done.ruleset or {}).get("events") or ():
        when = (row.get("when") or {}) if isinstance(row, Mapping) else {}
        follows = row.get("wild_follows") or {} if isinstance(row, Mapping) else {}
        if (
            not isinstance(row, Mapping)
            or when.get("face", "up") != "up"
            or follows.get("down_card", "skipped") != "skipped"
            or row.get("extra_card")
        ):
            return False
    table = {c for cards in first.meant.values() for c in cards}
    ups = up_cards(done.transcript)
    if not ups or not ups <= table:
        return False
    engine = ups_in_order(done.transcript, sorted(ups))
    return engine is not None and engine == ups_in_order(first.transcript, sorted(ups))


def _order_read(
    causes: tuple[dict[str, Any], ...],
    unarranged: tuple[dict[str, Any], ...],
    ruleset: Mapping[str, Any] | None,
) -> tuple[dict[str, Any], ...]:
    """The causes of a scenario dealt the engine's way, each also read as that way of
    dealing where the ruleset has events: every seat got its cards, but in the engine's
    order, and what an event does follows the order the cards fall (the card after a
    queen, EVENT-01)."""
    deal = next((c for c in unarranged if c.get("rule") in DEAL_ORDER_RULES), None)
    if deal is None or not (ruleset or {}).get("events"):
        return causes
    reading = [deal["rule"], deal["what"]]
    out = []
    for cause in causes:
        alternatives = [list(a) for a in cause.get("alternatives") or ()]
        if cause.get("what") != deal["what"] and reading not in alternatives:
            alternatives.append(reading)
        out.append({**cause, "alternatives": alternatives})
    return tuple(out)


def _execute(
    scenario: Scenario,
    checked: CheckedEngine,
    hello: Mapping[str, Any] | None,
    transform: Callable[[Mapping[str, Any]], dict[str, Any]] | None,
    reading: Reading | None = None,
    shift: Decimal | None = None,
) -> Execution:
    """:func:`execute` once; ``reading``: the deck built for the engine's way of dealing;
    ``shift``: what every stack is sent higher, for the engine's own ante."""
    unwritten = _undefined(scenario)
    if unwritten:  # nothing is sent to the engine for a scenario that cannot run
        result = result_of(scenario, "failed", unwritten + UNDEFINED_NOTE)
        return Execution(result=dataclasses.replace(result, charged_to=SCENARIO))
    checked.take_transcript()
    checked.keep_going, checked.broken = True, []
    ctx = ScenarioContext(engine=checked, hello=dict(hello or {}), ruleset_transform=transform)
    ctx.deal_by_seat = not about_dealing(scenario.catalogue_ids)
    ctx.deal_reading = reading
    ctx.stake_shift = shift
    ctx.steering = True
    ctx.script = Script(scripted(scenario.steps))
    failures: list[tuple[Verdict, str]] = []  # each failure and the kind of what failed
    stop: Verdict | None = None
    refusal: EngineRefusal | None = None
    marks: list[tuple[int, str]] = []
    started = time.perf_counter()
    try:
        for step in scenario.steps:
            step_text = str(step)
            marks.append((len(checked.transcript), step_text))
            verdict: Verdict | None = None
            try:
                run_step(ctx, step.kind, step.text, step.table)
                goes_on = True
            except KeyboardInterrupt:
                raise
            except Exception as exc:  # noqa: BLE001 - every failure becomes this scenario's result
                verdict = _verdict(exc, step_text, ctx, scenario.catalogue_ids)
                goes_on = step.kind == "then" and isinstance(exc, StepFailed)
                if isinstance(exc, EngineRefusal) and exc.code == "unsupported":
                    refusal = exc
            failures += _steered(ctx, step_text, scenario.catalogue_ids)
            failures += _broken(checked, step_text, scenario.catalogue_ids)
            if verdict is not None and verdict.status == "failed":
                failures.append((verdict, _kind(verdict, ctx)))
            elif verdict is not None:
                stop = verdict
            if not goes_on:
                break
    finally:
        checked.keep_going = False
    transcript = checked.take_transcript()
    if failures:
        result = _failed(scenario, failures, transcript, marks, time.perf_counter() - started)
    else:
        verdict = stop or Verdict("passed")
        result = dataclasses.replace(
            result_of(scenario, verdict.status, verdict.message, time.perf_counter() - started),
            reasons=verdict.reasons,
        )
        refusal = refusal if stop is not None else None
    deal_again = (
        bool(failures)
        and all(kind != "engine" for _, kind in failures)  # not after a crash or time-out
        and reading is None
        and ctx.deal_by_seat
        and bool(ctx.cards)
        and ctx.stacked is None
        and "seat-cards" not in (ctx.hello.get("features") or ())
    )
    # failed, handed each seat its cards, not about dealing, with centre cards: the centre
    # may come from other places of the stub (see execute)
    centre_again = (
        bool(failures)
        and all(kind != "engine" for _, kind in failures)
        and reading is None
        and ctx.deal_by_seat
        and ctx.own_cards_sent
        and ctx.stacked is None
        and any(
            isinstance((e.get("reply") or {}).get("state"), Mapping)
            and e["reply"]["state"].get("community")
            for e in transcript
        )
    )
    return Execution(
        result=result,
        checks=list(ctx.checks),
        actions=list(ctx.actions),
        deck=list(ctx.deck or []),
        ruleset=ctx.ruleset_document,
        seats=[dict(s, stack=str(s["stack"])) for s in ctx.seats],
        dealer=ctx.dealer,
        transcript=transcript,
        refusal=None if failures else refusal,
        deal_again=deal_again,
        centre_again=centre_again,
        meant=_meant(ctx) if deal_again else {},
    )


def _meant(ctx: ScenarioContext) -> dict[int, list[str]]:
    """Each seat's cards of the scenario's cards table, in the order it receives them."""
    if not ctx.cards or ctx.ruleset_document is None:
        return {}
    by_name = {str(s["name"]): int(s["seat"]) for s in ctx.seats}
    try:
        own = seat_cards(ctx.ruleset_document, by_name, ctx.cards)
    except (DeckError, StudError, ValueError):
        return {}
    return {int(e["seat"]): list(e["cards"]) for e in own}


DEAL_ORDER_RULES = ("DEAL-02", "DEAL-05")  # the deal's order: the first street, the later ones

UNDEFINED_NOTE = (
    "\n    an error in the scenario, not in the engine: no step of the vocabulary matches "
    "it (docs/steps.md lists them); nothing was sent to the engine"
)


def _undefined(scenario: Scenario) -> str:
    """Where the scenario uses a step the vocabulary does not define ("" when nowhere)."""
    for step in scenario.steps:
        problem = _step_problem(step.kind, step.text)
        if problem:
            return f"{_where(str(step))}the scenario cannot run as written: {problem}"
    return ""


@functools.lru_cache(maxsize=4096)
def _step_problem(kind: str, text: str) -> str:
    try:
        find_step(kind, text)
    except UndefinedStep as exc:
        return str(exc)
    return ""


def _steered(ctx: ScenarioContext, step: str, ids: tuple[str, ...]) -> list[tuple[Verdict, str]]:
    """The scripted actions the engine refused during a step and was steered past."""
    out = []
    for request, refusal in ctx.steered:
        message = (
            f"{_where(step)}the engine refused an action the rules allow: {request}: "
            f"{refusal.message}; the scenario went on with the engine's own move"
        )
        out.append((Verdict("failed", message, charge("legal", ids)), "legal"))
    for text in ctx.unoffered:
        message = f"{_where(step)}{text}"
        out.append((Verdict("failed", message, charge("legal", ids)), "legal"))
    ctx.steered, ctx.unoffered = [], []
    return out


def _broken(checked: CheckedEngine, step: str, ids: tuple[str, ...]) -> list[tuple[Verdict, str]]:
    """The invariants broken during a step, each as a failure (once per invariant)."""
    out = []
    for broken in checked.broken:
        verdict = Verdict(
            "failed",
            f"{_where(step)}{broken}",
            (f"invariant: {broken.name}",),
            invariant=broken.name,
        )
        out.append((verdict, "invariant"))
    checked.broken = []
    return out


def _kind(verdict: Verdict, ctx: ScenarioContext) -> str:
    """What a failure observed: the failed check's kind, else the engine or the action
    (``scenario``: the scenario could not go on as written)."""
    if verdict.charged_to == SCENARIO:
        return "scenario"
    if ctx.checks and not ctx.checks[-1].ok and verdict.charged_to != ("engine error",):
        check = ctx.checks[-1]
        if check.kind in ("hand", "best") and _same_name(check.expected, check.actual):
            return "kicker"  # the hand's name, from five cards that are not a best five
        return check.kind
    return "engine" if verdict.charged_to == ("engine error",) else "legal"


def _same_name(expected: Any, actual: Any) -> bool:
    """A shown or evaluated hand named as expected, from five cards that are not a best
    five of the player's (``plays_best`` false): only kickers can tell them apart."""
    if not isinstance(expected, dict) or not isinstance(actual, dict):
        return False
    return expected.get("name") == actual.get("name") and actual.get("plays_best") is False


def _failed(
    scenario: Scenario,
    failures: list[tuple[Verdict, str]],
    transcript: list[dict[str, Any]],
    marks: list[tuple[int, str]],
    duration: float,
) -> ScenarioResult:
    """The result of a failed scenario: the first failure, what followed it, the causes."""
    seen: set[str] = set()
    unique = []
    for verdict, kind in failures:
        if verdict.invariant and verdict.invariant in seen:
            continue  # an invariant broken once stays broken; say it once
        seen.add(verdict.invariant)
        unique.append((verdict, kind))
    first, kind = unique[0]
    step = next((text for _, text in marks if first.message.startswith(f"at '{text}'")), "")
    causes = causes_of(transcript, marks, kind, scenario.catalogue_ids, step)
    if not causes:  # the engine played as the rules do up to a step that cannot run
        result = result_of(scenario, "failed", first.message + SCENARIO_NOTE, duration)
        return dataclasses.replace(result, charged_to=SCENARIO)
    message = first.message + "\n    cause: " + cause_line(causes[0])
    message += "".join(f"\n    then: {cause_line(c)}" for c in causes[1:])
    following = tuple(_first_line(v.message) for v, _ in unique[1:])
    if following:
        message += (
            f"\n    {len(following)} later failure(s) follow from it: "
            + "; ".join(following[:3])
            + ("..." if len(following) > 3 else "")
        )
    if "beyond-sources" in scenario.tags:
        message += f"\n    this rule is beyond the sources: {scenario.rule}"
    result = result_of(scenario, "failed", message, duration)
    return dataclasses.replace(
        result,
        charged_to=(causes[0]["rule"],),
        invariant=first.invariant,
        causes=causes,
        following=following,
    )


SCENARIO_NOTE = (
    "\n    an error in the scenario, not in the engine: up to this step the engine played "
    "as the rules do"
)


def _first_line(text: str, limit: int = 160) -> str:
    line = text.strip().splitlines()[0] if text.strip() else ""
    return line if len(line) <= limit else line[: limit - 3] + "..."


def result_of(
    scenario: Scenario, status: str, message: str, duration: float = 0.0
) -> ScenarioResult:
    return ScenarioResult(
        id=scenario.id,
        feature=scenario.feature,
        feature_name=scenario.feature_name,
        rule=scenario.rule,
        scenario=scenario.name,
        tags=scenario.tags,
        ruleset=scenario.ruleset,
        status=status,
        message=message,
        duration=duration,
        variant=scenario.variant,
    )

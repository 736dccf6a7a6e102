"""A fuzzing campaign: hands sharded over processes (or a Dask cluster), then each class of
divergence shrunk, written as a scenario and checked on both sides.

Hand ``i`` of seed ``s`` depends only on ``(s, i)``, so the hands, their divergences and
the report are the same whatever the number of jobs or workers.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from dataclasses import field as dataclass_field
from functools import partial
from pathlib import Path
from typing import Any

from stud.fuzz.plan import FuzzConfig, RandomDraw, ReplayDraw
from stud.fuzz.play import Outcome, Reference, play_hand
from stud.fuzz.scenario import scenario
from stud.fuzz.tally import LocalTally, Tally, in_processes
from stud.spec.blame import Finding
from stud.spec.deviations import rule_statements
from stud.spec.engine import Engine
from stud.spec.profile import Profile

FEW_PLAYERS = 4  # a shrunk hand with more players is looked for again with at most this many


def make_engine(command: str | None, timeout: float = 5.0) -> Engine:
    """The engine under test (None: the reference itself, in-process)."""
    from stud.cli.verify import make_engine as verify_engine

    return verify_engine(command, timeout)


def _hello(engine: Engine) -> Mapping[str, Any]:
    info = getattr(engine, "info", None)
    return getattr(info, "raw", None) or engine.hello()


def engine_profile(engine: Engine) -> Profile | None:
    return Profile.from_hello(_hello(engine))


def engine_plays(engine: Engine) -> list[str]:
    """The shipped rulesets the engine names in ``hello`` (none for ``*``: it plays all)."""
    names = _hello(engine).get("rulesets")
    return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []


@dataclass
class Found:
    """One divergent hand (unshrunk): where and how it differs, and its choices.

    ``key`` is its class (what differs first); ``findings`` every difference the hand
    showed, the first first, each ``{rule, what, detail, alternatives}`` (and
    ``independent`` when it was found under a ``reading`` of who acts that explains the
    first: a cause of its own, see :mod:`stud.fuzz.readings`).
    """

    index: int
    key: str
    field: str
    street: str
    message: str
    choices: list[int]
    rule: str = ""
    findings: list[dict[str, Any]] = dataclass_field(default_factory=list)
    reading: list[tuple[str, Any]] = dataclass_field(default_factory=list)

    @property
    def keys(self) -> list[str]:
        return [f["what"] for f in self.findings] or [self.key]

    def after_reading(self, key: str) -> bool:
        """Whether ``key`` is not this hand's first difference but a cause of its own
        found after a reading of who acts (the hand dealt again under ``reading``)."""
        return (
            bool(self.reading)
            and self.keys[0] != key
            and any(f["what"] == key and f.get("independent") for f in self.findings)
        )


@dataclass
class ShardResult:
    hands: int = 0
    requests: int = 0
    unsupported: int = 0
    found: list[Found] = field(default_factory=list)
    profile: Profile | None = None  # the engine's values (hello, or learned from refusals)
    refuted: set[str] = field(default_factory=set)  # see Outcome.refuted, every hand's


def run_shard(
    command: str | None,
    config: FuzzConfig,
    seed: int,
    indices: Iterable[int],
    timeout: float,
    tally: Tally | None = None,
) -> ShardResult:
    """Play the hands ``indices`` of campaign ``seed`` (one process, one engine); each
    hand played is reported to ``tally`` (for a progress line)."""
    engine = make_engine(command, timeout)
    reference = Reference()
    out = ShardResult()
    try:
        profile = engine_profile(engine)
        for index in indices:
            draw = RandomDraw.for_hand(seed, index)
            outcome = play_hand(draw, config, engine, reference, profile, refuted=out.refuted)
            learned = Profile.from_refusal(outcome.unsupported_values)
            adopted = (
                (profile or Profile()).for_game(str(outcome.setup.document.get("name")), learned)
                if learned is not None and outcome.setup is not None
                else profile
            )
            if adopted != profile:
                # a structured refusal names the values the engine plays in that game:
                # adopt them there and deal the same hand again under them
                profile = adopted
                draw = RandomDraw.for_hand(seed, index)
                outcome = play_hand(draw, config, engine, reference, profile, refuted=out.refuted)
            out.profile = profile
            out.hands += 1
            out.requests += len(outcome.steps) + 1
            if outcome.unsupported:
                out.unsupported += 1
            d = outcome.divergence
            if d is not None:
                out.found.append(
                    Found(
                        index,
                        d.key,
                        d.field,
                        d.street,
                        d.describe(),
                        list(outcome.choices or draw.choices),
                        d.rule,
                        [
                            finding_record(f, n in outcome.independent)
                            for n, (f, _) in enumerate(outcome.findings)
                        ],
                        list(outcome.reading),
                    )
                )
            if tally is not None:
                tally.put((1, int(d is not None)))
    finally:
        engine.close()
    return out


def finding_record(finding: Finding, independent: bool = False) -> dict[str, Any]:
    record = {
        "rule": finding.rule,
        "what": finding.what,
        "detail": finding.detail,
        "beyond": finding.beyond,
        "alternatives": [list(a) for a in finding.alternatives],
    }
    return record | {"independent": True} if independent else record


def shards(hands: int, jobs: int, first: int = 0) -> list[range]:
    """Contiguous blocks of hand indices, a few per job for balance (one block for one
    job: each block starts an engine of its own).

    >>> shards(10, 2)
    [range(0, 3), range(3, 6), range(6, 9), range(9, 10)]
    >>> shards(10, 1)
    [range(0, 10)]
    """
    if hands <= 0:
        return []
    size = max(1, -(-hands // (jobs * 2 if jobs > 1 else 1)))
    return [range(i, min(i + size, first + hands)) for i in range(first, first + hands, size)]


def run_hands(
    command: str | None,
    config: FuzzConfig,
    seed: int,
    hands: int,
    *,
    jobs: int = 1,
    first: int = 0,
    timeout: float = 5.0,
    cluster: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ShardResult:
    """Every hand of the campaign, merged in hand order; ``progress(hands, divergences)``
    hears of the hands as they are played (of whole shards on a cluster)."""
    blocks = shards(hands, max(1, jobs), first)
    if cluster:
        from stud.fuzz.cluster import map_on_cluster

        parts = map_on_cluster(cluster, run_shard, command, config, seed, blocks, timeout)
        if progress is not None:
            progress(sum(p.hands for p in parts), sum(len(p.found) for p in parts))
    elif jobs <= 1 or len(blocks) <= 1:
        tally = LocalTally(progress) if progress is not None else None
        parts = [run_shard(command, config, seed, b, timeout, tally) for b in blocks]
    else:
        shard = partial(run_shard, command, config, seed)
        parts = in_processes(shard, blocks, timeout, jobs, progress)
    total = ShardResult()
    for part in parts:
        total.hands += part.hands
        total.requests += part.requests
        total.unsupported += part.unsupported
        total.found.extend(part.found)
        total.refuted |= part.refuted
        if part.profile is not None:
            total.profile = (
                part.profile if total.profile is None else total.profile.merged(part.profile)
            )
    total.found.sort(key=lambda f: f.index)
    return total


# --- shrinking and scenarios --------------------------------------------------------------------
@dataclass
class Case:
    """One class of divergence: its hands, the shrunk hand and its scenario."""

    key: str
    field: str
    hands: list[int]
    first: Found
    shrunk: list[int]
    outcome: Outcome
    rule: str | None = None
    scenario: str = ""
    title: str = ""
    checked: dict[str, str] = dataclass_field(default_factory=dict)  # reference/engine -> status
    players: int = 0
    alone: bool = False  # the shrunk hand differs first in this class (its scenario stops there)
    unshrunk: str = ""  # the scenario of the hand before shrinking (a fallback)
    members: frozenset[str] = frozenset()  # what its observations said, before settling


def shrink_case(
    key: str,
    group: list[Found],
    command: str | None,
    config: FuzzConfig,
    seed: int,
    timeout: float,
    budget: int,
    log: Callable[[str], None] = lambda _: None,
    profile: Profile | None = None,
    rule: str = "",
    members: frozenset[str] = frozenset(),
) -> Case:
    """Shrink a hand of a class to a smaller one of the same class; ``profile``: values
    learned during the run.  The hand shrunk is one where the class is the first
    difference (the only one, where there is such a hand); a smaller hand is taken only
    if it differs first in the same way, so its scenario fails on this class alone.
    ``members``: what the class's observations said before they were settled on it (a
    hand played again says one of those, not ``key``)."""
    whats = members | {key}
    first = _representative(whats, group)
    engine = make_engine(command, timeout)
    reference = Reference()

    def same(outcome: Outcome) -> bool:  # the scenario stops at its first difference
        return bool(outcome.keys) and outcome.keys[0] in whats

    try:
        declared = engine_profile(engine)
        plays = engine_plays(engine)
        profile = declared if profile is None else profile.merged(declared)
        if any(map(first.after_reading, whats)):  # found after a reading of who acts:
            reading = Profile(tuple(first.reading))  # shrunk and written under it
            profile = reading if profile is None else profile.merged(reading)

        from stud.fuzz import shrink

        small = first.choices
        outcome = play_hand(ReplayDraw(small), config, engine, reference, profile, False)
        unshrunk = outcome
        seated = len(outcome.setup.seats) if outcome.setup else 0
        if budget > 0 and seated > FEW_PLAYERS and config.players[0] <= FEW_PLAYERS:
            # the shrinker keeps cards and actions aligned to the players it starts with,
            # so first look for the same divergence among hands of at most FEW_PLAYERS
            fewer = replace(config, players=(config.players[0], FEW_PLAYERS))
            for index in range(budget):
                draw = RandomDraw.for_hand(seed, -1 - index)  # hands no campaign plays
                found = play_hand(draw, fewer, engine, reference, profile, False)
                if same(found):
                    small, outcome, config = list(found.choices or draw.choices), found, fewer
                    break

        def still_fails(draw: Any) -> bool:
            return same(play_hand(draw, config, engine, reference, profile, False))

        if budget > 0 and shrink.available():
            shrunk = shrink.shrink_choices(small, still_fails, budget)
            again = play_hand(ReplayDraw(shrunk), config, engine, reference, profile, False)
            if same(again):  # a hand that drifted to another difference is not taken
                small, outcome = shrunk, again
    finally:
        engine.close()
    assert outcome.setup is not None
    case = Case(key, first.field, [f.index for f in group], first, small, outcome)
    case.members = whats
    case.players = len(outcome.setup.seats)
    case.alone = same(outcome)
    case.rule = rule or (outcome.divergence.rule if outcome.divergence else None)
    case.title = f"fuzz: {key} (seed {seed}, hand {first.index})"
    tags = ["fuzz", *([case.rule] if case.rule else [])]
    if outcome.divergence is not None:  # (a hand that no longer differs writes nothing)
        case.scenario = scenario(_up_to(outcome, whats), case.title, tags, profile, plays)
    if unshrunk is not outcome and unshrunk.setup is not None and unshrunk.divergence:
        case.unshrunk = scenario(_up_to(unshrunk, whats), case.title, tags, profile, plays)
    log(f"shrunk {key}: {len(first.choices)} -> {len(small)} choices, {case.players} players")
    return case


def _representative(whats: frozenset[str], group: list[Found]) -> Found:
    """The hand to shrink: the class (any of ``whats``) alone in it, else first in it,
    else a cause of its own in it (after a reading of who acts), else the first hand."""
    return (
        next((f for f in group if set(f.keys) <= whats), None)
        or next((f for f in group if f.keys[0] in whats), None)
        or next((f for f in group if any(map(f.after_reading, whats))), group[0])
    )


def _up_to(outcome: Outcome, whats: frozenset[str]) -> Outcome:
    """The outcome with its divergence set at the finding of the class (any of ``whats``;
    or, for a class read under another value of the ruleset, at the first later finding on its
    rule: where the hand shows it)."""
    from stud.fuzz.play import Divergence

    found = next(((f, i) for f, i in outcome.findings if f.what in whats), None)
    if found is None:  # a reading beside a finding (the worst board for who opens)
        found = next(
            ((f, i) for f, i in outcome.findings if whats & {a[1] for a in f.alternatives}),
            None,
        )
    if found is None or outcome.divergence is None or outcome.divergence.what in whats:
        return outcome
    finding, index = found
    street = outcome.steps[index].street if index >= 0 else str(outcome.start.get("street"))
    divergence = Divergence(
        "", street, index, None, None, (), finding.rule, finding.what, finding.detail
    )
    return replace(outcome, divergence=divergence)


def feature_text(cases: list[Case], engine_name: str, seed: int) -> str:
    """One .feature file with a scenario per class (grouped under the catalogue's rules)."""
    rules = rule_statements()
    cases = [c for c in cases if c.scenario]  # only the scenarios that reproduce their class
    lines = [
        "@fuzz",
        f"Feature: stud fuzz divergences of {engine_name} (seed {seed})",
        "  Hands dealt at random by `stud fuzz`, shrunk by hypothesis: each scenario passes on",
        "  the reference interpreter and fails on the engine at the first differing answer.",
        "",
    ]
    plain = [c for c in cases if not c.rule]
    for c in plain:
        lines.append(c.scenario.replace("\n    ", "\n  ").replace("    ", "  ", 1))
    by_rule: dict[str, list[Case]] = {}
    for c in cases:
        if c.rule:
            by_rule.setdefault(c.rule, []).append(c)
    for rule, group in by_rule.items():
        lines.append(f"  Rule: {rule} {rules.get(rule, '')}".rstrip())
        lines.append("")
        for c in group:
            lines.append(c.scenario)
    return "\n".join(lines)


def check_scenarios(text: str, command: str | None, timeout: float) -> dict[str, tuple[str, str]]:
    """Run the scenarios on the reference and on the engine: title -> (reference, engine);
    the engine's status is followed by the root cause it failed on, ``[RULE] what``, and
    by any later cause found in it on its own (``; on its own: [RULE] what``)."""
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import run

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.feature"
        path.write_text(text, encoding="utf-8")
        scenarios = collect(Path(tmp))
        ref = InProcessEngine()
        try:
            on_ref = {r.scenario: r.status for r in run(scenarios, ref)}
        finally:
            ref.close()
        engine = make_engine(command, timeout)
        try:
            on_engine = {r.scenario: r for r in run(scenarios, engine)}
        finally:
            engine.close()
    out = {}
    for title, status in on_ref.items():
        result = on_engine.get(title)
        if result is None:
            out[title] = (status, "missing")
            continue
        first = result.causes[:1]
        alone = [c for c in result.causes[1:] if c.get("independent")]
        why = "".join(
            f"{': ' if n == 0 else '; on its own: '}{_cause_words(c)}"
            for n, c in enumerate([*first, *alone])
        )
        out[title] = (status, result.status + why)
    return out


def _cause_words(cause: Mapping[str, Any]) -> str:
    """``[RULE] what | alternative...`` of a scenario's cause."""
    words = [cause.get("what"), *(a[1] for a in cause.get("alternatives") or ())]
    return f"[{cause.get('rule')}] " + " | ".join(str(w) for w in words if w)


def settle_scenarios(
    cases: list[Case], command: str | None, timeout: float, engine_name: str, seed: int
) -> str:
    """Check every case's scenario on both sides; keep only those that pass on the
    reference and fail on the engine.  A shrunk scenario that does not reproduce its
    class gives way to the hand's unshrunk one; if that does not either, none is written
    (``case.scenario`` is emptied and ``case.checked`` says why)."""
    checked = check_scenarios(feature_text(cases, "", 0), command, timeout) if cases else {}
    retry = []
    for case in cases:
        case.checked = dict(
            zip(("reference", "engine"), checked.get(case.title, ("missing",) * 2), strict=True)
        )
        if not _reproduces(case) and case.unshrunk:
            case.scenario, case.unshrunk = case.unshrunk, ""
            retry.append(case)
    if retry:
        again = check_scenarios(feature_text(retry, "", 0), command, timeout)
        for case in retry:
            reference, engine = again.get(case.title, ("missing", "missing"))
            case.checked = {"reference": reference, "engine": engine}
    for case in cases:
        if not _reproduces(case):
            case.scenario = ""
    return feature_text(cases, engine_name, seed) if any(c.scenario for c in cases) else ""


def _reproduces(case: Case) -> bool:
    """Passes on the reference and fails on the engine on its own class: first, or found
    on its own after chips alone (a cause no scenario can show first: a round left open
    after a bring-in the pot also misses)."""
    engine = case.checked.get("engine", "")
    causes = engine.split(": ", 1)[1].split("; on its own: ") if ": " in engine else []
    whats = [w for c in causes if "] " in c for w in c.split("] ", 1)[1].split(" | ")]
    return (
        case.checked.get("reference") == "passed"
        and engine.startswith("failed")
        and bool((case.members | {case.key}) & set(whats))
    )

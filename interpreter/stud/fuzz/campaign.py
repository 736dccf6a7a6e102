"""A fuzzing campaign: hands sharded over processes (or a Dask cluster), then each class of
divergence shrunk, written as a scenario and checked on both sides.

Hand ``i`` of seed ``s`` depends only on ``(s, i)``, so the hands, their divergences and
the report are the same whatever the number of jobs or workers.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from dataclasses import field as dataclass_field
from functools import partial
from pathlib import Path
from typing import Any

from stud.fuzz.plan import FuzzConfig, RandomDraw, ReplayDraw
from stud.fuzz.play import Outcome, Reference, play_hand
from stud.fuzz.scenario import rule_for, scenario
from stud.fuzz.tally import LocalTally, Tally, in_processes
from stud.spec.engine import Engine
from stud.spec.profile import Profile

FEW_PLAYERS = 4  # a shrunk hand with more players is looked for again with at most this many


def make_engine(command: str | None, timeout: float = 5.0) -> Engine:
    """The engine under test (None: the reference itself, in-process)."""
    from stud.cli.verify import make_engine as verify_engine

    return verify_engine(command, timeout)


def engine_profile(engine: Engine) -> Profile | None:
    info = getattr(engine, "info", None)
    hello = getattr(info, "raw", None) or engine.hello()
    return Profile.from_hello(hello)


@dataclass
class Found:
    """One divergent hand (unshrunk): where and how it differs, and its choices."""

    index: int
    key: str
    field: str
    street: str
    message: str
    choices: list[int]


@dataclass
class ShardResult:
    hands: int = 0
    requests: int = 0
    unsupported: int = 0
    found: list[Found] = field(default_factory=list)
    profile: Profile | None = None  # the engine's values (hello, or learned from refusals)


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
            outcome = play_hand(draw, config, engine, reference, profile)
            learned = Profile.from_refusal(outcome.unsupported_values)
            if learned is not None and learned != profile:
                # a structured refusal names the values the engine plays: adopt them and
                # deal the same hand again under them
                profile = learned if profile is None else profile.merged(learned)
                draw = RandomDraw.for_hand(seed, index)
                outcome = play_hand(draw, config, engine, reference, profile)
            out.profile = profile
            out.hands += 1
            out.requests += len(outcome.steps) + 1
            if outcome.unsupported:
                out.unsupported += 1
            d = outcome.divergence
            if d is not None:
                out.found.append(
                    Found(index, d.key, d.field, d.street, d.describe(), list(draw.choices))
                )
            if tally is not None:
                tally.put((1, int(d is not None)))
    finally:
        engine.close()
    return out


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


def classify(found: Iterable[Found]) -> dict[str, list[Found]]:
    classes: dict[str, list[Found]] = {}
    for f in found:
        classes.setdefault(f.key, []).append(f)
    return classes


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
) -> Case:
    """Shrink the first hand of a class; ``profile``: values learned during the run."""
    first = group[0]
    engine = make_engine(command, timeout)
    reference = Reference()
    try:
        declared = engine_profile(engine)
        profile = declared if profile is None else profile.merged(declared)

        from stud.fuzz import shrink

        small = first.choices
        outcome = play_hand(ReplayDraw(small), config, engine, reference, profile)
        seated = len(outcome.setup.seats) if outcome.setup else 0
        if budget > 0 and seated > FEW_PLAYERS and config.players[0] <= FEW_PLAYERS:
            # the shrinker keeps cards and actions aligned to the players it starts with,
            # so first look for the same divergence among hands of at most FEW_PLAYERS
            fewer = replace(config, players=(config.players[0], FEW_PLAYERS))
            for index in range(budget):
                draw = RandomDraw.for_hand(seed, -1 - index)  # hands no campaign plays
                found = play_hand(draw, fewer, engine, reference, profile)
                if found.divergence is not None and found.divergence.key == first.key:
                    small, outcome, config = list(draw.choices), found, fewer
                    break

        def still_fails(draw: Any) -> bool:
            found = play_hand(draw, config, engine, reference, profile)
            return found.divergence is not None and found.divergence.key == first.key

        if budget > 0 and shrink.available():
            shrunk = shrink.shrink_choices(small, still_fails, budget)
            again = play_hand(ReplayDraw(shrunk), config, engine, reference, profile)
            if again.divergence is not None:
                small, outcome = shrunk, again
    finally:
        engine.close()
    assert outcome.divergence is not None and outcome.setup is not None
    if profile is not None:
        outcome.setup.extra["house_rules"] = [
            (path, _cell(value)) for path, value in profile.values
        ]
    case = Case(key, first.field, [f.index for f in group], first, small, outcome)
    case.players = len(outcome.setup.seats)
    case.rule = rule_for(outcome.divergence, outcome)
    case.title = f"fuzz: {key} (seed {seed}, hand {first.index})"
    tags = ["fuzz", *([case.rule] if case.rule else [])]
    case.scenario = scenario(outcome, case.title, tags)
    log(f"shrunk {key}: {len(first.choices)} -> {len(small)} choices, {case.players} players")
    return case


def _rule_lines() -> dict[str, str]:
    import yaml

    from stud.paths import FEATURES

    try:
        data = yaml.safe_load((FEATURES / "rules-index.yaml").read_text(encoding="utf-8"))
    except OSError:
        return {}
    return {str(k): str(v) for k, v in (data or {}).items()} if isinstance(data, dict) else {}


def _cell(value: Any) -> str:
    import json

    return "null" if value is None else value if isinstance(value, str) else json.dumps(value)


def feature_text(cases: list[Case], engine_name: str, seed: int) -> str:
    """One .feature file with a scenario per class (grouped under the catalogue's rules)."""
    rules = _rule_lines()
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
    """Run the scenarios on the reference and on the engine: title -> (reference, engine)."""
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine
    from stud.spec.runner import run

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.feature"
        path.write_text(text, encoding="utf-8")
        scenarios = collect(Path(tmp))
        ref = InProcessEngine()
        try:
            on_ref = {r.scenario: (r.status, r.message) for r in run(scenarios, ref)}
        finally:
            ref.close()
        engine = make_engine(command, timeout)
        try:
            on_engine = {r.scenario: (r.status, r.message) for r in run(scenarios, engine)}
        finally:
            engine.close()
    return {
        title: (
            on_ref[title][0],
            on_engine.get(title, ("missing", ""))[0]
            + (f": {on_engine[title][1]}" if title in on_engine and on_engine[title][1] else ""),
        )
        for title in on_ref
    }

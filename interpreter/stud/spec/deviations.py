"""Deviations: the root causes of a run's failures, each once, on its rule.

Every failed scenario carries its causes (:mod:`stud.spec.causes`): the root first, then
those found after it, each with a normalised ``what``.  :func:`group` gathers them across
scenarios into :class:`Deviation`: one per ``what``, whatever street or scenario it showed
in, charged to the catalogue id most of its observations name.  An observation that fits
two causes (every door card of one rank: a bring-in by the highest card, or ties settled
without suits?) is charged to the one seen elsewhere in the run.

A deviation the engine declares it knows (``known_deviations`` in ``hello``, by catalogue
id) is reported once as *declared*; a scenario whose every cause is declared is an
expected failure, and the rest is tested as usual (:func:`apply_to_results`).

>>> from stud.spec.results import ScenarioResult
>>> def failed(name, *whats):
...     causes = tuple({"rule": "DEAL-02", "what": w, "detail": "", "request": 1} for w in whats)
...     return ScenarioResult(id=f"f:{name}", feature="f", feature_name="F", rule="",
...         scenario=name, status="failed", causes=causes)
>>> found = group([failed("a", "cards move"), failed("b", "cards move", "pot short")])
>>> [(d.rule, d.what, d.scenarios, d.alone) for d in found]
[('DEAL-02', 'cards move', ['f:a', 'f:b'], ['f:a']), ('DEAL-02', 'pot short', ['f:b'], [])]
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from stud.spec.results import ScenarioResult

FAILING = ("failed", "expected-fail")


@cache
def rule_statements() -> dict[str, str]:
    """Catalogue id -> the project's one-line statement (features/rules-index.yaml)."""
    import yaml

    from stud.paths import FEATURES

    try:
        data = yaml.safe_load((FEATURES / "rules-index.yaml").read_text(encoding="utf-8"))
    except OSError:
        return {}
    return {str(k): str(v) for k, v in (data or {}).items()} if isinstance(data, dict) else {}


@dataclass
class Deviation:
    """One root cause: what differs, the rule it breaks, and what it explains."""

    what: str
    rule: str
    statement: str = ""
    scenarios: list[str] = field(default_factory=list)  # every scenario it shows in
    first_in: list[str] = field(default_factory=list)  # where it is the root cause
    alone: list[str] = field(default_factory=list)  # where it is the only cause
    # where it was found after chip differences only, on the path itself (not a consequence)
    independent: list[str] = field(default_factory=list)
    smallest: str = ""  # the scenario that shows it soonest, on its own where it can
    example: str = ""  # that scenario's instance: the request, what the rules give, the engine
    step: str = ""
    beyond: str = ""  # the rule followed, when the sources do not state it
    declared: bool = False  # the engine declares it (known_deviations)

    def facts(self) -> list[str]:
        """What a report says under the deviation's title, one line each."""
        lines = [f"rule {self.rule}: {self.statement}"] if self.statement else []
        if self.beyond:
            lines.append(f"beyond the sources: {self.beyond}")
        lines.append(
            f"explains {len(self.scenarios)} scenario(s): the root cause in "
            f"{len(self.first_in)}, the only cause in {len(self.alone)}"
            + (
                f", found on its own after chip differences in {len(self.independent)}"
                if self.independent and not self.first_in
                else ""
            )
        )
        lines.append(f"smallest: {self.smallest}")
        example = f"at '{self.step}': {self.example}" if self.step else self.example
        if example:
            lines.append(f"e.g. {example}")
        return lines

    @property
    def root(self) -> bool:
        """A root cause: the first difference of some scenario, or found where everything
        before it was chips netted out (else it was only seen after another difference,
        which it may follow from)."""
        return bool(self.first_in or self.independent)

    def as_dict(self) -> dict[str, Any]:
        """The ``deviations.json`` record (``scenarios`` for verify; fuzz adds ``hands``)."""
        return {
            "rule": self.rule,
            "statement": self.statement,
            "summary": self.what,
            "scenarios": list(self.scenarios),
            "root_cause_in": list(self.first_in),
            "alone_in": list(self.alone),
            "independent_in": list(self.independent),
            "smallest": {"scenario": self.smallest, "step": self.step, "detail": self.example},
            "beyond_sources": self.beyond,
            "declared": self.declared,
        }


def _observations(
    results: Iterable[ScenarioResult],
) -> list[tuple[ScenarioResult, int, dict[str, Any]]]:
    out = []
    for result in results:
        if result.status in FAILING:
            out += [(result, n, dict(c)) for n, c in enumerate(result.causes)]
    return out


def settle(causes: Iterable[dict[str, Any]], refuted: Iterable[str] = ()) -> None:
    """Charge an observation that fits several causes to one seen unambiguously; failing
    that, to a reading it shares with observations of other differences (one cause that
    explains them all, rather than one for each).  ``stud fuzz`` settles its classes so.
    A reading in ``refuted`` or in a cause's ``refutes`` is not taken (see
    :func:`_drop_refuted`)."""
    causes = list(causes)
    _drop_refuted(causes, refuted)
    plain = {  # seen unambiguously, not only after another difference
        c["what"]
        for c in causes
        if not c.get("alternatives") and (not c.get("following") or c.get("independent"))
    }
    seen = {c["what"] for c in causes}  # found as what differs, if ambiguously
    originals = [c["what"] for c in causes]
    fits = _fits(causes)
    loose = []
    for cause in causes:
        options = [tuple(a) for a in cause.get("alternatives") or () if fits(cause, a[1])]
        if cause["what"] in plain or not options:
            continue
        chosen = next(((r, w) for r, w in options if w in plain), None)
        if chosen is None:
            loose.append((cause, options))
        else:
            cause["rule"], cause["what"] = chosen
    sharing: dict[str, set[str]] = {}
    reach: Counter[str] = Counter()  # how many of them each reading explains
    readings = [[(c["rule"], c["what"]), *options] for c, options in loose]  # its own first
    from stud.spec.blame import generic_picks

    # "another player opens" says nothing of how the engine picks, "a best hand is chosen
    # differently" nothing of how it values hands: a reading that says how, found by two
    # observations or more, is not merged with another through it
    from stud.spec.blame_end import CHOSEN, OTHER_WINNER

    generic = generic_picks() | {CHOSEN, OTHER_WINNER}
    own = Counter(c["what"] for c, _ in loose if not c.get("following") or c.get("independent"))
    for (cause, _), these in zip(loose, readings, strict=True):
        if cause.get("following") and not cause.get("independent"):
            continue  # seen only after another difference: no evidence of a shared reading
        specific = cause["what"] not in generic and own[cause["what"]] > 1
        for what in {w for _, w in these if not (specific and w in generic)}:
            sharing.setdefault(what, set()).add(cause["what"])
            reach[what] += 1
    primary = {c["what"] for c, _ in loose}
    for (cause, _), these in zip(loose, readings, strict=True):  # the shared reading that
        # explains most of them; between two that explain as many, one some of them were
        # first read as (the one card read of several) over the symptom they all share,
        # and of two such, the one more of them were first read as
        shared = [(r, w) for r, w in these if len(sharing.get(w, ())) > 1]
        if shared:
            best = max(shared, key=lambda o: (reach[o[1]], o[1] in primary, own[o[1]]))
            cause["rule"], cause["what"] = best
    # a reading found as the difference of other observations goes where they all went
    went: dict[str, set[tuple[str, str]]] = {}
    for cause, original in zip(causes, originals, strict=True):
        went.setdefault(original, set()).add((cause["rule"], cause["what"]))
    for cause, original in zip(causes, originals, strict=True):
        if cause["what"] != original and cause["what"] in seen:
            targets = went.get(cause["what"], set())
            if len(targets) == 1:
                cause["rule"], cause["what"] = next(iter(targets))


def _drop_refuted(causes: Sequence[dict[str, Any]], more: Iterable[str] = ()) -> None:
    """Leave out the readings of who opens that the engine's own right picks rule out
    somewhere in the run (``refutes``, :func:`stud.spec.blame.opener_refutes`): a cause
    read so takes the first reading beside it that still stands and says how the engine
    picks, else the plain difference."""
    refuted = {str(w) for c in causes for w in c.get("refutes") or ()} | set(more)
    if not refuted:
        return
    from stud.spec.blame import generic_picks

    generic = generic_picks()
    for cause in causes:
        standing = [a for a in cause.get("alternatives") or () if a[1] not in refuted]
        if cause["what"] in refuted and standing:
            how = [a for a in standing if a[1] not in generic]
            chosen = (how or standing)[0]
            standing.remove(chosen)
            cause["rule"], cause["what"] = chosen
        if "alternatives" in cause:
            cause["alternatives"] = standing


def _fits(causes: Sequence[dict[str, Any]]) -> Callable[[Mapping[str, Any], str], bool]:
    """Whether a cause may be read as ``what``: where both name the categories of the hands
    the engine valued lower (``hands``), they share one.  An evaluator that ranks a straight
    over a flush is not one without the wheel because both choose other best hands."""
    known: dict[str, set[str] | None] = {}  # what -> its hands (None: some without)
    for c in causes:
        if c.get("alternatives") or (c.get("following") and not c.get("independent")):
            continue
        hands = known.setdefault(c["what"], set())
        if hands is not None:
            known[c["what"]] = hands | set(c["hands"]) if c.get("hands") else None

    def fits(cause: Mapping[str, Any], what: str) -> bool:
        own, other = set(cause.get("hands") or ()), known.get(what)
        return not own or not other or bool(own & other)

    return fits


def group(results: Iterable[ScenarioResult], declared: Sequence[str] = ()) -> list[Deviation]:
    """The deviations of a run, the one that explains most scenarios first."""
    observations = _observations(results)
    settle(c for _, _, c in observations)
    shown = _shown(c for _, _, c in observations)
    observations = [o for o in observations if o[2].get("given", "") in shown]
    by_what: dict[str, list[tuple[ScenarioResult, int, dict[str, Any]]]] = {}
    for item in observations:
        by_what.setdefault(item[2]["what"], []).append(item)
    whats_of: dict[str, set[str]] = {}
    for result, _, cause in observations:
        whats_of.setdefault(result.id, set()).add(cause["what"])
    statements = rule_statements()
    out = []
    for what, items in by_what.items():
        rules = Counter(c["rule"] for _, _, c in items)
        rule = max(rules, key=lambda r: (rules[r], -[c["rule"] for _, _, c in items].index(r)))
        scenarios = list(dict.fromkeys(r.id for r, _, _ in items))
        first_in = list(dict.fromkeys(r.id for r, n, _ in items if n == 0))
        independent = list(dict.fromkeys(r.id for r, n, c in items if c.get("independent")))
        alone = [s for s in scenarios if whats_of[s] == {what}]
        pool = [i for i in items if i[0].id in alone] or [i for i in items if i[1] == 0] or items
        best = min(pool, key=lambda i: (int(i[2].get("request", 0)), len(i[0].id)))
        beyond = next((c.get("beyond") for _, _, c in items if c.get("beyond")), "")
        if not beyond and all("beyond-sources" in r.tags for r, _, _ in items):
            beyond = items[0][0].rule
        out.append(
            Deviation(
                what=what,
                rule=rule,
                statement=statements.get(rule, ""),
                scenarios=scenarios,
                first_in=first_in,
                alone=alone,
                independent=independent,
                smallest=best[0].id,
                example=str(best[2].get("detail", "")),
                step=str(best[2].get("step", "")),
                beyond=str(beyond or ""),
                declared=rule in declared,
            )
        )
    out.sort(key=lambda d: (not d.root, d.declared, -len(d.scenarios), d.rule, d.what))
    return out


def _shown(causes: Iterable[Mapping[str, Any]]) -> set[str]:
    """The readings a run shows as causes of their own (and "": no reading needed): an
    observation found by reading the engine another way (``given``) counts only then."""
    return {""} | {c["what"] for c in causes if not c.get("given")}


def apply_to_results(
    results: Sequence[ScenarioResult], found: Sequence[Deviation]
) -> list[ScenarioResult]:
    """Each result's causes as the run settled them (the deviation's rule and ``what``,
    also in its message), charged to its root cause's rule; a failed scenario whose every
    cause is a declared deviation becomes an expected failure (the message says which)."""
    from stud.spec.causes import cause_line

    by_what = {d.what: d for d in found}
    out = []
    for result in results:
        if not result.causes:
            out.append(result)
            continue
        causes, message = [], result.message
        for cause in result.causes:
            if cause.get("given") and cause["given"] not in by_what:
                message = message.replace(f"\n    then: {cause_line(cause)}", "")
                continue  # found by a reading the run does not show: not a cause of it
            readings = [cause["what"], *(a[1] for a in cause.get("alternatives") or ())]
            deviation = next((by_what[w] for w in readings if w in by_what), None)
            settled = dict(cause)
            if deviation is not None and deviation.what != cause["what"]:
                # charged to another of its readings: its own stays among them
                beside = [a for a in cause.get("alternatives") or () if a[1] != deviation.what]
                settled["alternatives"] = [[cause["rule"], cause["what"]], *beside]
            if deviation is not None:
                settled.update(rule=deviation.rule, what=deviation.what)
                message = message.replace(cause_line(cause), cause_line(settled))
            causes.append(settled)
        result = dataclasses.replace(
            result, causes=tuple(causes), charged_to=(causes[0]["rule"],), message=message
        )
        declared = [by_what[c["what"]].declared for c in causes if c["what"] in by_what]
        if result.status == "failed" and declared and all(declared):
            rules = ", ".join(sorted({c["rule"] for c in causes}))
            result = dataclasses.replace(
                result,
                status="expected-fail",
                message=f"declared deviation {rules}: {result.message}",
            )
        out.append(result)
    return out


def not_observed(
    declared: Sequence[str], found: Sequence[Deviation], results: Sequence[ScenarioResult]
) -> list[str]:
    """Declared ids no failure showed, though scenarios of theirs ran and passed."""
    seen = {d.rule for d in found}
    out = []
    for rule in declared:
        passed = [r for r in results if rule in r.tags and r.status == "passed"]
        if rule not in seen and passed:
            out.append(f"{rule} ({len(passed)} of its scenarios passed)")
    return out


def known_deviations(hello: Mapping[str, Any]) -> list[str]:
    """The catalogue ids an engine declares it deviates on (``hello`` 1.2)."""
    raw = hello.get("known_deviations")
    return [str(x) for x in raw if isinstance(x, str)] if isinstance(raw, list) else []


def deviations_text(found: Sequence[Deviation], failed: int, limit: int = 200) -> list[str]:
    """The deviations as the lines ``stud verify`` prints first."""
    roots = [d for d in found if d.root]
    if not found:
        return []
    open_ = [d for d in roots if not d.declared]
    lines = [
        f"{len(open_)} deviation{'s' * (len(open_) != 1)} from the rules (root causes of "
        f"{failed} failed scenario{'s' * (failed != 1)}), each with the scenarios it explains:"
    ]
    for n, d in enumerate(roots, 1):
        tag = " (declared by the engine)" if d.declared else ""
        lines.append(f"  {n}. [{d.rule}] {d.what}{tag}")
        lines += [f"     {f[:limit]}{'...' if len(f) > limit else ''}" for f in d.facts()]
    later = [d for d in found if not d.root]
    if later:
        lines.append("  seen only after another difference (they may follow from it):")
    for d in later:
        lines.append(f"    [{d.rule}] {d.what}: {len(d.scenarios)} scenario(s), e.g. {d.smallest}")
    picks = sum(len(d.first_in) for d in open_ if d.rule in OTHER_PICK)
    if picks >= max(5, failed // 4):
        lines.append(
            f"  note: {picks} scenario(s) stop where the engine picks another player to bring "
            "in or to open a street: a scenario written for the rules' pick cannot follow it. "
            "stud fuzz deals hands again under the ruleset value that makes the rules pick as "
            "the engine does, and tests what comes after (docs/conformance/diagnosing.md)."
        )
    return lines


# the rules of who brings in or opens a street by the cards: an engine that picks otherwise
# leaves every scenario written for the rules' pick at that point
OTHER_PICK = frozenset({"BRING-01", "BRING-02", "BRING-13", "BRING-12", "ROUND-03", "ROUND-12"})

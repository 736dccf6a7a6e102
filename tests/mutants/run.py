"""Run the curated rule mutants against the specification and publish the score.

Each mutant in ``tests/mutants/mutants.yaml`` is one realistic rule bug: a ``find`` text
that must occur exactly once in a file of ``interpreter/stud`` and its ``replace``.  For
each mutant the package is copied to a temporary folder, the bug is put into the copy and
``stud verify -q`` runs with that copy first on ``PYTHONPATH`` (the run checks it imported
the copy); the real tree is never edited, so an interrupted run leaves nothing behind.  A
mutant is *killed* when the spec fails (or hangs past ``--timeout``), *survived* when the
whole spec still passes.

    python tests/mutants/run.py                 run every mutant (2 at a time), print a table
    python tests/mutants/run.py -k cap -j 4     mutants whose name or area contains "cap"
    python tests/mutants/run.py --write-docs    ... and regenerate docs/mutation-score.md
    python tests/mutants/run.py --check         exit 1 if a mutant survives or the page is stale
    python tests/mutants/run.py --lint          only check that every mutant still applies

Exit status: 0 when every selected mutant is killed (and, with --check, the score page is
current); 1 otherwise; 2 when a mutant no longer applies (its ``find`` text moved).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "interpreter" / "stud"
MUTANTS = Path(__file__).resolve().parent / "mutants.yaml"
INDEX = ROOT / "features" / "rules-index.yaml"
PAGE = ROOT / "docs" / "mutation-score.md"
TOOL_RUNS = Path(__file__).resolve().parent / "tool-runs.yaml"
VERDICTS = ("killed by a new scenario", "equivalent", "left")
DATA_LINKS = ("features", "rulesets", "schemas")
AREAS = (
    "deal",
    "bring-in",
    "order",
    "limits",
    "cap",
    "spread",
    "pot limit",
    "all-in",
    "side pots",
    "odd chips",
    "rankings",
    "hi-lo",
    "declare",
    "exchanges",
    "decisions",
    "wild cards",
    "run-out",
    "house games",
)
BEYOND = "beyond the sources"
FIELDS = {"name", "area", "rule", "file", "find", "replace", "edits", "why", "follows"}
EDIT_FIELDS = {"file", "find", "replace"}
# imports the package, checks it is the mutated copy, then runs `stud verify`
BOOT = (
    "import sys, stud, stud.cli\n"
    "here = stud.__file__\n"
    "if not here.startswith(sys.argv[1]):\n"
    "    sys.exit('mutants: imported ' + here + ', not the mutated copy')\n"
    "sys.exit(stud.cli.main(sys.argv[2:]))\n"
)
WRONG_COPY = 3  # exit status of BOOT when the copy was not what got imported


class MutantError(Exception):
    """A mutant that cannot be applied (its text moved) or is badly written."""


@dataclass(frozen=True)
class Edit:
    file: str  # relative to interpreter/stud
    find: str  # must occur exactly once in the file
    replace: str


@dataclass(frozen=True)
class Mutant:
    name: str
    area: str
    rule: str  # a catalogue id, or BEYOND
    edits: tuple[Edit, ...]  # one bug, most often one edit
    why: str
    follows: str = ""  # for BEYOND: the rule followed (Robert's Rules, TDA)

    @property
    def files(self) -> list[str]:
        return sorted({e.file for e in self.edits})

    def apply(self, package: Path) -> None:
        """Put the bug into the package at ``package`` (a copy); MutantError if it moved."""
        for edit in self.edits:
            path = package / edit.file
            if not path.is_file():
                raise MutantError(f"{self.name}: {edit.file} does not exist")
            text = path.read_text(encoding="utf-8")
            count = text.count(edit.find)
            if count != 1:
                raise MutantError(
                    f"{self.name}: the find text occurs {count} times in {edit.file} "
                    "(expected exactly once): the code moved; update tests/mutants/mutants.yaml"
                )
            mutated = text.replace(edit.find, edit.replace)
            try:
                compile(mutated, str(path), "exec")
            except SyntaxError as exc:
                problem = f"{self.name}: the mutated {edit.file} does not compile: {exc}"
                raise MutantError(problem) from None
            path.write_text(mutated, encoding="utf-8")


@dataclass
class Outcome:
    mutant: Mutant
    status: str  # killed | survived | timeout | error
    seconds: float
    failed: list[str] = field(default_factory=list)  # scenario ids that caught it
    detail: str = ""

    @property
    def killed(self) -> bool:
        return self.status in ("killed", "timeout")


def load(path: Path = MUTANTS, index_path: Path = INDEX) -> list[Mutant]:
    """The curated mutants, checked: known fields and areas, ids from the rules index."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise MutantError(f"{path}: expected a list of mutants")
    ids = set(yaml.safe_load(index_path.read_text(encoding="utf-8")) or {})
    mutants: list[Mutant] = []
    for n, entry in enumerate(data, 1):
        if not isinstance(entry, dict):
            raise MutantError(f"{path}: entry {n} is not a mapping")
        unknown = set(entry) - FIELDS
        missing = {"name", "area", "rule", "why"} - set(entry)
        if unknown or missing:
            raise MutantError(
                f"{path}: entry {n}: unknown {sorted(unknown)}, missing {sorted(missing)}"
            )
        edits = entry.get("edits", [{k: entry[k] for k in EDIT_FIELDS if k in entry}])
        if not isinstance(edits, list) or any(
            not isinstance(e, dict) or set(e) != EDIT_FIELDS for e in edits
        ):
            raise MutantError(f"{path}: entry {n}: needs file, find, replace (or edits: of them)")
        m = Mutant(
            name=str(entry["name"]),
            area=str(entry["area"]),
            rule=str(entry["rule"]),
            edits=tuple(Edit(str(e["file"]), str(e["find"]), str(e["replace"])) for e in edits),
            why=str(entry["why"]),
            follows=str(entry.get("follows", "")),
        )
        if m.area not in AREAS:
            raise MutantError(f"{m.name}: area {m.area!r} is not one of {', '.join(AREAS)}")
        if m.rule == BEYOND:
            if not m.follows:
                raise MutantError(f"{m.name}: beyond the sources needs `follows` (the rule)")
        elif m.rule not in ids:
            raise MutantError(f"{m.name}: {m.rule} is not an id of features/rules-index.yaml")
        if any(e.find == e.replace for e in m.edits):
            raise MutantError(f"{m.name}: find and replace are the same")
        mutants.append(m)
    names = [m.name for m in mutants]
    twice = sorted({x for x in names if names.count(x) > 1})
    if twice:
        raise MutantError(f"{path}: mutant names used twice: {', '.join(twice)}")
    return mutants


def copy_package(dest: Path, data: Path = ROOT) -> Path:
    """A copy of ``interpreter/stud`` under ``dest`` whose data links point at ``data``
    (this tree, or a snapshot of its features, rulesets and schemas)."""
    package = dest / "stud"
    shutil.copytree(PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "data"))
    (package / "data").mkdir()
    for name in DATA_LINKS:
        (package / "data" / name).symlink_to(data / name, target_is_directory=True)
    return package


def snapshot_data(dest: Path) -> Path:
    """Copy features, rulesets and schemas once, so edits during a run change nothing."""
    for name in DATA_LINKS:
        shutil.copytree(ROOT / name, dest / name)
    return dest


def lint(mutants: Iterable[Mutant]) -> list[str]:
    """Problems applying each mutant to a fresh copy (empty when every one applies)."""
    problems = []
    with tempfile.TemporaryDirectory(prefix="stud-mutants-") as tmp:
        package = copy_package(Path(tmp))
        for m in mutants:
            try:
                m.apply(package)
            except MutantError as exc:
                problems.append(str(exc))
            for name in m.files:
                shutil.copyfile(PACKAGE / name, package / name)
    return problems


SPEC_SUBSET: list[str] = []  # `stud verify -k EXPR` (--spec-subset): a quicker kill check


def verify(package_parent: Path, timeout: float, report: Path) -> tuple[int | None, str]:
    """Run ``stud verify -q`` importing the package under ``package_parent``."""
    env = dict(os.environ, PYTHONPATH=str(package_parent), PYTHONDONTWRITEBYTECODE="1")
    args = ["verify", "-q", "--report", str(report), *SPEC_SUBSET]
    cmd = [sys.executable, "-c", BOOT, str(package_parent) + os.sep, *args]
    try:
        done = subprocess.run(
            cmd, env=env, cwd=package_parent, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return None, f"stud verify ran past {timeout:.0f} s"
    return done.returncode, (done.stdout + done.stderr)[-2000:]


def failed_scenarios(report: Path) -> list[str]:
    path = report / "results.jsonl"
    if not path.is_file():
        return []
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        if record.get("status") not in ("passed", "expected-fail", "not-supported"):
            out.append(str(record.get("id", "?")))
    return out


def run_one(
    mutant: Mutant | None, timeout: float, data: Path = ROOT
) -> Outcome | tuple[int | None, str]:
    """Apply one mutant to a fresh copy and run the spec (``None``: the pristine copy)."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stud-mutant-") as tmp:
        parent = Path(tmp)
        package = copy_package(parent, data)
        if mutant is None:
            return verify(parent, timeout, parent / "report")
        mutant.apply(package)
        code, output = verify(parent, timeout, parent / "report")
        seconds = time.monotonic() - start
        if code == WRONG_COPY:
            raise MutantError(f"{mutant.name}: {output.strip()}")
        if code is None:
            return Outcome(mutant, "timeout", seconds, detail=output)
        if code == 0:
            return Outcome(mutant, "survived", seconds)
        failed = failed_scenarios(parent / "report")
        if not failed:  # it broke before any scenario ran: not a realistic kill
            return Outcome(mutant, "error", seconds, detail=output)
        return Outcome(mutant, "killed", seconds, failed=failed)


def run_all(
    mutants: Sequence[Mutant], jobs: int, timeout: float, data: Path = ROOT
) -> list[Outcome]:
    """Every mutant, ``jobs`` at a time, each printed as it finishes; in the given order."""
    done: dict[str, Outcome] = {}
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(run_one, m, timeout, data) for m in mutants]
        for future in as_completed(futures):
            o = future.result()
            if isinstance(o, Outcome):
                done[o.mutant.name] = o
                print(_line(o), flush=True)
    return [done[m.name] for m in mutants]


def _line(o: Outcome) -> str:
    caught = f"{len(o.failed)} failed, first: {o.failed[0]}" if o.failed else o.detail[-300:]
    return f"{o.status.upper():9} {o.mutant.name:40} {o.seconds:5.1f}s  {caught}".rstrip()


# --- the score page ---------------------------------------------------------------------
def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def render_page(outcomes: Sequence[Outcome]) -> str:
    """docs/mutation-score.md: the score per area, then every mutant (deterministic)."""
    killed = sum(o.killed for o in outcomes)
    total = len(outcomes)
    lines = [
        "# Mutation score",
        "",
        "<!-- generated by `python tests/mutants/run.py --write-docs`; do not edit -->",
        "",
        "A conformance suite is worth the wrong engines it rejects.  Each *rule mutant* below",
        "is one realistic rule bug put into a copy of the reference interpreter; the",
        "specification (`stud verify`) *kills* it when at least one scenario fails.  The",
        "mutants live in `tests/mutants/mutants.yaml`; how to run them and the mutation tool",
        "is in [Mutation testing](guide/mutation-testing.md).",
        "",
        f"**{killed} of {total} rule mutants killed ({_pct(killed, total)}).**",
        "",
        "| area | mutants | killed | survived | score |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for area in AREAS:
        mine = [o for o in outcomes if o.mutant.area == area]
        if not mine:
            lines.append(f"| {area} | 0 | 0 | 0 | - |")
            continue
        k = sum(o.killed for o in mine)
        lines.append(f"| {area} | {len(mine)} | {k} | {len(mine) - k} | {_pct(k, len(mine))} |")
    lines += [
        "",
        "## The mutants",
        "",
        "| mutant | area | rule broken | the bug | result |",
        "| --- | --- | --- | --- | --- |",
    ]
    for o in sorted(outcomes, key=lambda o: (AREAS.index(o.mutant.area), o.mutant.name)):
        m = o.mutant
        rule = m.rule if m.rule != BEYOND else f"beyond the sources: {m.follows}"
        result = "killed" if o.killed else "**survived**"
        lines.append(f"| `{m.name}` | {m.area} | {_cell(rule)} | {_cell(m.why)} | {result} |")
    lines += render_tool_runs()
    return "\n".join(lines) + "\n"


def render_tool_runs(path: Path = TOOL_RUNS) -> list[str]:
    """The mutation-tool runs recorded in tool-runs.yaml, every survivor with its verdict."""
    runs = (yaml.safe_load(path.read_text(encoding="utf-8")) or []) if path.is_file() else []
    lines = [
        "",
        "## The mutation tool",
        "",
        "Runs of cosmic-ray (`python tests/mutants/tool.py MODULE...`, with `stud verify -x`",
        "as the test command), as recorded in `tests/mutants/tool-runs.yaml`.  Where a",
        "module has more mutants than one run can afford, the run takes a random *sample*",
        "of them (`--sample K`, the seed recorded): its score estimates the module's.",
        "*Killed* counts the mutants the spec killed in that run; every mutant that",
        "survived it is listed below with its verdict: killed by a scenario written since,",
        "equivalent (it cannot change what a player sees, with the reason) or left.",
        "",
    ]
    if not runs:
        return lines + ["No run recorded yet."]
    lines += [
        "| module | date (commit) | mutants run | killed by the spec | killed since "
        "| equivalent | left | score now (non-equivalent) |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    survivors: list[str] = []
    for run in runs:
        verdicts = [str(s["verdict"]) for s in run.get("survivors", [])]
        for v in verdicts:
            if v not in VERDICTS:
                raise MutantError(f"{path}: verdict {v!r} is not one of {', '.join(VERDICTS)}")
        killed = int(run["killed"]) + verdicts.count(VERDICTS[0])
        real = int(run["mutants"]) - verdicts.count(VERDICTS[1])
        when = f"{run['date']} ({run['commit']})" if run.get("commit") else str(run["date"])
        size = f"{run['sample']} (sample)" if run.get("sample") else str(run["mutants"])
        lines.append(
            f"| `{run['module']}` | {when} | {size} | {run['killed']} "
            f"| {verdicts.count(VERDICTS[0])} | {verdicts.count(VERDICTS[1])} "
            f"| {verdicts.count(VERDICTS[2])} | {killed} of {real} ({_pct(killed, real)}) |"
        )
        for s in run.get("survivors", []):
            survivors.append(
                f"| `{run['module']}` | {_cell(str(s['mutant']))} | {s['verdict']} "
                f"| {_cell(str(s['why']))} |"
            )
    total = sum(int(r["mutants"]) for r in runs)
    settled = [str(s["verdict"]) for r in runs for s in r.get("survivors", [])]
    killed_all = sum(int(r["killed"]) for r in runs) + settled.count(VERDICTS[0])
    real_all = total - settled.count(VERDICTS[1])
    lines += [
        "",
        f"In all: {killed_all} of the {real_all} non-equivalent mutants run are killed "
        f"({_pct(killed_all, real_all)}); {settled.count(VERDICTS[1])} are equivalent and "
        f"{settled.count(VERDICTS[2])} left.",
    ]
    if survivors:
        lines += ["", "| module | surviving mutant | verdict | why |", "| --- | --- | --- | --- |"]
        lines += survivors
    return lines


TOOL_HEADING = "\n## The mutation tool\n"


def write_tool_section(page: Path = PAGE) -> int:
    """Re-render the tool section of the page, keeping the rule mutants' part as it is."""
    text = page.read_text(encoding="utf-8")
    if TOOL_HEADING not in text:
        print(f"mutants: {page} has no tool section; run --write-docs", file=sys.stderr)
        return 1
    head = text[: text.index(TOOL_HEADING)]
    new = head + "\n".join(render_tool_runs()) + "\n"
    if new != text:
        page.write_text(new, encoding="utf-8")
        print(f"wrote {page.relative_to(ROOT)}")
    return 0


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "-k",
        dest="select",
        help="only mutants whose name or area has one of these words (comma-separated)",
    )
    parser.add_argument("-j", "--jobs", type=int, default=2, help="parallel runs (default 2)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per mutant")
    parser.add_argument("--write-docs", action="store_true", help="regenerate the score page")
    parser.add_argument("--check", action="store_true", help="fail when the page is stale")
    parser.add_argument("--lint", action="store_true", help="only check the mutants apply")
    parser.add_argument(
        "--spec-subset",
        metavar="EXPR",
        help="run only `stud verify -k EXPR` per mutant: quicker, and a kill by a subset is "
        "a kill (a survivor is not proven; not for the page)",
    )
    parser.add_argument(
        "--tool-section",
        action="store_true",
        help="only re-render the page's mutation-tool section from tool-runs.yaml",
    )
    parser.add_argument(
        "--mutants", type=Path, default=MUTANTS, help="another mutants file (not for the page)"
    )
    args = parser.parse_args(argv)
    if args.tool_section:
        return write_tool_section()
    if args.spec_subset:
        SPEC_SUBSET[:] = ["-k", args.spec_subset]
    try:
        mutants = load(args.mutants)
    except MutantError as exc:
        print(f"mutants: {exc}", file=sys.stderr)
        return 2
    if args.select:
        words = [w.strip() for w in args.select.split(",") if w.strip()]
        mutants = [m for m in mutants if any(w in m.name or w in m.area for w in words)]
    problems = lint(mutants)
    if problems or args.lint:
        for p in problems:
            print(f"mutants: {p}", file=sys.stderr)
        print(f"{len(mutants) - len(problems)} of {len(mutants)} mutants apply")
        return 2 if problems else 0
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stud-mutants-data-") as tmp:
        data = snapshot_data(Path(tmp))
        baseline = run_one(None, args.timeout, data)
        if isinstance(baseline, tuple) and baseline[0] != 0:
            print(f"mutants: the unmutated copy fails stud verify:\n{baseline[1]}", file=sys.stderr)
            return 1
        try:
            outcomes = run_all(mutants, args.jobs, args.timeout, data)
        except MutantError as exc:
            print(f"mutants: {exc}", file=sys.stderr)
            return 2
    survivors = [o.mutant.name for o in outcomes if not o.killed]
    if survivors:
        print(f"survived: {', '.join(survivors)}")
    killed = sum(o.killed for o in outcomes)
    errors = [o for o in outcomes if o.status == "error"]
    print(
        f"{killed} of {len(outcomes)} mutants killed ({_pct(killed, len(outcomes))}), "
        f"{len(errors)} broke before any scenario ran, in {time.monotonic() - start:.0f} s"
    )
    status = 0 if killed == len(outcomes) and not errors else 1
    if args.write_docs or args.check:
        if args.select or args.mutants != MUTANTS or args.spec_subset:
            print("mutants: the score page needs every curated mutant", file=sys.stderr)
            return 1
        page = render_page(outcomes)
        current = PAGE.read_text(encoding="utf-8") if PAGE.is_file() else ""
        if args.write_docs and page != current:
            PAGE.write_text(page, encoding="utf-8")
            print(f"wrote {PAGE.relative_to(ROOT)}")
        elif args.check and page != current:
            print(
                f"mutants: {PAGE.relative_to(ROOT)} is stale; run "
                "python tests/mutants/run.py --write-docs",
                file=sys.stderr,
            )
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())

"""A cosmic-ray session database, read and settled: samples, survivors, retries, records.

Beside each session ``NAME.sqlite`` lies ``NAME.json``: the commit the session started
on, its sample, and the mutants that survived before a ``--retry-survivors`` (so a record
can tell the spec's first kills from the kills of scenarios written since).
"""

from __future__ import annotations

import datetime
import json
import random
import re
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
_FIRST_FAILED = re.compile(r"^\s*\[FAILED\] (?:[\w-]+/)*([^:]+):(.*)$", re.M)


def notes_path(session: Path) -> Path:
    return session.with_suffix(".json")


def load_notes(session: Path) -> dict[str, Any]:
    path = notes_path(session)
    return dict(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else {}


def save_notes(session: Path, **values: Any) -> None:
    notes = load_notes(session) | values
    notes_path(session).write_text(json.dumps(notes, indent=1) + "\n", encoding="utf-8")


def head_commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    )
    return done.stdout.strip() or "?"


def _rows(session: Path, where: str = "1") -> list[tuple[Any, ...]]:
    with sqlite3.connect(session) as db:
        return db.execute(
            "SELECT s.job_id, s.module_path, s.start_pos_row, r.diff, r.test_outcome, r.output "
            "FROM mutation_specs s LEFT JOIN work_results r ON r.job_id = s.job_id "
            f"WHERE {where} "
            "ORDER BY s.module_path, s.start_pos_row, s.start_pos_col, s.operator_name"
        ).fetchall()


def mutant_text(row: int, diff: str) -> str:
    """``line N: `before` → `after` `` from cosmic-ray's diff of one mutant."""
    lines = diff.splitlines()
    old = " / ".join(x[1:].strip() for x in lines if x.startswith("-") and x[1:2] != "-")
    new = " / ".join(x[1:].strip() for x in lines if x.startswith("+") and x[1:2] != "+")
    return f"line {row}: `{old}` → `{new}`"


def survivor_lines(session: Path) -> list[str]:
    rows = _rows(session, "r.test_outcome = 'SURVIVED'")
    return [f"{module}: {mutant_text(row, diff)}" for _, module, row, diff, _, _ in rows]


def keep_sample(session: Path, per_module: int, seed: int) -> tuple[int, int]:
    """Mark all but ``per_module`` random mutants of each module as skipped; (kept, total)."""
    from cosmic_ray.work_db import use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    by_module: dict[str, list[str]] = {}
    rows = _rows(session)
    for job, module, *_ in rows:
        by_module.setdefault(module, []).append(job)
    rng = random.Random(seed)
    kept: set[str] = set()
    for jobs in by_module.values():
        kept.update(rng.sample(jobs, min(per_module, len(jobs))))
    skipped = WorkResult(
        output=f"not in the sample (--sample {per_module} --seed {seed})",
        worker_outcome=WorkerOutcome.SKIPPED,
    )
    with use_db(str(session)) as work_db:
        for job, *_ in rows:
            if job not in kept:
                work_db.set_result(job, skipped)
    save_notes(session, sample=per_module, seed=seed)
    return len(kept), len(rows)


def forget_survivors(session: Path) -> int:
    """Note the survivors, then drop their results so that ``exec`` runs them again."""
    where = (
        "r.worker_outcome != 'SKIPPED' AND (r.test_outcome IS NULL OR r.test_outcome != 'KILLED')"
    )
    jobs = [job for job, *_ in _rows(session, where)]
    retried = sorted(set(load_notes(session).get("retried", [])) | set(jobs))
    save_notes(session, retried=retried)
    with sqlite3.connect(session) as db:
        db.executemany("DELETE FROM work_results WHERE job_id = ?", [(j,) for j in jobs])
    return len(jobs)


def first_failure(output: str) -> str:
    """The first scenario that failed, as ``feature.feature: scenario name``."""
    match = _FIRST_FAILED.search(output or "")
    return f"{match.group(1)}: {match.group(2).strip()}" if match else "the spec failed"


def record(session: Path) -> list[dict[str, Any]]:
    """One tool-runs.yaml entry per module: counts, and every first-run survivor settled as
    killed by a new scenario (it was run again with ``--retry-survivors`` and a scenario
    written since failed) or still left to settle."""
    notes = load_notes(session)
    retried = set(notes.get("retried", []))
    runs: dict[str, dict[str, Any]] = {}
    for job, module, row, diff, outcome, output in _rows(session):
        name = module.removeprefix("interpreter/stud/")
        run = runs.setdefault(
            name,
            {
                "module": name,
                "date": notes.get("date", datetime.date.today().isoformat()),
                "commit": notes.get("commit", "?"),
                "all": 0,
                "mutants": 0,
                "killed": 0,
                "survivors": [],
            },
        )
        run["all"] += 1
        if output and output.startswith("not in the sample"):
            continue
        run["mutants"] += 1
        if outcome == "KILLED" and job not in retried:
            run["killed"] += 1  # killed by the spec as it was when the session started
            continue
        text = mutant_text(row, diff or "")
        if outcome == "KILLED":
            entry = {"verdict": "killed by a new scenario", "why": first_failure(output)}
        else:
            entry = {"verdict": "left", "why": "not settled yet"}
        run["survivors"].append({"mutant": text, **entry})
    out = []
    for run in runs.values():
        if notes.get("sample"):
            run["sample"] = f"{run['mutants']} of {run['all']}, seed {notes.get('seed', 1)}"
        del run["all"]
        out.append(run)
    return out

"""The full mutation-tool run (not CI): cosmic-ray with ``stud verify`` as the test suite.

cosmic-ray edits each file it mutates in place, so this runs it on a scratch copy of the
tree (with the copy's ``interpreter/`` first on ``PYTHONPATH``): an interrupted run leaves
the real tree untouched.  The session database stays in ``.mutation/`` (git-ignored), so
``cr-report .mutation/session.sqlite`` shows the results afterwards, and ``--resume`` goes
on where an interrupted run stopped.  cosmic-ray's local distributor runs one mutant at a
time (one core); every mutant costs one ``stud verify -x`` (about 1 s when the spec kills
it at once, 3 s when it survives).

    python tests/mutants/tool.py                          everything in cosmic-ray.toml
    python tests/mutants/tool.py interpreter/stud/engine/pots.py   one module
    python tests/mutants/tool.py --resume                 finish an interrupted session
    python tests/mutants/tool.py --session .mutation/hands.sqlite interpreter/stud/hands
    python tests/mutants/tool.py --sample 60 interpreter/stud/hands   60 random mutants a module
    python tests/mutants/tool.py --survivors              list the survivors, line by line
    python tests/mutants/tool.py --retry-survivors        run the survivors again (new scenarios)
    cr-report .mutation/session.sqlite --show-pending     cosmic-ray's own report
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "cosmic-ray.toml"
SESSION = ROOT / ".mutation" / "session.sqlite"
SKIP = (".git", ".venv*", ".mutation", "__pycache__", "site", "*_cache", ".hypothesis", "out")


def scratch_config(modules: list[str], dest: Path) -> Path:
    """cosmic-ray.toml for the copy: these modules, this interpreter running the spec."""
    cfg = tomllib.loads(CONFIG.read_text(encoding="utf-8"))["cosmic-ray"]
    paths = modules or list(cfg["module-path"])
    excluded = list(cfg.get("excluded-modules", []))
    lines = [
        "[cosmic-ray]",
        f"module-path = {paths!r}".replace("'", '"'),
        f"excluded-modules = {excluded!r}".replace("'", '"'),
        f"timeout = {float(cfg.get('timeout', 120))}",
        f'test-command = "{sys.executable} -m stud verify -x -q"',
        "",
        "[cosmic-ray.distributor]",
        'name = "local"',
        "",
    ]
    path = dest / "cosmic-ray.scratch.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def survivors(session: Path) -> list[tuple[str, int, str, str]]:
    """``(module, line, original line, mutated line)`` of each surviving mutant, in order."""
    with sqlite3.connect(session) as db:
        rows = db.execute(
            "SELECT s.module_path, s.start_pos_row, r.diff FROM mutation_specs s "
            "JOIN work_results r ON r.job_id = s.job_id WHERE r.test_outcome = 'SURVIVED' "
            "ORDER BY s.module_path, s.start_pos_row, s.start_pos_col, s.operator_name"
        ).fetchall()
    out = []
    for module, row, diff in rows:
        removed = [x[1:].strip() for x in diff.splitlines() if x.startswith("-") and x[1:2] != "-"]
        added = [x[1:].strip() for x in diff.splitlines() if x.startswith("+") and x[1:2] != "+"]
        out.append((module, row, " / ".join(removed), " / ".join(added)))
    return out


def survivor_lines(session: Path) -> list[str]:
    return [f"{m}:{row}: `{old}` -> `{new}`" for m, row, old, new in survivors(session)]


def keep_sample(session: Path, per_module: int, seed: int) -> tuple[int, int]:
    """Mark all but ``per_module`` random mutants of each module as skipped; (kept, total)."""
    from cosmic_ray.work_db import use_db
    from cosmic_ray.work_item import WorkerOutcome, WorkResult

    with sqlite3.connect(session) as db:
        rows = db.execute(
            "SELECT job_id, module_path FROM mutation_specs "
            "ORDER BY module_path, start_pos_row, start_pos_col, operator_name, occurrence"
        ).fetchall()
    by_module: dict[str, list[str]] = {}
    for job, module in rows:
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
        for job, _ in rows:
            if job not in kept:
                work_db.set_result(job, skipped)
    return len(kept), len(rows)


def forget_survivors(session: Path) -> int:
    """Drop the survivors' results, so that ``exec`` runs those mutants again."""
    with sqlite3.connect(session) as db:
        gone = db.execute("DELETE FROM work_results WHERE test_outcome = 'SURVIVED'").rowcount
    return int(gone)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="files or folders (default: the config's)")
    parser.add_argument("--resume", action="store_true", help="go on with the last session")
    parser.add_argument(
        "--session",
        type=Path,
        default=SESSION,
        help=f"the session database (default: {SESSION.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="K",
        help="run at most K mutants per module, drawn at random (the rest are skipped)",
    )
    parser.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    parser.add_argument(
        "--retry-survivors",
        action="store_true",
        help="run the session's surviving mutants again on today's spec (after new scenarios)",
    )
    parser.add_argument(
        "--survivors",
        action="store_true",
        help="only list the session's surviving mutants (file, line, the line as mutated)",
    )
    args = parser.parse_args(argv)
    if args.survivors:
        for line in survivor_lines(args.session.resolve()):
            print(line)
        return 0
    if args.retry_survivors:
        args.resume = True
        print(f"{forget_survivors(args.session.resolve())} survivors to run again")
    tool = Path(sys.executable).parent
    if not (tool / "cosmic-ray").exists():
        print("tool.py: cosmic-ray is not installed: pip install -e '.[mutation]'", file=sys.stderr)
        return 2
    args.session = args.session.resolve()
    args.session.parent.mkdir(exist_ok=True)
    if args.session.parent == SESSION.parent:
        (SESSION.parent / ".gitignore").write_text("*\n", encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="stud-cosmic-") as tmp:
        copy = Path(tmp) / "stud"
        shutil.copytree(ROOT, copy, symlinks=True, ignore=shutil.ignore_patterns(*SKIP))
        config = scratch_config(args.modules, copy)
        env = dict(os.environ, PYTHONPATH=str(copy / "interpreter"))
        check = subprocess.run(
            [sys.executable, "-c", "import stud; print(stud.__file__)"],
            cwd=copy,
            env=env,
            capture_output=True,
            text=True,
        )
        if not check.stdout.startswith(str(copy)):
            print(f"tool.py: the copy is not what imports: {check.stdout}", file=sys.stderr)
            return 2
        session = str(args.session)
        steps = [] if args.resume else [["init", str(config), session], ["baseline", str(config)]]
        steps.append(["exec", str(config), session])
        for step in steps:
            if step[0] == "exec" and args.sample and not args.resume:
                kept, total = keep_sample(args.session, args.sample, args.seed)
                print(f"sample: {kept} of {total} mutants (at most {args.sample} a module)")
            print("$ cosmic-ray", " ".join(step[:1]), flush=True)
            done = subprocess.run([str(tool / "cosmic-ray"), *step], cwd=copy, env=env)
            if done.returncode != 0:
                return done.returncode
    report = subprocess.run([str(tool / "cr-report"), session], capture_output=True, text=True)
    print("\n".join(report.stdout.splitlines()[-4:]))
    print(f"details: {tool / 'cr-report'} {session} --show-pending")
    return 0


if __name__ == "__main__":
    sys.exit(main())

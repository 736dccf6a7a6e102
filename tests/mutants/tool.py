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
    cr-report .mutation/session.sqlite --show-pending     the report (survivors listed)
"""

from __future__ import annotations

import argparse
import os
import shutil
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
    args = parser.parse_args(argv)
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

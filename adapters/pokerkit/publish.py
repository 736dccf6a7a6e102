"""Republish docs/conformance/pokerkit.md: ``python adapters/pokerkit/publish.py``.

Runs the specification against the adapter twice (strict and ``--lenient``) with the
``stud`` of this environment, then rewrites the page between its markers: the table of
the two runs (``<!-- runs -->``), the sentence with the count (``<!-- count -->``) and the
strict run's ``compliance.md`` (``<!-- compliance -->``).  The prose around them is hand
written: check it still agrees with the numbers (the not-applicable groups are listed by
value path at the end of the compliance part).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "conformance" / "pokerkit.md"
SERVER = ROOT / "adapters" / "pokerkit" / "server.py"
RUNS = {
    "strict": "strict (default): PokerKit declares its profile and names what it plays "
    "instead of every value it cannot honour",
    "lenient": "`--lenient`: no profile; PokerKit's own rule where the ruleset's only "
    "matters in some hands",
}


def run(mode: str, out: Path) -> list[dict[str, object]]:
    engine = f"{sys.executable} {SERVER}" + (" --lenient" if mode == "lenient" else "")
    stud = Path(sys.executable).with_name("stud")
    command = [str(stud), "verify", "--engine", engine, "--report", str(out), "-q"]
    subprocess.run(command, check=False, capture_output=True, text=True)
    lines = (out / "results.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def replace(text: str, marker: str, body: str) -> str:
    pattern = re.compile(rf"(<!-- {marker} -->\n).*?(<!-- /{marker} -->)", re.S)
    if not pattern.search(text):
        raise SystemExit(f"{PAGE}: the marker <!-- {marker} --> is missing")
    return pattern.sub(lambda m: m.group(1) + body.strip("\n") + "\n" + m.group(2), text)


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        results = {mode: run(mode, Path(tmp) / mode) for mode in RUNS}
        compliance = (Path(tmp) / "strict" / "compliance.md").read_text(encoding="utf-8")
    rows = [
        "| run | scenarios | ran on PokerKit | passed | failed | not applicable | not supported |",
        "|---|---|---|---|---|---|---|",
    ]
    for mode, label in RUNS.items():
        counts = Counter(str(r["status"]) for r in results[mode])
        total = len(results[mode])
        ran = counts["passed"] + counts["failed"]
        rows.append(
            f"| {label} | {total} | {ran} | {counts['passed']} | {counts['failed']} | "
            f"{counts['not-applicable']} | {counts['not-supported']} |"
        )
    strict = Counter(str(r["status"]) for r in results["strict"])
    total = len(results["strict"])
    ran = strict["passed"] + strict["failed"]
    unsupported = strict["not-supported"]
    count = (
        f"The goal set for this page was at least 110 of the 128 scenarios of the time run "
        f"on PokerKit in strict mode; of today's {total}, **{ran} run** ({strict['passed']} "
        f"pass, {strict['failed']} fail). {strict['not-applicable']} are not applicable, "
        "each decided by the reference interpreter, not by a list: their outcome changes "
        "under the values PokerKit plays."
    )
    if unsupported:
        count += (
            f" {unsupported} are not supported: they need a capability or value the adapter "
            "refuses without a value to play instead (listed at the end by path)."
        )
    body = compliance[compliance.index("## By variant") :]
    body = "\n".join("#" + line if line.startswith("## ") else line for line in body.split("\n"))
    text = PAGE.read_text(encoding="utf-8")
    text = replace(text, "runs", "\n".join(rows))
    text = replace(text, "count", count)
    text = replace(text, "compliance", body)
    PAGE.write_text(text, encoding="utf-8")
    print(f"{PAGE.relative_to(ROOT)}: strict {ran} of {total} run; lenient table updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())

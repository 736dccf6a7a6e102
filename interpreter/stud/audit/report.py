"""The audit's outputs: the per-game table, JSON Lines and a Markdown report.

Names, files, games and reasons come from the histories: the table escapes them for the
terminal and the Markdown report for Markdown (:mod:`stud.safetext`); the report's files
are written atomically (:mod:`stud.outfiles`).

>>> t = Tally()
>>> t.add(Verdict("a.txt", "1", "razz", "legal"))
>>> t.add(Verdict("a.txt", "2", "razz", "illegal"))
>>> print(t.table())
game  hands  legal  illegal  unreadable  legal %
razz      2      1        1           0    50.0%
all       2      1        1           0    50.0%
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from stud.audit.judge import Verdict
from stud.outfiles import write_text
from stud.safetext import markdown, markdown_code, printable

VERDICTS = ("legal", "illegal", "unreadable")


@dataclass
class Tally:
    counts: dict[str, Counter[str]] = field(default_factory=dict)
    explained: Counter[str] = field(default_factory=Counter)

    def add(self, v: Verdict) -> None:
        self.counts.setdefault(v.game, Counter())[v.verdict] += 1
        if v.divergence is not None and v.divergence.explained_by:
            self.explained[v.divergence.explained_by] += 1

    def rows(self) -> list[list[str]]:
        rows = []
        total: Counter[str] = Counter()
        for game in sorted(self.counts):
            c = self.counts[game]
            total.update(c)
            rows.append(self._row(game, c))
        rows.append(self._row("all", total))
        return rows

    @staticmethod
    def _row(game: str, c: Counter[str]) -> list[str]:
        n = sum(c.values())
        share = f"{100 * c['legal'] / n:.1f}%" if n else "-"
        return [game, str(n), *(str(c[v]) for v in VERDICTS), share]

    @property
    def failures(self) -> int:
        return sum(c["illegal"] + c["unreadable"] for c in self.counts.values())

    def table(self) -> str:
        head = ["game", "hands", *VERDICTS, "legal %"]
        rows = [head, *([printable(c, newlines=False) for c in r] for r in self.rows())]
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        lines = []
        for r in rows:
            cells = [r[0].ljust(widths[0])] + [
                c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
            ]
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)


def write_report(
    folder: Path,
    verdicts: list[Verdict],
    tally: Tally,
    command: str,
    skipped: Sequence[str] = (),
) -> None:
    """``audit.jsonl`` (one object per hand) and ``audit.md`` in ``folder`` (which exists:
    :func:`stud.outfiles.out_folder` checked it before the audit); ``skipped`` lists the
    files of a folder that hold no hand history, so the report names them too."""
    jsonl = "".join(json.dumps(v.as_json(), sort_keys=True) + "\n" for v in verdicts)
    write_text(folder / "audit.jsonl", jsonl)
    head = ["game", "hands", *VERDICTS, "legal %"]
    md = [
        f"# Audit of hand histories\n\nCommand: {markdown_code(command)}\n",
        "## Per game\n",
    ]
    md.append("| " + " | ".join(head) + " |")
    md.append("|" + "|".join("---" for _ in head) + "|")
    md += ["| " + " | ".join(markdown(c) for c in r) + " |" for r in tally.rows()]
    if tally.explained:
        md.append("\n## Explained by a ruleset alternative\n")
        md += [f"- {markdown_code(k)}: {n} hand(s)" for k, n in sorted(tally.explained.items())]
    bad = [v for v in verdicts if v.verdict != "legal"]
    md.append(f"\n## Hands not legal ({len(bad)})\n")
    if not bad:
        md.append("Every hand is legal under its ruleset.")
    md += [f"- {_md_line(v)}" for v in bad]
    if skipped:
        md.append(f"\n## Files skipped: not a hand history ({len(skipped)})\n")
        md += [f"- {markdown(path)}" for path in skipped]
    write_text(folder / "audit.md", "\n".join(md) + "\n")


def _md_line(v: Verdict) -> str:
    """The verdict's line as Markdown text; the alternative that explains it as code."""
    d = v.divergence
    if d is None or not d.explained_by:
        return markdown(v.line())
    plain = replace(v, divergence=replace(d, explained_by=""))
    return f"{markdown(plain.line())}; legal under {markdown_code(d.explained_by)}"

"""The audit's outputs: the per-game and per-room tables, JSON Lines and a Markdown report.

>>> t = Tally()
>>> t.add(Verdict("a.txt", "1", "razz", "legal", room="PokerStars", format="text"))
>>> t.add(Verdict("a.txt", "2", "razz", "illegal", room="PokerStars", format="text"))
>>> t.add(Verdict("a.txt", "3", "Hold'em", "skipped", room="PokerStars", format="text"))
>>> print(t.table())
game  hands  legal  illegal  incomplete  unreadable  unsupported  legal %
razz      2      1        1           0           0            0    50.0%
all       2      1        1           0           0            0    50.0%
>>> print(t.room_table())
room               files  hands  legal  illegal  incomplete  unreadable  unsupported  other games
PokerStars (text)      0      2      1        1           0           0            0            1
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from stud.audit.judge import Verdict

VERDICTS = ("legal", "illegal", "incomplete", "unreadable", "unsupported")
FAILING = ("illegal", "incomplete", "unreadable")  # any of these makes the exit status 1


def _grid(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    lines = []
    for r in rows:
        cells = [r[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(r[1:], widths[1:], strict=True)
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


@dataclass
class Tally:
    counts: dict[str, Counter[str]] = field(default_factory=dict)  # per game
    rooms: dict[str, Counter[str]] = field(default_factory=dict)  # per room and format
    explained: Counter[str] = field(default_factory=Counter)
    other: Counter[str] = field(default_factory=Counter)  # other games skipped, by name

    def add(self, v: Verdict) -> None:
        room = self.rooms.setdefault(self.room_of(v), Counter())
        if v.verdict == "skipped":
            self.other[v.game] += 1
            room["other games"] += 1
            return
        self.counts.setdefault(v.game, Counter())[v.verdict] += 1
        room[v.verdict] += 1
        room["hands"] += 1
        if v.divergence is not None and v.divergence.explained_by:
            self.explained[v.divergence.explained_by] += 1

    def add_file(self, room: str) -> None:
        self.rooms.setdefault(room, Counter())["files"] += 1

    @staticmethod
    def room_of(v: Verdict) -> str:
        return f"{v.room} ({v.format})" if v.room and v.format else (v.room or "unknown")

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
        checked = n - c["unsupported"]
        share = f"{100 * c['legal'] / checked:.1f}%" if checked else "-"
        return [game, str(n), *(str(c[v]) for v in VERDICTS), share]

    def room_rows(self) -> list[list[str]]:
        keys = ("files", "hands", *VERDICTS, "other games")
        return [[room, *(str(c[k]) for k in keys)] for room, c in sorted(self.rooms.items())]

    @property
    def failures(self) -> int:
        return sum(c[v] for c in self.counts.values() for v in FAILING)

    def table(self) -> str:
        return _grid([["game", "hands", *VERDICTS, "legal %"], *self.rows()])

    def room_table(self) -> str:
        head = ["room", "files", "hands", *VERDICTS, "other games"]
        return _grid([head, *self.room_rows()])

    def other_line(self) -> str:
        """``3 hand(s) of other games skipped: Hold'em (2), Omaha (1)``, or ""."""
        if not self.other:
            return ""
        games = ", ".join(f"{g} ({n})" for g, n in sorted(self.other.items()))
        return f"{sum(self.other.values())} hand(s) of other games skipped: {games}"


def write_report(
    folder: Path,
    verdicts: list[Verdict],
    tally: Tally,
    command: str,
    files: list[tuple[str, str]] | None = None,
) -> None:
    """``audit.jsonl`` (one object per hand) and ``audit.md`` in ``folder``; ``files`` is
    (path, what was read or why it was skipped) for every file."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "audit.jsonl").open("w", encoding="utf-8") as out:
        for v in verdicts:
            out.write(json.dumps(v.as_json(), sort_keys=True) + "\n")
    head = ["game", "hands", *VERDICTS, "legal %"]
    md = [f"# Audit of hand histories\n\nCommand: `{command}`\n", "## Per game\n"]
    md.append("| " + " | ".join(head) + " |")
    md.append("|" + "|".join("---" for _ in head) + "|")
    md += ["| " + " | ".join(_escape(c) for c in r) + " |" for r in tally.rows()]
    md.append("\n## Per room\n")
    room_head = ["room", "files", "hands", *VERDICTS, "other games"]
    md.append("| " + " | ".join(room_head) + " |")
    md.append("|" + "|".join("---" for _ in room_head) + "|")
    md += ["| " + " | ".join(_escape(c) for c in r) + " |" for r in tally.room_rows()]
    if tally.other:
        md.append(f"\n{_escape(tally.other_line())}")
    if files:
        md.append("\n## Files\n")
        md += [f"- {_escape(path)}: {_escape(what)}" for path, what in files]
    if tally.explained:
        md.append("\n## Explained by a ruleset alternative\n")
        md += [f"- `{k}`: {n} hand(s)" for k, n in sorted(tally.explained.items())]
    bad = [v for v in verdicts if v.verdict not in ("legal", "skipped")]
    md.append(f"\n## Hands not legal ({len(bad)})\n")
    if not bad:
        md.append("Every hand is legal under its ruleset.")
    for v in bad:
        md.append(f"- {_escape(v.line())}")
    (folder / "audit.md").write_text("\n".join(md) + "\n", encoding="utf-8")


def _escape(text: str) -> str:
    return text.replace("|", "\\|")

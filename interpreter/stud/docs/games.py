r"""The games page: every stud-family game of the census, and the ruleset that plays it.

``features/games-index.yaml`` lists the 79 games of the census of house games (number,
name, the catalogues it comes from) with either the shipped ``ruleset`` that plays it or
the ``reason`` none does yet (the concept the ruleset format lacks).  :func:`render_games`
makes ``docs/games.md`` of it; names and reasons are escaped for Markdown.

>>> games = [Game(1, "Seven-card stud", ("GP", "BARGE"), "seven-card-stud", ""),
...          Game(2, "Pig | poker", ("GP",), "", "a draw round")]
>>> text = render_games(games, {"seven-card-stud": "rulesets/seven-card-stud.md"})
>>> "| 1 | Seven-card stud | GP, BARGE | [`seven-card-stud`](rulesets/seven-card-stud.md) |" in text
True
>>> r"| 2 | Pig \| poker | GP | not yet: a draw round |" in text
True
>>> "1 of the 2 games" in text
True
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from stud.docs.markdown import header, table
from stud.errors import StudError

SOURCES = {
    "GP": "talvola/generic_poker `data/game_configs/`",
    "BARGE": "ts4z/barge-rulebook `src/`",
    "MNP": "weters/mondaynightpoker-server `pkg/playable/poker/sevencard/`",
}


@dataclass(frozen=True)
class Game:
    """One game of the census: ``ruleset`` when shipped, else the ``reason`` why not."""

    number: int
    game: str
    sources: tuple[str, ...]
    ruleset: str
    reason: str


def load_games(path: Path) -> list[Game]:
    """The games of ``features/games-index.yaml`` (a ``StudError`` names a bad entry)."""
    data: Any = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    entries = data.get("games") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise StudError(f"{path}: expected a mapping with a list 'games'")
    games = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not isinstance(entry.get("number"), int):
            raise StudError(f"{path}: games[{i}] needs a number")
        ruleset, reason = str(entry.get("ruleset") or ""), str(entry.get("reason") or "")
        if bool(ruleset) == bool(reason):
            raise StudError(f"{path}: game {entry['number']} needs a ruleset or a reason")
        sources = entry.get("sources") or []
        games.append(
            Game(
                entry["number"],
                str(entry.get("game", "")),
                tuple(str(s) for s in sources),
                ruleset,
                reason,
            )
        )
    return games


def _plain(text: str) -> str:
    r"""Text shown as written: no HTML, emphasis, code or links (pipes: the table's job).

    >>> print(_plain("<b>*bold*</b> [x](y)"))
    &lt;b&gt;\*bold\*&lt;/b&gt; \[x\](y)
    """
    escaped = html.escape(text, quote=False)
    for char in "*_`[]":
        escaped = escaped.replace(char, "\\" + char)
    return escaped


def render_games(games: Sequence[Game], ruleset_pages: Mapping[str, str]) -> str:
    """``docs/games.md``: the census games in order, each with its ruleset or reason."""
    shipped = [g for g in games if g.ruleset]
    rows = []
    for g in sorted(games, key=lambda g: g.number):
        if g.ruleset:
            page = ruleset_pages.get(g.ruleset)
            plays = f"[`{g.ruleset}`]({page})" if page else f"`{g.ruleset}`"
        else:
            plays = _plain(f"not yet: {g.reason}")
        rows.append([str(g.number), _plain(g.game), _plain(", ".join(g.sources)), plays])
    sources = "; ".join(f"{tag}: {where}" for tag, where in SOURCES.items())
    intro = (
        "The stud-family games of three public catalogues, told apart by their rules (not "
        f"their names). {len(shipped)} of the {len(games)} games are shipped rulesets; "
        "the others name the concept the ruleset format does not have yet. Sources: "
        f"{sources}."
    )
    body = table(["#", "Game", "Sources", "Played by"], rows)
    return f"{header('features/games-index.yaml', 'Games')}\n{intro}\n\n{body}\n"

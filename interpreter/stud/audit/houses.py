"""Which ruleset a hand is checked against: its game, the house mapping, ``--set``.

A mapping file names house rules per game, each a ruleset written inline::

    razz: {extends: razz, board: {ties: position}}
    stud-hi-lo: {extends: stud-hi-lo, betting: {fold_when_check: allowed}}

``extends`` is a shipped ruleset or a file (relative to the mapping file); the other keys
are applied as dotted overrides, then the hand's stakes, then ``--set GAME.PATH=VALUE``.

>>> flatten({"board": {"ties": "position"}, "betting": {"max_raises": 4}})
{'board.ties': 'position', 'betting.max_raises': 4}
>>> game_name("stud")
'seven-card-stud'
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stud.errors import RulesetError, StudError
from stud.histories.model import GAMES
from stud.rules import load_ruleset
from stud.rules.model import Ruleset

ALIASES = {
    "stud": "seven-card-stud",
    "7stud": "seven-card-stud",
    "hi-lo": "stud-hi-lo",
    "5stud": "five-card-stud",
    "2-7-razz": "deuce-to-seven-razz",
}
EVERY = ("all", "*")


def game_name(text: str) -> str | None:
    """A game as the mapping and ``--set`` may name it, or None."""
    name = ALIASES.get(text, text)
    return name if name in GAMES else None


def flatten(value: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, item in value.items():
        path = f"{prefix}{key}"
        if isinstance(item, Mapping):
            out.update(flatten(item, path + "."))
        else:
            out[path] = item
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


class Houses:
    """Rulesets per game, built once per (game, stakes, extra values)."""

    def __init__(
        self,
        mapping: Mapping[str, Mapping[str, Any]] | None = None,
        sets: Mapping[str, Mapping[str, Any]] | None = None,
        folder: Path | None = None,
    ):
        self.mapping = {k: dict(v) for k, v in (mapping or {}).items()}
        self.sets = {k: dict(v) for k, v in (sets or {}).items()}
        self.folder = folder
        self._cache: dict[tuple[Any, ...], Ruleset] = {}

    @classmethod
    def from_file(cls, path: Path, sets: Mapping[str, Mapping[str, Any]] | None = None) -> Houses:
        from stud.rules.yamlsafe import read_file

        data = _plain(read_file(path, str(path)))
        if not isinstance(data, dict):
            raise StudError(f"{path}: expected a mapping of game -> house rules")
        mapping: dict[str, dict[str, Any]] = {}
        for key, rules in data.items():
            game = game_name(key)
            if game is None:
                raise StudError(
                    f"{path}: {key!r} is not a game; expected one of {', '.join(GAMES)}"
                )
            if not isinstance(rules, dict):
                raise StudError(
                    f"{path}: {key}: expected a ruleset mapping, e.g. "
                    "{extends: razz, board: {ties: position}}"
                )
            mapping[game] = rules
        houses = cls(mapping, sets, path.parent)
        for game in mapping:  # a house file with a mistake fails now, not on every hand
            houses.ruleset(game, {})
        return houses

    @staticmethod
    def parse_sets(items: list[str]) -> dict[str, dict[str, str]]:
        """``--set razz.board.ties=position`` -> ``{"razz": {"board.ties": "position"}}``."""
        out: dict[str, dict[str, str]] = {}
        for item in items:
            path, eq, value = item.partition("=")
            game, dot, rest = path.strip().partition(".")
            name = game if game in EVERY else game_name(game)
            if not eq or not dot or not rest or name is None:
                raise StudError(
                    f"--set expects GAME.PATH=VALUE (GAME: {', '.join(GAMES)} or all), not {item!r}"
                )
            out.setdefault(name, {})[rest] = value.strip()
        return out

    def available(self, game: str) -> bool:
        """Whether hands of ``game`` can be checked: the house maps it, or it is shipped."""
        from stud.rules import shipped_rulesets

        return bool(game) and (game in self.mapping or game in shipped_rulesets())

    @staticmethod
    def unsupported(game: str, words: str) -> str:
        """Why a stud-family game cannot be checked, by name."""
        text = f"game not supported: {words or game}"
        if game:
            text += f" (no ruleset {game} is shipped; --house can map it to one)"
        return text

    def base_of(self, game: str) -> tuple[str, dict[str, Any]]:
        """The ruleset a game starts from and the house values on top of it."""
        rules = dict(self.mapping.get(game, {}))
        base = str(rules.pop("extends", game))
        if self.folder is not None and (self.folder / base).is_file():
            base = str(self.folder / base)
        return base, flatten(rules)

    def values(self, game: str, stakes: Mapping[str, Any], extra: Mapping[str, Any]) -> dict:
        _, house = self.base_of(game)
        values: dict[str, Any] = {**house, **stakes}
        for key in (*EVERY, game):
            values.update(self.sets.get(key, {}))
        values.update(extra)
        return values

    def ruleset(
        self, game: str, stakes: Mapping[str, Any], extra: Mapping[str, Any] | None = None
    ) -> Ruleset:
        base, _ = self.base_of(game)
        values = self.values(game, stakes, extra or {})
        key = (game, tuple(sorted((k, repr(v)) for k, v in values.items())))
        cached = self._cache.get(key)
        if cached is None:
            try:
                cached = load_ruleset(base, values)
            except RulesetError as exc:
                raise StudError(f"the {game} house rules ({base} with {values}): {exc}") from None
            self._cache[key] = cached
        return cached

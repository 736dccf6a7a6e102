"""Engine profiles: the rule values a third-party engine plays instead of the ruleset's.

An engine that cannot honour some ruleset values (it never burns, has no raise cap...)
declares what it plays rather than refusing whole rulesets, in one of two ways:

- in its ``hello`` reply: ``"profile": {"dealing.burn": false, "betting.max_raises": null}``
  (ruleset paths in the grammar of :mod:`stud.rules.dotted`, as ``stud show --set`` takes
  them: ``streets.third.opener``, ``streets[0].opener``; to the value the engine plays,
  as it would appear in the resolved ruleset document: amounts as decimal strings);
- in a structured ``unsupported`` refusal of ``new_hand``:
  ``"error": {"code": "unsupported", "message": "...",
  "values": [{"path": "dealing.burn", "wanted": true, "plays": false}]}``.

The harness then plays the reference interpreter under the engine's values to decide
whether a scenario's outcome depends on them.

>>> p = Profile.from_hello({"profile": {"dealing.burn": False}})
>>> p.apply({"dealing": {"burn": True, "reuse_burns": True}})
{'dealing': {'burn': False, 'reuse_burns': True}}
>>> p.differs({"dealing": {"burn": True}})
[ProfileValue(path='dealing.burn', wanted=True, plays=False)]
>>> p.differs({"dealing": {"burn": False}})
[]
>>> str(p)
'dealing.burn=false'
>>> doc = {"streets": [{"name": "third", "opener": "bring-in"}]}
>>> [Profile.from_hello({"profile": {k: "best-board"}}).apply(doc)["streets"][0]["opener"]
...  for k in ("streets[0].opener", "$.streets[0].opener", "streets.0.opener",
...            "streets.third.opener")]
['best-board', 'best-board', 'best-board', 'best-board']
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from stud.rules.dotted import Step, list_index, lookup, parse_path

_MISSING = object()


@dataclass(frozen=True)
class ProfileValue:
    """One rule value: the ruleset ``wanted`` it, the engine ``plays`` another."""

    path: str
    wanted: Any
    plays: Any


def _steps(path: str) -> tuple[Step, ...] | None:
    try:
        return parse_path(path)
    except ValueError:
        return None  # the protocol schema refuses it before it gets here


def _get(doc: Any, steps: tuple[Step, ...]) -> Any:
    return lookup(doc, steps, _MISSING)


def _set(doc: Any, steps: tuple[Step, ...], value: Any) -> None:
    node = doc
    for step in steps[:-1]:
        nxt = _get(node, (step,))
        if nxt is _MISSING:
            if not isinstance(node, dict) or not isinstance(step, str):
                return
            node[step] = {}
            nxt = node[step]
        node = nxt
    last = steps[-1]
    if isinstance(node, dict) and isinstance(last, str):
        node[last] = value
    elif isinstance(node, list) and (k := list_index(node, last)) is not None:
        node[k] = value


@dataclass(frozen=True)
class Profile:
    """The values an engine plays, by dotted ruleset path (in declaration order)."""

    values: tuple[tuple[str, Any], ...] = ()
    # values for one ruleset only, by its name (what a refusal taught in that game)
    games: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    @classmethod
    def from_hello(cls, hello: Mapping[str, Any]) -> Profile | None:
        """The profile an engine declares in its ``hello`` reply, or None."""
        raw = hello.get("profile")
        if not isinstance(raw, Mapping) or not raw:
            return None
        return cls(tuple((str(k), v) for k, v in raw.items()))

    @classmethod
    def from_refusal(cls, values: Iterable[Mapping[str, Any]]) -> Profile | None:
        """The profile carried by a structured ``unsupported`` refusal (``error.values``)."""
        pairs = tuple(
            (str(v["path"]), v.get("plays"))
            for v in values
            if isinstance(v, Mapping) and "path" in v
        )
        return cls(pairs) if pairs else None

    def merged(self, other: Profile | None) -> Profile:
        """This profile with ``other``'s values added (``other`` wins on the same path)."""
        if other is None:
            return self
        mine = dict(self.values)
        mine.update(dict(other.values))
        merged = self
        for game, values in other.games:
            merged = merged.for_game(game, Profile(values))
        return Profile(tuple(mine.items()), merged.games)

    def for_game(self, game: str, learned: Profile) -> Profile:
        """This profile with ``learned``'s values added for the ruleset named ``game`` only:
        a refusal names what the engine plays in the game it was dealt, and another game
        may want another value (razz's odd chip to the low hand, hi-lo's to the high).

        >>> p = Profile().for_game("razz", Profile((("pot.odd_chip_share", "low"),)))
        >>> p.values_for({"name": "razz"}), p.values_for({"name": "stud-hi-lo"})
        ((('pot.odd_chip_share', 'low'),), ())
        """
        games = {name: dict(values) for name, values in self.games}
        games.setdefault(game, {}).update(dict(learned.values))
        return Profile(self.values, tuple((n, tuple(v.items())) for n, v in sorted(games.items())))

    def values_for(self, ruleset_doc: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
        """The values in place for this ruleset: every game's, then its own."""
        own = dict(self.games).get(str(ruleset_doc.get("name")), ())
        return tuple((dict(self.values) | dict(own)).items()) if own else self.values

    def apply(self, ruleset_doc: Mapping[str, Any]) -> dict[str, Any]:
        """A copy of a resolved ruleset document with the engine's values in place."""
        doc: dict[str, Any] = copy.deepcopy(dict(ruleset_doc))
        for path, value in self.values_for(ruleset_doc):
            steps = _steps(path)
            if steps:
                _set(doc, steps, copy.deepcopy(value))
        return doc

    def differs(self, ruleset_doc: Mapping[str, Any]) -> list[ProfileValue]:
        """The values where the ruleset asks for something other than the engine plays."""
        out = []
        for path, plays in self.values:
            steps = _steps(path)
            wanted = _get(ruleset_doc, steps) if steps else _MISSING
            wanted = None if wanted is _MISSING else wanted
            if wanted != plays:
                out.append(ProfileValue(path, wanted, plays))
        return out

    def __str__(self) -> str:
        own = [f"{p}={json.dumps(v)}" for p, v in self.values]
        own += [f"{p}={json.dumps(v)} in {game}" for game, vs in self.games for p, v in vs]
        return ", ".join(own)

"""The ids of the shared rules catalogue (98 rules), for checking ``implements:`` lists,
and the project's own ids beside them (:func:`rule_ids`).

A test compares this list with ``../shared/rules-catalogue.yaml`` when that file exists.

>>> len(CATALOGUE_IDS), CATALOGUE_IDS[0], CATALOGUE_IDS[-1]
(98, 'SETUP-01', 'ASF-03')
>>> set(CATALOGUE_IDS) < set(rule_ids())
True
"""

from __future__ import annotations

from functools import cache

import yaml

from stud.paths import FEATURES

# prefix -> number of rules, in catalogue order
_SECTIONS = (
    ("SETUP", 4),
    ("DEAL", 11),
    ("BRING", 13),
    ("ROUND", 12),
    ("LIMIT", 7),
    ("CAP", 3),
    ("SPREAD", 6),
    ("POT", 4),
    ("SHOW", 7),
    ("HILO", 12),
    ("DECL", 4),
    ("RAZZ", 2),
    ("LONDON", 2),
    ("WILD", 2),
    ("LOWHOLE", 2),
    ("ENGLISH", 4),
    ("ASF", 3),
)

CATALOGUE_IDS: tuple[str, ...] = tuple(
    f"{prefix}-{n:02d}" for prefix, count in _SECTIONS for n in range(1, count + 1)
)


@cache
def rule_ids() -> tuple[str, ...]:
    """Every id a ruleset may implement: the catalogue's, then the project's own rules of
    ``features/rules-index.yaml`` (the games beyond the sources: DISCARD-01...)."""
    path = FEATURES / "rules-index.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else None
    own = [str(k) for k in (data if isinstance(data, dict) else {}) if k not in CATALOGUE_IDS]
    return CATALOGUE_IDS + tuple(own)

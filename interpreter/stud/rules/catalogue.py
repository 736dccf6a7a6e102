"""The ids of the shared rules catalogue (98 rules), for checking ``implements:`` lists.

A test compares this list with ``../shared/rules-catalogue.yaml`` when that file exists.

>>> len(CATALOGUE_IDS), CATALOGUE_IDS[0], CATALOGUE_IDS[-1]
(98, 'SETUP-01', 'ASF-03')
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
def rule_ids() -> frozenset[str]:
    """The ids a ruleset may claim in ``implements``: the catalogue's, and the project's own
    ids in ``features/rules-index.yaml`` (rules the catalogue's sources do not cover)."""
    try:
        data = yaml.safe_load((FEATURES / "rules-index.yaml").read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        data = None
    own = {str(k) for k in data} if isinstance(data, dict) else set()
    return frozenset(CATALOGUE_IDS) | own

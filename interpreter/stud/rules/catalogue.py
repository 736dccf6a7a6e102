"""The ids of the shared rules catalogue (98 rules), for checking ``implements:`` lists.

A test compares this list with ``../shared/rules-catalogue.yaml`` when that file exists.
:func:`project_ids` adds the project's own ids (``features/rules-index.yaml`` beyond the
catalogue: the house games' rankings, shares, qualifiers...).

>>> len(CATALOGUE_IDS), CATALOGUE_IDS[0], CATALOGUE_IDS[-1]
(98, 'SETUP-01', 'ASF-03')
"""

from __future__ import annotations

import re
from functools import cache

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


_ID_LINE = re.compile(r"^([A-Z]+-\d+):", re.MULTILINE)


@cache
def project_ids() -> tuple[str, ...]:
    """The ids of ``features/rules-index.yaml`` that are not catalogue ids, in file order.

    >>> all(i not in CATALOGUE_IDS for i in project_ids())
    True
    """
    path = FEATURES / "rules-index.yaml"
    if not path.is_file():
        return ()
    ids = _ID_LINE.findall(path.read_text(encoding="utf-8"))
    return tuple(i for i in ids if i not in CATALOGUE_IDS)

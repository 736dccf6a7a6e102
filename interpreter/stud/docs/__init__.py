"""Living documentation: ``docs/`` generated from features/, rulesets/ and the schema.

``stud docs`` writes the pages, ``stud docs --check`` lists the stale ones.  See
:mod:`stud.docs.site` for the list of pages and :mod:`stud.docs.explain` for the plain-English
reading of a ruleset that ``stud explain`` prints.
"""

from __future__ import annotations

from stud.docs.site import find_root, generate, stale, write

__all__ = ["find_root", "generate", "stale", "write"]

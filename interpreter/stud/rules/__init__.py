"""Rulesets: the YAML format, its loader and checks, and the resolved dataclasses.

Public API::

    load_ruleset("seven-card-stud")                       # a shipped name
    load_ruleset("house.yaml", {"betting.max_raises": 4})  # a file, with overrides
    ruleset_from_document(ruleset.document)               # from a resolved mapping
    shipped_rulesets()                                    # name -> file
    validate_file("house.yaml")                           # -> list[Problem], [] when valid
"""

from stud.rules.loader import (
    apply_overrides,
    find_ruleset,
    load_ruleset,
    ruleset_from_document,
    shipped_rulesets,
    validate_file,
)
from stud.rules.model import Ruleset
from stud.rules.schema import SCHEMA_FILE, ruleset_schema

__all__ = [
    "SCHEMA_FILE",
    "Ruleset",
    "apply_overrides",
    "find_ruleset",
    "load_ruleset",
    "ruleset_from_document",
    "ruleset_schema",
    "shipped_rulesets",
    "validate_file",
]

"""Where the shipped data lives: rulesets/, schemas/ and features/.

In a source checkout ``stud/data/*`` are links to the top-level folders; in an installed
wheel they are real copies, so ``stud`` works from any directory.
"""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
RULESETS = DATA / "rulesets"
SCHEMAS = DATA / "schemas"
FEATURES = DATA / "features"

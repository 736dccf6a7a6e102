"""A fake engine that ignores the dealer: it plays every hand as if the highest-numbered
seat dealt, so dealing, position ties and the odd chip all start at the lowest seat.

It echoes the dealer it was given in its states (and the table still moves the button),
so only the play is wrong, never the report.
"""

import sys
from pathlib import Path

import stud.engine.table as table_module
from stud.engine.hand import Hand

sys.path.insert(0, str(Path(__file__).parent))
from perturbed import serve  # noqa: E402


class DealerIgnored(Hand):
    def __init__(self, ruleset, seats, dealer, deck=None, seed=None, **more):  # type: ignore[no-untyped-def]
        super().__init__(ruleset, seats, max(s.seat for s in seats), deck=deck, seed=seed, **more)
        self.dealer = dealer


table_module.Hand = DealerIgnored  # type: ignore[misc]
serve()

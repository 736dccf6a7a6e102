"""A fake engine that deals every round of cards starting at the lowest seat number.

It knows who the dealer is (it reports and moves the button, and who bets first follows
the dealer), but its deal loop ignores who sits left of the dealer: the first card of
each round goes to the lowest-numbered seat (``bugs.py``: ``deals-from-seat-1``).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bugs import PATCHES  # noqa: E402
from perturbed import serve  # noqa: E402

PATCHES["deals-from-seat-1"]()
serve()

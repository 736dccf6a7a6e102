"""An engine with two independent planted bugs (see ``bugs.py``):
deals from seat 1 whatever the dealer; asks the bring-in again when it is only called.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from several_bugs import main  # noqa: E402

BUGS = "deals-from-seat-1,round-goes-on-after-bring-in"
sys.exit(main([BUGS, *sys.argv[1:]]))

"""An engine with three independent planted bugs (see ``bugs.py``):
deals from seat 1; keeps an uncalled bet in the pot; keeps the cap heads-up.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from several_bugs import main  # noqa: E402

BUGS = "deals-from-seat-1,uncalled-bet-kept,cap-kept-heads-up"
sys.exit(main([BUGS, *sys.argv[1:]]))

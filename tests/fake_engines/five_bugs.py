"""An engine with five independent planted bugs (see ``bugs.py``):
the bring-in never reaches the pot; no burns; the cap lifted when two can still bet;
no short all-in completion; equal boards open by seat.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from several_bugs import main  # noqa: E402

BUGS = "bring-in-out-of-pot,no-burn,cap-lifted-wrongly,short-completion-refused,board-ties-by-seat"
sys.exit(main([BUGS, *sys.argv[1:]]))

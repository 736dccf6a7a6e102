"""``python -m stud.cli``: the same as the ``stud`` command."""

import sys

from stud.cli import main

sys.exit(main())

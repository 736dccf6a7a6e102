"""A fake engine that dies before reading anything (a missing dependency, say)."""

import sys

print("toy engine: cannot load my tables", file=sys.stderr)
sys.exit(3)

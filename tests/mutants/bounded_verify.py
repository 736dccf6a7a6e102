"""``stud verify -x -q`` with bounded memory and CPU time: the mutation tool's test command.

A mutant can turn a loop into one that never ends and fills memory; the tool's own
timeout only ends it after minutes.  Here the run gets at most 4 GiB of address space and
120 s of CPU, and fails (the mutant counts as killed) when it needs more.
"""

import resource
import sys

from stud.cli import main

GIB = 1 << 30
resource.setrlimit(resource.RLIMIT_AS, (4 * GIB, 4 * GIB))
resource.setrlimit(resource.RLIMIT_CPU, (120, 120))
sys.exit(main(["verify", "-x", "-q"]))

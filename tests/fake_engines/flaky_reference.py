"""The reference interpreter behind the protocol, broken on purpose for one action.

``flaky_reference.py crash ACTION`` exits when asked to play ACTION; ``hang ACTION`` stops
answering; ``garbage ACTION`` prints a stray line instead of the reply.  Every other request
is answered correctly, so a spec run shows the failing scenarios failing with a readable
reason and all the others passing after the restarts.
"""

import sys
import time

from stud.protocol.server import ReferenceHandler

mode, broken = sys.argv[1], sys.argv[2]
handler = ReferenceHandler()
for line in sys.stdin:
    if f'"action":"{broken}"' in line.replace(" ", ""):
        if mode == "crash":
            print(f"flaky engine: cannot {broken}", file=sys.stderr, flush=True)
            sys.exit(7)
        if mode == "hang":
            time.sleep(600)
        if mode == "garbage":
            print(f"about to {broken}", flush=True)
    print(handler.handle_line(line), flush=True)
    if handler.finished:
        break

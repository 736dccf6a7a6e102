"""The reference interpreter taking 0.8 s over every reply after hello: each reply is within
the --timeout, yet a scenario of several requests is not within its time limit."""

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from stud.protocol.server import ReferenceHandler  # noqa: E402
from toy import record_pid  # noqa: E402

record_pid()
handler = ReferenceHandler()
for line in sys.stdin:
    if '"hello"' not in line and '"bye"' not in line:
        time.sleep(0.8)
    print(handler.handle_line(line), flush=True)
    if handler.finished:
        break

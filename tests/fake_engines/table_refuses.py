"""The reference interpreter announcing the ``table`` capability, yet refusing every
``next_hand`` as unsupported: that is a failure, not a scenario it may skip."""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from stud.protocol.server import ReferenceHandler  # noqa: E402
from toy import record_pid  # noqa: E402

record_pid()
handler = ReferenceHandler()
for line in sys.stdin:
    request = json.loads(line)
    if request.get("op") == "next_hand":
        refusal = {"code": "unsupported", "message": "next_hand is not implemented"}
        print(json.dumps({"id": request["id"], "ok": False, "error": refusal}), flush=True)
        continue
    print(handler.handle_line(line), flush=True)
    if handler.finished:
        break

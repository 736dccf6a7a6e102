"""Says hello, then answers every hand and every evaluation with ``unsupported``.

An engine that plays nothing: ``stud verify --engine`` must exit non-zero for it (nothing
ran), unless ``--allow-unsupported`` says that is accepted.
"""

import json
import sys

for line in sys.stdin:
    request = json.loads(line)
    rid = request.get("id")
    if request.get("op") == "hello":
        reply = {
            "id": rid,
            "ok": True,
            "protocol": 1,
            "engine": {"name": "refuses-everything", "version": "1"},
            "rulesets": ["*"],
            "features": ["evaluate", "table"],
        }
    elif request.get("op") == "bye":
        print(json.dumps({"id": rid, "ok": True}), flush=True)
        break
    else:
        error = {"code": "unsupported", "message": "this engine plays nothing yet"}
        reply = {"id": rid, "ok": False, "error": error}
    print(json.dumps(reply), flush=True)

"""`stud dump-spec`: the export is complete enough to replay the spec without Gherkin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from stud.cli import main
from stud.cli.dump_spec import overrides_of, scenario_records
from stud.paths import FEATURES
from stud.protocol.recording import RecordingEngine
from stud.rules import load_ruleset
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.inprocess import InProcessEngine


@pytest.fixture(scope="module")
def records() -> list[dict]:
    return list(scenario_records(FEATURES, None))


def replay(engine: Engine, calls: list[dict]) -> list[dict]:
    """Send the recorded requests to ``engine``; return what it answered, call by call."""
    answers = []
    for call in calls:
        request = call["request"]
        try:
            if call["op"] == "new_hand":
                reply = engine.new_hand(
                    request["ruleset"], request["seats"], request["dealer"], request["deck"]
                )
            elif call["op"] == "act":
                reply = engine.act(
                    request["seat"],
                    request["action"],
                    request.get("amount"),
                    request.get("declare"),
                    request.get("cards"),
                )
            elif call["op"] == "state":
                reply = engine.state()
            elif call["op"] == "next_hand":
                reply = engine.next_hand(request["deck"])
            else:
                reply = engine.evaluate(
                    request["ranking"],
                    request["hands"],
                    request.get("qualifier"),
                    request.get("wild", ()),
                )
        except EngineRefusal as refusal:
            answers.append({"refused": refusal.code})
            continue
        answers.append({"reply": reply})
    return answers


def test_every_scenario_is_exported_with_its_calls_and_checks(records: list[dict]) -> None:
    assert records, "the shipped spec has scenarios"
    for record in records:
        assert record["id"].startswith(record["feature"] + ":")
        assert record["checks"] or record["reference"]["status"] != "passed", record["id"]
        for check in record["checks"]:
            assert set(check) == {"kind", "expected", "actual", "ok", "step"}
        new_hands = [c for c in record["calls"] if c["op"] == "new_hand"]
        if new_hands:
            assert new_hands[0]["request"]["ruleset"] == record["ruleset"]
            assert new_hands[0]["request"]["deck"] == record["deck"]
            assert new_hands[0]["request"]["dealer"] == record["dealer"]
    json.dumps(records)  # all JSON-able
    next_hands = [c for r in records for c in r["calls"] if c["op"] == "next_hand"]
    assert next_hands and all(set(c["request"]) == {"deck"} for c in next_hands)
    assert all(c["reply"]["dealer"] for c in next_hands)


def test_replaying_the_recorded_calls_reproduces_the_replies(records: list[dict]) -> None:
    for record in records:
        answers = replay(InProcessEngine(), record["calls"])
        expected = [
            {"refused": c["refused"]["code"]} if "refused" in c else {"reply": c["reply"]}
            for c in record["calls"]
        ]
        assert answers == expected, record["id"]


def test_the_overrides_rebuild_the_ruleset_document(records: list[dict]) -> None:
    for record in records:
        if not record["ruleset"]:
            continue
        rebuilt = load_ruleset(record["ruleset_name"], overrides=record["overrides"] or None)
        assert overrides_of(rebuilt.document, record["ruleset"]) == {}, record["id"]


def test_a_recording_engine_records_refusals() -> None:
    recorder = RecordingEngine(InProcessEngine())
    hands = [["As", "Ks", "Qs", "Js", "Ts"]]
    with pytest.raises(EngineRefusal):
        recorder.evaluate("no-such-ranking", hands)
    (entry,) = recorder.take()
    assert entry["op"] == "evaluate"
    assert entry["request"] == {"ranking": "no-such-ranking", "hands": hands}
    assert entry["refused"]["code"] == "bad_request"
    assert "reply" not in entry
    assert recorder.take() == []


def test_the_command_writes_a_document_and_jsonl(tmp_path: Path, capsys) -> None:
    target = tmp_path / "spec.json"
    assert main(["dump-spec", "-k", "BRING-03", "-o", str(target)]) == 0
    document = json.loads(target.read_text())
    assert document["format"] == "stud-spec-dump" and document["protocol"] == 1
    assert document["scenarios"] and all(
        "BRING-03" in s["catalogue_ids"] for s in document["scenarios"]
    )
    capsys.readouterr()
    assert main(["dump-spec", "--jsonl", "-k", "BRING-03"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["id"] for line in lines] == [s["id"] for s in document["scenarios"]]

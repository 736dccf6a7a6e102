"""`stud dump-spec`: the export is complete enough to replay the spec without Gherkin."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from stud.cli import main
from stud.cli.dump_spec import overrides_of, scenario_records
from stud.paths import FEATURES, SCHEMAS
from stud.protocol.recording import RecordingEngine
from stud.rules import load_ruleset
from stud.spec.engine import Engine, EngineRefusal
from stud.spec.inprocess import InProcessEngine
from stud.spec.observe import agrees, last_state, observe

ACTIONS = {"fold", "check", "call", "bring_in", "complete", "bet", "raise"}
ACTIONS |= {"declare", "exchange", "stand_pat", "discard", "expose", "draw", "split"}


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
            assert {"kind", "expected", "actual", "ok", "step", "after", "text"} <= set(check)
            assert -1 <= check["after"] < len(record["calls"])
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
    assert document["version"] == 2
    assert document["scenarios"] and all(
        "BRING-03" in s["catalogue_ids"] for s in document["scenarios"]
    )
    capsys.readouterr()
    assert main(["dump-spec", "--jsonl", "-k", "BRING-03"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [json.loads(line)["id"] for line in lines] == [s["id"] for s in document["scenarios"]]


def dump_validator() -> Draft202012Validator:
    """schemas/dump.schema.json, with the protocol schemas it refers to."""
    documents = [
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((SCHEMAS / "protocol").glob("*.json"))
    ]
    dump = json.loads((SCHEMAS / "dump.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(dump)
    registry = Registry().with_resources(
        [(d["$id"], Resource.from_contents(d)) for d in [*documents, dump]]
    )
    return Draft202012Validator(dump, registry=registry)


def test_the_dump_validates_against_its_schema(records: list[dict]) -> None:
    document = {"format": "stud-spec-dump", "version": 2, "stud": "x", "protocol": 1}
    validator = dump_validator()
    errors = list(validator.iter_errors(document | {"scenarios": records}))
    assert not errors, [f"{e.json_path}: {e.message[:200]}" for e in errors[:5]]
    some = next(r for r in records if any(c["kind"] == "to_act" for c in r["checks"]))
    broken = json.loads(json.dumps([some]))
    check = next(c for r in broken for c in r["checks"] if c["kind"] == "to_act")
    check["expected"] = "Carol"  # a name where the protocol has a seat number
    assert list(validator.iter_errors(document | {"scenarios": broken}))


def test_every_check_is_a_protocol_value_the_replies_confirm(records: list[dict]) -> None:
    """Each check says what to read from the replies; on the reference it reads as expected."""
    kinds = set()
    for record in records:
        assert record["reference"]["status"] == "passed", record["id"]
        for check in record["checks"]:
            assert check["protocol"], (record["id"], check)
            kinds.add(check["kind"])
            seen = observe(
                check["kind"], check["expected"], record["calls"], check["after"], record["ruleset"]
            )
            assert seen == check["actual"], (record["id"], check)
            assert agrees(check["kind"], check["expected"], seen), (record["id"], check)
    assert {"to_act", "legal", "pot", "awards", "hand", "refused", "unchanged"} <= kinds


def test_expectations_are_seats_action_objects_and_decimal_strings(records: list[dict]) -> None:
    checks = [(r, c) for r in records for c in r["checks"]]
    seats = {s["seat"] for r, _ in checks for s in r["seats"]}
    for record, check in checks:
        names = {s["name"] for s in record["seats"]}
        text = json.dumps(check["expected"])
        assert not any(f'"{n}"' in text for n in names), check  # no player names
        if check["kind"] == "to_act":
            assert check["expected"] in seats | {None}
        if check["kind"] == "legal":
            for entry in check["expected"]:
                assert entry["action"] in ACTIONS and " " not in entry["action"]
                counts = {k: v for k, v in entry.items() if k in ("cards_min", "cards_max")}
                assert all(isinstance(v, int) for v in counts.values())  # a decision (1.2)
                assert all(isinstance(v, str) for k, v in entry.items() if k not in counts)
    legal = next(c for _, c in checks if c["kind"] == "legal" and c["text"]["expected"])
    assert legal["step"].startswith("then ") and legal["text"]["expected"][0]  # English kept


def test_a_call_is_exported_as_the_total_the_seat_reaches(records: list[dict]) -> None:
    """English says how much a call adds; the protocol amount is the seat's total."""
    calls_seen = 0
    topped_up = 0
    for record in records:
        for check in record["checks"]:
            if check["kind"] != "legal":
                continue
            state = last_state(record["calls"], check["after"]) or {}
            bet = next(Decimal(s["bet"]) for s in state["seats"] if s["seat"] == state["to_act"])
            english = [t for t in check["text"]["expected"] if t.startswith("call ")]
            protocol = [e for e in check["expected"] if e["action"] == "call"]
            assert len(english) == len(protocol), check
            for text, entry in zip(english, protocol, strict=True):
                calls_seen += 1
                assert Decimal(entry["amount"]) == Decimal(text.split()[1]) + bet, check
                topped_up += bet > 0
    assert calls_seen and topped_up  # some calls come on top of a bet already made


def test_the_judging_fails_replies_that_differ(records: list[dict]) -> None:
    record = next(r for r in records if any(c["kind"] == "legal" for c in r["checks"]))
    check = next(c for c in record["checks"] if c["kind"] == "legal")
    calls = json.loads(json.dumps(record["calls"]))
    state = next(c for c in reversed(calls[: check["after"] + 1]) if c["op"] != "evaluate")
    state["reply"]["legal"] = [{"action": "fold"}]
    seen = observe("legal", check["expected"], calls, check["after"])
    assert not agrees("legal", check["expected"], seen)

"""``stud dump-spec``: every scenario as JSON data, for harnesses in other languages."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from stud import __version__
from stud.outfiles import out_file, write_text
from stud.paths import FEATURES

HELP = "export every scenario as JSON (ruleset, seats, deck, actions, expected observations)"
DESCRIPTION = """\
Run every scenario in-process, recording what it sends to the engine and what it checks,
and print it all as JSON: per scenario the resolved ruleset document and the house-rule
overrides it applies to its shipped base, the seats, dealer and deck, the actions, every
engine call with the reference's reply (protocol v1 requests and states), and its checks
as protocol values (seat numbers, action objects, decimal strings, card lists), each with
the index of the call it follows and the English of its step.  A harness in any language
can replay the calls against its engine and judge the checks, with no Gherkin and no
English: schemas/dump.schema.json describes the format, examples/node-runner/ is such a
harness.  See docs/protocol.md ("Replaying the spec without Gherkin")."""
EXAMPLE = """\
examples:
  stud dump-spec -o spec.json
  stud dump-spec --jsonl -k razz | head -1
  node examples/node-runner/run-spec.js spec.json --engine 'stud serve'"""

FORMAT = "stud-spec-dump"
FORMAT_VERSION = 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-k", dest="select", metavar="EXPR", help="select scenarios (as verify)")
    parser.add_argument(
        "--features", type=Path, default=FEATURES, metavar="DIR", help="the features folder"
    )
    parser.add_argument(
        "--jsonl", action="store_true", help="one scenario per line instead of one document"
    )
    parser.add_argument("-o", "--output", type=Path, metavar="FILE", help="write to FILE")


def overrides_of(base: Mapping[str, Any], document: Mapping[str, Any]) -> dict[str, Any]:
    """The dotted-path overrides that turn ``base`` into ``document`` (as `load_ruleset`
    takes them; streets are addressed by name).

    >>> overrides_of({"a": {"b": 1, "c": 2}, "streets": [{"name": "x", "bet": "small"}]},
    ...              {"a": {"b": 1, "c": 3}, "streets": [{"name": "x", "bet": "big"}]})
    {'a.c': 3, 'streets.x.bet': 'big'}
    """
    found: dict[str, Any] = {}
    _diff(base, document, "", found)
    return found


def _same(a: Any, b: Any) -> bool:
    if a == b:
        return True
    if isinstance(a, str) and isinstance(b, str):  # amounts: "1.00" is "1"
        try:
            return Decimal(a) == Decimal(b)
        except InvalidOperation:
            return False
    return False


def _diff(base: Any, doc: Any, path: str, found: dict[str, Any]) -> None:
    if _same(base, doc):
        return
    if isinstance(base, Mapping) and isinstance(doc, Mapping):
        for key in doc:
            sub = f"{path}.{key}" if path else str(key)
            if key not in base:
                found[sub] = doc[key]
            else:
                _diff(base[key], doc[key], sub, found)
        return
    if _named_list(base) and _named_list(doc):
        base_names = [item["name"] for item in base]
        if base_names == [item["name"] for item in doc]:
            for old, new in zip(base, doc, strict=True):
                _diff(old, new, f"{path}.{old['name']}", found)
            return
    found[path] = doc


def _named_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(i, Mapping) and "name" in i for i in value)


def scenario_records(features: Path, select: str | None) -> Iterator[dict[str, Any]]:
    from stud.protocol.recording import RecordingEngine
    from stud.rules import load_ruleset
    from stud.spec.export import record, run_for_export
    from stud.spec.features import collect
    from stud.spec.inprocess import InProcessEngine

    recorder = RecordingEngine(InProcessEngine())
    hello = recorder.hello()
    bases: dict[str, dict[str, Any]] = {}
    for scenario in collect(features, select):
        exported = run_for_export(scenario, recorder, hello)
        entry = record(exported, scenario)
        document = entry["ruleset"]
        base_name = str(document.get("name", "")) if document else ""
        overrides: dict[str, Any] = {}
        if document and base_name:
            if base_name not in bases:
                try:
                    bases[base_name] = dict(load_ruleset(base_name).document)
                except Exception:  # noqa: BLE001 - a ruleset built in memory has no base
                    bases[base_name] = {}
            if bases[base_name]:
                overrides = overrides_of(bases[base_name], document)
        position = list(entry).index("ruleset")
        items = list(entry.items())
        items[position:position] = [
            ("ruleset_name", base_name or scenario.ruleset),
            ("overrides", overrides),
        ]
        yield dict(items)


def run(args: argparse.Namespace) -> int:
    target = out_file(Path(args.output), "-o") if args.output else None
    records = scenario_records(args.features, args.select)
    if args.jsonl:
        lines = [json.dumps(record, ensure_ascii=False) + "\n" for record in records]
        count, text = len(lines), "".join(lines)
    else:
        everything = list(records)
        count = len(everything)
        document = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "stud": __version__,
            "protocol": 1,
            "scenarios": everything,
        }
        text = json.dumps(document, ensure_ascii=False, indent=1) + "\n"
    if target is None:
        sys.stdout.write(text)
        return 0
    write_text(target, text)  # atomically: a planted link is replaced, not followed
    print(f"stud dump-spec: {count} scenarios written to {target}", file=sys.stderr)
    return 0

"""Fuzzing the report writers (issue 24): whatever text a history, an engine or a file name
carries, the reports written from it are inert and well formed.

- audit.md, compliance.md and fuzz.md, rendered as mkdocs renders Markdown, carry no live
  markup (no tag that runs or loads, no ``on...`` attribute, no ``javascript:`` link), and
  hold no terminal control character;
- audit.jsonl is one JSON object per line, junit.xml parses as XML;
- the replayer page holds one script (its own), its title as text, and the hands' data
  comes back unchanged;
- the audit's terminal lines hold no control character and are one line each.
"""

from __future__ import annotations

import html
import json
import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from hostile import MARKUP, TERMINAL, active_html, render_markdown, terminal_problems
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud.audit.judge import Divergence, Verdict
from stud.audit.report import Tally, write_report
from stud.docs.replayer import render_page
from stud.fuzz.campaign import Case, Found, ShardResult
from stud.fuzz.classes import classify
from stud.fuzz.play import Outcome
from stud.fuzz.report import write_reports
from stud.safetext import printable
from stud.spec.compliance import compliance_markdown
from stud.spec.reports import junit_xml
from stud.spec.results import STATUSES, ScenarioResult

SETTINGS = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PIECES = st.one_of(
    st.sampled_from(MARKUP + TERMINAL),
    st.text(max_size=12),
    st.sampled_from(["`", "``", "|", "\\", "<", ">", "&", "[", "]", "(", ")", "!", "#", "-", "1."]),
    st.sampled_from(["__DATA__", "__TITLE__", "</script>", "<!--"]),
)
TEXT = st.lists(PIECES, min_size=1, max_size=4).map("".join)


def _inert_markdown(text: str) -> None:
    assert active_html(render_markdown(text)) == [], text
    assert terminal_problems(text) == []


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("report-fuzz")


verdicts = st.builds(
    Verdict,
    file=TEXT,
    hand=TEXT,
    game=TEXT,
    verdict=st.sampled_from(["legal", "illegal", "unreadable"]),
    ruleset=TEXT,
    divergence=st.one_of(
        st.none(),
        st.builds(
            Divergence,
            where=TEXT,
            text=TEXT,
            rule=TEXT,
            reason=TEXT,
            legal=st.lists(TEXT, max_size=2),
            explained_by=st.one_of(st.just(""), TEXT),
        ),
    ),
    error=st.one_of(st.just(""), TEXT),
    notes=st.lists(TEXT, max_size=2),
)


@SETTINGS
@given(found=st.lists(verdicts, min_size=1, max_size=4), command=TEXT)
def test_audit_reports_are_inert(found: list[Verdict], command: str, folder: Path):
    tally = Tally()
    for v in found:
        tally.add(v)
    write_report(folder, found, tally, command)
    _inert_markdown((folder / "audit.md").read_text(encoding="utf-8"))
    rows = (folder / "audit.jsonl").read_text(encoding="utf-8").split("\n")[:-1]
    assert [json.loads(row)["verdict"] for row in rows] == [v.verdict for v in found]
    shown = printable(tally.table())
    assert terminal_problems(shown) == [] and len(shown.splitlines()) == len(tally.rows()) + 1
    for v in found:
        line = printable(v.line(), newlines=False)
        assert terminal_problems(line) == [] and "\n" not in line


results = st.builds(
    ScenarioResult,
    id=TEXT,
    feature=TEXT,
    feature_name=TEXT,
    rule=TEXT,
    scenario=TEXT,
    tags=st.lists(st.one_of(st.sampled_from(["BRING-03", "SHOW-01"]), TEXT), max_size=2).map(tuple),
    status=st.sampled_from(STATUSES),
    message=TEXT,
    variant=TEXT,
    profile=TEXT,
    deviations=st.lists(
        st.fixed_dictionaries({"path": TEXT, "wanted": TEXT, "plays": TEXT}), max_size=2
    ).map(tuple),
    reasons=st.lists(TEXT, max_size=2).map(tuple),
    charged_to=st.lists(TEXT, max_size=2).map(tuple),
    invariant=st.one_of(st.just(""), TEXT),
)
engine_info = st.fixed_dictionaries(
    {
        "engine": st.fixed_dictionaries({"name": TEXT, "version": TEXT}),
        "command": TEXT,
        "features": st.lists(TEXT, max_size=3),
        "profile": st.dictionaries(TEXT, TEXT, max_size=2),
        "cut_short": TEXT,
    }
)


@SETTINGS
@given(found=st.lists(results, min_size=1, max_size=4), info=engine_info)
def test_conformance_reports_are_inert(found: list[ScenarioResult], info: dict):
    _inert_markdown(compliance_markdown(found, info))
    ET.fromstring(junit_xml(found, info).split("\n", 1)[1].encode("utf-8", "backslashreplace"))


@SETTINGS
@given(
    keys=st.lists(TEXT, min_size=1, max_size=3, unique=True), message=TEXT, engine=TEXT, rule=TEXT
)
def test_fuzz_reports_are_inert(keys: list[str], message: str, engine: str, rule: str, folder):
    found = [
        Found(i, key, key, "third", message, [i], rule=rule, findings=[{"what": key, "rule": rule}])
        for i, key in enumerate(keys)
    ]
    cases = {
        f.key: Case(
            f.key, f.field, [f.index], f, [], Outcome(None), rule, checked={"engine": message}
        )
        for f in found
    }
    classes = classify(found)
    total = ShardResult(hands=len(found), requests=3, found=found)
    write_reports(folder, total, classes, cases, "Feature: x\n", ["--engine", engine], engine, 7)
    _inert_markdown((folder / "fuzz.md").read_text(encoding="utf-8"))
    lines = (folder / "divergences.jsonl").read_text(encoding="utf-8").split("\n")[:-1]
    assert [json.loads(line)["class"] for line in lines] == keys
    json.loads((folder / "deviations.json").read_text(encoding="utf-8"))


@SETTINGS
@given(title=TEXT, names=st.lists(TEXT, min_size=1, max_size=3))
def test_the_replayer_page_is_inert(title: str, names: list[str]):
    hands = [
        {"key": name, "title": name, "frames": [{"caption": name, "state": {"seats": []}}]}
        for name in names
    ]
    page = render_page(hands, title)
    assert _tags(page) == _tags(render_page([], "Hands"))  # the template's elements only
    assert page.count("</script>") == 1
    heading = re.search(r"<h1>(.*?)</h1>", page, re.S)
    assert heading and html.unescape(heading.group(1)) == printable(title)  # the title, as text
    data = re.search(r"const HANDS = (.*);\n", page)
    assert data and json.loads(data.group(1)) == json.loads(json.dumps(hands))


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[tuple[str, tuple[str, ...]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.seen.append((tag, tuple(name for name, _ in attrs)))


def _tags(page: str) -> list[tuple[str, tuple[str, ...]]]:
    """The page's elements and their attribute names, in order."""
    parser = _Tags()
    parser.feed(page)
    return parser.seen

"""Fuzzing the history readers (issue 24): PokerStars and Full Tilt text, PHH (``.phh``,
``.phhs``) and our JSON hands, mutated from real and test seeds, as `stud audit`, `stud
import` and `stud replay` read them.  Whatever a file holds:

- every reader turns it into hands or a readable error (a :class:`~stud.errors.StudError`),
  never another exception: each hand gets a verdict (legal, illegal, unreadable);
- what is printed is safe on a terminal, one line per verdict;
- an imported hand is written as valid TOML and JSON and reads back with the same names.

Seeds: tests/data (always) and ../shared/real-hands/rooms when present (skipped if not).
"""

from __future__ import annotations

import json
import os
import random
import re
import tomllib
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hostile import MARKUP, TERMINAL, terminal_problems
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stud.audit.houses import Houses
from stud.audit.judge import Verdict, judge
from stud.audit.sources import Skipped, read_file
from stud.docs.replayer import frames_from_recording
from stud.engine import Seat, Table
from stud.errors import StudError
from stud.histories import read_text, room_of
from stud.histories.export import json_line, to_phh
from stud.histories.model import HistoryError
from stud.phh import recording_from_phh
from stud.play.bots import CallingStation, RandomBot
from stud.play.load import load_recording
from stud.play.replay import check, summary_lines
from stud.play.simulate import play_bots
from stud.rules import load_ruleset
from stud.safetext import printable

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
REAL = Path(os.environ.get("STUD_REAL_HANDS") or ROOT.parent / "shared" / "real-hands" / "rooms")
SETTINGS = settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _room_seeds() -> list[str]:
    seeds = [p.read_text(encoding="utf-8") for p in sorted((DATA / "rooms").glob("*.txt"))]
    if REAL.is_dir():  # real histories: the first hands of each Stars and Full Tilt file
        for path in sorted(REAL.glob("*")):
            if "__Stars__" in path.name or "__FTP__" in path.name:
                from stud.histories.text import decode

                seeds.append(decode(path.read_bytes())[:6000])
    return seeds


ROOM_SEEDS = _room_seeds()
PHH_SEEDS = [p.read_text(encoding="utf-8") for p in sorted((DATA / "phh").glob("*.phh"))]
WORDS = (
    ["0", "-1", "$0", "$", "1e5", "NaN", "9" * 30, "9" * 5000, "0.0000001", "1,2,3"]
    + ["As", "Xx", "??", "10h", "Jk", "[As Kd]", "[", "]", "(", ")", "#", "***", ":"]
    + ["*** 3rd STREET ***", "*** SUMMARY ***", "*** RIVER ***", "Seat", "folds"]
    + ["p1", "p9", "d", "dh", "cbr", "sm", "'", '"', "=", "[[", "]]", "{", "}", "\\"]
    + MARKUP
    + TERMINAL
)
HOSTILE_LINES = [
    "*** 3rd STREET ***",
    "*** 4th STREET ***",
    "*** SHOW DOWN ***",
    "*** SUMMARY ***",
    "Seat 9: Zed ($5 in chips)",
    "Seat 3: Zed (5)",
    "Dealt to Zed [As As As]",
    "Dealt to Zed [Kd] [Kd]",
    "Zed: brings in for $0.10",
    "Zed: raises $1 to $0.50",
    "Zed collected $1000 from pot",
    "Uncalled bet ($5) returned to Zed",
    "Total pot $1 | Rake $5",
    "PokerStars Hand #99:  7 Card Stud Limit ($1/$2 USD) - 2024/01/05",
    "Full Tilt Poker Game #99: Table X - $1/$2 Ante $0.10 - Limit Stud Hi - 20:00:00",
    "Seat 1: Gil ($0 in chips)",
    "'d dh p1 AsAsAs',",
    "'d db Kd',",
    "'p1 cbr 99999999999',",
    "seats = [1, 1]",
    "dealer = 0",
    "players = []",
    "starting_stacks = [1]",
    "antes = 5",
    "actions = 'p1 f'",
    "winnings = [1]",
    "finishing_stacks = [-1, 2, 3]",
    "[1]",
]


NUMBERS = ["0", "00", "1", "7", "10", "9" * 40, "9" * 5000, "0" * 30 + "1", "1e999999", "0.5"]
_DIGITS = re.compile(r"\d+")
_SEAT_NAME = re.compile(r"^Seat \d+: (.+?) \(", re.M)
KINDS = ["number"] * 6 + ["token"] * 4 + ["delete"] * 3 + ["copy", "swap"] * 2 + ["insert"] * 3


@st.composite
def mutated(draw: st.DrawFn, seeds: list[str]) -> str:
    """A seed with a player renamed everywhere, then a few lines deleted, duplicated,
    swapped, edited (a word, a number) or inserted, and perhaps cut short.

    The places are picked uniformly by a generator seeded from the example (hypothesis
    alone favours the first line and the first choice of a list)."""
    rng = random.Random(draw(st.integers(0, 2**64)))
    text = rng.choice(seeds)
    names = _SEAT_NAME.findall(text)
    if names and rng.random() < 0.5:
        new = draw(st.one_of(st.sampled_from(MARKUP + TERMINAL), st.text(min_size=1, max_size=9)))
        new = new.replace("\n", " ").strip() or "x"
        old = re.compile(rf"(?<!\w){re.escape(rng.choice(names))}(?!\w)")
        text = old.sub(lambda _: new, text)
    lines = text.splitlines()
    for _ in range(rng.randint(0, 6)):
        if not lines:
            lines = [rng.choice(HOSTILE_LINES)]
        kind, i = rng.choice(KINDS), rng.randrange(len(lines))
        numbered = [n for n, line in enumerate(lines) if _DIGITS.search(line)]
        if kind == "number" and numbered:
            i = rng.choice(numbered)
            m = rng.choice(list(_DIGITS.finditer(lines[i])))
            lines[i] = lines[i][: m.start()] + rng.choice(NUMBERS) + lines[i][m.end() :]
        elif kind == "delete":
            del lines[i]
        elif kind == "copy":
            lines.insert(rng.randint(0, len(lines)), lines[i])
        elif kind == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "token":
            words = lines[i].split(" ")
            word = rng.choice(WORDS) if rng.random() < 0.7 else draw(st.text(max_size=9))
            words[rng.randrange(len(words))] = word
            lines[i] = " ".join(words)
        else:
            lines.insert(i, rng.choice(HOSTILE_LINES))
    text = "\n".join(lines)
    if rng.random() < 0.2:
        text = text[: rng.randint(0, len(text))]
    return text


def encoded(text: str, how: str) -> bytes:
    if how == "utf-16":
        return b"\xff\xfe" + text.encode("utf-16-le", "surrogatepass")
    if how == "latin-1":
        return text.encode("latin-1", "replace")
    if how == "crlf":
        return text.replace("\n", "\r\n").encode("utf-8", "surrogatepass")
    return text.encode("utf-8", "surrogatepass")


HOUSES = Houses(None, {})


def audited(path: Path) -> list[Verdict]:
    """The verdicts of one file as `stud audit` reaches them, with no safety net: a hand
    is judged here directly, and the file's net (a reader failing) must never catch."""
    out = []
    try:
        for item in read_file(path, True, HOUSES).items:
            out.append(item if isinstance(item, Verdict) else judge(item))
    except Skipped:  # pragma: no cover - a named file is never skipped
        raise AssertionError("a named file was skipped") from None
    assert not [v.error for v in out if "a bug in stud" in (v.error or "")]
    kinds = ("legal", "illegal", "incomplete", "unreadable", "unsupported", "skipped")
    assert all(v.verdict in kinds for v in out)
    return out


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("history-fuzz")


@SETTINGS
@given(
    text=mutated(ROOM_SEEDS),
    how=st.sampled_from(["utf-8", "utf-8", "utf-16", "latin-1", "crlf"]),
)
def test_room_histories_are_read_into_verdicts(text: str, how: str, folder: Path):
    path = folder / "hand.txt"
    path.write_bytes(encoded(text, how))
    verdicts = audited(path)
    assert verdicts
    for item in read_text(text, "x") if room_of(text) else []:
        if isinstance(item, HistoryError):
            continue
        phh = to_phh(item)
        table = tomllib.loads(phh)  # valid TOML, whatever the names hold
        assert table["players"] == [s.name for s in item.in_hand()]
        assert json.loads(json_line(item))["seats"][0]["name"] == item.seats[0].name
        try:
            check(recording_from_phh(phh, "x.phh"))
        except StudError:
            pass


@SETTINGS
@given(text=mutated(PHH_SEEDS), collection=st.booleans())
def test_phh_files_are_read_into_verdicts(text: str, collection: bool, folder: Path):
    path = folder / ("hands.phhs" if collection else "hand.phh")
    path.write_text(f"[1]\n{text}\n[2]\n{text}" if collection else text, encoding="utf-8")
    assert audited(path)
    if not collection:
        _replayed(path)


def _replayed(path: Path) -> None:
    """`stud replay` of one file: a report or a StudError, and its lines print safely."""
    try:
        rec = load_recording(path)
    except StudError:
        return
    report = check(rec)
    try:
        frames_from_recording(rec)  # stud replay --html
    except StudError:
        pass  # the hand cannot start: left out of the page, reported by the check

    shown = printable("\n".join(summary_lines(rec, report)))
    assert terminal_problems(shown) == []


def _history() -> dict[str, Any]:
    rs = load_ruleset("seven-card-stud")
    seats = [Seat(i, n, Decimal(20)) for i, n in enumerate(["Ann", "Bob", "Cy"], 1)]
    hand = Table(rs, seats, 3, seed=11).new_hand()
    play_bots(hand, {1: CallingStation(), 2: RandomBot(random.Random(3)), 3: CallingStation()})
    history = hand.to_history()
    for long in ("description", "implements"):  # shorter examples (the digest then differs)
        del history["ruleset"]["document"][long]
    return history


HISTORY = _history()
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(),
    st.text(max_size=8),
    st.sampled_from(MARKUP + TERMINAL + ["As", "10h", "0.10", "-1", "\ud800", "1e999999999"]),
    st.sampled_from([10**40, "<a number of 5,000 digits>", "9" * 40, "0." + "0" * 40 + "1"]),
    st.just([]),
    st.just({}),
    st.just([[[[[]]]]]),
    st.just({"document": {}}),
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*path, i))
    return out


PATHS = [p for p in _paths(HISTORY) if p and "document" not in p[:2]] + [("ruleset", "document")]


@st.composite
def histories(draw: st.DrawFn) -> str:
    """Our history with one to three fields replaced by a value of another kind, or
    removed (places picked uniformly, as in :func:`mutated`)."""
    rng = random.Random(draw(st.integers(0, 2**64)))
    data = json.loads(json.dumps(HISTORY))
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(PATHS)
        node = data
        try:
            for key in path[:-1]:
                node = node[key]
            if rng.random() < 0.8 or not isinstance(node, dict | list):
                node[path[-1]] = json.loads(json.dumps(draw(ODD)))  # a fresh copy
            elif isinstance(node, dict):
                node.pop(path[-1], None)
            else:
                node.pop(path[-1]) if len(node) > path[-1] else None
        except (KeyError, IndexError, TypeError):
            continue
    return json.dumps(data, ensure_ascii=False).replace('"<a number of 5,000 digits>"', "9" * 5000)


@SETTINGS
@given(text=histories())
def test_json_hands_are_replayed_or_refused(text: str, folder: Path):
    path = folder / "hand.json"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    _replayed(path)


def _toml_value(value: Any) -> str:
    """A value written as TOML (for fields of the wrong kind in a PHH file)."""
    from stud.safetext import toml_string

    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | Decimal):
        return {"nan": "nan", "inf": "inf", "-inf": "-inf"}.get(str(value), str(value))
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{" + ", ".join(f"{toml_string(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
        )
    return toml_string(str(value))


PHH_TABLES = [tomllib.loads(text) for text in PHH_SEEDS]
PHH_ODD = st.one_of(
    ODD.filter(lambda v: v is not None),
    st.lists(st.one_of(st.integers(-3, 300), st.text(max_size=5), st.booleans()), max_size=5),
    st.sampled_from(["F7S", "F7S/8", "FR", "NT", "p1 cbr 5", "d dh p1 AsAsAs", "d db Kd"]),
)


@st.composite
def phh_tables(draw: st.DrawFn) -> str:
    """A PHH hand with one to three fields (or items of its lists) of another kind."""
    rng = random.Random(draw(st.integers(0, 2**64)))
    table = json.loads(json.dumps(rng.choice(PHH_TABLES), default=str))
    for _ in range(rng.randint(1, 3)):
        key = rng.choice([*table, "seats", "dealer", "players", "winnings", "rake", "hand"])
        value = table.get(key)
        if isinstance(value, list) and value and rng.random() < 0.6:
            value[rng.randrange(len(value))] = json.loads(json.dumps(draw(PHH_ODD)))
        elif rng.random() < 0.8:
            table[key] = json.loads(json.dumps(draw(PHH_ODD)))
        else:
            table.pop(key, None)
    return "".join(f"{k} = {_toml_value(v)}\n" for k, v in table.items())


@SETTINGS
@given(text=phh_tables())
def test_phh_fields_of_another_kind_are_read_into_verdicts(text: str, folder: Path):
    path = folder / "fields.phh"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert audited(path)
    _replayed(path)

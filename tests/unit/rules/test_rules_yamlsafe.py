"""The safe YAML reader: positions, refusals and limits."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from stud.rules.yamlsafe import (
    MAX_ALIASES,
    MAX_BYTES,
    LocDict,
    Mark,
    YamlError,
    parse_text,
    read_file,
)


def test_marks_for_keys_and_values() -> None:
    data = parse_text("a:\n  b: [1, 2]\n  c: x\n", "f.yaml")
    assert isinstance(data, LocDict)
    inner = data["a"]
    assert inner.key_marks["c"] == Mark("f.yaml", 3, 3)
    assert inner.value_marks["c"] == Mark("f.yaml", 3, 6)
    assert inner["b"].item_marks[1] == Mark("f.yaml", 2, 10)


def test_scalars() -> None:
    data = parse_text("a: 0.05\nb: 3\nc: true\nd: null\ne: '0.10'\nf: 2024-01-01\ng: 1_000\n", "f")
    assert data == {
        "a": Decimal("0.05"),
        "b": 3,
        "c": True,
        "d": None,
        "e": "0.10",
        "f": "2024-01-01",
        "g": 1000,
    }


@pytest.mark.parametrize(
    "text,words",
    [
        ("a: !!python/name:os.system x\n", "tag '!!python/name:os.system' is not allowed"),
        ("a: !!set {x: null}\n", "tag '!!set' is not allowed"),
        ("a: 1\na: 2\n", "duplicate key 'a'"),
        ("a: &x [*x]\n", "refers to itself"),
        ("<<: {a: 1}\n", "merge keys"),
        ("? [a]\n: 1\n", "plain word"),
        ("a: [\n", "invalid YAML"),
        ("a: .nan\n", "not a finite number"),
        ("a: \x01\n", "control character U+0001"),
        ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ],
)
def test_refused(text: str, words: str) -> None:
    with pytest.raises(YamlError) as info:
        parse_text(text, "f.yaml")
    assert words in str(info.value)


def test_alias_count_limit() -> None:
    text = "a: &a 1\nb: [" + ", ".join(["*a"] * (MAX_ALIASES + 1)) + "]\n"
    with pytest.raises(YamlError, match="aliases"):
        parse_text(text, "f.yaml")
    ok = "a: &a 1\nb: [" + ", ".join(["*a"] * MAX_ALIASES) + "]\n"
    assert len(parse_text(ok, "f.yaml")["b"]) == MAX_ALIASES


def test_expansion_limit() -> None:
    lines = ["l0: &l0 [" + ", ".join(["x"] * 9) + "]"]
    for i in range(1, 6):
        lines.append(f"l{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 9) + "]")
    with pytest.raises(YamlError, match="alias bomb"):
        parse_text("\n".join(lines) + "\n", "f.yaml")


def test_file_refusals(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_BYTES + 1))
    for path, words in [
        (big, "larger than 1 MiB"),
        (tmp_path, "is a directory"),
        (tmp_path / "nope.yaml", "no such file"),
    ]:
        with pytest.raises(YamlError, match=words):
            read_file(path, str(path))
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(b"a: \xff\xfe\n")
    with pytest.raises(YamlError, match="not UTF-8") as info:
        read_file(junk, "junk.yaml")
    assert (info.value.problems[0].line, info.value.problems[0].column) == (1, 4)

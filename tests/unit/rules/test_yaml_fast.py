"""Reading YAML with libyaml (when PyYAML has it) gives exactly what PyYAML's own parser
gives: the same values, the same marks of every key, value and item, and for a text
either refuses, the same problems.  Checked on every shipped ruleset and on a few
thousand of them broken at random (characters or whole lines deleted, added, replaced or
moved)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from stud.paths import RULESETS
from stud.rules import yamlsafe
from stud.rules.yamlsafe import LocDict, LocList, YamlError, parse_text

pytestmark = pytest.mark.skipif(
    getattr(yaml, "CSafeLoader", None) is None, reason="PyYAML without libyaml"
)
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(RULESETS).glob("*.yaml"))}
# characters that make YAML mean something else (or nothing)
ALPHABET = ":-[]{},#&*!|>'\"\t\n %@`?0aZ.\\\u0085\u2028\x07"


def located(value: Any) -> Any:
    """The value with every mark spelt out, so that two readings compare in full."""
    if isinstance(value, LocDict):
        return (
            "map",
            value.mark,
            [(k, value.key_marks[k], value.value_marks[k], located(v)) for k, v in value.items()],
        )
    if isinstance(value, LocList):
        return (
            "seq",
            value.mark,
            [(m, located(v)) for v, m in zip(value, value.item_marks, strict=True)],
        )
    return (type(value).__name__, value)


def reading(text: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> Any:
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(yamlsafe, "_FAST", None)
        try:
            return located(parse_text(text, "house.yaml"))
        except YamlError as exc:
            return ("refused", [str(p) for p in exc.problems])


def test_every_shipped_ruleset_reads_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(TEXTS) > 50
    for name, text in TEXTS.items():
        fast = reading(text, True, monkeypatch)
        assert fast[0] == "map", name
        assert fast == reading(text, False, monkeypatch), name


def broken(text: str, rng: random.Random) -> str:
    if rng.randrange(3) == 0:  # whole lines: dropped, doubled, indented or outdented
        lines = text.split("\n")
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(lines))
            kind = rng.randrange(4)
            if kind == 0:
                del lines[at]
            elif kind == 1:
                lines.insert(at, lines[at])
            elif kind == 2:
                lines[at] = " " * rng.randint(1, 3) + lines[at]
            else:
                lines[at] = lines[at][rng.randint(1, 3) :]
        return "\n".join(lines)
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(chars))
        kind = rng.randrange(3)
        if kind == 0:
            del chars[at]
        elif kind == 1:
            chars.insert(at, rng.choice(ALPHABET))
        else:
            chars[at] = rng.choice(ALPHABET)
    return "".join(chars)


def test_broken_rulesets_read_or_fail_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(28)
    names = sorted(TEXTS)
    outcomes = {"map": 0, "refused": 0}
    for _ in range(2000):
        text = broken(TEXTS[rng.choice(names)], rng)
        fast = reading(text, True, monkeypatch)
        assert fast == reading(text, False, monkeypatch), text
        outcomes[fast[0]] = outcomes.get(fast[0], 0) + 1
    assert outcomes["map"] > 200 and outcomes["refused"] > 200  # both kinds were tried


@pytest.mark.parametrize(
    "text",
    [
        "a: &x [1]\n" + "".join(f"k{i}: *x\n" for i in range(70)),  # too many aliases
        "a: &x {b: *x}\n",  # an alias inside itself
        "a: !!python/object:os.system x\n",
        "a: 1\na: 2\n",
        "<<: {a: 1}\n",
        "a:\n\tb: 1\n",
        "a: [1, 2\n",
        "",
        "# nothing\n",
        "a: " + "[" * 2000 + "]" * 2000 + "\n",  # nested too deeply
        "a: " + "{b: " * 40 + "1" + "}" * 40 + "\n",
        "".join(f"k{i}: {i}\n" for i in range(8000)),  # larger than libyaml is given
    ],
)
def test_hostile_texts_are_refused_the_same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert reading(text, True, monkeypatch) == reading(text, False, monkeypatch)

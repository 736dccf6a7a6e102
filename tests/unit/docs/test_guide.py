"""The house-rules guide shows real output: its example file explains as printed."""

import re
from pathlib import Path

from stud.cli import main

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "guide" / "house-rules.md"


def test_the_guide_example_explains_as_shown(tmp_path: Path, capsys):
    text = GUIDE.read_text(encoding="utf-8")
    house = re.search(r"Save this as `(\w+\.yaml)`:\n\n```yaml\n(.*?)```", text, re.S)
    assert house is not None
    name, body = house.groups()
    assert len(body.strip().splitlines()) == 3  # the promise of the section title
    (tmp_path / name).write_text(body, encoding="utf-8")
    shown = re.search(r"\$ stud explain \S+\n(.*?)```", text, re.S)
    assert shown is not None
    assert main(["explain", str(tmp_path / name)]) == 0
    out = capsys.readouterr().out
    for line in shown.group(1).splitlines():
        if line.strip() and "..." not in line:
            assert line in out, f"the guide shows a line stud does not print: {line!r}"

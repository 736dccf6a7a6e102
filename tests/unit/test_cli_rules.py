"""`stud validate`, `stud rulesets` and `stud show`, through stud.cli.main and a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from stud.cli import main
from stud.rules import shipped_rulesets


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_ok_and_names(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("extends: seven-card-stud\nbetting:\n  max_raises: 4\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(house), "razz")
    assert code == 0
    assert out == f"{house}: ok\nrazz: ok\n"


def test_validate_reports_every_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("house.yaml").write_text(
        'extends: seven-card-stud\nbetting:\n  max_raise: 4\nstakes:\n  bring_in: "2"\n',
        encoding="utf-8",
    )
    code, out, err = run(capsys, "validate", "house.yaml", "seven-card-stud")
    assert code == 1
    assert err == ""
    assert out.splitlines() == [
        "house.yaml:3:3: $.betting.max_raise: unknown key 'max_raise' (did you mean "
        "'max_raises'?); expected one of structure, max_raises, uncapped_heads_up, "
        "big_bet_locks, reopen_fraction, fold_when_check, pot_ceiling, min_raise",
        "house.yaml:5:13: $.stakes.bring_in: the bring-in 2 is more than the small bet 0.50; "
        "expected a bring-in no larger than the small bet",
        "seven-card-stud: ok",
    ]


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02\xff", b"- a\n- b\n", b"key: [unclosed\n"])
def test_validate_never_tracebacks(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    code, out, err = run(capsys, "validate", str(path), str(tmp_path), str(tmp_path / "none"))
    assert code == 1
    assert "Traceback" not in out + err
    assert len(out.splitlines()) == 3


def test_rulesets_lists_titles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rulesets")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(shipped_rulesets())
    razz = next(line for line in lines if line.startswith("razz "))
    assert "Razz" in razz


def test_show_resolves_extends(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "razz")
    assert code == 0
    doc = yaml.safe_load(out)
    assert doc["name"] == "razz"
    assert doc["stakes"]["small_bet"] == "0.50"  # an amount as a string, inherited
    assert doc["bring_in"]["card"] == "highest"
    assert "extends" not in doc


def test_show_with_overrides_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "seven-card-stud", "--set", "betting.max_raises=4", "--json")
    assert code == 0 and '"max_raises": 4' in out
    code, out, err = run(capsys, "show", "seven-card-stud", "--set", "betting.max_raises=x")
    assert code == 1 and out == ""
    assert "(--set betting.max_raises): $.betting.max_raises: 'x' is a string" in err
    code, _, err = run(capsys, "show", "no-such-game")
    assert code == 1 and "no shipped ruleset or file named 'no-such-game'" in err


def test_module_entry_point_from_another_directory(tmp_path: Path) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from stud.cli import main; sys.exit(main())",
            "validate",
            "seven-card-stud",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "seven-card-stud: ok\n"


README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_house_rules_example_is_valid(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = README.read_text(encoding="utf-8")
    block = text.split("```yaml\n", 1)[1].split("```", 1)[0]
    assert block.startswith("extends: seven-card-stud") and len(block.splitlines()) == 3
    monkeypatch.chdir(tmp_path)
    Path("house.yaml").write_text(block, encoding="utf-8")
    code, out, _ = run(capsys, "validate", "house.yaml")
    assert (code, out) == (0, "house.yaml: ok\n")
    code, out, _ = run(capsys, "show", "house.yaml")
    assert "max_raises: 4" in out


def test_readme_lists_every_shipped_ruleset() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [name for name in shipped_rulesets() if f"| `{name}` |" not in text]
    assert missing == []

from pathlib import Path

from stud.cli import main


def test_explain_a_shipped_ruleset(capsys):
    assert main(["explain", "seven-card-stud"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Seven-card stud (casino, fixed limit) (seven-card-stud)")
    assert "Ante 0.05" in out and "a bet and three raises" in out


def test_explain_a_three_line_house_file_starts_with_its_changes(tmp_path: Path, capsys):
    house = tmp_path / "friday.yaml"
    house.write_text("extends: seven-card-stud\nbetting: {max_raises: 4}\ndealing: {burn: false}\n")
    assert main(["explain", str(house), "--width", "0"]) == 0
    out = capsys.readouterr().out
    changes = out.split("In full:")[0]
    assert "Changes from Seven-card stud (casino, fixed limit) (seven-card-stud):" in changes
    assert "raises allowed after the bet: 4 (was 3)" in changes
    assert "burn a card before each street: no (was yes)" in changes
    assert "a bet and four raises" in out.split("In full:")[1]


def test_unknown_ruleset_suggests_a_name(capsys):
    assert main(["explain", "razzz"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("stud explain: error: unknown ruleset 'razzz': did you mean 'razz'")
    assert "stud rulesets" in err
    assert "Traceback" not in err


def test_missing_file_and_invalid_file_are_one_line_errors(tmp_path: Path, capsys):
    assert main(["explain", str(tmp_path / "nope.yaml")]) == 1
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: seven-card-stud\nbetting: {max_raises: lots}\n")
    assert main(["explain", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:2" in err and "max_raises" in err and "Traceback" not in err

import pytest
from stud.cli import COMMANDS, build_parser, main


def _available() -> list[str]:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return list(sub.choices)  # type: ignore[attr-defined]


@pytest.mark.parametrize("command", ["docs", "explain", "play", "replay"])
def test_my_commands_are_registered(command):
    assert command in COMMANDS and command in _available()


@pytest.mark.parametrize("command", _available())
def test_every_command_has_help_with_an_example(command, capsys):
    with pytest.raises(SystemExit) as exc:
        main([command, "--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    lower = out.lower()
    assert "example" in lower and f"stud {command}" in lower.split("example", 1)[1]


def test_bad_option_says_what_and_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", "seven-card-stud", "--hands", "zero"])
    assert exc.value.code == 2
    assert "'zero' is not a whole number" in capsys.readouterr().err

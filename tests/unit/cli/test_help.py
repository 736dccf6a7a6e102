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


def test_static_help_lines_match_each_command_module():
    import importlib

    from stud.cli import HELP

    assert set(HELP) == set(COMMANDS), "add the new command's one-line help to stud.cli.HELP"
    for name, module in COMMANDS.items():
        assert HELP[name] == importlib.import_module(module).HELP, name


@pytest.mark.parametrize("columns", range(20, 241))
def test_the_quick_top_help_is_argparse_s_own_text(columns, monkeypatch):
    from stud.cli import top_help

    monkeypatch.setenv("COLUMNS", str(columns))
    assert top_help() == build_parser("").format_help()


@pytest.mark.parametrize(("words", "code"), [([], 2), (["--help"], 0), (["-h"], 0)])
def test_stud_alone_or_with_help_lists_every_command(words, code, capsys):
    assert main(words) == code
    out = capsys.readouterr().out
    assert out.startswith("usage: stud ")
    for name in COMMANDS:
        assert f"    {name}" in out


def test_version(capsys):
    from stud import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"stud {__version__}\n"
    with pytest.raises(SystemExit):  # argparse's own answer, beside a command
        main(["--version", "validate"])
    assert capsys.readouterr().out == f"stud {__version__}\n"


def test_help_and_validate_import_only_what_they_need():
    import subprocess
    import sys

    probe = (
        "import sys, contextlib, io\n"
        "from stud.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(sys.argv[1:])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('stud.', 'jsonschema', 'argp'))))\n"
    )
    top = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    assert "stud.cli.verify" not in top and "stud.engine" not in top
    assert "jsonschema" not in top and "argparse" not in top
    val = subprocess.run(
        [sys.executable, "-c", probe, "validate", "seven-card-stud"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    assert "stud.cli.validate" in val
    assert "stud.cli.verify" not in val and "stud.spec" not in val and "stud.engine.hand" not in val

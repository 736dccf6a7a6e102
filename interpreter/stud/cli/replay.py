"""``stud replay``: check a recorded hand (our JSON history, or PHH) against a ruleset."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from stud.errors import StudError

if TYPE_CHECKING:
    from stud.play.replay import Recording

HELP = "check a recorded hand (JSON history or PHH) step by step against a ruleset"
DESCRIPTION = """\
Replay a recorded hand on the reference interpreter and report the first step the
ruleset does not allow (with the reason and what was legal instead), a deal that does not
match, or a result that differs; otherwise that the whole hand is legal and its result
matches.  Exit status 0 when legal, 1 otherwise.

FILE is a hand history written by `stud play --save` (JSON; it pins its ruleset) or a
PHH file (.phh, the TOML format PokerKit writes; .phhs holds many hands) of the stud
variants F7S (seven-card stud), F7S/8 (stud hi-lo 8 or better) or FR (razz).  A
directory checks every .json and .phh file in it, one line each.  --ruleset checks the
hand against another ruleset instead, e.g. your house rules."""
EXAMPLE = """\
Examples:
  stud replay hands/hand-00001.json
  stud replay hands/                      (every hand saved by stud play --save hands/)
  stud replay tests/data/phh/f7s-showdown.phh
  stud replay hand.phh --ruleset house.yaml
  stud replay hands/ --html hands.html      (open it in a browser, no network needed)"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="a JSON hand history, a .phh file, or a directory of them"
    )
    parser.add_argument(
        "--ruleset",
        metavar="RULESET|FILE",
        default=None,
        help="check against this ruleset instead of the recorded one (PHH: the variant's)",
    )
    parser.add_argument("--quiet", "-q", action="store_true", help="print only the verdict")
    parser.add_argument(
        "--html",
        metavar="OUT.html",
        default=None,
        help="also write a static page that steps through the hand(s), street by street",
    )


def run(args: argparse.Namespace) -> int:
    from stud.outfiles import out_file
    from stud.play.load import load_recording
    from stud.play.replay import check, summary_lines
    from stud.safetext import printable

    html = out_file(Path(args.html), "--html") if args.html else None
    if args.ruleset:
        from stud.docs.rulesets import load_described

        load_described(args.ruleset)  # a clear error for an unknown name or missing file
    path = Path(args.file)
    many = _many(path, args.ruleset)
    if html is not None:
        _write_html(
            path,
            many
            if many is not None
            else [(path.name, partial(load_recording, path, args.ruleset))],
            html,
        )
    if many is not None:
        return _check_each(many)
    rec = load_recording(path, args.ruleset)
    report = check(rec)
    print(printable(report.message if args.quiet else "\n".join(summary_lines(rec, report))))
    return 0 if report.ok else 1


def _many(path: Path, ruleset: str | None) -> list[tuple[str, Callable[[], Recording]]] | None:
    """Each hand of a directory or of a .phhs file, with its label and how to load it
    (None: ``path`` is one hand)."""
    from stud.play.load import load_recording, read_hand_text

    if path.is_dir():
        files = sorted(p for p in path.iterdir() if p.suffix.lower() in (".json", ".phh"))
        if not files:
            raise StudError(f"{path}: no .json or .phh hand histories in this directory")
        return [(f.name, partial(load_recording, f, ruleset)) for f in files]
    if path.suffix.lower() == ".phhs" and path.is_file():
        from stud.phh import hands_of_phhs, recording_from_data

        text = read_hand_text(path)
        return [
            (f"[{key}]", partial(recording_from_data, data, text, f"{path}[{key}]", ruleset))
            for key, data in hands_of_phhs(text, str(path))
        ]
    return None


def _check_each(hands: Iterable[tuple[str, Callable[[], Recording]]]) -> int:
    """Check many hands (a directory, a .phhs file), one line each, then a count."""
    from stud.play.replay import check
    from stud.safetext import printable

    total = failures = 0
    for label, load in hands:
        total += 1
        try:
            report = check(load())
            ok, message = report.ok, report.message
        except StudError as exc:
            ok, message = False, f"error: {exc}"
        failures += not ok
        print(printable(f"{label}: {message}", newlines=False))
    print(f"{total - failures} of {total} hands legal")
    return 1 if failures else 0


def _write_html(
    path: Path, hands: Iterable[tuple[str, Callable[[], Recording]]], out: Path
) -> None:
    """The replayer page of the hands (one, a directory's, a .phhs file's); a hand that
    cannot be read is left out, and the line written says which and why."""
    from stud.docs.replayer import frames_from_recording, render_page
    from stud.outfiles import write_text
    from stud.safetext import printable

    shown, left_out = [], []
    for label, load in hands:
        try:
            frames = frames_from_recording(load())
        except StudError as exc:
            left_out.append(f"{label}: {exc}")
            continue
        shown.append({"key": label, "title": label, "frames": frames})
    write_text(out, render_page(shown, f"Hands of {path.name}"))
    words = f"wrote {out} ({len(shown)} hand{'s' if len(shown) != 1 else ''})"
    if left_out:
        words += f"; left out {len(left_out)}: " + "; ".join(left_out)
    print(printable(words, newlines=False))

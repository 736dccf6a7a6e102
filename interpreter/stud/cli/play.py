"""``stud play``: bots simulate hands, or you take a seat at the terminal."""

from __future__ import annotations

import argparse
import os
import sys
from decimal import Decimal
from pathlib import Path

from stud.errors import StudError

HELP = "simulate hands with bots, or play against them in the terminal (--interactive)"
DESCRIPTION = """\
Play a ruleset (a shipped name or a house file).

Without --interactive, bots play --hands hands on one table and a summary is printed:
hands, showdowns, biggest pot, hands per second and a check that chips were conserved in
every hand.  Bots are deterministic for a given --seed: random, tight, calling-station.
A progress bar goes to stderr when it is a terminal (or with --progress).

With --interactive you sit in --seat against bots: you see your cards (suits as symbols),
the boards, whose turn it is and your legal actions with amounts.  Type e.g. 'c' (check
or call), 'f' (fold), 'bi' (bring in), 'co' (complete), 'b 0.50' (bet), 'r 1' or
'raise to 1.00' (raise; fixed limit needs no amount), '?' for help, 'q' to quit."""
EXAMPLE = """\
Examples:
  stud play seven-card-stud --hands 1000 --players 6 --seed 7
  stud play razz --hands 500 --plot razz.png      (chart of winnings and win rates)
  stud play house.yaml --interactive --players 4 --save hands/"""


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected 1 or more, got {value}")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET|FILE", help="a shipped ruleset or a file")
    parser.add_argument(
        "--hands",
        type=_positive,
        default=None,
        metavar="N",
        help="hands to play (default: 100 simulated, 10 interactive)",
    )
    parser.add_argument(
        "--players",
        type=_positive,
        default=4,
        metavar="P",
        help="players at the table, you included (default: 4)",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="S",
        help="seed for the shuffle and the bots (default: 1)",
    )
    parser.add_argument(
        "--bots",
        default="mixed",
        metavar="KINDS",
        help="random, tight, calling-station, or a comma list; "
        "mixed cycles all three (default: mixed)",
    )
    parser.add_argument(
        "--stack", default=None, metavar="AMOUNT", help="starting stack (default: 100 big bets)"
    )
    parser.add_argument(
        "--no-rebuy",
        action="store_true",
        help="simulation: a bot with no chips leaves instead of buying in again",
    )
    parser.add_argument(
        "--interactive", "-i", action="store_true", help="take a seat yourself against the bots"
    )
    parser.add_argument(
        "--seat",
        type=_positive,
        default=1,
        metavar="N",
        help="your seat with --interactive (default: 1)",
    )
    parser.add_argument("--name", default="You", help="your name at the table (default: You)")
    parser.add_argument(
        "--save",
        metavar="DIR",
        default=None,
        help="save each hand's history as JSON in DIR (hand-00001.json...)",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE",
        default=None,
        help="simulation: draw winnings over time and win rates per seat and bot to FILE "
        "(.png, .svg or .pdf; needs the plot extra)",
    )
    parser.add_argument(
        "--progress",
        action="store_true",
        help="show the progress bar even when stderr is not a terminal",
    )


def run(args: argparse.Namespace) -> int:
    from stud.docs.rulesets import load_described
    from stud.money import to_money
    from stud.outfiles import out_file, out_folder
    from stud.play.simulate import bot_kinds, format_summary, simulate, stderr_progress
    from stud.safetext import printable

    described = load_described(args.ruleset)
    ruleset = described.ruleset
    try:
        stack = to_money(args.stack) if args.stack else ruleset.stakes.big_bet * 100
    except StudError as exc:
        raise StudError(f"--stack: {exc}") from None
    if stack <= 0:
        raise StudError("--stack must be more than 0; hint: --stack 100")
    save = out_folder(Path(args.save), "--save") if args.save else None
    if args.plot:
        out_file(Path(args.plot), "--plot")
    kinds = bot_kinds(args.bots, args.players)
    if args.interactive:
        from stud.play.terminal import start_game

        game = start_game(
            ruleset.name,
            ruleset,
            players=args.players,
            seat=args.seat,
            name=args.name,
            seed=args.seed,
            kinds=kinds,
            stack=stack,
            ask=_ask,
            out=sys.stdout,
            echo=not sys.stdin.isatty(),
            save=save,
            color=sys.stdout.isatty() and not os.environ.get("NO_COLOR"),
        )
        title = printable(ruleset.title, newlines=False)
        game.say(f"{title}: you are seat {args.seat}; '?' for help, 'q' to quit.")
        if described.parent is not None:
            from stud.docs.rulesets import difference_lines

            game.say(f"Rules that differ from {described.parent.name}:")
            for line in difference_lines(described):
                game.say(f"  - {line}")
        game.run(args.hands or 10)
        return 0
    hands = args.hands or 100
    progress = stderr_progress(args.progress or sys.stderr.isatty())
    summary = simulate(
        ruleset,
        hands=hands,
        players=args.players,
        seed=args.seed,
        kinds=kinds,
        stack=Decimal(stack),
        rebuy=not args.no_rebuy,
        save=save,
        progress=progress,
    )
    print(format_summary(summary, ruleset, args.seed))
    if args.plot:
        from stud.play.plot import write_plot

        write_plot(summary, ruleset, Path(args.plot), args.seed)
        print(f"  chart            {args.plot}")
    return 0 if summary.conserved else 1


def _ask(prompt: str) -> str:
    return input(prompt)

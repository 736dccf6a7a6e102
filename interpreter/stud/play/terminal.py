"""A person at the table: the terminal game against bots.

Input is read through a function (``input`` by default), output written to a stream, so
the game can be driven by a pipe or a test.  Bad input never ends the game: the prompt
says what was wrong and what is legal, and asks again.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import TextIO

from stud.cards import Card, parse_cards
from stud.engine import Hand, LegalAction, PlayerView, Seat, Table
from stud.engine.views import DECLARATIONS
from stud.errors import CardError, IllegalAction, MoneyError, StudError
from stud.money import money_text, to_money
from stud.play.bots import Bot, Move, make_bot
from stud.play.simulate import NAMES, save_history
from stud.rules.model import Ruleset

HIDDEN = "##"
# one command a line, so a narrow terminal never wraps a command in the middle
HELP_TEXT = "\n".join(
    (
        "type an action:",
        "  f, fold               fold",
        "  k, check              check",
        "  c, call               call (checks when nothing is owed)",
        "  bi, bring-in          bring in",
        "  co [to N], complete   complete the bring-in",
        "  b N, bet N            bet (fixed limit needs no amount)",
        "  r [to] N, raise       raise to N (fixed limit needs no amount)",
        "  x CARD, exchange      exchange a card",
        "  sp, stand pat         keep your cards",
        "  dis CARDS, discard    throw cards away (a discard round)",
        "  ex CARDS, expose      turn cards face up ('ex' alone: none, where allowed)",
        "  draw CARDS            throw cards for new ones ('draw' alone: stand pat)",
        "  split CARDS           set cards aside as your smaller hand",
        "  h, l, both            declare high, low or both",
        "  ?  help     q  quit",
    )
)
ALIASES = {
    "f": "fold",
    "fold": "fold",
    "k": "check",
    "x": "exchange",
    "check": "check",
    "c": "call",
    "call": "call",
    "bi": "bring_in",
    "bring": "bring_in",
    "bring-in": "bring_in",
    "bring_in": "bring_in",
    "bringin": "bring_in",
    "co": "complete",
    "complete": "complete",
    "b": "bet",
    "bet": "bet",
    "r": "raise",
    "raise": "raise",
    "exchange": "exchange",
    "sp": "stand_pat",
    "stand": "stand_pat",
    "stand_pat": "stand_pat",
    "pat": "stand_pat",
    "h": "high",
    "high": "high",
    "l": "low",
    "low": "low",
    "both": "both",
    "declare": "declare",
    "d": "declare",
    "dis": "discard",
    "discard": "discard",
    "ex": "expose",
    "expose": "expose",
    "draw": "draw",
    "split": "split",
}
DECISIONS = ("discard", "expose", "draw", "split")


class Quit(Exception):
    """The player asked to leave (or the input ended)."""


@dataclass(frozen=True)
class Parsed:
    move: Move | None
    error: str = ""


def parse_move(text: str, legal: Sequence[LegalAction]) -> Parsed:
    """Read ``raise 4``, ``r 4``, ``r to 4``, ``c``, ``f``, ``check``, ``x As``, ``high``...

    ``c`` checks when checking is legal and calls otherwise; an action without an amount
    takes the only legal amount.  Returns an error message instead of raising.
    """
    words = text.strip().lower().replace(",", " ").split()
    if not words:
        return Parsed(None, "empty input")
    declarable = [la.text.split()[-1] for la in legal if la.action == "declare"]
    declarable = declarable or list(DECLARATIONS)
    verb = words[0] if words[0] in declarable else ALIASES.get(words[0])
    rest = [w for w in words[1:] if w not in ("to", "for")]
    if verb is None:
        return Parsed(None, f"'{words[0]}' is not an action")
    names = {la.action for la in legal}
    if verb == "call" and "call" not in names and "check" in names:
        verb = "check"
    if verb == "check" and "check" not in names and "call" in names and words[0] == "c":
        verb = "call"
    if verb in ("call", "check") and verb not in names and "bring_in" in names:
        verb = "bring_in"  # the passive choice of the seat that must bring in
    if verb in ("call", "check") and verb not in names and "stand_pat" in names:
        verb = "stand_pat"  # keeping one's cards is the passive choice of an exchange
    choosing = [la for la in legal if la.cards_max is not None]
    if verb in ("call", "check", "stand_pat") and choosing and choosing[0].cards_min == 0:
        return Parsed(Move(choosing[0].action, cards=()))  # choosing none is the passive choice
    if verb in DECISIONS:
        try:
            chosen = tuple(parse_cards(" ".join(w for w in rest if w not in ("none", "no"))))
        except CardError as exc:
            return Parsed(None, str(exc))
        if verb not in names:
            return Parsed(None, f"{verb} is not legal now")
        return Parsed(Move(verb, cards=chosen))
    if verb in declarable or verb == "declare":
        choice = verb if verb in declarable else (rest[0] if rest else "")
        choice = ALIASES.get(choice, choice)
        if choice not in declarable:
            return Parsed(None, f"declare what? {', '.join(declarable)}")
        return Parsed(Move("declare", declare=choice))
    if verb == "exchange":
        try:
            cards = tuple(parse_cards(" ".join(rest)))
        except CardError as exc:
            return Parsed(None, str(exc))
        if len(cards) != 1:
            return Parsed(None, "exchange which card? e.g. 'x 7c'")
        return Parsed(Move("exchange", cards=cards))
    match = [la for la in legal if la.action == verb]
    if not match:
        return Parsed(None, f"{verb.replace('_', '-')} is not legal now")
    amount: Decimal | None = None
    if rest:
        if len(rest) > 1 or not re.fullmatch(r"\$?\d+(\.\d+)?", rest[0]):
            return Parsed(None, f"'{' '.join(rest)}' is not an amount; e.g. 'r 1.00'")
        try:
            amount = to_money(rest[0])
        except MoneyError as exc:
            return Parsed(None, str(exc))
    elif match[0].amount is not None:
        amount = match[0].amount
    elif match[0].min is not None and match[0].min == match[0].max:
        amount = match[0].min
    elif match[0].min is not None:
        return Parsed(None, f"{verb} how much? {match[0]} (the total for the street)")
    return Parsed(Move(verb, amount))


RED, RESET = "\033[31m", "\033[0m"


def cards_text(cards: Sequence[Card], color: bool = False) -> str:
    """``A♠ K♦`` (hearts and diamonds in red on a colour terminal)."""

    def one(c: Card) -> str:
        return f"{RED}{c.symbol}{RESET}" if color and c.suit in (1, 2) else c.symbol

    return " ".join(one(c) for c in cards) or "-"


def seat_line(v: PlayerView, me: int, to_act: int | None, hand: Hand, color: bool = False) -> str:
    def fmt(amount: Decimal) -> str:
        return money_text(amount, hand.ruleset.stakes.chip)

    down = cards_text(v.down, color) if v.seat == me else " ".join(HIDDEN for _ in v.down) or "-"
    mark = ">" if v.seat == to_act else " "
    state = " folded" if v.folded else (" all in" if v.all_in else "")
    bet = f"  bet {fmt(v.bet)}" if v.bet else ""
    who = "you" if v.seat == me else "bot"
    up = cards_text(v.up, color)
    return (
        f"{mark} seat {v.seat} {v.name:<6} ({who}) stack {fmt(v.stack):>7}{bet}{state}   "
        f"down [{down}]  up [{up}]"
    )


class Game:
    """One person (``seat``) against bots, hand after hand."""

    def __init__(
        self,
        ruleset_name: str,
        table: Table,
        me: int,
        bots: dict[int, Bot],
        ask: Callable[[str], str],
        out: TextIO,
        echo: bool = False,
        save: Path | None = None,
        color: bool = False,
    ):
        self.name = ruleset_name
        self.table = table
        self.me = me
        self.bots = bots
        self.ask = ask
        self.out = out
        self.echo = echo
        self.color = color
        self.save = save
        self.seen = 0  # events of the current hand already narrated

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def narrate(self, hand: Hand) -> None:
        """Print what happened since the last call, one line per event."""
        from stud.play.narrate import describe_event

        names = {s.seat: s.name for s in hand.seats}
        for event in hand.events[self.seen :]:
            line = describe_event(event, names, self.me, hand.ruleset.stakes.chip)
            if line:
                self.say(line)
        self.seen = len(hand.events)

    def show_table(self, hand: Hand) -> None:
        self.say("")
        centre = cards_text(hand.community, self.color)
        community = f"   centre [{centre}]" if hand.community else ""
        pot = money_text(hand.pot, hand.ruleset.stakes.chip)
        self.say(f"--- {hand.street or ''} street   pot {pot}{community}")
        for v in hand.players_view:
            self.say(seat_line(v, self.me, hand.to_act, hand, self.color))

    def prompt(self, hand: Hand) -> Move:
        legal = hand.legal_actions()
        if not legal and hand.to_act is None:  # simultaneous declaration
            legal = [LegalAction("declare", text=f"declare {d}") for d in hand.declare_choices]
        options = ", ".join(str(la) for la in legal)
        while True:
            text = self.ask(f"Your move ({options}): ")
            if self.echo:
                self.say(text)
            if text.strip().lower() in ("q", "quit", "exit"):
                raise Quit
            if text.strip() in ("?", "help", "h?"):
                self.say(HELP_TEXT)
                continue
            parsed = parse_move(text, legal)
            if parsed.move is not None:
                return parsed.move
            self.say(f"  {parsed.error}; legal now: {options}  (? for help)")

    def play_hand(self, number: int) -> Hand:
        hand = self.table.new_hand()
        self.seen = 0
        self.say("")
        self.say(f"=== Hand {number} ({self.name}), dealer seat {hand.dealer} ===")
        while not hand.complete:
            self.narrate(hand)
            seat = hand.to_act
            if seat is None:
                self._simultaneous(hand)
                continue
            if seat == self.me:
                self.show_table(hand)
                while True:
                    move = self.prompt(hand)
                    try:
                        hand.act(
                            seat, move.action, move.amount, declare=move.declare, cards=move.cards
                        )
                        break
                    except IllegalAction as exc:
                        self.say(f"  not allowed: {exc}")
            else:
                move = self.bots[seat].choose(hand.legal_actions(), hand.player(seat), hand.ruleset)
                hand.act(seat, move.action, move.amount, declare=move.declare, cards=move.cards)
        self.narrate(hand)
        self.showdown(hand)
        if self.save is not None:
            path = save_history(hand, self.save, number)
            self.say(f"(hand history saved to {path})")
        return hand

    def _simultaneous(self, hand: Hand) -> None:
        pending = [v for v in hand.players_view if not v.folded and v.declared is None]
        for v in pending:
            if v.seat == self.me:
                self.show_table(hand)
                move = self.prompt(hand)
                hand.act(v.seat, "declare", declare=move.declare)
            else:
                choice = [LegalAction("declare", text=f"declare {d}") for d in hand.declare_choices]
                move = self.bots[v.seat].choose(choice, v, hand.ruleset)
                hand.act(v.seat, "declare", declare=move.declare)

    def showdown(self, hand: Hand) -> None:
        from stud.play.narrate import explain_result

        for line in explain_result(hand, self.me):
            self.say(line)

    def run(self, hands: int) -> int:
        played = 0
        try:
            for number in range(1, hands + 1):
                hand = self.play_hand(number)
                played += 1
                if hand.player(self.me).stack == 0:
                    self.say("You have no chips left.")
                    break
                if number < hands:
                    text = self.ask("Enter for the next hand, q to quit: ")
                    if self.echo:
                        self.say(text)
                    if text.strip().lower() in ("q", "quit", "exit"):
                        break
        except (Quit, EOFError):
            self.say("")
            self.say("You leave the table.")
        except StudError as exc:
            if "players have chips" not in str(exc):
                raise
            self.say(f"Game over: {exc}")
        me = next((s for s in self.table.seats if s.seat == self.me), None)
        if self.table.hand is not None:
            stack = self.table.hand.player(self.me).stack
        else:
            stack = me.stack if me else Decimal(0)
        final = money_text(stack, self.table.ruleset.stakes.chip)
        self.say(f"{played} hand(s) played; your stack: {final}")
        return played


def start_game(
    ruleset_name: str,
    ruleset: Ruleset,
    *,
    players: int,
    seat: int,
    name: str,
    seed: int,
    kinds: Sequence[str],
    stack: Decimal,
    ask: Callable[[str], str],
    out: TextIO,
    echo: bool,
    save: Path | None,
    color: bool = False,
) -> Game:
    if not 1 <= seat <= players:
        raise StudError(f"--seat {seat} is not at this table; expected 1 to {players}")
    if not ruleset.seats.min <= players <= ruleset.seats.max:
        raise StudError(
            f"{ruleset_name} seats {ruleset.seats.min} to {ruleset.seats.max} players, "
            f"not {players}; hint: --players {ruleset.seats.min}"
        )
    rng = random.Random(seed)
    seats = []
    bots: dict[int, Bot] = {}
    others = iter(n for n in NAMES if n != name)
    for i in range(players):
        number = i + 1
        if number == seat:
            seats.append(Seat(number, name, stack))
        else:
            seats.append(Seat(number, next(others), stack))
            bots[number] = make_bot(kinds[i % len(kinds)], random.Random(rng.getrandbits(64)))
    table = Table(ruleset, seats, dealer=players, seed=rng.getrandbits(64))
    return Game(ruleset_name, table, seat, bots, ask, out, echo, save, color)

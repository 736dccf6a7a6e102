"""Bots playing hand after hand on a :class:`stud.engine.Table`, with a summary."""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import TextIO

from stud.engine import Hand, LegalAction, Seat, Table
from stud.errors import StudError
from stud.play.bots import BOT_KINDS, Bot, make_bot
from stud.rules.model import Ruleset

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon")


@dataclass
class Summary:
    """What a simulation did (money exact; ``seconds`` is reported, never asserted)."""

    hands: int = 0
    showdowns: int = 0
    biggest_pot: Decimal = Decimal(0)
    biggest_pot_hand: int = 0
    seconds: float = 0.0
    conserved: bool = True
    broken: list[str] = field(default_factory=list)  # hands where chips were not conserved
    rebuys: int = 0
    net: dict[str, Decimal] = field(default_factory=dict)  # "Ann (tight)" -> won/lost
    stopped: str = ""  # why it stopped early ("" when all hands were played)
    # "Ann (tight)" -> won/lost after each hand (the curve --plot draws)
    timeline: dict[str, list[Decimal]] = field(default_factory=dict)
    wins: dict[str, int] = field(default_factory=dict)  # "Ann (tight)" -> hands with an award


def bot_kinds(spec: str, players: int) -> list[str]:
    """``random,tight`` -> one kind per bot seat, cycling; ``mixed`` cycles all kinds."""
    kinds = list(BOT_KINDS) if spec == "mixed" else [k.strip() for k in spec.split(",")]
    for k in kinds:
        if k not in BOT_KINDS:
            raise StudError(
                f"unknown bot '{k}'; expected {', '.join(BOT_KINDS)} or mixed "
                "(comma-separated, e.g. --bots tight,random)"
            )
    return [kinds[i % len(kinds)] for i in range(players)]


def hand_conserves(hand: Hand) -> bool:
    """Stacks before the hand equal stacks after it, and the result pays out the pot."""
    before = sum((s.stack for s in hand.seats), Decimal(0))
    after = sum((v.stack for v in hand.players_view), Decimal(0))
    return before == after


def next_dealer(ruleset: Ruleset, seats: Sequence[Seat], dealer: int) -> int:
    if not ruleset.dealer.rotates:
        return dealer
    later = [s.seat for s in seats if s.seat > dealer]
    return later[0] if later else seats[0].seat


def play_bots(hand: Hand, bots: dict[int, Bot]) -> None:
    """Let the bots play the hand to its end."""
    while not hand.complete:
        seat = hand.to_act
        if seat is None:  # a simultaneous declaration: everyone still to declare does
            pending = [v for v in hand.players_view if not v.folded and v.declared is None]
            if not pending:
                raise StudError("the hand waits for no one but is not complete")
            choices = [LegalAction("declare", text=f"declare {d}") for d in hand.declare_choices]
            for v in pending:
                move = bots[v.seat].choose(choices, v, hand.ruleset)
                hand.act(v.seat, "declare", declare=move.declare)
            continue
        legal = hand.legal_actions()
        move = bots[seat].choose(legal, hand.player(seat), hand.ruleset)
        hand.act(seat, move.action, move.amount, declare=move.declare, cards=move.cards)


def save_history(hand: Hand, directory: Path, number: int) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"hand-{number:05d}.json"
    path.write_text(json.dumps(hand.to_history(), indent=2) + "\n", encoding="utf-8")
    return path


def progress_bar(done: int, total: int, started: float, stream: TextIO) -> None:
    width = 30
    filled = width * done // max(total, 1)
    rate = done / max(time.perf_counter() - started, 1e-9)
    bar = "#" * filled + "." * (width - filled)
    stream.write(f"\r[{bar}] {done}/{total} hands  {rate:,.0f} hands/s")
    if done >= total:
        stream.write("\n")
    stream.flush()


def simulate(
    ruleset: Ruleset,
    *,
    hands: int,
    players: int,
    seed: int,
    kinds: Sequence[str],
    stack: Decimal,
    rebuy: bool = True,
    save: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``hands`` hands; bots are deterministic given ``seed``."""
    if not ruleset.seats.min <= players <= ruleset.seats.max:
        raise StudError(
            f"{ruleset.name or 'this ruleset'} seats {ruleset.seats.min} to "
            f"{ruleset.seats.max} players, not {players}; hint: --players "
            f"{min(max(players, ruleset.seats.min), ruleset.seats.max)}"
        )
    rng = random.Random(seed)
    seats = [Seat(i + 1, NAMES[i % len(NAMES)], stack) for i in range(players)]
    bots = {
        s.seat: make_bot(kinds[i], random.Random(rng.getrandbits(64))) for i, s in enumerate(seats)
    }
    labels = {s.seat: f"{s.name} ({kinds[i]})" for i, s in enumerate(seats)}
    table = Table(ruleset, seats, dealer=players, seed=rng.getrandbits(64))
    summary = Summary(
        net={labels[s.seat]: Decimal(0) for s in seats},
        timeline={labels[s.seat]: [] for s in seats},
        wins={labels[s.seat]: 0 for s in seats},
    )
    started = time.perf_counter()
    for number in range(1, hands + 1):
        try:
            hand = table.new_hand()
        except StudError as exc:
            summary.stopped = f"stopped after {summary.hands} hands: {exc}"
            break
        play_bots(hand, bots)
        summary.hands += 1
        result = hand.result
        if result is not None and result.showdown:
            summary.showdowns += 1
        if hand.pot > summary.biggest_pot:
            summary.biggest_pot, summary.biggest_pot_hand = hand.pot, number
        if not hand_conserves(hand):
            summary.conserved = False
            summary.broken.append(f"hand {number}")
        winners = {a.seat for a in result.awards} if result is not None else set()
        for s in hand.seats:
            label = labels[s.seat]
            summary.net[label] += hand.player(s.seat).stack - s.stack
            summary.timeline[label].append(summary.net[label])
            summary.wins[label] += s.seat in winners
        if save is not None:
            save_history(hand, save, number)
        views = hand.players_view
        if rebuy and any(v.stack == 0 for v in views):
            summary.rebuys += sum(1 for v in views if v.stack == 0)
            again = [Seat(v.seat, v.name, v.stack or stack) for v in views]
            dealer = next_dealer(ruleset, again, hand.dealer)
            table = Table(ruleset, again, dealer=dealer, seed=rng.getrandbits(64))
        if progress is not None:
            progress(number, hands)
    summary.seconds = time.perf_counter() - started
    return summary


def format_summary(summary: Summary, ruleset: Ruleset, seed: int) -> str:
    from stud.money import money_text
    from stud.safetext import printable

    def fmt(amount: Decimal) -> str:
        return money_text(amount, ruleset.stakes.chip)

    rate = summary.hands / summary.seconds if summary.seconds > 0 else 0.0
    pct = 100 * summary.showdowns // max(summary.hands, 1)
    lines = [
        f"{summary.hands} hands of {printable(ruleset.name, newlines=False)} "
        f"({printable(ruleset.title, newlines=False)}), seed {seed}",
        f"  showdowns        {summary.showdowns} ({pct}%)",
        f"  biggest pot      {fmt(summary.biggest_pot)}"
        + (f" (hand {summary.biggest_pot_hand})" if summary.biggest_pot_hand else ""),
        f"  speed            {rate:,.0f} hands/s",
        "  chips conserved  "
        + ("yes (every hand: stacks before = stacks after)" if summary.conserved else "NO: ")
        + ", ".join(summary.broken[:10]),
    ]
    if summary.rebuys:
        lines.append(f"  rebuys           {summary.rebuys}")
    net = ", ".join(
        f"{name} {'+' if v >= 0 else '-'}{fmt(abs(v))}" for name, v in summary.net.items()
    )
    lines.append(f"  won/lost         {net}")
    if summary.stopped:
        lines.append(f"  {summary.stopped}")
    return "\n".join(lines)


def stderr_progress(enabled: bool) -> Callable[[int, int], None] | None:
    if not enabled:
        return None
    started = time.perf_counter()
    step = 1

    def show(done: int, total: int) -> None:
        nonlocal step
        step = max(1, total // 200)
        if done % step == 0 or done == total:
            progress_bar(done, total, started, sys.stderr)

    return show

"""``stud play --plot FILE``: a simulation's results as a chart (the ``plot`` extra).

Two panels: each player's winnings over the hands (exact amounts, drawn as floats only
for the picture), and the share of hands each seat and each kind of bot won. Drawn with
matplotlib (a well-kept plotting library) without a display; the file's suffix picks the
format (``.png``, ``.svg``, ``.pdf``).
"""

from __future__ import annotations

from pathlib import Path

from stud.errors import StudError
from stud.play.simulate import Summary
from stud.rules.model import Ruleset


def win_rates(summary: Summary) -> tuple[dict[str, float], dict[str, float]]:
    """The share of hands won per player and per bot kind (``Ann (tight)`` -> ``tight``).

    >>> s = Summary(hands=4, wins={"Ann (tight)": 1, "Bob (random)": 2, "Cat (tight)": 1})
    >>> seats, kinds = win_rates(s)
    >>> seats
    {'Ann (tight)': 0.25, 'Bob (random)': 0.5, 'Cat (tight)': 0.25}
    >>> kinds
    {'tight': 0.25, 'random': 0.5}
    """
    hands = max(summary.hands, 1)
    per_seat = {label: n / hands for label, n in summary.wins.items()}
    kinds: dict[str, list[int]] = {}
    for label, n in summary.wins.items():
        kind = label.rsplit("(", 1)[-1].rstrip(")") if "(" in label else label
        kinds.setdefault(kind, []).append(n)
    per_kind = {k: sum(v) / len(v) / hands for k, v in kinds.items()}
    return per_seat, per_kind


# bars of the win-rate panel: seats in green, the average per kind of bot in a neutral
# blue (red would read as losses)
SEAT_COLOUR = "#2e7d32"
KIND_COLOUR = "#3f6fb5"


def bar_colours(seats: int, kinds: int) -> list[str]:
    """The colour of each bar: ``seats`` seat bars, then ``kinds`` per-kind averages.

    >>> bar_colours(2, 1)
    ['#2e7d32', '#2e7d32', '#3f6fb5']
    """
    return [SEAT_COLOUR] * seats + [KIND_COLOUR] * kinds


def write_plot(summary: Summary, ruleset: Ruleset, path: Path, seed: int) -> None:
    """Draw the chart to ``path``; a clear error when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise StudError(
            "--plot needs matplotlib: pip install 'stud[plot]' (or pip install matplotlib)"
        ) from None
    per_seat, per_kind = win_rates(summary)
    fig, (curve, bars) = plt.subplots(1, 2, figsize=(12, 5), width_ratios=(2, 1))
    hands = range(1, summary.hands + 1)
    for label, values in summary.timeline.items():
        curve.plot(hands, [float(v) for v in values], label=label, linewidth=1.2)
    curve.axhline(0, color="#888", linewidth=0.8)
    curve.set_xlabel("hand")
    curve.set_ylabel("won (+) or lost (-)")
    curve.set_title(f"{ruleset.title}: {summary.hands} hands, seed {seed}")
    curve.legend(fontsize="small")
    names = [*per_seat, *(f"all {k}" for k in per_kind)]
    rates = [*per_seat.values(), *per_kind.values()]
    bars.barh(names, [100 * r for r in rates], color=bar_colours(len(per_seat), len(per_kind)))
    bars.invert_yaxis()
    bars.set_xlabel("hands won (%)")
    bars.set_title("win rate per seat and per bot")
    fig.tight_layout()
    try:
        fig.savefig(path)
    except (OSError, ValueError) as exc:
        raise StudError(f"--plot {path}: {exc}") from None
    finally:
        plt.close(fig)

"""The hand-ranking ladder of each ranking, best hand first, as rulebook tables.

The ladders are data (:data:`LADDERS`): per ranking a sentence and one example hand per
step.  The names in the table come from the reference evaluator, and
``tests/unit/docs/test_ladder.py`` checks that every ladder is strictly ordered under its
ranking, so a ladder cannot teach an order the interpreter does not play.  A new ranking
gets its ladder by adding an entry here (no code).

>>> lines = ladder_lines("ace-to-five")
>>> lines[0], lines[4:6]
('### Low hands, ace-to-five', ['| | Hand | Example |', '| --- | --- | --- |'])
>>> lines[6].split(" | <span")[0]
'| 1 | five-four low (the wheel, the best)'
"""

from __future__ import annotations

from dataclasses import dataclass

from stud.cards import parse_cards
from stud.docs.markdown import cards_to_symbols


@dataclass(frozen=True)
class Ladder:
    """How one ranking orders hands: a title, a sentence, example hands best first, each
    with an optional note."""

    title: str
    intro: str
    steps: tuple[tuple[str, str], ...]  # (five cards, note)


LADDERS: dict[str, Ladder] = {
    "high": Ladder(
        "High hands",
        "The best five cards win. From the best hand down (aces are high, and also low in "
        "the five-high straight; suits never rank hands):",
        (
            ("As Ks Qs Js Ts", "the best hand there is"),
            ("9h 8h 7h 6h 5h", "five in sequence, all one suit"),
            ("Qc Qd Qh Qs 5d", "four cards of one rank"),
            ("Jc Jd Jh 4s 4c", "three of a kind and a pair"),
            ("Ad Jd 8d 6d 2d", "five of one suit"),
            ("9c 8d 7s 6h 5c", "five in sequence"),
            ("5d 4c 3h 2s Ah", "the lowest straight: the ace plays low"),
            ("7c 7d 7s Kh 2c", "three cards of one rank"),
            ("Kc Kh 6s 6d 3c", "two pairs"),
            ("Ac Ad 9s 7h 4c", "one pair"),
            ("Ah Qd 9c 6s 3h", "none of the above: the highest card counts first"),
        ),
    ),
    "ace-to-five": Ladder(
        "Low hands, ace-to-five",
        "The lowest five cards win. Aces are low, straights and flushes do not count, and "
        "pairs are bad. Hands are compared by their highest card first, then the next. "
        "From the best hand down:",
        (
            ("5s 4h 3d 2c Ah", "the wheel, the best"),
            ("6c 4d 3h 2s Ac", ""),
            ("6d 5c 4h 3s 2c", "a six low beats any seven"),
            ("7d 5c 4h 3s 2c", ""),
            ("8s 6d 4c 3h 2d", "an eight low: 8 or better qualifies in hi-lo"),
            ("9h 8c 5d 4s 3c", ""),
            ("Kd Qc 9h 5s 2d", "the worst hand without a pair is king-queen"),
            ("9c 9d 5h 3s 2c", "any pair loses to any hand without one"),
            ("Kc Kd 2h 2s Ac", "two pair is worse still"),
        ),
    ),
    "ace-to-six": Ladder(
        "Low hands, ace-to-six",
        "The lowest five cards win. Aces are low, but straights and flushes count against "
        "you, so the wheel is a straight. From the best hand down:",
        (
            ("6s 4h 3d 2c Ah", "the best"),
            ("6d 5c 4h 3s Ac", ""),
            ("7d 5c 4h 3s 2c", ""),
            ("8s 6d 4c 3h 2d", ""),
            ("Kd Qc 9h 5s 2d", "the worst hand without a pair, straight or flush"),
            ("9c 9d 5h 3s 2c", "a pair"),
            ("5s 4h 3d 2c Ah", "the wheel is a straight: worse than any pair"),
            ("8h 6h 4h 3h 2h", "a flush is worse again"),
        ),
    ),
    "deuce-to-seven": Ladder(
        "Low hands, deuce-to-seven",
        "The lowest five cards win, read as high hands: aces are high, and straights and "
        "flushes count against you. From the best hand down:",
        (
            ("7c 5d 4h 3s 2c", "the best: not all one suit"),
            ("8s 6d 4c 3h 2d", ""),
            ("Kd Qc Jh 9s 7d", "the worst hand with no ace, pair, straight or flush"),
            ("Ac 5d 4h 3s 2c", "the ace is high, so this is no straight"),
            ("2c 2d 5h 4s 3c", "any pair loses to any unpaired hand"),
            ("Kc Kd 2h 2s 3c", "two pair"),
            ("6c 5d 4h 3s 2c", "a straight counts against you"),
            ("8h 6h 4h 3h 2h", "a flush is worse still"),
        ),
    ),
    "badugi": Ladder(
        "Badugi hands",
        "The best hand is the largest set of cards of different ranks and different suits, "
        "up to four, read from all the cards a player holds; between sets of the same size "
        "the lowest wins, highest card first. Aces are low. From the best hand down:",
        (
            ("4c 3d 2h As", "the best: four ranks, four suits"),
            ("7c 5d 3h 2s", ""),
            ("Kc Qd Jh Ts", "the worst four-card hand beats every three-card hand"),
            ("3c 2d Ah", "three cards"),
            ("Kc Qd Jh", ""),
            ("2c Ad", "two cards"),
            ("Ac", "one card"),
        ),
    ),
    "badugi-aces-high": Ladder(
        "Badugi hands, aces high",
        "Badugi with aces counting high: four cards of different ranks and suits beat "
        "three, and so on, and the lowest wins. From the best hand down:",
        (
            ("5c 4d 3h 2s", "the best"),
            ("Ac Kd Qh Js", "the worst four-card hand: aces are high"),
            ("4c 3d 2h", "three cards"),
            ("2c", "one card"),
        ),
    ),
    "razz-high": Ladder(
        "Razz high hands",
        "Hands are classed as ace-to-five lows (no pair first, then one pair, two pair and "
        "so on; straights and flushes do not count, aces are low), but inside a class the "
        "higher cards win. From the best hand down:",
        (
            ("Kc Qd Jh Ts 9c", "the best"),
            ("Kc Qd Jh Ts 8c", ""),
            ("5c 4d 3h 2s Ac", "the worst hand without a pair"),
            ("Kc Kd Qh Js Tc", "the best pair"),
            ("Ac Ad Kh Qs Jc", "aces are low: the worst pair"),
            ("Kc Kd Qh Qs Jc", "two pair"),
            ("Kc Kd Kh Qs Jc", "three of a kind"),
        ),
    ),
    "action-razz": Ladder(
        "Action razz hands",
        "An ace-to-five low, except that a hand holding a jack, queen or king anywhere among "
        "its cards beats every hand holding none. From the best hand down:",
        (
            ("5c 4d 3h 2s Ac Kd", "the wheel with a king among the cards"),
            ("9c 8d 7h 6s 5c Jd", ""),
            ("Kc Kd Kh Ks Qc", "even four kings beat any hand without a face card"),
            ("5c 4d 3h 2s Ac", "the best hand without a face card"),
            ("9c 9d 5h 3s 2c", ""),
        ),
    ),
    "soko": Ladder(
        "Soko hands",
        "The usual high hands, with a four-card flush and then a four-card straight ranking "
        "between two pair and one pair. From the best hand down:",
        (
            ("As Ks Qs Js Ts", ""),
            ("Qc Qd Qh Qs 5d", ""),
            ("Jc Jd Jh 4s 4c", ""),
            ("Ad Jd 8d 6d 2d", ""),
            ("9c 8d 7s 6h 5c", ""),
            ("7c 7d 7s Kh 2c", ""),
            ("Kc Kh 6s 6d 3c", "two pair still beat the soko hands"),
            ("Ah Kh 9h 4h 2c", "four cards of one suit"),
            ("9c 8d 7h 6s 2c", "four in sequence"),
            ("Ac Ad 9s 7h 4c", "one pair"),
            ("Ah Qd 9c 6s 3h", ""),
        ),
    ),
    "stripped-high": Ladder(
        "High hands for a stripped pack",
        "The usual high hands, except that a flush beats a full house; straights run over "
        "the ranks left in the pack (with the eights, nines and tens out, "
        "five-six-seven-jack-queen is a straight). From the best hand down:",
        (
            ("9h 8h 7h 6h 5h", ""),
            ("Qc Qd Qh Qs 5d", ""),
            ("Ad Jd 8d 6d 2d", "a flush beats a full house"),
            ("Jc Jd Jh 4s 4c", ""),
            ("9c 8d 7s 6h 5c", ""),
            ("7c 7d 7s Kh 2c", ""),
            ("Kc Kh 6s 6d 3c", ""),
            ("Ac Ad 9s 7h 4c", ""),
            ("Ah Qd 9c 6s 3h", ""),
        ),
    ),
    "two-card-high": Ladder(
        "Two-card high hands",
        "The best two cards: a pair beats any two unpaired cards, aces high. From the best "
        "hand down:",
        (
            ("Ac Ad", "the best"),
            ("2c 2d", "any pair beats any two unpaired cards"),
            ("Ac Kd", ""),
            ("3c 2d", "the worst"),
        ),
    ),
    "two-card-low": Ladder(
        "Two-card low hands",
        "The lowest two cards, ace-to-five: aces are low and a pair is bad. From the best "
        "hand down:",
        (
            ("2c Ad", "the best"),
            ("Kc Qd", "the worst two unpaired cards"),
            ("Ac Ad", "the best pair"),
            ("Kc Kd", "the worst"),
        ),
    ),
    "one-card-high": Ladder(
        "One-card hands, highest",
        "A single card, the highest winning; aces are high. From the best down:",
        (("As", "the best"), ("Ks", ""), ("2s", "the worst")),
    ),
    "one-card-low": Ladder(
        "One-card hands, lowest",
        "A single card, the lowest winning; aces are high, so the deuce is the best:",
        (("2s", "the best"), ("3s", ""), ("As", "the ace is high: the worst")),
    ),
    "football": Ladder(
        "Football points",
        "Every card held scores: six points for a six, three for a three, two for a deuce, "
        "one for an ace, nothing for the others; the highest total wins. For example:",
        (
            ("6c 6d 6h 6s 3c", ""),
            ("6c 6d 3h 3s 2c", ""),
            ("Ac 2d 3h 4s 5c", ""),
            ("Kc Qd Jh Ts 9c", "no card that scores"),
        ),
    ),
}


def ladder_names(ranking: str) -> list[str]:
    """The reference evaluator's name of each step of a ladder, best first."""
    from stud.hands import evaluate

    names = []
    for cards, _ in LADDERS[ranking].steps:
        value = evaluate(parse_cards(cards), ranking)
        names.append(value.name if value is not None else "")
    return names


def ladder_lines(ranking: str, heading: str = "###") -> list[str]:
    """The ladder of ``ranking`` as Markdown (a heading, a sentence, a table); no lines for
    a ranking without a ladder."""
    ladder = LADDERS.get(ranking)
    if ladder is None:
        return []
    out = [f"{heading} {ladder.title}", "", ladder.intro, ""]
    out += ["| | Hand | Example |", "| --- | --- | --- |"]
    for i, ((cards, note), name) in enumerate(
        zip(ladder.steps, ladder_names(ranking), strict=True), 1
    ):
        label = f"{name} ({note})" if note else name
        out.append(f"| {i} | {label} | {cards_to_symbols(cards, html=True)} |")
    return out + [""]

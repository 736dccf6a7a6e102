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

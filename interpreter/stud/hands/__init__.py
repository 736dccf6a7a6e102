"""Hand evaluation and board reading: every ranking the variants need.

This package knows rankings, not variants: the engine says which ranking, qualifier, wild
ranks and joker rule apply, and gets back comparable strengths (higher is better under
every ranking; equal strengths tie).

* :func:`evaluate` -> :class:`HandValue` under any ranking of the table
  :mod:`stud.hands.rankings` (high, ace-to-five, ace-to-six with qualifiers, wild ranks,
  the bug or a wild joker; deuce-to-seven, badugi, razz high, action razz, soko, two-card
  and one-card hands, football points...).  :func:`ranking` gives a ranking's row.
* :func:`board_strength` / :func:`board_key` for who acts first on later streets, and
  :func:`bring_in_key` for the bring-in.
* ``evaluate_high7`` and friends: seven raw card ints to a strength, for bulk work.

>>> from stud.cards import parse_cards
>>> str(evaluate(parse_cards("Qs 3c Qh 3d Qd 9s 2c")))
'full house, queens over threes (Qs Qh Qd 3d 3c)'
>>> evaluate_high7(*parse_cards("Qs 3c Qh 3d Qd 9s 2c")) == evaluate(
...     parse_cards("Qs 3c Qh 3d Qd 9s 2c")).strength
True
"""

from stud.hands.board import board_key, board_strength, bring_in_key
from stud.hands.evaluate import JOKER_MODES, RANKINGS, HandValue
from stud.hands.fast import (
    evaluate_ace_to_five5,
    evaluate_ace_to_five7,
    evaluate_ace_to_six5,
    evaluate_ace_to_six7,
    evaluate_eight_or_better7,
    evaluate_high5,
    evaluate_high7,
)
from stud.hands.ranking import Ranking
from stud.hands.rankings import NAMES as RANKING_NAMES
from stud.hands.rankings import evaluate, ranking
from stud.hands.strength import CATEGORY_NAMES, LOW_BASE

__all__ = [
    "CATEGORY_NAMES",
    "JOKER_MODES",
    "LOW_BASE",
    "RANKINGS",
    "RANKING_NAMES",
    "HandValue",
    "Ranking",
    "board_key",
    "board_strength",
    "bring_in_key",
    "evaluate",
    "evaluate_ace_to_five7",
    "evaluate_ace_to_six7",
    "evaluate_eight_or_better7",
    "evaluate_ace_to_five5",
    "evaluate_ace_to_six5",
    "evaluate_high5",
    "evaluate_high7",
    "ranking",
]

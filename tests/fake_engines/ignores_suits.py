"""A fake engine that never uses suits to break a tie.

Two equal bring-in cards go to the first of them clockwise from the dealer's left
(instead of the lower suit), equal boards act in seat order from the dealer's left
(instead of by suit), and an odd chip by high card ignores the card's suit.  Hand
ranking itself (flushes) is untouched.
"""

import sys
from pathlib import Path

import stud.engine.openers as openers
import stud.engine.pots as pots
from stud import hands

sys.path.insert(0, str(Path(__file__).parent))
from perturbed import serve  # noqa: E402


def card_key_without_suit(card, aces, order):  # type: ignore[no-untyped-def]
    rank, _suit = hands.bring_in_key(card, aces, order)
    return (rank,)


def board_key_without_suit(cards, ranking="high", ties="suit", **kw):  # type: ignore[no-untyped-def]
    return hands.board_key(cards, ranking, "position", **kw)


class _Hands:
    """``stud.hands`` as the openers see it, with suit ties turned into position ties."""

    board_key = staticmethod(board_key_without_suit)
    bring_in_key = staticmethod(hands.bring_in_key)


def odd_chip_order_without_suit(self, p):  # type: ignore[no-untyped-def]
    if self.rules.odd_chip_tie == "high-card":
        best = max((c.rank for c in p.down + p.up if c.rank), default=0)
        return (-best, p.index)
    return (p.index,)


openers._card_key = card_key_without_suit
openers.hands = _Hands  # type: ignore[assignment]
openers._table_key = lambda ties, found: (ties, found[0])  # type: ignore[attr-defined]
pots.Pots.odd_chip_order = odd_chip_order_without_suit  # type: ignore[method-assign]
serve()

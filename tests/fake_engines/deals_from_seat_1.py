"""A fake engine that deals every round of cards starting at the lowest seat number.

It knows who the dealer is (it reports and moves the button, and who bets first follows
the dealer), but its deal loop ignores who sits left of the dealer: the first card of
each round goes to the lowest-numbered seat.
"""

import sys
from pathlib import Path

from stud.engine.dealing import Dealer
from stud.rules.model import Street

sys.path.insert(0, str(Path(__file__).parent))
from perturbed import serve  # noqa: E402

_deal_round = Dealer.deal_round


def deal_round_from_seat_1(self: Dealer, row: Street, up: bool, later: int = 0) -> None:
    clockwise = self.players
    self.players = sorted(clockwise, key=lambda p: p.seat)
    try:
        _deal_round(self, row, up, later)
    finally:
        self.players = clockwise


Dealer.deal_round = deal_round_from_seat_1  # type: ignore[method-assign]
serve()

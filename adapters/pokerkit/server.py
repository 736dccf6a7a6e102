"""PokerKit behind engine protocol v1: ``python adapters/pokerkit/server.py``.

Requests are validated and answered by :class:`stud.protocol.server.Handler`; this module
only maps ``new_hand``/``act``/``state``/``evaluate`` onto PokerKit (``compat.py`` decides
whether a ruleset can be played, ``game.py`` plays it).  A ruleset value PokerKit cannot
honour is refused with code ``unsupported`` naming the value, with ``values`` saying what
PokerKit plays instead; the values PokerKit plays whatever the ruleset says are declared
up front as the ``hello`` profile (``compat.PROFILE``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make `adapters` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    __package__ = "adapters.pokerkit"

import pokerkit  # noqa: E402
from stud.cards import Card  # noqa: E402
from stud.errors import UnsupportedError  # noqa: E402
from stud.hands import evaluate  # noqa: E402
from stud.protocol.rulesource import RulesetSource  # noqa: E402
from stud.protocol.server import Handler, Refusal, competition_ranks, serve_lines  # noqa: E402

from .cards import card_text, pk_card  # noqa: E402
from .compat import PROFILE, plan, pokerkit_version  # noqa: E402
from .game import PokerKitHand  # noqa: E402

EVALUATORS = {"high": pokerkit.StandardHighHand, "ace-to-five": pokerkit.RegularLowHand}


class PokerKitHandler(Handler):
    name = "pokerkit"
    version = pokerkit_version()
    rulesets = ("*",)
    features = ("evaluate", "evaluate-options", "hi-lo", "table")

    def __init__(self, *, lenient: bool = False) -> None:
        super().__init__()
        self.lenient = lenient
        self.hand: PokerKitHand | None = None

    def op_hello(self, request: Mapping[str, Any]) -> dict[str, Any]:
        reply = super().op_hello(request)
        if not self.lenient:  # lenient plays PokerKit's rule where the ruleset differs
            reply["profile"] = dict(PROFILE)
        return reply

    def legal_now(self) -> list[dict[str, Any]]:
        return [] if self.hand is None else self.hand.legal()

    def op_new_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        ruleset = RulesetSource().load(request["ruleset"])  # shipped names or documents only
        self.hand = None
        seats = [dict(s) for s in request["seats"]]
        if not ruleset.seats.min <= len(seats) <= ruleset.seats.max:
            raise Refusal("bad_request", f"{len(seats)} players cannot play this ruleset")
        hand = PokerKitHand(
            ruleset,
            plan(ruleset),
            seats,
            request["dealer"],
            list(request["deck"]),
            lenient=self.lenient,
        )
        hand.check_lazy()
        self.hand = hand
        return {"state": hand.state_json()}

    def op_next_hand(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """A new PokerKit state for the next hand: PokerKit plays one hand per state, so the
        stacks it ends with are carried into a new one (players with none leave) and the
        dealer moves as ``dealer.rotates`` says."""
        last = self.hand
        if last is None:
            raise Refusal("no_hand", "no hand has been played: send new_hand first")
        if last.state.status:
            raise Refusal("bad_request", "the current hand is not over yet")
        seats, dealer = last.next_table()
        if not last.ruleset.seats.min <= len(seats) <= last.ruleset.seats.max:
            raise Refusal("bad_request", f"{len(seats)} players have chips: no hand can be dealt")
        hand = PokerKitHand(
            last.ruleset, last.plan, seats, dealer, list(request["deck"]), lenient=self.lenient
        )
        hand.check_lazy()
        self.hand = hand
        return {"state": hand.state_json()}

    def _hand(self) -> PokerKitHand:
        if self.hand is None:
            raise Refusal("no_hand", "no hand in progress: send new_hand first")
        return self.hand

    def op_act(self, request: Mapping[str, Any]) -> dict[str, Any]:
        hand = self._hand()
        hand.act(request["seat"], request["action"], request.get("amount"))
        return {"state": hand.state_json()}

    def op_state(self, request: Mapping[str, Any]) -> dict[str, Any]:
        return {"state": self._hand().state_json()}

    def op_evaluate(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """Rank with PokerKit's hand types; ``qualifier`` 8 (capability ``evaluate-options``)
        is PokerKit's ``EightOrBetterLowHand``, whose ``from_game_or_none`` finds no hand
        without a qualifying low.  PokerKit has no other qualifier and no wild cards."""
        ranking, qualifier = request["ranking"], request.get("qualifier")
        if ranking not in EVALUATORS:
            raise UnsupportedError(f"ranking = {ranking!r}: PokerKit has no ace-to-six low hand")
        if request.get("wild"):
            raise UnsupportedError(f"wild = {request['wild']!r}: PokerKit has no wild cards")
        kind = EVALUATORS[ranking]
        if qualifier is not None:
            if (ranking, qualifier) != ("ace-to-five", 8):
                raise UnsupportedError(
                    f"qualifier = {qualifier!r} under {ranking}: PokerKit's only qualified "
                    "hand is the ace-to-five eight-or-better low (EightOrBetterLowHand)"
                )
            kind = pokerkit.EightOrBetterLowHand
        values = [kind.from_game_or_none([pk_card(c) for c in cards]) for cards in request["hands"]]
        qualified = [v for v in values if v is not None]
        # a hand without a qualifying low ranks below every hand that has one
        ranks = competition_ranks(
            [-1 if v is None else sum(1 for other in qualified if v > other) for v in values]
        )
        results: list[dict[str, Any]] = []
        for value, rank in zip(values, ranks, strict=True):
            if value is None:
                results.append(
                    {"best": [], "name": "no qualifying low", "rank": rank, "qualifies": False}
                )
                continue
            best = [card_text(c) for c in value.cards]
            named = evaluate([Card.parse(c) for c in best], ranking)
            name = named.name if named is not None else str(value.entry.label)
            results.append({"best": best, "name": name, "rank": rank})
        return {"results": results}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python adapters/pokerkit/server.py",
        description="PokerKit as an engine protocol v1 server on stdin/stdout.",
    )
    parser.add_argument(
        "--lenient",
        action="store_true",
        help="do not refuse when board ties by suit, the open-pair big bet, the uncapped "
        "heads-up rule or a short all-in reopening matter: play PokerKit's own rule "
        "(to see the consequences in the spec)",
    )
    args = parser.parse_args(argv)
    return serve_lines(PokerKitHandler(lenient=args.lenient), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())

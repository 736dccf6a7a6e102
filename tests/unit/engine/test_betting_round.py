"""The betting round alone: levels, the cap, full-raise reopening, options as values.

No hand here: a few :class:`PlayerState` records, a street row and the round.  Amounts are
chip units (a 2 bring-in, 5/10 fixed limit unless said otherwise).
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from stud.engine.betting import BettingRound, RoundState
from stud.engine.limits import STRUCTURES
from stud.engine.options import Option, Refused
from stud.engine.state import Log, PlayerState
from stud.engine.units import Units
from stud.rules.model import Betting, Spread, Street

FOURTH = Street(name="fourth", deal=("up",), opener="best-board", bet="small")
THIRD = Street(name="third", deal=("down", "down", "up"), opener="bring-in", bet="small")


def table(
    *stacks: int, structure: str = "fixed-limit", **betting: object
) -> tuple[BettingRound, list[PlayerState], Log]:
    players = [PlayerState(i + 1, f"P{i + 1}", s, i) for i, s in enumerate(stacks)]
    log: Log = []
    rules = Betting(structure=structure, **betting)  # type: ignore[arg-type]
    stakes = (2, 5, 10)
    rnd = BettingRound(players, rules, STRUCTURES[structure], Units(Decimal(1)), stakes, log)
    return rnd, players, log


def play(rnd: BettingRound, p: PlayerState, name: str, amount: object = None) -> None:
    rnd.play(p, name, amount)


def test_options_are_typed_values_and_a_bet_opens_the_round() -> None:
    rnd, ps, log = table(100, 100, 100)
    assert rnd.start(FOURTH)
    assert rnd.open(0, forced=False) == 0
    assert rnd.options(ps[0]) == [Option("check"), Option("bet", 5, 5)]
    assert rnd.state is RoundState.NO_BET
    play(rnd, ps[0], "bet")
    assert (rnd.level, rnd.state, rnd.raises, rnd.full_level) == (5, RoundState.BET_MADE, 0, 5)
    assert ps[0].bet == 5 and ps[0].stack == 95 and ps[0].committed == 5
    assert rnd.options(ps[1]) == [Option("fold"), Option("call", 5, 5), Option("raise", 10, 10)]
    assert rnd.next_to_act(0) == 1
    assert rnd.last_aggressor == 0 and rnd.hand_aggressor == 0


def test_the_round_ends_when_everyone_acted_and_the_bets_are_level() -> None:
    rnd, ps, _ = table(100, 100, 100)
    rnd.start(FOURTH)
    play(rnd, ps[0], "check")
    assert rnd.next_to_act(0) == 1
    play(rnd, ps[1], "bet")
    play(rnd, ps[2], "call")
    assert rnd.next_to_act(2) == 0  # the checker has not answered the bet
    play(rnd, ps[0], "call")
    assert rnd.next_to_act(0) is None


def test_the_cap_stops_raises_until_heads_up() -> None:
    rnd, ps, _ = table(100, 100, 100, max_raises=2)
    rnd.start(FOURTH)
    play(rnd, ps[0], "bet")
    play(rnd, ps[1], "raise")
    play(rnd, ps[2], "raise")
    assert rnd.raises == 2 and rnd.capped()
    assert [o.action for o in rnd.options(ps[0])] == ["fold", "call"]
    with pytest.raises(Refused, match="raise is not legal now"):
        rnd.play(ps[0], "raise", None)
    play(rnd, ps[0], "fold")  # heads-up now: the cap is lifted (uncapped_heads_up: in-hand)
    assert rnd.in_hand == 2 and not rnd.capped()
    assert Option("raise", 20, 20) in rnd.options(ps[1])


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    rnd, ps, _ = table(100, 100, 7, structure="no-limit")
    rnd.start(FOURTH)
    play(rnd, ps[0], "bet", 5)
    play(rnd, ps[1], "call")
    play(rnd, ps[2], "raise", 7)  # all in: 2 more, under half of a full raise of 5
    assert ps[2].all_in and rnd.level == 7 and rnd.full_level == 5 and rnd.raises == 0
    assert [o.action for o in rnd.options(ps[0])] == ["fold", "call"]
    assert rnd.next_to_act(2) == 0


def test_a_full_raise_reopens_the_betting_for_those_who_acted() -> None:
    rnd, ps, _ = table(100, 100, 100, structure="no-limit")
    rnd.start(FOURTH)
    play(rnd, ps[0], "bet", 5)
    play(rnd, ps[1], "call")
    play(rnd, ps[2], "raise", 10)
    assert rnd.full_level == 10 and rnd.last_inc == 5
    assert rnd.options(ps[0])[-1] == Option("raise", 15, 100)


def test_a_bring_in_leaves_the_completion_to_make() -> None:
    rnd, ps, log = table(100, 100, 100)
    rnd.start(THIRD)
    assert rnd.open(1, forced=True) == 1 and rnd.forced == 1
    assert rnd.options(ps[1]) == [Option("bring_in", 2, 2), Option("complete", 5, 5)]
    with pytest.raises(Refused, match="fold is not legal now"):
        rnd.play(ps[1], "fold", None)
    play(rnd, ps[1], "bring_in")
    assert rnd.forced is None and rnd.state is RoundState.BRING_IN_ONLY and rnd.level == 2
    assert [o.action for o in rnd.options(ps[2])] == ["fold", "call", "complete"]
    with pytest.raises(Refused, match="raise is not legal now"):
        rnd.play(ps[2], "raise", 10)
    play(rnd, ps[2], "complete")
    assert rnd.state is RoundState.BET_MADE and rnd.level == 5
    assert log[-1][0].__name__ == "Complete"


def test_amounts_are_checked_against_the_options() -> None:
    rnd, ps, _ = table(100, 100, structure="spread-limit")
    rnd.start(Street(name="fourth", deal=("up",), spread=Spread(min=Decimal(2), max=Decimal(10))))
    with pytest.raises(Refused, match="bet needs an amount"):
        rnd.play(ps[0], "bet", None)
    with pytest.raises(Refused, match="bet to 11 is not a legal amount"):
        rnd.play(ps[0], "bet", Decimal(11))
    assert rnd.options(ps[0]) == [Option("check"), Option("bet", 2, 10)]
    with pytest.raises(Refused, match="not a whole number"):
        rnd.play(ps[0], "bet", Decimal("5.5"))
    assert rnd.level == 0 and ps[0].bet == 0  # refused: nothing moved
    assert rnd.play(ps[0], "check", None) is None
    assert rnd.play(ps[1], "bet", "7") == 7 and ps[1].bet == 7


def test_a_fold_counts_players_and_open_pairs_still_in() -> None:
    rnd, ps, _ = table(100, 100, 100)
    ps[1].paired = True
    rnd.start(FOURTH)
    assert rnd.paired == 1 and rnd.in_hand == 3
    play(rnd, ps[0], "bet")
    play(rnd, ps[1], "fold")
    assert rnd.paired == 0 and rnd.in_hand == 2 and ps[1].folded


def test_nobody_can_bet_with_one_live_player() -> None:
    rnd, ps, _ = table(100, 100)
    ps[1].all_in = True
    assert not rnd.start(FOURTH)

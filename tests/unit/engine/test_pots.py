"""The pots alone: commitments, side pots and eligibility, awards, splits and odd chips."""

from __future__ import annotations

from decimal import Decimal

from stud.cards import parse_cards
from stud.engine import events as ev
from stud.engine.pots import Pots
from stud.engine.state import Log, PlayerState
from stud.engine.units import Units
from stud.rules.model import Pot, Share

HIGH = (Share(name="high"),)
HILO = (Share(name="high"), Share(name="low", ranking="ace-to-five", qualifier=8))


def pots(*stacks: int, **rules: object) -> tuple[Pots, list[PlayerState], Log]:
    players = [PlayerState(i + 1, f"P{i + 1}", s, i) for i, s in enumerate(stacks)]
    log: Log = []
    rules.setdefault("shares", HIGH)
    return Pots(players, Pot(**rules), Units(Decimal(1)), log), players, log  # type: ignore[arg-type]


def commit(p: PlayerState, chips: int, *, folded: bool = False) -> None:
    p.stack -= chips
    p.committed += chips
    p.all_in = p.stack == 0
    p.folded = folded


def test_antes_and_an_all_in_ante() -> None:
    bank, ps, log = pots(100, 1, 100)
    bank.post_antes(2)
    assert [p.committed for p in ps] == [2, 1, 2] and bank.total() == 5
    assert ps[1].all_in and (ev.AllIn, 2) in log


def test_side_pots_and_who_may_win_them() -> None:
    bank, ps, _ = pots(20, 50, 50, 30)
    commit(ps[0], 20)  # all in
    commit(ps[1], 50)
    commit(ps[2], 50)
    commit(ps[3], 30, folded=True)  # dead money in both pots
    side = [(amount, [p.seat for p in elig]) for amount, elig in bank.side_pots()]
    assert side == [(80, [1, 2, 3]), (70, [2, 3])]


def test_an_uncalled_bet_goes_back() -> None:
    bank, ps, log = pots(100, 100)
    for p, chips in zip(ps, (30, 10), strict=True):
        p.stack -= chips
        p.bet = p.committed = chips
    bank.end_street()
    assert ps[0].stack == 90 and ps[0].committed == 10 and [p.bet for p in ps] == [0, 0]
    assert log == [(ev.UncalledReturned, 1, 20)]


def test_tied_winners_share_and_the_odd_chip_goes_first_from_the_dealer() -> None:
    bank, ps, log = pots(0, 0, 0)
    awards = bank.award(0, 7, [("high", [ps[2], ps[0]])])
    assert [(a.seat, a.amount) for a in awards] == [(1, Decimal(4)), (3, Decimal(3))]
    assert ps[0].stack == 4 and log[0] == (ev.Awarded, 1, 4, 0, "high")


def test_the_odd_chip_by_high_card_reads_the_suit() -> None:
    bank, ps, _ = pots(0, 0, odd_chip_tie="high-card")
    ps[0].up = parse_cards("Kc 2d")
    ps[1].up = parse_cards("Ks 3d")
    assert [p.seat for p, _ in bank.divide(3, [ps[0], ps[1]])] == [2, 1]
    assert bank.divide(3, [ps[0], ps[1]])[0][1] == 2


def test_a_hi_lo_split_gives_the_odd_unit_to_the_high_share() -> None:
    bank, ps, _ = pots(0, 0, shares=HILO, split_unit=Decimal(2))
    parts = bank.split(10, [("high", [ps[0]]), ("low", [ps[1]])])
    assert [(name, chips) for name, _, chips in parts] == [("high", 6), ("low", 4)]
    bank.rules = Pot(shares=HILO, odd_chip_share="low")
    parts = bank.split(9, [("high", [ps[0]]), ("low", [ps[1]])])
    assert [(name, chips) for name, _, chips in parts] == [("high", 4), ("low", 5)]


def test_the_last_player_in_takes_every_pot() -> None:
    bank, ps, _ = pots(10, 50, 50)
    commit(ps[0], 10)
    commit(ps[1], 30)
    commit(ps[2], 30, folded=True)
    ps[0].folded = True
    awards = bank.award_uncontested(ps[1])
    assert [(a.seat, a.amount, a.pot) for a in awards] == [(2, Decimal(70), 0)]
    assert ps[1].stack == 90

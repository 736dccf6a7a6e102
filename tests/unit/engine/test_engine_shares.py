"""Pot shares beyond high and low: N-way cuts, odd units, fallbacks, hand making, declaring.

Hands are played through the public :class:`Hand` with set decks (``stud_deck``), so the
shares are judged exactly as a scenario would see them.
"""

from __future__ import annotations

from decimal import Decimal

from enginekit import passive, ruleset, stud_deck
from stud.engine import Hand, Seat
from stud.engine.pots import Pots
from stud.engine.state import PlayerState
from stud.engine.units import Units
from stud.rules.model import Pot, Share


def _split(amount: int, names: list[str], odd: str, unit: int = 1) -> list[int]:
    players = [PlayerState(i + 1, f"P{i}", 0, i) for i in range(len(names))]
    pot = Pot(
        shares=tuple(Share(name=n) for n in names),
        odd_chip_share=odd,
        split_unit=None if unit == 1 else Decimal(unit),
    )
    bank = Pots(players, pot, Units(Decimal(1)), [])
    winners = [(n, [players[i]]) for i, n in enumerate(names)]
    return [part for _, _, part in bank.split(amount, winners)]


def test_three_way_cuts_give_odd_units_in_share_order_from_the_odd_share() -> None:
    assert _split(9, ["high", "low", "points"], "high") == [3, 3, 3]
    assert _split(10, ["high", "low", "points"], "high") == [4, 3, 3]
    assert _split(11, ["high", "low", "points"], "low") == [3, 4, 4]
    assert _split(11, ["high", "low", "points"], "points") == [4, 3, 4]


def test_two_way_cuts_are_unchanged() -> None:
    assert _split(35, ["high", "low"], "high", unit=10) == [25, 10]
    assert _split(5, ["high", "low"], "low") == [2, 3]


def _hand(rules: dict[str, object], name: str, *rows: str, stacks: int = 100) -> Hand:
    rs = ruleset(name, **rules)
    seats = [
        Seat(i + 1, n, Decimal(stacks)) for i, n in enumerate(["Ann", "Bob", "Cat"][: len(rows)])
    ]
    hand = Hand(rs, seats, dealer=len(rows), deck=stud_deck(*rows))
    passive(hand)
    return hand


def _awards(hand: Hand) -> dict[tuple[str | None, int], Decimal]:
    out: dict[tuple[str | None, int], Decimal] = {}
    assert hand.result is not None
    for a in hand.result.awards:
        out[(a.share, a.seat)] = out.get((a.share, a.seat), Decimal(0)) + a.amount
    return out


SPADE = [
    {"name": "high"},
    {"name": "spade", "ranking": "one-card-high", "suit": "spades", "cards": "down"},
]


def test_the_spade_in_the_hole_takes_half_the_pot() -> None:
    hand = _hand(
        {"pot__shares": SPADE},
        "seven-card-stud",
        "Ks 2d 3c 7d 8h 9c Jd",  # Ann: the king of spades in the hole, nothing else
        "Ac Ad 4c 5h 6h Th Qd",  # Bob: aces, no spade
    )
    awards = _awards(hand)
    assert awards[("spade", 1)] == awards[("high", 2)] > 0
    shown = {(h.seat, h.share): h.name for h in hand.result.hands}  # type: ignore[union-attr]
    assert shown[(1, "spade")] == "king of spades" and (2, "spade") not in shown


def test_an_up_spade_does_not_count_and_nobody_wins_the_spade_half() -> None:
    hand = _hand(
        {"pot__shares": SPADE},
        "seven-card-stud",
        "2c 2d Ks 7d 8h 9c Jd",  # the king of spades is up
        "Ac Ad 4c 5h 6h Th Qd",
    )
    assert set(_awards(hand)) == {("high", 2)}


def test_a_fallback_share_takes_the_part_nobody_won() -> None:
    low = {"name": "low", "ranking": "ace-to-five", "qualifier": 8}
    shares = [
        {"name": "high"},
        low | {"fallback": "high"},
        {"name": "points", "ranking": "football"},
    ]
    rows = ("Kc Kd Kh 9d 9h 9c Jd", "6c 6d 3c Qh Qs Th Td")  # nobody has a low; Bob 15 points
    awards = _awards(_hand({"pot__shares": shares}, "seven-card-stud", *rows))
    total = sum(awards.values())
    assert awards[("points", 2)] == Decimal("0.10") and total == Decimal("0.30")
    assert awards[("high", 1)] == Decimal("0.20")  # its third and the low third
    shares[1] = low
    halves = _awards(_hand({"pot__shares": shares}, "seven-card-stud", *rows))
    assert halves[("high", 1)] == halves[("points", 2)]  # no fallback: cut between the two


def test_declaring_with_three_shares_offers_each_and_all() -> None:
    shares = [
        {"name": "high"},
        {"name": "low", "ranking": "ace-to-five"},
        {"name": "points", "ranking": "football"},
    ]
    rs = ruleset("stud-hi-lo-declare", pot__shares=shares, pot__unqualified="best-high")
    seats = [Seat(1, "Ann", Decimal(100)), Seat(2, "Bob", Decimal(100))]
    hand = Hand(
        rs,
        seats,
        dealer=2,
        deck=stud_deck("Kc Kd Kh 9d 9h 9c Jd", "Ac 2c 3d 4h 5s 6c 6d"),
    )
    while hand.phase == "betting" and hand.to_act is not None:
        names = [a.action for a in hand.legal_actions()]
        hand.act(hand.to_act, next(a for a in ("bring_in", "check", "call") if a in names))
    assert hand.phase == "declare"
    assert [str(a) for a in hand.legal_actions()] == [
        "declare high",
        "declare low",
        "declare points",
        "declare all",
    ]
    first = hand.to_act
    assert first is not None
    hand.act(first, "declare", declare="all")
    hand.act(hand.to_act, "declare", declare="high")  # type: ignore[arg-type]
    assert hand.complete and hand.result is not None

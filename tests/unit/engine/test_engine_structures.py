"""Bet structures street by street across the shipped rulesets."""

from __future__ import annotations

from enginekit import legal, ruleset, seats, stud_deck
from stud.engine import Hand

# seat 1 brings in (2c); seat 1 pairs its door card on fourth street (open pair)
ROWS = ("Ah Kd 2c 2d Qc 3h 4h", "3c 4d 5h Th 6c 7c 8c", "7s 8d 6d Js 9h 9s 3s")
NO_PAIR = ("Ah Kd 2c 9d Qc 3h 4h", "3c 4d 5h Th 6c 7c 8c", "7s 8d 6d Js 2h 2s 3s")


def to_street(hand: Hand, street: str) -> Hand:
    while hand.street != street:
        names = [a.action for a in hand.legal_actions()]
        choice = next(c for c in ("bring_in", "check", "call") if c in names)
        hand.act(hand.to_act or 0, choice)
    return hand


def start(name: str, rows: tuple[str, ...] = ROWS, **over: object) -> Hand:
    return Hand(ruleset(name, **over), seats(100, 100, 100), dealer=3, deck=stud_deck(*rows))


def test_bring_in_above_the_ante() -> None:  # BRING-05 (002's $0.50 / $2 / $5-$10)
    hand = start("seven-card-stud-big-bring-in")
    assert hand.pot == 1.5
    assert legal(hand) == ["bring-in 2.00", "complete to 5.00"]


def test_home_structure_small_bets_big_only_on_an_open_pair() -> None:  # LIMIT-07
    hand = to_street(start("seven-card-stud-home"), "fifth")
    assert legal(hand) == ["check", "bet 0.50", "bet 1.00"]  # a pair shows: either size
    quiet = to_street(start("seven-card-stud-home", NO_PAIR), "fifth")
    assert legal(quiet) == ["check", "bet 0.50"]
    casino = to_street(start("seven-card-stud", NO_PAIR), "fifth")
    assert legal(casino) == ["check", "bet 1.00"]  # casino: big bets from fifth outright


def test_razz_doubles_on_fifth_and_ignores_pairs() -> None:  # RAZZ-02, LIMIT-06
    hand = start("razz")
    hand.act(hand.to_act or 0, "bring_in")
    to_street(hand, "fourth")
    assert legal(hand) == ["check", "bet 0.50"]
    to_street(hand, "fifth")
    assert legal(hand) == ["check", "bet 1.00"]


def test_spread_limit_rises_at_the_end() -> None:  # SPREAD-02
    hand = to_street(start("spread-limit-stud-ten-end"), "fourth")
    assert legal(hand) == ["check", "bet 1.00..5.00"]
    to_street(hand, "fifth")
    assert legal(hand) == ["check", "bet 1.00..10.00"]


def test_london_lowball_is_pot_limit() -> None:  # LONDON-02
    hand = start("london-lowball")
    assert legal(hand) == ["bring-in 1.00", "complete to 1.01..3.00"]  # the pot is 3


def test_declaring_from_the_best_board() -> None:  # showdown.declare_starts: best-board
    hand = to_street(start("stud-hi-lo-declare", showdown__declare_starts="best-board"), "seventh")
    while hand.phase == "betting":
        names = [a.action for a in hand.legal_actions()]
        hand.act(hand.to_act or 0, "check" if "check" in names else "call")
    assert hand.phase == "declare"
    assert hand.to_act == 3  # 7-nines... J-9-9-6 is the best board


def test_no_exchange_without_the_price() -> None:  # ENGLISH-04
    rows = ("2c 3c 9c Tc Jc", "2d 3d Ad Kd 5d", "4c 4d Qs Js 8d")
    rs = ruleset("english-stud-paid-exchange")
    hand = Hand(rs, seats("1.10", 100, 100), dealer=3, deck=stud_deck(*rows))
    to_street(hand, "sixth")
    assert hand.phase == "exchange" and hand.to_act == 1
    assert hand.player(1).stack < 1
    assert legal(hand) == ["stand-pat"]

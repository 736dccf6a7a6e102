"""Issue 5: declarations, English stud exchanges, wild cards, Low Hole, the ASF joker."""

from __future__ import annotations

from decimal import Decimal

import pytest
from enginekit import legal, ruleset, seats, stud_deck
from stud.cards import parse_cards
from stud.engine import Hand, events, state_json
from stud.engine.wild import wild_ranks_for
from stud.errors import IllegalAction

D = Decimal
# seat 1: wheel (best low, five-high straight); seat 2: queens full; seat 3: jacks up
ROWS = ("Ah 2s Kh Ks 3c 4h 5d", "As 3s Qh Qd Qs 3h 9c", "Jc Jd Tc Th 8s 8h 7c")


def bet_out(hand: Hand) -> None:
    """Play the betting with no raises until another phase (or the end) comes."""
    while hand.phase == "betting" and hand.to_act is not None:
        names = [a.action for a in hand.legal_actions()]
        choice = next(c for c in ("bring_in", "check", "call") if c in names)
        hand.act(hand.to_act, choice)


def declare_hand(name: str = "stud-hi-lo-declare", rows: tuple[str, ...] = ROWS) -> Hand:
    hand = Hand(ruleset(name), seats(*[10] * len(rows)), dealer=len(rows), deck=stud_deck(*rows))
    bet_out(hand)
    assert hand.phase == "declare"
    return hand


def awards(hand: Hand) -> dict[int, Decimal]:
    result = hand.result
    assert result is not None
    out: dict[int, Decimal] = {}
    for a in result.awards:
        out[a.seat] = out.get(a.seat, D(0)) + a.amount
    return out


def test_declare_high_and_low_share_the_pot() -> None:  # DECL-01, DECL-02
    hand = declare_hand()
    assert legal(hand) == ["declare high", "declare low", "declare both"]
    assert state_json(hand)["legal"][0] == {"action": "declare", "declare": "high"}
    hand.act(1, "declare", declare="low")
    hand.act(2, "declare", declare="high")
    hand.act(3, "declare", declare="high")
    assert awards(hand) == {1: D("0.22"), 2: D("0.23")}
    assert [e.declare for e in hand.events if isinstance(e, events.Declared)] == [
        "low",
        "high",
        "high",
    ]


def test_everyone_declares_high() -> None:  # DECL-03
    hand = declare_hand()
    for seat in (1, 2, 3):
        hand.act(seat, "declare", declare="high")
    assert awards(hand) == {2: hand.pot}


def test_declaring_low_with_the_best_high_wins_only_a_low() -> None:  # SHOW-06 vs declare
    hand = declare_hand()
    hand.act(1, "declare", declare="high")
    hand.act(2, "declare", declare="low")
    hand.act(3, "declare", declare="high")
    # seat 3's two pair beats seat 1's straight? no: the straight wins high among 1 and 3
    assert awards(hand) == {1: D("0.23"), 2: D("0.22")}


def test_both_declarer_must_win_both_ways() -> None:  # DECL-04
    rows = ("Ah 2h 3h 4h 5h Kc Kd", "As 3s Qh Qd Qs 3d 9c", "Jc Jd Tc Th 8s 8h 7c")
    hand = declare_hand(rows=rows)  # seat 1: steel wheel, best high and best low
    hand.act(1, "declare", declare="both")
    hand.act(2, "declare", declare="high")
    hand.act(3, "declare", declare="low")
    assert awards(hand) == {1: hand.pot}


def test_failed_both_declarer_is_disqualified() -> None:  # DECL-04, failed_both
    hand = declare_hand()
    hand.act(1, "declare", declare="both")  # best low, but the straight loses high
    hand.act(2, "declare", declare="high")
    hand.act(3, "declare", declare="low")
    # seat 1 wins nothing; the pot goes as if only seats 2 (high) and 3 (low) declared
    assert awards(hand) == {2: D("0.23"), 3: D("0.22")}


def test_simultaneous_declarations_stay_hidden_until_all_are_in() -> None:  # DECL-01
    hand = declare_hand("stud-hi-lo-declare-simultaneous")
    hand.act(3, "declare", declare="high")  # any undeclared seat may declare
    assert hand.player(3).declared is None
    assert not [e for e in hand.events if isinstance(e, events.Declared)]
    with pytest.raises(IllegalAction):
        hand.act(3, "declare", declare="low")
    with pytest.raises(IllegalAction):
        hand.act(1, "declare", declare="sideways")
    hand.act(1, "declare", declare="low")
    hand.act(2, "declare", declare="high")
    assert [(e.seat, e.declare) for e in hand.events if isinstance(e, events.Declared)] == [
        (1, "low"),
        (2, "high"),
        (3, "high"),
    ]
    assert awards(hand) == {1: D("0.22"), 2: D("0.23")}


def test_in_turn_declaring_starts_with_the_last_aggressor() -> None:
    hand = Hand(ruleset("stud-hi-lo-declare"), seats(10, 10, 10), dealer=3, deck=stud_deck(*ROWS))
    assert hand.to_act == 3  # Tc is the lowest door card
    hand.act(3, "bring_in")
    hand.act(1, "call")
    hand.act(2, "complete")  # the last bet of the hand
    bet_out(hand)
    assert hand.phase == "declare" and hand.to_act == 2


# --- English stud ------------------------------------------------------------------------

ENGLISH = ("2c 3c 9c Tc Jc 4h 5h", "2d 3d Ad Kd 5d 6h 7h", "4c 4d Qs Js 8d 9h Th")


def english(name: str = "english-stud", n: int = 3) -> Hand:
    hand = Hand(ruleset(name), seats(*[50] * n), dealer=n, deck=stud_deck(*ENGLISH[:n]))
    bet_out(hand)
    assert hand.phase == "exchange" and hand.street == "sixth"
    return hand


def test_exchange_round_in_turn_from_the_dealers_left() -> None:  # ENGLISH-01..03
    hand = english()
    assert hand.to_act == 1
    assert legal(hand) == ["exchange", "stand-pat"]
    assert all(len(hand.player(s).down) == 2 and len(hand.player(s).up) == 3 for s in (1, 2, 3))
    give = hand.player(1).up[0]
    hand.act(1, "exchange", cards=[str(give)])
    view = hand.player(1)
    assert give not in view.up and len(view.up) == 3
    swapped = next(e for e in hand.events if isinstance(e, events.Exchanged))
    assert swapped.given == give and swapped.up and swapped.received in view.up
    with pytest.raises(IllegalAction):
        hand.act(2, "exchange", cards=["As"])  # not seat 2's card
    hand.act(2, "stand_pat")
    down = hand.player(3).down[0]
    hand.act(3, "exchange", cards=[down])
    assert down not in hand.player(3).down
    # then the sixth card face down and a betting round
    assert hand.phase == "betting"
    assert all(len(hand.player(s).down) == 3 for s in (1, 2, 3))
    bet_out(hand)
    assert hand.phase == "exchange" and hand.street == "final"  # the second exchange


def test_paid_exchange_goes_to_the_pot_and_is_not_a_bet() -> None:  # ENGLISH-04
    hand = english("english-stud-paid-exchange")
    assert legal(hand) == ["exchange (1.00)", "stand-pat"]
    pot = hand.pot
    hand.act(1, "exchange", cards=[hand.player(1).down[0]])
    assert hand.pot == pot + 1
    assert hand.player(1).bet == 0 and hand.player(1).committed > hand.player(2).committed
    hand.act(2, "stand_pat")
    hand.act(3, "stand_pat")
    assert hand.phase == "betting" and legal(hand)[0] == "check"  # nobody has to match it


def test_seventh_card_only_for_five_players_or_fewer() -> None:  # ENGLISH-04
    few = english()
    while few.to_act is not None:
        if few.phase == "exchange":
            few.act(few.to_act, "stand_pat")
        else:
            bet_out(few)
    assert len(few.player(1).down) == 4  # two, the sixth, the seventh
    six = Hand(ruleset("english-stud"), seats(*[50] * 6), dealer=6, seed=3)
    while six.to_act is not None:
        if six.phase == "exchange":
            six.act(six.to_act, "stand_pat")
        else:
            bet_out(six)
    assert all(len(six.player(s).down) == 3 for s in range(1, 7))
    assert "seventh" not in [e.street for e in six.events if isinstance(e, events.StreetStarted)]


# --- wild cards --------------------------------------------------------------------------


def showdown_names(name: str, rows: tuple[str, ...]) -> dict[tuple[int, str], str]:
    hand = Hand(ruleset(name), seats(*[10] * len(rows)), dealer=len(rows), deck=stud_deck(*rows))
    bet_out(hand)
    result = hand.result
    assert result is not None
    return {(h.seat, h.share): h.name for h in result.hands}


def test_deuces_wild() -> None:  # WILD-01
    names = showdown_names("wild-card-stud", ("2c 2d As Ad Kc 7h 8s", "3c 3d 9s 9d Jc Jh 4s"))
    assert names[(1, "high")] == "four of a kind, aces"


def test_deuces_wild_high_low() -> None:  # WILD-02
    names = showdown_names("wild-card-stud-hi-lo", ("2c 5d As 3h 4c Qh 9s", "3c 3d 9c 9d Jc Jh 4s"))
    assert (1, "low") in names


def test_low_hole_lowest_down_card_is_wild() -> None:  # LOWHOLE-01
    # 9h 4s down, 3c up: fours are wild ... until a 2 arrives face down on seventh street
    names = showdown_names("low-hole", ("9h 4s 3c 4d Kc Kh 8s", "5c 5d Qs Jd Tc 6h 7h"))
    assert names[(1, "high")].startswith("four of a kind, kings")
    names = showdown_names("low-hole", ("9h 4s 3c 4d Kc Kh 2s", "5c 5d Qs Jd Tc 6h 7h"))
    assert names[(1, "high")] == "full house, kings over fours"  # 2s is wild now, fours not
    names = showdown_names("low-hole", ("9h 4s 3c 4d Kc Qh 2s", "5c 5d Qs Jd Tc 6h 7h"))
    assert names[(1, "high")] == "three of a kind, fours"
    assert names[(2, "high")] == "ace-high straight"  # seat 2's fives are wild for seat 2


def test_low_hole_ace_in_the_hole_is_wild_for_low_only() -> None:  # LOWHOLE-02
    # down As 9h (and Ts on seventh): for high the ace counts high, so the nines are wild
    names = showdown_names("low-hole-hi-lo", ("As 9h 3c 9d Kc Kh Ts", "5c 5d Qs Jd Tc 6h 7h"))
    assert names[(1, "high")] == "four of a kind, kings"
    # for low the ace counts low: aces are wild for seat 1's low hand
    rs = ruleset("low-hole-hi-lo")
    assert wild_ranks_for(rs.wild, parse_cards("As 9h Ts"), "ace-to-five") == (14,)
    assert wild_ranks_for(rs.wild, parse_cards("As 9h Ts"), "high") == (9,)


def test_aces_straights_flushes_joker_in_the_centre() -> None:  # ASF-01..03
    rows = ("Ah Kh Qh Jh 3c 4d", "As Ad 7h 8c 3s 9d")
    hand = Hand(
        ruleset("aces-straights-flushes"),
        seats(10, 10),
        dealer=2,
        deck=stud_deck(*rows, streets=(3, 1, 1, 1)),
    )
    assert hand.community == tuple(parse_cards("Jk"))
    bet_out(hand)
    result = hand.result
    assert result is not None
    names = {h.seat: h.name for h in result.hands}
    assert names[1] == "royal flush"
    assert names[2] == "three of a kind, aces"  # the bug makes aces, not nines
    assert all(len(hand.player(s).down + hand.player(s).up) == 6 for s in (1, 2))


def test_boards_read_with_wild_cards() -> None:  # board.wild: wild vs natural
    rows = ("5c 6d 2c Kd", "5h 6h Qh Qd", "5s 6s Ac Js")
    natural = Hand(ruleset("wild-card-stud"), seats(50, 50, 50), dealer=3, deck=stud_deck(*rows))
    wild = Hand(
        ruleset("wild-card-stud", board__wild="wild"),
        seats(50, 50, 50),
        dealer=3,
        deck=stud_deck(*rows),
    )
    for hand in (natural, wild):
        assert hand.to_act == 1  # the deuce is the lowest door card at face value
        hand.act(1, "bring_in")
        hand.act(2, "call")
        hand.act(3, "call")
        assert hand.street == "fourth"
    assert natural.to_act == 2  # queens, the deuce counts as a deuce
    assert wild.to_act == 1  # the deuce pairs the king

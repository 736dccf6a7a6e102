"""Reproduce, with PokerKit alone, each deviation the spec found (docs/conformance/pokerkit.md).

Run ``python adapters/pokerkit/findings.py``: every check prints what PokerKit does and
asserts it, so the script fails loudly if a newer PokerKit behaves differently.  Amounts
are in cents (ante 5, bring-in 10, small bet 50, big bet 100, as in ``seven-card-stud``),
except in the pot-limit check (ante 1, bring-in 1, bets of 2).  The later checks build a
``pokerkit.State`` from a street table, as the adapter does (``plan.py``).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pokerkit
from pokerkit import Automation, ChipsPushing, Mode, Opening

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def state(game: Any, stacks: tuple[int, ...], automations: tuple[Any, ...] = AUTOMATIONS) -> Any:
    return game.create_state(
        automations, True, 5, 10, 50, 100, stacks, len(stacks), mode=Mode.TOURNAMENT
    )


def deal(st: Any, *cards: str) -> None:
    for text in cards:
        st.deal_hole(text)


def board_ties_by_position() -> None:
    """ROUND-06: 'As Kc' and 'Ah Ks' tie as boards; PokerKit lets the first seat act."""
    st = state(
        pokerkit.FixedLimitSevenCardStud, (2000, 2000, 2000), AUTOMATIONS[:2] + AUTOMATIONS[4:]
    )
    deal(st, "2c", "2d", "2h", "3c", "3d", "3h", "Ah", "9c", "As")  # down, down, up
    st.post_bring_in()  # seat 1 (9c) brings in
    st.check_or_call()
    st.check_or_call()
    st.burn_card("4c")
    deal(st, "Ks", "5d", "Kc")  # fourth street: Ah Ks / 9c 5d / As Kc
    print("ROUND-06 board tie: PokerKit opener", st.actor_index, "(0 = Ah Ks; the rule: 2 = As Kc)")
    assert st.actor_index == 0


def no_open_pair_big_bet() -> None:
    """LIMIT-04: with a pair showing on fourth street PokerKit still allows only the small bet."""
    st = state(pokerkit.FixedLimitSevenCardStud, (2000, 2000), AUTOMATIONS[:2] + AUTOMATIONS[4:])
    deal(st, "2c", "3c", "4c", "5c", "Kh", "9d")
    st.post_bring_in()
    st.check_or_call()
    st.burn_card("6c")
    deal(st, "Kd", "8s")  # seat 0 shows Kh Kd
    low = st.min_completion_betting_or_raising_to_amount
    high = st.max_completion_betting_or_raising_to_amount
    print("LIMIT-04 open pair: bet range", low, "..", high, "(the rule allows 50 or 100)")
    assert (low, high) == (50, 50)


def heads_up_cap() -> None:
    """CAP-02: heads-up, PokerKit still stops at a bet and three raises."""
    st = state(pokerkit.FixedLimitSevenCardStud, (2000, 2000), AUTOMATIONS[:2] + AUTOMATIONS[4:])
    deal(st, "2c", "3c", "4c", "5c", "Kh", "9d")
    st.post_bring_in()
    st.check_or_call()
    st.burn_card("6c")
    deal(st, "Qd", "8s")
    for to in (50, 100, 150, 200):
        st.complete_bet_or_raise_to(to)
    print("CAP-02 heads-up: may raise after bet + 3 raises?", st.can_complete_bet_or_raise_to())
    assert not st.can_complete_bet_or_raise_to()


def check_down(st: Any, cards: Iterator[str], burns: Iterator[str]) -> None:
    """Deal ``cards`` and ``burns`` as PokerKit asks for them, everyone checking or calling,
    until the hand is over."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while st.status:
            if st.can_burn_card():
                st.burn_card(next(burns))
            elif st.can_deal_hole():
                st.deal_hole(next(cards))
            elif st.can_post_bring_in():
                st.post_bring_in()
            elif st.can_check_or_call():
                st.check_or_call()
            else:
                break


def scoop_not_split() -> None:
    """HILO-05: a hi-lo scoop is pushed as one undivided pot (no high and low halves)."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]  # the cards are dealt by hand below
    st = state(pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter, (2000, 2000), manual)
    # Ann: As 2s 3s 4d 5h 9c Kd, a wheel: the best high (a straight) and the best low.
    # Bob: Kc Qd Jc 8h 7h 7c 2c, a pair of sevens and no low.
    cards = iter("As Kc 2s Qd 3s Jc 4d 8h 5h 7h 9c 7c Kd 2c".split())
    burns = iter("Ts Th Td Tc".split())
    check_down(st, cards, burns)
    pushes = [op for op in st.operations if isinstance(op, ChipsPushing)]
    print("HILO-05 scoop pushes:", [(p.amounts, p.hand_type_index) for p in pushes])
    assert len(pushes) == 1 and pushes[0].amounts == (30, 0)
    assert pushes[0].hand_type_index is None


def short_all_in_does_not_reopen() -> None:
    """betting.reopen_fraction 0.5: an all-in raise of 60 over a bet of 100 (more than half
    a bet) lets the players who already acted raise again; PokerKit lets them only call."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]
    st = state(pokerkit.FixedLimitSevenCardStud, (2000, 2000, 175), manual)
    cards = iter("Qc Ks Ac Jd Kh Ad 9c 2c 8c 9d 4d 3s 5h 7h Ts".split())
    burns = iter("Tc Th Td".split())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while st.street_index is None or st.street_index < 2 or st.actor_index is None:
            if st.can_burn_card():
                st.burn_card(next(burns))
            elif st.can_deal_hole():
                st.deal_hole(next(cards))
            elif st.can_post_bring_in():
                st.post_bring_in()
            else:
                st.check_or_call()
    assert st.actor_index == 0  # fifth street: Ann (9c 9d 5h) opens
    st.complete_bet_or_raise_to(100)
    st.check_or_call()  # Bob calls
    st.complete_bet_or_raise_to(160)  # Carol: all in for 160 (a raise of 60)
    print(
        "reopen_fraction: Ann may raise after the short all-in?",
        st.can_complete_bet_or_raise_to(),
        "(the ruleset: yes, to 260)",
    )
    assert st.actor_index == 0 and not st.can_complete_bet_or_raise_to()


def folded_hand_returns_the_whole_last_bet() -> None:
    """SHOW-07: when everyone folds, PokerKit gives the winner back their whole bet of the
    street, the part that was called included, so the pot awarded is smaller than stud's
    (stud returns only the uncalled part).  The final stacks agree."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]
    st = state(pokerkit.FixedLimitSevenCardStud, (2000, 2000, 2000), manual)
    for card in "Kc Qc Jc Kd Qd Jd 2c 9h Ts".split():
        st.deal_hole(card)
    st.post_bring_in()  # Ann (2c) brings in for 10
    st.complete_bet_or_raise_to(50)  # Bob completes to 50
    st.fold()  # Cat
    st.fold()  # Ann: Bob wins; 10 of his 50 were called by the bring-in
    pushed = [op.amounts for op in st.operations if isinstance(op, ChipsPushing)]
    print("folded hand: pot pushed to Bob", pushed, "(stud: 15 antes + 10 + 10 called = 35)")
    assert pushed == [(0, 25, 0)] and st.stacks[1] == 2020


def short_all_in_completion() -> None:
    """BRING-04/BRING-08: the bring-in completes all in for 20 of a 50 completion, less than
    half of it, so by the rule it is no completion and the next player may still complete
    to 50; PokerKit's next player may call 20 or raise to 70 (a full 50 on top), not 50.
    (For 35, half or more, the rule and PokerKit agree: call 35 or raise to 85.)"""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]
    for stack, completion, lowest in ((25, 20, 70), (40, 35, 85)):
        st = state(pokerkit.FixedLimitSevenCardStud, (2000, stack, 2000), manual)
        for card in "Kc Qc Jc Kd Qd Jd 9h 2c Ts".split():
            st.deal_hole(card)
        st.complete_bet_or_raise_to(completion)  # Bob (2c), all in after the ante
        low = st.min_completion_betting_or_raising_to_amount
        print(f"short all-in completion to {completion}: Cat may raise to {low} at least")
        assert low == lowest and not st.can_complete_bet_or_raise_to(50)


def stud_streets(small: int, big: int, cap: int | None) -> tuple[Any, ...]:
    """PokerKit's seven-card stud street table (as in ``SevenCardStud.__init__``)."""
    first = pokerkit.Street(False, (False, False, True), 0, False, Opening.LOW_CARD, small, cap)
    later = [
        pokerkit.Street(True, (up,), 0, False, Opening.HIGH_HAND, bet, cap)
        for up, bet in ((True, small), (True, big), (True, big), (False, big))
    ]
    return (first, *later)


def completion_raise_counts_only_the_increment() -> None:
    """POT-02 (pot limit, bring-in 1, bets of 2): after the bring-in and a completion to 4,
    the rule's smallest raise matches the completion, to 8; PokerKit counts the completion
    as a raise of 3 over the bring-in and lets the next player raise to 7."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]
    st = pokerkit.State(
        manual,
        pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,),
        stud_streets(2, 2, None),
        pokerkit.BettingStructure.POT_LIMIT,
        True,
        1,
        0,
        1,
        (200, 200, 200),
        3,
    )
    for card in "Kc Qc Jc Kd Qd Jd 2c 9h Ts".split():
        st.deal_hole(card)
    st.post_bring_in()  # Ann (2c) brings in 1
    st.complete_bet_or_raise_to(4)  # Bob completes to 4
    low = st.min_completion_betting_or_raising_to_amount
    print("pot limit: after a completion to 4 the next raise goes to", low, "(the rule: 8)")
    assert low == 7


def unqualified_pot_left_unawarded() -> None:
    """HILO-07: a low-only game with PokerKit's eight-or-better low and no qualifying hand:
    both hands are mucked and nobody is pushed the pot (the rule gives it to the best high
    hand or splits it, as ``pot.unqualified`` says)."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]
    st = pokerkit.State(
        manual,
        pokerkit.Deck.STANDARD,
        (pokerkit.EightOrBetterLowHand,),
        stud_streets(50, 100, 4),
        pokerkit.BettingStructure.FIXED_LIMIT,
        True,
        5,
        0,
        10,
        (2000, 2000),
        2,
    )
    # Ann Kc Kd 9c Qh Js 4d 3s, Bob 9h 7s 5c 3d 2s Jc Qd: no eight low
    cards = iter("Kc 9h Kd 7s 9c 5c Qh 3d Js 2s 4d Jc 3s Qd".split())
    burns = iter("2h 2d 4c 4h".split())
    check_down(st, cards, burns)
    pushed = [op for op in st.operations if isinstance(op, ChipsPushing)]
    print("no qualifying low: pushes", pushed, "stacks", st.stacks, "of 2000 each")
    assert not pushed and st.stacks == [1985, 1985]


def community_card_not_in_boards() -> None:
    """DEAL-10: eight players, no burns; seventh street is one community card, the 2c.  It
    pairs Fay's 2s 3h 4d 6h, the best board with it, so Fay should open; PokerKit reads
    only each player's own up cards and gives the action to Eve's Ac Jd 8h 5s."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]
    streets = tuple(
        pokerkit.Street(
            False,
            s.hole_dealing_statuses,
            0,
            False,
            s.opening,
            s.min_completion_betting_or_raising_amount,
            4,
        )
        for s in stud_streets(50, 100, 4)
    )
    st = pokerkit.State(
        manual,
        pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,),
        streets,
        pokerkit.BettingStructure.FIXED_LIMIT,
        True,
        5,
        0,
        10,
        (2000,) * 8,
        8,
    )
    # two down cards each, then the boards: Ann Kc Qd 9h 7s, Bob Ks Qh 9d 6c, Carol Kh Qs
    # 8d 6d, Dan Kd Jc 8c 5h, Eve Ac Jd 8h 5s, Fay 2s 3h 4d 6h, Gus Td 9c 7h 4h, Hal Tc 9s 7c 4s
    cards = iter(
        (
            "3d 4c 5d 7d Th Jh Qc Ah 3s 5c 6s 8s Ts Js Ad As Kc Ks Kh Kd Ac 2s Td Tc "
            "Qd Qh Qs Jc Jd 3h 9c 9s 9h 9d 8d 8c 8h 4d 7h 7c 7s 6c 6d 5h 5s 6h 4h 4s"
        ).split()
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while st.street_index != 4 or st.actor_index is None:
            if st.can_deal_hole():
                st.deal_hole(next(cards))
            elif st.can_deal_board():  # 4 cards left for 8 players: PokerKit deals a board
                st.deal_board("2c")
            elif st.can_post_bring_in():
                st.post_bring_in()
            else:
                st.check_or_call()
    print(
        "DEAL-10 community card",
        st.board_cards,
        ": PokerKit opener",
        st.actor_index,
        "(4 = Eve; the rule: 5 = Fay)",
    )
    community = [f"{card.rank}{card.suit}" for card in st.board_cards[0]]
    assert community == ["2c"] and st.actor_index == 4


def folded_cards_dealt_again() -> None:
    """DEAL-08/DEAL-09: eight players, Hal folds on fourth street.  On seventh street the
    pack is short; the rule reshuffles only the burns and turns one community card, Hal's
    cards being dead.  PokerKit counts the mucked cards as dealable too (``reserved_cards``
    in ``get_dealable_cards``), so it deals seven more hole cards, some of them Hal's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        random.seed(7)  # PokerKit deals from its own shuffled deck: the same one each run
        st = state(pokerkit.FixedLimitSevenCardStud, (2000,) * 8)
        dead: list[Any] = []
        while st.status and (st.street_index != 4 or st.actor_index is None):
            if st.can_post_bring_in():
                st.post_bring_in()
            elif st.street_index == 1 and st.actor_index == 7 and st.can_fold():
                dead = list(st.hole_cards[7])
                st.fold()
            elif st.street_index == 1 and not any(st.bets):
                st.complete_bet_or_raise_to(50)
            else:
                st.check_or_call()
    river = [card for i in range(7) for card in st.hole_cards[i][6:]]
    again = sorted(f"{card.rank}{card.suit}" for card in set(dead) & set(river))
    print("folded cards dealt again on seventh street:", again, "(the rule: none)")
    # 1 or 2 cards were left: at least 5 of the 7 come from 4 burns and Hal's 4 cards
    assert len(river) == 7 and not any(st.board_cards) and again


if __name__ == "__main__":
    board_ties_by_position()
    no_open_pair_big_bet()
    heads_up_cap()
    scoop_not_split()
    short_all_in_does_not_reopen()
    folded_hand_returns_the_whole_last_bet()
    short_all_in_completion()
    completion_raise_counts_only_the_increment()
    unqualified_pot_left_unawarded()
    community_card_not_in_boards()
    folded_cards_dealt_again()

"""Reproduce, with PokerKit alone, each deviation the spec found (docs/conformance/pokerkit.md).

Run ``python adapters/pokerkit/findings.py``: every check prints what PokerKit does and
asserts it, so the script fails loudly if a newer PokerKit behaves differently.  Amounts
are in cents (ante 5, bring-in 10, small bet 50, big bet 100, as in ``seven-card-stud``).
"""

from __future__ import annotations

import warnings
from typing import Any

import pokerkit
from pokerkit import Automation, ChipsPushing, Mode

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


def scoop_not_split() -> None:
    """HILO-05: a hi-lo scoop is pushed as one undivided pot (no high and low halves)."""
    manual = AUTOMATIONS[:2] + AUTOMATIONS[4:]  # the cards are dealt by hand below
    st = state(pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter, (2000, 2000), manual)
    # Ann: As 2s 3s 4d 5h 9c Kd, a wheel: the best high (a straight) and the best low.
    # Bob: Kc Qd Jc 8h 7h 7c 2c, a pair of sevens and no low.
    cards = iter("As Kc 2s Qd 3s Jc 4d 8h 5h 7h 9c 7c Kd 2c".split())
    burns = iter("Ts Th Td Tc".split())
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


if __name__ == "__main__":
    board_ties_by_position()
    no_open_pair_big_bet()
    heads_up_cap()
    scoop_not_split()
    short_all_in_does_not_reopen()
    folded_hand_returns_the_whole_last_bet()
    short_all_in_completion()

"""Board reading (who acts first) and bring-in keys."""

from __future__ import annotations

import random

import pytest
from hands_reference import assert_same_order
from stud.cards import JOKER, Card, parse_cards
from stud.errors import CardError
from stud.hands import board_key, board_strength, bring_in_key


def first(
    boards: list[str], ranking: str = "high", ties: str = "suit", wild_ranks: tuple[int, ...] = ()
) -> str:
    """The board that acts first."""
    return max(
        boards, key=lambda b: board_key(parse_cards(b), ranking, ties, wild_ranks=wild_ranks)
    )


def test_fourth_street_examples() -> None:
    # ROUND-05
    boards = ["As Ah", "Ad Ac", "Ks Kh", "2c 2d", "As Ks", "2c 3c", "7h 2d", "Kd Qs"]
    assert first(boards) == "As Ah"
    assert min(boards, key=lambda b: board_key(parse_cards(b))) == "2c 3c"
    assert board_strength(parse_cards("2c 2d")) > board_strength(parse_cards("As Ks"))


def test_suit_ties() -> None:
    # ROUND-06: the suit of the highest card
    assert first(["Ah Ks", "As Kc"]) == "As Kc"
    assert first(["3h 3d", "3s 3c"]) == "3s 3c"
    # the highest card of a paired board is the best-suited card of its biggest group
    assert first(["7s 7c 8h", "7h 7d 8s"]) == "7s 7c 8h"
    # position ties leave equal boards equal
    assert board_key(parse_cards("Ah Ks"), ties="position") == board_key(
        parse_cards("As Kc"), ties="position"
    )
    with pytest.raises(ValueError, match="tie"):
        board_key(parse_cards("Ah Ks"), ties="dealer")


def test_three_and_more_cards() -> None:
    # ROUND-07 and ROUND-08
    assert first(["Ac Kd Qh", "7c 7d 8h", "3c 3d 3h"]) == "3c 3d 3h"
    assert first(["Ac Kd Qh", "7c 7d 8h"]) == "7c 7d 8h"
    assert first(["Ac Ad Kh Ks", "2c 2d 2h 3s", "9c 9d 9h 9s"]) == "9c 9d 9h 9s"
    # straights and flushes never count (ROUND-04, DEAL-10), even on five cards
    assert first(["5c 6c 7c 8c 9c", "2d 2h 3s 4c 6d"]) == "2d 2h 3s 4c 6d"
    assert first(["9c Tc Jc Qc", "2c 2d 3h 5s"]) == "2c 2d 3h 5s"
    # five showing (a community card): a full house is a full house
    assert first(["3c 3d 3h 2s 2c", "Ac Ad Ah Ks Qd"]) == "3c 3d 3h 2s 2c"


def test_boards_with_a_shared_community_card_still_order() -> None:
    community = Card.parse("As")
    one = [*parse_cards("Kh 9c 5d 3c"), community]
    other = [*parse_cards("Kd 9h 5c 3d"), community]
    assert board_strength(one) == board_strength(other)
    # the shared ace ties, so the next group decides: the king of hearts beats diamonds
    assert board_key(one)[:2] == board_key(other)[:2]
    assert board_key(one) > board_key(other)


def test_high_board_matches_a_plain_reference() -> None:
    """Pair-type reading only: group sizes, then ranks."""
    rng = random.Random(7)
    pairs = []
    for _ in range(3000):
        board = [Card(c) for c in rng.sample(range(52), rng.randint(1, 5))]
        ranks = [c.rank for c in board]
        order = sorted(set(ranks), key=lambda r: (ranks.count(r), r), reverse=True)
        sizes = tuple(ranks.count(r) for r in order)
        # a board of fewer cards is compared by size shape; pad shapes so tuples compare
        reference = (sizes + (0,) * (5 - len(sizes)), tuple(order))
        pairs.append(((len(board), reference), (len(board) << 28) + board_strength(board)))
    assert_same_order(pairs)


def test_razz_boards() -> None:
    # ROUND-12: the lowest board acts first, aces low, pairs bad; suits mirrored
    assert first(["6d 2c", "6c 2s"], "ace-to-five") == "6c 2s"
    assert first(["Kc Kd", "Qs Jh", "Ah 2d"], "ace-to-five") == "Ah 2d"
    assert first(["Kc Kd", "Qs Jh"], "ace-to-five") == "Qs Jh"
    assert first(["2c 2d 5h", "Ac Ad Kh"], "ace-to-five") == "Ac Ad Kh"
    # no straights on boards in ace-to-six either
    assert board_strength(parse_cards("Ah 2d 3c 4s"), "ace-to-six") == board_strength(
        parse_cards("Ah 2d 3c 4s"), "ace-to-five"
    )


def test_wild_boards() -> None:
    assert first(["2c Kd", "Qs Qh"], wild_ranks=(2,)) == "2c Kd"  # the deuce pairs the king
    assert first(["2c 2d", "Ks Kh"], wild_ranks=(2,)) == "2c 2d"  # two wild cards alone are aces
    # a pair of wild aces ties natural aces; the natural spade wins the suit tie
    assert first(["2c 2d", "As Ah"], wild_ranks=(2,)) == "As Ah"
    assert board_strength([JOKER, *parse_cards("Ks")], joker="bug") == board_strength(
        parse_cards("As Ks")
    )
    low = board_strength(parse_cards("2c 5d"), "ace-to-five", wild_ranks=(2,))
    assert low == board_strength(parse_cards("Ac 5d"), "ace-to-five")


def test_board_errors() -> None:
    with pytest.raises(CardError):
        board_strength([])
    with pytest.raises(CardError):
        board_strength(parse_cards("2c 3c 4c 5c 6c 7c"))
    with pytest.raises(CardError):
        board_strength(parse_cards("2c 2c"))
    with pytest.raises(CardError):
        board_strength([JOKER])
    with pytest.raises(ValueError):
        board_strength(parse_cards("2c"), "seven-to-deuce")


def test_bring_in() -> None:
    # BRING-01..03: lowest upcard, aces high, suits clubs < diamonds < hearts < spades
    assert min(parse_cards("2d 2c 3c As"), key=bring_in_key) == Card.parse("2c")
    assert min(parse_cards("As Kc"), key=bring_in_key) == Card.parse("Kc")
    # BRING-13 (Razz): the highest brings in, aces low, the highest suit
    razz = parse_cards("Kc Kh Qs As")
    assert max(razz, key=lambda c: bring_in_key(c, aces="low")) == Card.parse("Kh")
    assert min(razz, key=lambda c: bring_in_key(c, aces="low")) == Card.parse("As")
    # another suit order
    order = ("spades", "hearts", "diamonds", "clubs")
    assert min(parse_cards("2d 2c 2s"), key=lambda c: bring_in_key(c, suit_order=order)).suit == 3
    assert bring_in_key(JOKER) > bring_in_key(Card.parse("As"))
    with pytest.raises(ValueError):
        bring_in_key(Card.parse("2c"), suit_order=("clubs", "clubs", "hearts", "spades"))


@pytest.mark.parametrize("ranking", ["high", "ace-to-five", "ace-to-six"])
def test_tables_read_natural_boards_as_grouping_does(ranking: str) -> None:
    """Every board of one to three cards, and many of four and five: the tables give the
    key that grouping the cards one by one gives."""
    from itertools import combinations

    from stud.hands.board import _grouped_key

    boards: list[tuple[int, ...]] = [b for n in (1, 2, 3) for b in combinations(range(52), n)]
    rng = random.Random(28)
    boards += [tuple(rng.sample(range(52), n)) for n in (4, 5) for _ in range(6000)]
    for board in boards:
        cards = list(board)
        assert board_key(cards, ranking) == _grouped_key(cards, ranking, "suit", (), "none")
    for board in boards[::7]:  # with wild ranks that none of the cards shows
        ranks = {(c >> 2) + 2 for c in board}
        wild = tuple(r for r in (2, 9, 14) if r not in ranks)
        cards = list(board)
        assert board_key(cards, ranking, wild_ranks=wild) == _grouped_key(
            cards, ranking, "suit", wild, "none"
        )

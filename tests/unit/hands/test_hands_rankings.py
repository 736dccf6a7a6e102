"""The rankings beyond high and ace-to-five/six, against oracles and slow references.

PokerKit (pinned in the test extra) evaluates deuce-to-seven and badugi independently;
the other rankings are checked against small, obviously-correct references written
from their definitions here (nothing shared with ``stud.hands``).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hands_reference import assert_same_order, high_value
from stud.cards import Card, parse_cards
from stud.hands import RANKING_NAMES, board_key, evaluate, ranking

SEED = 20261201


def _hands(count: int, size: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [rng.sample(range(52), size) for _ in range(count)]


def _text(hand: list[int]) -> str:
    return "".join(str(Card(c)) for c in hand)


def test_deuce_to_seven_against_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    pairs = []
    for hand in _hands(4000, 7, SEED):
        theirs = pokerkit.StandardLowHand.from_game(_text(hand))
        value = evaluate(hand, "deuce-to-seven")
        assert value is not None
        pairs.append((theirs, value.strength))
    assert_same_order(pairs)


def test_badugi_against_pokerkit() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    pairs = []
    for size in (4, 5, 7):
        for hand in _hands(2000, size, SEED + size):
            theirs = pokerkit.BadugiHand.from_game(_text(hand))
            value = evaluate(hand, "badugi")
            assert value is not None
            pairs.append((theirs, value.strength))
    assert_same_order(pairs)


def _badugi_reference(cards: list[Card], aces_high: bool) -> tuple[int, tuple[int, ...]]:
    """(cards in the hand, negated ranks from the top): bigger is better."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, min(4, len(cards)) + 1):
        for combo in combinations(cards, size):
            if len({c.rank for c in combo}) == size == len({c.suit for c in combo}):
                ranks = sorted(
                    (c.rank if aces_high or c.rank != 14 else 1 for c in combo), reverse=True
                )
                best = max(best, (size, tuple(-r for r in ranks)))
    return best


def test_badugi_aces_high_against_reference() -> None:
    pairs = []
    for hand in _hands(3000, 7, SEED + 10):
        value = evaluate(hand, "badugi-aces-high")
        assert value is not None
        pairs.append((_badugi_reference([Card(c) for c in hand], True), value.strength))
    assert_same_order(pairs)
    assert (
        evaluate(parse_cards("5c 4d 3h 2s"), "badugi-aces-high").strength
        > evaluate(parse_cards("Ac 2d 3h 4s"), "badugi-aces-high").strength
    )


def _razz_high_reference(cards: list[Card]) -> tuple[int, tuple[int, ...]]:
    """Classes as ace-to-five (fewer and smaller groups first), then the higher ranks."""
    best: tuple[int, tuple[int, ...]] | None = None
    for five in combinations(cards, 5):
        ranks = [1 if c.rank == 14 else c.rank for c in five]
        counts = Counter(ranks)
        shape = tuple(sorted(counts.values(), reverse=True))
        order = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
        shapes = [(4, 1), (3, 2), (3, 1, 1), (2, 2, 1), (2, 1, 1, 1), (1, 1, 1, 1, 1)]
        value = (shapes.index(shape), order)
        best = value if best is None or value > best else best
    assert best is not None
    return best


def test_razz_high_against_reference() -> None:
    pairs = []
    for hand in _hands(3000, 7, SEED + 20):
        value = evaluate(hand, "razz-high")
        assert value is not None
        pairs.append((_razz_high_reference([Card(c) for c in hand]), value.strength))
    assert_same_order(pairs)


def test_razz_high_order_of_the_source() -> None:
    """Unpaired beats paired; king-queen is the best unpaired pair of cards, aces low."""
    kq = evaluate(parse_cards("Kc Qd Jh 9s 8c"), "razz-high")
    a2 = evaluate(parse_cards("5c 4d 3h 2s Ac"), "razz-high")
    kings = evaluate(parse_cards("Kc Kd Qh Js 9c"), "razz-high")
    aces = evaluate(parse_cards("Ac Ad Kh Qs Jc"), "razz-high")
    assert kq.strength > a2.strength > kings.strength > aces.strength  # type: ignore[union-attr]


def _soko_reference(five: list[Card]) -> tuple[int, tuple[int, ...]]:
    category, order = high_value([(c.rank, c.suit) for c in five])
    if category >= 2:  # two pair and above: moved up by the two soko classes
        return (category + 2, order)
    suits = Counter(c.suit for c in five)
    suit, count = suits.most_common(1)[0]
    if count == 4:
        flush = sorted((c.rank for c in five if c.suit == suit), reverse=True)
        return (3, tuple(flush + [c.rank for c in five if c.suit != suit]))
    ranks = {c.rank for c in five} | ({1} if any(c.rank == 14 for c in five) else set())
    for top in range(14, 3, -1):
        if all(r in ranks for r in range(top - 3, top + 1)):
            rest = [c.rank for c in five]
            for r in range(top - 3, top + 1):
                rest.remove(14 if r == 1 else r)
            return (2, (top, rest[0]))
    return (category, order)


def test_soko_against_reference() -> None:
    pairs = []
    for hand in _hands(3000, 5, SEED + 30):
        value = evaluate(hand, "soko")
        assert value is not None
        pairs.append((_soko_reference([Card(c) for c in hand]), value.strength))
    assert_same_order(pairs)
    four_flush = evaluate(parse_cards("Kh 9h 6h 2h Qc"), "soko")
    two_pair = evaluate(parse_cards("3c 3d 2h 2s 4c"), "soko")
    pair = evaluate(parse_cards("Ac Ad Kh Qs 9c"), "soko")
    assert two_pair.strength > four_flush.strength > pair.strength  # type: ignore[union-attr]


def test_stripped_pack_straights_and_flush_over_full_house() -> None:
    stripped = (8, 9, 10)

    def value(text: str) -> int:
        hand = evaluate(parse_cards(text), "stripped-high", stripped=stripped)
        assert hand is not None
        return hand.strength

    assert value("7c Jd Qh Ks As") > value("5c 6d 7h Js Qc") > value("Ac Ad Ah 2c 3d")
    assert value("Kh 9h 6h 2h 3h") > value("Ac Ad Ah Kc Kd") > value("7c Jd Qh Ks As")
    assert value("Ac 2d 3h 4s 5c") < value("2c 3d 4h 5s 6c")
    assert evaluate(parse_cards("6c 7d Jh Qs Kc"), "stripped-high").name == "high card, king"
    # with nothing stripped it is the high ranking, but for the flush above the full house
    pairs = []
    for hand in _hands(2000, 5, SEED + 40):
        hv = evaluate(hand, "stripped-high")
        assert hv is not None
        reference = high_value([(Card(c).rank, Card(c).suit) for c in hand])
        swapped = {5: 6, 6: 5}.get(reference[0], reference[0])
        pairs.append(((swapped, reference[1]), hv.strength))
    assert_same_order(pairs)


def test_two_card_hands_exhaustively() -> None:
    high, low = [], []
    for two in combinations(range(52), 2):
        a, b = Card(two[0]), Card(two[1])
        pair = a.rank == b.rank
        hv = evaluate(two, "two-card-high")
        lv = evaluate(two, "two-card-low")
        assert hv is not None and lv is not None
        high.append(((pair, sorted((a.rank, b.rank), reverse=True)), hv.strength))
        lows = sorted((1 if c.rank == 14 else c.rank for c in (a, b)), reverse=True)
        low.append(((-pair, [-r for r in lows]), lv.strength))
    assert_same_order([((p, tuple(r)), s) for (p, r), s in high])
    assert_same_order([((p, tuple(r)), s) for (p, r), s in low])
    assert evaluate(parse_cards("Ac 2d"), "two-card-low").name == "two-ace low"


def test_one_card_and_football() -> None:
    assert evaluate(parse_cards("As Ks 2s"), "one-card-high").name == "ace of spades"
    assert evaluate(parse_cards("As Ks 2s"), "one-card-low").name == "two of spades"
    hand = evaluate(parse_cards("6c 6d 6h 6s 3c 3d 3h"), "football")
    assert hand is not None and hand.name == "33 points" and len(hand.cards) == 7
    assert evaluate(parse_cards("Ac Kd Qh Js 9c 8d 7h"), "football").name == "1 point"


def test_action_razz_examples() -> None:
    """The face card decides first, then the ace-to-five low (the source's examples)."""

    def value(text: str) -> int:
        hand = evaluate(parse_cards(text), "action-razz")
        assert hand is not None
        return hand.strength

    butt_wheel = value("Ah 2h 3s 4c 5d 6s 7c")
    face_full = value("Kh Kd Ks Kc Qd Qs Qc")
    assert face_full > butt_wheel
    one, two, three = (
        value("2h 2d 3s 3c 4d 5s 7c"),
        value("Ah Ad 2s 4c 4h 6s 8c"),
        value("3h 5d 7s 8d 9h Qs Kc"),
    )
    assert three > one > two
    shown = evaluate(parse_cards("3h 5d 7s 8d 9h Qs Kc"), "action-razz")
    assert shown is not None and [str(c) for c in shown.cards] == [
        "9h",
        "8d",
        "7s",
        "5d",
        "3h",
        "Kc",
    ]
    again = evaluate(shown.cards, "action-razz")
    assert again is not None and again.strength == shown.strength


@pytest.mark.parametrize("name", RANKING_NAMES)
def test_every_ranking_reads_its_cards_back(name: str) -> None:
    """The cards a hand plays are worth exactly the hand (what `shows` judges)."""
    row = ranking(name)
    for hand in _hands(300, 7, SEED + len(name)):
        value = evaluate(hand, name)
        assert value is not None
        again = evaluate(value.cards, name) if len(value.cards) >= row.fewest else None
        assert again is not None and again.strength == value.strength, (name, value)


@pytest.mark.parametrize("name", RANKING_NAMES)
def test_every_ranking_reads_boards(name: str) -> None:
    rng = random.Random(SEED)
    for size in range(1, 6):
        cards = parse_cards([str(Card(c)) for c in rng.sample(range(52), size)])
        key = board_key(cards, name)
        assert key[0] >= 0 and len(key) >= 2


def test_low_boards_of_the_new_rankings() -> None:
    def best(ranking_name: str, *boards: str) -> str:
        return max(boards, key=lambda b: board_key(parse_cards(b), ranking_name))

    assert best("deuce-to-seven", "Ac 2d", "7c 2d", "3c 3d") == "7c 2d"
    assert best("razz-high", "Ac 2d", "Kc Qd", "Kh Kd") == "Kc Qd"
    assert best("action-razz", "Ac 2d", "Jc 9d") == "Jc 9d"
    assert best("football", "6c 3d", "Ac Kd", "2c 2d") == "6c 3d"
    assert best("badugi", "Ac 2c", "Kc Qd") == "Kc Qd"


def test_exact_hand_making_against_brute_force() -> None:
    from stud.hands.making import make_hand

    rng = random.Random(SEED + 50)
    for _ in range(200):
        cards = rng.sample(range(52), 12)
        down, up, board = cards[:3], cards[3:7], cards[7:]
        made = make_hand(down, up, board, "high", own=2, common_count=3)
        best = max(
            high_value([(Card(c).rank, Card(c).suit) for c in two + three])
            for two in combinations(down + up, 2)
            for three in combinations(board, 3)
        )
        assert made is not None
        again = evaluate(made.cards, "high")
        assert again is not None and again.strength == made.strength
        assert high_value([(c.rank, c.suit) for c in made.cards]) == best
        assert sum(1 for c in made.cards if int(c) in board) == 3


def test_minimum_hands_qualify_at_the_source_encoding() -> None:
    """Row 59's high qualifier [8, 558]: the 558th best two pair, nines and eights with a
    five, or better."""
    from stud.hands.making import make_hand

    floor = "9s 9h 8s 8h 5d"
    assert make_hand(parse_cards("9c 9d 8c 8d 5h"), [], [], "high", minimum=floor) is not None
    assert make_hand(parse_cards("9c 9d 8c 8d 4h"), [], [], "high", minimum=floor) is None
    assert make_hand(parse_cards("Tc Td 2c 2d 3h"), [], [], "high", minimum=floor) is not None
    assert make_hand(parse_cards("Ac Ad Kc Qd 3h"), [], [], "high", minimum=floor) is None

"""Reading exposed cards: who opens a later street, and who brings in.

**High boards** (ROUND-04, DEAL-10) count only groups of equal ranks: pairs, two pair,
trips, quads, and with five exposed cards a full house; straights and flushes never
count.  Any pair beats any unpaired board, then ranks decide, aces high.

**Low boards** (``ace-to-five`` and ``ace-to-six``, ROUND-12) are read the other way
round: aces low, the fewer and lower the groups the better, then the lowest top card.
On fewer than five cards straights and flushes do not exist, and on five exposed cards
they are not counted either (DEAL-10), so both low rankings read boards alike.

Wild cards on a board (when the ruleset reads them as wild) join the best group of a high
board (aces if alone) and become the lowest rank not yet showing on a low board; the bug
joker reads as an ace on a high board.

**Suit ties** (``ties="suit"``, ROUND-06 and ROUND-12).  The groups of a board are put in
comparison order (bigger group first, then higher rank for high boards, higher rank
with aces low for low boards).  For a high board each group is represented by its
highest-suited natural card and the higher suit acts first: the "highest card" of
3s 3c is the 3s, of As Kc the As.  For a low board everything is mirrored, as in the
source's Razz example (6d-2c against 6c-2s: the second acts first since its six is the
club): each group is represented by its lowest-suited card and the lower suit acts
first.  A group made only of wild cards is represented by those cards; the joker has no
suit and loses every suit tie.  Later groups break ties left by the first, so boards
sharing a community card still get a strict order.

ROUND-05, on fourth street:

>>> from stud.cards import parse_cards as cards
>>> def best(*boards): return max(boards, key=lambda b: board_key(cards(b)))
>>> best("As Ah", "Ks Kh", "2c 2d", "As Ks", "2c 3c")
'As Ah'
>>> min(["As Ah", "2c 2d", "As Ks", "2c 3c", "7h 2d"], key=lambda b: board_key(cards(b)))
'2c 3c'
>>> best("2c 2d", "As Ks")
'2c 2d'

ROUND-06, suits break equal boards:

>>> best("Ah Ks", "As Kc"), best("3h 3d", "3s 3c")
('As Kc', '3s 3c')

ROUND-07, with three cards showing:

>>> sorted(["7c 7d 8h", "Ac Kd Qh", "3c 3d 3h"], key=lambda b: board_strength(cards(b)))
['Ac Kd Qh', '7c 7d 8h', '3c 3d 3h']

ROUND-12, Razz: the lowest board acts first, ties by the suit of the highest card:

>>> best_low = lambda *bs: max(bs, key=lambda b: board_key(cards(b), "ace-to-five"))
>>> best_low("6d 2c", "6c 2s"), best_low("Kc Kd", "Qs Jh"), best_low("Ac 2d", "2c 3d")
('6c 2s', 'Qs Jh', 'Ac 2d')

Bring-in (BRING-01..03, BRING-13): the lowest upcard, aces high, clubs lowest; in Razz
the highest, aces low, spades highest:

>>> min(cards("2d 2c As 3c"), key=bring_in_key)
2c
>>> max(cards("Kc Kh Qs As"), key=lambda c: bring_in_key(c, aces="low"))
Kh
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from stud.cards import SUIT_NAMES, Card
from stud.errors import CardError
from stud.hands import rankings
from stud.hands.boardtable import natural_key
from stud.hands.evaluate import JOKER_MODES, RANKINGS
from stud.hands.strength import LOW_BASE, pattern_grade
from stud.hands.wild import wild_group_rank

TIE_MODES = ("suit", "position")
_NO_SUIT = -1  # what the joker counts as in suit ties (below clubs)


def board_strength(
    up_cards: Iterable[int],
    ranking: str = "high",
    *,
    wild_ranks: Iterable[int] = (),
    joker: str = "none",
) -> int:
    """How good 1 to 5 exposed cards are for acting first: higher acts first."""
    cards = list(map(int, up_cards))
    key = _natural_key(cards, ranking, wild_ranks, joker)
    if key is not None:
        return key[0]
    strength, _ = _read_board(cards, ranking, wild_ranks, joker)
    return strength


def board_key(
    up_cards: Iterable[int],
    ranking: str = "high",
    ties: str = "suit",
    *,
    wild_ranks: Iterable[int] = (),
    joker: str = "none",
) -> tuple[int, ...]:
    """A sort key for boards, bigger acts first.

    With ``ties="suit"`` it is the strength followed by one suit number per group (see the
    module notes), so distinct boards rarely tie; with ``ties="position"`` it is just
    ``(strength,)`` and the caller breaks ties by seat order.
    """
    if ties not in TIE_MODES:
        raise ValueError(f"unknown board tie rule '{ties}'; expected one of suit, position")
    cards = list(map(int, up_cards))
    key = _natural_key(cards, ranking, wild_ranks, joker)
    if key is not None:
        return key if ties == "suit" else key[:1]
    return _grouped_key(cards, ranking, ties, wild_ranks, joker)


def _grouped_key(
    cards: list[int], ranking: str, ties: str, wild_ranks: Iterable[int], joker: str
) -> tuple[int, ...]:
    """:func:`board_key` by grouping the cards one by one (any board, wild cards too)."""
    strength, groups = _read_board(cards, ranking, wild_ranks, joker)
    if ties == "position":
        return (strength,)
    low = ranking != "high" if ranking in RANKINGS else rankings.ranking(ranking).board_suits_low
    suits: list[int] = []
    for group in groups:
        natural = [c for c, is_wild in group if not is_wild]
        members = natural or [c for c, _ in group]
        if low:
            # mirrored: the lowest suit represents the group, and lower is better
            suits.append(3 - min(_suit(c, low=True) for c in members))
        else:
            suits.append(max(_suit(c, low=False) for c in members))
    return (strength, *suits)


def bring_in_key(
    card: int,
    aces: str = "high",
    suit_order: Sequence[str] = ("clubs", "diamonds", "hearts", "spades"),
) -> tuple[int, int]:
    """``(rank, suit position)`` of an upcard: ``min()`` picks the lowest, ``max()`` the highest.

    ``aces="low"`` counts the ace as 1.  ``suit_order`` lists the suits from lowest to
    highest.  A joker counts as an ace of a suit above all the others.

    >>> bring_in_key(Card.parse("Ah")), bring_in_key(Card.parse("Ah"), aces="low")
    ((14, 2), (1, 2))
    """
    if aces not in ("high", "low"):
        raise ValueError(f"unknown ace rule '{aces}'; expected high or low")
    if sorted(suit_order) != sorted(SUIT_NAMES):
        raise ValueError(f"suit order {list(suit_order)} must list each of {SUIT_NAMES} once")
    up = Card(int(card))
    rank = 14 if up.is_joker else up.rank
    if rank == 14 and aces == "low":
        rank = 1
    suit = len(suit_order) if up.is_joker else list(suit_order).index(SUIT_NAMES[up.suit])
    return (rank, suit)


# rankings whose boards the natural tables read, and whether they read them low
TABLE_LOW = {"high": False, "ace-to-five": True, "ace-to-six": True}


def _natural_key(
    board: list[int], ranking: str, wild_ranks: Iterable[int], joker: str
) -> tuple[int, ...] | None:
    """The key from the tables (:mod:`stud.hands.boardtable`) when they can read the
    board: 1 to 5 distinct cards, no joker, none of a wild rank, a ranking they know and a
    known joker rule.  None sends the board (errors included) to :func:`_read_board`."""
    low = TABLE_LOW.get(ranking)
    if low is None or joker not in JOKER_MODES:
        return None
    if wild_ranks:
        wild = set(wild_ranks)
        if any((c >> 2) + 2 in wild for c in board):
            return None
    return natural_key(board, low)


def _suit(card: Card, low: bool) -> int:
    if card.is_joker:
        return 4 if low else _NO_SUIT
    return card.suit


def _read_board(
    up_cards: Iterable[int],
    ranking: str,
    wild_ranks: Iterable[int],
    joker: str,
) -> tuple[int, list[list[tuple[Card, bool]]]]:
    """The board's strength and its cards grouped in comparison order (card, is wild)."""
    board = [Card(int(c)) for c in up_cards]
    reader = None
    if ranking not in RANKINGS:  # a ranking of the table beyond the first three
        row = rankings.ranking(ranking)
        if isinstance(row.board, str):
            ranking = row.board  # read as that ranking's boards
        else:
            reader = row.board
    if joker not in JOKER_MODES:
        raise ValueError(f"unknown joker mode '{joker}'; expected one of {', '.join(JOKER_MODES)}")
    if not 1 <= len(board) <= 5:
        raise CardError(f"a board shows 1 to 5 cards, not {len(board)}")
    if len(set(board)) != len(board):
        raise CardError(f"a card appears twice in {' '.join(map(str, board))}")
    if joker == "none" and any(c.is_joker for c in board):
        raise CardError("a joker is on the board but this ruleset plays no joker")
    wild_set = set(wild_ranks)
    if reader is not None:
        if wild_set or any(c.is_joker for c in board):
            raise ValueError(f"a {ranking} board reads no wild card")
        strength, plain = reader(board)
        return strength, [[(c, False) for c in group] for group in plain]
    low = ranking != "high"
    bug_as_ace = joker == "bug" and not low

    def is_wild(c: Card) -> bool:
        return (c.is_joker and not bug_as_ace) or (not c.is_joker and c.rank in wild_set)

    def natural_rank(c: Card) -> int:
        rank = 14 if c.is_joker else c.rank
        return 1 if low and rank == 14 else rank

    naturals = [c for c in board if not is_wild(c)]
    wilds = [c for c in board if is_wild(c)]
    ranks = [natural_rank(c) for c in naturals]
    placed: list[tuple[Card, int, bool]] = [
        (c, r, False) for c, r in zip(naturals, ranks, strict=True)
    ]
    if low:
        absent = [r for r in range(1, 14) if r not in ranks]
        placed += [(c, r, True) for c, r in zip(wilds, absent, strict=False)]
    else:
        target = wild_group_rank(ranks)
        placed += [(c, target, True) for c in wilds]
    all_ranks = [r for _, r, _ in placed]
    badness_or_grade = pattern_grade(all_ranks)
    strength = LOW_BASE - badness_or_grade if low else badness_or_grade
    order = sorted(set(all_ranks), key=lambda r: (all_ranks.count(r), r), reverse=True)
    groups = [[(c, w) for c, r, w in placed if r == rank] for rank in order]
    return strength, groups

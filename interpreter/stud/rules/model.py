"""The resolved ruleset: frozen dataclasses with keyword fields.

This is the contract between the ruleset files (``rulesets/*.yaml``, validated by
``schemas/ruleset.schema.json``) and the generic engine.  The engine reads these values and
picks behaviour from tables keyed by them; it never looks at ``name``.

Field names are the YAML keys.  Amounts are exact ``Decimal``.  Every literal choice is a
``str`` drawn from the ``*_CHOICES`` tuples below, which the schema repeats as ``enum``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

# --- the closed vocabularies (the schema's enums repeat these) ---------------------------
DEAL_CHOICES = (
    "down",
    "up",
    "down-if-all-up",  # roll your own: face down only to a player showing every card
    "centre",  # one card face up in the centre for everyone
)
OPENER_CHOICES = (
    "bring-in",  # the forced bring-in seat (see BringIn); needs stakes.bring_in
    "best-board",  # best exposed board by board.ranking; ties by board.ties
    "first-left",  # first live player clockwise from the dealer
    "after-big-blind",  # first live player left of the big blind (the blinds' street)
)
BLIND_HEADS_UP_CHOICES = (
    "dealer-small",  # heads-up the dealer posts the small blind, the other player the big
    "dealer-big",  # heads-up the player left of the dealer posts small, the dealer big
)
EXCHANGE_FACE_CHOICES = ("same", "down")  # a new card of the given card's face, or always down
POT_CEILING_CHOICES = (
    "pot-after-call",  # the pot as it would be after the call (POT-01..04)
    "pot-plus-bet",  # the pot (this round's bets in) plus the current bet: the call not counted
)
MIN_RAISE_CHOICES = ("last-increment", "double")  # raise by the last bet/raise, or to twice
TRIGGER_FACE_CHOICES = ("up", "down", "any")
FOLLOW_PREVIOUS_CHOICES = ("kept", "cleared")  # the old wild rank when the trigger card shows
FOLLOW_DOWN_CHOICES = ("skipped", "cancels")  # a down card dealt while a rank is awaited
WILD_RANK_CHOICES = ("this",)  # the trigger card's own rank becomes the wild rank
REFUND_CHOICES = ("ante",)
NEIGHBOURS_FOLD_CHOICES = ("unless-same-rank",)
BET_UNIT_CHOICES = ("small", "big")
BIG_BET_WHEN_CHOICES = ("never", "open-pair")
STRUCTURE_CHOICES = ("fixed-limit", "spread-limit", "pot-limit", "no-limit")
HEADS_UP_CHOICES = (
    "in-hand",  # uncapped while only two players are left in the hand (source 000)
    "round-start",  # uncapped if only two were active when the round began (source 002)
    "never",  # the cap always applies
)
FOLD_WHEN_CHECK_CHOICES = ("refused", "allowed")  # may a player fold when checking is free
# the rankings of stud.hands.rankings (a test keeps them equal), for shares and boards
RANKING_CHOICES = (
    "high",
    "ace-to-five",
    "ace-to-six",
    "deuce-to-seven",
    "badugi",
    "badugi-aces-high",
    "razz-high",
    "action-razz",
    "soko",
    "stripped-high",
    "two-card-high",
    "two-card-low",
    "one-card-high",
    "one-card-low",
    "football",
)
BOARD_RANKING_CHOICES = RANKING_CHOICES
TIE_CHOICES = ("suit", "position")
ODD_CHIP_TIE_CHOICES = ("position", "high-card")
SHOWDOWN_CHOICES = ("cards-speak", "declare")
DECLARE_ORDER_CHOICES = ("in-turn", "simultaneous")
DECLARE_START_CHOICES = ("first-left", "last-aggressor", "best-board")
FAILED_BOTH_CHOICES = ("disqualified",)
JOKER_CHOICES = ("none", "bug", "wild", "bug-up-wild-down")
WILD_BOARD_CHOICES = ("natural", "wild")
ACES_CHOICES = ("high", "low")
CARD_CHOICES = ("lowest", "highest")
# who brings in when the extreme upcard's holder is all in (for the ante): the next
# extreme upcard among the others, or the first player able to bet on the holder's left
BRING_ALL_IN_CHOICES = ("next-card", "next-seat")
UNQUALIFIED_CHOICES = (
    "best-high",  # a pot no share can award goes to the best high hand among its players
    "split",  # ... or is shared equally among them
)
SHARE_NAME_PATTERN = "^[a-z][a-z0-9-]{0,23}$"  # pot share names (what players declare)
CARDS_CHOICES = (
    "all",  # the player's own cards and the common cards
    "own",  # the player's own cards only (down and up)
    "down",  # the player's hole cards only
    "big",  # the bigger hand of a split, with the common cards (SPLIT-03)
    "small",  # the smaller hand of a split: the cards the player set aside
)
SUIT_CHOICES = ("clubs", "diamonds", "hearts", "spades")  # bring_in.suit_order items
DECISION_CHOICES = (
    "discard",  # throw cards away, nothing replaces them (super stud)
    "expose",  # turn face-down cards face up (flip games, roll your own)
    "draw",  # throw cards and get as many new ones (draw poker's draw)
    "split",  # set cards aside as a second, smaller hand (5 + 2 at the showdown)
)
DECISION_ORDER_CHOICES = (
    "in-turn",  # one after another from the dealer's left; each choice is seen at once
    "simultaneous",  # everyone chooses unseen, then every choice is carried out together
)
AMONG_CHOICES = ("down", "up", "any")  # which of a player's cards a decision may pick
DRAWN_FACE_CHOICES = ("same", "down")  # a drawn card's face: as the card it replaces, or down


@dataclass(frozen=True, kw_only=True)
class Seats:
    """How many players may be dealt in (SETUP-01)."""

    min: int = 2
    max: int = 8


@dataclass(frozen=True, kw_only=True)
class Deck:
    """The pack (SETUP-02) and cards put face up in the centre before the deal (ASF-01)."""

    jokers: int = 0
    centre: tuple[str, ...] = ()  # e.g. ("Jk",): taken out of the pack, everyone's card
    # ranks taken out of the pack (2..14, DECK-01: Mexican poker has no 8, 9, 10); the
    # dealer builds the pack without them and straights of a stripped-high share skip them
    stripped: tuple[int, ...] = ()


@dataclass(frozen=True, kw_only=True)
class Dealer:
    """SETUP-04: the button moves one occupied seat clockwise after each hand, or stays."""

    rotates: bool = True


@dataclass(frozen=True, kw_only=True)
class Dealing:
    """DEAL-06 burns; DEAL-08..10 what to do when the pack runs short."""

    burn: bool = True
    reuse_burns: bool = True  # gather burns, shuffle with the stub, deal on (DEAL-08)
    community_card: bool = True  # else: a hand that runs out of cards is an error (DEAL-09)


@dataclass(frozen=True, kw_only=True)
class Stakes:
    """Amounts, exact.  ``bring_in`` None means no bring-in (home game, BRING-12)."""

    chip: Decimal = Decimal("0.01")  # the smallest unit; nothing is split finer
    ante: Decimal = Decimal(0)
    bring_in: Decimal | None = None
    small_bet: Decimal
    big_bet: Decimal
    small_blind: Decimal | None = None  # blinds: posted before the deal, live bets
    big_blind: Decimal | None = None


@dataclass(frozen=True, kw_only=True)
class Blinds:
    """Who posts the blinds: the two players left of the dealer, small then big; heads-up
    by ``heads_up`` (BLIND-01..04)."""

    heads_up: str = "dealer-small"


@dataclass(frozen=True, kw_only=True)
class BringIn:
    """Who is forced to bring in on the first street (BRING-01..03, BRING-13).

    The seat holding the extreme upcard brings in: ``card: lowest`` picks the lowest
    (rank, suit) by ``aces`` and ``suit_order`` (lowest suit first), ``highest`` the highest.
    When that seat is all in (its ante was all it had), ``all_in: next-card`` passes the
    bring-in to the next extreme upcard, ``next-seat`` to the first player on its left who
    can bet (as PokerStars deals).
    """

    card: str = "lowest"
    aces: str = "high"
    suit_order: tuple[str, ...] = ("clubs", "diamonds", "hearts", "spades")
    all_in: str = "next-card"


@dataclass(frozen=True, kw_only=True)
class Board:
    """Reading exposed cards for who opens (ROUND-03..08, ROUND-11..12, DEAL-10)."""

    ranking: str = "high"  # high: only pairs/two pair/trips/quads count; or a low order
    ties: str = "suit"  # suit of the highest card (ROUND-06) or first from the dealer
    wild: str = "natural"  # exposed wild cards read at face value, or as wild


@dataclass(frozen=True, kw_only=True)
class Spread:
    """Spread limit for one street (SPREAD-01..02): every bet and raise within [min, max]."""

    min: Decimal
    max: Decimal


@dataclass(frozen=True, kw_only=True)
class Exchange:
    """An exchange round before the street's cards (ENGLISH-02..04)."""

    price: Decimal = Decimal(0)  # paid into the pot; not a bet, not matched
    face: str = "same"  # the new card's face: as the card given up, or always down (BUY-01)


@dataclass(frozen=True, kw_only=True)
class Decision:
    """A round in which every player still in makes the same choice of cards (DECIDE-01).

    ``count`` cards are chosen among the player's ``among`` cards; with ``at_least`` below
    it, any number from ``at_least`` to ``count`` (draw up to three: ``at_least: 0``).
    ``order`` says whether the others see each choice as it is made (``in-turn``) or
    only once everyone has chosen (``simultaneous``).
    """

    kind: str
    count: int = 1
    at_least: int | None = None  # the fewest cards; None: exactly ``count``
    among: str = "down"
    order: str = "in-turn"
    drawn_face: str = "same"  # draw: the new card's face
    down_in_each: int = 0  # split: each hand keeps at least this many face-down cards
    big_beats_small: bool = False  # split: the bigger hand must outrank the smaller

    @property
    def fewest(self) -> int:
        """The fewest cards a player may choose.

        >>> Decision(kind="draw", count=3, at_least=0).fewest, Decision(kind="discard").fewest
        (0, 1)
        """
        return self.count if self.at_least is None else self.at_least


@dataclass(frozen=True, kw_only=True)
class Street:
    """One row of the street table, played in order: exchange or decisions, burn+deal,
    betting.

    ``deal`` lists the cards each live player gets, in order (each position dealt round the
    table before the next).  ``deal_if_players_at_most`` deals the street only when no more
    than that many players were dealt in (ENGLISH-04).  ``bet`` None means no betting.
    ``ties`` settles equal boards for this street's opener (:meth:`tie_rule`).
    """

    name: str
    deal: tuple[str, ...] = ()
    deal_if_players_at_most: int | None = None
    exchange: Exchange | None = None
    decide: tuple[Decision, ...] = ()  # decision rounds before the deal, in order
    opener: str = "best-board"
    bet: str | None = "small"
    big_bet_when: str = "never"  # LIMIT-04/06/07
    spread: Spread | None = None  # required for spread-limit
    ties: str | None = None  # equal boards on this street; None: board.ties (BRING-12, ROUND-06)

    def tie_rule(self, board: Board) -> str:
        """How equal boards are settled on this street: its own ``ties``, else ``board.ties``.

        >>> Street(name="third", ties="position").tie_rule(Board(ties="suit"))
        'position'
        >>> Street(name="fourth").tie_rule(Board(ties="suit"))
        'suit'
        """
        return self.ties or board.ties


@dataclass(frozen=True, kw_only=True)
class Betting:
    """The betting structure (LIMIT, CAP, SPREAD, POT, all-in)."""

    structure: str = "fixed-limit"
    max_raises: int | None = 3  # raises after the bet (the completion is the bet); None = no cap
    uncapped_heads_up: str = "in-hand"  # CAP-02
    big_bet_locks: bool = True  # LIMIT-05: after a big bet on an open-pair street, all big
    reopen_fraction: Decimal = Decimal("0.5")  # a short all-in raise reopens only if >= this
    # fraction of a full raise (Robert's rule: half a bet in limit; 1 in pot/no limit)
    fold_when_check: str = "refused"  # "allowed": fold is offered even when check is free
    pot_ceiling: str = "pot-after-call"  # pot limit's largest bet or raise (MNP-01)
    min_raise: str = "last-increment"  # pot and no limit: the smallest raise (MNP-02)


@dataclass(frozen=True, kw_only=True)
class Share:
    """One share of every pot: the whole pot, a half (hi/lo), a third...

    ``name`` is free (what players declare); ``ranking`` a row of the rankings table.
    ``cards`` says which cards make the hand, ``own`` and ``common`` exact numbers of the
    player's and of the common cards (Omaha style), ``suit`` keeps one suit only.  A hand
    qualifies when it meets ``qualifier`` (low rankings: five distinct ranks at most this)
    and is at least as good as ``minimum`` (cards).  A share nobody wins goes to the
    share named by ``fallback``, else the pot is cut among the shares that have winners.
    """

    name: str
    ranking: str = "high"
    qualifier: int | None = None
    minimum: str | None = None  # e.g. "9s 9h 8s 8h 5d": that hand or better qualifies
    cards: str = "all"
    own: int | None = None
    common: int | None = None
    suit: str | None = None
    fallback: str | None = None


@dataclass(frozen=True, kw_only=True)
class Wild:
    """Wild cards (WILD-01, LOWHOLE-01..02, ASF-02)."""

    ranks: tuple[int, ...] = ()  # every card of these ranks is wild for everyone
    low_hole: bool = False  # each player's lowest down card's rank is wild for them
    joker: str = "none"  # "bug": ace or straight/flush filler; "wild": any card;
    # "bug-up-wild-down": a bug when dealt face up, fully wild when dealt face down


@dataclass(frozen=True, kw_only=True)
class Trigger:
    """Which dealt cards fire an event: their face, rank or exact card, and how many of
    the rank have shown face up (EVENT-01)."""

    face: str = "up"
    ranks: tuple[int, ...] = ()  # any of these ranks (empty: any rank)
    cards: tuple[str, ...] = ()  # or exactly these cards, e.g. ("4c",)
    shown: int | None = None  # only the n-th card of its rank dealt face up (2: a pair shows)


@dataclass(frozen=True, kw_only=True)
class WildFollows:
    """The rank of the next card dealt face up becomes the wild rank (EVENT-02..04)."""

    previous: str = "kept"  # "cleared": the old wild rank goes as soon as the trigger shows
    down_card: str = "skipped"  # "cancels": a down card dealt next ends the wait


@dataclass(frozen=True, kw_only=True)
class ExtraCard:
    """The holder of the trigger card is dealt one more card at once (EVENT-05)."""

    face: str = "down"
    most: int | None = None  # at most this many extra cards in a hand (None: no limit) ...
    most_from_players: int = 2  # ... when at least this many players were dealt in


@dataclass(frozen=True, kw_only=True)
class Event:
    """A row of the event table: when a dealt card matches ``when``, its effect happens at
    once.  Exactly one effect is set (EVENT-01..09)."""

    name: str
    when: Trigger = field(default_factory=Trigger)
    wild_follows: WildFollows | None = None
    wild_rank: str | None = None  # "this": the card's rank is the new wild rank
    extra_card: ExtraCard | None = None
    refund: str | None = None  # "ante": the holder takes the ante back from the pot
    neighbours_fold: str | None = None  # "unless-same-rank": both neighbours fold unless
    # each throws away a card of the trigger's rank


@dataclass(frozen=True, kw_only=True)
class Pot:
    """Splitting (SHOW-05, HILO-07..10)."""

    shares: tuple[Share, ...]
    split_unit: Decimal | None = None  # halve pots in this unit (HILO-10); None = stakes.chip
    odd_chip_share: str = "high"  # the share that takes an odd unit (HILO-08)
    odd_chip_tie: str = "position"  # among tied winners: first from the dealer, or high card
    # a pot with no winner for any share (no qualifying hand); None: best-high, and a
    # ruleset where every share has a qualifier must choose
    unqualified: str | None = None


@dataclass(frozen=True, kw_only=True)
class Showdown:
    """Cards speak (SHOW-06) or a declaration (DECL-01..04)."""

    method: str = "cards-speak"
    declare_order: str = "in-turn"
    declare_starts: str = "last-aggressor"
    failed_both: str = "disqualified"


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """A resolved ruleset (after ``extends``)."""

    name: str
    title: str
    description: str
    implements: tuple[str, ...] = ()
    seats: Seats = field(default_factory=Seats)
    deck: Deck = field(default_factory=Deck)
    dealer: Dealer = field(default_factory=Dealer)
    dealing: Dealing = field(default_factory=Dealing)
    stakes: Stakes
    blinds: Blinds = field(default_factory=Blinds)
    bring_in: BringIn = field(default_factory=BringIn)
    board: Board = field(default_factory=Board)
    betting: Betting = field(default_factory=Betting)
    streets: tuple[Street, ...]
    wild: Wild = field(default_factory=Wild)
    events: tuple[Event, ...] = ()
    pot: Pot
    showdown: Showdown = field(default_factory=Showdown)
    # the resolved document as plain JSON-able data (amounts as strings), for hashing,
    # the protocol's new_hand and `stud show`
    document: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    source: str = ""  # the file it was loaded from ("" when built in memory)


def stripped_ranks(ruleset: Ruleset) -> tuple[int, ...]:
    """The ranks taken out of the pack, as the hand evaluators read them.

    >>> stripped_ranks(Ruleset(name="r", title="t", description="d", streets=(),
    ...     stakes=Stakes(small_bet=Decimal(1), big_bet=Decimal(2)),
    ...     pot=Pot(shares=(Share(name="high"),)), deck=Deck(stripped=(8, 9, 10))))
    (8, 9, 10)
    """
    return tuple(ruleset.deck.stripped)

"""``stud explain`` for how the house games deal and bet: the pack, blinds, bought cards,
centre cards, the home pot limit and the event table, in plain English (from values,
never from a ruleset's name).  :mod:`stud.docs.explain` calls these.

>>> ranks_phrase([2, 11]), ranks_phrase([8, 9, 10], "or")
('deuces and jacks', 'eights, nines or tens')
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from stud.cards import RANK_NAMES, RANK_PLURALS, SUIT_NAMES, Card
from stud.money import money_text
from stud.rules.model import Event, Ruleset, Street

_COUNT = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}


def _m(rs: Ruleset, amount: Decimal) -> str:
    return money_text(amount, rs.stakes.chip)


def rank_plural(rank: int) -> str:
    """The rank in the plural as players say it: ``deuces``, ``sevens``, ``aces``."""
    return "deuces" if rank == 2 else RANK_PLURALS.get(rank, str(rank))


def ranks_phrase(ranks: Sequence[int], last: str = "and") -> str:
    words = [rank_plural(r) for r in ranks]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def pack_phrase(rs: Ruleset) -> str:
    """``a 52-card pack``, ``a 40-card pack without eights, nines or tens plus one joker``."""
    deck = rs.deck
    size = 52 - 4 * len(deck.stripped)
    text = f"a {size}-card pack"
    if deck.stripped:
        text += f" without {ranks_phrase(sorted(deck.stripped), 'or')}"
    if deck.jokers:
        text += f" plus {_COUNT[deck.jokers]} joker"
    return text


def blinds_line(rs: Ruleset) -> str:
    """The blinds (BLIND-01..05), or "" for a game without them."""
    st = rs.stakes
    if st.small_blind is None or st.big_blind is None:
        return ""
    heads_up = (
        "the dealer posts the small blind and the other player the big one"
        if rs.blinds.heads_up == "dealer-small"
        else "the player left of the dealer posts the small blind and the dealer the big one"
    )
    return (
        f"No bring-in: before the deal the first player left of the dealer posts a small "
        f"blind of {_m(rs, st.small_blind)} and the next a big blind of {_m(rs, st.big_blind)} "
        f"(heads-up {heads_up}). The blinds are live bets of the first round, which the "
        "player left of the big blind opens; when everyone only calls, the big blind may "
        "still raise."
    )


def exchange_phrase(rs: Ruleset, st: Street) -> str:
    """What a street's exchange round lets a player do (ENGLISH-02, BUY-01)."""
    assert st.exchange is not None
    price = st.exchange.price
    cost = f" for {_m(rs, price)} paid into the pot" if price else " free"
    if st.exchange.face == "down":
        return (
            f"first each player may throw away any one card and buy a new one{cost}, dealt "
            "face down"
        )
    return f"first each player may exchange one card{cost}"


def betting_lines(rs: Ruleset) -> list[str]:
    """The home pot limit (MNP-01, MNP-02), when the ruleset uses it."""
    b, lines = rs.betting, []
    if b.structure == "pot-limit" and b.pot_ceiling == "pot-plus-bet":
        lines.append(
            "A bet may reach the pot, and a raise the pot (this round's bets in) plus the "
            "current bet: the call is not counted."
        )
    if b.min_raise == "double":
        lines.append("A raise goes to at least twice the current bet.")
    if rs.stakes.chip > Decimal("0.01") and rs.stakes.chip == rs.stakes.ante:
        lines.append(f"Every amount is a whole number of antes ({_m(rs, rs.stakes.chip)}).")
    return lines


def rank_single(rank: int) -> str:
    """``deuce``, ``four``, ``ace``."""
    return "deuce" if rank == 2 else RANK_NAMES.get(rank, str(rank))


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "ae" else f"a {word}"


def _trigger(event: Event) -> str:
    """The cards that fire an event: ``a queen is dealt face up``."""
    when = event.when
    face = {"up": "dealt face up", "down": "dealt face down", "any": "dealt"}[when.face]
    if when.cards:
        names = " or ".join(f"the {_card_name(c)}" for c in when.cards)
        return f"{names} is {face}"
    if when.shown is not None:
        nth = _ORDINAL.get(when.shown, f"{when.shown}th")
        rank = (
            "a rank" if not when.ranks else f"one of the {ranks_phrase(sorted(when.ranks), 'or')}"
        )
        return f"{rank} is {face} for the {nth} time in the hand"
    if not when.ranks:
        return f"a card is {face}"
    if len(when.ranks) == 1:
        return f"{_a(rank_single(when.ranks[0]))} is {face}"
    return f"one of the {ranks_phrase(sorted(when.ranks), 'or')} is {face}"


def _card_name(text: str) -> str:
    """``four of clubs``."""
    card = Card.parse(text)
    return "joker" if card.is_joker else f"{RANK_NAMES[card.rank]} of {SUIT_NAMES[card.suit]}"


def event_line(rs: Ruleset, event: Event) -> str:
    """One row of the event table as a sentence (EVENT-01..09)."""
    when = f"Whenever {_trigger(event)}"
    if event.wild_follows is not None:
        follows = event.wild_follows
        text = f"{when}, the next card dealt face up names the wild rank, for everyone"
        if follows.down_card == "skipped":
            text += " (face-down cards are passed over)"
        else:
            text += " (a face-down card dealt next names nothing and the old rank stays)"
        if follows.previous == "cleared":
            text += "; the rank wild before stops being wild at once"
        else:
            text += "; the rank wild before stays wild until then"
        return text + "."
    if event.wild_rank == "this":
        return (
            f"{when}, every card of its rank becomes wild for everyone, replacing the rank "
            "wild before."
        )
    if event.extra_card is not None:
        extra = event.extra_card
        text = f"{when}, its holder is dealt one more card face {extra.face} at once"
        if extra.most is not None:
            table = (
                f" with {extra.most_from_players} players or more"
                if extra.most_from_players > rs.seats.min
                else ""
            )
            most = _COUNT[extra.most] if extra.most < len(_COUNT) else str(extra.most)
            text += f"; at most {most} extra cards a hand{table}"
        return text + "."
    if event.refund == "ante":
        return f"{when}, its holder takes the ante back out of the pot."
    if event.neighbours_fold is not None:
        return (
            f"{when}, each player seated beside its holder must throw away a card of the same "
            "rank (one in the hole if they have one) or fold at once."
        )
    return ""  # pragma: no cover - the validator requires one effect


def events_lines(rs: Ruleset) -> list[str]:
    """The event table, one sentence a row, with what every event has in common."""
    if not rs.events:
        return []
    lines = [event_line(rs, e) for e in rs.events]
    lines.append(
        "An event happens the moment its card is dealt to a player, before the next card; "
        "cards in the centre and exchanged cards fire none."
    )
    return lines

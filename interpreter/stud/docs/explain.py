"""A ruleset in plain English, phrased from its values through tables (never its name).

>>> words(3), words(12)
('three', '12')
>>> raises_phrase(3), raises_phrase(None), raises_phrase(0)
('a bet and three raises', 'a bet and any number of raises', 'a bet and no raise')
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from stud.cards import Card
from stud.docs.decisions import DEAL_FACE, decisions_phrase
from stud.docs.explain_deal import (
    betting_lines,
    blinds_line,
    events_lines,
    exchange_phrase,
    pack_phrase,
    ranks_phrase,
)
from stud.docs.shares_text import (
    board_phrase,
    cut_sentence,
    declare_choices,
    named_shares,
    scoop_phrase,
    share_phrase,
    unwon_sentences,
)
from stud.hands import ranking
from stud.money import fmt, money_text
from stud.rules.model import Ruleset, Street

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

STRUCTURES = {
    "fixed-limit": "Fixed limit",
    "spread-limit": "Spread limit",
    "pot-limit": "Pot limit",
    "no-limit": "No limit",
}
HEADS_UP = {
    "in-hand": "unlimited heads-up (once only two players are left in the hand)",
    "round-start": "unlimited when only two players were in at the start of the round",
    "never": "the cap applies even heads-up",
}
OPENERS = {
    "bring-in": "the bring-in opens",
    "best-board": "the best board acts first",
    "first-left": "the first player left of the dealer acts first",
    "after-big-blind": "the player left of the big blind acts first",
}
BIG_BET_WHEN = {
    "never": "",
    "open-pair": "or big bets ({big}) when any board shows a pair",
}
RANKINGS = {
    "high": "high hand",
    "ace-to-five": "ace-to-five low (aces low, straights and flushes ignored)",
    "ace-to-six": "ace-to-six low (aces low, straights and flushes count against you)",
}
BOARD_RANKINGS = {
    "high": "the best board counts pairs, trips and quads only (no straights or flushes)",
    "ace-to-five": "the best board is the lowest, ace-to-five (pairs are bad)",
    "ace-to-six": "the best board is the lowest, ace-to-six",
}
BOARD_TIES = {
    "suit": "equal boards are broken by the suit of the highest card",
    "position": "equal boards go to the first of them clockwise from the dealer",
}
ODD_CHIP_TIES = {
    "position": "the first winner clockwise from the dealer",
    "high-card": "the winner with the highest card by suit",
}
JOKERS = {
    "none": "",
    "bug": "the joker is a bug: an ace, or any card that completes a straight or a flush",
    "wild": "the joker is wild",
    "bug-up-wild-down": "the joker is a bug when dealt face up (an ace, or any card that "
    "completes a straight or a flush) and wild when dealt face down",
}
SHOWDOWNS = {
    "cards-speak": "Cards speak at the showdown",
    "declare": "Before the showdown each player declares high, low or both",
}
DECLARE_ORDER = {
    "in-turn": "in turn",
    "simultaneous": "all at once: each player hides chips in a closed hand and all hands "
    "open together",
}
DECLARE_STARTS = {
    "first-left": "starting left of the dealer",
    "last-aggressor": "starting with the last bettor or raiser",
    "best-board": "starting with the best board",
}
DEAL = {
    "down": "down",
    "up": "up",
    "down-if-all-up": DEAL_FACE,
    "centre": "face up to the centre",
}
UNQUALIFIED = {
    "best-high": "A pot nobody can win for lack of a qualifying hand goes to the best high "
    "hand among its players.",
    "split": "A pot nobody can win for lack of a qualifying hand is shared equally among its "
    "players.",
}

# labels for the differences of a house ruleset from its parent (dotted path -> words)
LABELS = {
    "stakes.ante": "ante",
    "stakes.bring_in": "bring-in",
    "stakes.small_bet": "small bet",
    "stakes.big_bet": "big bet",
    "stakes.chip": "smallest chip",
    "betting.max_raises": "raises allowed after the bet",
    "betting.structure": "betting structure",
    "betting.uncapped_heads_up": "when heads-up play is uncapped",
    "betting.big_bet_locks": "a big bet on an open pair makes every bet big",
    "betting.reopen_fraction": "part of a full raise a short all-in must reach to reopen",
    "seats.max": "most players",
    "seats.min": "fewest players",
    "bring_in.card": "the bring-in card",
    "bring_in.aces": "aces for the bring-in",
    "bring_in.suit_order": "suit order, lowest first",
    "bring_in.all_in": "who brings in when the bring-in card is all in",
    "board.ranking": "board ranking",
    "board.ties": "board ties",
    "dealing.burn": "burn a card before each street",
    "dealer.rotates": "the dealer button moves",
    "wild.ranks": "wild ranks",
    "wild.joker": "the joker",
    "deck.jokers": "jokers in the pack",
    "showdown.method": "showdown",
    "showdown.declare_order": "declarations",
    "deck.centre": "cards in the centre",
    "pot.split_unit": "unit pots are halved in",
    "pot.odd_chip_tie": "odd chip among tied winners",
    "pot.unqualified": "a pot no hand qualifies for",
    "wild.low_hole": "low hole card wild",
    "stakes.small_blind": "small blind",
    "stakes.big_blind": "big blind",
    "blinds.heads_up": "who posts the blinds heads-up",
    "deck.stripped": "ranks taken out of the pack",
    "betting.pot_ceiling": "largest pot-limit bet",
    "betting.min_raise": "smallest raise",
}


def _m(rs: Ruleset, amount: Decimal) -> str:
    return money_text(amount, rs.stakes.chip)


def words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def raises_phrase(max_raises: int | None) -> str:
    if max_raises is None:
        return "a bet and any number of raises"
    if max_raises == 0:
        return "a bet and no raise"
    return f"a bet and {words(max_raises)} raise{'s' if max_raises != 1 else ''}"


def _join(parts: Sequence[str], last: str = "and") -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def _deal_phrase(deal: Sequence[str]) -> str:
    runs: list[tuple[str, int]] = []
    for d in deal:
        if runs and runs[-1][0] == d:
            runs[-1] = (d, runs[-1][1] + 1)
        else:
            runs.append((d, 1))
    return ", ".join(f"{words(n)} {DEAL.get(d, d)}" for d, n in runs)


def _unit(rs: Ruleset, unit: str | None) -> str:
    if unit == "big":
        return f"big bets ({_m(rs, rs.stakes.big_bet)})"
    return f"small bets ({_m(rs, rs.stakes.small_bet)})"


def _street_bets(rs: Ruleset, st: Street) -> str:
    if st.bet is None:
        return "no betting"
    structure = rs.betting.structure
    if st.spread is not None:
        return f"bets from {_m(rs, st.spread.min)} to {_m(rs, st.spread.max)}"
    if structure == "pot-limit":
        return f"bets from {_m(rs, _unit_amount(rs, st.bet))} up to the pot"
    if structure == "no-limit":
        return f"bets from {_m(rs, _unit_amount(rs, st.bet))} up to all in"
    text = _unit(rs, st.bet)
    extra = BIG_BET_WHEN.get(st.big_bet_when, st.big_bet_when)
    return f"{text} {extra.format(big=_m(rs, rs.stakes.big_bet))}".strip()


def _unit_amount(rs: Ruleset, unit: str) -> Decimal:
    return rs.stakes.big_bet if unit == "big" else rs.stakes.small_bet


def street_line(rs: Ruleset, st: Street) -> str:
    parts = []
    if st.exchange is not None:
        parts.append(exchange_phrase(rs, st))
    parts.append(decisions_phrase(st))
    if st.deal:
        dealt = f"{_deal_phrase(st.deal)}"
        if st.deal_if_players_at_most is not None:
            dealt += f" (only when at most {st.deal_if_players_at_most} players were dealt in)"
        parts.append(dealt)
    if st.bet is not None:
        parts.append(OPENERS.get(st.opener, st.opener))
        parts.append(_street_bets(rs, st))
    else:
        parts.append("no betting")
    return f"{_street_name(st.name)}: " + "; ".join(p for p in parts if p) + "."


def _ties(rs: Ruleset) -> str:
    """The tie rule of the streets a board opens, street by street when they differ."""
    rules: dict[str, list[str]] = {}
    for st in rs.streets:
        if st.bet is not None and st.opener == "best-board":
            rules.setdefault(st.tie_rule(rs.board), []).append(st.name.removesuffix(" street"))
    if len(rules) <= 1:
        return BOARD_TIES.get(next(iter(rules), rs.board.ties), "?")
    parts = []
    for rule, names in rules.items():
        streets = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
        parts.append(f"on {streets} street {BOARD_TIES.get(rule, '?')}")
    return "; ".join(parts)


def _bring_in(rs: Ruleset) -> str:
    bi, st = rs.bring_in, rs.stakes
    if st.bring_in is None:
        opener = rs.streets[0].opener if rs.streets else "best-board"
        return f"No bring-in: on the first street {OPENERS.get(opener, opener)} and may check."
    suits = list(bi.suit_order) if bi.card == "lowest" else list(reversed(bi.suit_order))
    order = "lowest" if bi.card == "lowest" else "highest"
    complete = f"completes to {_m(rs, st.small_bet)}"
    spread = rs.streets[0].spread if rs.streets else None
    if rs.betting.structure == "spread-limit" and spread is not None:
        complete = f"completes to any amount from {_m(rs, spread.min)} to {_m(rs, spread.max)}"
    elif rs.betting.structure in ("pot-limit", "no-limit"):
        limit = "the pot" if rs.betting.structure == "pot-limit" else "all in"
        complete = f"bets from {_m(rs, st.small_bet)} up to {limit}"
    if rs.betting.structure == "fixed-limit" and st.bring_in >= st.small_bet:  # BRING-08/10
        complete = "no more: a bring-in of a full small bet is the bet, called or raised"
    text = (
        f"The {order} upcard brings in for {_m(rs, st.bring_in)} (aces {bi.aces}; "
        f"ties by suit, {order} first: {', '.join(suits)}) or {complete}."
    )
    if bi.all_in == "next-seat":
        text += (
            f" When the {order} upcard's player is all in for the ante, the next player on "
            "their left who can bet brings in."
        )
    return text


def _betting(rs: Ruleset) -> str:
    b = rs.betting
    parts = [STRUCTURES.get(b.structure, b.structure)]
    if b.structure in ("fixed-limit", "spread-limit") or b.max_raises is not None:
        cap = raises_phrase(b.max_raises)
        if b.max_raises is not None:
            cap += ", " + HEADS_UP.get(b.uncapped_heads_up, b.uncapped_heads_up)
        parts.append(cap)
    if any(s.big_bet_when != "never" for s in rs.streets):
        parts.append(
            "after a big bet on an open pair every bet and raise that round is big"
            if b.big_bet_locks
            else "a small raise of a big bet on an open pair is allowed (it uses up a raise)"
        )
    share = Decimal(b.reopen_fraction)
    if share:
        frac = {Decimal("0.5"): "half a raise", Decimal(1): "a full raise"}.get(
            share, f"{fmt(share)} of a raise"
        )
        parts.append(f"a short all-in raise reopens the betting only if it is at least {frac}")
    else:
        parts.append("any all-in raise reopens the betting")
    return "; ".join(parts) + "."


def _share(rs: Ruleset, i: int) -> str:
    return share_phrase(rs.pot.shares[i])


def _showdown(rs: Ruleset) -> str:
    pot, sd = rs.pot, rs.showdown
    lines = []
    qualified = [s for s in pot.shares if s.qualifier is not None or s.minimum or s.suit]
    if len(pot.shares) == 1:
        five = " (best five of the cards)" if ranking(pot.shares[0].ranking).size == 5 else ""
        lines.append(f"At the showdown {_share(rs, 0)} wins the pot{five}.")
    else:
        names = _join(named_shares(rs))
        lines.append(f"At the showdown the pot is split between {names}.")
        lines += unwon_sentences(rs)
        unit = _m(rs, pot.split_unit) if pot.split_unit is not None else _m(rs, rs.stakes.chip)
        lines.append(cut_sentence(rs, unit))
    lines.append(
        f"Among tied winners an odd chip goes to {ODD_CHIP_TIES.get(pot.odd_chip_tie, '?')}."
    )
    if qualified and (len(qualified) == len(pot.shares) or sd.method == "declare"):
        lines.append(UNQUALIFIED.get(pot.unqualified or "best-high", "?"))
    if sd.method == "declare":
        shares = [s.name for s in pot.shares]
        lines.append(
            f"Before the showdown each player declares {declare_choices(shares)}, "
            f"{_declare_order(sd.declare_order, sd.declare_starts)}; {scoop_phrase(shares)}."
        )
    else:
        lines.append(SHOWDOWNS.get(sd.method, sd.method) + ".")
    return " ".join(lines)


def _declare_order(order: str, starts: str) -> str:
    """How the declarations are made: in turn from somewhere, or all at once.

    >>> _declare_order("in-turn", "last-aggressor")
    'in turn, starting with the last bettor or raiser'
    >>> _declare_order("simultaneous", "last-aggressor")
    'all at once: each player hides chips in a closed hand and all hands open together'
    """
    if order == "simultaneous":
        return DECLARE_ORDER[order]
    return f"{DECLARE_ORDER.get(order, order)}, {DECLARE_STARTS.get(starts, starts)}"


def _wild(rs: Ruleset) -> str:
    w, parts = rs.wild, []
    if w.ranks:
        parts.append(ranks_phrase(w.ranks) + " are wild")
    if w.low_hole:
        parts.append("each player's lowest down card, and its rank, is wild for that player")
    parts.append(JOKERS.get(w.joker, w.joker))
    text = "; ".join(p for p in parts if p)
    return (text[0].upper() + text[1:] + ".") if text else ""


def wild_sentence(rs: Ruleset) -> str:
    """What is wild, as one sentence ("" when nothing is)."""
    return _wild(rs)


def _table(rs: Ruleset) -> str:
    d = rs.deck
    pack = pack_phrase(rs)
    text = f"{rs.seats.min} to {rs.seats.max} players; {pack}"
    if d.centre:
        cards = " ".join(Card.parse(c).symbol for c in d.centre)
        text += f"; {cards} face up in the centre is everyone's card"
    text += "; the dealer button " + (
        "moves one seat left each hand" if rs.dealer.rotates else "stays put"
    )
    dl = rs.dealing
    text += "; a card is burned before each street" if dl.burn else "; no burn cards"
    return text + ". " + _run_out(rs)


def _run_out(rs: Ruleset) -> str:
    """What happens when the pack runs short (DEAL-08, DEAL-09)."""
    dl = rs.dealing
    steps = []
    if dl.burn and dl.reuse_burns:
        steps.append("the burned cards are shuffled and dealt")
    if dl.community_card:
        steps.append("a last card is dealt face up in the centre for everyone")
    if not steps:
        return "Running out of cards is not allowed."
    return "If the pack runs short, " + ", then ".join(steps) + "."


def explain(rs: Ruleset) -> list[str]:
    """The ruleset as a list of English sentences/paragraphs, in playing order."""
    st = rs.stakes
    lines = [_table(rs)]
    stakes = f"Ante {_m(rs, st.ante)}" if st.ante else "No ante"
    lines.append(f"{stakes}; small bet {_m(rs, st.small_bet)}, big bet {_m(rs, st.big_bet)}.")
    lines.append(blinds_line(rs) or _bring_in(rs))
    for street in rs.streets:
        lines.append(street_line(rs, street))
    lines.append(_betting(rs))
    lines.extend(betting_lines(rs))
    if any(s.opener == "best-board" for s in rs.streets):
        board = BOARD_RANKINGS.get(rs.board.ranking) or board_phrase(rs.board.ranking)
        lines.append(f"To pick who acts first, {board}; {_ties(rs)}.")
    wild = _wild(rs)
    if wild:
        if any(s.opener == "best-board" for s in rs.streets):
            face = "as wild" if rs.board.wild == "wild" else "at face value"
            wild += f" Exposed wild cards count {face} when boards are compared."
        lines.append(wild)
    lines.extend(events_lines(rs))
    lines.append(_showdown(rs))
    return lines


# --- words for the change list of a house ruleset (stud.docs.changes) -----------------

STREET_FIELDS = {
    "deal": "cards dealt",
    "opener": "who acts first",
    "bet": "bet unit",
    "big_bet_when": "big bet allowed",
    "spread.min": "smallest bet",
    "spread.max": "largest bet",
    "spread": "spread",
    "exchange.price": "exchange price",
    "exchange": "exchange round",
    "decide": "decision rounds",
    "deal_if_players_at_most": "dealt only with at most this many players",
}


def _street_name(name: str) -> str:
    label = name.capitalize()
    return label if label.lower().endswith("street") else f"{label} street"

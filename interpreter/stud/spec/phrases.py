"""The English of the steps: action phrases and lists of legal actions.

Protocol amounts are the seat's *total* for the street after the action; English says how
many chips a call adds.  So ``call 0.40`` in a step means "the call adds 0.40", while
``raise to 1.00``, ``complete to 0.50`` and ``bet 0.50`` name the total.

>>> parse_action("raises to 1.00")
Phrase(action='raise', amount=Decimal('1.00'), declare=None, cards=())
>>> parse_action("bring in"), parse_action("declares both").declare
(Phrase(action='bring_in', amount=None, declare=None, cards=()), 'both')
>>> parse_options("fold, call 0.50 or raise to 1.00")
['call 0.50', 'fold', 'raise to 1']
>>> parse_options("check, bet between 1 and 5.00")
['bet between 1 and 5', 'check']
>>> legal_display([{"action": "call", "amount": "0.50"}, {"action": "raise", "min": "1",
...     "max": "1.00"}], bet="0.10")
['call 0.40', 'raise to 1']

Decisions (protocol 1.2) name the cards chosen; their options say how many:

>>> parse_action("discards Kd 7c").cards, parse_action("exposes no card")
(('Kd', '7c'), Phrase(action='expose', amount=None, declare=None, cards=()))
>>> parse_options("replace up to 3 cards"), parse_options("split off 2 cards")
(['replace up to 3 cards'], ['split off 2 cards'])
>>> legal_display([{"action": "expose", "cards_min": 0, "cards_max": 1, "choices": ["Kd"]}])
['expose up to 1 card']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stud.cards import format_cards, parse_cards
from stud.errors import StudError
from stud.money import fmt, to_money

AMOUNT = r"\$?\d+(?:\.\d+)?"
CARDS = (
    r"(?:(?:10|[2-9TJQKA])[cdhs♣♦♥♠]|Jk|Joker)(?:[ ,]+(?:(?:10|[2-9TJQKA])[cdhs♣♦♥♠]|Jk|Joker))*"
)


class PhraseError(StudError):
    """A step whose English cannot be read."""


@dataclass(frozen=True)
class Phrase:
    """One action as a step says it."""

    action: str  # protocol action: fold check call bring_in complete bet raise ...
    amount: Decimal | None = None  # a total ("to" amount), as the protocol wants
    declare: str | None = None
    cards: tuple[str, ...] = ()
    all_in: bool = False

    def __repr__(self) -> str:
        return (
            f"Phrase(action={self.action!r}, amount={self.amount!r}, "
            f"declare={self.declare!r}, cards={self.cards!r})"
        )


# verb forms (third person as in "Ann calls", infinitive as in "Ann tries to call")
_SIMPLE = {
    "folds": "fold",
    "fold": "fold",
    "checks": "check",
    "check": "check",
    "calls": "call",
    "call": "call",
    "brings in": "bring_in",
    "bring in": "bring_in",
    "stands pat": "stand_pat",
    "stand pat": "stand_pat",
    # without an amount: the only one that is legal (fixed limit); sent as such
    "bets": "bet",
    "bet": "bet",
    "raises": "raise",
    "raise": "raise",
    "completes": "complete",
    "complete": "complete",
}
_WITH_AMOUNT = {
    "bets": "bet",
    "bet": "bet",
    "raises to": "raise",
    "raise to": "raise",
    "completes to": "complete",
    "complete to": "complete",
}
ACTION_PHRASE = (
    r"(?:folds?|checks?|calls?|brings? in|stands? pat|goes all in|go all in"
    r"|bets?|raises?|completes?"
    rf"|(?:bets?|raises? to|completes? to) {AMOUNT}"
    r"|declares? [a-z][a-z0-9-]*"
    rf"|exchanges? {CARDS}"
    rf"|(?:discards?|exposes?|replaces?|splits? off) (?:{CARDS}|no card))"
)
# decision actions (protocol 1.2) as the steps say them: "discards Kd 7c", "splits off Ah Kh"
DECISION_VERBS = {"discard": "discard", "expose": "expose", "replace": "draw", "split off": "split"}
_DECISION_WORDS = {v: k for k, v in DECISION_VERBS.items()}


def parse_action(text: str) -> Phrase:
    """Read one action phrase such as ``calls``, ``raises to 1.00``, ``declares low``."""
    t = " ".join(text.split())
    if t in _SIMPLE:
        return Phrase(_SIMPLE[t])
    if t in ("goes all in", "go all in"):
        return Phrase("all_in", all_in=True)
    for verb, action in _WITH_AMOUNT.items():
        if t.startswith(verb + " ") and re.fullmatch(AMOUNT, t[len(verb) + 1 :]):
            return Phrase(action, amount=to_money(t[len(verb) + 1 :]))
    m = re.fullmatch(r"declares? ([a-z][a-z0-9-]*)", t)
    if m:
        return Phrase("declare", declare=m.group(1))
    m = re.fullmatch(rf"exchanges? ({CARDS})", t)
    if m:
        return Phrase("exchange", cards=tuple(str(c) for c in parse_cards(m.group(1))))
    m = re.fullmatch(rf"(discard|expose|replace|split)s?( off)? ({CARDS}|no card)", t)
    if m and (m.group(2) is not None) == (m.group(1) == "split"):
        verb = m.group(1) + (m.group(2) or "")
        chosen = () if m.group(3) == "no card" else parse_cards(m.group(3))
        return Phrase(DECISION_VERBS[verb], cards=tuple(str(c) for c in chosen))
    raise PhraseError(f"'{text}' is not an action; expected e.g. 'calls' or 'raises to 1.00'")


def split_list(text: str) -> list[str]:
    """``a, b or c`` / ``a, b and c`` -> ``[a, b, c]`` (``between x and y`` kept whole)."""
    protected = re.sub(r"between (\S+) and (\S+)", r"between \1 & \2", text)
    parts = re.split(r",\s*|\s+or\s+|\s+and\s+", protected)
    return [p.replace(" & ", " and ").strip() for p in parts if p.strip()]


def _canon_option(text: str) -> str:
    t = " ".join(text.split())
    if t in ("fold", "check", "stand pat", "declare", "exchange"):
        return t
    m = re.fullmatch(rf"(call|bring in|bet|raise to|complete to) ({AMOUNT})", t)
    if m:
        return f"{m.group(1)} {fmt(to_money(m.group(2)))}"
    m = re.fullmatch(rf"(bet|raise to|complete to) between ({AMOUNT}) and ({AMOUNT})", t)
    if m:
        low, high = to_money(m.group(2)), to_money(m.group(3))
        if low == high:
            return f"{m.group(1)} {fmt(low)}"
        return f"{m.group(1)} between {fmt(low)} and {fmt(high)}"
    m = re.fullmatch(
        r"(discard|expose|replace|split off) (\d+|up to \d+|between \d+ and \d+) cards?", t
    )
    if m:
        numbers = [int(n) for n in re.findall(r"\d+", m.group(2))]
        fewest = 0 if m.group(2).startswith("up to") else numbers[0]
        return decision_words(DECISION_VERBS[m.group(1)], fewest, numbers[-1])
    raise PhraseError(
        f"'{text}' is not a legal-action phrase; expected e.g. 'fold', 'call 0.50', "
        "'bet 1.00', 'raise to 2.00', 'complete to 0.50', 'raise to between 4 and 7', "
        "'discard 2 cards', 'replace up to 3 cards'"
    )


def decision_words(action: str, fewest: int, most: int) -> str:
    """A decision option in English: ``discard 2 cards``, ``expose up to 1 card``.

    >>> decision_words("split", 2, 2), decision_words("draw", 1, 3)
    ('split off 2 cards', 'replace between 1 and 3 cards')
    """
    noun = "card" if most == 1 else "cards"
    if fewest == most:
        count = str(most)
    elif fewest == 0:
        count = f"up to {most}"
    else:
        count = f"between {fewest} and {most}"
    return f"{_DECISION_WORDS[action]} {count} {noun}"


def parse_options(text: str) -> list[str]:
    """A list of legal actions as English, canonical and sorted."""
    return sorted(_canon_option(p) for p in split_list(text))


_DISPLAY_VERB = {
    "bring_in": "bring in",
    "bet": "bet",
    "raise": "raise to",
    "complete": "complete to",
}


def legal_display(legal: Iterable[Mapping[str, Any]], bet: object = "0") -> list[str]:
    """Protocol ``legal`` entries as canonical English, sorted (calls as chips added)."""
    already = to_money(bet)
    out: set[str] = set()
    for entry in legal:
        action = str(entry["action"])
        if action in ("fold", "check", "declare", "exchange"):
            out.add(action)
        elif action == "stand_pat":
            out.add("stand pat")
        elif action in _DECISION_WORDS and entry.get("cards_max") is not None:
            out.add(decision_words(action, int(entry["cards_min"]), int(entry["cards_max"])))
        elif action == "call":
            out.add(f"call {fmt(to_money(entry['amount']) - already)}")
        elif action in _DISPLAY_VERB:
            verb = _DISPLAY_VERB[action]
            if "amount" in entry and entry["amount"] is not None:
                out.add(f"{verb} {fmt(to_money(entry['amount']))}")
            else:
                low, high = to_money(entry["min"]), to_money(entry["max"])
                out.add(
                    f"{verb} {fmt(low)}"
                    if low == high
                    else f"{verb} between {fmt(low)} and {fmt(high)}"
                )
        else:
            out.add(action.replace("_", " "))
    return sorted(out)


def canon_cards(text: str) -> str:
    """Cards in canonical text form (``As Kd``), in the order given."""
    return format_cards(parse_cards(text))

"""The glossary page, and links from the rulebook's prose to it.

Each entry is a term, the other spellings that link to it, and a definition in our own
words. :func:`link_terms` links the first use of each term on a page.

>>> seen: set[str] = set()
>>> link_terms("The bring-in opens; the bring-in may complete.", seen, "g.md")
'The [bring-in](g.md#bring-in){ .term } opens; the bring-in may [complete](g.md#complete){ .term }.'
>>> link_terms("A [bring-in](x) linked, and `cap` in code", set(), "g.md")
'A [bring-in](x) linked, and `cap` in code'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from stud.docs.markdown import cards_to_symbols, header, slug


@dataclass(frozen=True)
class Term:
    term: str
    definition: str
    aliases: tuple[str, ...] = ()

    @property
    def anchor(self) -> str:
        return slug(self.term)


GLOSSARY: tuple[Term, ...] = (
    Term(
        "[A♠ K♦] 9♣",
        "How the rulebook writes a player's cards: the cards in brackets are face down "
        "(only the player sees them), the others face up for everyone. In feature files "
        "the same hand is written `[As Kd] 9c`.",
    ),
    Term("ante", "A small forced stake every player puts in before the cards are dealt."),
    Term(
        "all in",
        "A player who has put every chip in; they stay in the hand but bet no "
        "more, and can win only the pots they contributed to.",
        ("all-in",),
    ),
    Term(
        "big bet",
        "The larger fixed bet size, used on the later streets (and on fourth "
        "street when an open pair allows it).",
        ("big bets",),
    ),
    Term(
        "board",
        "A player's face-up cards. The best board acts first after third street.",
        ("boards",),
    ),
    Term(
        "bring-in",
        "The forced opening bet on third street, made by the player with the "
        "lowest (in low games, highest) face-up card; usually smaller than a full bet.",
        ("brings in", "bring in"),
    ),
    Term(
        "burn",
        "A card taken off the top and set aside unseen before a street is dealt.",
        ("burned", "burns"),
    ),
    Term(
        "cap",
        "The limit on raises in one betting round (usually a bet and three raises); "
        "lifted when only two players are left.",
        ("capped",),
    ),
    Term(
        "community card",
        "A single card dealt face up in the centre when the pack runs "
        "out on the last street; every player uses it.",
    ),
    Term(
        "complete",
        "To raise the bring-in to a full small bet on third street; it counts as the round's bet.",
        ("completes", "completion"),
    ),
    Term(
        "decision round",
        "A round in which every player still in chooses some of their own cards: to "
        "discard, to turn face up, to draw for or to set aside as a second hand. Played "
        "in turn, each choice is seen at once; played simultaneously, all are shown "
        "together once the last player has chosen.",
        ("decision rounds",),
    ),
    Term(
        "declare",
        "In declaration hi-lo games, each player says whether they play for "
        "the high half, the low half or both before the showdown.",
        ("declaration",),
    ),
    Term(
        "discard",
        "To throw cards away for good, face down, with nothing in their place (super "
        "stud's four hole cards become two).",
        ("discards", "discarded"),
    ),
    Term(
        "door card",
        "A player's first face-up card, dealt on third street.",
        ("door cards", "upcard", "upcards"),
    ),
    Term(
        "exchange",
        "In English stud, trading a card for a fresh one from the pack "
        "(sometimes for a price) instead of standing pat.",
        ("exchanges",),
    ),
    Term(
        "fixed limit",
        "A betting structure where every bet and raise is exactly the "
        "small or the big bet of the street.",
        ("fixed-limit",),
    ),
    Term("heads-up", "Only two players left in the hand.", ("heads up",)),
    Term("hole cards", "The face-down cards only their owner sees.", ("down cards",)),
    Term(
        "odd chip",
        "The chip left over when a pot cannot be split evenly between "
        "winners; the ruleset says who gets it.",
        ("odd chips",),
    ),
    Term(
        "open pair",
        "A pair showing on a player's board; on fourth street it lets "
        "players bet the big bet in fixed limit.",
        ("open pairs",),
    ),
    Term(
        "pot limit", "A structure where a bet or raise may be as large as the pot.", ("pot-limit",)
    ),
    Term(
        "qualifier",
        "The condition a low hand must meet to win the low half, such as "
        "five different cards of eight or lower.",
        ("qualify", "qualifies"),
    ),
    Term("river", "The last street (seventh), dealt face down.", ()),
    Term(
        "roll your own",
        "Games where each player chooses which of their cards to turn face up (Mexican "
        "stud: before each card, turn the hole card up or keep it hidden).",
    ),
    Term(
        "run-out",
        "What happens when the pack is too short for the last street: burned "
        "cards are reshuffled, and a community card may replace the missing cards.",
    ),
    Term(
        "side pot",
        "A pot that only players with chips behind can win, formed when another player is all in.",
        ("side pots",),
    ),
    Term("small bet", "The smaller fixed bet size, used on the early streets.", ("small bets",)),
    Term(
        "split hand",
        "Cowpie's last decision: each player sets two cards aside as a second hand; half "
        "the pot goes to the best five-card hand, half to the best two-card hand.",
        ("split hands",),
    ),
    Term(
        "split pot",
        "A pot shared between the best high and the best low hand, or between tied hands.",
        ("scoop",),
    ),
    Term(
        "spread limit",
        "A structure where a bet may be any amount between a minimum and a maximum.",
        ("spread-limit",),
    ),
    Term(
        "street",
        "One round of dealing and betting, named by the card count: third "
        "street to seventh street (the river).",
        ("streets",),
    ),
    Term("stub", "The undealt remainder of the pack.", ()),
    Term(
        "wild card",
        "A card its holder may use as any card (a joker, or every card of a named rank).",
        ("wild cards", "wild"),
    ),
)

_PROTECTED = re.compile(r"(\[[^\]]*\]\([^)]*\)(\{[^}]*\})?|`[^`]*`|<[^>]+>)")


def link_terms(text: str, seen: set[str], page: str, terms: Sequence[Term] = GLOSSARY) -> str:
    """Link the first use on a page (tracked in ``seen``) of each glossary term in ``text``.

    Links, code and HTML tags are left as they are.
    """
    words = sorted(
        ((name, t) for t in terms if t.term[0].isalpha() for name in (t.term, *t.aliases)),
        key=lambda pair: -len(pair[0]),
    )
    for name, term in words:
        if term.anchor in seen:
            continue
        pattern = re.compile(rf"(?<![\w\[#/-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
        pos = 0
        for protected in [*_PROTECTED.finditer(text), None]:
            stop = protected.start() if protected else len(text)
            match = pattern.search(text, pos, stop)
            if match is not None:
                seen.add(term.anchor)
                link = f"[{match.group(0)}]({page}#{term.anchor}){{ .term }}"
                text = text[: match.start()] + link + text[match.end() :]
                break
            if protected is None:
                break
            pos = protected.end()
    return text


def render_glossary(terms: Sequence[Term] = GLOSSARY) -> str:
    """The glossary page."""
    out = [header("interpreter/stud/docs/glossary.py", "Glossary")]
    out.append(
        "The words the rulebook uses, in plain English. Rulebook pages link the first use "
        "of each term here."
    )
    for t in sorted(terms, key=lambda x: (x.term[0].isalpha(), x.term.lower())):
        out += ["", f"## {cards_to_symbols(t.term)} {{ #{t.anchor} }}", ""]
        out.append(t.definition)
        if t.aliases:
            out += ["", "Also: " + ", ".join(f"*{a}*" for a in t.aliases) + "."]
    return "\n".join(out) + "\n"

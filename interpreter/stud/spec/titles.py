"""A scenario's title may only claim what its steps check: the hands a title names.

A title such as "Pairs are bad: a pair of queens loses to any unpaired hand" promises a
pair of queens; when no step shows that hand (a ``shows "..."`` or ``the best hand from
... is "..."`` step names it, or a comparison step's cards make it under the reference
evaluator), the example may be teaching something false and nothing fails.  The guard
reads the hands a title names (:func:`named_hands`) and the hands its steps show
(:func:`shown_hands`) and reports every title hand no step shows.

>>> [h.text for h in named_hands("A pair of kings takes high and an eight low the low half")]
['pair of kings', 'eight low']
>>> [h.text for h in named_hands("Jack-nine low beats queen-ten low")]
['jack-nine low', 'queen-ten low']
>>> named_hands("Any pair beats any unpaired board")
[]

A hand the title says is absent ("neither has an eight low", "a nine low does not
qualify", "plays no part") or that describes a board ("the best fourth-street board",
"who leads with a pair of aces") is no claim about a hand shown:

>>> named_hands("Both declare low, neither has an eight low")
[]
>>> named_hands("A pair of aces is the best fourth-street board")
[]
>>> hand = named_hands("an eight low")[0]
>>> hand.shown_by("eight-six low"), hand.shown_by("seven-six low")
(True, False)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from stud.cards import RANK_NAMES, RANK_PLURALS, parse_cards
from stud.spec.features import FeatureFile, Scenario
from stud.spec.vocabulary import UndefinedStep, find_step

_ONE = "|".join(sorted(RANK_NAMES.values(), key=len, reverse=True))
_MANY = "|".join(sorted(RANK_PLURALS.values(), key=len, reverse=True))
_PLURAL_OF = {RANK_NAMES[r]: RANK_PLURALS[r] for r in RANK_NAMES}


@dataclass(frozen=True)
class NamedHand:
    """A hand a title names, and the pattern a shown hand's name must match for it."""

    text: str
    shown: re.Pattern[str]

    def shown_by(self, name: str) -> bool:
        return self.shown.search(name.lower()) is not None


def _exact(text: str) -> re.Pattern[str]:
    return re.compile(rf"(^|\W){re.escape(text)}($|\W)")


def _kind(kind: str, rank: str) -> re.Pattern[str]:
    return re.compile(rf"^{kind}, {rank}$")


# (pattern in a title, how to build what a shown name must contain); order matters: the
# first patterns take their words out of the title before the next ones look
_TITLE_HANDS: tuple[tuple[re.Pattern[str], object], ...] = (
    (
        re.compile(rf"\b({_MANY}) full of ({_MANY})\b"),
        lambda m: _exact(f"full house, {m[1]} over {m[2]}"),
    ),
    (re.compile(rf"\bpair of ({_MANY})\b"), lambda m: _exact(f"pair of {m[1]}")),
    (re.compile(rf"\bthree ({_MANY})\b"), lambda m: _kind("three of a kind", m[1])),
    (re.compile(rf"\bfour ({_MANY})\b"), lambda m: _kind("four of a kind", m[1])),
    (re.compile(rf"\b({_ONE})-({_ONE}) low\b"), lambda m: _exact(f"{m[1]}-{m[2]} low")),
    (re.compile(rf"(?<![-\w])({_ONE}) low\b"), lambda m: re.compile(rf"^{m[1]}(-\w+)? low$")),
    (
        re.compile(rf"\b({_ONE})-high (straight flush|straight|flush)\b"),
        lambda m: re.compile(
            rf"^({m[1]}-high {m[2]}|{m[2]}, {m[1]} high)$"
            + ("|^royal flush$" if m[1] == "ace" and m[2] == "straight flush" else "")
        ),
    ),
    (re.compile(r"\broyal flush\b"), lambda m: _exact("royal flush")),
)


# a hand named after these words, or before the next ones, is said to be absent
_ABSENT_BEFORE = re.compile(r"\b(not|no|neither has|nobody has|without)( an?| the)?\s*$")
_ABSENT_AFTER = re.compile(r"^\s*(does not qualify|do not qualify|plays? no part)\b")
# a clause about boards (who leads, the best board) names hands showing, not hands shown
_BOARD_CLAUSE = re.compile(r"\b(boards?|leads?)\b")


def _claimed(text: str, start: int, end: int) -> bool:
    """Whether the hand at ``text[start:end]`` is claimed as shown at the showdown."""
    if _ABSENT_BEFORE.search(text[:start]) or _ABSENT_AFTER.match(text[end:]):
        return False
    left = max(text.rfind(c, 0, start) for c in ",;:")
    rights = [i for i in (text.find(c, end) for c in ",;:") if i >= 0]
    clause = text[left + 1 : min(rights, default=len(text))]
    return _BOARD_CLAUSE.search(clause) is None


def named_hands(title: str) -> list[NamedHand]:
    """The hands a scenario title claims shown, in the order found (by kind of hand)."""
    text = title.lower()
    found: list[tuple[int, NamedHand]] = []
    for pattern, build in _TITLE_HANDS:
        for match in pattern.finditer(text):
            if _claimed(title.lower(), match.start(), match.end()):
                hand = NamedHand(match[0], build(match))  # type: ignore[operator]
                found.append((match.start(), hand))
        text = pattern.sub(lambda m: " " * len(m[0]), text)
    return [hand for _, hand in sorted(found, key=lambda x: x[0])]


def _evaluated(cards: str, ranking: str, qualifier: int | None, wild: Iterable[int]) -> str:
    from stud.hands import evaluate

    value = evaluate(parse_cards(cards), ranking, qualifier=qualifier, wild_ranks=tuple(wild))
    return value.name if value is not None else ""


def shown_hands(scenario: Scenario) -> list[str]:
    """The names of the hands the scenario's steps check, lower case."""
    names: list[str] = []
    for step in scenario.steps:
        if step.kind != "then":
            continue
        try:
            _, args = find_step(step.kind, step.text)
        except UndefinedStep:
            continue
        if isinstance(args.get("hand"), str):
            names.append(args["hand"])
        ranking = args.get("ranking")
        if not isinstance(ranking, str):
            continue
        wild = args.get("wild") or ()
        for side in ("first", "second"):
            if isinstance(args.get(side), str):
                names.append(_evaluated(args[side], ranking, args.get("qualifier"), wild))
        if isinstance(args.get("cards"), str) and "hand" not in args:
            # "... has no qualifying low": the cards shown, read without the qualifier
            names.append(_evaluated(args["cards"], ranking, None, wild))
    return [n.lower() for n in names if n]


def title_problems(features: Iterable[FeatureFile]) -> list[str]:
    """One line per hand a scenario title names that no step of the scenario shows."""
    problems = []
    for feature in features:
        for scenario in feature.scenarios:
            shown = shown_hands(scenario)
            for hand in named_hands(scenario.name):
                if not any(hand.shown_by(name) for name in shown):
                    problems.append(
                        f"{feature.path}:{scenario.line} '{scenario.name}': the title names "
                        f"'{hand.text}' but no step shows that hand (shows: "
                        f"{', '.join(shown) or 'no hand'})"
                    )
    return problems

"""The classes of a fuzzing campaign: one per root cause, whatever hand or street it shows in.

Every divergent hand carries its findings (:mod:`stud.fuzz.play`): the first is the hand's
own class, the others were found after it, net of it (or, when the hand was dealt again
under another reading of who acts that explains its first difference, on their own:
``independent``, see :mod:`stud.fuzz.readings`).  :func:`classify` gathers them: one
:class:`FuzzClass` per ``what`` (the same normalised difference ``stud verify`` reports),
charged to the catalogue id most of its observations name; an observation that fits two
classes goes to the one seen on its own elsewhere.  A class whose rule the engine declares
it knows (``known_deviations``) is *declared*: reported once, not a failure of the run.  A
root cause is the first difference of some hand, or independent in one; a class only
ever seen after another difference may follow from it, and is listed apart.

>>> from stud.fuzz.campaign import Found
>>> def hand(i, *whats):
...     rows = [{"rule": "CAP-01", "what": w, "detail": "", "alternatives": []} for w in whats]
...     return Found(i, whats[0], "legal", "fourth", "", [], "CAP-01", rows)
>>> [(c.what, c.hands, c.alone) for c in classify([hand(1, "a"), hand(2, "b", "a")])]
[('a', [1, 2], [1]), ('b', [2], [])]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud.spec.deviations import rule_statements, settle


@dataclass
class FuzzClass:
    """One root cause found by fuzzing: what differs, its rule, the hands it shows in."""

    what: str
    rule: str
    hands: list[int] = field(default_factory=list)
    first_in: list[int] = field(default_factory=list)  # hands where it is a first difference
    alone: list[int] = field(default_factory=list)  # hands where it is the only one
    example: str = ""  # an instance: the request, what the rules give, what the engine did
    beyond: str = ""
    declared: bool = False
    found: list[Any] = field(default_factory=list)  # the Found records of its hands
    # what its observations said before they were settled on it: a hand played again
    # shows one of these (an observation that fits this class and another says the other)
    members: frozenset[str] = frozenset()

    @property
    def root(self) -> bool:
        """A root cause: the first difference of some hand (else it was only ever seen
        after another difference, which it may follow from)."""
        return bool(self.first_in)

    @property
    def statement(self) -> str:
        return rule_statements().get(self.rule, "")


def classify(
    found: Sequence[Any], declared: Sequence[str] = (), refuted: Iterable[str] = ()
) -> list[FuzzClass]:
    """The classes of the divergent hands ``found`` (``stud.fuzz.campaign.Found``), the
    one seen in most hands first; ``refuted``: the ways of picking who opens that the
    engine's right picks ruled out (``ShardResult.refuted``)."""
    # a hand's later findings were seen after its first one (as stud verify marks them)
    rows = [(f, n, dict(r, following=n > 0)) for f in found for n, r in enumerate(f.findings)]
    # an observation that fits two classes: the one seen alone
    settle((r for _, _, r in rows), refuted)
    whats_of: dict[int, set[str]] = {}
    for f, _, r in rows:
        whats_of.setdefault(f.index, set()).add(r["what"])
    by_what: dict[str, list[tuple[Any, int, dict[str, Any]]]] = {}
    for item in rows:
        by_what.setdefault(item[2]["what"], []).append(item)
    out = []
    for what, items in by_what.items():
        rules = Counter(r["rule"] for _, _, r in items)
        order = [r["rule"] for _, _, r in items]
        rule = max(rules, key=lambda x: (rules[x], -order.index(x)))
        hands = list(dict.fromkeys(f.index for f, _, _ in items))
        first_in = list(
            dict.fromkeys(f.index for f, n, r in items if n == 0 or r.get("independent"))
        )
        alone = [h for h in hands if whats_of[h] == {what}]
        best = next((r for f, _, r in items if f.index in alone), items[0][2])
        out.append(
            FuzzClass(
                what=what,
                rule=rule,
                hands=hands,
                first_in=first_in,
                alone=alone,
                example=str(best.get("detail", "")),
                beyond=next((str(r["beyond"]) for _, _, r in items if r.get("beyond")), ""),
                declared=rule in declared,
                found=list({f.index: f for f, _, _ in items}.values()),
                members=frozenset({what, *(f.findings[n]["what"] for f, n, _ in items)}),
            )
        )
    out.sort(key=lambda c: (not c.root, c.declared, -len(c.hands), c.rule, c.what))
    return out

"""Whether a later difference in a scenario follows from what was found before it, or
stands on its own (a root cause of its own), for :class:`stud.spec.diagnosis.SideBySide`.

A difference in chips alone (a pot short of the bring-in) is netted out of the states
compared after it; what chips cannot change is then a cause of its own: a round that ends
at another point when the bets are level, what the cards alone decide, what a fixed limit
offers.  A difference in what is offered alone (the cards, the chips and who acts agree)
cannot change anything after it.  Two sides that write the same state differently
(``"0.1"`` and ``"0.10"``, a field left out or null) are read alike.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from stud.errors import MoneyError
from stud.money import to_money
from stud.spec.blame import ASKED_ALL_IN, Finding, Moment, blame, money, seats_of
from stud.spec.blame_bets import ALL_IN_AMOUNT

# a round that ends at another point: chips netted out (a pot short of the bring-in) do not
# change when bets are level, so found after them alone it is a cause of its own (and so
# is what a shown hand is worth, found on the same path with nobody all in: hand_value)
ROUND_END = frozenset({"ROUND-02"})


# what the cards alone decide: the cards dealt and their faces, and who opens a later
# street by the boards (with what a shown hand is worth, blame_end.HAND_VALUE)
CARDS_ALONE = frozenset(
    {
        *("DEAL-02", "DEAL-03", "DEAL-04", "DEAL-05", "DEAL-06", "DEAL-07", "DEAL-08", "DEAL-09"),
        *("ROLL-02", "DRAW-02", "BUY-01"),
        *("EXPOSE-01", "EXPOSE-02", "DISCARD-01"),
        *("ROUND-03", "ROUND-04", "ROUND-06", "ROUND-09", "ROUND-11", "ROUND-12"),
        *("COMM-02", "DEAL-10", "ENGLISH-02"),
    }
)


def hand_value(finding: Finding, rules: Any, engine: Any, chips: bool = True) -> bool:
    """Whether ``finding`` is something the cards alone decide (what a shown hand is
    worth, the cards dealt, who opens a later street by the boards) with the same wild
    ranks and, where ``chips`` are known to differ, nobody all in on either side: chips
    put in differently before it cannot change it, so it is a cause of its own."""
    from stud.spec.blame_end import HAND_VALUE

    if finding.what not in HAND_VALUE and finding.rule not in CARDS_ALONE:
        return False
    states = [x for x in (rules, engine) if isinstance(x, Mapping)]
    if len(states) < 2 or alike(states[0].get("wild_ranks")) != alike(states[1].get("wild_ranks")):
        return False  # the wild ranks differ: what the cards make follows from them
    if chips and _cuts(states[0]) != _cuts(states[1]):
        return False  # the pot cut into other pots: who wins each follows from the chips
    return not chips or not any(v.get("all_in") for x in states for v in seats_of(x).values())


def _cuts(state: Mapping[str, Any]) -> int:
    """How many pots hold chips."""
    return sum(
        1 for p in state.get("pots") or () if isinstance(p, Mapping) and money(p.get("amount"))
    )


# what a fixed limit offers whatever the pot and the stacks (nobody all in): the sizes of
# the street, the big bet's option, the cap, the completion, a check facing the bring-in
FIXED_OFFERS = frozenset(
    {"LIMIT-01", "LIMIT-04", "LIMIT-05", "LIMIT-06", "LIMIT-07", "CAP-01", "CAP-02"}
    | {"BRING-04", "BRING-07", "BRING-08"}
)


def fixed_offer(finding: Finding, doc: Mapping[str, Any], rules: Any, engine: Any) -> bool:
    """Whether ``finding`` is in what a fixed limit offers, found with nobody all in on
    either side: chips put in differently before it (the pot, the stacks) cannot change
    it, so it is a cause of its own."""
    if finding.rule not in FIXED_OFFERS or not same_request(finding, rules, engine):
        return False
    if (doc.get("betting") or {}).get("structure", "fixed-limit") != "fixed-limit":
        return False
    return not any(v.get("all_in") for x in (rules, engine) for v in seats_of(x).values())


def beside_the_pot(
    finding: Finding, doc: Mapping[str, Any], rules: Any, engine: Any, even: bool
) -> bool:
    """Whether ``finding`` stands on its own where only the pot is known to differ, every
    stack and bet alike on both sides (an ante taken otherwise, a bring-in left out of the
    pot): in a fixed limit the pot sizes nothing, so what is offered (all in or not) cannot
    follow from it; nor can who wins a pot of the same cut where the pot differs by what
    every seat paid alike at the deal (``even``: the players' shares of the pots compare)."""
    from stud.spec.blame_end import CUT, OTHER_WINNER, SIDE_POT_WINNER

    if (doc.get("betting") or {}).get("structure", "fixed-limit") != "fixed-limit":
        return False
    winners = finding.what.startswith(OTHER_WINNER) or finding.what in (SIDE_POT_WINNER, CUT)
    if winners and not even:
        return False
    if isinstance(rules, Mapping) and isinstance(engine, Mapping):
        showdown = winners or rules.get("result")
        if showdown and _cuts(rules) != _cuts(engine):
            return False  # the pot cut otherwise (a player's missing chips make a side
            # pot): who wins each follows from the chips
    return same_request(finding, rules, engine)


def chips_only(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether ``finding`` is a difference in chips alone: the same path, the same kinds
    of action offered to the same player, nothing refused or accepted on one side."""
    if not same_request(finding, rules, engine):
        return False
    names = [{str(e.get("action")) for e in s.get("legal") or ()} for s in (rules, engine)]
    return rules.get("to_act") == engine.get("to_act") and names[0] == names[1]


def same_turn(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether ``finding`` leaves both sides on one path: the same request played alike
    and the same player asked next (chips or offers may differ)."""
    return same_request(finding, rules, engine) and rules.get("to_act") == engine.get("to_act")


def same_request(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether both sides played the request alike (nothing refused or accepted on one
    side, the same path) and both have a state to compare."""
    if finding.breaks_path or finding.refusal or finding.accepted:
        return False
    return isinstance(rules, Mapping) and isinstance(engine, Mapping)


def cards_by_seat(state: Mapping[str, Any]) -> dict[int, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each seat's down and up cards."""
    return {
        s: (tuple(v.get("down") or ()), tuple(v.get("up") or ()))
        for s, v in seats_of(state).items()
    }


def offers_alone(finding: Finding, rules: Any, engine: Any) -> bool:
    """Whether ``finding`` is in what was offered alone: both sides played the same
    request and agree on everything else (the cards, the chips, who acts), so nothing
    found later in the hand can follow from it."""
    if not same_request(finding, rules, engine):
        return False
    return alike({k: v for k, v in rules.items() if k != "legal"}) == alike(
        {k: v for k, v in engine.items() if k != "legal"}
    )


_NUMBER = re.compile(r"-?\d+(\.\d+)?")


def alike(value: Any) -> Any:
    """``value`` as two sides that mean the same write it alike: amounts as numbers
    (``"0.1"`` and ``"0.10"``), a field left out, null or empty the same.

    >>> alike({"pot": "0.10", "declarations": None}) == alike({"pot": "0.1"})
    True
    """
    if isinstance(value, Mapping):
        return {k: alike(v) for k, v in value.items() if v not in (None, [], {}, ())}
    if isinstance(value, list | tuple):
        return [alike(v) for v in value]
    if isinstance(value, str) and _NUMBER.fullmatch(value):
        return Decimal(value).normalize()
    return value


def offers_differ(rules: Mapping[str, Any] | None, engine: Mapping[str, Any] | None) -> bool:
    """Whether the two states offer the same player other actions or amounts (a difference
    the comparison of that state already found)."""
    if not rules or not engine or rules.get("to_act") != engine.get("to_act"):
        return False
    offers = [
        sorted(
            (
                str(e.get("action")),
                *(str(money(e.get(k)).normalize()) for k in ("amount", "min", "max")),
            )
            for e in s.get("legal") or ()
            if isinstance(e, Mapping)
        )
        for s in (rules, engine)
    ]
    return offers[0] != offers[1]


def beside_seen(
    moment: Moment, ref: Mapping[str, Any], reply: Mapping[str, Any], seen: set[str]
) -> Finding | None:
    """A new difference in a legal set beside one already found there: a check or a fold
    the engine offers and the rules do not (a check facing a bet, found before) left out,
    or the rules' check where the engine left it out (a fold in its place, found before),
    what else differs in the offer (a raise the cap still allows, a bet of another size) is
    read on its own.  (A kind offered in place of another, a raise for a completion or a
    check for a call, is one difference.)"""
    rules, engine = ref.get("state"), reply.get("state")
    if not isinstance(rules, Mapping) or not isinstance(engine, Mapping):
        return None
    kinds = {str(e.get("action")) for e in rules.get("legal") or () if isinstance(e, Mapping)}
    offered = {str(e.get("action")) for e in engine.get("legal") or () if isinstance(e, Mapping)}
    lacking = (kinds - offered) & {"check", "call", "fold"}
    if lacking and (lacking != {"check"} or "call" in offered):
        return None  # a check in place of a call is one difference
    legal = [
        e
        for e in engine.get("legal") or ()
        if str(e.get("action")) in kinds or str(e.get("action")) not in ("check", "fold")
    ]
    legal += [e for e in rules.get("legal") or () if e.get("action") in lacking]
    if not lacking and len(legal) == len(engine.get("legal") or ()):
        return None
    other = blame(moment, ref, dict(reply, state=dict(engine, legal=legal)))
    return other if other is not None and other.key not in seen else None


def unsized(request: Mapping[str, Any]) -> bool:
    """A bet, completion or raise sent without an amount (each side plays its own)."""
    return (
        request.get("op") == "act"
        and request.get("action") in ("bet", "complete", "raise")
        and request.get("amount") is None
    )


def offered(request: Mapping[str, Any], engine_before: Mapping[str, Any] | None) -> bool:
    """Whether the engine's last state offered the action of ``request``."""
    before = engine_before or {}
    offered = {str(e.get("action")) for e in before.get("legal") or ()}
    return (
        request.get("op") == "act"
        and request.get("seat") == before.get("to_act")
        and request.get("action") in offered
    )


def within_offer(request: Mapping[str, Any], engine_before: Mapping[str, Any] | None) -> bool:
    """Whether the engine's last state offered ``request`` itself: its action for that
    amount (exactly, or within the range) and, for a choice of cards, as many cards as the
    offer allows, each among those it names.  An engine that accepts a request outside its
    own offer breaks a rule of its own (a draw of one card too many), not one found before.

    >>> before = {"to_act": 1, "legal": [{"action": "draw", "cards_min": 0, "cards_max": 1,
    ...     "choices": ["As", "Kd"]}, {"action": "raise", "min": "2", "max": "4"}]}
    >>> within_offer({"op": "act", "seat": 1, "action": "draw", "cards": ["Kd"]}, before)
    True
    >>> within_offer({"op": "act", "seat": 1, "action": "draw", "cards": ["As", "Kd"]}, before)
    False
    >>> within_offer({"op": "act", "seat": 1, "action": "raise", "amount": "5"}, before)
    False
    """
    if not offered(request, engine_before):
        return False
    for entry in (engine_before or {}).get("legal") or ():
        if entry.get("action") == request.get("action") and _fits(request, entry):
            return True
    return False


def _fits(request: Mapping[str, Any], entry: Mapping[str, Any]) -> bool:
    """``request`` is one of the moves a legal entry offers (what cannot be read, fits)."""
    try:
        if entry.get("cards_max") is not None:
            cards = list(request.get("cards") or ())
            choices = entry.get("choices")
            return int(entry.get("cards_min") or 0) <= len(cards) <= int(entry["cards_max"]) and (
                choices is None or all(c in choices for c in cards)
            )
        amount = request.get("amount")
        if amount is None:
            return True
        if entry.get("amount") is not None:
            return bool(to_money(amount) == to_money(entry["amount"]))
        if entry.get("min") is not None and entry.get("max") is not None:
            return bool(to_money(entry["min"]) <= to_money(amount) <= to_money(entry["max"]))
    except (MoneyError, TypeError, ValueError):
        return True
    return True


def only_amounts(
    finding: Finding, request: Mapping[str, Any], engine_before: Mapping[str, Any] | None
) -> bool:
    """A difference in legal amounts or all-in status, which a chip difference explains;
    or the refusal of an amount for an action the engine offered (for other amounts)."""
    if finding.refusal:
        return offered(request, engine_before)
    return finding.what in _AMOUNT_FINDINGS or finding.what.startswith(_AMOUNT_PREFIXES)


_AMOUNT_FINDINGS = frozenset(
    {
        "amounts beyond the player's chips are offered",
        "the amount to call differs from the bet to match",
        "the amount to call the bring-in differs",
        "a player's all-in status differs",
        ALL_IN_AMOUNT,
    }
)
_AMOUNT_PREFIXES = (
    "the raise amounts differ from the pot",
    "the bet amounts differ from the pot",
    "the smallest raise differs from the pot",
    "the smallest raise differs from the home game's",
)


def asks_one_out(finding: Finding, rules: Any, engine: Any) -> bool:
    """The engine asks a player to act whom both sides have all in or folded: whatever
    chips differ, that player has no decision left."""
    if finding.what != ASKED_ALL_IN[1] or not isinstance(engine, Mapping):
        return False
    seat = engine.get("to_act")
    if not isinstance(seat, int):
        return False
    sides = [seats_of(x).get(seat, {}) for x in (rules, engine)]
    return all(s.get("all_in") or s.get("folded") for s in sides)


def faces_alone(doc: Mapping[str, Any]) -> bool:
    """Whether a card's face changes nothing but who acts in this game: no wild card (a
    low hole card, a rank, a joker) and no event a card turned up sets off."""
    wild = doc.get("wild") or {}
    plain = not wild.get("ranks") and not wild.get("low_hole")
    return plain and wild.get("joker", "none") == "none" and not doc.get("events")

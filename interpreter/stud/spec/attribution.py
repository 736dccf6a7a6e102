"""Which rule a failed check is charged to.

Every check a Then-step records reads one part of the state, its *concern*: who acts,
the legal actions and amounts, the pots and stacks, the awards, a hand's value, the cards
dealt.  Every catalogue id states a rule about one or more concerns (BRING-02 says *who*
brings in; BRING-05 says *how much*).  A failed check is charged to the scenario's
catalogue ids whose rule is about the check's concern; when none is, to the concern
itself (``amounts``...), so an engine that picks the right bring-in player but offers the
wrong amounts is not reported as breaking the rule on who brings in.

>>> charge("legal", ("BRING-02", "DEAL-01"))
('legal actions and amounts',)
>>> charge("to_act", ("BRING-02", "DEAL-01"))
('BRING-02',)
>>> charge("pot", ("BRING-01", "DEAL-01"))
('DEAL-01',)
>>> charge("awards", ())
('awards',)
"""

from __future__ import annotations

from collections.abc import Sequence

WHO = "who acts"
LEGAL = "legal actions and amounts"
POTS = "pots and stacks"
AWARDS = "awards"
HAND = "hand value"
DEALING = "cards dealt"

CONCERN_OF_CHECK = {
    "to_act": WHO,
    "street": WHO,
    "dealer": WHO,
    "over": WHO,
    "legal": LEGAL,
    "refused": LEGAL,
    "unchanged": LEGAL,
    "pot": POTS,
    "pots": POTS,
    "stack": POTS,
    "all_in": POTS,
    "awards": AWARDS,
    "hand": HAND,
    "best": HAND,
    "kicker": HAND,
    "compare": HAND,
    "cards": DEALING,
    "community": DEALING,
    "dealt_from": DEALING,
}

# what each catalogue family's rules are about; ids that differ are listed below
_FAMILY: dict[str, tuple[str, ...]] = {
    "SETUP": (DEALING,),
    "DEAL": (DEALING,),
    "BRING": (LEGAL,),
    "ROUND": (WHO,),
    "LIMIT": (LEGAL,),
    "CAP": (LEGAL,),
    "SPREAD": (LEGAL,),
    "POT": (LEGAL,),
    "SHOW": (HAND, AWARDS),
    "HILO": (HAND, AWARDS),
    "RAZZ": (HAND, AWARDS),
    "LONDON": (HAND, AWARDS),
    "WILD": (HAND, AWARDS),
    "LOWHOLE": (HAND, AWARDS),
    "DECL": (AWARDS, HAND),
    "ASF": (DEALING, HAND),
    "ENGLISH": (DEALING, WHO, LEGAL),
}
_ID: dict[str, tuple[str, ...]] = {
    "SETUP-03": (LEGAL, POTS),
    "SETUP-04": (WHO, DEALING, POTS),
    "DEAL-01": (POTS,),
    "DEAL-10": (WHO, DEALING),
    "BRING-01": (WHO,),
    "BRING-02": (WHO,),
    "BRING-03": (WHO,),
    "BRING-05": (LEGAL, POTS),
    "BRING-12": (WHO, LEGAL),
    "BRING-13": (WHO,),
    "ROUND-02": (WHO, LEGAL),
    "ROUND-10": (WHO, LEGAL),
    "POT-01": (LEGAL, POTS),
    "SPREAD-05": (LEGAL, POTS),
    "SHOW-01": (HAND,),
    "SHOW-02": (HAND,),
    "SHOW-03": (HAND,),
    "SHOW-04": (HAND,),
    "SHOW-07": (AWARDS, POTS, WHO),
    "HILO-02": (HAND,),
    "HILO-03": (HAND,),
    "HILO-04": (HAND,),
    "HILO-08": (AWARDS,),
    "HILO-10": (AWARDS,),
    "HILO-12": (HAND,),
    "RAZZ-01": (HAND,),
    "LONDON-01": (HAND,),
    "RAZZ-02": (LEGAL,),
    "LONDON-02": (LEGAL,),
    "ASF-03": (DEALING, LEGAL),
    "DECL-01": (WHO, LEGAL),
    # the exchange round and its price, the seventh card kept for few players: whoever
    # deals the cards (each seat may be handed its own, so an exchange taken in another
    # order does not move them)
    "ENGLISH-02": (WHO, LEGAL),
    "ENGLISH-04": (WHO, LEGAL, POTS),
}


def concerns_of_id(catalogue_id: str) -> tuple[str, ...]:
    """The concerns a catalogue id's rule is about.

    >>> concerns_of_id("BRING-02"), concerns_of_id("CAP-01")
    (('who acts',), ('legal actions and amounts',))
    """
    if catalogue_id in _ID:
        return _ID[catalogue_id]
    return _FAMILY.get(catalogue_id.rsplit("-", 1)[0], ())


def concern_of(kind: str) -> str:
    """The concern of a check kind (the kind itself when it is not a known one)."""
    return CONCERN_OF_CHECK.get(kind, kind)


def charge(kind: str, catalogue_ids: Sequence[str]) -> tuple[str, ...]:
    """The rules a failed check of ``kind`` is charged to, among ``catalogue_ids``."""
    concern = concern_of(kind)
    ids = tuple(i for i in catalogue_ids if concern in concerns_of_id(i))
    return ids or (concern,)


def about_dealing(catalogue_ids: Sequence[str]) -> bool:
    """Whether a scenario tests the order of the deal (any of its rules is about the cards
    dealt): only those are played from the deck order alone, so a wrong dealing order
    shows there and does not move the cards of every other scenario.

    >>> about_dealing(("DEAL-02", "BRING-01")), about_dealing(("BRING-01", "DEAL-01"))
    (True, False)
    """
    return any(DEALING in concerns_of_id(i) for i in catalogue_ids)

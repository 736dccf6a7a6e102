"""The end of a hand in :mod:`stud.spec.blame`: the awards, and the evaluator's ranks.

>>> ranking_rule({"pot": {"shares": [{"name": "low", "ranking": "ace-to-five"}]}})
'RAZZ-01'
>>> split = {"pot": {"shares": [{"name": "razz", "ranking": "ace-to-five"},
...                             {"name": "badugi", "ranking": "badugi"}]}}
>>> ranking_rule(split), ranking_rule(split, ["badugi"]), ranking_rule(split, ["razz"])
('HILO-12', 'RANK-03', 'HILO-12')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.errors import StudError
from stud.money import fmt
from stud.spec.blame import Finding, Moment, State, money, seats_of, where
from stud.spec.blame_wild import (
    LOW_AT_FACE_VALUE,
    WILD_READINGS,
    holds_wild,
    low_at_face_value,
    wild_alternatives,
)

ODD_CHIP = "odd chips go one each from the dealer's left (Robert's Rules of Poker and the TDA)"


# --- the result ---------------------------------------------------------------------------
def _awards(state: State) -> dict[int, dict[int, Decimal]]:
    """Each pot's awards by seat (an award of nothing is none)."""
    out: dict[int, dict[int, Decimal]] = {}
    for a in (state.get("result") or {}).get("awards") or ():
        if isinstance(a, Mapping) and money(a.get("amount")):
            pot = out.setdefault(int(a.get("pot") or 0), {})
            seat = int(a.get("seat") or 0)
            pot[seat] = pot.get(seat, Decimal(0)) + money(a.get("amount"))
    return out


# the rule of each ranking of the ruleset schema (high: SHOW-01)
RANKING_RULES = {
    "ace-to-five": "RAZZ-01",
    "ace-to-six": "LONDON-01",
    "deuce-to-seven": "RANK-01",
    "badugi": "RANK-03",
    "badugi-aces-high": "RANK-04",
    "razz-high": "RANK-05",
    "action-razz": "RANK-06",
    "soko": "RANK-07",
    "stripped-high": "RANK-08",
    "two-card-high": "RANK-09",
    "two-card-low": "RANK-09",
    "football": "RANK-10",
    "one-card-high": "RANK-11",
    "one-card-low": "RANK-11",
}
# the rankings whose rule also holds for their share of a split pot (the ace-to-five and
# ace-to-six lows of a split pot are the ruleset's choice of low, HILO-12)
OWN_RULE = frozenset(RANKING_RULES) - {"ace-to-five", "ace-to-six"}


def own_rules(doc: Mapping[str, Any], parting: Iterable[str]) -> list[str]:
    """The rules of the rankings of their own of the shares where the hands part (in the
    order of the ruleset's shares), where every one of them has such a ranking; else
    empty (a high share, or the ace-to-five or ace-to-six low of a split pot).

    >>> doc = {"pot": {"shares": [{"name": "badugi", "ranking": "badugi"},
    ...                           {"name": "deuce", "ranking": "deuce-to-seven"}]}}
    >>> own_rules(doc, ["deuce", "badugi"]), own_rules(doc, ["deuce"])
    (['RANK-03', 'RANK-01'], ['RANK-01'])
    """
    wanted = set(parting)
    named = [
        str(s.get("ranking", "high")) for s in _share_rows(doc) if str(s.get("name")) in wanted
    ]
    if not named or not set(named) <= OWN_RULE:
        return []
    return list(dict.fromkeys(RANKING_RULES[r] for r in named))


def aces_apart(rule: str, cards: Iterable[Any]) -> str:
    """Badugi played aces high (RANK-04) where no ace is in the hands that part: the
    badugi's own reading (RANK-03).

    >>> aces_apart("RANK-04", ["7c", "5h"]), aces_apart("RANK-04", ["As", "5h"])
    ('RANK-03', 'RANK-04')
    """
    if rule == "RANK-04" and not any(str(c)[:1] == "A" for c in cards):
        return "RANK-03"
    return rule


def ranking_rule(doc: Mapping[str, Any], parting: Iterable[str] = ()) -> str:
    """The rule that ranks showdown hands under a ruleset; ``parting``: the shares where the
    hands part (in a split pot, a share ranked by a ranking of its own is charged there)."""
    wild = doc.get("wild") or {}
    if (doc.get("showdown") or {}).get("method") == "declare":
        return "DECL-02"
    if wild.get("joker", "none") != "none":
        return "ASF-02"
    if wild.get("low_hole"):
        return "LOWHOLE-01"
    if wild.get("ranks"):
        return "WILD-01"
    shares = _share_rows(doc)
    if len(shares) > 1:
        own = own_rules(doc, parting)
        if own:  # (several: the first share's, the others read beside it)
            return own[0]
        return (
            "HILO-12"
            if any(s.get("ranking") != "high" and s.get("qualifier") is None for s in shares)
            else "HILO-01"
        )
    ranking = shares[0].get("ranking", "high") if shares else "high"
    return RANKING_RULES.get(str(ranking), "SHOW-01")


def result(m: Moment, r: State, e: State) -> Finding | None:
    """The difference in the result, read beside the kickers when the engine ties hands
    that the rules tell apart (charged there when that cause shows elsewhere in the run),
    and beside the wild ranks where both sides report other ones (an event table read
    otherwise: the hands follow from the wild cards)."""
    finding = _result(m, r, e)
    if finding is None:
        return None
    unmet = _unmet(m.doc, r, e) if finding.rule not in ("SHARE-05", "HOLE-02") else None
    if unmet is not None:  # a pot or share nobody qualifies for: read beside the rest
        own = (finding.rule, finding.what)
        alternatives = (own, *finding.alternatives)
        if unmet[0] == "QUAL-01":  # a hand exactly the minimum, refused: nothing else
            alternatives = ()  # read in it gives that (kickers ignored would qualify it)
        finding = dataclasses.replace(
            finding, rule=unmet[0], what=unmet[1], alternatives=alternatives
        )
    wild_r, wild_e = r.get("wild_ranks"), e.get("wild_ranks")
    if isinstance(wild_r, list) and isinstance(wild_e, list) and set(wild_r) != set(wild_e):
        wild = tuple((rule, WILD_READINGS[rule]) for rule in wild_alternatives(m.doc))
        finding = dataclasses.replace(finding, alternatives=(*finding.alternatives, *wild))
    if finding.what == KICKERS[1] or unmet is not None or not _ties_more(r, e):
        return finding  # (a share nobody qualifies for: the pot cut otherwise follows)
    return dataclasses.replace(finding, alternatives=(*finding.alternatives, KICKERS))


NO_SCOOP = ("HILO-05", "one player may not take more than one share of a pot")
SHOW_ORDER = ("SHOW-01", "the hands are shown in another order")


def _scoop_denied(
    doc: Mapping[str, Any], r: State, e: State
) -> tuple[str, list[tuple[int, str]]] | None:
    """A player the rules give two or more shares of a pot wins fewer of them at the
    engine, each share lost going to the best of the other players by the rules (high and
    low are picked apart, HILO-05; an evaluator's other order would pick others):
    ``"next best"``, or ``"heads-up"`` where the only other hand took it (either reading
    fits), with the shares lost; else None.

    >>> doc = {"pot": {"shares": [{"name": "high"}, {"name": "low", "ranking": "ace-to-five"}]}}
    >>> seats = [{"seat": 1, "down": ["Ah", "2d", "3c"], "up": ["4s", "5h", "Kd", "Kc"]},
    ...          {"seat": 2, "down": ["6h", "7d", "8c"], "up": ["2s", "3h", "Qd", "Jc"]},
    ...          {"seat": 3, "down": ["6d", "7c", "9c"], "up": ["2c", "4h", "Qc", "Jd"]}]
    >>> def won(*shares):
    ...     awards = [{"pot": 0, "share": n, "seat": s, "amount": "1"} for n, s in shares]
    ...     return {"seats": seats, "result": {"awards": awards}}
    >>> rules = won(("high", 1), ("low", 1))
    >>> _scoop_denied(doc, rules, won(("high", 1), ("low", 2)))
    ('next best', [(0, 'low')])
    >>> _scoop_denied(doc, rules, won(("high", 1), ("low", 3))) is None  # not the next best
    True
    """
    from stud.cards import parse_cards
    from stud.hands import evaluate

    if (doc.get("wild") or {}).get("ranks"):
        return None
    rankings = _rankings(doc)
    qualifiers = {
        str(s.get("name")): s.get("qualifier")
        for s in (doc.get("pot") or {}).get("shares") or ()
        if isinstance(s, Mapping)
    }
    won_r, won_e = _share_winners(r), _share_winners(e)
    seats = seats_of(r)

    def strength(seat: int, share: str) -> int:
        """The hand's strength for the share; -1 where it does not qualify for it."""
        held = seats.get(seat) or {}
        cards = parse_cards(" ".join([*held.get("down", ()), *held.get("up", ())]))
        qualifier = qualifiers.get(share)
        ranking = str(rankings.get(share, "high"))
        try:
            value = evaluate(
                cards, ranking, qualifier=qualifier if isinstance(qualifier, int) else None
            )
        except ValueError:  # (a ranking read with other options: not read here)
            return -1
        return -1 if value is None else value.strength

    for pot in {p for p, _ in won_r}:
        shares = [k for k in won_r if k[0] == pot]
        contenders = set().union(
            *(won_r[k] for k in shares), *(won_e.get(k, set()) for k in shares)
        )
        for seat in set().union(*(won_r[k] for k in shares)):
            mine = [k for k in shares if won_r[k] == {seat}]  # the rules give it alone
            lost = [k for k in mine if seat not in won_e.get(k, set())]
            if not (len(mine) > 1 and lost and len(lost) < len(mine)):
                continue
            others = [s for s in seats if s != seat and not seats[s].get("folded")]
            for key in lost:  # each share it lost went to the next best by the rules
                best = max((strength(s, key[1]) for s in others), default=-1)
                taken = won_e.get(key, set())
                if best < 0 or not taken or any(strength(s, key[1]) != best for s in taken):
                    break  # (none of the others qualifies for it: the qualifier read otherwise)
            else:
                if contenders:
                    return ("next best" if len(others) > 1 else "heads-up"), lost
    return None


def _ties_more(r: State, e: State) -> bool:
    """The engine shares a pot or half among more of the players than the rules do."""
    won_r, won_e = _share_winners(r), _share_winners(e)
    return any(set() < won_r.get(key, set()) < seats for key, seats in won_e.items())


def _result(m: Moment, r: State, e: State) -> Finding | None:
    ra, ea = _awards(r), _awards(e)
    single = len((m.doc.get("pot") or {}).get("shares") or ()) <= 1  # (share: high or null)
    if ra == ea and (single or _by_share(r) == _by_share(e)):
        return None
    texts = (_awards_text(ra), _awards_text(ea))
    if ra == ea:  # the same chips to the same players, for other shares: say which
        texts = (_shares_text(r), _shares_text(e))
    detail = f"{where(m, r)}: awards by the rules {texts[0]}; the engine {texts[1]}"
    if ra == ea and _alone_unshared(r, e):
        return Finding("SHOW-07", ALONE_UNSHARED, detail)
    if low_at_face_value(m.doc, r, _share_winners(r), _share_winners(e)):
        return Finding(*LOW_AT_FACE_VALUE, detail)
    low_hole = low_hole_fit(m.doc, r, e)  # the Low Hole wild rank read otherwise
    if low_hole:
        return Finding(*low_hole[0], detail, alternatives=tuple(low_hole[1:]))
    plain = not (_any_wild(m.doc, []) or (m.doc.get("wild") or {}).get("ranks"))
    chosen = _chosen(r), _chosen(e)
    aside = reads_aside(m.doc, r, chosen[1])
    if aside is not None:
        return Finding(aside, READS_ASIDE, detail)
    made = made_otherwise(m.doc, r, *chosen, plain=plain)
    if made is not None:
        return Finding(*made, detail)
    table_wild = () if plain else _table_wild(m.doc, r)  # (None: wild for some players)
    differ = [
        k
        for k, v in chosen[0].items()
        if chosen[1].get(k, v) != v
        and not (table_wild is not None and _same_value(m.doc, k[1], chosen[1][k], v, table_wild))
    ]
    winners_r = {p: {s for s, a in v.items() if a} for p, v in ra.items()}
    winners_e = {p: {s for s, a in v.items() if a} for p, v in ea.items()}
    scoop = _scoop(r, winners_r, winners_e)
    if scoop is not None:  # a both that wins or loses otherwise: its hands shown follow
        return Finding(*scoop, detail)
    denied = _scoop_denied(m.doc, r, e)  # a share lost by a player the rules give two
    if denied is not None and (denied[0] == "next best" or not _lows_only(m.doc, denied[1])):
        # each to the best of the others (heads-up: a high half lost to the other hand);
        # or another order of the hands, where the run shows that
        read = ranking_rule(m.doc, {share for _, share in differ})
        hands_read = ((read, chosen_under(read)), KICKERS) if differ else ()
        read_plain = ranking_rule(m.doc)
        alike = ((read_plain, won_under(read_plain)), ("HILO-04", LOWS_OTHERWISE))
        return Finding(*NO_SCOOP, detail, alternatives=(*alike, *hands_read))
    no_scoop = (NO_SCOOP,) if denied is not None else ()  # a low half lost heads-up
    if differ:  # the awards follow
        doc = m.doc
        cards = [c for k in differ for side in chosen for c in side.get(k, ())]
        if not _any_wild(doc, cards):  # no wild card in either hand: the plain ranking's
            doc = {**doc, "wild": {}}
        if _low_hole_ace(doc, r, differ):
            return Finding("LOWHOLE-02", ACE_IN_THE_HOLE, detail)
        if _split_swapped(m.doc, chosen, differ):
            return Finding(*SPLIT_SWAPPED, detail)
        thrown = plays_thrown(m.doc, r, chosen[1], differ)
        if thrown is not None:
            return Finding(thrown, THROWN_PLAYED, detail)
        # under the plain high ranking: the ranking order's rule
        rule = aces_apart(ranking_rule(doc, (share for _, share in differ)), cards)
        if rule in ("HILO-01", "HILO-12") and _high_shares_only(doc, differ):
            rule = "SHOW-01"  # the high hand of a split game: the plain ranking's
        chose = ("SHOW-02" if rule == "SHOW-01" else rule, chosen_under(rule))
        evaluator = _low_evaluator(doc, rule, (share for _, share in differ), chosen_under)
        evaluator += tuple(  # two rankings of their own read otherwise in one pot: each
            (other, chosen_under(other))  # its own evaluator, one of them charged here
            for other in own_rules(doc, (share for _, share in differ))[1:]
        )
        if seven_of_more(doc, r, chosen[1], differ):  # (or a hand the ranking reads
            return Finding("CARDS-01", SEVEN_OF_MORE, detail, alternatives=(chose,))  # otherwise)
        if _same_names(doc, chosen, differ):  # the same hand, weaker cards below its name
            return Finding(*KICKERS, detail)
        hands = high_categories(chosen[0][k] for k in differ) if rule == "SHOW-01" else ()
        if rule == "HILO-01" and _lows_only(doc, differ):
            return Finding("HILO-04", LOWS_OTHERWISE, detail, alternatives=(chose,))  # the
            # best low of seven cards chosen otherwise: lows compared otherwise
        return Finding(*chose, detail, hands=hands, alternatives=evaluator)
    reading = (
        (None if _odd_chips_only(m.doc, ra, ea) else _one_way(r, winners_r, winners_e))
        or _uncut(m.doc, r, e)
        or _cut_below_unit(m.doc, r, e)
        or _qualified(m.doc, r, e)
        or _kickers(m.doc, r, e)
        or _odd_to_other_half(m.doc, r, e)
    )
    if reading is not None:  # (a share for all where none qualifies: or another line)
        beside: tuple[tuple[str, str], ...] = ()
        if reading[0] == "HILO-07":
            beside = (("HILO-02", QUALIFIES_OTHERWISE),)
        elif reading == ODD_TO_HALF:
            beside = odd_share(m.doc)[1]
        elif reading[1] == NOT_AWARDED and _all_in_left_out(r, e):
            beside = (("SHOW-07", CUT),)  # its player, all in, left out of the side pot
        return Finding(*reading, detail, alternatives=beside)
    if winners_r.get(0) != winners_e.get(0):
        shown = bool((r.get("result") or {}).get("showdown"))
        if not shown:
            return Finding("SHOW-07", "the pot goes to another player than the last one in", detail)
        seats = (winners_r.get(0) or set()) ^ (winners_e.get(0) or set())
        if _low_hole_ace(m.doc, r, seats):
            return Finding("LOWHOLE-02", ACE_IN_THE_HOLE, detail)
        rule, parting = _winner_rule(m.doc, r, e, seats)
        if rule == "HILO-01" and _lows_moved(m.doc, r, e):
            moved = ((rule, won_under(rule)), *no_scoop)
            return Finding("HILO-04", LOWS_OTHERWISE, detail, alternatives=moved)
        valued = _valued(m.doc, rule, parting)
        names = _hand_names(r), _hand_names(e)
        if rule == "SHOW-01" and any(
            names[1].get(k, v) != v for k, v in names[0].items() if k[0] in seats
        ):  # the same five cards (five-card stud) named otherwise: the hand valued
            # otherwise, as where the best five are chosen otherwise (SHOW-02)
            return Finding("SHOW-02", CHOSEN, detail, alternatives=((rule, OTHER_WINNER),))
        return Finding(rule, won_under(rule), detail, alternatives=(*valued, *no_scoop))
    if _share_winners(r) != _share_winners(e) and _lows_moved(m.doc, r, e):
        return Finding("HILO-04", LOWS_OTHERWISE, detail)  # (the same players win the pot)
    everyone = [set().union(*w.values()) for w in (winners_r, winners_e)]
    if len(ra) != len(ea) and everyone[0] == everyone[1]:  # the same winners, in pots cut
        return Finding("SHOW-07", CUT, detail)  # otherwise (one pot where the rules cut two)
    if winners_r != winners_e:  # (to a player the rules leave out of it: the pots' cut)
        cut: tuple[tuple[str, str], ...] = (
            (("SHOW-07", CUT),) if _paid_outside(r, winners_e) or _all_in_left_out(r, e) else ()
        )
        pots = winners_r.keys() | winners_e.keys()
        seats = set().union(*(winners_r.get(p, set()) ^ winners_e.get(p, set()) for p in pots))
        names = _hand_names(r), _hand_names(e)
        if any(names[1].get(k, v) != v for k, v in names[0].items() if k[0] in seats):
            # its players' hands named otherwise: valued otherwise, as in a main pot
            rule, parting = _winner_rule(m.doc, r, e, seats)
            cut += ((rule, won_under(rule)), *_valued(m.doc, rule, parting))
        return Finding("SHOW-07", SIDE_POT_WINNER, detail, alternatives=cut)
    diffs = [  # pot by pot: an odd chip in each of several pots is still an odd chip
        abs(ea.get(p, {}).get(s, Decimal(0)) - amount)
        for p, seats in ra.items()
        for s, amount in seats.items()
    ]
    shares = (m.doc.get("pot") or {}).get("shares") or ()
    chip, unit = cut_units(m.doc)  # (HILO-10's unit)
    paid = [{p: sum(v.values(), Decimal(0)) for p, v in side.items()} for side in (ra, ea)]
    # a pot the rules cut between shares (high and low), not one share split among ties
    halved = len(shares) > 1 and len({(p, h) for p, h, _ in _by_share(r)}) > len(ra)
    if halved and paid[0] != paid[1] and diffs and max(diffs) <= unit:
        return Finding("HILO-08", HALVES_UNEVEN, detail)  # each half rounded the same way
    # the same part to each share, divided otherwise among a share's tied winners
    halved = halved and _share_totals(r) != _share_totals(e)
    if ra != ea and all(len(w) == 1 for w in winners_r.values()) and len(ra) > 1:
        return Finding("SHOW-07", CUT, detail)  # no tie (the same chips to each player, in
        # other shares: the odd chip of a pot halved, below)
    if diffs and max(diffs) <= chip:
        if halved:  # (in a pot cut in units of the split, the halves cut in chips)
            odd, cut = odd_share(m.doc)
            units = (("HILO-10", HALVED),) if unit > chip else ()
            return Finding(*odd, detail, alternatives=cut + units)
        return Finding("SHOW-05", ODD_CHIP_MOVED, detail, beyond=ODD_CHIP)
    if halved:
        return Finding("HILO-10", HALVED, detail)
    return Finding("SHOW-05", "a pot is split differently between tied winners", detail)


def odd_chips_moved(m: Moment, r: State, e: State) -> Finding | None:
    """The odd chips of a pot the same players split, given to others than the rules'
    order gives them, read even where the pots differ in size (chips known to differ):
    the first winners in that order get one each, so the engine's must hold the rules'
    when it has more odd chips, lie among them when it has fewer, and be them when it has
    as many.  Only pots split without halves (a high-low game's halves are not read).

    >>> r = {"result": {"awards": [{"pot": 0, "seat": s, "amount": a}
    ...      for s, a in ((1, "0.57"), (2, "0.56"), (3, "0.57"))]}}
    >>> e = {"result": {"awards": [{"pot": 0, "seat": s, "amount": a}
    ...      for s, a in ((1, "1.06"), (2, "1.07"), (3, "1.07"))]}}
    >>> odd_chips_moved(Moment({}, {"op": "act"}, None, [], []), r, e).rule
    'SHOW-05'
    """
    if len((m.doc.get("pot") or {}).get("shares") or ()) > 1:
        return None
    ra, ea = _awards(r), _awards(e)
    for pot, rules in ra.items():
        engine = ea.get(pot, {})
        won = {s for s, a in rules.items() if a}
        if len(won) < 2 or won != {s for s, a in engine.items() if a}:
            continue
        extra_r = {s for s in won if rules[s] > min(rules[w] for w in won)}
        extra_e = {s for s in won if engine[s] > min(engine[w] for w in won)}
        fewer, more = len(extra_e) < len(extra_r), len(extra_e) > len(extra_r)
        if (fewer and extra_e <= extra_r) or (more and extra_r <= extra_e):
            continue
        if extra_e != extra_r:
            detail = (
                f"{where(m, r)}: awards by the rules {_awards_text(ra)}; "
                f"the engine {_awards_text(ea)}"
            )
            return Finding("SHOW-05", ODD_CHIP_MOVED, detail, beyond=ODD_CHIP)
    return None


ODD_CHIP_MOVED = "an odd chip goes to another of the tied winners"
CUT = "the side pots are cut differently"
CHOSEN = "a best hand is named or chosen differently"
# the rankings by their rules, for the hands one of them reads otherwise (one cause each:
# an engine's evaluators of two rankings are two pieces of code)
RANKED = {
    rule: " or ".join(name for name, r in RANKING_RULES.items() if r == rule)
    for rule in RANKING_RULES.values()
}


def won_under(rule: str) -> str:
    """Another winner at the showdown, under the ranking of ``rule`` (the evaluator of a
    ranking of its own, or wild cards read in a low hand, is code of its own).

    >>> won_under("RANK-11")[len(OTHER_WINNER) :], won_under("SHOW-01") == OTHER_WINNER
    (' under the one-card-high or one-card-low ranking', True)
    """
    name = RANKED.get(rule) or ("wild low" if rule == "WILD-02" else None)
    return f"{OTHER_WINNER} under the {name} ranking" if name else OTHER_WINNER


def chosen_under(rule: str) -> str:
    """What a best hand chosen otherwise is, under the ranking of ``rule``.

    >>> chosen_under("RANK-03")
    'a best hand is named or chosen differently under the badugi ranking'
    """
    name = RANKED.get(rule)
    return f"{CHOSEN} under the {name} ranking" if name else CHOSEN


SEVEN_OF_MORE = "a hand is played from seven of the cards dealt"
OTHER_WINNER = "another player wins the pot at the showdown"
SIDE_POT_WINNER = "a side pot goes to another player"
KICKERS = ("SHOW-04", "hands of one name are not told apart by their kickers")
# hands equal card for card (the rules split the pot) given to one of them (by suit)
SUITS_TIE = ("SHOW-05", "equal hands are told apart instead of splitting the pot")
ACE_IN_THE_HOLE = "an ace in the hole counts another way for the high or the low hand"
# what the hands are worth, whatever chips were put in: a difference of the evaluation
HAND_VALUE = frozenset(
    {CHOSEN, SEVEN_OF_MORE, OTHER_WINNER, KICKERS[1], SUITS_TIE[1], ACE_IN_THE_HOLE}
    | {chosen_under(rule) for rule in RANKED}
    | {won_under(rule) for rule in (*RANKED, "WILD-02")}
)


def _wild_low(doc: Mapping[str, Any], r: State, e: State) -> str | None:
    """WILD-02 when the shares won otherwise are all low ones of a wild-card game."""
    if not (doc.get("wild") or {}).get("ranks"):
        return None
    rankings = _rankings(doc)
    won_r, won_e = _share_winners(r), _share_winners(e)
    differ = {k[1] for k in set(won_r) | set(won_e) if won_r.get(k) != won_e.get(k)}
    if differ and all(rankings.get(share, "high") != "high" for share in differ):
        return "WILD-02"
    return None


def _low_hole_ace(doc: Mapping[str, Any], r: State, seats: Iterable[Any]) -> str | None:
    """LOWHOLE-02 when, in a low-hole game with a low share, a player whose hand or award
    differs holds an ace in the hole: how the ace counts (high for the high hand, low and
    wild for the low) is what decides their wild rank, not the low-hole rule itself.

    >>> doc = {"wild": {"low_hole": True}, "pot": {"shares": [
    ...     {"name": "high"}, {"name": "low", "ranking": "ace-to-five"}]}}
    >>> state = {"seats": [{"seat": 1, "down": ["Ah", "5d", "Jd"]}, {"seat": 2, "down": ["Qh"]}]}
    >>> _low_hole_ace(doc, state, {1}), _low_hole_ace(doc, state, {2})
    ('LOWHOLE-02', None)
    """
    if not (doc.get("wild") or {}).get("low_hole"):
        return None
    shares = _share_rows(doc)
    if not any(s.get("ranking", "high") != "high" for s in shares):
        return None
    from stud.cards import Card

    wanted = {k[0] if isinstance(k, tuple) else k for k in seats}  # (seat, share) or seat
    for seat in r.get("seats") or ():
        if not isinstance(seat, Mapping) or seat.get("seat") not in wanted:
            continue
        for text in seat.get("down") or ():
            try:
                if Card.parse(str(text)).rank == 14:
                    return "LOWHOLE-02"
            except (StudError, ValueError):
                continue
    return None


# how an engine may read the Low Hole wild rank otherwise: each reading gives a player's
# wild rank from their hole cards, their own cards, and the ranking of the share
LOW_HOLE_READINGS = ("ace", "whole", "first")  # the ace first: where it fits, it says why


def _wild_valued_otherwise(doc: Mapping[str, Any], r: State, e: State) -> bool:
    """In a Low Hole game, whether the rules' own wild ranks give the rules'
    winners and no reading of the wild rank otherwise (the lowest card of the whole
    hand, of the first street's hole cards, an ace in the hole counted the other way)
    gives the engine's: the hands are valued otherwise with the right wild cards (WILD-01),
    not the low hole card read otherwise (LOWHOLE-01, -02)."""
    return _low_hole_won(doc, r, e) == []


def _low_hole_won(doc: Mapping[str, Any], r: State, e: State) -> list[str] | None:
    """In a Low Hole game whose winners the rules' own wild ranks give, pot by pot: the
    readings of the wild rank (:data:`LOW_HOLE_READINGS`) that give the engine's winners
    (none: empty); None where the question does not arise."""
    if not (doc.get("wild") or {}).get("low_hole") or (doc.get("wild") or {}).get("ranks"):
        return None
    won_r, won_e = _share_winners(r), _share_winners(e)
    first = _first_hole_count(doc)
    keys = won_r.keys() | won_e.keys()
    pots = [set(p.get("eligible") or ()) for p in r.get("pots") or () if isinstance(p, Mapping)]
    if any(pot >= max(len(pots), 1) for pot, _ in keys):
        return None  # (pots the state does not list)

    def winners(reading: str) -> dict[tuple[int, str], set[int]]:
        return {
            (pot, share): _low_hole_winners(
                doc, r, share, reading, first, pots[pot] if pots else None
            )
            for pot, share in keys
        }

    if winners("rules") != {k: won_r.get(k, set()) for k in keys}:
        return None  # the rules' winners are not read so: nothing to say
    engine = {k: won_e.get(k, set()) for k in keys}
    return [reading for reading in LOW_HOLE_READINGS if winners(reading) == engine]


def _first_hole_count(doc: Mapping[str, Any]) -> int:
    """How many hole cards the first street deals."""
    rows = [row for row in doc.get("streets") or () if isinstance(row, Mapping)]
    return sum(face == "down" for face in (rows[0].get("deal") or ())) if rows else 2


def _low_hole_winners(
    doc: Mapping[str, Any],
    r: State,
    share_name: str,
    reading: str,
    first: int,
    contenders: set[int] | None = None,
) -> set[int]:
    """The players with the best hand for a share when each player's wild rank is read
    as ``reading`` says (the rules', the ace the other way, the whole hand, the first
    street's hole cards), among ``contenders`` (None: everyone still in)."""
    share = next((s for s in _share_rows(doc) if str(s.get("name")) == share_name), {})
    best: dict[int, int] = {}
    for number, seat in seats_of(r).items():
        if seat.get("folded") or (contenders is not None and number not in contenders):
            continue
        try:
            made = _low_hole_hand(share, seat, reading, first, None, r.get("community") or ())
        except (StudError, ValueError, TypeError):
            return set()
        if made is not None:
            best[number] = made.strength
    top = max(best.values(), default=None)
    return {n for n, v in best.items() if v == top}


def _low_hole_hand(
    share: Mapping[str, Any],
    seat: Mapping[str, Any],
    reading: str,
    first: int,
    five: Sequence[str] | None = None,
    common: Sequence[str] = (),
) -> Any:
    """A player's hand for a share with their wild rank read as ``reading`` says (see
    :func:`_low_hole_winners`), or the value of the five cards ``five`` read so; None: no
    hand, or none that qualifies.  ``common``: the community cards (a run-out's card);
    ``reading`` "natural": no wild card at all."""
    from stud.cards import parse_cards
    from stud.engine.wild import ACE_LOW_RANKINGS
    from stud.hands.making import make_hand

    ranking = str(share.get("ranking", "high"))
    ace_low = (ranking in ACE_LOW_RANKINGS) != (reading == "ace")
    down = parse_cards(list(seat.get("down") or ()))
    up = parse_cards(list(seat.get("up") or ()))
    read = {"whole": down + up, "first": down[:first]}.get(reading, down)
    naturals = [c.rank for c in read if c.rank]
    if not naturals:
        return None
    low = min(naturals, key=lambda rank: 1 if ace_low and rank == 14 else rank)
    wild = () if reading == "natural" else (low,)  # (natural: no wild card at all)
    qualifier = share.get("qualifier")
    return make_hand(
        parse_cards(list(five)) if five is not None else down,
        [] if five is not None else up,
        [] if five is not None else parse_cards(list(common)),
        ranking,
        qualifier=int(qualifier) if qualifier is not None else None,
        wild_ranks=wild,
    )


# the Low Hole wild rank read from other cards than the lowest hole card (all the player's
# cards, the first street's hole cards only): the low-hole rule itself
LOW_HOLE_READ = ("LOWHOLE-01", "the Low Hole wild rank is read from other cards")
LOW_HOLE_RULES = {"whole": LOW_HOLE_READ, "first": LOW_HOLE_READ}


def low_hole_rules(readings: Iterable[str]) -> list[tuple[str, str]]:
    """The rules of readings of the Low Hole wild rank, each once, in order."""
    rules = [LOW_HOLE_RULES.get(r, ("LOWHOLE-02", ACE_IN_THE_HOLE)) for r in readings]
    return list(dict.fromkeys(rules))


def low_hole_fit(doc: Mapping[str, Any], r: State, e: State) -> list[tuple[str, str]]:
    """In a Low Hole game whose hands shown at the end are named or made otherwise, or
    whose pot goes to other players, the readings of the wild rank that give what the
    engine did (:data:`LOW_HOLE_READINGS`): each hand shown a best hand of its name, the
    pot to its winners.  Their rules (the lowest card of all the player's cards or of the
    first hole cards: LOWHOLE-01; the ace in the hole counted the other way: LOWHOLE-02),
    as :func:`low_hole_rules`; empty where none does."""
    if not (doc.get("wild") or {}).get("low_hole") or (doc.get("wild") or {}).get("ranks"):
        return []
    names, shown = (_hand_names(r), _hand_names(e)), (_hand_cards(r), _hand_cards(e))
    parting = [
        k
        for k, v in names[0].items()
        if k in names[1] and (names[1][k] != v or set(shown[1].get(k, ())) != set(shown[0][k]))
    ]
    shares = {str(s.get("name")): s for s in _share_rows(doc)}
    seats, first = seats_of(r), _first_hole_count(doc)
    common = [str(c) for c in r.get("community") or ()]

    def fits(reading: str, key: tuple[int, str]) -> bool:
        row, cards = shares.get(key[1], {}), shown[1].get(key, [])
        try:
            best = _low_hole_hand(row, seats[key[0]], reading, first, None, common)
            made = _low_hole_hand(row, seats[key[0]], reading, first, cards) if cards else best
        except (StudError, ValueError, TypeError, KeyError):
            return False
        if best is None or made is None or best.name != names[1][key]:
            return False
        return bool(made.strength == best.strength)

    won = _low_hole_won(doc, r, e) if _share_winners(r) != _share_winners(e) else None
    if not parting and won is None:
        return []
    found = [
        reading
        for reading in LOW_HOLE_READINGS
        if all(fits(reading, k) for k in parting) and (won is None or reading in won)
    ]
    if not found and parting:  # another difference beside it (the lows read at face
        # value, WILD-02: the pot goes elsewhere too): the readings that fit every hand
        # shown but such lows
        low = {k for k in parting if shares.get(k[1], {}).get("ranking", "high") != "high"}
        rest = [k for k in parting if k not in low or not fits("natural", k)]
        found = [r for r in LOW_HOLE_READINGS if rest and all(fits(r, k) for k in rest)]
    return low_hole_rules(found)


def _hand_cards(state: State) -> dict[tuple[int, str], list[str]]:
    """Each shown hand's cards, by seat and share."""
    return {
        (int(h.get("seat") or 0), str(h.get("share"))): [str(c) for c in h.get("cards") or ()]
        for h in (state.get("result") or {}).get("hands") or ()
        if isinstance(h, Mapping) and isinstance(h.get("cards") or [], list)
    }


def _all_in_left_out(r: State, e: State) -> bool:
    """Whether a side pot a player all in wins by the rules pays that player nothing at
    the engine: it leaves all-in players out of the pots they covered (the pots' cut)."""
    won_r, won_e = _by_share(r), _by_share(e)
    seats = seats_of(r)
    for pot, _, seat in won_r:
        if pot > 0 and seats.get(seat, {}).get("all_in"):
            if not any(p == pot and s == seat for p, _, s in won_e):
                return True
    return False


def _paid_outside(r: State, winners: Mapping[int, set[int]]) -> bool:
    """Whether the engine pays a pot to a player the rules do not let win it (not in its
    eligible list, as when a player who folded is kept in the side pot)."""
    pots = [p for p in r.get("pots") or () if isinstance(p, Mapping)]
    for n, seats in winners.items():
        if n < len(pots) and seats - {int(x) for x in pots[n].get("eligible") or ()}:
            return True
    return False


def _equivalent(ours: Sequence[str], theirs: Sequence[str]) -> bool:
    """The same five cards, or five of the same ranks that are both a flush or both not
    (the same hand whatever the ranking: another jack of a straight).

    >>> _equivalent(("9s", "Ts", "Jh", "Qh", "Ks"), ("9s", "Ts", "Jd", "Qh", "Ks"))
    True
    >>> _equivalent(("9s", "Ts", "Js", "Qs", "Ks"), ("9s", "Ts", "Jd", "Qs", "Ks"))
    False
    """
    if sorted(ours) == sorted(theirs):
        return True
    ranks = [sorted(c[:-1] for c in hand) for hand in (ours, theirs)]
    flush = [len({c[-1] for c in hand}) == 1 for hand in (ours, theirs)]
    return ranks[0] == ranks[1] and flush[0] == flush[1] and len(ours) == 5


def _table_wild(doc: Mapping[str, Any], r: State) -> tuple[int, ...] | None:
    """The ranks wild for everyone at the end of the hand (the ruleset's and those events
    named); None where a card is wild for some players only (a joker, Low Hole)."""
    from stud.rules.ranks import rank_number

    wild = doc.get("wild") or {}
    if wild.get("low_hole") or wild.get("joker", "none") != "none":
        return None
    try:
        named = [*(wild.get("ranks") or ()), *(r.get("wild_ranks") or ())]
        return tuple(n for n in map(rank_number, named) if n is not None)
    except (StudError, ValueError, TypeError):
        return None


def _same_value(
    doc: Mapping[str, Any],
    share: str,
    ours: Sequence[str],
    theirs: Sequence[str],
    wild: Sequence[int] = (),
) -> bool:
    """Whether two hands of as many cards (five, or a badugi's four...) are worth the same
    under the share's ranking, with the ``wild`` ranks wild: :func:`_equivalent`, or equal
    strengths (a seven of diamonds or of clubs in an ace-to-five low, where flushes do not
    count; a wild deuce or a wild trey playing as the same ace).

    >>> doc = {"pot": {"shares": [{"name": "low", "ranking": "ace-to-five"}]}}
    >>> _same_value(doc, "low", ("9d", "7d", "4d", "3d", "2d"), ("9d", "7c", "4d", "3d", "2d"))
    True
    >>> _same_value({}, "high", ("9d", "7d", "4d", "3d", "2d"), ("9d", "7c", "4d", "3d", "2d"))
    False
    """
    if not wild and _equivalent(ours, theirs):
        return True
    from stud.cards import parse_cards
    from stud.hands import evaluate

    ranking = _rankings(doc).get(share, "high")
    try:
        values = [
            evaluate(parse_cards(" ".join(h)), ranking, wild_ranks=wild) for h in (ours, theirs)
        ]
    except Exception:  # noqa: BLE001 - cards or a ranking that do not read: not the same
        return False
    a, b = values
    same = a is not None and b is not None and a.strength == b.strength
    return same and len(ours) == len(theirs) > 0


def _same_names(
    doc: Mapping[str, Any],
    chosen: tuple[Mapping[tuple[int, str], tuple[str, ...]], ...],
    differ: Sequence[tuple[int, str]],
) -> bool:
    """Whether every hand the engine plays otherwise has the name of the rules' hand (a
    plain high ranking, no wild card): only the cards below the name differ.

    >>> rules, engine = {(1, "high"): ("Kc", "Kd", "8h", "8s", "Qd")}, {(1, "high"): ("Kc",
    ...     "Kd", "8h", "8s", "2c")}
    >>> _same_names({}, (rules, engine), [(1, "high")])
    True
    """
    from stud.cards import parse_cards
    from stud.hands import evaluate

    if _any_wild(doc, []) or (doc.get("wild") or {}).get("ranks"):
        return False
    rankings = _rankings(doc)
    try:
        for key in differ:
            if rankings.get(key[1], "high") != "high" or key not in chosen[1]:
                return False
            ours, theirs = (evaluate(parse_cards(" ".join(c[key]))) for c in chosen)
            if ours is None or theirs is None or ours.name != theirs.name:
                return False
            if ours.strength <= theirs.strength:
                return False
    except (StudError, ValueError):
        return False
    return bool(differ)


def _none_qualify(doc: Mapping[str, Any], r: State) -> bool:
    """Whether no player still in holds a hand that qualifies for a share they may win:
    any share (cards speak), or the shares they declared (plain cards: no wild card read).

    >>> doc = {"pot": {"shares": [{"name": "low", "ranking": "ace-to-five", "qualifier": 8}]}}
    >>> _none_qualify(doc, {"seats": [{"seat": 1, "down": ["Kc", "Kd", "Qs"], "up": ["9c"]}]})
    True
    """
    shares = _share_rows(doc)
    declared = _declared(r)
    players = {n: seat for n, seat in seats_of(r).items() if not seat.get("folded")}
    if not shares or not players:
        return False  # (one high share by default: always met)
    for number, seat in players.items():
        way = declared.get(number)
        for share in shares:
            if way in (None, "both", "all") or share.get("name") == way:
                if _holds(share, seat, r) is not False:
                    return False
    return True


def _unmet(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """The house rule for a pot nobody qualifies for (QUAL-02), or a share's fallback
    where nobody holds a hand for it (SHARE-04), when the hand comes to one; a share won
    by a hand exactly as good as its minimum that the engine gives elsewhere (QUAL-01:
    the minimum qualifies).  Plain cards only: no wild card read."""
    if _any_wild(doc, []) or (doc.get("wild") or {}).get("ranks"):
        return None
    if _minimum_met_exactly(doc, r, e):
        return "QUAL-01", "a hand exactly as good as a share's minimum does not qualify"
    if _none_qualify(doc, r):
        return "QUAL-02", "a pot nobody qualifies for goes otherwise"
    if _fallback_unmet(doc, r):
        return "SHARE-04", "a share nobody wins goes elsewhere than its fallback"
    return None


def _minimum_met_exactly(doc: Mapping[str, Any], r: State, e: State) -> bool:
    """Whether a share with a ``minimum`` goes by the rules to a player whose hand is
    exactly that minimum, and the engine gives it to nobody or to another player."""
    from stud.hands.making import minimum_strength

    won_r, won_e = _share_winners(r), _share_winners(e)
    seats = seats_of(r)
    for share in _share_rows(doc):
        if not share.get("minimum"):
            continue
        name, ranking = str(share.get("name")), str(share.get("ranking", "high"))
        try:
            floor = minimum_strength(str(share["minimum"]), ranking)
        except (StudError, ValueError):
            continue
        for key, winners in won_r.items():
            if key[1] != name or won_e.get(key) == winners:
                continue
            for seat in winners:
                held = _strength(share, seats.get(seat) or {}, r)
                if held == floor:
                    return True
    return False


def _strength(share: Mapping[str, Any], seat: Mapping[str, Any], r: State) -> int | None:
    """The strength of a player's hand for ``share``, its qualifier and minimum set aside
    (None: no hand, or not readable)."""
    made = _hand_for(share, seat, r, qualify=False)
    return None if made is None or made is UNREADABLE else int(made.strength)


def _fallback_unmet(doc: Mapping[str, Any], r: State) -> bool:
    """Whether a share that names a fallback has no hand among the players still in (no
    spade in anyone's hole): its part goes to the fallback share (SHARE-04)."""
    players = [seat for seat in seats_of(r).values() if not seat.get("folded")]
    return any(
        players and all(_holds(share, seat, r) is False for seat in players)
        for share in _share_rows(doc)
        if share.get("fallback")
    )


def _share_rows(doc: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [s for s in (doc.get("pot") or {}).get("shares") or () if isinstance(s, Mapping)]


def _holds(share: Mapping[str, Any], seat: Mapping[str, Any], r: State) -> bool | None:
    """Whether a player holds a hand for ``share`` that qualifies (None: not readable)."""
    made = _hand_for(share, seat, r, qualify=True)
    return None if made is UNREADABLE else made is not None


UNREADABLE = object()  # a hand the evaluator cannot read (a ranking read with other options)


def _hand_for(share: Mapping[str, Any], seat: Mapping[str, Any], r: State, qualify: bool) -> Any:
    """A player's hand for ``share`` (None: no hand; with ``qualify``, none that meets the
    share's qualifier and minimum), or :data:`UNREADABLE`."""
    from stud.cards import parse_cards
    from stud.hands.making import make_hand

    qualifier = share.get("qualifier") if qualify else None
    try:
        return make_hand(
            parse_cards(list(seat.get("down") or ())),
            parse_cards(list(seat.get("up") or ())),
            parse_cards(list(r.get("community") or ())),
            str(share.get("ranking", "high")),
            cards=str(share.get("cards", "all")),
            suit=share.get("suit"),
            qualifier=int(qualifier) if qualifier is not None else None,
            minimum=share.get("minimum") if qualify else None,
        )
    except (StudError, ValueError, TypeError):
        return UNREADABLE


READS_ASIDE = "a share reads cards its hand leaves aside"
CENTRE_LEFT_OUT = ("COMM-01", "a hand is made without the centre cards it may use")
OWN_AND_COMMON = ("HOLE-01", "a hand of so many own and common cards is made otherwise")
RUN_OUT_LEFT_OUT = ("DEAL-09", "a hand is made without the shared card of the run-out")


def made_otherwise(
    doc: Mapping[str, Any],
    r: State,
    rules: Mapping[tuple[int, str], tuple[str, ...]],
    engine: Mapping[tuple[int, str], tuple[str, ...]],
    plain: bool = False,
) -> tuple[str, str] | None:
    """How a hand the rules make with the centre cards is made otherwise (``plain``: no
    wild card, so five cards of the same ranks are the same hand): the engine's
    hand for that share (or none) leaves every centre card out (COMM-01); or the share
    takes so many own and so many common cards and its hand differs (HOLE-01).

    >>> doc = {"pot": {"shares": [{"name": "low", "ranking": "ace-to-five"}]},
    ...        "streets": [{"name": "fifth", "deal": ["centre", "centre"]}]}
    >>> r = {"community": ["2c", "3d"]}
    >>> made_otherwise(doc, r, {(1, "low"): ("2c", "3d", "4h", "5s", "7c")}, {})[0]
    'COMM-01'
    >>> made_otherwise({**doc, "streets": []}, r, {(1, "low"): ("2c", "3d", "4h", "5s", "7c")}, {})
    """
    common = set(r.get("community") or ())
    rows = {str(s.get("name")): s for s in _share_rows(doc)}
    centre = _has_centre(doc)  # else the community card is the run-out's alone (DEAL-09)
    for key, cards in rules.items():
        mine = engine.get(key, ())
        if tuple(sorted(mine)) == tuple(sorted(cards)) or (key in engine and not mine):
            continue  # (a hand shown without its cards says nothing of them)
        if not centre and key not in engine:
            continue  # (no hand for that share: the shares are won otherwise, not made)
        if plain and _equivalent(mine, cards):
            continue  # (the same hand of other cards, the centre's or the player's own)
        row = rows.get(key[1], {})
        if row.get("own") is not None or row.get("common") is not None:
            return OWN_AND_COMMON
        if set(cards) & common and not set(mine) & common:
            return CENTRE_LEFT_OUT if centre else RUN_OUT_LEFT_OUT
    return None


def shown_unqualified(doc: Mapping[str, Any], r: State, e: State) -> bool:
    """Whether a player the engine shows a hand for at the end shows none for a share
    with a qualifier where the rules show one: a qualifying hand read as not qualifying.

    >>> doc = {"pot": {"shares": [{"name": "high"}, {"name": "low", "qualifier": 8}]}}
    >>> def shown(*hands):
    ...     return {"result": {"hands": [{"seat": s, "share": h, "cards": ["Ah"]}
    ...                                  for s, h in hands]}}
    >>> r = shown((1, "high"), (2, "high"), (2, "low"))
    >>> shown_unqualified(doc, r, shown((1, "high"), (2, "high")))
    True
    >>> shown_unqualified(doc, r, shown((1, "high")))
    False
    """
    qualified = _qualified_shares(doc)

    def shown(state: State) -> set[tuple[Any, str]]:
        return {
            (h.get("seat"), str(h.get("share")))
            for h in (state.get("result") or {}).get("hands") or ()
            if isinstance(h, Mapping) and h.get("cards")
        }

    rules, engine = shown(r), shown(e)
    seats = {seat for seat, _ in engine}
    return any(
        share in qualified and (seat, share) not in engine and seat in seats
        for seat, share in rules
    )


def named_under(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """Hands named otherwise at the end, all under a ranking of its own (deuce-to-seven,
    badugi...): that evaluator's cause, as where it chooses the hands otherwise; None
    for the plain high ranking and the choice of low of a split pot (the scenario's).

    >>> doc = {"pot": {"shares": [{"name": "low", "ranking": "deuce-to-seven"}]}}
    >>> hand = {"seat": 1, "share": "low", "name": "seven-five low"}
    >>> named_under(doc, {"result": {"hands": [hand]}},
    ...             {"result": {"hands": [{**hand, "name": "ace-seven low"}]}})[0]
    'RANK-01'
    """
    names = _hand_names(r), _hand_names(e)
    parting = {k[1] for k, v in names[0].items() if names[1].get(k, v) != v}
    rule = ranking_rule(doc, parting) if parting else None
    return (rule, chosen_under(rule)) if rule in RANKED else None


def _has_centre(doc: Mapping[str, Any]) -> bool:
    """Whether the game puts cards in the centre by design (a street's centre cards, or
    cards set out before the deal), not only the run-out's one card."""
    if (doc.get("deck") or {}).get("centre"):
        return True
    streets = doc.get("streets") or ()
    return any("centre" in (s.get("deal") or ()) for s in streets if isinstance(s, Mapping))


def reads_aside(
    doc: Mapping[str, Any], r: State, engine: Mapping[tuple[int, str], tuple[str, ...]]
) -> str | None:
    """The rule of a share that reads only some of a player's cards (the hole cards, or
    their own and not the common ones) where a hand the engine shows for it plays one of
    the others: SHARE-05 for the one card of a suit in the hole, else HOLE-02.

    >>> doc = {"pot": {"shares": [{"name": "spade", "cards": "down", "suit": "spades"}]}}
    >>> r = {"seats": [{"seat": 1, "down": ["Kd"], "up": ["Ks"]}]}
    >>> reads_aside(doc, r, {(1, "spade"): ("Ks",)}), reads_aside(doc, r, {(1, "spade"): ()})
    ('SHARE-05', None)
    """
    sources = {
        str(s.get("name")): s
        for s in (doc.get("pot") or {}).get("shares") or ()
        if isinstance(s, Mapping) and s.get("cards") in ("down", "own")
    }
    seats = seats_of(r)
    for (seat, share), cards in engine.items():
        rule = sources.get(share)
        held = seats.get(seat)
        if rule is None or held is None:
            continue
        readable = set(held.get("down") or ())
        if rule.get("cards") == "own":
            readable |= set(held.get("up") or ())
        if set(cards) - readable:
            return "SHARE-05" if rule.get("suit") else "HOLE-02"
    return None


SPLIT_SWAPPED = ("SPLIT-02", "the two hands of a split play for each other's share")


def _split_swapped(
    doc: Mapping[str, Any],
    chosen: tuple[Mapping[tuple[int, str], tuple[str, ...]], ...],
    differ: Iterable[tuple[int, str]],
) -> bool:
    """Whether a player's bigger and smaller hands of a split (shares that read the
    ``big`` and the ``small`` cards) each play cards the rules give the other share.

    >>> doc = {"pot": {"shares": [{"name": "five", "cards": "big"},
    ...     {"name": "two", "cards": "small"}]}}
    >>> rules = {(1, "five"): ("As", "Kd", "Qh", "Jc", "9s"), (1, "two"): ("8h", "8d")}
    >>> engine = {(1, "five"): ("8h", "8d", "As", "Kd", "Qh"), (1, "two"): ("Jc", "9s")}
    >>> _split_swapped(doc, (rules, engine), [(1, "five"), (1, "two")])
    True
    """
    sources = {
        str(s.get("name")): s.get("cards")
        for s in (doc.get("pot") or {}).get("shares") or ()
        if isinstance(s, Mapping)
    }
    big = [n for n, c in sources.items() if c == "big"]
    small = [n for n, c in sources.items() if c == "small"]
    rules, engine = chosen
    for seat in {seat for seat, _ in differ}:
        for b in big:
            for sm in small:
                into_big = set(engine.get((seat, b), ())) & set(rules.get((seat, sm), ()))
                into_small = set(engine.get((seat, sm), ())) & set(rules.get((seat, b), ()))
                if into_big and into_small:
                    return True
    return False


THROWN_PLAYED = "a hand plays a card its player has thrown away"
# the rounds that throw cards away, by their kind (the first the street table has)
THROWING = {"discard": "DISCARD-01", "draw": "DRAW-01"}


def plays_thrown(
    doc: Mapping[str, Any],
    r: State,
    engine: Mapping[tuple[int, str], tuple[str, ...]],
    differ: Iterable[tuple[int, str]],
) -> str | None:
    """The rule of the round that threw cards away (a discard, a draw) when a hand the
    engine plays otherwise holds a card its player no longer has by the rules: cards
    thrown away never come back into play.

    >>> doc = {"streets": [{"decide": [{"kind": "discard"}]}]}
    >>> r = {"seats": [{"seat": 1, "down": ["As"], "up": ["Kd"]}]}
    >>> plays_thrown(doc, r, {(1, "high"): ("As", "Qh")}, [(1, "high")])
    'DISCARD-01'
    >>> plays_thrown(doc, r, {(1, "high"): ("As", "Kd")}, [(1, "high")])
    """
    kinds = [
        THROWING[str(d.get("kind"))]
        for row in doc.get("streets") or ()
        if isinstance(row, Mapping)
        for d in row.get("decide") or ()
        if isinstance(d, Mapping) and d.get("kind") in THROWING
    ]
    if not kinds:
        return None
    held = {s: {*(v.get("down") or ()), *(v.get("up") or ())} for s, v in seats_of(r).items()}
    common = set(r.get("community") or ())
    for seat, share in differ:
        cards = set(engine.get((seat, share), ()))
        if cards - held.get(seat, set()) - common:
            return kinds[0]
    return None


def seven_of_more(
    doc: Mapping[str, Any],
    r: State,
    engine: Mapping[tuple[int, str], tuple[str, ...]],
    differ: Iterable[tuple[int, str]],
) -> str | None:
    """CARDS-01 when a player holds more than seven cards of their own and the engine's
    hand is the best of seven of them but not of all: the cards past the seventh were not
    played (with the wild ranks of the ruleset and of the hand's events; not where a joker
    or a player's own hole cards are wild, read by the rules that make them)."""
    from itertools import combinations

    from stud.cards import parse_cards
    from stud.hands import evaluate

    table_wild = _table_wild(doc, r)
    if table_wild is None:
        return None
    ranks = set(table_wild)
    rankings = _rankings(doc)
    seats = {s.get("seat"): s for s in r.get("seats") or () if isinstance(s, Mapping)}
    for seat, share in differ:
        if rankings.get(share, "high") != "high":
            continue  # a low share: read by its own rule
        held = seats.get(seat) or {}
        try:
            cards = parse_cards(" ".join(map(str, [*held.get("down", ()), *held.get("up", ())])))
            shown = evaluate(parse_cards(" ".join(engine.get((seat, share), ()))), wild_ranks=ranks)
        except (StudError, ValueError):
            continue
        if len(cards) <= 7 or shown is None:
            continue
        best = evaluate(cards, wild_ranks=ranks)
        sevens = {
            getattr(evaluate(list(c), wild_ranks=ranks), "strength", None)
            for c in combinations(cards, 7)
        }
        if best is not None and shown.strength < best.strength and shown.strength in sevens:
            return "CARDS-01"
    return None


def _any_wild(doc: Mapping[str, Any], cards: list[str]) -> bool:
    """Whether any of the cards may be wild under the ruleset (a wild rank, a joker, a
    player's own wild hole cards, or ranks that events set)."""
    from stud.cards import parse_cards

    wild = doc.get("wild") or {}
    if wild.get("low_hole") or wild.get("joker", "none") != "none" or doc.get("events"):
        return True
    ranks = {int(x) for x in wild.get("ranks") or () if isinstance(x, int)}
    try:
        return any(card.rank in ranks for card in parse_cards(" ".join(cards)))
    except Exception:  # noqa: BLE001 - cards an engine sent that do not read
        return True


def _scoop(
    r: State, winners_r: Mapping[int, set[int]], winners_e: Mapping[int, set[int]]
) -> tuple[str, str] | None:
    """A player who declared every share (``both``) wins where the rules give nothing, or
    the reverse: the scoop rule (DECL-04), not the ranking."""
    scoopers = {s for s, way in _declared(r).items() if way in ("both", "all")}
    for pot in set(winners_r) | set(winners_e):  # pot by pot: a side pot's own winners
        if scoopers & (winners_r.get(pot, set()) ^ winners_e.get(pot, set())):
            return "DECL-04", "a player declaring both wins or loses otherwise than the rules"
    return None


def _declared(state: State) -> dict[int, str]:
    """Each declaration by seat."""
    return {
        int(d.get("seat") or 0): str(d.get("declare"))
        for d in state.get("declarations") or ()
        if isinstance(d, Mapping) and d.get("declare") is not None
    }


def cut_units(doc: Mapping[str, Any]) -> tuple[Decimal, Decimal]:
    """The chip and the unit a pot is cut in (``pot.split_unit``, at least the chip).

    >>> cut_units({"pot": {"split_unit": "10"}}), cut_units({})
    ((Decimal('0.01'), Decimal('10')), (Decimal('0.01'), Decimal('0.01')))
    """
    chip = money((doc.get("stakes") or {}).get("chip") or "0.01")
    return chip, max(chip, money((doc.get("pot") or {}).get("split_unit")))


def _odd_chips_only(
    doc: Mapping[str, Any],
    ra: Mapping[int, Mapping[int, Decimal]],
    ea: Mapping[int, Mapping[int, Decimal]],
) -> bool:
    """Whether both sides pay every pot to the same players, each amount apart by no more
    than an odd chip (the chip, or ``pot.split_unit``): odd chips, read as such.

    >>> one = {0: {1: Decimal("0.21"), 2: Decimal("0.20")}}
    >>> _odd_chips_only({}, one, {0: {1: Decimal("0.20"), 2: Decimal("0.21")}})
    True
    >>> _odd_chips_only({}, one, {0: {1: Decimal("0.41")}})
    False
    """
    if {p: set(v) for p, v in ra.items()} != {p: set(v) for p, v in ea.items()}:
        return False
    unit = cut_units(doc)[1]
    return all(abs(ea[p][s] - amount) <= unit for p, v in ra.items() for s, amount in v.items())


def _one_way(
    r: State, winners_r: Mapping[int, set[int]], winners_e: Mapping[int, set[int]]
) -> tuple[str, str] | None:
    """The rules give a pot to players who all declared the same one way (everyone in it
    did, once a ``both`` that lost is out) and the engine shares it otherwise (the winners
    of one side among the other's, or the same winners with other amounts): the best such
    hand takes it all (DECL-03), no share is left to the cards.  Other winners altogether
    are hands valued otherwise."""
    declared = _declared(r)
    for pot in set(winners_r) | set(winners_e):  # pot by pot: a side pot's own players
        won_r, won_e = winners_r.get(pot, set()), winners_e.get(pot, set())
        if not (won_r <= won_e or won_e <= won_r):
            continue  # other winners altogether: hands valued otherwise
        ways = {declared[s] for s in won_r if s in declared}  # (a both that lost is out)
        if len(ways) == 1 and not ways & {"both", "all"}:
            return "DECL-03", "with everyone declaring one way, the pot goes otherwise"
    return None


def _kickers(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """A share won alone by the rules and shared at the engine (or the reverse) between
    hands of one name: the cards below the name that tell them apart (SHOW-04)."""
    names, engine_names = _hand_names(r), _hand_names(e)
    wild = doc.get("wild") or {}
    wild_cards = wild.get("ranks") or wild.get("low_hole") or wild.get("joker", "none") != "none"
    if (doc.get("showdown") or {}).get("method") == "declare" or wild_cards:
        return None  # who may win a share follows the declarations, or the wild cards
    eligible = {
        n: {int(x) for x in p.get("eligible") or ()}
        for n, p in enumerate(r.get("pots") or ())
        if isinstance(p, Mapping)
    }
    won_r, won_e = _share_winners(r), _share_winners(e)
    if not _one_reading(won_e, eligible):
        return None  # no one reading of the hands gives the engine's pots: not the kickers
    chip = money((doc.get("stakes") or {}).get("chip") or "0.01")
    shares = _by_share(e)
    for key in sorted(set(won_r) | set(won_e)):
        a, b = won_r.get(key, set()), won_e.get(key, set())
        if a == b:
            continue
        held = sum((v for (p, n, _), v in shares.items() if (p, n) == key), Decimal(0))
        if held < chip * len(a | b):
            continue  # fewer chips than tied players: who gets none is no tie broken
        split = (a < b or b < a) and len(a | b) > 1  # one side ties what the other does not
        split = split and (key[0] not in eligible or a | b <= eligible[key[0]])
        if split and len({names.get((seat, key[1])) for seat in a | b}) == 1:
            if _rankings(doc).get(key[1], "high") == "high":
                named = {
                    engine_names.get((seat, key[1]), names.get((seat, key[1]))) for seat in a | b
                }
                if b < a and len(named) > 1:  # the engine names the tied hands otherwise:
                    return ("SHOW-02", CHOSEN)  # it values them otherwise, suits aside
                return SUITS_TIE if b < a else KICKERS  # the rules' tie broken, or made
            # lows of one name told apart otherwise: their order (the share's ranking)
            rule = ranking_rule(doc, (key[1],))
            if rule == "HILO-01":  # identical lows given whole to one of them: the half
                return TIED_LOWS if b < a else ("HILO-04", LOWS_OTHERWISE)  # not split
            return (rule, chosen_under(rule))
    return None


TIED_LOWS = ("HILO-09", "identical lows do not split the low half")


def _hand_names(state: State) -> dict[tuple[int, str], str]:
    """Each shown hand's name, by seat and share."""
    return {
        (int(h.get("seat") or 0), str(h.get("share"))): str(h.get("name"))
        for h in (state.get("result") or {}).get("hands") or ()
        if isinstance(h, Mapping)
    }


def _one_reading(won: Mapping[tuple[int, str], set[int]], eligible: Mapping[int, set[int]]) -> bool:
    """Whether one order of the hands gives every pot's winners: a pot whose players all
    play for a larger pot goes to the larger pot's winners among them, whenever any of them
    is one.  An engine that pays a side pot to the main pot's winner alone, though another
    player ties that hand in the side pot, fails this: its pots, not its hands, differ.

    >>> _one_reading({(0, "high"): {3, 8}, (1, "high"): {3}}, {0: {1, 3, 8}, 1: {3, 8}})
    False
    >>> _one_reading({(0, "high"): {1}, (1, "high"): {3, 8}}, {0: {1, 3, 8}, 1: {3, 8}})
    True
    """
    for (pot, share), winners in won.items():
        inside = eligible.get(pot)
        if not inside:
            continue
        for (other, other_share), larger in won.items():
            bigger = eligible.get(other)
            if other == pot or other_share != share or not bigger or not inside < bigger:
                continue
            best = larger & inside  # (a player tied there may have got no chip of it)
            if best and not best <= winners:
                return False
    return True


def _share_winners(state: State) -> dict[tuple[int, str], set[int]]:
    out: dict[tuple[int, str], set[int]] = {}
    for a in (state.get("result") or {}).get("awards") or ():
        if isinstance(a, Mapping) and money(a.get("amount")):
            key = (int(a.get("pot") or 0), str(a.get("share")))
            out.setdefault(key, set()).add(int(a.get("seat") or 0))
    return out


def _by_share(state: State) -> dict[tuple[int, str, int], Decimal]:
    out: dict[tuple[int, str, int], Decimal] = {}
    for a in (state.get("result") or {}).get("awards") or ():
        if isinstance(a, Mapping) and money(a.get("amount")):
            key = (int(a.get("pot") or 0), str(a.get("share")), int(a.get("seat") or 0))
            out[key] = out.get(key, Decimal(0)) + money(a.get("amount"))
    return out


def _share_totals(state: State) -> dict[tuple[int, str], Decimal]:
    """What each share of each pot pays in all."""
    out: dict[tuple[int, str], Decimal] = {}
    for (pot, share, _), amount in _by_share(state).items():
        out[(pot, share)] = out.get((pot, share), Decimal(0)) + amount
    return out


# a unit left over by the cut paid to another share: the other half of a high-low pot
# (HILO-08), the next share of any other cut (SHARE-02; an engine's one way of paying the
# units left over, read beside the halves where the run shows it)
ODD_TO_HALF = ("HILO-08", "an odd chip goes to the other half of the pot")
LEFT_OVER = ("SHARE-02", "the units left over by the cut go to other shares than the rules'")


def odd_share(doc: Mapping[str, Any]) -> tuple[tuple[str, str], tuple[tuple[str, str], ...]]:
    """The reading of a unit left over paid to another share, and those beside it: a high
    and a low share, the halves (the cut beside them); any other cut, the cut's.

    >>> odd_share({"pot": {"shares": [{"name": "high"}, {"name": "low",
    ...            "ranking": "ace-to-five"}]}})[0][0]
    'HILO-08'
    >>> odd_share({"pot": {"shares": [{"name": "high"}, {"name": "spade"}]}})[0][0]
    'SHARE-02'
    """
    rankings = [str(s.get("ranking", "high")) for s in _share_rows(doc)]
    if len(rankings) == 2 and rankings.count("high") == 1:
        return ODD_TO_HALF, (LEFT_OVER,)
    return LEFT_OVER, ()


def _uncut(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """A pot too small to give every share a unit (``pot.split_unit``, else the chip),
    paid whole to one share by the rules and whole to another at the engine: the part
    that cannot be cut goes to another share (:func:`odd_share`)."""
    shares = _share_rows(doc)
    unit = cut_units(doc)[1]
    paid_r, paid_e = _by_share(r), _by_share(e)
    for pot in {p for p, _, _ in paid_r} | {p for p, _, _ in paid_e}:
        ours = {share for p, share, _ in paid_r if p == pot}
        theirs = {share for p, share, _ in paid_e if p == pot}
        total = sum((v for (p, _, _), v in paid_r.items() if p == pot), Decimal(0))
        if len(ours) == len(theirs) == 1 and ours != theirs and total < unit * len(shares):
            return odd_share(doc)[0]
    return None


HALVED = "a pot is halved differently between high and low"


def _cut_below_unit(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """A pot smaller than one ``pot.split_unit`` for each share, paid whole to one share by
    the rules, cut between shares at the engine, each other share it pays going to a hand
    the rules show for that share (a hand that qualifies): the split unit read otherwise,
    not the qualifier (HILO-10)."""
    shares = _share_rows(doc)
    chip, unit = cut_units(doc)
    if unit <= chip or len(shares) < 2:
        return None
    paid_r, paid_e, shown = _by_share(r), _by_share(e), _hand_names(r)
    for pot in {p for p, _, _ in paid_r}:
        ours = {share for p, share, _ in paid_r if p == pot}
        extra = {(seat, share) for p, share, seat in paid_e if p == pot and share not in ours}
        total = sum((v for (p, _, _), v in paid_r.items() if p == pot), Decimal(0))
        if len(ours) == 1 and extra and total < unit * len(shares) and extra <= shown.keys():
            return "HILO-10", HALVED
    return None


def _odd_to_other_half(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """In a pot, the shares' totals are the rules' but fall to other shares: the part that
    cannot be cut goes to another share (:func:`odd_share`)."""
    totals_r, totals_e = _share_totals(r), _share_totals(e)
    for pot in {p for p, _ in totals_r}:
        ours = {share: v for (p, share), v in totals_r.items() if p == pot}
        theirs = {share: v for (p, share), v in totals_e.items() if p == pot}
        if len(ours) > 1 and ours.keys() == theirs.keys() and ours != theirs:
            if sorted(ours.values()) == sorted(theirs.values()):
                return odd_share(doc)[0]
    return None


def _shares(state: State) -> dict[int, set[str]]:
    out: dict[int, set[str]] = {}
    for a in (state.get("result") or {}).get("awards") or ():
        if isinstance(a, Mapping) and money(a.get("amount")):
            out.setdefault(int(a.get("pot") or 0), set()).add(str(a.get("share")))
    return out


def _qualified(doc: Mapping[str, Any], r: State, e: State) -> tuple[str, str] | None:
    """A share with a qualifier awarded on one side only: the engine qualifies hands the
    rules do not (or a hand for a share nobody qualifies for: HILO-07), or the reverse
    (HILO-02); under wild cards, the wild game's low (WILD-02)."""
    qualified = _qualified_shares(doc)
    shares_r, shares_e = _shares(r), _shares(e)
    extra = any((shares_e[p] - shares_r[p]) & qualified for p in shares_e if p in shares_r)
    missing = any((shares_r[p] - shares_e.get(p, set())) & qualified for p in shares_r)
    if not extra and not missing:
        return None
    if (doc.get("wild") or {}).get("ranks"):
        return "WILD-02", "a wild-card low qualifies otherwise than the rules"
    if extra and _another_line(r, e, qualified):
        return "HILO-02", QUALIFIES_OTHERWISE
    if extra:
        return "HILO-07", "a share is awarded though no hand qualifies for it by the rules"
    return "HILO-02", NOT_AWARDED


QUALIFIES_OTHERWISE = "a hand qualifies for a share that by the rules it does not"
NOT_AWARDED = "a qualifying hand is not awarded its share"
HALVES_UNEVEN = "the halves of a pot do not add up to it (its odd chip paid twice or to no one)"
# a hand the rules qualify (an evaluate's answer, a hand shown at the end) read as not
# qualifying: one cause with the share it then does not pay, where the run shows that
UNQUALIFIED = ("HILO-02", "a qualifying hand is read as not qualifying")


def _another_line(r: State, e: State, qualified: set[str]) -> bool:
    """The engine awards a qualified share the rules do not award, in a pot, to some of
    the players in it but not to all: it draws the qualifying line elsewhere (HILO-02),
    rather than letting every hand compete for a share nobody qualifies for (HILO-07)."""
    ours, theirs = _by_share(r), _by_share(e)
    for pot, share, _ in theirs.keys() - ours.keys():
        if share not in qualified:
            continue
        players = {s for p, _, s in (*ours, *theirs) if p == pot}
        winners = {s for p, name, s in theirs if p == pot and name == share}
        if not any((p, share, s) in ours for p, _, s in theirs if p == pot) and winners < players:
            return True
    return False


LOWS_OTHERWISE = "another hand takes the low half: lows are compared otherwise"


def _lows_moved(doc: Mapping[str, Any], r: State, e: State) -> bool:
    """Every share awarded otherwise is ranked low, in a hi-lo game (the hands shown are
    alike on both sides, checked first): the lows are compared otherwise (HILO-04)."""
    if ranking_rule(doc) != "HILO-01":
        return False
    ours, theirs = _by_share(r), _by_share(e)
    return _lows_only(doc, ((0, share) for _, share, _ in ours.keys() ^ theirs.keys()))


def _rankings(doc: Mapping[str, Any]) -> dict[str, str]:
    shares = (doc.get("pot") or {}).get("shares") or ()
    return {
        str(s.get("name")): str(s.get("ranking", "high")) for s in shares if isinstance(s, Mapping)
    }


def _qualified_shares(doc: Mapping[str, Any]) -> set[str]:
    """The shares that have a qualifier."""
    shares = (doc.get("pot") or {}).get("shares") or ()
    return {
        str(s.get("name"))
        for s in shares
        if isinstance(s, Mapping) and s.get("qualifier") is not None
    }


def _winner_rule(
    doc: Mapping[str, Any], r: State, e: State, seats: set[int]
) -> tuple[str, set[str]]:
    """The rule of a pot won by other players (``seats``: those who win or lose it
    otherwise), and the shares won otherwise."""
    won_r, won_e = _share_winners(r), _share_winners(e)
    parting = {k[1] for k in won_r.keys() | won_e.keys() if won_r.get(k) != won_e.get(k)}
    rule = _wild_low(doc, r, e) or ranking_rule(doc, parting)
    if rule == "LOWHOLE-01" and _wild_valued_otherwise(doc, r, e):
        rule = "WILD-01"  # the right wild cards, the hands valued otherwise
    if rule == "SHOW-01" and holds_wild(r, seats):
        rule = "WILD-01"  # a wild rank an event named, in a hand of those players
    return rule, parting


def _valued(doc: Mapping[str, Any], rule: str, parting: set[str]) -> tuple[tuple[str, str], ...]:
    """The readings beside another winner: the same cards valued otherwise with wild cards,
    the joker or a ranking of its own, read beside the hands named or chosen otherwise
    (one evaluator of such hands); a low's own ranking (:func:`_low_evaluator`)."""
    valued = ((rule, CHOSEN),) if rule in ("WILD-01", "ASF-02") else ()
    if rule in RANKED:  # a ranking's own evaluator: the hands it chooses and who it pays
        valued = ((rule, chosen_under(rule)),)
    return valued + _low_evaluator(doc, rule, parting, won_under)


def _low_evaluator(
    doc: Mapping[str, Any], rule: str, shares: Iterable[str], what: Callable[[str], str]
) -> tuple[tuple[str, str], ...]:
    """The low's own ranking beside the split pot's choice of low (HILO-01, HILO-12): an
    engine's ace-to-six (or ace-to-five) evaluator read otherwise in a split pot and in
    the game of that low alone is one piece of code (taken where the run shows it so)."""
    if rule not in ("HILO-01", "HILO-12"):
        return ()
    ranks = _rankings(doc)
    named = {ranks.get(share, "high") for share in shares} - {"high"}
    if len(named) != 1:
        return ()
    own = RANKING_RULES.get(str(next(iter(named))))
    return ((own, what(own)),) if own is not None else ()


def _lows_only(doc: Mapping[str, Any], keys: Iterable[tuple[int, str]]) -> bool:
    """Whether every (seat, share) in ``keys`` is of a share ranked low (and there is one)."""
    ranking, keys = _rankings(doc), list(keys)
    return bool(keys) and all(ranking.get(share, "high") != "high" for _, share in keys)


def _high_shares_only(doc: Mapping[str, Any], keys: Iterable[tuple[int, str]]) -> bool:
    """Whether every (seat, share) in ``keys`` is of a share ranked high."""
    ranking = _rankings(doc)
    return all(ranking.get(share, "high") == "high" for _, share in keys)


def _chosen(state: State) -> dict[tuple[int, str], tuple[str, ...]]:
    """The five (or fewer) cards each shown hand plays, by seat and share."""
    out: dict[tuple[int, str], tuple[str, ...]] = {}
    for h in (state.get("result") or {}).get("hands") or ():
        if isinstance(h, Mapping) and isinstance(h.get("cards"), list) and h["cards"]:
            out[(int(h.get("seat") or 0), str(h.get("share")))] = tuple(
                sorted(map(str, h["cards"]))
            )
    return out


def _awards_text(awards: Mapping[int, Mapping[int, Decimal]]) -> str:
    parts = [
        f"pot {p}: " + ", ".join(f"seat {s} {fmt(a)}" for s, a in sorted(v.items()))
        for p, v in sorted(awards.items())
    ]
    return "; ".join(parts) or "none"


ALONE_UNSHARED = "a pot one player alone contests at the showdown is paid without its shares"


def _alone_unshared(r: State, e: State) -> bool:
    """Whether the pots paid otherwise all go, on both sides, to one player, whom the rules
    pay by shares (high, low) and the engine as uncontested (share null), or the reverse:
    the protocol's null is for a hand won without a showdown.

    >>> def paid(*awards):
    ...     return {"result": {"awards": [dict(zip(("pot", "share", "seat", "amount"), a))
    ...                                   for a in awards]}}
    >>> r = paid((0, "high", 1, "1"), (0, "low", 2, "1"), (1, "high", 1, "0.66"))
    >>> _alone_unshared(r, paid((0, "high", 1, "1"), (0, "low", 2, "1"), (1, None, 1, "0.66")))
    True
    >>> _alone_unshared(r, paid((0, "high", 2, "1"), (0, "low", 1, "1"), (1, None, 1, "0.66")))
    False
    """
    rules, engine = _by_share(r), _by_share(e)
    differ = {k[0] for k in rules.keys() | engine.keys() if rules.get(k) != engine.get(k)}
    for pot in differ:
        shares = [{k[1] for k in side if k[0] == pot} for side in (rules, engine)]
        seats = {k[2] for side in (rules, engine) for k in side if k[0] == pot}
        if len(seats) != 1 or not any(s == {"None"} for s in shares):
            return False
    return bool(differ)


def _shares_text(state: State) -> str:
    """The awards by pot, share and seat.

    >>> _shares_text({"result": {"awards": [{"seat": 2, "amount": "1.50", "pot": 0,
    ...     "share": "low"}, {"seat": 2, "amount": "1.50", "pot": 0, "share": "high"}]}})
    'pot 0 high: seat 2 1.50; pot 0 low: seat 2 1.50'
    """
    grouped: dict[tuple[int, str], list[str]] = {}
    for (pot, share, seat), amount in sorted(_by_share(state).items()):
        grouped.setdefault((pot, share), []).append(f"seat {seat} {fmt(amount)}")
    parts = [f"pot {pot} {share}: {', '.join(v)}" for (pot, share), v in grouped.items()]
    return "; ".join(parts) or "none"


# --- the evaluator ------------------------------------------------------------------------
def evaluation(m: Moment, ref: Mapping[str, Any], eng: Mapping[str, Any]) -> Finding | None:
    r = [(x.get("rank"), x.get("qualifies", True)) for x in ref.get("results") or ()]
    e = [(x.get("rank"), x.get("qualifies", True)) for x in eng.get("results") or ()]
    if r == e:
        return None
    ranking = str(m.request.get("ranking", "high"))
    if m.request.get("wild"):
        rule = "WILD-01"
    elif m.request.get("qualifier") is not None:
        rule = "HILO-02"
    else:
        held = [c for h in m.request.get("hands") or () if isinstance(h, list) for c in h]
        rule = aces_apart(RANKING_RULES.get(ranking, "SHOW-02"), held)
    detail = f"evaluate {ranking}: ranks by the rules {r}, the engine {e}"
    if rule == "HILO-02" and [x[0] for x in r] == [x[0] for x in e]:  # the same order: only
        # whether each hand qualifies differs
        if all(x[1] or not y[1] for x, y in zip(r, e, strict=False)):
            return Finding(*UNQUALIFIED, detail, alternatives=(("HILO-02", NOT_AWARDED),))
        return Finding("HILO-02", QUALIFIES_OTHERWISE, detail)
    hands: tuple[str, ...] = ()
    if rule == "SHOW-02":  # the hands the rules rank above one the engine does not
        best = [x.get("best") or () for x in ref.get("results") or ()]
        n = min(len(r), len(e), len(best))
        low = [i for i in range(n) if any(_above(r[i], r[j], e[i], e[j]) for j in range(n))]
        hands = high_categories(best[i] for i in low)
        if _kickers_tied(ref, r, e):  # hands of one name tied where the rules tell them
            return Finding(*KICKERS, detail, alternatives=((rule, chosen_under(rule)),))
    # one evaluator ranks evaluate's hands and the shown ones: that cause, where seen
    return Finding(
        rule,
        f"the evaluator ranks {ranking} hands differently",
        detail,
        alternatives=((rule, chosen_under(rule)),),
        hands=hands,
    )


def _kickers_tied(ref: Mapping[str, Any], r: list[Any], e: list[Any]) -> bool:
    """Every pair of hands ranked otherwise is one the engine ties and the rules tell
    apart, under one name (their kickers).

    >>> ref = {"results": [{"name": "ace high"}, {"name": "ace high"}]}
    >>> _kickers_tied(ref, [(1, True), (2, True)], [(1, True), (1, True)])
    True
    >>> _kickers_tied(ref, [(1, True), (2, True)], [(2, True), (1, True)])
    False
    """
    names = [x.get("name") for x in ref.get("results") or ()]
    n = min(len(r), len(e), len(names))
    try:
        pairs = [
            (i, j)
            for i in range(n)
            for j in range(i + 1, n)
            if (r[i][0] < r[j][0], r[i][0] == r[j][0]) != (e[i][0] < e[j][0], e[i][0] == e[j][0])
        ]
    except TypeError:  # ranks an engine sent that do not compare
        return False
    return bool(pairs) and all(
        e[i][0] == e[j][0] and r[i][0] != r[j][0] and names[i] == names[j] for i, j in pairs
    )


def _above(rules_a: Any, rules_b: Any, engine_a: Any, engine_b: Any) -> bool:
    """The rules rank hand a above hand b (rank 1 is best) and the engine does not."""
    try:
        return int(rules_a[0]) < int(rules_b[0]) and not int(engine_a[0]) < int(engine_b[0])
    except (TypeError, ValueError, IndexError):
        return False


def high_categories(hands: Iterable[Sequence[Any]]) -> tuple[str, ...]:
    """The categories of hands (five cards each) under the plain high ranking, where read.

    >>> high_categories([["As", "2d", "3c", "4h", "5s"], ["Kc", "Kd", "8h", "8s", "Qd"], []])
    ('straight', 'two-pair')
    """
    from stud.cards import parse_cards
    from stud.hands import evaluate

    out = set()
    for cards in hands:
        try:
            value = evaluate(parse_cards(" ".join(map(str, cards)))) if cards else None
        except (StudError, TypeError, ValueError):
            continue
        if value is not None:
            out.add(str(value.category))
    return tuple(sorted(out))

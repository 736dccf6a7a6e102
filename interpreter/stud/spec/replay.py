"""The replay of one failed scenario's transcript on the reference, side by side
(:class:`stud.spec.diagnosis.SideBySide`), as the harness sent it: steered requests are
read as what they stand for (:mod:`stud.spec.steer`), and the engine's way of counting from
the dealer's own seat is read beside the rules' (DEAL-02).

>>> from stud.protocol.server import ReferenceHandler
>>> request = {"op": "new_hand", "ruleset": "seven-card-stud", "dealer": 2, "deck": [],
...            "seats": [{"seat": 1, "name": "Ann", "stack": "5"},
...                      {"seat": 2, "name": "Bob", "stack": "5"}]}
>>> reply = ReferenceHandler().handle({"id": 1, **request})
>>> diagnose([{"request": request, "reply": reply}])
[]
>>> reply["state"]["pot"] = "0.05"  # one ante missing from the pot
>>> [(o.finding.rule, o.finding.what) for o in diagnose([{"request": request, "reply": reply}])]
[('DEAL-01', 'the antes are not taken as the stakes say')]
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from stud.spec.blame import DEALT_AWAY, Finding, money
from stud.spec.blame_bets import BLINDS_ELSEWHERE, HEADS_UP_BLINDS, posted_blinds
from stud.spec.diagnosis import Observed, SideBySide, ruleset_of
from stud.spec.owncards import with_own_cards
from stud.spec.playalong import catch_up, other_opener
from stud.spec.standalone import cards_by_seat


def diagnose(
    transcript: Sequence[Mapping[str, Any]], refuted: set[str] | None = None
) -> list[Observed]:
    """Every finding of one scenario's transcript (``[{"request", "reply"}]``), in order.

    The first is the root cause; the others were found net of it (``following``).  When
    the rules played with the button one seat back (the engine counting every position
    from the dealer's own seat, not from the dealer's left) give every reply the engine
    gave, each finding carries that reading beside its own: the deal's order (DEAL-02),
    to which it is charged when the engine's deal shows it elsewhere in the run.  When
    that reading parts from the engine only later, on something else, the findings before
    that point carry it and the hand is read on by it: what it finds next is another bug,
    which the engine's way of counting from the dealer's seat would otherwise hide.  A
    first finding that is a stake of the engine's own (its bring-in) is read the same way
    with that stake written into the ruleset (:func:`_stakes_read`).  ``refuted`` gathers
    the ways of picking who opens that the engine's right picks rule out.
    """
    found = _replay(transcript, refuted=refuted)
    back = _replay(_button_back(transcript)) if found else []
    if not back:
        return [_beside(o, DEALT_AWAY) for o in _stakes_read(transcript, found)] if found else found
    first, other = found[0], back[0]
    # the reading agrees with the engine past the first finding, or at it on the path (who
    # acts, the cards) and parts only on chips or amounts there
    path = first.finding.breaks_path and not other.finding.breaks_path
    if other.index > first.index and any(
        o.independent and o.finding.key == other.finding.key for o in found[1:]
    ):  # the rules' own reading finds that difference standing alone too: no reading of
        # the deal is needed to see it (it stays beside the findings before it)
        return [_beside(o, DEALT_AWAY) if o.index < other.index else o for o in found]
    dealt_right = other.finding.rule in DEAL_CARDS and first.finding.rule not in DEAL_CARDS
    if other.index > first.index and dealt_right:
        # the reading deals the seats other cards later where the engine dealt them right:
        # it does not count from the dealer's seat (a decision round begun at the dealer)
        return _stakes_read(transcript, found)
    if other.index > first.index or (other.index == first.index and path):
        early = [o for o in found if o.index < other.index] or [first]
        explained = [_beside(o, DEALT_AWAY) for o in early]
        read_on = [  # the first difference the reading leaves cannot follow from the deal
            dataclasses.replace(o, following=True, given=DEALT_AWAY[1], independent=n == 0)
            for n, o in enumerate(back)
        ]
        return explained + read_on
    # the engine's cards, or the blinds it took, refute that reading
    other_cards = other.finding.rule in DEAL_CARDS or other.finding.what in BLINDS_POSTED
    other_cards = other_cards or _blinds_moved(_button_back(transcript))
    if other.index == first.index and other.finding.key != first.finding.key and not other_cards:
        # both readings part from the engine at the same request, on other differences:
        # the one read with the button back is charged when the run shows it elsewhere
        reading = (other.finding.rule, other.finding.what)
        found = [_beside(first, reading), *found[1:]]
    return _stakes_read(transcript, found)


# the cards dealt to the seats: where the button one seat back gives the seats other cards
# than the engine's, the engine does not deal that way (scenarios dealt from the deck alone)
DEAL_CARDS = frozenset({"DEAL-02", "DEAL-03", "DEAL-04", "DEAL-05", "DEAL-06"})
BLINDS_POSTED = frozenset({BLINDS_ELSEWHERE[1], HEADS_UP_BLINDS[1]})  # by other seats


# a first finding that is a stake the engine sets otherwise, with the action that shows its
# value and the key of ``stakes`` that holds it
ENGINE_STAKES = {"BRING-05": ("bring_in", "bring_in")}


def _stakes_read(transcript: Sequence[Mapping[str, Any]], found: list[Observed]) -> list[Observed]:
    """The findings, read again with the engine's own value of a stake when the first one
    is that value (:data:`ENGINE_STAKES`: a bring-in for another amount).  Played with the
    engine's value the rules give every reply the engine gave, up to a later point: the
    difference there cannot follow from the stake, so it is a cause of its own
    (``independent``), and what was found before it is explained by the stake (no longer
    independent).  When the engine's value explains every reply, nothing found after the
    first finding stands on its own."""
    if not found or found[0].finding.rule not in ENGINE_STAKES:
        return found
    other = _with_engine_stake(transcript, *ENGINE_STAKES[found[0].finding.rule])
    if other is None:
        return found
    again = _replay(other, literal=True)
    first = found[0]
    if again and again[0].index <= first.index:
        return found  # the engine's value does not explain the first finding
    until = again[0].index if again else len(transcript)
    explained = [dataclasses.replace(o, independent=False) for o in found if o.index < until]
    read_on = [
        dataclasses.replace(o, following=True, independent=n == 0) for n, o in enumerate(again)
    ]
    return explained + read_on


def _with_engine_stake(
    transcript: Sequence[Mapping[str, Any]], action: str, key: str
) -> list[Mapping[str, Any]] | None:
    """The transcript with each ``new_hand``'s ruleset carrying, as ``stakes[key]``, the
    amount the engine first offered for ``action`` where the rules offer another (None
    when it offered none such)."""
    stakes = ruleset_of(_first_new_hand(transcript)).get("stakes")
    if not isinstance(stakes, Mapping) or not isinstance(stakes.get(key), str):
        return None
    value = None
    for entry in transcript:
        engine = ((entry.get("reply") or {}).get("state") or {}).get("legal") or ()
        offered = next((e.get("amount") for e in engine if _is(e, action)), None)
        if isinstance(offered, str) and money(offered) != money(stakes[key]):
            value = offered
            break
    if value is None:
        return None
    out: list[Mapping[str, Any]] = []
    for entry in transcript:
        request = entry.get("request") or {}
        if request.get("op") == "new_hand":
            doc = copy.deepcopy(ruleset_of(request))
            if not isinstance(doc.get("stakes"), dict):
                return None
            doc["stakes"][key] = value
            entry = dict(entry, request=dict(request, ruleset=doc))
        out.append(entry)
    return out


def as_the_rules_deal(transcript: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The transcript with each deal the harness arranged for the engine's own dealing
    order (``rules_deck``: see :func:`stud.spec.execution.execute`) sent with the deck the
    scenario means, and each sent with stacks shifted for the engine's own ante
    (``rules_seats``: :mod:`stud.spec.antes`) with the stacks it means: the reference deals
    those, so both sides hold the same cards, and the same stacks after the antes.  A deal
    sent with an empty deck (the order left to the engine) is replayed with each seat
    handed the cards the engine dealt it (:mod:`stud.spec.owncards`)."""
    out: list[Mapping[str, Any]] = []
    for entry in transcript:
        meant = {"rules_deck": "deck", "rules_seats": "seats"}
        if any(isinstance(entry.get(key), list) for key in meant):
            request = dict(entry.get("request") or {})
            for key, field in meant.items():
                if isinstance(entry.get(key), list):
                    request[field] = list(entry[key])
            entry = {k: v for k, v in entry.items() if k not in meant} | {"request": request}
        out.append(entry)
    return with_own_cards(out)


def _is(entry: Any, action: str) -> bool:
    return isinstance(entry, Mapping) and entry.get("action") == action


def _first_new_hand(transcript: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    return next(
        (e["request"] for e in transcript if (e.get("request") or {}).get("op") == "new_hand"),
        {},
    )


def dealt_away(transcript: Sequence[Mapping[str, Any]], key: str) -> bool:
    """Whether the engine's last state has the ``key`` the rules give with the button one
    seat back, and not the one they give as dealt: a state field the replay does not
    compare (the wild ranks) that follows from the deal's order (DEAL-02)."""
    last = [rules_last(entries).get(key) for entries in (transcript, _button_back(transcript))]
    engine = engine_last(transcript).get(key)
    return engine is not None and engine == last[1] != last[0]


def same_cards(transcript: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the engine's last state shows every seat the cards the rules give it after
    the same requests, and the same centre cards: a field that the cards alone set (the
    wild ranks) cannot then differ because of another difference found before."""
    rules, engine = rules_last(transcript), engine_last(transcript)
    if not rules or not engine:
        return False
    centre = [list(x.get("community") or ()) for x in (rules, engine)]
    return cards_by_seat(rules) == cards_by_seat(engine) and centre[0] == centre[1]


def rules_last(transcript: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The reference's last state after the transcript's requests, as they were sent."""
    from stud.protocol.server import ReferenceHandler

    handler, state = ReferenceHandler(), None
    for index, entry in enumerate(transcript):
        request = entry.get("request") or {}
        if request.get("op") not in (None, "hello", "bye"):
            reply = handler.handle({"id": index + 1, **request})
            state = reply.get("state") if reply.get("ok") else state
    return state if isinstance(state, Mapping) else {}


def rules_log(transcript: Sequence[Mapping[str, Any]]) -> list[tuple[Any, ...]]:
    """The reference's log of the hand (its events, in order) after the transcript's
    requests, as they were sent; empty when it dealt none."""
    from stud.protocol.server import ReferenceHandler

    handler = ReferenceHandler()
    for index, entry in enumerate(transcript):
        request = entry.get("request") or {}
        if request.get("op") not in (None, "hello", "bye"):
            handler.handle({"id": index + 1, **request})
    return list(handler.hand.log) if handler.hand is not None else []


def engine_last(transcript: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    return next(
        (
            e["reply"]["state"]
            for e in reversed(transcript)
            if isinstance((e.get("reply") or {}).get("state"), Mapping)
        ),
        {},
    )


def _beside(observed: Observed, reading: tuple[str, str]) -> Observed:
    """The observation with ``reading`` among its alternatives (unless it is that one)."""
    finding = observed.finding
    if finding.what == reading[1] or reading in finding.alternatives:
        return observed
    alternatives = (*finding.alternatives, reading)
    return dataclasses.replace(
        observed, finding=dataclasses.replace(finding, alternatives=alternatives)
    )


def _replay(
    transcript: Sequence[Mapping[str, Any]],
    literal: bool = False,
    refuted: set[str] | None = None,
) -> list[Observed]:
    """The findings of one transcript replayed on the reference.  Requests the harness
    steered (:mod:`stud.spec.steer`) are read as what they stand for: a scripted action
    the engine refused is judged on a copy of the reference, which then plays it where
    the engine played its own word for it (``substitute``) or where it was sent again
    after checks that close a round the engine left open (``close``, the engine's alone)
    or that come before the rules' opener (``early``: the rules play those players' checks
    where the engine ended the street, at the request marked ``owed``); the comparison,
    stopped by the round left open or the other opener, goes on from there.  ``literal``:
    every request is played as it was sent (the rules read with the engine's own stakes,
    whose offers the steered requests took)."""
    if literal:
        transcript = [
            {k: v for k, v in e.items() if k not in ("steer", "filled", "auto")} for e in transcript
        ]
    from stud.protocol.server import ReferenceHandler

    handler = ReferenceHandler()
    side = SideBySide()
    found: list[Observed] = []
    steered = [i for i, e in enumerate(transcript) if e.get("steer")]
    refused: Mapping[str, Any] | None = None  # a scripted action waiting for its substitute
    pending: list[Mapping[str, Any]] = []  # choices sent ahead, not yet asked by the rules
    round_played: list[Mapping[str, Any]] = []  # ... and every choice of their round
    closed = parted = False
    stop_phase: str | None = None
    skip = -1  # entries already read by a street played along (stud.spec.playalong)
    for index, entry in enumerate(transcript):
        if index <= skip:
            continue
        request = entry.get("request") or {}
        reply = entry.get("reply") or {}
        op = request.get("op")
        if op in (None, "hello", "bye") or not ("ok" in reply or "failure" in reply):
            continue
        mark = entry.get("steer")
        if mark is None and (side.stopped or pending) and _out_of_turn(side.before, request):
            mark = "ahead"  # a choice played along in the engine's order (everyone stands
            # pat until...) where the comparison stopped on that order: read as sent ahead
        if mark == "ahead" and not pending and _asks(side.before, request):
            mark = None  # the rules ask that player now too: a move on both sides
        if mark == "ahead":  # a choice sent before the engine's turn came round to it in
            side.engine_moved(reply)  # the rules' order (stud.spec.ahead): played there
            pending.append(request)
            round_played.append(request)
            continue
        if mark in ("close", "early") and _rules_ask(side.before, request, side.engine_before):
            mark = None  # the rules ask that player too: a move on both sides
        if mark in ("close", "early"):  # the engine's own move: the rules' round is over,
            # or it asks a player the rules do not ask yet (who checks before the opener)
            side.engine_moved(reply)
            closed = True
            continue
        if closed and side.meets():  # where the steered engine stands again as the rules
            closed = False  # do (the same player asked): what it offers there is compared
            met = side.standing()
            if met is not None:
                alone = side.independent and bool(found)
                found.append(Observed(met, index, following=bool(found), independent=alone))
        ahead = transcript[index + 1].get("steer") if index + 1 < len(transcript) else None
        if op == "act" and not reply.get("ok") and ahead in STEERED:
            if not side.stopped:  # what the rules say of it, without playing it yet
                ref = copy.deepcopy(handler).handle({"id": index + 1, **request})
                finding = side.judge(request, ref, reply)
                if finding is not None:
                    found.append(Observed(finding, index, following=bool(found)))
            refused = _unfilled(request) if entry.get("filled") else request
            refused = refused if ahead == "substitute" else None
            continue
        if pending:
            # choices the engine took in another order: the rules play them in theirs, and
            # the two hands are compared again (where that order stopped the comparison)
            # once both sides have made the same choices; what differs then stands alone
            ref = handler.handle({"id": index + 1, **request})
            side.agree(request, ref, reply)
            round_played += [request, *_play_pending(pending, handler, side, index)]
            met = None
            if not pending:
                side.rejoin()
                met = side.standing(_choice_made(round_played))
                round_played = []
            if met is not None:
                alone = side.independent and bool(found)
                found.append(Observed(met, index, following=bool(found), independent=alone))
            continue
        absorb = mark == "substitute" and refused is not None
        if absorb and refused is not None:
            request, refused = refused, None  # the rules play the action it stands for
        elif entry.get("filled"):  # an amount the harness took from the engine's legal set:
            offer = _offer(side.before, request)
            absorb = offer is not None and money(offer) != money(request.get("amount"))
            request = _unfilled(request)  # the rules play their own (another follows from
            # a difference found before: it is learned, not reported)
        if entry.get("auto") and not side.stopped:  # the step's choice from the engine's offer:
            request, absorb = _rules_choice(request, side.before, absorb)  # the rules' own
        rejoined = closed
        if closed:
            side.stopped, closed = False, False  # both on the same path again
        ref = handler.handle({"id": index + 1, **request})
        for seat in entry.get("owed") or ():  # checks the engine took early, the rules' now
            owed = handler.handle({"id": index + 1, "op": "act", "seat": seat, "action": "check"})
            ref = owed if owed.get("ok") else ref
        if op == "next_hand" and side.found:
            break  # what the hands carry over (stacks, the button) may differ from here
        if op in ("new_hand", "next_hand"):
            hand = handler.hand
            doc = ruleset_of(request) if op == "new_hand" else side.doc
            order = [str(c) for c in hand.deck_order] if hand is not None else []
            side.begin(doc, order, by_seat=bool(request.get("seat_cards")))
        healing = stop_phase not in (None, "betting")  # parted on a choice, not a bet
        if side.stopped and healing and side.heals(ref, reply):  # the paths meet again by
            parted = side.stopped = False  # themselves: this request is compared, and on
            stop_phase = None
            side.rejoin()
            met = side.step(request, ref, reply)
            if met is not None:
                found.append(Observed(met, index, following=True, independent=True))
            continue
        if side.stopped:
            side.agree(request, ref, reply)
            continue
        finding = side.step(request, ref, reply, absorb, beside=True)
        if side.stopped and stop_phase is None:  # where the paths parted: a betting round
            stop_phase = str((side.before or {}).get("phase"))  # they never meet again in
            # by themselves (who acted in it is not in a state), a round of choices may
        if rejoined and finding is None and not side.stopped:
            side.rejoin()
        if finding is not None:
            alone = side.independent and bool(found)
            found.append(Observed(finding, index, following=bool(found), independent=alone))
            if side.also is not None:
                found.append(
                    Observed(side.also, index, following=True, independent=side.also_alone)
                )
        while side.stopped and other_opener(side.before, side.engine_before):
            caught = catch_up(transcript, max(index, skip) + 1, side, handler)
            if caught is None:
                break
            handler, skip, later = caught  # the street played along: compared where both
            if later is not None:  # left it (the next street may start the same way)
                alone = side.independent and bool(found)
                found.append(Observed(later, skip, following=bool(found), independent=alone))
        if side.stopped and not any(i > max(index, skip) for i in steered):
            if stop_phase in (None, "betting"):
                break  # nothing steers it back, and a betting round never meets again
            parted, closed = True, False  # read on only where the paths meet by themselves
    else:  # the scenario ended on the engine's own moves, which took it to the street the
        opened = None if parted else _opened_otherwise(side) if closed else None  # rules are
        # on: who opens it is decided by the cards alone, alike on both sides
        if opened is not None:
            found.append(Observed(opened, len(transcript), following=bool(found), independent=True))
    if refuted is not None:
        refuted |= side.refuted
    return found


STEERED = ("substitute", "close", "early", "ahead")  # what may follow a refused action


def _play_pending(
    pending: list[Mapping[str, Any]], handler: Any, side: SideBySide, index: int
) -> list[Mapping[str, Any]]:
    """The choices sent ahead, each played on the reference when the rules ask its player
    (the engine's state is kept as it is); those played."""
    played = []
    while pending:
        to_act = (side.before or {}).get("to_act")
        mine = next((r for r in pending if r.get("seat") == to_act), None)
        if mine is None:
            break
        pending.remove(mine)
        played.append(mine)
        side.agree(mine, handler.handle({"id": index + 1, **mine}), {})
    return played


def _asks(before: Mapping[str, Any] | None, request: Mapping[str, Any]) -> bool:
    return bool(before) and (before or {}).get("to_act") == request.get("seat")


def _out_of_turn(before: Mapping[str, Any] | None, request: Mapping[str, Any]) -> bool:
    """A choice (:data:`stud.spec.ahead.CHOICES`) from a player the rules do not ask yet
    in the round of choices they are in."""
    from stud.spec.ahead import CHOICE_PHASES, CHOICES

    return (
        bool(before)
        and request.get("op") == "act"
        and request.get("action") in CHOICES
        and (before or {}).get("phase") in CHOICE_PHASES
        and not _asks(before, request)
    )


def _choice_made(played: Sequence[Mapping[str, Any]]) -> Mapping[str, Any]:
    """The request a round of choices is read by once both sides have made them: its last
    exchange (what may cost a price), else its last choice."""
    exchanges = [r for r in played if r.get("action") == "exchange"]
    return (exchanges or list(played) or [{"op": "state"}])[-1]


def _opened_otherwise(side: SideBySide) -> Finding | None:
    """Another player named to open the street both sides have just started, on the same
    cards with nothing bet, where the engine's own moves (checks closing a round it left
    open) took it there."""
    from stud.spec.blame import (
        BETWEEN_EQUAL_BOARDS,
        equal_boards_pick,
        opens_otherwise,
        seats_of,
    )

    rules, engine = side.before, side.engine_before
    if not (side.engine_arrived and rules and engine and other_opener(rules, engine)):
        return None
    names = {s: str(seat.get("name", f"seat {s}")) for s, seat in seats_of(rules).items()}
    detail = (
        f"as {rules.get('street')} street starts: the rules give the turn to "
        f"{names.get(rules['to_act'], 'no one')}, the engine to "
        f"{names.get(engine['to_act'], 'seat ' + str(engine['to_act']))}"
    )
    plain = opens_otherwise(side.doc, first=False)
    tie = equal_boards_pick(side.doc, rules, engine.get("to_act"))
    if tie is not None:  # between equal boards: the tie broken otherwise, as blame.turn
        return Finding(tie, BETWEEN_EQUAL_BOARDS, detail, True, alternatives=(plain,))
    return Finding(*plain, detail, True)


def _rules_ask(
    before: Mapping[str, Any] | None,
    request: Mapping[str, Any],
    engine: Mapping[str, Any] | None = None,
) -> bool:
    """Whether the rules' state names the request's player to act (and may check), on the
    street the engine asks it on (a player who closes a round the engine left open may be
    the rules' opener of the next street: that is another move)."""
    if not _asks(before, request):
        return False
    if engine and engine.get("street") != (before or {}).get("street"):
        return False
    return any(
        e.get("action") == "check"
        for e in (before or {}).get("legal") or ()
        if isinstance(e, Mapping)
    )


def _rules_choice(
    request: Mapping[str, Any], before: Mapping[str, Any] | None, absorb: bool
) -> tuple[Mapping[str, Any], bool]:
    """The action a play-along step would have chosen from the rules' offer to the same
    player, in place of the one it chose from the engine's (absorbed when they differ)."""
    from stud.spec.steer import auto_move

    if not before or before.get("to_act") != request.get("seat"):
        return request, absorb
    choice = auto_move(str(e.get("action")) for e in before.get("legal") or ())
    if choice is None or choice == request.get("action"):
        return request, absorb
    return {"op": "act", "seat": request.get("seat"), "action": choice}, True


def _offer(state: Mapping[str, Any] | None, request: Mapping[str, Any]) -> Any:
    """The one amount ``state`` offers for the action of ``request`` (None if it names none)."""
    for entry in (state or {}).get("legal") or ():
        if isinstance(entry, Mapping) and entry.get("action") == request.get("action"):
            return entry.get("amount")
    return None


def _unfilled(request: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in request.items() if k != "amount"}


def _blinds_moved(transcript: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the rules, dealing the transcript's first hand, post the blinds on other
    seats (or other amounts) than the engine did (a game without blinds: never)."""
    from stud.protocol.server import ReferenceHandler

    entry = next((e for e in transcript if (e.get("request") or {}).get("op") == "new_hand"), {})
    request, reply = entry.get("request") or {}, entry.get("reply") or {}
    if not reply.get("ok") or not isinstance(reply.get("state"), Mapping):
        return False
    ref = ReferenceHandler().handle({"id": 1, **request})
    if not ref.get("ok") or not (ruleset_of(request).get("stakes") or {}).get("big_blind"):
        return False
    return posted_blinds(ref["state"]) != posted_blinds(reply["state"])


def _button_back(transcript: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The transcript with each ``new_hand``'s button on the seat before the dealer's."""
    out: list[Mapping[str, Any]] = []
    for entry in transcript:
        request = entry.get("request") or {}
        seats = sorted(
            int(s["seat"])
            for s in request.get("seats") or ()
            if isinstance(s, Mapping) and isinstance(s.get("seat"), int)
        )
        if request.get("op") == "new_hand" and seats:
            dealer = request.get("dealer")
            earlier = [s for s in seats if isinstance(dealer, int) and s < dealer]
            request = dict(request, dealer=(earlier or seats)[-1])
            entry = dict(entry, request=request)
        out.append(entry)
    return out

"""Steering a scenario past an engine's refusal, so one bug does not hide the next.

A scenario's actions are written for the rules.  When the engine refuses one of them,
the scenario has found a deviation; before this module it also ended there, and every
later check in it went untested.  :func:`steer` tries to bring the engine back onto the
scenario's path, only in two situations whose reading is unambiguous:

- **The engine's own move for the same player.**  The engine names the scripted player but
  offers the amount under another action (a raise where the rules say complete), or that
  forced action at another amount (a bring-in for the ante), the bet or raise at the
  nearest amount it allows (its own limit's size; under the one other aggressive action it
  offers where it offers none of the scripted kind), or a check where the rules say call:
  that move is sent instead.  The chips it puts in differently are learned, and
  later states are compared net of them.
- **A street the engine opens with another player.**  The scenario's player bets or
  checks first on a street where nobody has acted yet, and the engine names another
  player with nothing to call (it reads who opens otherwise: the dealer's left, the lowest
  board): the players it names before the scripted one check (``early``), then the
  scripted action is sent again.  After a bet they act again, in the order the rules give
  them, so the round goes on as the scenario wrote it; after a check, their own scripted
  checks are taken as already made where the engine has ended the street by then
  (:mod:`stud.spec.owed`).
- **A round the engine does not end.**  The engine names a player who has already acted
  in this round while every player still in has put in the same amount (the round is
  over by ROUND-02): that player checks, as often as needed, until the engine names the
  scripted player; then the scripted action is sent again.

Each steered request is marked in the transcript (``steer``: ``substitute``, ``early``
or ``close``), so the replay on the reference (:mod:`stud.spec.diagnosis`) plays the rules'
action where the engine played its own move, skips the closing checks, and compares the rest
of the hand net of what was already found.  The refusal itself stays a failure of the
scenario; what fails later is recorded as following it.

>>> same_chips("complete", "0.50", [{"action": "raise", "min": "0.50", "max": "0.50"}])
'raise'
>>> same_chips("complete", "0.50", [{"action": "raise", "min": "1.00", "max": "1.00"}]) is None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from stud.spec.engine import Engine, EngineRefusal, State

AGGRESSIVE = ("bet", "complete", "raise")
# a call first: the rules never offer it beside a check, and an engine that offers both
# (a check facing a bet) is kept on the rules' path by the call
AUTO = ("call", "check", "bring_in", "stand_pat")
FIXED = ("bring_in", "call")  # actions of one amount, which the engine's legal set names


def same_chips(action: str, amount: str | None, legal: Sequence[Mapping[str, Any]]) -> str | None:
    """Another aggressive action the engine offers for exactly this amount, if any."""
    if action not in AGGRESSIVE or amount is None:
        return None
    try:
        to = Decimal(amount)
        for entry in legal:
            other = str(entry.get("action"))
            if other in AGGRESSIVE and other != action and entry.get("min") is not None:
                if Decimal(str(entry["min"])) <= to <= Decimal(str(entry.get("max") or to)):
                    return other
    except InvalidOperation:
        return None
    return None


def own_move(
    action: str, amount: str | None, legal: Sequence[Mapping[str, Any]]
) -> tuple[str, str | None] | None:
    """The engine's own move for a scripted action it refused from the player it names:
    the same chips under another word, the same forced action at the one amount it offers
    (a bring-in, a call), the same bet or raise at the nearest amount it offers, or a
    check where it offers no call.

    >>> own_move("bring_in", "0.10", [{"action": "bring_in", "amount": "0.05"}])
    ('bring_in', '0.05')
    >>> own_move("bet", "1", [{"action": "check"}, {"action": "bet", "min": "0.5", "max": "0.5"}])
    ('bet', '0.5')
    >>> own_move("call", "0.10", [{"action": "check"}, {"action": "bet", "min": "1"}])
    ('check', None)
    >>> own_move("complete", "0.50", [{"action": "raise", "min": "0.60", "max": "0.60"}])
    ('raise', '0.60')
    >>> own_move("fold", None, [{"action": "check"}]) is None
    True
    """
    other = same_chips(action, amount, legal)
    if other is not None:
        return other, amount
    offered = {str(e.get("action")): e for e in legal if isinstance(e, Mapping)}
    nearest = _nearest(offered.get(action), amount) if action in AGGRESSIVE else None
    if nearest is not None:
        return action, nearest
    others = [a for a in AGGRESSIVE if a in offered and a != action]
    if action in AGGRESSIVE and action not in offered and len(others) == 1:
        # the one aggressive action it offers in its place (a raise where the rules
        # complete the bring-in), at its own nearest amount
        instead = _nearest(offered[others[0]], amount)
        if instead is not None:
            return others[0], instead
    fixed = offered.get(action, {}).get("amount")
    if action in FIXED and fixed is not None and str(fixed) != amount:
        return action, str(fixed)
    if action == "call" and "call" not in offered and "check" in offered:
        return "check", None
    return None


def auto_move(offered: Iterable[str]) -> str | None:
    """What a step that plays the hand along ("everyone checks or calls") chooses from the
    actions offered: a call where there is one (facing a bet), else a check, the
    bring-in or standing pat.

    >>> auto_move({"fold", "call", "complete"}), auto_move({"bet", "fold"})
    ('call', None)
    >>> auto_move({"check", "call", "fold"})  # an engine offering a check facing a bet
    'call'
    """
    choices = set(offered)
    return next((a for a in AUTO if a in choices), None)


def _nearest(entry: Mapping[str, Any] | None, amount: str | None) -> str | None:
    """The amount of ``entry``'s range nearest ``amount`` (its limit's size where the
    engine sizes the bet otherwise), when ``amount`` is outside it."""
    low = entry.get("amount", entry.get("min")) if entry is not None else None
    if entry is None or amount is None or low is None:
        return None
    high = entry.get("amount", entry.get("max")) or low
    try:
        to, lo, hi = Decimal(amount), Decimal(str(low)), Decimal(str(high))
    except InvalidOperation:
        return None
    if lo <= to <= hi:
        return None  # the amount was offered: refused for another reason
    return str(low if to < lo else high)


def acted_this_round(transcript: Sequence[Mapping[str, Any]], street: Any) -> set[int]:
    """The seats that played a betting action in the betting round now on ``street`` in
    the current hand, as the engine's own states tell it (an action counts for the street
    its player saw before it; a round of another phase on the street, a decision or an
    exchange, ends the betting round before it)."""
    acted: set[int] = set()
    seen: tuple[Any, Any] = (None, None)
    for entry in transcript:
        request, reply = entry.get("request") or {}, entry.get("reply") or {}
        if request.get("op") in ("new_hand", "next_hand"):
            acted, seen = set(), (None, None)
        state = reply.get("state") if reply.get("ok") else None
        if not isinstance(state, Mapping):
            continue
        betting = seen[1] in (None, "betting")
        if request.get("op") == "act" and seen[0] == street and betting:
            if isinstance(request.get("seat"), int):
                acted.add(int(request["seat"]))
        seen = (state.get("street"), state.get("phase"))
        if seen[0] == street and seen[1] not in (None, "betting"):
            acted = set()
    return acted


def round_left_open(state: State, acted: set[int]) -> bool:
    """The engine names a player who has acted in this round, with nothing to call, while
    every player still able to bet has put in the same amount: the round should be over."""
    to_act = state.get("to_act")
    seats = [s for s in state.get("seats") or () if isinstance(s, Mapping)]
    live = [s for s in seats if not s.get("folded") and not s.get("all_in")]
    if to_act not in acted or not any(s.get("seat") == to_act for s in live):
        return False
    bets = {_money(s.get("bet")) for s in live}
    offered = {str(e.get("action")) for e in state.get("legal") or ()}
    return len(bets) == 1 and "check" in offered


def opened_otherwise(state: State, seat: int, action: str, acted: set[int]) -> bool:
    """The engine names another player than the scripted one to open a street with a bet
    or a check: nobody has acted on it, the player named has nothing to call, and the
    scripted player can still bet.

    >>> seats = [{"seat": 1, "bet": "0"}, {"seat": 2, "bet": "0"}]
    >>> state = {"to_act": 1, "seats": seats, "legal": [{"action": "check"}]}
    >>> opened_otherwise(state, 2, "bet", set()), opened_otherwise(state, 2, "check", set())
    (True, True)
    >>> opened_otherwise(state, 2, "fold", set()), opened_otherwise(state, 2, "bet", {1})
    (False, False)
    """
    to_act = state.get("to_act")
    if action not in ("bet", "check") or acted or to_act is None or to_act == seat:
        return False
    seats = [s for s in state.get("seats") or () if isinstance(s, Mapping)]
    scripted = next((s for s in seats if s.get("seat") == seat), None)
    if scripted is None or scripted.get("folded") or scripted.get("all_in"):
        return False
    offered = {str(e.get("action")) for e in state.get("legal") or () if isinstance(e, Mapping)}
    return "check" in offered and all(_money(s.get("bet")) == 0 for s in seats)


def steer(
    engine: Engine,
    state: State,
    seat: int,
    action: str,
    amount: str | None,
    refusal: EngineRefusal,
    send: Any,
) -> State | None:
    """The engine's state after steering it past ``refusal`` of the scripted action, or
    None when no move is sure to keep it on the scenario's path.  ``send(seat, action,
    amount)`` sends one action; ``state`` is the engine's state before the refusal."""
    if refusal.code != "illegal_action" or state.get("phase") not in (None, "betting"):
        return None
    transcript = getattr(engine, "transcript", None)
    if state.get("to_act") == seat:
        move = own_move(action, amount, state.get("legal") or ())
        if move is None:
            return None
        after: State = send(seat, *move)
        _mark(transcript, "substitute")
        return after
    if transcript is None:
        return None
    if opened_otherwise(state, seat, action, acted_this_round(transcript, state.get("street"))):
        for _ in range(len(state.get("seats") or ())):
            if state.get("to_act") == seat:  # the scripted bet, now in its turn (or the
                return _in_turn(state, seat, action, amount, send, transcript)  # engine's)
            state = send(int(state["to_act"]), "check", None)
            _mark(transcript, "early")
        return None
    for _ in range(len(state.get("seats") or ())):
        if state.get("to_act") == seat:
            break
        if not round_left_open(state, acted_this_round(transcript, state.get("street"))):
            return None
        state = send(int(state["to_act"]), "check", None)
        _mark(transcript, "close")
    if state.get("to_act") != seat:
        return None
    return send(seat, action, amount)  # the scripted action again, now in its turn


def _in_turn(
    state: State,
    seat: int,
    action: str,
    amount: str | None,
    send: Any,
    transcript: list[dict[str, Any]],
) -> State:
    """The scripted action sent in its player's turn; refused there too, the engine's own
    move for it (as when the player was named at once)."""
    try:
        done: State = send(seat, action, amount)
        return done
    except EngineRefusal as refusal:
        move = own_move(action, amount, state.get("legal") or ())
        if refusal.code != "illegal_action" or move is None:
            raise
    after: State = send(seat, *move)
    _mark(transcript, "substitute")
    return after


def _mark(transcript: list[dict[str, Any]] | None, kind: str) -> None:
    if transcript:
        transcript[-1]["steer"] = kind


def _money(value: Any) -> Decimal:
    try:
        return Decimal(str(value if value is not None else 0))
    except InvalidOperation:
        return Decimal(0)

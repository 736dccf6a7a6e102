"""The values PokerKit honours only in some hands, checked as the hand goes.

Each check raises :class:`~stud.errors.UnsupportedError` (with ``values``: what PokerKit
plays instead) at the moment the ruleset's value would make PokerKit's play differ: board
ties broken by suit, the open-pair big bet, the uncapped heads-up rule and a short all-in
raise that reopens the betting.  Hands where they do not matter are played.  In lenient
mode nothing is refused: PokerKit plays its own rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stud.errors import UnsupportedError

from .cards import highest_card

if TYPE_CHECKING:
    from .game import PokerKitHand


def _value(path: str, wanted: Any, plays: Any) -> dict[str, Any]:
    """A protocol ``error.values`` entry: the ruleset wants one value, PokerKit plays another."""
    return {"path": path, "wanted": wanted, "plays": plays}


def check_lazy(hand: PokerKitHand) -> None:
    """Refuse (UnsupportedError) once a value PokerKit does not honour matters."""
    if hand.lenient:
        return
    state = hand.state
    if state.actor_index is None or state.street_index is None:
        return
    if state.street_index != hand.round_key:  # a new round: who opens it, the open pair
        hand.round_key = state.street_index
        hand.round_active = sum(
            1 for i in state.player_indices if state.statuses[i] and state.stacks[i]
        )
        street = hand.streets[state.street_index]
        if street.ties_by_suit:
            _check_board_ties(hand)
        if street.open_pair and _open_pair(hand):
            raise UnsupportedError(
                f"streets.{street.name}.big_bet_when = 'open-pair': a board shows a pair, "
                "and PokerKit's fixed-limit streets have one smallest bet each "
                "(pokerkit.state.Street.min_completion_betting_or_raising_amount)",
                [_value(f"streets.{street.name}.big_bet_when", "open-pair", "never")],
            )
    _check_heads_up_cap(hand)


def _open_pair(hand: PokerKitHand) -> bool:
    for i in hand.state.player_indices:
        ranks = [c[0] for c in hand.up[i]]
        if not hand.folded[i] and len(ranks) != len(set(ranks)):
            return True
    return False


def _check_board_ties(hand: PokerKitHand) -> None:
    state, low = hand.state, hand.plan.board_low
    lookup = getattr(
        state, "_State__low_hand_opening_lookup" if low else "_State__high_hand_opening_lookup"
    )
    entries = {
        i: lookup.get_entry_or_none(state.get_up_cards(i))
        for i in state.player_indices
        if state.statuses[i] and hand.up[i]
    }
    if not entries:
        return
    pick = min if low else max
    best = pick(entries.values())
    tied = [i for i, e in entries.items() if e == best]
    if len(tied) < 2:
        return
    # equal boards: the suit of the highest card decides, a low board with the lower
    # suit being the lower (better) board, as the spec reads ROUND-12
    by_suit = pick(tied, key=lambda i: highest_card(hand.up[i] + hand.community, low))
    if by_suit != state.opener_index:
        seats = ", ".join(str(hand.seats[i]["seat"]) for i in tied)
        raise UnsupportedError(
            f"board.ties = 'suit': the boards of seats {seats} tie, and PokerKit gives "
            "the first of them from the dealer's left the action "
            "(pokerkit.state.State._begin_betting takes the first best opening entry)",
            [_value("board.ties", "suit", "position")],
        )


def _check_heads_up_cap(hand: PokerKitHand) -> None:
    state, plan = hand.state, hand.plan
    if plan.max_raises is None or plan.uncapped_heads_up == "never":
        return
    if state.completion_betting_or_raising_count < plan.max_raises + 1:
        return
    in_hand = sum(1 for i in state.player_indices if not hand.folded[i])
    heads_up = in_hand == 2 if plan.uncapped_heads_up == "in-hand" else hand.round_active == 2
    actor = state.actor_index
    if (
        heads_up
        and actor is not None
        and state.stacks[actor] > (state.checking_or_calling_amount or 0)
    ):
        raise UnsupportedError(
            f"betting.uncapped_heads_up = '{plan.uncapped_heads_up}': the raises are capped "
            "and only two players are left, but PokerKit caps heads-up too "
            "(pokerkit.state.State._verify_completion_betting_or_raising)",
            [_value("betting.uncapped_heads_up", plan.uncapped_heads_up, "never")],
        )


def check_short_all_in(hand: PokerKitHand, actor: int, previous: int, to: int) -> None:
    """After a raise: refuse when it is a short all-in the ruleset lets reopen the betting."""
    state, plan = hand.state, hand.plan
    if hand.lenient or state.stacks[actor] or plan.reopen_fraction >= 1 or previous == 0:
        return
    street = state.street
    smallest = street.min_completion_betting_or_raising_amount if street is not None else 0
    # a full raise: the largest raise so far or the street's smallest bet (PokerKit's own)
    full = max(state.completion_betting_or_raising_amount, smallest)
    increment = to - previous
    waiting = set(state.actor_indices) & set(state.acted_player_indices)
    if full and plan.reopen_fraction * full <= increment < full and waiting:
        raise UnsupportedError(
            f"betting.reopen_fraction = {plan.reopen_fraction}: this short all-in raise is "
            "at least that fraction of a full raise, so the players who already acted may "
            "raise again, but PokerKit reopens the betting only on a full raise "
            "(pokerkit.state.State.complete_bet_or_raise_to, acted_player_indices)",
            [_value("betting.reopen_fraction", str(plan.reopen_fraction), "1")],
        )

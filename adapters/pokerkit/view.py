"""A PokerKit hand seen as a protocol v1 ``state``: what is legal, the seats, the pots, the
result.  Presentation only: every amount, actor and winner is read from PokerKit.

The hands shown are PokerKit's own five cards and labels ("Full house"): the spec judges a
shown hand by its five cards, so the wording does not matter (docs/protocol.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pokerkit import HoleCardsShowingOrMucking as Showing

from .cards import card_text, pk_card

if TYPE_CHECKING:
    from .game import PokerKitHand


def aggressive_kind(hand: PokerKitHand) -> str:
    state = hand.state
    if state.completion_status:
        return "complete"
    return "raise" if any(state.bets) else "bet"


def legal(hand: PokerKitHand) -> list[dict[str, Any]]:
    state = hand.state
    actor = state.actor_index
    if actor is None:
        return []
    out: list[dict[str, Any]] = []
    if state.can_post_bring_in():
        amount = state.effective_bring_in_amount
        out.append({"action": "bring_in", "amount": hand.money(amount or 0)})
    elif state.can_check_or_call():
        owed = state.checking_or_calling_amount or 0
        if owed:
            if state.can_fold():
                out.append({"action": "fold"})
            out.append({"action": "call", "amount": hand.money(state.bets[actor] + owed)})
        else:
            out.append({"action": "check"})
    low = state.min_completion_betting_or_raising_to_amount
    high = state.max_completion_betting_or_raising_to_amount
    if low is not None and high is not None and state.can_complete_bet_or_raise_to(low):
        kind = aggressive_kind(hand)
        if low == high:
            out.append({"action": kind, "amount": hand.money(low)})
        else:
            out.append({"action": kind, "min": hand.money(low), "max": hand.money(high)})
    return out


def legal_texts(hand: PokerKitHand) -> list[str]:
    texts = []
    for item in legal(hand):
        name = item["action"].replace("_", "-")
        if "min" in item:
            texts.append(f"{name} to {item['min']}..{item['max']}")
        elif item["action"] in ("complete", "bet", "raise"):
            texts.append(f"{name} to {item['amount']}")
        elif "amount" in item:
            texts.append(f"{name} {item['amount']}")
        else:
            texts.append(name)
    return texts


def state_json(hand: PokerKitHand) -> dict[str, Any]:
    state = hand.state
    n = len(hand.seats)
    complete = not state.status
    if complete:
        hand.settle()
    stacks = list(state.stacks)
    before = [stacks[i] - hand.pushed[i] + hand.refunds[i] for i in range(n)]
    committed = [hand.starting[i] - before[i] for i in range(n)]
    seats: list[dict[str, Any]] = []
    for i, seat in enumerate(hand.seats):
        seats.append(
            {
                "seat": int(seat["seat"]),
                "name": str(seat["name"]),
                "stack": hand.money(stacks[i]),
                "bet": hand.money(0 if complete else state.bets[i]),
                "folded": hand.folded[i],
                "all_in": before[i] == 0 and not hand.folded[i],
                "down": list(hand.down[i]),
                "up": list(hand.up[i]),
            }
        )
    seats.sort(key=lambda s: s["seat"])
    actor = state.actor_index
    return {
        "street": hand.street_name,
        "phase": "complete" if complete else "betting",
        "to_act": None if actor is None else int(hand.seats[actor]["seat"]),
        "legal": legal(hand),
        "pot": hand.money(sum(committed)),
        "pots": settled_pots(hand) if complete else open_pots(hand),
        "dealer": hand.dealer,
        "seats": seats,
        "community": list(hand.community),
        "result": result(hand) if complete else None,
    }


def open_pots(hand: PokerKitHand) -> list[dict[str, Any]]:
    """PokerKit's pots; while a round is open its bets are added to the last pot."""
    state = hand.state
    seat = [int(s["seat"]) for s in hand.seats]
    out: list[dict[str, Any]] = [
        {"amount": pot.amount, "eligible": sorted(seat[i] for i in pot.player_indices)}
        for pot in state.pots
    ]
    outstanding = sum(state.bets)
    if outstanding:
        if out:
            out[-1]["amount"] += outstanding
        else:
            live = sorted(seat[i] for i in state.player_indices if not hand.folded[i])
            out.append({"amount": outstanding, "eligible": live})
    return [{"amount": hand.money(p["amount"]), "eligible": p["eligible"]} for p in out]


def settled_pots(hand: PokerKitHand) -> list[dict[str, Any]]:
    """The pots as awarded; eligible: players still in who put in the pot's level."""
    n = len(hand.seats)
    stacks = hand.state.stacks
    put_in = [hand.starting[i] - (stacks[i] - hand.pushed[i] + hand.refunds[i]) for i in range(n)]
    live = [i for i in range(n) if not hand.folded[i]]
    levels = sorted({put_in[i] for i in live if stacks[i] - hand.pushed[i] + hand.refunds[i] == 0})
    top = max((put_in[i] for i in live), default=0)
    levels = [level for level in levels if level < top] + [top]
    amounts: dict[int, int] = {}
    for award in hand.awards:
        amounts[award["pot"]] = amounts.get(award["pot"], 0) + award["amount"]
    out = []
    for index, amount in sorted(amounts.items()):
        level = levels[index] if index < len(levels) else top
        eligible = sorted(int(hand.seats[i]["seat"]) for i in live if put_in[i] >= level)
        out.append({"amount": hand.money(amount), "eligible": eligible})
    return out


def result(hand: PokerKitHand) -> dict[str, Any]:
    state = hand.state
    showdown = not state.folded_status
    hands = []
    if showdown:
        # in the order PokerKit showed the hands (its own show-order rule)
        shown = [op.player_index for op in state.operations if isinstance(op, Showing)]
        order = list(dict.fromkeys(shown)) + [i for i in state.player_indices if i not in shown]
        for i in order:
            if hand.folded[i]:
                continue
            cards = [pk_card(c) for c in hand.down[i] + hand.up[i]]
            board = [pk_card(c) for c in hand.community]
            for k, hand_type in enumerate(state.hand_types):
                value = hand_type.from_game_or_none(cards, board)
                if value is None:
                    continue
                hands.append(
                    {
                        "seat": int(hand.seats[i]["seat"]),
                        "share": hand.plan.shares[k],
                        "name": str(value.entry.label),  # PokerKit's words: "Full house"
                        "cards": [card_text(c) for c in value.cards],
                    }
                )
    awards = [dict(a, amount=hand.money(a["amount"])) for a in hand.awards]
    return {"awards": awards, "hands": hands, "showdown": showdown}

"""One hand played by PokerKit, driven by protocol actions.

:class:`PokerKitHand` creates the PokerKit ``State`` of the ruleset's :class:`Plan`
(``plan.py``: its street table for the players dealt in) with every bookkeeping automation
(antes, bet collection, showing, chips pushing/pulling) but *no* dealing automation: the adapter
deals each card PokerKit asks for (``burn_card``, ``deal_hole``, ``deal_board``) from the
protocol's deck order, which follows the stud reference: the listed cards from the top,
then the rest of the pack in new-deck order; when the stub is short the burns go under it
(DEAL-08) and, if still short, one community card is dealt (DEAL-09).  When PokerKit asks
for a different kind of card than that order gives, the adapter follows PokerKit.

Players are PokerKit indices in clockwise order from the dealer's left.  Money is integer
chips of ``stakes.chip``.  The winners, hand values, the five cards shown and their names
are PokerKit's (it labels hands "Full house"...): the spec judges a shown hand by its five
cards, so the wording does not matter (docs/protocol.md).  The protocol view is
``view.py``; the values PokerKit honours only in some hands are checked by ``checks.py``.
"""

from __future__ import annotations

import copy
import warnings
from decimal import Decimal
from typing import Any

from pokerkit import BoardDealing, ChipsPushing, Folding, HoleDealing
from stud.errors import IllegalAction, UnsupportedError
from stud.money import fmt, to_money
from stud.rules.model import Ruleset

from . import view
from .cards import card_text, first_in_new_deck_order, pack_order, pk_card
from .checks import check_lazy, check_short_all_in
from .plan import Plan


class PokerKitHand:
    """A hand of PokerKit stud driven by protocol actions."""

    def __init__(
        self,
        ruleset: Ruleset,
        plan: Plan,
        seats: list[dict[str, Any]],
        dealer: int,
        deck: list[str],
        *,
        lenient: bool = False,
    ):
        self.ruleset, self.plan, self.dealer = ruleset, plan, dealer
        self.lenient = lenient  # play PokerKit's own rule where a value is not honoured
        ordered = sorted(seats, key=lambda s: int(s["seat"]))
        start = next((i for i, s in enumerate(ordered) if int(s["seat"]) > dealer), 0)
        self.seats = ordered[start:] + ordered[:start]
        self.index = {int(s["seat"]): i for i, s in enumerate(self.seats)}
        n = len(self.seats)
        self.starting = [
            self.units(to_money(s["stack"]), f"seat {s['seat']} stack") for s in self.seats
        ]
        self.stub = pack_order(deck)
        self.burned: list[str] = []
        self.down: list[list[str]] = [[] for _ in range(n)]
        self.up: list[list[str]] = [[] for _ in range(n)]
        self.community: list[str] = []
        self.folded = [False] * n
        self.pushed = [0] * n
        self.awards: list[dict[str, Any]] = []
        self.pushes: list[tuple[int, int, int, str | None]] = []
        self.settled = False
        self.refunds = [0] * n
        self.seen_ops = 0
        self.street_name = plan.streets[0].name
        self.round_key: int | None = None
        self.round_active = n
        self.street_cards = 0
        self.street_receivers = n
        self.street_seen: int | None = None
        self.streets = plan.played(n)  # the street table PokerKit plays for n players
        self.state = plan.create_state(tuple(self.starting))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self._advance()

    # --- money ---------------------------------------------------------------------------
    def units(self, amount: Decimal, where: str) -> int:
        count = amount / self.plan.chip
        if count != count.to_integral_value():
            raise IllegalAction(f"{where} {fmt(amount)} is not a whole number of chips", [])
        return int(count)

    def money(self, count: int) -> str:
        return fmt(Decimal(count) * self.plan.chip)

    # --- dealing -------------------------------------------------------------------------
    def _take(self) -> str:
        if not self.stub:  # only when PokerKit wants more cards than the stud order gives
            offered = [card_text(c) for c in self.state.get_dealable_cards(1)]
            return first_in_new_deck_order(offered)
        return self.stub.pop(0)

    def _reuse_if_short(self, live: int) -> None:
        if len(self.stub) < live and self.burned:
            self.stub.extend(self.burned)
            self.burned = []

    def _advance(self) -> None:
        """Deal what PokerKit waits for; record every new operation."""
        state = self.state
        while True:
            if state.street_index is not None and state.street_index != self.street_seen:
                self.street_seen = state.street_index
                self.street_name = self.streets[state.street_index].name
                self.street_cards = 0
                self.street_receivers = sum(1 for q in state.hole_dealing_statuses if q)
            if state.can_burn_card():
                card = self.stub.pop(0) if self.stub else self._take()
                self.burned.append(card)
                state.burn_card(pk_card(card))
            elif state.hole_dealee_index is not None and state.can_deal_hole():
                if self.street_cards % max(self.street_receivers, 1) == 0:
                    self._reuse_if_short(self.street_receivers)
                state.deal_hole(pk_card(self._take()))
                self.street_cards += 1
            elif state.can_deal_board():
                live = sum(1 for i in state.player_indices if state.statuses[i])
                self._reuse_if_short(live)
                state.deal_board(pk_card(self._take()))
            else:
                break
        self._scan()

    def _scan(self) -> None:
        ops = self.state.operations
        for op in ops[self.seen_ops :]:
            if isinstance(op, HoleDealing):
                for card, up in zip(op.cards, op.statuses, strict=True):
                    (self.up if up else self.down)[op.player_index].append(card_text(card))
            elif isinstance(op, BoardDealing):
                self.community.extend(card_text(c) for c in op.cards)
            elif isinstance(op, Folding):
                self.folded[op.player_index] = True
            elif isinstance(op, ChipsPushing):
                self._pushed(op)
        self.seen_ops = len(ops)

    def _pushed(self, op: ChipsPushing) -> None:
        share = None
        if not self.state.folded_status:
            if op.hand_type_index is not None:
                share = self.plan.shares[op.hand_type_index]
            elif len(self.plan.shares) == 1:  # PokerKit names no hand type once the other
                share = self.plan.shares[0]  # hands are killed; with one share it is that one
        for i, amount in enumerate(op.amounts):
            if amount:
                self.pushed[i] += amount
                self.pushes.append((op.pot_index, i, amount, share))

    def settle(self) -> None:
        """After the hand: split PokerKit's pushes into awards and the uncalled excess.

        PokerKit pushes an uncalled excess (a bet beyond what anyone else put in) back as a
        pot of its own; stud returns it uncalled, so it is not an award.
        """
        if self.settled:
            return
        self.settled = True
        n = len(self.seats)
        stacks = self.state.stacks
        put_in = [self.starting[i] - (stacks[i] - self.pushed[i]) for i in range(n)]
        top = max(range(n), key=lambda i: put_in[i])
        second = max((put_in[i] for i in range(n) if i != top), default=0)
        excess = max(put_in[top] - second, 0)
        remaining = excess
        kept: list[tuple[int, int, int, str | None]] = []
        for pot, i, amount, share in reversed(self.pushes):
            if i == top and remaining:
                back = min(amount, remaining)
                remaining -= back
                amount -= back
            if amount:
                kept.append((pot, i, amount, share))
        kept.reverse()
        # only what PokerKit did push back to the top player is a return; when everyone
        # folds, PokerKit never collects the winner's last bet, so nothing comes back here
        self.refunds[top] = excess - remaining
        pots = sorted({pot for pot, *_ in kept})
        renumber = {pot: k for k, pot in enumerate(pots)}
        self.awards = [
            {
                "seat": int(self.seats[i]["seat"]),
                "amount": amount,
                "pot": renumber[pot],
                "share": share,
            }
            for pot, i, amount, share in kept
        ]

    def next_table(self) -> tuple[list[dict[str, Any]], int]:
        """After the hand: the seats with the stacks PokerKit ended with (players with no
        chips left out) and the next dealer (one occupied seat clockwise when
        ``dealer.rotates``)."""
        stacks = self.state.stacks
        seats: list[dict[str, Any]] = [
            {"seat": int(s["seat"]), "name": str(s["name"]), "stack": self.money(stacks[i])}
            for i, s in enumerate(self.seats)
            if stacks[i] > 0
        ]
        seats.sort(key=lambda s: s["seat"])
        dealer = self.dealer
        if self.ruleset.dealer.rotates and seats:
            later = [s["seat"] for s in seats if s["seat"] > dealer]
            dealer = later[0] if later else seats[0]["seat"]
        return seats, dealer

    # --- acting --------------------------------------------------------------------------
    def act(self, seat: int, action: str, amount: str | None) -> None:
        """Play one action; IllegalAction (state unchanged) or UnsupportedError (restored)."""
        state = self.state
        if state.actor_index is None or seat not in self.index:
            raise IllegalAction(f"seat {seat} cannot act now", self.legal_texts())
        if self.index[seat] != state.actor_index:
            raise IllegalAction(f"it is not seat {seat}'s turn", self.legal_texts())
        offered = {item["action"]: item for item in self.legal()}
        if action not in offered:
            raise IllegalAction(f"{action.replace('_', '-')} is not legal now", self.legal_texts())
        to = None if amount is None else self.units(to_money(amount), action)
        item = offered[action]
        if (
            "amount" in item
            and to is not None
            and to != self.units(to_money(item["amount"]), action)
        ):
            raise IllegalAction(f"{action} must be to {item['amount']}", self.legal_texts())
        snapshot = copy.deepcopy(self.__dict__)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if action == "fold":
                    state.fold()
                elif action in ("check", "call"):
                    state.check_or_call()
                elif action == "bring_in":
                    state.post_bring_in()
                else:
                    if to is None:
                        to = self.units(to_money(item.get("amount") or item["min"]), action)
                    if not state.can_complete_bet_or_raise_to(to):
                        raise IllegalAction(
                            f"{action} to {self.money(to)} is not allowed", self.legal_texts()
                        )
                    previous, actor = max(state.bets), state.actor_index
                    state.complete_bet_or_raise_to(to)
                    check_short_all_in(self, actor, previous, to)
                self._advance()
            self.check_lazy()
        except (IllegalAction, UnsupportedError):
            self.__dict__.update(snapshot)
            raise
        except Exception:
            self.__dict__.update(snapshot)
            raise

    # --- the protocol view (view.py) and the checks during play (checks.py) ------------
    def check_lazy(self) -> None:
        check_lazy(self)

    def legal(self) -> list[dict[str, Any]]:
        return view.legal(self)

    def legal_texts(self) -> list[str]:
        return view.legal_texts(self)

    def state_json(self) -> dict[str, Any]:
        return view.state_json(self)

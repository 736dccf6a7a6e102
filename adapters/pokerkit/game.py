"""One hand played by PokerKit, seen as a protocol v1 ``state``.

:class:`PokerKitHand` creates the PokerKit state with every bookkeeping automation (antes,
bet collection, showing, chips pushing/pulling) but *no* dealing automation: the adapter
deals each card PokerKit asks for (``burn_card``, ``deal_hole``, ``deal_board``) from the
protocol's deck order, which follows the stud reference: the listed cards from the top,
then the rest of the pack in new-deck order; when the stub is short the burns go under it
(DEAL-08) and, if still short, one community card is dealt (DEAL-09).  When PokerKit asks
for a different kind of card than that order gives, the adapter follows PokerKit.

Players are PokerKit indices in clockwise order from the dealer's left.  Money is integer
chips of ``stakes.chip``.  The winners, hand values, the five cards shown and their names
are PokerKit's (it labels hands "Full house"...): the spec judges a shown hand by its five
cards, so the wording does not matter (docs/protocol.md).
"""

from __future__ import annotations

import copy
import random
import warnings
from decimal import Decimal
from typing import Any

import pokerkit
from pokerkit import (
    Automation,
    BoardDealing,
    ChipsPushing,
    Folding,
    HoleDealing,
    Mode,
)
from pokerkit import (
    HoleCardsShowingOrMucking as Showing,
)
from stud.cards import Card, standard_deck
from stud.errors import IllegalAction, UnsupportedError
from stud.money import fmt, to_money
from stud.rules.model import Ruleset

from .compat import Plan

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pk_card(text: str) -> pokerkit.Card:
    return next(iter(pokerkit.Card.parse(text)))


def card_text(card: pokerkit.Card) -> str:
    return f"{card.rank}{card.suit}"


def highest_card(cards: list[str], aces_low: bool) -> tuple[int, int]:
    """(rank, suit) of a board's highest card, aces low for a low board: equal boards are
    broken by the suit of this card (ROUND-06; ROUND-12, where the lower suit is lower).

    >>> highest_card(["6c", "2d"], True) < highest_card(["6d", "2s"], True)
    True
    >>> highest_card(["Ah", "Ks"], False) < highest_card(["As", "Kc"], False)
    True
    """
    parsed = [Card.parse(c) for c in cards]
    return max((1 if aces_low and c.rank == 14 else c.rank, c.suit) for c in parsed)


def pack_order(deck: list[str]) -> list[str]:
    """The protocol's deck rule: listed cards first, then new-deck order (empty: seed 0)."""
    pack = [str(c) for c in standard_deck()]
    if not deck:
        shuffled = list(standard_deck())
        random.Random(0).shuffle(shuffled)
        return [str(c) for c in shuffled]
    listed = [str(Card.parse(c)) for c in deck]
    return listed + [c for c in pack if c not in set(listed)]


def _value(path: str, wanted: Any, plays: Any) -> dict[str, Any]:
    """A protocol ``error.values`` entry: the ruleset wants one value, PokerKit plays another."""
    return {"path": path, "wanted": wanted, "plays": plays}


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
        self.street_name = ruleset.streets[0].name
        self.round_key: int | None = None
        self.round_active = n
        self.street_cards = 0
        self.street_receivers = n
        self.street_seen: int | None = None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.state = plan.game.create_state(
                AUTOMATIONS,
                True,
                plan.ante,
                plan.bring_in,
                plan.small_bet,
                plan.big_bet,
                tuple(self.starting),
                n,
                mode=Mode.TOURNAMENT,
            )
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
            extra = next(iter(self.state.get_dealable_cards(1)))
            return card_text(extra)
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
                self.street_name = self.ruleset.streets[state.street_index].name
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
        seats = [
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
                    self._check_short_all_in(actor, previous, to)
                self._advance()
            self.check_lazy()
        except (IllegalAction, UnsupportedError):
            self.__dict__.update(snapshot)
            raise
        except Exception:
            self.__dict__.update(snapshot)
            raise

    # --- the values PokerKit honours only in some hands ------------------------------------
    def check_lazy(self) -> None:
        """Refuse (UnsupportedError) once a value PokerKit does not honour matters."""
        if self.lenient:
            return
        state, plan = self.state, self.plan
        if state.actor_index is None or state.street_index is None:
            return
        if state.street_index != self.round_key:  # a new round: who opens it, the open pair
            self.round_key = state.street_index
            self.round_active = sum(
                1 for i in state.player_indices if state.statuses[i] and state.stacks[i]
            )
            if state.street_index > 0:
                self._check_board_ties()
            if state.street_index in plan.open_pair_streets and self._open_pair():
                raise UnsupportedError(
                    f"streets.{self.street_name}.big_bet_when = 'open-pair': a board shows a "
                    "pair, and PokerKit's fixed-limit stud allows only the small bet on "
                    "fourth street (pokerkit.games.SevenCardStud streets)",
                    [_value(f"streets.{self.street_name}.big_bet_when", "open-pair", "never")],
                )
        self._check_heads_up_cap()

    def _open_pair(self) -> bool:
        for i in self.state.player_indices:
            ranks = [c[0] for c in self.up[i]]
            if not self.folded[i] and len(ranks) != len(set(ranks)):
                return True
        return False

    def _check_board_ties(self) -> None:
        state, plan = self.state, self.plan
        if not plan.ties_by_suit:
            return
        lookup = getattr(
            state,
            "_State__low_hand_opening_lookup" if plan.low else "_State__high_hand_opening_lookup",
        )
        entries = {
            i: lookup.get_entry_or_none(state.get_up_cards(i))
            for i in state.player_indices
            if state.statuses[i] and self.up[i]
        }
        if not entries:
            return
        pick = min if plan.low else max
        best = pick(entries.values())
        tied = [i for i, e in entries.items() if e == best]
        if len(tied) < 2:
            return
        # equal boards: the suit of the highest card decides, a low board with the lower
        # suit being the lower (better) board, as the spec reads ROUND-12
        by_suit = pick(tied, key=lambda i: highest_card(self.up[i] + self.community, plan.low))
        if by_suit != state.opener_index:
            seats = ", ".join(str(self.seats[i]["seat"]) for i in tied)
            raise UnsupportedError(
                f"board.ties = 'suit': the boards of seats {seats} tie, and PokerKit gives "
                "the first of them from the dealer's left the action "
                "(pokerkit.state.State._begin_betting takes the first best opening entry)",
                [_value("board.ties", "suit", "position")],
            )

    def _check_heads_up_cap(self) -> None:
        state, plan = self.state, self.plan
        if plan.max_raises is None or plan.uncapped_heads_up == "never":
            return
        if state.completion_betting_or_raising_count < plan.max_raises + 1:
            return
        in_hand = sum(1 for i in state.player_indices if not self.folded[i])
        heads_up = in_hand == 2 if plan.uncapped_heads_up == "in-hand" else self.round_active == 2
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

    def _check_short_all_in(self, actor: int, previous: int, to: int) -> None:
        state, plan = self.state, self.plan
        if self.lenient or state.stacks[actor] or plan.reopen_fraction >= 1 or previous == 0:
            return
        street = state.street
        full = street.min_completion_betting_or_raising_amount if street is not None else 0
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

    # --- the protocol view ---------------------------------------------------------------
    def aggressive_kind(self) -> str:
        state = self.state
        if state.completion_status:
            return "complete"
        return "raise" if any(state.bets) else "bet"

    def legal(self) -> list[dict[str, Any]]:
        state = self.state
        actor = state.actor_index
        if actor is None:
            return []
        out: list[dict[str, Any]] = []
        if state.can_post_bring_in():
            amount = state.effective_bring_in_amount
            out.append({"action": "bring_in", "amount": self.money(amount or 0)})
        elif state.can_check_or_call():
            owed = state.checking_or_calling_amount or 0
            if owed:
                if state.can_fold():
                    out.append({"action": "fold"})
                out.append({"action": "call", "amount": self.money(state.bets[actor] + owed)})
            else:
                out.append({"action": "check"})
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        if low is not None and high is not None and state.can_complete_bet_or_raise_to(low):
            kind = self.aggressive_kind()
            if low == high:
                out.append({"action": kind, "amount": self.money(low)})
            else:
                out.append({"action": kind, "min": self.money(low), "max": self.money(high)})
        return out

    def legal_texts(self) -> list[str]:
        texts = []
        for item in self.legal():
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

    def state_json(self) -> dict[str, Any]:
        state = self.state
        n = len(self.seats)
        complete = not state.status
        if complete:
            self.settle()
        stacks = list(state.stacks)
        before = [stacks[i] - self.pushed[i] + self.refunds[i] for i in range(n)]
        committed = [self.starting[i] - before[i] for i in range(n)]
        seats = []
        for i, seat in enumerate(self.seats):
            seats.append(
                {
                    "seat": int(seat["seat"]),
                    "name": str(seat["name"]),
                    "stack": self.money(stacks[i]),
                    "bet": self.money(0 if complete else state.bets[i]),
                    "folded": self.folded[i],
                    "all_in": before[i] == 0 and not self.folded[i],
                    "down": list(self.down[i]),
                    "up": list(self.up[i]),
                }
            )
        seats.sort(key=lambda s: s["seat"])
        actor = state.actor_index
        return {
            "street": self.street_name,
            "phase": "complete" if complete else "betting",
            "to_act": None if actor is None else int(self.seats[actor]["seat"]),
            "legal": self.legal(),
            "pot": self.money(sum(committed)),
            "pots": self.pots(complete),
            "dealer": self.dealer,
            "seats": seats,
            "community": list(self.community),
            "result": self.result() if complete else None,
        }

    def pots(self, complete: bool) -> list[dict[str, Any]]:
        """PokerKit's pots; while a round is open its bets are added to the last pot."""
        state = self.state
        seat = [int(s["seat"]) for s in self.seats]
        if complete:
            return self.settled_pots()
        out = [
            {"amount": pot.amount, "eligible": sorted(seat[i] for i in pot.player_indices)}
            for pot in state.pots
        ]
        outstanding = sum(state.bets)
        if outstanding:
            if out:
                out[-1]["amount"] += outstanding
            else:
                live = sorted(seat[i] for i in state.player_indices if not self.folded[i])
                out.append({"amount": outstanding, "eligible": live})
        return [{"amount": self.money(p["amount"]), "eligible": p["eligible"]} for p in out]

    def settled_pots(self) -> list[dict[str, Any]]:
        """The pots as awarded; eligible: players still in who put in the pot's level."""
        n = len(self.seats)
        stacks = self.state.stacks
        put_in = [
            self.starting[i] - (stacks[i] - self.pushed[i] + self.refunds[i]) for i in range(n)
        ]
        live = [i for i in range(n) if not self.folded[i]]
        levels = sorted(
            {put_in[i] for i in live if stacks[i] - self.pushed[i] + self.refunds[i] == 0}
        )
        top = max((put_in[i] for i in live), default=0)
        levels = [level for level in levels if level < top] + [top]
        amounts: dict[int, int] = {}
        for award in self.awards:
            amounts[award["pot"]] = amounts.get(award["pot"], 0) + award["amount"]
        out = []
        for index, amount in sorted(amounts.items()):
            level = levels[index] if index < len(levels) else top
            eligible = sorted(int(self.seats[i]["seat"]) for i in live if put_in[i] >= level)
            out.append({"amount": self.money(amount), "eligible": eligible})
        return out

    def result(self) -> dict[str, Any]:
        state = self.state
        showdown = not state.folded_status
        hands = []
        if showdown:
            # in the order PokerKit showed the hands (its own show-order rule)
            shown = [op.player_index for op in state.operations if isinstance(op, Showing)]
            order = list(dict.fromkeys(shown)) + [i for i in state.player_indices if i not in shown]
            for i in order:
                if self.folded[i]:
                    continue
                cards = [pk_card(c) for c in self.down[i] + self.up[i]]
                board = [pk_card(c) for c in self.community]
                for k, hand_type in enumerate(state.hand_types):
                    value = hand_type.from_game_or_none(cards, board)
                    if value is None:
                        continue
                    hands.append(
                        {
                            "seat": int(self.seats[i]["seat"]),
                            "share": self.plan.shares[k],
                            "name": str(value.entry.label),  # PokerKit's words: "Full house"
                            "cards": [card_text(c) for c in value.cards],
                        }
                    )
        awards = [dict(a, amount=self.money(a["amount"])) for a in self.awards]
        return {"awards": awards, "hands": hands, "showdown": showdown}

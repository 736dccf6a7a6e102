"""The functions behind the step vocabulary (:mod:`stud.spec.vocabulary` holds the table).

Each takes the :class:`~stud.spec.context.ScenarioContext` and the step's converted
arguments (and ``table`` for steps with a data table).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import yaml

from stud.money import fmt, to_money
from stud.spec import absence, phrases
from stud.spec.checks import (
    check_awards,
    check_best,
    check_compare,
    check_dealt_from,
    check_pots,
    check_shows,
    evaluate_via_engine,
    play_until,
)
from stud.spec.context import ScenarioContext, ScenarioError, StepFailed

Table = Sequence[Sequence[str]]


# --- Given ---------------------------------------------------------------------------------
def _parse_value(text: str) -> Any:
    t = text.strip()
    low = t.lower()
    if low in ("none", "null", "no", "off") or t == "":
        return None if low in ("none", "null", "") else False
    if low in ("true", "yes", "on"):
        return True
    if low == "false":
        return False
    if re.fullmatch(r"-?\d+", t):
        return int(t)
    if re.fullmatch(r"\d+\.\d+", t):
        return t
    if t.startswith(("[", "{")):  # a YAML flow list or mapping, e.g. pot.shares
        try:
            return yaml.safe_load(t)
        except yaml.YAMLError as exc:
            raise ScenarioError(f"house rule value {t!r} is not valid YAML: {exc}") from None
    return t


def _house_rules(ctx: ScenarioContext, table: Table | None) -> None:
    ctx.require_setup("house rules")
    for row in table or ():
        if [c.strip().lower() for c in row[:2]] == ["rule", "value"]:
            continue
        if len(row) < 2:
            raise ScenarioError("house rules rows are | dotted.path | value |")
        ctx.overrides[row[0].strip()] = _parse_value(row[1])
    ctx.ruleset_document = None


def g_game(ctx: ScenarioContext, ruleset: str, table: Table | None = None) -> None:
    """A new game replaces the one set before (say in a Background) with its house rules
    and stakes, so a scenario switching ruleset never inherits another game's stakes."""
    ctx.require_setup("a game of ...")
    ctx.ruleset_name = ruleset
    ctx.overrides.clear()
    ctx.ruleset_document = None
    if table:
        _house_rules(ctx, table)


def g_game_stakes(
    ctx: ScenarioContext,
    ruleset: str,
    small: Any,
    big: Any,
    ante: Any = None,
    bring_in: Any = None,
    small_blind: Any = None,
    big_blind: Any = None,
) -> None:
    g_game(ctx, ruleset)
    for key, value in (
        ("ante", ante),
        ("bring_in", bring_in),
        ("small_blind", small_blind),
        ("big_blind", big_blind),
        ("small_bet", small),
        ("big_bet", big),
    ):
        if value is not None:
            ctx.overrides[f"stakes.{key}"] = fmt(value)


def g_house_rules(ctx: ScenarioContext, table: Table | None = None) -> None:
    _house_rules(ctx, table)


def g_players(ctx: ScenarioContext, table: Table | None = None) -> None:
    ctx.require_setup("the players")
    rows = list(table or ())
    header = [h.strip().lower() for h in rows[0]] if rows else []
    if header[:3] != ["seat", "name", "stack"]:
        raise ScenarioError("the players table has the columns | seat | name | stack |")
    for row in rows[1:]:
        ctx.seats.append({"seat": int(row[0]), "name": row[1].strip(), "stack": to_money(row[2])})


def g_sit(ctx: ScenarioContext, players: list[str], amount: Any) -> None:
    ctx.require_setup("players sit down")
    for i, name in enumerate(players, start=len(ctx.seats) + 1):
        ctx.seats.append({"seat": i, "name": name, "stack": amount})


def g_dealer(ctx: ScenarioContext, player: str) -> None:
    ctx.require_setup("the dealer")
    ctx.dealer = ctx.seat_of(player)


def g_cards(ctx: ScenarioContext, table: Table | None = None) -> None:
    ctx.require_setup("the cards")
    if ctx.stacked is not None:
        raise ScenarioError("give the cards table or the deck order, not both")
    ctx.cards = [list(row) for row in table or ()]


def g_deck(ctx: ScenarioContext, cards: str) -> None:
    ctx.require_setup("the deck order")
    if ctx.cards is not None:
        raise ScenarioError("give the cards table or the deck order, not both")
    ctx.stacked = cards.split()


# --- When ----------------------------------------------------------------------------------
def w_next_hand(ctx: ScenarioContext, table: Table | None = None) -> None:
    ctx.next_hand([list(row) for row in table] if table else None)


def _perform(ctx: ScenarioContext, player: str, phrase: phrases.Phrase) -> None:
    from stud.spec.engine import EngineRefusal

    seat = ctx.seat_of(player)
    ctx.script.play(player, phrase)  # (where the engine takes choices in another order)
    try:
        if phrase.all_in:
            action, amount = _all_in(ctx, seat)
            ctx.act(seat, action, amount)
        else:
            ctx.act(
                seat,
                phrase.action,
                phrase.amount,
                declare=phrase.declare,
                cards=phrase.cards or None,
            )
    except EngineRefusal as refusal:
        if refusal.code == "unsupported":
            raise
        raise StepFailed(f"{player} could not {phrase.action}: {refusal.message}") from None
    finally:
        ctx.script.at = None


def _all_in(ctx: ScenarioContext, seat: int) -> tuple[str, Any]:
    me = ctx.seat_state(seat)
    total = to_money(me["bet"]) + to_money(me["stack"])
    best: tuple[str, Any] | None = None
    for entry in ctx.state.get("legal", []):
        top = entry.get("amount") if entry.get("amount") is not None else entry.get("max")
        if top is not None and to_money(top) == total:
            if entry["action"] != "call" or best is None:
                best = (str(entry["action"]), to_money(top))
    if best is None:
        raise StepFailed(
            f"{ctx.name_of(seat)} cannot put in all {fmt(total)}: legal now "
            + ", ".join(phrases.legal_display(ctx.state.get("legal", []), me["bet"]))
        )
    return best


def w_act(ctx: ScenarioContext, player: str, action: phrases.Phrase) -> None:
    _perform(ctx, player, action)


def w_try(ctx: ScenarioContext, player: str, action: phrases.Phrase) -> None:
    seat = ctx.seat_of(player)
    ctx.attempt(
        seat, action.action, action.amount, declare=action.declare, cards=action.cards or None
    )


def w_sequence(ctx: ScenarioContext, actions: list[tuple[str, phrases.Phrase]]) -> None:
    for player, phrase in actions:
        _perform(ctx, player, phrase)


def w_until(ctx: ScenarioContext, target: str) -> None:
    play_until(ctx, target)


# --- Then ----------------------------------------------------------------------------------
def t_turn(ctx: ScenarioContext, player: str, street: str | None = None) -> None:
    state = ctx.state
    actual = state.get("to_act")
    ctx.check("to_act", player, ctx.name_of(int(actual)) if actual is not None else None)
    if street:
        ctx.check("street", street, state.get("street"))


def t_may(ctx: ScenarioContext, player: str, options: list[str]) -> None:
    t_turn(ctx, player)
    me = ctx.seat_state(ctx.seat_of(player))
    ctx.check("legal", options, phrases.legal_display(ctx.state.get("legal", []), me["bet"]))


def t_pot(ctx: ScenarioContext, amount: Any) -> None:
    ctx.check("pot", fmt(amount), fmt(to_money(ctx.state["pot"])))


def t_pots(ctx: ScenarioContext, table: Table | None = None) -> None:
    check_pots(ctx, table or ())


def t_awarded(ctx: ScenarioContext, table: Table | None = None) -> None:
    check_awards(ctx, table or ())


def t_wins(ctx: ScenarioContext, player: str, amount: Any) -> None:
    check_awards(ctx, [["player", "amount"], [player, fmt(amount)]])


def t_shows(
    ctx: ScenarioContext,
    player: str,
    hand: str,
    share: str | None = None,
    best: str | None = None,
) -> None:
    check_shows(ctx, player, hand, share, best)


def t_show_order(ctx: ScenarioContext, players: list[str]) -> None:
    result = ctx.state.get("result") or {}
    order: list[str] = []
    for shown in result.get("hands") or []:
        name = ctx.name_of(int(shown["seat"]))
        if name not in order:
            order.append(name)
    ctx.check("show_order", list(players), order)


def t_refused(ctx: ScenarioContext) -> None:
    code = ctx.refusal.code if ctx.refusal else None
    ctx.check("refused", "illegal_action", code)
    ctx.check("unchanged", True, ctx.state_before_refusal == ctx.engine.state())


def t_holds(ctx: ScenarioContext, player: str, down: str, up: str) -> None:
    me = ctx.seat_state(ctx.seat_of(player))
    actual = {"down": " ".join(me.get("down", [])), "up": " ".join(me.get("up", []))}
    ctx.check("cards", {"down": down, "up": up}, actual)


def t_split(ctx: ScenarioContext, player: str, cards: str) -> None:
    me = ctx.seat_state(ctx.seat_of(player))
    ctx.check("split", cards, " ".join(me.get("split") or []))


def t_community(ctx: ScenarioContext, cards: str) -> None:
    ctx.check("community", cards, " ".join(ctx.state.get("community", [])))


def t_stack(ctx: ScenarioContext, player: str, amount: Any) -> None:
    me = ctx.seat_state(ctx.seat_of(player))
    ctx.check("stack", fmt(amount), fmt(to_money(me["stack"])))


def t_dealer(ctx: ScenarioContext, player: str) -> None:
    ctx.check("dealer", player, ctx.name_of(int(ctx.state["dealer"])))


def t_all_in(ctx: ScenarioContext, player: str) -> None:
    ctx.check("all_in", True, bool(ctx.seat_state(ctx.seat_of(player)).get("all_in")))


def t_over(ctx: ScenarioContext) -> None:
    state = ctx.state
    ctx.check("over", True, state.get("to_act") is None and state.get("result") is not None)


def t_compare(
    ctx: ScenarioContext,
    ranking: str,
    first: str,
    relation: str,
    second: str,
    qualifier: int | None = None,
    wild: tuple[int, ...] | None = None,
) -> None:
    check_compare(ctx, ranking, first, relation, second, qualifier, wild or ())


def t_best(
    ctx: ScenarioContext,
    ranking: str,
    cards: str,
    hand: str,
    best: str | None = None,
    qualifier: int | None = None,
    wild: tuple[int, ...] | None = None,
) -> None:
    check_best(ctx, ranking, cards, hand, best, qualifier, wild or ())


def t_no_low_in(ctx: ScenarioContext, ranking: str, qualifier: int, cards: str) -> None:
    (entry,) = evaluate_via_engine(ctx, ranking, [cards], qualifier)
    ctx.check("qualifies", False, entry.get("qualifies", True), cards)


def t_no_hand(ctx: ScenarioContext, player: str, share: str) -> None:
    absence.check_no_hand(ctx, player, share)


def t_no_low(ctx: ScenarioContext, player: str) -> None:
    absence.check_no_qualifying_low(ctx, player)


def t_no_card(ctx: ScenarioContext, street: str, player: str | None = None) -> None:
    absence.check_no_card(ctx, street, player)


def t_no_community(ctx: ScenarioContext) -> None:
    absence.check_no_community(ctx)


def t_declaration(ctx: ScenarioContext, player: str, declaration: str) -> None:
    absence.check_declaration(ctx, player, declaration)


def t_dealt_from(ctx: ScenarioContext, street: str, cards: str) -> None:
    check_dealt_from(ctx, street, cards)

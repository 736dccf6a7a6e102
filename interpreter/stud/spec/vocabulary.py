"""The closed step vocabulary of the specification, defined once, as data.

Each :class:`StepDef` has a ``kind`` (given/when/then), a readable ``template`` (``{name}``
or ``{name:type}`` placeholders, ``[...]`` optional parts, ``(a|b)`` alternatives), typed
converters (:data:`TYPES`), a function over a :class:`~stud.spec.context.ScenarioContext`,
and examples (used by the overlap guard and ``docs/steps.md``).  The runner
(:mod:`stud.spec.runner`) and the pytest-bdd bindings (``tests/steps``) both dispatch
through :func:`find_step` / :func:`run_step`, so they cannot disagree.

Recording observations (for ``stud dump-spec``): every Then-step calls
``ctx.check(kind, expected, actual)``; after a run ``ctx.checks`` is the list of
:class:`~stud.spec.context.Check` (``kind``, ``expected``, ``actual``, ``ok``, ``step``),
all JSON-able.  Kinds: ``to_act``, ``street``, ``legal``, ``pot``, ``pots``, ``awards``,
``hand``, ``refused``, ``unchanged``, ``cards``, ``community``, ``stack``, ``all_in``,
``over``, ``compare``, ``best``, ``dealt_from``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud.errors import StudError
from stud.money import fmt, to_money
from stud.spec import phrases
from stud.spec.checks import (
    check_awards,
    check_best,
    check_compare,
    check_dealt_from,
    check_pots,
    check_shows,
    play_until,
)
from stud.spec.context import ScenarioContext, ScenarioError, StepFailed

NAME = r"[A-Z][a-z]+"
Table = Sequence[Sequence[str]]


def _names(text: str) -> list[str]:
    return phrases.split_list(text)


def _actions(text: str) -> list[tuple[str, phrases.Phrase]]:
    out = []
    for item in phrases.split_list(text):
        m = re.fullmatch(rf"({NAME}) (.+)", item)
        if not m:
            raise ScenarioError(f"'{item}' is not '<player> <action>'")
        out.append((m.group(1), phrases.parse_action(m.group(2))))
    return out


# type name -> (regex, converter)
TYPES: dict[str, tuple[str, Callable[[str], Any]]] = {
    "player": (NAME, str),
    "players": (rf"{NAME}(?:(?:, | and ){NAME})*", _names),
    "amount": (phrases.AMOUNT, to_money),
    "cards": (phrases.CARDS, phrases.canon_cards),
    "ruleset": (r"[a-z0-9][a-z0-9._-]*", str),
    "street": (r"[a-z]+", str),
    "target": (r"(?:[a-z]+ street|the showdown|the declaration|the exchange)", str),
    "action": (phrases.ACTION_PHRASE, phrases.parse_action),
    "actions": (rf"{NAME} .+", _actions),
    "options": (r"[a-z].*", phrases.parse_options),
    "name": (r'[^"]+', str),
    "ranking": (r"high|ace-to-five|ace-to-six", str),
    "share": (r"high|low", str),
    "relation": (r"beats|ties with|loses to", str),
}


def compile_template(template: str) -> tuple[re.Pattern[str], dict[str, Callable[[str], Any]]]:
    """Turn a readable template into an anchored regex and its converters.

    >>> rx, conv = compile_template("{player} raises to {amount}[ now]")
    >>> rx.fullmatch("Ann raises to 1.00").groupdict()
    {'player': 'Ann', 'amount': '1.00'}
    >>> bool(rx.fullmatch("Ann raises to 1 now")), sorted(conv)
    (True, ['amount', 'player'])
    """
    converters: dict[str, Callable[[str], Any]] = {}
    out: list[str] = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch == "{":
            j = template.index("}", i)
            name, _, typ = template[i + 1 : j].partition(":")
            regex, conv = TYPES[typ or name]
            out.append(f"(?P<{name}>{regex})")
            converters[name] = conv
            i = j + 1
        elif ch in "[(":
            out.append("(?:")
            i += 1
        elif ch == "]":
            out.append(")?")
            i += 1
        elif ch == ")":
            out.append(")")
            i += 1
        elif ch == "|":
            out.append("|")
            i += 1
        else:
            out.append(re.escape(ch))
            i += 1
    return re.compile("".join(out)), converters


@dataclass(frozen=True)
class StepDef:
    kind: str
    template: str
    func: Callable[..., None]
    doc: str
    examples: tuple[str, ...]
    table: str = "none"  # none | required | optional
    table_example: str = ""
    regex: re.Pattern[str] = field(init=False, compare=False)
    converters: dict[str, Callable[[str], Any]] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        regex, converters = compile_template(self.template)
        object.__setattr__(self, "regex", regex)
        object.__setattr__(self, "converters", converters)

    def arguments(self, text: str) -> dict[str, Any] | None:
        m = self.regex.fullmatch(text)
        if not m:
            return None
        return {
            k: self.converters[k](v) if v is not None else None for k, v in m.groupdict().items()
        }


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
    if t.startswith("[") and t.endswith("]"):
        return [_parse_value(x) for x in t[1:-1].split(",") if x.strip()]
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
    ctx.require_setup("a game of ...")
    ctx.ruleset_name = ruleset
    if table:
        _house_rules(ctx, table)


def g_game_stakes(
    ctx: ScenarioContext, ruleset: str, ante: Any, bring_in: Any, small: Any, big: Any
) -> None:
    g_game(ctx, ruleset)
    for key, value in (
        ("ante", ante),
        ("bring_in", bring_in),
        ("small_bet", small),
        ("big_bet", big),
    ):
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
    ctx.cards = [list(row) for row in table or ()]


# --- When ----------------------------------------------------------------------------------
def _perform(ctx: ScenarioContext, player: str, phrase: phrases.Phrase) -> None:
    from stud.spec.engine import EngineRefusal

    seat = ctx.seat_of(player)
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


def t_refused(ctx: ScenarioContext) -> None:
    code = ctx.refusal.code if ctx.refusal else None
    ctx.check("refused", "illegal_action", code)
    ctx.check("unchanged", True, ctx.state_before_refusal == ctx.engine.state())


def t_holds(ctx: ScenarioContext, player: str, down: str, up: str) -> None:
    me = ctx.seat_state(ctx.seat_of(player))
    actual = {"down": " ".join(me.get("down", [])), "up": " ".join(me.get("up", []))}
    ctx.check("cards", {"down": down, "up": up}, actual)


def t_community(ctx: ScenarioContext, cards: str) -> None:
    ctx.check("community", cards, " ".join(ctx.state.get("community", [])))


def t_stack(ctx: ScenarioContext, player: str, amount: Any) -> None:
    me = ctx.seat_state(ctx.seat_of(player))
    ctx.check("stack", fmt(amount), fmt(to_money(me["stack"])))


def t_all_in(ctx: ScenarioContext, player: str) -> None:
    ctx.check("all_in", True, bool(ctx.seat_state(ctx.seat_of(player)).get("all_in")))


def t_over(ctx: ScenarioContext) -> None:
    state = ctx.state
    ctx.check("over", True, state.get("to_act") is None and state.get("result") is not None)


def t_compare(ctx: ScenarioContext, ranking: str, first: str, relation: str, second: str) -> None:
    check_compare(ctx, ranking, first, relation, second)


def t_best(
    ctx: ScenarioContext, ranking: str, cards: str, hand: str, best: str | None = None
) -> None:
    check_best(ctx, ranking, cards, hand, best)


def t_dealt_from(ctx: ScenarioContext, street: str, cards: str) -> None:
    check_dealt_from(ctx, street, cards)


_CARDS_TABLE = """| player | third       | fourth | fifth | sixth | seventh |
| Ann    | [As Kd] 3c  | 4c     | 9h    | Jd    | [2d]    |
| Bob    | [7s 7h] 2c  | Qs     | 8h    | Td    | [5c]    |"""

VOCABULARY: tuple[StepDef, ...] = (
    StepDef(
        "given",
        'a game of "{ruleset}"[ with house rules:]',
        g_game,
        "The ruleset (a shipped name or file), with its default stakes; the house-rules "
        "form takes a table of dotted ruleset paths and values.",
        ('a game of "seven-card-stud"', 'a game of "razz" with house rules:'),
        table="optional",
        table_example="| betting.max_raises | 4 |",
    ),
    StepDef(
        "given",
        'a game of "{ruleset}" with ante {ante:amount}, bring-in '
        "{bring_in:amount}, small bet {small:amount} and big bet {big:amount}",
        g_game_stakes,
        "The ruleset with these stakes.",
        (
            'a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and '
            "big bet 1.00",
        ),
    ),
    StepDef(
        "given",
        "house rules:",
        g_house_rules,
        "Ruleset overrides (dotted paths, as `load_ruleset(overrides=...)`): an "
        "alternative of the sources needs no extra YAML file.",
        ("house rules:",),
        table="required",
        table_example="| betting.max_raises | 4 |\n| betting.uncapped_heads_up | never |",
    ),
    StepDef(
        "given",
        "the players[ are]:",
        g_players,
        "Seats, names and stacks.",
        ("the players:", "the players are:"),
        table="required",
        table_example="| seat | name | stack |\n| 1    | Ann  | 10    |\n| 2    | Bob  | 10 |",
    ),
    StepDef(
        "given",
        "{players} (sit|sits) down with {amount}[ each]",
        g_sit,
        "The next free seats (1, 2, 3...) in the order named, each with this stack.",
        ("Ann, Bob and Carol sit down with 10.00 each", "Dan sits down with 0.35"),
    ),
    StepDef(
        "given",
        "{player} deals",
        g_dealer,
        "The dealer's seat (default: the last seat, so the first seat is dealt first).",
        ("Carol deals",),
    ),
    StepDef(
        "given",
        "the cards are dealt as follows:",
        g_cards,
        "The cards each player receives by street, hole cards optionally in brackets; "
        "the deck (burns included) is built from it following the ruleset's deal "
        "pattern, dealing order and burns.  An empty cell: not live on that street.  "
        "Optional `<street> exchange` columns give the cards drawn in an exchange.",
        ("the cards are dealt as follows:",),
        table="required",
        table_example=_CARDS_TABLE,
    ),
    StepDef(
        "when",
        "{player} {action}",
        w_act,
        "One action: folds, checks, calls, brings in, completes to X, bets X, raises to "
        "X, goes all in, declares high/low/both, exchanges CARD, stands pat.  Amounts "
        "after 'to' and 'bets' are the player's total for the street.",
        (
            "Bob completes to 0.50",
            "Ann brings in",
            "Carol raises to 1.00",
            "Dan goes all in",
            "Ann declares both",
            "Bob exchanges 9h",
            "Carol stands pat",
        ),
    ),
    StepDef(
        "when",
        "{player} tries to {action}",
        w_try,
        "An action expected to be refused (see 'the action is refused').",
        ("Dan tries to raise to 3.00", "Ann tries to check"),
    ),
    StepDef(
        "when",
        "the players act: {actions}",
        w_sequence,
        "Several actions in order, separated by commas and 'and'.",
        ("the players act: Ann brings in, Bob calls and Carol completes to 0.50",),
    ),
    StepDef(
        "when",
        "everyone (checks|calls|checks or calls|calls or checks) until {target}",
        w_until,
        "Each player to act checks if they may, else brings in or calls (and stands pat "
        "in an exchange), until the street named, the showdown, the declaration or the "
        "exchange.",
        ("everyone calls until fourth street", "everyone checks or calls until the showdown"),
    ),
    StepDef(
        "then",
        "it is {player}'s turn[ on {street} street]",
        t_turn,
        "Who is to act (and optionally on which street).",
        ("it is Bob's turn", "it is Ann's turn on fifth street"),
    ),
    StepDef(
        "then",
        "{player} acts (first|next)[ on {street} street]",
        t_turn,
        "The same check, read as the opener of a round.",
        ("Ann acts first", "Carol acts next", "Bob acts first on fourth street"),
    ),
    StepDef(
        "then",
        "{player} may {options}",
        t_may,
        "It is the player's turn and these are exactly the legal actions (calls as "
        "chips added; 'bet/raise to/complete to between X and Y' for a range).",
        (
            "Carol may fold, call 0.50 or raise to 1.00",
            "Ann may bring in 0.10 or complete to 0.50",
            "Bob may check, bet between 1 and 5",
        ),
    ),
    StepDef(
        "then",
        "the pot is {amount}",
        t_pot,
        "Everything in the middle, this street's bets included.",
        ("the pot is 1.40",),
    ),
    StepDef(
        "then",
        "the pots are:",
        t_pots,
        "Main and side pots, with eligible players.",
        ("the pots are:",),
        table="required",
        table_example="| pot  | amount | eligible       |\n| main | 0.90   | Ann, Bob, Carol |",
    ),
    StepDef(
        "then",
        "the pot is awarded:",
        t_awarded,
        "The awards, summed per player (and per share when the table has that column).",
        ("the pot is awarded:",),
        table="required",
        table_example="| player | amount | share |\n| Ann    | 120    | high  |",
    ),
    StepDef(
        "then",
        "{player} wins the pot of {amount}",
        t_wins,
        "The only winner, and the total awarded.",
        ("Ann wins the pot of 1.40",),
    ),
    StepDef(
        "then",
        '{player} shows "{hand:name}"[ for {share}][ with {best:cards}]',
        t_shows,
        "The hand name shown at the showdown (optionally for which share, and its five cards).",
        (
            'Ann shows "full house, queens over threes"',
            'Bob shows "five-four low" for low with 5d 4h 3c 2s Ah',
        ),
    ),
    StepDef(
        "then",
        "the action is refused",
        t_refused,
        "The last attempted action was refused as illegal and the state is unchanged.",
        ("the action is refused",),
    ),
    StepDef(
        "then",
        "{player} has {down:cards} down and {up:cards} up",
        t_holds,
        "The player's hole and exposed cards, exactly.",
        ("Ann has As Kd down and 3c 4c up",),
    ),
    StepDef(
        "then",
        "the community card is {cards}",
        t_community,
        "The card dealt face up in the centre for everyone.",
        ("the community card is 7h",),
    ),
    StepDef(
        "then", "{player} has {amount} left", t_stack, "The player's stack.", ("Ann has 9.45 left",)
    ),
    StepDef(
        "then",
        "{player} is all in",
        t_all_in,
        "The player has put in every chip.",
        ("Dan is all in",),
    ),
    StepDef(
        "then",
        "the hand is over",
        t_over,
        "No one is to act and a result is given.",
        ("the hand is over",),
    ),
    StepDef(
        "then",
        "under {ranking} ranking {first:cards} {relation} {second:cards}",
        t_compare,
        "Two hands compared with the engine's evaluator.",
        (
            "under high ranking Ac 3h 4d 6s 7s beats Ks Qs Jc 9c 8d",
            "under ace-to-five ranking 7c 6d 5h 3s 2c ties with 7d 6c 5s 3h 2d",
        ),
    ),
    StepDef(
        "then",
        'under {ranking} ranking the best hand from {cards} is "{hand:name}"[ with {best:cards}]',
        t_best,
        "The evaluator's best five of up to seven cards, and its name.",
        (
            'under high ranking the best hand from 2h Jc Qc Ks Ad Ts 9c is "straight, ace '
            'high" with Ts Jc Qc Ks Ad',
        ),
    ),
    StepDef(
        "then",
        "the {street} street cards come from {cards}",
        t_dealt_from,
        "Every card dealt on that street is one of these (a reshuffled stub).",
        ("the seventh street cards come from 2c 2d 2h 3c",),
    ),
)


class UndefinedStep(StudError):
    """A step that matches no pattern of the vocabulary."""


def find_step(kind: str, text: str) -> tuple[StepDef, dict[str, Any]]:
    """The one step definition of ``kind`` matching ``text``, with converted arguments."""
    found = [(d, a) for d in VOCABULARY if d.kind == kind for a in [d.arguments(text)] if a is not None]
    if not found:
        raise UndefinedStep(f"undefined {kind} step: '{text}'")
    if len(found) > 1:
        raise UndefinedStep(
            f"ambiguous {kind} step '{text}' matches: " + "; ".join(d.template for d, _ in found)
        )
    return found[0]


def run_step(ctx: ScenarioContext, kind: str, text: str, table: Table | None = None) -> None:
    """Run one step against the context (both the runner and pytest-bdd call this)."""
    definition, arguments = find_step(kind, text)
    if definition.table == "required" and not table:
        raise ScenarioError(f"step '{text}' needs a table")
    if definition.table == "none" and table:
        raise ScenarioError(f"step '{text}' takes no table")
    ctx.current_step = f"{kind} {text}"
    if definition.table != "none":
        definition.func(ctx, table=table, **arguments)
    else:
        definition.func(ctx, **arguments)

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
``over``, ``compare``, ``best``, ``dealt_from``, ``dealer``, ``no_hand``, ``qualifies``,
``no_card``, ``declaration``, ``split``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from stud.errors import StudError
from stud.hands import RANKING_NAMES
from stud.money import to_money
from stud.spec import phrases
from stud.spec.context import ScenarioContext, ScenarioError
from stud.spec.stepfuncs import (
    g_cards,
    g_dealer,
    g_deck,
    g_game,
    g_game_stakes,
    g_house_rules,
    g_players,
    g_sit,
    t_all_in,
    t_awarded,
    t_best,
    t_community,
    t_compare,
    t_dealer,
    t_dealt_from,
    t_declaration,
    t_holds,
    t_may,
    t_no_card,
    t_no_community,
    t_no_hand,
    t_no_low,
    t_no_low_in,
    t_over,
    t_pot,
    t_pots,
    t_refused,
    t_show_order,
    t_shows,
    t_split,
    t_stack,
    t_turn,
    t_wins,
    w_act,
    w_next_hand,
    w_sequence,
    w_try,
    w_until,
)
from stud.spec.steps_deal import PLURALS, WILDS_REGEX, t_blind, t_wild

# a player's name: a capital (Latin-1 included), then letters of any script, parts joined
# by a hyphen (Ann, Zoë, Élodie, Jean-Luc)
NAME = r"[A-ZÀ-ÖØ-Þ][^\W\d_]*(?:-[^\W\d_]+)*"
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


_QUALIFIERS = {"five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
_WILD = PLURALS  # deuces, treys (threes), fours ... aces


# type name -> (regex, converter)
TYPES: dict[str, tuple[str, Callable[[str], Any]]] = {
    "player": (NAME, str),
    "players": (rf"{NAME}(?:(?:, | and ){NAME})*", _names),
    "amount": (phrases.AMOUNT, to_money),
    "cards": (phrases.CARDS, phrases.canon_cards),
    "held": (
        rf"{phrases.CARDS}|no card",
        lambda t: "" if t == "no card" else phrases.canon_cards(t),
    ),
    "ruleset": (r"[a-z0-9][a-z0-9._-]*", str),
    "street": (r"[a-z][a-z0-9-]*", str),
    "target": (r"(?:[a-z][a-z0-9-]* street|the showdown|the declaration|the exchange)", str),
    "action": (phrases.ACTION_PHRASE, phrases.parse_action),
    "actions": (rf"{NAME} .+", _actions),
    "options": (r"[a-z].*", phrases.parse_options),
    "name": (r'[^"]+', str),
    "ranking": ("|".join(sorted(RANKING_NAMES, key=len, reverse=True)), str),
    "share": (r"[a-z][a-z0-9-]*", str),
    "relation": (r"beats|ties with|loses to", str),
    "qualifier": ("|".join(_QUALIFIERS), _QUALIFIERS.__getitem__),
    "wild": ("|".join(_WILD), lambda text: (_WILD[text],)),
    "declaration": (r"hidden|not made yet|[a-z][a-z0-9-]*", str),
    "wilds": (WILDS_REGEX, str),
    "blind": (r"small|big", str),
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
        'a game of "{ruleset}" with (ante {ante:amount}, bring-in {bring_in:amount}|blinds '
        "{small_blind:amount} and {big_blind:amount}), small bet {small:amount} and big bet "
        "{big:amount}",
        g_game_stakes,
        "The ruleset with these stakes: an ante and a bring-in, or a small and a big blind "
        "(a game with blinds has neither ante nor bring-in to set).",
        (
            'a game of "seven-card-stud" with ante 0.05, bring-in 0.10, small bet 0.50 and '
            "big bet 1.00",
            'a game of "dr-pepper" with blinds 0.25 and 0.50, small bet 0.50 and big bet 1.00',
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
        "Optional `<street> exchange` columns give the cards drawn in an exchange; a "
        "`community` row names the community card under the street where the pack runs "
        "short (the players' cells stay empty there).",
        ("the cards are dealt as follows:",),
        table="required",
        table_example=_CARDS_TABLE,
    ),
    StepDef(
        "given",
        "the cards come off the deck in this order: {cards}",
        g_deck,
        "The physical order of the deck, top card first, burns included (instead of a "
        "cards table): the engine deals it by its own rules, so burns that should not be "
        "there, or are missing, show in who gets which card.  Cards not listed follow in "
        "new-deck order.",
        ("the cards come off the deck in this order: As Qs 7s Kd Qd 7h 9c 2h Jc 5d 3c 4c Kh",),
    ),
    StepDef(
        "when",
        "{player} {action}",
        w_act,
        "One action: folds, checks, calls, brings in, completes to X, bets X, raises to "
        "X, goes all in, declares a share (high, low...) or both/all, exchanges CARD, "
        "stands pat; in a decision round discards CARDS, exposes CARDS, replaces CARDS (a "
        "draw), splits off CARDS (the smaller hand), or names no card where choosing none is "
        "allowed.  Amounts after 'to' and 'bets' are the player's total for the street; "
        "'completes', 'bets' and 'raises' without one send the action with no amount (fixed "
        "limit).",
        (
            "Bob completes to 0.50",
            "Ann brings in",
            "Carol raises to 1.00",
            "Dan goes all in",
            "Ann declares both",
            "Bob exchanges 9h",
            "Carol stands pat",
            "Ann discards Kd 7c",
            "Bob exposes Qh",
            "Carol exposes no card",
            "Dan replaces 2c 7h",
            "Eve splits off Ah Kd",
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
        "Each player to act calls a bet, else checks, or brings in (and stands pat in an "
        "exchange, or chooses no card in a decision round that allows none), until the "
        "street named, the showdown, the declaration or the exchange.",
        ("everyone calls until fourth street", "everyone checks or calls until the showdown"),
    ),
    StepDef(
        "when",
        "the next hand is dealt[ as follows:]",
        w_next_hand,
        "Once the hand is over, the same table deals again (protocol `next_hand`): stacks "
        "carry over, players with no chips leave, everyone antes, and the button moves one "
        "seat clockwise unless the ruleset keeps it (`dealer.rotates`).  The optional cards "
        "table is read as in 'the cards are dealt as follows', from the new dealer's left.",
        ("the next hand is dealt", "the next hand is dealt as follows:"),
        table="optional",
        table_example="| player | third      |\n| Ann    | [Ah 9d] 5c |\n| Bob    | [Kc Kd] 2s |",
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
        "chips added; 'bet/raise to/complete to between X and Y' for a range; a decision "
        "as 'discard/expose/replace/split off N cards', 'up to N' or 'between N and M').",
        (
            "Carol may fold, call 0.50 or raise to 1.00",
            "Ann may bring in 0.10 or complete to 0.50",
            "Bob may check, bet between 1 and 5",
            "Ann may discard 2 cards",
            "Carol may expose up to 1 card",
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
        "the hands are shown in the order {players}",
        t_show_order,
        "Who shows first at the showdown, then in turn (the order of the result's hands).",
        ("the hands are shown in the order Carol, Ann and Bob",),
    ),
    StepDef(
        "then",
        "{player} shows no {share} hand",
        t_no_hand,
        "The player is at the showdown but the result shows no hand of theirs for that "
        "share (no qualifying low, or a declaration for the other share).",
        ("Bob shows no low hand",),
    ),
    StepDef(
        "then",
        "{player} has no qualifying low",
        t_no_low,
        "The engine's evaluator, given the player's cards as the state shows them (and the "
        "community card), finds no low under the game's qualified low share.",
        ("Bob has no qualifying low",),
    ),
    StepDef(
        "then",
        "{player}'s declaration is {declaration}",
        t_declaration,
        "What the state's `declarations` shows of the player's declaration: `high`, `low`, "
        "`both`, `hidden` (a simultaneous declaration not yet revealed) or `not made yet`. "
        "Engines whose state has no `declarations` do not support the step.",
        ("Ann's declaration is hidden", "Bob's declaration is low"),
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
        "{player} has {down:held} down and {up:held} up",
        t_holds,
        "The player's hole and exposed cards, exactly ('no card' for none).",
        ("Ann has As Kd down and 3c 4c up", "Ann has As Kd 9c 2h down and no card up"),
    ),
    StepDef(
        "then",
        "{player} has split off {cards:held}",
        t_split,
        "The cards the player set aside as the smaller hand of a split, as the state's "
        "`seats[].split` shows them ('no card' before the split is carried out).",
        ("Ann has split off As 2c", "Bob has split off no card"),
    ),
    StepDef(
        "then",
        "the community (card is|cards are) {cards}",
        t_community,
        "The cards face up in the centre for everyone, in the order they came.",
        ("the community card is 7h", "the community cards are 7h 8d 9s"),
    ),
    StepDef(
        "then",
        "no community card is dealt",
        t_no_community,
        "No card has been turned up in the centre for everyone (cards the ruleset puts in "
        "the centre before the deal aside).",
        ("no community card is dealt",),
    ),
    StepDef(
        "then",
        "(no card is dealt|{player} is dealt no card) on {street} street",
        t_no_card,
        "Nobody (or the player) received a card on that street, and nobody means no "
        "community card either; the street must have come, or the hand be over.",
        ("no card is dealt on seventh street", "Ann is dealt no card on fifth street"),
    ),
    StepDef(
        "then", "{player} has {amount} left", t_stack, "The player's stack.", ("Ann has 9.45 left",)
    ),
    StepDef(
        "then",
        "{player} is the dealer",
        t_dealer,
        "The seat the engine reports as the dealer of the current hand.",
        ("Bob is the dealer",),
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
        "under {ranking} ranking[ {qualifier} or better][ with {wild} wild] {first:cards} "
        "{relation} {second:cards}",
        t_compare,
        "Two hands compared with the engine's evaluator, optionally with a low qualifier "
        "(a hand with no qualifying low loses to any that has one) or a wild rank.",
        (
            "under high ranking Ac 3h 4d 6s 7s beats Ks Qs Jc 9c 8d",
            "under ace-to-five ranking 7c 6d 5h 3s 2c ties with 7d 6c 5s 3h 2d",
            "under ace-to-five ranking eight or better 8c 6d 5h 3s 2c beats 9d 4c 3s 2h Ad",
            "under high ranking with deuces wild 2c Kd Kh 7s 4c beats Qd Qh Qs 9c 3d",
        ),
    ),
    StepDef(
        "then",
        "under {ranking} ranking[ {qualifier} or better][ with {wild} wild] the best hand "
        'from {cards} is "{hand:name}"[ with {best:cards}]',
        t_best,
        "The evaluator's best five of up to seven cards, and its name, optionally with a "
        "low qualifier or a wild rank.",
        (
            'under high ranking the best hand from 2h Jc Qc Ks Ad Ts 9c is "straight, ace '
            'high" with Ts Jc Qc Ks Ad',
            "under ace-to-five ranking eight or better the best hand from 9h 7c 6d 4s 3c 2h "
            'Kd is "seven-six low"',
        ),
    ),
    StepDef(
        "then",
        "under {ranking} ranking {qualifier} or better {cards} has no qualifying low",
        t_no_low_in,
        "The engine's evaluator finds no low of five different ranks within the qualifier.",
        ("under ace-to-five ranking eight or better 9h 9c Kd 7s 6c 5d 4h has no qualifying low",),
    ),
    StepDef(
        "then",
        "the {street} street cards come from {cards}",
        t_dealt_from,
        "Every card dealt on that street is one of these (a reshuffled stub).",
        ("the seventh street cards come from 2c 2d 2h 3c",),
    ),
    # --- blinds, wild ranks set as cards fall, forced folds (house games) ---------------
    StepDef(
        "then",
        "{player} posts the {blind} blind of {amount}",
        t_blind,
        "The state's `blinds` (protocol 1.2) show the player's blind: small or big, and the "
        "amount posted (less when the stack could not cover it).",
        ("Ann posts the small blind of 0.25", "Bob posts the big blind of 0.50"),
    ),
    StepDef(
        "then",
        "({wilds} (is|are)|nothing is) wild",
        t_wild,
        "The state's `wild_ranks` (protocol 1.2): exactly these ranks are wild for everyone "
        "now, fixed ones and those set as cards fell (or none).",
        ("sevens are wild", "queens and sevens are wild", "nothing is wild"),
    ),
)


class UndefinedStep(StudError):
    """A step that matches no pattern of the vocabulary."""


def find_step(kind: str, text: str) -> tuple[StepDef, dict[str, Any]]:
    """The one step definition of ``kind`` matching ``text``, with converted arguments."""
    found = [
        (d, a) for d in VOCABULARY if d.kind == kind for a in [d.arguments(text)] if a is not None
    ]
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

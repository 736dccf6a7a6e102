"""A divergent hand written as a Gherkin scenario in the project's own step vocabulary.

The scenario sets the table (ruleset, players, dealer, the cards each player received by
street), replays the requests up to the one where the engine answered differently
(refused ones as ``tries to`` + ``the action is refused``), then states what the reference
answered there: whose turn and the legal actions, the pot and pots, every stack, the
all-in players, the cards and the awards.  Run on the reference it passes; on the engine
it fails at the step of the differing field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.fuzz.plan import Setup
from stud.fuzz.play import Outcome
from stud.money import fmt, to_money
from stud.spec.phrases import legal_display
from stud.spec.profile import Profile

_VERB = {
    "fold": ("folds", "fold"),
    "check": ("checks", "check"),
    "call": ("calls", "call"),
    "bring_in": ("brings in", "bring in"),
    "stand_pat": ("stands pat", "stand pat"),
    "complete": ("completes to", "complete to"),
    "bet": ("bets", "bet"),
    "raise": ("raises to", "raise to"),
    "declare": ("declares", "declare"),
    "exchange": ("exchanges", "exchange"),
    "discard": ("discards", "discard"),
    "expose": ("exposes", "expose"),
    "draw": ("replaces", "replace"),
    "split": ("splits off", "split off"),
}


def phrase(request: Mapping[str, Any], infinitive: bool = False) -> str:
    """A protocol ``act`` request as an action phrase.

    >>> phrase({"action": "raise", "amount": "1.5"})
    'raises to 1.50'
    >>> phrase({"action": "check"}, infinitive=True)
    'check'
    """
    words = _VERB[request["action"]][1 if infinitive else 0]
    if request["action"] in ("complete", "bet", "raise"):
        return f"{words} {fmt(to_money(request['amount']))}"
    if request["action"] == "declare":
        return f"{words} {request['declare']}"
    if request["action"] in ("exchange", "discard", "expose", "draw", "split"):
        return f"{words} {' '.join(request.get('cards') or []) or 'no card'}"
    return words


def _table(rows: Sequence[Sequence[str]], indent: str) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return [
        indent + "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |"
        for r in rows
    ]


def cell(pattern: Sequence[str], down: list[str], up: list[str]) -> str | None:
    """One street's cards for one player, hole cards bracketed (None: not dealt).

    >>> cell(["down", "down", "up"], ["As", "Kd", "2c"], ["3c", "4c"])
    '[As Kd] 3c'
    """
    if pattern.count("down") > len(down) or pattern.count("up") > len(up):
        return None
    words: list[str] = []
    inside = False
    for kind in pattern:
        card = down.pop(0) if kind == "down" else up.pop(0)
        if kind == "down" and not inside:
            words.append("[" + card)
            inside = True
        elif kind == "down":
            words.append(card)
        else:
            if inside:
                words[-1] += "]"
                inside = False
            words.append(card)
    if inside:
        words[-1] += "]"
    return " ".join(words)


def by_table(document: Mapping[str, Any]) -> bool:
    """Whether a cards table built from the players' cards deals this ruleset's hand: not
    when events deal, throw or fold as cards fall, nor when streets deal to the centre,
    nor when decisions throw, turn up or set aside cards, nor when exchanges swap them
    (the state then differs from the deal)."""
    streets = document.get("streets") or ()
    return not document.get("events") and not any(
        "centre" in s.get("deal", ()) or s.get("decide") or s.get("exchange") for s in streets
    )


def cards_table(
    document: Mapping[str, Any], state: Mapping[str, Any], names: Mapping[int, str]
) -> list[list[str]]:
    streets = [s for s in document.get("streets") or () if s.get("deal")]
    header = ["player"]
    rows: dict[int, list[str]] = {}
    held = {s["seat"]: (list(s.get("down") or []), list(s.get("up") or [])) for s in state["seats"]}
    columns: list[list[str]] = []
    for street in streets:
        column = []
        for seat in names:
            down, up = held[seat]
            column.append(cell(street["deal"], down, up) or "")
        if not any(column):
            break
        header.append(str(street["name"]))
        columns.append(column)
    for i, seat in enumerate(names):
        rows[seat] = [names[seat]] + [c[i] for c in columns]
    return [header, *rows.values()]


def _then(state: Mapping[str, Any], names: Mapping[int, str], fields: set[str]) -> list[str]:
    out: list[str] = []
    seats = {s["seat"]: s for s in state["seats"]}
    to_act = state.get("to_act")
    if to_act is None:
        out.append("the hand is over")
    else:
        out.append(f"it is {names[to_act]}'s turn")
        options = legal_display(state.get("legal") or [], seats[to_act]["bet"])
        text = ", ".join(options[:-1]) + " or " + options[-1] if len(options) > 1 else options[0]
        out.append(f"{names[to_act]} may {text}")
    out.append(f"the pot is {fmt(to_money(state['pot']))}")
    pots = [p for p in state.get("pots") or () if to_money(p["amount"])]
    if len(pots) > 1 or "pots" in fields:
        rows = [["pot", "amount", "eligible"]]
        for i, p in enumerate(pots):
            eligible = [names[s] for s in sorted(p["eligible"])]
            joined = (
                (", ".join(eligible[:-1]) + " and " + eligible[-1])
                if len(eligible) > 1
                else eligible[0]
            )
            rows.append(["main" if i == 0 else f"side {i}", fmt(to_money(p["amount"])), joined])
        out.append("the pots are:\n" + "\n".join(_table(rows, "        ")))
    for seat, name in names.items():
        out.append(f"{name} has {fmt(to_money(seats[seat]['stack']))} left")
    for seat, name in names.items():
        if seats[seat].get("all_in"):
            out.append(f"{name} is all in")
    if "cards" in fields:
        for seat, name in names.items():
            s = seats[seat]
            if s.get("down") or s.get("up"):
                down, up = (" ".join(s.get(k) or []) or "no card" for k in ("down", "up"))
                out.append(f"{name} has {down} down and {up} up")
    if "declarations" in fields:  # each player's declaration as the state shows it
        shown = {
            d.get("seat"): d.get("declare")
            for d in state.get("declarations") or ()
            if isinstance(d, Mapping)
        }
        for seat, name in names.items():
            if not seats[seat].get("folded"):
                said = (shown[seat] or "hidden") if seat in shown else "not made yet"
                out.append(f"{name}'s declaration is {said}")
    result = state.get("result")
    if result and result.get("awards"):
        won: dict[int, Decimal] = {}
        for a in result["awards"]:
            won[a["seat"]] = won.get(a["seat"], Decimal(0)) + to_money(a["amount"])
        rows = [["player", "amount"]] + [[names[s], fmt(v)] for s, v in sorted(won.items())]
        out.append("the pot is awarded:\n" + "\n".join(_table(rows, "        ")))
    return out


def game_of(
    setup: Setup, profile: Profile | None = None, plays: Sequence[str] = ()
) -> tuple[str, list[tuple[str, str]]]:
    """The game a scenario names: a shipped ruleset and house rules.  A ruleset file is
    written as its nearest shipped ruleset and the values that differ (no path, so the
    scenario runs anywhere), the nearest of those the engine ``plays`` (names in
    ``hello``) first; an engine's profile adds its values."""
    from stud.fuzz.house import cell, house_rules
    from stud.rules import shipped_rulesets

    rows: list[tuple[str, str]] = []
    if setup.ruleset in shipped_rulesets() and (not plays or setup.ruleset in plays):
        game = setup.ruleset
    else:
        game, rows = house_rules(setup.document, plays)
    if profile is not None:
        mine = profile.values_for(setup.document)
        ours = dict(rows) | {path: cell(value) for path, value in mine}
        rows = list(ours.items())
    return game, rows


def scenario(
    outcome: Outcome,
    title: str,
    tags: Sequence[str] = (),
    profile: Profile | None = None,
    plays: Sequence[str] = (),
) -> str:
    """The scenario text (indented for a Rule block) of a divergent hand; ``plays``: the
    shipped rulesets the engine names (:func:`game_of`)."""
    setup = outcome.setup
    divergence = outcome.divergence
    assert setup is not None and divergence is not None
    names = {s["seat"]: s["name"] for s in setup.seats}
    upto = divergence.step
    state = outcome.start if upto < 0 else outcome.steps[upto].state
    lines = [f"    {' '.join('@' + t for t in tags)}".rstrip(), f"    Scenario: {title}"]
    if not tags:
        lines.pop(0)
    game, extra = game_of(setup, profile, plays)
    if extra:
        lines.append(f'      Given a game of "{game}" with house rules:')
        lines.extend(_table([[k, v] for k, v in extra], "        "))
    else:
        lines.append(f'      Given a game of "{game}"')
    lines.append("      And the players:")
    lines.extend(
        _table(
            [["seat", "name", "stack"]]
            + [[str(s["seat"]), s["name"], s["stack"]] for s in setup.seats],
            "        ",
        )
    )
    lines.append(f"      And {names[setup.dealer]} deals")
    table = cards_table(setup.document, state, names) if by_table(setup.document) else []
    if not table:  # events, centre cards, decisions: the deck as the cards came off it
        deck = [str(c) for c in outcome.dealt] if outcome.dealt else setup.deck
        lines.append(f"      And the cards come off the deck in this order: {' '.join(deck)}")
    elif len(table[0]) > 1:
        lines.append("      And the cards are dealt as follows:")
        lines.extend(_table(table, "        "))
    batch: list[str] = []

    def flush() -> None:
        if batch:
            joined = ", ".join(batch[:-1]) + " and " + batch[-1] if len(batch) > 1 else batch[0]
            lines.append(f"      When the players act: {joined}")
            batch.clear()

    for step in outcome.steps[: upto + 1]:
        who = names.get(step.request["seat"], f"seat {step.request['seat']}")
        if step.ok:
            batch.append(f"{who} {phrase(step.request)}")
        else:
            flush()
            lines.append(f"      When {who} tries to {phrase(step.request, infinitive=True)}")
            lines.append("      Then the action is refused")
    flush()
    fields = {divergence.field, *divergence.others}
    if divergence.rule.startswith("DEAL") and divergence.rule != "DEAL-01":
        fields.add("cards")
    if divergence.rule == "SHOW-07":
        fields.add("pots")
    for n, check in enumerate(_then(state, names, fields)):
        lines.append(f"      {'Then' if n == 0 else 'And'} {check}")
    return "\n".join(lines) + "\n"

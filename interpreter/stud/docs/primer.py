"""The opening of a rulebook page, for a player: what the game is, one hand walked
through street by street, and how its hands rank.

The walk is told from the frames of a rulebook example played on the reference
interpreter (:func:`stud.docs.replayer.example_hands`): the cards each street deals,
each player's action, the showdown and who wins.  It links to the same hand in the
replayer and to the example it comes from.

>>> frames = [
...     {"caption": "The cards are dealt", "state": {"street": "third", "pot": "0.10",
...      "seats": [{"seat": 1, "name": "Ann", "down": ["As", "Kd"], "up": ["9c"]},
...                {"seat": 2, "name": "Bob", "down": ["2c", "2d"], "up": ["3h"]}]}},
...     {"caption": "Bob: bring in 0.10", "act": {"seat": 2, "action": "bring_in",
...      "amount": "0.10"}, "state": {"street": "third", "pot": "0.20", "seats": []}}]
>>> for line in walk_lines({"frames": frames}):
...     print(line.replace(". ", ".\\n"))
1.
**Third street.** Both ante 0.05, a pot of 0.10.
Each gets two cards face down and one face up: Ann [A♠ K♦] 9♣, Bob [2♣ 2♦] 3♥.
Bob brings in 0.10.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.docs.explain import words
from stud.docs.markdown import cards_to_symbols

VERBS = {
    "bring_in": "brings in {amount}",
    "complete": "completes to {amount}",
    "call": "calls {amount}",
    "check": "checks",
    "fold": "folds",
    "bet": "bets {amount}",
    "raise": "raises to {amount}",
    "declare": "declares {declare}",
    "exchange": "exchanges a card",
    "stand_pat": "stands pat",
}


def main_ruleset(tags: Iterable[str]) -> str:
    """The ruleset most of a family's scenarios play (``ruleset:`` tags), "" if none."""
    played = Counter(t.removeprefix("ruleset:") for t in tags if t.startswith("ruleset:"))
    return min(played, key=lambda n: (-played[n], n)) if played else ""


def pick_hand(hands: Sequence[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The hand to walk through: one that reaches a showdown over the most streets, and
    among those the one with the fewest steps (then the first by key)."""

    def key(h: Mapping[str, Any]) -> tuple[bool, int, bool, int, str]:
        frames = h["frames"]
        result = frames[-1]["state"].get("result") or {}
        streets = {f["state"].get("street") for f in frames}
        players = len(frames[0]["state"].get("seats") or [])
        return (not result.get("showdown"), -len(streets), players < 3, len(frames), h["key"])

    usable = [h for h in hands if h.get("frames") and "next hand" not in str(h["frames"])]
    return min(usable, key=key) if usable else None


def _cards(cards: Sequence[str], down: bool = False) -> str:
    text = cards_to_symbols(" ".join(cards))
    return f"[{text}]" if down and text else text


def _seats(state: Mapping[str, Any]) -> dict[int, Mapping[str, Any]]:
    return {int(s["seat"]): s for s in state.get("seats") or []}


def _dealt(before: Mapping[str, Any] | None, after: Mapping[str, Any]) -> str:
    """What a street dealt: each player's new cards, and a community card."""
    old = _seats(before) if before else {}
    parts, shapes = [], set()
    for seat, s in _seats(after).items():
        was = old.get(seat, {})
        down = list(s.get("down") or [])[len(was.get("down") or []) :]
        up = list(s.get("up") or [])[len(was.get("up") or []) :]
        if down or up:
            shapes.add((len(down), len(up)))
            parts.append(
                f"{s['name']} {' '.join(p for p in (_cards(down, True), _cards(up)) if p)}"
            )
    community = list(after.get("community") or [])[len((before or {}).get("community") or []) :]
    text = ""
    if parts:
        shape = ""
        if len(shapes) == 1:
            down_n, up_n = shapes.pop()
            plural = "s" if down_n > 1 else ""
            counts = [
                f"{words(down_n)} card{plural} face down" if down_n else "",
                f"{words(up_n)} face up" if up_n else "",
            ]
            shape = "Each gets " + " and ".join(c for c in counts if c) + ": "
        text = shape + ", ".join(parts) + "."
    if community:
        text += f" {_cards(community)} is turned face up in the centre for everyone."
    return text.strip()


def _action(frame: Mapping[str, Any], names: Mapping[int, str]) -> str:
    act = frame.get("act") or {}
    verb = VERBS.get(str(act.get("action")))
    if verb is None:
        return ""
    who = names.get(int(act.get("seat", 0)), f"seat {act.get('seat')}")
    return f"{who} " + verb.format(amount=act.get("amount", ""), declare=act.get("declare", ""))


def _antes(first: Mapping[str, Any]) -> str:
    players = len(first.get("seats") or [])
    pot_text = str(first.get("pot", "0"))
    pot = Decimal(pot_text)
    if not players or not pot:
        return ""
    if first.get("blinds"):  # protocol 1.2: the blinds are in the pot too
        posted = sum(Decimal(str(b.get("amount", "0"))) for b in first["blinds"])
        what = "The blinds" if posted == pot else "The antes and the blinds"
        return f"{what} make a pot of {pot_text}. "
    each = pot / players
    exponent = Decimal(pot_text).as_tuple().exponent
    places = Decimal(1).scaleb(exponent if isinstance(exponent, int) else 0)  # as written
    if each != each.quantize(places):
        return f"The antes make a pot of {pot_text}. "
    who = "Both ante" if players == 2 else f"All {words(players)} ante"
    return f"{who} {each.quantize(places)}, a pot of {pot_text}. "


def _showdown(state: Mapping[str, Any], names: Mapping[int, str]) -> str:
    result = state.get("result") or {}
    hands, awards = result.get("hands") or [], result.get("awards") or []
    split = len({h.get("share") for h in hands} | {a.get("share") for a in awards} - {None}) > 1
    shown = []
    for h in hands:
        who = names.get(int(h["seat"]), str(h["seat"]))
        share = f" for {h['share']}" if split and h.get("share") else ""
        shown.append(f"{who} shows {h.get('name', '')}{share} ({_cards(h.get('cards') or [])})")
    won = [
        f"{names.get(int(a['seat']), a['seat'])} wins {a['amount']}"
        + (f" ({a['share']})" if split and a.get("share") else "")
        for a in awards
    ]
    text = "; ".join(shown) + ". " if shown else ""
    return text + (", ".join(won) + "." if won else "")


def walk_lines(hand: Mapping[str, Any]) -> list[str]:
    """The hand street by street, as a numbered Markdown list."""
    frames = hand["frames"]
    names = {int(s["seat"]): s["name"] for s in frames[0]["state"].get("seats") or []}
    out: list[str] = []
    previous: Mapping[str, Any] | None = None
    street, opening = "", ""
    actions: list[str] = []

    def close() -> None:
        if street:
            said = ", ".join(a for a in actions if a)
            text = f"{opening} {said[0].upper() + said[1:]}." if said else opening
            out.append(f"{len(out) + 1}. **{street.capitalize()} street.** {text.strip()}")

    for i, frame in enumerate(frames):
        state = frame["state"]
        if i == 0:
            street, opening = str(state.get("street")), _antes(state) + _dealt(None, state)
        else:
            actions.append(_action(frame, names))
            if state.get("street") != street:  # this action closed the street: the next is dealt
                close()
                street, actions, opening = str(state.get("street")), [], _dealt(previous, state)
        previous = state
    close()
    final = frames[-1]["state"]
    if final.get("result"):
        out.append(f"{len(out) + 1}. **The end.** {_showdown(final, names)}")
    return out


def opening_lines(
    hand: Mapping[str, Any] | None,
    anchor: str,
    game: Sequence[str],
    ladders: Sequence[str],
    replay_mark: str,
) -> list[str]:
    """The player's opening of a family page: ``game`` (what the game is), the walk
    through ``hand`` (the example at ``anchor``), and the ranking ``ladders``."""
    out = ["## The game", "", *game, ""]
    if hand is not None:
        title = cards_to_symbols(str(hand["title"]), html=True).replace("[", "\\[")
        out += [
            "## How a hand goes",
            "",
            f"One hand from the examples below, [{title}](#{anchor}), street by street:",
            "",
            replay_mark,
            "",
            *walk_lines(hand),
            "",
        ]
    if ladders:
        out += ["## How hands rank", "", *ladders]
    return out

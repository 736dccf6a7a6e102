"""Reading PHH (Poker Hand History, the TOML format PokerKit writes) for the stud variants.

Supported variants and the shipped rulesets they are checked against:

- ``F7S``   fixed-limit seven-card stud       -> ``seven-card-stud``
- ``F7S/8`` fixed-limit stud hi-lo 8 or better -> ``stud-hi-lo``
- ``FR``    fixed-limit razz                   -> ``razz``

The file's stakes (``antes``, ``bring_in``, ``small_bet``, ``big_bet``) override the
ruleset's.  Players ``p1..pN`` (``starting_stacks``) sit in the file's ``seats`` (default
1..N); ``p1`` is dealt first, so the dealer is the file's ``dealer`` seat or else the last
player's seat.  The ``d dh`` lines give the deck: a player dealt again starts the next
street, so a run-out after an all-in is dealt street by street; ``d db`` is a shared river
card when the pack runs short.  Unknown cards (``??``) are taken from what the player
shows, then filled to fit the recorded bring-in and openers (:mod:`stud.phh_fill`).  PHH
records no burn cards, so the hand is replayed without burns.  Actions: ``pN pb``
bring-in, ``pN cc`` check or call, ``pN cbr X`` complete, bet or raise *to* X, ``pN f``
fold, ``pN sm [cards]`` show or muck (checked against the deal, no engine action).
``finishing_stacks`` are compared after the hand; ``winnings`` (paid after ``rake``) with
the ruleset's awards before rake.

>>> split_cards("AcKd2h")
['Ac', 'Kd', '2h']
>>> split_cards("????Ts")
['??', '??', 'Ts']
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from stud.cards import Card, standard_deck
from stud.engine import Seat
from stud.errors import CardError, StudError
from stud.phh_fill import fill_phh, reveal
from stud.play.replay import AGGRESSIVE, CHECK_OR_CALL, Recording, Step

VARIANTS = {"F7S": "seven-card-stud", "F7S/8": "stud-hi-lo", "FR": "razz"}
REQUIRED = ("variant", "antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")
UNKNOWN = "??"
_PLAYER = re.compile(r"^p(\d+)$")


def split_cards(text: str) -> list[str]:
    """``AcKd2h`` -> ``['Ac', 'Kd', '2h']`` (``??`` is an unknown card)."""
    if len(text) % 2:
        raise CardError(f"'{text}' is not a run of two-character cards like AcKd2h")
    return [text[i : i + 2] for i in range(0, len(text), 2)]


@dataclass
class _Deal:
    player: int
    cards: list[str]
    where: str


def _decimals(value: Decimal) -> int:
    exponent = value.normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def _amount(value: Any, field: str, source: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise StudError(f"{source}: {field} is {value!r}; expected a number")
    amount = Decimal(value)
    if amount < 0:
        raise StudError(f"{source}: {field} is negative")
    return amount


def _lines(text: str, actions: list[str]) -> list[int]:
    """The line each action string is written on (best effort, in order)."""
    out, pos = [], 0
    for action in actions:
        at = text.find(action, pos)
        if at < 0:
            out.append(0)
            continue
        out.append(text.count("\n", 0, at) + 1)
        pos = at + len(action)
    return out


def recording_from_phh(
    text: str,
    source: str,
    ruleset: str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Recording:
    """Read one PHH hand into a :class:`Recording`.

    ``ruleset`` (a name or file) replaces the variant's shipped ruleset; ``overrides`` are
    dotted-path values applied after the file's stakes (e.g. ``{"board.ties": "position"}``).
    """
    return recording_from_data(_toml(text, source), text, source, ruleset, overrides)


def _toml(text: str, source: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise StudError(f"{source}: not a PHH (TOML) file: {exc}") from None


def hands_of_phhs(text: str, source: str) -> list[tuple[str, dict[str, Any]]]:
    """The hands of a ``.phhs`` file (TOML tables ``[1]``, ``[2]``...), in file order; a
    file holding one bare hand (a collection of one) is that hand."""
    data = _toml(text, source)
    if "variant" in data and "actions" in data:
        return [("1", data)]
    hands = [(str(k), v) for k, v in data.items() if isinstance(v, dict)]
    if not hands or len(hands) != len(data):
        raise StudError(f"{source}: a .phhs file holds hands as tables [1], [2], ...")
    return hands


def recording_from_data(
    data: Mapping[str, Any],
    text: str,
    source: str,
    ruleset: str | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Recording:
    """:func:`recording_from_phh` from parsed TOML (``text`` locates the actions' lines)."""
    from stud.rules import load_ruleset

    missing = [k for k in REQUIRED if k not in data]
    variant = data.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise StudError(
            f"{source}: variant {variant!r} is not a stud variant; "
            f"expected one of {', '.join(VARIANTS)} (fixed-limit stud, stud hi-lo 8, razz)"
        )
    if missing:
        raise StudError(f"{source}: PHH field(s) missing: {', '.join(missing)}")
    stacks = [
        _amount(v, f"starting_stacks[{i}]", source) for i, v in enumerate(data["starting_stacks"])
    ]
    antes = {_amount(v, "antes", source) for v in data["antes"]}
    if len(antes) > 1:
        raise StudError(
            f"{source}: antes differ between players ({data['antes']}); stud antes are equal"
        )
    if len(data["antes"]) not in (1, len(stacks)):
        raise StudError(f"{source}: {len(data['antes'])} antes for {len(stacks)} players")
    stakes = {
        "ante": next(iter(antes)) if antes else Decimal(0),
        "bring_in": _amount(data["bring_in"], "bring_in", source),
        "small_bet": _amount(data["small_bet"], "small_bet", source),
        "big_bet": _amount(data["big_bet"], "big_bet", source),
    }
    places = max(_decimals(v) for v in [*stakes.values(), *stacks])
    values: dict[str, Any] = {f"stakes.{k}": str(v) for k, v in stakes.items()}
    values["stakes.chip"] = str(Decimal(1).scaleb(-places))
    values["dealing.burn"] = False
    values.update(overrides or {})
    base = ruleset or VARIANTS[str(variant)]
    rs = load_ruleset(base, values)

    n = len(stacks)
    names = data.get("players") or [f"p{i + 1}" for i in range(n)]
    numbers = _seat_numbers(data, n, source)
    seats = [Seat(numbers[i], str(names[i]), stacks[i]) for i in range(n)]
    dealer, dealer_note = _dealer(data, numbers, source)
    actions = [str(a) for a in data["actions"]]
    lines = _lines(text, actions)
    steps: list[Step] = []
    blocks: list[list[_Deal]] = []
    shows: list[tuple[int, list[str], str, str]] = []
    block: list[_Deal] | None = None
    first_actor: dict[int, int] = {}  # block (street) index -> the first player to act
    big: set[int] = set()  # streets whose first bet was bigger than the small bet
    for i, raw in enumerate(actions):
        where = f"action {i + 1} (line {lines[i]})" if lines[i] else f"action {i + 1}"
        body = raw.split("#", 1)[0].strip()
        words = body.split()
        if not words:
            continue
        if words[0] == "d":
            if len(words) == 4 and words[1] == "dh":
                player = _player(words[2], n, source, where)
                # a run-out deals several streets with no betting between them: a player
                # dealt again starts the next street
                if block is None or any(d.player == player for d in block):
                    block = []
                    blocks.append(block)
                block.append(_Deal(player, _split(words[3], source, where), where))
                continue
            if len(words) == 3 and words[1] == "db":  # a shared card (short pack, DEAL-09)
                block = [_Deal(0, _split(words[2], source, where), where)]
                blocks.append(block)
                block = None
                continue
            raise StudError(
                f"{source}: {where}: '{body}': expected 'd dh pN CARDS' or 'd db CARD' "
                "(a shared card when the pack runs short)"
            )
        block = None
        player = _player(words[0], n, source, where)
        verb = words[1] if len(words) > 1 else ""
        if verb in ("pb", "cc", "f", "cbr"):
            street = max(len(blocks) - 1, 0)
            first_actor.setdefault(street, player)
            if verb == "cbr" and street not in big and len(words) == 3:
                if _number(words[2], source, where) > stakes["small_bet"]:
                    big.add(street)
        if verb == "pb" and len(words) == 2:
            steps.append(Step(player, "bring_in", where, body))
        elif verb == "cc" and len(words) == 2:
            steps.append(Step(player, CHECK_OR_CALL, where, body))
        elif verb == "f" and len(words) == 2:
            steps.append(Step(player, "fold", where, body))
        elif verb == "cbr" and len(words) == 3:
            amount = _amount(_number(words[2], source, where), "cbr amount", source)
            steps.append(Step(player, AGGRESSIVE, where, body, amount=amount))
        elif verb == "sm":
            # showing (cards listed) or mucking: the engine shows down by itself; the
            # cards shown are checked against the deal below
            if len(words) == 3:
                shows.append((player, _split(words[2], source, where), where, body))
        else:
            raise StudError(
                f"{source}: {where}: '{body}' is not a stud action; expected pN pb, pN cc, "
                "pN cbr AMOUNT, pN f or pN sm [CARDS]"
            )
    shown = {
        p: [str(Card.parse(c)) if c != UNKNOWN else UNKNOWN for c in cards]
        for p, cards, _, _ in shows
    }
    reveal(blocks, shown)
    deck, dealt, hidden, problem = _deck(blocks)
    for player, cards, where, body in shows:
        mine = {str(c) for c in dealt.get(player, [])}
        wrong = [c for c in cards if c != UNKNOWN and str(Card.parse(c)) not in mine]
        if wrong and not problem:
            problem = f"{where} ({body}): p{player} shows {' '.join(wrong)}, not dealt to p{player}"
    final = None
    if "finishing_stacks" in data:
        if not isinstance(data["finishing_stacks"], list) or len(data["finishing_stacks"]) != n:
            raise StudError(
                f"{source}: finishing_stacks is {data['finishing_stacks']!r}; expected one "
                f"stack for each of the {n} players"
            )
        final = {
            i + 1: _amount(v, f"finishing_stacks[{i}]", source)
            for i, v in enumerate(data["finishing_stacks"])
        }
    seat_of = {i + 1: numbers[i] for i in range(n)}
    steps = [dataclasses.replace(st, seat=seat_of[st.seat]) for st in steps]
    dealt = {seat_of[p]: cards for p, cards in dealt.items()}
    rec = Recording(
        source=source,
        ruleset=rs,
        seats=seats,
        dealer=dealer,
        deck=deck,
        steps=steps,
        dealt=dealt,
        final_stacks={seat_of[p]: v for p, v in final.items()} if final else None,
        hidden_cards=hidden,
        problem=problem,
        notes=[
            f"PHH variant {variant} checked against {base} with the file's stakes, no burns",
            dealer_note,
        ],
        winnings=_winnings(data, numbers, source),
        rake=_amount(data.get("rake", 0), "rake", source),
    )
    if hidden and not problem:
        names_of = {p: str(names[p - 1]) for p in range(1, n + 1)}
        fill_phh(rec, blocks, seat_of, names_of, first_actor, big)
    return rec


def _number(text: str, source: str, where: str) -> Decimal:
    try:
        return Decimal(text)
    except Exception:
        raise StudError(f"{source}: {where}: '{text}' is not an amount") from None


def _player(text: str, n: int, source: str, where: str) -> int:
    m = _PLAYER.match(text)
    if not m or not 1 <= int(m.group(1)) <= n:
        raise StudError(f"{source}: {where}: '{text}' is not a player; expected p1..p{n}")
    return int(m.group(1))


def _split(text: str, source: str, where: str) -> list[str]:
    try:
        cards = split_cards(text)
        for c in cards:
            if c != UNKNOWN:
                Card.parse(c)
    except CardError as exc:
        raise StudError(f"{source}: {where}: {exc}") from None
    return cards


def _seat_numbers(data: Mapping[str, Any], n: int, source: str) -> list[int]:
    """The players' seat numbers: the file's ``seats`` or 1..N."""
    raw = data.get("seats")
    if raw is None:
        return list(range(1, n + 1))
    if (
        not isinstance(raw, list)
        or len(raw) != n
        or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in raw)
        or len(set(raw)) != n
    ):
        raise StudError(f"{source}: seats is {raw!r}; expected {n} distinct seat numbers")
    return [int(v) for v in raw]


def _dealer(data: Mapping[str, Any], numbers: list[int], source: str) -> tuple[int, str]:
    """The dealer's seat: the file's ``dealer`` (a seat number) or the last player's seat.

    PHH lists stud players from the first dealt (left of the dealer), so the last player
    listed sits at the dealer's place.
    """
    raw = data.get("dealer")
    if raw is None:
        return numbers[-1], f"dealer taken as the last player listed (seat {numbers[-1]})"
    if isinstance(raw, bool) or not isinstance(raw, int) or raw <= 0:
        raise StudError(f"{source}: dealer is {raw!r}; expected a seat number")
    return int(raw), f"dealer: seat {raw} (the file's dealer field)"


def _winnings(
    data: Mapping[str, Any], numbers: list[int], source: str
) -> dict[int, Decimal] | None:
    raw = data.get("winnings")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != len(numbers):
        raise StudError(f"{source}: winnings is {raw!r}; expected one amount per player")
    return {numbers[i]: _amount(v, f"winnings[{i}]", source) for i, v in enumerate(raw)}


def _deck(
    blocks: list[list[_Deal]],
) -> tuple[list[Card], dict[int, list[Card]], bool, str]:
    """Deal order, the cards per player, whether some were unknown, and the first card
    dealt twice ("" when none)."""
    order: list[str] = []
    owners: list[int] = []
    seen: set[Card] = set()
    for block in blocks:
        deals = sorted(block, key=lambda d: d.player)
        for r in range(max(len(d.cards) for d in deals)):
            for d in deals:
                if r >= len(d.cards):
                    continue
                card = d.cards[r]
                if card != UNKNOWN:
                    parsed = Card.parse(card)
                    if parsed in seen:
                        problem = (
                            f"{d.where} (d dh p{d.player} {''.join(d.cards)}): {card} was "
                            "already dealt; a card is dealt once (folded cards are dead, "
                            "DEAL-07; a short pack is made up from the burns, then a "
                            "community card, DEAL-08/09)"
                        )
                        return [], {}, False, problem
                    seen.add(parsed)
                order.append(card)
                owners.append(d.player)
    spare = [c for c in standard_deck() if c not in seen]
    if order.count(UNKNOWN) > len(spare):
        return (
            [],
            {},
            False,
            (
                f"{len(order)} cards are dealt but a pack holds 52; when the pack runs short "
                "the river is one shared card ('d db CARD', DEAL-09)"
            ),
        )
    fill = iter(spare)
    deck = [Card.parse(c) if c != UNKNOWN else next(fill) for c in order]
    dealt: dict[int, list[Card]] = {}
    for owner, dealt_card in zip(owners, deck, strict=True):
        if owner:
            dealt.setdefault(owner, []).append(dealt_card)
    return deck, dealt, UNKNOWN in order, ""

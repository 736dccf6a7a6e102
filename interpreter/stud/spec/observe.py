"""Judging a scenario from protocol replies alone: what ``stud dump-spec`` checks mean.

Each exported check has a ``kind``, an ``expected`` protocol value and ``after``, the index
of the last call made before it.  :func:`observe` reads the same kind of value from the
replies of the calls up to ``after`` (in a dump, ``calls[i]["reply"]`` is the reply's
``state``, or its ``results`` for ``evaluate``); :func:`agrees` compares the two.  This is
the rulebook that ``examples/node-runner/run-spec.js`` implements in another language,
and the tests hold the two to the same answers.

>>> canon("0.50"), canon("20"), canon("1.00"), canon("0")
('0.5', '20', '1', '0')
>>> normal_legal([{"action": "bet", "min": "0.50", "max": "0.50"}, {"action": "fold"}])
[{'action': 'bet', 'amount': '0.5'}, {'action': 'fold'}]
>>> agrees("pot", "1.50", "1.5"), agrees("to_act", 3, 2)
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from stud.money import fmt

Call = Mapping[str, Any]
_NO_AMOUNT = ("fold", "check", "declare", "exchange", "stand_pat")


def canon(amount: Any) -> str:
    """A decimal string without trailing zeros, so equal amounts compare equal as text."""
    text = format(Decimal(str(amount)), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


def _key(row: Mapping[str, Any]) -> str:
    return str(sorted({**row, "amount": canon(row["amount"])}.items()))


def normal_legal(legal: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """Legal entries as a sorted set: ``{action}``, ``{action, amount}`` or a real range.

    Fold, check, declare, exchange and stand pat are compared by action only; a range
    whose ends are equal is a fixed amount; a decision (protocol 1.2) by its action and
    how many cards it takes (``cards_min``, ``cards_max``), not by which.

    >>> normal_legal([{"action": "discard", "cards_min": 2, "cards_max": 2, "choices": []}])
    [{'action': 'discard', 'cards_min': '2', 'cards_max': '2'}]
    """
    out: dict[str, dict[str, str]] = {}
    for entry in legal:
        action = str(entry["action"])
        item = {"action": action}
        if entry.get("cards_max") is not None:
            item["cards_min"], item["cards_max"] = str(entry["cards_min"]), str(entry["cards_max"])
        elif action not in _NO_AMOUNT:
            if entry.get("amount") is not None:
                item["amount"] = canon(entry["amount"])
            elif entry.get("min") is not None and canon(entry["min"]) == canon(entry["max"]):
                item["amount"] = canon(entry["min"])
            elif entry.get("min") is not None:
                item["min"], item["max"] = canon(entry["min"]), canon(entry["max"])
        key = "|".join(f"{k}={v}" for k, v in sorted(item.items()))
        out[key] = item
    return [out[k] for k in sorted(out)]


def last_state(calls: Sequence[Call], after: int) -> dict[str, Any] | None:
    """The most recent state among the replies of ``calls[0..after]``."""
    for call in reversed(calls[: after + 1]):
        if call["op"] != "evaluate" and isinstance(call.get("reply"), Mapping):
            return dict(call["reply"])
    return None


def _seat(state: Mapping[str, Any], seat: int) -> dict[str, Any]:
    return next((dict(s) for s in state.get("seats", []) if int(s["seat"]) == seat), {})


def _hand(state: Mapping[str, Any], seat: int, share: str | None) -> dict[str, Any] | None:
    result = state.get("result") or {}
    shown = [h for h in result.get("hands", []) if int(h["seat"]) == seat]
    if share:
        shown = [h for h in shown if h.get("share") == share]
    elif len(shown) > 1:
        shown = [h for h in shown if h.get("share") in (None, "high")] or shown[:1]
    return dict(shown[0]) if shown else None


def _awards(state: Mapping[str, Any], by: Sequence[str]) -> list[dict[str, Any]]:
    totals: dict[tuple[Any, ...], Decimal] = {}
    for award in (state.get("result") or {}).get("awards", []):
        key = tuple(award.get(k) for k in by)
        totals[key] = totals.get(key, Decimal(0)) + Decimal(str(award["amount"]))
    rows = [dict(zip(by, k, strict=True), amount=fmt(v)) for k, v in totals.items() if v]
    return sorted(rows, key=str)


def _dealt(state: Mapping[str, Any], ruleset: Mapping[str, Any], street: str) -> list[str]:
    """The cards dealt on ``street`` to the live seats, plus the community cards."""
    streets = list(ruleset.get("streets", []))
    names = [str(s["name"]) for s in streets]
    if street not in names:
        return []
    index = names.index(street)
    before = [face for s in streets[:index] for face in s.get("deal", [])]
    deal = list(streets[index].get("deal", []))
    downs, ups = before.count("down"), before.count("up")
    dealt: list[str] = []
    for seat in state.get("seats", []):
        if not seat.get("folded"):
            dealt += list(seat.get("down", []))[downs : downs + deal.count("down")]
            dealt += list(seat.get("up", []))[ups : ups + deal.count("up")]
    return dealt + list(state.get("community", []))


def _shown(state: Mapping[str, Any], seat: int, share: str) -> list[str]:
    """The hands ``seat`` shows for ``share`` (its cards, or its name)."""
    hands = (state.get("result") or {}).get("hands", [])
    mine = [h for h in hands if h["seat"] == seat and (h.get("share") or "high") == share]
    return [" ".join(h.get("cards") or []) or str(h.get("name", "")) for h in mine]


def _more(state: Mapping[str, Any], ruleset: Mapping[str, Any], expected: Any) -> list[Any]:
    """Seats holding more cards than before ``street`` (and, for everyone, run-out cards)."""
    streets = list(ruleset.get("streets", []))
    index = [s["name"] for s in streets].index(expected["street"])
    held = sum(len(s.get("deal", [])) for s in streets[:index])
    seat = expected.get("seat")
    more: list[Any] = [
        s["seat"]
        for s in state.get("seats", [])
        if (seat is None or s["seat"] == seat) and len(s["down"]) + len(s["up"]) > held
    ]
    if seat is None:
        centre = list(ruleset.get("deck", {}).get("centre") or [])
        more += [c for c in state.get("community") or [] if c not in centre]
    return more


def observe(
    kind: str,
    expected: Any,
    calls: Sequence[Call],
    after: int,
    ruleset: Mapping[str, Any] | None = None,
) -> Any:
    """What the replies show for a check of ``kind`` (shaped like ``expected``)."""
    state = last_state(calls, after) or {}
    if kind == "to_act":
        return state.get("to_act")
    if kind == "community" and isinstance(expected, Mapping):  # cards turned up in a run-out
        centre = list((ruleset or {}).get("deck", {}).get("centre") or [])
        return {"runout": [c for c in state.get("community") or [] if c not in centre]}
    if kind in ("street", "dealer", "community"):
        return state.get(kind)
    if kind == "declaration":
        found = [d for d in state.get("declarations") or [] if d["seat"] == expected["seat"]]
        said = found[0].get("declare") if found else "not made yet"
        return {**expected, "declaration": "hidden" if said is None else said}
    if kind == "no_hand":
        return {**expected, "shown": _shown(state, expected["seat"], expected["share"])}
    if kind == "no_card":
        return {**expected, "more": _more(state, ruleset or {}, expected)}
    if kind == "pot":
        return state.get("pot")
    if kind == "legal":
        return list(state.get("legal", []))
    if kind == "pots":
        return [
            {"amount": p["amount"], "eligible": sorted(int(s) for s in p["eligible"])}
            for p in state.get("pots", [])
        ]
    if kind == "awards":
        return {"by": list(expected["by"]), "awards": _awards(state, expected["by"])}
    if kind == "show_order":  # each seat once, in the order the hands are listed
        seats = [int(h["seat"]) for h in (state.get("result") or {}).get("hands", [])]
        return list(dict.fromkeys(seats))
    if kind == "over":
        return state.get("to_act") is None and state.get("result") is not None
    if kind in ("stack", "cards", "all_in", "split"):
        me = _seat(state, int(expected["seat"]))
        if kind == "split":
            return {"seat": expected["seat"], "split": list(me.get("split") or [])}
        if kind == "stack":
            return {"seat": expected["seat"], "amount": me.get("stack")}
        if kind == "all_in":
            return {"seat": expected["seat"], "all_in": bool(me.get("all_in"))}
        return {"seat": expected["seat"], "down": me.get("down"), "up": me.get("up")}
    if kind == "hand":
        shown = _hand(state, int(expected["seat"]), expected.get("share"))
        return None if shown is None else {"name": shown.get("name"), "cards": shown.get("cards")}
    if kind in ("refused", "unchanged"):
        acts = [i for i, c in enumerate(calls[: after + 1]) if c["op"] == "act"]
        if not acts:
            return None
        last = calls[acts[-1]]
        if kind == "refused":
            return (last.get("refused") or {}).get("code")
        before = last_state(calls, acts[-1] - 1)
        return before is not None and before == state
    if kind == "qualifies":
        results = calls[after].get("reply") if calls[after]["op"] == "evaluate" else None
        return bool(results[0].get("qualifies", True)) if results else None
    if kind in ("compare", "best"):
        results = calls[after].get("reply") if calls[after]["op"] == "evaluate" else None
        if not results:
            return None
        if kind == "best":
            return {"name": results[0].get("name"), "cards": results[0].get("best")}
        a, b = int(results[0]["rank"]), int(results[1]["rank"])
        return "beats" if a < b else "loses to" if a > b else "ties with"
    if kind == "dealt_from":
        return _dealt(state, ruleset or {}, str(expected["street"]))
    if kind == "blind":  # protocol 1.2: the blinds posted this hand
        seat = expected["seat"]
        posted = [b for b in state.get("blinds") or [] if b["seat"] == seat]
        return (
            {"seat": seat, **{k: posted[0].get(k) for k in ("blind", "amount")}} if posted else None
        )
    if kind == "wild":  # protocol 1.2: the ranks wild for everyone now
        return sorted({int(r) for r in state.get("wild_ranks") or []})
    return None


def _same_five(shown: Sequence[str], reference: Sequence[str]) -> bool:
    """Cards as strong as the reference's: as many, the same ranks, flush or not alike."""

    def shape(cards: Sequence[str]) -> tuple[list[str], bool]:
        ranks = sorted(c[:-1].replace("10", "T") for c in cards)
        return ranks, len({c[-1] for c in cards}) == 1

    return len(shown) == len(reference) and shape(shown) == shape(reference)


def _plain(name: Any) -> str:
    return " ".join(str(name or "").lower().split())


def agrees(kind: str, expected: Any, actual: Any) -> bool:
    """Whether an observed value meets the expectation of a check of ``kind``."""
    if kind == "pot":
        return actual is not None and canon(expected) == canon(actual)
    if kind == "legal":
        return actual is not None and normal_legal(expected) == normal_legal(actual)
    if kind == "pots":  # main pot first, in order
        return [{**p, "amount": canon(p["amount"])} for p in expected] == [
            {**p, "amount": canon(p["amount"])} for p in actual or []
        ]
    if kind == "awards":  # summed per seat (and share, pot), in any order
        wanted, got = expected["awards"], actual["awards"]
        return bool(got) and sorted(map(_key, wanted)) == sorted(map(_key, got))
    if kind == "stack":
        return actual["amount"] is not None and canon(expected["amount"]) == canon(actual["amount"])
    if kind in ("hand", "best"):
        if not actual:
            return False
        cards = list(actual.get("cards") or [])
        if expected.get("cards"):
            return sorted(cards) == sorted(expected["cards"])
        if cards:
            return _same_five(cards, expected["reference_cards"])
        return _plain(actual.get("name")) == _plain(expected["name"])
    if kind == "blind":
        return bool(actual) and {**expected, "amount": canon(expected["amount"])} == {
            **actual,
            "amount": canon(actual["amount"]),
        }
    if kind == "dealt_from":
        dealt = list(actual or [])
        return (
            bool(dealt)
            and set(dealt) <= set(expected["cards"])
            and len(set(dealt)) == len(dealt)
            and len(dealt) >= int(expected["count"])
        )
    return bool(expected == actual)

"""Each invariant, broken on its own, is named; a sound state passes."""

from __future__ import annotations

import copy
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import pytest
from stud.spec.invariants import INVARIANTS, InvariantBroken, check_state

STARTED = {1: Decimal("10"), 2: Decimal("10")}


def sound() -> dict[str, Any]:
    """Third street after antes of 0.05 and a bring-in of 0.10 by seat 2; seat 1 to act."""
    seat = {"folded": False, "all_in": False}
    return {
        "street": "third",
        "to_act": 1,
        "legal": [
            {"action": "fold"},
            {"action": "call", "amount": "0.10"},
            {"action": "complete", "amount": "0.50"},
        ],
        "pot": "0.20",
        "pots": [{"amount": "0.20", "eligible": [1, 2]}],
        "seats": [
            {
                **seat,
                "seat": 1,
                "name": "Ann",
                "stack": "9.95",
                "bet": "0",
                "down": ["As", "Kd"],
                "up": ["9c"],
            },
            {
                **seat,
                "seat": 2,
                "name": "Bob",
                "stack": "9.85",
                "bet": "0.10",
                "down": ["Qs", "Qd"],
                "up": ["2h"],
            },
        ],
        "community": [],
        "result": None,
    }


def over() -> dict[str, Any]:
    state = sound()
    state.update(to_act=None, legal=[], pot="0.20")
    state["seats"][0]["stack"] = "10.15"
    state["seats"][1].update(folded=True, bet="0")
    state["result"] = {"awards": [{"seat": 1, "amount": "0.20"}], "hands": []}
    return state


def set_in(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(state: dict[str, Any]) -> None:
        node: Any = state
        parts = path.split(".")
        for part in parts[:-1]:
            node = node[int(part)] if part.isdigit() else node[part]
        node[int(parts[-1]) if parts[-1].isdigit() else parts[-1]] = value

    return change


CASES = [
    ("chips conserved", sound, set_in("seats.0.stack", "10.95")),
    ("pot equals commitments", sound, set_in("pots.0.amount", "0.15")),
    ("pot equals commitments", sound, set_in("seats.0.bet", "0.10")),
    ("no card twice", sound, set_in("seats.1.up", ["9c"])),
    ("player to act has a legal action", sound, set_in("legal", [])),
    ("player to act has a legal action", sound, set_in("seats.0.folded", True)),
    (
        "legal amounts within the stack",
        sound,
        set_in("legal.2", {"action": "raise", "amount": "12"}),
    ),
    ("awards total the pot", over, set_in("result.awards.0.amount", "0.15")),
    ("chips conserved", over, set_in("seats.0.stack", "10")),
]


def test_sound_states_pass() -> None:
    check_state(sound(), Decimal("20"), "act", STARTED)
    check_state(over(), Decimal("20"), "act", STARTED)


@pytest.mark.parametrize(("name", "base", "change"), CASES)
def test_each_broken_invariant_is_named(
    name: str, base: Callable[[], dict[str, Any]], change: Callable[[dict[str, Any]], None]
) -> None:
    assert name in INVARIANTS
    state = copy.deepcopy(base())
    change(state)
    with pytest.raises(InvariantBroken) as broken:
        check_state(state, Decimal("20"), "act seat 1 call 0.10", STARTED)
    assert broken.value.name == name
    assert "after act seat 1 call 0.10" in str(broken.value)
    assert broken.value.state.startswith('{"street":"third"')

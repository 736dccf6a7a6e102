"""The JSON Schema agrees with model.py: same keys, same choices, same defaults, documented."""

from __future__ import annotations

import dataclasses
import typing
from decimal import Decimal
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from stud.money import to_money
from stud.rules import load_ruleset, ruleset_schema
from stud.rules import model as m
from stud.rules.schema import schema_findings

SCHEMA = ruleset_schema()


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    ref = node.get("$ref")
    if ref:
        target = SCHEMA["$defs"][ref.split("/")[-1]]
        return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def objects(node: Any, path: str = "$") -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if "properties" in node:
            found.append((path, node))
        for key, value in node.items():
            found.extend(objects(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(objects(value, f"{path}/{i}"))
    return found


def test_schema_is_valid_2020_12() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("where,obj", objects(SCHEMA))
def test_every_object_is_closed_and_documented(where: str, obj: dict[str, Any]) -> None:
    assert obj.get("additionalProperties") is False, where
    for name, prop in obj["properties"].items():
        assert resolve(prop).get("description"), f"{where}/{name} has no description"


PAIRS = [
    ("", m.Ruleset),
    ("seats", m.Seats),
    ("deck", m.Deck),
    ("dealer", m.Dealer),
    ("dealing", m.Dealing),
    ("stakes", m.Stakes),
    ("bring_in", m.BringIn),
    ("board", m.Board),
    ("betting", m.Betting),
    ("wild", m.Wild),
    ("pot", m.Pot),
    ("showdown", m.Showdown),
    ("#street", m.Street),
    ("#share", m.Share),
    ("#street/exchange", m.Exchange),
    ("#street/spread", m.Spread),
    ("#decision", m.Decision),
    ("blinds", m.Blinds),
    ("#event", m.Event),
    ("#trigger", m.Trigger),
    ("#event/wild_follows", m.WildFollows),
    ("#event/extra_card", m.ExtraCard),
]


def schema_object(where: str) -> dict[str, Any]:
    if where.startswith("#"):
        first, *rest = where[1:].split("/")
        node = SCHEMA["$defs"][first]
    else:
        node, rest = SCHEMA, [where] if where else []
    for key in rest:
        node = resolve(node["properties"][key])
    return node


def same(schema_default: Any, model_default: Any) -> bool:
    if isinstance(model_default, Decimal):
        return to_money(schema_default) == model_default
    if isinstance(model_default, tuple):
        return list(model_default) == schema_default
    if dataclasses.is_dataclass(model_default):
        return True  # nested objects are compared field by field on their own
    return bool(schema_default == model_default)


@pytest.mark.parametrize("where,cls", PAIRS)
def test_schema_mirrors_the_dataclass(where: str, cls: type) -> None:
    obj = schema_object(where)
    props = obj["properties"]
    fields = {f.name: f for f in dataclasses.fields(cls) if f.name not in ("document", "source")}
    assert set(fields) <= set(props), f"schema lacks {set(fields) - set(props)}"
    extra = set(props) - set(fields) - {"extends"}
    assert extra == set(), f"schema has keys the model lacks: {extra}"
    for name, f in fields.items():
        prop = resolve(props[name])
        if f.default is not dataclasses.MISSING:
            assert "default" in prop, f"{where}.{name}: no default in the schema"
            assert same(prop["default"], f.default), f"{where}.{name} default differs"
        elif f.default_factory is not dataclasses.MISSING:
            if "default" in prop:
                assert same(prop["default"], f.default_factory()), f"{where}.{name}"


CHOICES = {
    ("#street", "opener"): m.OPENER_CHOICES,
    ("#street", "big_bet_when"): m.BIG_BET_WHEN_CHOICES,
    ("betting", "structure"): m.STRUCTURE_CHOICES,
    ("betting", "uncapped_heads_up"): m.HEADS_UP_CHOICES,
    ("betting", "fold_when_check"): m.FOLD_WHEN_CHECK_CHOICES,
    ("#share", "ranking"): m.RANKING_CHOICES,
    ("#share", "cards"): m.CARDS_CHOICES,
    ("#share", "suit"): m.SUIT_CHOICES,
    ("board", "ranking"): m.BOARD_RANKING_CHOICES,
    ("board", "ties"): m.TIE_CHOICES,
    ("board", "wild"): m.WILD_BOARD_CHOICES,
    ("pot", "odd_chip_tie"): m.ODD_CHIP_TIE_CHOICES,
    ("pot", "unqualified"): m.UNQUALIFIED_CHOICES,
    ("showdown", "method"): m.SHOWDOWN_CHOICES,
    ("showdown", "declare_order"): m.DECLARE_ORDER_CHOICES,
    ("showdown", "declare_starts"): m.DECLARE_START_CHOICES,
    ("showdown", "failed_both"): m.FAILED_BOTH_CHOICES,
    ("wild", "joker"): m.JOKER_CHOICES,
    ("bring_in", "aces"): m.ACES_CHOICES,
    ("bring_in", "card"): m.CARD_CHOICES,
    ("bring_in", "all_in"): m.BRING_ALL_IN_CHOICES,
    ("#decision", "kind"): m.DECISION_CHOICES,
    ("#decision", "order"): m.DECISION_ORDER_CHOICES,
    ("#decision", "among"): m.AMONG_CHOICES,
    ("#decision", "drawn_face"): m.DRAWN_FACE_CHOICES,
    ("blinds", "heads_up"): m.BLIND_HEADS_UP_CHOICES,
    ("#street/exchange", "face"): m.EXCHANGE_FACE_CHOICES,
    ("betting", "pot_ceiling"): m.POT_CEILING_CHOICES,
    ("betting", "min_raise"): m.MIN_RAISE_CHOICES,
    ("#trigger", "face"): m.TRIGGER_FACE_CHOICES,
    ("#event/wild_follows", "previous"): m.FOLLOW_PREVIOUS_CHOICES,
    ("#event/wild_follows", "down_card"): m.FOLLOW_DOWN_CHOICES,
    ("#event", "wild_rank"): m.WILD_RANK_CHOICES,
    ("#event", "refund"): m.REFUND_CHOICES,
    ("#event", "neighbours_fold"): m.NEIGHBOURS_FOLD_CHOICES,
}


@pytest.mark.parametrize("where,key", sorted(CHOICES))
def test_enums_match_the_model_choices(where: str, key: str) -> None:
    prop = schema_object(where)["properties"][key]
    assert [c for c in prop["enum"] if c is not None] == list(CHOICES[(where, key)])


def test_share_names_follow_the_model_pattern() -> None:
    share = SCHEMA["$defs"]["share"]["properties"]
    fallback = share["fallback"]["pattern"]
    odd = SCHEMA["properties"]["pot"]["properties"]["odd_chip_share"]["pattern"]
    assert share["name"]["pattern"] == fallback == odd == m.SHARE_NAME_PATTERN


def test_the_model_rankings_are_the_rankings_table() -> None:
    from stud.hands import RANKING_NAMES

    assert m.RANKING_CHOICES == RANKING_NAMES == m.BOARD_RANKING_CHOICES


def test_list_item_enums() -> None:
    street = SCHEMA["$defs"]["street"]["properties"]
    assert street["deal"]["items"]["enum"] == list(m.DEAL_CHOICES)
    assert street["bet"]["enum"] == [*m.BET_UNIT_CHOICES, None]
    suits = SCHEMA["properties"]["bring_in"]["properties"]["suit_order"]["items"]["enum"]
    assert suits == list(m.SUIT_CHOICES)


def test_every_model_choice_tuple_is_used() -> None:
    names = {n for n in dir(m) if n.endswith("_CHOICES")}
    used = set()
    for n in names:
        if getattr(m, n) in CHOICES.values() or n in (
            "DEAL_CHOICES",
            "BET_UNIT_CHOICES",
            "SUIT_CHOICES",
        ):
            used.add(n)
    assert used == names


def test_amounts_accept_strings_and_numbers_never_requiring_floats() -> None:
    doc = dict(load_ruleset("seven-card-stud").document)
    assert schema_findings(doc) == []
    for ante in ("0.05", 1, Decimal("0.05"), "10"):
        assert schema_findings({**doc, "stakes": {**doc["stakes"], "ante": ante}}) == []
    for bad in ("0,05", "-1", "1e3", "$1", True):
        assert schema_findings({**doc, "stakes": {**doc["stakes"], "ante": bad}}), bad


def test_model_field_types_are_buildable() -> None:
    for _, cls in PAIRS:
        hints = typing.get_type_hints(cls, vars(m))
        assert hints

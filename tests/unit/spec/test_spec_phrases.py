"""Reading action phrases and legal-action lists; calls as chips added."""

from __future__ import annotations

from decimal import Decimal

import pytest
from stud.spec.phrases import (
    PhraseError,
    legal_display,
    parse_action,
    parse_options,
    split_list,
)


@pytest.mark.parametrize(
    ("text", "action", "amount"),
    [
        ("folds", "fold", None),
        ("check", "check", None),
        ("brings in", "bring_in", None),
        ("completes to 0.50", "complete", Decimal("0.50")),
        ("bets $5", "bet", Decimal("5")),
        ("raise to 20", "raise", Decimal("20")),
        ("stands pat", "stand_pat", None),
    ],
)
def test_actions(text: str, action: str, amount: Decimal | None) -> None:
    phrase = parse_action(text)
    assert (phrase.action, phrase.amount) == (action, amount)


def test_declare_exchange_and_all_in() -> None:
    assert parse_action("declares both").declare == "both"
    assert parse_action("declares badugi").declare == "badugi"  # shares have free names
    assert parse_action("exchanges 10h").cards == ("Th",)
    assert parse_action("goes all in").all_in


def test_bad_phrases_are_refused() -> None:
    for text in ("dances", "raises 2", "bets lots", "declares two ways"):
        with pytest.raises(PhraseError):
            parse_action(text)
    with pytest.raises(PhraseError):
        parse_options("fold or shout")


def test_lists_split_on_commas_or_and_but_keep_between() -> None:
    assert split_list("fold, call 2 or raise to between 4 and 7") == [
        "fold",
        "call 2",
        "raise to between 4 and 7",
    ]


def test_options_are_canonical() -> None:
    assert parse_options("raise to 1.00, fold or call 0.5") == ["call 0.50", "fold", "raise to 1"]
    assert parse_options("bet between 5 and 5") == ["bet 5"]


def test_legal_display_converts_call_totals_to_chips_added() -> None:
    legal = [
        {"action": "fold"},
        {"action": "call", "amount": "1.50"},
        {"action": "raise", "min": "2.00", "max": "2.00"},
        {"action": "bet", "amount": "4"},
        {"action": "complete", "min": "1", "max": "5"},
        {"action": "stand_pat"},
    ]
    assert legal_display(legal, bet="0.50") == [
        "bet 4",
        "call 1",
        "complete to between 1 and 5",
        "fold",
        "raise to 2",
        "stand pat",
    ]

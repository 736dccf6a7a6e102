import random
from decimal import Decimal

from stud.cards import parse_cards
from stud.engine import LegalAction
from stud.play.bots import CallingStation, RandomBot, TightBot, make_bot, strength
from stud.rules import load_ruleset

HIGH = load_ruleset("seven-card-stud")
RAZZ = load_ruleset("razz")
FACING = [
    LegalAction("fold", text="fold"),
    LegalAction("call", Decimal("0.50"), text="call 0.50"),
    LegalAction("raise", Decimal("1.00"), text="raise to 1.00"),
]


def test_strength_grades_high_and_low_hands():
    assert strength(parse_cards("2c 7d 9h"), HIGH) == 0
    assert strength(parse_cards("Qc Kd 4h"), HIGH) == 1
    assert strength(parse_cards("5c 5d 9h"), HIGH) == 2
    assert strength(parse_cards("Jc Jd 9h"), HIGH) == 3
    assert strength(parse_cards("9c 9d 9h"), HIGH) == 4
    assert strength(parse_cards("Ac 2d 3h"), RAZZ) > strength(parse_cards("Kc Qd Jh"), RAZZ)


def _me(cards: str):
    from stud.engine import PlayerView

    down, up = parse_cards(cards)[:2], parse_cards(cards)[2:]
    return PlayerView(
        1, "A", Decimal(10), Decimal(0), Decimal(0), False, False, tuple(down), tuple(up)
    )


def test_tight_folds_rags_and_raises_strength():
    bot = TightBot(random.Random(1))
    assert bot.choose(FACING, _me("2c 7d 9h"), HIGH).action == "fold"
    assert bot.choose(FACING, _me("Kc Kd 9h"), HIGH).action == "raise"
    assert bot.choose(FACING, _me("5c 5d 9h"), HIGH).action == "call"


def test_calling_station_and_random_stay_within_the_legal_actions():
    assert CallingStation().choose(FACING, _me("2c 7d 9h"), HIGH).action == "call"
    bot = RandomBot(random.Random(3))
    names = {la.action for la in FACING}
    assert {bot.choose(FACING, _me("2c 7d 9h"), HIGH).action for _ in range(50)} <= names
    check = [LegalAction("check", text="check"), LegalAction("fold", text="fold")]
    assert all(bot.choose(check, _me("2c 7d 9h"), HIGH).action == "check" for _ in range(20))


def test_unknown_bot_kind():
    import pytest

    with pytest.raises(ValueError, match="unknown bot 'shark'"):
        make_bot("shark", random.Random(0))

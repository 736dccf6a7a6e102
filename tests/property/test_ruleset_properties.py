"""Generated house rulesets either fail validation cleanly or play soundly (issue 13).

Each example writes a house file that ``extends:`` a shipped ruleset and changes a few
values, drawn from plausible house rules and from extreme ones (huge and tiny amounts,
every rank wild, no burns and no run-out, a low share alone, exchanges on every street,
decision rounds of every kind and count, split shares, nine or ten seats...).  Then either

- ``stud validate`` reports it invalid: every problem is located ``file:line:col`` in the
  house file, and the command prints no traceback; or
- it is valid, and 50 random hands with random players, stacks and actions all end, with
  chips conserved to the last unit, the awards adding up to the pot and no card dealt twice.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from stud.cli import main
from stud.engine import Hand, Seat, events
from stud.play.choices import random_cards
from stud.rules import load_ruleset, shipped_rulesets, validate_file
from stud.rules.model import Ruleset

BASES = sorted(shipped_rulesets())
HANDS = 50
MAX_STEPS = 400
RAW = "@@raw:"  # a value written into the YAML unquoted, as a host would type it

AMOUNTS = st.sampled_from(
    ["0", "0.01", "0.05", "0.25", "1", "2", "5", "10", "100", "0.5", "1000000000000"]
) | st.sampled_from(
    [
        RAW + "1e400",
        RAW + "1.0e+400",
        RAW + "123456789012345678901234567890",
        RAW + "1.0e-30",
        "0.000000000000000000000000000001",
        "-1",
        RAW + "0.333",
        "1000000000001",
    ]
)
RANKS = st.lists(st.integers(2, 14), unique=True, max_size=13) | st.sampled_from(
    [["2", "J"], ["Q"], ["T", 10], ["A", "K", 4]]
)  # numbers, letters, and a rank written twice
SHARE = st.fixed_dictionaries(
    {"name": st.sampled_from(["high", "low", "five-card", "two-card"])},
    optional={
        "ranking": st.sampled_from(["high", "ace-to-five", "ace-to-six", "two-card-high"]),
        "qualifier": st.sampled_from([None, 5, 6, 8, 13]),
        "cards": st.sampled_from(["all", "big", "small"]),
    },
)
HIGH = {"name": "high", "ranking": "high"}
PLAUSIBLE_SHARES = [
    [HIGH, {"name": "low", "ranking": "ace-to-five", "qualifier": 8}],
    [HIGH, {"name": "low", "ranking": "ace-to-six", "qualifier": 8}],
    [{"name": "high", "remove": True}, {"name": "low", "ranking": "ace-to-five", "qualifier": 8}],
    [{"name": "low", "remove": True}],
    [{"name": "low", "ranking": "ace-to-five", "qualifier": None}],
]
DECISION = st.fixed_dictionaries(
    {"kind": st.sampled_from(["discard", "expose", "draw", "split"])},
    optional={
        "count": st.integers(0, 8),
        "at_least": st.sampled_from([None, 0, 1, 3]),
        "among": st.sampled_from(["down", "up", "any"]),
        "order": st.sampled_from(["in-turn", "simultaneous"]),
        "drawn_face": st.sampled_from(["same", "down"]),
        "down_in_each": st.integers(0, 2),
        "big_beats_small": st.booleans(),
    },
)
SPLIT = {"kind": "split", "count": 2, "down_in_each": 1, "big_beats_small": True}
STREET = st.fixed_dictionaries(
    {"name": st.sampled_from(["third", "fourth", "fifth", "sixth", "seventh"])},
    optional={
        "deal": st.lists(st.sampled_from(["down", "up", "down-if-all-up", "centre"]), max_size=4),
        "decide": st.lists(DECISION, max_size=2),
        "exchange": st.sampled_from(
            [None, {"price": "0"}, {"price": "1"}, {"price": "1", "face": "down"}]
        ),
        "bet": st.sampled_from([None, "small", "big"]),
        "opener": st.sampled_from(["bring-in", "best-board", "first-left", "after-big-blind"]),
        "after": st.sampled_from(["third", "seventh", "nowhere"]),
        "deal_if_players_at_most": st.integers(2, 9),
        "big_bet_when": st.sampled_from(["never", "open-pair"]),
    },
)
WHEN = st.fixed_dictionaries(
    {},
    optional={
        "face": st.sampled_from(["up", "down", "any"]),
        "ranks": st.sampled_from([[], ["Q"], [4], [10, "K"]]),
        "cards": st.sampled_from([[], ["4c"], ["Ah", "2c"]]),
        "shown": st.sampled_from([None, 1, 2]),
    },
)
EFFECT = st.sampled_from(
    [
        {"wild_follows": {}},
        {"wild_follows": {"previous": "cleared", "down_card": "cancels"}},
        {"wild_rank": "this"},
        {"extra_card": {}},
        {"extra_card": {"most": 2, "most_from_players": 4, "face": "up"}},
        {"refund": "ante"},
        {"neighbours_fold": "unless-same-rank"},
        {},
        {"refund": "ante", "wild_rank": "this"},
    ]
)
EVENT = st.builds(
    lambda name, when, effect: {"name": name, "when": when, **effect},
    st.sampled_from(["a", "b", "follow-the-queen", "four-ball"]),
    WHEN,
    EFFECT,
)
CHANGES: dict[str, st.SearchStrategy[Any]] = {
    "stakes": st.fixed_dictionaries(
        {},
        optional={
            "chip": AMOUNTS,
            "ante": AMOUNTS,
            "bring_in": AMOUNTS | st.none(),
            "small_bet": AMOUNTS,
            "big_bet": AMOUNTS,
            "small_blind": AMOUNTS | st.none(),
            "big_blind": AMOUNTS | st.none(),
        },
    ),
    "seats": st.fixed_dictionaries(
        {}, optional={"min": st.integers(2, 10), "max": st.integers(2, 10)}
    ),
    "dealing": st.fixed_dictionaries(
        {},
        optional={k: st.booleans() for k in ("burn", "reuse_burns", "community_card")},
    ),
    "betting": st.fixed_dictionaries(
        {},
        optional={
            "structure": st.sampled_from(["fixed-limit", "pot-limit", "no-limit"]),
            "max_raises": st.sampled_from([None, 0, 1, 4, RAW + "10" * 15]),
            "reopen_fraction": st.sampled_from(["0.5", "1", "0", RAW + "1e400"]),
            "uncapped_heads_up": st.sampled_from(["in-hand", "round-start", "never"]),
            "pot_ceiling": st.sampled_from(["pot-after-call", "pot-plus-bet"]),
            "min_raise": st.sampled_from(["last-increment", "double"]),
        },
    ),
    "pot": st.fixed_dictionaries(
        {},
        optional={
            "shares": st.sampled_from(PLAUSIBLE_SHARES) | st.lists(SHARE, min_size=1, max_size=2),
            "unqualified": st.sampled_from(["best-high", "split"]),
            "odd_chip_share": st.sampled_from(["high", "low", "five-card", "two-card"]),
            "split_unit": st.sampled_from([None, "1", "0.05"]),
        },
    ),
    "wild": st.fixed_dictionaries(
        {},
        optional={
            "ranks": RANKS,
            "low_hole": st.booleans(),
            "joker": st.sampled_from(["none", "bug", "wild", "bug-up-wild-down"]),
        },
    ),
    "deck": st.fixed_dictionaries(
        {},
        optional={
            "jokers": st.integers(0, 1),
            "centre": st.sampled_from([[], ["Jk"]]),
            "stripped": st.sampled_from([[], [8, 9, 10], ["2", "3", "4", "5", "6"], [7, "T"]]),
        },
    ),
    "blinds": st.fixed_dictionaries(
        {}, optional={"heads_up": st.sampled_from(["dealer-small", "dealer-big"])}
    ),
    "events": st.lists(EVENT, max_size=3),
    "board": st.fixed_dictionaries(
        {},
        optional={
            "ranking": st.sampled_from(["high", "ace-to-five"]),
            "wild": st.sampled_from(["natural", "wild"]),
        },
    ),
    "showdown": st.fixed_dictionaries(
        {},
        optional={
            "method": st.sampled_from(["cards-speak", "declare"]),
            "declare_order": st.sampled_from(["in-turn", "simultaneous"]),
        },
    ),
    "streets": st.lists(STREET, min_size=1, max_size=3),
}


def house_text(base: str, changes: dict[str, Any]) -> str:
    """The house file: JSON is YAML; raw values are written unquoted."""
    doc = {"extends": base, **changes}
    text = json.dumps(doc, indent=1)
    while f'"{RAW}' in text:
        start = text.index(f'"{RAW}')
        end = text.index('"', start + 1)
        text = text[:start] + text[start + 1 + len(RAW) : end] + text[end + 1 :]
    return text + "\n"


def play_one(hand: Hand, rng: random.Random) -> None:
    for _ in range(MAX_STEPS):
        seat = hand.to_act
        if seat is None:
            return
        legal = hand.legal_actions()
        assert legal, f"seat {seat} is to act with nothing legal ({hand.phase})"
        a = rng.choice([a for a in legal if a.action != "fold" or rng.random() < 0.2] or legal)
        if a.action == "declare":
            hand.act(seat, "declare", declare=a.text.split()[-1])
        elif a.action == "exchange":
            view = hand.player(seat)
            hand.act(seat, "exchange", cards=[str(rng.choice(view.down + view.up))])
        elif a.cards_max is not None:  # a decision round: any legal choice of cards
            hand.act(seat, a.action, cards=random_cards(a, hand.player(seat), rng, hand.ruleset))
        elif a.amount is not None or a.min is None or a.max is None:
            hand.act(seat, a.action, a.amount)
        else:
            hand.act(seat, a.action, rng.choice((a.min, a.max)))
    raise AssertionError("the hand did not end")


def check_hands(rs: Ruleset, seed: int) -> None:
    rng = random.Random(seed)
    chip, big = rs.stakes.chip, rs.stakes.big_bet
    for k in range(HANDS):
        n = rng.randint(rs.seats.min, rs.seats.max)
        seats = [
            Seat(i + 1, f"P{i}", max(chip, big * rng.choice((1, 3, 20)), chip * rng.choice((1, 9))))
            for i in range(n)
        ]
        hand = Hand(rs, seats, dealer=rng.randint(1, n), seed=seed + k)
        play_one(hand, rng)
        result = hand.result
        assert result is not None and hand.phase == "complete"
        assert sum(a.amount for a in result.awards) == hand.pot, "awards differ from the pot"
        assert sum(v.stack for v in hand.players_view) == sum(s.stack for s in seats)
        assert all(v.stack >= 0 for v in hand.players_view)
        cards = [c for v in hand.players_view for c in v.down + v.up] + list(hand.community)
        log = hand.events
        reused = {c for e in log if isinstance(e, events.BurnsReused) for c in e.cards}
        cards += [e.card for e in log if isinstance(e, events.Burn) and e.card not in reused]
        cards += [e.given for e in log if isinstance(e, events.Exchanged)]
        cards += [c for e in log if isinstance(e, events.Discarded) for c in e.down + e.up]
        cards += [c for e in log if isinstance(e, events.Drew) for c in e.given]
        cards += [e.card for e in log if isinstance(e, events.Thrown)]
        assert len(cards) == len(set(cards)), "a card was dealt twice"


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    derandomize=True,
)
@example(  # R1: everyone may declare low and nobody hold an eight low
    base="stud-hi-lo-declare",
    changes={"pot": {"shares": PLAUSIBLE_SHARES[0]}, "seats": {"max": 3}},
    seed=1,
)
@example(  # R2: a qualified low share alone
    base="stud-hi-lo", changes={"pot": {"shares": PLAUSIBLE_SHARES[2]}}, seed=2
)
@example(  # R2 with the fate said
    base="stud-hi-lo",
    changes={"pot": {"shares": PLAUSIBLE_SHARES[2], "unqualified": "split"}},
    seed=3,
)
@example(  # R3: no burns and no run-out at eight players
    base="seven-card-stud",
    changes={"dealing": {"burn": False, "reuse_burns": True, "community_card": False}},
    seed=4,
)
@example(  # R3: exchanges on every later street
    base="english-stud",
    changes={"streets": [{"name": n, "exchange": {"price": "0"}} for n in ("fourth", "fifth")]},
    seed=5,
)
@example(  # a discard and an expose before fourth street's card, in turn and all at once
    base="seven-card-stud",
    changes={
        "streets": [
            {"name": "third", "deal": ["down"] * 4 + ["up"]},
            {
                "name": "fourth",
                "decide": [
                    {"kind": "discard", "count": 2},
                    {"kind": "expose", "order": "simultaneous"},
                ],
            },
        ]
    },
    seed=9,
)
@example(  # a draw of up to three, new cards face down, at a table the pack covers
    base="razz",
    changes={
        "seats": {"max": 4},
        "streets": [
            {
                "name": "sixth",
                "decide": [
                    {
                        "kind": "draw",
                        "count": 3,
                        "at_least": 0,
                        "among": "any",
                        "drawn_face": "down",
                    }
                ],
            }
        ],
    },
    seed=10,
)
@example(  # a split in turn, and an odd chip to the smaller hand
    base="cowpie",
    changes={
        "streets": [{"name": "split", "decide": [{**SPLIT, "order": "in-turn"}]}],
        "pot": {"odd_chip_share": "two-card"},
    },
    seed=11,
)
@example(base="seven-card-stud", changes={"stakes": {"ante": RAW + "1.0e+400"}}, seed=6)  # R4
@example(base="seven-card-stud", changes={"stakes": {"chip": RAW + "1.0e-30"}}, seed=7)  # R4
@example(  # R5: every rank wild in an ace-to-six game
    base="london-lowball", changes={"wild": {"ranks": list(range(2, 15))}}, seed=8
)
@example(  # blinds on a stud table, in pot limit, heads-up the other way round
    base="seven-card-stud",
    changes={
        "stakes": {"bring_in": None, "small_blind": "0.25", "big_blind": "0.50"},
        "streets": [{"name": "third", "opener": "after-big-blind"}],
        "betting": {"structure": "pot-limit", "pot_ceiling": "pot-plus-bet", "min_raise": "double"},
        "blinds": {"heads_up": "dealer-big"},
    },
    seed=9,
)
@example(  # every event at once, on a stripped pack with a joker by face
    base="seven-card-stud",
    changes={
        "seats": {"max": 5},
        "deck": {"stripped": [8, 9, 10], "jokers": 1},
        "wild": {"joker": "bug-up-wild-down"},
        "events": [
            {"name": "q", "when": {"ranks": ["Q"]}, "wild_follows": {}},
            {"name": "c", "when": {"shown": 2}, "wild_rank": "this"},
            {"name": "x", "when": {"ranks": [4]}, "extra_card": {"most": 2}},
            {"name": "r", "when": {"ranks": ["K"]}, "refund": "ante"},
            {"name": "n", "when": {"cards": ["4c"]}, "neighbours_fold": "unless-same-rank"},
        ],
    },
    seed=10,
)
@example(  # a community street inserted after fourth street, nine cards each
    base="seven-card-stud",
    changes={
        "seats": {"max": 4},
        "streets": [
            {"name": "flop", "deal": ["centre", "centre"], "after": "fourth"},
            {"name": "eighth", "deal": ["down", "down"], "after": "seventh"},
        ],
    },
    seed=11,
)
@given(
    base=st.sampled_from(BASES),
    changes=st.dictionaries(st.sampled_from(sorted(CHANGES)), st.just(None), max_size=4).flatmap(
        lambda keys: st.fixed_dictionaries({k: CHANGES[k] for k in keys})
    ),
    seed=st.integers(0, 2**31),
)
def test_a_generated_house_ruleset_is_refused_cleanly_or_plays_soundly(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    base: str,
    changes: dict[str, Any],
    seed: int,
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(house_text(base, changes), encoding="utf-8")
    problems = validate_file(str(path))
    status = main(["validate", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert status == (1 if problems else 0)
    if problems:
        for p in problems:
            assert p.file == str(path) and p.line >= 1 and p.column >= 1, str(p)
            assert f"{path}:{p.line}:{p.column}: " in out
        return
    check_hands(load_ruleset(str(path)), seed)

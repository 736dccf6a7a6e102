"""The PokerKit adapter: which rulesets it refuses, and hands it plays like the reference."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pokerkit = pytest.importorskip("pokerkit")
ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # the adapters live beside the package, not inside it
    sys.path.insert(0, str(ROOT))

from pokerkit import BettingStructure, Opening  # noqa: E402
from stud.errors import UnsupportedError  # noqa: E402
from stud.protocol.client import SubprocessEngine  # noqa: E402
from stud.protocol.server import ReferenceHandler  # noqa: E402
from stud.protocol.transport import LoopbackTransport  # noqa: E402
from stud.rules import load_ruleset  # noqa: E402
from stud.spec.checks import judge_shown  # noqa: E402

from adapters.pokerkit.compat import plan  # noqa: E402
from adapters.pokerkit.server import PokerKitHandler  # noqa: E402

SEATS = [
    {"seat": 1, "name": "Ann", "stack": "20"},
    {"seat": 2, "name": "Bob", "stack": "20"},
    {"seat": 3, "name": "Cat", "stack": "20"},
]


def pokerkit_game_streets(game: type) -> tuple:
    """The street table of one of PokerKit's own stud games (ante 5, bring-in 10, 50/100)."""
    return game.create_state((), True, 5, 10, 50, 100, (2000,) * 3, 3).streets


@pytest.mark.parametrize(
    ("ruleset", "game"),
    [
        ("seven-card-stud", pokerkit.FixedLimitSevenCardStud),
        ("stud-hi-lo", pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter),
        ("razz", pokerkit.FixedLimitRazz),
    ],
)
def test_the_casino_rulesets_build_pokerkits_own_stud_games(ruleset: str, game: type) -> None:
    """The generic State the adapter builds for the casino rulesets has exactly the streets
    and hand types of PokerKit's ready-made game."""
    played = plan(load_ruleset(ruleset))
    assert played.pokerkit_streets(3) == pokerkit_game_streets(game)
    assert played.hand_types == game.hand_types
    assert (played.ante, played.bring_in, played.structure) == (5, 10, BettingStructure.FIXED_LIMIT)


def test_other_pot_shares_and_caps_use_pokerkits_hand_types_and_street_cap() -> None:
    any_low = plan(load_ruleset("stud-hi-lo-any-low"))
    assert any_low.hand_types == (pokerkit.StandardHighHand, pokerkit.RegularLowHand)
    four = plan(load_ruleset("seven-card-stud", {"betting.max_raises": 4}))
    assert {s.max_completion_betting_or_raising_count for s in four.pokerkit_streets(3)} == {5}
    uncapped = plan(load_ruleset("seven-card-stud", {"betting.max_raises": None}))
    assert {s.max_completion_betting_or_raising_count for s in uncapped.pokerkit_streets(3)} == {
        None
    }


def test_the_home_game_opens_by_the_best_upcard_without_a_bring_in() -> None:
    home = plan(load_ruleset("seven-card-stud-home"))
    assert home.bring_in == 0 and home.ante == 25
    streets = home.pokerkit_streets(3)
    assert [s.opening for s in streets] == [Opening.HIGH_HAND] * 5
    assert [s.min_completion_betting_or_raising_amount for s in streets] == [50] * 5
    # third street ties by position (PokerKit's own rule), later streets by suit: checked
    assert [s.ties_by_suit for s in home.streets] == [False, True, True, True, True]
    assert [s.open_pair for s in home.streets] == [False, True, True, True, True]
    no_burn = plan(load_ruleset("seven-card-stud-home-no-burn")).pokerkit_streets(3)
    assert not any(s.card_burning_status for s in no_burn)
    assert [s.card_burning_status for s in streets] == [False, True, True, True, True]


def test_pot_limit_is_pokerkits_pot_limit_when_the_bring_in_is_below_the_bet() -> None:
    pot = plan(load_ruleset("pot-limit-stud", {"stakes.small_bet": 2, "stakes.big_bet": 2}))
    assert pot.structure is BettingStructure.POT_LIMIT and pot.cap is None
    with pytest.raises(UnsupportedError) as refused:  # bring-in 1 = small bet 1
        plan(load_ruleset("pot-limit-stud"))
    assert "stakes.bring_in = '1'" in str(refused.value)
    assert refused.value.values == []  # nothing PokerKit could play instead
    no_limit = plan(
        load_ruleset(
            "seven-card-stud",
            {"betting.structure": "no-limit", "streets.fourth.big_bet_when": "never"},
        )
    )
    assert no_limit.structure is BettingStructure.NO_LIMIT


def test_a_street_dealt_only_to_few_players_is_left_out_of_larger_tables() -> None:
    ruleset = load_ruleset("seven-card-stud", {"streets.seventh.deal_if_players_at_most": 5})
    played = plan(ruleset)
    assert [s.name for s in played.played(5)][-1] == "seventh"
    assert [s.name for s in played.played(6)][-1] == "sixth"
    assert len(played.pokerkit_streets(6)) == 4


@pytest.mark.parametrize(
    ("ruleset", "overrides", "named"),
    [
        ("stud-hi-lo-declare", None, ["showdown.method = 'declare'"]),
        ("london-lowball", None, ["pot.shares", "board.ranking"]),
        ("spread-limit-stud", None, ["betting.structure = 'spread-limit'"]),
        ("english-stud", None, ["streets = ", "no exchange"]),
        ("stud-hi-lo-split-unit", None, ["pot.split_unit"]),
        ("seven-card-stud", {"pot.odd_chip_tie": "high-card"}, ["pot.odd_chip_tie"]),
        ("seven-card-stud", {"betting.fold_when_check": "allowed"}, ["fold_when_check"]),
        ("seven-card-stud", {"bring_in.aces": "low"}, ["bring_in.aces"]),
        (
            "stud-hi-lo",
            {
                "pot.shares": [{"name": "low", "ranking": "ace-to-five", "qualifier": 8}],
                "pot.unqualified": "best-high",
            },
            ["pot.shares", "no rule for a pot no hand qualifies for"],
        ),
        ("wild-card-stud", None, ["wild.ranks"]),
    ],
)
def test_values_pokerkit_cannot_honour_are_named(
    ruleset: str, overrides: dict | None, named: list[str]
) -> None:
    with pytest.raises(UnsupportedError) as refused:
        plan(load_ruleset(ruleset, overrides))
    for value in named:
        assert value in str(refused.value)
    # each value named comes with what PokerKit plays instead (protocol error.values)
    assert refused.value.values
    assert all({"path", "wanted", "plays"} <= set(v) for v in refused.value.values)


def test_english_stud_is_refused_with_its_streets_less_the_exchanges() -> None:
    with pytest.raises(UnsupportedError) as refused:
        plan(load_ruleset("english-stud"))
    (value,) = refused.value.values
    assert value["path"] == "streets"
    names = [s["name"] for s in value["plays"]]
    assert names == ["third", "fourth", "fifth", "sixth", "seventh"]  # "final" deals nothing
    assert all(s["exchange"] is None for s in value["plays"])
    assert plan(load_ruleset("english-stud", {"streets": value["plays"]})).played(6)[-1].name == (
        "sixth"
    )


def test_the_values_pokerkit_plays_are_declared_and_refused_with_their_paths() -> None:
    handler = PokerKitHandler()
    assert handler.handle({"id": 0, "op": "hello"})["profile"] == {
        "board.ties": "position",
        "streets.fourth.big_bet_when": "never",
        "betting.uncapped_heads_up": "never",
    }
    assert "profile" not in PokerKitHandler(lenient=True).handle({"id": 0, "op": "hello"})
    reply = handler.handle(new_hand("seven-card-stud", "", {"pot.odd_chip_tie": "high-card"}))
    assert reply["error"]["code"] == "unsupported"
    assert reply["error"]["values"] == [
        {"path": "pot.odd_chip_tie", "wanted": "high-card", "plays": "position"}
    ]
    spread = handler.handle(new_hand("spread-limit-stud", ""))["error"]["values"]
    assert {"path": "betting.structure", "wanted": "spread-limit", "plays": "fixed-limit"} in (
        spread
    )


def new_hand(ruleset: str, deck: str, overrides: dict | None = None) -> dict:
    return {
        "id": 1,
        "op": "new_hand",
        "ruleset": dict(load_ruleset(ruleset, overrides).document),
        "seats": SEATS,
        "dealer": 3,
        "deck": deck.split(),
    }


def comparable(state: dict) -> dict:
    """A state without the seats eligible for each pot mid-round: the reference lists only
    the seats level with the top bet there (reported to its owner), PokerKit all live seats.
    The optional ``declarations`` (declare games, which the adapter does not play) is left out."""
    plain = {k: v for k, v in state.items() if k != "declarations"}
    return dict(plain, pots=[p["amount"] for p in state["pots"]])


def shown(result: dict, state: dict, ruleset: str) -> dict:
    """A result with the hands shown as the spec judges them: the reference's name of the
    five cards shown and whether they are a best five of the seat's cards (among equal
    cards the reference and PokerKit may pick different ones; PokerKit words names its
    own way)."""
    document = dict(load_ruleset(ruleset).document)
    seats = {s["seat"]: s for s in state["seats"]}
    hands = [
        (h["seat"], h["share"], judge_shown(document, seats[h["seat"]], [], h["share"], h["cards"]))
        for h in result["hands"]
    ]
    return dict(result, hands=hands)


def play_both(request: dict, bets_on: tuple[str, ...]) -> tuple[dict, dict]:
    """The same hand on the reference and on PokerKit, checking and calling except for one
    bet on each street of ``bets_on``; the states must agree at every step."""
    ref, pk = ReferenceHandler(), PokerKitHandler()
    a, b = ref.handle(request), pk.handle(request)
    bet_streets: set[str] = set()
    while a["state"]["to_act"] is not None:
        state = a["state"]
        assert comparable(b["state"]) == comparable(state)
        offered = {item["action"]: item for item in state["legal"]}
        if state["street"] in bets_on and state["street"] not in bet_streets and "bet" in offered:
            choice = offered["bet"]
            bet_streets.add(state["street"])
        else:
            choice = next(offered[k] for k in ("check", "call", "bring_in") if k in offered)
        step = {"id": 2, "op": "act", "seat": state["to_act"], "action": choice["action"]}
        if choice.get("amount") or choice.get("max"):
            step["amount"] = choice.get("amount") or choice["max"]  # a range: the most
        a, b = ref.handle(step), pk.handle(step)
        assert a["ok"] and b["ok"], (a, b)
    return a["state"], b["state"]


SHUFFLED = "Ad 4d Jd 7h 2h Jh 6s 4s Ts 3d 9d As Qs 5s 7s Kh Ks 7d Qc Js 5c Ah Tc 7c 8d 8h Th"
OTHER = "9c 5c Kd Qd Jh 3s 3d Jc 2d Ad Td 2c 3c Ts 7c 5h As 9d Th Kc Js 4s Qh 6d 5s 4h 7d 8s"


@pytest.mark.parametrize(
    ("ruleset", "overrides", "deck"),
    [
        # Ann Ah Kd | 9c 7d 5h 7s | 2c ; Bob Qs Qd | 2h 4d 7h 8s | 3c ; Cat Jc Td | 8c 3s Ts Jh | 4c
        (
            "seven-card-stud",
            None,
            "Ah Qs Jc Kd Qd Td 9c 2h 8c 6d 7d 4d 3s 6h 5h 7h Ts 6s 7s 8s Jh 6c 2c 3c",
        ),
        # Ann Kd Kc | Qd Qc Js Jh | As: high; Bob 2h 3h | 4s 5d 7c Tc | Ts: low; Cat neither
        (
            "stud-hi-lo",
            None,
            "Kd 2h Jc Kc 3h Td Qd 4s 9h 6d Qc 5d 9c 6h Js 7c 8h 6s Jh Tc 8d 6c As Ts 2c",
        ),
        (
            "razz",
            None,
            "Kd 2h Jc Kc 3h Td Qd 4s 9h 6d Qc 5d 9c 6h Js 7c 8h 6s Jh Tc 8d 6c As Ts 2c",
        ),
        # built from the ruleset: no bring-in (the best door card opens and checks), small
        # bets throughout; without burns; pot limit; a street table cut for the table size
        ("seven-card-stud-home", None, SHUFFLED),
        ("seven-card-stud-home-no-burn", None, "5s 9d 4d 7d 3c 3h As 8h 7h 8c 4c Th Jc 6h Qc"),
        ("seven-card-stud", {"dealing.burn": False}, SHUFFLED),
        ("pot-limit-stud", {"stakes.small_bet": 2, "stakes.big_bet": 2}, OTHER),
        ("seven-card-stud", {"streets.seventh.deal_if_players_at_most": 2}, OTHER),
    ],
)
def test_a_hand_to_showdown_matches_the_reference(
    ruleset: str, overrides: dict | None, deck: str
) -> None:
    ref, pk = play_both(new_hand(ruleset, deck, overrides), ("third", "fifth", "seventh"))
    ref = {k: v for k, v in ref.items() if k != "declarations"}  # optional; not in the adapter
    assert dict(pk, result=shown(pk["result"], pk, ruleset)) == dict(
        ref, result=shown(ref["result"], ref, ruleset)
    )
    assert all(best for _, _, (_, best) in shown(pk["result"], pk, ruleset)["hands"])
    assert pk["result"]["showdown"] and pk["result"]["awards"]


def test_the_home_game_opener_may_check_and_the_first_of_equal_door_cards_opens() -> None:
    # door cards: Ann Kd, Bob Kh, Cat 7c: equal kings, the first from the dealer's left opens
    deck = "2c 2d 2h 3c 3d 3h Kd Kh 7c"
    handler = PokerKitHandler()
    state = handler.handle(new_hand("seven-card-stud-home", deck))["state"]
    assert state["to_act"] == 1 and state["pot"] == "0.75"
    assert state["legal"] == [{"action": "check"}, {"action": "bet", "amount": "0.50"}]


def test_an_open_pair_on_a_home_game_street_is_refused_with_its_path() -> None:
    # fourth street: Ann Kd Ks shows a pair; the home game lets anyone bet big there
    deck = "2c 2d 2h 3c 3d 3h Kd 9h 7c 4c Ks 5d 6c"
    handler = PokerKitHandler()
    handler.handle(new_hand("seven-card-stud-home", deck))
    for seat in (1, 2):
        handler.handle({"id": 2, "op": "act", "seat": seat, "action": "check"})
    refused = handler.handle({"id": 3, "op": "act", "seat": 3, "action": "check"})
    assert refused["error"]["values"] == [
        {"path": "streets.fourth.big_bet_when", "wanted": "open-pair", "plays": "never"}
    ]
    assert handler.handle({"id": 4, "op": "state"})["state"]["street"] == "third"


def test_a_board_tie_broken_by_suit_is_refused_and_the_state_restored() -> None:
    # fourth street: Ann Ah Ks, Bob 9c 5d, Cat As Kc: Cat's ace of spades should act first
    deck = "2c 2d 2h 3c 3d 3h Ah 9c As 4c Ks 5d Kc"
    handler = PokerKitHandler()
    state = handler.handle(new_hand("seven-card-stud", deck))["state"]
    assert state["to_act"] == 2  # 9c brings in
    handler.handle({"id": 2, "op": "act", "seat": 2, "action": "bring_in", "amount": "0.10"})
    handler.handle({"id": 3, "op": "act", "seat": 3, "action": "call", "amount": "0.10"})
    before = handler.handle({"id": 4, "op": "state"})["state"]
    refused = handler.handle({"id": 5, "op": "act", "seat": 1, "action": "call", "amount": "0.10"})
    assert refused["error"]["code"] == "unsupported"
    assert "board.ties = 'suit'" in refused["error"]["message"]
    assert refused["error"]["values"] == [
        {"path": "board.ties", "wanted": "suit", "plays": "position"}
    ]
    assert handler.handle({"id": 6, "op": "state"})["state"] == before
    lenient = PokerKitHandler(lenient=True)
    lenient.handle(new_hand("seven-card-stud", deck))
    for step in ((2, "bring_in", "0.10"), (3, "call", "0.10"), (1, "call", "0.10")):
        reply = lenient.handle(
            {"id": 7, "op": "act", "seat": step[0], "action": step[1], "amount": step[2]}
        )
    assert reply["state"]["to_act"] == 1  # PokerKit's own rule: the first tied seat


def test_illegal_actions_are_refused_with_the_legal_list() -> None:
    handler = PokerKitHandler()
    handler.handle(new_hand("seven-card-stud", "2c 2d 2h 3c 3d 3h Ah 9c As"))
    reply = handler.handle({"id": 2, "op": "act", "seat": 2, "action": "check"})
    assert reply["error"]["code"] == "illegal_action"
    assert reply["error"]["legal"] == [
        {"action": "bring_in", "amount": "0.10"},
        {"action": "complete", "amount": "0.50"},
    ]
    wrong_seat = handler.handle({"id": 3, "op": "act", "seat": 1, "action": "fold"})
    assert "not seat 1's turn" in wrong_seat["error"]["message"]


def test_evaluate_ranks_with_pokerkit() -> None:
    handler = PokerKitHandler()
    reply = handler.handle(
        {
            "id": 1,
            "op": "evaluate",
            "ranking": "ace-to-five",
            "hands": [
                ["As", "2d", "3h", "4c", "5s", "Kd", "Kh"],
                ["Ah", "2s", "3d", "4h", "6c"],
                ["Ac", "2h", "3c", "4s", "5d"],
            ],
        }
    )
    assert [r["rank"] for r in reply["results"]] == [1, 3, 1]
    assert reply["results"][0]["name"] == handler_name("ace-to-five", "As 2d 3h 4c 5s")
    six = handler.handle(
        {
            "id": 2,
            "op": "evaluate",
            "ranking": "ace-to-six",
            "hands": [["As", "2d", "3h", "4c", "5s"]],
        }
    )
    assert six["error"]["code"] == "unsupported"


def test_evaluate_eight_or_better_is_pokerkits_and_ranks_like_the_reference() -> None:
    request = {
        "id": 1,
        "op": "evaluate",
        "ranking": "ace-to-five",
        "qualifier": 8,
        "hands": [
            ["9h", "7c", "6d", "4s", "3c", "2h", "Kd"],  # seven-six low
            ["9h", "7c", "6d", "4s", "3c"],  # a nine: no low
            ["Ah", "2s", "3d", "4h", "Kc", "Kd", "Qs"],  # four low cards: no low
            ["8c", "7d", "5h", "3s", "As"],  # eight-seven low
            ["Kc", "Kd", "Qs", "Qh", "Jc"],
        ],
    }
    pk, ref = PokerKitHandler().handle(request), ReferenceHandler().handle(request)
    assert pk["results"] == ref["results"]
    assert [r.get("qualifies", True) for r in pk["results"]] == [True, False, False, True, False]
    for refused in ({"qualifier": 7}, {"wild": [2]}):  # no such PokerKit hand type
        reply = PokerKitHandler().handle(dict(request, **refused))
        assert reply["error"]["code"] == "unsupported", reply


def handler_name(ranking: str, cards: str) -> str:
    from stud.cards import parse_cards
    from stud.hands import evaluate

    value = evaluate(parse_cards(cards), ranking)
    assert value is not None
    return value.name


def test_the_server_runs_as_a_script_and_speaks_the_protocol() -> None:
    script = ROOT / "adapters" / "pokerkit" / "server.py"
    with SubprocessEngine([sys.executable, str(script)], timeout=20) as engine:
        assert engine.hello()["engine"]["name"] == "pokerkit"
        request = new_hand("razz", "Kc Jc Js Qd Td Th 6c 6d 9d")
        state = engine.new_hand(request["ruleset"], SEATS, 3, request["deck"])
        assert state["to_act"] == 3  # razz: the highest door card (9d) brings in


def test_the_findings_script_still_reproduces_every_deviation() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "adapters" / "pokerkit" / "findings.py")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("\n") == 12


def test_a_mock_transport_carries_the_handler_in_memory() -> None:
    handler = PokerKitHandler()
    client = SubprocessEngine(
        "unused", transport_factory=lambda: LoopbackTransport(handler.handle_line)
    )
    assert client.hello()["features"] == ["evaluate", "evaluate-options", "hi-lo", "table"]


def test_the_next_hand_carries_the_stacks_and_moves_the_button_like_the_reference() -> None:
    deck = "Ah Qs Jc Kd Qd Td 9c 2h 8c 6d 7d 4d 3s 6h 5h 7h Ts 6s 7s 8s Jh 6c 2c 3c"
    ref, pk = ReferenceHandler(), PokerKitHandler()
    for handler in (ref, pk):
        assert "table" in handler.handle({"id": 0, "op": "hello"})["features"]
        refused = handler.handle({"id": 1, "op": "next_hand", "deck": []})
        assert refused["error"]["code"] == "no_hand"
    for handler in (ref, pk):
        state = handler.handle(new_hand("seven-card-stud", deck))["state"]
        assert handler.handle({"id": 2, "op": "next_hand", "deck": []})["error"]["code"] == (
            "bad_request"
        )
        while state["to_act"] is not None:
            offered = {item["action"]: item for item in state["legal"]}
            choice = next(offered[k] for k in ("check", "call", "bring_in") if k in offered)
            step = {"id": 3, "op": "act", "seat": state["to_act"], "action": choice["action"]}
            state = handler.handle(step)["state"]
    a = ref.handle({"id": 4, "op": "next_hand", "deck": deck.split()})
    b = pk.handle({"id": 4, "op": "next_hand", "deck": deck.split()})
    assert a["ok"] and b["ok"], (a, b)
    assert a["state"]["dealer"] == b["state"]["dealer"] == 1
    assert comparable(a["state"]) == comparable(b["state"])


def test_a_hand_won_by_folds_reports_the_pot_pokerkit_pushed() -> None:
    """PokerKit never collects the last bet when everyone folds to it and hands it back
    whole: the adapter reports the pot PokerKit pushed (antes and bring-in), not a return
    of the loser's bring-in; the final stacks agree with the reference."""
    request = new_hand("seven-card-stud", "As Qs 7s Kd Qd 7d 2c 9h Jc")
    states = []
    for handler in (ReferenceHandler(), PokerKitHandler()):
        handler.handle(request)
        handler.handle({"id": 2, "op": "act", "seat": 1, "action": "bring_in"})
        step = {"id": 3, "op": "act", "seat": 2, "action": "complete", "amount": "0.50"}
        handler.handle(step)
        handler.handle({"id": 4, "op": "act", "seat": 3, "action": "fold"})
        states.append(handler.handle({"id": 5, "op": "act", "seat": 1, "action": "fold"}))
    ref, pk = (s["state"] for s in states)
    assert (ref["pot"], pk["pot"]) == ("0.35", "0.25")
    assert [a["amount"] for a in pk["result"]["awards"]] == ["0.25"]
    assert [s["stack"] for s in pk["seats"]] == [s["stack"] for s in ref["seats"]]

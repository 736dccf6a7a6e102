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


def test_the_three_pokerkit_games_are_chosen_by_the_pot_shares() -> None:
    assert plan(load_ruleset("seven-card-stud")).game is pokerkit.FixedLimitSevenCardStud
    assert (
        plan(load_ruleset("stud-hi-lo")).game
        is pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter
    )
    any_low = plan(load_ruleset("stud-hi-lo-any-low")).game
    assert issubclass(any_low, pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter)
    assert any_low.hand_types == (pokerkit.StandardHighHand, pokerkit.RegularLowHand)
    razz = plan(load_ruleset("razz"))
    assert razz.game is pokerkit.FixedLimitRazz and razz.low
    four = plan(load_ruleset("seven-card-stud", {"betting.max_raises": 4})).game
    assert issubclass(four, pokerkit.FixedLimitSevenCardStud)
    assert four.max_completion_betting_or_raising_count == 5


@pytest.mark.parametrize(
    ("ruleset", "overrides", "named"),
    [
        ("stud-hi-lo-declare", None, ["showdown.method = 'declare'"]),
        ("london-lowball", None, ["pot.shares"]),
        ("pot-limit-stud", None, ["betting.structure = 'pot-limit'"]),
        ("seven-card-stud", {"dealing.burn": False}, ["dealing.burn = False"]),
        ("stud-hi-lo-split-unit", None, ["pot.split_unit"]),
        ("seven-card-stud", {"pot.odd_chip_tie": "high-card"}, ["pot.odd_chip_tie"]),
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


def test_the_values_pokerkit_plays_are_declared_and_refused_with_their_paths() -> None:
    handler = PokerKitHandler()
    assert handler.handle({"id": 0, "op": "hello"})["profile"] == {
        "board.ties": "position",
        "streets.fourth.big_bet_when": "never",
        "betting.uncapped_heads_up": "never",
    }
    assert "profile" not in PokerKitHandler(lenient=True).handle({"id": 0, "op": "hello"})
    reply = handler.handle(new_hand("seven-card-stud", "", {"dealing.burn": False}))
    assert reply["error"]["code"] == "unsupported"
    assert reply["error"]["values"] == [{"path": "dealing.burn", "wanted": False, "plays": True}]
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
        if choice.get("amount"):
            step["amount"] = choice["amount"]
        a, b = ref.handle(step), pk.handle(step)
        assert a["ok"] and b["ok"], (a, b)
    return a["state"], b["state"]


@pytest.mark.parametrize(
    ("ruleset", "deck"),
    [
        # Ann Ah Kd | 9c 7d 5h 7s | 2c ; Bob Qs Qd | 2h 4d 7h 8s | 3c ; Cat Jc Td | 8c 3s Ts Jh | 4c
        (
            "seven-card-stud",
            "Ah Qs Jc Kd Qd Td 9c 2h 8c 6d 7d 4d 3s 6h 5h 7h Ts 6s 7s 8s Jh 6c 2c 3c",
        ),
        # Ann Kd Kc | Qd Qc Js Jh | As: high; Bob 2h 3h | 4s 5d 7c Tc | Ts: low; Cat neither
        (
            "stud-hi-lo",
            "Kd 2h Jc Kc 3h Td Qd 4s 9h 6d Qc 5d 9c 6h Js 7c 8h 6s Jh Tc 8d 6c As Ts 2c",
        ),
        ("razz", "Kd 2h Jc Kc 3h Td Qd 4s 9h 6d Qc 5d 9c 6h Js 7c 8h 6s Jh Tc 8d 6c As Ts 2c"),
    ],
)
def test_a_hand_to_showdown_matches_the_reference(ruleset: str, deck: str) -> None:
    ref, pk = play_both(new_hand(ruleset, deck), ("third", "fifth", "seventh"))
    ref = {k: v for k, v in ref.items() if k != "declarations"}  # optional; not in the adapter
    assert dict(pk, result=shown(pk["result"], pk, ruleset)) == dict(
        ref, result=shown(ref["result"], ref, ruleset)
    )
    assert all(best for _, _, (_, best) in shown(pk["result"], pk, ruleset)["hands"])
    assert pk["result"]["showdown"] and pk["result"]["awards"]


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
    assert done.stdout.count("\n") == 8


def test_a_mock_transport_carries_the_handler_in_memory() -> None:
    handler = PokerKitHandler()
    client = SubprocessEngine(
        "unused", transport_factory=lambda: LoopbackTransport(handler.handle_line)
    )
    assert client.hello()["features"] == ["evaluate", "hi-lo", "table"]


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

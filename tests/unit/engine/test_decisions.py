"""Decision rounds in the engine: discard, expose, draw, split; in turn and simultaneous;
refusals change nothing; histories replay; boards and bring-ins read cards turned up."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
from enginekit import legal, passive, ruleset, seats
from stud.cards import parse_cards
from stud.engine import Hand, events, replay, state_json
from stud.errors import IllegalAction


def cards(text: str) -> list[str]:
    return text.split()


def hand(
    name: str, deck: str, players: int = 3, dealer: int | None = None, **rules: object
) -> Hand:
    rs = ruleset(name, **rules)
    return Hand(rs, seats(*[20] * players), dealer=dealer or players, deck=parse_cards(deck))


def to_decision(h: Hand) -> None:
    """Bring in, call or check until a decision round (or the end)."""
    while h.to_act is not None and h.phase == "betting":
        names = [a.action for a in h.legal_actions()]
        h.act(h.to_act, next(n for n in ("bring_in", "check", "call") if n in names))


# super stud deals four down and one up to three players: Ann, Bob, Cat in deal order
SUPER = "As Qs 8s Kd Jd 8h 7c Qd 5d 2h 3h 6c 9s 4h Ks  2c  9d Kh 2d"


def test_a_discard_in_turn_throws_cards_for_good_and_says_how_many_of_which() -> None:
    h = hand("super-stud", SUPER)
    to_decision(h)
    assert (h.phase, h.street, h.to_act) == ("discard", "fourth", 1)
    (la,) = h.legal_actions()
    assert (la.action, la.cards_min, la.cards_max) == ("discard", 2, 2)
    assert [str(c) for c in la.choices] == cards("As Kd 7c 2h")
    assert str(la) == "discard 2 of As Kd 7c 2h"
    entry = state_json(h)["legal"][0]
    assert entry == {
        "action": "discard",
        "cards_min": 2,
        "cards_max": 2,
        "choices": cards("As Kd 7c 2h"),
    }
    h.act(1, "discard", cards=["Kd", "7c"])
    assert [str(c) for c in h.player(1).down] == cards("As 2h")
    thrown = [e for e in h.events if isinstance(e, events.Discarded)]
    assert [(e.seat, [str(c) for c in e.down], e.up) for e in thrown] == [(1, ["Kd", "7c"], ())]
    assert h.to_act == 2 and h.phase == "discard"
    h.act(2, "discard", cards=["Qs", "Qd"])
    h.act(3, "discard", cards=["8s", "8h"])
    assert h.phase == "betting" and len(h.player(3).up) == 2


@pytest.mark.parametrize(
    "seat,chosen",
    [
        (1, ["Kd"]),
        (1, ["Kd", "7c", "2h"]),
        (1, ["9s", "Kd"]),
        (1, ["Kd", "Kd"]),
        (2, ["Qs", "Qd"]),
        (1, ["Zz", "Kd"]),
        (1, []),
    ],
)
def test_an_illegal_discard_is_refused_with_the_legal_choice_and_changes_nothing(
    seat: int, chosen: list[str]
) -> None:
    h = hand("super-stud", SUPER)
    to_decision(h)
    before = (json.dumps(state_json(h)), len(h.events), len(h.actions))
    with pytest.raises(IllegalAction) as refused:
        h.act(seat, "discard", cards=chosen)
    assert refused.value.legal == ["discard 2 of As Kd 7c 2h"]
    assert (json.dumps(state_json(h)), len(h.events), len(h.actions)) == before


def test_a_betting_action_in_a_decision_round_is_refused() -> None:
    h = hand("super-stud", SUPER)
    to_decision(h)
    with pytest.raises(IllegalAction, match="not an action in the discard phase"):
        h.act(1, "check")


def test_simultaneous_choices_stay_hidden_until_the_last_then_all_are_carried_out() -> None:
    h = hand(
        "super-stud",
        SUPER,
        streets__fourth__decide=[{"kind": "discard", "count": 2, "order": "simultaneous"}],
    )
    to_decision(h)
    h.act(3, "discard", cards=["8s", "8h"])  # out of turn: anyone still to choose may
    assert len(h.player(3).down) == 4 and h.to_act == 1
    assert [type(e) for e in h.events[-1:]] == [events.Chose]
    with pytest.raises(IllegalAction, match="nothing to choose"):
        h.act(3, "discard", cards=["5d", "6c"])
    h.act(1, "discard", cards=["Kd", "7c"])
    assert len(h.player(1).down) == 4
    h.act(2, "discard", cards=["Qs", "Qd"])
    assert [len(h.player(s).down) for s in (1, 2, 3)] == [2, 2, 2]
    thrown = [e.seat for e in h.events if isinstance(e, events.Discarded)]
    assert thrown == [1, 2, 3]  # carried out clockwise from the dealer's left


def test_an_expose_turns_down_cards_up_and_the_board_reads_them() -> None:
    h = hand("7-card-flip", "As Qs 8s Kd Jd 8h 7c Qd 5d 2h 3h 6c")
    assert h.phase == "expose" and legal(h) == ["expose 2 of As Kd 7c 2h"]
    h.act(1, "expose", cards=["7c", "2h"])
    h.act(2, "expose", cards=["Qs", "Qd"])
    h.act(3, "expose", cards=["8s", "8h"])
    assert [str(c) for c in h.player(2).up] == cards("Qs Qd")
    # the bring-in is the highest card showing, whichever card of the two it is
    assert h.to_act == 2 and h.legal_actions()[0].action == "bring_in"


def test_roll_your_own_deals_face_down_only_to_a_player_showing_every_card() -> None:
    deck = "Kd As Qh 9c 4d Js  2c  7h 5c Td"
    h = hand("mexican-stud", deck)
    to_decision(h)
    assert h.phase == "expose" and legal(h) == ["expose 0..1 of Kd"]
    h.act(1, "expose", cards=["Kd"])
    h.act(2, "expose", cards=[])
    h.act(3, "expose", cards=[])
    assert [str(c) for c in h.player(1).down] == ["7h"]
    assert [str(c) for c in h.player(2).up] == cards("4d 5c")
    assert [str(c) for c in h.player(3).up] == cards("Js Td")


def test_a_player_with_nothing_to_choose_is_not_asked() -> None:
    rs = ruleset("mexican-stud", streets__second__deal=["up", "up"])
    h = Hand(rs, seats(20, 20), dealer=2, deck=parse_cards("Kd As Qh 9c"))
    while h.street == "second":
        names = [a.action for a in h.legal_actions()]
        h.act(h.to_act, next(n for n in ("bring_in", "check", "call") if n in names))
    # nobody held a hole card to turn up: third street went straight to its deal
    assert (h.street, h.phase) == ("third", "betting")
    assert [len(h.player(s).down) for s in (1, 2)] == [1, 1]
    assert not any(isinstance(e, events.Exposed) for e in h.events)


def test_a_draw_replaces_cards_from_the_stub_face_as_thrown_or_down() -> None:
    draw = [{"kind": "draw", "count": 2, "at_least": 0, "among": "any"}]
    deck = "Kd Ac 9c 3d  2c  9h 4s  2d  5d Ah  Ks 2h  3c  3h 7c"
    h = hand("five-card-stud", deck, players=2, streets__fifth__decide=draw)
    to_decision(h)
    assert h.phase == "draw" and legal(h) == ["draw 0..2 of Kd 9c 9h 5d"]
    h.act(1, "draw", cards=["Kd", "5d"])
    assert [str(c) for c in h.player(1).down] == ["Ks"]
    assert [str(c) for c in h.player(1).up] == cards("9c 9h 2h")
    (drew,) = [e for e in h.events if isinstance(e, events.Drew)]
    assert [str(c) for c in drew.down + drew.up] == cards("Ks 2h")
    h.act(2, "draw", cards=[])
    assert h.phase == "betting"
    down = [{**draw[0], "drawn_face": "down"}]
    h = hand("five-card-stud", deck, players=2, streets__fifth__decide=down)
    to_decision(h)
    h.act(1, "draw", cards=["5d"])
    assert [str(c) for c in h.player(1).down] == cards("Kd Ks")
    assert [str(c) for c in h.player(1).up] == cards("9c 9h")


COWPIE = "As Kd Qd Ah Kc Qs 2c 3s Th  4c  7d 8h Tc  5c  9s Ks 2d  6c  Jc 5h 3d  7c  4h 6d 8c"


def test_a_split_keeps_the_smaller_hand_for_the_showdown_and_pays_each_share() -> None:
    h = hand("cowpie", COWPIE)
    while h.phase != "split":
        to_decision(h)
    la = h.legal_actions()[0]
    assert (la.action, la.cards_min, la.cards_max, len(la.choices)) == ("split", 2, 2, 7)
    for seat, small, why in (
        (1, ["As", "Ah"], "must outrank"),
        (1, ["Jc", "9s"], "face-down card"),
        (1, ["As"], "exactly 2"),
    ):
        with pytest.raises(IllegalAction, match=why):
            h.act(seat, "split", cards=small)
    h.act(1, "split", cards=["As", "2c"])
    assert "split" not in state_json(h)["seats"][0]  # hidden until everyone has split
    h.act(2, "split", cards=["6d", "5h"])
    h.act(3, "split", cards=["8c", "Th"])
    assert state_json(h)["seats"][0]["split"] == ["As", "2c"]
    passive(h)
    result = h.result
    assert result is not None
    won = {(a.seat, a.share): a.amount for a in result.awards}
    assert won == {(2, "five-card"): Decimal("0.23"), (1, "two-card"): Decimal("0.22")}
    shown = {(s.seat, s.share): s.name for s in result.hands}
    assert shown[(1, "two-card")] == "ace-two high"
    assert shown[(2, "five-card")] == "three of a kind, kings"


def test_a_history_with_every_kind_of_decision_replays_to_the_same_hand() -> None:
    h = hand("cowpie", COWPIE)
    while h.phase != "split":
        to_decision(h)
    for seat, small in ((1, "As 2c"), (2, "6d 5h"), (3, "8c Th")):
        h.act(seat, "split", cards=small.split())
    passive(h)
    history = json.loads(json.dumps(h.to_history()))
    assert {"seat": 1, "action": "split", "cards": ["As", "2c"]} in history["actions"]
    again = replay(history)
    assert again.events == h.events and again.result == h.result


def test_a_board_of_more_than_five_cards_reads_as_its_best_five() -> None:
    streets = [
        {"name": "third", "deal": ["down"] * 7, "opener": "first-left", "bet": "small"},
        {"name": "fourth", "decide": [{"kind": "expose", "count": 6}], "bet": "small"},
    ]
    rs = ruleset("seven-card-stud", stakes__bring_in=None, seats__max=4, streets=streets)
    deck = "2c As 3c Ah 4c Ad 5c 7s 6c 8s 7h 9s 9h Ts"
    h = Hand(rs, seats(20, 20), dealer=2, deck=parse_cards(deck))
    h.act(1, "check")
    h.act(2, "check")
    h.act(1, "expose", cards="2c 3c 4c 5c 6c 7h".split())
    h.act(2, "expose", cards="As Ah Ad 7s 8s 9s".split())
    assert h.to_act == 2  # trip aces beat the straight-looking clubs: boards read pairs

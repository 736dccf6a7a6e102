"""What docs/protocol.md tells implementers about dealing and the legal set, checked on the
reference interpreter: each test is one claim of the page, so the page cannot drift from
what `stud serve` plays."""

from __future__ import annotations

from enginekit import deal, legal, ruleset, seats
from stud.engine import Hand
from stud.engine import events as ev
from stud.engine.snapshot import state_json


def _play_out(hand: Hand) -> Hand:
    """Everyone checks, calls, brings in or stands pat to the end."""
    while not hand.complete:
        options = hand.legal_actions()
        pick = next(
            (o for o in options if o.action in ("check", "call", "bring_in", "stand_pat")),
            options[0],
        )
        amount = getattr(pick, "amount", None) if pick.action in ("call", "bring_in") else None
        hand.act(hand.to_act, pick.action, amount)  # type: ignore[arg-type]
    return hand


def test_no_burn_before_the_first_deal_nor_before_a_street_that_deals_no_card() -> None:
    rs = ruleset("english-stud")
    hand = _play_out(Hand(rs, seats(20, 20, 20), dealer=3, seed=4))
    burns_before: list[str] = []
    street = ""
    for event in hand.events:
        if isinstance(event, ev.StreetStarted):
            street = event.street
        elif isinstance(event, ev.Burn):
            burns_before.append(street)
    # third (the first deal) and final (an exchange round, no deal) have no burn
    assert burns_before == ["fourth", "fifth", "sixth", "seventh"]


def test_a_round_that_would_leave_no_card_for_the_river_is_one_community_card() -> None:
    rs = ruleset("seven-card-stud", dealing__reuse_burns=False, deck__centre=["As"])
    hand = _play_out(Hand(rs, seats(*[20] * 8), dealer=8, seed=1))
    by_street: dict[str, list[str]] = {}
    street = ""
    for event in hand.events:
        if isinstance(event, ev.StreetStarted):
            street = event.street
        by_street.setdefault(street, []).append(type(event).__name__)
    # eight cards were left for eight players on sixth street, none then for the river
    assert "DealtUp" not in by_street["sixth"] and by_street["sixth"].count("CommunityCard") == 1
    assert by_street["seventh"].count("CommunityCard") == 1
    assert len(state_json(hand)["community"]) == 3  # the centre card and the two run-out cards
    assert all(len(hand.player(s).down) + len(hand.player(s).up) == 5 for s in range(1, 9))


def test_players_yet_to_call_stay_eligible_for_side_pots_mid_round() -> None:
    # Ann (2c) brings in; all she has left after the ante is 0.25
    hand = deal(ruleset(), [0.30, 20, 20], 3, "As Kd Qd Ah Kh Qh 2c Ks 9c")
    hand.act(1, "complete")  # all in for 0.25
    hand.act(2, "raise")
    assert hand.to_act == 3  # Cat has not acted on either bet
    pots = state_json(hand)["pots"]
    assert pots == [
        {"amount": "0.65", "eligible": [1, 2, 3]},
        {"amount": "0.50", "eligible": [2, 3]},
    ]


def test_no_raise_nor_completion_when_no_opponent_could_call_it() -> None:
    hand = deal(ruleset(), [20, 0.20], 2, "As Kd Ah Kh 2c Ks")
    hand.act(1, "bring_in")
    hand.act(2, "complete")  # Bob all in for 0.15, short of a completion
    assert legal(hand) == ["fold", "call 0.05"]
    control = deal(ruleset(), [20, 20], 2, "As Kd Ah Kh 2c Ks")
    control.act(1, "bring_in")
    control.act(2, "complete")
    assert legal(control) == ["fold", "call 0.40", "raise to 1.00"]


def test_no_betting_when_every_player_but_one_is_all_in_for_the_ante() -> None:
    hand = deal(ruleset(), [20, 0.05, 0.05], 3, "As Kd Qc Ah Kh 5c 2c Ks 9c")
    assert hand.complete and hand.legal_actions() == []


def test_a_bring_in_of_a_full_small_bet_offers_no_completion() -> None:
    hand = deal(ruleset(stakes__bring_in="0.50"), [20, 20, 20], 3, "As Kd Qc Ah Kh 5c 2c Ks 9c")
    assert hand.to_act == 1 and legal(hand) == ["bring-in 0.50"]
    hand.act(1, "bring_in")
    assert legal(hand) == ["fold", "call 0.50", "raise to 1.00"]


def test_a_player_all_in_for_the_ante_is_skipped_for_the_bring_in() -> None:
    # Ann's 2c is the lowest door card, but the ante took all she had: Cat's 9c brings in
    hand = deal(ruleset(), [0.05, 20, 20], 3, "As Kd Qc Ah Kh 5c 2c Ks 9c")
    assert hand.player(1).all_in
    assert hand.to_act == 3 and legal(hand) == ["bring-in 0.10", "complete to 0.50"]
    # with a cent left she is still the forced player and brings in for it
    short = deal(ruleset(), [0.06, 20, 20], 3, "As Kd Qc Ah Kh 5c 2c Ks 9c")
    assert short.to_act == 1 and legal(short) == ["bring-in 0.01"]

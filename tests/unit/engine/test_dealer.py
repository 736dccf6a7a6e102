"""The dealer alone: burns, the deal to players still in, the run-out, the community card."""

from __future__ import annotations

import pytest
from stud.cards import parse_cards
from stud.engine import events as ev
from stud.engine.dealing import Dealer
from stud.engine.deck import DeckError
from stud.engine.state import Log, PlayerState
from stud.rules import load_ruleset
from stud.rules.model import Ruleset


def dealer(n: int, rs: Ruleset, deck: str | None = None) -> tuple[Dealer, list[PlayerState], Log]:
    players = [PlayerState(i + 1, f"P{i + 1}", 100, i) for i in range(n)]
    log: Log = []
    cards = parse_cards(deck) if deck else None
    return Dealer(players, rs, cards, 0, log), players, log


def kinds(log: Log) -> list[str]:
    return [entry[0].__name__ for entry in log]


def test_third_street_has_no_burn_and_fourth_street_burns_one() -> None:
    rs = load_ruleset("seven-card-stud")
    d, ps, log = dealer(2, rs, "As Kd Qh Jc Ts 9d 8h 7c")
    d.deal_street(0)
    assert kinds(log) == ["DealtDown"] * 4 + ["DealtUp"] * 2
    assert ps[0].down == parse_cards("As Qh") and ps[1].up == parse_cards("9d")
    log.clear()
    d.deal_street(1)
    assert log[0] == (ev.Burn, parse_cards("8h")[0]) and d.stub.burned == parse_cards("8h")
    assert ps[0].up == parse_cards("Ts 7c")


def test_folded_players_get_no_more_cards_and_a_pair_shows() -> None:
    rs = load_ruleset("seven-card-stud")
    d, ps, log = dealer(3, rs, "2c 3c 4c 5c 6c 7c Ah Ad Kh  9s Ac Qs")
    d.deal_street(0)
    ps[1].folded = True
    d.deal_street(1)
    assert len(ps[1].up) == 1 and ps[0].up == parse_cards("Ah Ac") and ps[2].up[-1].rank == 12
    assert ps[0].paired and not ps[2].paired


def test_the_run_out_reuses_the_burns_then_deals_a_community_card() -> None:
    rs = load_ruleset("seven-card-stud", {"seats.max": 8})
    d, ps, log = dealer(8, rs)
    for index in range(4):  # third to sixth street: 3 burns, 48 cards dealt
        d.deal_street(index)
    assert len(d.stub) == 1 and not d.runout and "BurnsReused" not in kinds(log)
    log.clear()
    d.deal_street(4)  # seventh: the last card is burned, the burns are short of 8
    assert kinds(log) == ["Burn", "BurnsReused", "CommunityCard"]
    assert len(d.runout) == 1 and d.common == d.runout
    assert all(p.board is None for p in ps) and all(len(p.down) == 2 for p in ps)


def test_without_a_run_out_a_short_pack_is_an_error() -> None:
    rs = load_ruleset(
        "seven-card-stud",
        {"seats.max": 6, "dealing.community_card": False, "dealing.reuse_burns": False},
    )
    d, _, _ = dealer(6, rs)
    d.stub.pos = 47  # five cards left
    with pytest.raises(DeckError, match="cannot give 6 players a card on fourth"):
        d.deal_round(rs.streets[1], up=True)


def test_an_exchange_card_is_replaced_from_the_stub() -> None:
    rs = load_ruleset("seven-card-stud")
    d, _, _ = dealer(2, rs, "As Kd")
    given = parse_cards("Qh")[0]
    received = d.replace(given)
    assert received == parse_cards("As")[0] and d.dead == [given]
    assert d.cards_available() == 51

"""Commands: one typed helper per protocol v1 op, over a :class:`Session`.

The top layer below the client: callers pass Python values and get back the op's fields;
money goes over the wire as decimal strings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from stud.errors import ProtocolError
from stud.money import fmt
from stud.protocol.session import Session
from stud.protocol.transport import printable

PROTOCOL_VERSION = 1
State = dict[str, Any]


@dataclass(frozen=True)
class EngineInfo:
    """What an engine said about itself in its ``hello`` reply."""

    name: str
    version: str
    protocol: int = PROTOCOL_VERSION
    rulesets: tuple[str, ...] = ("*",)
    features: tuple[str, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def plays(self, ruleset: str) -> bool:
        """Whether the engine announced ``ruleset`` (or ``*``)."""
        return "*" in self.rulesets or ruleset in self.rulesets

    def as_dict(self) -> dict[str, Any]:
        info = {
            "protocol": self.protocol,
            "engine": {"name": self.name, "version": self.version},
            "rulesets": list(self.rulesets),
            "features": list(self.features),
        }
        profile = self.raw.get("profile")  # protocol 1.1: the rule values the engine plays
        if isinstance(profile, Mapping) and profile:
            info["profile"] = dict(profile)
        rankings = self.raw.get("rankings")  # protocol 1.2: the rankings it evaluates
        if isinstance(rankings, list):
            info["rankings"] = [printable(str(r), 40) for r in rankings[:100]]
        for key in ("seats", "refuses", "known_deviations"):  # protocol 1.2, optional
            value = self.raw.get(key)
            if value:
                info[key] = value
        return info


def money(amount: str | int | Decimal | None) -> str | None:
    """An amount as a protocol decimal string (``None`` stays ``None``)."""
    if amount is None or isinstance(amount, str):
        return amount
    return fmt(Decimal(amount))


def hello(session: Session, *, timeout: float | None = None) -> EngineInfo:
    reply = session.request("hello", timeout=timeout, protocol=PROTOCOL_VERSION)
    if reply.get("protocol") != PROTOCOL_VERSION:
        raise ProtocolError(
            f"the engine speaks protocol {reply.get('protocol')!r}; stud speaks {PROTOCOL_VERSION}"
        )
    engine = reply.get("engine") or {}
    return EngineInfo(  # what the engine says of itself reaches terminals and reports: made safe
        name=printable(str(engine.get("name", "?")), 100),
        version=printable(str(engine.get("version", "?")), 100),
        protocol=PROTOCOL_VERSION,
        rulesets=tuple(printable(str(r), 100) for r in reply.get("rulesets") or ()),
        features=tuple(printable(str(f), 100) for f in reply.get("features") or ()),
        raw=reply,
    )


def new_hand(
    session: Session,
    ruleset: Mapping[str, Any] | str,
    seats: Sequence[Mapping[str, Any]],
    dealer: int,
    deck: Sequence[str],
    seat_cards: Sequence[Mapping[str, Any]] | None = None,
) -> State:
    return new_hand_state(session, send_new_hand(session, ruleset, seats, dealer, deck, seat_cards))


def send_new_hand(
    session: Session,
    ruleset: Mapping[str, Any] | str,
    seats: Sequence[Mapping[str, Any]],
    dealer: int,
    deck: Sequence[str],
    seat_cards: Sequence[Mapping[str, Any]] | None = None,
) -> int:
    """Only send a ``new_hand`` (:func:`new_hand_state` reads its reply); its request id."""
    wire_seats = [
        {"seat": int(s["seat"]), "name": str(s["name"]), "stack": money(s["stack"])} for s in seats
    ]
    return session.send(
        "new_hand",
        ruleset=ruleset if isinstance(ruleset, str) else dict(ruleset),
        seats=wire_seats,
        dealer=dealer,
        deck=[str(c) for c in deck],
        **_own(seat_cards),
    )


def new_hand_state(session: Session, request_id: int) -> State:
    """The state in the reply to the ``new_hand`` sent as ``request_id``."""
    return dict(session.reply("new_hand", request_id)["state"])


def next_hand(
    session: Session, deck: Sequence[str], seat_cards: Sequence[Mapping[str, Any]] | None = None
) -> State:
    reply = session.request("next_hand", deck=[str(c) for c in deck], **_own(seat_cards))
    return dict(reply["state"])


def _own(seat_cards: Sequence[Mapping[str, Any]] | None) -> dict[str, Any]:
    """The optional ``seat_cards`` field (protocol 1.2), when there is one."""
    if not seat_cards:
        return {}
    return {
        "seat_cards": [
            {"seat": int(e["seat"]), "cards": [str(c) for c in e["cards"]]} for e in seat_cards
        ]
    }


def act(
    session: Session,
    seat: int,
    action: str,
    amount: str | int | Decimal | None = None,
    declare: str | None = None,
    cards: Sequence[str] | None = None,
) -> State:
    return act_state(session, send_act(session, seat, action, amount, declare, cards))


def send_act(
    session: Session,
    seat: int,
    action: str,
    amount: str | int | Decimal | None = None,
    declare: str | None = None,
    cards: Sequence[str] | None = None,
) -> int:
    """Only send an ``act`` (:func:`act_state` reads its reply); return the request id."""
    return session.send(
        "act",
        seat=seat,
        action=action,
        amount=money(amount),
        declare=declare,
        cards=None if cards is None else [str(c) for c in cards],
    )


def act_state(session: Session, request_id: int) -> State:
    """The state in the reply to the ``act`` sent as ``request_id``."""
    return dict(session.reply("act", request_id)["state"])


def state(session: Session) -> State:
    return dict(session.request("state")["state"])


def evaluate(
    session: Session,
    ranking: str,
    hands: Sequence[Sequence[str]],
    *,
    qualifier: int | None = None,
    wild: Sequence[int] = (),
) -> list[dict[str, Any]]:
    reply = session.request(
        "evaluate",
        ranking=ranking,
        hands=[[str(c) for c in h] for h in hands],
        qualifier=qualifier,
        wild=list(wild) or None,
    )
    results = list(reply["results"])
    if len(results) != len(hands):
        raise ProtocolError(
            f"evaluate sent {len(hands)} hands but the engine ranked {len(results)}"
        )
    return results


def bye(session: Session, *, timeout: float | None = None) -> None:
    session.request("bye", timeout=timeout)

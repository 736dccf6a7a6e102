"""Before a campaign: start the engine once, read what it declares, deal its first hand.

An engine that does not answer ``hello``, or cannot deal the campaign's first hand (no
valid reply, or an ``internal`` error), stops ``stud fuzz`` at once with one message
(:class:`StartupError`, exit status 2) instead of failing every hand alike.  What the
engine declares in ``hello`` (protocol 1.2) shapes the campaign:

- ``seats`` {min, max}: hands are dealt to that many players at most and at least;
- ``refuses`` {path: value}: a ruleset asking another value is not dealt at all;
- ``features`` with ``seat-cards``: three hands in four hand each seat its cards;
- ``known_deviations``: catalogue ids reported once as declared (:mod:`stud.fuzz.classes`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from stud.errors import StudError
from stud.fuzz.plan import FuzzConfig, RandomDraw, deal
from stud.spec.engine import EngineRefusal
from stud.spec.profile import Profile


class StartupError(StudError):
    """The engine cannot take part: it does not start, or cannot deal a first hand."""


def shaped(config: FuzzConfig, hello: Mapping[str, Any]) -> tuple[FuzzConfig, list[str]]:
    """The campaign as the engine's declarations allow, and notes on what they changed.

    >>> cfg, notes = shaped(FuzzConfig(players=(2, 8)), {"seats": {"max": 6},
    ...     "features": ["seat-cards"]})
    >>> cfg.players, cfg.seat_cards, notes
    ((2, 6), True, ['players: 2-6, the engine seats 6 at most'])
    """
    notes = []
    raw = hello.get("seats")
    seats: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
    low = max(config.players[0], int(seats.get("min") or 0))
    high = min(config.players[1], int(seats.get("max") or config.players[1]))
    if (low, high) != config.players:
        if low > high:
            raise StartupError(
                f"the engine seats {seats.get('min', '?')} to {seats.get('max', '?')} players, "
                f"none of --players {config.players[0]}-{config.players[1]}"
            )
        notes.append(f"players: {low}-{high}, the engine seats {_range(seats)}")
    refused = Profile.from_hello({"profile": hello.get("refuses")})
    kept = []
    for name, doc in zip(config.rulesets, config.documents(), strict=True):
        differs = refused.differs(doc) if refused is not None else []
        if differs:
            notes.append(
                f"{name} not dealt: the engine refuses {differs[0].path} other than "
                f"{differs[0].plays!r}"
            )
        else:
            kept.append(name)
    if not kept:
        raise StartupError("the engine refuses every ruleset of the campaign: " + "; ".join(notes))
    features = hello.get("features")
    own = isinstance(features, list) and "seat-cards" in features
    shaped_config = dataclasses.replace(
        config, players=(low, high), rulesets=tuple(kept), seat_cards=own
    )
    return shaped_config, notes


def _range(seats: Mapping[str, Any]) -> str:
    if seats.get("min") and seats.get("max"):
        return f"{seats['min']} to {seats['max']}"
    return f"{seats['max']} at most" if seats.get("max") else f"{seats['min']} at least"


def start(
    command: str | None, config: FuzzConfig, seed: int, first: int, timeout: float
) -> tuple[dict[str, Any], FuzzConfig, list[str]]:
    """Ask ``hello``, shape the campaign, and deal its first hand on a probe engine."""
    from stud.fuzz.campaign import make_engine

    engine = make_engine(command, timeout)
    try:
        try:
            hello = dict(engine.hello())
        except StudError as exc:
            raise StartupError(f"the engine did not answer hello: {exc}") from None
        config, notes = shaped(config, hello)
        setup = deal(RandomDraw.for_hand(seed, first), config)
        profile = Profile.from_hello(hello)
        doc = profile.apply(setup.document) if profile is not None else setup.document
        own = {"seat_cards": setup.seat_cards} if setup.seat_cards else {}
        try:
            engine.new_hand(doc, setup.seats, setup.dealer, setup.deck, **own)
        except EngineRefusal as refusal:
            if refusal.code == "internal":
                raise StartupError(
                    f"the engine could not deal its first hand: internal error: {refusal.message}"
                ) from None
        except StudError as exc:
            raise StartupError(f"the engine could not deal its first hand: {exc}") from None
    finally:
        engine.close()
    return hello, config, notes

"""The engine seam: everything the specification needs from an engine, and nothing more.

Step definitions and ``stud verify`` drive an :class:`Engine`; states are protocol v1
``state`` objects (plain dicts, money as decimal strings, cards as ``As``), so the
in-process reference interpreter and a third-party program over the protocol are
interchangeable.
"""

from __future__ import annotations

import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stud.errors import StudError

State = dict[str, Any]


class EngineRefusal(StudError):
    """The engine answered ``ok: false``: ``code`` is ``illegal_action``, ``unsupported``...

    For ``illegal_action`` the engine's state is unchanged, so the scenario may go on.
    An ``unsupported`` refusal may carry ``values`` (``[{path, wanted, plays}]``): the
    rule values the engine plays instead of the ones asked for.
    """

    def __init__(self, code: str, message: str, values: list[Any] | None = None):
        self.code = code
        self.message = message
        self.values = [v for v in values or [] if isinstance(v, Mapping)]
        super().__init__(f"{code}: {message}")


class Engine(ABC):
    """One engine session: hands are played one at a time."""

    @abstractmethod
    def hello(self) -> dict[str, Any]:
        """``protocol``, ``engine`` {name, version}, ``rulesets``, ``features``."""

    @abstractmethod
    def new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
        seat_cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> State:
        """Start a hand; ``ruleset`` is the resolved ruleset document (JSON-able).

        ``seat_cards`` (protocol 1.2, capability ``seat-cards``): ``[{seat, cards}]``, the
        cards each seat receives whatever the order of the deal; sent only to an engine
        that announces the capability."""

    def begin_new_hand(
        self,
        ruleset: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        dealer: int,
        deck: Sequence[str],
        seat_cards: Sequence[Mapping[str, Any]] | None = None,
    ) -> Callable[[], State]:
        """:meth:`new_hand` in two halves, as :meth:`begin_act`: an engine that takes
        requests in flight (:attr:`ahead`) is sent it at once; here it is dealt when
        finished."""
        return lambda: self.new_hand(ruleset, seats, dealer, deck, seat_cards)

    def next_hand(
        self, deck: Sequence[str], seat_cards: Sequence[Mapping[str, Any]] | None = None
    ) -> State:
        """Deal the next hand at the same table (capability ``table``).

        Stacks carry over from the finished hand, players with no chips leave, and the
        dealer moves one occupied seat clockwise when the ruleset's ``dealer.rotates``.
        An engine without the capability refuses with ``unsupported``, which makes the
        scenario *not supported* rather than failed.
        """
        raise EngineRefusal("unsupported", "this engine does not deal consecutive hands")

    @abstractmethod
    def act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> State:
        """Play one action; raise :class:`EngineRefusal` if the engine refuses it."""

    @property
    def ahead(self) -> int:
        """How many :meth:`begin_act` requests may be in flight at once, their replies
        read later in the order sent (1: each reply is read before the next is sent)."""
        return 1

    def begin_act(
        self,
        seat: int,
        action: str,
        amount: str | None = None,
        declare: str | None = None,
        cards: Sequence[str] | None = None,
    ) -> Callable[[], State]:
        """:meth:`act` in two halves: start it, and return what finishes it (its state, or
        its refusal).  An engine in another process sends the request at once, so the
        caller works while the engine does; here the action is played when finished."""
        return lambda: self.act(seat, action, amount, declare, cards)

    @abstractmethod
    def state(self) -> State:
        """The current state."""

    @abstractmethod
    def evaluate(
        self,
        ranking: str,
        hands: Sequence[Sequence[str]],
        qualifier: int | None = None,
        wild: Sequence[int] = (),
    ) -> list[dict[str, Any]]:
        """Per hand: ``best`` (five cards), ``name``, ``rank`` (1 is best, ties share).

        ``qualifier`` (a low needs five ranks at most this) and ``wild`` (wild ranks, 2..14)
        are the ``evaluate-options`` capability; a hand with no qualifying low comes back with
        ``qualifies: false`` and ranks below every qualifying hand.
        """

    def set_time_limit(self, seconds: float | None, what: str = "the time limit") -> None:  # noqa: B027
        """Bound the calls from now on to ``seconds`` in all (``what`` names the limit in
        messages); ``None`` lifts it.  Engines that cannot be cut short ignore it."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release the engine (end a subprocess)."""


def takes_seat_cards(method: Any) -> bool:
    """Whether an engine's ``new_hand``/``next_hand`` reads ``seat_cards`` (an Engine
    written before protocol 1.2 does not, and deals from the deck alone)."""
    try:
        parameters = inspect.signature(method).parameters
    except (TypeError, ValueError):
        return False
    return "seat_cards" in parameters or any(
        p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()
    )

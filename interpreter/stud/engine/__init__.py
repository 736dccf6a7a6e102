"""The reference interpreter: a complete hand of stud under any ruleset, table-driven.

>>> from stud.engine import Hand, Seat, state_json, replay   # doctest: +SKIP

See ``docs/api.md`` for the API and the rules it implements.
"""

from stud.engine.deck import DeckError
from stud.engine.events import Event
from stud.engine.hand import Hand
from stud.engine.history import ruleset_digest, to_history
from stud.engine.replaying import replay
from stud.engine.snapshot import state_json
from stud.engine.table import Table
from stud.engine.views import (
    ACTIONS,
    Award,
    LegalAction,
    PlayerView,
    PotView,
    Result,
    Seat,
    ShownHand,
)

__all__ = [
    "ACTIONS",
    "Award",
    "DeckError",
    "Event",
    "Hand",
    "LegalAction",
    "PlayerView",
    "PotView",
    "Result",
    "Seat",
    "ShownHand",
    "Table",
    "replay",
    "ruleset_digest",
    "state_json",
    "to_history",
]

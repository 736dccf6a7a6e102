"""The one small error hierarchy of ``stud``.

Every error says what is wrong, where, and what was expected instead, so that the CLI can
print it as one line with no traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


class StudError(Exception):
    """Base class of every error ``stud`` raises on purpose."""


class CardError(StudError, ValueError):
    """A card (or rank) that cannot be read."""


class MoneyError(StudError, ValueError):
    """An amount that is not an exact, non-negative decimal."""


@dataclass(frozen=True)
class Problem:
    """One problem found in a ruleset file, located compiler-style.

    ``path`` is a JSON path such as ``$.streets[2].deal``; ``line``/``column`` are 1-based
    (0 when unknown).
    """

    file: str
    line: int
    column: int
    path: str
    message: str
    expected: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        text = f"{where}: {self.path}: {self.message}"
        return f"{text}; expected {self.expected}" if self.expected else text


class RulesetError(StudError):
    """A ruleset that cannot be loaded; carries every :class:`Problem` found."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def first(self) -> Problem:
        return self.problems[0]


@dataclass
class IllegalAction(StudError):
    """An action the hand does not allow now.  The hand state is left unchanged.

    ``legal`` lists what the player to act may do instead, in the display form
    ``fold``, ``call 0.10``, ``complete to 0.50``, ``raise to 1.00..5.00``.
    """

    reason: str
    legal: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        alternatives = ", ".join(self.legal) if self.legal else "none (no one is to act)"
        return f"{self.reason}; legal now: {alternatives}"


class EngineError(StudError):
    """A third-party engine failed: it crashed, hung, or broke the protocol."""


class ProtocolError(EngineError):
    """A reply that is not valid protocol v1 (not JSON, wrong id, schema violation)."""


class UnsupportedError(StudError):
    """An engine (or the interpreter) cannot honour a ruleset value or capability.

    ``values`` optionally names them as ``{"path", "wanted", "plays"}`` mappings (protocol
    ``error.values``), so a harness can run the scenario under the values played instead.
    """

    def __init__(self, message: str, values: list[dict[str, object]] | None = None):
        super().__init__(message)
        self.values = list(values or [])

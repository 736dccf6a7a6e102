"""What a player may do and what a player did, as small immutable values (chip units).

An :class:`Option` is one legal action of the player to act: ``lo``..``hi`` bound the
street total it may reach (equal for a fixed amount; ``None`` where no amount applies,
as for ``fold`` and ``check``); a declaration option names its ``choice``.  An
:class:`Action` is one action played, as the hand's history records it.

>>> Option("call", 20, 20)
Option(action='call', lo=20, hi=20, choice=None)
>>> Option("fold").lo is None
True
>>> Action(3, "raise", 40).amount
40
"""

from __future__ import annotations

from typing import NamedTuple


class Option(NamedTuple):
    """One legal action: the street totals it may reach (chip units), or none."""

    action: str
    lo: int | None = None
    hi: int | None = None
    choice: str | None = None  # a declaration's share (``high``, ``low``, ``both``)


class Action(NamedTuple):
    """One action played: ``amount`` is the street total (or the exchange price's none)."""

    seat: int
    action: str
    amount: int | None = None
    declare: str | None = None
    cards: tuple[str, ...] | None = None


class Refused(Exception):
    """A part of the hand refuses an action (state unchanged); the hand raises it again as
    :class:`stud.errors.IllegalAction` listing the legal actions."""

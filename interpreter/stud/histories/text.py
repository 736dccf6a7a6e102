"""Shared pieces of the room readers: decoding, amounts, cards and line tables.

A room's format is a table of ``(kind, regular expression)`` rows per section of a hand;
the first row whose expression matches the whole line names what the line says.

>>> amount("$1,250.50")
Decimal('1250.50')
>>> bracket_cards("[Ac Kd] [7h]")
[['Ac', 'Kd'], ['7h']]
>>> card_or_none("of") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from stud.cards import Card
from stud.errors import CardError

CURRENCY = "$€£"
AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?"
_BRACKET = re.compile(r"\[([^\]]*)\]")


def decode(data: bytes) -> str:
    """Text of a history file: UTF-8 (with or without BOM) or UTF-16 with a BOM."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def amount(text: str) -> Decimal:
    """``$1,250.50`` -> ``Decimal('1250.50')``."""
    try:
        return Decimal(text.strip().strip(CURRENCY).replace(",", ""))
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount") from None


def card_or_none(text: str) -> str | None:
    """A card as the room wrote it, or None where it is hidden or garbled."""
    try:
        return str(Card.parse(text))
    except CardError:
        return None


def bracket_cards(text: str) -> list[list[str]]:
    """The card groups of ``[Ac Kd] [7h]``."""
    return [m.group(1).split() for m in _BRACKET.finditer(text)]


@dataclass(frozen=True)
class Line:
    number: int  # 1-based line number in the file
    text: str


class Table:
    """``(kind, pattern)`` rows; :meth:`match` gives the first kind whose pattern matches."""

    def __init__(self, rows: Sequence[tuple[str, str]]):
        self.rows = [(kind, re.compile(pattern)) for kind, pattern in rows]

    def match(self, text: str) -> tuple[str, dict[str, str]] | None:
        for kind, pattern in self.rows:
            m = pattern.fullmatch(text)
            if m:
                return kind, {k: v for k, v in m.groupdict().items() if v is not None}
        return None


def hand_blocks(text: str, header: re.Pattern[str]) -> Iterator[list[Line]]:
    """Split a file into hands: each starts at a header line; blank lines are dropped."""
    block: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff\ufffd\x00")
        if not line:
            continue
        if header.match(line) and block:
            yield block
            block = []
        block.append(Line(number, line))
    if block:
        yield block

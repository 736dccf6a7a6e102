"""Shared pieces of the room readers: decoding, amounts, cards and line tables.

A room's format is a table of ``(kind, regular expression)`` rows per section of a hand;
the first row whose expression matches the whole line names what the line says.

>>> amount("$1,250.50")
Decimal('1250.50')
>>> amount("$ 0.54 USD"), amount("1749.22€"), amount("1,5")
(Decimal('0.54'), Decimal('1749.22'), Decimal('1.5'))
>>> bracket_cards("[Ac Kd] [7h]")
[['Ac', 'Kd'], ['7h']]
>>> card_list("[-, -, Kh]"), card_list("null,null,7s")
(['-', '-', 'Kh'], ['null', 'null', '7s'])
>>> card_or_none("of") is None, card_or_none("10c")
(True, 'Tc')
>>> decode("Seat 1".encode("utf-16-le"))
'Seat 1'
>>> decode("5€ ante".encode("cp1252"))
'5€ ante'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from pathlib import Path

from stud.cards import Card
from stud.errors import CardError

CURRENCY = "$€£"
ISO = r"(?:USD|EUR|GBP|CAD)"
AMOUNT = r"[$€£]?\d[\d,]*(?:\.\d+)?[€£]?"
_BRACKET = re.compile(r"\[([^\]]*)\]")
_NOISE = re.compile(rf"[{CURRENCY}\s]|{ISO}")
MAX_BYTES = 64 * 1024 * 1024  # the most of a file a reader takes in


def read_history(path: Path) -> str:
    """The text of a history file: every reader and the audit read files through here."""
    with path.open("rb") as handle:
        return decode(handle.read(MAX_BYTES))


def _utf16_without_bom(data: bytes) -> str | None:
    """``utf-16-le``/``-be`` when NUL bytes fill one of the two byte positions."""
    sample = data[:4096]
    if len(sample) < 4:
        return None
    half = len(sample) // 2
    if sample[1::2].count(0) > 0.4 * half and sample[0::2].count(0) < 0.1 * half:
        return "utf-16-le"
    if sample[0::2].count(0) > 0.4 * half and sample[1::2].count(0) < 0.1 * half:
        return "utf-16-be"
    return None


def decode(data: bytes) -> str:
    """Text of a history file: UTF-16 (with or without BOM), UTF-8 (with or without BOM),
    else Windows-1252 (rooms on Windows write ``€`` as byte 0x80), else Latin-1."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    wide = _utf16_without_bom(data)
    if wide is not None:
        return data[: len(data) // 2 * 2].decode(wide, errors="replace")
    for encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def amount(text: str) -> Decimal:
    """``$1,250.50``, ``$ 0.54 USD``, ``5€``, ``1,5`` (a decimal comma) -> a Decimal."""
    plain = _NOISE.sub("", text.strip().strip("()[]"))
    if "," in plain:
        head, _, tail = plain.rpartition(",")
        if "." in plain or len(tail) == 3:
            plain = plain.replace(",", "")  # thousands separators
        else:
            plain = f"{head.replace(',', '')}.{tail}"
    try:
        return Decimal(plain)
    except InvalidOperation:
        raise ValueError(f"{text!r} is not an amount") from None


def card_or_none(text: str) -> str | None:
    """A card as the room wrote it, or None where it is hidden (``X``, ``-``, ``null``)
    or garbled."""
    try:
        card = Card.parse(text.strip())
    except CardError:
        return None
    return None if card.is_joker else str(card)


def bracket_cards(text: str) -> list[list[str]]:
    """The card groups of ``[Ac Kd] [7h]``."""
    return [m.group(1).replace(",", " ").split() for m in _BRACKET.finditer(text)]


def card_list(text: str) -> list[str]:
    """The cards of ``[Ac, Kd, 7h]``, ``Ac Kd 7h`` or ``Ac,Kd,7h`` (hidden ones kept)."""
    return text.replace("[", " ").replace("]", " ").replace(",", " ").split()


HIDDEN = frozenset({"X", "x", "-", "H", "null", "??", "?"})


def is_hidden(text: str) -> bool:
    """A placeholder the room writes for a card it does not show."""
    return text in HIDDEN


def file_start(text: str) -> str:
    """The text from its first character that is not a byte-order mark, NUL or blank: where
    a reader looks to recognise its room.

    >>> file_start(chr(0xFEFF) + chr(13) + chr(10) + "  Seat 1")
    'Seat 1'
    """
    return text.lstrip("\ufeff\x00 \r\n")


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


def first_match(pattern: re.Pattern[str], lines: Sequence[Line]) -> re.Match[str] | None:
    """The first of ``lines`` that ``pattern`` matches whole, as its match (None: none)."""
    for line in lines:
        m = pattern.fullmatch(line.text)
        if m is not None:
            return m
    return None


def one_table(table: Table) -> dict[str, Table]:
    """The sections' tables of a room whose lines read the same in every section."""
    return {"seats": table, "play": table, "summary": table}


def hand_blocks(text: str, header: re.Pattern[str]) -> Iterator[list[Line]]:
    """Split a file into hands: each starts at a header line; blank lines are dropped."""
    block: list[Line] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff\ufffd\x00").strip()
        if not line:
            continue
        if header.match(line) and block:
            yield block
            block = []
        block.append(Line(number, line))
    if block:
        yield block

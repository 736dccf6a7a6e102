"""Exact money inside the engine: integer counts of the smallest chip.

Every amount crosses the API as a :class:`~decimal.Decimal`; inside a hand it is an ``int``
number of ``stakes.chip`` units, so adding, comparing and splitting never round.

>>> u = Units(Decimal("0.05"))
>>> u.to_units("0.50"), u.money(3), u.text(10)
(10, Decimal('0.15'), '0.50')
>>> Units(Decimal(1)).text(20)
'20'
"""

from __future__ import annotations

from decimal import Decimal

from stud.errors import MoneyError
from stud.money import fmt, to_money


class Units:
    """Converts between ``Decimal`` amounts and integer chip units for one ruleset."""

    __slots__ = ("chip", "_places", "_cache", "_back", "_wire")

    def __init__(self, chip: Decimal):
        if chip <= 0:
            raise MoneyError(f"the chip must be positive, not {chip}")
        self.chip = chip
        exponent = chip.normalize().as_tuple().exponent
        digits = -exponent if isinstance(exponent, int) and exponent < 0 else 0
        self._places = max(2, digits) if digits else 0
        self._cache: dict[int, Decimal] = {}
        self._back: dict[object, int] = {}  # an int, a string or a Decimal's text -> units
        self._wire: dict[int, str] = {}

    def known(self, amount: object) -> int | None:
        """Like :meth:`to_units`, remembering amounts already seen (None for a bad amount).

        Only ``Decimal``, ``int`` and ``str`` amounts are looked up: a float or a bool
        that happens to hash like a remembered amount is still refused.
        """
        kind = type(amount)
        # a Decimal is looked up by its text: hashing a new Decimal object (a modular power)
        # costs more than writing it out
        key = str(amount) if kind is Decimal else amount
        if kind is not Decimal and kind is not int and kind is not str:
            return None
        units = self._back.get(key)
        if units is None:
            try:
                units = self.to_units(amount)
            except (MoneyError, TypeError):
                return None
            if len(self._back) < 4096:
                self._back[key] = units
        return units

    def to_units(self, amount: object, what: str = "amount") -> int:
        """``amount`` (Decimal, int or decimal string) as a whole number of chips."""
        value = amount if type(amount) is Decimal and amount >= 0 else to_money(amount)
        count, rest = divmod(value, self.chip)
        if rest:
            raise MoneyError(f"{what} {value} is not a whole number of {self.chip} chips")
        return int(count)

    def money(self, units: int) -> Decimal:
        """The exact amount of ``units`` chips."""
        cached = self._cache.get(units)
        if cached is None:
            cached = self.chip * units
            if len(self._cache) < 4096:
                self._cache[units] = cached
        return cached

    def wire(self, units: int) -> str:
        """The protocol's decimal string of ``units`` chips (:func:`stud.money.fmt`).

        >>> Units(Decimal("0.05")).wire(30), Units(Decimal("0.05")).wire(3)
        ('1.50', '0.15')
        """
        text = self._wire.get(units)
        if text is None:
            text = fmt(self.money(units))
            if len(self._wire) < 4096:
                self._wire[units] = text
        return text

    def text(self, units: int) -> str:
        """Display form used by legal actions: ``0.50``, ``1.00`` or ``20`` (whole chips)."""
        value = self.money(units)
        if not self._places:
            return str(value.quantize(Decimal(1)))
        return f"{value:.{self._places}f}"

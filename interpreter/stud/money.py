"""Exact money: every amount is a :class:`~decimal.Decimal`, never a float.

>>> to_money("0.05") + to_money(1)
Decimal('1.05')
>>> to_money(0.1)
Traceback (most recent call last):
...
stud.errors.MoneyError: 0.1 is a float; write amounts as strings like "0.10" or integers
>>> fmt(to_money("1.5")), fmt(to_money(20)), fmt(to_money("0.050"))
('1.50', '20', '0.05')
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from stud.errors import MoneyError

ZERO = Decimal(0)


def to_money(value: object, *, allow_float: bool = False) -> Decimal:
    """Convert an int, a decimal string or a Decimal into a non-negative exact Decimal.

    A float is refused unless ``allow_float`` (the YAML loader passes its *source text*
    instead, so no binary rounding ever happens).
    """
    if isinstance(value, bool):
        raise MoneyError(f"{value!r} is not an amount")
    if isinstance(value, float):
        if not allow_float:
            raise MoneyError(
                f'{value!r} is a float; write amounts as strings like "0.10" or integers'
            )
        value = repr(value)
    if isinstance(value, Decimal):
        amount = value
    elif isinstance(value, int):
        amount = Decimal(value)
    elif isinstance(value, str):
        try:
            amount = Decimal(value.strip().lstrip("$"))
        except InvalidOperation:
            raise MoneyError(f"'{value}' is not an amount; expected a decimal like 0.50") from None
    else:
        raise MoneyError(f"{value!r} is not an amount; expected a decimal like 0.50")
    if not amount.is_finite() or amount < 0:
        raise MoneyError(f"'{value}' is not an amount; expected a non-negative decimal")
    return amount


def fmt(amount: Decimal) -> str:
    """Render an amount: whole numbers bare (``20``), otherwise two or more decimals."""
    if amount == amount.to_integral_value():
        return str(amount.quantize(Decimal(1)))
    text = format(amount.normalize(), "f")
    whole, _, frac = text.partition(".")
    return f"{whole}.{frac.ljust(2, '0')}"


def money_text(amount: Decimal, chip: Decimal) -> str:
    """An amount as the table would say it: cents shown when the chip is a fraction.

    >>> money_text(Decimal(1), Decimal("0.01")), money_text(Decimal(20), Decimal(1))
    ('1.00', '20')
    """
    exponent = chip.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < 0 and amount == amount.quantize(chip):
        return format(amount.quantize(Decimal(1).scaleb(exponent)), "f")
    return fmt(amount)


WHOLE_DIGITS = 15  # digits before the point of an amount read from outside (as the protocol)
PLACES = 6  # decimal places of such an amount


def size_problem(amount: Decimal) -> str | None:
    """Why an amount read from a file is beyond any stake or stack (more than 15 digits
    before the point or 6 places after, trailing zeros not counted), or None.  Read from
    the exponent: a ``1e999999999`` is never written out.

    >>> size_problem(Decimal("123456789012345.000001")) is None
    True
    >>> size_problem(Decimal("1e15")), size_problem(Decimal("0.0000001"))
    ('16 digits before the point; at most 15', '7 decimal places; at most 6')
    """
    if not amount.is_finite():
        return "not a finite amount"
    if amount and amount.adjusted() >= WHOLE_DIGITS:
        return f"{amount.adjusted() + 1} digits before the point; at most {WHOLE_DIGITS}"
    exponent = amount.normalize().as_tuple().exponent
    if isinstance(exponent, int) and -exponent > PLACES:
        return f"{-exponent} decimal places; at most {PLACES}"
    return None

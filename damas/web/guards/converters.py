"""URL and form ids bounded to the database's integer range.

The tables' ids are 32-bit INTEGER columns on PostgreSQL (SQLite holds 64 bits): a larger number
in a URL (``/eventos/2147483648``) made the database refuse the query and the visitor got a 500.
Such an id names nothing, so it is answered as a missing page: the app's ``int`` converter stops
at 2**31 - 1 on every database, and ids read from forms pass through `db_id`.

Only ASCII digits are ids: ``\\d`` and `int` also take "٣" or "２", so `/eventos/٣` was event 3's
page under another URL (a new cache entry and a new PDF render per spelling). The converter's
regex names 0-9 and its value is read by `parse_int`, the app's one parser of typed numbers.
"""
from __future__ import annotations

from typing import Any

from werkzeug.routing import IntegerConverter, ValidationError

from damas.engine.integers import MAX_INT, parse_int

MAX_DB_INT = MAX_INT  # PostgreSQL INTEGER; SQLite's 64-bit range is wider, one limit for both


def digits_up_to(limit: int) -> str:
    """A regular expression matching the decimal numbers 0..`limit` (no sign, no leading zeros
    beyond the limit's length): the converter's regex, so an out-of-range id matches no route at
    all (a check after the match would answer 405 where a GET and a POST route share a path)."""
    text = str(limit)
    parts = [rf"[0-9]{{1,{len(text) - 1}}}"] if len(text) > 1 else []
    for i, digit in enumerate(text):
        if digit != "0":
            rest = len(text) - i - 1
            parts.append(text[:i] + (f"[0-{int(digit) - 1}]" if digit != "1" else "0") + (rf"[0-9]{{{rest}}}" if rest else ""))
    parts.append(text)
    return "(?:" + "|".join(parts) + ")"


class DatabaseIntConverter(IntegerConverter):
    """``<int:...>`` of every route: a non-negative whole number the database can hold; any
    other value does not match the route (404)."""

    regex = digits_up_to(MAX_DB_INT)

    def __init__(self, map: Any, fixed_digits: int = 0, min: int | None = None, max: int | None = None,
                 signed: bool = False) -> None:
        super().__init__(map, fixed_digits=fixed_digits, min=min, max=MAX_DB_INT if max is None else max,
                         signed=signed)

    def to_python(self, value: str) -> int:
        number = parse_int(value, minimum=-MAX_DB_INT if self.signed else 0, maximum=MAX_DB_INT)
        if number is None or (self.fixed_digits and len(value) != self.fixed_digits):
            raise ValidationError()
        if (self.min is not None and number < self.min) or (self.max is not None and number > self.max):
            raise ValidationError()
        return number


def db_id(value: Any) -> int | None:
    """A form value as a row id, or None when it is not one (not a whole number, out of range)."""
    return parse_int(value, minimum=1, maximum=MAX_DB_INT)

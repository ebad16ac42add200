"""The one parser of whole numbers typed or uploaded by people.

`str.isdigit` is true for "²" and "٣", and `int` reads "٣" and numbers of any size: a form field
of 22 digits reached SQLite as an OverflowError, "²" made `int` fail. Every query parameter, form
field and uploaded file field that holds a number goes through `parse_int`: ASCII digits only
(a leading "-" where negatives are allowed), within `minimum`..`maximum` (by default a database
INTEGER id: 0..2**31 - 1), else None.
"""
from __future__ import annotations

MAX_INT = 2**31 - 1  # PostgreSQL INTEGER; SQLite's 64-bit range is wider: one limit for both
_DIGITS = frozenset("0123456789")


def parse_int(value: object, minimum: int = 0, maximum: int = MAX_INT) -> int | None:
    """`value` (text) as a whole number in `minimum`..`maximum`, or None when it is not one."""
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if minimum <= value <= maximum else None
    text = str(value).strip()
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    if not digits or len(digits) > 19 or not _DIGITS.issuperset(digits):
        return None
    number = -int(digits) if negative else int(digits)
    return number if minimum <= number <= maximum else None

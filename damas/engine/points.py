"""Integer points and their display (RULES.md §1; DESIGN.md principle 4).

Points are stored as integers in rule-set units: draughts 2/1/0 (one unit = one point),
chess in half points (win 2, draw 1, loss 0: one point = two units). Tiebreak values are
exact `int` or `Fraction` in the same units. Nothing here ever uses a float.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Union

Exact = Union[int, Fraction]

__all__ = ["Exact", "exact", "to_points", "format_units", "format_decimal"]


def exact(numerator: int, denominator: int = 1) -> Exact:
    """`numerator/denominator` as an int when whole, else a reduced Fraction."""
    if denominator == 1:
        return numerator
    value = Fraction(numerator, denominator)
    return value.numerator if value.denominator == 1 else value


def to_points(units: Exact, units_per_point: int) -> Exact:
    """Rule-set units to real points (chess: half points / 2)."""
    value = Fraction(units) / units_per_point
    return value.numerator if value.denominator == 1 else value


def format_decimal(value: Exact) -> str:
    """Exact decimal text of a value: ``12``, ``12.5``, ``10.75``, ``-3.125``.

    Denominators other than 2^a·5^b (never produced by our tiebreaks) are shown as ``p/q``.
    """
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    sign = "-" if value < 0 else ""
    value = abs(value)
    d = value.denominator
    twos = fives = 0
    while d % 2 == 0:
        d //= 2
        twos += 1
    while d % 5 == 0:
        d //= 5
        fives += 1
    if d != 1:
        return f"{sign}{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = value * 10**places
    whole, frac = divmod(int(scaled), 10**places)
    return f"{sign}{whole}.{str(frac).rjust(places, '0').rstrip('0')}"


def format_units(units: Exact, units_per_point: int, *, decimal: bool = False) -> str:
    """Points for people: ``12`` (draughts), ``6½`` (chess display) or ``6.5`` (``decimal=True``).

    A value with quarters or finer is always written as a decimal.
    """
    points = Fraction(units) / units_per_point
    if decimal or points.denominator not in (1, 2):
        return format_decimal(points)
    if points.denominator == 1:
        return str(points.numerator)
    whole = points.numerator // 2 if points >= 0 else -((-points.numerator) // 2)
    if points < 0:
        return f"-{abs(whole) or ''}½" if abs(whole) else "-½"
    return f"{whole or ''}½" if whole else "½"


def format_value(value: object) -> str:
    """Tiebreak values for tables: integers as is, fractions as decimals of up to 4 places where
    finite, else rounded half up to 2 (a TPR average); shared by every table the app prints."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        for places in range(1, 5):
            if (value * 10**places).denominator == 1:
                return _decimal(value, places)
        return _decimal(value, 2)
    return str(value)


def _decimal(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)  # round half up
    sign = "-" if whole < 0 else ""
    whole = abs(whole)
    return f"{sign}{whole // 10**places}.{whole % 10**places:0{places}d}"

"""The figures of a rating change as text: exact values in hundredths, a
signed ΔR, the names of the rating systems. No float: W in points, We and K·(W − We) with the
table's two decimals. The rows themselves are gathered by `damas.views.rating_change`."""
from __future__ import annotations

from fractions import Fraction

__all__ = ["SYSTEM_NAMES", "hundredths", "signed"]

SYSTEM_NAMES = {"fide": ("FIDE B.02 (Regulamento de Rating, 2024)", "FIDE B.02 (Rating Regulations, 2024)"),
                "cbjd": ("Elo da federação (parâmetros da página da federação)",
                         "Federation Elo (parameters of the federation page)")}


def hundredths(value: Fraction) -> str:
    """An exact value in hundredths with two decimals: ``4.80``, ``-13.52`` (rounded half up
    beyond, which K·(W − We) of whole K never needs)."""
    cents = int((Fraction(value) * 100 + Fraction(1, 2)) // 1)
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}"


def signed(value: int) -> str:
    """A rating change with its sign: ``+12``, ``-7``, ``0``."""
    return f"+{value}" if value > 0 else str(value)

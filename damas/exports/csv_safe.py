"""The one CSV writer of every export: no cell can start a spreadsheet formula.

OWASP "CSV Injection": a cell beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return is run as a formula by Excel / LibreOffice when the file is opened (a player named
``=HYPERLINK(...)``, an audit reason ``@SUM(...)``). Such text cells get a leading single quote,
which spreadsheets show as text and never evaluate.

**[ours]** Only text is neutralised: numbers (ints, Decimals) are written as numbers, a negative
rating or points value stays a number. The application's own fixed codes that begin with one of
those characters (the CBJD list's forfeit results ``+/-``, ``-/+``, ``-/-``) are marked `Literal`
and written as they are: they are not user text and the federation's list reads them so.
**[ours]** Control characters inside a text cell (CR, LF, tab, NUL...) become blanks: one row is
one line for every reader (the rating file is LF-terminated and left CR unquoted).
"""
from __future__ import annotations

import csv
from typing import Any, Iterable, TextIO

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


_CONTROL = {code: " " for code in (*range(32), *range(127, 160), 0x2028, 0x2029)}


class Literal(str):
    """A fixed text of the application, written unchanged (never user input)."""


def neutralise(value: Any) -> Any:
    """The cell as written: text that a spreadsheet would evaluate gets a leading quote."""
    if isinstance(value, Literal):
        return str(value)
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    return value.translate(_CONTROL)


class SafeWriter:
    """`csv.writer` whose every row goes through `neutralise`."""

    def __init__(self, out: TextIO, **options: Any) -> None:
        self._writer = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._writer.writerow([neutralise(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def safe_writer(out: TextIO, **options: Any) -> SafeWriter:
    return SafeWriter(out, **options)

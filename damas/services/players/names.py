"""Names of people, clubs and accounts as they are stored.

A name goes into pages, PDFs, TRF files and CSV/XLSX exports. The outputs neutralise what a
spreadsheet would run, but the stored name itself is kept clean: control and format characters
(a bell, an escape, a right-to-left override) are removed and spaces collapsed (`clean_name`),
and a name starting with "=", "+" or "@", which a spreadsheet reads as a formula, is refused
with a message (`check_name`). **[ours]**
"""
from __future__ import annotations

import unicodedata

from flask_babel import gettext as _

from damas.services.errors import ServiceError

FORMULA_STARTS = ("=", "+", "@")


def clean_name(value: object) -> str:
    """`value` without control or format characters, its spaces collapsed."""
    text = "".join(" " if ch in "\t\n\r\x0b\x0c" else ch for ch in str(value or ""))
    text = "".join(ch for ch in text if unicodedata.category(ch) not in ("Cc", "Cf"))
    return " ".join(text.split())


def check_name(name: str, field: str) -> None:
    """Refuse a (cleaned) name that a spreadsheet would read as a formula."""
    if name[:1] in FORMULA_STARTS:
        raise ServiceError(_("O nome não pode começar com \"%(char)s\" (uma planilha o leria como fórmula).",
                             char=name[:1]), field)

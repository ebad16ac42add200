"""Display-only wording for pages and PDFs (Jinja filters `ours`, `dec`, `colours`; global
`colour_letters`).

The engine and the data (JSON API, CSV, TRF) keep their own notation; these helpers turn it into
what a reader of the page expects in the chosen language:

* the engine's "[ours]" marker (a decision of the federation where the regulations are silent)
  reads "(decisão da federação)" / "(federation's decision)";
* a decimal tiebreak value "8.5" reads "8,5" in Portuguese;
* the crosstable colours "w"/"b" read "b"/"p" (brancas/pretas) in Portuguese.
"""
from __future__ import annotations

import re
from typing import Any

from flask import Flask
from flask_babel import get_locale

OURS = {"pt": "decisão da federação", "en": "federation's decision"}
_OURS = re.compile(r"\[(?:ours|nosso)(?::\s*([^\]]*))?\]")
_DECIMAL = re.compile(r"-?\d+\.\d+")
_CELL = re.compile(r"[\d½+\-−– \[\]]*[wb][\d½+\-−– wb\[\]]*")  # "[2b]": an annulled game
PT_COLOURS = str.maketrans({"w": "b", "b": "p"})


def lang() -> str:
    return "en" if str(get_locale()) == "en" else "pt"


def ours(text: Any, language: str | None = None) -> str:
    """'CBJD 120, 121 [ours]' -> 'CBJD 120, 121 (decisão da federação)'; '[ours: snake order]'
    -> '(federation's decision: snake order)'."""
    words = OURS[language or lang()]
    return _OURS.sub(lambda m: f"({words}: {m.group(1)})" if m.group(1) else f"({words})", str(text))


def dec(value: Any, language: str | None = None) -> Any:
    """A decimal number written with a point ("8.5") gets a decimal comma in Portuguese; anything
    else (integers, "2½", text) is returned unchanged."""
    if isinstance(value, str) and _DECIMAL.fullmatch(value) and (language or lang()) == "pt":
        return value.replace(".", ",")
    return value


def colour_letters(language: str | None = None) -> dict[str, str]:
    """The letters of White and Black in crosstable cells."""
    return {"w": "w", "b": "b"} if (language or lang()) == "en" else {"w": "b", "b": "p"}


def cell(text: str, language: str | None = None) -> str:
    """A crosstable cell ("1w 0b", "12b2", "+") with the colours of the language ("1b 0p" in pt)."""
    if (language or lang()) == "en" or not _CELL.fullmatch(text):
        return text
    return text.translate(PT_COLOURS)


def register_filters(app: Flask) -> None:
    app.jinja_env.filters["ours"] = ours
    app.jinja_env.filters["dec"] = dec
    app.jinja_env.filters["colours"] = cell
    app.jinja_env.globals["colour_letters"] = colour_letters

"""Titles on record, pure: FIDE's chess titles, the draughts titles (FMJD's, on the 100 and the
64 board), which one an event's lists show, and the TRF 001 title field.

Sources
-------
* FIDE titles: Handbook B.01 (2024) 0.1 lists the over-the-board titles GM, IM, WGM, WIM, FM,
  WFM, CM, WCM.
* TRF title field (columns 11-13 of the 001 record): FIDE Handbook C.04 Annex 2 "TRF16" (and its
  TRF-2026 successor) gives the contents as "GM, IM, WGM, FM, WIM, CM, WFM, WCM", so that is what
  we write. Older files and some programs write the one- and two-letter codes g, m, wg, f, wm,
  c, wf, wc (lower case); `from_trf` reads both [ours: the letter codes are read as the titles
  they abbreviate].
* Draughts: the FMJD titles of `damas.engine.norms.fmjd` (Annex 10, Preamble), each also "for
  the international game on the 64 board" written "MI 64" (`fmjd.abbreviation`).

An event's discipline decides which title its lists show [ours]: a chess event (``xadrez``) the
FIDE title, a draughts event (64 or 100) the draughts title.
"""
from __future__ import annotations

from damas.engine.norms.fmjd import FMJD_TITLES, abbreviation

__all__ = ["CHESS", "FIDE_TITLES", "FMJD_ABBREVIATIONS", "TRF_LETTERS", "event_title", "from_trf", "to_trf"]

CHESS = "xadrez"
# B.01 0.1, strongest first (the order of the form's select).
FIDE_TITLES = ("GM", "IM", "WGM", "WIM", "FM", "WFM", "CM", "WCM")
# The letter codes some TRF files write for the same titles.
TRF_LETTERS = {"g": "GM", "m": "IM", "wg": "WGM", "wm": "WIM", "f": "FM", "wf": "WFM", "c": "CM", "wc": "WCM"}
# Every FMJD title on the 100 board, then on the 64 board ("GMI", ..., "GMI 64", ...).
FMJD_ABBREVIATIONS = tuple(abbreviation(t, board) for board in (100, 64) for t in FMJD_TITLES)
TRF_TITLE_WIDTH = 3


def event_title(discipline: str, fide_title: str | None, draughts_title: str | None) -> str:
    """The title a player's line shows in an event of `discipline` ("" when none)."""
    return (fide_title if discipline == CHESS else draughts_title) or ""


def from_trf(field: str) -> str:
    """A TRF 001 title field as a FIDE title: "GM" or "g" -> "GM"; "" when empty or unknown."""
    text = field.strip()
    if text.upper() in FIDE_TITLES:
        return text.upper()
    return TRF_LETTERS.get(text.lower(), "")


def to_trf(title: str) -> str:
    """What the 001 title field (3 columns) holds for `title`: the title when it fits, else
    nothing [ours: "MI 64" or a long national title cut to 3 letters would be another title]."""
    return title if len(title) <= TRF_TITLE_WIDTH else ""

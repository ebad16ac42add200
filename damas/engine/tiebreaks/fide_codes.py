"""FIDE tie-break acronyms (C.07 art. 5; the TRF-2026 tags 202/212) read as our codes.

FIDE writes modifiers after a slash (``BH/C1``, ``ARO/C1``); our codes use a hyphen (``BH-C1``).
Most acronyms are ours already; these differ:

| FIDE  | ours    | what it is                                                 |
|-------|---------|------------------------------------------------------------|
| WON   | WIN     | games won over the board (C.07 7.2)                        |
| WIN   | WIN-R   | rounds scored as a win, with or without a game (C.07 7.1)  |
| BPG   | BLK     | games played with Black (C.07 7.3)                         |
| BWG   | BWIN    | games won with Black (C.07 7.4)                            |
| GE    | REP     | rounds elected to play (2026: REP, ex GE)                  |

Only ``WIN`` means something else in each vocabulary: `from_fide` reads the FIDE meaning (a TRF
file's list always uses FIDE's), `normalise` keeps ours (a list typed by a user of damas).
``PTS`` (the score itself, first in tag 212) is dropped: standings always rank by score first.
"""
from __future__ import annotations

from damas.engine.tiebreaks.base import get_tiebreak
from damas.engine.types import EngineError

__all__ = ["from_fide", "normalise", "parse_fide_list", "to_fide"]

_FIDE_ONLY = {"WON": "WIN", "BPG": "BLK", "BWG": "BWIN", "GE": "REP"}
_FIDE_MEANING = {**_FIDE_ONLY, "WIN": "WIN-R"}
_TO_FIDE = {ours: fide for fide, ours in _FIDE_MEANING.items() if fide != "GE"}
_MODIFIERS = ("C1", "C2", "M1", "M2")


def _hyphenate(code: str) -> str:
    text = code.strip().upper().replace(" ", "")
    if "/" in text:
        base, _, modifier = text.partition("/")
        if modifier not in _MODIFIERS:
            raise EngineError(f"tie-break {code!r}: modifier /{modifier} is not supported "
                              f"(supported: {', '.join('/' + m for m in _MODIFIERS)})")
        return f"{base}-{modifier}"
    return text


def normalise(code: str) -> str:
    """Our code for `code`, accepting FIDE spellings that do not clash with ours."""
    text = _hyphenate(code)
    return get_tiebreak(_FIDE_ONLY.get(text, text)).code


def from_fide(code: str) -> str:
    """Our code for a FIDE acronym (``WIN`` is FIDE's rounds won, our ``WIN-R``)."""
    text = _hyphenate(code)
    return get_tiebreak(_FIDE_MEANING.get(text, text)).code


def parse_fide_list(text: str) -> tuple[str, ...]:
    """A TRF-2026 202/212 list (comma separated FIDE acronyms) as our codes, ``PTS`` dropped.

    Every unknown or unsupported entry is reported together in one EngineError.
    """
    codes: list[str] = []
    problems: list[str] = []
    for item in text.split(","):
        if not item.strip() or item.strip().upper() == "PTS":
            continue
        try:
            codes.append(from_fide(item))
        except EngineError as exc:
            problems.append(str(exc))
    if problems:
        raise EngineError("; ".join(problems))
    return tuple(codes)


def to_fide(code: str) -> str:
    """The FIDE acronym of one of our codes (for a TRF-2026 tag 202)."""
    ours = get_tiebreak(code).code
    fide = _TO_FIDE.get(ours, ours)
    base, _, modifier = fide.partition("-")
    return f"{base}/{modifier}" if modifier in _MODIFIERS else fide

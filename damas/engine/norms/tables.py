"""The numbers of FIDE Handbook B.01 (Title Regulations, applied from 1 January 2024) that the norm
check uses, as data, each with its article.

Source: https://handbook.fide.com/chapter/B012024 (read through a verbatim transcription of the
page, 1.4.6 to 1.4.9, and a reading note of 1.4.1 to 1.4.5; see the package docstring).
"""
from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

__all__ = [
    "DP_BY_PERCENT",
    "EDITIONS",
    "Edition",
    "NormTitle",
    "TITLE_HOLDER_TITLES",
    "TitleRequirement",
    "UNRATED_RATING",
    "MIN_SCORE_PERCENT",
    "MAX_COUNTED_GAMES",
    "UnsupportedEdition",
    "edition_for",
    "requirement",
]


class NormTitle(str, enum.Enum):
    """The four titles gained by norms (1.4): GM, IM, WGM, WIM."""

    GM = "GM"
    IM = "IM"
    WGM = "WGM"
    WIM = "WIM"


@dataclass(frozen=True)
class TitleRequirement:
    """What one norm asks.

    * `min_performance`: 1.4.8 "minimum level after rounding" (2599.5 before rounding: since Ra is
      rounded (1.4.7b) and dp is whole, `Ra + dp >= 2600` is the same test).
    * `min_average`: 1.4.8a, the minimum rating average Ra of the opponents (also 0.5).
    * `rating_floor`: 1.4.6b, the adjusted rating floor.
    * `qualifying_titles`: 1.4.5b-e, the titles that count as "the title sought or higher".
    * `titled_article`: which of 1.4.5b-e.
    """

    title: NormTitle
    min_performance: int
    min_average: int
    rating_floor: int
    qualifying_titles: frozenset[str]
    titled_article: str


_REQUIREMENTS = {
    NormTitle.GM: TitleRequirement(NormTitle.GM, 2600, 2380, 2200, frozenset({"GM"}), "1.4.5b"),
    NormTitle.IM: TitleRequirement(NormTitle.IM, 2450, 2230, 2050, frozenset({"GM", "IM"}), "1.4.5c"),
    NormTitle.WGM: TitleRequirement(
        NormTitle.WGM, 2400, 2180, 2000, frozenset({"GM", "IM", "WGM"}), "1.4.5d"
    ),
    NormTitle.WIM: TitleRequirement(
        NormTitle.WIM, 2250, 2030, 1850, frozenset({"GM", "IM", "WGM", "WIM"}), "1.4.5e"
    ),
}


def requirement(title: NormTitle | str) -> TitleRequirement:
    """The requirement row of `title` ("GM", "IM", "WGM", "WIM")."""
    return _REQUIREMENTS[NormTitle(title)]


# 1.4.5a: title-holders "as in 0.3, excluding CM and WCM" (0.3.1 lists GM IM FM CM WGM WIM WFM WCM).
TITLE_HOLDER_TITLES = frozenset({"GM", "IM", "FM", "WGM", "WIM", "WFM"})

# 1.4.6d: "Unrated opponents not covered by 1.4.6b shall be considered to be rated 1400."
UNRATED_RATING = 1400

# 1.4.8b: "The minimum score is 35% for all norms."
MIN_SCORE_PERCENT = 35

# 1.7: "Norms achieved in a tournament with more than 13 rounds count only as 13 games."
MAX_COUNTED_GAMES = 13

# 1.4.9 table, p (percent, rounded to the nearest whole number, 0.5% up) -> dp. Transcribed from
# the B.01 2024 page; the same 101 pairs as table 8.1.1 of the Rating Regulations B.02.
_DP_HIGH = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,          # p = .50 .. .59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # p = .60 .. .69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # p = .70 .. .79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # p = .80 .. .89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # p = .90 .. .99
    800,                                            # p = 1.0
)
DP_BY_PERCENT: dict[int, int] = {50 + i: d for i, d in enumerate(_DP_HIGH)}
DP_BY_PERCENT.update({50 - i: -d for i, d in enumerate(_DP_HIGH)})


class UnsupportedEdition(ValueError):
    """No implemented edition of B.01 applies to an event starting on that day."""


@dataclass(frozen=True)
class Edition:
    """One edition of B.01. 0.2 (since 2022): changes "shall apply to those [tournaments] starting on
    or after the date on which they become effective"; 1.5.4: a title result is valid if it
    complied with the regulations in force when the norm was obtained."""

    code: str
    effective_from: date
    url: str


EDITIONS: tuple[Edition, ...] = (
    Edition("B.01-2024", date(2024, 1, 1), "https://handbook.fide.com/chapter/B012024"),
)


def edition_for(start: date) -> Edition:
    """The edition in force for an event that starts on `start` (0.2): the latest whose effective
    date is on or before it. Events starting before 2024-01-01 fall under the 2023 or an older
    edition, which is not implemented: UnsupportedEdition."""
    chosen = None
    for edition in sorted(EDITIONS, key=lambda e: e.effective_from):
        if edition.effective_from <= start:
            chosen = edition
    if chosen is None:
        raise UnsupportedEdition(
            f"no implemented edition of FIDE B.01 for an event starting {start.isoformat()}"
        )
    return chosen

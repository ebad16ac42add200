"""Draughts titles of the FMJD (World Draughts Federation), pure: what of its title regulations
could be read, and no more.

Sources read
------------
* FMJD Statutes, "Annex 10 - FMJD Regulations for recognition of international titles" (ratified
  by the General Assembly of 4 December 1982, modified by the GAs of 1984 to 2011; English version
  created in 2008), in copies at https://paperzz.com/doc/7212183/annex-10-norms-and-titles and
  https://scribd.com/document/610078929/Annex-10-Norms-and-Titles-19-02-2014 (dated 19-02-2014).
  Only the beginning of the text was available: the Preamble and 1 "General Remarks", 1.1 to 1.4.
* A secondary summary of the same annex (a mirror of the Russian Wikipedia article "Международный
  гроссмейстер (шашки)", http://wiki-org.ru/wiki/Международный_гроссмейстер_(шашки)): the titles
  awarded automatically for championship places (`direct_gmi`). Its article number in the annex
  is not known; check it against the annex before relying on it.
* A 2003 proposal to the FMJD General Assembly (https://damforum.nl/bb3/viewtopic.php?f=66&t=66),
  which describes the norms of that time ("a pre-drawn table which decides what number of points
  will meet what precise norm"; TIT norms only from round robins, Swiss tournaments only TIH
  norms) and proposes title conditions (e.g. MF: two MF norms in a TIT tournament, at least 24
  games, a rating of at least 2210). It is a proposal from before the 2009 and 2011 changes, not
  the regulation: nothing of it is implemented.

What was NOT found
------------------
The norm articles of Annex 10 - the tournament category by average rating, the points needed for
an MF / MI / GMI (or MFF / MIF / GMIF) norm, the number of norms per title, the minimum games, the
foreign opponents, the rating conditions - were not in any text read. No number of them is
implemented: `fmjd_norm_requirements` raises `FmjdNormsNotFound`. Until the text is found, a
federation that needs the check can enter the figures it holds as a `national.NationalTitle`
settings row and use `check_national_norm` [ours]. The 64-square titles of the IDF (the former
FMJD Section 64, independent since October 2015, whose General Assembly approved "rules of
assignment of international titles" on 29 August 2016, per https://idf64.org) were not found
either: only their abbreviations under the FMJD annex (Preamble: MF 64, MI 64, GMI 64) are here.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = [
    "ANNEX_10_URL",
    "FMJD_TITLES",
    "Championship",
    "FmjdNormsNotFound",
    "FmjdTitle",
    "FmjdTitleInfo",
    "abbreviation",
    "direct_gmi",
    "fmjd_norm_requirements",
    "parse_abbreviation",
]

ANNEX_10_URL = "https://paperzz.com/doc/7212183/annex-10-norms-and-titles"


class FmjdTitle(str, enum.Enum):
    """Annex 10, Preamble: the titles the regulation concerns."""

    MF = "MF"        # FMJD master
    MI = "MI"        # International Master
    GMI = "GMI"      # International Grandmaster
    MFF = "MFF"      # FMJD master women
    MIF = "MIF"      # International Master women
    GMIF = "GMIF"    # International Grandmaster women
    MFP = "MFP"      # FMJD Master of the Problemism
    MPI = "MPI"      # International Master of the Problemism
    GMPI = "GMPI"    # International Grandmaster of the Problemism


@dataclass(frozen=True)
class FmjdTitleInfo:
    """One title of the Preamble: its name as written, the women's titles, the problemism
    (composition) titles, and its level within its family (1 master, 2 international master,
    3 grandmaster) [ours: the order MF < MI < GMI is the names', the text states no order]."""

    title: FmjdTitle
    name: str
    women: bool
    problemism: bool
    level: int


FMJD_TITLES: dict[FmjdTitle, FmjdTitleInfo] = {
    FmjdTitle.MF: FmjdTitleInfo(FmjdTitle.MF, "FMJD master", False, False, 1),
    FmjdTitle.MI: FmjdTitleInfo(FmjdTitle.MI, "International Master", False, False, 2),
    FmjdTitle.GMI: FmjdTitleInfo(FmjdTitle.GMI, "International Grandmaster", False, False, 3),
    FmjdTitle.MFF: FmjdTitleInfo(FmjdTitle.MFF, "FMJD master women", True, False, 1),
    FmjdTitle.MIF: FmjdTitleInfo(FmjdTitle.MIF, "International Master women", True, False, 2),
    FmjdTitle.GMIF: FmjdTitleInfo(FmjdTitle.GMIF, "International Grandmaster women", True, False, 3),
    FmjdTitle.MFP: FmjdTitleInfo(FmjdTitle.MFP, "FMJD Master of the Problemism", False, True, 1),
    FmjdTitle.MPI: FmjdTitleInfo(FmjdTitle.MPI, "International Master of the Problemism", False, True, 2),
    FmjdTitle.GMPI: FmjdTitleInfo(FmjdTitle.GMPI, "International Grandmaster of the Problemism",
                                  False, True, 3),
}

_BOARDS = (100, 64)


def abbreviation(title: FmjdTitle | str, board: int = 100) -> str:
    """The title's abbreviation. Annex 10, Preamble: "These titles can also be obtained for the
    international game on the 64 board. They have an other abbreviation like MF 64, MI 64, GMI 64"
    - so a 64-board title is written with " 64" after it [ours: for every title of the list, the
    text giving three examples]."""
    title = FmjdTitle(title)
    if board not in _BOARDS:
        raise ValueError(f"board {board}: FMJD titles are for the 100 or the 64 board")
    return title.value if board == 100 else f"{title.value} 64"


def parse_abbreviation(text: str) -> tuple[FmjdTitle, int]:
    """The inverse of `abbreviation`: "GMI" -> (GMI, 100), "MI 64" -> (MI, 64)."""
    parts = text.split()
    if len(parts) == 2 and parts[1] == "64":
        return FmjdTitle(parts[0]), 64
    if len(parts) == 1:
        return FmjdTitle(parts[0]), 100
    raise ValueError(f"not an FMJD title abbreviation: {text!r}")


class FmjdNormsNotFound(LookupError):
    """The norm articles of FMJD Annex 10 were not in the material read (see the module)."""


def fmjd_norm_requirements(title: FmjdTitle | str) -> None:
    """What an FMJD norm asks: NOT IMPLEMENTED, the text was not found. Always raises
    `FmjdNormsNotFound`, so that no caller can claim an FMJD norm from numbers nobody read."""
    title = FmjdTitle(title)
    raise FmjdNormsNotFound(
        f"the FMJD norm requirements for {title.value} (Annex 10, after 1.4) were not in the text "
        f"read ({ANNEX_10_URL}); enter them as a national.NationalTitle settings row"
    )


class Championship(str, enum.Enum):
    """The championships of the automatic GMI (secondary summary, see `direct_gmi`)."""

    WORLD = "world"            # World Championship, or the World Mind Games
    EUROPEAN = "european"
    AMERICAN = "american"
    ASIAN = "asian"


def direct_gmi(championship: Championship | str, place: int, players: int) -> bool:
    """Whether a place in a championship gives the GMI title automatically, as the secondary
    summary of Annex 10 (wiki-org.ru, see the module) states it: places 1-3 of a World
    Championship (World Mind Games) or European Championship with at least 20 players; places 1-2
    of one with at least 16 players; place 1 of the American or Asian Championship with at least
    16 players. The summary says nothing of the women's titles, of MI or MF, or of Africa: those
    give False here, which means "not found", not "no title". The annex article is unknown."""
    championship = Championship(championship)
    if place < 1:
        raise ValueError("place starts at 1")
    if championship in (Championship.WORLD, Championship.EUROPEAN):
        return (players >= 20 and place <= 3) or (players >= 16 and place <= 2)
    return players >= 16 and place == 1

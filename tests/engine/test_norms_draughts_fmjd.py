"""FMJD titles: what Annex 10 (Preamble, 1.1-1.4) and the secondary summary say, and that the norm
requirements, not found in any text read, refuse to be computed."""
from __future__ import annotations

import pytest

from damas.engine.norms import (
    FMJD_TITLES,
    Championship,
    FmjdNormsNotFound,
    FmjdTitle,
    abbreviation,
    direct_gmi,
    fmjd_norm_requirements,
    parse_abbreviation,
)


def test_the_preamble_lists_nine_titles():
    assert [t.value for t in FMJD_TITLES] == ["MF", "MI", "GMI", "MFF", "MIF", "GMIF", "MFP", "MPI", "GMPI"]
    assert {t.value for t, i in FMJD_TITLES.items() if i.women} == {"MFF", "MIF", "GMIF"}
    assert {t.value for t, i in FMJD_TITLES.items() if i.problemism} == {"MFP", "MPI", "GMPI"}
    assert FMJD_TITLES[FmjdTitle.GMIF].name == "International Grandmaster women"
    assert [FMJD_TITLES[t].level for t in (FmjdTitle.MF, FmjdTitle.MI, FmjdTitle.GMI)] == [1, 2, 3]


@pytest.mark.parametrize("title, board, text", [
    ("GMI", 100, "GMI"), ("MI", 64, "MI 64"), ("MF", 64, "MF 64"), (FmjdTitle.GMIF, 64, "GMIF 64"),
])
def test_64_board_titles_have_their_own_abbreviation(title, board, text):
    # Preamble: "They have an other abbreviation like MF 64, MI 64, GMI 64".
    assert abbreviation(title, board) == text
    assert parse_abbreviation(text) == (FmjdTitle(title), board)


def test_only_the_100_and_64_boards():
    with pytest.raises(ValueError):
        abbreviation("GMI", 144)
    with pytest.raises(ValueError):
        parse_abbreviation("GMI 100")
    with pytest.raises(ValueError):
        parse_abbreviation("GM")


@pytest.mark.parametrize("title", list(FmjdTitle))
def test_norm_requirements_were_not_found_and_are_not_invented(title):
    with pytest.raises(FmjdNormsNotFound, match="not in the text read"):
        fmjd_norm_requirements(title)


@pytest.mark.parametrize("championship, place, players, gmi", [
    (Championship.WORLD, 3, 20, True),      # 1-3 with at least 20 players
    (Championship.WORLD, 3, 19, False),     # 19 players: only 1-2 ...
    (Championship.WORLD, 2, 19, True),      # ... with at least 16
    (Championship.EUROPEAN, 2, 16, True),
    (Championship.EUROPEAN, 2, 15, False),  # fewer than 16: none
    (Championship.EUROPEAN, 4, 40, False),
    (Championship.ASIAN, 1, 16, True),      # continental: 1st place, at least 16 players
    (Championship.AMERICAN, 1, 15, False),
    (Championship.ASIAN, 2, 30, False),
])
def test_direct_gmi_as_the_secondary_summary_states_it(championship, place, players, gmi):
    assert direct_gmi(championship, place, players) is gmi


def test_direct_gmi_place_starts_at_one():
    with pytest.raises(ValueError):
        direct_gmi("world", 0, 20)

"""The numbers of FIDE B.01 (2024) as the engine holds them: the 1.4.9 table, the per-title
requirements (0.5, 1.4.5, 1.4.6b, 1.4.8), the opponent-mix numbers (1.4.4, 1.4.5) and the
points-needed tables derived from 1.4.8/1.4.9, row by row."""
from __future__ import annotations

from datetime import date

import pytest

from damas.engine.norms import (
    DP_BY_PERCENT,
    NormTitle,
    UnsupportedEdition,
    dp_for,
    edition_for,
    mix_limits,
    norm_table,
    percentage,
    points_needed,
    requirement,
)

# 1.4.9 as printed: six columns of (p, dp), read down each column (B.01 2024).
PRINTED_COLUMNS = [
    [(100, 800), (99, 677), (98, 589), (97, 538), (96, 501), (95, 470), (94, 444), (93, 422), (92, 401),
     (91, 383), (90, 366), (89, 351), (88, 336), (87, 322), (86, 309), (85, 296), (84, 284)],
    [(83, 273), (82, 262), (81, 251), (80, 240), (79, 230), (78, 220), (77, 211), (76, 202), (75, 193),
     (74, 184), (73, 175), (72, 166), (71, 158), (70, 149), (69, 141), (68, 133), (67, 125)],
    [(66, 117), (65, 110), (64, 102), (63, 95), (62, 87), (61, 80), (60, 72), (59, 65), (58, 57), (57, 50),
     (56, 43), (55, 36), (54, 29), (53, 21), (52, 14), (51, 7), (50, 0)],
    [(49, -7), (48, -14), (47, -21), (46, -29), (45, -36), (44, -43), (43, -50), (42, -57), (41, -65),
     (40, -72), (39, -80), (38, -87), (37, -95), (36, -102), (35, -110), (34, -117), (33, -125)],
    [(32, -133), (31, -141), (30, -149), (29, -158), (28, -166), (27, -175), (26, -184), (25, -193),
     (24, -202), (23, -211), (22, -220), (21, -230), (20, -240), (19, -251), (18, -262), (17, -273),
     (16, -284)],
    [(15, -296), (14, -309), (13, -322), (12, -336), (11, -351), (10, -366), (9, -383), (8, -401),
     (7, -422), (6, -444), (5, -470), (4, -501), (3, -538), (2, -589), (1, -677), (0, -800)],
]
PRINTED = [pair for column in PRINTED_COLUMNS for pair in column]


@pytest.mark.parametrize(("p", "dp"), PRINTED, ids=[f"p{p}" for p, _ in PRINTED])
def test_dp_table_row(p, dp):
    assert DP_BY_PERCENT[p] == dp


def test_dp_table_has_the_101_rows_and_nothing_else():
    assert len(PRINTED) == 101
    assert sorted(DP_BY_PERCENT) == list(range(101))


def test_dp_table_is_antisymmetric_and_increasing():
    for p in range(101):
        assert DP_BY_PERCENT[p] == -DP_BY_PERCENT[100 - p]
    assert all(DP_BY_PERCENT[p] < DP_BY_PERCENT[p + 1] for p in range(100))


def test_dp_table_equals_the_rating_regulations_table_8_1_1_held_by_the_tiebreaks():
    from damas.engine.tiebreaks.ratings import DP_TABLE

    assert tuple(DP_BY_PERCENT[p] for p in range(101)) == DP_TABLE


@pytest.mark.parametrize(("half", "games", "p"), [
    (14, 9, 78),   # 7/9 = 77.8%
    (13, 9, 72),   # 6.5/9 = 72.2%
    (9, 9, 50),
    (7, 10, 35),   # 3.5/10 = 35%
    (1, 8, 6),     # 0.5/8 = 6.25%
    (5, 8, 31),    # 2.5/8 = 31.25%
    (3, 8, 19),    # 1.5/8 = 18.75% -> 19
    (1, 40, 1),    # 0.5/40 = 1.25%
    (1, 200, 0),   # 0.5/200 = 0.25%
])
def test_percentage_rounds_to_the_whole_number_half_up(half, games, p):
    assert percentage(half, games) == p


def test_percentage_half_percent_goes_up():
    # "All percentages are rounded to the nearest whole number. 0.5% is rounded up." (1.4.9)
    assert percentage(13, 20) == 33  # 6.5/20 = 32.5%
    assert percentage(7, 4) == 88    # 3.5/4 = 87.5%


def test_dp_for_uses_the_rounded_percentage():
    assert dp_for(14, 9) == 220
    assert dp_for(13, 9) == 166


@pytest.mark.parametrize(("title", "perf", "avg", "floor", "qualifying"), [
    ("GM", 2600, 2380, 2200, {"GM"}),
    ("IM", 2450, 2230, 2050, {"GM", "IM"}),
    ("WGM", 2400, 2180, 2000, {"GM", "IM", "WGM"}),
    ("WIM", 2250, 2030, 1850, {"GM", "IM", "WGM", "WIM"}),
])
def test_title_requirements(title, perf, avg, floor, qualifying):
    req = requirement(title)
    assert (req.min_performance, req.min_average, req.rating_floor) == (perf, avg, floor)
    assert req.qualifying_titles == qualifying


@pytest.mark.parametrize(("games", "th", "sought", "own", "one"), [
    (7, 4, 3, 4, 4),
    (8, 4, 3, 4, 5),
    (9, 5, 3, 5, 6),
    (10, 5, 4, 6, 6),
    (11, 6, 4, 6, 7),
    (12, 6, 4, 7, 8),
    (13, 7, 5, 7, 8),
])
def test_mix_limits_minima_up_maxima_down(games, th, sought, own, one):
    assert mix_limits(games, "GM") == {
        "title_holders": th, "title_sought": sought, "own_federation_max": own, "one_federation_max": one,
    }


# The 9-game tables, worked from 1.4.8/1.4.9 by hand: (points, least Ra). 35% of 9 = 3.15 -> 3.5.
NINE_GAMES = {
    "GM": [(3.5, 2680), (4, 2643), (4.5, 2600), (5, 2557), (5.5, 2520), (6, 2475), (6.5, 2434),
           (7, 2380), (7.5, 2380), (8, 2380), (8.5, 2380), (9, 2380)],
    "IM": [(3.5, 2530), (4, 2493), (4.5, 2450), (5, 2407), (5.5, 2370), (6, 2325), (6.5, 2284),
           (7, 2230), (7.5, 2230), (8, 2230), (8.5, 2230), (9, 2230)],
    "WGM": [(3.5, 2480), (4, 2443), (4.5, 2400), (5, 2357), (5.5, 2320), (6, 2275), (6.5, 2234),
            (7, 2180), (7.5, 2180), (8, 2180), (8.5, 2180), (9, 2180)],
    "WIM": [(3.5, 2330), (4, 2293), (4.5, 2250), (5, 2207), (5.5, 2170), (6, 2125), (6.5, 2084),
            (7, 2030), (7.5, 2030), (8, 2030), (8.5, 2030), (9, 2030)],
}


@pytest.mark.parametrize("title", list(NINE_GAMES))
def test_nine_game_norm_table_every_row(title):
    rows = norm_table(title, 9)
    assert [(r.points_half / 2, r.min_average) for r in rows] == NINE_GAMES[title]


def test_ten_and_thirteen_game_gm_tables():
    # 10 games: 35% = 3.5; 7/10 = 70% -> 149 -> 2451; 7.5 = 75% -> 193 -> 2407; 8 = 80% -> 240 -> 2380.
    ten = {r.points_half: r.min_average for r in norm_table("GM", 10)}
    assert min(ten) == 7
    assert (ten[14], ten[15], ten[16], ten[10]) == (2451, 2407, 2380, 2600)
    # 13 games: 35% of 13 = 4.55 -> 5; 9.5/13 = 73.1% -> 73 -> 175 -> 2425; 10/13 = 76.9 -> 77 -> 211 -> 2389.
    thirteen = {r.points_half: r.min_average for r in norm_table("GM", 13)}
    assert min(thirteen) == 10
    assert (thirteen[19], thirteen[20], thirteen[21]) == (2425, 2389, 2380)


@pytest.mark.parametrize(("title", "games", "ra", "half"), [
    ("GM", 9, 2380, 14), ("GM", 9, 2433, 14), ("GM", 9, 2434, 13), ("GM", 9, 2379, None),
    ("GM", 9, 2700, 7),   # 3.5/9 = 39% -> -80 -> 2620; 3/9 is under 35%
    ("IM", 9, 2300, 13), ("WIM", 9, 2030, 14), ("WGM", 9, 2300, 12),
    ("GM", 0, 2600, None),
])
def test_points_needed(title, games, ra, half):
    assert points_needed(title, games, ra) == half


def test_edition_is_chosen_by_the_start_date():
    assert edition_for(date(2024, 1, 1)).code == "B.01-2024"
    assert edition_for(date(2026, 5, 3)).code == "B.01-2024"
    with pytest.raises(UnsupportedEdition):
        edition_for(date(2023, 12, 31))


def test_titles_are_the_four_norm_titles():
    assert {t.value for t in NormTitle} == {"GM", "IM", "WGM", "WIM"}

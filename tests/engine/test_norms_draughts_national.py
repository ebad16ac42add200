"""National titles (federation settings, rules [ours]): golden events worked by hand, and the
title check. The title below is an example for the tests, not a real federation's."""
from __future__ import annotations

from fractions import Fraction

import pytest

from damas.engine.norms import (
    GameKind,
    NationalTitle,
    NormGame,
    NormPlayer,
    check_national_norm,
    check_national_title,
    national_points_needed,
)
from damas.engine.norms.national import REQ_AVERAGE, REQ_GAMES, REQ_NORMS, REQ_RATING, REQ_SCORE

PLAYER = NormPlayer(id=7, federation="BRA", rating=2150, name="Seeker")
MN = NationalTitle(code="MN", name="Mestre Nacional", rating_threshold=2200, norms_needed=2,
                   min_games=9, min_average=2000, min_score_percent=55)


def games(rows):
    """rows: (rating, half_points), one per round from round 1."""
    return [NormGame(round=i, half_points=h, opponent_id=100 + i, opponent_rating=r,
                     opponent_federation="BRA") for i, (r, h) in enumerate(rows, start=1)]


# Sum 18320 / 9 = 2035.56 -> 2036 (>= 2000). 12 half-points = 6/9 = 66.7% (>= 55%).
# Needed: 55% of 18 half-points = 9.9 -> 10 half-points (5 points).
MET = [(2100, 2), (2050, 1), (1980, 2), (2000, 1), (2150, 2), (1950, 1), (2020, 1), (2080, 2), (1990, 0)]


def test_met():
    c = check_national_norm(PLAYER, games(MET), MN)
    assert c.met and c.missing == () and c.missing_codes == ()
    assert (c.games, c.points_half, c.points_needed_half) == (9, 12, 10)
    assert c.points == 6 and c.points_needed == 5
    assert c.average_exact == Fraction(18320, 9) and c.average_rating == 2036
    assert c.score_percent == Fraction(200, 3) and c.percentage == 67
    assert c.counted_rounds == tuple(range(1, 10)) and c.title_code == "MN" and c.player_id == 7


def test_missed_by_score():
    # Rounds 5 and 8 lost instead of won: 8 half-points = 4/9 = 44.4% < 55%; 10 needed.
    rows = list(MET)
    rows[4], rows[7] = (2150, 0), (2080, 0)
    c = check_national_norm(PLAYER, games(rows), MN)
    assert not c.met and c.missing_codes == (REQ_SCORE,)
    s = c.missing[0]
    assert (s.key, s.required, s.actual) == ("norm.min_score", 10, 8)


def test_the_score_is_compared_exactly_not_rounded():
    # 56%: 56% of 18 = 10.08 -> 11 half-points. 10 half-points = 55.56%, shown as 56, not enough.
    title = NationalTitle("MN", "Mestre Nacional", 2200, 2, 9, 2000, 56)
    rows = list(MET)
    rows[7] = (2080, 0)  # 10 half-points
    c = check_national_norm(PLAYER, games(rows), title)
    assert c.percentage == 56 and c.points_needed_half == 11
    assert c.missing_codes == (REQ_SCORE,)


def test_missed_by_opponents_average():
    # Same results, every opponent 1980: 17820 / 9 = 1980 < 2000.
    rows = [(1980, h) for _, h in MET]
    c = check_national_norm(PLAYER, games(rows), MN)
    assert c.missing_codes == (REQ_AVERAGE,)
    s = c.missing[0]
    assert (s.key, s.required, s.actual) == ("norm.average", 2000, 1980)


def test_the_average_rounds_half_up():
    # 10 games: 5 x 2000 + 5 x 1999 = 19995 / 10 = 1999.5 -> 2000, enough.
    rows = [(2000, 2)] * 5 + [(1999, 1)] * 5
    c = check_national_norm(PLAYER, games(rows), MN)
    assert c.average_exact == Fraction(3999, 2) and c.average_rating == 2000 and c.met


def test_missed_by_number_of_games():
    # Round 9 won by forfeit: not a game (as FIDE 1.4.2c); 8 games < 9.
    # 8 games: 18320 - 1990 = 16330 / 8 = 2041.25 -> 2041; 12 half-points of 16 = 75%.
    rows = games(MET)
    rows[8] = NormGame(round=9, kind=GameKind.FORFEIT_WIN, half_points=2, opponent_rating=1990)
    c = check_national_norm(PLAYER, rows, MN)
    assert c.missing_codes == (REQ_GAMES,)
    assert (c.missing[0].key, c.missing[0].required, c.missing[0].actual) == ("norm.games", 9, 8)
    assert [(e.round, e.key) for e in c.excluded] == [(9, "norm.excluded.not_played")]
    assert c.average_rating == 2041 and c.points_needed_half == 9


def test_byes_and_pending_rounds_are_no_games():
    rows = games(MET[:7]) + [NormGame(round=8, kind=GameKind.PAIRING_BYE, half_points=2),
                             NormGame(round=9, kind=GameKind.PENDING)]
    c = check_national_norm(PLAYER, rows, MN)
    assert c.games == 7 and [e.key for e in c.excluded] == ["norm.excluded.bye", "norm.excluded.pending"]
    assert c.missing_codes == (REQ_GAMES,)


def test_unrated_opponents_do_not_count_unless_the_title_rates_them():
    rows = games(MET)
    rows[8] = NormGame(round=9, half_points=0, opponent_rating=None)
    c = check_national_norm(PLAYER, rows, MN)
    assert c.games == 8 and c.excluded[0].article == REQ_AVERAGE
    assert c.excluded[0].key == "norm.excluded.unrated" and c.missing_codes == (REQ_GAMES,)
    # Rated 1800 by the title: 18320 - 1990 + 1800 = 18130 / 9 = 2014.4 -> 2014.
    rated = NationalTitle("MN", "Mestre Nacional", 2200, 2, 9, 2000, 55, unrated_rating=1800)
    c = check_national_norm(PLAYER, rows, rated)
    assert c.met and c.unrated == 1 and c.average_rating == 2014


def test_every_shortfall_at_once_in_order():
    c = check_national_norm(PLAYER, games([(1500, 0)] * 3), MN)
    assert c.missing_codes == (REQ_GAMES, REQ_AVERAGE, REQ_SCORE)
    assert [s.actual for s in c.missing] == [3, 1500, 0]


def test_no_games():
    c = check_national_norm(PLAYER, [], MN)
    assert c.games == 0 and c.average_rating is None and c.percentage is None
    assert c.missing_codes == (REQ_GAMES, REQ_AVERAGE) and c.missing[1].actual is None


def test_no_average_condition():
    title = NationalTitle("CM", "Candidato a Mestre", None, 1, 9, None, 50)
    c = check_national_norm(PLAYER, games([(1200, 1)] * 9), title)
    assert c.met and c.average_rating == 1200


@pytest.mark.parametrize("games_, pct, half",
                         [(9, 55, 10), (9, 50, 9), (10, 50, 10), (11, 0, 0), (7, 100, 14)])
def test_points_needed(games_, pct, half):
    title = NationalTitle("X", "X", None, 1, 1, None, pct)
    assert national_points_needed(title, games_) == half


@pytest.mark.parametrize("rating, norms, codes", [
    (2210, 2, ()),
    (2200, 3, ()),
    (2199, 2, (REQ_RATING,)),
    (None, 2, (REQ_RATING,)),
    (2300, 1, (REQ_NORMS,)),
    (2100, 0, (REQ_RATING, REQ_NORMS)),
])
def test_title_check(rating, norms, codes):
    c = check_national_title(rating, norms, MN)
    assert c.missing_codes == codes and c.met is (codes == ())
    keys = {REQ_RATING: "title.rating", REQ_NORMS: "title.norms"}
    assert [s.key for s in c.missing] == [keys[k] for k in codes]


def test_title_without_rating_threshold():
    title = NationalTitle("CM", "Candidato a Mestre", None, 1, 9, None, 50)
    assert check_national_title(None, 1, title).met


def test_settings_round_trip_and_validation():
    data = MN.to_settings()
    assert data["code"] == "MN" and data["min_score_percent"] == 55 and data["unrated_rating"] is None
    assert NationalTitle.from_settings(data) == MN
    with pytest.raises(ValueError, match="unknown"):
        NationalTitle.from_settings({**data, "colour": "blue"})
    with pytest.raises(ValueError):
        NationalTitle("MN", "x", 2200, 2, 0, None, 50)
    with pytest.raises(ValueError):
        NationalTitle("MN", "x", 2200, 2, 9, None, 101)
    with pytest.raises(ValueError):
        NationalTitle("", "x", 2200, 2, 9, None, 50)

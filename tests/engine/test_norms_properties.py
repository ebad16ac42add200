"""Properties of the norm check (FIDE B.01 2024 1.4) over generated events."""
from __future__ import annotations

from datetime import date

from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.norms import (
    NormEvent,
    NormGame,
    NormPlayer,
    PairingSystem,
    check_norm,
    norm_table,
    performance,
    points_needed,
)

TITLES = st.sampled_from(["GM", "IM", "WGM", "WIM"])
OPP_TITLE = st.sampled_from([None, "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM"])
FED = st.sampled_from(["BRA", "GER", "ARG", "USA", "FID"])
RATING = st.one_of(st.none(), st.integers(1400, 2750))
SCORE_ARTICLES = {"1.4.8", "1.4.8b"}

EVENT = NormEvent(rounds=11, system=PairingSystem.SWISS, host_federation="BRA", start=date(2024, 9, 1))
PLAYER = NormPlayer(id=1, federation="BRA")


@st.composite
def events(draw):
    n = draw(st.integers(7, 11))
    return [NormGame(round=i + 1, half_points=draw(st.integers(0, 2)), opponent_id=i + 100,
                     opponent_rating=draw(RATING), opponent_title=draw(OPP_TITLE),
                     opponent_federation=draw(FED)) for i in range(n)]


@settings(max_examples=300, deadline=None)
@given(events(), TITLES, st.data())
def test_a_better_result_never_costs_the_norm_by_score(games, title, data):
    before = check_norm(PLAYER, games, EVENT, title)
    improvable = [i for i, g in enumerate(games) if g.half_points < 2]
    if not improvable:
        return
    i = data.draw(st.sampled_from(improvable))
    better = list(games)
    g = games[i]
    better[i] = NormGame(round=g.round, half_points=g.half_points + 1, opponent_id=g.opponent_id,
                         opponent_rating=g.opponent_rating, opponent_title=g.opponent_title,
                         opponent_federation=g.opponent_federation)
    after = check_norm(PLAYER, better, EVENT, title)
    if before.met:
        assert after.met
    assert set(after.missing_articles) - SCORE_ARTICLES == set(before.missing_articles) - SCORE_ARTICLES
    if not SCORE_ARTICLES & set(before.missing_articles):
        assert not SCORE_ARTICLES & set(after.missing_articles)
    assert after.performance >= before.performance


@settings(max_examples=300, deadline=None)
@given(events(), TITLES)
def test_the_check_is_consistent_with_points_needed(games, title):
    c = check_norm(PLAYER, games, EVENT, title)
    assert c.met == (c.missing == ())
    score_ok = not SCORE_ARTICLES & set(c.missing_articles) and "1.4.8a" not in c.missing_articles
    assert score_ok == (c.points_needed_half is not None and c.points_half >= c.points_needed_half)
    assert isinstance(c.average_rating, int) and isinstance(c.points_half, int)


@given(TITLES, st.integers(1, 19), st.integers(1800, 2800), st.integers(0, 60))
def test_points_needed_falls_as_the_average_rises(title, games, ra, step):
    low, high = points_needed(title, games, ra), points_needed(title, games, ra + step)
    if low is not None:
        assert high is not None and high <= low


@given(st.integers(1, 19), st.integers(2000, 2800))
def test_performance_rises_with_the_score(games, ra):
    values = [performance(ra, h, games) for h in range(2 * games + 1)]
    assert values == sorted(values)


@given(TITLES, st.integers(7, 19))
def test_norm_table_rows_fall_as_the_score_rises(title, games):
    rows = norm_table(title, games)
    assert [r.min_average for r in rows] == sorted((r.min_average for r in rows), reverse=True)
    for r in rows:
        assert points_needed(title, games, r.min_average) <= r.points_half

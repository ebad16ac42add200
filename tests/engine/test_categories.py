"""Categories (RULES.md §1 "Ages", §8; CBJD 124, 125): membership by year of birth, sex, rating,
state; category tables with their own tiebreak order."""
from __future__ import annotations

import pytest

from damas.engine.categories import (
    ABSOLUTE,
    Category,
    age_category,
    categories_of,
    category_standings,
    default_categories,
    find_category,
    members,
)
from damas.engine.rulesets import get_ruleset
from damas.engine.types import Color, EngineError, Entrant, Outcome, RoundResult, TournamentState

W, D = Outcome.WIN, Outcome.DRAW


def test_default_set_is_the_cbjd_set():
    codes = [c.code for c in default_categories()]
    assert codes == ["absoluto", "sub-10", "sub-12", "sub-14", "sub-16", "sub-18", "sub-21", "sub-23",
                     "feminino"]
    assert find_category(default_categories(), ABSOLUTE).is_absolute
    assert not find_category(default_categories(), "feminino").is_absolute
    with pytest.raises(EngineError, match="no category"):
        find_category(default_categories(), "sub-99")


def test_under_n_by_year_of_birth():
    # RULES.md §1: Under 20 in 2008 = born in 1988 or later; so sub-14 in 2026 = born 2012 or later.
    assert age_category(20).admits(Entrant(1, "A", birth_year=1988), 2008)
    assert not age_category(20).admits(Entrant(1, "A", birth_year=1987), 2008)
    sub14 = age_category(14)
    assert sub14.admits(Entrant(1, "A", birth_year=2012), 2026)
    assert not sub14.admits(Entrant(1, "A", birth_year=2011), 2026)
    assert not sub14.admits(Entrant(1, "A", birth_year=None), 2026)  # unknown age: no age category


def test_a_player_is_in_every_category_his_age_allows():
    girl = Entrant(7, "Júlia", sex="f", birth_year=2015)  # 11 in 2026
    assert categories_of(girl, default_categories(), 2026) == (
        "absoluto", "sub-12", "sub-14", "sub-16", "sub-18", "sub-21", "sub-23", "feminino")
    boy = Entrant(8, "Caio", sex="m", birth_year=2004)  # 22 in 2026
    assert categories_of(boy, default_categories(), 2026) == ("absoluto", "sub-23")
    unknown = Entrant(9, "X")
    assert categories_of(unknown, default_categories(), 2026) == ("absoluto",)


def test_custom_criteria_combine():
    vet = Category("60+", "Veterano 60+", "Seniors 60+", min_age=60)
    assert vet.admits(Entrant(1, "A", birth_year=1966), 2026)
    assert not vet.admits(Entrant(1, "A", birth_year=1967), 2026)
    band = Category("u1800-sp", "Sub-1800 SP", "U1800 SP", rating_max=1799, states=frozenset({"sp"}))
    assert band.admits(Entrant(1, "A", rating=1799, federation="SP"), 2026)
    assert band.admits(Entrant(1, "A", rating=0, federation="sp"), 2026)  # unrated counts as 0
    assert not band.admits(Entrant(1, "A", rating=1800, federation="SP"), 2026)
    assert not band.admits(Entrant(1, "A", rating=1500, federation="RJ"), 2026)
    girls = Category("fem-sub-12", "Feminino sub-12", "Girls U12", max_age=12, sex="f")
    assert girls.admits(Entrant(1, "A", sex="F", birth_year=2014), 2026)
    assert not girls.admits(Entrant(1, "A", sex="m", birth_year=2014), 2026)
    assert not girls.admits(Entrant(1, "A", sex="f", birth_year=2013), 2026)


@pytest.mark.parametrize("kwargs, message", [
    ({"sex": "x"}, "sex"), ({"max_age": -1}, "max_age"), ({"rating_min": 2000, "rating_max": 1000}, "empty"),
])
def test_invalid_categories(kwargs, message):
    with pytest.raises(EngineError, match=message):
        Category("c", "C", "C", **kwargs)
    with pytest.raises(EngineError, match="code"):
        Category(" c", "C", "C")


def _rr() -> TournamentState:
    """The 4-player round robin of test_standings: cbjd totals P1 3, P2 4, P3 3, P4 2."""
    games = [(1, 1, 4, W), (1, 2, 3, D), (2, 4, 3, W), (2, 1, 2, D), (3, 2, 4, W), (3, 3, 1, W)]
    res: dict[int, list[RoundResult]] = {i: [] for i in range(1, 5)}
    for rnd, white, black, outcome in games:
        res[white].append(RoundResult(rnd, outcome, black, Color.WHITE))
        res[black].append(RoundResult(rnd, outcome.mirror, white, Color.BLACK))
    entrants = (Entrant(1, "P1", sex="m", birth_year=1980), Entrant(2, "P2", sex="m", birth_year=1990),
                Entrant(3, "P3", sex="f", birth_year=2013), Entrant(4, "P4", sex="f", birth_year=2000))
    return TournamentState(entrants, {k: tuple(v) for k, v in res.items()}, 3)


def test_category_standings_use_the_category_order():
    state = _rr()
    cats = {c.code: c for c in default_categories()}
    assert members(cats["feminino"], state.entrants, 2026) == (3, 4)
    fem = category_standings(state, "cbjd", cats["feminino"], 2026)
    assert fem.tiebreak_order == ("BH-C1", "BH", "BH-M1", "PS", "PS-CORR")  # CBJD 124
    assert [(r.rank_label, r.start_no, r.points) for r in fem.rows] == [("1", 3, 3), ("2", 4, 2)]
    absolute = category_standings(state, get_ruleset("cbjd"), cats["absoluto"], 2026)
    assert absolute.tiebreak_order == ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1")  # CBJD 123/124
    # P1 and P3 both 3 points; PS by hand: P1 2,3,3 = 8; P3 1,1,3 = 5 -> P1 second.
    assert [r.start_no for r in absolute.rows] == [2, 1, 3, 4]
    sub14 = category_standings(state, "cbjd", cats["sub-14"], 2026, order=["DE"])
    assert sub14.tiebreak_order == ("DE",) and [r.start_no for r in sub14.rows] == [3]


def test_empty_category_and_own_order():
    state = _rr()
    sub10 = category_standings(state, "cbjd", age_category(10), 2026)
    assert sub10.rows == ()
    own = Category("clube", "Clube", "Club", states=frozenset({"PR"}), tiebreaks=("DE",))
    assert own.tiebreak_order(get_ruleset("cbjd")) == ("DE",)
    assert category_standings(state, "fide", own, 2026).rows == ()

"""Who may enter a championship section (damas.engine.eligibility): each criterion refuses with
its own reason; ages on a date or by year of birth (CBJD 125); CBJD 124 categories."""
from __future__ import annotations

from datetime import date

import pytest

from damas.engine.categories import Category, age_category
from damas.engine.eligibility import PlayerFacts, SectionRules, age_on, reasons
from damas.engine.types import EngineError


def facts(**kw: object) -> PlayerFacts:
    base = {"birth_date": date(2000, 6, 15), "sex": "M", "rating": 1500, "member": True, "state": "SP"}
    base.update(kw)
    return PlayerFacts(**base)  # type: ignore[arg-type]


def codes(rules: SectionRules, player: PlayerFacts) -> list[str]:
    return [r.code for r in reasons(rules, player)]


def test_open_section_admits_everyone() -> None:
    rules = SectionRules(event_year=2026)
    assert rules.is_open
    assert reasons(rules, facts(birth_date=None, sex="", rating=0, member=False)) == []


def test_age_on_a_date_counts_completed_years() -> None:
    assert age_on(date(2012, 3, 10), date(2026, 3, 9)) == 13
    assert age_on(date(2012, 3, 10), date(2026, 3, 10)) == 14
    rules = SectionRules(event_year=2026, max_age=13, age_on=date(2026, 3, 9))
    assert reasons(rules, facts(birth_date=date(2012, 3, 10))) == []
    late = SectionRules(event_year=2026, max_age=13, age_on=date(2026, 3, 10))
    [reason] = reasons(late, facts(birth_date=date(2012, 3, 10)))
    assert reason.code == "too_old" and reason.values["age"] == 14 and reason.values["max_age"] == 13
    assert reason.values["on"] == date(2026, 3, 10)


def test_age_by_year_of_birth_without_a_date() -> None:
    """CBJD 125: sub-14 in 2026 = born in or after 2012, whatever the day."""
    rules = SectionRules(event_year=2026, max_age=14)
    assert reasons(rules, facts(birth_date=date(2012, 12, 31))) == []
    assert reasons(rules, facts(birth_date=date(2012, 1, 1))) == []
    [reason] = reasons(rules, facts(birth_date=date(2011, 12, 31)))
    assert reason.code == "too_old" and reason.values["age"] == 15 and reason.values["on"] is None


def test_minimum_age() -> None:
    rules = SectionRules(event_year=2026, min_age=60)
    assert codes(rules, facts(birth_date=date(1966, 12, 31))) == []
    [reason] = reasons(rules, facts(birth_date=date(1967, 1, 1)))
    assert reason.code == "too_young" and reason.values == {"age": 59, "min_age": 60, "on": None, "year": 2026}


def test_unknown_birth_date_fails_an_age_rule() -> None:
    assert codes(SectionRules(event_year=2026, max_age=18), facts(birth_date=None)) == ["age_unknown"]


def test_sex() -> None:
    rules = SectionRules(event_year=2026, sex="F")
    assert rules.sex == "f"
    assert codes(rules, facts(sex="F")) == []
    assert codes(rules, facts(sex="M")) == ["sex"]
    assert codes(rules, facts(sex="")) == ["sex"]


def test_rating_floor_and_ceiling() -> None:
    rules = SectionRules(event_year=2026, rating_min=1400, rating_max=1800)
    assert codes(rules, facts(rating=1400)) == []
    assert codes(rules, facts(rating=1800)) == []
    [low] = reasons(rules, facts(rating=0))
    assert low.code == "rating_low" and low.values == {"rating": 0, "rating_min": 1400}
    [high] = reasons(rules, facts(rating=1801))
    assert high.code == "rating_high" and high.values == {"rating": 1801, "rating_max": 1800}


def test_members_only() -> None:
    rules = SectionRules(event_year=2026, members_only=True)
    assert codes(rules, facts(member=True)) == []
    assert codes(rules, facts(member=False)) == ["not_member"]


def test_category_of_the_event() -> None:
    sub12 = age_category(12)
    rules = SectionRules(event_year=2026, category_code="sub-12", category=sub12)
    assert codes(rules, facts(birth_date=date(2014, 1, 1))) == []
    [reason] = reasons(rules, facts(birth_date=date(2013, 12, 31)))
    assert reason.code == "category" and reason.values == {"category": "sub-12", "name": "Sub-12"}
    women = Category("feminino", "Feminino", "Women", sex="f")
    assert codes(SectionRules(event_year=2026, category_code="feminino", category=women), facts(sex="M")) == ["category"]


def test_a_category_the_event_lost_admits_nobody() -> None:
    rules = SectionRules(event_year=2026, category_code="sub-99")
    assert [(r.code, r.values) for r in reasons(rules, facts())] == [("category", {"category": "sub-99", "name": "sub-99"})]


def test_every_failed_criterion_is_listed() -> None:
    rules = SectionRules(event_year=2026, max_age=16, sex="f", rating_max=1200, members_only=True)
    assert codes(rules, facts(member=False)) == ["too_old", "sex", "rating_high", "not_member"]


@pytest.mark.parametrize("kw", [{"sex": "x"}, {"min_age": -1}, {"min_age": 20, "max_age": 10},
                                {"rating_min": 1900, "rating_max": 1800}, {"rating_max": True}])
def test_bad_rules_are_refused(kw: dict[str, object]) -> None:
    with pytest.raises(EngineError):
        SectionRules(event_year=2026, **kw)  # type: ignore[arg-type]

"""Who may enter one section of a championship (RULES.md §9 as extended on the championship's
regulations page; CBJD 124, 125 for categories and ages).

A section's rules are a conjunction of optional criteria; `reasons` lists every one the player
fails (a code and its values, for the page to word), empty when he may enter.

- Age: `min_age`/`max_age` are inclusive. With `age_on` the age is the completed years on that
  date; without it the age is by year of birth (CBJD 125): event year minus birth year, so
  `max_age` N is the CBJD sub-N (born in or after year - N). A player whose birth date is
  unknown fails any age criterion (**[ours]**: he cannot prove it; the federation fixes his record).
- Sex: ``"m"`` or ``"f"``; an unknown sex fails.
- Rating: floor and ceiling, inclusive, on the event's list; unrated counts as 0, so an unrated
  player fails a floor and passes a ceiling.
- Members only: the player has a federation number.
- Category: the player belongs to the event's CBJD 124 category (`Category.admits`, by year of
  birth); a code the event no longer has admits nobody.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from damas.engine.categories import Category
from damas.engine.types import EngineError, Entrant

__all__ = ["CODES", "PlayerFacts", "Reason", "SectionRules", "age_on", "reasons"]

TOO_YOUNG, TOO_OLD, AGE_UNKNOWN = "too_young", "too_old", "age_unknown"
SEX, RATING_LOW, RATING_HIGH, NOT_MEMBER, CATEGORY = "sex", "rating_low", "rating_high", "not_member", "category"
CODES = (TOO_YOUNG, TOO_OLD, AGE_UNKNOWN, SEX, RATING_LOW, RATING_HIGH, NOT_MEMBER, CATEGORY)
_SEXES = ("", "m", "f")


@dataclass(frozen=True)
class SectionRules:
    """One section's criteria; every one left at None/empty/False accepts everyone.
    `event_year`: the year ages by year of birth and categories are counted in."""

    event_year: int
    min_age: int | None = None
    max_age: int | None = None
    age_on: date | None = None
    sex: str = ""
    rating_min: int | None = None
    rating_max: int | None = None
    members_only: bool = False
    category_code: str = ""
    category: Category | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sex", (self.sex or "").strip().lower())
        if self.sex not in _SEXES:
            raise EngineError(f"section sex must be 'm', 'f' or '', not {self.sex!r}")
        for name in ("min_age", "max_age", "rating_min", "rating_max"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise EngineError(f"section {name} must be a whole number >= 0")
        if self.min_age is not None and self.max_age is not None and self.min_age > self.max_age:
            raise EngineError(f"section age band {self.min_age}-{self.max_age} is empty")
        if self.rating_min is not None and self.rating_max is not None and self.rating_min > self.rating_max:
            raise EngineError(f"section rating band {self.rating_min}-{self.rating_max} is empty")

    @property
    def is_open(self) -> bool:
        """True when the section admits everyone."""
        return (self.min_age is None and self.max_age is None and not self.sex and self.rating_min is None
                and self.rating_max is None and not self.members_only and not self.category_code)


@dataclass(frozen=True)
class PlayerFacts:
    """What the rules look at: birth date, sex ("m"/"f", "" unknown), rating on the event's
    list (0 unrated), federation membership and state (UF, for state categories)."""

    birth_date: date | None
    sex: str
    rating: int
    member: bool
    state: str = ""


@dataclass(frozen=True)
class Reason:
    """Why the player may not enter: `code` (one of `CODES`) and the values its message names."""

    code: str
    values: dict[str, Any] = field(default_factory=dict)


def age_on(birth: date, on: date) -> int:
    """Completed years on the date `on`."""
    return on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))


def _age_reasons(rules: SectionRules, facts: PlayerFacts) -> list[Reason]:
    if rules.min_age is None and rules.max_age is None:
        return []
    if facts.birth_date is None:
        return [Reason(AGE_UNKNOWN)]
    if rules.age_on is not None:
        age, on = age_on(facts.birth_date, rules.age_on), rules.age_on
    else:
        age, on = rules.event_year - facts.birth_date.year, None
    if rules.min_age is not None and age < rules.min_age:
        return [Reason(TOO_YOUNG, {"age": age, "min_age": rules.min_age, "on": on, "year": rules.event_year})]
    if rules.max_age is not None and age > rules.max_age:
        return [Reason(TOO_OLD, {"age": age, "max_age": rules.max_age, "on": on, "year": rules.event_year})]
    return []


def _category_admits(rules: SectionRules, facts: PlayerFacts) -> bool:
    if rules.category is None:
        return False
    entrant = Entrant(start_no=0, name="", rating=facts.rating, sex=(facts.sex or "").lower(),
                      birth_year=facts.birth_date.year if facts.birth_date else None, federation=facts.state)
    return rules.category.admits(entrant, rules.event_year)


def reasons(rules: SectionRules, facts: PlayerFacts) -> list[Reason]:
    """Every criterion of `rules` the player fails, in the order above; [] when he may enter."""
    found = _age_reasons(rules, facts)
    sex = (facts.sex or "").lower()
    if rules.sex and sex != rules.sex:
        found.append(Reason(SEX, {"sex": rules.sex}))
    if rules.rating_min is not None and facts.rating < rules.rating_min:
        found.append(Reason(RATING_LOW, {"rating": facts.rating, "rating_min": rules.rating_min}))
    if rules.rating_max is not None and facts.rating > rules.rating_max:
        found.append(Reason(RATING_HIGH, {"rating": facts.rating, "rating_max": rules.rating_max}))
    if rules.members_only and not facts.member:
        found.append(Reason(NOT_MEMBER))
    if rules.category_code and not _category_admits(rules, facts):
        name = rules.category.name_pt if rules.category is not None else rules.category_code
        found.append(Reason(CATEGORY, {"category": rules.category_code, "name": name}))
    return found

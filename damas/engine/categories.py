"""Categories of an event and their standings (RULES.md §1 "Ages", §8; CBJD 124, 125).

A category is data: a conjunction of optional criteria (age band by year of birth, sex,
rating band, states). The CBJD set (absoluto, sub-10 ... sub-23, feminino) is the default;
events add their own. A player belongs to every category his data allows (CBJD 125: "todas as
categorias que a idade dele permitir"), so a sub-12 girl is in absoluto, sub-12, sub-14, ...,
sub-23 and feminino at once.

Ages are by year of birth (FIDE-TB "Date limit for age"): sub-N in event year Y means born in
or after Y - N. **[ours]** an "N and over" band (`min_age`, e.g. veterans) means born in or
before Y - N. A player whose birth year (sex) is unknown is in no age (sex) category.

Each category ranks its members with its own tiebreak order (CBJD 124): the absolute one takes
the event's announced order (CBJD 123, 127), every other category its own order, else the
event's announced order when it set one **[ours]**, else the rule set's category order
(`RuleSet.default_tiebreaks(kind, category)`; **[ours]** sub-23 and custom categories too, since
CBJD 124 names only "menores de 21 anos e feminino").
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.standings import Standings, compute_standings
from damas.engine.types import EngineError, Entrant, TournamentState

__all__ = [
    "ABSOLUTE",
    "Category",
    "age_category",
    "categories_of",
    "category_standings",
    "default_categories",
    "find_category",
    "members",
]

ABSOLUTE = "absoluto"
_SEXES = ("m", "f")


@dataclass(frozen=True)
class Category:
    """One classification of an event; every criterion left at None/empty accepts everyone.

    `max_age`: sub-N (born >= year - N). `min_age`: N and over (born <= year - N).
    `sex`: ``"m"``/``"f"``. `rating_min`/`rating_max`: inclusive band on `Entrant.rating`
    (unrated = 0). `states`: federation/state (UF) codes. `tiebreaks`: the category's own order,
    None for the rule set's default (CBJD 124).
    """

    code: str
    name_pt: str
    name_en: str
    max_age: int | None = None
    min_age: int | None = None
    sex: str | None = None
    rating_min: int | None = None
    rating_max: int | None = None
    states: frozenset[str] = field(default_factory=frozenset)
    tiebreaks: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if not self.code or self.code != self.code.strip():
            raise EngineError("a category needs a code without surrounding spaces")
        for name in ("max_age", "min_age"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 0):
                raise EngineError(f"category {self.code}: {name} must be a whole number >= 0")
        if self.sex is not None and self.sex not in _SEXES:
            raise EngineError(f"category {self.code}: sex must be 'm' or 'f', not {self.sex!r}")
        if (self.rating_min is not None and self.rating_max is not None
                and self.rating_min > self.rating_max):
            band = f"{self.rating_min}-{self.rating_max}"
            raise EngineError(f"category {self.code}: rating band {band} is empty")
        object.__setattr__(self, "states", frozenset(s.strip().upper() for s in self.states))
        if self.tiebreaks is not None:
            object.__setattr__(self, "tiebreaks", tuple(self.tiebreaks))

    @property
    def is_absolute(self) -> bool:
        """True for the open classification (no criterion at all)."""
        return (self.max_age is None and self.min_age is None and self.sex is None
                and self.rating_min is None and self.rating_max is None and not self.states)

    def admits(self, entrant: Entrant, event_year: int) -> bool:
        """Whether `entrant` belongs to this category in `event_year` (RULES.md §1 "Ages")."""
        if self.max_age is not None or self.min_age is not None:
            born = entrant.birth_year
            if born is None:
                return False
            if self.max_age is not None and born < event_year - self.max_age:
                return False
            if self.min_age is not None and born > event_year - self.min_age:
                return False
        if self.sex is not None and entrant.sex.lower() != self.sex:
            return False
        if self.rating_min is not None and entrant.rating < self.rating_min:
            return False
        if self.rating_max is not None and entrant.rating > self.rating_max:
            return False
        if self.states and entrant.federation.strip().upper() not in self.states:
            return False
        return True

    def tiebreak_order(self, ruleset: RuleSet, system_kind: str = "swiss",
                       event_order: Sequence[str] | None = None) -> tuple[str, ...]:
        """The order this category ranks by. `event_order` is the order the event announced
        before round 1 (CBJD 123, 127; FIDE-GR: decided in advance), None when the event
        keeps the rule set's defaults.

        The absolute category is the event's standings: it takes `event_order` (**[ours]** an
        order stored on it is not used, so there is one absolute table). Any other category:
        its own order, else `event_order` (**[ours]**: the announced order applies to every
        classification), else the rule set's category default (CBJD 124).
        """
        if self.is_absolute:
            return tuple(event_order) if event_order else ruleset.default_tiebreaks(system_kind)
        if self.tiebreaks is not None:
            return self.tiebreaks
        if event_order:
            return tuple(event_order)
        return ruleset.default_tiebreaks(system_kind, self.code)


def age_category(n: int) -> Category:
    """The CBJD under-N category ("sub-N", CBJD 125): born in or after event year - N."""
    return Category(f"sub-{n}", f"Sub-{n}", f"Under {n}", max_age=n)


def default_categories() -> tuple[Category, ...]:
    """The CBJD set (CBJD 125): absoluto, sub-10, 12, 14, 16, 18, 21, 23 and feminino."""
    return (
        (Category(ABSOLUTE, "Absoluto", "Open"),)
        + tuple(age_category(n) for n in (10, 12, 14, 16, 18, 21, 23))
        + (Category("feminino", "Feminino", "Women", sex="f"),)
    )


def find_category(categories: Iterable[Category], code: str) -> Category:
    for category in categories:
        if category.code == code:
            return category
    raise EngineError(f"no category {code!r}")


def members(category: Category, entrants: Iterable[Entrant], event_year: int) -> tuple[int, ...]:
    """Starting numbers of the entrants in `category`, in starting-number order."""
    return tuple(sorted(e.start_no for e in entrants if category.admits(e, event_year)))


def categories_of(entrant: Entrant, categories: Iterable[Category], event_year: int) -> tuple[str, ...]:
    """Codes of every category the entrant belongs to (CBJD 125), in the given order."""
    return tuple(c.code for c in categories if c.admits(entrant, event_year))


def category_standings(
    state: TournamentState,
    ruleset: str | RuleSet,
    category: Category,
    event_year: int,
    order: Sequence[str] | None = None,
    *,
    system_kind: str = "swiss",
    unplayed: str | None = None,
    lot_seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    event_order: Sequence[str] | None = None,
) -> Standings:
    """The category's own table (CBJD 124): its members ranked with its own tiebreak order.

    Tiebreak values are those of the whole tournament (`compute_standings(only=...)`); only the
    places are the category's. An empty category gives a table without rows. `order` overrides
    the category's order, `event_order` is the event's announced order (`Category.tiebreak_order`);
    the other keywords are passed to `compute_standings`.
    """
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    chosen = tuple(order) if order is not None else category.tiebreak_order(rs, system_kind, event_order)
    return compute_standings(
        state, rs, chosen, unplayed=unplayed, lot_seed=lot_seed,
        only=members(category, state.entrants, event_year), options=options,
    )

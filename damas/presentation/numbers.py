"""Points, tiebreak values and money as pages, PDFs and exports show them, from the engine's own
formatting (`damas.engine.points`, `damas.engine.awards.format_money`): nothing here computes a
score, and nothing is a float."""
from __future__ import annotations

from typing import Any

from damas.engine.awards import format_money
from damas.engine.points import Exact
from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.tiebreaks import value_text, value_texts
from damas.presentation.labels import english


def points_text(ruleset: str | RuleSet, units: Exact, *, decimal: bool = False) -> str:
    """Rule-set units as points: ``12`` in draughts, ``6½`` in chess (``6.5`` with `decimal`)."""
    return get_ruleset(ruleset).format_points(units, decimal=decimal)


def tiebreak_text(ruleset: str | RuleSet, code: str, value: Any) -> str:
    """An exact tiebreak value in the rule set's points (FIDE-TB: a chess Buchholz counts 1 per
    win, while the engine keeps 2 units per win): a score-valued code divided by the rule set's
    units per point, a rating, count or match-point value as it is; then integers as is, a
    finite decimal of up to four places exactly (``10.75``), anything finer rounded half up to
    two places (``33.33`` for 100/3). The one formatting every table, PDF, CSV and the API use
    (the engine CLI prints the same `shown_value`)."""
    return value_text(code, value, get_ruleset(ruleset).units_per_point)


def tiebreak_texts(ruleset: str | RuleSet, codes: Any, values: Any) -> list[str]:
    """`tiebreak_text` of one row: `values` in the order of `codes`."""
    return value_texts(codes, values, get_ruleset(ruleset).units_per_point)


def money(centavos: int, lang: str | None = None) -> str:
    """``R$ 1.234,56`` (pt-BR) or ``R$ 1,234.56`` (en) from integer centavos; the page's language
    when `lang` is not given."""
    return format_money(centavos, lang or ("en" if english() else "pt"))

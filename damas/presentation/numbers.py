"""Points, tiebreak values and money as pages, PDFs and exports show them, from the engine's own
formatting (`damas.engine.points`, `damas.engine.awards.format_money`): nothing here computes a
score, and nothing is a float."""
from __future__ import annotations

from typing import Any

from damas.engine.awards import format_money
from damas.engine.points import Exact, format_value
from damas.engine.rulesets import RuleSet, get_ruleset
from damas.presentation.labels import english


def points_text(ruleset: str | RuleSet, units: Exact, *, decimal: bool = False) -> str:
    """Rule-set units as points: ``12`` in draughts, ``6½`` in chess (``6.5`` with `decimal`)."""
    return get_ruleset(ruleset).format_points(units, decimal=decimal)


def tiebreak_text(value: Any) -> str:
    """An exact tiebreak value: integers as is, a finite decimal of up to four places exactly
    (``10.75``), anything finer rounded half up to two places (``33.33`` for 100/3): the
    engine's `format_value`, the one formatting every table uses."""
    return format_value(value)


def money(centavos: int, lang: str | None = None) -> str:
    """``R$ 1.234,56`` (pt-BR) or ``R$ 1,234.56`` (en) from integer centavos; the page's language
    when `lang` is not given."""
    return format_money(centavos, lang or ("en" if english() else "pt"))

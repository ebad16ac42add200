"""Rule-set registry: `get_ruleset(code)` for ``cbjd``, ``fide``, ``club`` (DESIGN.md principle 3)."""
from __future__ import annotations

from damas.engine.rulesets.base import MICRO_SCORING, UNPLAYED_RULES, RuleSet
from damas.engine.rulesets.cbjd import CBJD
from damas.engine.rulesets.club import CLUB
from damas.engine.rulesets.fide import FIDE
from damas.engine.types import EngineError

__all__ = ["RuleSet", "get_ruleset", "ruleset_codes", "register_ruleset", "UNPLAYED_RULES", "MICRO_SCORING"]

_REGISTRY: dict[str, RuleSet] = {}


def register_ruleset(ruleset: RuleSet) -> RuleSet:
    if ruleset.code in _REGISTRY:
        raise EngineError(f"rule set {ruleset.code!r} registered twice")
    _REGISTRY[ruleset.code] = ruleset
    return ruleset


def get_ruleset(code: str, **overrides: object) -> RuleSet:
    """The rule set with this code, optionally with event settings (`RuleSet.with_options`)."""
    try:
        ruleset = _REGISTRY[code]
    except KeyError:
        raise EngineError(f"unknown rule set {code!r} (known: {', '.join(ruleset_codes())})") from None
    return ruleset.with_options(**overrides) if overrides else ruleset


def ruleset_codes() -> tuple[str, ...]:
    return tuple(_REGISTRY)


for _rs in (CBJD, FIDE, CLUB):
    register_ruleset(_rs)

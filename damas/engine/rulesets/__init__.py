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


def get_ruleset(code: str | RuleSet, **overrides: object) -> RuleSet:
    """The rule set with this code, optionally with event settings (`RuleSet.with_options`).

    An event's own rule set (a `RuleSet` already carrying its settings) passes through, so the
    pairing systems and the standings read the same points (e.g. an event's pairing-bye score)."""
    if isinstance(code, RuleSet):
        return code.with_options(**overrides) if overrides else code
    try:
        ruleset = _REGISTRY[code]
    except KeyError:
        raise EngineError(f"unknown rule set {code!r} (known: {', '.join(ruleset_codes())})") from None
    return ruleset.with_options(**overrides) if overrides else ruleset


def ruleset_codes() -> tuple[str, ...]:
    return tuple(_REGISTRY)


for _rs in (CBJD, FIDE, CLUB):
    register_ruleset(_rs)

"""Which tiebreaks suit which kind of tournament (FIDE-GR "Choice of Tiebreak System"; RULES.md §4).

FIDE-GR: "The choice of the Tiebreak System ... shall be decided in advance taking into account
the type of the tournament (Swiss, Round Robin, Teams, etc.)", with recommended lists per type
(RULES.md §4 "Presets"). An order that puts a tiebreak meant for another type (e.g. `PS`, a Swiss
tiebreak, in a FIDE round robin) is warned about, not refused (RULES.md §4: "Warn (not refuse)").

A code is suitable for a kind when the FIDE-GR list of that kind recommends it (a Buchholz
variant as Buchholz, `ARO-C1` as `ARO`), when the event's rule set uses it in its own default
orders for that kind (CBJD 127 prescribes `PS` ... for every individual event), or when it is
neutral (`LOT`, `RTG`, and the C.07 2026 codes `RTNG`, `TPN`, `STD`, `REP` that any kind may end
its list with) **[ours]**. Knockouts rank by play, so nothing is warned there.
"""
from __future__ import annotations

from damas.engine.rulesets import RuleSet, get_ruleset
from damas.engine.types import EngineError

_BUCHHOLZ = frozenset({"BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SBH"})
_NEUTRAL = frozenset({"LOT", "RTG", "RTNG", "TPN", "STD", "REP"})
_SWISS = frozenset({"DE", "TPR", "ARO", "ARO-C1", "PS", "SB", "WIN", "WIN-R", "BLK", "BWIN"}) | _BUCHHOLZ

RECOMMENDED: dict[str, frozenset[str]] = {
    "roundrobin": frozenset({"DE", "BLK", "KS", "SB", "WIN", "WIN-R", "BWIN"}),
    "swiss": _SWISS,
    "micromatch": _SWISS | {"GP", "MP"},
    "team_roundrobin": frozenset({"GP", "MP", "DE", "TSB", "OPP-MP", "OPP-GP"}),
    "team_swiss": frozenset({"GP", "MP", "DE", "SB", "TSB", "OPP-MP", "OPP-GP"}) | _BUCHHOLZ,
}
KIND_NAMES = {
    "roundrobin": ("todos contra todos", "round robin"),
    "swiss": ("suíço", "Swiss"),
    "micromatch": ("micro match", "micro-match"),
    "team_roundrobin": ("todos contra todos por equipes", "team round robin"),
    "team_swiss": ("suíço por equipes", "team Swiss"),
}


def _defaults(rs: RuleSet, kind: str) -> set[str]:
    codes: set[str] = set()
    for category in ("absolute", "category"):
        try:
            codes.update(rs.default_tiebreaks(kind, category))
        except EngineError:
            pass
    return codes


def unsuited(order: tuple[str, ...] | list[str], kind: str, ruleset: str | RuleSet) -> tuple[str, ...]:
    """The codes of `order` meant for other kinds of tournament than `kind`, in order."""
    if kind not in RECOMMENDED:
        return ()
    fit = RECOMMENDED[kind] | _NEUTRAL | _defaults(get_ruleset(ruleset), kind)
    return tuple(code for code in order if code not in fit)


def suited_kinds(code: str) -> tuple[str, ...]:
    """The kinds of tournament FIDE-GR recommends `code` for (for the warning's text)."""
    return tuple(kind for kind, codes in RECOMMENDED.items() if code in codes)

"""`fide`: chess under FIDE rules, stored in half points (win 2, draw 1, loss 0 units).

Pairing bye 1 point (C.04.1), half-point bye ½, forfeits 1/0, double forfeit 0-0.
Unplayed rounds in tiebreaks: the FIDE-TB seed rule, and ``fide-2026`` for events starting on
or after 1 March 2026. Default orders (FIDE-TB A): round robin DE, SB, WIN, BWIN; Swiss BH-C1, BH-C2, SB, BH-M1;
team Swiss GP, TSB.
"""
from __future__ import annotations

from datetime import date

from damas.engine.rulesets.base import RuleSet, standard_points

# FIDE tie-break regulations of 1 March 2026 (approved by the FIDE Council in February 2026):
# events starting on or after that day default to their unplayed-games rule.
TIEBREAKS_2026 = date(2026, 3, 1)

FIDE = RuleSet(
    code="fide",
    name="FIDE (xadrez)",
    points=standard_points(),
    units_per_point=2,
    penalties="fide",
    dutch_edition="dutch-2025",  # C.04.3 2025, in force for FIDE-rated events since 1 February 2026
    unplayed="seed",
    unplayed_since=((TIEBREAKS_2026, "fide-2026"),),
    default_orders={
        "swiss": ("BH-C1", "BH-C2", "SB", "BH-M1"),
        "roundrobin": ("DE", "SB", "WIN", "BWIN"),
        "team_swiss": ("GP", "TSB"),
        "team_roundrobin": ("GP", "MP", "DE", "TSB"),
        "knockout": (),
        "*": ("BH-C1", "BH-C2", "SB", "BH-M1"),
    },
)

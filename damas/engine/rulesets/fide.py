"""`fide`: chess under FIDE rules, stored in half points (win 2, draw 1, loss 0 units).

Pairing bye 1 point (C.04.1), half-point bye ½, forfeits 1/0, double forfeit 0-0.
Unplayed rounds in tiebreaks, by the regulations in force at the event's start: the seed
regulations' rule before the 2023 tie-break regulations (C.07) took effect, ``fide-2024`` from
1 April 2024 and ``fide-2026`` from 1 March 2026. Default orders (FIDE-TB A): round robin DE, SB, WIN, BWIN; Swiss BH-C1, BH-C2, SB, BH-M1;
team Swiss GP, TSB.
"""
from __future__ import annotations

from datetime import date

from damas.engine.rulesets.base import RuleSet, standard_points

# FIDE tie-break regulations C.07 of 2023 (approved by the FIDE Council on 1 August 2023), in the
# Handbook as "Tie-Break Regulations (effective from 1 April 2024)": applied from 1 September 2023
# to FIDE's own events and from 1 April 2024 to every FIDE-rated event, so an event starting on
# or after that day takes their unplayed-games rule (`fide-2024`: a dummy with the player's own
# score, cut first).
TIEBREAKS_2024 = date(2024, 4, 1)
# FIDE tie-break regulations of 1 March 2026 (approved by the FIDE Council in February 2026):
# events starting on or after that day default to their unplayed-games rule.
TIEBREAKS_2026 = date(2026, 3, 1)

FIDE = RuleSet(
    code="fide",
    name="FIDE (xadrez)",
    rating_system="fide",
    points=standard_points(),
    units_per_point=2,
    penalties="fide",
    dutch_edition="dutch-2025",  # C.04.3 2025, in force for FIDE-rated events since 1 February 2026
    unplayed="seed",
    unplayed_since=((TIEBREAKS_2024, "fide-2024"), (TIEBREAKS_2026, "fide-2026")),
    default_orders={
        "swiss": ("BH-C1", "BH-C2", "SB", "BH-M1"),
        "roundrobin": ("DE", "SB", "WIN", "BWIN"),
        "team_swiss": ("GP", "TSB"),
        "team_roundrobin": ("GP", "MP", "DE", "TSB"),
        "knockout": (),
        "*": ("BH-C1", "BH-C2", "SB", "BH-M1"),
    },
)

"""`fide`: chess under FIDE rules, stored in half points (win 2, draw 1, loss 0 units).

Pairing bye 1 point (C.04.1), half-point bye ½, forfeits 1/0, double forfeit 0-0.
Default orders (FIDE-TB A): round robin DE, SB, WIN, BWIN; Swiss BH-C1, BH-C2, SB, BH-M1;
team Swiss GP, TSB.
"""
from __future__ import annotations

from damas.engine.rulesets.base import RuleSet, standard_points

FIDE = RuleSet(
    code="fide",
    name="FIDE (xadrez)",
    points=standard_points(),
    units_per_point=2,
    penalties="fide",
    unplayed="seed",
    default_orders={
        "swiss": ("BH-C1", "BH-C2", "SB", "BH-M1"),
        "roundrobin": ("DE", "SB", "WIN", "BWIN"),
        "team_swiss": ("GP", "TSB"),
        "team_roundrobin": ("GP", "MP", "DE", "TSB"),
        "knockout": (),
        "*": ("BH-C1", "BH-C2", "SB", "BH-M1"),
    },
)

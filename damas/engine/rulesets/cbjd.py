"""`cbjd`: Confederação Brasileira de Jogos de Damas (CBJD 94, 113, 123, 124, 127).

Win 2, draw 1, loss 0; forfeit 2/0; double forfeit 0-0; pairing bye 2 **[ours, configurable]**;
half-point bye 1; zero bye 0. Tiebreaks (CBJD 123, 127): escore acumulado, escore acumulado
corrigido, milésimos totais menos o pior, milésimos totais, milésimos medianos; under-21 and
female classifications (CBJD 124) start with the Buchholz family.
"""
from __future__ import annotations

from damas.engine.rulesets.base import RuleSet, standard_points

_ABSOLUTE = ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1")
_CATEGORY = ("BH-C1", "BH", "BH-M1", "PS", "PS-CORR")

CBJD = RuleSet(
    code="cbjd",
    name="CBJD (damas)",
    points=standard_points(),
    units_per_point=1,
    penalties="cbjd",
    no_show_default_ours=False,  # CBJD 95 e: the end of the first time control
    unplayed="seed",
    default_orders={
        "*": _ABSOLUTE,
        "micromatch": ("GP",) + _ABSOLUTE,
        "team_swiss": ("GP", "MP") + _ABSOLUTE,
    },
    category_orders={"*": _CATEGORY, "micromatch": ("GP",) + _CATEGORY},
)

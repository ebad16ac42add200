"""`club`: online club events (CLUB rules), chess-style points in half points.

Win 1, draw ½, loss 0; forfeit 1/0; both absent is a draw (½-½); pairing bye 1; no half-point
bye; played online; a drawn knockout tie is replayed with colours reversed.
Default order: DE, BH, PS, RTG (own rating last).
"""
from __future__ import annotations

from damas.engine.rulesets.base import RuleSet, standard_points

CLUB = RuleSet(
    code="club",
    name="Clube (online)",
    points=standard_points(double_forfeit=1),
    units_per_point=2,
    penalties="club",
    knockout_drawn="replay",  # "o mesmo par joga de novo com as cores trocadas" (RULES.md §3)
    half_point_byes=False,
    online=True,
    double_forfeit_draw=True,  # both absent: ½-½
    unplayed="seed",
    default_orders={"*": ("DE", "BH", "PS", "RTG"), "knockout": ()},
)

"""The player's points after each round against the leader's as an SVG chart drawn on the
server (no script), with the same numbers in a table beside it: the geometry
of the rows it is given (`damas.views.score_chart` gathers them from the standings). Points
stay rule-set units (integers) until `text` writes them, as the rule set prints them."""
from __future__ import annotations

from typing import Any, Callable

from flask_babel import gettext as _

from damas.presentation.line_chart import Frame, Series, plot

__all__ = ["score_chart_of", "FRAME"]

# narrow enough to read on a 390 px phone at about 1:1 (11 px ticks stay 11 px)
FRAME = Frame(width=360, height=220, left=40, right=12, top=12, bottom=40)


def _y_ticks(top: int, unit: int) -> list[int]:
    """Whole points from 0 to at least `top` units, at most about six ticks."""
    points = max(1, -(-top // unit))
    step = max(1, -(-points // 5))
    return [k * unit for k in range(0, points + step, step)]


def score_chart_of(rows: list[dict[str, Any]], text: Callable[[int], str], unit: int,
                   name: str) -> dict[str, Any] | None:
    """`rows`: per complete round `round`, `mine` (his points, None when he has no line in that
    table), `leader` (the leader's points), `leader_name`; `unit` rule-set units per point.
    None without a round."""
    if not rows:
        return None
    top = max([r["leader"] for r in rows] + [r["mine"] or 0 for r in rows])
    ticks = _y_ticks(top, unit)
    last = rows[-1]["round"]
    every = 1 if len(rows) <= 12 else 2
    leader_label, mine_label = _("Líder"), name
    series = [
        Series("leader", leader_label, tuple((r["round"], r["leader"], _("Rodada %(n)s", n=r["round"]) + f": {text(r['leader'])} ({r['leader_name']})")
                                          for r in rows)),
        Series("mine", mine_label, tuple((r["round"], r["mine"], _("Rodada %(n)s", n=r["round"]) + f": {text(r['mine'])}")
                                      for r in rows if r["mine"] is not None)),
    ]
    chart = plot(series, x_range=(1, last), y_range=(0, ticks[-1]),
                 x_ticks=[(r["round"], str(r["round"]), "middle") for r in rows if (r["round"] - 1) % every == 0 or r["round"] == last],
                 y_ticks=[(t, text(t)) for t in ticks], frame=FRAME)
    table = [{"round": r["round"], "mine": "—" if r["mine"] is None else text(r["mine"]),
              "leader": text(r["leader"]), "leader_name": r["leader_name"]} for r in rows]
    final = rows[-1]
    desc = _("%(name)s: %(mine)s pontos após a rodada %(n)s; líder: %(leader)s pontos.",
             name=name, mine="—" if final["mine"] is None else text(final["mine"]), n=final["round"],
             leader=text(final["leader"]))
    return {**chart, "table": table, "desc": desc, "x_title": _("Rodada"), "y_title": _("Pontos"),
            "mine_label": mine_label, "leader_label": leader_label,
            "mid_x": (chart["left"] + chart["right"]) // 2, "mid_y": (chart["top"] + chart["bottom"]) // 2}

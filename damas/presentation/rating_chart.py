"""The player's rating per list over time as an SVG chart drawn on the server
(no script), with the same figures in a table beside it: the geometry of the series it is
given (`damas.views.career.rating_chart` reads them)."""
from __future__ import annotations

from datetime import date
from typing import Any

from damas.presentation.labels import RATING_LIST_NAMES, pick
from damas.presentation.line_chart import Frame, Series, plot

__all__ = ["chart_of"]

FRAME = Frame(360, 220, 44, 12, 12, 28)  # a 360-wide viewBox reads about 1:1 on a phone
LIST_ORDER = ("regular", "rapid", "blitz")


def _ticks(low: int, high: int) -> list[int]:
    step = 50 if high - low <= 300 else 100 if high - low <= 800 else 200
    first = (low // step) * step
    return list(range(first, high + step, step))


def chart_of(series: dict[str, dict[date, int]]) -> dict[str, Any] | None:
    """The chart's geometry and its table from rating list -> {date: value}: one line per list,
    a dot per date (None when there is no value at all)."""
    if not series:
        return None
    values = [v for s in series.values() for v in s.values()]
    dates = sorted({d for s in series.values() for d in s})
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], ticks[-1] if ticks[-1] > ticks[0] else ticks[0] + 50
    lines, table = [], []
    for listing in [code for code in LIST_ORDER if code in series]:
        points = sorted(series[listing].items())
        name = pick(RATING_LIST_NAMES[listing])
        lines.append(Series(listing, name, tuple((d.toordinal(), v, f"{d.strftime('%d/%m/%Y')}: {v}")
                                                 for d, v in points)))
        table.append({"name": name, "rows": [{"date": d.strftime("%d/%m/%Y"), "value": v} for d, v in points]})
    x_ticks = ([(d.toordinal(), d.strftime("%m/%Y"), anchor) for d, anchor in ((dates[0], "start"), (dates[-1], "end"))]
               if len(dates) > 1 else [(dates[0].toordinal(), dates[0].strftime("%m/%Y"), "middle")])
    chart = plot(lines, x_range=(dates[0].toordinal(), dates[-1].toordinal()), y_range=(low, high),
                 x_ticks=x_ticks, y_ticks=[(t, str(t)) for t in ticks], frame=FRAME)
    return {**chart, "table": table}

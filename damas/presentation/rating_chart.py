"""The player's rating per list over time as an SVG chart drawn on the server (issue 29 point
3; no script), with the same figures in a table beside it: the geometry of the series it is
given (`damas.views.career.rating_chart` reads them)."""
from __future__ import annotations

from datetime import date
from typing import Any

from damas.presentation.labels import RATING_LIST_NAMES, pick

__all__ = ["chart_of"]

WIDTH, HEIGHT, LEFT, RIGHT, TOP, BOTTOM = 640, 260, 48, 12, 12, 28
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
    first, last = dates[0].toordinal(), dates[-1].toordinal()
    span = max(1, last - first)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(d: date) -> int:
        return LEFT + (inner_w * (d.toordinal() - first) // span if len(dates) > 1 else inner_w // 2)

    def y(v: int) -> int:
        return TOP + inner_h - inner_h * (v - low) // (high - low)

    lines, table = [], []
    for listing in [code for code in LIST_ORDER if code in series]:
        points = sorted(series[listing].items())
        name = pick(RATING_LIST_NAMES[listing])
        lines.append({"code": listing, "name": name, "points": " ".join(f"{x(d)},{y(v)}" for d, v in points),
                      "dots": [{"x": x(d), "y": y(v), "label": f"{d.strftime('%d/%m/%Y')}: {v}"} for d, v in points]})
        table.append({"name": name, "rows": [{"date": d.strftime("%d/%m/%Y"), "value": v} for d, v in points]})
    return {"width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "bottom": HEIGHT - BOTTOM,
            "y_ticks": [{"y": y(t), "label": t} for t in ticks if low <= t <= high],
            "x_ticks": [{"x": x(d), "label": d.strftime("%m/%Y"), "anchor": anchor}
                        for d, anchor in ((dates[0], "start"), (dates[-1], "end"))] if len(dates) > 1
            else [{"x": x(dates[0]), "label": dates[0].strftime("%m/%Y"), "anchor": "middle"}],
            "lines": lines, "table": table}

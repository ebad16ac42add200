"""Server-rendered SVG line charts (issue 27 point 7): data in, SVG markup out, every text
escaped; no script, no inline style (the Content-Security-Policy forbids them), no external
service. A chart is drawn in its own coordinate box and scales to the width of a phone
(``viewBox`` with ``width="100%"``); colours come from CSS classes (static/style.css).
The numbers are also given as a table by the page (screen readers, print): the SVG is
``aria-hidden`` decoration of that table."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

__all__ = ["Series", "line_chart"]

_W, _H = 360, 200  # the coordinate box: a 390 px phone less its margins
_LEFT, _RIGHT, _TOP, _BOTTOM = 44, 8, 10, 28


@dataclass(frozen=True)
class Series:
    """One line: its name (legend), points as (x label, integer value or None for a gap) and a
    CSS class naming its colour (``chart-line-1`` ... ``chart-line-4``)."""
    name: str
    points: tuple[tuple[str, int | None], ...]
    css: str = "chart-line-1"


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round integer ticks covering low..high."""
    span = max(high - low, 1)
    step = next((s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000) if span / s <= count), 1000)
    first = (low // step) * step
    return list(range(first, high + step, step))


def line_chart(series: list[Series], *, title: str, labels: list[str] | None = None) -> str:
    """An SVG line chart of `series` over the x `labels` (default: the first series' labels);
    empty string when nothing has a value. Values are integers (points in rule-set units or
    ratings): the caller formats nothing as a float."""
    xs = labels if labels is not None else [x for x, _v in (series[0].points if series else ())]
    values = [v for s in series for _x, v in s.points if v is not None]
    if not xs or not values:
        return ""
    ticks = _ticks(min(values), max(values))
    low, high = ticks[0], max(ticks[-1], ticks[0] + 1)
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    col = {x: k for k, x in enumerate(xs)}

    def px(x: str) -> float:
        return _LEFT + (plot_w * col[x] / (len(xs) - 1) if len(xs) > 1 else plot_w / 2)

    def py(v: int) -> float:
        return _TOP + plot_h * (high - v) / (high - low)

    out = [f'<svg class="chart" viewBox="0 0 {_W} {_H}" width="100%" role="img" aria-hidden="true" '
           f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>']
    for t in ticks:
        y = py(t)
        out.append(f'<line class="chart-grid" x1="{_LEFT}" y1="{y:.1f}" x2="{_W - _RIGHT}" y2="{y:.1f}"/>'
                   f'<text class="chart-tick" x="{_LEFT - 4}" y="{y + 4:.1f}" text-anchor="end">{t}</text>')
    every = max(1, (len(xs) + 7) // 8)  # at most eight x labels on a phone
    for k, x in enumerate(xs):
        if k % every == 0 or k == len(xs) - 1:
            anchor = "end" if k == len(xs) - 1 and k else "start" if k == 0 and len(xs) > 1 else "middle"
            out.append(f'<text class="chart-tick" x="{px(x):.1f}" y="{_H - 10}" text-anchor="{anchor}">{escape(x)}</text>')
    for s in series:
        run: list[str] = []
        runs: list[list[str]] = []
        for x, v in s.points:
            if v is None or x not in col:
                if run:
                    runs.append(run)
                run = []
                continue
            run.append(f"{px(x):.1f},{py(v):.1f}")
        if run:
            runs.append(run)
        css = escape(s.css)
        for r in runs:
            out.append(f'<polyline class="chart-line {css}" fill="none" points="{" ".join(r)}"/>')
            out.extend(f'<circle class="chart-dot {css}" cx="{p.split(",")[0]}" cy="{p.split(",")[1]}" r="2.5"/>' for p in r)
    for k, s in enumerate(series):  # the legend, top left, one name per line
        out.append(f'<text class="chart-legend {escape(s.css)}" x="{_LEFT + 4}" y="{_TOP + 12 + 13 * k}">'
                   f'{escape(s.name)}</text>')
    out.append("</svg>")
    return "".join(out)

"""The geometry of a server-drawn SVG line chart: scales
the series it is given into a viewBox, so the pages draw polylines, dots and ticks with no
script. Shared by the rating history (`rating_chart`) and the score after each round
(`score_chart`). Whole numbers only: coordinates are integer pixels of the viewBox."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Frame", "Series", "plot"]


@dataclass(frozen=True)
class Frame:
    """The viewBox and its margins (the axes' labels live in the margins)."""

    width: int = 640
    height: int = 260
    left: int = 48
    right: int = 12
    top: int = 12
    bottom: int = 28


@dataclass(frozen=True)
class Series:
    """One line: a CSS code, its name, and (x value, y value, the dot's label) in x order."""

    code: str
    name: str
    points: tuple[tuple[int, int, str], ...]


def plot(series: list[Series], *, x_range: tuple[int, int], y_range: tuple[int, int],
         x_ticks: list[tuple[int, str, str]], y_ticks: list[tuple[int, str]],
         frame: Frame = Frame()) -> dict[str, Any]:
    """The chart's geometry: `x_ticks` as (value, label, text-anchor), `y_ticks` as (value,
    label); a range of one value draws at the middle (x) or the bottom (y)."""
    (x_lo, x_hi), (y_lo, y_hi) = x_range, y_range
    inner_w, inner_h = frame.width - frame.left - frame.right, frame.height - frame.top - frame.bottom

    def x(v: int) -> int:
        return frame.left + (inner_w * (v - x_lo) // (x_hi - x_lo) if x_hi > x_lo else inner_w // 2)

    def y(v: int) -> int:
        return frame.top + inner_h - (inner_h * (v - y_lo) // (y_hi - y_lo) if y_hi > y_lo else 0)

    return {"width": frame.width, "height": frame.height, "left": frame.left, "right": frame.width - frame.right,
            "top": frame.top, "bottom": frame.height - frame.bottom,
            "y_ticks": [{"y": y(v), "label": label} for v, label in y_ticks if y_lo <= v <= y_hi],
            "x_ticks": [{"x": x(v), "label": label, "anchor": anchor} for v, label, anchor in x_ticks],
            "lines": [{"code": s.code, "name": s.name, "points": " ".join(f"{x(a)},{y(b)}" for a, b, _ in s.points),
                       "dots": [{"x": x(a), "y": y(b), "label": label} for a, b, label in s.points]}
                      for s in series]}

"""QR codes of an event's live page, made by segno (pure Python, no image
library): the printed sheets draw the modules as filled rectangles (vector, sharp at any
printer resolution) and the "share / print QR" page shows the code as inline SVG.

Error correction level M (15 % of the code can be lost: a folded or stained sheet on the wall
still reads) [ours].
"""
from __future__ import annotations

from dataclasses import dataclass

import segno


@dataclass(frozen=True)
class QrRuns:
    """The dark modules as horizontal runs: (row, first column, length), on a size × size grid."""

    size: int
    runs: tuple[tuple[int, int, int], ...]


def qr_runs(url: str) -> QrRuns:
    code = segno.make_qr(url, error="m")
    runs = []
    for row, line in enumerate(code.matrix):
        col = 0
        while col < len(line):
            if line[col]:
                start = col
                while col < len(line) and line[col]:
                    col += 1
                runs.append((row, start, col - start))
            else:
                col += 1
    return QrRuns(len(code.matrix), tuple(runs))


def qr_svg(url: str, title: str) -> str:
    """The code as an <svg> element with a viewBox only (sized by the stylesheet), its quiet zone
    of four modules, the URL as its title for screen readers."""
    return segno.make_qr(url, error="m").svg_inline(border=4, omitsize=True, title=title, svgclass="qr")

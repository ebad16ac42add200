"""How a tabular report fits its A4 page: orientation, type size, column
widths and, beyond what a page can hold, column groups with the row's identity repeated.

Pure arithmetic on measured text widths (`measure(text, bold) -> width in mm at 1 pt`), so the
fit is decided before anything is drawn: every column of every table gets the width of its
widest cell, names may be narrowed (horizontal scaling down to `MIN_SQUEEZE`) rather than cut,
and the first candidate of `CANDIDATES` on which every table fits is taken: portrait at 8 pt,
then 7 pt, then landscape at 8, 7 and 6 pt; a table still too wide for landscape 6 pt prints
its columns in groups, each with the `repeat` columns first, as Swiss-Manager's and Vega's wall
charts continue the rounds on a following page with the names repeated.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

PAGE = {False: (210.0, 297.0), True: (297.0, 210.0)}  # (width, height) in mm, by landscape
MARGIN = {False: 12.0, True: 10.0}  # left and right, mm
CANDIDATES = ((False, 8.0), (False, 7.0), (True, 8.0), (True, 7.0), (True, 6.0))
# [ours] a sheet pinned on the wall (pairings) is read from a metre: 14 pt first, on either
# orientation, before the desk sizes; its names take the page's whole width
WALL = ((False, 14.0), (True, 14.0), (False, 12.0), (True, 12.0), (False, 10.0), (True, 10.0)) + CANDIDATES
PAD = 1.0  # mm each side of a cell
MIN_SQUEEZE = 0.6  # a name may be narrowed to 60 % of its width, never cut
HEADER_SCALE = 0.9  # column titles are a little smaller than the body


@dataclass(frozen=True)
class Column:
    """One column: its title, alignment ("L", "R", "C"), whether it is repeated in every column
    group (the row's identity: numbers, name), printed bold, and may be narrowed (names)."""

    title: str
    align: str = "R"
    repeat: bool = False
    bold: bool = False
    squeeze: bool = False


@dataclass
class Table:
    """Rows of cell texts under `columns`; `muted` rows print grey, `notes[i]` is a smaller line
    under row i (a board's own opening, a withdrawal), wrapped to the table's width (at "; "
    first, then between words); `plain_notes` prints them at the body's size and colour (the
    row's own content: a rating change's opponents); `heading` is printed above (a category)."""

    columns: Sequence[Column]
    rows: Sequence[Sequence[str]]
    muted: frozenset[int] = frozenset()
    notes: dict[int, str] = field(default_factory=dict)
    heading: str = ""
    plain_notes: bool = False


@dataclass(frozen=True)
class QrBlock:
    """A QR code (its dark modules as runs: `presentation.qr.QrRuns`) with a caption at its
    right: the pairing sheet's link to the round's live page."""

    runs: object
    caption: str


@dataclass(frozen=True)
class Text:
    """A paragraph before or after the tables."""

    text: str
    small: bool = False


@dataclass(frozen=True)
class Fit:
    """The chosen page: orientation, body size (pt), and per table its column widths (mm) and
    column groups (indexes; one group when the table fits)."""

    landscape: bool
    size: float
    widths: tuple[tuple[float, ...], ...]
    groups: tuple[tuple[tuple[int, ...], ...], ...]

    @property
    def usable(self) -> float:
        return usable_width(self.landscape)


Measure = Callable[[str, bool], float]


def usable_width(landscape: bool) -> float:
    return PAGE[landscape][0] - 2 * MARGIN[landscape]


def natural_widths(table: Table, measure: Measure) -> list[float]:
    """Each column's widest text (header in bold capitals, cells) at 1 pt, in mm."""
    widths = [measure(c.title.upper(), True) * HEADER_SCALE for c in table.columns]
    for i, column in enumerate(table.columns):
        seen: set[str] = set()
        widest = widths[i]
        for row in table.rows:
            text = row[i]
            if text and text not in seen:
                seen.add(text)
                width = measure(text, column.bold)
                if width > widest:
                    widest = width
        widths[i] = widest
    return widths


def _fit_widths(table: Table, natural: Sequence[float], size: float, usable: float,
                fill: bool = False) -> tuple[float, ...] | None:
    """Column widths at `size` within `usable` mm (names narrowed as needed; widened to the
    whole line when `fill`), None if none."""
    cells = [n * size + 2 * PAD for n in natural]
    total = sum(cells)
    squeezable = [i for i, c in enumerate(table.columns) if c.squeeze]
    if total <= usable and not (fill and squeezable):
        return tuple(cells)
    fixed = sum(w for i, w in enumerate(cells) if i not in squeezable)
    wanted = sum(cells[i] for i in squeezable)
    room = usable - fixed
    if not squeezable or room < wanted * MIN_SQUEEZE:
        return None
    ratio = room / wanted
    return tuple(w * ratio if i in squeezable else w for i, w in enumerate(cells))


def _groups(table: Table, natural: Sequence[float], size: float, usable: float) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...]]:
    """Widths and column groups of a table too wide for one page: the repeated columns (names
    at most a third of the line, narrowed down to `MIN_SQUEEZE` for that) open every group, the
    others follow in order as many as fit."""
    widths = [n * size + 2 * PAD for n in natural]
    for i, column in enumerate(table.columns):
        if column.squeeze:
            widths[i] = max(widths[i] * MIN_SQUEEZE, min(widths[i], usable / 3))
    repeated = [i for i, c in enumerate(table.columns) if c.repeat]
    base = sum(widths[i] for i in repeated)
    groups: list[list[int]] = []
    current: list[int] = []
    room = usable - base
    for i, _column in enumerate(table.columns):
        if i in repeated:
            continue
        if current and widths[i] > room:
            groups.append(current)
            current, room = [], usable - base
        current.append(i)
        room -= widths[i]
    if current:
        groups.append(current)
    return tuple(widths), tuple(tuple(sorted(repeated + g)) for g in groups)


def fit(tables: Sequence[Table], measure: Measure, landscape_only: bool = False,
        candidates: Sequence[tuple[bool, float]] = CANDIDATES, fill: bool = False) -> Fit:
    """The first of `candidates` on which every table fits (`landscape_only`: a landscape one,
    the crosstable rule of `web.reports.routes.crosstable_landscape`), else landscape at the
    smallest size with column groups for the tables that need them; `fill`: the names widened
    so that each table spans the line."""
    natural = [natural_widths(t, measure) for t in tables]
    for landscape, size in candidates:
        if landscape_only and not landscape:
            continue
        usable = usable_width(landscape)
        widths = [_fit_widths(t, n, size, usable, fill) for t, n in zip(tables, natural)]
        if all(w is not None for w in widths):
            return Fit(landscape, size, tuple(w for w in widths if w is not None),
                       tuple((tuple(range(len(t.columns))),) for t in tables))
    landscape, size = CANDIDATES[-1]
    usable = usable_width(landscape)
    all_widths, all_groups = [], []
    for table, n in zip(tables, natural):
        one = _fit_widths(table, n, size, usable)
        if one is not None:
            all_widths.append(one)
            all_groups.append((tuple(range(len(table.columns))),))
        else:
            widths, groups = _groups(table, n, size, usable)
            all_widths.append(widths)
            all_groups.append(groups)
    return Fit(landscape, size, tuple(all_widths), tuple(all_groups))


def wrap(text: str, width: float, size: float, measure: Measure) -> list[str]:
    """`text` in lines of at most `width` mm at `size` pt: broken after "; " where it can (a list
    of entries keeps each entry whole), else between words; a single word wider than the line
    gets a line of its own (the sheet narrows it)."""
    def fits(line: str) -> bool:
        return measure(line, False) * size <= width

    lines: list[str] = []
    current = ""
    for entry in text.split("; "):
        piece = entry if not current else f"{current}; {entry}"
        if fits(piece):
            current = piece
            continue
        if current:
            lines.append(current + ";")
            current = ""
        for word in entry.split(" "):
            piece = f"{current} {word}" if current else word
            if fits(piece) or not current:
                current = piece
            else:
                lines.append(current)
                current = word
    if current:
        lines.append(current)
    return lines

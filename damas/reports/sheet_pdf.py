"""The tabular reports drawn straight onto A4 with fpdf2.

WeasyPrint lays out every table cell as a CSS box (style cascade, line breaking, table
algorithm): about 1 ms of CPU per cell on these machines, 20-70 s for the tables of a
1,000-player event, whatever the print CSS (profile in benchmarks/README.md). These reports
are rows of short texts, so they are placed directly: the fit is measured first
(`sheet_layout.fit`), then each text is written at its position (the same DejaVu Sans as the
HTML reports, embedded as a subset), a line under each row, the column titles repeated on
every page under the running header (federation, logo, event, dates, venue, rate of play,
chief arbiter) and the footer (printed at, "página X de Y"). Text is written as glyph
indexes, so nothing in a name can act as markup.
"""
from __future__ import annotations

import io
import subprocess
import threading
from copy import copy
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from fpdf import FPDF
from fontTools.ttLib import TTFont
from fpdf.fonts import SubsetMap

from damas.presentation.qr import QrRuns
from damas.reports.sheet_layout import CANDIDATES, MARGIN, PAD, PAGE, WALL, Fit, QrBlock, Table, Text, fit, wrap

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"), Path("/usr/share/fonts/TTF"))
FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}
MM_PER_PT = 25.4 / 72
TOP = 27.0  # mm: where the content starts under the running header
BOTTOM = 14.0  # mm kept free at the foot of the page (the footer line)
GREY, MUTED, RULE, HEAD_FILL = 85, 120, 187, 238
BLOCK_QR_SIZE = 36.0  # mm: a QR block after the tables (the round's page), read from a metre [ours]
QR_SIZE = 14.5  # mm: the live page's QR code in the header (6 mm from the top: printers' margins; 2 mm of quiet zone above the line)


@lru_cache(maxsize=None)
def font_file(style: str) -> str:
    """DejaVu Sans (Debian's fonts-dejavu-core), else whatever fontconfig names for it."""
    for folder in FONT_DIRS:
        path = folder / FONT_FILES[style]
        if path.is_file():
            return str(path)
    query = "DejaVu Sans:style=Bold" if style else "DejaVu Sans:style=Book"
    found = subprocess.run(["fc-match", "-f", "%{file}", query], capture_output=True, text=True).stdout.strip()
    if not found:
        raise RuntimeError("the DejaVu Sans font is missing (Debian package fonts-dejavu-core)")
    return found


_FONTS_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _parsed_fonts() -> dict[str, Any]:
    """DejaVu Sans regular and bold read once per process (their widths and glyph maps: 0.2-0.3 s
    a document otherwise)."""
    probe = FPDF(unit="mm", format="A4")
    for style in FONT_FILES:
        probe.add_font("dv", style, font_file(style))
    return {key: probe.fonts[key] for key in ("dv", "dvB")}


def _document_fonts() -> dict[str, Any]:
    """A document's copies of the fonts: the widths and glyph maps shared (read only), its own
    glyph subset, list of missing glyphs and lazily read font file, which fpdf2 cuts down to the
    subset when it writes the document."""
    with _FONTS_LOCK:
        parsed = _parsed_fonts()
    fonts = {key: copy(font) for key, font in parsed.items()}
    for key, font in fonts.items():
        font.ttfont = TTFont(font_file("B" if key == "dvB" else ""), recalcTimestamp=False, lazy=True)
        font.missing_glyphs = []
        font.biggest_size_pt = 0
        font.subset = SubsetMap(font)
    return fonts


@dataclass(frozen=True)
class SheetHeader:
    """The running header and footer of every page."""

    federation: str
    event: str
    meta: str
    printed_at: str
    page_label: str  # "página {n} de {nb}": {n} this page, {nb} the page count
    logo: bytes | None = None
    qr: QrRuns | None = None  # the event's live page, at the right of the header


class _Sheet(FPDF):
    def __init__(self, head: SheetHeader) -> None:
        super().__init__(unit="mm", format="A4")
        self.head = head
        self.orient(False)
        self.set_auto_page_break(False)
        self.fonts.update(_document_fonts())
        self.set_title(head.event)
        self.widths: dict[tuple[str, bool], float] = {}
        self.encoded: dict[tuple[str, str], str] = {}
        self.style = ""

    def orient(self, landscape: bool) -> None:
        """Every page of the document in this orientation (set before the first page)."""
        self.landscape = landscape
        self.left = MARGIN[landscape]
        self.right = PAGE[landscape][0] - MARGIN[landscape]
        self.bottom = PAGE[landscape][1] - BOTTOM
        self.set_margins(self.left, TOP, self.left)

    def add_page(self, *args, **kwargs) -> None:  # type: ignore[no-untyped-def, override]
        super().add_page(orientation="L" if self.landscape else "P")

    # -- text ---------------------------------------------------------------------------------
    def measure(self, text: str, bold: bool) -> float:
        """Width of `text` at 1 pt in mm (cached: numbers and results repeat all over a table)."""
        key = (text, bold)
        width = self.widths.get(key)
        if width is None:
            widths = self.fonts["dvB" if bold else "dv"].cw
            width = self.widths[key] = sum(widths[ord(c)] for c in text) * 0.001 * MM_PER_PT
        return width

    def font(self, bold: bool, size: float) -> None:
        style = "B" if bold else ""
        if style != self.style or size != self.font_size_pt:
            self.set_font("dv", style, size)
            self.style = style

    def put(self, x: float, y: float, width: float, text: str, align: str, bold: bool, size: float) -> None:
        """Write `text` in the cell starting at `x` (width mm), baseline `y`; narrowed to fit."""
        self.font(bold, size)
        needed = self.measure(text, bold) * size
        room = width - 2 * PAD
        if needed > room:
            self.set_stretching(100 * room / needed)
            self.write_text(x + PAD, y, text)
            self.set_stretching(100)
            return
        if align == "R":
            x += width - PAD - needed
        elif align == "C":
            x += (width - needed) / 2
        else:
            x += PAD
        self.write_text(x, y, text)

    def write_text(self, x: float, y: float, text: str) -> None:
        """fpdf2's `text()` without its per-call checks, the glyph encoding of each string
        cached (a table repeats its numbers and results thousands of times): 40 % of the time
        of a 1,000-row table went to `text()`."""
        font = self.current_font
        if not self.current_font_is_set_on_page:
            self._out(self._set_font_for_page(font, self.font_size_pt))
        key = (font.fontkey, text)  # type: ignore[union-attr]
        encoded = self.encoded.get(key)
        if encoded is None:
            encoded = self.encoded[key] = font.encode_text(text)  # type: ignore[union-attr]
        out = f"BT {x * self.k:.2f} {(self.h - y) * self.k:.2f} Td {encoded} ET"
        if self.fill_color != self.text_color:
            out = f"q {self.text_color.serialize().lower()} {out} Q"  # type: ignore[union-attr]
        self._out(out)

    # -- header and footer -------------------------------------------------------------------
    def header(self) -> None:
        head, width = self.head, self.right - self.left
        logo = 0.0
        if head.qr:
            self.draw_qr(head.qr, self.right - QR_SIZE, 6.0, QR_SIZE)
            logo = QR_SIZE + 2
        if head.logo:
            self.image(io.BytesIO(head.logo), x=self.right - logo - 40, y=8, w=40, h=12, keep_aspect_ratio=True)
            logo += 42.0
        self.set_text_color(17)
        self.put(self.left - PAD, 12, width - logo, head.federation, "L", True, 10)
        self.put(self.left - PAD, 16.5, width - logo, head.event, "L", False, 9)
        self.set_text_color(68)
        self.put(self.left - PAD, 20.5, width - logo, head.meta, "L", False, 8)
        self.set_draw_color(51)
        self.set_line_width(0.3)
        self.line(self.left, 22.5, self.right, 22.5)
        self.set_text_color(17)

    def draw_qr(self, qr: QrRuns, x: float, y: float, size: float) -> None:
        """The code's dark modules as filled rectangles, one per horizontal run (the white paper
        around it is the quiet zone: the header's texts stop 2 mm before it)."""
        module = size / qr.size
        previous = self.fill_color
        self.set_fill_color(0)
        for row, col, length in qr.runs:
            self.rect(x + col * module, y + row * module, length * module, module, style="F")
        self.set_fill_color(*previous.colors255)

    def footer(self) -> None:
        self.set_text_color(GREY)
        y = PAGE[self.landscape][1] - 8
        self.put(self.left - PAD, y, 60, self.head.printed_at, "L", False, 8)
        label = self.head.page_label.replace("{n}", str(self.page_no()))
        self.set_xy(self.right - 60, y - 3)  # a cell: fpdf2 fills in the page count ({nb}) there
        self.cell(60, 4, label, align="R")
        self.set_text_color(17)


def _line_height(size: float) -> float:
    return size * MM_PER_PT * 1.65


def _paragraph(pdf: _Sheet, block: Text, size: float) -> None:
    text_size = size - 1 if block.small else size + 0.5
    pdf.font(False, text_size)
    pdf.set_text_color(GREY if block.small else 17)
    height = text_size * MM_PER_PT * 1.4
    if pdf.get_y() + height > pdf.bottom:
        pdf.add_page()
    pdf.set_x(pdf.left)
    pdf.multi_cell(pdf.right - pdf.left, height, block.text, new_x="LMARGIN", new_y="NEXT")
    pdf.set_y(pdf.get_y() + 1)
    pdf.set_text_color(17)


def _header_row(pdf: _Sheet, table: Table, xs: dict[int, float], widths: Sequence[float], group: Sequence[int],
                size: float) -> None:
    y, height = pdf.get_y(), _line_height(size)
    pdf.set_fill_color(HEAD_FILL)
    pdf.rect(pdf.left, y, sum(widths[i] for i in group), height, style="F")
    for i in group:
        column = table.columns[i]
        pdf.put(xs[i], y + height * 0.7, widths[i], column.title.upper(), column.align, True, size * 0.9)
    pdf.set_y(y + height)


def _note_size(table: Table, size: float) -> float:
    return size if table.plain_notes else size - 1


def _note_lines(pdf: _Sheet, table: Table, widths: Sequence[float], groups: Sequence[Sequence[int]],
                size: float) -> dict[int, list[str]]:
    """Each note wrapped to the narrowest column group's width (a note prints under its row in
    every group)."""
    if not table.notes:
        return {}
    width = min(sum(widths[i] for i in group) for group in groups) - 2 * PAD
    return {i: wrap(note, width, _note_size(table, size), pdf.measure) for i, note in table.notes.items()}


def _table(pdf: _Sheet, table: Table, widths: Sequence[float], groups: Sequence[Sequence[int]], size: float) -> None:
    row_h, note_h = _line_height(size), _line_height(_note_size(table, size)) * 0.9
    notes = _note_lines(pdf, table, widths, groups, size)
    heights = [row_h + note_h * len(notes.get(i, ())) for i in range(len(table.rows))]
    if table.heading:
        if pdf.get_y() + 2 * row_h + 7 > pdf.bottom:
            pdf.add_page()
        pdf.set_y(pdf.get_y() + 1.5)
        pdf.put(pdf.left - PAD, pdf.get_y() + 4, pdf.right - pdf.left, table.heading, "L", True, size + 2)
        pdf.set_y(pdf.get_y() + 6.5)
    elif pdf.get_y() + 2 * row_h > pdf.bottom:
        pdf.add_page()
    start, top = 0, pdf.get_y()
    pdf.set_draw_color(RULE)
    while True:
        room, end = pdf.bottom - top - row_h, start
        while end < len(table.rows) and heights[end] <= room:
            room -= heights[end]
            end += 1
        end = max(end, start + 1) if table.rows else start
        for number, group in enumerate(groups):
            if number:
                pdf.add_page()
            pdf.set_y(top if number == 0 else TOP)
            xs, x = {}, pdf.left
            for i in group:
                xs[i] = x
                x += widths[i]
            _header_row(pdf, table, xs, widths, group, size)
            _rows(pdf, table, xs, widths, group, size, start, end, notes)
        start = end
        if start >= len(table.rows):
            break
        pdf.add_page()
        top = TOP
    pdf.set_y(pdf.get_y() + 2)


def _rows(pdf: _Sheet, table: Table, xs: dict[int, float], widths: Sequence[float], group: Sequence[int],
          size: float, start: int, end: int, notes: dict[int, list[str]]) -> None:
    note_size = _note_size(table, size)
    row_h, note_h = _line_height(size), _line_height(note_size) * 0.9
    right = pdf.left + sum(widths[i] for i in group)
    columns = table.columns
    y = pdf.get_y()
    pdf.set_line_width(0.18)
    for r in range(start, end):
        row, muted = table.rows[r], r in table.muted
        pdf.set_text_color(MUTED if muted else 17)
        base = y + row_h * 0.7
        for i in group:
            text = row[i]
            if text:
                column = columns[i]
                pdf.put(xs[i], base, widths[i], text, column.align, column.bold, size)
        y += row_h
        if r in notes:
            pdf.set_text_color((MUTED if muted else 17) if table.plain_notes else GREY)
            for line in notes[r]:
                pdf.put(xs[group[0]], y + note_h * 0.6, right - pdf.left, line, "L", False, note_size)
                y += note_h
        pdf.line(pdf.left, y, right, y)
    pdf.set_text_color(17)
    pdf.set_y(y)


def _qr_block(pdf: _Sheet, block: QrBlock, size: float) -> None:
    """The code at the left (its quiet zone: 4 mm of paper each side), the caption beside it."""
    if pdf.get_y() + BLOCK_QR_SIZE + 8 > pdf.bottom:
        pdf.add_page()
        pdf.set_y(TOP)
    top = pdf.get_y() + 4
    pdf.draw_qr(block.runs, pdf.left, top, BLOCK_QR_SIZE)  # type: ignore[arg-type]
    pdf.font(False, size)
    pdf.set_xy(pdf.left + BLOCK_QR_SIZE + 6, top + 4)
    pdf.multi_cell(pdf.right - pdf.left - BLOCK_QR_SIZE - 6, size * MM_PER_PT * 1.4, block.caption,
                   new_x="LMARGIN", new_y="NEXT")
    pdf.set_y(top + BLOCK_QR_SIZE + 4)


def render_sheet(head: SheetHeader, title: str, blocks: Sequence[Table | Text | QrBlock], landscape: bool = False,
                 wall: bool = False) -> bytes:
    """The PDF of a report: its title, then the paragraphs and tables in order (on landscape
    pages whatever fits, when `landscape`; in the wall sheet's large type across the page,
    when `wall`)."""
    tables = [b for b in blocks if isinstance(b, Table)]
    pdf = _Sheet(head)
    chosen: Fit = fit(tables, pdf.measure, landscape, WALL if wall else CANDIDATES, fill=wall)
    pdf.orient(chosen.landscape)
    pdf.add_page()
    pdf.set_y(TOP)
    pdf.put(pdf.left - PAD, TOP + 4, pdf.right - pdf.left, title, "L", True, 13)
    pdf.set_y(TOP + 8)
    number = 0
    for block in blocks:
        if isinstance(block, Table):
            _table(pdf, block, chosen.widths[number], chosen.groups[number], chosen.size)
            number += 1
        elif isinstance(block, QrBlock):
            _qr_block(pdf, block, chosen.size)
        else:
            _paragraph(pdf, block, chosen.size)
    return bytes(pdf.output())

"""Table cards for the hall: one card per board, its number very large so a player finds his
table from across the room, the two players small under it (number, name, colour) and the
event and round at the top.

[ours] Two cards per A4 sheet (portrait, cut along the dashed line): each half is an A5 card
that stands in a holder or lies on the table; a board number of up to three digits fills the
card's width. Drawn with fpdf2 in the DejaVu Sans of the other sheets (`sheet_pdf.font_file`).
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from fpdf import FPDF

from damas.reports.sheet_pdf import font_file

PAGE_W, PAGE_H = 210.0, 297.0
CARD_H = PAGE_H / 2
MARGIN = 12.0
MM_PER_PT = 25.4 / 72
BIG_PT = 300.0  # the board number: about 77 mm tall digits


def _player(side: dict[str, Any] | None, colour: str) -> str:
    if side is None:
        return _("isento")
    return f"{colour}: " + (f"{side['no']}. " if side.get("no") else "") + side["name"]


def _fit(pdf: FPDF, text: str, size: float, width: float) -> float:
    """The largest size up to `size` at which `text` fits `width` mm."""
    pdf.set_font_size(size)
    needed = pdf.get_string_width(text)
    return size if needed <= width else size * width / needed


def table_cards_pdf(context: dict[str, Any]) -> bytes:
    """The cards of a round (`event_reports.round_context`)."""
    pdf = FPDF(unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.add_font("dv", "", font_file(""))
    pdf.add_font("dv", "B", font_file("B"))
    pdf.set_title(f"{context['event']['name']} — {_('Mesas da rodada %(n)s', n=context['number'])}")
    width = PAGE_W - 2 * MARGIN
    heading = f"{context['event']['name']} · {_('Rodada %(n)s', n=context['number'])}"
    boards = context["boards"]
    for i, board in enumerate(boards):
        top = 0.0 if i % 2 == 0 else CARD_H
        if i % 2 == 0:
            pdf.add_page()
            if i + 1 < len(boards):  # the cut line between the two cards
                pdf.set_draw_color(150)
                pdf.set_dash_pattern(dash=2, gap=2)
                pdf.line(5, CARD_H, PAGE_W - 5, CARD_H)
                pdf.set_dash_pattern()
        pdf.set_text_color(60)
        pdf.set_font("dv", "", 11)
        pdf.set_xy(MARGIN, top + 10)
        pdf.cell(width, 6, heading, align="C")
        pdf.set_text_color(0)
        pdf.set_font("dv", "", 16)
        pdf.set_xy(MARGIN, top + 18)
        pdf.cell(width, 8, _("Mesa"), align="C")
        number = str(board["board"])
        pdf.set_font("dv", "B", BIG_PT)
        size = _fit(pdf, number, BIG_PT, width)
        pdf.set_font_size(size)
        pdf.set_xy(MARGIN, top + 36)
        pdf.cell(width, size * MM_PER_PT * 0.8, number, align="C")
        pdf.set_font("dv", "", 12)
        for row, line in enumerate((_player(board["white"], _("Brancas")), _player(board["black"], _("Pretas")))):
            pdf.set_font_size(_fit(pdf, line, 12, width))
            pdf.set_xy(MARGIN, top + CARD_H - 24 + row * 7)
            pdf.cell(width, 6, line, align="C")
    if not boards:
        pdf.add_page()
        pdf.set_font("dv", "", 14)
        pdf.set_xy(MARGIN, 30)
        pdf.cell(width, 8, _("Sem mesas."), align="C")
    return bytes(pdf.output())

"""The prints read on the wall and at the desk: type sizes and widths read back from the PDFs
with `pdftotext -bbox` (each word's box: its height is the type size times DejaVu Sans'
ascent + descent, its width the text's natural width unless the sheet condensed it); the QR
code as the filled rectangles it is drawn with (`test_qr_codes`).
"""
from __future__ import annotations

import html as htmllib
import re
import subprocess
from dataclasses import dataclass
from functools import lru_cache

import pytest
from fontTools.ttLib import TTFont

from damas.presentation.qr import qr_runs
from damas.reports import event_reports
from damas.reports.sheet_pdf import font_file
from damas.services.standings import playoffs as playoff_service
from damas.services.micromatch import team_events as team_service
from damas.services.ratings.change import event_ratings
from tests.web.reports.report_events import build_report_event
from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.public.test_qr_codes import _filled_rects
from tests.web.reports.test_report_fit import pdf_lines
from tests.web.reports.test_reports_pdf import pdf_text
from tests.web.micromatch.test_team_reports import _team_event

PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
RATING = re.compile(r"^\((\d{3,4})\)$")  # an opponent's rating in the rating change: "(2398)"
MM = 72 / 25.4  # PDF points per mm


@dataclass(frozen=True)
class Word:
    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    page_width: float

    @property
    def size(self) -> float:
        """The type size in pt (the box is the font's ascent + descent tall)."""
        return (self.y1 - self.y0) / _font()[1]

    @property
    def condensed(self) -> bool:
        """Narrower than the word at its natural width (the sheet's horizontal scaling)."""
        return self.x1 - self.x0 < 0.97 * natural_width(self.text, self.size)


@lru_cache(maxsize=1)
def _font() -> tuple[TTFont, float]:
    font = TTFont(font_file(""))
    return font, (font["hhea"].ascent - font["hhea"].descent) / font["head"].unitsPerEm


def natural_width(text: str, size: float) -> float:
    """Width in pt of `text` in DejaVu Sans at `size` pt, unscaled."""
    font = _font()[0]
    cmap, metrics = font.getBestCmap(), font["hmtx"].metrics
    return sum(metrics[cmap[ord(c)]][0] for c in text) / font["head"].unitsPerEm * size


def pdf_words(data: bytes) -> list[Word]:
    pdf_lines(data)  # every word inside its page
    out = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()
    return [Word(n, float(x0), float(y0), float(x1), float(y1), htmllib.unescape(text), float(width))
            for n, (width, _height, body) in enumerate(PAGE.findall(out), start=1)
            for x0, y0, x1, y1, text in WORD.findall(body)]


def _pdf(client, url: str) -> bytes:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200 and response.mimetype == "application/pdf", url
    return response.data


# -- rating change: the opponents ------------------------------------------------------------------

def _assert_opponents_readable(client, event) -> None:  # type: ignore[no-untyped-def]
    """Every opponent of every player printed, each at 8 pt or more, none condensed, all on the page."""
    words = pdf_words(_pdf(client, f"/eventos/{event.id}/relatorios/variacao-rating.pdf"))
    ratings = [w for w in words if RATING.match(w.text)]
    expected = sum(len(r.games) for r in event_ratings(event).rows)
    assert expected and len(ratings) == expected, (len(ratings), expected)
    small = [(w.text, round(w.size, 1)) for w in ratings if w.size < 7.95]
    assert not small, small[:5]
    condensed = [w.text for w in ratings if w.condensed]
    assert not condensed, condensed[:5]


def test_rating_change_pdf_prints_opponents_readable_with_one_round_and_thirteen(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    one, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=1)
    _assert_opponents_readable(client, one)
    many = build_report_event(db, 20, 13)
    _assert_opponents_readable(client, many)


def test_rating_change_pdf_prints_opponents_readable_after_two_rounds_of_long_names(client, db):  # type: ignore[no-untyped-def]
    _assert_opponents_readable(client, build_report_event(db, 20, 2))


# -- pairing sheets ---------------------------------------------------------------------------------

def test_pairing_sheet_prints_boards_and_names_at_14_pt_across_the_page(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=1)
    words = pdf_words(_pdf(client, f"/eventos/{event.id}/relatorios/emparceiramento/1.pdf"))
    head = next(w for w in words if w.text == "MESA")
    words = [w for w in words if w.y0 > head.y1]  # the boards, under the column titles
    for name in ("João", "Conceição", "Ana", "Araújo", "Brandão", "Ávila"):
        found = [w for w in words if w.text == name]
        assert found and all(w.size >= 13.9 for w in found), (name, [round(w.size, 1) for w in found])
    boards = [w for w in words if w.text in ("1", "2", "3") and w.x0 < head.x1]
    assert len(boards) == 3 and all(w.size >= 13.9 for w in boards), [(w.text, w.size) for w in boards]
    # the table uses the page's width: its last column (Black's rating) ends at the right margin
    row = [w for w in words if abs(w.y1 - boards[0].y1) < 1]
    assert max(w.x1 for w in row) > boards[0].page_width - 16 * MM


def test_team_pairing_pdf_has_the_live_qr_code_and_large_type(client, db, make_user, make_player, monkeypatch):  # type: ignore[no-untyped-def]
    event, staff, _arbiter = _team_event(db, make_user, make_player)
    team_service.pair_team_round(staff, event)
    rnd = team_service.team_rounds(event)[-1]
    team_service.publish_team_round(staff, event, rnd)
    for match in rnd.matches:
        for team in (match.team_a, match.team_b):
            team_service.submit_lineup(staff, event, rnd, team, [m.player_id for m in team.members[:2]])
    url = f"/eventos/{event.id}/relatorios/equipes/emparceiramento/1.pdf"
    data = _pdf(client, url)
    monkeypatch.setattr(event_reports, "live_url", lambda event_id: "")
    event.notes = "sem QR"  # a new revision: the PDF is drawn again
    db.session.commit()
    without = _pdf(client, url)
    pages = len(re.findall(rb"/Type /Page\b", data))
    runs = qr_runs(f"http://localhost/eventos/{event.id}/ao-vivo").runs
    assert pages >= 1 and _filled_rects(data) - _filled_rects(without) == len(runs) * pages
    words = pdf_words(data)
    names = [w for w in words if w.text.startswith("Jogador")]
    assert names and all(w.size >= 13.9 for w in names), sorted({round(w.size, 1) for w in names})
    # the page is used to its width: a board's row (its last column, the opening) ends at the right margin
    row = [w for w in words if abs(w.y1 - names[0].y1) < 1]
    assert max(w.x1 for w in row) > names[0].page_width - 16 * MM


# -- categories: no empty tables ----------------------------------------------------------------------

def test_categories_print_an_empty_category_in_one_line_not_as_a_table(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    """The round robin's six players are adults and juniors born 2009-2013: Sub-10 and Sub-12 are empty."""
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=1)
    base = f"/eventos/{event.id}/relatorios/categorias"
    text = pdf_text(_pdf(client, f"{base}.pdf"))
    assert re.search(r"NOME[^\n]*\n\s*Desempates", text) is None  # no column titles over no rows
    flat = " ".join(text.split())
    assert "Sub-14 (até 14 anos" in flat and "Sub-10 (até 10 anos" not in flat and "Sub-12 (até 12 anos" not in flat
    empty_line = next(line for line in text.splitlines() if "sem jogadores" in line)
    assert "Sub-10" in empty_line and "Sub-12" in empty_line and "Sub-14" not in empty_line
    page = client.get(base).get_data(as_text=True)
    headings = re.findall(r'<h2 class="category">([^<]*)', page)
    assert "Sub-14 " in headings and "Sub-10 " not in headings and page.count("<table") == len(headings)
    assert re.search(r"sem jogadores[^<]*Sub-10, Sub-12", page)


def test_categories_empty_line_in_english(client, db, make_user, make_player):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=1)
    client.get("/lang/en")
    flat = " ".join(pdf_text(_pdf(client, f"/eventos/{event.id}/relatorios/categorias.pdf")).split())
    assert "Categories without players: Under 10, Under 12." in flat


# -- arbiter's report ---------------------------------------------------------------------------------

def test_arbiter_report_heads_the_playoffs_in_portuguese(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, staff, arbiter = finished_round_robin(db, make_user, make_player, rounds_to_play=1)
    playoff_service.create_playoff(staff, event, "absoluto", [1, 2, 3], seed=7)
    login_as(arbiter)
    flat = " ".join(pdf_text(_pdf(client, f"/eventos/{event.id}/relatorios/arbitro.pdf")).split())
    assert "Partidas de desempate" in flat and "Playoffs" not in flat
    client.get("/lang/en")
    flat = " ".join(pdf_text(_pdf(client, f"/eventos/{event.id}/relatorios/arbitro.pdf")).split())
    assert "Playoffs" in flat and "Partidas de desempate" not in flat

"""FIDE-TB: a tie-break that is a score is published in the rule set's points (issue 24 point 1).

The engine keeps chess and club values in half points (2 units per win); a Buchholz or a
Sonneborn-Berger printed as such was twice its value. The example of the issue: player 1 of
`fide2026/tb-unplayed-820001-p13-r05` has BH-C1 12, BH 14, SB 14 (the reference calculator and
`python -m damas.engine standings` agree), ARO 2035 (a rating: unchanged)."""
from __future__ import annotations

import csv
import io
import re
import subprocess
from datetime import date, timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from damas.models import Entry, Role
from damas.services.trf.event_import import import_trf
from damas.services.trf.preview import decode_trf, preview_trf

CASE = Path("/work/shared/golden/tiebreaks/fide2026/tb-unplayed-820001-p13-r05.trf")
_local = Path(__file__).resolve().parents[4] / "shared" / "golden" / "tiebreaks" / "fide2026" / CASE.name
if _local.is_file():
    CASE = _local
NAME = "Test0001 Player0001"


@pytest.fixture
def event(db, make_user):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    text, encoding = decode_trf(CASE.read_bytes())
    preview = preview_trf(text, encoding)
    start = date(2026, 4, 1)
    form = {"name": "Aberto FIDE-TB", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
            "acceleration": "", "planned_rounds": 5, "time_minutes": 90, "time_increment": 30,
            "start_date": start, "end_date": start + timedelta(days=2), "venue": "Fortaleza", "chief_arbiter": "",
            "tiebreak_order": "BH-C1, BH, SB, ARO"}
    return import_trf(staff, preview, form, CASE.name)


def test_fide_tb_buchholz_and_sonneborn_berger_are_published_in_points(client, db, event):  # type: ignore[no-untyped-def]
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    first = next(r for r in api["rows"] if r["start_no"] == 1)
    assert first["points"] == "5" and first["tiebreaks"] == ["12", "14", "14", "2035"]
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    player = db.session.scalars(select(Entry).where(Entry.event_id == event.id, Entry.pairing_number == 1)).one()
    row = re.search(rf'<tr data-players="{player.player_id}".*?</tr>', page, re.S).group(0)
    assert re.findall(r'<td class="num[^"]*">([^<]*)</td>', row)[-4:] == ["12", "14", "14", "2035"]
    lines = list(csv.reader(io.StringIO(client.get(f"/eventos/{event.id}/relatorios/classificacao.csv")
                                        .get_data(as_text=True))))
    assert next(r for r in lines if r[1] == "1")[-4:] == ["12", "14", "14", "2035"]
    crosstable = client.get(f"/eventos/{event.id}/tabela").get_data(as_text=True)
    cross_row = re.search(rf'<tr[^>]*>(?:(?!</tr>).)*{NAME}.*?</tr>', crosstable, re.S).group(0)
    # the tiebreaks, then (issue 27 point 2) the place, the start number and the rating
    assert re.findall(r">\s*(\d+(?:[.,]\d+)?)\s*<", cross_row)[-7:-3] == ["12", "14", "14", "2035"]
    pdf = client.get(f"/eventos/{event.id}/relatorios/classificacao.pdf").data
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True).stdout.decode()
    assert next(ln for ln in text.splitlines() if NAME in ln).split()[-4:] == ["12", "14", "14", "2035"]


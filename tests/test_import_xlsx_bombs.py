"""Issue 25 point 4: a spreadsheet cannot exhaust the server. The archive is checked before
openpyxl parses it (each member's uncompressed size and ratio, the declared dimension); the
sheet is read in read-only mode and the reading stops at the first cell over the limit."""
from __future__ import annotations

import io
import zipfile

import pytest

from damas.models import Player, Role

from damas.services.imports import registry
from damas.services.imports.tabular import MAX_CELL, ImportRefused, read_table
from tests.xlsx_bombs import declared_dimension_bomb, long_cell_rows, shared_string_bomb

COLUMNS = registry.COLUMNS


def test_a_shared_string_bomb_is_refused_before_parsing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from damas.services.imports import tabular

    bomb = shared_string_bomb(40)
    assert len(bomb) < 1024 * 1024
    monkeypatch.setattr(tabular, "load_workbook", None, raising=False)  # never reached
    with pytest.raises(ImportRefused) as error:
        read_table(bomb, "x.xlsx", COLUMNS)
    assert "sharedStrings.xml" in error.value.reason and "MB" in error.value.reason


def test_a_highly_compressed_member_is_refused_by_its_ratio() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/worksheets/sheet1.xml", b" " * (3 * 1024 * 1024))
    with pytest.raises(ImportRefused) as error:
        read_table(out.getvalue(), "x.xlsx", COLUMNS)
    assert "compactada demais" in error.value.reason


def test_a_declared_dimension_past_the_limits_is_refused() -> None:
    with pytest.raises(ImportRefused) as error:
        read_table(declared_dimension_bomb("A1:XFD2001"), "x.xlsx", COLUMNS)
    assert "A1:XFD2001" in error.value.reason


def test_an_ordinary_dimension_is_read() -> None:
    rows = read_table(declared_dimension_bomb("A1:A3", rows=2), "x.xlsx", COLUMNS)
    assert [r.cells["full_name"] for r in rows] == ["Ana 1", "Ana 2"]


def test_the_reading_stops_at_the_first_over_long_cell(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from damas.services.imports import tabular

    seen: list[str] = []
    real = tabular._cell_text
    monkeypatch.setattr(tabular, "_cell_text", lambda value: seen.append("x") or real(value))
    with pytest.raises(ImportRefused) as error:
        read_table(long_cell_rows(2000, MAX_CELL + 1), "x.xlsx", COLUMNS)
    assert error.value.line == 2 and str(MAX_CELL) in error.value.reason
    assert len(seen) < 10


def test_the_upload_page_refuses_a_bomb_with_a_message(client, db, make_user, login_as) -> None:  # type: ignore[no-untyped-def]

    login_as(make_user(Role.STAFF))
    for bomb, message in ((shared_string_bomb(40), "tem 40 MB descompactada"),
                          (declared_dimension_bomb("A1:XFD2001"), "declara a área A1:XFD2001")):
        answer = client.post("/importar/jogadores", data={"file": (io.BytesIO(bomb), "bomba.xlsx")},
                             content_type="multipart/form-data")
        assert answer.status_code == 200 and message in answer.get_data(as_text=True)
    client.get("/lang/en")
    answer = client.post("/importar/jogadores", data={"file": (io.BytesIO(shared_string_bomb(40)), "bomb.xlsx")},
                         content_type="multipart/form-data")
    assert "uncompressed" in answer.get_data(as_text=True)
    assert db.session.query(Player).count() == 0

"""Issue 17 points 1-2: reading CSV/XLSX tables (pure: no database, no request)."""
from __future__ import annotations

import io
from datetime import date

import pytest
from openpyxl import Workbook

from damas.services.imports import registry
from damas.services.imports.common import read_birth_date, read_rating
from damas.services.imports.tabular import MAX_BYTES, ImportRefused, parse_date, read_table

COLUMNS = registry.COLUMNS


def test_csv_with_comma_bom_and_english_headers_is_read_with_line_numbers() -> None:
    data = "\ufeffName,Birth date,Sex,Federation ID\r\nAna,01/02/2003,F,CE-1\r\n\r\nBia,2004-05-06,F,CE-2\r\n".encode()
    rows = read_table(data, "x.csv", COLUMNS)
    assert [(r.line, r.get("full_name"), r.get("federation_id")) for r in rows] == [(2, "Ana", "CE-1"), (4, "Bia", "CE-2")]


def test_header_accepts_accents_and_case_and_refuses_repeated_or_missing_columns() -> None:
    rows = read_table("NOME;Nº Federação;RATING CLASSICO\nAna;CE-1;1500\n".encode(), "x.csv", COLUMNS)
    assert rows[0].cells == {"full_name": "Ana", "federation_id": "CE-1", "rating_regular": "1500"}
    with pytest.raises(ImportRefused) as error:
        read_table(b"nome;name\nA;B\n", "x.csv", COLUMNS)
    assert error.value.line == 1 and "duas vezes" in error.value.reason
    with pytest.raises(ImportRefused) as error:
        read_table(b"sexo\nM\n", "x.csv", COLUMNS)
    assert error.value.line == 1 and "nome" in error.value.reason


@pytest.mark.parametrize("cell", ["=1+1", "+55", "@SUM(A1)", "-x", "a\x07b"])
def test_formula_looking_and_control_cells_are_refused_with_their_line(cell: str) -> None:
    with pytest.raises(ImportRefused) as error:
        read_table(f"nome;sexo\nAna;F\n{cell};M\n".encode(), "x.csv", COLUMNS)
    assert error.value.line == 3


def test_wrong_encoding_too_large_and_empty_files_are_refused() -> None:
    with pytest.raises(ImportRefused) as error:
        read_table("nome\nAna\nJo\xe3o\n".encode("latin-1"), "x.csv", COLUMNS)
    assert error.value.line == 3 and "UTF-8" in error.value.reason
    with pytest.raises(ImportRefused) as error:
        read_table(b"nome\n" + b"a" * MAX_BYTES, "x.csv", COLUMNS)
    assert error.value.line is None and "KB" in error.value.reason
    with pytest.raises(ImportRefused):
        read_table(b"  \n", "x.csv", COLUMNS)
    with pytest.raises(ImportRefused):
        read_table(b"not a zip", "x.xlsx", COLUMNS)
    with pytest.raises(ImportRefused):
        read_table(b"PK\x03\x04garbage", "x.xlsx", COLUMNS)


def test_xlsx_dates_and_numbers_become_text_and_formulas_are_refused() -> None:
    book = Workbook()
    sheet = book.active
    sheet.append(["Nome", "Nascimento", "Rating clássico"])
    sheet.append(["Ana", date(2001, 2, 3), 1500.0])
    data = io.BytesIO()
    book.save(data)
    rows = read_table(data.getvalue(), "x.xlsx", COLUMNS)
    assert rows[0].cells == {"full_name": "Ana", "birth_date": "2001-02-03", "rating_regular": "1500"}
    sheet.append(["Bia", "=TODAY()", 1])
    data = io.BytesIO()
    book.save(data)
    with pytest.raises(ImportRefused) as error:
        read_table(data.getvalue(), "x.xlsx", COLUMNS)
    assert error.value.line == 3 and "B3" in error.value.reason


def test_cell_values() -> None:
    assert parse_date("05/04/2010") == date(2010, 4, 5) and parse_date("2010-04-05") == date(2010, 4, 5)
    for bad in ("31/02/2000", "2000/01/01", "ontem"):
        with pytest.raises(ValueError):
            read_birth_date(bad)
    with pytest.raises(ValueError):
        read_birth_date("01/01/1850")
    assert read_rating("") is None and read_rating("1500") == 1500
    for bad in ("-5", "1500.5", "9999", "abc"):
        with pytest.raises(ValueError):
            read_rating(bad)
